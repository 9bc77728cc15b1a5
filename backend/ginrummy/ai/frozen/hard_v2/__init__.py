"""hard-v2: the hard computer player as of ba364a2, kept unchanged as a yardstick for later versions.

A self-contained copy of the decisions of ``ai/hard.py`` (``HardPlayer.choose``) with what they use from
``ai/knowledge.py``, ``ai/opponent.py`` and ``ai/rollout.py``, as committed in ba364a2, with the settings
pinned to that version's ``HardSettings`` defaults. It makes the same decisions from the same view and random
stream as that hard player did (``tests/ai/data/hard_v2_decisions.json`` holds that player's decisions over
whole matches, and the tests check this copy reproduces them); the explanations and the hint chances are
left out (a yardstick needs the moves, not the words). It imports only the rules engine and the shared hand
arithmetic, so later changes to the live hard player, its opponent model or its playouts never change it.
Do not tune it: make a new frozen copy instead.

How it plays, each decision from the seat's view only:

- The opponent: weights for each unseen card from the opponent's pile takes, throws and declines
  (``knowledge``), and a model of its knocking threshold read from this match's finished hands, the most
  likely mixture of thresholds by expectation-maximisation (``opponent``).
- Draw: take the pile card when the hand it makes beats what an average stock card would give (by least
  deadwood), else draw blind.
- Discard: for each legal discard, the deadwood left (weighted up by the chance that the opponent can knock
  on their next draw, from sampled hands and thresholds), minus what the next stock card is worth to the
  hand left, plus the chance that the card completes a meld for the opponent, weighted more late in the hand.
- Knock: Gin always; otherwise sample opponent hands (leaning to good hands the longer the opponent has
  played, and away from hands it would have knocked with), score the knock against each (layoffs included),
  and knock only when that beats playing on, valued by playouts of the rest of the hand on the same sampled
  deals (knocking at the next chance, or holding out for Gin; the better counts).
"""

from .player import HardV2Player, make_hard_v2

__all__ = ["HardV2Player", "make_hard_v2"]
