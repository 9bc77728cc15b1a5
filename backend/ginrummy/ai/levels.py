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
    CardMask,
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

from .base import Modelled, Position, position_of
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


def _pile_card_chance(player: Modelled, view: View) -> float:
    """``player``'s chance of taking the pile card in ``view``."""
    return player.take_chance(mask_of(view.hand), view.discard_pile[-1], position_of(view))


class MediumPlayer:
    name = "medium"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def take_chance(self, hand: CardMask, card: int, position: Position) -> float:
        wanted = joins_a_meld(card, hand) or deadwood_after_taking(hand, card) <= position.knock_limit
        return 1.0 if wanted else 0.0

    def knock_chance(self, deadwood: int, position: Position) -> float:
        return 1.0 if deadwood <= position.knock_limit else 0.0

    def choose(self, view: View) -> Action:
        if view.routine is not None:
            return view.routine
        if view.drawing:
            return _draw_choice(view, _pile_card_chance(self, view) > 0)
        options = view.legal_discards
        least = min(o.deadwood for o in options)
        hand = mask_of(view.hand)
        unseen = cards_of(unseen_by(view))
        best = min((o for o in options if o.deadwood == least),
                   key=lambda o: (-knock_outs(hand & ~(1 << o.card), unseen, view.knock_limit),
                                  -RANK_VALUES[o.card.rank]))
        knocks = best.can_knock and self.knock_chance(best.deadwood, position_of(view)) > 0
        return knock(view.seat, best.card) if knocks else discard(view.seat, best.card)


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

    def take_chance(self, hand: CardMask, card: int, position: Position) -> float:
        """It takes a card that lowers its deadwood, unless it lets it go by."""
        return 1.0 - self.ignore_chance if deadwood_after_taking(hand, card) < cached_deadwood(hand) else 0.0

    def knock_chance(self, deadwood: int, position: Position) -> float:
        """Gin always, else at ``knock_at`` or less (the model leaves out its blunders: the discard it knocks
        with is now and then its second best)."""
        return 1.0 if deadwood == 0 or deadwood <= min(position.knock_limit, self.knock_at) else 0.0

    def choose(self, view: View) -> Action:
        if view.routine is not None:
            return view.routine
        if view.drawing:
            return _draw_choice(view, _pile_card_chance(self, view) > 0 and self.rng.random() > self.ignore_chance)
        options = sorted(view.legal_discards,
                         key=lambda o: (o.deadwood, -RANK_VALUES[o.card.rank]))
        best = options[0]
        if best.gin:
            return knock(view.seat, best.card)
        if len(options) > 1 and self.rng.random() < self.blunder_chance:
            best = options[1]
        if best.can_knock and self.knock_chance(best.deadwood, position_of(view)) > 0:
            return knock(view.seat, best.card)
        return discard(view.seat, best.card)
