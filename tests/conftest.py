"""Shared fixtures: a fresh database of each kind, a Redis database, an in-process client, and real server
processes. PostgreSQL and Redis are the ones at GINRUMMY_TEST_POSTGRES and GINRUMMY_TEST_REDIS when they answer,
or throwaway servers this session starts (tests/services.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from open_limits import OPEN_LIMITS
from services import (
    POSTGRES_URL,
    REDIS_URL,
    free_port,
    postgres_answers,
    redis_answers,
    redis_database_of_worker,
    throwaway_postgres,
    throwaway_redis,
    worker_index,
)


@pytest.fixture(scope="session")
def postgres_admin_url() -> Iterator[str]:
    """A PostgreSQL server's URL on which the tests may create and drop databases."""
    if postgres_answers(POSTGRES_URL):
        yield POSTGRES_URL
    else:
        with throwaway_postgres() as server:
            yield server.url


@pytest.fixture(scope="session")
def redis_server_url() -> Iterator[str]:
    """This worker's own Redis database (on the configured server, or a throwaway one)."""
    if redis_answers(REDIS_URL):
        yield redis_database_of_worker(REDIS_URL, worker_index())
    else:
        with throwaway_redis() as server:
            yield server.url


@pytest.fixture
def redis_url(redis_server_url: str) -> Iterator[str]:
    """This worker's Redis database, emptied before and after the test."""
    import redis

    connection = redis.Redis.from_url(redis_server_url)
    connection.flushdb()
    yield redis_server_url
    connection.flushdb()
    connection.close()


def _postgres_database(admin_url: str) -> Iterator[str]:
    """A new, empty PostgreSQL database, dropped afterwards."""
    import sqlalchemy

    name = f"ginrummy_test_{uuid.uuid4().hex[:12]}"
    admin = sqlalchemy.create_engine(admin_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    base = admin_url.rsplit("/", 1)[0]
    try:
        yield f"{base}/{name}"
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Each test that uses this runs once against SQLite and once against PostgreSQL."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'games.db'}"
    else:
        yield from _postgres_database(request.getfixturevalue("postgres_admin_url"))


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture
def postgres_url(postgres_admin_url: str) -> Iterator[str]:
    yield from _postgres_database(postgres_admin_url)


@pytest.fixture
def client(database_url: str) -> Iterator[object]:
    """An in-process client of a fresh app on a fresh database."""
    from fastapi.testclient import TestClient

    from ginrummy.api.app import create_app
    from ginrummy.api.config import Settings

    app = create_app(Settings(database_url=database_url, **OPEN_LIMITS))  # type: ignore[arg-type]
    with TestClient(app) as test_client:
        yield test_client


class ServerProcess:
    """A real ``uvicorn`` server process serving the app on a database."""

    def __init__(self, database_url: str, port: int | None = None, extra_env: dict[str, str] | None = None) -> None:
        self.database_url = database_url
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.extra_env = extra_env or {}
        self.process: subprocess.Popen[bytes] | None = None
        self.log: Any = None

    def start(self) -> ServerProcess:
        limits = {name.upper(): str(value) for name, value in OPEN_LIMITS.items()}
        env = {**os.environ, "DATABASE_URL": self.database_url, "LOG_LEVEL": "warning", **limits, **self.extra_env}
        # The log goes to a file, never to a pipe nobody reads (a full pipe would stop the server).
        self.log = tempfile.NamedTemporaryFile(prefix="ginrummy-server-", suffix=".log", delete=False)  # noqa: SIM115
        self.process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "ginrummy.api.main:create", "--factory", "--host", "127.0.0.1",
             "--port", str(self.port), "--log-level", "warning"],
            env=env, stdout=subprocess.DEVNULL, stderr=self.log)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.output()}")
            try:
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("server did not start in 30 s")

    def output(self) -> str:
        """What the server has logged so far."""
        return Path(self.log.name).read_text(errors="replace")

    def kill(self) -> None:
        """SIGKILL: no shutdown hooks, no flushing; only what was committed survives."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        if self.log is not None:
            self.log.close()
            Path(self.log.name).unlink(missing_ok=True)


@pytest.fixture(scope="module")
def module_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One real server process for a whole test module, on a fresh SQLite file: for tests that each make their
    own games and players, and never stop or slow the server."""
    server = ServerProcess(f"sqlite:///{tmp_path_factory.mktemp('module-server') / 'games.db'}").start()
    yield server
    server.stop()


@pytest.fixture
def start_server() -> Iterator[Callable[..., ServerProcess]]:
    """Start real server processes; every one started is stopped after the test."""
    started: list[ServerProcess] = []

    def start(database_url: str, port: int | None = None, **env: str) -> ServerProcess:
        server = ServerProcess(database_url, port, env).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


# ---- tiers: `make test-fast` leaves out the browser, real processes and the long runs ----

def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark each test with its tier: ``browser`` under tests/browser; ``processes`` under tests/server and
    tests/bench, or wherever real servers are started (the start_server fixture). Refuse two tests with one id:
    pytest-xdist hands tests out by id, and would run only one of them."""
    shared = sorted(nodeid for nodeid, count in Counter(item.nodeid for item in items).items() if count > 1)
    if shared:
        raise pytest.UsageError(f"tests sharing an id (pytest-xdist would run one of each): {shared[:5]}")
    for item in items:
        folder = Path(str(item.fspath)).parent.name
        if folder == "browser":
            item.add_marker(pytest.mark.browser)
        if folder in ("server", "bench") or "start_server" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.processes)


def pytest_report_header(config: pytest.Config) -> list[str]:
    """Which PostgreSQL and Redis this run talks to (asked once, by the process that starts the others)."""
    if hasattr(config, "workerinput"):
        return []

    def said(name: str, url: str, answers: bool) -> str:
        if answers:
            return f"{name}: the server at {url}"
        return f"{name}: nothing answers at {url}; each test process starts a throwaway server when a test needs one"

    return [said("PostgreSQL", POSTGRES_URL, postgres_answers(POSTGRES_URL)),
            said("Redis", REDIS_URL, redis_answers(REDIS_URL))]
