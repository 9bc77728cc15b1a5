"""Capacity: how many players one game server serves while every move still answers quickly.

Run: ``gin-rummy bench capacity`` (SQLite in a temporary directory), ``--database-url postgresql+psycopg://…/DB``
for PostgreSQL, and ``--workers 2`` for two server processes on it (uvicorn workers sharing the port).

Each simulated player is a person's pace, not a benchmark's: it plays whole matches against the computer
(``--level``, medium by default) on its own keep-alive connection, thinking ``--think`` seconds (2 to 5, drawn
uniformly) before every move, and posts the move as the view offered it with an Idempotency-Key, as the browser
does. Players join spread over one think time, so they do not move in step.

The bench raises the number of players (doubling from ``--start``) and measures each count for ``--duration``
seconds after ``--warmup``; once a count misses the goal (move p99 above ``--goal-ms``, 100 ms, or any failed
request) it halves the gap to the last count that met it, ``--refine`` times. It prints each count's moves/s,
move p50, p99 and slowest, failures, and the server's CPU share, and then the capacity: the most players that
met the goal. The clients run in their own process(es) (``--client-processes``), the same raw HTTP client as
``gin-rummy bench load``. A player who thinks about as long as the server keeps an idle connection open
(``KEEP_ALIVE_SECONDS``, 5) may send a move just as the server closes it: as a browser does, the client sends a
request the server closed its kept connection on, before any byte of an answer, once more on a new connection.
"""

from __future__ import annotations

import argparse
import contextlib
import resource
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass

from .client import ClientPool, Job, Outcome
from .databases import sqlite_url
from .figures import combine, percent
from .servers import game_server, machine_cores


@dataclass
class Step:
    """One count of players, measured once."""

    players: int
    moves_per_second: float
    p50_ms: float
    p99_ms: float
    slowest_ms: float
    errors: int
    server_share: float | None

    def met(self, goal_ms: float) -> bool:
        return self.errors == 0 and self.moves_per_second > 0 and self.p99_ms <= goal_ms

    def line(self, goal_ms: float) -> str:
        verdict = "meets" if self.met(goal_ms) else "misses"
        return (f"{self.players:>6} players  {self.moves_per_second:7.1f} moves/s  p50 {self.p50_ms:7.2f} ms  "
                f"p99 {self.p99_ms:8.2f} ms  slowest {self.slowest_ms:8.2f} ms  failed {self.errors:>4}  "
                f"server CPU {percent(self.server_share):>4}  {verdict} the goal")


def measure(pool: ClientPool, host: str, port: int, pids: list[int], players: int,
            args: argparse.Namespace, cores: int) -> Step:
    start = time.monotonic() + args.warmup
    job = Job("game", host, port, players, start, args.duration, level=args.level, seed=args.seed,
              server_pids=pids, think=(args.think[0], args.think[1]))
    outcomes: list[Outcome] = pool.run(job)
    result = combine(outcomes, "move", args.duration, cores)
    slowest = 1000 * result.latencies[-1] if result.latencies else float("nan")
    step = Step(players, result.rate, result.p50_ms, result.p99_ms, slowest, result.errors, result.server_share)
    print(step.line(args.goal_ms), flush=True)
    return step


def search(pool: ClientPool, host: str, port: int, pids: list[int], args: argparse.Namespace,
           cores: int) -> list[Step]:
    """Double the players until the goal is missed, then halve the gap ``--refine`` times."""
    steps: list[Step] = []
    good, bad = 0, 0
    players = args.start
    while players <= args.most:
        step = measure(pool, host, port, pids, players, args, cores)
        steps.append(step)
        if not step.met(args.goal_ms):
            bad = players
            break
        good = players
        players *= 2
    for _ in range(args.refine if bad else 0):
        players = (good + bad) // 2
        if players in (good, bad):
            break
        step = measure(pool, host, port, pids, players, args, cores)
        steps.append(step)
        if step.met(args.goal_ms):
            good = players
        else:
            bad = players
    return steps


def think_range(text: str) -> tuple[float, float]:
    low, _, high = text.partition(",")
    bounds = (float(low), float(high or low))
    if not 0 <= bounds[0] <= bounds[1]:
        raise argparse.ArgumentTypeError("--think takes LOW,HIGH seconds, 0 <= LOW <= HIGH")
    return bounds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gin-rummy bench capacity", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database-url", default=None,
                        help="the game server's database (default: SQLite in a temporary directory)")
    parser.add_argument("--workers", type=int, default=1, help="uvicorn workers of the game server (1)")
    parser.add_argument("--think", type=think_range, default=(2.0, 5.0), metavar="LOW,HIGH",
                        help="seconds a player thinks before each move, drawn uniformly (2,5)")
    parser.add_argument("--goal-ms", type=float, default=100.0, help="the move p99 a count must stay under (100)")
    parser.add_argument("--start", type=int, default=50, help="players of the first count (50)")
    parser.add_argument("--most", type=int, default=6400, help="players to try at most (6400)")
    parser.add_argument("--refine", type=int, default=3, help="halvings of the gap after a miss (3)")
    parser.add_argument("--duration", type=float, default=30, help="seconds measured per count (30)")
    parser.add_argument("--warmup", type=float, default=10, help="seconds played before each window (10)")
    parser.add_argument("--level", default="medium", help="the computer's level (medium)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--client-processes", type=int, default=1, help="processes the players are spread over")
    args = parser.parse_args(argv)
    if args.start < 1 or args.most < args.start or args.workers < 1 or args.duration <= 0:
        parser.error("--start, --most, --workers and --duration must be positive, and --most at least --start")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)  # a connection per player, in this process's children
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    cores = machine_cores()
    with contextlib.ExitStack() as stack:
        database = args.database_url
        if database is None:
            directory = tempfile.mkdtemp(prefix="ginrummy-capacity-")
            stack.callback(shutil.rmtree, directory, True)
            database = sqlite_url(directory, "capacity")
        server = game_server(database, args.workers)
        stack.callback(server.stop)
        server.start()
        server.wait_ready()
        pool = ClientPool(args.client_processes)
        stack.callback(pool.close)
        kind = "PostgreSQL" if database.startswith("postgresql") else "SQLite"
        print(f"Capacity: {kind}, {args.workers} server process{'es' * (args.workers > 1)} (uvicorn workers); "
              f"players think {args.think[0]:g}–{args.think[1]:g} s before each move and play the {args.level} "
              f"computer; goal: move p99 ≤ {args.goal_ms:g} ms and no failed request; {args.duration:g} s measured "
              f"per count after {args.warmup:g} s; this machine has {cores} cores", flush=True)
        pids = [server.pid] if server.pid is not None else []
        steps = search(pool, "127.0.0.1", server.port, pids, args, cores)
    met = [s for s in steps if s.met(args.goal_ms)]
    best = max(met, key=lambda s: s.players) if met else None
    missed = [s for s in steps if not s.met(args.goal_ms)]
    if best is None:
        print(f"\ncapacity: below {args.start} players (the first count missed the goal)")
    else:
        above = min((s.players for s in missed if s.players > best.players), default=None)
        bound = f", {above} did not" if above is not None else f" (no count up to {args.most} missed it)"
        print(f"\ncapacity: {best.players} players met the goal{bound}: {best.moves_per_second:.1f} moves/s, move "
              f"p99 {best.p99_ms:.1f} ms")
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return 0


if __name__ == "__main__":
    sys.exit(main())
