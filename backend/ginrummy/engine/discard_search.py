"""The best discard of an 11-card hand and how good it is: the look-ahead's question (how little deadwood the
best discard leaves) and the simple players' discard, each answered without building the table of every
discard that ``meld_search`` gives, from the same tables and the same set choices.
"""

from __future__ import annotations

from functools import lru_cache

from .cards import RANK_VALUES, CardMask
from .meld_search import discard_states, settled_groups
from .meld_tables import DROP, LEAST_DROP, RUNNABLE, SUIT_DEADWOOD, SUIT_MASK


def _least_settled_discard(quads: int, settled: int) -> int:
    """``min`` of ``settled_groups``' deadwood over ``rest``: 0 with a settled set of four (``quads``), else
    the two cards left of the lowest settled set of three."""
    if not settled:
        return 1000
    return 0 if quads & settled else 2 * RANK_VALUES[(settled & -settled).bit_length() - 1]


def _contested_suit(q: int, k: int, quads: int) -> tuple[int, int, int]:
    """One suit's choices, for its pattern ``q`` with every set rank taken out and its contested cards ``k``
    (cards of set ranks that a run could use, whose ranks no other suit contests): which of them go back to the
    suit for runs. Each one back leaves the other three of its rank a set (``quads``), or the other two
    deadwood. Over every choice, changes to the deadwood of the hand with them all in sets: the least; the least
    after also discarding a card of the pattern (or one of those back in it); the least after discarding
    another card of a contested rank (three left may still make a set; of two, one is deadwood)."""
    dw = SUIT_DEADWOOD
    least = LEAST_DROP
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
    least = LEAST_DROP
    ranks = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if not ranks:
        return dw[s0] + dw[s1] + dw[s2] + dw[s3] + min(least[s0], least[s1], least[s2], least[s3])
    run = RUNNABLE
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
    states, groups = discard_states(mask, ranks)
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
        keys = [*sorted(_discard_key(change, r) for r, change in DROP[pattern]), _NO_DISCARD, _NO_DISCARD]
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
        run = RUNNABLE
        if (run[s0] | run[s1] | run[s2] | run[s3]) & ranks:
            states, groups = discard_states(mask, ranks)
            best = _NO_DISCARD
            for extra, a, b, c, d in states:
                best = min(best, _best_run_discard(a, b, c, d, keep) + (extra << 10))
        else:  # every set rank settled
            out = ~ranks
            dw = SUIT_DEADWOOD
            a, b, c, d = s0 & out, s1 & out, s2 & out, s3 & out
            best = _best_run_discard(a, b, c, d, keep)
            groups = settled_groups(mask, ranks, dw[a] + dw[b] + dw[c] + dw[d])
        for left, cards in groups:  # of each group the lowest card but ``keep``: they all leave the same
            if keep >= 0:
                cards &= ~(1 << keep)
            if cards:
                best = min(best, _discard_key(left, (cards & -cards).bit_length() - 1))
    return (best >> 10) - 200, best & 63


cached_least_discard_deadwood = lru_cache(maxsize=1 << 16)(least_discard_deadwood_of_mask)
cached_best_discard = lru_cache(maxsize=1 << 16)(best_discard_of_mask)
