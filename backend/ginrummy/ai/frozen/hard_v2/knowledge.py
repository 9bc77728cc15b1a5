"""What hard-v2 infers about the opponent's hand from its view.

A copy of ``ai/knowledge.py`` as of ba364a2. Every card is ours, in the discard pile, known to be in the
opponent's hand (taken from the pile and not thrown), or unseen. Each unseen card carries a weight for "the
opponent holds it": cards that would meld with what they took go up, cards that would meld with what they
threw or declined go down. Weights become probabilities scaled to the number of unknown cards in their hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ginrummy.engine import Card, View, cards_of, mask_of

from ...hand import FULL_DECK, NEXT_TO, SAME_RANK, TWO_AWAY
from .opponent import KnockModel, read_knocking

TAKE = (2.5, 2.3, 1.9)
"""They took a card from the pile: factors for its rank in other suits, its suit neighbours one away, two away."""
THROW = (0.44, 0.63, 0.77)
"""They threw a card: they rarely throw a rank they hold a pair of, or break a run."""
DECLINE = (0.62, 0.75, 0.88)
"""They let a card go by (passed it or drew from the stock instead): weaker evidence than a throw."""


def _related(card: int) -> tuple[list[Card], list[Card], list[Card]]:
    """Cards of the same rank, suit neighbours one rank away, and two ranks away."""
    return cards_of(SAME_RANK[card]), cards_of(NEXT_TO[card]), cards_of(TWO_AWAY[card])


@dataclass
class Knowledge:
    mine: int
    """Our cards (mask)."""
    pile: int
    """Cards in the discard pile."""
    opp_known: int
    """Cards known to be in the opponent's hand."""
    unseen: int
    """Cards in the opponent's hand or the stock, we cannot tell which."""
    unknown_in_opp: int
    """How many of the opponent's cards we have not seen."""
    weights: dict[int, float]
    """Relative weight of each unseen card being in the opponent's hand."""
    knocking: KnockModel
    """How the opponent knocks, from the hands of this match that are over."""

    def probabilities(self) -> dict[int, float]:
        """P(opponent holds card): 1 for known cards, scaled weights for unseen ones, 0 otherwise."""
        total = sum(self.weights.values())
        probs: dict[int, float] = {c: 1.0 for c in cards_of(self.opp_known)}
        if total > 0 and self.unknown_in_opp > 0:
            scale = self.unknown_in_opp / total
            for card, weight in self.weights.items():
                probs[card] = min(0.97, weight * scale)
        return probs

    def sample_opponent(self, rng: random.Random) -> int:
        """One opponent hand (mask) drawn according to the weights, without replacement in one pass
        (Efraimidis and Spirakis: the largest keys ``u ** (1 / weight)`` win)."""
        uniform = rng.random
        keyed = sorted(((uniform() ** (1.0 / w), c) for c, w in self.weights.items()), reverse=True)
        hand = self.opp_known
        for _, card in keyed[:self.unknown_in_opp]:
            hand |= 1 << card
        return hand


def meld_danger(card: int, probs: dict[int, float]) -> float:
    """Chance the opponent can put ``card`` into a meld with cards they hold."""
    rank, suit = card % 13, card // 13
    same = [probs.get(s * 13 + rank, 0.0) for s in range(4) if s != suit]
    chances = [same[0] * same[1], same[0] * same[2], same[1] * same[2]]

    def p(r: int) -> float:
        return probs.get(suit * 13 + r, 0.0) if 0 <= r < 13 else 0.0

    chances += [p(rank - 2) * p(rank - 1), p(rank - 1) * p(rank + 1), p(rank + 1) * p(rank + 2)]
    miss = 1.0
    for chance in chances:
        miss *= 1.0 - chance
    return 1.0 - miss


def _declined_by_opponent(view: View) -> list[int]:
    """Cards the opponent could have taken from the pile and did not."""
    opp = view.opponent
    taken = set(view.pile_takes[opp])
    declined: list[int] = []
    if opp in view.passed:
        declined.append(view.upcard)
    mine = view.discards[view.seat]
    # Every discard of ours has been offered to the opponent, except the newest while they have not yet drawn.
    offered = mine if view.turn == view.seat or view.turn is None else mine[:-1]
    declined.extend(card for card in offered if card not in taken)
    return declined


def infer(view: View) -> Knowledge:
    """The weights of every unseen card from the opponent's takes, throws and declines, and its knocking."""
    opp = view.opponent
    mine = mask_of(view.hand)
    pile = mask_of(view.discard_pile)
    known = mask_of(view.opponent_known)
    unseen = FULL_DECK & ~(mine | pile | known)
    weights: dict[int, float] = dict.fromkeys(cards_of(unseen), 1.0)
    evidence: list[tuple[Sequence[int], tuple[float, float, float]]] = [
        (list(view.pile_takes[opp]), TAKE),
        (list(view.discards[opp]), THROW),
        (_declined_by_opponent(view), DECLINE),
    ]
    for cards, factors in evidence:
        for card in cards:
            for related, factor in zip(_related(card), factors, strict=True):
                for other in related:
                    if other in weights:
                        weights[other] *= factor
    unknown = max(0, view.opponent_card_count - known.bit_count())
    return Knowledge(mine, pile, known, unseen, unknown, weights, read_knocking(view))
