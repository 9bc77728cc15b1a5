"""Which revision of the schema a database is at, and upgrading it with the Alembic revisions in ``migrations/``.

A database is in one of these states:

* at a revision: its ``alembic_version`` table says which;
* made before the store used migrations (all of the store's tables, no ``alembic_version``): that is revision
  ``0001``, whose script creates exactly what ``metadata.create_all`` did; an upgrade stamps it so first;
* empty (none of the store's tables, no ``alembic_version``): an upgrade starts from nothing;
* anything else (a revision this code does not know, as a newer server leaves; some of the tables but not
  all) is refused rather than guessed at.

An upgrade is one transaction that holds the schema lock (``schema_lock``) from the first look at the database
to the commit, so servers and ``gin-rummy migrate`` starting together upgrade once: the others wait, look again
and find it done. Every revision's DDL is in that transaction, so a failed upgrade leaves the database as it was
(SQLite and PostgreSQL both have transactional DDL).

The server calls ``ensure_schema`` when its store opens: a database at the newest revision is used; an empty one
is set up (there is nothing in it to protect, and this is what ``create_all`` always did); one that is behind is
upgraded only with ``auto_migrate``, and otherwise refused with an error that names the command that upgrades it.
"""

from __future__ import annotations

import logging
import shlex
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, OperationalError

from .errors import StoreError

MIGRATIONS = Path(__file__).resolve().with_name("migrations")
"""The Alembic script directory, inside the installed package (``env.py``, ``versions/``)."""
TABLES = frozenset({"games", "game_events", "idempotency_keys", "players"})
"""The tables every revision has; all of them without ``alembic_version`` is a database made before migrations."""
FIRST = "0001"
"""The revision whose schema ``metadata.create_all`` made before migrations."""
LOCK_KEY = int.from_bytes(b"ginrummy", "big")
"""The PostgreSQL advisory lock key of schema changes (a positive bigint)."""
RETRY_SECONDS = 0.5

log = logging.getLogger("ginrummy.store")
_in_process = threading.Lock()
"""Alembic's ``context`` and ``op`` are module-level proxies: one migration at a time in a process."""
T = TypeVar("T")


class SchemaError(StoreError):
    """The database's schema is not one this server can use as it is (``code``: schema_behind, schema_unknown)."""


@lru_cache(maxsize=1)
def scripts() -> ScriptDirectory:
    return ScriptDirectory(str(MIGRATIONS))


def head() -> str:
    """The newest revision."""
    top = scripts().get_current_head()  # raises if the revisions ever branch into several heads
    assert top is not None, f"no revisions in {MIGRATIONS}"
    return top


@lru_cache(maxsize=1)
def known_revisions() -> frozenset[str]:
    return frozenset(script.revision for script in scripts().walk_revisions())


def describe_revision(revision: str, note: str = "") -> str:
    """``0002 (Match-history index ...)``: the id and the first line of the revision's docstring."""
    doc = (scripts().get_revision(revision).doc or "").split("\n")[0].rstrip(".")
    said = "; ".join(part for part in (doc, note) if part)
    return f"{revision} ({said})" if said else revision


@dataclass(frozen=True)
class SchemaState:
    """Where a database's schema stands: its revision (None when empty) and the newest one."""

    revision: str | None
    head: str
    legacy: bool = False
    """Made before migrations (no ``alembic_version``): taken as revision ``FIRST``, not yet stamped."""

    @property
    def current(self) -> bool:
        return self.revision == self.head and not self.legacy

    @property
    def empty(self) -> bool:
        return self.revision is None

    def describe(self) -> str:
        if self.revision is None:
            return "nothing (an empty database)"
        return describe_revision(self.revision, "tables made before migrations" if self.legacy else "")


def alembic_config(connection: Connection | None = None) -> Config:
    """Alembic's configuration in code (no alembic.ini): the package's script directory, and the connection to
    run on, which ``env.py`` uses as it is (in its transaction, under the lock its caller holds)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def read_state(connection: Connection) -> SchemaState:
    """The database's state; a revision this code does not know, or some of the tables without the rest, raise."""
    revision = MigrationContext.configure(connection).get_current_revision()
    top = head()
    if revision is not None:
        if revision not in known_revisions():
            raise SchemaError("schema_unknown", f"the database's schema is at revision {revision}, which this "
                              f"version of the server does not know (its newest is {top}): a newer version "
                              "upgraded it; run that version, or restore a backup made before the upgrade")
        return SchemaState(revision, top)
    present = TABLES & set(inspect(connection).get_table_names())
    if not present:
        return SchemaState(None, top)
    if present == TABLES:
        return SchemaState(FIRST, top, legacy=True)
    raise SchemaError("schema_unknown", f"the database has the tables {', '.join(sorted(present))} but not "
                      f"{', '.join(sorted(TABLES - present))}, and no alembic_version table: it is not a "
                      "database this server made, and the server will not guess what it is")


@contextmanager
def schema_lock(engine: Engine) -> Iterator[Connection]:
    """A transaction holding the schema lock until it ends. On PostgreSQL a transaction-level advisory lock
    (``pg_advisory_xact_lock``, freed by the commit or rollback, even of a killed process); on SQLite the
    database's write lock, which an engine of ``connect.make_engine`` takes when the transaction begins
    (``BEGIN IMMEDIATE``)."""
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})
        yield connection


def _upgrade(engine: Engine, url: str, behind_allowed: bool) -> tuple[SchemaState, SchemaState]:
    """Upgrade to the newest revision under the lock, looking again once it is held (another process may have
    upgraded meanwhile). An empty database is always set up; one that is behind only when ``behind_allowed``."""
    with _in_process, schema_lock(engine) as connection:
        before = read_state(connection)
        if before.current:
            return before, before
        if not (before.empty or behind_allowed):
            raise behind_error(before, url)
        config = alembic_config(connection)
        if before.legacy:
            command.stamp(config, FIRST)
        command.upgrade(config, "head")
        return before, read_state(connection)


def _waiting(wait_seconds: float, attempt: Callable[[], T]) -> T:
    """``attempt()``, tried again for ``wait_seconds`` while the database cannot be reached (still starting, as
    in a fresh compose stack, or restarting) or is busy."""
    deadline = time.monotonic() + wait_seconds
    told = False
    while True:
        try:
            return attempt()
        except OperationalError as error:
            if time.monotonic() >= deadline:
                raise
            if not told:
                reason = str(error.orig).strip().split("\n")[0]
                log.warning("database not ready (%s); trying again for up to %.0f s", reason, wait_seconds)
                told = True
        time.sleep(RETRY_SECONDS)


def check(engine: Engine, wait_seconds: float = 0.0) -> SchemaState:
    """The database's state, read without the lock and without changing anything."""
    def attempt() -> SchemaState:
        with engine.connect().execution_options(readonly=True) as connection:
            return read_state(connection)

    return _waiting(wait_seconds, attempt)


def migrate(engine: Engine, url: str, wait_seconds: float = 0.0) -> tuple[SchemaState, SchemaState]:
    """Upgrade the database to the newest revision; the states before and after."""
    return _waiting(wait_seconds, lambda: _upgrade(engine, url, behind_allowed=True))


def ensure_schema(engine: Engine, url: str, auto_migrate: bool, wait_seconds: float = 0.0) -> SchemaState:
    """Make sure a starting server's database is at the newest revision: set up an empty one, upgrade one that is
    behind when ``auto_migrate``, and otherwise refuse it (SchemaError naming the command that upgrades it)."""
    def attempt() -> SchemaState:
        with engine.connect().execution_options(readonly=True) as connection:
            state = read_state(connection)  # the usual case, at the newest revision, takes no lock
        if state.current:
            return state
        if not (state.empty or auto_migrate):
            raise behind_error(state, url)
        before, after = _upgrade(engine, url, behind_allowed=auto_migrate)
        if before != after:
            log.info("database schema upgraded from %s to %s", before.describe(), after.describe(),
                     extra={"fields": {"schema_from": before.revision, "schema_to": after.revision}})
        return after

    return _waiting(wait_seconds, attempt)


def shown_url(url: str) -> str:
    """The URL with its password (if any) as ***."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return "<DATABASE_URL>"


def behind_error(state: SchemaState, url: str) -> SchemaError:
    command_line = f"gin-rummy migrate --database-url {shlex.quote(shown_url(url))}"
    password = " (with the real password for ***)" if "***" in command_line else ""
    return SchemaError("schema_behind", f"the database's schema is at revision {state.describe()}, and this "
                       f"server needs revision {describe_revision(state.head)}. Upgrade it with "
                       f"`{command_line}`{password}, or start the server with AUTO_MIGRATE=true to upgrade it on "
                       "start")
