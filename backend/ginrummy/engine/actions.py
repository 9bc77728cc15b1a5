"""What a player can do, and what happened because of it.

An ``Action`` is a request by one seat; an ``Event`` is a fact the engine
recorded. Events may carry a card only one seat may see (the card drawn from
the stock): ``private`` marks those, and ``Event.seen_by`` hides the card from
everyone else.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Literal, NamedTuple

from .cards import CARDS, Card, parse_card
from .errors import InvalidInputError


class ActionKind(StrEnum):
    TAKE_UPCARD = "take_upcard"
    """Take the first upcard (first-upcard offer only)."""
    PASS = "pass"
    """Decline the first upcard."""
    DRAW = "draw"
    """Draw the top card of the stock or of the discard pile."""
    DISCARD = "discard"
    KNOCK = "knock"
    """End the hand: discard ``card`` and show a hand within the knock limit (0 deadwood is Gin)."""
    BIG_GIN = "big_gin"
    """End the hand with all 11 cards melded, without discarding (Big Gin rule only)."""
    NEXT_HAND = "next_hand"
    """Deal the next hand once a hand is over."""
    RESIGN = "resign"
    """Give up the match, at any time before it is over: the other seat wins it, and the hand in play is not
    scored. Never among ``legal_actions`` (players choose among the moves of play); a table's turn clock also
    ends a match this way, for the seat whose time ran out."""


Source = Literal["stock", "discard"]
SOURCES: tuple[str, ...] = ("stock", "discard")
_NEEDS_CARD = (ActionKind.DISCARD, ActionKind.KNOCK)


@dataclass(frozen=True, slots=True)
class Action:
    kind: ActionKind
    seat: int
    card: Card | None = None
    """The discard, for ``discard`` and ``knock``."""
    source: Source | None = None
    """Where to draw from, for ``draw``."""

    def __post_init__(self) -> None:
        if self.seat not in (0, 1):
            raise InvalidInputError(f"seat must be 0 or 1, not {self.seat!r}", code="invalid_seat")
        if (self.kind in _NEEDS_CARD) != (self.card is not None):
            need = "needs" if self.kind in _NEEDS_CARD else "takes no"
            raise InvalidInputError(f"{self.kind.value} {need} card", code="invalid_action")
        if (self.kind == ActionKind.DRAW) != (self.source is not None):
            raise InvalidInputError("draw needs a source, stock or discard, and only draw takes one",
                                    code="invalid_action")
        if self.source is not None and self.source not in SOURCES:
            raise InvalidInputError(f"draw source must be stock or discard, not {self.source!r}",
                                    code="invalid_action")

    def for_seat(self, seat: int) -> Action:
        return replace(self, seat=seat)

    def __str__(self) -> str:
        detail = self.card.code if self.card is not None else (self.source or "")
        return f"{self.kind.value}({self.seat}{', ' + detail if detail else ''})"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind.value, "seat": self.seat}
        if self.card is not None:
            data["card"] = self.card.code
        if self.source is not None:
            data["source"] = self.source
        return data

    @classmethod
    def from_json(cls, data: Any) -> Action:
        if not isinstance(data, dict):
            raise InvalidInputError("an action must be a JSON object", code="invalid_action")
        try:
            kind = ActionKind(data["kind"])
        except (KeyError, ValueError):
            raise InvalidInputError(f"unknown action kind {data.get('kind')!r}", code="invalid_action") from None
        card = data.get("card")
        seat = data.get("seat")
        if type(seat) is not int:
            raise InvalidInputError("an action needs a seat, 0 or 1", code="invalid_seat")
        return cls(kind, seat, parse_card(card) if card is not None else None, data.get("source"))


# Actions are values: every distinct one is made once, here, and handed out by the constructors below (players
# ask for one on every move, and validating a new instance each time costs more than the move itself). Any other
# arguments make a new ``Action`` as before, which refuses a bad seat or source.
def _per_seat(kind: ActionKind) -> tuple[Action, Action]:
    return Action(kind, 0), Action(kind, 1)


def _per_seat_and_card(kind: ActionKind) -> tuple[dict[int, Action], dict[int, Action]]:
    return ({card: Action(kind, 0, card=card) for card in CARDS}, {card: Action(kind, 1, card=card) for card in CARDS})


_TAKE_UPCARD, _PASS, _BIG_GIN, _NEXT_HAND = (
    _per_seat(kind) for kind in (ActionKind.TAKE_UPCARD, ActionKind.PASS, ActionKind.BIG_GIN, ActionKind.NEXT_HAND))
_DRAWS = tuple({source: Action(ActionKind.DRAW, seat, source=source) for source in ("stock", "discard")}
               for seat in (0, 1))
_DISCARDS, _KNOCKS = _per_seat_and_card(ActionKind.DISCARD), _per_seat_and_card(ActionKind.KNOCK)


def take_upcard(seat: int) -> Action:
    return _TAKE_UPCARD[seat] if seat in (0, 1) else Action(ActionKind.TAKE_UPCARD, seat)


def pass_upcard(seat: int) -> Action:
    return _PASS[seat] if seat in (0, 1) else Action(ActionKind.PASS, seat)


def draw(seat: int, source: Source) -> Action:
    return (_DRAWS[seat].get(source) if seat in (0, 1) else None) or Action(ActionKind.DRAW, seat, source=source)


def discard(seat: int, card: Card) -> Action:
    return (_DISCARDS[seat].get(card) if seat in (0, 1) else None) or Action(ActionKind.DISCARD, seat, card=card)


def knock(seat: int, card: Card) -> Action:
    return (_KNOCKS[seat].get(card) if seat in (0, 1) else None) or Action(ActionKind.KNOCK, seat, card=card)


def big_gin(seat: int) -> Action:
    return _BIG_GIN[seat] if seat in (0, 1) else Action(ActionKind.BIG_GIN, seat)


def next_hand(seat: int) -> Action:
    return _NEXT_HAND[seat] if seat in (0, 1) else Action(ActionKind.NEXT_HAND, seat)


class EventKind(StrEnum):
    HAND_STARTED = "hand_started"
    TOOK_UPCARD = "took_upcard"
    PASSED = "passed"
    DREW = "drew"
    DISCARDED = "discarded"
    KNOCKED = "knocked"
    GIN = "gin"
    BIG_GIN = "big_gin"
    HAND_ENDED = "hand_ended"
    MATCH_ENDED = "match_ended"
    RESIGNED = "resigned"


class Event(NamedTuple):
    """A fact the engine recorded (a named tuple: several are made per action)."""

    kind: EventKind
    hand: int
    """Number of the hand (1-based) the event belongs to."""
    seat: int | None = None
    """Who acted (or, for hand and match results, who won; None when nobody did)."""
    card: Card | None = None
    source: Source | None = None
    private: bool = False
    """The card is known only to ``seat`` (a card drawn from the stock)."""
    points: int | None = None
    result: str | None = None
    """For ``hand_ended``: gin, big_gin, knock, undercut or no_score."""
    deadwood: int | None = None
    """For knocks: the knocker's deadwood after the discard."""

    def seen_by(self, seat: int) -> Event:
        """The event as ``seat`` may know it."""
        if self.private and seat != self.seat and self.card is not None:
            return self._replace(card=None)
        return self

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind.value, "hand": self.hand, "seat": self.seat}
        if self.card is not None:
            data["card"] = self.card.code
        for key in ("source", "points", "result", "deadwood"):
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        if self.private:
            data["private"] = True
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        card = data.get("card")
        return cls(
            kind=EventKind(data["kind"]),
            hand=data["hand"],
            seat=data.get("seat"),
            card=parse_card(card) if card is not None else None,
            source=data.get("source"),
            private=data.get("private", False),
            points=data.get("points"),
            result=data.get("result"),
            deadwood=data.get("deadwood"),
        )
