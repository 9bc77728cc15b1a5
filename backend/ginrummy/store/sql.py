"""The SQL store: one row per game, its event log, idempotency records and anonymous player stats.

Every change to a game happens inside ``SqlStore.locked``: one transaction that
holds the game's row lock (``SELECT ... FOR UPDATE`` on PostgreSQL; on SQLite,
``BEGIN IMMEDIATE``, which takes the database's write lock) and ends with a
compare-and-swap on the version, so two requests on one game never interleave,
even across server processes. A commit is durable before the caller answers.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    and_,
    create_engine,
    delete,
    event,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, OperationalError, ProgrammingError
from sqlalchemy.pool import StaticPool

from ginrummy.engine import Event, GameState, InvalidInputError

from .codec import REPLAY_SCHEMA, STORED_SCHEMA, decode_state, encode_state

metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", String(40), primary_key=True),
    Column("seat_token_hash", String(64), nullable=False),
    Column("player_id", String(40), nullable=True, index=True),
    Column("level", String(16), nullable=False),
    Column("version", Integer, nullable=False),
    Column("schema", Integer, nullable=False),
    Column("state", Text, nullable=False),
    Column("status", String(16), nullable=False),  # active | finished
    Column("event_count", Integer, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False, index=True),
)

game_events = Table(
    "game_events", metadata,
    Column("game_id", String(40), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("version", Integer, nullable=False),
    Column("data", Text, nullable=False),
)

idempotency = Table(
    "idempotency_keys", metadata,
    Column("game_id", String(40), primary_key=True),
    Column("key", String(200), primary_key=True),
    Column("fingerprint", String(64), nullable=False),
    Column("status", Integer, nullable=False),
    Column("body", Text, nullable=False),
    Column("created_at", Float, nullable=False),
)

players = Table(
    "players", metadata,
    Column("id", String(40), primary_key=True),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("created_at", Float, nullable=False),
    Column("matches_played", Integer, nullable=False, default=0),
    Column("matches_won", Integer, nullable=False, default=0),
    Column("hands_played", Integer, nullable=False, default=0),
    Column("hands_won", Integer, nullable=False, default=0),
    Column("gins", Integer, nullable=False, default=0),
    Column("undercuts_given", Integer, nullable=False, default=0),
    Column("undercuts_suffered", Integer, nullable=False, default=0),
    Column("points_won", Integer, nullable=False, default=0),
    Column("points_lost", Integer, nullable=False, default=0),
)

READABLE_SCHEMAS = (REPLAY_SCHEMA, STORED_SCHEMA)
PLAYER_GAME_COLUMNS = (games.c.id, games.c.level, games.c.status, games.c.created_at, games.c.updated_at,
                       games.c.version, games.c.schema, games.c.state)
"""What a player's match history reads of a game row (never the seat token's hash)."""
STAT_COLUMNS = ("matches_played", "matches_won", "hands_played", "hands_won", "gins", "undercuts_given",
                "undercuts_suffered", "points_won", "points_lost")


class StoreError(Exception):
    """A store operation that cannot go on; ``code`` says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def token_hash(token: str) -> str:
    """Tokens are stored only as hashes, so a leaked database does not hand out seats."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class GameRecord:
    id: str
    version: int
    state: GameState
    level: str
    player_id: str | None
    event_count: int
    seat_token_hash: str


@dataclass
class PlayerGame:
    """One of a player's games, as listed in their match history."""

    id: str
    level: str
    status: str
    created_at: float
    updated_at: float
    state: GameState


@dataclass
class PlayerStats:
    counts: dict[str, int] = field(default_factory=dict)


@dataclass
class StoredReply:
    """A response kept for an idempotency key."""

    fingerprint: str
    status: int
    body: dict[str, Any]


class _DecodeCache:
    """Decoded states by (game id, version): a stored version never changes, so entries never go stale."""

    def __init__(self, size: int = 2048) -> None:
        self.size = size
        self.items: dict[tuple[str, int], GameState] = {}
        self.lock = threading.Lock()

    def get(self, game_id: str, version: int, text: str) -> GameState:
        key = (game_id, version)
        with self.lock:
            state = self.items.get(key)
        if state is None:
            state = decode_state(text)
            self.put(game_id, version, state)
        return state

    def put(self, game_id: str, version: int, state: GameState) -> None:
        with self.lock:
            if len(self.items) >= self.size:
                self.items.pop(next(iter(self.items)))
            self.items[(game_id, version)] = state


class SqlStore:
    def __init__(self, url: str, wait_seconds: float = 0.0) -> None:
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        self.engine: Engine = self._make_engine(url)
        self._create_tables(wait_seconds)
        self.cache = _DecodeCache()
        # SQLite has one writer at a time and makes the others poll with growing sleeps, which is unfair
        # under load (seconds of tail latency); within a process, writers queue on a lock instead.
        # PostgreSQL locks rows, so there writers on different games go on at once.
        self._writer: AbstractContextManager[Any] = threading.Lock() if self.is_sqlite else nullcontext()

    def _create_tables(self, wait_seconds: float) -> None:
        """Create the tables, waiting for a database that is still starting (as in a fresh compose stack);
        several servers starting at once may race to create them, so a failure is retried too."""
        deadline = time.monotonic() + wait_seconds
        while True:
            try:
                metadata.create_all(self.engine)
                return
            except OperationalError:
                if time.monotonic() > deadline:
                    raise
            except (IntegrityError, ProgrammingError):
                if time.monotonic() > deadline:
                    raise
            time.sleep(0.5)

    def _make_engine(self, url: str) -> Engine:
        if not self.is_sqlite:
            return create_engine(url, pool_size=10, max_overflow=30, pool_pre_ping=True)
        # Connections are kept (opening one costs more than a move, and closing the last one checkpoints
        # the write-ahead log); an in-memory database needs the one connection it lives in.
        memory = url in ("sqlite://", "sqlite:///:memory:")
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30},
                               **({"poolclass": StaticPool} if memory else {"pool_size": 8, "max_overflow": 32}))

        @event.listens_for(engine, "connect")
        def _on_connect(dbapi_connection: Any, _record: Any) -> None:
            # Let SQLAlchemy's begin event issue BEGIN itself (pysqlite's own handling would defer the lock).
            dbapi_connection.isolation_level = None
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")  # a committed move survives even a power cut
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _on_begin(connection: Connection) -> None:
            readonly = connection.get_execution_options().get("readonly", False)
            connection.exec_driver_sql("BEGIN" if readonly else "BEGIN IMMEDIATE")

        return engine

    def close(self) -> None:
        self.engine.dispose()

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

    def create_game(self, game_id: str, token: str, level: str, player_id: str | None, state: GameState,
                    events: list[Event], stats: dict[str, int] | None = None) -> None:
        """Store a new game at version 1 with its first events, and add what they count to the player's
        stats (the computer may end the first hand, even the match, before the person moves)."""
        now = time.time()
        with self._writer, self.engine.begin() as connection:
            connection.execute(insert(games).values(
                id=game_id, seat_token_hash=token_hash(token), player_id=player_id, level=level, version=1,
                schema=STORED_SCHEMA, state=encode_state(state), status=_status(state),
                event_count=len(events), created_at=now, updated_at=now))
            self._insert_events(connection, game_id, 0, 1, events)
            _add_stats(connection, player_id, stats)
        self.cache.put(game_id, 1, state)

    def get_game(self, game_id: str) -> GameRecord | None:
        with self.engine.connect().execution_options(readonly=True) as connection:
            return self._load(connection, game_id, lock=False)

    def _load(self, connection: Connection, game_id: str, lock: bool) -> GameRecord | None:
        query = select(games).where(games.c.id == game_id)
        if lock and not self.is_sqlite:
            query = query.with_for_update()
        row = connection.execute(query).first()
        if row is None:
            return None
        return GameRecord(row.id, row.version, self._state(row), row.level, row.player_id, row.event_count,
                          row.seat_token_hash)

    def _state(self, row: Any) -> GameState:
        """A stored row's state, decoded once per (game, version) through the cache."""
        if row.schema not in READABLE_SCHEMAS:  # written by a newer (or unknown) server: refuse, never guess
            raise InvalidInputError(f"stored game has schema {row.schema}; this server reads schemas "
                                    f"{', '.join(map(str, READABLE_SCHEMAS))}", code="invalid_saved_game")
        return self.cache.get(row.id, row.version, row.state)

    def _player_game(self, row: Any) -> PlayerGame:
        return PlayerGame(row.id, row.level, row.status, float(row.created_at), float(row.updated_at),
                          self._state(row))

    def player_games(self, player_id: str, limit: int,
                     after: tuple[float, str] | None = None) -> tuple[list[PlayerGame], bool]:
        """Up to ``limit`` of the player's games, newest first by (created_at, id), starting after the
        (created_at, id) key ``after`` (keyset paging); the flag says whether more follow."""
        query = select(*PLAYER_GAME_COLUMNS).where(games.c.player_id == player_id)
        if after is not None:
            created_at, game_id = after
            query = query.where(or_(games.c.created_at < created_at,
                                    and_(games.c.created_at == created_at, games.c.id < game_id)))
        query = query.order_by(games.c.created_at.desc(), games.c.id.desc()).limit(limit + 1)
        with self.engine.connect().execution_options(readonly=True) as connection:
            rows = connection.execute(query).all()
        return [self._player_game(row) for row in rows[:limit]], len(rows) > limit

    def player_game(self, player_id: str, game_id: str) -> PlayerGame | None:
        """One of the player's games; None when there is no such game or it is another player's."""
        query = select(*PLAYER_GAME_COLUMNS).where(
            and_(games.c.id == game_id, games.c.player_id == player_id))
        with self.engine.connect().execution_options(readonly=True) as connection:
            row = connection.execute(query).first()
        return None if row is None else self._player_game(row)

    def events(self, game_id: str, since: int, limit: int = 5000, hand: int | None = None) -> list[tuple[int, Event]]:
        """Events after ``since`` in order (only those of hand ``hand`` when given)."""
        with self.engine.connect().execution_options(readonly=True) as connection:
            rows = connection.execute(
                select(game_events.c.seq, game_events.c.data)
                .where(and_(game_events.c.game_id == game_id, game_events.c.seq > since))
                .order_by(game_events.c.seq).limit(limit)).all()
        listed = [(int(row.seq), Event.from_json(json.loads(row.data))) for row in rows]
        return listed if hand is None else [(seq, e) for seq, e in listed if e.hand == hand]

    @contextmanager
    def locked(self, game_id: str) -> Iterator[LockedGame]:
        """The game's row, locked until the block ends; changes made through it commit together."""
        with self._writer, self.engine.begin() as connection:
            game = LockedGame(self, connection, game_id)
            yield game
        # Only a committed version may be cached: a stored version never changes once committed.
        if game.saved is not None:
            self.cache.put(game_id, *game.saved)

    def _insert_events(self, connection: Connection, game_id: str, first_seq: int, version: int,
                       events: list[Event]) -> None:
        if events:
            connection.execute(insert(game_events), [
                {"game_id": game_id, "seq": first_seq + i + 1, "version": version,
                 "data": json.dumps(e.to_json(), separators=(",", ":"))}
                for i, e in enumerate(events)])

    # --- upkeep -------------------------------------------------------------------------------------------

    def delete_stale(self, finished_before: float, abandoned_before: float) -> int:
        """Delete finished games last touched before one time and unfinished ones before another."""
        with self._writer, self.engine.begin() as connection:
            stale = connection.execute(select(games.c.id).where(
                ((games.c.status == "finished") & (games.c.updated_at < finished_before))
                | ((games.c.status == "active") & (games.c.updated_at < abandoned_before)))).scalars().all()
            for chunk in range(0, len(stale), 500):
                ids = stale[chunk:chunk + 500]
                connection.execute(delete(game_events).where(game_events.c.game_id.in_(ids)))
                connection.execute(delete(idempotency).where(idempotency.c.game_id.in_(ids)))
                connection.execute(delete(games).where(games.c.id.in_(ids)))
        return len(stale)


def _add_stats(connection: Connection, player_id: str | None, stats: dict[str, int] | None) -> None:
    changed = {name: players.c[name] + amount for name, amount in (stats or {}).items() if amount}
    if changed and player_id is not None:
        connection.execute(update(players).where(players.c.id == player_id).values(**changed))


def _status(state: GameState) -> str:
    return "finished" if state.winner is not None else "active"


class LockedGame:
    """A game row held under lock inside one transaction."""

    def __init__(self, store: SqlStore, connection: Connection, game_id: str) -> None:
        self.store = store
        self.connection = connection
        self.game_id = game_id
        self.record = store._load(connection, game_id, lock=True)
        self.saved: tuple[int, GameState] | None = None

    def stored_reply(self, key: str) -> StoredReply | None:
        row = self.connection.execute(select(idempotency).where(
            and_(idempotency.c.game_id == self.game_id, idempotency.c.key == key))).first()
        if row is None:
            return None
        return StoredReply(row.fingerprint, int(row.status), json.loads(row.body))

    def save(self, state: GameState, events: list[Event], reply: tuple[str, str, int, dict[str, Any]] | None,
             stats: dict[str, int] | None = None) -> int:
        """Write the new state as the next version, append its events, keep the reply for its
        idempotency key (key, fingerprint, status, body) and add to the player's stats."""
        record = self.record
        assert record is not None
        version = record.version + 1
        result = self.connection.execute(
            update(games).where(and_(games.c.id == record.id, games.c.version == record.version)).values(
                version=version, schema=STORED_SCHEMA, state=encode_state(state), status=_status(state),
                event_count=record.event_count + len(events), updated_at=time.time()))
        if result.rowcount != 1:  # the lock makes this impossible; the check makes it certain
            raise StoreError("conflict", "the game changed while this move was being made")
        self.store._insert_events(self.connection, record.id, record.event_count, version, events)
        if reply is not None:
            key, fingerprint, status, body = reply
            self.connection.execute(insert(idempotency).values(
                game_id=record.id, key=key, fingerprint=fingerprint, status=status,
                body=json.dumps(body, separators=(",", ":")), created_at=time.time()))
        _add_stats(self.connection, record.player_id, stats)
        self.saved = (version, state)
        return version


def fingerprint(*parts: str) -> str:
    """A digest of what a request asked for, to tell a repeated request from a reused key."""
    return hashlib.sha256("\x00".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def same_token(token: str, stored_hash: str) -> bool:
    return hmac.compare_digest(token_hash(token), stored_hash)
