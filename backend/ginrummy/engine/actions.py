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
from .wire import Seat, decoder, encoder, wire_type


class ActionKind(StrEnum):
    """What a move does. Each member's docstring is its description wherever moves are listed (the API's routes,
    ``GET /api/rules``): the first sentence is its title."""

    TAKE_UPCARD = "take_upcard"
    """Take the first upcard. Offered only while the first upcard is on offer."""
    PASS = "pass"
    """Pass the first upcard. Offered only while the first upcard is on offer."""
    DRAW = "draw"
    """Draw from the stock or the discard pile. The source says which: the top card of either."""
    DISCARD = "discard"
    """Discard a card. It ends the turn; the card just taken from the pile may not be thrown back."""
    KNOCK = "knock"
    """Knock (or Gin) with this discard. It ends the hand: the card is thrown and the hand shown, with no more
    deadwood than the knock limit (none is Gin)."""
    BIG_GIN = "big_gin"
    """Big Gin: all 11 cards melded. It ends the hand without a discard (Big Gin rule only)."""
    NEXT_HAND = "next_hand"
    """Deal the next hand. Offered once a hand is over and the match is not."""
    RESIGN = "resign"
    """Give up the match: the other player wins it. Allowed at any time before the match is over; the hand in
    play is not scored. Never among the legal actions (players choose among the moves of play); a table's turn
    clock also ends a match this way, for the seat whose time ran out."""


Source = Literal["stock", "discard"]
HandOutcome = Literal["gin", "big_gin", "knock", "undercut", "no_score"]
"""How a hand ended: Gin, Big Gin, a knock the knocker won, an undercut, or no score (the stock ran out)."""
SOURCES: tuple[str, ...] = ("stock", "discard")
ACTION_FIELDS: dict[ActionKind, tuple[str, ...]] = {
    kind: ("card",) if kind in (ActionKind.DISCARD, ActionKind.KNOCK) else ("source",) if kind == ActionKind.DRAW
    else () for kind in ActionKind}
"""What an action of each kind holds besides its kind and seat: the one table of it, which ``Action`` checks and
the API's routes are made from."""


@wire_type(omit_defaults=True)
@dataclass(frozen=True, slots=True)
class Action:
    """A move one seat asks for: what ``legal_actions`` offers, and what a client sends back."""

    kind: ActionKind
    """What the move does."""
    seat: Seat
    """The seat making it."""
    card: Card | None = None
    """The discard, for ``discard`` and ``knock``."""
    source: Source | None = None
    """Where to draw from, for ``draw``."""

    def __post_init__(self) -> None:
        if self.seat not in (0, 1):
            raise InvalidInputError(f"seat must be 0 or 1, not {self.seat!r}", code="invalid_seat")
        takes = ACTION_FIELDS[self.kind]
        if ("card" in takes) != (self.card is not None):
            need = "needs" if "card" in takes else "takes no"
            raise InvalidInputError(f"{self.kind.value} {need} card", code="invalid_action")
        if ("source" in takes) != (self.source is not None):
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
        return encoder(Action)(self)

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """An action sent by a client (or read back): checked, with a clear error for anything malformed."""
        if not isinstance(data, dict):
            raise InvalidInputError("an action must be a JSON object", code="invalid_action")
        try:
            kind = ActionKind(data["kind"])
        except (KeyError, ValueError, TypeError):
            raise InvalidInputError(f"unknown action kind {data.get('kind')!r}", code="invalid_action") from None
        card = data.get("card")
        seat = data.get("seat")
        if type(seat) is not int:
            raise InvalidInputError("an action needs a seat, 0 or 1", code="invalid_seat")
        if card is not None and not isinstance(card, str):
            raise InvalidInputError("an action's card is a code such as 7H", code="invalid_card")
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


@wire_type(omit_defaults=True, always=("seat",))
class Event(NamedTuple):
    """A fact the engine recorded (a named tuple: several are made per action)."""

    kind: EventKind
    """What happened (resigned: a player gave up the match, or its turn clock ran out and the other claimed it)."""
    hand: int
    """The hand it happened in, from 1."""
    seat: Seat | None = None
    """Who did it (hand_started: who has the first choice of the upcard; hand_ended, match_ended: the winner, null
    when nobody scored)."""
    card: Card | None = None
    """The card involved; left out when it is hidden from you (the other player's stock draws while the hand is
    played)."""
    source: Source | None = None
    """drew: where from."""
    private: bool = False
    """The card was seen only by the player who drew it (a card drawn from the stock)."""
    points: int | None = None
    """hand_ended: the points scored."""
    result: HandOutcome | None = None
    """hand_ended: how the hand ended."""
    deadwood: int | None = None
    """knocked: the knocker's deadwood after the discard."""

    def seen_by(self, seat: int) -> Event:
        """The event as ``seat`` may know it."""
        if self.private and seat != self.seat and self.card is not None:
            return self._replace(card=None)
        return self

    def to_json(self) -> dict[str, Any]:
        return encoder(Event)(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        return decoder(Event)(data)
