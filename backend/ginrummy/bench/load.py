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
import statistics
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
from .figures import Round, percent, quantile, spread
from .load_targets import Target, main_targets, measure, start_all, worker_targets
from .load_writes import NAMED_TABLES, BytesPerMove, bytes_per_move
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
