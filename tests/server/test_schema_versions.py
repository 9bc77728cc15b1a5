"""Stored games of older schemas (1 and 2) load as the same game and play on; unknown schemas are refused.

Older rows are made the way an old server wrote them, in the ``games`` row's ``state`` with its ``schema``:
schema 1, the compact replay form (rules, seed, every action of the match); schema 2, the snapshot that also
kept every earlier hand's actions (``earlier_actions``) and the hand summaries as objects. The match's
actions come from the game's event log.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import Played, auth, check_log, choose, get_events, move_path, play_until, start, step
from sqlalchemy import select, update

from ginrummy.api.app import create_app
from ginrummy.api.config import Settings
from ginrummy.engine import Action, GameState, InvalidInputError, actions_from_events
from ginrummy.store import STORED_SCHEMA, SqlStore, StoreError, decode_state
from ginrummy.store.codec import (
    REPLAY_SCHEMA,
    SNAPSHOT_WITH_ALL_ACTIONS_SCHEMA,
    encode_replay_form,
    encode_state,
)
from ginrummy.store.tables import games
from open_limits import OPEN_LIMITS

GAMES: list[tuple[str, dict[str, Any], str]] = [
    # (name, new-game body, where to stop)
    ("house, mid-hand", {"seed": 11}, "mid_hand"),
    ("house, hand over", {"seed": 12}, "hand_over"),
    ("oklahoma, second hand", {"seed": 13, "rules": "oklahoma"}, "second_hand"),
    ("hollywood, second hand", {"seed": 14, "rules": "hollywood", "level": "hard"}, "second_hand"),
    ("big gin, straight, first upcard", {"seed": 15, "rules": "big-gin", "settings": {"straight_gin": True}},
     "start"),
]


@contextmanager
def app_client(database_url: str) -> Iterator[TestClient]:
    """A fresh app, with its own store and empty decode cache, like a newly started server."""
    with TestClient(create_app(Settings(database_url=database_url, **OPEN_LIMITS))) as client:
        yield client


def play_to(client: TestClient, body: dict[str, Any], stop: str, rng: random.Random) -> Played:
    game = start(client, **body)
    if stop == "mid_hand":
        for _ in range(5):
            step(client, game, rng)
    elif stop in ("hand_over", "second_hand"):
        play_until(client, game, rng, ("hand_over", "match_over"))
        if stop == "second_hand" and game.view["phase"] == "hand_over":
            step(client, game, rng)
            for _ in range(3):
                if game.view["phase"] in ("first_upcard", "draw", "discard"):
                    step(client, game, rng)
    return game


def stored_row(store: SqlStore, game_id: str) -> Any:
    with store.engine.connect() as connection:
        return connection.execute(select(games).where(games.c.id == game_id)).one()


def write_row(store: SqlStore, game_id: str, schema: int, state: str) -> None:
    """The row as an older server left it: its state is the game at its own version (revision 0004 marks every
    row written before it so)."""
    with store.engine.begin() as connection:
        connection.execute(update(games).where(games.c.id == game_id).values(
            schema=schema, state=state, snapshot_version=games.c.version, snapshot_events=games.c.event_count))


def match_actions(store: SqlStore, game_id: str) -> list[Action]:
    return actions_from_events(event for _, event in store.events(game_id, 0))


def old_form(schema: int, state: GameState, actions: list[Action]) -> str:
    """The row text an older server wrote for ``state``, reached by ``actions``."""
    if schema == REPLAY_SCHEMA:
        return encode_replay_form(state, actions)
    current = len(actions) - len(state.hand.actions)
    assert actions[current:] == list(state.hand.actions)
    data = json.loads(encode_state(state))
    data.update(schema=SNAPSHOT_WITH_ALL_ACTIONS_SCHEMA, history=[h.to_json() for h in state.history],
                earlier_actions=[a.to_json() for a in actions[:current]])
    return json.dumps(data)


@pytest.mark.timeout(120)
def test_schema_1_rows_load_as_the_same_game_and_play_on(database_url: str) -> None:
    check_old_rows_load_and_play_on(database_url, REPLAY_SCHEMA)


@pytest.mark.timeout(120)
def test_schema_2_rows_load_as_the_same_game_and_play_on(database_url: str) -> None:
    check_old_rows_load_and_play_on(database_url, SNAPSHOT_WITH_ALL_ACTIONS_SCHEMA)


def check_old_rows_load_and_play_on(database_url: str, schema: int) -> None:
    rng = random.Random(1)
    played: list[Played] = []
    with app_client(database_url) as client:
        for _, body, stop in GAMES:
            played.append(play_to(client, body, stop, rng))

    store = SqlStore(database_url)
    try:
        originals = {}
        rewritten = {}
        for game in played:
            record = store.get_game(game.game_id)
            assert record is not None and record.version == game.version
            originals[game.game_id] = record.state
            text = old_form(schema, record.state, match_actions(store, game.game_id))
            assert json.loads(text)["schema"] == schema
            write_row(store, game.game_id, schema, text)
            rewritten[game.game_id] = game.version
            assert decode_state(text) == record.state
    finally:
        store.close()

    fresh = SqlStore(database_url)  # nothing cached: every state comes from the old text
    try:
        for game in played:
            row = stored_row(fresh, game.game_id)
            assert row.schema == schema and json.loads(row.state)["schema"] == schema
            record = fresh.get_game(game.game_id)
            assert record is not None
            assert record.state == originals[game.game_id]
            assert record.version == game.version
            assert encode_state(record.state) == encode_state(originals[game.game_id])
    finally:
        fresh.close()

    with app_client(database_url) as client:
        for game in played:
            read = client.get(f"/api/games/{game.game_id}", headers=auth(game.token))
            assert read.status_code == 200, read.text
            assert read.json()["version"] == game.version
            assert read.json()["view"] == game.view
            # The API plays on; the row is written back in today's schema.
            for _ in range(3):
                if game.view["phase"] == "match_over":
                    break
                response = _move(client, game, rng)
                assert response.status_code == 200, response.text
                assert response.json()["version"] == game.version + 1
                game.bodies.append(response.json())
            check_log(get_events(client, game.game_id, game.token), game.reported_events())
    store = SqlStore(database_url)
    try:
        for game in played:
            row = stored_row(store, game.game_id)
            assert row.version == game.version
            if game.version > rewritten[game.game_id]:
                assert row.schema == STORED_SCHEMA
                assert json.loads(row.state)["schema"] == STORED_SCHEMA
        assert any(game.version > rewritten[game.game_id] for game in played)
    finally:
        store.close()


def _move(client: TestClient, game: Played, rng: random.Random) -> Any:
    url, body = move_path(game.game_id, choose(game.view, rng))
    return client.post(url, json=body, headers=auth(game.token))


FUTURE = STORED_SCHEMA + 1


def future_forms(state_text: str) -> list[tuple[str, int, str]]:
    """Ways a newer server might have written a row: (name, schema column, state text)."""
    data = json.loads(state_text)
    renamed = dict(data, schema=FUTURE)
    renamed["hand_state"] = renamed.pop("hand")  # a field renamed in the new schema
    return [
        ("future schema in column and text", FUTURE, json.dumps(dict(data, schema=FUTURE))),
        ("future schema, reshaped text", FUTURE, json.dumps(renamed)),
        ("future schema column, text that looks current", FUTURE, state_text),
        ("unknown old schema", 0, json.dumps(dict(data, schema=0))),
    ]


@pytest.mark.timeout(120)
@pytest.mark.parametrize("form", range(4), ids=["future", "future-reshaped", "future-column", "schema-0"])
def test_unknown_schema_is_refused_not_misread(database_url: str, form: int) -> None:
    rng = random.Random(2)
    with app_client(database_url) as client:
        game = play_to(client, {"seed": 21}, "mid_hand", rng)

    store = SqlStore(database_url)
    try:
        current = stored_row(store, game.game_id)
        name, schema, text = future_forms(current.state)[form]
        write_row(store, game.game_id, schema, text)
    finally:
        store.close()

    fresh = SqlStore(database_url)
    try:
        with pytest.raises((InvalidInputError, StoreError)) as refused:
            fresh.get_game(game.game_id)
        assert "schema" in str(refused.value), name
    finally:
        fresh.close()

    with app_client(database_url) as client:
        read = client.get(f"/api/games/{game.game_id}", headers=auth(game.token))
        assert read.status_code >= 400 and read.status_code != 401, (name, read.status_code, read.text)
        assert read.headers["content-type"].startswith("application/problem+json")
        assert read.json()["code"] == "invalid_saved_game", read.text
        assert "schema" in read.json()["detail"]
        move = _move(client, game, rng)
        assert move.status_code == read.status_code, move.text
        assert move.json()["code"] == "invalid_saved_game"

    # Refusing changed nothing: the row is as the newer server left it.
    store = SqlStore(database_url)
    try:
        row = stored_row(store, game.game_id)
        assert (row.schema, row.state, row.version) == (schema, text, game.version)
    finally:
        store.close()
