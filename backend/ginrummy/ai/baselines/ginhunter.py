"""Gin hunter: holds out for Gin while the stock is deep, building the hand with the most ways to meld.

- Draw: take the pile card when it joins a meld with the hand.
- Discard: keep the hand with the most outs (unseen cards that, drawn next, let it go down the way it
  currently wants to: Gin while hunting, any knock afterwards), then the most live cards (cards already in
  a meld, or in a pair or run draw whose third card is still unseen), then the least deadwood; the highest
  card goes on ties. Early in a hand few hands have a Gin out, so the live count does most of the work:
  it keeps pairs and run draws and throws cards that cannot meld any more.
- Knock: Gin always. Only Gin while more than ``until`` cards are left in the stock; from then on it knocks
  at the first legal chance, like the baseline.
"""

from __future__ import annotations

import random

from ginrummy.engine import Action, CardMask, DiscardOption, View, cards_of, discard, knock, mask_of

from ..base import Position, position_of
from ..hand import MELD_MATES, joins_a_meld, knock_outs, unseen_by
from .moves import draw_move, plain_discard, takes_back


def live_cards(hand: int, unseen: int) -> int:
    """How many cards of ``hand`` can still meld: those in a meld with the hand's other cards, and those in a
    two-card start (a pair, or two cards of a suit at most two ranks apart) that some ``unseen`` card
    completes."""
    live = 0
    for card in cards_of(hand):
        if joins_a_meld(card, hand):
            live += 1
            continue
        for mate in cards_of(hand & MELD_MATES[card]):
            start = 1 << card | 1 << mate
            if any(joins_a_meld(third, start) for third in cards_of(unseen & MELD_MATES[card] & MELD_MATES[mate])):
                live += 1
                break
    return live


class GinHunterPlayer:
    name = "ginhunter"

    def __init__(self, until: int = 10) -> None:
        self.until = until

    def hunting(self, position: Position) -> bool:
        """Whether it still knocks only for Gin: more than ``until`` cards are left in the stock."""
        return position.stock_count > self.until

    def take_chance(self, hand: CardMask, card: int, position: Position) -> float:
        return 1.0 if joins_a_meld(card, hand) and not takes_back(card, position) else 0.0

    def knock_chance(self, deadwood: int, position: Position) -> float:
        if deadwood == 0:
            return 1.0
        return 0.0 if self.hunting(position) or deadwood > position.knock_limit else 1.0

    def choose(self, view: View) -> Action:
        if view.drawing:
            return draw_move(view, self)
        if view.routine is not None:
            return view.routine
        seat = view.seat
        options = view.legal_discards
        gin = next((o for o in options if o.gin), None)
        if gin is not None:
            return knock(seat, gin.card)
        position = position_of(view)
        hunting = self.hunting(position)
        if not hunting:
            lowest = plain_discard(options)
            if lowest.can_knock and self.knock_chance(lowest.deadwood, position):
                return knock(seat, lowest.card)
        return discard(seat, self._keeper(view, options, 0 if hunting else view.knock_limit).card)

    @staticmethod
    def _keeper(view: View, options: tuple[DiscardOption, ...], target: int) -> DiscardOption:
        """The discard that keeps the most outs to deadwood ``target``, then the most live cards, then the least
        deadwood (the highest card on ties)."""
        hand = mask_of(view.hand)
        unseen = unseen_by(view)
        unseen_cards = cards_of(unseen)

        def worth(option: DiscardOption) -> tuple[int, int, int, int]:
            left = hand & ~(1 << option.card)
            return (knock_outs(left, unseen_cards, target), live_cards(left, unseen), -option.deadwood,
                    option.card.rank)

        return max(options, key=worth)


def make_ginhunter(rng: random.Random, until: float = 10) -> GinHunterPlayer:
    """A Gin hunter; it is deterministic, so it leaves its random stream alone."""
    return GinHunterPlayer(int(until))
