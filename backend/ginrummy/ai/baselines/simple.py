"""The EAAI Gin Rummy challenge's baseline player, re-implemented from its published policy.

Take the face-up card only if it would belong to some meld with the hand;
discard at random among the cards whose removal leaves the least deadwood
(never the card just taken from the pile); knock at the first legal chance.
It ignores the opponent entirely.
"""

from __future__ import annotations

import random

from ginrummy.engine import Action, ActionKind, Card, View
from ginrummy.engine.actions import discard, draw, knock, pass_upcard, take_upcard
from ginrummy.engine.cards import mask_of

from ..base import register

_SAME_RANK = tuple(sum(1 << (13 * s + card % 13) for s in range(4)) & ~(1 << card) for card in range(52))
"""Per card: the other three cards of its rank."""
_RUN_MATES = tuple(
    tuple(1 << (card + a) | 1 << (card + b) for a, b in ((-2, -1), (-1, 1), (1, 2))
          if card % 13 + a >= 0 and card % 13 + b < 13)
    for card in range(52)
)
"""Per card: each pair of cards of its suit that makes a run of three with it."""


def joins_a_meld_mask(card: int, hand: int) -> bool:
    """Whether ``card`` forms a set or run of three or more with cards of ``hand`` (a 52-bit mask)."""
    if (hand & _SAME_RANK[card]).bit_count() >= 2:
        return True
    for pair in _RUN_MATES[card]:  # noqa: SIM110 (a loop: any() over a generator costs twice as much here)
        if hand & pair == pair:
            return True
    return False


def joins_a_meld(card: Card, hand: tuple[Card, ...]) -> bool:
    """Whether ``card`` forms a set or run of three or more with cards of ``hand``."""
    return joins_a_meld_mask(card, mask_of(hand))


class SimplePlayer:
    name = "simple"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View) -> Action:
        seat = view.seat
        kinds = {a.kind for a in view.legal_actions}
        if ActionKind.TAKE_UPCARD in kinds or ActionKind.DRAW in kinds:
            top = view.discard_pile[-1]
            want = joins_a_meld(top, view.hand)
            if ActionKind.TAKE_UPCARD in kinds:
                return take_upcard(seat) if want else pass_upcard(seat)
            can_take = any(a.kind == ActionKind.DRAW and a.source == "discard" for a in view.legal_actions)
            return draw(seat, "discard" if want and can_take else "stock")
        if ActionKind.NEXT_HAND in kinds:
            return next(a for a in view.legal_actions if a.kind == ActionKind.NEXT_HAND)
        if ActionKind.BIG_GIN in kinds:
            return next(a for a in view.legal_actions if a.kind == ActionKind.BIG_GIN)
        options = [o for o in view.discard_options if o.card != view.taken_card]
        least = min(o.deadwood for o in options)
        choice = self.rng.choice([o for o in options if o.deadwood == least])
        if choice.can_knock:
            return knock(seat, choice.card)
        return discard(seat, choice.card)


@register("simple")
def _make(rng: random.Random) -> SimplePlayer:
    return SimplePlayer(rng)
