"""Answers kept for idempotency keys expire: the cleanup deletes those older than IDEMPOTENCY_HOURS, and a key
whose answer is gone is then applied as a new request. Also the storage bench, on one short match."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from ginrummy.api.config import Settings
from ginrummy.api.observability import cleanup_loop
from ginrummy.bench import storage
from ginrummy.engine import HOUSE, new_game
from ginrummy.store import SqlStore
from ginrummy.store.records import fingerprint

HOUR = 3600.0


@pytest.fixture
def store(database_url: str) -> Iterator[SqlStore]:
    opened = SqlStore(database_url)
    try:
        opened.create_game("game-1", "seat-token", "easy", None, new_game(HOUSE, seed=1), [])
        yield opened
    finally:
        opened.close()


def move(store: SqlStore, key: str, what: str) -> tuple[int, dict[str, object]]:
    """What the service does for a move with an Idempotency-Key: look for a kept answer, else save the move (here
    the same state again) with its answer. Returns the version answered and the answer, kept or new."""
    with store.locked("game-1") as locked:
        assert locked.record is not None
        kept = locked.stored_reply("game-1", key)
        if kept is not None:
            assert kept.version is not None
            return kept.version, {"version": kept.version}
        version = locked.save(locked.record.state, [], ("game-1", key, fingerprint("/move", what)))
        return version, {"version": version}


def version_of(store: SqlStore) -> int:
    record = store.get_game("game-1")
    assert record is not None
    return record.version


def age(store: SqlStore, key: str, hours: float) -> None:
    with store.engine.begin() as connection:
        connection.exec_driver_sql("UPDATE idempotency_keys SET created_at = ? WHERE key = ?"
                                   if store.is_sqlite else
                                   "UPDATE idempotency_keys SET created_at = %s WHERE key = %s",
                                   (time.time() - hours * HOUR, key))


def kept_keys(store: SqlStore) -> set[str]:
    with store.engine.connect() as connection:
        return {row[0] for row in connection.exec_driver_sql("SELECT key FROM idempotency_keys")}


def test_answers_older_than_the_limit_go_and_newer_ones_stay(store: SqlStore) -> None:
    for key in ("old", "just-over", "just-under", "new"):
        move(store, key, key)
    age(store, "old", 100)
    age(store, "just-over", 24.1)
    age(store, "just-under", 23.9)
    removed = store.delete_expired_replies(time.time() - 24 * HOUR)
    assert removed == 2
    assert kept_keys(store) == {"just-under", "new"}
    assert store.delete_expired_replies(time.time() - 24 * HOUR) == 0


def test_a_key_whose_answer_expired_is_applied_as_a_new_request(store: SqlStore) -> None:
    first_version, first = move(store, "retry-key", "first")
    assert first_version == 2
    # Within the limit the same key replays the first answer and applies nothing.
    assert move(store, "retry-key", "again") == (2, first)
    assert version_of(store) == 2
    age(store, "retry-key", 25)
    assert store.delete_expired_replies(time.time() - 24 * HOUR) == 1
    # Expired: the key is new again, the move is applied (version 3) and its own answer kept.
    version, body = move(store, "retry-key", "after expiry")
    assert version == 3 and body == {"version": 3}
    assert version_of(store) == 3
    assert move(store, "retry-key", "once more") == (3, body)


def test_expired_answers_are_deleted_in_batches(store: SqlStore) -> None:
    for number in range(25):
        move(store, f"key-{number}", "x")
    with store.engine.begin() as connection:
        connection.exec_driver_sql("UPDATE idempotency_keys SET created_at = 0")
    assert store.delete_expired_replies(time.time() - HOUR, batch=10) == 25
    assert kept_keys(store) == set()


def test_the_cleanup_loop_deletes_expired_answers(store: SqlStore) -> None:
    move(store, "old", "x")
    move(store, "new", "y")
    age(store, "old", 2)

    async def one_round() -> None:
        task = asyncio.create_task(cleanup_loop(store, 30, 90, interval=3600, idempotency_hours=1))
        for _ in range(100):
            await asyncio.sleep(0.05)
            if kept_keys(store) == {"new"}:
                break
        task.cancel()

    asyncio.run(one_round())
    assert kept_keys(store) == {"new"}


def test_the_idempotency_hours_setting() -> None:
    assert Settings().idempotency_hours == 24
    assert Settings(idempotency_hours=0.5).idempotency_hours == 0.5
    with pytest.raises(ValueError, match="greater than 0"):
        Settings(idempotency_hours=0)


def test_the_storage_bench_plays_whole_matches(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    storage.main(["--matches", "1", "--rules", "oklahoma", "--keep", str(tmp_path / "bench.db")])
    out = capsys.readouterr().out
    assert out.startswith("1 matches")
    for label in ("games (state)", "game_events (data)", "idempotency_keys (body)", "database file",
                  "write-ahead log written"):
        assert label in out
    checked = SqlStore(f"sqlite:///{tmp_path / 'bench.db'}")
    try:
        with checked.engine.connect() as connection:
            statuses = [row[0] for row in connection.exec_driver_sql("SELECT status FROM games")]
    finally:
        checked.close()
    assert statuses == ["finished"]
