"""Meld search: the least deadwood a hand can have, and the melds that give it.

How it stays fast in pure Python: runs live inside one suit, so every 13-bit
suit pattern's best run deadwood is computed once, at import, into a table.
Sets are the only thing that ties suits together, and only ranks held three or
four times can make one. A card of such a rank that no run of the hand could
use (no two suited neighbours in a row) is never left out of its set, which
settles most hands in one look-up per suit. The one card a run could also use,
when there is one, is either in its set or back in its suit: two look-ups more.
Only with two or more such cards are the few choices per rank (no set, a set of
three, all four) tried in turn. The 11-card questions (what is left after each
possible discard, the best discard) reuse the same tables, since removing a
card changes only its own suit's pattern.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from .cards import CARDS, RANK_VALUES, Card, CardMask, cards_of, mask_of

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


def _runnable(pattern: int) -> int:
    starts = pattern & pattern >> 1 & pattern >> 2
    return (starts | starts << 1 | starts << 2) & SUIT_MASK


_RUNNABLE = [_runnable(pattern) for pattern in range(1 << 13)]
"""Per suit pattern: its cards that lie in some run of three of the pattern (the only ones a run can use)."""

_SUITS = (0, 1, 2, 3)
_SetChoice = tuple[int, int]  # (rank, 4-bit set of suits put into the set)
_SuitPatterns = tuple[int, int, int, int]


# --- which sets are worth trying --------------------------------------------------------------------------

def _set_candidates(held: int) -> tuple[int, ...]:
    """Every way to use one rank's cards (suits ``held``, a 4-bit set) in sets: none (0), each three of
    them, and all four when all four are held, in that order."""
    suits = [s for s in _SUITS if held >> s & 1]
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
    for suit in _SUITS:
        if held >> suit & 1:
            kept.update(_sets_worth_trying(held & ~(1 << suit), contested & ~(1 << suit)))
    return tuple(choice for choice in _set_candidates(held) if choice in kept)


_SET_CHOICES = tuple(_sets_worth_trying(key >> 4, key & 15) for key in range(256))
"""By ``held << 4 | contested``: the set choices worth trying for one rank."""
_DISCARD_CHOICES = tuple(_sets_worth_trying_after_a_discard(key >> 4, key & 15) for key in range(256))
"""Likewise, for the hands left by each discard."""


def _choice_patterns(pats: _SuitPatterns, contested: int, table: tuple[tuple[int, ...], ...]) -> list[_SuitPatterns]:
    """The suit patterns left for runs by every set choice in ``table`` for the ``contested`` ranks (the
    set ranks whose cards a run could also use), in the order ``_set_states`` lists them."""
    s0, s1, s2, s3 = pats
    run = _RUNNABLE
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


_SPREAD = tuple(sum(1 << (13 * s) for s in _SUITS if suits >> s & 1) for suits in range(16))
"""A 4-bit set of suits as the 52-bit mask of their rank-0 cards."""


def _suits_at(mask: int, rank: int) -> int:
    """The suits (a 4-bit set) in which a 52-bit mask holds ``rank``."""
    return (mask >> rank & 1) | (mask >> (rank + 12) & 2) | (mask >> (rank + 24) & 4) | (mask >> (rank + 36) & 8)


# --- the questions ----------------------------------------------------------------------------------------

def deadwood_of_mask(mask: CardMask) -> int:
    """Least deadwood of the cards in a 52-bit mask."""
    s0, s1, s2, s3 = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39
    dw = SUIT_DEADWOOD
    ranks = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if not ranks:
        return dw[s0] + dw[s1] + dw[s2] + dw[s3]
    run = _RUNNABLE
    k0, k1, k2, k3 = run[s0] & ranks, run[s1] & ranks, run[s2] & ranks, run[s3] & ranks
    contested = k0 | k1 | k2 | k3
    keep = ~ranks  # every set rank in its set, to start with
    a, b, c, d = s0 & keep, s1 & keep, s2 & keep, s3 & keep
    base = dw[a] + dw[b] + dw[c] + dw[d]
    if not contested:
        return base
    if k0 + k1 + k2 + k3 == contested:
        # No rank contested in two suits: each suit decides alone which of its contested cards stay in their
        # sets and which go back to it for runs (each of those leaves the other three of its rank a set, or
        # the other two deadwood).
        quads = s0 & s1 & s2 & s3
        for q, k in ((a, k0), (b, k1), (c, k2), (d, k3)):
            if k:
                best = 0
                back = k
                while back:  # every non-empty subset of the suit's contested cards
                    change = dw[q | back] - dw[q]
                    rest = back
                    while rest:
                        low = rest & -rest
                        rest ^= low
                        if not quads & low:
                            change += 2 * RANK_VALUES[low.bit_length() - 1]
                    best = min(best, change)
                    back = (back - 1) & k
                base += best
        return base
    keep = ~(ranks ^ contested)
    pats = (s0 & keep, s1 & keep, s2 & keep, s3 & keep)
    return min(dw[a] + dw[b] + dw[c] + dw[d] for a, b, c, d in _choice_patterns(pats, contested, _SET_CHOICES))


_State = tuple[int, int, int, int, int]  # deadwood outside the suit patterns, then the four patterns left for runs
_Group = tuple[int, int]  # least deadwood left by discarding any one card of the group, the cards as a mask
_ALL_SUITS = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""Bit 0 of each suit's 13 bits: ``_ALL_SUITS << rank`` is the four cards of a rank."""


def _settled_groups(mask: int, settled: int, rest: int) -> list[_Group]:
    """The cards of the ``settled`` set ranks (no run could use their cards, so each is taken whole), a group
    per rank, where ``rest`` is the least deadwood of the hand without those ranks: discarding one of a set of
    four leaves a set of three (``rest``); one of a set of three leaves the other two as deadwood."""
    out = []
    quads = mask & mask >> 13 & mask >> 26 & mask >> 39
    while settled:
        low = settled & -settled
        settled ^= low
        rank = low.bit_length() - 1
        out.append((rest if quads & low else rest + 2 * RANK_VALUES[rank], mask & _ALL_SUITS << rank))
    return out


def _least_settled_discard(quads: int, settled: int) -> int:
    """``min`` of ``_settled_groups``' deadwood over ``rest``: 0 with a settled set of four (``quads``), else
    the two cards left of the lowest settled set of three."""
    if not settled:
        return 1000
    return 0 if quads & settled else 2 * RANK_VALUES[(settled & -settled).bit_length() - 1]


def _discard_states(mask: int, ranks: int) -> tuple[list[_State], list[_Group]]:
    """The discard questions of a hand that holds the set ``ranks``: the ways worth trying to meld them, as
    states (deadwood outside the suit patterns, then the patterns left for runs, whose cards' discards the run
    tables answer), and the set cards no state leaves in a pattern, in groups that leave the same deadwood."""
    s0, s1, s2, s3 = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39
    dw = SUIT_DEADWOOD
    run = _RUNNABLE
    k0, k1, k2, k3 = run[s0] & ranks, run[s1] & ranks, run[s2] & ranks, run[s3] & ranks
    contested = k0 | k1 | k2 | k3
    settled = ranks ^ contested
    if contested and (k0 + k1 + k2 + k3 != contested or contested & (contested - 1)):
        # Two or more contested cards: every choice worth trying for their ranks.
        keep = ~settled
        pats = (s0 & keep, s1 & keep, s2 & keep, s3 & keep)
        states = [(0, a, b, c, d) for a, b, c, d in _choice_patterns(pats, contested, _DISCARD_CHOICES)]
        if not settled:
            return states, []
        least = min([dw[a] + dw[b] + dw[c] + dw[d] for _, a, b, c, d in states])
        return states, _settled_groups(mask, settled, least)
    keep = ~ranks  # every set rank in its set
    a, b, c, d = s0 & keep, s1 & keep, s2 & keep, s3 & keep
    base = dw[a] + dw[b] + dw[c] + dw[d]
    if not contested:
        return [(0, a, b, c, d)], _settled_groups(mask, settled, base)
    # One contested card (see ``deadwood_of_mask``): in its set, or back in its suit for a run.
    rank = contested.bit_length() - 1
    value = RANK_VALUES[rank]
    quad = s0 & s1 & s2 & s3 & contested
    left_out = 0 if quad else 2 * value
    kept = [a, b, c, d]
    suit = 0 if k0 else 1 if k1 else 2 if k2 else 3
    change = dw[kept[suit] | contested] - dw[kept[suit]]
    kept[suit] |= contested
    groups = _settled_groups(mask, settled, base + min(0, change + left_out)) if settled else []
    # The others of its rank: three left may still make a set; of two, one is deadwood.
    other = base + (min(0, change + 2 * value) if quad else change + value)
    groups.append((other, mask & _ALL_SUITS << rank & ~(contested << (13 * suit))))
    return [(0, a, b, c, d), (left_out, kept[0], kept[1], kept[2], kept[3])], groups


def discard_deadwoods_of_mask(mask: CardMask) -> dict[int, int]:
    """For each card in the hand, in card order: the least deadwood of the hand without it.

    This is the whole knock question for an 11-card hand: a discard allows a
    knock when its figure is within the knock limit, and Gin when it is 0.
    """
    s0, s1, s2, s3 = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39
    ranks = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if not ranks:
        return _run_discards(s0, s1, s2, s3)
    run = _RUNNABLE
    if (run[s0] | run[s1] | run[s2] | run[s3]) & ranks:
        return _discard_deadwoods_with_choices(mask, ranks)
    keep = ~ranks  # every set rank settled (see ``_settled_groups``)
    a, b, c, d = s0 & keep, s1 & keep, s2 & keep, s3 & keep
    result = _run_discards(a, b, c, d)
    dw = SUIT_DEADWOOD
    for left, cards in _settled_groups(mask, ranks, dw[a] + dw[b] + dw[c] + dw[d]):
        for card in cards_of(cards):
            result[card] = left
    return {card: result[card] for card in sorted(result)}


def _run_discards(s0: int, s1: int, s2: int, s3: int) -> dict[int, int]:
    """``discard_deadwoods_of_mask`` of a hand whose melds can only be runs, by its suit patterns."""
    dw = SUIT_DEADWOOD
    drop = _DROP
    base = dw[s0] + dw[s1] + dw[s2] + dw[s3]
    result = {r: base + delta for r, delta in drop[s0]}
    for r, delta in drop[s1]:
        result[13 + r] = base + delta
    for r, delta in drop[s2]:
        result[26 + r] = base + delta
    for r, delta in drop[s3]:
        result[39 + r] = base + delta
    return result


def _discard_deadwoods_with_choices(mask: int, ranks: int) -> dict[int, int]:
    dw = SUIT_DEADWOOD
    drop = _DROP
    states, groups = _discard_states(mask, ranks)
    first_extra, *first = states[0]
    best = _run_discards(*first)
    first_base = first_extra + dw[first[0]] + dw[first[1]] + dw[first[2]] + dw[first[3]]
    for extra, *pats in states[1:]:
        base = extra + dw[pats[0]] + dw[pats[1]] + dw[pats[2]] + dw[pats[3]]
        for offset, pattern, before in zip((0, 13, 26, 39), pats, first, strict=True):
            if pattern == before and base >= first_base:
                continue  # this suit's discards leave no less than in the first state
            for r, delta in drop[pattern]:
                card = offset + r
                value = base + delta
                if value < best.get(card, 1000):
                    best[card] = value
    for left, cards in groups:
        for card in cards_of(cards):
            best[card] = left
    return {card: best[card] for card in sorted(best)}


def _contested_suit(q: int, k: int, quads: int) -> tuple[int, int, int]:
    """One suit's choices, for its pattern ``q`` with every set rank taken out and its contested cards ``k``
    (cards of set ranks that a run could use, whose ranks no other suit contests): which of them go back to the
    suit for runs. Each one back leaves the other three of its rank a set (``quads``), or the other two
    deadwood. Over every choice, changes to the deadwood of the hand with them all in sets: the least; the least
    after also discarding a card of the pattern (or one of those back in it); the least after discarding
    another card of a contested rank (three left may still make a set; of two, one is deadwood)."""
    dw = SUIT_DEADWOOD
    least = _LEAST_DROP
    best = 0
    after = least[q]
    other = 1000
    back = k
    while True:  # every subset of the contested cards, the empty one last
        change = dw[q | back] - dw[q]
        rest = back
        while rest:
            low = rest & -rest
            rest ^= low
            if not quads & low:
                change += 2 * RANK_VALUES[low.bit_length() - 1]
        best = min(best, change)
        after = min(after, change + least[q | back])
        rest = k
        while rest:
            low = rest & -rest
            rest ^= low
            value = RANK_VALUES[low.bit_length() - 1]
            if quads & low:
                other = min(other, change + 2 * value if back & low else change)
            elif back & low:
                other = min(other, change - value)
        if not back:
            return best, after, other
        back = (back - 1) & k


def least_discard_deadwood_of_mask(mask: CardMask) -> int:
    """The least deadwood left after removing one card: ``min(discard_deadwoods_of_mask(mask).values())``
    without building the table, for look-ahead that only asks how good the best discard is."""
    s0, s1, s2, s3 = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39
    dw = SUIT_DEADWOOD
    least = _LEAST_DROP
    ranks = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if not ranks:
        return dw[s0] + dw[s1] + dw[s2] + dw[s3] + min(least[s0], least[s1], least[s2], least[s3])
    run = _RUNNABLE
    k0, k1, k2, k3 = run[s0] & ranks, run[s1] & ranks, run[s2] & ranks, run[s3] & ranks
    contested = k0 | k1 | k2 | k3
    settled = ranks ^ contested
    quads = s0 & s1 & s2 & s3
    set_card = _least_settled_discard(quads, settled)
    keep = ~ranks
    a, b, c, d = s0 & keep, s1 & keep, s2 & keep, s3 & keep
    base = dw[a] + dw[b] + dw[c] + dw[d]
    if not contested:
        return base + min(least[a], least[b], least[c], least[d], set_card)
    if k0 + k1 + k2 + k3 == contested and not contested & (contested - 1):
        # One contested card (see ``_contested_suit``), in suit pattern ``q | contested``.
        q = a if k0 else b if k1 else c if k2 else d
        kept = q | contested
        value = RANK_VALUES[contested.bit_length() - 1]
        change = dw[kept] - dw[q]
        left_out = 0 if quads & contested else 2 * value
        others = min(least[0 if k0 else a], least[0 if k1 else b], least[0 if k2 else c], least[0 if k3 else d],
                     set_card)
        return base + min(
            min(0, change + left_out) + others,  # a card of another suit, or of a settled set
            least[q],  # a card of the contested card's suit, the contested card in its set
            change + left_out + least[kept],  # the same, or the contested card itself, it in a run
            min(0, change + 2 * value) if quads & contested else change + value,  # one of the others of its rank
        )
    if k0 + k1 + k2 + k3 == contested:  # no rank contested in two suits: each suit decides alone
        hand = base
        alone = set_card  # changes to ``hand`` by one discard
        for q, k in ((a, k0), (b, k1), (c, k2), (d, k3)):
            if k:
                best, after, other = _contested_suit(q, k, quads)
                hand += best
                alone = min(alone, after - best, other - best)
        for q, k in ((a, k0), (b, k1), (c, k2), (d, k3)):
            if not k:
                alone = min(alone, least[q])
        return hand + alone
    states, groups = _discard_states(mask, ranks)
    best = 1000
    for left, _ in groups:
        best = min(best, left)
    for extra, a, b, c, d in states:
        best = min(best, extra + dw[a] + dw[b] + dw[c] + dw[d] + min(least[a], least[b], least[c], least[d]))
    return best


def _discard_key(left: int, card: int) -> int:
    """Orders discards: the least deadwood ``left`` after, then the highest card value, then the lowest card."""
    return ((left + 200) << 4 | (10 - RANK_VALUES[card % 13])) << 6 | card


_NO_DISCARD = 1 << 40
"""A key above every ``_discard_key``: no card to discard."""


class _BestTwoDiscards(dict[int, tuple[int, int]]):
    """By suit pattern, filled on first use: its two best discards (the second in case the first may not be
    thrown), as ``_discard_key`` of the change they make to its deadwood, for clubs: add ``13 * suit`` for
    the card of another suit, and ``deadwood << 10`` to add to the ``left`` of a key. ``_NO_DISCARD`` where
    the pattern has fewer cards."""

    def __missing__(self, pattern: int) -> tuple[int, int]:
        keys = [*sorted(_discard_key(change, r) for r, change in _DROP[pattern]), _NO_DISCARD, _NO_DISCARD]
        best = self[pattern] = (keys[0], keys[1])
        return best


_BEST_TWO_DISCARDS = _BestTwoDiscards()


def _best_run_discard(s0: int, s1: int, s2: int, s3: int, keep: int) -> int:
    """The ``_discard_key`` of the best discard but ``keep`` of a hand whose melds can only be runs, by its
    suit patterns."""
    best_two = _BEST_TWO_DISCARDS
    t0, t1, t2, t3 = best_two[s0], best_two[s1], best_two[s2], best_two[s3]
    firsts = [t0[0], t1[0] + 13, t2[0] + 26, t3[0] + 39]
    best = min(firsts)
    if best & 63 == keep:  # the best may not be thrown: its suit's second best instead
        suit = keep // 13
        firsts[suit] = (t0, t1, t2, t3)[suit][1] + 13 * suit
        best = min(firsts)
    dw = SUIT_DEADWOOD
    return best + ((dw[s0] + dw[s1] + dw[s2] + dw[s3]) << 10)


def best_discard_of_mask(mask: CardMask, keep: int = -1) -> tuple[int, int]:
    """(least deadwood after the discard, card): the discard leaving the least deadwood, the highest-valued
    card on ties (then the lowest card), never ``keep``. The simple players' discard."""
    s0, s1, s2, s3 = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39
    ranks = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if not ranks:
        best = _best_run_discard(s0, s1, s2, s3, keep)
    else:
        run = _RUNNABLE
        if (run[s0] | run[s1] | run[s2] | run[s3]) & ranks:
            states, groups = _discard_states(mask, ranks)
            best = _NO_DISCARD
            for extra, a, b, c, d in states:
                best = min(best, _best_run_discard(a, b, c, d, keep) + (extra << 10))
        else:  # every set rank settled
            out = ~ranks
            dw = SUIT_DEADWOOD
            a, b, c, d = s0 & out, s1 & out, s2 & out, s3 & out
            best = _best_run_discard(a, b, c, d, keep)
            groups = _settled_groups(mask, ranks, dw[a] + dw[b] + dw[c] + dw[d])
        for left, cards in groups:  # of each group the lowest card but ``keep``: they all leave the same
            if keep >= 0:
                cards &= ~(1 << keep)
            if cards:
                best = min(best, _discard_key(left, (cards & -cards).bit_length() - 1))
    return (best >> 10) - 200, best & 63


cached_deadwood = lru_cache(maxsize=1 << 16)(deadwood_of_mask)
cached_least_discard_deadwood = lru_cache(maxsize=1 << 16)(least_discard_deadwood_of_mask)
cached_discard_deadwoods = lru_cache(maxsize=1 << 16)(discard_deadwoods_of_mask)
cached_best_discard = lru_cache(maxsize=1 << 16)(best_discard_of_mask)


# --- arrangements -----------------------------------------------------------------------------------------

def _set_states(mask: int) -> list[tuple[int, tuple[_SetChoice, ...]]]:
    """Every set choice worth trying: the 52-bit mask it leaves for runs, and the sets taken as (rank,
    suits) pairs."""
    s0, s1, s2, s3 = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39
    ranks = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    states: list[tuple[int, tuple[_SetChoice, ...]]] = [(mask, ())]
    if not ranks:
        return states
    run = _RUNNABLE
    runnable = run[s0] | run[s1] << 13 | run[s2] << 26 | run[s3] << 39
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        rank = low.bit_length() - 1
        choices = _SET_CHOICES[_suits_at(mask, rank) << 4 | _suits_at(runnable, rank)]
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
            take = _RUN_PLAN[pattern]
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
        [CARDS[s * 13 + rank] for s in _SUITS if option >> s & 1] for rank, option in sets
    ]
    deadwood_cards: list[Card] = []
    dw = SUIT_DEADWOOD
    points = 0
    for suit in _SUITS:
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


def deadwood(cards: Iterable[Card]) -> int:
    """The least deadwood of a hand."""
    return cached_deadwood(mask_of(cards))


def discard_deadwoods(cards: Iterable[Card]) -> dict[Card, int]:
    """For an 11-card hand (any size works): each card, and the least deadwood left after discarding it."""
    return {CARDS[card]: value for card, value in cached_discard_deadwoods(mask_of(cards)).items()}
