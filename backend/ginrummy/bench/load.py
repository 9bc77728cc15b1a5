"""API load: many concurrent clients play whole games against the server, next to a bare FastAPI endpoint.

Run: ``gin-rummy bench load`` (or ``python -m ginrummy.bench.load``). By default it starts its own
servers, one uvicorn worker each, on 127.0.0.1: the game server on a SQLite file in a temporary
directory (``--database-url`` for PostgreSQL, ``--url`` to use a server already running) and a bare
app (``ginrummy.bench.load:bare_app``: one POST route with a pydantic body that does nothing). The
same client code then drives each for the same time, and the bench prints requests/s and p50/p99
latency per kind of request, and the game's figures as ratios of the bare endpoint's. Everything it
started is stopped before it returns.

Figures are client-side latencies, measured from the same machine: the clients share the CPU with the
server, just as they do for the bare endpoint.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlparse

import httpx
from fastapi import FastAPI
from pydantic import BaseModel, Field

# --- the bare endpoint ------------------------------------------------------------------------------------


class BareRequest(BaseModel):
    card: str = Field(..., max_length=8)


bare_app = FastAPI(title="bare", openapi_url=None, docs_url=None, redoc_url=None)


@bare_app.post("/noop")
def noop(request: BareRequest) -> dict[str, bool]:
    """Parse a small body with pydantic and answer: the least any POST route of the game can cost."""
    return {"ok": True}


# --- servers ----------------------------------------------------------------------------------------------

LOCAL = "127.0.0.1"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((LOCAL, 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """A uvicorn process (one worker) serving ``target`` on 127.0.0.1."""

    def __init__(self, target: list[str], env: dict[str, str] | None = None) -> None:
        self.port = _free_port()
        self.url = f"http://{LOCAL}:{self.port}"
        command = [sys.executable, "-m", "uvicorn", *target, "--host", LOCAL, "--port", str(self.port),
                   "--workers", "1", "--log-level", "warning", "--no-access-log"]
        # Its log goes to a file, not a pipe nobody reads while it runs (a full pipe would stall the server).
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (closed in stop)
        self.process = subprocess.Popen(command, env={**os.environ, **(env or {})}, stdout=subprocess.DEVNULL,
                                        stderr=self.log)

    def log_text(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-4000:]

    def wait_ready(self, path: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited with {self.process.returncode}: {self.log_text()}")
            try:
                httpx.get(self.url + path, timeout=1)
                return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError(f"server at {self.url} did not start in {timeout:.0f} s")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.log.close()


@contextlib.contextmanager
def servers(url: str | None, database_url: str | None) -> Iterator[tuple[str, str]]:
    """The game server's and the bare app's URLs; whatever is started here is stopped on the way out."""
    started: list[Server] = []
    directory: str | None = None
    try:
        if url is None:
            if database_url is None:
                directory = tempfile.mkdtemp(prefix="ginrummy-load-")
                database_url = f"sqlite:///{os.path.join(directory, 'games.db')}"
            # The bench's clients all come from one address and play far faster than people: the rate limits
            # and the unfinished-games cap (which have their own tests) are opened wide so they do not refuse them.
            game = Server(["ginrummy.api.main:create", "--factory"], {
                "DATABASE_URL": database_url, "LOG_LEVEL": "warning", "RATE_LIMIT_CREATE": "1000000/minute",
                "RATE_LIMIT_MOVES": "1000000/second", "MAX_UNFINISHED_GAMES": "1000000"})
            started.append(game)
            game.wait_ready("/healthz")
            url = game.url
        bare = Server(["ginrummy.bench.load:bare_app"])
        started.append(bare)
        bare.wait_ready("/noop")
        yield url, bare.url
    finally:
        for server in reversed(started):
            server.stop()
        if directory is not None:
            shutil.rmtree(directory, ignore_errors=True)


# --- measuring --------------------------------------------------------------------------------------------

KINDS = ("create", "take-upcard/pass", "draw", "discard", "knock", "next-hand", "get")
ROUTE_KIND = {"take_upcard": ("take-upcard", "take-upcard/pass"), "pass": ("pass", "take-upcard/pass"),
              "draw": ("draw", "draw"), "discard": ("discard", "discard"), "knock": ("knock", "knock"),
              "big_gin": ("big-gin", "knock"), "next_hand": ("next-hand", "next-hand")}


@dataclass
class Tally:
    """Latencies (seconds) of the answered requests of each kind, and the failures."""

    latencies: dict[str, list[float]] = field(default_factory=dict)
    errors: dict[str, int] = field(default_factory=dict)
    matches: int = 0

    def add(self, kind: str, seconds: float) -> None:
        self.latencies.setdefault(kind, []).append(seconds)

    def fail(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


class Clock:
    """Requests count only while the window is open, so warm-up and wind-down are left out."""

    def __init__(self, warmup: float, duration: float) -> None:
        now = time.perf_counter()
        self.start = now + warmup
        self.end = self.start + duration

    def counting(self, at: float) -> bool:
        return self.start <= at < self.end

    def over(self) -> bool:
        return time.perf_counter() >= self.end


async def timed(client: httpx.AsyncClient, tally: Tally, clock: Clock, kind: str, method: str, url: str,
                **kwargs: Any) -> httpx.Response | None:
    """Send one request; record its latency under ``kind`` (or a failure). The one path every request takes."""
    start = time.perf_counter()
    try:
        response = await client.request(method, url, **kwargs)
    except httpx.HTTPError:
        if clock.counting(start):
            tally.fail(kind)
        return None
    elapsed = time.perf_counter() - start
    if clock.counting(start):
        if response.status_code < 400:
            tally.add(kind, elapsed)
        else:
            tally.fail(kind)
    return response if response.status_code < 400 else None


def choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A quick, sensible move: knock when allowed, else shed the card leaving the least deadwood."""
    legal: list[dict[str, Any]] = view["legal_actions"]
    kinds = {action["kind"]: action for action in legal}
    for kind in ("big_gin", "next_hand"):
        if kind in kinds:
            return kinds[kind]
    after = {option["card"]: option["deadwood"] for option in view["discard_options"]}
    for kind in ("knock", "discard"):
        options = [a for a in legal if a["kind"] == kind]
        if options:
            return min(options, key=lambda a: (after.get(a["card"], 99), rng.random()))
    if "take_upcard" in kinds:
        return rng.choice(legal)
    return next((a for a in legal if a.get("source") == "stock"), legal[0])


async def game_client(url: str, level: str, clock: Clock, tally: Tally, seed: int, get_every: int) -> None:
    """Play whole matches, one after another, until the time is up."""
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=url, timeout=120) as client:
        while not clock.over():
            created = await timed(client, tally, clock, "create", "POST", "/api/games", json={"level": level})
            if created is None:
                await asyncio.sleep(0.05)
                continue
            game = created.json()
            headers = {"Authorization": f"Bearer {game['seat_token']}"}
            view = game["view"]
            moves = 0
            while not clock.over() and view["phase"] != "match_over":
                action = choose(view, rng)
                route, kind = ROUTE_KIND[action["kind"]]
                body = ({"source": action["source"]} if "source" in action
                        else {"card": action["card"]} if "card" in action else None)
                path = f"/api/games/{game['game_id']}/{route}"
                answer = await timed(client, tally, clock, kind, "POST", path, json=body, headers=headers)
                if answer is None:  # should not happen: read the game again and go on from there
                    answer = await timed(client, tally, clock, "get", "GET", f"/api/games/{game['game_id']}",
                                         headers=headers)
                    if answer is None:
                        break
                view = answer.json()["view"]
                moves += 1
                if moves % get_every == 0:
                    await timed(client, tally, clock, "get", "GET", f"/api/games/{game['game_id']}",
                                headers=headers)
            if view["phase"] == "match_over" and clock.counting(time.perf_counter()):
                tally.matches += 1


async def bare_client(url: str, clock: Clock, tally: Tally) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=120) as client:
        while not clock.over():
            await timed(client, tally, clock, "bare POST", "POST", "/noop", json={"card": "7H"})


async def run_games(url: str, clients: int, level: str, warmup: float, duration: float, seed: int,
                    get_every: int) -> Tally:
    tally = Tally()
    clock = Clock(warmup, duration)
    await asyncio.gather(*(game_client(url, level, clock, tally, seed + i, get_every) for i in range(clients)))
    return tally


async def run_bare(url: str, clients: int, warmup: float, duration: float) -> Tally:
    tally = Tally()
    clock = Clock(warmup, duration)
    await asyncio.gather(*(bare_client(url, clock, tally) for _ in range(clients)))
    return tally


# --- reporting --------------------------------------------------------------------------------------------

def quantile(sorted_values: list[float], q: float) -> float:
    """Nearest-rank quantile of sorted values."""
    if not sorted_values:
        return float("nan")
    rank = max(1, min(len(sorted_values), round(q * len(sorted_values) + 0.5)))
    return sorted_values[rank - 1]


@dataclass
class Figures:
    count: int
    rate: float
    p50_ms: float
    p99_ms: float


def figures(latencies: list[float], duration: float) -> Figures:
    ordered = sorted(latencies)
    return Figures(len(ordered), len(ordered) / duration, 1000 * quantile(ordered, 0.5),
                   1000 * quantile(ordered, 0.99))


def report(games: Tally, bare: Tally, duration: float, clients: int, where: str) -> str:
    bare_figures = figures(bare.latencies.get("bare POST", []), duration)
    every = [x for values in games.latencies.values() for x in values]
    lines = [f"API load: {clients} concurrent clients, {duration:g} s per measurement, {where}",
             f"{'request':<18}{'count':>8}{'req/s':>10}{'p50 ms':>9}{'p99 ms':>9}{'req/s ÷ bare':>14}"
             f"{'p99 ÷ bare':>12}{'errors':>8}"]

    def line(name: str, f: Figures, errors: int) -> str:
        ratio_rate = f.rate / bare_figures.rate if bare_figures.rate else float("nan")
        ratio_p99 = f.p99_ms / bare_figures.p99_ms if bare_figures.p99_ms else float("nan")
        return (f"{name:<18}{f.count:>8}{f.rate:>10.1f}{f.p50_ms:>9.1f}{f.p99_ms:>9.1f}{ratio_rate:>14.3f}"
                f"{ratio_p99:>12.2f}{errors:>8}")

    for kind in KINDS:
        lines.append(line(kind, figures(games.latencies.get(kind, []), duration), games.errors.get(kind, 0)))
    extra = sorted(set(games.latencies) - set(KINDS))
    for kind in extra:
        lines.append(line(kind, figures(games.latencies[kind], duration), games.errors.get(kind, 0)))
    lines.append(line("all game requests", figures(every, duration), sum(games.errors.values())))
    lines.append(line("bare POST", bare_figures, sum(bare.errors.values())))
    lines.append(f"matches finished in the window: {games.matches}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gin-rummy bench load", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=32, help="concurrent clients (default 32)")
    parser.add_argument("--duration", type=float, default=30, help="seconds measured, for each of the two runs")
    parser.add_argument("--warmup", type=float, default=2, help="seconds run before measuring (left out)")
    parser.add_argument("--level", default="medium", choices=["easy", "medium", "hard"])
    parser.add_argument("--get-every", type=int, default=4, help="read the game (GET) after every N moves")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--url", default=None, help="use the game server running here (127.0.0.1 only)")
    parser.add_argument("--database-url", default=None,
                        help="database of the game server started here (default: SQLite in a temporary directory)")
    args = parser.parse_args(argv)
    if args.url is not None and urlparse(args.url).hostname not in (LOCAL, "localhost"):
        parser.error("--url must point at 127.0.0.1")
    if args.clients < 1 or args.duration <= 0 or args.warmup < 0 or args.get_every < 1:
        parser.error("--clients, --duration and --get-every must be positive")

    if args.url is not None:
        where = f"server {args.url}"
    else:
        database = "PostgreSQL" if (args.database_url or "").startswith("postgres") else "SQLite"
        where = f"one uvicorn worker per server, {database}"
    with servers(args.url, args.database_url) as (url, bare_url):
        games = asyncio.run(run_games(url, args.clients, args.level, args.warmup, args.duration, args.seed,
                                      args.get_every))
        bare = asyncio.run(run_bare(bare_url, args.clients, args.warmup, args.duration))
    print(report(games, bare, args.duration, args.clients, where))
    return 0


if __name__ == "__main__":
    sys.exit(main())
