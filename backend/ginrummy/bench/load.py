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
import contextlib
import os
import shutil
import sys
import tempfile
import time
from urllib.parse import urlparse

from fastapi import FastAPI
from pydantic import BaseModel, Field
from sqlalchemy import insert

from .client import ClientPool, event_loop_name
from .commit_table import COMMIT_URL, INSERT_SQL, PAYLOAD, commits, drop_commit_table
from .databases import database_name, durability
from .load_report import report_main, report_workers
from .load_targets import main_targets, measure, start_all, worker_targets
from .load_writes import BytesPerMove, bytes_per_move
from .servers import LOCAL, machine_cores

# --- the reference servers --------------------------------------------------------------------------------


class BareRequest(BaseModel):
    card: str = Field(..., max_length=8)


bare_app = FastAPI(title="bare", openapi_url=None, docs_url=None, redoc_url=None)


@bare_app.post("/noop")
async def noop(request: BareRequest) -> dict[str, bool]:
    """Parse a small body with pydantic and answer, in the event loop: the least any POST route can cost."""
    return {"ok": True}


def commit_app() -> FastAPI:
    """The bare route doing one INSERT of an 8 KB row and its COMMIT per request (a uvicorn ``--factory``), the
    cheapest way the stack allows, through the store's engine (``make_engine``: on SQLite WAL and
    ``synchronous=FULL``, as the game's moves are stored).

    On SQLite the route runs in the event loop on one connection the process keeps (no hop to a worker thread: a
    commit waits for the disk either way, and SQLite has one writer). On PostgreSQL it runs in a worker thread on
    the pool's connections, so that commits of different requests overlap, as the store's do."""
    from ginrummy.store.connect import make_engine

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


# --- the runs ---------------------------------------------------------------------------------------------


def parse_counts(text: str) -> list[int]:
    try:
        counts = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected numbers separated by commas, got {text!r}") from None
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError("expected positive numbers")
    return counts


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
