"""When a part fails: Redis stopped and started again under load, PostgreSQL restarted under load, SQLite out of
space. Real server processes; each test bounded in time. The service never answers 500 nor hangs, loses or
doubles no acknowledged move, and carries on by itself once the part is back."""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import subprocess
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import Reader, auth, choose, human_moves, invited_game, move_path

from services import throwaway_postgres, throwaway_redis

pytestmark = pytest.mark.timeout(240)


@dataclass
class Outcome:
    """What one request got: its status, problem code, Retry-After, and how long it took."""

    status: int
    code: str | None
    retry_after: str | None
    seconds: float
    at: float


@dataclass
class Player:
    """Plays seat 0 of a game against the computer through ``url`` until stopped: every move with an
    Idempotency-Key, sent again with the same key after a 503 (or a dropped connection) until it is answered."""

    url: str
    game_id: str = ""
    token: str = ""
    outcomes: list[Outcome] = field(default_factory=list)
    acknowledged: list[tuple[str, int, str]] = field(default_factory=list)
    """(key, version, action kind) of each move answered 200."""
    stopping: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        created = httpx.post(self.url + "/api/games", json={"level": "easy", "settings": {"target": 500}},
                             timeout=30)
        assert created.status_code == 201, created.text
        self.game_id, self.token = created.json()["game_id"], created.json()["seat_token"]
        self.view = created.json()["view"]
        self.thread = threading.Thread(target=self._play, daemon=True)

    def _send(self, client: httpx.Client, method: str, path: str, **options: Any) -> httpx.Response | None:
        started = time.monotonic()
        try:
            response = client.request(method, path, headers=options.pop("headers", {}) | auth(self.token),
                                      **options)
        except httpx.TransportError:
            self.outcomes.append(Outcome(0, "transport", None, time.monotonic() - started, time.time()))
            return None
        code = response.json().get("code") if response.headers.get("content-type", "").startswith(
            "application/problem+json") else None
        self.outcomes.append(Outcome(response.status_code, code, response.headers.get("retry-after"),
                                     time.monotonic() - started, time.time()))
        return response

    def _play(self) -> None:
        rng = random.Random(7)
        with httpx.Client(base_url=self.url, timeout=30) as client:
            while not self.stopping.is_set():
                if self.view["phase"] == "match_over":
                    return
                action = choose(self.view, rng)
                path, body = move_path(self.game_id, action)
                key = uuid.uuid4().hex
                for _ in range(200):  # the same request again until it is answered
                    response = self._send(client, "POST", path, json=body, headers={"Idempotency-Key": key})
                    if response is not None and response.status_code == 200:
                        self.acknowledged.append((key, response.json()["version"], action["kind"]))
                        self.view = response.json()["view"]
                        break
                    assert response is None or response.status_code == 503, response.text
                    time.sleep(0.2)
                else:
                    raise AssertionError("a move was never answered")

    def start(self) -> Player:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(60)
        assert not self.thread.is_alive()

    def moves_until(self, count: int, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while len(self.acknowledged) < count:
            assert time.monotonic() < deadline and self.thread.is_alive(), "the player stopped moving"
            time.sleep(0.05)

    def check_log(self) -> None:
        """Every acknowledged move is in the event log once: the versions answered are the game's versions in
        order, and seat 0's moves in the log are exactly as many as the moves acknowledged."""
        versions = [version for _, version, _ in self.acknowledged]
        assert versions == list(range(2, 2 + len(versions))), versions
        log: list[dict[str, Any]] = []
        while True:  # every page of the log
            page = httpx.get(f"{self.url}/api/games/{self.game_id}/events", headers=auth(self.token), timeout=30,
                             params={"since": log[-1]["seq"] if log else 0, "limit": 5000}).json()
            log += page["events"]
            if not page["has_more"]:
                break
        assert [e["seq"] for e in log] == list(range(1, len(log) + 1))
        played = [kind for _, _, kind in self.acknowledged if kind != "next_hand"]  # next_hand: hand_started
        assert len(human_moves(log)) == len(played)
        assert sum(e["kind"] == "hand_started" for e in log) == 1 + len(self.acknowledged) - len(played)
        final = httpx.get(f"{self.url}/api/games/{self.game_id}", headers=auth(self.token), timeout=30).json()
        assert final["version"] == versions[-1]


def ready_status(url: str) -> dict[str, Any]:
    answer = httpx.get(url + "/readyz", timeout=10)
    body: dict[str, Any] = answer.json()
    body["http_status"] = answer.status_code
    return body


def eventually(check: Callable[[], bool], seconds: float, what: Callable[[], str]) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"{what()} (not within {seconds} s)"
        time.sleep(0.2)


# ---- Redis ----

def test_redis_stopped_and_started_under_load_no_500_moves_go_on_and_the_stream_catches_up(
        sqlite_url: str, start_server: Callable[..., Any]) -> None:
    with throwaway_redis() as redis:
        shared = {"REDIS_URL": redis.url, "RATE_LIMIT_STORAGE_URL": redis.url, "LOG_LEVEL": "info"}
        first, second = start_server(sqlite_url, **shared), start_server(sqlite_url, **shared)
        game_id, tokens = invited_game(first.url)
        reader = Reader(second.url, game_id, tokens[1])  # seat 1 follows on the other process
        player = Player(first.url).start()  # and a game against the computer makes load meanwhile
        rng = random.Random(3)
        statuses: list[int] = []

        def move_in_the_two_seat_game() -> None:
            view = httpx.get(f"{first.url}/api/games/{game_id}", headers=auth(tokens[0]), timeout=30).json()["view"]
            seat = view["turn"] if view["turn"] is not None else 0
            mine = httpx.get(f"{first.url}/api/games/{game_id}", headers=auth(tokens[seat]), timeout=30).json()
            legal = [a for a in mine["view"]["legal_actions"] if a["kind"] not in ("knock", "big_gin")]
            path, body = move_path(game_id, rng.choice(legal or mine["view"]["legal_actions"]))
            statuses.append(httpx.post(first.url + path, json=body, headers=auth(tokens[seat]), timeout=30)
                            .status_code)

        for _ in range(5):
            move_in_the_two_seat_game()
        player.moves_until(10)
        redis.stop()
        before = len(player.acknowledged)
        for _ in range(10):
            move_in_the_two_seat_game()
        player.moves_until(before + 10, seconds=30)  # moves go on while Redis is away
        degraded = ready_status(first.url)
        assert degraded["http_status"] == 200 and degraded["status"] == "degraded", degraded
        assert any("Redis" in reason for reason in degraded["reasons"]), degraded
        redis.start()
        for _ in range(5):
            move_in_the_two_seat_game()
        eventually(lambda: ready_status(first.url)["status"] == "ready", 20,
                   lambda: f"ready again once Redis is back: {first.output()[-3000:]}")
        player.stop()
        assert statuses == [200] * 20, statuses
        assert {o.status for o in player.outcomes} == {200}, {(o.status, o.code) for o in player.outcomes}
        last = httpx.get(f"{first.url}/api/games/{game_id}/events", params={"since": 0, "limit": 5000},
                         headers=auth(tokens[1]), timeout=30).json()["events"][-1]["seq"]
        seen = 0
        deadline = time.monotonic() + 15
        while seen < last:  # the stream on the other process has every event, Redis or not
            _, ident, name, _ = reader.next(timeout=max(0.1, deadline - time.monotonic()))
            if name == "update":
                seen = int(ident or 0)
        reader.close()
        player.check_log()


# ---- PostgreSQL ----

def test_postgresql_restarted_under_load_answers_503_then_serves_again_losing_nothing(
        start_server: Callable[..., Any]) -> None:
    import sqlalchemy

    with throwaway_postgres() as postgres:
        admin = sqlalchemy.create_engine(postgres.url, isolation_level="AUTOCOMMIT")
        with admin.connect() as connection:
            connection.exec_driver_sql('CREATE DATABASE "games"')
        admin.dispose()
        server = start_server(postgres.url.rsplit("/", 1)[0] + "/games")
        player = Player(server.url).start()
        player.moves_until(15)
        postgres.stop()
        time.sleep(2)  # requests meanwhile: 503
        during = ready_status(server.url)
        assert during["http_status"] == 503 and during["code"] == "database_unavailable", during
        postgres.start()
        before = len(player.acknowledged)
        player.moves_until(before + 15, seconds=60)  # serving again by itself
        player.stop()
        refused = [o for o in player.outcomes if o.status != 200]
        assert refused, "the restart was not seen by any move"
        assert {(o.status, o.code) for o in refused} <= {(503, "database_unavailable"), (0, "transport")}, \
            {(o.status, o.code) for o in refused}
        assert all(o.retry_after is not None for o in refused if o.status == 503)
        assert max(o.seconds for o in player.outcomes) < 15, "a request hung while the database was away"
        player.check_log()


# ---- SQLite out of space ----

@contextlib.contextmanager
def small_disk(folder: Path) -> Iterator[Callable[[bool], None]]:
    """A folder on a 4 MB filesystem of its own (tmpfs; root only), and ``full(True/False)``, which fills it up
    with a file or removes that file."""
    folder.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(folder)], check=True)
    filler = folder / "filler"

    def full(yes: bool) -> None:
        if not yes:
            filler.unlink(missing_ok=True)
            return
        with contextlib.suppress(OSError), filler.open("ab", buffering=0) as out:  # until no room is left
            while True:
                out.write(b"\0" * 4096)

    try:
        yield full
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("mount") is None,
                    reason="mounting a small filesystem needs root")
def test_sqlite_out_of_space_answers_503_storage_full_writes_nothing_and_plays_on_once_there_is_room(
        tmp_path: Path, start_server: Callable[..., Any]) -> None:
    with small_disk(tmp_path / "disk") as full:
        server = start_server(f"sqlite:///{tmp_path / 'disk' / 'games.db'}")
        with httpx.Client(base_url=server.url, timeout=30) as client:
            created = client.post("/api/games", json={"level": "easy"}).json()
            game_id, token = created["game_id"], created["seat_token"]
            view, version = created["view"], created["version"]
            full(True)
            rng = random.Random(5)
            for _ in range(200):  # until the moves need room the disk no longer has
                path, body = move_path(game_id, choose(view, rng))
                answer = client.post(path, json=body, headers=auth(token) | {"Idempotency-Key": f"k{version}"})
                if answer.status_code == 503:
                    break
                assert answer.status_code == 200, answer.text
                view, version = answer.json()["view"], answer.json()["version"]
            else:
                raise AssertionError("200 moves found room on a full disk")
            problem = answer.json()
            assert answer.headers["content-type"].startswith("application/problem+json")
            assert problem["code"] == "storage_full" and int(answer.headers["retry-after"]) > 0, problem
            now = client.get(f"/api/games/{game_id}", headers=auth(token))
            assert now.status_code == 200 and now.json()["version"] == version  # nothing half-written
            full(False)
            again = client.post(path, json=body, headers=auth(token) | {"Idempotency-Key": f"k{version}"})
            assert again.status_code == 200, again.text
            assert again.json()["version"] == version + 1
            log = client.get(f"/api/games/{game_id}/events", params={"limit": 5000}, headers=auth(token)).json()
            assert [e["seq"] for e in log["events"]] == list(range(1, len(log["events"]) + 1))
