"""Meld search: the least deadwood a hand can have, and the melds that give it.

How it stays fast in pure Python: runs live inside one suit, so every 13-bit
suit pattern's best run deadwood is computed once, at import, into a table.
Sets are the only thing that ties suits together, and a hand of at most 11
cards has at most three ranks held three or four times; for those ranks we try
every choice (no set, each set of three, the set of four) and look the four
suits up in the table for each. The 11-card question "what is left after each
possible discard" reuses the same tables, since removing a card changes only
its own suit's pattern.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from .cards import CARDS, RANK_VALUES, Card, cards_of, mask_of

SUIT_MASK = 0x1FFF
"""The 13 rank bits of one suit inside a 52-bit hand."""

MIN_MELD = 3
"""Sets and runs both need at least three cards."""


def _build_tables() -> tuple[list[int], list[int], list[tuple[tuple[int, int], ...]]]:
    """Per 13-bit suit pattern: run-only deadwood, the run length to take at the lowest card, and
    for each card of the pattern how that deadwood changes when the card is removed."""
    size = 1 << 13
    run_value = [0] * size
    run_plan = [0] * size
    for mask in range(1, size):
        low = (mask & -mask).bit_length() - 1
        best = run_value[mask & (mask - 1)]
        plan = 0
        length = 0
        value = 0
        # Longest first, so a long run is kept whole rather than split into equal-value pieces.
        while low + length < 13 and mask >> (low + length) & 1:
            value += RANK_VALUES[low + length]
            length += 1
        for take in range(length, MIN_MELD - 1, -1):
            run_bits = ((1 << take) - 1) << low
            candidate = sum(RANK_VALUES[low:low + take]) + run_value[mask & ~run_bits]
            if candidate > best:
                best, plan = candidate, take
        run_value[mask] = best
        run_plan[mask] = plan
    deadwood = [sum(RANK_VALUES[r] for r in range(13) if m >> r & 1) - run_value[m] for m in range(size)]
    drop = [
        tuple((r, deadwood[m ^ (1 << r)] - deadwood[m]) for r in range(13) if m >> r & 1)
        for m in range(size)
    ]
    return deadwood, run_plan, drop


SUIT_DEADWOOD, _RUN_PLAN, _DROP = _build_tables()
"""SUIT_DEADWOOD[pattern]: deadwood of one suit's cards using runs only."""
_LEAST_DROP = [min((delta for _, delta in drops), default=1000) for drops in _DROP]
"""Per suit pattern: the most its run-only deadwood can fall by removing one of its cards (as a change)."""

_SUITS = (0, 1, 2, 3)
_SetChoice = tuple[int, int]  # (rank, 4-bit set of suits put into the set)
_SuitPatterns = tuple[int, int, int, int]


def _patterns(mask: int) -> _SuitPatterns:
    return (mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39 & SUIT_MASK)


def _set_ranks(s0: int, s1: int, s2: int, s3: int) -> int:
    """Ranks held in at least three suits, as a 13-bit mask."""
    return (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))


def _set_options(held: int) -> tuple[int, ...]:
    """Ways to put one rank's cards (suits ``held``, a 4-bit set) into a set: each three of them, and
    all four when all four are held. Not using them in a set is always a further option."""
    suits = [s for s in _SUITS if held >> s & 1]
    options = [sum(1 << s for s in trio) for trio in combinations(suits, 3)]
    if len(suits) == 4:
        options.append(0b1111)
    return tuple(options)


_SET_OPTIONS = tuple(_set_options(held) for held in range(16))


def _held_suits(pats: _SuitPatterns, low: int) -> int:
    return (1 if pats[0] & low else 0) | (2 if pats[1] & low else 0) | (4 if pats[2] & low else 0) | (
        8 if pats[3] & low else 0)


def _without(pats: _SuitPatterns, low: int, option: int) -> _SuitPatterns:
    keep = ~low
    return (pats[0] & keep if option & 1 else pats[0], pats[1] & keep if option & 2 else pats[1],
            pats[2] & keep if option & 4 else pats[2], pats[3] & keep if option & 8 else pats[3])


def _set_patterns(pats: _SuitPatterns, ranks: int) -> list[_SuitPatterns]:
    """The suit patterns left for runs after every possible choice of sets."""
    states = [pats]
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        options = _SET_OPTIONS[_held_suits(pats, low)]
        states = states + [_without(p, low, option) for p in states for option in options]
    return states


def _set_states(pats: _SuitPatterns, ranks: int) -> list[tuple[_SuitPatterns, tuple[_SetChoice, ...]]]:
    """Like ``_set_patterns``, also naming the sets taken as (rank, suits) pairs."""
    states: list[tuple[_SuitPatterns, tuple[_SetChoice, ...]]] = [(pats, ())]
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        rank = low.bit_length() - 1
        options = _SET_OPTIONS[_held_suits(pats, low)]
        states = states + [(_without(p, low, option), (*sets, (rank, option)))
                           for p, sets in states for option in options]
    return states


def deadwood_of_mask(mask: int) -> int:
    """Least deadwood of the cards in a 52-bit mask."""
    s0, s1, s2, s3 = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39 & SUIT_MASK
    dw = SUIT_DEADWOOD
    ranks = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if not ranks:
        return dw[s0] + dw[s1] + dw[s2] + dw[s3]
    return min(dw[a] + dw[b] + dw[c] + dw[d] for a, b, c, d in _set_patterns((s0, s1, s2, s3), ranks))


def discard_deadwoods_of_mask(mask: int) -> dict[int, int]:
    """For each card in the hand: the least deadwood of the hand without it.

    This is the whole knock question for an 11-card hand: a discard allows a
    knock when its figure is within the knock limit, and Gin when it is 0.
    """
    s0, s1, s2, s3 = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39 & SUIT_MASK
    dw = SUIT_DEADWOOD
    drop = _DROP
    ranks = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if not ranks:
        base = dw[s0] + dw[s1] + dw[s2] + dw[s3]
        result = {r: base + delta for r, delta in drop[s0]}
        for r, delta in drop[s1]:
            result[13 + r] = base + delta
        for r, delta in drop[s2]:
            result[26 + r] = base + delta
        for r, delta in drop[s3]:
            result[39 + r] = base + delta
        return result
    best: dict[int, int] = {}
    for pats in _set_patterns((s0, s1, s2, s3), ranks):
        base = dw[pats[0]] + dw[pats[1]] + dw[pats[2]] + dw[pats[3]]
        for offset, pattern in zip((0, 13, 26, 39), pats, strict=True):
            for r, delta in drop[pattern]:
                card = offset + r
                value = base + delta
                if value < best.get(card, 1000):
                    best[card] = value
    return best


def least_discard_deadwood_of_mask(mask: int) -> int:
    """The least deadwood left after removing one card: ``min(discard_deadwoods_of_mask(mask).values())``
    without building the table, for look-ahead that only asks how good the best discard is."""
    s0, s1, s2, s3 = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39 & SUIT_MASK
    dw = SUIT_DEADWOOD
    least = _LEAST_DROP
    ranks = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if not ranks:
        return dw[s0] + dw[s1] + dw[s2] + dw[s3] + min(least[s0], least[s1], least[s2], least[s3])
    return min(dw[a] + dw[b] + dw[c] + dw[d] + min(least[a], least[b], least[c], least[d])
               for a, b, c, d in _set_patterns((s0, s1, s2, s3), ranks))


cached_deadwood = lru_cache(maxsize=1 << 16)(deadwood_of_mask)
cached_least_discard_deadwood = lru_cache(maxsize=1 << 16)(least_discard_deadwood_of_mask)
cached_discard_deadwoods = lru_cache(maxsize=1 << 16)(discard_deadwoods_of_mask)


def _runs_in_suit(pattern: int, suit: int) -> list[tuple[Card, ...]]:
    runs = []
    while pattern:
        low = (pattern & -pattern).bit_length() - 1
        take = _RUN_PLAN[pattern]
        if take:
            runs.append(tuple(CARDS[suit * 13 + r] for r in range(low, low + take)))
            pattern &= ~(((1 << take) - 1) << low)
        else:
            pattern &= pattern - 1
    return runs


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


def _arrangement(mask: int, pats: _SuitPatterns, sets: tuple[_SetChoice, ...]) -> MeldResult:
    melds: list[list[Card]] = [
        [CARDS[s * 13 + rank] for s in _SUITS if option >> s & 1] for rank, option in sets
    ]
    left = 0
    for suit, pattern in enumerate(pats):
        runs = _runs_in_suit(pattern, suit)
        melds.extend(list(run) for run in runs)
        for run in runs:
            pattern &= ~(mask_of(run) >> (13 * suit))
        left |= pattern << (13 * suit)
    deadwood_cards = cards_of(left)
    return MeldResult(melds, deadwood_cards, sum(RANK_VALUES[card % 13] for card in deadwood_cards))


def _least_states(mask: int) -> list[tuple[_SuitPatterns, tuple[_SetChoice, ...]]]:
    pats = _patterns(mask)
    states = _set_states(pats, _set_ranks(*pats))
    if len(states) == 1:
        return states
    dw = SUIT_DEADWOOD
    scores = [dw[p[0]] + dw[p[1]] + dw[p[2]] + dw[p[3]] for p, _ in states]
    least = min(scores)
    return [state for state, score in zip(states, scores, strict=True) if score == least]


def optimal_arrangements_of_mask(mask: int) -> list[MeldResult]:
    """Every least-deadwood arrangement of a hand (long runs kept whole), best-known first."""
    return [_arrangement(mask, pats, sets) for pats, sets in _least_states(mask)]


def best_melds(cards: Iterable[Card]) -> MeldResult:
    """The least-deadwood arrangement of a hand of 0 to 11 cards.

    >>> from ginrummy.engine.cards import parse_cards
    >>> best_melds(parse_cards("AS 2S 3S 7H 7D 7C KD")).deadwood
    10
    """
    mask = mask_of(cards)
    pats, sets = _least_states(mask)[0]
    return _arrangement(mask, pats, sets)


def deadwood(cards: Iterable[Card]) -> int:
    """The least deadwood of a hand."""
    return cached_deadwood(mask_of(cards))


def discard_deadwoods(cards: Iterable[Card]) -> dict[Card, int]:
    """For an 11-card hand (any size works): each card, and the least deadwood left after discarding it."""
    return {CARDS[card]: value for card, value in cached_discard_deadwoods(mask_of(cards)).items()}
