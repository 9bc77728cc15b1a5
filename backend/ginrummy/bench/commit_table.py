"""The table the load bench's reference routes commit to (``commit_app`` and ``sqlite3_app`` in
``ginrummy.bench.load``): the variable naming its database, the row each request writes, and creating and dropping
the table."""

from __future__ import annotations

from sqlalchemy import Column, Float, Integer, MetaData, String, Table, Text, create_engine
from sqlalchemy.pool import NullPool

COMMIT_URL = "GINRUMMY_BENCH_COMMIT_URL"
"""The environment variable naming the database of ``commit_app`` and ``sqlite3_app``."""
ROW_BYTES = 8192
"""What each reference request writes: one row of about this many bytes (a move writes less; see the bytes per
move the bench prints), made durable by its own COMMIT."""
PAYLOAD = "x" * ROW_BYTES
commit_metadata = MetaData()
commits = Table("bench_commits", commit_metadata,
                Column("id", Integer, primary_key=True),
                Column("card", String(8), nullable=False),
                Column("at", Float, nullable=False),
                Column("payload", Text, nullable=False))
INSERT_SQL = "INSERT INTO bench_commits (card, at, payload) VALUES (?, ?, ?)"


def prepare_commit_table(url: str) -> None:
    engine = create_engine(url, poolclass=NullPool)
    try:
        commit_metadata.create_all(engine)
    finally:
        engine.dispose()


def drop_commit_table(url: str) -> None:
    engine = create_engine(url, poolclass=NullPool)
    try:
        commit_metadata.drop_all(engine)
    finally:
        engine.dispose()
