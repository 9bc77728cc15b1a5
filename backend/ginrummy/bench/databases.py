"""The benches' databases: a SQLite file's URL in a run's directory, the name of the database a URL points at, and
what a commit survives as the store's engine opens it."""

from __future__ import annotations

import os


def sqlite_url(directory: str, name: str) -> str:
    return f"sqlite:///{os.path.join(directory, name)}"


def database_name(url: str) -> str:
    return "SQLite" if url.startswith("sqlite") else "PostgreSQL"


def durability(url: str) -> str:
    """How the store's engine leaves a connection to this database: what a commit survives."""
    from ginrummy.store.connect import make_engine

    engine = make_engine(url)
    try:
        with engine.connect().execution_options(readonly=True) as connection:
            if url.startswith("sqlite"):
                mode = connection.exec_driver_sql("PRAGMA journal_mode").scalar()
                level = connection.exec_driver_sql("PRAGMA synchronous").scalar()
                names = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}
                return f"journal_mode={mode}, synchronous={names.get(int(level or 0), level)}"
            commit = connection.exec_driver_sql("SHOW synchronous_commit").scalar()
            fsync = connection.exec_driver_sql("SHOW fsync").scalar()
            return f"synchronous_commit={commit}, fsync={fsync}"
    except Exception as error:  # only a note in the header
        return f"(not read: {error.__class__.__name__})"
    finally:
        engine.dispose()
