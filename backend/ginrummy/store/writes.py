"""Writing a move, and the small writes a game's row, its log, its players' stats and its kept answers take.

``write_move`` stores a move in the caller's transaction with a handful of statements run on the driver's own
cursor, checking the version it was made on; ``SqlStore.commit_move`` calls it in a transaction of its own on
PostgreSQL, and on SQLite ``GroupCommit`` writes the moves waiting at once in a shared transaction. ``LockedGame``
is a game's row under the lock of ``SqlStore.locked``: a move saved through it, a join or a rematch. A game the
seek queue paired is stored by ``insert_paired_game``, in the pairing's transaction.
"""

from __future__ import annotations

import json
import queue
import re
import threading
import time
from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

from sqlalchemy import and_, insert, select, text, update
from sqlalchemy.engine import Connection

from ginrummy import clock
from ginrummy.engine import Event, EventKind, GameState

from .codec import STORED_SCHEMA, encode_state
from .errors import StoreError
from .records import MoveWrite, RatedResult, StoredReply, Written, token_hash
from .tables import game_events, games, idempotency, players

if TYPE_CHECKING:
    from .sql import SqlStore

MOVES_CHANNEL = "ginrummy_moves"
"""PostgreSQL's notification channel of committed moves and joins; the payload is the game's id."""
SNAPSHOT_EVERY = 64
"""A snapshot is written at least this often (in versions), so no load plays on more than this many moves."""


def insert_events(connection: Connection, game_id: str, first_seq: int, version: int, events: list[Event]) -> None:
    if events:
        connection.execute(insert(game_events), [
            {"game_id": game_id, "seq": first_seq + i + 1, "version": version, "hand": e.hand,
             "data": json.dumps(e.to_json(), separators=(",", ":"))}
            for i, e in enumerate(events)])


def add_stats(connection: Connection, player_id: str | None, stats: dict[str, int] | None) -> None:
    changed = {name: players.c[name] + amount for name, amount in (stats or {}).items() if amount}
    if changed and player_id is not None:
        connection.execute(update(players).where(players.c.id == player_id).values(**changed))


def notify(connection: Connection, game_id: str) -> None:
    """On PostgreSQL, tell every listening process (``SqlStore.listen``) that ``game_id`` changed, as the
    connection's transaction commits (a move's own statement is in ``_MoveSql.notify``)."""
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_notify(:channel, :id)"), {"channel": MOVES_CHANNEL, "id": game_id})


def kept_reply(connection: Connection, scope: str, key: str) -> StoredReply | None:
    row = connection.execute(select(idempotency).where(
        and_(idempotency.c.game_id == scope, idempotency.c.key == key))).first()
    if row is None:
        return None
    return StoredReply(row.fingerprint, int(row.status), None if row.body is None else json.loads(row.body),
                       row.version)


def keep_reply(connection: Connection, scope: str, key: str, fingerprint: str, status: int, *,
               body: dict[str, Any] | None = None, version: int | None = None) -> None:
    connection.execute(insert(idempotency).values(
        game_id=scope, key=key, fingerprint=fingerprint, status=status, version=version,
        body=None if body is None else json.dumps(body, separators=(",", ":")), created_at=time.time()))


def status_of(state: GameState) -> str:
    return "finished" if state.winner is not None else "active"


class _MoveSql:
    """The statements of a move, written once and run on the driver's own cursor: a move is a handful of small
    statements, and building them through the query builder costs more than running them."""

    def __init__(self, named: bool) -> None:
        def sql(text: str) -> str:  # written with :name parameters; PostgreSQL's driver takes %(name)s
            return text if named else re.sub(r":(\w+)", r"%(\1)s", text)

        self.row = sql("SELECT version, event_count, snapshot_version, schema, player_id, seat1_player_id "
                       "FROM games WHERE id = :id")
        self.row_locked = self.row + " FOR UPDATE"
        self.kept = sql("SELECT fingerprint, status, body, version FROM idempotency_keys "
                        "WHERE game_id = :game_id AND key = :key")
        self.advance = sql("UPDATE games SET version = :version, status = :status, event_count = :event_count, "
                           "updated_at = :updated_at WHERE id = :id AND version = :expected")
        self.advance_with_snapshot = sql(
            "UPDATE games SET version = :version, status = :status, event_count = :event_count, "
            "updated_at = :updated_at, schema = :schema, state = :state, snapshot_version = :version, "
            "snapshot_events = :event_count WHERE id = :id AND version = :expected")
        self.event = sql("INSERT INTO game_events (game_id, seq, version, hand, data) "
                         "VALUES (:game_id, :seq, :version, :hand, :data)")
        self.keep = sql("INSERT INTO idempotency_keys (game_id, key, fingerprint, status, version, body, created_at) "
                        "VALUES (:game_id, :key, :fingerprint, :status, :version, NULL, :created_at)")
        # Delivered when the transaction commits, and only then: whoever listens sees committed moves only.
        self.notify = "" if named else sql(f"SELECT pg_notify('{MOVES_CHANNEL}', :id)")


_SQLITE_SQL, _POSTGRES_SQL = _MoveSql(named=True), _MoveSql(named=False)


def write_move(connection: Connection, move: MoveWrite, lock: bool) -> Written | StoredReply:
    """Store ``move`` in the connection's transaction, if the game is still at the version it was made on:
    append its events; write a snapshot when a hand ended (or the last one is ``SNAPSHOT_EVERY`` versions old,
    or in an older schema); keep the version as the answer to its Idempotency-Key; add to the player's stats.

    Returns the answer already kept when another request with the same key got there first. Raises
    ``StoreError`` "conflict" when the game moved on (the move is then to be made again on the new state) and
    "not_found" when it is gone."""
    sql = _SQLITE_SQL if connection.dialect.name == "sqlite" else _POSTGRES_SQL
    cursor = connection.connection.cursor()
    try:
        cursor.execute(sql.row_locked if lock else sql.row, {"id": move.game_id})
        row = cursor.fetchone()
        if row is None:
            raise StoreError("not_found", "the game is gone")
        current, logged, snapshot_version, schema, player_id, seat1_player_id = row
        if move.reply is not None:
            cursor.execute(sql.kept, {"game_id": move.reply[0], "key": move.reply[1]})
            kept = cursor.fetchone()
            if kept is not None:
                fingerprint_, status, body, version_ = kept
                return StoredReply(fingerprint_, int(status), None if body is None else json.loads(body), version_)
        if current != move.expected_version:
            raise StoreError("conflict", "the game moved on while this move was being made")
        version, event_count, now = current + 1, logged + len(move.events), clock.now()
        values: dict[str, Any] = {"id": move.game_id, "expected": current, "version": version,
                                  "status": status_of(move.state), "event_count": event_count, "updated_at": now}
        if any(e.kind in (EventKind.HAND_ENDED, EventKind.MATCH_ENDED) for e in move.events) \
                or version - snapshot_version >= SNAPSHOT_EVERY or schema != STORED_SCHEMA:
            cursor.execute(sql.advance_with_snapshot, {**values, "schema": STORED_SCHEMA,
                                                       "state": encode_state(move.state)})
        else:
            cursor.execute(sql.advance, values)
        if cursor.rowcount != 1:  # the lock makes this impossible; the check makes it certain
            raise StoreError("conflict", "the game changed while this move was being made")
        if move.events:
            cursor.executemany(sql.event, [
                {"game_id": move.game_id, "seq": logged + i + 1, "version": version, "hand": e.hand,
                 "data": json.dumps(e.to_json(), separators=(",", ":"))} for i, e in enumerate(move.events)])
        if move.reply is not None:
            cursor.execute(sql.keep, {"game_id": move.reply[0], "key": move.reply[1], "fingerprint": move.reply[2],
                                      "status": 200, "version": version, "created_at": time.time()})
        if sql.notify:
            cursor.execute(sql.notify, {"id": move.game_id})
    finally:
        cursor.close()
    add_stats(connection, player_id, move.stats)
    add_stats(connection, seat1_player_id, move.seat1_stats)
    if move.reserves is not None:
        connection.execute(update(games).where(games.c.id == move.game_id).values(
            reserve0=move.reserves[0], reserve1=move.reserves[1]))
    if move.rated is not None:
        from .profiles import rate_match  # the ratings' table is defined beside the profiles

        rate_match(connection, move.rated)
    return Written(version, event_count, now)


class GroupCommit:
    """SQLite's moves, written by one thread in shared transactions: the moves waiting when a transaction starts
    are written in it, and one COMMIT (one sync of the log to disk) makes them all durable before any of their
    callers is answered. SQLite has a single writer, so moves queue for it anyway; sharing the commit lets the
    queue move as fast as the disk syncs, not one sync per move."""

    MOST = 64
    """Moves in one transaction at most."""

    def __init__(self, store: SqlStore) -> None:
        self.store = store
        self.waiting: queue.SimpleQueue[tuple[MoveWrite, Future[Written | StoredReply]] | None] = \
            queue.SimpleQueue()
        self.thread: threading.Thread | None = None
        self.starting = threading.Lock()

    def submit(self, move: MoveWrite) -> Written | StoredReply:
        if self.thread is None or not self.thread.is_alive():  # not started yet, or stopped with the store
            with self.starting:
                if self.thread is None or not self.thread.is_alive():
                    self.thread = threading.Thread(target=self._run, name="ginrummy-group-commit", daemon=True)
                    self.thread.start()
        future: Future[Written | StoredReply] = Future()
        self.waiting.put((move, future))
        return future.result()

    def stop(self) -> None:
        """Write what is waiting, then end the thread (a later move starts it again)."""
        with self.starting:
            if self.thread is not None and self.thread.is_alive():
                self.waiting.put(None)
                self.thread.join(timeout=30)
            self.thread = None

    def _run(self) -> None:
        while True:
            first = self.waiting.get()
            batch = [] if first is None else [first]
            stopping = first is None
            while len(batch) < self.MOST:
                try:
                    item = self.waiting.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stopping = True
                else:
                    batch.append(item)
            if batch:
                self._write(batch)
            if stopping and self.waiting.empty():
                return

    def _write(self, batch: list[tuple[MoveWrite, Future[Written | StoredReply]]]) -> None:
        outcomes: list[Written | StoredReply | StoreError] = []
        try:
            with self.store._writer, self.store.engine.begin() as connection:
                for move, _ in batch:
                    try:
                        outcomes.append(write_move(connection, move, lock=False))
                    except StoreError as refused:  # checked before anything of that move is written
                        outcomes.append(refused)
        except BaseException as error:  # nothing of the batch was committed
            for move, future in batch:
                self.store.recent.drop(move.game_id)
                future.set_exception(error)
            if not isinstance(error, Exception):
                raise
            return
        for (move, future), outcome in zip(batch, outcomes, strict=True):
            if isinstance(outcome, StoreError):
                self.store.recent.drop(move.game_id)
                future.set_exception(outcome)
            else:
                self.store._stored(move, outcome)
                future.set_result(outcome)


class LockedGame:
    """A game row held under lock inside one transaction."""

    def __init__(self, store: SqlStore, connection: Connection, game_id: str) -> None:
        self.store = store
        self.connection = connection
        self.game_id = game_id
        self.record = store._load(connection, game_id, lock=True)
        self.saved: tuple[int, int, GameState] | None = None

    def stored_reply(self, scope: str, key: str) -> StoredReply | None:
        return kept_reply(self.connection, scope, key)

    def save(self, state: GameState, events: list[Event], reply: tuple[str, str, str] | None,
             stats: dict[str, int] | None = None, seat1_stats: dict[str, int] | None = None,
             rated: RatedResult | None = None, reserves: tuple[float, float] | None = None) -> int:
        """Make the new state the next version (see ``write_move``)."""
        assert self.record is not None
        written = write_move(self.connection, MoveWrite(self.game_id, self.record.version, state, events, reply,
                                                        stats, seat1_stats, rated, reserves), lock=False)
        assert isinstance(written, Written), "the key was looked up under the same lock"
        self.saved = (written.version, written.event_count, state)
        return written.version

    def seat(self, token: str, player_id: str | None) -> None:
        """Give seat 1 to whoever joined: its token (kept as a hash) and player. The game's version does not
        change: no move was made."""
        assert self.record is not None
        hashed, now = token_hash(token), clock.now()
        self.connection.execute(update(games).where(games.c.id == self.game_id).values(
            seat1_token_hash=hashed, seat1_player_id=player_id, updated_at=now))
        notify(self.connection, self.game_id)
        self.record.seat1_token_hash, self.record.seat1_player_id, self.record.updated_at = hashed, player_id, now

    def offer_rematch(self, seat: int) -> None:
        """Note that ``seat`` offers the other a rematch (the version does not change: no move was made)."""
        assert self.record is not None
        self.connection.execute(update(games).where(games.c.id == self.game_id).values(rematch_offer=seat))
        notify(self.connection, self.game_id)
        self.record.rematch_offer = seat

    def start_rematch(self, game_id: str, state: GameState, events: list[Event],
                      stats: tuple[dict[str, int] | None, dict[str, int] | None]) -> None:
        """Store the rematch of this game as game ``game_id`` at version 1, between the same seats (the same
        tokens and players, level and turn clock), with its first events and what they add to each seat's
        player's stats; this game then names it."""
        record = self.record
        assert record is not None
        now = clock.now()
        self.connection.execute(insert(games).values(
            id=game_id, seat_token_hash=record.seat_token_hash, player_id=record.player_id, level=record.level,
            version=1, schema=STORED_SCHEMA, state=encode_state(state), status=status_of(state),
            event_count=len(events), created_at=now, updated_at=now, practice=False, snapshot_version=1,
            snapshot_events=len(events), seat1_token_hash=record.seat1_token_hash,
            seat1_player_id=record.seat1_player_id, turn_seconds=record.turn_seconds))
        insert_events(self.connection, game_id, 0, 1, events)
        add_stats(self.connection, record.player_id, stats[0])
        add_stats(self.connection, record.seat1_player_id, stats[1])
        self.connection.execute(update(games).where(games.c.id == self.game_id).values(rematch_id=game_id))
        notify(self.connection, self.game_id)
        record.rematch_id = game_id

    def state_at(self, version: int) -> GameState:
        """The game at ``version`` (this one or an earlier one)."""
        assert self.record is not None
        if version == self.record.version:
            return self.record.state
        return self.store.state_at(self.connection, self.record, version)

    def version_events(self, version: int) -> list[tuple[int, Event]]:
        return self.store.version_events(self.connection, self.game_id, version)


def insert_paired_game(connection: Connection, game_id: str, state: GameState, events: list[Event],
                       seats: tuple[tuple[str, str], tuple[str, str]], turn_seconds: int | None,
                       stats: tuple[dict[str, int], dict[str, int]], pool: str | None,
                       reserve_seconds: float | None = None) -> None:
    """Store a new game at version 1 between two players who both have their seats already (a match the queue
    paired): each seat's (token, player id), the turn clock, and what the first events add to each one's stats,
    in the caller's transaction."""
    now = time.time()
    (token0, player0), (token1, player1) = seats
    connection.execute(insert(games).values(
        id=game_id, seat_token_hash=token_hash(token0), player_id=player0, level=None, version=1,
        schema=STORED_SCHEMA, state=encode_state(state), status=status_of(state), event_count=len(events),
        created_at=now, updated_at=now, practice=False, snapshot_version=1, snapshot_events=len(events),
        seat1_token_hash=token_hash(token1), seat1_player_id=player1, turn_seconds=turn_seconds, pool=pool,
        reserve0=reserve_seconds, reserve1=reserve_seconds))
    insert_events(connection, game_id, 0, 1, events)
    add_stats(connection, player0, stats[0])
    add_stats(connection, player1, stats[1])
