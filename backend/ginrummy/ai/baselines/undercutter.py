"""Undercutter: a patient low-deadwood player who sits on a low hand, waiting to undercut a knocker.

It takes the pile card whenever that lowers its least deadwood, throws the card leaving the least deadwood
(the highest on ties), and knocks only at deadwood ``knock_at`` or less (2 by default; Gin always). Its hand
stays low, so an opponent who knocks at the first chance is often undercut; its weakness is giving the
opponent time.
"""

from __future__ import annotations

import random

from ginrummy.engine import Action, CardMask, View, cached_deadwood, discard, knock

from ..base import Position, position_of
from ..hand import deadwood_after_taking
from .moves import draw_move, plain_discard, takes_back


class UndercutterPlayer:
    name = "undercutter"

    def __init__(self, knock_at: int = 2) -> None:
        self.knock_at = knock_at

    def take_chance(self, hand: CardMask, card: int, position: Position) -> float:
        lowers = deadwood_after_taking(hand, card) < cached_deadwood(hand)
        return 1.0 if lowers and not takes_back(card, position) else 0.0

    def knock_chance(self, deadwood: int, position: Position) -> float:
        return 1.0 if deadwood <= min(position.knock_limit, self.knock_at) else 0.0

    def choose(self, view: View) -> Action:
        if view.drawing:
            return draw_move(view, self)
        if view.routine is not None:
            return view.routine
        choice = plain_discard(view.legal_discards)
        if choice.can_knock and self.knock_chance(choice.deadwood, position_of(view)):
            return knock(view.seat, choice.card)
        return discard(view.seat, choice.card)


def make_undercutter(rng: random.Random, knock_at: float = 2) -> UndercutterPlayer:
    """An undercutter; it is deterministic, so it leaves its random stream alone."""
    return UndercutterPlayer(int(knock_at))
