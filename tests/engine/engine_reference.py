"""Brute-force references for the meld and layoff searches, written from RULES.md alone.

They are slow and obvious on purpose: the engine's table-driven search is checked against them.
Cards are the engine's ints (``suit * 13 + rank``, Ace = rank 0), held here in frozensets.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import combinations

Meld = frozenset[int]


def rank(card: int) -> int:
    return card % 13


def suit(card: int) -> int:
    return card // 13


def value(card: int) -> int:
    """Ace 1, 2-10 their number, J Q K 10."""
    return min(rank(card) + 1, 10)


def total(cards: Iterable[int]) -> int:
    return sum(value(card) for card in cards)


def is_meld(cards: Iterable[int]) -> bool:
    """A set of 3 or 4 cards of one rank, or a run of 3+ consecutive cards of one suit (Ace low, no wrap)."""
    cards = sorted(cards)
    if len(cards) < 3:
        return False
    if len({rank(c) for c in cards}) == 1:
        return len(cards) <= 4
    ranks = [rank(c) for c in cards]
    same_suit = len({suit(c) for c in cards}) == 1
    return same_suit and ranks == list(range(ranks[0], ranks[0] + len(ranks)))


def melds_in(hand: frozenset[int]) -> list[Meld]:
    """Every valid meld made of cards of ``hand``."""
    found = []
    for size in (3, 4):
        found += [frozenset(group) for group in combinations(sorted(hand), size)
                  if len({rank(c) for c in group}) == 1]
    for card in hand:  # runs starting at ``card``
        run = [card]
        while rank(run[-1]) < 12 and run[-1] + 1 in hand:
            run.append(run[-1] + 1)
            if len(run) >= 3:
                found.append(frozenset(run))
    return found


@lru_cache(maxsize=200_000)
def least_deadwood(hand: frozenset[int]) -> int:
    """Least deadwood over all sets of pairwise disjoint melds: the lowest card is either deadwood or in
    one of the melds that contain it."""
    if not hand:
        return 0
    card = min(hand)
    best = value(card) + least_deadwood(hand - {card})
    for meld in melds_in(hand):
        if card in meld:
            best = min(best, least_deadwood(hand - meld))
    return best


def arrangements(hand: frozenset[int]) -> list[tuple[Meld, ...]]:
    """Every way to pick pairwise disjoint melds from ``hand`` (each collection exactly once)."""
    if not hand:
        return [()]
    card = min(hand)
    found = arrangements(hand - {card})
    for meld in melds_in(hand):
        if card in meld:
            found += [(meld, *rest) for rest in arrangements(hand - meld)]
    return found


def best_arrangements(hand: frozenset[int]) -> list[tuple[Meld, ...]]:
    """The arrangements with the least deadwood."""
    scored = [(total(hand - frozenset().union(*melds)), melds) for melds in arrangements(hand)]
    least = min(score for score, _ in scored)
    return [melds for score, melds in scored if score == least]


def layable_subsets(defender: frozenset[int], melds: Iterable[Iterable[int]]) -> set[frozenset[int]]:
    """Every set of defender cards that can be laid off one at a time, each card extending a knocker meld
    as extended so far (a 4th card on a set of three, or a card at either end of a run)."""
    start = tuple(frozenset(meld) for meld in melds)
    seen = {start}
    stack = [start]
    laid_sets = set()
    while stack:
        current = stack.pop()
        laid = frozenset().union(*current) - frozenset().union(*start)
        laid_sets.add(laid)
        for card in defender - laid:
            for i, meld in enumerate(current):
                if is_meld(meld | {card}):
                    extended = (*current[:i], meld | {card}, *current[i + 1:])
                    if extended not in seen:
                        seen.add(extended)
                        stack.append(extended)
    return laid_sets


def least_defender_deadwood(defender: frozenset[int], melds: Iterable[Iterable[int]]) -> int:
    """The defender's least deadwood: every layable subset tried, the rest arranged at best."""
    return min(least_deadwood(defender - laid) for laid in layable_subsets(defender, melds))


def knock_reference(knocker: frozenset[int], defender: frozenset[int]) -> tuple[int, int]:
    """(knocker deadwood, defender deadwood) of a showdown: no layoffs against Gin; otherwise the knocker's
    least-deadwood arrangement that leaves the defender the most, after the defender's best layoffs."""
    knocker_deadwood = least_deadwood(knocker)
    if knocker_deadwood == 0:
        return 0, least_deadwood(defender)
    return knocker_deadwood, max(least_defender_deadwood(defender, melds)
                                 for melds in best_arrangements(knocker))
