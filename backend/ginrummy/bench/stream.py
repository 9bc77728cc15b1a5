"""How fast a move reaches the other seat's stream: from sending the move to its message on the stream.

Starts two server processes on one database (``--database-url``; PostgreSQL, so that they share it, as
containers behind a load balancer would), makes a game with an invite through the first, joins it, opens seat
1's event stream on the second, and makes ``--moves`` moves (by whichever seat is to act, never a knock) through
the first. Each move's delay is the time from sending it to the arrival of the stream message of the version it
made. ``--one-process`` opens the stream on the same server instead. Prints the median, 90th and 99th
percentiles and the slowest.

Run: ``gin-rummy bench stream --database-url postgresql+psycopg://postgres@127.0.0.1:5432/DB --moves 1000``.
"""

from __future__ import annotations

import argparse
import json
import queue
import random
import statistics
import threading
import time
from typing import Any

import httpx

from .servers import Server, game_server

Json = dict[str, Any]


def read_stream(url: str, game_id: str, token: str, arrivals: queue.Queue[tuple[float, int]],
                stop: threading.Event) -> None:
    """Put (arrival time, version) of each update message on ``arrivals``, until ``stop`` (when the servers are
    stopped under it)."""
    try:
        with httpx.Client(timeout=httpx.Timeout(10, read=None)) as client, client.stream(
                "GET", f"{url}/api/games/{game_id}/stream", headers={"Authorization": f"Bearer {token}"}) as stream:
            data: list[str] = []
            for line in stream.iter_lines():
                if stop.is_set():
                    return
                if line.startswith("data:"):
                    data.append(line[5:].strip())
                elif not line and data:
                    message = json.loads("\n".join(data))
                    if "version" in message:
                        arrivals.put((time.monotonic(), message["version"]))
                    data = []
    except httpx.HTTPError:
        if not stop.is_set():
            raise


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gin-rummy bench stream", description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", required=True, help="the database both servers share (PostgreSQL)")
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--one-process", action="store_true", help="stream from the server the moves go to")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    servers: list[Server] = []
    stop = threading.Event()
    try:
        for _ in range(1 if args.one_process else 2):
            servers.append(game_server(args.database_url, workers=1).start())
            servers[-1].wait_ready()
        mover_url, reader_url = servers[0].url, servers[-1].url
        with httpx.Client(base_url=mover_url, timeout=30) as client:
            created = client.post("/api/games", json={"opponent": {"kind": "invite"},
                                                      "settings": {"target": 500}}).json()
            game_id = created["game_id"]
            joined = client.post(f"/api/games/{game_id}/join", json={"code": created["invite"]["code"]}).json()
            tokens = [created["seat_token"], joined["seat_token"]]
            arrivals: queue.Queue[tuple[float, int]] = queue.Queue()
            threading.Thread(target=read_stream, args=(reader_url, game_id, tokens[1], arrivals, stop),
                             daemon=True).start()
            arrivals.get(timeout=10)  # the stream's first message: it is open
            delays = []
            for _ in range(args.moves):
                view = client.get(f"/api/games/{game_id}", headers={"Authorization": f"Bearer {tokens[0]}"}).json()
                seat = view["view"]["turn"] if view["view"]["turn"] is not None else 0
                headers = {"Authorization": f"Bearer {tokens[seat]}"}
                mine = client.get(f"/api/games/{game_id}", headers=headers).json()["view"]
                legal = [a for a in mine["legal_actions"] if a["kind"] not in ("knock", "big_gin")]
                action = rng.choice(legal or mine["legal_actions"])
                sent = time.monotonic()
                answer = client.post(f"/api/games/{game_id}/actions", json=action, headers=headers)
                answer.raise_for_status()
                version = answer.json()["version"]
                while True:
                    arrived, seen = arrivals.get(timeout=30)
                    if seen >= version:
                        break
                delays.append(1000 * (arrived - sent))
    finally:
        stop.set()
        for server in servers:
            server.stop()
    delays.sort()
    where = "one server process" if args.one_process else "two server processes (moves to one, stream from the other)"
    print(f"stream delay over {len(delays)} moves, {where}, {args.database_url.split('://')[0]}:")
    print(f"  median {statistics.median(delays):.1f} ms, p90 {delays[int(0.9 * len(delays))]:.1f} ms, "
          f"p99 {delays[int(0.99 * len(delays))]:.1f} ms, slowest {delays[-1]:.1f} ms")
    return 0
