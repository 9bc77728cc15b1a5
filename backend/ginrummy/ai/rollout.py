"""Fast playouts of the rest of a hand, for the hard player's look-ahead.

A determinized playout: the opponent's hand and the stock order are sampled
(consistent with the view), then both sides play a sound quick policy (take the
pile card when it lowers deadwood, throw the highest card among the least-
deadwood discards, knock at once; or, for the side asking, hold out for Gin)
until the hand ends. Random moves would be useless here: random play almost
never ends a hand with a knock.

Works on 52-bit masks, not on the engine's state, to stay fast; the scoring is
the engine's own (least deadwood, and layoffs chosen by ``best_defense``).
"""

from __future__ import annotations

from ginrummy.engine.melds import cached_best_discard, cached_deadwood, optimal_arrangements_of_mask
from ginrummy.engine.scoring import best_defense

STOCK_FLOOR = 2


def best_discard(hand: int, keep: int) -> tuple[int, int]:
    """(deadwood after, card) for the least-deadwood discard, the highest card on ties, never ``keep``."""
    return cached_best_discard(hand, keep)


def score_knock(knocker: int, defender: int, undercut_bonus: int, gin_bonus: int) -> int:
    """Points of a knock from the knocker's side (negative when undercut), as the showdown scores them."""
    arrangements = optimal_arrangements_of_mask(knocker)
    knocker_deadwood = arrangements[0].deadwood
    if knocker_deadwood == 0:
        return gin_bonus + cached_deadwood(defender)
    left = max(best_defense(defender, a.melds)[0] for a in arrangements)
    if knocker_deadwood < left:
        return left - knocker_deadwood
    return -(undercut_bonus + knocker_deadwood - left)


def playout(hands: list[int], stock: list[int], top: int | None, turn: int, knock_limit: int,
            undercut_bonus: int = 25, gin_bonus: int = 25, hunt_until: int | None = None) -> int:
    """Play the hand out from the start of ``turn``'s draw; points from seat 0's side (0 = no score).

    ``hands`` are both 10-card hands as masks, ``stock`` the stock in drawing order, ``top`` the top of the
    discard pile (or None). Seat 0 holds out for Gin while more than ``hunt_until`` cards are left in the
    stock (None = knock at once, as seat 1 always does).
    """
    hands = list(hands)
    position = 0
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
        if left <= knock_limit and not holds_out:
            points = score_knock(hand, hands[1 - turn], undercut_bonus, gin_bonus)
            return points if turn == 0 else -points
        top = card
        turn = 1 - turn
    return 0
