"""Named tuples updated by field name (``engine/records.py``): what the moves build every HandState with."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from ginrummy.engine import Event, EventKind, apply, new_game
from ginrummy.engine.actions import pass_upcard
from ginrummy.engine.records import maker, replacer
from ginrummy.engine.state import GameState, HandState


class Hand(NamedTuple):
    cards: tuple[int, ...]
    turn: int
    note: str = ""
    added_later: int = 7


class Table(NamedTuple):
    name: str
    hand: Hand
    round: int = 1


def test_a_replacer_changes_the_fields_it_names_and_keeps_every_other() -> None:
    turned = replacer(Hand, "turn")
    before = Hand((1, 2), 0, "x", 9)
    assert turned(before, turn=1) == Hand((1, 2), 1, "x", 9)
    assert type(turned(before, turn=1)) is Hand


def test_a_replacer_within_an_outer_tuple_changes_only_the_inner_fields_it_names() -> None:
    noted = replacer(Hand, "note", "cards", within=(Table, "hand"))
    table = Table("t", Hand((1,), 0), 3)
    assert noted(table, cards=(2,), note="n") == Table("t", Hand((2,), 0, "n"), 3)


def test_the_changes_are_given_by_name_and_all_of_them() -> None:
    turned = replacer(Hand, "turn", "note")
    with pytest.raises(TypeError):
        turned(Hand((), 0), 1, "x")
    with pytest.raises(TypeError):
        turned(Hand((), 0), turn=1)


def test_a_field_that_does_not_exist_is_refused_when_the_replacer_is_made() -> None:
    with pytest.raises(ValueError, match="no field"):
        replacer(Hand, "turns")
    with pytest.raises(ValueError, match="twice"):
        replacer(Hand, "turn", "turn")
    with pytest.raises(ValueError, match="no field"):
        replacer(Hand, "turn", within=(Table, "hands"))


def test_a_maker_is_the_constructor() -> None:
    make = maker(Event)
    assert make(EventKind.DREW, 1, 0, source="stock", private=True) == Event(EventKind.DREW, 1, 0, source="stock",
                                                                             private=True)
    assert type(make(EventKind.PASSED, 2)) is Event


def test_a_move_keeps_the_fields_of_the_hand_it_does_not_change() -> None:
    state = new_game(seed=5)
    after, _ = apply(state, pass_upcard(state.hand.turn))
    assert isinstance(after, GameState) and isinstance(after.hand, HandState)
    for field in ("number", "starter", "deck", "hands", "stock", "discard", "knock_limit", "taken", "draws",
                  "pile_takes", "discards", "result"):
        assert getattr(after.hand, field) is getattr(state.hand, field), field
    assert after.hand.passed == (state.hand.turn,) and after.hand.turn == 1 - state.hand.turn
    assert after[:3] == state[:3] and after[4:] == state[4:]
