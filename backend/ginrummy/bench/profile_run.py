"""The profile bench's moves: the app called as ASGI without a server, matches played against the computer with
blocks of moves alternately with and without the timing wrappers, and turns of moves through a real server in
between."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from ginrummy.bench import client, databases, servers
from ginrummy.bench.profile_patches import Patches
from ginrummy.bench.profile_timer import IN_REQUEST, Timer


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
