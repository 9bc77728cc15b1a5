"""The JSON form of the engine's value types is derived from their declarations: fields, types and docstrings."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Annotated, Literal, NamedTuple

import pytest

from ginrummy.engine import (
    CARDS,
    PRESETS,
    Action,
    Event,
    EventKind,
    HandResult,
    HandSummary,
    HollywoodGame,
    KnockResult,
    Rules,
    View,
    apply,
    draw,
    is_over,
    legal_actions,
    new_game,
    to_act,
    view_for,
)
from ginrummy.engine.views import DiscardOption, RevealedHand
from ginrummy.engine.wire import Range, Seat, decoder, encoder, is_seat, wire_fields, wire_type

WIRE_TYPES = [View, DiscardOption, RevealedHand, Action, Event, HandResult, KnockResult, HandSummary, HollywoodGame,
              Rules]


@pytest.mark.parametrize("cls", WIRE_TYPES, ids=lambda c: c.__name__)
def test_every_field_a_client_sees_is_documented_once_where_it_is_declared(cls: type) -> None:
    undocumented = [f.name for f in wire_fields(cls) if not f.doc]
    assert not undocumented, f"{cls.__name__}: no docstring under {undocumented}"


def test_seat_fields_are_declared_as_seats() -> None:
    seats = {f.name for f in wire_fields(View) if is_seat(f.hint)}
    assert seats == {"seat", "starter", "turn", "winner"}
    assert {f.name for f in wire_fields(Event) if is_seat(f.hint)} == {"seat"}
    assert {f.name for f in wire_fields(HandSummary) if is_seat(f.hint)} == {"starter", "winner", "knocker"}


@wire_type(omit_defaults=True, always=("note",), computed=("total",))
@dataclass(frozen=True, slots=True)
class _Sample:
    """A type declared the way the engine's are, with one field more than the code that reads it knows of."""

    seat: Seat
    """Who."""
    cards: tuple[int, ...]
    """Some numbers."""
    pair: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    """Per seat, more numbers."""
    card: int | None = None
    """Maybe a number."""
    note: str | None = None
    """Always written."""
    size: Annotated[int, Range(1, 3)] = 1
    """Left out when 1."""
    mode: Literal["a", "b"] = "a"
    """A choice."""

    @property
    def total(self) -> int:
        """The numbers added up."""
        return sum(self.cards)


class _Row(NamedTuple):
    """A named tuple with a nested declared type."""

    sample: _Sample
    """The sample."""
    kind: EventKind = EventKind.DREW
    """An enum: written as its value."""


def test_a_new_field_reaches_the_json_form_and_its_documentation_without_another_edit() -> None:
    sample = _Sample(1, (2, 3), ((4,), ()), None, None, 2, "b")
    data = encoder(_Sample)(sample)
    assert data == {"seat": 1, "cards": [2, 3], "note": None, "pair": [[4], []], "size": 2, "mode": "b", "total": 5}
    assert decoder(_Sample)(json.loads(json.dumps(data))) == sample
    plain = encoder(_Sample)(_Sample(0, ()))
    assert plain == {"seat": 0, "cards": [], "note": None, "total": 0}, "defaults are left out, computed kept"
    assert decoder(_Sample)({"seat": 0, "cards": [], "pair": None}) == _Sample(0, ()), "missing or null: default"
    docs = {f.name: f.doc for f in wire_fields(_Sample)}
    assert docs["mode"] == "A choice." and docs["total"] == "The numbers added up."
    row = _Row(sample)
    assert encoder(_Row)(row) == {"sample": data, "kind": "drew"}
    assert decoder(_Row)(encoder(_Row)(row)) == row


def test_cards_are_written_as_codes_and_read_back() -> None:
    event = Event(EventKind.DREW, 2, 1, CARDS[9], "stock", True)
    assert event.to_json() == {"kind": "drew", "hand": 2, "seat": 1, "card": "TC", "source": "stock", "private": True}
    assert Event.from_json(event.to_json()) == event
    assert Event(EventKind.HAND_ENDED, 1).to_json() == {"kind": "hand_ended", "hand": 1, "seat": None}
    assert draw(1, "discard").to_json() == {"kind": "draw", "seat": 1, "source": "discard"}


def test_views_and_events_read_back_equal_over_random_matches_of_every_preset() -> None:
    rng = random.Random(11)
    for rules in PRESETS.values():
        state = new_game(rules, seed=rng.randrange(1 << 30))
        for _ in range(120):
            if is_over(state):
                break
            state, events = apply(state, rng.choice(legal_actions(state, to_act(state))))
            for event in events:
                assert Event.from_json(json.loads(json.dumps(event.to_json()))) == event
            for seat in (0, 1):
                view = view_for(state, seat)
                assert View.from_json(json.loads(json.dumps(view.to_json()))) == view
