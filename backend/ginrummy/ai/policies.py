"""The opponent as a hint models it: a computer's public policy, asked about hands it might hold.

A hint in a game against one of our computers knows which computer it is (the game's level, or any name
``players.make_player`` knows) and that computer's code, never its cards. ``model_of`` gives what the hint asks
of it: ``take_chance`` (would it take this card from the pile, holding these cards) and ``knock_chance``
(would it knock with this much deadwood, here), both read from a ``Position`` (``base.Position``).

- The plain styles (easy, medium, simple and its variants, tabled, the Gin hunter, the undercutter, cfr) state
  their own rules (``base.Modelled``) and play by them: they are their own model.
- The hard player weighs each knock against sampled hands and playouts: too slow to run on every hand a hint
  imagines. Its model is ``HardModel``: how often hard knocked with each deadwood and stock left, counted over
  arena play (``hard_knocking.json``, written by ``gin-rummy bench calibration --knock-table``), and a rule for
  taking the pile card: a card that beats an average stock card by least deadwood. Hard itself looks one discard
  further (``hand_value``), which costs too much to ask of every hand a hint imagines; over hard's draws the
  plain rule makes the same choice 96.5% of the time (461 draws offering a pile card, 60 matches against
  hard-v2; ``tests/ai/test_chances.py`` checks it on fresh matches).
- Anything else (a person, a program, a frozen yardstick): None, and the hint falls back on reading the
  opponent's knocking from the match (``opponent.read_knocking``).
"""

from __future__ import annotations

import json
import random
from functools import cache
from importlib import resources
from typing import Any

from ginrummy.engine import CardMask, cards_of

from .base import Modelled, Player, Position
from .hand import deadwood_after_taking, draw_outcomes
from .hard import HardPlayer
from .opponent import THRESHOLDS, KnockModel
from .players import make_player

KNOCK_TABLE_FILE = "hard_knocking.json"
STOCK_BUCKETS = (24, 18, 12, 6, 0)
"""Stock left at the knock decision, in buckets: 24 or more, 18–23, 12–17, 6–11, 5 or fewer."""
PRIOR_CHANCES = 4.0
"""A cell of the table is read as its counts plus this many chances at the rate of its deadwood over all
buckets (so that a cell seen a few times says little on its own)."""


def stock_bucket(stock_count: int) -> int:
    return next(i for i, low in enumerate(STOCK_BUCKETS) if stock_count >= low)


def knock_rates(counts: dict[str, list[int]]) -> dict[tuple[int, int], float]:
    """Knock chance per (deadwood, stock bucket) from counts ``"d/b": [knocks, chances]``, each cell drawn
    toward its deadwood's rate over all buckets."""
    by_deadwood: dict[int, list[int]] = {}
    for key, (knocks, chances) in counts.items():
        total = by_deadwood.setdefault(int(key.split("/")[0]), [0, 0])
        total[0] += knocks
        total[1] += chances
    rates = {}
    for key, (knocks, chances) in counts.items():
        deadwood, bucket = (int(part) for part in key.split("/"))
        pooled = by_deadwood[deadwood][0] / by_deadwood[deadwood][1]
        rates[deadwood, bucket] = (knocks + PRIOR_CHANCES * pooled) / (chances + PRIOR_CHANCES)
    return rates


@cache
def hard_knock_rates() -> dict[tuple[int, int], float]:
    data: dict[str, Any] = json.loads(resources.files(__package__).joinpath(KNOCK_TABLE_FILE).read_text())
    return knock_rates(data["counts"])


class HardModel:
    """The hard player, as a hint models it (see the module's notes)."""

    def __init__(self, rates: dict[tuple[int, int], float]) -> None:
        self.rates = rates

    def take_chance(self, hand: CardMask, card: int, position: Position) -> float:
        """Hard takes the pile card when the hand it makes beats what an average stock card would give (by least
        deadwood: the module's notes say how closely that follows hard's own draw)."""
        unseen = cards_of(position.unseen)
        if not unseen:
            return 0.0
        blind = sum(draw_outcomes(hand, unseen)) / len(unseen)
        return 1.0 if deadwood_after_taking(hand, card) < blind else 0.0

    def knock_chance(self, deadwood: int, position: Position) -> float:
        if deadwood == 0:
            return 1.0
        if deadwood > position.knock_limit:
            return 0.0
        return self.rates.get((deadwood, stock_bucket(position.stock_count)), 0.0)


def settings_of(player: Player) -> dict[str, Any]:
    """What a player plays by: its settings, its random stream aside."""
    return {k: v for k, v in vars(player).items() if not isinstance(v, random.Random)}


def plays_by(name: str) -> str:
    """The player ``name`` makes, as one line of its kind and settings: a knock table or a fitted map records
    the player it was counted against, so that a test can tell when the player has changed since."""
    player = make_player(name, seed=0)
    return f"{type(player).__name__} {settings_of(player)!r}"


def player_named(name: str) -> Player | None:
    """The player ``name`` makes (``players.make_player``, seed 0), or None when no player here goes by it (or it
    cannot play here)."""
    try:
        return make_player(name, seed=0)
    except (ValueError, ImportError):
        return None


@cache
def model_of(opponent: str | None) -> Modelled | None:
    """The model of the computer named ``opponent``, or None for an opponent the hint cannot model."""
    player = None if opponent is None else player_named(opponent)
    if isinstance(player, HardPlayer):
        return HardModel(hard_knock_rates())
    return player if isinstance(player, Modelled) else None


def knock_model(model: Modelled, position: Position) -> KnockModel:
    """``model``'s knocking at ``position`` as a mixture of thresholds (``opponent.KnockModel``): the weight of
    threshold ``k`` is how much more often it knocks with deadwood ``k`` than with ``k + 1`` (the chances made
    never to rise with the deadwood)."""
    chances = [1.0] + [model.knock_chance(d, position) for d in THRESHOLDS[1:]]
    falling = [max(chances[d:]) for d in THRESHOLDS]
    weights = [falling[k] - (falling[k + 1] if k + 1 < len(falling) else 0.0) for k in THRESHOLDS]
    return KnockModel(tuple(weights), 0)
