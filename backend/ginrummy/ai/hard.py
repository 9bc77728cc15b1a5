"""The hard computer player: reads the opponent, keeps its options, knocks when it pays.

Decisions, each from the seat's view only:
- Draw: take the pile card when the hand it leads to is better than what an
  average stock card would give, each hand scored by its best discard as a
  discard is scored below (a knock or Gin it allows at once counted as
  sure), else draw blind.
- Discard: for each legal discard, the deadwood left (weighted up by the chance
  that the opponent can knock on their next draw, from sampled hands), minus
  what the next stock card is worth to the hand left (the expected drop in
  deadwood, and above all the chance it lets us knock: the hand is a race to
  knock; and more again the chance it gives Gin), plus the chance that the card completes a meld for the opponent
  (from ``knowledge.infer``), weighted more as the hand goes on.
- Knock: sample opponent hands consistent with the view (leaning to hands as good
  as a player who has drawn and discarded this long would hold), score the knock
  against each (layoffs included), and knock only when that beats playing on.
  Playing on is valued by playouts of the rest of the hand on the same sampled
  deals, two ways: knocking at the next chance, or holding out for Gin (and for
  an undercut, should the opponent knock first); the better of the two counts.
  Each sampled result counts by the chance of winning the match it leaves
  (``match_equity``): ten points that win the match are worth more than ten
  that do not, and an undercut that loses it costs more.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import NamedTuple

from ginrummy.engine import (
    CARDS,
    RANK_VALUES,
    Action,
    ActionKind,
    Card,
    DiscardOption,
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

from .hand import deadwood_after_taking, draw_outcomes, knock_outs
from .hand_value import Scorer, StockOdds, stock_odds
from .knowledge import Knowledge, infer
from .match_equity import MatchEquity, match_equity
from .opponent import FIRST_CHANCE
from .rollout import playout


@dataclass(frozen=True)
class HardSettings:
    potential_weight: float = 1.5
    """How much the expected improvement from the next draw counts against deadwood now."""
    knock_weight: float = 36.0
    """Points for each unit of chance that the next stock card lets us knock."""
    gin_weight: float = 120.0
    """Points for each unit of chance that the next stock card gives Gin, on top of its knock: a Gin scores the
    bonus, is never undercut, and is what a hand held past its first knock plays for. Against the frozen hard-v2
    (1,000 matches each, seed 11): 0 won 49.7%, 20 51.2%, 50 52.9%, 80 53.2%, 120 54.3%, 180 55.6%, 300 54.9%;
    against cfr 80 won 65.6% and 180 64.4%, against simple 76.8% and 75.9%: 120 is between."""
    hazard_weight: float = 2.5
    """Weigh our deadwood up by this times the chance the opponent can knock after their next draw."""
    hazard_samples: int = 12
    danger_weight: float = 3.0
    """Points charged for a discard the opponent surely wants (scaled by the chance they do)."""
    danger_late: float = 2.0
    """Extra danger weight once the stock runs low."""
    take_margin: float = 0.0
    """Take the pile card only when it beats the average stock card by more than this much deadwood.
    Measured against cfr and the Gin hunter (500 matches each, three seeds): a margin of 1 gave up about
    1 point a hand to taking whenever the pile card is better; margins of 2 and below 0 did no better."""
    draw_lookahead: int = 1
    """Choose between the pile card and the stock by the discard each leads to, scored as a discard is (the
    deadwood, what the next stock card is worth, the danger of the card thrown, and a knock or Gin it allows
    at once), the stock averaged over the cards it may bring (``hand_value``; 0 = by least deadwood alone).
    Against the frozen hard-v2 (1,000 matches each, seeds 11 and 12): 55.7% and 54.9%, where choosing by least
    deadwood won 54.3% and 53.0%. The two choose differently in 3.5% of draws (``policies``). Also scoring each
    discard by the mean score of the hand after the next stock card (two draws ahead) won 54.4% and 55.4%:
    no better, at twice the time."""
    lookahead_margin: int = 2
    """Discards weighed in the draw's lookahead: those within this much deadwood of the least."""
    knock_samples: int = 24
    knock_margin: float = 0.0
    """Knock only when the expected points of the knock exceed this."""
    hunt_until: int = 2
    """Also value playing on by holding out for Gin while more than this many stock cards are left (2: to
    the end of the stock), and count the better of the two ways of playing on (0 = do not consider it)."""
    tilt: float = 0.03
    """Per opponent discard this hand (up to ``tilt_cap``): how strongly sampled opponent hands lean to
    low deadwood. Fitted so the sampled hands' mean deadwood matches what the baselines really hold."""
    tilt_cap: int = 4
    """Discards counted in the tilt against an opponent who knocks at the first chance: its hands that got
    good ended the hand, so the ones still being played stay loose."""
    holding_tilt_cap: int = 20
    """Discards counted against an opponent who holds for a low knock or Gin: its hand keeps getting better
    (between the two by how low the knocking model puts the opponent's threshold)."""
    tilt_pool: int = 6
    """Candidates drawn per sampled hand before resampling."""
    low_hand_weight: float = 0.02
    """Relative weight of a sampled hand within the knock limit, for an opponent who could have knocked."""
    read_opponent: int = 1
    """Model the opponent's knocking threshold from the hands of this match (``opponent.read_knocking``) in
    the sampled hands, the knock hazard and the playouts (0 = assume it knocks at the first chance)."""
    for_the_match: int = 1
    """Decide knock or play on by the chance of winning the match each result leaves (``match_equity``), not by
    the hand's expected points (0 = points)."""
    rollouts: int = 1
    """Decide knock or play on by playouts of the rest of the hand on sampled deals (0 = knock whenever the
    knock's expected points are good enough). Measured: choosing discards and draws by the same playouts
    played worse than the heuristics, since the quick playout policy ignores what the heuristics weigh."""


class World(NamedTuple):
    """One sampled deal of what the seat cannot see."""

    opponent: int
    """The opponent's hand (mask)."""
    stock: list[int]
    """The stock in drawing order."""
    threshold: int
    """The most deadwood the opponent knocks with."""


class HardPlayer:
    name = "hard"

    def __init__(self, rng: random.Random, settings: HardSettings | None = None) -> None:
        self.rng = rng
        self.settings = settings or HardSettings()

    # --- the protocol ---------------------------------------------------------------------------------------

    def choose(self, view: View) -> Action:
        return self.explain(view)[0]

    def explain(self, view: View) -> tuple[Action, str]:
        """The chosen action and one sentence saying why (a hint adds the chances behind it: ``ai.chances``)."""
        seat = view.seat
        if view.offers(ActionKind.NEXT_HAND):
            return Action(ActionKind.NEXT_HAND, seat), "Deal the next hand."
        if view.offers(ActionKind.BIG_GIN):
            return Action(ActionKind.BIG_GIN, seat), "Big Gin: all eleven cards are in melds."
        knowledge = infer(view)
        if not self.settings.read_opponent:
            knowledge = replace(knowledge, knocking=FIRST_CHANCE)
        if view.drawing:
            return self._draw(view, knowledge)
        return self._discard(view, knowledge)

    # --- drawing --------------------------------------------------------------------------------------------

    def stock_expectation(self, hand: int, odds: StockOdds) -> float:
        """Expected least deadwood after drawing an unseen card that is not in the opponent's hand."""
        if not odds.weight:
            return float(cached_deadwood(hand))
        outcomes = draw_outcomes(hand, odds.cards)
        return sum(c * v for c, v in zip(odds.chances, outcomes, strict=True)) / odds.weight

    def _draw(self, view: View, knowledge: Knowledge) -> tuple[Action, str]:
        seat = view.seat
        top = view.discard_pile[-1]
        hand = knowledge.mine
        probs = knowledge.probabilities()
        odds = stock_odds(knowledge, probs)
        if not view.may_take_pile:
            take = False
        elif self.settings.draw_lookahead:
            take = self._look_ahead(view, knowledge, probs, odds)
        else:
            take = deadwood_after_taking(hand, top) + self.settings.take_margin < self.stock_expectation(hand, odds)
        if take:
            action = take_upcard(seat) if view.first_upcard else draw(seat, "discard")
            why = (f"Take {top.symbol}: with it and your best discard you keep deadwood "
                   f"{deadwood_after_taking(hand, top)}, a better hand than a stock card would give on average")
        else:
            action = pass_upcard(seat) if view.first_upcard else draw(seat, "stock")
            why = f"{'Pass' if view.first_upcard else 'Draw from the stock'}: {top.symbol} does not improve your " \
                  f"hand enough"
        return action, why + "."

    def _look_ahead(self, view: View, knowledge: Knowledge, probs: dict[int, float],
                    odds: StockOdds) -> bool:
        """Whether the pile card leads to a better hand than the stock on average (``Scorer.best``)."""
        scorer = Scorer(self.settings, odds, probs, view.knock_limit, view.stock_count)
        hand = knowledge.mine
        top = view.discard_pile[-1]
        return scorer.best(hand | 1 << top, top) + self.settings.take_margin < scorer.blind(hand)

    # --- discarding and knocking ----------------------------------------------------------------------------

    def knock_hazard(self, view: View, knowledge: Knowledge) -> float:
        """Chance the opponent can knock after drawing a stock card, over hands sampled from the view."""
        hands = self.sample_opponents(view, knowledge, self.settings.hazard_samples)
        limit = view.knock_limit
        total = 0.0
        for opponent in hands:
            cards = cards_of(knowledge.unseen & ~opponent)
            if not cards:
                continue
            threshold = min(limit, knowledge.knocking.sample(self.rng))
            total += knock_outs(opponent, cards, threshold) / len(cards)
        return total / len(hands)

    def _discard(self, view: View, knowledge: Knowledge) -> tuple[Action, str]:
        seat = view.seat
        settings = self.settings
        probs = knowledge.probabilities()
        options = view.legal_discards
        least = min(o.deadwood for o in options)
        scorer = Scorer(settings, stock_odds(knowledge, probs), probs, view.knock_limit, view.stock_count)
        deadwood_weight = 1.0
        if settings.hazard_weight:
            deadwood_weight += settings.hazard_weight * self.knock_hazard(view, knowledge)
        scored = []
        for option in options:
            if option.deadwood > least + 12:
                continue
            danger = scorer.danger(option.card)
            score = (deadwood_weight * option.deadwood - scorer.outlook(knowledge.mine & ~(1 << option.card))
                     + scorer.danger_weight * danger)
            scored.append((score, -RANK_VALUES[option.card % 13], option.card, danger))
        scored.sort()
        _, _, best_card, best_danger = scored[0]
        knockable = [o for o in options if o.can_knock]
        card = CARDS[best_card]
        if knockable:
            decision = self._knock_decision(view, knowledge, knockable, best_card)
            if decision is not None:
                return decision
        facts = f"deadwood {next(o.deadwood for o in options if o.card == card)}"
        if knockable:
            return discard(seat, card), (f"Discard {card.symbol} and play on: Gin or an undercut looks worth "
                                         f"more than knocking now ({facts}).")
        why = "it keeps your best melds and chances" if best_danger < 0.2 else "it is the safest useful choice"
        return discard(seat, card), f"Discard {card.symbol}: {why} ({facts})."

    def _knock_decision(self, view: View, knowledge: Knowledge, knockable: list[DiscardOption],
                        plain_discard: int) -> tuple[Action, str] | None:
        seat = view.seat
        gin = next((o for o in knockable if o.gin), None)
        if gin is not None:
            return knock(seat, gin.card), f"Gin: discard {gin.card.symbol} and every card left is in a meld."
        settings = self.settings
        worlds = self.worlds(view, knowledge)
        opponents = [world.opponent for world in worlds]
        equity = match_equity(view) if settings.for_the_match else None
        worth = _worth(equity)
        valued = []
        for option in knockable:
            mine = [c for c in view.hand if c != option.card]
            points = self._knock_points(mine, opponents, view)
            valued.append((worth(points), sum(points) / len(points), -option.deadwood, option))
        value, expected, _, best = max(valued, key=lambda v: (v[0], v[1], v[2]))
        if equity is None and expected <= settings.knock_margin:
            return None
        if settings.rollouts and value < self._play_on_value(view, worlds, plain_discard, worth):
            return None
        return knock(seat, best.card), (f"Knock with {best.card.symbol}: deadwood {best.deadwood}, and knocking "
                                        f"now looks worth more than playing on.")

    def worlds(self, view: View, knowledge: Knowledge) -> list[World]:
        """Sampled deals of what we cannot see: the opponent's hand, the stock in drawing order, and the
        opponent's knocking threshold."""
        worlds = []
        for opponent in self.sample_opponents(view, knowledge):
            stock: list[int] = list(cards_of(knowledge.unseen & ~opponent))
            self.rng.shuffle(stock)
            worlds.append(World(opponent, stock, knowledge.knocking.sample(self.rng)))
        return worlds

    def _play_on_value(self, view: View, worlds: list[World], card: int,
                       worth: Callable[[list[int]], float]) -> float:
        """Worth of discarding ``card`` without knocking and playing the hand out (``worth`` of the points per
        world), in the better of two ways: knocking at the next chance, or holding out for Gin."""
        mine = mask_of(view.hand) & ~(1 << card)
        rules = view.rules
        hunt_until = self.settings.hunt_until
        at_once = [playout([mine, opponent], stock, card, 1, view.knock_limit, rules, opponent_knocks_at=threshold)
                   for opponent, stock, threshold in worlds]
        if not hunt_until:
            return worth(at_once)
        holding_out = [playout([mine, opponent], stock, card, 1, view.knock_limit, rules, hunt_until,
                               opponent_knocks_at=threshold) for opponent, stock, threshold in worlds]
        return max(worth(at_once), worth(holding_out))

    def sample_opponents(self, view: View, knowledge: Knowledge, wanted: int = 0) -> list[int]:
        """Opponent hands consistent with the view.

        Cards drawn one by one from the inferred chances make hands as loose as a random deal, but a player
        who has drawn and discarded for a while holds a better hand than that: each discard let them keep
        what fits. So candidates are drawn, then resampled with weight ``exp(-tilt * deadwood)``, the tilt
        growing with the opponent's discards this hand: for longer against an opponent who holds for a low
        knock (its hand keeps improving) than against one who knocks at the first chance (its good hands
        ended the hand). A player who has discarded and not knocked most
        likely holds more than it would knock with, so such hands count for little: how little follows the
        model of its knocking (``knowledge.knocking``)."""
        settings = self.settings
        wanted = wanted or settings.knock_samples
        opponent_discards = len(view.discards[view.opponent])
        if not opponent_discards:
            return [knowledge.sample_opponent(self.rng) for _ in range(wanted)]
        limit = view.knock_limit
        knocking = knowledge.knocking
        holding = max(0.0, 1.0 - knocking.expected / limit) if limit else 0.0
        cap = settings.tilt_cap + (settings.holding_tilt_cap - settings.tilt_cap) * holding
        tilt = settings.tilt * min(opponent_discards, cap)
        spared = 1.0 - settings.low_hand_weight
        candidates = [knowledge.sample_opponent(self.rng) for _ in range(wanted * settings.tilt_pool)]
        weights = []
        for hand in candidates:
            left = cached_deadwood(hand)
            would_knock = knocking.knock_chance(left) if left <= limit else 0.0
            weights.append(math.exp(-tilt * left) * (1.0 - spared * would_knock))
        return self.rng.choices(candidates, weights, k=wanted)

    def _knock_points(self, mine: list[Card], opponents: list[int], view: View) -> list[int]:
        """Points of knocking with ``mine`` against each sampled hand, scored as the showdown would be
        (``knock_points``: negative when undercut)."""
        arrangements = optimal_arrangements_of_mask(mask_of(mine))
        return [knock_points(arrangements, opponent, view.rules) for opponent in opponents]


def _worth(equity: MatchEquity | None) -> Callable[[list[int]], float]:
    """How a choice's results over the sampled deals (points for us, per deal) are valued: by the mean chance
    of winning the match they leave, or by mean points when the match is not a race to a target."""
    if equity is None:
        return lambda points: sum(points) / len(points)
    return lambda points: sum(equity.after(p) for p in points) / len(points)


def make_hard(rng: random.Random, **options: float) -> HardPlayer:
    """A hard player; ``options`` override its settings by name (for tuning runs)."""
    known = {f.name: f.type for f in fields(HardSettings)}
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise ValueError(f"unknown hard player options: {', '.join(unknown)}")
    converted = {k: int(v) if known[k] in (int, "int") else v for k, v in options.items()}
    return HardPlayer(rng, HardSettings(**converted))  # type: ignore[arg-type]
