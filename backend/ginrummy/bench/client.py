"""The benches' client: a raw asyncio HTTP/1.1 client (hand-written requests, one keep-alive connection per
simulated player), the players it runs (whole games against the computer, or a bare route, at full speed or at a
person's pace), and the processes they run in, apart from the bench's bookkeeping and the servers.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import gc
import json
import multiprocessing
import random
import resource
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection as Pipe
from typing import Any

from .servers import tree_cpu

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
