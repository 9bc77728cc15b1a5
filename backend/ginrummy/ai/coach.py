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

The playouts also say how each deal ended (``rollout.Ending``: Gin, a knock won, an undercut made or
suffered, the opponent's knock or Gin, no score), and a mistake is explained with those shares
(``coach_words``): what the better choice was worth on average, how its deals ended, and why.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Literal

from ginrummy.engine import (
    Action,
    ActionKind,
    GameState,
    HandSummary,
    View,
    view_for,
)

from .coach_playouts import Outcomes
from .coach_words import Context, Shares, Verdict, explain, sentence, worth
from .hard import HardPlayer, HardSettings
from .knowledge import infer
from .rollout import OUTCOMES

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
    verdict: Verdict | None = None
    """Why the best choice is better, in parts (``coach_words``; None when the choice played was the best)."""
    noise: float = 0.0
    """Twice the standard error of the cost over the deals played out: a smaller cost may be luck of the
    sampled deals."""
    best_outcomes: Shares | None = None
    """How the deals played out ended after the best choice (None when none were played out)."""
    played_outcomes: Shares | None = None
    """The same after the choice played."""

    @property
    def cost(self) -> float:
        return self.best_points - self.played_points

    @property
    def mistake(self) -> bool:
        return self.cost >= max(WORTH_SAYING, self.noise)

    @property
    def why(self) -> str:
        """What the best choice was worth, its headline figure and why (empty when the choice played was the
        best)."""
        return sentence(self.verdict, self.cost) if self.verdict is not None else ""

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn, "kind": self.kind, "played": self.played.to_json(),
                "best": self.best.to_json(), "played_points": round(self.played_points, 2),
                "best_points": round(self.best_points, 2), "cost": round(self.cost, 2),
                "noise": round(self.noise, 2), "mistake": self.mistake, "why": self.why,
                "because": self.verdict.because if self.verdict is not None else "",
                "best_outcomes": _rounded(self.best_outcomes), "played_outcomes": _rounded(self.played_outcomes)}


def _rounded(shares: Shares | None) -> dict[str, float] | None:
    return None if shares is None else {outcome: round(shares[outcome], 4) for outcome in OUTCOMES}


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
        the worth of a choice, so the coach says how the hand was won, then what the better choice was worth on
        average and its headline figure, before the reasons (None when there is no mistake, or the hand was not
        won)."""
        worst, result = self.costliest, self.result
        if worst is None or result is None or result.winner != self.seat or result.points <= 0:
            return None
        won = f"You won {result.points} points by {HOW_WON.get(result.outcome, 'the score')}"
        verdict = worst.verdict
        if verdict is None:
            return f"{won}; this choice cost {worth(worst.cost)} on average."
        headline = f": {verdict.headline}." if verdict.headline else "."
        return f"{won}; {verdict.subject} was worth {worth(worst.cost, '')} more on average{headline}"

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
                result: HandSummary | None = None, opponent: str | None = None) -> HandReview:
    """Rate every decision ``seat`` made in hand ``number``, given the hand's positions with the action played
    at each (``engine.replay_hand``), and how the hand ended when known (``result``). The same ``seed`` gives
    the same review. Against a computer named ``opponent`` the chances stated are read through that computer's
    own maps (``ai.calibration``)."""
    decisions = []
    for index, (state, action) in enumerate(positions):
        if action.seat != seat or action.kind in (ActionKind.NEXT_HAND, ActionKind.BIG_GIN):
            continue
        rng = random.Random(f"coach:{seed}:{number}:{index}")
        decisions.append(rate(view_for(state, seat), action, rng, opponent))
    return HandReview(number, seat, tuple(decisions), result)


def rate(view: View, played: Action, rng: random.Random, opponent: str | None = None) -> Decision:
    """The decision ``played`` in ``view``, against the hard player's choice there.

    When the hard player would have chosen the same, the choice stands. Otherwise both are played out on the
    same sampled deals and compared world by world: the better one is the best choice, and the gap counts as
    a mistake only when it is at least ``WORTH_SAYING`` points and twice its standard error. The first
    ``FIRST_LOOK`` deals are played out first, and the rest only when those leave the verdict in doubt."""
    choice = HardPlayer(rng).choose(view)
    kind = _kind(played, choice)
    if choice == played:
        return Decision(view.draws, kind, played, choice, 0.0, 0.0)
    knowledge = infer(view)
    # Holding out is the question only when a knock is: elsewhere the first-chance playouts are enough.
    hold_out_too = kind == "knock"
    mine, theirs = Outcomes(view, played, hold_out_too), Outcomes(view, choice, hold_out_too)
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
        return Decision(view.draws, kind, played, played, played_points, played_points,
                        best_outcomes=mine.shares(), played_outcomes=mine.shares())
    context = Context(view, knowledge, worlds, sampler, theirs.tally(), mine.tally(), theirs.held_out, opponent)
    return Decision(view.draws, kind, played, choice, played_points, choice_points,
                    explain(context, played, choice, kind), 2 * error, theirs.shares(), mine.shares())


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


def _kind(played: Action, best: Action) -> Kind:
    if played.kind in (ActionKind.TAKE_UPCARD, ActionKind.PASS, ActionKind.DRAW):
        return "draw"
    if ActionKind.KNOCK in (played.kind, best.kind) and played.kind != best.kind:
        return "knock"
    return "discard"
