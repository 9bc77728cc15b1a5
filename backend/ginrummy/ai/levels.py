"""The easy and medium computer levels (hard lives in ``hard.py``).

- medium: plays like the EAAI baseline, with small sharpenings: it also takes
  the pile card when that lets it knock at once, and among equally good
  discards it keeps the most cards that would let it knock, then throws the
  highest. (Taking every card that lowers the deadwood measured weaker than
  the baseline: 44.5% of 400 matches.)
- easy: melds, but is careless: it often lets useful cards go by, sometimes
  discards the wrong card, and knocks only with little deadwood (it never
  misses Gin).
"""

from __future__ import annotations

import random

from ginrummy.engine import (
    RANK_VALUES,
    Action,
    View,
    cached_deadwood,
    cards_of,
    discard,
    draw,
    knock,
    mask_of,
    pass_upcard,
    take_upcard,
)

from .hand import deadwood_after_taking, joins_a_meld, knock_outs, unseen_by

LEVELS: dict[str, str] = {
    "easy": "Easy: for learning the game. It melds, but misses chances and knocks late.",
    "medium": "Medium: a fair fight for a casual player.",
    "hard": "Hard: plays to win. It reads your discards, but never sees your cards.",
}
"""The computer's levels a game may be played against, easiest first, each in words: the one list of them (the
API checks and publishes it, ``GET /api/rules``; the browser and the bots read it there; ``ai.players`` makes
each level's player)."""


def _draw_choice(view: View, take: bool) -> Action:
    seat = view.seat
    if view.first_upcard:
        return take_upcard(seat) if take else pass_upcard(seat)
    return draw(seat, "discard" if take and view.may_take_pile else "stock")


def _after_taking(view: View) -> int:
    """Least deadwood after taking the pile card and discarding another."""
    return deadwood_after_taking(mask_of(view.hand), view.discard_pile[-1])


def _lowers_deadwood(view: View) -> bool:
    return _after_taking(view) < cached_deadwood(mask_of(view.hand))


class MediumPlayer:
    name = "medium"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View) -> Action:
        if view.routine is not None:
            return view.routine
        if view.drawing:
            top = view.discard_pile[-1]
            wanted = joins_a_meld(top, mask_of(view.hand)) or _after_taking(view) <= view.knock_limit
            return _draw_choice(view, wanted)
        options = view.legal_discards
        least = min(o.deadwood for o in options)
        hand = mask_of(view.hand)
        unseen = cards_of(unseen_by(view))
        best = min((o for o in options if o.deadwood == least),
                   key=lambda o: (-knock_outs(hand & ~(1 << o.card), unseen, view.knock_limit),
                                  -RANK_VALUES[o.card.rank]))
        return knock(view.seat, best.card) if best.can_knock else discard(view.seat, best.card)


class EasyPlayer:
    name = "easy"
    ignore_chance = 0.5
    """How often it lets a useful pile card go by."""
    blunder_chance = 0.3
    """How often it throws its second-best card instead of its best."""
    knock_at = 3
    """It knocks only with this much deadwood or less."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View) -> Action:
        if view.routine is not None:
            return view.routine
        if view.drawing:
            return _draw_choice(view, _lowers_deadwood(view) and self.rng.random() > self.ignore_chance)
        options = sorted(view.legal_discards,
                         key=lambda o: (o.deadwood, -RANK_VALUES[o.card.rank]))
        best = options[0]
        if best.gin:
            return knock(view.seat, best.card)
        if len(options) > 1 and self.rng.random() < self.blunder_chance:
            best = options[1]
        if best.can_knock and best.deadwood <= self.knock_at:
            return knock(view.seat, best.card)
        return discard(view.seat, best.card)
