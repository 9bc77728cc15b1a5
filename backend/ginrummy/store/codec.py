"""Game states as stored JSON, with a schema version so that older records still load.

Schema 2 is the full snapshot written today (``GameState.to_json``). Schema 1
is the compact replay form (rules, seed and the list of actions): it is still
read, by replaying the actions, so a record in that form loads as the same game.
"""

from __future__ import annotations

import json
from typing import Any

from ginrummy.engine import Action, GameState, InvalidInputError, Rules, replay
from ginrummy.engine.state import SCHEMA_VERSION

STORED_SCHEMA = SCHEMA_VERSION
REPLAY_SCHEMA = 1


def encode_state(state: GameState) -> str:
    return json.dumps(state.to_json(), separators=(",", ":"))


def encode_replay_form(state: GameState) -> str:
    """The compact schema-1 form: enough to rebuild the game, not a snapshot of it."""
    data = {"schema": REPLAY_SCHEMA, "rules": state.rules.to_json(), "seed": state.seed,
            "actions": [a.to_json() for a in state.actions]}
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
    return GameState.from_json(data)
