"""The hard computer player: reads the opponent, keeps its options, knocks when it pays.

Decisions, each from the seat's view only:
- Draw: take the pile card when the hand it makes is clearly better than what
  an average stock card would give (by least deadwood), else draw blind.
- Discard: for each legal discard, the deadwood left, minus what the next draw
  is expected to improve it by, plus the chance that the card completes a meld
  for the opponent (from ``knowledge.infer``), weighted more as the hand goes on.
- Knock: sample opponent hands consistent with the view, score the knock against
  each (layoffs included), and knock when the expected points are good enough;
  hold on for Gin when the hand is nearly there and the stock is still deep.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields

from ginrummy.engine import Action, ActionKind, Card, DiscardOption, View
from ginrummy.engine.actions import discard, draw, knock, pass_upcard, take_upcard
from ginrummy.engine.cards import CARDS, RANK_VALUES, mask_of
from ginrummy.engine.melds import cached_deadwood, cached_discard_deadwoods, optimal_arrangements_of_mask
from ginrummy.engine.scoring import best_defense

from .base import register
from .knowledge import Knowledge, infer


@dataclass(frozen=True)
class HardSettings:
    potential_weight: float = 0.8
    """How much the expected improvement from the next draw counts against deadwood now."""
    danger_weight: float = 6.0
    """Points charged for a discard the opponent surely wants (scaled by the chance they do)."""
    danger_late: float = 2.0
    """Extra danger weight once the stock runs low."""
    take_margin: float = 1.0
    """Take the pile card only when it beats the average stock card by this much deadwood."""
    knock_samples: int = 24
    gin_hunt_deadwood: int = 0
    """Hold a knock with at most this deadwood to go for Gin while the stock is deep (0 = never)."""
    gin_hunt_stock: int = 20
    knock_margin: float = 0.0
    """Knock only when the expected points of the knock exceed this."""


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _best_after_draw(hand: int, card: int, keep: int | None = None) -> int:
    """Least deadwood of ``hand`` plus ``card`` after the best discard (never ``keep``)."""
    options = cached_discard_deadwoods(hand | 1 << card)
    if keep is None:
        return min(options.values())
    return min(v for c, v in options.items() if c != keep)


class HardPlayer:
    name = "hard"

    def __init__(self, rng: random.Random, settings: HardSettings | None = None) -> None:
        self.rng = rng
        self.settings = settings or HardSettings()

    # --- the protocol ---------------------------------------------------------------------------------------

    def choose(self, view: View) -> Action:
        return self.explain(view)[0]

    def explain(self, view: View) -> tuple[Action, str]:
        """The chosen action and one sentence saying why."""
        kinds = {a.kind for a in view.legal_actions}
        seat = view.seat
        if ActionKind.NEXT_HAND in kinds:
            return Action(ActionKind.NEXT_HAND, seat), "Deal the next hand."
        if ActionKind.BIG_GIN in kinds:
            return Action(ActionKind.BIG_GIN, seat), "Big Gin: all eleven cards are in melds."
        knowledge = infer(view)
        if ActionKind.TAKE_UPCARD in kinds or ActionKind.DRAW in kinds:
            return self._draw(view, knowledge, kinds)
        return self._discard(view, knowledge)

    # --- drawing --------------------------------------------------------------------------------------------

    def _stock_expectation(self, hand: int, knowledge: Knowledge, probs: dict[int, float]) -> float:
        """Expected least deadwood after drawing an unseen card that is not in the opponent's hand."""
        total = weight = 0.0
        for card in _bits(knowledge.unseen):
            chance = 1.0 - probs.get(card, 0.0)
            total += chance * _best_after_draw(hand, card)
            weight += chance
        return total / weight if weight else float(cached_deadwood(hand))

    def _draw(self, view: View, knowledge: Knowledge, kinds: set[ActionKind]) -> tuple[Action, str]:
        seat = view.seat
        top = view.discard_pile[-1]
        hand = knowledge.mine
        can_take = ActionKind.TAKE_UPCARD in kinds or any(
            a.kind == ActionKind.DRAW and a.source == "discard" for a in view.legal_actions)
        probs = knowledge.probabilities()
        with_top = _best_after_draw(hand, top, keep=top)
        blind = self._stock_expectation(hand, knowledge, probs)
        take = can_take and with_top + self.settings.take_margin < blind
        if ActionKind.TAKE_UPCARD in kinds:
            if take:
                return take_upcard(seat), (f"Take {top.symbol}: it brings your deadwood to {with_top}, better than "
                                           f"the {blind:.0f} a stock card would give on average.")
            return pass_upcard(seat), f"Pass: {top.symbol} does not improve your hand enough."
        if take:
            return draw(seat, "discard"), (f"Take {top.symbol}: it brings your deadwood to {with_top}, better than "
                                           f"the {blind:.0f} a stock card would give on average.")
        return draw(seat, "stock"), f"Draw from the stock: {top.symbol} does not improve your hand enough."

    # --- discarding and knocking ----------------------------------------------------------------------------

    def _danger(self, card: int, probs: dict[int, float]) -> float:
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

    def _potential(self, hand: int, knowledge: Knowledge, probs: dict[int, float]) -> float:
        """Expected drop in deadwood from the next stock card (hand has 10 cards)."""
        base = cached_deadwood(hand)
        total = weight = 0.0
        for card in _bits(knowledge.unseen):
            chance = 1.0 - probs.get(card, 0.0)
            gain = base - _best_after_draw(hand, card)
            total += chance * gain
            weight += chance
        return total / weight if weight else 0.0

    def _discard(self, view: View, knowledge: Knowledge) -> tuple[Action, str]:
        seat = view.seat
        settings = self.settings
        probs = knowledge.probabilities()
        options = [o for o in view.discard_options if o.card != view.taken_card]
        least = min(o.deadwood for o in options)
        late = max(0.0, 1.0 - view.stock_count / 20)
        danger_weight = settings.danger_weight + settings.danger_late * late
        scored = []
        for option in options:
            if option.deadwood > least + 12:
                continue
            left = knowledge.mine & ~(1 << option.card)
            danger = self._danger(option.card, probs)
            score = (option.deadwood - settings.potential_weight * self._potential(left, knowledge, probs)
                     + danger_weight * danger)
            scored.append((score, -RANK_VALUES[option.card % 13], option.card, danger))
        scored.sort()
        _, _, best_card, best_danger = scored[0]
        card = CARDS[best_card]

        knockable = [o for o in options if o.can_knock]
        if knockable:
            decision = self._knock_decision(view, knowledge, knockable)
            if decision is not None:
                return decision
        left = next(o.deadwood for o in options if o.card == card)
        why = "it keeps your best melds and chances" if best_danger < 0.2 else "it is the safest useful choice"
        return discard(seat, card), f"Discard {card.symbol}: {why} (deadwood {left})."

    def _knock_decision(self, view: View, knowledge: Knowledge,
                        knockable: list[DiscardOption]) -> tuple[Action, str] | None:
        best = min(knockable, key=lambda o: (o.deadwood, -RANK_VALUES[o.card % 13]))
        seat = view.seat
        if best.deadwood == 0:
            return knock(seat, best.card), f"Gin: discard {best.card.symbol} and every card left is in a meld."
        settings = self.settings
        if best.deadwood <= settings.gin_hunt_deadwood and view.stock_count >= settings.gin_hunt_stock:
            return None
        mine = [c for c in view.hand if c != best.card]
        expected, undercut = self._knock_value(mine, knowledge, view)
        if expected <= settings.knock_margin:
            return None
        return knock(seat, best.card), (f"Knock with {best.card.symbol}: deadwood {best.deadwood}, and the "
                                        f"chance of an undercut looks like {undercut:.0%}.")

    def _knock_value(self, mine: list[Card], knowledge: Knowledge, view: View) -> tuple[float, float]:
        """Expected points of knocking now, and the chance of being undercut, over sampled opponent hands.

        Scored as the showdown would be: the knocker's arrangement that leaves the defender the most, and
        the defender's own melds and layoffs chosen together."""
        arrangements = optimal_arrangements_of_mask(mask_of(mine))
        knocker = arrangements[0].deadwood
        rules = view.rules
        total = 0.0
        undercuts = 0
        samples = self.settings.knock_samples
        for _ in range(samples):
            opponent = knowledge.sample_opponent(self.rng)
            defender = max(best_defense(opponent, a.melds)[0] for a in arrangements)
            if knocker < defender:
                total += defender - knocker
            else:
                total -= rules.undercut_bonus + knocker - defender
                undercuts += 1
        return total / samples, undercuts / samples


@register("hard")
def _make(rng: random.Random, **options: float) -> HardPlayer:
    known = {f.name: f.type for f in fields(HardSettings)}
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise ValueError(f"unknown hard player options: {', '.join(unknown)}")
    converted = {k: int(v) if known[k] in (int, "int") else v for k, v in options.items()}
    return HardPlayer(rng, HardSettings(**converted))  # type: ignore[arg-type]
