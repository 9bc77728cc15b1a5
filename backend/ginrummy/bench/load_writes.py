"""What a move writes, as the load bench measures it on one more game round that is not timed: the rows and bytes
of text and binary columns added to each of the game's tables, and the write-ahead log written meanwhile (SQLite's,
with checkpoints held off; PostgreSQL's log position), per move answered."""

from __future__ import annotations

import argparse
import os
import sqlite3
import time
from contextlib import AbstractContextManager
from dataclasses import dataclass

from sqlalchemy import LargeBinary, String, create_engine, inspect, text
from sqlalchemy.pool import NullPool

from .client import ClientPool
from .commit_table import commits
from .load_targets import Target

NAMED_TABLES = ("games", "game_events", "idempotency_keys")
"""The game's tables shown one by one; any other table of the game's database is added up as "other"."""
NOT_THE_GAMES = {"alembic_version", commits.name}


def stored(url: str) -> dict[str, tuple[int, int]]:
    """Each table's rows and the bytes of its text and binary columns (NULL counts 0)."""
    engine = create_engine(url, poolclass=NullPool)
    size = "length(CAST({} AS BLOB))" if url.startswith("sqlite") else "octet_length({})"
    found: dict[str, tuple[int, int]] = {}
    try:
        with engine.connect() as connection:
            schema = inspect(connection)
            for table in schema.get_table_names():
                if table in NOT_THE_GAMES:
                    continue
                columns = [c["name"] for c in schema.get_columns(table)
                           if isinstance(c["type"], String | LargeBinary)]
                sums = "".join(f" + coalesce(sum({size.format(quoted(c))}), 0)" for c in columns)
                row = connection.execute(text(f"SELECT count(*), 0{sums} FROM {quoted(table)}")).one()
                found[table] = (int(row[0]), int(row[1]))
    finally:
        engine.dispose()
    return found


def quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


class SqliteLog:
    """The write-ahead log written while it is held: the log is checkpointed and emptied first, then a read
    transaction is held open, which stops checkpoints from copying the log back into the database and so from
    starting it over: every page committed meanwhile is appended, and the log's growth is what was written."""

    def __init__(self, url: str) -> None:
        self.path = url.removeprefix("sqlite:///")
        self.connection: sqlite3.Connection | None = None
        self.before = 0

    def _size(self) -> int:
        try:
            return os.path.getsize(self.path + "-wal")
        except OSError:
            return 0

    def __enter__(self) -> SqliteLog:
        connection = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        connection.execute("BEGIN")
        connection.execute("SELECT count(*) FROM sqlite_master").fetchall()
        self.connection = connection
        self.before = self._size()
        return self

    def written(self) -> int:
        return self._size() - self.before

    def __exit__(self, *exc: object) -> None:
        if self.connection is not None:
            self.connection.execute("COMMIT")
            self.connection.close()


class PostgresLog:
    """The write-ahead log written while it is held: the difference of the log's insert position (the whole
    cluster's, so anything else writing to it meanwhile counts too)."""

    def __init__(self, url: str) -> None:
        self.engine = create_engine(url, poolclass=NullPool)
        self.before = ""

    def _position(self) -> str:
        with self.engine.connect() as connection:
            return str(connection.exec_driver_sql("SELECT pg_current_wal_insert_lsn()").scalar())

    def __enter__(self) -> PostgresLog:
        self.before = self._position()
        return self

    def written(self) -> int:
        with self.engine.connect() as connection:
            value = connection.execute(text("SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), "
                                            "CAST(:before AS pg_lsn))"), {"before": self.before}).scalar()
        return int(value or 0)

    def __exit__(self, *exc: object) -> None:
        self.engine.dispose()


@dataclass
class BytesPerMove:
    """What one more game round added, per move answered: rows and bytes of each table, and the log written."""

    moves: int
    creates: int
    tables: dict[str, tuple[float, float]]
    log: float | None


def bytes_per_move(pool: ClientPool, target: Target, clients: int, args: argparse.Namespace) -> BytesPerMove:
    """Play one more game round on ``target`` (not timed) and divide what its tables and its write-ahead log
    grew by the moves answered (the matches created meanwhile count in)."""
    assert target.database_url is not None
    url = target.database_url
    before = stored(url)
    log: AbstractContextManager[SqliteLog | PostgresLog] = SqliteLog(url) if url.startswith("sqlite") \
        else PostgresLog(url)
    with log as held:
        outcomes = pool.run(target.job(clients, time.monotonic(), args.duration, args))
        written = held.written()
    after = stored(url)
    moves = sum(o.tally.moves_made for o in outcomes) or 1
    tables = {name: ((rows - before.get(name, (0, 0))[0]) / moves, (size - before.get(name, (0, 0))[1]) / moves)
              for name, (rows, size) in after.items()}
    return BytesPerMove(moves, sum(o.tally.creates_made for o in outcomes), tables, written / moves)
