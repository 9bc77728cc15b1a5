"""Layoffs: the cards a defender may add to the knocker's melds, and the layoffs that leave the defender the
least deadwood (with the defender's own melds chosen together with them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Any

from .cards import CARDS, Card, CardMask
from .meld_search import cached_deadwood
from .melds import MeldResult
from .wire import encoder


@dataclass(frozen=True, slots=True)
class Layoff:
    """A card the defender laid off on one of the knocker's melds."""

    card: Card
    """The card laid off."""
    meld: int
    """Index into the knocker's melds of the meld the card extends."""

    def to_json(self) -> dict[str, Any]:
        return encoder(Layoff)(self)


def layoff_spots(meld: Sequence[Card]) -> list[list[Card]]:
    """The chains of cards that could extend ``meld``, nearest first.

    A set of three takes its missing fourth card; a run takes cards below its
    low end and above its high end, each chain in the order they must be added.
    """
    return [[CARDS[c] for c in chain] for chain in _chains(tuple(meld))]


@lru_cache(maxsize=4096)
def _chains(meld: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    first, last = meld[0], meld[-1]
    rank, suit = first % 13, first // 13
    if rank == last % 13:  # a set
        if len(meld) != 3:
            return ()
        held = {card // 13 for card in meld}
        return (tuple(s * 13 + rank for s in range(4) if s not in held),)
    below = tuple(suit * 13 + r for r in range(rank - 1, -1, -1))
    above = tuple(suit * 13 + r for r in range(last % 13 + 1, 13))
    return (below, above)


def best_defense(defender_mask: CardMask, knocker_melds: Sequence[Sequence[Card]]) -> tuple[int, tuple[Layoff, ...]]:
    """The defender's least deadwood against ``knocker_melds``, with the layoffs that achieve it.

    Every combination of chain lengths at every meld end is tried; each leaves a
    set of cards for the defender's own melds, whose best deadwood is looked up.
    """
    choices: list[list[tuple[int, int, int]]] = []  # per chain: (laid mask, count, chain id) for each length
    chains: list[tuple[int, tuple[int, ...]]] = []
    for index, meld in enumerate(knocker_melds):
        for chain in _chains(tuple(meld)):
            held = 0
            while held < len(chain) and defender_mask >> chain[held] & 1:
                held += 1
            if held:
                masks = [0]
                for card in chain[:held]:
                    masks.append(masks[-1] | 1 << card)
                choices.append([(masks[n], n, len(chains)) for n in range(held + 1)])
                chains.append((index, chain[:held]))
    best_left = cached_deadwood(defender_mask)
    best_pick: tuple[tuple[int, int, int], ...] = ()
    best_count = 0
    for combo in product(*choices):
        laid_mask = count = 0
        for mask, n, _ in combo:
            laid_mask |= mask
            count += n
        if not count or laid_mask.bit_count() != count:  # nothing laid, or two chains claimed one card
            continue
        left = cached_deadwood(defender_mask & ~laid_mask)
        if left < best_left or (left == best_left and count < best_count):
            best_left, best_pick, best_count = left, combo, count
    layoffs = tuple(Layoff(CARDS[card], chains[chain_id][0])
                    for _, n, chain_id in best_pick for card in chains[chain_id][1][:n])
    return best_left, layoffs


def defender_left(knocker_arrangements: Sequence[MeldResult], defender_mask: CardMask) -> int:
    """The defender's deadwood after laying off, against the knocker's arrangement that leaves the most
    (the knocker's optimal arrangements, as ``optimal_arrangements_of_mask`` gives them)."""
    return max(best_defense(defender_mask, a.melds)[0] for a in knocker_arrangements)
