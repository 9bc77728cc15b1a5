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

from ..base import register


def joins_a_meld(card: Card, hand: tuple[Card, ...]) -> bool:
    """Whether ``card`` forms a set or run of three or more with cards of ``hand``."""
    same_rank = sum(1 for c in hand if c.rank == card.rank)
    if same_rank >= 2:
        return True
    suited = {c.rank for c in hand if c.suit == card.suit}
    r = card.rank
    return ({r - 1, r - 2} <= suited) or ({r - 1, r + 1} <= suited) or ({r + 1, r + 2} <= suited)


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
