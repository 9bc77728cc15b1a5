"""The EAAI Gin Rummy challenge's baseline player, re-implemented from its published policy.

Take the face-up card only if it would belong to some meld with the hand;
discard at random among the cards whose removal leaves the least deadwood
(never the card just taken from the pile); knock at the first legal chance.
It ignores the opponent entirely.

``knock_at`` makes the population's variants of it: the same player, knocking
only when its deadwood is at most that (0: only for Gin).
"""

from __future__ import annotations

import random

from ginrummy.engine import Action, CardMask, View, discard, draw, knock, mask_of, pass_upcard, take_upcard

from ..base import Position, position_of
from ..hand import joins_a_meld


class SimplePlayer:
    name = "simple"

    def __init__(self, rng: random.Random, knock_at: int | None = None) -> None:
        self.rng = rng
        self.knock_at = knock_at

    def take_chance(self, hand: CardMask, card: int, position: Position) -> float:
        return 1.0 if joins_a_meld(card, hand) else 0.0

    def knock_chance(self, deadwood: int, position: Position) -> float:
        limit = position.knock_limit if self.knock_at is None else min(position.knock_limit, self.knock_at)
        return 1.0 if deadwood <= limit else 0.0

    def choose(self, view: View) -> Action:
        seat = view.seat
        if view.drawing:
            want = self.take_chance(mask_of(view.hand), view.discard_pile[-1], position_of(view)) > 0
            if view.first_upcard:
                return take_upcard(seat) if want else pass_upcard(seat)
            return draw(seat, "discard" if want and view.may_take_pile else "stock")
        if view.routine is not None:
            return view.routine
        options = view.legal_discards
        least = min(o.deadwood for o in options)
        choice = self.rng.choice([o for o in options if o.deadwood == least])
        if choice.can_knock and self.knock_chance(choice.deadwood, position_of(view)):
            return knock(seat, choice.card)
        return discard(seat, choice.card)
