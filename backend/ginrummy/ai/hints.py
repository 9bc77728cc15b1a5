"""Hints for the person's seat: a suggested action and one short sentence saying why.

The hint is computed from the person's own view only, like the computer's moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ginrummy.engine import Action, ActionKind, View

from .players import make_player


@dataclass(frozen=True)
class Hint:
    action: Action
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action.to_json(), "reason": self.reason}


def suggest(view: View, level: str = "hard") -> Hint | None:
    """The move the ``level`` player would make in the person's seat, with its reason; None when the
    person has nothing to decide."""
    if not view.legal_actions:
        return None
    player = make_player(level, seed=view.hand_number * 1000 + view.draws)
    explain = getattr(player, "explain", None)
    if callable(explain):
        action, reason = explain(view)
        return Hint(action, reason)
    action = player.choose(view)
    return Hint(action, describe(view, action))


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
