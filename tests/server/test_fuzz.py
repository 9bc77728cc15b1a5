"""Fuzzing the API from its own OpenAPI document (schemathesis), in process on SQLite.

Three layers:

* every operation with generated requests (mostly without a valid game or token): no 5xx, and every
  answer is documented and matches its documented schema;
* the same, but game routes get a real game id and seat token, and the game is moved on between examples
  so that the fuzzer meets every phase of a hand, the hand's end and the match's end;
* hand-written matches under several rule presets, where every answer (moves, views, event logs, stats,
  409 / 412 / 422 / 401 problems, idempotent replays) is validated against the document.
"""

from __future__ import annotations

import atexit
import random
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from server_helpers import an_illegal_action, auth, choose, etag, move_path, new_key

from ginrummy.api.app import create_app
from ginrummy.api.config import Settings
from open_limits import OPEN_LIMITS

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance,
          response_headers_conformance]
FUZZ_SETTINGS = settings(max_examples=20, deadline=None, derandomize=True, database=None,
                         suppress_health_check=list(HealthCheck))
IN_GAME_SETTINGS = settings(FUZZ_SETTINGS, max_examples=10)
MATCHES = "/api/players/me/matches"


def make_app(directory: Path) -> FastAPI:
    return create_app(Settings(database_url=f"sqlite:///{directory / 'fuzz.db'}", **OPEN_LIMITS))  # type: ignore[arg-type]


# One app for the generated tests, on a SQLite file in a temporary directory removed at the end.
# (``schemathesis.pytest.from_fixture`` would give each test its own app, but its lazy loader reads
# ``request.node._nodeid``, which pytest 9 no longer has.)
FUZZ_DIR = Path(tempfile.mkdtemp(prefix="ginrummy-fuzz-"))
atexit.register(shutil.rmtree, FUZZ_DIR, True)
FUZZ_APP = make_app(FUZZ_DIR)
schema = schemathesis.openapi.from_asgi("/openapi.json", FUZZ_APP)
# A game's open stream never ends, and the in-process transport reads a body to its end: inside a real game the
# stream is left to tests/server/test_stream.py, which reads it from a real server (without a valid token, as in
# the first layer, it is refused at once and fuzzed here).
in_game_schema = schema.exclude(path="/api/games/{game_id}/stream")
LONGEST_WAIT = 0.2
"""Inside a real game nobody else moves, so a long poll waits its whole ``wait``: it is kept short here."""


@pytest.fixture(scope="module", autouse=True)
def _close_fuzz_app() -> Iterator[None]:
    yield
    FUZZ_APP.state.store.close()
    shutil.rmtree(FUZZ_DIR, ignore_errors=True)


@pytest.mark.timeout(120)
@schema.parametrize()
@FUZZ_SETTINGS
def test_every_operation_answers_as_documented(case: Any) -> None:
    case.call_and_validate(checks=CHECKS)


# --- fuzzing inside a real game -------------------------------------------------------------------------

class LiveGame:
    """A real game on the app, moved on by a greedy player between fuzzed requests."""

    def __init__(self, client: TestClient, seed: int) -> None:
        self.client = client
        self.rng = random.Random(seed)
        self.games = 0
        self.phases: set[str] = set()
        self.new()

    def new(self) -> None:
        rules = ["house", "oklahoma", "big-gin", "hollywood"][self.games % 4]
        response = self.client.post("/api/games", json={"settings": {"target": 25}, "rules": rules})
        assert response.status_code == 201, response.text
        self.games += 1
        body = response.json()
        self.game_id, self.token = body["game_id"], body["seat_token"]

    def advance(self) -> None:
        view = self.client.get(f"/api/games/{self.game_id}", headers=auth(self.token)).json()["view"]
        self.phases.add(view["phase"])
        if view["phase"] == "match_over":
            self.new()
            return
        url, body = move_path(self.game_id, choose(view, self.rng))
        response = self.client.post(url, json=body, headers=auth(self.token))
        assert response.status_code == 200, response.text


@pytest.fixture(scope="module")
def live_game() -> Iterator[LiveGame]:
    with TestClient(FUZZ_APP) as client:
        yield LiveGame(client, seed=3)


@pytest.mark.timeout(180)
@in_game_schema.parametrize()
@IN_GAME_SETTINGS
def test_every_operation_inside_a_real_game(case: Any, live_game: LiveGame) -> None:
    if case.path_parameters is not None and "game_id" in case.path_parameters:
        case.path_parameters["game_id"] = live_game.game_id
    wait = (case.query or {}).get("wait")
    if isinstance(wait, int | float) and not isinstance(wait, bool) and wait > LONGEST_WAIT:
        case.query = {**case.query, "wait": LONGEST_WAIT}
    if case.operation.path.startswith("/api/games/{game_id}"):
        headers = dict(case.headers or {})
        headers["Authorization"] = f"Bearer {live_game.token}"
        case.headers = headers
    case.call_and_validate(checks=CHECKS)
    live_game.advance()


def test_the_real_game_reached_every_phase(live_game: LiveGame) -> None:
    """Runs after the fuzzing above (same module-scoped game): it went through whole matches."""
    if not live_game.phases:
        pytest.skip("the fuzzing inside a real game did not run")
    assert {"first_upcard", "draw", "discard", "hand_over", "match_over"} <= live_game.phases, live_game.phases
    assert live_game.games >= 2


# --- hand-written matches, every answer validated -------------------------------------------------------

class Validated:
    """A TestClient whose every answer must be documented (status and media type) and match the schema."""

    def __init__(self, client: TestClient, document: dict[str, Any], api: Any) -> None:
        self.client, self.document, self.api = client, document, api
        self.seen: set[tuple[str, str, int]] = set()

    def request(self, method: str, template: str, url: str, **kwargs: Any) -> Any:
        response = self.client.request(method, url, **kwargs)
        assert response.status_code < 500, response.text
        documented = self.document["paths"][template][method.lower()]["responses"]
        assert str(response.status_code) in documented, (method, url, response.status_code, response.text)
        content = documented[str(response.status_code)].get("content", {})
        media_type = response.headers["content-type"].split(";")[0]
        assert media_type in content, (method, url, response.status_code, media_type, list(content))
        self.api[template][method.upper()].validate_response(response)
        self.seen.add((method.upper(), template, response.status_code))
        return response

    def move(self, game: dict[str, Any], action: dict[str, Any], **headers: str) -> Any:
        url, body = move_path(game["game_id"], action)
        template = "/api/games/{game_id}/" + url.rsplit("/", 1)[1]
        kwargs: dict[str, Any] = {"headers": {**auth(game["seat_token"]), **headers}}
        if body is not None:
            kwargs["json"] = body
        return self.request("POST", template, url, **kwargs)


PRESETS: list[tuple[str, dict[str, Any]]] = [
    ("house", {"target": 30}),
    ("oklahoma-classic", {"target": 30}),
    ("big-gin", {"target": 30}),
    ("traditional", {"target": 30}),
    ("hollywood", {"target": 20}),
]


@pytest.mark.timeout(180)
def test_whole_matches_answer_as_documented(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    api = schemathesis.openapi.from_asgi("/openapi.json", app)
    with TestClient(app) as client:
        checked = Validated(client, app.openapi(), api)
        rng = random.Random(5)
        player_token = None
        for index, (rules, settings_) in enumerate(PRESETS):
            headers = auth(player_token) if player_token else {}
            level = ("easy", "medium", "hard")[index % 3]
            # Every other match is dealt from a chosen seed: a practice game, left out of the stats.
            seeded = {"seed": index} if index % 2 == 0 else {}
            created = checked.request("POST", "/api/games", "/api/games", headers=headers,
                                      json={"rules": rules, "settings": settings_, "level": level, **seeded})
            assert created.status_code == 201
            game = created.json()
            assert game["view"]["practice"] is bool(seeded)
            player_token = player_token or game["player_token"]
            view, version = game["view"], game["version"]
            for turn in range(1000):
                if view["phase"] == "match_over":
                    break
                game_url = f"/api/games/{game['game_id']}"
                if turn % 7 == 0:
                    stale = checked.move(game, choose(view, rng), **{"If-Match": etag(version - 1)})
                    assert stale.status_code == 412
                    illegal = checked.move(game, an_illegal_action(view)) if not view["rules"]["big_gin"] else None
                    assert illegal is None or illegal.status_code == 409
                if turn % 11 == 0:
                    read = checked.request("GET", "/api/games/{game_id}", game_url, headers=auth(game["seat_token"]))
                    assert read.json()["view"] == view
                    checked.request("GET", "/api/games/{game_id}/events", game_url + "/events",
                                    headers=auth(game["seat_token"]), params={"since": max(0, turn - 5)})
                key = new_key() if turn % 5 == 0 else None
                action = choose(view, rng)
                extra = {"Idempotency-Key": key} if key else {}
                response = checked.move(game, action, **extra, **{"If-Match": etag(version)})
                assert response.status_code == 200, response.text
                if key:
                    again = checked.move(game, action, **extra)
                    assert again.headers["Idempotent-Replayed"] == "true"
                    assert again.json() == response.json()
                    other = {"kind": "draw", "seat": 0, "source": "stock"} if action["kind"] != "draw" else \
                        {"kind": "pass", "seat": 0}
                    reused = checked.move(game, other, **extra)
                    assert reused.status_code == 422 and reused.json()["code"] == "idempotency_key_reused"
                view, version = response.json()["view"], response.json()["version"]
            assert view["phase"] == "match_over", rules
            assert view["winner"] in (0, 1)
            done = checked.move(game, {"kind": "next_hand", "seat": 0})
            assert done.status_code == 409
            checked.request("GET", "/api/games/{game_id}/events", f"/api/games/{game['game_id']}/events",
                            headers=auth(game["seat_token"]))
        stats = checked.request("GET", "/api/players/me/stats", "/api/players/me/stats", headers=auth(player_token))
        assert stats.json()["matches_played"] == len(PRESETS) // 2
        check_match_history(checked, player_token, len(PRESETS))
        # Problems, documented too.
        nobody = checked.request("GET", "/api/games/{game_id}", "/api/games/nope", headers=auth("wrong"))
        assert nobody.status_code == 401
        assert checked.request("GET", "/api/players/me/stats", "/api/players/me/stats").status_code == 401
        bad = checked.request("POST", "/api/games", "/api/games", json={"rules": "nonsense"})
        assert bad.status_code == 422
        big = checked.request("POST", "/api/games", "/api/games", content=b"{" + b" " * 20000 + b"}",
                              headers={"Content-Type": "application/json"})
        assert big.status_code == 413
        for path in ("/healthz", "/readyz", "/api/rules"):
            checked.request("GET", path, path)
    statuses = {status for _, _, status in checked.seen}
    assert {200, 201, 401, 404, 409, 412, 413, 422} <= statuses


def check_match_history(checked: Validated, player_token: str, matches: int) -> None:
    """The player's match history, every answer validated: the pages, each match and its first hand, and
    the problems (401, 404, 409, 422)."""
    listed, cursor = [], None
    while True:
        page = checked.request("GET", MATCHES, MATCHES, headers=auth(player_token),
                               params={"limit": 2, **({"cursor": cursor} if cursor else {})}).json()
        listed.extend(page["matches"])
        cursor = page["next"]
        if cursor is None:
            break
    assert len(listed) == matches and all(m["status"] == "finished" for m in listed)
    for match in listed:
        detail = checked.request("GET", MATCHES + "/{game_id}", f"{MATCHES}/{match['game_id']}",
                                 headers=auth(player_token))
        assert len(detail.json()["history"]) == match["hands"]
        checked.request("GET", MATCHES + "/{game_id}/hands/{number}", f"{MATCHES}/{match['game_id']}/hands/1",
                        headers=auth(player_token))
    beyond = checked.request("GET", MATCHES + "/{game_id}/hands/{number}",
                             f"{MATCHES}/{listed[0]['game_id']}/hands/{listed[0]['hands'] + 1}",
                             headers=auth(player_token))
    assert beyond.status_code == 409
    assert checked.request("GET", MATCHES + "/{game_id}", f"{MATCHES}/nope", headers=auth(player_token)
                           ).status_code == 404
    assert checked.request("GET", MATCHES, MATCHES).status_code == 401
    assert checked.request("GET", MATCHES, MATCHES, headers=auth(player_token),
                           params={"cursor": "nonsense"}).status_code == 422
