"""The coach: how well a seat played a finished hand, judged only from what it could see at each decision.

Each decision is put next to the hard player's choice in the seat's view at that moment (never the cards
hidden then). Where they differ, deals of the unseen cards are sampled as the hard player samples them (its
read of the opponent's hand and knocking included) and both choices are played out on the same deals, so
they are compared on equal luck. A choice's value is the expected points of the hand from the seat's side,
playing on after it in the better of two ways (knock at the first chance, or hold out for Gin). The gap is
the points that decision cost, and it is called a mistake only when it is clearly more than the sampling's
noise.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Literal

from ginrummy.engine import Action, ActionKind, Card, GameState, View, view_for
from ginrummy.engine.cards import CARDS, cards_of, mask_of
from ginrummy.engine.melds import cached_deadwood

from .calibration import calibrated
from .hand import best_discard, deadwood_after_taking, knock_outs
from .hard import HardPlayer, HardSettings, World, stock_odds
from .knowledge import Knowledge, infer, meld_danger
from .rollout import playout, score_knock

Kind = Literal["draw", "discard", "knock"]
KINDS: tuple[Kind, ...] = ("draw", "discard", "knock")
SAMPLES = 32
"""Sampled deals per decision: both choices are played out on the same ones."""
WORTH_SAYING = 1.0
"""Points a decision must cost before the coach calls it a mistake."""
HOLD_OUT = 2
"""Holding out for Gin: until this many stock cards are left (as the hard player's playouts do)."""


@dataclass(frozen=True)
class Decision:
    """One rated decision of the seat."""

    turn: int
    """Draws made in the hand before it (0: the first upcard)."""
    kind: Kind
    """What the choice was about: how to draw, what to discard, or whether to knock."""
    played: Action
    best: Action
    played_points: float
    """Expected points of the hand after the choice played (the seat's side)."""
    best_points: float
    why: str
    """One sentence: why the best choice is better (empty when the choice played was the best)."""
    noise: float = 0.0
    """Twice the standard error of the cost: a smaller cost may be luck of the sampled deals."""

    @property
    def cost(self) -> float:
        return self.best_points - self.played_points

    @property
    def mistake(self) -> bool:
        return self.cost >= max(WORTH_SAYING, self.noise)

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn, "kind": self.kind, "played": self.played.to_json(),
                "best": self.best.to_json(), "played_points": round(self.played_points, 2),
                "best_points": round(self.best_points, 2), "cost": round(self.cost, 2),
                "noise": round(self.noise, 2), "mistake": self.mistake, "why": self.why}


@dataclass(frozen=True)
class HandReview:
    number: int
    seat: int
    decisions: tuple[Decision, ...]

    @property
    def costliest(self) -> Decision | None:
        mistakes = [d for d in self.decisions if d.mistake]
        return max(mistakes, key=lambda d: d.cost) if mistakes else None

    def lost_by_kind(self) -> dict[str, float]:
        """Points lost to mistakes, by kind of decision."""
        return {kind: sum(d.cost for d in self.decisions if d.mistake and d.kind == kind) for kind in KINDS}

    def to_json(self) -> dict[str, Any]:
        costliest = self.costliest
        return {"hand": self.number, "seat": self.seat, "decisions": [d.to_json() for d in self.decisions],
                "costliest": costliest.to_json() if costliest is not None else None,
                "lost": {kind: round(points, 2) for kind, points in self.lost_by_kind().items()},
                "mistakes": sum(1 for d in self.decisions if d.mistake)}


def review_hand(positions: list[tuple[GameState, Action]], number: int, seat: int, seed: int) -> HandReview:
    """Rate every decision ``seat`` made in hand ``number``, given the hand's positions with the action played
    at each (``engine.replay_hand``). The same ``seed`` gives the same review."""
    decisions = []
    for index, (state, action) in enumerate(positions):
        if action.seat != seat or action.kind in (ActionKind.NEXT_HAND, ActionKind.BIG_GIN):
            continue
        rng = random.Random(f"coach:{seed}:{number}:{index}")
        decisions.append(rate(view_for(state, seat), action, rng))
    return HandReview(number, seat, tuple(decisions))


def rate(view: View, played: Action, rng: random.Random) -> Decision:
    """The decision ``played`` in ``view``, against the hard player's choice there.

    When the hard player would have chosen the same, the choice stands. Otherwise both are played out on the
    same sampled deals and compared world by world: the better one is the best choice, and the gap counts as
    a mistake only when it is at least ``WORTH_SAYING`` points and twice its standard error."""
    choice = HardPlayer(rng).choose(view)
    if choice == played:
        return Decision(view.draws, _kind(played, choice), played, choice, 0.0, 0.0, "")
    sampler = HardPlayer(rng, HardSettings(knock_samples=SAMPLES))
    knowledge = infer(view)
    worlds = sampler.worlds(view, knowledge)
    kind = _kind(played, choice)
    # Holding out is the question only when a knock is: elsewhere the first-chance playouts are enough.
    hold_out_too = kind == "knock"
    mine, theirs = _per_world(view, played, worlds, hold_out_too), _per_world(view, choice, worlds, hold_out_too)
    gaps = [b - a for a, b in zip(mine, theirs, strict=True)]
    gap = sum(gaps) / len(gaps)
    spread = (sum((g - gap) ** 2 for g in gaps) / max(1, len(gaps) - 1)) ** 0.5 / len(gaps) ** 0.5
    played_points, choice_points = sum(mine) / len(mine), sum(theirs) / len(theirs)
    if gap <= 0:  # the hard player's choice is no better here
        return Decision(view.draws, kind, played, played, played_points, played_points, "")
    why = _why(view, knowledge, worlds, played, choice, gap, kind, sampler)
    return Decision(view.draws, kind, played, choice, played_points, choice_points, why, 2 * spread)


# --- the choices and their values ---------------------------------------------------------------------------

def _per_world(view: View, action: Action, worlds: list[World], hold_out_too: bool) -> list[int]:
    """Points of the hand after ``action`` in each world, playing on by knocking at the first chance or, with
    ``hold_out_too``, also by holding out for Gin, whichever does better over all the worlds."""
    mine = mask_of(view.hand)
    if action.kind == ActionKind.KNOCK:
        assert action.card is not None
        rest = mine & ~(1 << action.card)
        return [score_knock(rest, w.opponent, view.rules) for w in worlds]
    ways = [[_play_on(view, action, mine, world, hold_out) for world in worlds]
            for hold_out in ((False, True) if hold_out_too else (False,))]
    return max(ways, key=sum)


def _play_on(view: View, action: Action, mine: int, world: World, hold_out: bool) -> int:
    """Points of the hand in one world after ``action`` (a draw choice or a plain discard)."""
    limit, rules = view.knock_limit, view.rules
    hunt = HOLD_OUT if hold_out else None
    stock = world.stock
    if action.kind == ActionKind.DISCARD:
        assert action.card is not None
        return playout([mine & ~(1 << action.card), world.opponent], stock, action.card, 1, limit, rules, hunt,
                       world.threshold)
    if action.kind == ActionKind.PASS:  # the opponent has the next choice of the upcard
        return playout([mine, world.opponent], stock, view.discard_pile[-1], 1, limit, rules, hunt, world.threshold)
    if action.kind == ActionKind.TAKE_UPCARD or action.source == "discard":
        taken = int(view.discard_pile[-1])
        hand, keep = mine | 1 << taken, taken
    else:
        hand, keep, stock = mine | 1 << stock[0], -1, stock[1:]
    left, thrown = best_discard(hand, keep)
    rest = hand & ~(1 << thrown)
    if left <= limit and (not hold_out or left == 0):
        return score_knock(rest, world.opponent, rules)
    return playout([rest, world.opponent], stock, thrown, 1, limit, rules, hunt, world.threshold)


def _kind(played: Action, best: Action) -> Kind:
    if played.kind in (ActionKind.TAKE_UPCARD, ActionKind.PASS, ActionKind.DRAW):
        return "draw"
    if ActionKind.KNOCK in (played.kind, best.kind) and played.kind != best.kind:
        return "knock"
    return "discard"


# --- why ----------------------------------------------------------------------------------------------------

def _why(view: View, knowledge: Knowledge, worlds: list[World], played: Action, best: Action, gain: float,
         kind: Kind, player: HardPlayer) -> str:
    worth = f"about {gain:.1f} points" if gain >= 0.05 else "a little"
    if kind == "draw":
        return _why_draw(view, knowledge, best, worth, player)
    if kind == "knock":
        return _why_knock(view, worlds, played, best, worth)
    return _why_discard(view, knowledge, played, best, worth)


def _why_draw(view: View, knowledge: Knowledge, best: Action, worth: str, player: HardPlayer) -> str:
    top = view.discard_pile[-1]
    with_top = deadwood_after_taking(mask_of(view.hand), top)
    blind = player.stock_expectation(mask_of(view.hand), stock_odds(knowledge, knowledge.probabilities()))
    if best.kind == ActionKind.TAKE_UPCARD or best.source == "discard":
        return (f"Taking {top.symbol} was better ({worth}): it would have left {with_top} deadwood, where a stock "
                f"card gives about {blind:.0f} on average.")
    what = "Passing" if best.kind == ActionKind.PASS else "Drawing from the stock"
    return (f"{what} was better ({worth}): {top.symbol} would have left {with_top} deadwood, not enough against "
            f"the {blind:.0f} a stock card gives on average, and taking it shows the opponent what you collect.")


def _why_knock(view: View, worlds: list[World], played: Action, best: Action, worth: str) -> str:
    knocking = best if best.kind == ActionKind.KNOCK else played
    assert knocking.card is not None
    rest = mask_of(view.hand) & ~(1 << knocking.card)
    undercuts = sum(1 for w in worlds if score_knock(rest, w.opponent, view.rules) < 0)
    chance = calibrated("undercut", (undercuts + 0.5) / (len(worlds) + 1))
    deadwood = cached_deadwood(rest)
    if best.kind == ActionKind.KNOCK:
        return (f"Knocking with {knocking.card.symbol} was better ({worth}): with {deadwood} deadwood you were "
                f"likely ahead (an undercut looked about {chance:.0%} likely), and playing on gave the opponent "
                "time to get lower or knock first.")
    return (f"Playing on was better ({worth}): a knock with {deadwood} deadwood risked an undercut (about "
            f"{chance:.0%}) against the hands the opponent's moves pointed to.")


def _why_discard(view: View, knowledge: Knowledge, played: Action, best: Action, worth: str) -> str:
    assert played.card is not None and best.card is not None
    mine = mask_of(view.hand)
    probs = knowledge.probabilities()
    unseen = cards_of(knowledge.unseen)
    thrown, kept = CARDS[played.card], CARDS[best.card]

    def outs(card: Card) -> int:
        return knock_outs(mine & ~(1 << card), unseen, view.knock_limit)

    def left(card: Card) -> int:
        return cached_deadwood(mine & ~(1 << card))

    head = f"Discarding {kept.symbol} instead of {thrown.symbol} was better ({worth})"
    danger = meld_danger(thrown, probs)
    if danger - meld_danger(kept, probs) >= 0.15:
        return f"{head}: {thrown.symbol} was likely to fit a meld of the opponent's (about {danger:.0%})."
    if outs(kept) > outs(thrown):
        return (f"{head}: it keeps {outs(kept)} unseen cards that would let you knock on the next draw, "
                f"against {outs(thrown)}.")
    if left(kept) < left(thrown):
        return f"{head}: it leaves {left(kept)} deadwood instead of {left(thrown)}."
    return f"{head}: it keeps better chances of melding over the rest of the hand."
