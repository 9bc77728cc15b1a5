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
import shutil
import statistics
import sys
import tempfile

from ginrummy.bench.figures import quantile
from ginrummy.bench.profile_parts import FRAMEWORK, PARTS
from ginrummy.bench.profile_patches import Patches
from ginrummy.bench.profile_run import Played, run
from ginrummy.bench.profile_timer import Timer

GOAL_MS = 2.0
"""The goal for a move's median end-to-end latency, one client, SQLite, the medium computer."""


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
