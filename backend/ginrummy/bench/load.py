"""API load: concurrent clients play whole games through the HTTP API, next to two reference servers.

Run: ``gin-rummy bench load`` (or ``python -m ginrummy.bench.load``). It starts its own servers on 127.0.0.1,
each a uvicorn process (``--workers`` processes each):

* bare: one POST route with a small pydantic body that does nothing (``ginrummy.bench.load:bare_app``); the
  least a POST route of the game can cost;
* bare + one commit: the same route doing one INSERT of an 8 KB row and its COMMIT (``ginrummy.bench.load:
  commit_app``), the cheapest way the stack allows, through the store's own engine settings, so with the
  product's durability (on SQLite: WAL, ``synchronous=FULL``); on SQLite, and on PostgreSQL with
  ``--postgres-url``;
* sqlite3 + one commit: the same on Python's ``sqlite3`` alone (``ginrummy.bench.load:sqlite3_app``), the simplest
  honest reference, which the stack's route must reach;
* the game: ``gin-rummy serve`` on a SQLite file in a temporary directory, and with ``--postgres-url`` on that
  database, its rate limits and unfinished-games cap opened wide (every client comes from one address and plays
  far faster than people).

The clients are a raw asyncio HTTP/1.1 client (hand-written requests, one keep-alive connection per simulated
client), run in their own process(es) (``--client-processes``), on uvloop when it is installed. A game client
creates a match against the computer (``--level``), then plays moves chosen from the view's ``legal_actions``
(``POST /api/games/{id}/actions``, the offered action as it is for the body, the seat token as
``Authorization: Bearer``, a new ``Idempotency-Key`` per move as the browser sends), and starts a new match
when one is over.

For each client count (``--clients``) the targets are measured in turn, one ``--duration`` window each (after
``--warmup``), and this is repeated ``--rounds`` times, interleaved (ABCD ABCD ...), so that a slow spell of the
machine hits every target alike. Printed for each target: requests/s (moves/s for the game), p50 and p99
latency, the client processes' CPU share (their CPU time ÷ wall time ÷ cores, and the busiest one's share of
the one core it can use: near 100% the client would be the bottleneck) and the servers' CPU share; then, per
round, the game's moves/s ÷ the bare + one commit route's requests/s on the same database and the game's
p99 ÷ that route's p99; and the bytes written per move, from one more game round that is not timed.

``--compare-workers 1,2`` measures the game server with those numbers of uvicorn workers instead, interleaved, at
32 clients unless ``--clients`` says otherwise. ``--url`` plays the games against a server already running.

Latencies are measured by the client, on the same machine as the servers: the clients and the servers share the
CPU, the same way for every target.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import gc
import http.client
import json
import multiprocessing
import os
import random
import resource
import shutil
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from multiprocessing.connection import Connection as Pipe
from typing import Any
from urllib.parse import urlparse

from fastapi import FastAPI
from pydantic import BaseModel, Field
from sqlalchemy import (
    Column,
    Float,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    insert,
    inspect,
    text,
)
from sqlalchemy.pool import NullPool

# --- the reference servers --------------------------------------------------------------------------------


class BareRequest(BaseModel):
    card: str = Field(..., max_length=8)


bare_app = FastAPI(title="bare", openapi_url=None, docs_url=None, redoc_url=None)


@bare_app.post("/noop")
async def noop(request: BareRequest) -> dict[str, bool]:
    """Parse a small body with pydantic and answer, in the event loop: the least any POST route can cost."""
    return {"ok": True}


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


def commit_app() -> FastAPI:
    """The bare route doing one INSERT of an 8 KB row and its COMMIT per request (a uvicorn ``--factory``), the
    cheapest way the stack allows, through the store's engine (``make_engine``: on SQLite WAL and
    ``synchronous=FULL``, as the game's moves are stored).

    On SQLite the route runs in the event loop on one connection the process keeps (no hop to a worker thread: a
    commit waits for the disk either way, and SQLite has one writer). On PostgreSQL it runs in a worker thread on
    the pool's connections, so that commits of different requests overlap, as the store's do."""
    from ginrummy.store.sql import make_engine

    url = os.environ[COMMIT_URL]
    engine = make_engine(url)
    app = FastAPI(title="bare + one commit", openapi_url=None, docs_url=None, redoc_url=None)
    if url.startswith("sqlite"):
        kept = engine.raw_connection()  # the store's connection settings (isolation_level None: BEGIN by hand)

        @app.post("/commit")
        async def commit_here(request: BareRequest) -> dict[str, bool]:
            cursor = kept.cursor()
            cursor.execute("BEGIN IMMEDIATE")
            cursor.execute(INSERT_SQL, (request.card, time.time(), PAYLOAD))
            cursor.execute("COMMIT")
            cursor.close()
            return {"ok": True}

        return app
    statement = insert(commits)

    @app.post("/commit")
    def commit(request: BareRequest) -> dict[str, bool]:
        with engine.begin() as connection:
            connection.execute(statement, {"card": request.card, "at": time.time(), "payload": PAYLOAD})
        return {"ok": True}

    return app


def sqlite3_app() -> FastAPI:
    """The same route on Python's ``sqlite3`` module alone, with no SQLAlchemy (a uvicorn ``--factory``): one
    connection, WAL, ``synchronous=FULL``, in the event loop. The stack's route (``commit_app``) must reach what
    this does, or the game's ratios would be measured against a reference weaker than the simplest honest one."""
    import sqlite3

    path = os.environ[COMMIT_URL].removeprefix("sqlite:///")
    connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=FULL")
    connection.execute("PRAGMA busy_timeout=30000")
    app = FastAPI(title="sqlite3 + one commit", openapi_url=None, docs_url=None, redoc_url=None)

    @app.post("/commit")
    async def commit(request: BareRequest) -> dict[str, bool]:
        connection.execute("BEGIN IMMEDIATE")
        connection.execute(INSERT_SQL, (request.card, time.time(), PAYLOAD))
        connection.execute("COMMIT")
        return {"ok": True}

    return app


# --- servers ----------------------------------------------------------------------------------------------

LOCAL = "127.0.0.1"
OPEN_LIMITS = {"RATE_LIMIT_CREATE": "1000000/minute", "RATE_LIMIT_MOVES": "1000000/second",
               "MAX_UNFINISHED_GAMES": "1000000", "LOG_LEVEL": "warning"}
"""The game server's limits, opened wide: the bench's clients all come from one address and play far faster than
people (the limits have their own tests)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOCAL, 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """A server process on 127.0.0.1, started by ``start`` and stopped (with its workers) by ``stop``."""

    def __init__(self, command: list[str], env: dict[str, str], ready_path: str, port: int) -> None:
        self.command = command
        self.env = env
        self.ready_path = ready_path
        self.port = port
        self.url = f"http://{LOCAL}:{port}"
        self.process: subprocess.Popen[bytes] | None = None
        # Its log goes to a file, not a pipe nobody reads while it runs (a full pipe would stall the server).
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (closed in stop)

    def start(self) -> Server:
        self.process = subprocess.Popen(self.command, env={**os.environ, **self.env}, stdout=subprocess.DEVNULL,
                                        stderr=self.log)
        return self

    def log_text(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-4000:]

    def wait_ready(self, timeout: float = 90) -> None:
        """Until the server answers ``ready_path`` (any status: the bare apps have no GET route)."""
        assert self.process is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited with {self.process.returncode}: {self.log_text()}")
            connection = http.client.HTTPConnection(LOCAL, self.port, timeout=2)
            try:
                connection.request("GET", self.ready_path)
                connection.getresponse().read()
                return
            except OSError:
                time.sleep(0.1)
            finally:
                connection.close()
        raise RuntimeError(f"server at {self.url} did not start in {timeout:.0f} s: {self.log_text()}")

    @property
    def pid(self) -> int | None:
        return None if self.process is None else self.process.pid

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.log.close()


def uvicorn_server(target: str, workers: int, env: dict[str, str] | None = None, factory: bool = False) -> Server:
    port = free_port()
    command = [sys.executable, "-m", "uvicorn", target, *(["--factory"] if factory else []), "--host", LOCAL,
               "--port", str(port), "--workers", str(workers), "--log-level", "warning", "--no-access-log"]
    return Server(command, env or {}, "/", port)


def game_server(database_url: str, workers: int) -> Server:
    """The product's own server (``gin-rummy serve``, with its uvicorn settings) on ``database_url``."""
    port = free_port()
    command = [sys.executable, "-m", "ginrummy.cli", "serve", "--host", LOCAL, "--port", str(port),
               "--workers", str(workers)]
    return Server(command, {"DATABASE_URL": database_url, **OPEN_LIMITS}, "/healthz", port)


def process_tree(root: int) -> list[int]:
    """``root`` and its descendants (a uvicorn supervisor's workers), from /proc; [] where there is none."""
    parents: dict[int, list[int]] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return []
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                after = f.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        parents.setdefault(int(after[1]), []).append(int(entry))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(parents.get(pid, []))
    return found


TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def tree_cpu(roots: Sequence[int]) -> float | None:
    """CPU seconds (user + system) used so far by these processes and their descendants; None without /proc."""
    if not roots or not os.path.isdir("/proc"):
        return None
    ticks = 0
    for root in roots:
        for pid in process_tree(root):
            try:
                with open(f"/proc/{pid}/stat", "rb") as f:
                    after = f.read().rsplit(b")", 1)[1].split()
                ticks += int(after[11]) + int(after[12])
            except (OSError, IndexError, ValueError):
                continue
    return ticks / TICKS


def machine_cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


# --- the client -------------------------------------------------------------------------------------------


class ConnectionLost(Exception):
    """The connection failed or closed before a whole answer came (``unanswered``: before any byte of it)."""

    def __init__(self, message: str, unanswered: bool = False) -> None:
        super().__init__(message)
        self.unanswered = unanswered


class NoAnswer(EOFError):
    """The server closed the connection (or reset it) before any byte of its answer."""


class HttpConnection:
    """One HTTP/1.1 keep-alive connection, opened on first use and again after the server closes it.

    Requests are written by hand; an answer is read as its status line and headers (one read up to the blank
    line), then a ``Content-Length`` body (or a chunked one, or one that ends when the connection does)."""

    def __init__(self, host: str, port: int) -> None:
        self.host = host
        self.port = port
        self.host_header = f"Host: {host}:{port}\r\n".encode()
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: bytes = b"", headers: bytes = b"") -> tuple[int, bytes]:
        """Send one request and read its answer: (status, body). Raises ``ConnectionLost``.

        As browsers and HTTP libraries do, a request on a kept connection that the server closed before answering
        a byte of it (its keep-alive time ran out as the request went) is sent once more on a new connection: the
        server never saw it. (A player who thinks about as long as the server keeps an idle connection meets this.)
        """
        reused = self.writer is not None
        try:
            return await self._request(method, path, body, headers)
        except ConnectionLost as lost:
            if not (reused and lost.unanswered):
                raise
        return await self._request(method, path, body, headers)

    async def _request(self, method: str, path: str, body: bytes, headers: bytes) -> tuple[int, bytes]:
        try:
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port, limit=1 << 20)
            assert self.reader is not None
            self.writer.write(b"%s %s HTTP/1.1\r\n%s%sContent-Length: %d\r\n\r\n%s" % (
                method.encode(), path.encode(), self.host_header, headers, len(body), body))
            status, data, close = await read_response(self.reader)
        except NoAnswer as error:
            self.close()
            raise ConnectionLost(str(error), unanswered=True) from error
        except (OSError, EOFError, asyncio.LimitOverrunError, ValueError) as error:
            self.close()
            raise ConnectionLost(str(error)) from error
        if close:
            self.close()
        return status, data

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def read_response(reader: asyncio.StreamReader) -> tuple[int, bytes, bool]:
    """One HTTP/1.x answer: (status, body, whether the server closes the connection after it)."""
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError as error:
        if error.partial:
            raise
        raise NoAnswer("the connection closed before an answer") from error
    except ConnectionResetError as error:
        raise NoAnswer("the connection was reset before an answer") from error
    if not head.startswith(b"HTTP/1."):
        raise ValueError(f"not an HTTP/1.x answer: {head[:40]!r}")
    status = int(head[9:12])
    lower = head.lower()
    close = b"\r\nconnection: close" in lower or head.startswith(b"HTTP/1.0")
    at = lower.find(b"\r\ncontent-length:")
    if at >= 0:
        length = int(lower[at + 17:lower.index(b"\r\n", at + 2)])
        return status, (await reader.readexactly(length) if length else b""), close
    if b"\r\ntransfer-encoding: chunked" in lower:
        parts: list[bytes] = []
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";", 1)[0].strip(), 16)
            if size == 0:
                while await reader.readuntil(b"\r\n") != b"\r\n":  # trailers, up to the blank line
                    pass
                return status, b"".join(parts), close
            parts.append(await reader.readexactly(size))
            await reader.readexactly(2)
    if 100 <= status < 200 or status in (204, 304):
        return status, b"", close
    return status, await reader.read(), True


JSON = b"Content-Type: application/json\r\n"


class Clock:
    """The measured window, in ``time.monotonic()`` seconds (the same clock in every process on one machine):
    requests count only when they start inside it, so warm-up and wind-down are left out."""

    def __init__(self, start: float, duration: float) -> None:
        self.start = start
        self.end = start + duration

    def counting(self, at: float) -> bool:
        return self.start <= at < self.end

    def over(self) -> bool:
        return time.monotonic() >= self.end


@dataclass
class Tally:
    """What one client process saw: latencies (seconds) of the answered requests of each kind that started in
    the window, failures, and every answered move and creation (in the window or not: bytes per move)."""

    latencies: dict[str, list[float]] = field(default_factory=dict)
    errors: dict[str, int] = field(default_factory=dict)
    moves_made: int = 0
    creates_made: int = 0
    budget: int | None = None
    """Stop the window after this many counted moves (for a fixed number of moves)."""


async def timed(connection: HttpConnection, tally: Tally, clock: Clock, kind: str, method: str, path: str,
                body: bytes = b"", headers: bytes = b"") -> bytes | None:
    """Send one request; record its latency under ``kind`` (or a failure); the body of a 2xx answer, else None."""
    start = time.monotonic()
    try:
        status, data = await connection.request(method, path, body, headers)
    except ConnectionLost:
        status, data = 0, b""
    elapsed = time.monotonic() - start
    ok = 200 <= status < 300
    if clock.counting(start):
        if ok:
            tally.latencies.setdefault(kind, []).append(elapsed)
        else:
            tally.errors[kind] = tally.errors.get(kind, 0) + 1
    return data if ok else None


def choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One of the view's legal actions, quickly and sensibly: Big Gin or the next hand when offered, knock
    when allowed, else shed the card leaving the least deadwood; draw from the stock."""
    legal: list[dict[str, Any]] = view["legal_actions"]
    kinds = {action["kind"]: action for action in legal}
    for kind in ("big_gin", "next_hand"):
        if kind in kinds:
            return kinds[kind]
    after = {option["card"]: option["deadwood"] for option in view.get("discard_options", [])}
    for kind in ("knock", "discard"):
        options = [a for a in legal if a["kind"] == kind]
        if options:
            return min(options, key=lambda a: (after.get(a.get("card"), 99), rng.random()))
    if "take_upcard" in kinds:
        return rng.choice(legal)
    return next((a for a in legal if a.get("source") == "stock"), legal[0])


async def game_client(connection: HttpConnection, tally: Tally, clock: Clock, level: str, seed: int,
                      keys: bool, think: tuple[float, float] | None = None) -> None:
    """Play whole matches, one after another, until the window closes; with ``think`` (seconds, low and high), as a
    person would: joining at a random moment of one think time, and thinking that long before every move."""
    rng = random.Random(seed)
    create = json.dumps({"level": level}).encode()
    prefix = f"{seed:x}-{rng.getrandbits(64):x}-"
    sent = 0
    if think is not None:
        await asyncio.sleep(rng.uniform(0, think[1]))
    while not clock.over():
        created = await timed(connection, tally, clock, "create", "POST", "/api/games", create, JSON)
        if created is None:
            await asyncio.sleep(0.05)
            continue
        tally.creates_made += 1
        game = json.loads(created)
        auth = f"Authorization: Bearer {game['seat_token']}\r\n".encode()
        path = f"/api/games/{game['game_id']}"
        view = game["view"]
        while not clock.over() and view["phase"] != "match_over" and view["legal_actions"]:
            if think is not None:
                await asyncio.sleep(rng.uniform(*think))
            body = json.dumps(choose(view, rng)).encode()  # one of the legal actions, posted back as it is
            sent += 1
            headers = auth + (f"Idempotency-Key: {prefix}{sent}\r\n".encode() if keys else b"") + JSON
            answer = await timed(connection, tally, clock, "move", "POST", f"{path}/actions", body, headers)
            if answer is None:  # should not happen: read the game again and go on from there
                answer = await timed(connection, tally, clock, "get", "GET", path, b"", auth)
                if answer is None:
                    break
            else:
                tally.moves_made += 1
                if tally.budget is not None and len(tally.latencies.get("move", ())) >= tally.budget:
                    clock.end = min(clock.end, time.monotonic())
            view = json.loads(answer)["view"]


async def bare_client(connection: HttpConnection, tally: Tally, clock: Clock, path: str) -> None:
    body = b'{"card":"7H"}'
    while not clock.over():
        if await timed(connection, tally, clock, "request", "POST", path, body, JSON) is None:
            await asyncio.sleep(0.01)


@dataclass
class Job:
    """What one client process runs: ``clients`` connections to ``host:port`` until the window closes."""

    kind: str  # "game", or "bare" (POST ``path`` over and over)
    host: str
    port: int
    clients: int
    start: float
    duration: float
    path: str = ""
    level: str = "medium"
    seed: int = 1
    keys: bool = True
    budget: int | None = None
    server_pids: list[int] = field(default_factory=list)
    think: tuple[float, float] | None = None
    """Game clients: seconds (low, high) each player thinks before a move (``bench capacity``); None: no pause."""


@dataclass
class Outcome:
    """A job's tally, with the CPU seconds this client process and the servers used in the window."""

    tally: Tally
    cpu: float
    server_cpu: float | None
    wall: float


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def _sample(clock: Clock, server_pids: list[int]) -> tuple[float, float | None, float]:
    """CPU seconds of this process and of the servers between the window's opening and closing, and the wall
    seconds between the two readings."""
    await asyncio.sleep(max(0.0, clock.start - time.monotonic()))
    wall0, own0, server0 = time.monotonic(), _own_cpu(), tree_cpu(server_pids)
    while (left := clock.end - time.monotonic()) > 0:
        await asyncio.sleep(min(left, 0.1))
    wall1, own1, server1 = time.monotonic(), _own_cpu(), tree_cpu(server_pids)
    server = None if server0 is None or server1 is None else server1 - server0
    return own1 - own0, server, wall1 - wall0


async def run_job(job: Job) -> Outcome:
    tally = Tally(budget=job.budget)
    clock = Clock(job.start, job.duration)
    connections = [HttpConnection(job.host, job.port) for _ in range(job.clients)]
    sampler = asyncio.ensure_future(_sample(clock, job.server_pids))
    try:
        if job.kind == "game":
            await asyncio.gather(*(game_client(c, tally, clock, job.level, job.seed + i, job.keys, job.think)
                                   for i, c in enumerate(connections)))
        else:
            await asyncio.gather(*(bare_client(c, tally, clock, job.path) for c in connections))
    finally:
        for connection in connections:
            connection.close()
    cpu, server_cpu, wall = await sampler
    return Outcome(tally, cpu, server_cpu, wall)


def event_loop_name() -> str:
    try:
        import uvloop  # noqa: F401
    except ImportError:
        return "asyncio"
    return "uvloop"


def run_async(job: Job) -> Outcome:
    """Run a job on a new event loop (uvloop's when installed: less CPU per request)."""
    factory: Callable[[], asyncio.AbstractEventLoop] | None = None
    if event_loop_name() == "uvloop":
        import uvloop

        factory = uvloop.new_event_loop
    with asyncio.Runner(loop_factory=factory) as runner:
        return runner.run(run_job(job))


def _client_main(pipe: Pipe) -> None:
    """A client process: run the jobs it is sent until it gets None; a failure is sent back as its traceback."""
    while True:
        job = pipe.recv()
        if job is None:
            return
        # What the process holds so far is kept out of the garbage collector's full passes, as the server does
        # with its own (api.app): a pause of the client's would be counted as the server's latency.
        gc.collect()
        gc.freeze()
        try:
            pipe.send(run_async(job))
        except Exception:
            pipe.send(traceback.format_exc())


class ClientPool:
    """Client processes kept for the whole bench, so that the clients' CPU is measured apart from the bench's
    bookkeeping and the servers'."""

    def __init__(self, processes: int) -> None:
        context = multiprocessing.get_context("spawn")
        self.pipes: list[Pipe] = []
        self.processes: list[Any] = []
        for _ in range(processes):
            parent, child = context.Pipe()
            process = context.Process(target=_client_main, args=(child,), daemon=True)
            process.start()
            self.pipes.append(parent)
            self.processes.append(process)

    def run(self, job: Job) -> list[Outcome]:
        """Split ``job.clients`` among the processes and run the shares at once (the servers' CPU is read by
        the first process only)."""
        count = len(self.pipes)
        shares = [job.clients // count + (i < job.clients % count) for i in range(count)]
        used: list[Pipe] = []
        first = 0
        for i, (pipe, share) in enumerate(zip(self.pipes, shares, strict=True)):
            if share:
                pipe.send(dataclasses.replace(job, clients=share, seed=job.seed + first,
                                              server_pids=job.server_pids if i == 0 else []))
                used.append(pipe)
                first += share
        outcomes = [pipe.recv() for pipe in used]
        for outcome in outcomes:
            if isinstance(outcome, str):
                raise RuntimeError(f"a client process failed:\n{outcome}")
        return outcomes

    def close(self) -> None:
        for pipe, process in zip(self.pipes, self.processes, strict=True):
            with contextlib.suppress(OSError):
                pipe.send(None)
            process.join(10)
            if process.is_alive():
                process.terminate()
                process.join(5)


# --- figures ----------------------------------------------------------------------------------------------


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """Nearest-rank quantile of sorted values."""
    if not sorted_values:
        return float("nan")
    rank = max(1, min(len(sorted_values), round(q * len(sorted_values) + 0.5)))
    return sorted_values[rank - 1]


@dataclass
class Round:
    """One target measured once: figures of the main kind of request (moves for the game)."""

    latencies: list[float]
    rate: float
    p50_ms: float
    p99_ms: float
    errors: int
    client_share: float
    """Client processes' CPU ÷ wall ÷ cores."""
    busiest_core: float
    """The busiest client process's CPU ÷ wall: the share of the one core it can use."""
    server_share: float | None


def combine(outcomes: list[Outcome], kind: str, duration: float, cores: int) -> Round:
    latencies = sorted(x for o in outcomes for x in o.tally.latencies.get(kind, []))
    wall = max(o.wall for o in outcomes) or duration
    server = outcomes[0].server_cpu
    return Round(latencies, len(latencies) / duration, 1000 * quantile(latencies, 0.5),
                 1000 * quantile(latencies, 0.99), sum(sum(o.tally.errors.values()) for o in outcomes),
                 sum(o.cpu for o in outcomes) / wall / cores, max(o.cpu / o.wall if o.wall else 0 for o in outcomes),
                 None if server is None else server / wall / cores)


def spread(values: Sequence[float], digits: int = 0, width: int = 0) -> str:
    """The median of ``values``, with their range when there are several."""
    middle = statistics.median(values)
    text = f"{middle:.{digits}f}"
    if len(values) > 1:
        text += f" ({min(values):.{digits}f}–{max(values):.{digits}f})"
    return f"{text:<{width}}" if width else text


def percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}%"


# --- targets ----------------------------------------------------------------------------------------------


@dataclass
class Target:
    """Something the clients measure: a reference route or the game, on one server (or a given URL)."""

    name: str
    kind: str  # "bare" or "game"
    database: str | None  # "SQLite", "PostgreSQL", or None (no database, or not known)
    host: str
    port: int
    path: str = ""
    server: Server | None = None
    database_url: str | None = None
    rounds: dict[int, list[Round]] = field(default_factory=dict)

    @property
    def unit(self) -> str:
        return "moves/s" if self.kind == "game" else "req/s"

    def job(self, clients: int, start: float, duration: float, args: argparse.Namespace,
            budget: int | None = None) -> Job:
        pids = [self.server.pid] if self.server is not None and self.server.pid is not None else []
        return Job(self.kind, self.host, self.port, clients, start, duration, self.path, args.level, args.seed,
                   not args.no_idempotency_keys, budget, pids)


def measure(pool: ClientPool, target: Target, clients: int, args: argparse.Namespace, cores: int) -> Round:
    start = time.monotonic() + args.warmup
    outcomes = pool.run(target.job(clients, start, args.duration, args))
    result = combine(outcomes, "move" if target.kind == "game" else "request", args.duration, cores)
    target.rounds.setdefault(clients, []).append(result)
    print(f"  {clients:>4} clients  {target.name:<28} {result.rate:9.1f} {target.unit:<8} p50 {result.p50_ms:6.2f} ms"
          f"  p99 {result.p99_ms:7.2f} ms  client CPU {percent(result.client_share)}", file=sys.stderr, flush=True)
    return result


def durability(url: str) -> str:
    """How the store's engine leaves a connection to this database: what a commit survives."""
    from ginrummy.store.sql import make_engine

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


def sqlite_url(directory: str, name: str) -> str:
    return f"sqlite:///{os.path.join(directory, name)}"


def database_name(url: str) -> str:
    return "SQLite" if url.startswith("sqlite") else "PostgreSQL"


# --- bytes per move ---------------------------------------------------------------------------------------


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


# --- the runs ---------------------------------------------------------------------------------------------


def parse_counts(text: str) -> list[int]:
    try:
        counts = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected numbers separated by commas, got {text!r}") from None
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError("expected positive numbers")
    return counts


def start_all(servers: list[Server]) -> None:
    for server in servers:
        server.start()
    for server in servers:
        server.wait_ready()


def main_targets(args: argparse.Namespace, directory: str) -> tuple[list[Target], list[str]]:
    """The targets of the main mode, in the order of a round, and the databases to clean up afterwards."""
    workers = args.workers
    bare = uvicorn_server("ginrummy.bench.load:bare_app", workers)
    targets = [Target("bare", "bare", None, LOCAL, bare.port, "/noop", bare)]
    databases = [("SQLite", sqlite_url(directory, "commit.db"), sqlite_url(directory, "games.db"))]
    if args.postgres_url:
        databases.append(("PostgreSQL", args.postgres_url, args.postgres_url))
    for name, commit_url, _ in databases:
        prepare_commit_table(commit_url)
        server = uvicorn_server("ginrummy.bench.load:commit_app", workers, {COMMIT_URL: commit_url}, factory=True)
        targets.append(Target(f"bare + commit, {name}", "bare", name, LOCAL, server.port, "/commit", server,
                              commit_url))
        if commit_url.startswith("sqlite"):  # the simplest honest reference, beside the stack's
            plain = uvicorn_server("ginrummy.bench.load:sqlite3_app", workers, {COMMIT_URL: commit_url}, factory=True)
            targets.append(Target(f"sqlite3 + commit, {name}", "bare", None, LOCAL, plain.port, "/commit", plain,
                                  commit_url))
    if args.url is not None:
        parsed = urlparse(args.url)
        targets.append(Target(f"game at {parsed.netloc}", "game", None, parsed.hostname or LOCAL,
                              parsed.port or 80))
    else:
        for name, _, game_url in databases:
            server = game_server(game_url, workers)
            targets.append(Target(f"game, {name}", "game", name, LOCAL, server.port, "", server, game_url))
    return targets, [commit_url for _, commit_url, _ in databases if not commit_url.startswith("sqlite")]


def worker_targets(args: argparse.Namespace, directory: str, counts: list[int]) -> list[Target]:
    targets = []
    for database in ["sqlite", *([args.postgres_url] if args.postgres_url else [])]:
        for workers in counts:
            url = sqlite_url(directory, f"games-{workers}-workers.db") if database == "sqlite" else database
            server = game_server(url, workers)
            targets.append(Target(f"game, {database_name(url)}, {workers} worker{'s' * (workers > 1)}", "game",
                                  database_name(url), LOCAL, server.port, "", server, url))
    return targets


def table_head(rate: str) -> str:
    return (f"{'clients':>7}  {'target':<36}{rate:<24}{'p50 ms':>8}{'p99 ms':>9}{'client CPU':>12}{'busiest':>9}"
            f"{'server CPU':>12}{'errors':>8}")


def table_row(count: int, name: str, rounds: list[Round]) -> str:
    """A target's figures over its rounds: the median rate and its range, latencies over every round's
    requests, the median CPU shares, and every error."""
    latencies = sorted(x for r in rounds for x in r.latencies)
    server = [r.server_share for r in rounds if r.server_share is not None]
    return (f"{count:>7}  {name:<35} {spread([r.rate for r in rounds], 0, 24)}"
            f"{1000 * quantile(latencies, 0.5):>8.2f}{1000 * quantile(latencies, 0.99):>9.2f}"
            f"{percent(statistics.median(r.client_share for r in rounds)):>12}"
            f"{percent(statistics.median(r.busiest_core for r in rounds)):>9}"
            f"{percent(statistics.median(server) if server else None):>12}{sum(r.errors for r in rounds):>8}")


def report_main(targets: list[Target], clients: list[int], args: argparse.Namespace, cores: int,
                sizes: dict[str, BytesPerMove | str], size_clients: int) -> str:
    lines = [table_head("req/s (min–max)")]
    for count in clients:
        for target in targets:
            rounds = target.rounds.get(count, [])
            if rounds:
                lines.append(table_row(count, target.name + (" (moves)" if target.kind == "game" else ""), rounds))
    lines += ["", "The goals' ratios, per round on the same database (median and range over the rounds):",
              f"{'clients':>7}  {'game':<36}{'moves/s ÷ commit req/s':<28}{'game p99 ÷ commit p99'}"]
    games = [t for t in targets if t.kind == "game"]
    commits = [t for t in targets if t.kind == "bare" and t.database is not None]
    for count in clients:
        for game in games:
            for commit in commits:
                if game.database is not None and game.database != commit.database:
                    continue
                pairs = list(zip(game.rounds.get(count, []), commit.rounds.get(count, []), strict=False))
                if not pairs:
                    continue
                rates = [g.rate / c.rate for g, c in pairs if c.rate]
                tails = [g.p99_ms / c.p99_ms for g, c in pairs if c.p99_ms == c.p99_ms and c.p99_ms > 0]
                label = game.name if game.database is not None else f"{game.name} vs {commit.database}"
                lines.append(f"{count:>7}  {label:<35} {spread(rates, 3, 28) if rates else '-':<28}"
                             f"{spread(tails, 2) if tails else '-'}")
    if sizes:
        lines += ["", f"Written per move: one more game round of {args.duration:g} s at {size_clients} clients, not "
                      "timed. Rows and bytes of text columns added to each table (a row rewritten in place counts "
                      "only its change in length), and the write-ahead log written (SQLite: checkpoints held off "
                      "meanwhile; PostgreSQL: the cluster's log position), ÷ moves answered (new matches count in):",
                  f"{'database':<12}{'moves':>7}{'creates':>9}" + "".join(f"{name:>18}" for name in NAMED_TABLES)
                  + f"{'other tables':>16}{'rows total':>16}{'log':>10}"]
        for name, size in sizes.items():
            if isinstance(size, str):
                lines.append(f"{name:<12}not measured: {size}")
                continue
            shown = [size.tables.get(table, (0.0, 0.0)) for table in NAMED_TABLES]
            other = [v for table, v in size.tables.items() if table not in NAMED_TABLES]
            rest = (sum(r for r, _ in other), sum(b for _, b in other))
            total = (sum(r for r, _ in size.tables.values()), sum(b for _, b in size.tables.values()))
            cells = "".join(f"{f'{rows:.2f} r {octets:.0f} B':>18}" for rows, octets in shown)
            lines.append(f"{name:<12}{size.moves:>7}{size.creates:>9}{cells}{f'{rest[0]:.2f} r {rest[1]:.0f} B':>16}"
                         f"{f'{total[0]:.2f} r {total[1]:.0f} B':>16}"
                         f"{'-' if size.log is None else f'{size.log:.0f} B':>10}")
    return "\n".join(lines)


def report_workers(targets: list[Target], clients: list[int], counts: list[int]) -> str:
    lines = [table_head("moves/s (min–max)")]
    for count in clients:
        for target in targets:
            rounds = target.rounds.get(count, [])
            if rounds:
                lines.append(table_row(count, target.name, rounds))
    lines += ["", f"moves/s ÷ moves/s with {counts[0]} worker{'s' * (counts[0] > 1)}, per round (median and range):"]
    for count in clients:
        for database in dict.fromkeys(t.database for t in targets):
            same = [t for t in targets if t.database == database]
            base = same[0].rounds.get(count, [])
            for target in same[1:]:
                ratios = [r.rate / b.rate for r, b in zip(target.rounds.get(count, []), base, strict=False) if b.rate]
                lines.append(f"{count:>7}  {target.name:<35} {spread(ratios, 2) if ratios else '-'}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gin-rummy bench load", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=parse_counts, default=None,
                        help="concurrent clients, comma separated (default 1,8,32,128; 32 with --compare-workers)")
    parser.add_argument("--duration", type=float, default=5, help="seconds measured per target and round (5)")
    parser.add_argument("--warmup", type=float, default=1, help="seconds played before each window, left out (1)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of every target, interleaved (3)")
    parser.add_argument("--level", default="medium", choices=["easy", "medium", "hard"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1, help="uvicorn workers of every server started (1)")
    parser.add_argument("--compare-workers", type=parse_counts, default=None, metavar="N,M",
                        help="measure only the game server, with each of these numbers of workers, interleaved")
    parser.add_argument("--client-processes", type=int, default=1, help="processes the clients are spread over (1)")
    parser.add_argument("--postgres-url", default=None,
                        help="also measure on this PostgreSQL database (SQLAlchemy URL, "
                             "e.g. postgresql+psycopg://postgres@127.0.0.1:5432/bench)")
    parser.add_argument("--url", default=None, help="play the games against the server running here "
                        "(127.0.0.1 only) instead of starting one")
    parser.add_argument("--no-idempotency-keys", action="store_true",
                        help="send moves without an Idempotency-Key (the browser sends one per move)")
    parser.add_argument("--no-bytes", action="store_true", help="skip the round that measures bytes per move")
    args = parser.parse_args(argv)
    if args.url is not None and urlparse(args.url).hostname not in (LOCAL, "localhost"):
        parser.error("--url must point at 127.0.0.1")
    if args.url is not None and args.compare_workers is not None:
        parser.error("--compare-workers starts its own servers: leave out --url")
    if args.duration <= 0 or args.warmup < 0 or args.rounds < 1 or args.workers < 1 or args.client_processes < 1:
        parser.error("--duration, --rounds, --workers and --client-processes must be positive")
    clients: list[int] = args.clients or ([32] if args.compare_workers else [1, 8, 32, 128])
    cores = machine_cores()

    with contextlib.ExitStack() as stack:
        directory = tempfile.mkdtemp(prefix="ginrummy-load-")
        stack.callback(shutil.rmtree, directory, True)
        if args.compare_workers:
            targets = worker_targets(args, directory, args.compare_workers)
            cleanup: list[str] = []
        else:
            targets, cleanup = main_targets(args, directory)
        for url in cleanup:
            stack.callback(drop_commit_table, url)
        servers = [t.server for t in targets if t.server is not None]
        for server in servers:
            stack.callback(server.stop)
        start_all(servers)
        pool = ClientPool(args.client_processes)
        stack.callback(pool.close)

        databases = dict.fromkeys(t.database_url for t in targets if t.database_url is not None)
        notes = sorted({f"{database_name(url)}: {durability(url)}" for url in databases})
        mode = (f"game server with {', '.join(map(str, args.compare_workers))} uvicorn workers"
                if args.compare_workers else f"{args.workers} uvicorn worker{'s' * (args.workers > 1)} per server")
        print(f"API load: {args.rounds} round{'s' * (args.rounds > 1)} of every target, interleaved, "
              f"{args.duration:g} s each after {args.warmup:g} s of warm-up; {mode}; computer level {args.level}",
              flush=True)
        print(f"clients: raw asyncio HTTP/1.1 on {event_loop_name()}, one keep-alive connection each, in "
              f"{args.client_processes} process{'es' * (args.client_processes > 1)}; "
              f"{'no Idempotency-Key' if args.no_idempotency_keys else 'an Idempotency-Key per move'}; "
              f"this machine has {cores} cores", flush=True)
        print("durability as the store opens the database: " + "; ".join(notes), flush=True)
        for count in clients:
            for _ in range(args.rounds):
                for target in targets:
                    measure(pool, target, count, args, cores)
        print()
        if args.compare_workers:
            print(report_workers(targets, clients, args.compare_workers))
            return 0
        sizes: dict[str, BytesPerMove | str] = {}
        size_clients = 8
        if not args.no_bytes:
            for target in targets:
                if target.kind == "game" and target.database_url is not None and target.database is not None:
                    try:
                        sizes[target.database] = bytes_per_move(pool, target, size_clients, args)
                    except Exception as error:  # the schema changed, the log is not readable, ...
                        sizes[target.database] = f"{error.__class__.__name__}: {error}"[:200]
        print(report_main(targets, clients, args, cores, sizes, size_clients))
        print(f"\nclient CPU: the client processes' CPU time ÷ wall time ÷ {cores} cores; busiest: the busiest "
              "client process's share of the one core it can use (near 100% the clients would be the bottleneck); "
              "server CPU: the server's processes, ÷ cores.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
