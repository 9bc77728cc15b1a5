"""Moves made on a state read without a lock are stored only if the game is still at that version; on SQLite the
moves waiting at once share one transaction and one COMMIT, and each caller hears only of its own outcome."""

from __future__ import annotations

import threading
from concurrent.futures import Future

import pytest
from sqlalchemy import event

from ginrummy.ai import make_player
from ginrummy.engine import HOUSE, GameState, Phase, apply, new_game, view_for
from ginrummy.store import SqlStore
from ginrummy.store.errors import StoreError
from ginrummy.store.records import MoveWrite, StoredReply, Written


def next_move(store: SqlStore, game_id: str, seed: int, reply: tuple[str, str, str] | None = None) -> MoveWrite:
    """The next move of whichever seat is to act, made on the game as read without a lock."""
    record = store.get_game(game_id)
    assert record is not None
    state: GameState = record.state
    seat = state.hand.turn if state.phase != Phase.HAND_OVER else 0
    state, events = apply(state, make_player("simple", seed).choose(view_for(state, seat)))
    return MoveWrite(game_id, record.version, state, events, reply)


def commits(store: SqlStore) -> list[int]:
    counted = [0]
    event.listen(store.engine, "commit", lambda _connection: counted.__setitem__(0, counted[0] + 1))
    return counted


def test_moves_waiting_together_share_one_commit_and_a_stale_one_is_refused(sqlite_url: str) -> None:
    store = SqlStore(sqlite_url)
    try:
        for number in range(5):
            store.create_game(f"g{number}", "token", "medium", None, new_game(HOUSE, number), [])
        moves = [next_move(store, f"g{number}", number) for number in range(5)]
        stale = next_move(store, "g0", 99)  # made on the same version as moves[0], which is written first
        counted = commits(store)
        batch: list[tuple[MoveWrite, Future[Written | StoredReply]]] = [(m, Future()) for m in [*moves, stale]]
        store._group._write(batch)
        assert counted[0] == 1
        for (move, future) in batch[:5]:
            written = future.result(timeout=0)
            assert isinstance(written, Written) and written.version == 2
            record = SqlStore(sqlite_url).get_game(move.game_id)  # a fresh process sees it committed
            assert record is not None and record.version == 2 and record.state == move.state
        with pytest.raises(StoreError) as refused:
            batch[5][1].result(timeout=0)
        assert refused.value.code == "conflict"
    finally:
        store.close()


def test_a_batch_that_fails_commits_nothing_and_tells_every_caller(sqlite_url: str) -> None:
    store = SqlStore(sqlite_url)
    try:
        store.create_player("p", "player-token")
        for number in range(3):
            store.create_game(f"g{number}", "token", "medium", "p", new_game(HOUSE, number), [])
        moves = [next_move(store, f"g{number}", number) for number in range(3)]
        # The last move fails as it is written (it counts a statistic there is no column for).
        broken = MoveWrite("g2", 1, moves[2].state, moves[2].events, None, {"no_such_count": 1})
        batch: list[tuple[MoveWrite, Future[Written | StoredReply]]] = [(m, Future()) for m in [*moves[:2], broken]]
        store._group._write(batch)
        for _, future in batch:
            with pytest.raises(KeyError, match="no_such_count"):
                future.result(timeout=0)
        for number in range(3):
            record = SqlStore(sqlite_url).get_game(f"g{number}")
            assert record is not None and record.version == 1
    finally:
        store.close()


def test_a_key_stored_first_by_a_racing_request_is_answered_not_applied(store: SqlStore) -> None:
    store.create_game("g", "token", "medium", None, new_game(HOUSE, 5), [])
    first = store.commit_move(next_move(store, "g", 1, ("g", "key", "fingerprint")))
    assert isinstance(first, Written) and first.version == 2
    # The same request again, made on the version it read before the first was stored.
    again = next_move(store, "g", 1, ("g", "key", "fingerprint"))
    late = MoveWrite("g", 1, again.state, again.events, again.reply)
    kept = store.commit_move(late)
    assert isinstance(kept, StoredReply) and kept.version == 2
    record = store.get_game("g")
    assert record is not None and record.version == 2


def test_many_threads_moving_many_games_lose_nothing(store: SqlStore) -> None:
    games = 12
    for number in range(games):
        store.create_game(f"g{number}", "token", "medium", None, new_game(HOUSE, 100 + number), [])
    counted = commits(store)
    errors: list[BaseException] = []

    def play(number: int) -> None:
        try:
            for turn in range(15):
                outcome = store.commit_move(next_move(store, f"g{number}", turn))
                assert isinstance(outcome, Written) and outcome.version == turn + 2
        except BaseException as error:  # reported below
            errors.append(error)

    threads = [threading.Thread(target=play, args=(number,)) for number in range(games)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    fresh = SqlStore(store.url)
    try:
        for number in range(games):
            record = fresh.get_game(f"g{number}")
            assert record is not None and record.version == 16
    finally:
        fresh.close()
    assert counted[0] <= games * 15
