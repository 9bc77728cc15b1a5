"""Arrangements: a hand laid out in the melds that give its least deadwood (``MeldResult``), for showing a
hand and for the showdown, found from the set choices and run tables that the meld search uses.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .cards import CARDS, Card, CardMask, mask_of
from .meld_tables import RUN_PLAN, RUNNABLE, SET_CHOICES, SUIT_DEADWOOD, SUIT_MASK, SUITS

_SetChoice = tuple[int, int]  # (rank, 4-bit set of suits put into the set)

_SPREAD = tuple(sum(1 << (13 * s) for s in SUITS if suits >> s & 1) for suits in range(16))
"""A 4-bit set of suits as the 52-bit mask of their rank-0 cards."""


def _suits_at(mask: int, rank: int) -> int:
    """The suits (a 4-bit set) in which a 52-bit mask holds ``rank``."""
    return (mask >> rank & 1) | (mask >> (rank + 12) & 2) | (mask >> (rank + 24) & 4) | (mask >> (rank + 36) & 8)


def _set_states(mask: int) -> list[tuple[int, tuple[_SetChoice, ...]]]:
    """Every set choice worth trying: the 52-bit mask it leaves for runs, and the sets taken as (rank,
    suits) pairs."""
    s0, s1, s2, s3 = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39
    ranks = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    states: list[tuple[int, tuple[_SetChoice, ...]]] = [(mask, ())]
    if not ranks:
        return states
    run = RUNNABLE
    runnable = run[s0] | run[s1] << 13 | run[s2] << 26 | run[s3] << 39
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        rank = low.bit_length() - 1
        choices = SET_CHOICES[_suits_at(mask, rank) << 4 | _suits_at(runnable, rank)]
        taken = [(m & ~(_SPREAD[choice] << rank), (*sets, (rank, choice)))
                 for m, sets in states for choice in choices if choice]
        states = states + taken if choices[0] == 0 else taken
    return states


class _SuitArrangements(dict[int, tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]]):
    """By ``suit << 13 | pattern``, filled on first use: the suit's runs (long runs kept whole) and the cards
    of the pattern left over, in card order."""

    def __missing__(self, key: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        suit, pattern = key >> 13, key & SUIT_MASK
        runs = []
        left = pattern
        while pattern:
            low = (pattern & -pattern).bit_length() - 1
            take = RUN_PLAN[pattern]
            if take:
                runs.append(tuple(CARDS[suit * 13 + r] for r in range(low, low + take)))
                bits = ((1 << take) - 1) << low
                pattern &= ~bits
                left &= ~bits
            else:
                pattern &= pattern - 1
        found = self[key] = (tuple(runs), tuple(CARDS[suit * 13 + r] for r in range(13) if left >> r & 1))
        return found


_SUIT_ARRANGEMENTS = _SuitArrangements()


@dataclass(frozen=True, slots=True)
class MeldResult:
    """A hand arranged into melds with the least possible deadwood."""

    melds: list[list[Card]]
    """Sets and runs, each in card order; sets first, then runs by suit."""
    deadwood_cards: list[Card]
    """Cards in no meld, in card order."""
    deadwood: int
    """Sum of the values of ``deadwood_cards``."""

    @property
    def is_gin(self) -> bool:
        return self.deadwood == 0


def _arrangement(left_for_runs: int, sets: tuple[_SetChoice, ...]) -> MeldResult:
    melds: list[list[Card]] = [
        [CARDS[s * 13 + rank] for s in SUITS if option >> s & 1] for rank, option in sets
    ]
    deadwood_cards: list[Card] = []
    dw = SUIT_DEADWOOD
    points = 0
    for suit in SUITS:
        pattern = left_for_runs >> (13 * suit) & SUIT_MASK
        if pattern:
            runs, left = _SUIT_ARRANGEMENTS[suit << 13 | pattern]
            melds += map(list, runs)
            deadwood_cards += left
            points += dw[pattern]
    return MeldResult(melds, deadwood_cards, points)


def _least_states(mask: int) -> list[tuple[int, tuple[_SetChoice, ...]]]:
    states = _set_states(mask)
    if len(states) == 1:
        return states
    dw = SUIT_DEADWOOD
    scores = [dw[m & SUIT_MASK] + dw[m >> 13 & SUIT_MASK] + dw[m >> 26 & SUIT_MASK] + dw[m >> 39] for m, _ in states]
    least = min(scores)
    return [state for state, score in zip(states, scores, strict=True) if score == least]


def optimal_arrangements_of_mask(mask: CardMask) -> list[MeldResult]:
    """Every least-deadwood arrangement of a hand (long runs kept whole), best-known first."""
    return [_arrangement(left, sets) for left, sets in _least_states(mask)]


def best_arrangement_of_mask(mask: CardMask) -> MeldResult:
    """The first of ``optimal_arrangements_of_mask``."""
    left, sets = _least_states(mask)[0]
    return _arrangement(left, sets)


def best_melds(cards: Iterable[Card]) -> MeldResult:
    """The least-deadwood arrangement of a hand of 0 to 11 cards.

    >>> from ginrummy.engine.cards import parse_cards
    >>> best_melds(parse_cards("AS 2S 3S 7H 7D 7C KD")).deadwood
    10
    """
    return best_arrangement_of_mask(mask_of(cards))
