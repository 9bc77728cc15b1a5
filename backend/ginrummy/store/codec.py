"""Game states as stored JSON, with a schema version so that older records still load.

Schema 3 is the snapshot written today (``GameState.to_json``): the current hand with its actions, and of
the earlier hands only what the rest of the match needs (scores, Hollywood games, and a short summary row
per hand), so a row no longer grows with every action of the match. Schema 2 is the older snapshot that
also carried every earlier hand's actions (``earlier_actions``): it is still read, and those actions are
dropped. Schema 1 is the compact replay form (rules, seed and the list of actions of the whole match): it
is still read, by replaying the actions, so a record in that form loads as the same game.

A whole match is rebuilt from the store's event log, not from a row: ``ginrummy.engine.replay_events``
(rules, seed and every event of the match in order).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ginrummy.engine import (
    SCHEMA_VERSION,
    Action,
    Event,
    GameState,
    IllegalActionError,
    InvalidInputError,
    Rules,
    action_of,
    apply,
    replay,
)

STORED_SCHEMA = SCHEMA_VERSION
SNAPSHOT_WITH_ALL_ACTIONS_SCHEMA = 2
REPLAY_SCHEMA = 1
READABLE_SCHEMAS = (REPLAY_SCHEMA, SNAPSHOT_WITH_ALL_ACTIONS_SCHEMA, STORED_SCHEMA)
"""Every schema ``decode_state`` reads (a store should refuse a row of any other)."""


def encode_state(state: GameState) -> str:
    return json.dumps(state.to_json(), separators=(",", ":"))


def encode_replay_form(state: GameState, actions: Sequence[Action] | None = None) -> str:
    """The compact schema-1 form: enough to rebuild the game, not a snapshot of it.

    ``actions`` are those of the whole match (e.g. ``actions_from_events`` of its event log): a state holds
    only its current hand's, which is enough alone in the first hand only."""
    if actions is None:
        if state.hand.number != 1:
            raise ValueError("a state past its first hand holds only the current hand's actions: "
                             "give the match's actions (e.g. from its event log)")
        actions = state.hand.actions
    data = {"schema": REPLAY_SCHEMA, "rules": state.rules.to_json(), "seed": state.seed,
            "actions": [a.to_json() for a in actions]}
    return json.dumps(data, separators=(",", ":"))


def decode_state(text: str) -> GameState:
    data: Any = json.loads(text)
    schema = data.get("schema") if isinstance(data, dict) else None
    if schema == REPLAY_SCHEMA:
        try:
            actions = [Action.from_json(a) for a in data["actions"]]
            return replay(Rules.from_json(data["rules"]), data["seed"], actions)
        except (KeyError, TypeError) as error:
            raise InvalidInputError(f"stored game is damaged: {error}", code="invalid_saved_game") from error
    return GameState.from_json(data)  # schemas 2 and 3; any other is refused there


def decode_row(schema: int, text: str) -> GameState:
    """A stored row's state from its ``schema`` column and its text: a row written by a newer (or unknown)
    server is refused, never guessed at."""
    if schema not in READABLE_SCHEMAS:
        raise InvalidInputError(f"stored game has schema {schema}; this server reads schemas "
                                f"{', '.join(map(str, READABLE_SCHEMAS))}", code="invalid_saved_game")
    return decode_state(text)


def play_on(state: GameState, events: Sequence[Event]) -> GameState:
    """The state reached from ``state`` through the events logged after it: each event's action is applied,
    and the events it causes must be the next ones logged, so a log that does not follow is refused."""
    i = 0
    while i < len(events):
        action = action_of(events[i])
        if action is None:
            raise InvalidInputError(f"stored game is damaged: logged event {events[i].kind.value} follows from "
                                    "no action", code="invalid_saved_game")
        try:
            state, caused = apply(state, action)
        except IllegalActionError as error:
            raise InvalidInputError(f"stored game is damaged: its log does not follow from its snapshot ({error})",
                                    code="invalid_saved_game") from error
        if list(events[i:i + len(caused)]) != caused:
            raise InvalidInputError("stored game is damaged: its log does not follow from its snapshot",
                                    code="invalid_saved_game")
        i += len(caused)
    return state
