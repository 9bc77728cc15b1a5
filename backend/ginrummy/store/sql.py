"""The SQL store: one row per game, its event log, idempotency records and anonymous player stats.

A game is stored as a snapshot and a log. The log (``game_events``) gets each move's events appended, in the
move's transaction; the snapshot (``games.state``) is written only when a hand ends (and every
``writes.SNAPSHOT_EVERY`` versions in a long hand), together with how many events it includes. A move therefore
writes a few hundred bytes, not the whole state: the current state is the snapshot with the events after it
played on, which is done once per process and then kept (``recent.StateCache``), moving on by the few events a move
adds when another process made it. The whole match stays replayable from the log alone.

This module holds ``SqlStore``; the listener that hears other processes' moves is in ``listen.py``, the daily
deal's seed and games in ``daily.py``, the listings of a player's or a day's games in ``listings.py``, the
deletion of old rows in ``upkeep.py``. The tables are declared in ``tables.py`` and the engine is made in
``connect.py``; a move is written by ``writes.py`` (``write_move``, shared by ``SqlStore.commit_move``, SQLite's
group commit and ``LockedGame``).

Every change to a game happens inside ``SqlStore.locked``: one transaction that
holds the game's row lock (``SELECT ... FOR UPDATE`` on PostgreSQL; on SQLite,
``BEGIN IMMEDIATE``, which takes the database's write lock) and ends with a
compare-and-swap on the version, so two requests on one game never interleave,
even across server processes. A commit is durable before the caller answers.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any

from sqlalchemy import and_, func, insert, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from ginrummy import clock
from ginrummy.engine import Event, GameState, replay_events
from ginrummy.stats import COUNTS

from .codec import STORED_SCHEMA, decode_row, encode_state, play_on
from .connect import make_engine
from .daily import DailyDeals
from .errors import StoreError as StoreError  # re-exported: ginrummy.store.sql.StoreError as before
from .listen import MoveListener
from .listings import GameListings
from .recent import RecentRecords, StateCache
from .records import GameRecord, MoveWrite, StoredReply, Written, token_hash
from .schema import SchemaState, ensure_schema
from .tables import GAME_COLUMNS, game_events, games, players
from .upkeep import Upkeep
from .writes import (
    GroupCommit,
    LockedGame,
    add_stats,
    insert_events,
    keep_reply,
    kept_reply,
    notify,
    status_of,
    write_move,
)

log = logging.getLogger("ginrummy.store")

STAT_COLUMNS = tuple(COUNTS)


class SqlStore(DailyDeals, GameListings, Upkeep):
    def __init__(self, url: str, wait_seconds: float = 0.0, auto_migrate: bool = False, pool_size: int = 10,
                 max_overflow: int = 20) -> None:
        """Open the store, waiting up to ``wait_seconds`` for a database that is still starting (as in a fresh
        compose stack). Its schema must be at the newest revision: an empty database is set up, and one that is
        behind is upgraded when ``auto_migrate`` and otherwise refused (``schema.SchemaError``, naming the
        command that upgrades it)."""
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        self.engine: Engine = make_engine(url, pool_size, max_overflow)
        try:
            self.schema: SchemaState = ensure_schema(self.engine, url, auto_migrate, wait_seconds)
        except BaseException:
            self.engine.dispose()
            raise
        self.cache = StateCache()
        self.recent = RecentRecords()
        # SQLite has one writer at a time and makes the others poll with growing sleeps, which is unfair
        # under load (seconds of tail latency); within a process, writers queue on a lock instead.
        # PostgreSQL locks rows, so there writers on different games go on at once.
        self._writer: AbstractContextManager[Any] = threading.Lock() if self.is_sqlite else nullcontext()
        self._group = GroupCommit(self)
        self._listener: MoveListener | None = None

    def close(self) -> None:
        if self._listener is not None:
            self._listener.stop()
        self._group.stop()
        self.engine.dispose()

    def mark_seen(self, game_id: str, seat: int, when: float | None) -> None:
        """Note that ``seat``'s player follows the game as of ``when`` (None: it stopped). Other processes
        following the game are told, as after a move. The game's version does not change."""
        column = games.c.seat0_seen_at if seat == 0 else games.c.seat1_seen_at
        with self._writer, self.engine.begin() as connection:
            connection.execute(update(games).where(games.c.id == game_id).values({column: when}))
            notify(connection, game_id)
        self.recent.drop(game_id)

    def listen(self, moved: Callable[[str], None]) -> bool:
        """Call ``moved(game_id)`` whenever any process commits a move or a join on a game of this database
        (PostgreSQL's LISTEN/NOTIFY: each such transaction notifies as it commits). Whether it can: SQLite
        cannot, and there a process learns of another's moves only by looking again."""
        if self.is_sqlite:
            return False
        if self._listener is None:
            self._listener = MoveListener(self.url, moved)
        return True

    def commit_move(self, move: MoveWrite) -> Written | StoredReply:
        """Store a move made on a state read without a lock (see ``writes.write_move`` for the outcomes); durable when
        this returns. On SQLite the moves waiting at once share a transaction (``GroupCommit``); on PostgreSQL
        each has its own, holding the game's row lock only while it writes."""
        if self.is_sqlite:
            return self._group.submit(move)
        try:
            with self.engine.begin() as connection:
                outcome = write_move(connection, move, lock=True)
        except StoreError:
            self.recent.drop(move.game_id)
            raise
        self._stored(move, outcome)
        return outcome

    def _stored(self, move: MoveWrite, outcome: Written | StoredReply) -> None:
        """What this process keeps of a move it stored: the state of the version it made, and the game's copy."""
        if isinstance(outcome, Written):
            self.cache.put(move.game_id, outcome.version, outcome.event_count, move.state)
            self.recent.moved(move.game_id, move.expected_version, outcome, move.state)

    def ping(self) -> None:
        with self.engine.connect() as connection:
            connection.exec_driver_sql("SELECT 1")

    # --- players ------------------------------------------------------------------------------------------

    def create_player(self, player_id: str, token: str) -> None:
        with self._writer, self.engine.begin() as connection:
            connection.execute(insert(players).values(
                id=player_id, token_hash=token_hash(token), created_at=time.time(),
                **{name: 0 for name in STAT_COLUMNS}))

    def player_by_token(self, token: str) -> str | None:
        with self.engine.connect().execution_options(readonly=True) as connection:
            row = connection.execute(
                select(players.c.id).where(players.c.token_hash == token_hash(token))).first()
        return None if row is None else str(row.id)

    def player_stats(self, player_id: str) -> dict[str, int]:
        with self.engine.connect().execution_options(readonly=True) as connection:
            row = connection.execute(select(*[players.c[name] for name in STAT_COLUMNS])
                                     .where(players.c.id == player_id)).first()
        if row is None:
            raise StoreError("unknown_player", "no such player")
        return {name: int(getattr(row, name)) for name in STAT_COLUMNS}

    # --- games --------------------------------------------------------------------------------------------

    def create_game(self, game_id: str, token: str, level: str | None, player_id: str | None, state: GameState,
                    events: list[Event], stats: dict[str, int] | None = None, practice: bool = False,
                    reply: tuple[str, str, str, dict[str, Any]] | None = None,
                    invite_code: str | None = None, turn_seconds: int | None = None, daily: str | None = None
                    ) -> None:
        """Store a new game at version 1 with its first events, add what they count to the player's stats (the
        computer may end the first hand, even the match, before the person moves), and keep the answer for an
        Idempotency-Key (scope, key, fingerprint, body), all in one transaction. Raises ``StoreError``
        ("key_taken") when another request stored an answer under that key first: nothing is then stored.
        ``level`` None and an ``invite_code``: seat 1 is left for whoever joins with the code. A ``daily`` game
        (the day's deal) is one per player and day: a second raises ``StoreError`` ("daily_played")."""
        now = clock.now()
        try:
            with self._writer, self.engine.begin() as connection:
                connection.execute(insert(games).values(
                    id=game_id, seat_token_hash=token_hash(token), player_id=player_id, level=level, version=1,
                    schema=STORED_SCHEMA, state=encode_state(state), status=status_of(state),
                    event_count=len(events), created_at=now, updated_at=now, practice=practice,
                    snapshot_version=1, snapshot_events=len(events),
                    invite_hash=None if invite_code is None else token_hash(invite_code),
                    turn_seconds=turn_seconds, daily=daily))
                insert_events(connection, game_id, 0, 1, events)
                add_stats(connection, player_id, stats)
                if reply is not None:
                    scope, key, fingerprint, body = reply
                    keep_reply(connection, scope, key, fingerprint, 201, body=body)
        except IntegrityError as error:
            if reply is not None and self.stored_reply(reply[0], reply[1]) is not None:
                raise StoreError("key_taken", "another request stored an answer under this key first") from error
            if daily is not None and player_id is not None and self.daily_game(daily, player_id) is not None:
                raise StoreError("daily_played", "the player already has the day's game") from error
            raise
        self.cache.put(game_id, 1, len(events), state)

    def stored_reply(self, scope: str, key: str) -> StoredReply | None:
        """The answer kept for an Idempotency-Key in a scope (a game's id, or a scope of new games)."""
        with self.engine.connect().execution_options(readonly=True) as connection:
            return kept_reply(connection, scope, key)

    def unfinished_games(self, player_id: str) -> int:
        """The player's games not over yet, in either seat."""
        with self.engine.connect().execution_options(readonly=True) as connection:
            count = 0
            for seat_player in (games.c.player_id, games.c.seat1_player_id):  # each on its own index
                count += connection.execute(select(func.count()).select_from(games).where(
                    and_(seat_player == player_id, games.c.status == "active"))).scalar_one()
        return int(count)

    def get_game(self, game_id: str) -> GameRecord | None:
        with self.engine.connect().execution_options(readonly=True) as connection:
            record = self._load(connection, game_id, lock=False)
        if record is not None:
            self.recent.put(record)
        return record

    def recent_game(self, game_id: str, within: float) -> GameRecord | None:
        """See ``GameStore.recent_game``."""
        return self.recent.get(game_id, within) or self.get_game(game_id)

    def _load(self, connection: Connection, game_id: str, lock: bool) -> GameRecord | None:
        # The snapshot's text is read only when this process does not already hold the game's state.
        query = select(*GAME_COLUMNS).where(games.c.id == game_id)
        if lock and not self.is_sqlite:
            query = query.with_for_update()
        row = connection.execute(query).first()
        if row is None:
            return None
        version, event_count, state = self._current(connection, row)
        return GameRecord(row.id, version, state, row.level, row.player_id, event_count, row.seat_token_hash,
                          bool(row.practice), row.invite_hash, row.seat1_token_hash, row.seat1_player_id,
                          (row.seat0_seen_at, row.seat1_seen_at), row.turn_seconds, float(row.updated_at),
                          row.rematch_offer, row.rematch_id, row.daily, row.pool,
                          None if row.reserve0 is None else (float(row.reserve0), float(row.reserve1)),
                          (row.handle0, row.handle1))

    def _current(self, connection: Connection, row: Any) -> tuple[int, int, GameState]:
        """The game at the row's version (version, event count, state): this process's newest state of it, moved
        on by the events after it when another process moved since; else the snapshot, played on by the events
        after it. Without a lock another move may commit between two reads, so the snapshot is read together
        with the version it goes with, and the state returned is the one of that version."""
        known = self.cache.get(row.id)
        if known is not None and known.version == row.version:
            return known.version, known.event_count, known.state
        if known is not None and row.snapshot_version <= known.version < row.version:
            version, event_count, state, after = row.version, row.event_count, known.state, known.event_count
        else:
            full = connection.execute(select(games.c.version, games.c.event_count, games.c.schema, games.c.state,
                                             games.c.snapshot_events).where(games.c.id == row.id)).one()
            version, event_count = full.version, full.event_count
            state, after = decode_row(full.schema, full.state), full.snapshot_events
        if after < event_count:
            logged = connection.execute(
                select(game_events.c.data).where(and_(game_events.c.game_id == row.id, game_events.c.seq > after,
                                                      game_events.c.seq <= event_count))
                .order_by(game_events.c.seq)).scalars().all()
            state = play_on(state, [Event.from_json(json.loads(data)) for data in logged])
        self.cache.put(row.id, version, event_count, state)
        return version, event_count, state

    def events(self, game_id: str, since: int, limit: int = 5000, hand: int | None = None) -> list[tuple[int, Event]]:
        """Up to ``limit`` events after ``since``, in order (only hand ``hand``'s when given, filtered in the
        query, so the limit counts only those)."""
        query = select(game_events.c.seq, game_events.c.data).where(
            and_(game_events.c.game_id == game_id, game_events.c.seq > since))
        if hand is not None:
            query = query.where(game_events.c.hand == hand)
        with self.engine.connect().execution_options(readonly=True) as connection:
            rows = connection.execute(query.order_by(game_events.c.seq).limit(limit)).all()
        return [(int(row.seq), Event.from_json(json.loads(row.data))) for row in rows]

    @contextmanager
    def locked(self, game_id: str) -> Iterator[LockedGame]:
        """The game's row, locked until the block ends; changes made through it commit together."""
        self.recent.drop(game_id)
        try:
            with self._writer, self.engine.begin() as connection:
                game = LockedGame(self, connection, game_id)
                yield game
        finally:
            self.recent.drop(game_id)  # joined, offered a rematch, claimed, ...: read it again next time
        # Only a committed version may be cached: a stored version never changes once committed.
        if game.saved is not None:
            self.cache.put(game_id, *game.saved)

    def state_at(self, connection: Connection, game: GameRecord, version: int) -> GameState:
        """The game as it was at an earlier ``version``, replayed from the start of its log."""
        logged = connection.execute(
            select(game_events.c.data).where(and_(game_events.c.game_id == game.id, game_events.c.version <= version))
            .order_by(game_events.c.seq)).scalars().all()
        return replay_events(game.state.rules, game.state.seed, [Event.from_json(json.loads(d)) for d in logged])

    def version_events(self, connection: Connection, game_id: str, version: int) -> list[tuple[int, Event]]:
        """The events a version added, numbered."""
        rows = connection.execute(
            select(game_events.c.seq, game_events.c.data).where(
                and_(game_events.c.game_id == game_id, game_events.c.version == version))
            .order_by(game_events.c.seq)).all()
        return [(int(row.seq), Event.from_json(json.loads(row.data))) for row in rows]
