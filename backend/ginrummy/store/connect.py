"""The store's connections to its database: the engine, with its pool, its time limits and, on SQLite, how a
transaction takes the database's lock."""

from __future__ import annotations

from typing import Any

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.pool import StaticPool

CONNECT_SECONDS = 5
"""PostgreSQL: the longest a request waits to open a connection."""
POOL_WAIT_SECONDS = 10
"""PostgreSQL: the longest a request waits for a connection of the pool (all in use): then 503, not a hang."""


def make_engine(url: str, pool_size: int = 10, max_overflow: int = 20) -> Engine:
    """The store's engine. On PostgreSQL each process keeps ``pool_size`` connections and opens up to
    ``max_overflow`` more under load. On SQLite every transaction but a read-only one (execution option
    ``readonly``) starts with ``BEGIN IMMEDIATE``, which takes the database's write lock at once."""
    if not url.startswith("sqlite"):
        # A database that is restarting or away refuses at once, or within CONNECT_SECONDS where it cannot be
        # reached: the request gets a 503 rather than a hang (and a connection left from before a restart is
        # found out by the ping before it is used).
        return create_engine(url, pool_size=pool_size, max_overflow=max_overflow, pool_pre_ping=True,
                             pool_timeout=POOL_WAIT_SECONDS, connect_args={"connect_timeout": CONNECT_SECONDS})
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
