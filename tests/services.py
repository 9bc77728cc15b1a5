"""The services the tests talk to: PostgreSQL, Redis, and the Debian packages behind them.

A server that answers at the configured address (``GINRUMMY_TEST_POSTGRES``, ``GINRUMMY_TEST_REDIS``) is used as
it is. When nothing answers there, the test process starts a throwaway server of its own with the executors of
pytest-postgresql and pytest-redis (a temporary data directory, a free port, stopped when the session ends),
installing Debian's ``postgresql`` or ``redis-server`` package first when its binaries are missing. Under
pytest-xdist each worker is its own session, so each starts its own throwaway server; on a shared server each
worker keeps to its own Redis database, and each test makes its own PostgreSQL database.
"""

from __future__ import annotations

import contextlib
import fcntl
import glob
import os
import pwd
import shutil
import socket
import stat
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

POSTGRES_URL = os.environ.get("GINRUMMY_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("GINRUMMY_TEST_REDIS", "redis://127.0.0.1:6379/13")
APT_LOCK = Path(tempfile.gettempdir()) / "ginrummy-tests-apt.lock"


def free_port() -> int:
    """A port the OS says is free now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def install_debian_package(package: str, binary: str) -> None:
    """``apt-get install package`` unless ``binary`` is already there, one process at a time (xdist's workers may
    ask at once). Only root on a Debian-like machine can; anyone else gets a sentence saying what to install."""
    if shutil.which("apt-get") is None or os.geteuid() != 0:
        raise RuntimeError(f"{binary} is missing: install Debian's {package} package (apt-get install {package})")
    with APT_LOCK.open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if shutil.which(binary) or _debian_binary(binary):
            return
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update"], check=True, stdout=subprocess.DEVNULL, env=env)
        subprocess.run(["apt-get", "install", "-y", "--no-install-recommends", package], check=True,
                       stdout=subprocess.DEVNULL, env=env)


def installed(binary: str, package: str) -> str:
    """The path of ``binary``, installing ``package`` first when it is missing."""
    found = shutil.which(binary) or _debian_binary(binary)
    if found is None:
        install_debian_package(package, binary)
        found = shutil.which(binary) or _debian_binary(binary)
    if found is None:
        raise RuntimeError(f"{binary} is missing after installing Debian's {package} package")
    return found


READY_SECONDS = 120
"""How long a throwaway server may take to answer once started (a loaded machine starts PostgreSQL slowly)."""


@dataclass
class Throwaway:
    """A server this process started: its URL, and its executor, to stop it and start it again (the fault tests).
    ``start`` returns once the server answers (``answers``), not merely once its process is up: PostgreSQL refuses
    connections while "the database system is starting up"."""

    url: str
    executor: Any
    answers: Callable[[str], bool]

    def stop(self) -> None:
        self.executor.stop()

    def start(self) -> None:
        self.executor.start()
        deadline = time.monotonic() + READY_SECONDS
        while not self.answers(self.url):
            if time.monotonic() > deadline:
                raise RuntimeError(f"the throwaway server at {self.url} did not answer in {READY_SECONDS} s")
            time.sleep(0.2)


@contextlib.contextmanager
def _running(executor: Any, folder: Path, url: str, answers: Callable[[str], bool]) -> Iterator[Throwaway]:
    """A server's executor started (and answering), then stopped and its folder removed."""
    try:
        server = Throwaway(url, executor, answers)
        server.start()
        yield server
    finally:
        with contextlib.suppress(Exception):
            executor.stop()
        shutil.rmtree(folder, ignore_errors=True)


def _debian_binary(name: str) -> str | None:
    """A PostgreSQL server binary where Debian keeps it (/usr/lib/postgresql/<version>/bin), newest version first."""
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), key=lambda p: int(Path(p).parts[4]), reverse=True)
    return found[0] if found else None


# ---- PostgreSQL ----

def postgres_answers(url: str) -> bool:
    """Whether a PostgreSQL server takes a connection at the SQLAlchemy URL ``url`` within a few seconds."""
    import sqlalchemy

    engine = sqlalchemy.create_engine(url, connect_args={"connect_timeout": 3}, poolclass=sqlalchemy.NullPool)
    try:
        with engine.connect() as connection:
            connection.exec_driver_sql("SELECT 1")
        return True
    except sqlalchemy.exc.OperationalError:
        return False
    finally:
        engine.dispose()


def _as_postgres_user(pg_ctl: str, folder: Path) -> str:
    """PostgreSQL will not run as root: for root, a pg_ctl that runs the real one as the ``postgres`` user (made
    when missing), which is given ``folder`` (where the data folder, the socket and the log go)."""
    if os.geteuid() != 0:
        return pg_ctl
    try:
        user = pwd.getpwnam("postgres")
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", "postgres"], check=True)
        user = pwd.getpwnam("postgres")
    os.chown(folder, user.pw_uid, user.pw_gid)
    wrapper = folder / "pg_ctl"
    wrapper.write_text(f'#!/bin/sh\ncd /\nexec runuser -u postgres -- "{pg_ctl}" "$@"\n')
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
    return str(wrapper)


@contextlib.contextmanager
def throwaway_postgres() -> Iterator[Throwaway]:
    """A PostgreSQL server of this process's own, on a free port (its URL: the admin URL of its ``postgres``
    database); stopped and its data removed afterwards."""
    from pytest_postgresql.executors import PostgreSQLExecutor

    pg_ctl = installed("pg_ctl", "postgresql")
    # For root the folder is given to the postgres user, who must reach it: /tmp, whatever TMPDIR says.
    base = Path(tempfile.mkdtemp(prefix="ginrummy-test-postgres-", dir="/tmp" if os.geteuid() == 0 else None))
    port = free_port()
    executor = PostgreSQLExecutor(
        executable=_as_postgres_user(pg_ctl, base), host="127.0.0.1", port=port, datadir=str(base / "data"),
        unixsocketdir=str(base), logfile=str(base / "server.log"), startparams="-w", dbname="postgres",
        user="postgres",
        # A throwaway server: nothing in it must outlive a crash of the machine.
        postgres_options="-c fsync=off -c full_page_writes=off -c max_connections=300")
    with _running(executor, base, f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres",
                  postgres_answers) as server:
        yield server


# ---- Redis ----

def redis_answers(url: str) -> bool:
    import redis

    connection = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
    try:
        return bool(connection.ping())
    except redis.RedisError:
        return False
    finally:
        connection.close()


@contextlib.contextmanager
def throwaway_redis() -> Iterator[Throwaway]:
    """A Redis server of this process's own, on a free port (nothing kept on disk; its URL names database 0)."""
    from pytest_redis.executor import RedisExecutor

    binary = installed("redis-server", "redis-server")
    base = Path(tempfile.mkdtemp(prefix="ginrummy-test-redis-"))
    port = free_port()
    executor = RedisExecutor(executable=binary, databases=16, redis_timeout=30, loglevel="warning",
                             host="127.0.0.1", port=port, datadir=base, save="")
    with _running(executor, base, f"redis://127.0.0.1:{port}/0", redis_answers) as server:
        yield server


def worker_index() -> int:
    """0 outside pytest-xdist, else the worker's number (gw0, gw1, ...)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    return int(worker.removeprefix("gw") or 0)


def redis_database_of_worker(url: str, index: int) -> str:
    """The URL's Redis database (0 when it names none) moved on by the worker's index, so that workers sharing
    one server never meet."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    number = int(parts.path.strip("/") or 0) + index
    if number > 15:
        raise RuntimeError(f"worker {index} would need Redis database {number} of {url}: a Redis server has 16 "
                           "(0-15); set GINRUMMY_TEST_REDIS to a lower database or run fewer workers")
    return urlunsplit(parts._replace(path=f"/{number}"))
