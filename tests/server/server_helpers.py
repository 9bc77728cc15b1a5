"""Shared helpers of the server tests (named server_helpers, not helpers: tests/api has its own helpers.py, and
pytest imports both by their bare module name): legal moves as HTTP requests, a playing client, and log checks.

Everything here talks to the API only through HTTP (an ``httpx.Client`` pointed at a real server
process, or a ``TestClient``), exactly as the browser client does. Clients pointed at real servers should
be made with a generous timeout (``httpx.Client(base_url=url, timeout=60)``).
"""

from __future__ import annotations

import json
import queue
import random
import socket
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx

# The route of each action kind, and whether it carries a body.
ROUTES = {
    "take_upcard": "take-upcard",
    "pass": "pass",
    "draw": "draw",
    "discard": "discard",
    "knock": "knock",
    "big_gin": "big-gin",
    "next_hand": "next-hand",
}
PLAYING = ("first_upcard", "draw", "discard")


def action_request(action: dict[str, Any]) -> tuple[str, dict[str, Any] | None]:
    """The route (last path segment) and JSON body that ask for ``action`` (an entry of legal_actions)."""
    kind = action["kind"]
    path = ROUTES[kind]
    if kind == "draw":
        return path, {"source": action["source"]}
    if kind in ("discard", "knock"):
        return path, {"card": action["card"]}
    return path, None


def move_path(game_id: str, action: dict[str, Any]) -> tuple[str, dict[str, Any] | None]:
    path, body = action_request(action)
    return f"/api/games/{game_id}/{path}", body


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def etag(version: int) -> str:
    return f'"{version}"'


def new_key() -> str:
    return uuid.uuid4().hex


def post_move(client: httpx.Client, game_id: str, token: str, action: dict[str, Any], *,
              if_match: str | None = None, key: str | None = None) -> httpx.Response:
    """POST the move; ``if_match`` and ``key`` become the If-Match and Idempotency-Key headers."""
    url, body = move_path(game_id, action)
    headers = auth(token)
    if if_match is not None:
        headers["If-Match"] = if_match
    if key is not None:
        headers["Idempotency-Key"] = key
    if body is None:
        return client.post(url, headers=headers)
    return client.post(url, json=body, headers=headers)


def get_game(client: httpx.Client, game_id: str, token: str) -> httpx.Response:
    return client.get(f"/api/games/{game_id}", headers=auth(token))


def get_events(client: httpx.Client, game_id: str, token: str, since: int = 0) -> list[dict[str, Any]]:
    response = client.get(f"/api/games/{game_id}/events", params={"since": since}, headers=auth(token))
    assert response.status_code == 200, response.text
    events: list[dict[str, Any]] = response.json()["events"]
    return events


def create_game(client: httpx.Client, **body: Any) -> dict[str, Any]:
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    assert response.headers["ETag"] == etag(1)
    game: dict[str, Any] = response.json()
    assert game["version"] == 1 and game["seat_token"]
    return game


# --- choosing moves -------------------------------------------------------------------------------------

def choose(view: dict[str, Any], rng: random.Random, randomness: float = 0.2) -> dict[str, Any]:
    """A legal action for seat 0: mostly a greedy player (least deadwood, knock at the first chance, so
    hands end quickly), sometimes (``randomness``) any legal action."""
    legal: list[dict[str, Any]] = view["legal_actions"]
    assert legal, f"no legal action in phase {view['phase']}"
    if rng.random() < randomness:
        return rng.choice(legal)
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for action in legal:
        by_kind.setdefault(action["kind"], []).append(action)
    for kind in ("big_gin", "next_hand"):
        if kind in by_kind:
            return by_kind[kind][0]
    deadwood_after = {option["card"]: option["deadwood"] for option in view["discard_options"]}
    if "knock" in by_kind:
        return min(by_kind["knock"], key=lambda a: deadwood_after.get(a["card"], 99))
    if "discard" in by_kind:
        return min(by_kind["discard"], key=lambda a: (deadwood_after.get(a["card"], 99), rng.random()))
    if "take_upcard" in by_kind or "pass" in by_kind:
        return rng.choice(legal)
    for action in by_kind.get("draw", []):
        if action["source"] == "stock":
            return action
    return legal[0]


def other_legal(view: dict[str, Any], action: dict[str, Any]) -> list[dict[str, Any]]:
    """The legal actions other than ``action``."""
    return [a for a in view["legal_actions"] if a != action]


def an_illegal_action(view: dict[str, Any]) -> dict[str, Any]:
    """A well-formed move that is not legal now and cannot become legal after any one move (so it must
    get 409 whenever it arrives): Big Gin, where the rules do not play it."""
    assert not view["rules"]["big_gin"], "use rules without Big Gin"
    return {"kind": "big_gin", "seat": 0}


# --- playing --------------------------------------------------------------------------------------------

@dataclass
class Played:
    """A game played over HTTP: every acknowledged body in order, and the events they reported."""

    game_id: str
    token: str
    bodies: list[dict[str, Any]] = field(default_factory=list)

    @property
    def last(self) -> dict[str, Any]:
        return self.bodies[-1]

    @property
    def version(self) -> int:
        return int(self.last["version"])

    @property
    def view(self) -> dict[str, Any]:
        view: dict[str, Any] = self.last["view"]
        return view

    def reported_events(self) -> list[dict[str, Any]]:
        return [event for body in self.bodies for event in body["events"]]


def start(client: httpx.Client, **body: Any) -> Played:
    game = create_game(client, **body)
    return Played(game["game_id"], game["seat_token"], [game])


def step(client: httpx.Client, game: Played, rng: random.Random, *, key: str | None = None,
         if_match: str | None = None) -> httpx.Response:
    """Play one chosen move and check the answer follows the last one (version +1, matching ETag)."""
    action = choose(game.view, rng)
    response = post_move(client, game.game_id, game.token, action, key=key, if_match=if_match)
    assert response.status_code == 200, (action, response.text)
    body = response.json()
    assert body["version"] == game.version + 1, (game.version, body["version"])
    assert response.headers["ETag"] == etag(body["version"])
    assert "Idempotent-Replayed" not in response.headers
    game.bodies.append(body)
    return response


def play_until(client: httpx.Client, game: Played, rng: random.Random, phases: tuple[str, ...],
               max_moves: int = 400) -> None:
    """Play on until the view's phase is one of ``phases``."""
    for _ in range(max_moves):
        if game.view["phase"] in phases:
            return
        step(client, game, rng)
    raise AssertionError(f"still in {game.view['phase']} after {max_moves} moves")


# --- checking the event log -----------------------------------------------------------------------------

def comparable(event: dict[str, Any]) -> dict[str, Any]:
    """An event without the card of a private draw: it is hidden during its hand and shown afterwards,
    so the same event reads differently before and after the hand ends."""
    if event.get("private"):
        return {k: v for k, v in event.items() if k != "card"}
    return event


def check_log(log: list[dict[str, Any]], reported: list[dict[str, Any]]) -> None:
    """The stored event log is numbered 1, 2, 3, ... with no gap or repeat, and is exactly the events
    the acknowledged answers reported, in order (so no move was recorded twice or lost)."""
    seqs = [event["seq"] for event in log]
    assert seqs == list(range(1, len(log) + 1)), f"event log not contiguous: {seqs}"
    assert [comparable(e) for e in log] == [comparable(e) for e in reported]


def human_moves(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events of seat 0's own moves (not hand or match results)."""
    moves = ("took_upcard", "passed", "drew", "discarded", "knocked", "gin", "big_gin")
    return [e for e in log if e["seat"] == 0 and e["kind"] in moves]


# --- two seats over HTTP, and a stream read on a thread ----------------------------------------------------

Json = dict[str, Any]


def invited_game(url: str) -> tuple[str, list[str]]:
    """A new game with an invite, joined: its id and both seats' tokens."""
    created = httpx.post(url + "/api/games", json={"opponent": {"kind": "invite"}, "settings": {"target": 500}},
                         timeout=10).json()
    joined = httpx.post(f"{url}/api/games/{created['game_id']}/join", json={"code": created["invite"]["code"]},
                        timeout=10)
    assert joined.status_code == 200, joined.text
    return created["game_id"], [created["seat_token"], joined.json()["seat_token"]]


def move(url: str, game_id: str, tokens: list[str], rng: random.Random) -> Json:
    """One legal move by whichever seat is to act (no knocks, so that the hand goes on); its answer."""
    view = httpx.get(f"{url}/api/games/{game_id}", headers=auth(tokens[0]), timeout=10).json()["view"]
    seat = view["turn"] if view["turn"] is not None else 0
    mine = httpx.get(f"{url}/api/games/{game_id}", headers=auth(tokens[seat]), timeout=10).json()["view"]
    legal = [a for a in mine["legal_actions"] if a["kind"] not in ("knock", "big_gin")] or mine["legal_actions"]
    action = rng.choice(legal)
    path, body = move_path(game_id, action)
    response = httpx.post(url + path, json=body, headers=auth(tokens[seat]), timeout=10)
    assert response.status_code == 200, response.text
    answer: Json = response.json()
    return answer


def messages(response: httpx.Response) -> Iterator[tuple[str | None, str, Json]]:
    """(id, event name, data) of each message of an event stream; comments (keep-alives) are skipped."""
    ident: str | None = None
    name, data = "message", []
    for line in response.iter_lines():
        if not line:
            if data:
                yield ident, name, json.loads("\n".join(data))
            ident, name, data = None, "message", []
        elif not line.startswith(":"):
            field, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if field == "id":
                ident = value
            elif field == "event":
                name = value
            elif field == "data":
                data.append(value)


class Reader:
    """An open stream read on a thread, its messages queued with the time each arrived."""

    def __init__(self, url: str, game_id: str, token: str, last_event_id: str | None = None) -> None:
        headers = auth(token) | ({"Last-Event-ID": last_event_id} if last_event_id else {})
        self.client = httpx.Client(timeout=httpx.Timeout(10, read=60))
        self.request = self.client.build_request("GET", f"{url}/api/games/{game_id}/stream", headers=headers)
        self.response = self.client.send(self.request, stream=True)
        assert self.response.status_code == 200, self.response.read()
        assert self.response.headers["content-type"].startswith("text/event-stream")
        self.queue: queue.Queue[tuple[float, str | None, str, Json]] = queue.Queue()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for ident, name, data in messages(self.response):
                self.queue.put((time.monotonic(), ident, name, data))
        except (httpx.HTTPError, httpx.StreamError):  # hung up
            pass

    def next(self, timeout: float = 10) -> tuple[float, str | None, str, Json]:
        return self.queue.get(timeout=timeout)

    def close(self) -> None:
        """Hang up: the socket is shut down under the reading thread (closing the response alone would wait for
        that thread's read to end), so the server sees the stream's client go."""
        sock = self.response.extensions["network_stream"].get_extra_info("socket")
        sock.shutdown(socket.SHUT_RDWR)
        self.thread.join(10)
        assert not self.thread.is_alive()
        self.response.close()
        self.client.close()
