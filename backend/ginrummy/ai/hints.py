"""Hints for the person's seat: a suggested action, one short sentence saying why, and the chances behind it.

The hint is computed from the person's own view only, like the computer's moves, and from the public policy of
the computer the person plays (``opponent``: the game's computer, by any name ``players.make_player`` knows;
None when the other seat is a person or a program): its code is public, its cards are not. The chances are
``chances.raw_chances`` as reported (``calibration.calibrated``: the map fitted against that computer, or the
population's).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ginrummy.engine import Action, ActionKind, View

from .calibration import calibrated
from .chances import FIELDS, raw_chances
from .players import make_player


@dataclass(frozen=True)
class Hint:
    action: Action
    reason: str
    chances: dict[str, float] = field(default_factory=dict)
    """Each question the hint answers (``chances.QUESTIONS``), with its chance as reported."""

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action.to_json(), "reason": self.reason,
                "chances": {FIELDS[question]: round(chance, 4) for question, chance in self.chances.items()}}


def suggest(view: View, level: str = "hard", opponent: str | None = None) -> Hint | None:
    """The move the ``level`` player would make in the person's seat, with its reason and the chances behind it
    against ``opponent``; None when the person has nothing to decide."""
    if not view.legal_actions:
        return None
    seed = view.hand_number * 1000 + view.draws
    player = make_player(level, seed=seed)
    explain = getattr(player, "explain", None)
    if callable(explain):
        action, reason = explain(view)
    else:
        action = player.choose(view)
        reason = describe(view, action)
    raw = raw_chances(view, action, opponent, random.Random(seed))
    stated = {question: calibrated(question, chance, opponent) for question, chance in raw.items()}
    return Hint(action, " ".join([reason, *(worded(q, c) for q, c in stated.items())]), stated)


def worded(question: str, chance: float) -> str:
    """One short sentence stating a chance."""
    if question == "stock helps":
        return f"A stock card helps about {chance:.0%} of the time."
    if question == "opponent knocks":
        return f"The opponent knocks on its next turn about {chance:.0%} of the time."
    return f"The chance of an undercut is about {chance:.0%}."


def describe(view: View, action: Action) -> str:
    """A plain reason for an action, from what the view shows."""
    kind = action.kind
    top = view.discard_pile[-1] if view.discard_pile else None
    if kind in (ActionKind.TAKE_UPCARD, ActionKind.DRAW) and (kind == ActionKind.TAKE_UPCARD
                                                               or action.source == "discard"):
        assert top is not None
        return f"Take {top.symbol}: it fits a meld with your cards."
    if kind in (ActionKind.PASS, ActionKind.DRAW):
        what = top.symbol if top is not None else "the upcard"
        return f"{'Pass' if kind == ActionKind.PASS else 'Draw from the stock'}: {what} does not help your melds."
    if kind == ActionKind.NEXT_HAND:
        return "Deal the next hand."
    if kind == ActionKind.BIG_GIN:
        return "Big Gin: all eleven cards are in melds."
    assert action.card is not None
    option = next((o for o in view.discard_options if o.card == action.card), None)
    left = option.deadwood if option is not None else view.deadwood
    if kind == ActionKind.KNOCK:
        if left == 0:
            return f"Gin: discard {action.card.symbol} and every card left is in a meld."
        return f"Knock with {action.card.symbol}: your deadwood drops to {left}."
    return f"Discard {action.card.symbol}: it leaves the least deadwood ({left}) of your choices."
