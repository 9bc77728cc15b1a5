"""How the hard player values a hand it may keep: its deadwood, what the next stock card is worth to it, the
danger of the card it throws, and a knock or Gin it allows at once.

The draw looks one step further than the discard: it scores the hand after each way of drawing (the pile card,
or each card the stock may bring) by its best discard, so that the pile card is taken when the hand it leads to
is better than what the stock gives on average, not merely when it lowers the deadwood.
"""

from __future__ import annotations

import math
from typing import NamedTuple, Protocol

from ginrummy.engine import Card, cached_deadwood, cached_discard_deadwoods, cards_of

from .hand import draw_outcomes
from .knowledge import Knowledge, meld_danger


class Weights(Protocol):
    """The weights a score reads (``hard.HardSettings`` holds them, and documents each)."""

    @property
    def potential_weight(self) -> float: ...
    @property
    def knock_weight(self) -> float: ...
    @property
    def gin_weight(self) -> float: ...
    @property
    def danger_weight(self) -> float: ...
    @property
    def danger_late(self) -> float: ...
    @property
    def lookahead_margin(self) -> int: ...


class StockOdds(NamedTuple):
    """The cards the next stock draw may bring, each with the chance it is not in the opponent's hand."""

    cards: list[Card]
    chances: list[float]
    weight: float
    """Sum of the chances."""


def stock_odds(knowledge: Knowledge, probs: dict[int, float]) -> StockOdds:
    cards = cards_of(knowledge.unseen)
    chances = [1.0 - probs.get(card, 0.0) for card in cards]
    return StockOdds(cards, chances, sum(chances))


class Scorer:
    """How the hard player scores the hands it may keep, for one decision (lower is better). What it works out
    (each hand's outlook, each card's danger) is kept for the decision's other questions."""

    def __init__(self, settings: Weights, odds: StockOdds, probs: dict[int, float], limit: int,
                 stock_count: int) -> None:
        self.settings = settings
        self.odds = odds
        self.probs = probs
        self.limit = limit
        late = max(0.0, 1.0 - stock_count / 20)
        self.danger_weight = settings.danger_weight + settings.danger_late * late
        self.outlooks: dict[int, float] = {}
        self.dangers: dict[int, float] = {}

    def outlook(self, hand: int) -> float:
        """What the next stock card is worth to a 10-card hand, in deadwood points: the expected drop in
        deadwood and the chance that it lets us knock, and Gin, each weighted."""
        known = self.outlooks.get(hand)
        if known is not None:
            return known
        odds = self.odds
        value = 0.0
        if odds.weight:
            base = cached_deadwood(hand)
            settings = self.settings
            limit = self.limit
            drop = knocks = gins = 0.0
            for chance, left in zip(odds.chances, draw_outcomes(hand, odds.cards), strict=True):
                drop += chance * (base - left)
                if left <= limit:
                    knocks += chance
                    if not left:
                        gins += chance
            value = (settings.potential_weight * drop + settings.knock_weight * knocks
                     + settings.gin_weight * gins) / odds.weight
        self.outlooks[hand] = value
        return value

    def danger(self, card: int) -> float:
        known = self.dangers.get(card)
        if known is None:
            known = self.dangers[card] = meld_danger(card, self.probs)
        return known

    def best(self, hand: int, keep: int) -> float:
        """An 11-card hand's score by its best discard (never ``keep``) among those within
        ``lookahead_margin`` of the least deadwood: the deadwood, less the outlook, plus the danger of the card
        thrown, less a sure knock (and a sure Gin) when the hand left allows one at once."""
        settings = self.settings
        options = cached_discard_deadwoods(hand)
        least = min(left for card, left in options.items() if card != keep)
        most = least + settings.lookahead_margin
        limit = self.limit
        best = math.inf
        for card, left in options.items():
            if card == keep or left > most:
                continue
            score = left - self.outlook(hand & ~(1 << card)) + self.danger_weight * self.danger(card)
            if left <= limit:
                score -= settings.knock_weight + (settings.gin_weight if not left else 0.0)
            best = min(best, score)
        return best

    def blind(self, hand: int) -> float:
        """A 10-card hand's mean score (``best``) after drawing from the stock."""
        odds = self.odds
        if not odds.weight:
            return float(cached_deadwood(hand))
        return sum(chance * self.best(hand | 1 << card, -1)
                   for card, chance in zip(odds.cards, odds.chances, strict=True)) / odds.weight
