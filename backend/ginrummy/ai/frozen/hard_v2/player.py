"""hard-v2's decisions: a copy of ``HardPlayer.choose`` (``ai/hard.py``) and the playouts it uses
(``ai/rollout.py``) as of ba364a2, with ``HardSettings``' defaults of that version pinned as constants."""

from __future__ import annotations

import math
import random
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

from ...hand import best_discard, deadwood_after_taking, draw_outcomes, knock_outs
from .knowledge import Knowledge, infer, meld_danger

# --- the pinned settings (HardSettings' defaults at ba364a2) --------------------------------------------------

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
TAKE_MARGIN = 0.0
"""Take the pile card only when it beats the average stock card by more than this much deadwood."""
KNOCK_SAMPLES = 24
KNOCK_MARGIN = 0.0
"""Knock only when the expected points of the knock exceed this."""
HUNT_UNTIL = 2
"""Playing on is also valued by holding out for Gin while more than this many stock cards are left."""
TILT = 0.03
"""Per counted opponent discard this hand: how strongly sampled opponent hands lean to low deadwood."""
TILT_CAP = 4
"""Discards counted in the tilt against an opponent who knocks at the first chance."""
HOLDING_TILT_CAP = 20
"""Discards counted against an opponent who holds for a low knock or Gin (between the two caps by how low the
knocking model puts its threshold)."""
TILT_POOL = 6
"""Candidates drawn per sampled hand before resampling."""
LOW_HAND_WEIGHT = 0.02
"""Relative weight of a sampled hand within the knock limit, for an opponent sure to knock with it."""
STOCK_FLOOR = 2


# --- playouts of the rest of a hand (rollout.py) ---------------------------------------------------------------


def playout(hands: list[int], stock: list[int], top: int, knock_limit: int, rules: Rules,
            opponent_knocks_at: int, hunt_until: int | None = None) -> int:
    """Play the hand out from the opponent's (seat 1's) draw; points from seat 0's side (0 = no score).

    Both sides take the pile card when it lowers their deadwood and throw the highest of the least-deadwood
    discards. Seat 1 knocks at the first chance with deadwood ``opponent_knocks_at`` or less (within the
    knock limit); seat 0 at the knock limit, except that it holds out for Gin while more than ``hunt_until``
    stock cards are left (None: it knocks at once).
    """
    hands = list(hands)
    position = 0
    turn = 1
    thresholds = (knock_limit, min(knock_limit, opponent_knocks_at))
    while len(stock) - position > STOCK_FLOOR:
        hand = hands[turn]
        taken = -1
        current = cached_deadwood(hand)
        with_top, _ = best_discard(hand | 1 << top, top)
        if with_top < current:
            hand |= 1 << top
            taken = top
        if taken < 0:
            hand |= 1 << stock[position]
            position += 1
        left, card = best_discard(hand, taken)
        hand &= ~(1 << card)
        hands[turn] = hand
        holds_out = hunt_until is not None and turn == 0 and left > 0 and len(stock) - position > hunt_until
        if left <= thresholds[turn] and not holds_out:
            points = knock_points(optimal_arrangements_of_mask(hand), hands[1 - turn], rules)
            return points if turn == 0 else -points
        top = card
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


class World(NamedTuple):
    """One sampled deal of what the seat cannot see."""

    opponent: int
    """The opponent's hand (mask)."""
    stock: list[int]
    """The stock in drawing order."""
    threshold: int
    """The most deadwood the opponent knocks with."""


class HardV2Player:
    name = "hard-v2"

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
        """Chance the opponent can knock after drawing a stock card, over hands sampled from the view, each
        with a knocking threshold drawn from the model of the opponent."""
        hands = self._sample_opponents(view, knowledge, HAZARD_SAMPLES)
        limit = view.knock_limit
        total = 0.0
        for opponent in hands:
            cards = cards_of(knowledge.unseen & ~opponent)
            if not cards:
                continue
            threshold = min(limit, knowledge.knocking.sample(self.rng))
            total += knock_outs(opponent, cards, threshold) / len(cards)
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
                     + danger_weight * meld_danger(option.card, probs))
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
        opponents = [world.opponent for world in worlds]
        valued = []
        for option in knockable:
            mine = [c for c in view.hand if c != option.card]
            valued.append((self._knock_value(mine, opponents, view), -option.deadwood, option))
        expected, _, best = max(valued, key=lambda v: (v[0], v[1]))
        if expected <= KNOCK_MARGIN or expected < self._play_on_value(view, worlds, plain_discard):
            return None
        return knock(seat, best.card)

    def _worlds(self, view: View, knowledge: Knowledge) -> list[World]:
        """Sampled deals of what we cannot see: the opponent's hand, the stock in drawing order, and the
        opponent's knocking threshold."""
        worlds = []
        for opponent in self._sample_opponents(view, knowledge, KNOCK_SAMPLES):
            stock: list[int] = list(cards_of(knowledge.unseen & ~opponent))
            self.rng.shuffle(stock)
            worlds.append(World(opponent, stock, knowledge.knocking.sample(self.rng)))
        return worlds

    @staticmethod
    def _play_on_value(view: View, worlds: list[World], card: int) -> float:
        """Expected points of discarding ``card`` without knocking and playing the hand out: the better of
        knocking at the next chance and holding out for Gin."""
        mine = mask_of(view.hand) & ~(1 << card)
        limit, rules = view.knock_limit, view.rules
        at_once = holding_out = 0
        for opponent, stock, threshold in worlds:
            at_once += playout([mine, opponent], stock, card, limit, rules, threshold)
            holding_out += playout([mine, opponent], stock, card, limit, rules, threshold, HUNT_UNTIL)
        return max(at_once, holding_out) / len(worlds)

    def _sample_opponents(self, view: View, knowledge: Knowledge, wanted: int) -> list[int]:
        """Opponent hands consistent with the view, leaning to hands as good as a player who has drawn and
        discarded this long would hold: candidates are resampled with weight ``exp(-tilt * deadwood)``, the
        tilt growing with the opponent's discards this hand (for longer against an opponent who holds for a
        low knock), and hands the opponent would have knocked with count for little, by the model of its
        knocking."""
        opponent_discards = len(view.discards[view.opponent])
        if not opponent_discards:
            return [knowledge.sample_opponent(self.rng) for _ in range(wanted)]
        limit = view.knock_limit
        knocking = knowledge.knocking
        holding = max(0.0, 1.0 - knocking.expected / limit) if limit else 0.0
        cap = TILT_CAP + (HOLDING_TILT_CAP - TILT_CAP) * holding
        tilt = TILT * min(opponent_discards, cap)
        spared = 1.0 - LOW_HAND_WEIGHT
        candidates = [knowledge.sample_opponent(self.rng) for _ in range(wanted * TILT_POOL)]
        weights = []
        for hand in candidates:
            left = cached_deadwood(hand)
            would_knock = knocking.knock_chance(left) if left <= limit else 0.0
            weights.append(math.exp(-tilt * left) * (1.0 - spared * would_knock))
        return self.rng.choices(candidates, weights, k=wanted)

    @staticmethod
    def _knock_value(mine: list[Card], opponents: list[int], view: View) -> float:
        """Expected points of knocking with ``mine`` against the sampled hands, scored as the showdown would
        be (``knock_points``, layoffs included)."""
        arrangements = optimal_arrangements_of_mask(mask_of(mine))
        return sum(knock_points(arrangements, opponent, view.rules) for opponent in opponents) / len(opponents)


def make_hard_v2(rng: random.Random) -> HardV2Player:
    """hard-v2 takes no options: its settings are pinned."""
    return HardV2Player(rng)
