"""Hand arithmetic every computer player shares, on card masks (``CardMask``: bit ``suit * 13 + rank``).

One place for "which cards can share a meld with this one", "what does drawing each card do to my hand" and
"which cards can this seat not place", so that the players, the opponent model and the coach agree.
"""

from __future__ import annotations

from collections.abc import Sequence

from ginrummy.engine import (
    RANK_VALUES,
    CardMask,
    View,
    cached_best_discard,
    cached_deadwood,
    cached_least_discard_deadwood,
    mask_of,
)

FULL_DECK: CardMask = (1 << 52) - 1


def _same_rank(card: int) -> int:
    rank, suit = card % 13, card // 13
    return sum(1 << (s * 13 + rank) for s in range(4) if s != suit)


def _suit_neighbours(card: int, distance: int) -> int:
    rank, suit = card % 13, card // 13
    return sum(1 << (suit * 13 + r) for r in (rank - distance, rank + distance) if 0 <= r < 13)


SAME_RANK = tuple(_same_rank(card) for card in range(52))
"""Per card: the other three cards of its rank."""
NEXT_TO = tuple(_suit_neighbours(card, 1) for card in range(52))
"""Per card: the cards of its suit one rank away."""
TWO_AWAY = tuple(_suit_neighbours(card, 2) for card in range(52))
"""Per card: the cards of its suit two ranks away."""
MELD_MATES = tuple(SAME_RANK[c] | NEXT_TO[c] | TWO_AWAY[c] for c in range(52))
"""Per card: every card that could share a meld of three with it."""
RUN_PAIRS = tuple(
    tuple(1 << (card + a) | 1 << (card + b) for a, b in ((-2, -1), (-1, 1), (1, 2))
          if card % 13 + a >= 0 and card % 13 + b < 13)
    for card in range(52)
)
"""Per card: each pair of cards of its suit that makes a run of three with it."""


def joins_a_meld(card: int, hand: CardMask) -> bool:
    """Whether ``card`` forms a set or a run of three or more with cards of ``hand``."""
    if (hand & SAME_RANK[card]).bit_count() >= 2:
        return True
    for pair in RUN_PAIRS[card]:  # noqa: SIM110 (a loop: any() over a generator costs twice as much here)
        if hand & pair == pair:
            return True
    return False


def draw_outcomes(hand: CardMask, cards: Sequence[int]) -> list[int]:
    """For each card: the least deadwood of a 10-card ``hand`` after drawing it and discarding the best card.

    A card that can share no meld with the hand can only replace the card whose removal helps most, so
    its figure needs no meld search; only cards near the hand are searched.
    """
    base = cached_deadwood(hand)
    after_removal = cached_least_discard_deadwood(hand)
    out = []
    for card in cards:
        if hand & MELD_MATES[card]:
            out.append(cached_least_discard_deadwood(hand | 1 << card))
        else:
            out.append(min(base, after_removal + RANK_VALUES[card % 13]))
    return out


def knock_outs(hand: CardMask, cards: Sequence[int], limit: int) -> int:
    """How many of ``cards`` would let a 10-card ``hand`` knock (deadwood ≤ ``limit``) if drawn."""
    return sum(1 for left in draw_outcomes(hand, cards) if left <= limit)


def deadwood_after_taking(hand: CardMask, card: int) -> int:
    """Least deadwood of a 10-card ``hand`` after taking ``card`` from the pile and discarding another card
    (the card just taken may not be thrown back)."""
    return cached_best_discard(hand | 1 << card, card)[0]


def best_discard(hand: CardMask, keep: int = -1) -> tuple[int, int]:
    """(deadwood after, card) for the least-deadwood discard of an 11-card ``hand``, the highest card on
    ties, never ``keep``."""
    return cached_best_discard(hand, keep)


def unseen_by(view: View) -> CardMask:
    """Cards the seat cannot see and cannot place: in the opponent's hand or in the stock."""
    return FULL_DECK & ~(mask_of(view.hand) | mask_of(view.discard_pile) | mask_of(view.opponent_known))
