"""The load bench's targets: what its clients measure (a reference route or the game, each on the server started
for it, or a game server already running), the targets of a run and of a comparison of worker counts, starting
their servers, and measuring one round of one target."""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass, field
from urllib.parse import urlparse

from .client import ClientPool, Job
from .commit_table import COMMIT_URL, prepare_commit_table
from .databases import database_name, sqlite_url
from .figures import Round, combine, percent
from .servers import LOCAL, Server, game_server, uvicorn_server


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
