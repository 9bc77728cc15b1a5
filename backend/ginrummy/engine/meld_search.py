"""Meld search: the least deadwood of a hand, and of the hand left by each possible discard.

How it stays fast in pure Python: runs live inside one suit, so every 13-bit
suit pattern's best run deadwood is computed once, at import, into a table
(``meld_tables``). Sets are the only thing that ties suits together, and only
ranks held three or four times can make one. A card of such a rank that no run
of the hand could use (no two suited neighbours in a row) is never left out of
its set, which settles most hands in one look-up per suit. The one card a run
could also use, when there is one, is either in its set or back in its suit:
two look-ups more. Only with two or more such cards are the few choices per
rank (no set, a set of three, all four) tried in turn. The 11-card questions
(what is left after each possible discard, here; the best discard, in
``discard_search``) reuse the same tables, since removing a card changes only
its own suit's pattern.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from .cards import CARDS, RANK_VALUES, Card, CardMask, cards_of, mask_of
from .meld_tables import DISCARD_CHOICES, DROP, RUNNABLE, SET_CHOICES, SUIT_DEADWOOD, SUIT_MASK, choice_patterns


def deadwood_of_mask(mask: CardMask) -> int:
    """Least deadwood of the cards in a 52-bit mask."""
    s0, s1, s2, s3 = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39
    dw = SUIT_DEADWOOD
    ranks = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if not ranks:
        return dw[s0] + dw[s1] + dw[s2] + dw[s3]
    run = RUNNABLE
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
    return min(dw[a] + dw[b] + dw[c] + dw[d] for a, b, c, d in choice_patterns(pats, contested, SET_CHOICES))


cached_deadwood = lru_cache(maxsize=1 << 16)(deadwood_of_mask)


def deadwood(cards: Iterable[Card]) -> int:
    """The least deadwood of a hand."""
    return cached_deadwood(mask_of(cards))


# --- what each discard leaves ------------------------------------------------------------------------------

_State = tuple[int, int, int, int, int]  # deadwood outside the suit patterns, then the four patterns left for runs
_Group = tuple[int, int]  # least deadwood left by discarding any one card of the group, the cards as a mask
_ALL_SUITS = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""Bit 0 of each suit's 13 bits: ``_ALL_SUITS << rank`` is the four cards of a rank."""


def settled_groups(mask: int, settled: int, rest: int) -> list[_Group]:
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


def discard_states(mask: int, ranks: int) -> tuple[list[_State], list[_Group]]:
    """The discard questions of a hand that holds the set ``ranks``: the ways worth trying to meld them, as
    states (deadwood outside the suit patterns, then the patterns left for runs, whose cards' discards the run
    tables answer), and the set cards no state leaves in a pattern, in groups that leave the same deadwood."""
    s0, s1, s2, s3 = mask & SUIT_MASK, mask >> 13 & SUIT_MASK, mask >> 26 & SUIT_MASK, mask >> 39
    dw = SUIT_DEADWOOD
    run = RUNNABLE
    k0, k1, k2, k3 = run[s0] & ranks, run[s1] & ranks, run[s2] & ranks, run[s3] & ranks
    contested = k0 | k1 | k2 | k3
    settled = ranks ^ contested
    if contested and (k0 + k1 + k2 + k3 != contested or contested & (contested - 1)):
        # Two or more contested cards: every choice worth trying for their ranks.
        keep = ~settled
        pats = (s0 & keep, s1 & keep, s2 & keep, s3 & keep)
        states = [(0, a, b, c, d) for a, b, c, d in choice_patterns(pats, contested, DISCARD_CHOICES)]
        if not settled:
            return states, []
        least = min([dw[a] + dw[b] + dw[c] + dw[d] for _, a, b, c, d in states])
        return states, settled_groups(mask, settled, least)
    keep = ~ranks  # every set rank in its set
    a, b, c, d = s0 & keep, s1 & keep, s2 & keep, s3 & keep
    base = dw[a] + dw[b] + dw[c] + dw[d]
    if not contested:
        return [(0, a, b, c, d)], settled_groups(mask, settled, base)
    # One contested card (see ``deadwood_of_mask``): in its set, or back in its suit for a run.
    rank = contested.bit_length() - 1
    value = RANK_VALUES[rank]
    quad = s0 & s1 & s2 & s3 & contested
    left_out = 0 if quad else 2 * value
    kept = [a, b, c, d]
    suit = 0 if k0 else 1 if k1 else 2 if k2 else 3
    change = dw[kept[suit] | contested] - dw[kept[suit]]
    kept[suit] |= contested
    groups = settled_groups(mask, settled, base + min(0, change + left_out)) if settled else []
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
    run = RUNNABLE
    if (run[s0] | run[s1] | run[s2] | run[s3]) & ranks:
        return _discard_deadwoods_with_choices(mask, ranks)
    keep = ~ranks  # every set rank settled (see ``settled_groups``)
    a, b, c, d = s0 & keep, s1 & keep, s2 & keep, s3 & keep
    result = _run_discards(a, b, c, d)
    dw = SUIT_DEADWOOD
    for left, cards in settled_groups(mask, ranks, dw[a] + dw[b] + dw[c] + dw[d]):
        for card in cards_of(cards):
            result[card] = left
    return {card: result[card] for card in sorted(result)}


def _run_discards(s0: int, s1: int, s2: int, s3: int) -> dict[int, int]:
    """``discard_deadwoods_of_mask`` of a hand whose melds can only be runs, by its suit patterns."""
    dw = SUIT_DEADWOOD
    drop = DROP
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
    drop = DROP
    states, groups = discard_states(mask, ranks)
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


cached_discard_deadwoods = lru_cache(maxsize=1 << 16)(discard_deadwoods_of_mask)


def discard_deadwoods(cards: Iterable[Card]) -> dict[Card, int]:
    """For an 11-card hand (any size works): each card, and the least deadwood left after discarding it."""
    return {CARDS[card]: value for card, value in cached_discard_deadwoods(mask_of(cards)).items()}
