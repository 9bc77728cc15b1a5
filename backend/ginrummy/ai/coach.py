"""The coach: how well a seat played a finished hand, judged only from what it could see at each decision.

Each decision is put next to the hard player's choice in the seat's view at that moment (never the cards
hidden then). Where they differ, deals of the unseen cards are sampled as the hard player samples them (its
read of the opponent's hand and knocking included) and both choices are played out on the same deals, so
they are compared on equal luck. A choice's value is the expected points of the hand from the seat's side,
playing on after it in the better of two ways (knock at the first chance, or hold out for Gin). The gap is
the points that decision cost, and it is called a mistake only when it is clearly more than the sampling's
noise. The deals are played out in two looks, the second half only when the first leaves the verdict in
doubt (``settled``): that settles the plain cases (about two in five of the decisions played out) with half
the playouts, and the rest get exactly the figures all the deals give.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Literal

from ginrummy.engine import (
    CARDS,
    Action,
    ActionKind,
    Card,
    GameState,
    HandSummary,
    MeldResult,
    View,
    cached_deadwood,
    cards_of,
    knock_points,
    mask_of,
    optimal_arrangements_of_mask,
    view_for,
)

from .calibration import calibrated
from .hand import best_discard, deadwood_after_taking, knock_outs
from .hard import HardPlayer, HardSettings, World, stock_odds
from .knowledge import Knowledge, infer, meld_danger
from .rollout import playout, score_knock

Kind = Literal["draw", "discard", "knock"]
KINDS: tuple[Kind, ...] = ("draw", "discard", "knock")
SAMPLES = 32
"""Most sampled deals per decision: both choices are played out on the same ones."""
FIRST_LOOK = 16
"""Deals sampled and played out first; the other ``SAMPLES - FIRST_LOOK`` only when these leave the verdict in
doubt."""
CLEAR = 1.5
"""How many standard errors of the first look's mean gap must lie below the mistake line for the first look
to settle that a decision is no mistake (``settled``)."""
CLEAR_MISTAKE = 2.5
"""The same above the line, to settle that it is one: more, since a few large swings (a Gin, an undercut) can
make sixteen deals look surer than they are, and a mistake is what the person is shown."""
LEAST_ERROR = 0.5
"""The standard error ``settled`` assumes at least, so that a first look whose gaps all happen to be equal is
not taken as certain right at the mistake line."""
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
    """Twice the standard error of the cost over the deals played out: a smaller cost may be luck of the
    sampled deals."""

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


HOW_WON = {"gin": "going Gin", "big_gin": "going Big Gin", "knock": "knocking", "undercut": "an undercut"}
"""How a hand was won, in the words the coach uses."""


@dataclass(frozen=True)
class HandReview:
    number: int
    seat: int
    decisions: tuple[Decision, ...]
    result: HandSummary | None = None
    """How the hand ended, when the review knows it: a mistake that worked out this time is said to have."""

    @property
    def costliest(self) -> Decision | None:
        mistakes = [d for d in self.decisions if d.mistake]
        return max(mistakes, key=lambda d: d.cost) if mistakes else None

    def worked_out(self) -> str | None:
        """One plain sentence when the hand was won in spite of its costliest mistake: the result of one deal is not
        the worth of a choice, so the coach says that it went well this time before it says why it was a mistake
        (None when there is no mistake, or the hand was not won)."""
        worst, result = self.costliest, self.result
        if worst is None or result is None or result.winner != self.seat or result.points <= 0:
            return None
        how = HOW_WON.get(result.outcome, "the score")
        if worst.kind == "knock" and worst.played.kind == ActionKind.KNOCK:
            return (f"Your knock worked out this time (you won {result.points} points), but on average it costs "
                    f"about {worst.cost:.0f}.")
        return (f"You won this hand ({result.points} points by {how}), but this choice costs about {worst.cost:.0f} "
                "points on average.")

    def lost_by_kind(self) -> dict[str, float]:
        """Points lost to mistakes, by kind of decision."""
        return {kind: sum(d.cost for d in self.decisions if d.mistake and d.kind == kind) for kind in KINDS}

    def to_json(self) -> dict[str, Any]:
        costliest = self.costliest
        return {"hand": self.number, "seat": self.seat, "decisions": [d.to_json() for d in self.decisions],
                "costliest": costliest.to_json() if costliest is not None else None,
                "lost": {kind: round(points, 2) for kind, points in self.lost_by_kind().items()},
                "mistakes": sum(1 for d in self.decisions if d.mistake), "worked_out": self.worked_out()}


def review_hand(positions: list[tuple[GameState, Action]], number: int, seat: int, seed: int,
                result: HandSummary | None = None) -> HandReview:
    """Rate every decision ``seat`` made in hand ``number``, given the hand's positions with the action played
    at each (``engine.replay_hand``), and how the hand ended when known (``result``). The same ``seed`` gives
    the same review."""
    decisions = []
    for index, (state, action) in enumerate(positions):
        if action.seat != seat or action.kind in (ActionKind.NEXT_HAND, ActionKind.BIG_GIN):
            continue
        rng = random.Random(f"coach:{seed}:{number}:{index}")
        decisions.append(rate(view_for(state, seat), action, rng))
    return HandReview(number, seat, tuple(decisions), result)


def rate(view: View, played: Action, rng: random.Random) -> Decision:
    """The decision ``played`` in ``view``, against the hard player's choice there.

    When the hard player would have chosen the same, the choice stands. Otherwise both are played out on the
    same sampled deals and compared world by world: the better one is the best choice, and the gap counts as
    a mistake only when it is at least ``WORTH_SAYING`` points and twice its standard error. The first
    ``FIRST_LOOK`` deals are played out first, and the rest only when those leave the verdict in doubt."""
    choice = HardPlayer(rng).choose(view)
    kind = _kind(played, choice)
    if choice == played:
        return Decision(view.draws, kind, played, choice, 0.0, 0.0, "")
    knowledge = infer(view)
    # Holding out is the question only when a knock is: elsewhere the first-chance playouts are enough.
    hold_out_too = kind == "knock"
    mine, theirs = _Outcomes(view, played, hold_out_too), _Outcomes(view, choice, hold_out_too)
    # All the deals are sampled at once (a sample of half as many would not be the first half of these), and
    # played out as far as the verdict needs.
    sampler = HardPlayer(rng, HardSettings(knock_samples=SAMPLES))
    worlds = sampler.worlds(view, knowledge)
    for played_out in (worlds[:FIRST_LOOK], worlds[FIRST_LOOK:]):
        mine.play(played_out)
        theirs.play(played_out)
        gap, error = _mean_and_error(mine.points(), theirs.points())
        if settled(gap, error):
            break
    played_points, choice_points = _mean(mine.points()), _mean(theirs.points())
    if gap <= 0:  # the hard player's choice is no better here
        return Decision(view.draws, kind, played, played, played_points, played_points, "")
    why = _why(view, knowledge, worlds, played, choice, gap, kind, sampler)
    return Decision(view.draws, kind, played, choice, played_points, choice_points, why, 2 * error)


def settled(gap: float, error: float) -> bool:
    """Whether a first look at the deals settles the verdict: its mean ``gap`` (the hard player's choice's
    points less the choice played, per deal) lies so many standard errors (``error``) from the line a cost
    would have to reach after all the deals to be a mistake (``CLEAR`` below it, ``CLEAR_MISTAKE`` above)
    that the rest would rarely carry it across: a plain mistake, or a choice that costs nothing or too little
    to mention.

    With twice the deals the standard error falls by about √2, so that line is about
    ``max(WORTH_SAYING, √2 · error)``, and the mean over all the deals lies about ``error / √2`` from this
    one: ``CLEAR`` = 1.5 leaves about 2.1 of those. Measured over 2,600 disagreements of 400 hands, stopping
    so changed 2 of the 596 mistake flags that all the deals give. A first look settled as a mistake is one
    by its own, wider noise too (twice ``error``)."""
    line = max(WORTH_SAYING, math.sqrt(2) * error)
    margin = (CLEAR_MISTAKE if gap > line else CLEAR) * max(error, LEAST_ERROR)
    return abs(gap - line) >= margin


def _mean(values: list[int]) -> float:
    return sum(values) / len(values)


def _mean_and_error(mine: list[int], theirs: list[int]) -> tuple[float, float]:
    """The mean gap per deal between two choices' points (``theirs`` less ``mine``), and its standard error."""
    gaps = [b - a for a, b in zip(mine, theirs, strict=True)]
    gap = sum(gaps) / len(gaps)
    error = (sum((g - gap) ** 2 for g in gaps) / max(1, len(gaps) - 1)) ** 0.5 / len(gaps) ** 0.5
    return gap, error


# --- the choices and their values ---------------------------------------------------------------------------

class _Outcomes:
    """Points of the hand after one choice in each deal played so far, for each way of playing on after it
    (knocking at the first chance, and with ``hold_out_too`` also holding out for Gin)."""

    def __init__(self, view: View, action: Action, hold_out_too: bool) -> None:
        self.view, self.action = view, action
        self.mine = mask_of(view.hand)
        self.knock: list[MeldResult] | None = None
        if action.kind == ActionKind.KNOCK:
            assert action.card is not None
            self.knock = optimal_arrangements_of_mask(self.mine & ~(1 << action.card))
        self.hold_outs = (False, True) if hold_out_too and self.knock is None else (False,)
        self.ways: list[list[int]] = [[] for _ in self.hold_outs]

    def play(self, worlds: list[World]) -> None:
        """Play the choice out in more deals."""
        view, action, mine = self.view, self.action, self.mine
        if self.knock is not None:
            arrangements, rules = self.knock, view.rules
            self.ways[0] += [knock_points(arrangements, w.opponent, rules) for w in worlds]
            return
        for points, hold_out in zip(self.ways, self.hold_outs, strict=True):
            points += [_play_on(view, action, mine, world, hold_out) for world in worlds]

    def points(self) -> list[int]:
        """Per deal, the points of the way of playing on that does better over all the deals played."""
        return max(self.ways, key=sum)


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
    arrangements = optimal_arrangements_of_mask(rest)
    undercuts = sum(1 for w in worlds if knock_points(arrangements, w.opponent, view.rules) < 0)
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
