"""How the hard player values a hand it may keep: its deadwood, what the next stock card is worth to it, the
danger of the card it throws, and a knock or Gin it allows at once.

The draw looks one step further than the discard: it scores the hand after each way of drawing (the pile card,
or each card the stock may bring) by its best discard, so that the pile card is taken when the hand it leads to
is better than what the stock gives on average, not merely when it lowers the deadwood.
"""

from __future__ import annotations

import math
from typing import NamedTuple

from ginrummy.engine import Card, cached_deadwood, cached_discard_deadwoods, cards_of

from .hand import draw_outcomes
from .hard_settings import HardSettings
from .knowledge import Knowledge, meld_danger


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

    def __init__(self, settings: HardSettings, odds: StockOdds, probs: dict[int, float], limit: int,
                 stock_count: int) -> None:
        self.settings = settings
        self.odds = odds
        self.probs = probs
        self.limit = limit
        late = max(0.0, 1.0 - stock_count / 20)
        self.danger_weight = settings.danger_weight + settings.danger_late * late
        self.outlooks: dict[int, _Outlook] = {}
        self.dangers: dict[int, float] = {}

    def outlook(self, hand: int) -> float:
        """What the next stock card is worth to a 10-card hand, in deadwood points: the expected drop in
        deadwood and the chance that it lets us knock, and Gin, each weighted."""
        return self._outlook(hand).value

    def _outlook(self, hand: int) -> _Outlook:
        known = self.outlooks.get(hand)
        if known is not None:
            return known
        odds = self.odds
        outlook = _NO_OUTLOOK
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
            drop, knocks, gins = drop / odds.weight, knocks / odds.weight, gins / odds.weight
            value = settings.potential_weight * drop + settings.knock_weight * knocks + settings.gin_weight * gins
            outlook = _Outlook(value, drop, knocks, gins)
        self.outlooks[hand] = outlook
        return outlook

    def danger(self, card: int) -> float:
        known = self.dangers.get(card)
        if known is None:
            known = self.dangers[card] = meld_danger(card, self.probs)
        return known

    def best(self, hand: int, keep: int) -> float:
        """An 11-card hand's score by its best discard (never ``keep``) among those within
        ``lookahead_margin`` of the least deadwood: the deadwood, less the outlook, plus the danger of the card
        thrown, less a sure knock (and a sure Gin) when the hand left allows one at once."""
        return self._best_discard(hand, keep)[0]

    def _best_discard(self, hand: int, keep: int) -> tuple[float, int, int]:
        """``best``'s score, with the card thrown and the deadwood left."""
        settings = self.settings
        options = cached_discard_deadwoods(hand)
        least = min(left for card, left in options.items() if card != keep)
        most = least + settings.lookahead_margin
        limit = self.limit
        best = (math.inf, -1, 0)
        for card, left in options.items():
            if card == keep or left > most:
                continue
            score = left - self.outlook(hand & ~(1 << card)) + self.danger_weight * self.danger(card)
            if left <= limit:
                score -= settings.knock_weight + (settings.gin_weight if not left else 0.0)
            if score < best[0]:
                best = (score, card, left)
        return best

    def blind(self, hand: int) -> float:
        """A 10-card hand's mean score (``best``) after drawing from the stock; with nothing left to draw,
        no score at all (``math.inf``)."""
        odds = self.odds
        if not odds.weight:
            return math.inf
        return sum(chance * self.best(hand | 1 << card, -1)
                   for card, chance in zip(odds.cards, odds.chances, strict=True)) / odds.weight

    def prospect(self, hand: int, keep: int) -> Prospect:
        """What an 11-card hand holds after the discard ``best`` chooses, in a player's terms."""
        _, card, left = self._best_discard(hand, keep)
        outlook = self._outlook(hand & ~(1 << card))
        knocks = left <= self.limit
        return Prospect(left, float(knocks), float(knocks and not left), outlook.drop, outlook.knocks, outlook.gins,
                        self.danger(card))

    def blind_prospect(self, hand: int) -> Prospect:
        """``prospect`` after a stock card, on average over the cards the stock may bring."""
        odds = self.odds
        if not odds.weight:
            return Prospect(cached_deadwood(hand), 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        parts = [self.prospect(hand | 1 << card, -1) for card in odds.cards]
        return Prospect(*(sum(chance * getattr(part, field) for chance, part in zip(odds.chances, parts, strict=True))
                          / odds.weight for field in Prospect._fields))


class _Outlook(NamedTuple):
    value: float
    """``Scorer.outlook``."""
    drop: float
    """The expected drop in deadwood from the next stock card."""
    knocks: float
    """The chance that the next stock card lets the hand knock."""
    gins: float
    """The chance that it gives Gin."""


_NO_OUTLOOK = _Outlook(0.0, 0.0, 0.0, 0.0)


class Prospect(NamedTuple):
    """A hand kept after a draw, by the discard the hard player would make (for the stock, each averaged over
    the cards it may bring)."""

    deadwood: float
    knock_now: float
    """1 when the hand left allows a knock at once (for the stock: the chance of drawing such a card)."""
    gin_now: float
    """1 when it is Gin at once (for the stock: the chance)."""
    drop_next: float
    """The expected drop in deadwood from the next stock card."""
    knock_next: float
    """The chance that the next stock card lets the hand left knock."""
    gin_next: float
    """The chance that it gives Gin."""
    danger: float
    """The chance that the card thrown fits a meld of the opponent's (``knowledge.meld_danger``)."""
