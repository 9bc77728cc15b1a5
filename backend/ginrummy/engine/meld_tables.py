"""The tables the meld search reads, built once at import.

Runs live inside one suit, so every 13-bit suit pattern's best run deadwood is
computed once into a table, with the run to take at its lowest card and how its
deadwood changes when each of its cards is removed. Sets are the only thing
that ties suits together, and only ranks held three or four times can make
one: the choices worth trying for such a rank (no set, a set of three, all
four) are tabled by the suits that hold it and the suits where a run could use
it, and ``choice_patterns`` turns a hand's contested ranks into the suit
patterns each combination of those choices leaves for runs.
"""

from __future__ import annotations

from itertools import combinations

from .cards import RANK_VALUES

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


SUIT_DEADWOOD, RUN_PLAN, DROP = _build_tables()
"""SUIT_DEADWOOD[pattern]: deadwood of one suit's cards using runs only."""
LEAST_DROP = [min((delta for _, delta in drops), default=1000) for drops in DROP]
"""Per suit pattern: the most its run-only deadwood can fall by removing one of its cards (as a change)."""


def _runnable(pattern: int) -> int:
    starts = pattern & pattern >> 1 & pattern >> 2
    return (starts | starts << 1 | starts << 2) & SUIT_MASK


RUNNABLE = [_runnable(pattern) for pattern in range(1 << 13)]
"""Per suit pattern: its cards that lie in some run of three of the pattern (the only ones a run can use)."""

SUITS = (0, 1, 2, 3)
_SuitPatterns = tuple[int, int, int, int]


# --- which sets are worth trying --------------------------------------------------------------------------

def _set_candidates(held: int) -> tuple[int, ...]:
    """Every way to use one rank's cards (suits ``held``, a 4-bit set) in sets: none (0), each three of
    them, and all four when all four are held, in that order."""
    suits = [s for s in SUITS if held >> s & 1]
    if len(suits) < MIN_MELD:
        return (0,)
    trios = [sum(1 << s for s in trio) for trio in combinations(suits, 3)]
    return (0, *trios, *((0b1111,) if len(suits) == 4 else ()))


def _sets_worth_trying(held: int, contested: int) -> tuple[int, ...]:
    """The candidates that can be part of a least-deadwood arrangement, where ``contested`` (a 4-bit set)
    are the suits whose card of this rank some run of the hand could use.

    A card no run can use is deadwood unless a set takes it, so a choice that leaves such a card out of a
    larger set it could join is strictly worse than that set, and is dropped. When no card is contested
    only the whole set is left.
    """
    candidates = _set_candidates(held)
    return tuple(
        choice for choice in candidates
        if not any(other != choice and other & choice == choice and not other & ~choice & contested
                   for other in candidates[1:])
    )


def _sets_worth_trying_after_a_discard(held: int, contested: int) -> tuple[int, ...]:
    """Like ``_sets_worth_trying``, for every hand this one leaves after one discard: the choices for the
    hand itself and for the hand without each card of this rank (whose other cards are then fewer)."""
    kept = set(_sets_worth_trying(held, contested))
    for suit in SUITS:
        if held >> suit & 1:
            kept.update(_sets_worth_trying(held & ~(1 << suit), contested & ~(1 << suit)))
    return tuple(choice for choice in _set_candidates(held) if choice in kept)


SET_CHOICES = tuple(_sets_worth_trying(key >> 4, key & 15) for key in range(256))
"""By ``held << 4 | contested``: the set choices worth trying for one rank."""
DISCARD_CHOICES = tuple(_sets_worth_trying_after_a_discard(key >> 4, key & 15) for key in range(256))
"""Likewise, for the hands left by each discard."""


def choice_patterns(pats: _SuitPatterns, contested: int, table: tuple[tuple[int, ...], ...]) -> list[_SuitPatterns]:
    """The suit patterns left for runs by every set choice in ``table`` for the ``contested`` ranks (the
    set ranks whose cards a run could also use), in the order ``melds._set_states`` lists them."""
    s0, s1, s2, s3 = pats
    run = RUNNABLE
    r0, r1, r2, r3 = run[s0], run[s1], run[s2], run[s3]
    states = [pats]
    while contested:
        low = contested & -contested
        contested ^= low
        held = (1 if s0 & low else 0) | (2 if s1 & low else 0) | (4 if s2 & low else 0) | (8 if s3 & low else 0)
        runs = (1 if r0 & low else 0) | (2 if r1 & low else 0) | (4 if r2 & low else 0) | (8 if r3 & low else 0)
        choices = table[held << 4 | runs]
        out = ~low
        taken = [(a & out if choice & 1 else a, b & out if choice & 2 else b, c & out if choice & 4 else c,
                  d & out if choice & 8 else d) for a, b, c, d in states for choice in choices if choice]
        states = states + taken if choices[0] == 0 else taken
    return states
