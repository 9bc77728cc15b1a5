"""A seat that follows every hint, through the REST API: the hints' chances against what the seat then sees.

The seat creates a match against one of the service's computers (``POST /api/games``), and before each of its
decisions asks ``GET /api/games/{id}/hint`` and plays the move it suggests. Each chance the hint states
(``chances`` in the answer) is recorded next to what happened, read only from the seat's own answers (never
from the store):

- stock_helps, when the seat then draws from the stock: its new hand's least deadwood (the least of its discard
  options) is below what it held before the draw;
- opponent_knocks, at a plain discard: the events of the move's answer show the opponent knocking, going Gin or
  Big Gin on the turn that follows;
- undercut, at a knock: the hand's result is an undercut.

A stock_helps chance stated with a move that takes the pile card is not recorded: the seat never sees the
stock card it did not draw.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
import time
from typing import Any, NamedTuple
from urllib.parse import urlsplit

from ginrummy.ai.chances import FIELDS

from .client import JSON, HttpConnection
from .servers import LOCAL, game_server

Json = dict[str, Any]
Record = tuple[str, float, bool]
QUESTION_OF = {field: question for question, field in FIELDS.items()}
GOING_DOWN = ("knocked", "gin", "big_gin")
MAX_DECISIONS = 2000
"""A match that has not ended after this many of the seat's decisions is given up (it never should)."""


def observed(before: Json, hint: Json, answer: Json) -> list[Record]:
    """What the seat saw of each chance ``hint`` stated about the move it made from the view ``before``: the
    records, read from the move's ``answer`` (a game answer: the view after it and the events it caused)."""
    action, after, seat = hint["action"], answer["view"], before["seat"]
    records: list[Record] = []
    for field, chance in hint.get("chances", {}).items():
        question = QUESTION_OF[field]
        if field == "stock_helps":
            if action["kind"] != "draw" or action.get("source") != "stock":
                continue
            least = min(option["deadwood"] for option in after["discard_options"])
            records.append((question, chance, least < before["deadwood"]))
        elif field == "opponent_knocks":
            theirs = [event["kind"] for event in answer["events"] if event.get("seat") == 1 - seat
                      and event["kind"] in ("drew", "discarded", *GOING_DOWN)]
            if theirs and theirs[0] == "drew":  # the opponent's next turn is in this answer
                records.append((question, chance, any(kind in GOING_DOWN for kind in theirs[1:2])))
        elif field == "undercut" and after.get("result") is not None:
            records.append((question, chance, after["result"]["outcome"] == "undercut"))
    return records


class Seat:
    """One match played through ``connection`` by following the hints."""

    def __init__(self, connection: HttpConnection, waits: list[float] | None = None) -> None:
        self.connection = connection
        self.auth = b""
        self.path = ""
        self.waits = [] if waits is None else waits
        """Seconds each hint took to come, as the seat waited for it."""

    async def call(self, method: str, path: str, body: Json | None = None) -> Json:
        data = json.dumps(body).encode() if body is not None else b""
        status, answer = await self.connection.request(method, path, data, self.auth + (JSON if body else b""))
        if not 200 <= status < 300:
            raise RuntimeError(f"{method} {path}: {status} {answer[:300]!r}")
        result: Json = json.loads(answer)
        return result

    async def play(self, computer: str, seed: int) -> list[Record]:
        game = await self.call("POST", "/api/games", {"level": computer, "seed": seed})
        self.auth = f"Authorization: Bearer {game['seat_token']}\r\n".encode()
        self.path = f"/api/games/{game['game_id']}"
        records: list[Record] = []
        answer = game
        for _ in range(MAX_DECISIONS):
            view = answer["view"]
            if view["phase"] == "match_over":
                return records
            if not view["legal_actions"]:  # the other seat is to move: read the game again
                answer = await self.call("GET", self.path)
                continue
            offered = {action["kind"]: action for action in view["legal_actions"]}
            if "next_hand" in offered:
                answer = await self.call("POST", f"{self.path}/actions", offered["next_hand"])
                continue
            asked = time.perf_counter()
            hint = await self.call("GET", f"{self.path}/hint")
            self.waits.append(time.perf_counter() - asked)
            answer = await self.call("POST", f"{self.path}/actions", hint["action"])
            records.extend(observed(view, hint, answer))
        raise RuntimeError(f"{computer}, seed {seed}: no end after {MAX_DECISIONS} decisions")


class Run(NamedTuple):
    records: dict[str, list[Record]]
    """By computer."""
    waits: dict[str, list[float]]
    """By computer: the seconds each hint took, as the seat waited for it."""
    command: str


async def _play_all(host: str, port: int, computers: list[str], matches: int, seed: int,
                    progress: bool) -> tuple[dict[str, list[Record]], dict[str, list[float]]]:
    connection = HttpConnection(host, port)
    by_computer: dict[str, list[Record]] = {}
    waits: dict[str, list[float]] = {}
    try:
        if not computers:
            computers = await offered_computers(Seat(connection))
        for k, computer in enumerate(computers):
            records, waited = by_computer.setdefault(computer, []), waits.setdefault(computer, [])
            for i in range(matches):
                records.extend(await Seat(connection, waited).play(computer, seed * 1_000_003 + i * 7 + k))
                if progress:
                    print(f"  {computer}: {i + 1}/{matches} matches, {len(records)} decisions", file=sys.stderr,
                          flush=True)
    finally:
        connection.close()
    return by_computer, waits


async def offered_computers(seat: Seat) -> list[str]:
    """Every computer the service lets a game be played against: its levels, and its personas if it has any."""
    catalogue = await seat.call("GET", "/api/rules")
    return [*catalogue["levels"], *(persona["id"] for persona in catalogue.get("personas", []))]


def hinted_records(url: str | None, computers: list[str] | None, matches: int, seed: int,
                   progress: bool = True) -> Run:
    """Play ``matches`` hint-following matches against each computer (default: every one the service offers)
    through the service at ``url``, or through a server started here on a free port (SQLite in a temporary
    directory, its limits opened wide); the records and the hints' waits by computer, and the command."""
    named = f" --opponents {','.join(computers)}" if computers else ""
    command = (f"gin-rummy bench calibration --through-service --matches {matches} --seed {seed}{named}"
               f"{f' --url {url}' if url else ''}")
    if url is not None:
        parts = urlsplit(url)
        return Run(*asyncio.run(_play_all(parts.hostname or LOCAL, parts.port or 80, computers or [], matches, seed,
                                          progress)), command)
    with tempfile.TemporaryDirectory() as directory:
        server = game_server(f"sqlite:///{os.path.join(directory, 'hinted.db')}", 1).start()
        try:
            server.wait_ready()
            return Run(*asyncio.run(_play_all(LOCAL, server.port, computers or [], matches, seed, progress)),
                       command)
        finally:
            server.stop()


def wait_lines(waits: dict[str, list[float]]) -> list[str]:
    """How long the hints took to come, per computer: median, 99th percentile and slowest."""
    lines = []
    for computer, seconds in waits.items():
        if seconds:
            ranked = sorted(seconds)
            p99 = ranked[min(len(ranked) - 1, int(0.99 * len(ranked)))]
            lines.append(f"hints against {computer}: {len(ranked)}, median {1000 * ranked[len(ranked) // 2]:.1f} ms, "
                         f"p99 {1000 * p99:.1f} ms, slowest {1000 * ranked[-1]:.1f} ms (as the seat waited)")
    return lines
