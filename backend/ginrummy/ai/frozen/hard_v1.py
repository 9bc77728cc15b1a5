"""hard-v1: the hard computer player as of this version, kept unchanged as a yardstick for later versions.

A self-contained copy of ``ai/hard.py``, ``ai/knowledge.py`` and ``ai/rollout.py`` as committed in e58bbcf
(the first hard player: it assumes every opponent knocks at the first chance), with the settings pinned to
that version's defaults. It makes the same decisions from the same view and random stream as that hard
player did; only the one-sentence explanations are left out (a yardstick needs the moves, not the words).
It imports only the rules engine and the shared hand arithmetic, so later changes to the live hard player,
its opponent model or its playouts never change it. Do not tune it: make a new frozen copy instead.

How it plays, each decision from the seat's view only:

- Draw: take the pile card when the hand it makes beats what an average stock card would give (by least
  deadwood) by more than ``TAKE_MARGIN``, else draw blind.
- Discard: for each legal discard, the deadwood left (weighted up by the chance that the opponent can knock
  on their next draw, from sampled hands), minus what the next stock card is worth to the hand left, plus
  the chance that the card completes a meld for the opponent (from the inference below), weighted more as
  the hand goes on.
- Knock: Gin always; otherwise sample opponent hands consistent with the view, score the knock against each
  (layoffs included), and knock only when that beats playing on, valued by playouts of the rest of the hand
  on the same sampled deals (knocking at the next chance, or holding out for Gin; the better counts).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ginrummy.engine import (
    CARDS,
    RANK_VALUES,
    Action,
    ActionKind,
    Card,
    DiscardOption,
    Rules,
    View,
    cached_deadwood,
    cards_of,
    discard,
    draw,
    knock,
    knock_points,
    mask_of,
    optimal_arrangements_of_mask,
    pass_upcard,
    take_upcard,
)

from ..hand import (
    FULL_DECK,
    NEXT_TO,
    SAME_RANK,
    TWO_AWAY,
    best_discard,
    deadwood_after_taking,
    draw_outcomes,
    knock_outs,
)

# --- the pinned settings (the hard player's defaults at this version) -----------------------------------------

POTENTIAL_WEIGHT = 1.5
"""How much the expected improvement from the next draw counts against deadwood now."""
KNOCK_WEIGHT = 36.0
"""Points for each unit of chance that the next stock card lets us knock."""
HAZARD_WEIGHT = 2.5
"""Weigh our deadwood up by this times the chance the opponent can knock after their next draw."""
HAZARD_SAMPLES = 12
DANGER_WEIGHT = 3.0
"""Points charged for a discard the opponent surely wants (scaled by the chance they do)."""
DANGER_LATE = 2.0
"""Extra danger weight once the stock runs low."""
TAKE_MARGIN = 1.0
"""Take the pile card only when it beats the average stock card by this much deadwood."""
KNOCK_SAMPLES = 24
KNOCK_MARGIN = 0.0
"""Knock only when the expected points of the knock exceed this."""
HUNT_UNTIL = 2
"""Playing on is also valued by holding out for Gin while more than this many stock cards are left."""
TILT = 0.03
"""Per opponent discard this hand (up to ``TILT_CAP``): how strongly sampled opponent hands lean to low
deadwood."""
TILT_CAP = 4
TILT_POOL = 6
"""Candidates drawn per sampled hand before resampling."""
LOW_HAND_WEIGHT = 0.02
"""Relative weight of a sampled hand within the knock limit, for an opponent who could have knocked."""

# --- what the seat can infer about the opponent's hand (knowledge.py) -----------------------------------------

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
    """Every card is ours, in the discard pile, known to be in the opponent's hand, or unseen; each unseen
    card carries a weight for "the opponent holds it"."""

    mine: int
    pile: int
    opp_known: int
    unseen: int
    unknown_in_opp: int
    """How many of the opponent's cards we have not seen."""
    weights: dict[int, float]

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
    """The weights of every unseen card from the opponent's takes, throws and declines."""
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
    return Knowledge(mine, pile, known, unseen, unknown, weights)


# --- playouts of the rest of a hand (rollout.py) ---------------------------------------------------------------

STOCK_FLOOR = 2


def playout(hands: list[int], stock: list[int], top: int, knock_limit: int, rules: Rules,
            hunt_until: int | None = None) -> int:
    """Play the hand out from the opponent's (seat 1's) draw; points from seat 0's side (0 = no score).

    Both sides take the pile card when it lowers their deadwood and throw the highest of the least-deadwood
    discards; each knocks at the knock limit at the first chance, except that seat 0 holds out for Gin while
    more than ``hunt_until`` stock cards are left (None: it knocks at once too).
    """
    hands = list(hands)
    position = 0
    turn = 1
    pile_top: int | None = top
    while len(stock) - position > STOCK_FLOOR:
        hand = hands[turn]
        taken = -1
        if pile_top is not None:
            current = cached_deadwood(hand)
            with_top, _ = best_discard(hand | 1 << pile_top, pile_top)
            if with_top < current:
                hand |= 1 << pile_top
                taken = pile_top
        if taken < 0:
            hand |= 1 << stock[position]
            position += 1
        left, card = best_discard(hand, taken)
        hand &= ~(1 << card)
        hands[turn] = hand
        holds_out = hunt_until is not None and turn == 0 and left > 0 and len(stock) - position > hunt_until
        if left <= knock_limit and not holds_out:
            points = knock_points(optimal_arrangements_of_mask(hand), hands[1 - turn], rules)
            return points if turn == 0 else -points
        pile_top = card
        turn = 1 - turn
    return 0


# --- the player (hard.py) -----------------------------------------------------------------------------------


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


class HardV1Player:
    name = "hard-v1"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View) -> Action:
        seat = view.seat
        if view.offers(ActionKind.NEXT_HAND):
            return Action(ActionKind.NEXT_HAND, seat)
        if view.offers(ActionKind.BIG_GIN):
            return Action(ActionKind.BIG_GIN, seat)
        knowledge = infer(view)
        if view.drawing:
            return self._draw(view, knowledge)
        return self._discard(view, knowledge)

    # --- drawing --------------------------------------------------------------------------------------------

    @staticmethod
    def _stock_expectation(hand: int, odds: StockOdds) -> float:
        """Expected least deadwood after drawing an unseen card that is not in the opponent's hand."""
        if not odds.weight:
            return float(cached_deadwood(hand))
        outcomes = draw_outcomes(hand, odds.cards)
        return sum(c * v for c, v in zip(odds.chances, outcomes, strict=True)) / odds.weight

    def _draw(self, view: View, knowledge: Knowledge) -> Action:
        seat = view.seat
        hand = knowledge.mine
        with_top = deadwood_after_taking(hand, view.discard_pile[-1])
        blind = self._stock_expectation(hand, stock_odds(knowledge, knowledge.probabilities()))
        take = view.may_take_pile and with_top + TAKE_MARGIN < blind
        if view.first_upcard:
            return take_upcard(seat) if take else pass_upcard(seat)
        return draw(seat, "discard" if take else "stock")

    # --- discarding and knocking ----------------------------------------------------------------------------

    @staticmethod
    def _danger(card: int, probs: dict[int, float]) -> float:
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

    @staticmethod
    def _outlook(hand: int, odds: StockOdds, limit: int) -> float:
        """What the next stock card is worth to a 10-card hand, in deadwood points: the expected drop in
        deadwood and the chance that it lets us knock, each weighted."""
        if not odds.weight:
            return 0.0
        base = cached_deadwood(hand)
        drop = knocks = 0.0
        for chance, left in zip(odds.chances, draw_outcomes(hand, odds.cards), strict=True):
            drop += chance * (base - left)
            if left <= limit:
                knocks += chance
        return (POTENTIAL_WEIGHT * drop + KNOCK_WEIGHT * knocks) / odds.weight

    def _knock_hazard(self, view: View, knowledge: Knowledge) -> float:
        """Chance the opponent can knock after drawing a stock card, over hands sampled from the view."""
        hands = self._sample_opponents(view, knowledge, HAZARD_SAMPLES)
        limit = view.knock_limit
        total = 0.0
        for opponent in hands:
            cards = cards_of(knowledge.unseen & ~opponent)
            if not cards:
                continue
            total += knock_outs(opponent, cards, limit) / len(cards)
        return total / len(hands)

    def _discard(self, view: View, knowledge: Knowledge) -> Action:
        seat = view.seat
        probs = knowledge.probabilities()
        options = view.legal_discards
        least = min(o.deadwood for o in options)
        late = max(0.0, 1.0 - view.stock_count / 20)
        danger_weight = DANGER_WEIGHT + DANGER_LATE * late
        odds = stock_odds(knowledge, probs)
        deadwood_weight = 1.0 + HAZARD_WEIGHT * self._knock_hazard(view, knowledge)
        scored = []
        for option in options:
            if option.deadwood > least + 12:
                continue
            left = knowledge.mine & ~(1 << option.card)
            score = (deadwood_weight * option.deadwood - self._outlook(left, odds, view.knock_limit)
                     + danger_weight * self._danger(option.card, probs))
            scored.append((score, -RANK_VALUES[option.card % 13], option.card))
        scored.sort()
        best_card = scored[0][2]
        knockable = [o for o in options if o.can_knock]
        if knockable:
            decision = self._knock_decision(view, knowledge, knockable, best_card)
            if decision is not None:
                return decision
        return discard(seat, CARDS[best_card])

    def _knock_decision(self, view: View, knowledge: Knowledge, knockable: list[DiscardOption],
                        plain_discard: int) -> Action | None:
        """Gin at once; otherwise the best knock, if its expected points beat both ``KNOCK_MARGIN`` and
        playing on after discarding ``plain_discard``."""
        seat = view.seat
        gin = next((o for o in knockable if o.gin), None)
        if gin is not None:
            return knock(seat, gin.card)
        worlds = self._worlds(view, knowledge)
        opponents = [opponent for opponent, _ in worlds]
        valued = []
        for option in knockable:
            mine = [c for c in view.hand if c != option.card]
            valued.append((self._knock_value(mine, opponents, view), -option.deadwood, option))
        expected, _, best = max(valued, key=lambda v: (v[0], v[1]))
        if expected <= KNOCK_MARGIN or expected < self._play_on_value(view, worlds, plain_discard):
            return None
        return knock(seat, best.card)

    def _worlds(self, view: View, knowledge: Knowledge) -> list[tuple[int, list[int]]]:
        """Sampled deals of what we cannot see: the opponent's hand and the stock in drawing order."""
        worlds = []
        for opponent in self._sample_opponents(view, knowledge, KNOCK_SAMPLES):
            stock: list[int] = list(cards_of(knowledge.unseen & ~opponent))
            self.rng.shuffle(stock)
            worlds.append((opponent, stock))
        return worlds

    @staticmethod
    def _play_on_value(view: View, worlds: list[tuple[int, list[int]]], card: int) -> float:
        """Expected points of discarding ``card`` without knocking and playing the hand out: the better of
        knocking at the next chance and holding out for Gin."""
        mine = mask_of(view.hand) & ~(1 << card)
        rules = view.rules
        at_once = holding_out = 0
        for opponent, stock in worlds:
            at_once += playout([mine, opponent], stock, card, view.knock_limit, rules)
            holding_out += playout([mine, opponent], stock, card, view.knock_limit, rules, HUNT_UNTIL)
        return max(at_once, holding_out) / len(worlds)

    def _sample_opponents(self, view: View, knowledge: Knowledge, wanted: int) -> list[int]:
        """Opponent hands consistent with the view, leaning to hands as good as a player who has drawn and
        discarded this long would hold: candidates are resampled with weight ``exp(-tilt * deadwood)``, the
        tilt growing with the opponent's discards this hand, and hands within the knock limit count for
        little (a player who could have knocked most likely would have)."""
        opponent_discards = len(view.discards[view.opponent])
        if not opponent_discards:
            return [knowledge.sample_opponent(self.rng) for _ in range(wanted)]
        tilt = TILT * min(opponent_discards, TILT_CAP)
        limit = view.knock_limit
        candidates = [knowledge.sample_opponent(self.rng) for _ in range(wanted * TILT_POOL)]
        weights = []
        for hand in candidates:
            left = cached_deadwood(hand)
            weights.append(math.exp(-tilt * left) * (LOW_HAND_WEIGHT if left <= limit else 1.0))
        return self.rng.choices(candidates, weights, k=wanted)

    @staticmethod
    def _knock_value(mine: list[Card], opponents: list[int], view: View) -> float:
        """Expected points of knocking with ``mine`` against the sampled hands, scored as the showdown would
        be (``knock_points``, layoffs included)."""
        arrangements = optimal_arrangements_of_mask(mask_of(mine))
        return sum(knock_points(arrangements, opponent, view.rules) for opponent in opponents) / len(opponents)


def make_hard_v1(rng: random.Random) -> HardV1Player:
    """hard-v1 takes no options: its settings are pinned."""
    return HardV1Player(rng)
