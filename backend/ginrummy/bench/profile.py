"""Where a move's time goes: moves played against the computer, in-process, with each part of a move timed.

Run: ``gin-rummy bench profile`` (or ``python -m ginrummy.bench.profile``). The app (``create_app``, on a SQLite
file in a temporary directory, rate limits opened wide, log level warning) is called directly as ASGI, with no
HTTP server in front. A client plays whole matches against the computer (``--level``, medium by default), with
an Idempotency-Key per move as the browser sends, and only the moves are measured (a new match is created when
one is over, outside the measure).

The parts are timed by wrappers put around the functions that do them, looked up by name when the bench starts
(a part none of whose functions is found is said to be not measured; its time then counts where it is called
from):

* framework: the hop to a worker thread (``run_in_threadpool``, less the work done there) and FastAPI's response
  model (``serialize_response``); the rest of the request (ASGI, middleware, routing, request parsing and
  validation, dependencies) is what no part accounts for;
* rate limits: ``Limiter.move_from``, ``Limiter.move_in`` and ``Limiter.check_tokens``;
* lock + load: entering ``SqlStore.locked``, and ``SqlStore.get_game``, ``stored_reply`` and ``_load`` (the
  connection, BEGIN, the row, the state, the answer kept for the move's Idempotency-Key);
* engine apply: ``ginrummy.engine.apply`` for the person's move;
* the computer's turn: ``play_computer``, all of it (its views, decisions and moves);
* view building: ``view_for``, ``View.to_json`` and ``events_for``;
* JSON encode: ``JSONResponse.render``, ``encode_state`` and ``json.dumps`` (the answer, the stored state, the
  events);
* SQL statements: the store's writing code (``write_move``, ``LockedGame.save``, ``LockedGame.stored_reply``)
  and SQLAlchemy's ``Connection.execute`` and ``exec_driver_sql`` (building, caching, the driver);
* COMMIT: SQLAlchemy's ``Connection._commit_impl``;
* waiting for another thread: ``Future.result``, less the timed work that thread did meanwhile (what handing the
  write to a store's writer thread costs);
* the service's own work: ``MoveService.act``, less the parts it calls (authorisation, stats, the answer).

A part's time is its own: the time of a timed part it calls is that part's, except under lock + load and the
computer's turn, which keep all of theirs. Timed work in a thread the app keeps (a store's writer thread, say) is
its own part's too, and is shown apart. The wrappers cost a little: the median move is printed with and without
them, measured in alternating blocks of moves.

Moves are also played through a real server (``gin-rummy serve``, one worker, SQLite) by one client with the
load bench's raw HTTP/1.1 keep-alive client, in turns with the in-process ones (``--rounds``): the median
end-to-end latency of a move is the figure of the goal (at most ``GOAL_MS``, 2 ms, on SQLite with the medium
computer), and its difference from the in-process median is the HTTP server, the loopback connection and the client.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from ginrummy.bench import client, databases, servers
from ginrummy.bench.figures import quantile
from ginrummy.bench.profile_parts import FRAMEWORK, PARTS
from ginrummy.bench.profile_patches import Patches
from ginrummy.bench.profile_timer import IN_REQUEST, Timer

GOAL_MS = 2.0
"""The goal for a move's median end-to-end latency, one client, SQLite, the medium computer."""


# --- calling the app as ASGI ------------------------------------------------------------------------------


async def call(app: Callable[..., Awaitable[None]], method: str, path: str, body: bytes = b"",
               headers: list[tuple[bytes, bytes]] | None = None) -> tuple[int, bytes]:
    """One HTTP request through the ASGI app, without a server: (status, body)."""
    scope = {"type": "http", "asgi": {"version": "3.0", "spec_version": "2.3"}, "http_version": "1.1",
             "method": method, "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"",
             "root_path": "", "headers": [(b"host", b"127.0.0.1"), (b"content-length", str(len(body)).encode()),
                                          *(headers or [])],
             "client": ("127.0.0.1", 40000), "server": ("127.0.0.1", 8000), "state": {}}
    sent = False
    status = 0
    chunks: list[bytes] = []

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        await asyncio.Event().wait()  # the client stays connected
        raise AssertionError("unreachable")

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    token = IN_REQUEST.set(True)
    try:
        await app(scope, receive, send)
    finally:
        IN_REQUEST.reset(token)
    return status, b"".join(chunks)


@dataclass
class Played:
    """Per-move totals (seconds) in-process with and without the wrappers, the matches finished, and the moves'
    end-to-end latencies through a real server."""

    wrapped: list[float] = field(default_factory=list)
    bare: list[float] = field(default_factory=list)
    matches: int = 0
    end_to_end: list[float] = field(default_factory=list)
    end_to_end_errors: int = 0


async def play(app: Callable[..., Awaitable[None]], patches: Patches, played: Played, first: int, moves: int,
               warmup: int, block: int, level: str, seed: int, keys: bool) -> None:
    """Play the moves numbered ``first`` to ``first + moves``, starting a new match: the first ``warmup`` moves of
    the whole run are not measured, and the others alternate between blocks without and with the wrappers."""
    rng = random.Random(seed * 1_000_003 + first)
    made = first
    create = json.dumps({"level": level}).encode()
    json_type = [(b"content-type", b"application/json")]
    while made < first + moves:
        status, answer = await call(app, "POST", "/api/games", create, json_type)
        if status != 201:
            raise RuntimeError(f"creating a game answered {status}: {answer[:300]!r}")
        game = json.loads(answer)
        auth = [(b"authorization", f"Bearer {game['seat_token']}".encode())]
        view = game["view"]
        while made < first + moves and view["phase"] != "match_over" and view["legal_actions"]:
            action = client.choose(view, rng)
            body = json.dumps(action).encode()  # posted back as offered, as the browser and the bots do
            headers = auth + json_type + ([(b"idempotency-key", f"{seed}-{made}".encode())] if keys else [])
            path = f"/api/games/{game['game_id']}/actions"
            counted = made >= warmup
            wrapped = counted and ((made - warmup) // block) % 2 == 1
            if wrapped and not patches.installed:
                patches.install()
            elif not wrapped and patches.installed:
                patches.remove()
            patches.timer.active = wrapped
            start = time.perf_counter()
            status, answer = await call(app, "POST", path, body, headers)
            elapsed = time.perf_counter() - start
            patches.timer.active = False
            if status != 200:
                raise RuntimeError(f"{action['kind']} answered {status}: {answer[:300]!r}")
            if counted:
                (played.wrapped if wrapped else played.bare).append(elapsed)
            made += 1
            view = json.loads(answer)["view"]
        if view["phase"] == "match_over":
            played.matches += 1
    patches.remove()


def run(args: argparse.Namespace, directory: str) -> tuple[Played, Timer, Patches, str]:
    """The in-process moves and the end-to-end ones, in ``--rounds`` alternating turns."""
    from ginrummy.api.app import create_app
    from ginrummy.api.config import Settings

    url = f"sqlite:///{os.path.join(directory, 'profile.db')}"
    settings = Settings(database_url=url, log_level="warning", rate_limit_create="1000000/minute",
                        rate_limit_moves="1000000/second", max_unfinished_games=1000000, metrics_enabled=False)
    app = create_app(settings)
    timer = Timer()
    patches = Patches(timer)
    played = Played()
    server = servers.game_server(f"sqlite:///{os.path.join(directory, 'e2e.db')}", 1) if args.e2e_moves else None
    keys = not args.no_idempotency_keys
    try:
        if server is not None:
            server.start().wait_ready()
        inside = args.warmup + args.moves
        for turn in range(args.rounds):
            first = inside * turn // args.rounds
            asyncio.run(play(app, patches, played, first, inside * (turn + 1) // args.rounds - first, args.warmup,
                             args.block, args.level, args.seed, keys))
            budget = args.e2e_moves * (turn + 1) // args.rounds - args.e2e_moves * turn // args.rounds
            if server is not None and budget:
                warmup = args.e2e_warmup if turn == 0 else 0.0
                job = client.Job("game", servers.LOCAL, server.port, 1, time.monotonic() + warmup, 24 * 3600,
                               level=args.level, seed=args.seed + turn, keys=keys, budget=budget)
                tally = client.run_async(job).tally
                played.end_to_end += tally.latencies.get("move", [])
                played.end_to_end_errors += sum(tally.errors.values())
    finally:
        patches.remove()
        app.state.store.close()
        if server is not None:
            server.stop()
    return played, timer, patches, databases.durability(url)


def report(played: Played, timer: Timer, patches: Patches, level: str, where: str) -> str:
    moves = len(played.wrapped)
    total = sum(played.wrapped)
    width = max(len(FRAMEWORK), *(len(part.name) for part in PARTS)) + 2
    lines = [f"{'part':<{width}}{'ms/move':>9}{'%':>7}{'calls/move':>12}{'ms/move in another thread':>27}"]
    measured = sum(timer.seconds.get(part.name, 0.0) for part in PARTS)
    framework = total - measured
    lines.append(f"{FRAMEWORK:<{width}}{1000 * framework / moves:>9.3f}{100 * framework / total:>7.1f}")
    for part in PARTS:
        if part.name not in patches.found:
            lines.append(f"{part.name:<{width}}{'not measured: none of its functions was found':>55}")
            continue
        seconds = timer.seconds.get(part.name, 0.0)
        elsewhere = timer.seconds_elsewhere.get(part.name)
        lines.append(f"{part.name:<{width}}{1000 * seconds / moves:>9.3f}{100 * seconds / total:>7.1f}"
                     f"{timer.calls.get(part.name, 0) / moves:>12.1f}"
                     f"{'' if elsewhere is None else f'{1000 * elsewhere / moves:.3f}':>27}")
    lines.append(f"{'total (mean)':<{width}}{1000 * total / moves:>9.3f}{100.0:>7.1f}")
    lines += ["", f"{moves} moves timed by part, {len(played.bare)} without the wrappers, in alternating blocks; "
                  f"{played.matches} matches finished; computer level {level}; {where}",
              f"median move in-process: {1000 * statistics.median(played.wrapped):.3f} ms with the wrappers, "
              f"{1000 * statistics.median(played.bare):.3f} ms without"]
    if patches.missing:
        lines.append("not found, so not timed (their time counts where they are called from): "
                     + ", ".join(patches.missing))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gin-rummy bench profile", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=2000, help="moves measured in-process (2000)")
    parser.add_argument("--warmup", type=int, default=100, help="moves played first, not measured (100)")
    parser.add_argument("--block", type=int, default=100,
                        help="moves per block; blocks alternate without and with the wrappers (100)")
    parser.add_argument("--e2e-moves", type=int, default=1000,
                        help="moves measured end to end through a real server (1000; 0 to skip)")
    parser.add_argument("--e2e-warmup", type=float, default=1.0, help="seconds played before those (1)")
    parser.add_argument("--rounds", type=int, default=4,
                        help="turns the in-process and the end-to-end moves are played in, alternately (4)")
    parser.add_argument("--level", default="medium", choices=["easy", "medium", "hard"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-idempotency-keys", action="store_true",
                        help="send moves without an Idempotency-Key (the browser sends one per move)")
    args = parser.parse_args(argv)
    if args.moves < 2 or args.warmup < 0 or args.block < 1 or args.e2e_moves < 0 or args.e2e_warmup < 0 \
            or args.rounds < 1:
        parser.error("--moves (at least 2), --warmup, --block, --e2e-moves, --e2e-warmup and --rounds must be "
                     "positive")
    args.block = min(args.block, args.moves // 2)

    directory = tempfile.mkdtemp(prefix="ginrummy-profile-")
    try:
        played, timer, patches, durability = run(args, directory)
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    print("Where a move's time goes, in-process (the app called as ASGI, no HTTP server), SQLite in a temporary "
          f"directory ({durability}):")
    print(report(played, timer, patches, args.level, "an Idempotency-Key per move"
                 if not args.no_idempotency_keys else "no Idempotency-Key"))
    if not args.e2e_moves:
        return 0
    latencies = sorted(played.end_to_end)
    if not latencies:
        print("\nend to end: no move was answered")
        return 1
    median = 1000 * statistics.median(latencies)
    inside = 1000 * statistics.median(played.bare)
    print(f"\nEnd to end through gin-rummy serve (1 worker, SQLite), one client, raw HTTP/1.1 keep-alive, in turns "
          f"with the in-process moves: {len(latencies)} moves, median {median:.2f} ms, "
          f"p90 {1000 * quantile(latencies, 0.9):.2f} ms, p99 {1000 * quantile(latencies, 0.99):.2f} ms, "
          f"{played.end_to_end_errors} errors")
    print(f"HTTP server, loopback and client: {median - inside:.2f} ms of the median move "
          f"({median:.2f} end to end − {inside:.2f} in-process without the wrappers)")
    if args.level == "medium":
        verdict = "met" if median <= GOAL_MS else "not met"
        print(f"goal: median move latency ≤ {GOAL_MS:g} ms on SQLite with the medium computer: {verdict} "
              f"({median:.2f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
