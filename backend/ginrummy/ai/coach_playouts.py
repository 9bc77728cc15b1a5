"""The coach's playouts: how the hand ends after one choice, on each sampled deal, played on in the better of two
ways (knocking at the first chance, or holding out for Gin), and the shares of those endings.
"""

from __future__ import annotations

from collections import Counter

from ginrummy.engine import Action, ActionKind, MeldResult, View, mask_of, optimal_arrangements_of_mask

from .coach_words import Shares, Tally
from .hand import best_discard
from .rollout import OUTCOMES, Ending, knock_ending, playout_ending
from .sampling import World

HOLD_OUT = 2
"""Holding out for Gin: until this many stock cards are left (as the hard player's playouts do)."""


class Outcomes:
    """How the hand ended after one choice in each deal played so far, for each way of playing on after it
    (knocking at the first chance, and with ``hold_out_too`` also holding out for Gin)."""

    def __init__(self, view: View, action: Action, hold_out_too: bool) -> None:
        self.view, self.action = view, action
        self.mine = mask_of(view.hand)
        self.knock: list[MeldResult] | None = None
        if action.kind == ActionKind.KNOCK:
            assert action.card is not None
            self.knock = optimal_arrangements_of_mask(self.mine & ~(1 << action.card))
        self.hold_outs = (False, True) if hold_out_too and self.knock is None else (False,)
        self.ways: list[list[Ending]] = [[] for _ in self.hold_outs]

    def play(self, worlds: list[World]) -> None:
        """Play the choice out in more deals."""
        view, action, mine = self.view, self.action, self.mine
        if self.knock is not None:
            arrangements, rules = self.knock, view.rules
            self.ways[0] += [knock_ending(arrangements, w.opponent, rules) for w in worlds]
            return
        for endings, hold_out in zip(self.ways, self.hold_outs, strict=True):
            endings += [play_on(view, action, mine, world, hold_out) for world in worlds]

    def _best(self) -> int:
        """The way of playing on that does better over all the deals played (the first on a tie)."""
        totals = [sum(ending.points for ending in endings) for endings in self.ways]
        return totals.index(max(totals))

    def points(self) -> list[int]:
        """Per deal, the points of the way of playing on that does better over all the deals played."""
        return [ending.points for ending in self.ways[self._best()]]

    @property
    def held_out(self) -> bool:
        """Whether that way is holding out for Gin."""
        return self.hold_outs[self._best()]

    def shares(self) -> Shares:
        """How that way's deals ended, as shares of them."""
        endings = self.ways[self._best()]
        counts = Counter(ending.outcome for ending in endings)
        return {outcome: counts[outcome] / len(endings) for outcome in OUTCOMES}

    def tally(self) -> Tally:
        """Those shares, and the average points of that way's deals won."""
        won = [ending.points for ending in self.ways[self._best()] if ending.points > 0]
        return Tally(self.shares(), sum(won) / len(won) if won else 0.0)


def play_on(view: View, action: Action, mine: int, world: World, hold_out: bool) -> Ending:
    """How the hand ends in one world after ``action`` (a draw choice or a plain discard)."""
    limit, rules = view.knock_limit, view.rules
    hunt = HOLD_OUT if hold_out else None
    stock = world.stock
    if action.kind == ActionKind.DISCARD:
        assert action.card is not None
        return playout_ending([mine & ~(1 << action.card), world.opponent], stock, action.card, 1, limit, rules,
                              hunt, world.threshold)
    if action.kind == ActionKind.PASS:  # the opponent has the next choice of the upcard
        return playout_ending([mine, world.opponent], stock, view.discard_pile[-1], 1, limit, rules, hunt,
                              world.threshold)
    if action.kind == ActionKind.TAKE_UPCARD or action.source == "discard":
        taken = int(view.discard_pile[-1])
        hand, keep = mine | 1 << taken, taken
    else:
        hand, keep, stock = mine | 1 << stock[0], -1, stock[1:]
    left, thrown = best_discard(hand, keep)
    rest = hand & ~(1 << thrown)
    if left <= limit and (not hold_out or left == 0):
        return knock_ending(optimal_arrangements_of_mask(rest), world.opponent, rules)
    return playout_ending([rest, world.opponent], stock, thrown, 1, limit, rules, hunt, world.threshold)
