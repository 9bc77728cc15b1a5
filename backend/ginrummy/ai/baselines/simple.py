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

from ginrummy.engine import Action, View, discard, draw, knock, mask_of, pass_upcard, take_upcard

from ..hand import joins_a_meld


class SimplePlayer:
    name = "simple"

    def __init__(self, rng: random.Random, knock_at: int | None = None) -> None:
        self.rng = rng
        self.knock_at = knock_at

    def choose(self, view: View) -> Action:
        seat = view.seat
        if view.drawing:
            want = joins_a_meld(view.discard_pile[-1], mask_of(view.hand))
            if view.first_upcard:
                return take_upcard(seat) if want else pass_upcard(seat)
            return draw(seat, "discard" if want and view.may_take_pile else "stock")
        if view.routine is not None:
            return view.routine
        options = view.legal_discards
        least = min(o.deadwood for o in options)
        choice = self.rng.choice([o for o in options if o.deadwood == least])
        if choice.can_knock and (self.knock_at is None or choice.deadwood <= self.knock_at):
            return knock(seat, choice.card)
        return discard(seat, choice.card)
