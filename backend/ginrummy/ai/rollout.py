"""Fast playouts of the rest of a hand, for the hard player's look-ahead.

A determinized playout: the opponent's hand and the stock order are sampled
(consistent with the view), then both sides play a sound quick policy (take the
pile card when it lowers deadwood, throw the highest card among the least-
deadwood discards) until the hand ends. Each side knocks when its deadwood is
within its own knocking threshold: the side asking may hold out for Gin, and the
other side knocks as the opponent model expects it to. Random moves would be
useless here: random play almost never ends a hand with a knock.

Works on 52-bit masks, not on the engine's state, to stay fast; the scoring is
the engine's own (``knock_points``, layoffs included). ``playout`` gives the
points; ``playout_ending`` the same playout's ``Ending`` (who knocked, and
whether it was Gin), for the coach's account of how played-out hands ended.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from ginrummy.engine import HOUSE, MeldResult, Rules, cached_deadwood, knock_points, optimal_arrangements_of_mask

from .hand import best_discard

STOCK_FLOOR = 2

Outcome = Literal["gin", "knock", "undercut_for", "undercut_against", "opponent_knock", "opponent_gin", "no_score"]
OUTCOMES: tuple[Outcome, ...] = ("gin", "knock", "undercut_for", "undercut_against", "opponent_knock",
                                 "opponent_gin", "no_score")
"""How a played-out hand ends, from seat 0's side: its Gin, its knock won, an undercut it makes (the opponent
knocked) or suffers (it knocked), the opponent's knock won, the opponent's Gin, or no score (the stock ran
out)."""


class Ending(NamedTuple):
    """How a played-out hand ended."""

    points: int
    """Seat 0's side, 0 for no score."""
    knocker: int | None
    """The seat that knocked (None: the stock ran out)."""
    gin: bool
    """Whether the knock was Gin."""

    @property
    def outcome(self) -> Outcome:
        if self.knocker is None:
            return "no_score"
        if self.knocker == 0:
            return "gin" if self.gin else "knock" if self.points > 0 else "undercut_against"
        return "opponent_gin" if self.gin else "opponent_knock" if self.points < 0 else "undercut_for"


NO_SCORE = Ending(0, None, False)


def knock_ending(arrangements: Sequence[MeldResult], defender: int, rules: Rules = HOUSE) -> Ending:
    """Seat 0 knocks with the hand of ``arrangements`` (its optimal arrangements) against ``defender``."""
    return Ending(knock_points(arrangements, defender, rules), 0, arrangements[0].deadwood == 0)


def score_knock(knocker: int, defender: int, rules: Rules = HOUSE) -> int:
    """Points of a knock from the knocker's side (negative when undercut), as the showdown scores them."""
    return knock_points(optimal_arrangements_of_mask(knocker), defender, rules)


def playout(hands: list[int], stock: list[int], top: int | None, turn: int, knock_limit: int,
            rules: Rules = HOUSE, hunt_until: int | None = None, opponent_knocks_at: int | None = None) -> int:
    """Play the hand out from the start of ``turn``'s draw; points from seat 0's side (0 = no score). The
    arguments are ``playout_ending``'s."""
    return playout_ending(hands, stock, top, turn, knock_limit, rules, hunt_until, opponent_knocks_at).points


def playout_ending(hands: list[int], stock: list[int], top: int | None, turn: int, knock_limit: int,
                   rules: Rules = HOUSE, hunt_until: int | None = None, opponent_knocks_at: int | None = None
                   ) -> Ending:
    """Play the hand out from the start of ``turn``'s draw, and say how it ended.

    ``hands`` are both 10-card hands as masks, ``stock`` the stock in drawing order, ``top`` the top of the
    discard pile (or None). Seat 0 holds out for Gin while more than ``hunt_until`` cards are left in the
    stock (None = knock at once). Seat 1 knocks at deadwood ``opponent_knocks_at`` or less (None: at the
    knock limit, at the first chance).
    """
    hands = list(hands)
    position = 0
    thresholds = (knock_limit, knock_limit if opponent_knocks_at is None else min(knock_limit, opponent_knocks_at))
    while len(stock) - position > STOCK_FLOOR:
        hand = hands[turn]
        taken = -1
        if top is not None:
            current = cached_deadwood(hand)
            with_top, _ = best_discard(hand | 1 << top, top)
            if with_top < current:
                hand |= 1 << top
                taken = top
        if taken < 0:
            hand |= 1 << stock[position]
            position += 1
        left, card = best_discard(hand, taken)
        hand &= ~(1 << card)
        hands[turn] = hand
        holds_out = hunt_until is not None and turn == 0 and left > 0 and len(stock) - position > hunt_until
        if left <= thresholds[turn] and not holds_out:
            points = score_knock(hand, hands[1 - turn], rules)
            return Ending(points if turn == 0 else -points, turn, left == 0)
        top = card
        turn = 1 - turn
    return NO_SCORE
