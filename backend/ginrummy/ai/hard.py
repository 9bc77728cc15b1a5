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
- Knock: Gin always; otherwise sample deals of the unseen cards consistent with the view (leaning to
  opponent hands as good as a player who has drawn and discarded this long would hold) and knock only when
  the knock beats playing on by the margin the opponent's play calls for (``knock_weighing``).
"""

from __future__ import annotations

import random
from dataclasses import fields, replace

from ginrummy.engine import (
    CARDS,
    RANK_VALUES,
    Action,
    ActionKind,
    Card,
    DiscardOption,
    View,
    cached_deadwood,
    discard,
    draw,
    knock,
    pass_upcard,
    take_upcard,
)

from . import sampling
from .hand import deadwood_after_taking, draw_outcomes
from .hand_value import Scorer, StockOdds, stock_odds
from .hard_settings import HardSettings
from .knock_weighing import KnockWeighing, knock_margin_read, opponent_shows, weigh_knock
from .knowledge import Knowledge, infer
from .opponent import FIRST_CHANCE
from .sampling import World

__all__ = ["HardPlayer", "HardSettings", "World", "make_hard"]


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
        knowledge = self.knowledge(view)
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
        """Chance the opponent can knock after drawing a stock card (``sampling.knock_hazard``)."""
        return sampling.knock_hazard(view, knowledge, self.settings, self.rng)

    def play_on_discard(self, view: View) -> Card:
        """The card this player throws at a discard when it does not knock (``view`` at a discard)."""
        return CARDS[self._plain_discard(view, self.knowledge(view))[0]]

    def knowledge(self, view: View) -> Knowledge:
        """What the view tells of the opponent's hand and knocking (``knowledge.infer``)."""
        knowledge = infer(view)
        if not self.settings.read_opponent:
            knowledge = replace(knowledge, knocking=FIRST_CHANCE)
        return knowledge

    def _plain_discard(self, view: View, knowledge: Knowledge) -> tuple[int, float]:
        """The best discard without knocking, and the chance it completes a meld for the opponent."""
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
        return best_card, best_danger

    def _discard(self, view: View, knowledge: Knowledge) -> tuple[Action, str]:
        seat = view.seat
        options = view.legal_discards
        best_card, best_danger = self._plain_discard(view, knowledge)
        knockable = [o for o in options if o.can_knock]
        card = CARDS[best_card]
        facts = f"deadwood {next(o.deadwood for o in options if o.card == card)}"
        if knockable:
            decision = self._knock_decision(view, knowledge, knockable, best_card)
            if not isinstance(decision, str):
                return decision
            return discard(seat, card), f"Discard {card.symbol} and play on: {decision} ({facts})."
        why = "it keeps your best melds and chances" if best_danger < 0.2 else "it is the safest useful choice"
        return discard(seat, card), f"Discard {card.symbol}: {why} ({facts})."

    def _knock_decision(self, view: View, knowledge: Knowledge, knockable: list[DiscardOption],
                        plain_discard: int) -> tuple[Action, str] | str:
        """The knock to make, with why; or, to play on, why not."""
        seat = view.seat
        gin = next((o for o in knockable if o.gin), None)
        if gin is not None:
            return knock(seat, gin.card), f"Gin: discard {gin.card.symbol} and every card left is in a meld."
        weighed = self.weigh_knock(view, knowledge, knockable, plain_discard)
        worth_more = "Gin or an undercut looks worth more than knocking now"
        if weighed.by_points and weighed.points <= self.settings.knock_margin:
            return worth_more
        if weighed.play_on is not None and weighed.worth < weighed.play_on + weighed.margin:
            if weighed.worth < weighed.play_on:
                return worth_more
            return f"{opponent_shows(view)} say its hand is tight"
        best = weighed.option
        return knock(seat, best.card), (f"Knock with {best.card.symbol}: deadwood {best.deadwood}, and knocking "
                                        f"now looks worth more than playing on.")

    def weigh_knock(self, view: View, knowledge: Knowledge, knockable: list[DiscardOption],
                    plain_discard: int) -> KnockWeighing:
        """What the knock decision weighs (``knock_weighing.weigh_knock``)."""
        return weigh_knock(view, knockable, plain_discard, self.worlds(view, knowledge), self.settings)

    def knock_margin_read(self, view: View, undercut: float) -> float:
        """How much more match equity than playing on a knock must promise (``knock_weighing``)."""
        return knock_margin_read(view, undercut, self.settings)

    def worlds(self, view: View, knowledge: Knowledge) -> list[World]:
        """Sampled deals of what we cannot see (``sampling.worlds``)."""
        return sampling.worlds(view, knowledge, self.settings, self.rng)

    def sample_opponents(self, view: View, knowledge: Knowledge, wanted: int = 0) -> list[int]:
        """Opponent hands consistent with the view (``sampling.sample_opponents``)."""
        return sampling.sample_opponents(view, knowledge, self.settings, self.rng, wanted)


def make_hard(rng: random.Random, **options: float) -> HardPlayer:
    """A hard player; ``options`` override its settings by name (for tuning runs)."""
    known = {f.name: f.type for f in fields(HardSettings)}
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise ValueError(f"unknown hard player options: {', '.join(unknown)}")
    converted = {k: int(v) if known[k] in (int, "int") else v for k, v in options.items()}
    return HardPlayer(rng, HardSettings(**converted))  # type: ignore[arg-type]
