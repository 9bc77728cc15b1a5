"""Schema migrations (Alembic, in ginrummy/store/migrations): an empty database, a database made before
migrations, a database behind, ``gin-rummy migrate``, and servers starting together.

A database "made before migrations" is made here as the store made it until then: ``metadata.create_all`` of the
tables as they were (the copy below, ``LEGACY``), then a player, a game mid-hand and its events written as the
old store wrote them.
"""

from __future__ import annotations

import hashlib
import json
import random
import shlex
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from server_helpers import auth, choose, etag, new_key, post_move
from sqlalchemy import (
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    insert,
    inspect,
    select,
)
from sqlalchemy.exc import OperationalError

from ginrummy.ai import make_player
from ginrummy.engine import HOUSE, Event, EventKind, GameState, Phase, apply, new_game, view_for
from ginrummy.store import SchemaError, SqlStore
from ginrummy.store.codec import STORED_SCHEMA, encode_state
from ginrummy.store.connect import make_engine
from ginrummy.store.schema import alembic_config, check, head, migrate, schema_lock
from ginrummy.store.tables import metadata

# --- the schema as metadata.create_all made it before migrations (revision 0001) ------------------------------

LEGACY = MetaData()
Table("games", LEGACY,
      Column("id", String(40), primary_key=True),
      Column("seat_token_hash", String(64), nullable=False),
      Column("player_id", String(40), nullable=True, index=True),
      Column("level", String(16), nullable=False),
      Column("version", Integer, nullable=False),
      Column("schema", Integer, nullable=False),
      Column("state", Text, nullable=False),
      Column("status", String(16), nullable=False),
      Column("event_count", Integer, nullable=False),
      Column("created_at", Float, nullable=False),
      Column("updated_at", Float, nullable=False, index=True))
Table("game_events", LEGACY,
      Column("game_id", String(40), primary_key=True),
      Column("seq", Integer, primary_key=True),
      Column("version", Integer, nullable=False),
      Column("data", Text, nullable=False))
Table("idempotency_keys", LEGACY,
      Column("game_id", String(40), primary_key=True),
      Column("key", String(200), primary_key=True),
      Column("fingerprint", String(64), nullable=False),
      Column("status", Integer, nullable=False),
      Column("body", Text, nullable=False),
      Column("created_at", Float, nullable=False))
STATS = ("matches_played", "matches_won", "hands_played", "hands_won", "gins", "undercuts_given",
         "undercuts_suffered", "points_won", "points_lost")
Table("players", LEGACY,
      Column("id", String(40), primary_key=True),
      Column("token_hash", String(64), nullable=False, unique=True),
      Column("created_at", Float, nullable=False),
      *[Column(name, Integer, nullable=False, default=0) for name in STATS])

NEWEST_INDEXES = {"ix_games_player_history", "ix_games_seat1_history", "ix_games_updated_at", "ux_games_daily_player"}
FIRST_INDEXES = {"ix_games_player_id", "ix_games_updated_at"}


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class LegacyGame:
    game_id: str
    seat_token: str
    player_token: str
    state: GameState
    events: int


def legacy_database(url: str) -> LegacyGame:
    """A database as the store left it before migrations: the old tables by create_all (no alembic_version),
    and a player with a game a few moves into its first hand, written as the old store wrote them."""
    state = new_game(HOUSE, 7)
    events = [Event(EventKind.HAND_STARTED, 1, state.hand.starter, state.hand.upcard)]
    players = [make_player("simple", 1), make_player("simple", 2)]
    while len(events) < 8 or state.hand.turn != 0:  # stop where it is the person's (seat 0's) turn
        assert state.phase in (Phase.FIRST_UPCARD, Phase.DRAW, Phase.DISCARD)
        state, caused = apply(state, players[state.hand.turn].choose(view_for(state, state.hand.turn)))
        events.extend(caused)
    game = LegacyGame("legacy-game", "seat-token-of-the-legacy-game", "player-token-of-the-legacy-game",
                      state, len(events))
    engine = create_engine(url)
    try:
        LEGACY.create_all(engine)
        now = time.time()
        with engine.begin() as connection:
            connection.execute(insert(LEGACY.tables["players"]).values(
                id="legacy-player", token_hash=_hash(game.player_token), created_at=now - 60,
                **dict.fromkeys(STATS, 0)))
            connection.execute(insert(LEGACY.tables["games"]).values(
                id=game.game_id, seat_token_hash=_hash(game.seat_token), player_id="legacy-player", level="easy",
                version=1, schema=STORED_SCHEMA, state=encode_state(state), status="active",
                event_count=len(events), created_at=now - 60, updated_at=now - 60))
            connection.execute(insert(LEGACY.tables["game_events"]), [
                {"game_id": game.game_id, "seq": seq, "version": 1,
                 "data": json.dumps(e.to_json(), separators=(",", ":"))} for seq, e in enumerate(events, start=1)])
    finally:
        engine.dispose()
    return game


def at_revision(url: str, revision: str) -> None:
    """Upgrade or downgrade the database to ``revision`` (or "base": no tables) with the shipped scripts."""
    engine = make_engine(url)
    try:
        with schema_lock(engine) as connection:
            config = alembic_config(connection)
            current = MigrationContext.configure(connection).get_current_revision()
            if revision == "base" or (current is not None and int(revision) < int(current)):
                command.downgrade(config, revision)
            else:
                command.upgrade(config, revision)
    finally:
        engine.dispose()


@contextmanager
def connected(url: str) -> Iterator[Any]:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            yield connection
    finally:
        engine.dispose()


def version_rows(url: str) -> list[str]:
    with connected(url) as connection:
        return [row[0] for row in connection.exec_driver_sql("SELECT version_num FROM alembic_version")]


def games_indexes(url: str) -> set[str]:
    with connected(url) as connection:
        return {index["name"] for index in inspect(connection).get_indexes("games") if index["name"]}


def schema_differences(url: str, target: MetaData) -> list[Any]:
    """What Alembic's autogenerate would change to make the database's schema ``target`` (nothing: the same)."""
    with connected(url) as connection:
        differences = compare_metadata(MigrationContext.configure(connection), target)
    return [d for d in differences if not (isinstance(d, tuple) and d[0] == "remove_table"
                                           and d[1].name == "alembic_version")]


def stored_rows(url: str) -> list[list[Any]]:
    """Every row of the tables that hold data (games, game_events, players), in key order."""
    with connected(url) as connection:
        return [list(connection.execute(select(table).order_by(*table.primary_key)).all())
                for table in (LEGACY.tables[name] for name in ("games", "game_events", "players"))]


def gin_rummy(*args: str) -> subprocess.CompletedProcess[str]:
    """The ``gin-rummy`` command in a separate process."""
    return subprocess.run([sys.executable, "-m", "ginrummy.cli", *args], capture_output=True, text=True,
                          timeout=120)


# --- an empty database ----------------------------------------------------------------------------------------

def test_an_empty_database_is_upgraded_from_nothing(database_url: str) -> None:
    engine = make_engine(database_url)
    try:
        assert check(engine).empty
        before, after = migrate(engine, database_url)
        assert before.empty and after.current and after.revision == head()
        again = migrate(engine, database_url)
        assert again == (after, after)
    finally:
        engine.dispose()
    assert version_rows(database_url) == [head()]
    assert games_indexes(database_url) == NEWEST_INDEXES
    # The revisions make exactly the tables the store declares (so a change there needs a revision).
    assert schema_differences(database_url, metadata) == []


def test_revisions_go_down_and_up_again(database_url: str) -> None:
    at_revision(database_url, "0001")
    assert games_indexes(database_url) == FIRST_INDEXES
    # Revision 0001 is exactly what create_all of the old tables made.
    assert schema_differences(database_url, LEGACY) == []
    at_revision(database_url, "base")
    with connected(database_url) as connection:
        assert set(inspect(connection).get_table_names()) <= {"alembic_version"}
    at_revision(database_url, head())
    assert schema_differences(database_url, metadata) == []


# --- a database made before migrations --------------------------------------------------------------------------

@pytest.mark.timeout(180)
def test_a_database_made_before_migrations_is_stamped_upgraded_and_served(
        database_url: str, start_server: Callable[..., Any]) -> None:
    game = legacy_database(database_url)
    rows = stored_rows(database_url)
    assert rows[0] and len(rows[1]) == game.events

    result = gin_rummy("migrate", "--database-url", database_url, "--wait", "0")
    assert result.returncode == 0, result.stderr
    assert "upgraded from 0001 (" in result.stdout and "tables made before migrations" in result.stdout
    assert f"to {head()} (" in result.stdout
    assert version_rows(database_url) == [head()]
    assert games_indexes(database_url) == NEWEST_INDEXES
    assert schema_differences(database_url, metadata) == []
    assert stored_rows(database_url) == rows  # every row as it was

    server = start_server(database_url)
    with httpx.Client(base_url=server.url, timeout=60) as client:
        read = client.get(f"/api/games/{game.game_id}", headers=auth(game.seat_token))
        assert read.status_code == 200, read.text
        body = read.json()
        expected = view_for(game.state, 0).to_json()
        assert body["version"] == 1
        assert (body["view"]["hand"], body["view"]["phase"]) == (expected["hand"], expected["phase"])
        events = client.get(f"/api/games/{game.game_id}/events", headers=auth(game.seat_token)).json()["events"]
        assert [e["seq"] for e in events] == list(range(1, game.events + 1))
        # The match history (the query the new index is for) lists it; and the game plays on.
        listed = client.get("/api/players/me/matches", headers=auth(game.player_token))
        assert listed.status_code == 200, listed.text
        assert [m["game_id"] for m in listed.json()["matches"]] == [game.game_id]
        moved = post_move(client, game.game_id, game.seat_token, choose(body["view"], random.Random(1)),
                          if_match=etag(1), key=new_key())
        assert moved.status_code == 200, moved.text
        assert moved.json()["version"] == 2


# --- a database behind ------------------------------------------------------------------------------------------

@pytest.mark.timeout(180)
@pytest.mark.parametrize("made", ["by revision 0001", "before migrations"])
def test_a_server_refuses_a_database_behind_until_gin_rummy_migrate_upgrades_it(
        database_url: str, start_server: Callable[..., Any], made: str) -> None:
    if made == "before migrations":
        legacy_database(database_url)
    else:
        at_revision(database_url, "0001")
    upgrade = f"gin-rummy migrate --database-url {shlex.quote(database_url)}"

    with pytest.raises(SchemaError, match="revision 0001") as refused:
        SqlStore(database_url)
    assert refused.value.code == "schema_behind"
    assert upgrade in str(refused.value)
    with pytest.raises(RuntimeError, match="server exited") as exited:
        start_server(database_url, AUTO_MIGRATE="false")
    assert upgrade in str(exited.value)
    assert "revision 0001" in str(exited.value)
    assert games_indexes(database_url) == FIRST_INDEXES  # refused, and changed nothing

    behind = gin_rummy("migrate", "--check", "--database-url", database_url, "--wait", "0")
    assert behind.returncode == 1, behind.stdout + behind.stderr
    assert "behind, at 0001" in behind.stdout
    upgraded = gin_rummy("migrate", "--database-url", database_url, "--wait", "0")
    assert upgraded.returncode == 0, upgraded.stderr
    assert "upgraded from 0001 (" in upgraded.stdout
    current = gin_rummy("migrate", "--check", "--database-url", database_url, "--wait", "0")
    assert current.returncode == 0, current.stdout + current.stderr

    server = start_server(database_url, AUTO_MIGRATE="false")
    assert httpx.get(server.url + "/readyz", timeout=10).status_code == 200
    assert version_rows(database_url) == [head()]


def test_auto_migrate_upgrades_a_database_behind_when_the_store_opens(database_url: str) -> None:
    game = legacy_database(database_url)
    store = SqlStore(database_url, auto_migrate=True)
    try:
        assert store.schema.current
        record = store.get_game(game.game_id)
        assert record is not None and record.state == game.state
    finally:
        store.close()
    assert version_rows(database_url) == [head()]
    assert schema_differences(database_url, metadata) == []


@pytest.mark.timeout(120)
def test_a_server_with_auto_migrate_upgrades_a_database_behind(database_url: str,
                                                              start_server: Callable[..., Any]) -> None:
    at_revision(database_url, "0001")
    server = start_server(database_url, AUTO_MIGRATE="true")
    assert httpx.get(server.url + "/readyz", timeout=10).status_code == 200
    assert version_rows(database_url) == [head()]


# --- several processes at once ----------------------------------------------------------------------------------

OPEN_STORE = """
import sys
from ginrummy.store import SqlStore
store = SqlStore(sys.argv[1], wait_seconds=30, auto_migrate=True)
print(store.schema.revision, store.schema.current)
store.close()
"""


@pytest.mark.timeout(180)
def test_processes_upgrading_one_database_at_once_upgrade_it_once(database_url: str) -> None:
    game = legacy_database(database_url)
    processes = [subprocess.Popen([sys.executable, "-c", OPEN_STORE, database_url], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True) for _ in range(4)]
    for process in processes:
        out, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
        assert out.split() == [head(), "True"]
    assert version_rows(database_url) == [head()]
    assert games_indexes(database_url) == NEWEST_INDEXES
    store = SqlStore(database_url)
    try:
        assert store.get_game(game.game_id) is not None
    finally:
        store.close()


@pytest.mark.timeout(180)
def test_two_servers_starting_at_once_on_an_empty_postgres_database_both_come_up(
        postgres_url: str, start_server: Callable[..., Any]) -> None:
    with ThreadPoolExecutor(2) as pool:
        servers = list(pool.map(lambda _: start_server(postgres_url, AUTO_MIGRATE="true"), range(2)))
    clients = [httpx.Client(base_url=server.url, timeout=60) for server in servers]
    try:
        for client in clients:
            assert client.get("/readyz").status_code == 200
        created = clients[0].post("/api/games", json={"seed": 3})
        assert created.status_code == 201, created.text
        game = created.json()
        read = clients[1].get(f"/api/games/{game['game_id']}", headers=auth(game["seat_token"]))
        assert read.status_code == 200, read.text
    finally:
        for client in clients:
            client.close()
    assert version_rows(postgres_url) == [head()]
    assert schema_differences(postgres_url, metadata) == []


# --- what is refused --------------------------------------------------------------------------------------------

def test_a_revision_this_server_does_not_know_is_refused(database_url: str) -> None:
    at_revision(database_url, head())
    engine = create_engine(database_url)
    with engine.begin() as connection:
        connection.exec_driver_sql("UPDATE alembic_version SET version_num = '9999'")
    engine.dispose()
    for auto_migrate in (False, True):
        with pytest.raises(SchemaError, match="9999") as refused:
            SqlStore(database_url, auto_migrate=auto_migrate)
        assert refused.value.code == "schema_unknown"
    result = gin_rummy("migrate", "--database-url", database_url, "--wait", "0")
    assert result.returncode == 2 and "9999" in result.stderr


def test_some_of_the_tables_without_the_rest_are_refused(sqlite_url: str) -> None:
    engine = create_engine(sqlite_url)
    LEGACY.tables["games"].create(engine)
    engine.dispose()
    with pytest.raises(SchemaError, match="not a database this server made") as refused:
        SqlStore(sqlite_url, auto_migrate=True)
    assert refused.value.code == "schema_unknown"


# --- waiting for a database that is starting --------------------------------------------------------------------

class LateProxy:
    """A TCP port that starts forwarding to PostgreSQL only after a delay, like a database still starting."""

    def __init__(self, target: tuple[str, int], delay: float) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port: int = probe.getsockname()[1]
        self.target = target
        self.delay = delay
        self.stopped = threading.Event()
        self.sockets: list[socket.socket] = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        if self.stopped.wait(self.delay):
            return
        listener = socket.create_server(("127.0.0.1", self.port))
        listener.settimeout(0.2)
        self.sockets.append(listener)
        while not self.stopped.is_set():
            try:
                client, _ = listener.accept()
            except TimeoutError:
                continue
            except OSError:  # closed by close()
                return
            upstream = socket.create_connection(self.target)
            self.sockets += [client, upstream]
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for s in (source, sink):
                with suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        self.stopped.set()
        for s in self.sockets:
            s.close()


@pytest.mark.timeout(120)
def test_the_store_waits_for_a_database_that_is_starting(postgres_url: str) -> None:
    address = postgres_url.split("@", 1)[1].split("/", 1)[0]
    host, port = address.rsplit(":", 1)
    proxy = LateProxy((host, int(port)), delay=2.0)
    late_url = postgres_url.replace(f"@{address}/", f"@127.0.0.1:{proxy.port}/")
    try:
        with pytest.raises(OperationalError):
            SqlStore(late_url, wait_seconds=0)  # not up yet, and not waited for
        started = time.monotonic()
        store = SqlStore(late_url, wait_seconds=60)
        try:
            assert time.monotonic() - started >= 1.0
            assert store.schema.current
        finally:
            store.close()
    finally:
        proxy.close()
