"""How long a seek waits to be paired: pairs of bot accounts seek through real server processes (each pair's two
seeks sent to different processes with --two-processes), several pairs at once; prints the delay from POST
/api/seeks to the answer that says matched, for the seek that waited and for the one that found it waiting."""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from .servers import Server, game_server


def bot_account(client: httpx.Client) -> str:
    token: str = client.post("/api/players").raise_for_status().json()["player_token"]
    client.post("/api/players/me/bot", headers={"Authorization": f"Bearer {token}"}).raise_for_status()
    return token


def seek_until_matched(client: httpx.Client, token: str) -> tuple[float, str]:
    """(seconds from the seek to the answer that says matched, the game's id)."""
    auth = {"Authorization": f"Bearer {token}"}
    started = time.perf_counter()
    body = client.post("/api/seeks", json={"rated": True}, headers=auth).raise_for_status().json()
    while body["status"] != "matched":
        body = client.get(f"/api/seeks/{body['seek_id']}", params={"wait": 25}, headers=auth,
                          timeout=40).raise_for_status().json()
    return time.perf_counter() - started, str(body["game_id"])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gin-rummy bench seeks", description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default=None, help="the database (default: a new SQLite file; "
                        "PostgreSQL for --two-processes)")
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--at-once", type=int, default=8, help="pairs seeking at the same time")
    parser.add_argument("--two-processes", action="store_true", help="each pair's seeks go to two processes")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    url = args.database_url or f"sqlite:///{Path(tempfile.mkdtemp()) / 'seeks.db'}"
    servers: list[Server] = []
    try:
        for _ in range(2 if args.two_processes else 1):
            servers.append(game_server(url, workers=1).start())
            servers[-1].wait_ready()
        clients = [httpx.Client(base_url=server.url, timeout=30) for server in servers]
        waited: list[float] = []
        found: list[float] = []
        games: set[str] = set()
        lock = threading.Lock()

        def pair(index: int) -> None:
            first, second = clients[0], clients[-1]
            tokens = bot_account(first), bot_account(second)
            with ThreadPoolExecutor(1) as other:
                waiting = other.submit(seek_until_matched, first, tokens[0])
                time.sleep(rng.uniform(0.05, 0.5))  # the second comes while the first waits
                late = seek_until_matched(second, tokens[1])
                early = waiting.result()
            with lock:
                waited.append(early[0])
                found.append(late[0])
                games.update((early[1], late[1]))

        started = time.perf_counter()
        with ThreadPoolExecutor(args.at_once) as pool:
            list(pool.map(pair, range(args.pairs)))
        elapsed = time.perf_counter() - started
        for client in clients:
            client.close()
    finally:
        for server in servers:
            server.stop()
    print(f"{args.pairs} pairs of bot accounts, {args.at_once} pairs seeking at once, "
          f"{'two processes' if args.two_processes else 'one process'}, {elapsed:.1f} s")
    print(f"games made: {len(games)} (one per pair: {len(games) == args.pairs})")
    for name, delays in (("the seek that waited", waited), ("the seek that found it waiting", found)):
        print(f"{name}: seek -> matched p50 {percentile(delays, 0.5) * 1000:.0f} ms, "
              f"p99 {percentile(delays, 0.99) * 1000:.0f} ms, max {max(delays) * 1000:.0f} ms, "
              f"mean {statistics.fmean(delays) * 1000:.0f} ms")
    return 0
