"""A state holds the current hand's data only; earlier hands leave their summaries, scores and games.

A whole match is still rebuilt exactly: from its event log (``replay_events``, which is what the store
keeps) or from the actions of every hand in order (``replay``). Saved states of the older forms still load.
"""

from __future__ import annotations

import json
import random
from dataclasses import astuple
from pathlib import Path
from typing import Any

import pytest
from engine_helpers import RandomPlayer

from ginrummy.engine import (
    HOLLYWOOD_FIVE,
    HOUSE,
    Action,
    ActionKind,
    Event,
    EventKind,
    GameState,
    HandSummary,
    InvalidInputError,
    Phase,
    Rules,
    actions_from_events,
    apply,
    events_for,
    legal_actions,
    new_game,
    replay,
    replay_events,
    revealed_deal,
    view_for,
)
from ginrummy.store.codec import (
    READABLE_SCHEMAS,
    REPLAY_SCHEMA,
    STORED_SCHEMA,
    decode_state,
    encode_replay_form,
    encode_state,
)

SCHEMA_2_STATES = Path(__file__).parent / "data" / "schema2_states.json"
"""States saved by the engine as it was at schema 2 (with every earlier hand's actions in ``earlier_actions``)."""


class Match:
    """A match played at random, with what a store would keep: every event (the first deal's included) and,
    per hand, the actions played."""

    def __init__(self, rules: Rules, seed: int, knock_chance: float = 0.5) -> None:
        self.state = new_game(rules, seed)
        self.player = RandomPlayer(seed, knock_chance)
        self.events: list[Event] = [Event(EventKind.HAND_STARTED, 1, self.state.hand.starter, self.state.hand.upcard)]
        self.hands: list[list[Action]] = [[]]

    def step(self) -> None:
        action = self.player.choose(self.state, legal_actions(self.state))
        self.state, events = apply(self.state, action)
        self.events += events
        self.hands[-1].append(action)
        if action.kind == ActionKind.NEXT_HAND:
            self.hands.append([])

    def play_to(self, hand: int) -> None:
        while self.state.hand.number < hand and self.state.phase != Phase.MATCH_OVER:
            self.step()

    def play_out(self) -> None:
        while self.state.phase != Phase.MATCH_OVER:
            self.step()


def without_history(state: GameState) -> str:
    data = state.to_json()
    del data["history"]
    return json.dumps(data, separators=(",", ":"))


def test_the_state_keeps_the_current_hands_actions_only() -> None:
    match = Match(HOUSE.with_settings(target=1000), 41)
    sizes: dict[int, tuple[int, int]] = {}
    while match.state.hand.number <= 40:
        state = match.state
        assert state.hand.actions == tuple(match.hands[-1])
        assert "earlier_actions" not in state.to_json()
        if not state.hand.actions:  # a fresh deal: nothing of the hands before but the score sheet
            sizes[state.hand.number] = (len(encode_state(state)), len(without_history(state)))
        match.step()
    first_whole, first_rest = sizes[1]
    for number, (whole, rest) in sizes.items():
        assert abs(rest - first_rest) <= 40, f"hand {number}: the state without its score sheet grew"
        assert whole - first_whole <= 56 * (number - 1), f"hand {number}: more than 56 bytes per earlier hand"


def test_a_long_match_is_rebuilt_from_its_events_or_from_each_hands_actions() -> None:
    match = Match(HOUSE.with_settings(target=500), 42)
    match.play_to(12)
    middle, middle_events = match.state, list(match.events)
    match.play_out()
    final = match.state
    assert final.hand.number >= 20  # long enough to have dropped many hands' actions
    assert len(match.hands) == final.hand.number

    assert replay_events(final.rules, final.seed, match.events) == final
    assert replay_events(final.rules, final.seed, match.events[1:]) == final  # the first deal is optional
    assert replay(final.rules, final.seed, [a for hand in match.hands for a in hand]) == final
    assert replay(final.rules, final.seed, actions_from_events(match.events)) == final
    assert replay_events(middle.rules, middle.seed, middle_events) == middle
    # The log as a seat is shown it (stock draws hidden) is enough too.
    seen = events_for(match.events, 1, new_game(final.rules, final.seed))
    assert any(e.card is None and e.kind == EventKind.DREW for e in seen)
    assert replay_events(final.rules, final.seed, seen) == final


def test_a_hollywood_five_match_is_rebuilt_from_its_events() -> None:
    match = Match(HOLLYWOOD_FIVE, 43, knock_chance=0.9)
    match.play_out()
    assert replay_events(HOLLYWOOD_FIVE, 43, match.events) == match.state


def test_an_event_log_that_does_not_fit_is_refused() -> None:
    match = Match(HOUSE, 44)
    match.play_to(3)
    events = match.events
    with pytest.raises(InvalidInputError):
        replay_events(HOUSE, 45, events)  # another seed: another deal
    with pytest.raises(InvalidInputError):
        replay_events(HOUSE, 44, events[:5] + events[6:])  # an event left out
    drawn = next(i for i, e in enumerate(events) if e.kind == EventKind.DREW and e.card is not None)
    other = next(c for c in new_game(HOUSE, 44).hand.stock if c != events[drawn].card)
    with pytest.raises(InvalidInputError):
        replay_events(HOUSE, 44, [*events[:drawn], events[drawn]._replace(card=other), *events[drawn + 1:]])


def test_revealed_deal_of_every_earlier_hand_matches_what_was_dealt() -> None:
    match = Match(HOUSE, 46)
    decks = {}
    while match.state.phase != Phase.MATCH_OVER:
        decks[match.state.hand.number] = [c.code for c in match.state.hand.deck]
        match.step()
    for number, deck in decks.items():
        shown = revealed_deal(match.state, number)
        assert shown["deck"] == deck
        assert shown["starter"] == (match.state.first_starter if number % 2 else 1 - match.state.first_starter)


# --- stored forms -------------------------------------------------------------------------------------------

def schema_2_states() -> list[dict[str, Any]]:
    states: list[dict[str, Any]] = json.loads(SCHEMA_2_STATES.read_text())
    return states


@pytest.mark.parametrize("stored", schema_2_states(), ids=lambda stored: stored["name"])
def test_schema_2_states_load_without_earlier_actions(stored: dict[str, Any]) -> None:
    data = stored["state"]
    assert data["schema"] == 2 and data["earlier_actions"]
    state = decode_state(json.dumps(data))
    assert (state.hand.number, state.phase.value) == (stored["hand"], stored["phase"])
    assert state.hand.actions == tuple(Action.from_json(a) for a in data["hand"]["actions"])
    # The same game as replaying every action the old form kept, with the engine of today.
    every = [Action.from_json(a) for a in data["earlier_actions"] + data["hand"]["actions"]]
    replayed = replay(state.rules, state.seed, every)
    # The old form's score sheet lacks what is kept of each hand today (who knocked, the deadwood): the rest agrees.
    assert replayed._replace(history=tuple(HandSummary(*astuple(h)[:6]) for h in replayed.history)) == state
    assert GameState.from_json(data) == state
    again = encode_state(state)
    assert json.loads(again)["schema"] == STORED_SCHEMA == 3
    assert decode_state(again) == state
    assert len(again) < len(json.dumps(data))
    view_for(state, 0)  # and it can be shown


def test_the_replay_form_is_still_read_and_needs_the_whole_matchs_actions() -> None:
    match = Match(HOUSE, 47)
    match.play_to(3)
    match.step()
    state = match.state
    with pytest.raises(ValueError, match="current hand"):
        encode_replay_form(state)
    text = encode_replay_form(state, actions_from_events(match.events))
    assert json.loads(text)["schema"] == REPLAY_SCHEMA
    assert decode_state(text) == state
    first = new_game(HOUSE, 48)
    assert decode_state(encode_replay_form(first)) == first
    assert READABLE_SCHEMAS == (1, 2, 3)


@pytest.mark.parametrize("schema", [0, 4, None, "3"])
def test_other_schemas_are_refused(schema: object) -> None:
    data = new_game(HOUSE, 49).to_json()
    data["schema"] = schema
    with pytest.raises(InvalidInputError, match="schema"):
        decode_state(json.dumps(data))


def test_random_states_round_trip_through_the_store_form() -> None:
    rng = random.Random(50)
    match = Match(HOLLYWOOD_FIVE, 50)
    while match.state.phase != Phase.MATCH_OVER:
        if rng.random() < 0.05:
            assert decode_state(encode_state(match.state)) == match.state
        match.step()
    assert decode_state(encode_state(match.state)) == match.state
