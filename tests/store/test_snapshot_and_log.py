"""A game is a snapshot written when a hand ends and a log of every move's events: a move writes its events, not
the state; any process rebuilds the same game from the snapshot and the log; a kept answer is rebuilt from the
version it made; revision 0004 goes down (bringing each snapshot up to date) and up again."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from ginrummy.ai import make_player
from ginrummy.api.app import create_app
from ginrummy.api.config import Settings
from ginrummy.engine import HOUSE, EventKind, GameState, InvalidInputError, Phase, apply, new_game, view_for
from ginrummy.store import SqlStore, decode_state
from ginrummy.store.schema import alembic_config
from ginrummy.store.tables import games
from ginrummy.store.writes import SNAPSHOT_EVERY
from open_limits import OPEN_LIMITS

PERSON = 0


def row(store: SqlStore, game_id: str) -> Any:
    with store.engine.connect() as connection:
        return connection.execute(select(games).where(games.c.id == game_id)).one()


def one_move(store: SqlStore, game_id: str, player: Any) -> tuple[GameState, list[Any]]:
    """A move of whichever seat is to act, saved as the service saves one."""
    with store.locked(game_id) as locked:
        assert locked.record is not None
        state = locked.record.state
        seat = state.hand.turn if state.phase != Phase.HAND_OVER else PERSON
        state, events = apply(state, player.choose(view_for(state, seat)))
        locked.save(state, events, None)
    return state, events


def test_a_move_appends_its_events_and_a_snapshot_is_written_only_when_a_hand_ends(store: SqlStore) -> None:
    state = new_game(HOUSE, 77)
    store.create_game("g", "token", "medium", None, state, [])
    player = make_player("simple", 5)
    written_at = []
    for _ in range(400):
        before = row(store, "g")
        state, events = one_move(store, "g", player)
        after = row(store, "g")
        ended = any(e.kind in (EventKind.HAND_ENDED, EventKind.MATCH_ENDED) for e in events)
        if ended or after.version - before.snapshot_version >= SNAPSHOT_EVERY:
            assert (after.snapshot_version, after.snapshot_events) == (after.version, after.event_count)
            assert decode_state(after.state) == state
            written_at.append(after.version)
        else:  # the snapshot is left as it was: the move cost its events only
            assert (after.state, after.snapshot_version) == (before.state, before.snapshot_version)
        if state.winner is not None:
            break
    assert state.winner is not None and len(written_at) >= 2
    # A store with nothing cached rebuilds the game from the snapshot and the log.
    fresh = SqlStore(store.url)
    try:
        record = fresh.get_game("g")
        assert record is not None and record.state == state
    finally:
        fresh.close()


def test_a_process_behind_catches_up_by_the_events_it_missed(database_url: str) -> None:
    first, second = SqlStore(database_url), SqlStore(database_url)
    try:
        first.create_game("g", "token", "medium", None, new_game(HOUSE, 78), [])
        player = make_player("simple", 6)
        for turn in range(60):
            mover = (first, second)[turn % 3 == 0]  # the two processes take turns unevenly
            state, _ = one_move(mover, "g", player)
            for reader in (first, second):
                record = reader.get_game("g")
                assert record is not None and record.state == state
    finally:
        first.close()
        second.close()


def test_a_log_that_does_not_follow_its_snapshot_is_refused(store: SqlStore) -> None:
    store.create_game("g", "token", "medium", None, new_game(HOUSE, 79), [])
    player = make_player("simple", 7)
    for _ in range(10):  # past the first upcard: some cards drawn from the stock
        one_move(store, "g", player)
    assert row(store, "g").snapshot_version == 1
    with store.engine.begin() as connection:  # the log now claims an event the snapshot cannot lead to
        connection.exec_driver_sql("UPDATE game_events SET data = REPLACE(data, 'stock', 'discard') "
                                   "WHERE game_id = 'g'")
    fresh = SqlStore(store.url)
    try:
        with pytest.raises(InvalidInputError, match="damaged") as refused:
            fresh.get_game("g")
        assert refused.value.code == "invalid_saved_game"
    finally:
        fresh.close()


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(Settings(database_url=database_url, **OPEN_LIMITS))) as test_client:
        yield test_client


def test_an_old_idempotency_key_gets_the_same_answer_after_the_game_moved_on(client: TestClient) -> None:
    rng, kept, last = random.Random(3), [], {}
    while len(kept) < 30:  # over as many matches as it takes (a match may end in a few moves)
        created = client.post("/api/games", json={}).json()
        headers = {"Authorization": f"Bearer {created['seat_token']}"}
        view = created["view"]
        while view["phase"] != "match_over" and len(kept) < 30:
            action = rng.choice(view["legal_actions"])
            path = f"/api/games/{created['game_id']}/{action['kind'].replace('_', '-')}"
            body = {k: v for k, v in action.items() if k not in ("kind", "seat")} or None
            key = f"key-{len(kept)}"
            answer = client.post(path, json=body, headers={**headers, "Idempotency-Key": key})
            assert answer.status_code == 200, answer.text
            kept.append((path, body, headers, key, answer.json()))
            view = answer.json()["view"]
            last[created["game_id"]] = (headers, answer.json()["version"])
    for path, body, headers, key, first in kept:  # every one again, long after: the same answer, nothing applied
        again = client.post(path, json=body, headers={**headers, "Idempotency-Key": key})
        assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
        assert again.json() == first
    for game_id, (headers, version) in last.items():
        assert client.get(f"/api/games/{game_id}", headers=headers).json()["version"] == version


def test_revision_0004_goes_down_with_each_snapshot_brought_up_to_date_and_up_again(database_url: str) -> None:
    from alembic import command

    store = SqlStore(database_url)
    player = make_player("simple", 8)
    try:
        store.create_game("g", "token", "medium", None, new_game(HOUSE, 80), [])
        for _ in range(7):
            state, _ = one_move(store, "g", player)
        assert row(store, "g").snapshot_version < row(store, "g").version  # mid-hand: the log is ahead
        with store.engine.begin() as connection:
            command.downgrade(alembic_config(connection), "0003")
        with store.engine.connect() as connection:
            old = connection.exec_driver_sql("SELECT version, state FROM games WHERE id = 'g'").one()
        assert old.version == 8 and decode_state(old.state) == state
        with store.engine.begin() as connection:
            command.upgrade(alembic_config(connection), "head")
    finally:
        store.close()
    fresh = SqlStore(database_url)
    try:
        record = fresh.get_game("g")
        assert record is not None and record.state == state and record.version == 8
    finally:
        fresh.close()


def test_a_row_read_just_before_a_snapshot_is_written_still_loads_one_consistent_version(store: SqlStore) -> None:
    """Without a lock, a move may commit between reading a game's row and reading its snapshot: the state loaded
    is then the newer version's, whole, never the old row's log played on the new snapshot."""
    store.create_game("g", "token", "medium", None, new_game(HOUSE, 81), [])
    player = make_player("simple", 9)
    for _ in range(400):
        before = row(store, "g")
        state, events = one_move(store, "g", player)
        if any(e.kind == EventKind.HAND_ENDED for e in events):
            break
    else:
        raise AssertionError("no hand ended")
    assert row(store, "g").snapshot_version == before.version + 1
    fresh = SqlStore(store.url)  # nothing cached, as in another process
    try:
        with fresh.engine.connect() as connection:
            version, _, loaded = fresh._current(connection, before)  # the row as read before that move
        assert version == before.version + 1 and loaded == state
    finally:
        fresh.close()
