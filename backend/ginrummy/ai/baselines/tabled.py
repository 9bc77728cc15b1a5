"""Tabled: a Simple-style player that knocks by a deadwood-by-turn table.

It draws and discards like the EAAI baseline made deterministic (take the pile card only if it joins a meld;
throw the card leaving the least deadwood, the highest on ties), but it does not knock at the first legal
chance. It knocks when its deadwood is at most the table's threshold for how far the hand has gone, counted
in draws by both players so far (the current one included):

    draws  1–10: 10     11–14: 8     15–18: 6     19–22: 4     23 on: 2

Early on any legal knock is taken, since the opponent has had little time to build a low hand; later the
opponent has had time to get low (so an undercut grows likely), and only a low knock pays. Gin always goes
down. Between two Simple players the median knock comes at draw 11 or 12, so the table starts falling where
most hands are decided. ``shift`` moves the whole table later (positive) or earlier (negative) by that many
draws.
"""

from __future__ import annotations

import random

from ginrummy.engine import Action, CardMask, View, discard, knock

from ..base import Position, position_of
from ..hand import joins_a_meld
from .moves import draw_move, plain_discard, takes_back

KNOCK_TABLE = ((10, 10), (14, 8), (18, 6), (22, 4))
"""(up to this many draws in the hand, knock at this deadwood or less); beyond the last row, ``FLOOR``."""
FLOOR = 2


class TabledPlayer:
    name = "tabled"

    def __init__(self, shift: int = 0) -> None:
        self.shift = shift

    def threshold(self, draws: int) -> int:
        """Most deadwood it knocks with once ``draws`` draws have been made in the hand."""
        return next((limit for last, limit in KNOCK_TABLE if draws <= last + self.shift), FLOOR)

    def take_chance(self, hand: CardMask, card: int, position: Position) -> float:
        return 1.0 if joins_a_meld(card, hand) and not takes_back(card, position) else 0.0

    def knock_chance(self, deadwood: int, position: Position) -> float:
        return 1.0 if deadwood <= min(position.knock_limit, self.threshold(position.draws)) else 0.0

    def choose(self, view: View) -> Action:
        if view.drawing:
            return draw_move(view, self)
        if view.routine is not None:
            return view.routine
        choice = plain_discard(view.legal_discards)
        if choice.can_knock and self.knock_chance(choice.deadwood, position_of(view)):
            return knock(view.seat, choice.card)
        return discard(view.seat, choice.card)


def make_tabled(rng: random.Random, shift: float = 0) -> TabledPlayer:
    """A tabled player; it is deterministic, so it leaves its random stream alone."""
    return TabledPlayer(int(shift))
