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
import functools
import importlib
import inspect
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from ginrummy.bench import client, databases, servers
from ginrummy.bench.figures import quantile

# --- timing parts -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Part:
    name: str
    targets: tuple[str, ...]
    """``module:qualified.name``. A trailing ``@enter`` times only entering the context manager it returns;
    ``@hop`` times a ``run_in_threadpool``-like function less the work it runs in the worker thread."""
    keeps_all: bool = False
    """The part keeps the time of the timed parts it calls (they are not told apart inside it)."""


GOAL_MS = 2.0
"""The goal for a move's median end-to-end latency, one client, SQLite, the medium computer."""
FRAMEWORK = "framework: ASGI, middleware, routing, request parsing and validation, dependencies"
PARTS = (
    Part("framework: the hop to a worker thread and back", ("starlette.concurrency:run_in_threadpool@hop",)),
    Part("framework: response model (FastAPI's validation and JSON, where a route leaves it to FastAPI)",
         ("fastapi.routing:serialize_response",)),
    Part("the answer through its model (strict check, JSON)", ("ginrummy.api.routes.common:encoded",)),
    Part("rate limits", ("ginrummy.api.limits:Limiter.move_from", "ginrummy.api.limits:Limiter.move_in",
                         "ginrummy.api.limits:Limiter.check_tokens")),
    Part("lock + load (the game's row and state, the kept answer; under the lock when taken)",
         ("ginrummy.store.sql:SqlStore.locked@enter", "ginrummy.store.sql:SqlStore.get_game",
          "ginrummy.store.sql:SqlStore.stored_reply", "ginrummy.store.sql:SqlStore._load"), keeps_all=True),
    Part("engine apply (the person's move)", ("ginrummy.engine:apply",)),
    Part("computer's turn (its views, decisions, moves)", ("ginrummy.service.turns:play_computer",),
         keeps_all=True),
    Part("view building (view, its JSON form, events as seen)",
         ("ginrummy.engine:view_for", "ginrummy.engine.views:View.to_json", "ginrummy.engine:events_for")),
    Part("JSON encode (stored state, events)", ("ginrummy.store.codec:encode_state", "json:dumps")),
    Part("SQL statements (the store's writing code, SQLAlchemy, the driver)",
         ("ginrummy.store.writes:write_move", "ginrummy.store.writes:LockedGame.save",
          "ginrummy.store.writes:LockedGame.stored_reply", "sqlalchemy.engine.base:Connection.execute",
          "sqlalchemy.engine.base:Connection.exec_driver_sql")),
    Part("COMMIT", ("sqlalchemy.engine.base:Connection._commit_impl",)),
    Part("waiting for another thread (less the timed work it did meanwhile)",
         ("concurrent.futures._base:Future.result",)),
    Part("service, the rest (authorise, idempotency, stats, the answer's dict)",
         ("ginrummy.service.moves:MoveService.act",)),
)
SCANNED = {"ginrummy", "fastapi", "starlette"}
"""The packages whose modules' references to a timed function are replaced (besides its own module)."""
IN_REQUEST: ContextVar[bool] = ContextVar("in_request", default=False)
"""Set while a request is handled; it follows the request into its worker thread, not into threads the app
keeps (such as a store's writer thread), whose timed work is told apart."""


@dataclass
class _Frame:
    part: Part
    start: float
    in_request: bool
    elsewhere_at: float
    """``Timer.elsewhere`` when the frame opened."""
    inner: float = 0.0
    """Seconds of timed parts it called."""
    inner_elsewhere: float = 0.0
    """Seconds of other threads' timed work already taken out by the parts it called."""


class Timer:
    """Accumulates each part's own time while ``active``.

    A part's own time is its time less that of the timed parts it calls (in its thread). Timed work in threads
    outside the request (``IN_REQUEST`` unset: a thread the app keeps, such as a store's writer) is counted
    as its own parts too, and taken out of the request's part that was running meanwhile (waiting for it), so
    that with one request at a time the parts add up to the request's time."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self.active = False
        self.seconds: dict[str, float] = {}
        self.calls: dict[str, int] = {}
        self.seconds_elsewhere: dict[str, float] = {}
        """Of ``seconds``, those outside the request's threads."""
        self.elsewhere = 0.0
        """Seconds of timed work outside the request's threads, so far."""
        self._lock = threading.Lock()
        self._local = threading.local()

    def _stack(self) -> list[_Frame]:
        stack: list[_Frame] | None = getattr(self._local, "stack", None)
        if stack is None:
            stack = self._local.stack = []
        return stack

    def enter(self, part: Part) -> _Frame | None:
        if not self.active:
            return None
        stack = self._stack()
        if stack and stack[-1].part.keeps_all:
            return None
        frame = _Frame(part, self.clock(), IN_REQUEST.get(), self.elsewhere)
        stack.append(frame)
        return frame

    def leave(self, frame: _Frame) -> None:
        elapsed = self.clock() - frame.start
        stack = self._stack()
        stack.pop()
        name = frame.part.name
        own = elapsed - frame.inner
        elsewhere = 0.0
        with self._lock:
            if frame.in_request:
                elsewhere = self.elsewhere - frame.elsewhere_at
                own -= elsewhere - frame.inner_elsewhere
            else:
                self.seconds_elsewhere[name] = self.seconds_elsewhere.get(name, 0.0) + own
                if not stack:
                    self.elsewhere += elapsed
            self.seconds[name] = self.seconds.get(name, 0.0) + own
            self.calls[name] = self.calls.get(name, 0) + 1
        if stack:
            stack[-1].inner += elapsed
            stack[-1].inner_elsewhere += elsewhere

    def wrap(self, part: Part, function: Callable[..., Any], mode: str) -> Callable[..., Any]:
        timer = self
        if mode == "hop":
            @functools.wraps(function)
            async def hopped(work: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
                frame = timer.enter(part)
                if frame is None:
                    return await function(work, *args, **kwargs)
                inside = 0.0
                elsewhere = 0.0

                def timed_work(*a: Any, **k: Any) -> Any:
                    nonlocal inside, elsewhere
                    IN_REQUEST.set(True)
                    start, start_elsewhere = timer.clock(), timer.elsewhere
                    try:
                        return work(*a, **k)
                    finally:
                        inside, elsewhere = timer.clock() - start, timer.elsewhere - start_elsewhere
                try:
                    return await function(timed_work, *args, **kwargs)
                finally:
                    # The work's own parts are timed in the worker thread (and other threads' by theirs).
                    frame.inner += inside
                    frame.inner_elsewhere += elsewhere
                    timer.leave(frame)
            return hopped
        if mode == "enter":
            @functools.wraps(function)
            def opened(*args: Any, **kwargs: Any) -> Any:
                manager = function(*args, **kwargs)
                return _TimedEnter(timer, part, manager) if hasattr(manager, "__enter__") else manager
            return opened
        if inspect.iscoroutinefunction(function):
            @functools.wraps(function)
            async def awaited(*args: Any, **kwargs: Any) -> Any:
                frame = timer.enter(part)
                try:
                    return await function(*args, **kwargs)
                finally:
                    if frame is not None:
                        timer.leave(frame)
            return awaited

        @functools.wraps(function)
        def called(*args: Any, **kwargs: Any) -> Any:
            frame = timer.enter(part)
            try:
                return function(*args, **kwargs)
            finally:
                if frame is not None:
                    timer.leave(frame)
        return called


class _TimedEnter:
    """A context manager whose entering is timed as a part (its leaving is not)."""

    def __init__(self, timer: Timer, part: Part, manager: Any) -> None:
        self.timer, self.part, self.manager = timer, part, manager

    def __enter__(self) -> Any:
        frame = self.timer.enter(self.part)
        try:
            return self.manager.__enter__()
        finally:
            if frame is not None:
                self.timer.leave(frame)

    def __exit__(self, *exc: Any) -> Any:
        return self.manager.__exit__(*exc)


class Patches:
    """The wrappers put in place, and how to take them out again."""

    def __init__(self, timer: Timer, parts: tuple[Part, ...] | None = None) -> None:
        self.timer = timer
        self.parts = PARTS if parts is None else parts
        self.missing: list[str] = []
        self.found: dict[str, list[str]] = {}
        self.installed = False
        self._undo: list[Callable[[], None]] = []

    def install(self) -> None:
        """Put the wrappers in place; ``found`` and ``missing`` say which targets were there."""
        self.remove()
        self.found, self.missing, self.installed = {}, [], True
        for part in self.parts:
            for target in part.targets:
                if self._install(part, target):
                    self.found.setdefault(part.name, []).append(target)
                elif target not in self.missing:
                    self.missing.append(target)

    def remove(self) -> None:
        while self._undo:
            self._undo.pop()()
        self.installed = False

    def _install(self, part: Part, target: str) -> bool:
        spec, _, mode = target.partition("@")
        module_name, _, qualified = spec.partition(":")
        try:
            owner: Any = importlib.import_module(module_name)
        except ImportError:
            return False
        *path, name = qualified.split(".")
        for step in path:
            owner = getattr(owner, step, None)
            if owner is None:
                return False
        if isinstance(owner, ModuleType):
            original = getattr(owner, name, None)
            if not callable(original):
                return False
            wrapper = self.timer.wrap(part, original, mode)
            # Replace every reference to the function held by the product's and its framework's modules
            # (``from x import f`` binds one in the importer), the module it comes from included.
            for module in list(sys.modules.values()):
                if not isinstance(module, ModuleType) or module is sys.modules[__name__] or (
                        module is not owner and module.__name__.partition(".")[0] not in SCANNED):
                    continue
                for attribute, value in list(vars(module).items()):
                    if value is original:
                        self._set(module, attribute, wrapper)
            return True
        if not isinstance(owner, type):
            return False
        raw = inspect.getattr_static(owner, name, None)
        if raw is None:
            return False
        if isinstance(raw, staticmethod | classmethod):
            wrapped: Any = type(raw)(self.timer.wrap(part, raw.__func__, mode))
        elif callable(raw):
            wrapped = self.timer.wrap(part, raw, mode)
        else:
            return False
        self._set(owner, name, wrapped)
        return True

    def _set(self, owner: Any, name: str, value: Any) -> None:
        own = name in vars(owner)
        before = vars(owner).get(name)
        setattr(owner, name, value)
        self._undo.append(lambda: setattr(owner, name, before) if own else delattr(owner, name))


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
