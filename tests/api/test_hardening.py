"""Facing the open internet: hostile bodies and numbers, strict types, the answer to an error nobody foresaw, rate
limits (in one process and shared through Redis), caching, host names, metrics, the API documentation."""

from __future__ import annotations

import gc
import io
import json
import logging
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from helpers import Game, action_request, api_client, assert_problem, bearer

from ginrummy.api.app import create_app
from ginrummy.api.config import Settings
from ginrummy.api.observability import JsonFormatter

MOVES = ("take-upcard", "pass", "draw", "discard", "knock", "big-gin", "next-hand")
SECURITY = ("x-content-type-options", "referrer-policy", "x-frame-options", "content-security-policy")


def deep_list(levels: int) -> bytes:
    return b"[" * levels + b"]" * levels


def deep_object(levels: int) -> bytes:
    return b'{"a":' * levels + b"1" + b"}" * levels


@pytest.fixture
def game(client: TestClient) -> Game:
    created, _ = Game.create(client, seed=4242)
    return created


# --- bodies and numbers

@pytest.mark.parametrize("body", [deep_list(8000), deep_object(2500)], ids=["list-8000", "object-2500"])
def test_deeply_nested_json_is_a_422_on_every_route(client: TestClient, game: Game, body: bytes) -> None:
    before = game.client.get(f"/api/games/{game.id}", headers=game.headers()).json()
    for route in (*MOVES, None):
        url = f"/api/games/{game.id}/{route}" if route else "/api/games"
        response = client.post(url, content=body, headers=game.headers(**{"Content-Type": "application/json"}))
        assert_problem(response, 422, "validation_error")
    assert game.client.get(f"/api/games/{game.id}", headers=game.headers()).json() == before


def test_deeply_nested_json_keeps_the_connection_open(sqlite_url: str, start_server: Any) -> None:
    server = start_server(sqlite_url)
    with httpx.Client(base_url=server.url, timeout=30, limits=httpx.Limits(max_connections=1)) as http:
        created = http.post("/api/games", json={"seed": 4242}).json()
        headers = {**bearer(created["seat_token"]), "Content-Type": "application/json"}
        for route in ("pass", "discard"):
            response = http.post(f"/api/games/{created['game_id']}/{route}", content=deep_list(8000),
                                 headers=headers)
            assert response.status_code == 422, response.text
            assert response.headers.get("connection", "").lower() != "close"
        assert http.get("/healthz").status_code == 200


def test_numbers_past_the_databases_integers_are_refused(game: Game) -> None:
    for since in ("2147483648", "9999999999999"):
        response = game.client.get(f"/api/games/{game.id}/events", params={"since": since}, headers=game.headers())
        assert_problem(response, 422, "validation_error")
    response = game.client.get(f"/api/games/{game.id}/events", params={"since": 2**31 - 1}, headers=game.headers())
    assert response.status_code == 200 and response.json()["events"] == []


@pytest.mark.parametrize(("body", "field"), [
    ({"seed": "12"}, "seed"), ({"seed": True}, "seed"), ({"seed": 1.0}, "seed"),
    ({"settings": {"target": "50"}}, "settings.target"), ({"settings": {"big_gin": "yes"}}, "settings.big_gin"),
    ({"settings": {"oklahoma": 1}}, "settings.oklahoma"), ({"level": 1}, "level"),
    ({"settings": {"hollywood_games": "5"}}, "settings.hollywood_games"),
])
def test_wrong_types_are_refused_not_coerced(client: TestClient, body: dict[str, Any], field: str) -> None:
    problem = assert_problem(client.post("/api/games", json=body), 422, "validation_error")
    assert any(error["where"] == f"body.{field}" for error in problem["errors"]), problem
    assert field in problem["detail"]


def test_wrong_types_in_moves_are_refused(game: Game) -> None:
    for route, body in (("draw", {"source": 1}), ("discard", {"card": ["7H"]}), ("knock", {"card": 7})):
        assert_problem(game.post(route, body), 422, "validation_error")
        game.assert_unchanged()


# --- the answer to an error nobody foresaw

def test_an_unforeseen_error_is_a_500_with_the_request_id_and_the_security_headers(
        database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = io.StringIO()
    handler = logging.StreamHandler(lines)
    handler.setFormatter(JsonFormatter())
    with api_client(database_url) as client:
        logging.getLogger("ginrummy").addHandler(handler)
        try:
            game, _ = Game.create(client)

            def broken(*_: Any) -> Any:
                raise RuntimeError("a bug")

            monkeypatch.setattr(client.app.state.reading, "view", broken)  # type: ignore[attr-defined]
            response = client.get(f"/api/games/{game.id}", headers={**game.headers(), "X-Request-ID": "trace-500"})
        finally:
            logging.getLogger("ginrummy").removeHandler(handler)
    assert_problem(response, 500, "internal_error")
    assert response.headers["x-request-id"] == "trace-500"
    assert all(name in response.headers for name in SECURITY), response.headers
    logged = [json.loads(line) for line in lines.getvalue().splitlines()]
    error = next(entry for entry in logged if entry["level"] == "error")
    assert error["request_id"] == "trace-500" and "a bug" in error["error"]
    access = next(entry for entry in logged if entry.get("status") == 500)
    assert access["request_id"] == "trace-500"


# --- caching and host names

def test_every_answer_for_one_player_is_never_cached(game: Game) -> None:
    client = game.client
    player = client.post("/api/games", json={}).json()["player_token"]
    answers = [
        game.get(), client.get(f"/api/games/{game.id}/events", headers=game.headers()), game.hint(),
        client.get(f"/api/games/{game.id}/events", params={"hand": 1}, headers=game.headers()),
        client.get("/api/players/me/stats", headers=bearer(player)),
        client.get("/api/players/me/matches", headers=bearer(player)),
    ]
    route, body = action_request(game.view["legal_actions"][0])
    answers.append(game.post(route, body))
    for response in answers:
        assert response.status_code == 200, response.text
        assert response.headers["cache-control"] == "no-store", response.request.url


def test_only_the_allowed_host_names_are_answered(sqlite_url: str) -> None:
    app = create_app(Settings(database_url=sqlite_url, allowed_hosts=["gin.example.org"]))
    with TestClient(app, base_url="http://gin.example.org") as client:
        assert client.get("/healthz").status_code == 200
        refused = client.get("/healthz", headers={"Host": "attacker.example"})
        assert refused.status_code == 400


# --- rate limits

def limited_client(database_url: str, **limits: Any) -> TestClient:
    return TestClient(create_app(Settings(database_url=database_url, **limits)))


def test_creating_games_is_limited_per_address_with_retry_after(database_url: str) -> None:
    with limited_client(database_url, rate_limit_create="3/minute") as client:
        for _ in range(3):
            assert client.post("/api/games", json={}).status_code == 201
        refused = client.post("/api/games", json={})
        problem = assert_problem(refused, 429, "too_many_games_created")
        assert 1 <= int(refused.headers["retry-after"]) <= 60
        assert "3 per 1 minute" in problem["detail"]


def test_moves_are_limited_per_game(database_url: str) -> None:
    with limited_client(database_url, rate_limit_moves="2/minute") as client:
        game, _ = Game.create(client, seed=4242)
        statuses = []
        for _ in range(4):
            route = "pass" if any(a["kind"] == "pass" for a in game.view["legal_actions"]) else "draw"
            response = game.post(route, {"source": "stock"} if route == "draw" else None)
            statuses.append(response.status_code)
            if response.status_code == 200:
                game.accept(response)
        assert statuses[:2] == [200, 200] and statuses[2:] == [429, 429], statuses
        game.assert_unchanged()


def test_guessing_tokens_is_cut_short(database_url: str) -> None:
    with limited_client(database_url, rate_limit_bad_tokens="3/minute") as client:
        game, _ = Game.create(client)
        for _ in range(3):
            assert_problem(client.get(f"/api/games/{game.id}", headers=bearer("wrong")), 401, "unauthorized")
        refused = client.get(f"/api/games/{game.id}", headers=game.headers())  # even the right token, for a while
        assert_problem(refused, 429, "too_many_bad_tokens")
        assert int(refused.headers["retry-after"]) >= 1


def test_two_processes_share_one_redis_counter(postgres_url: str, redis_url: str, start_server: Any) -> None:
    limits = {"RATE_LIMIT_STORAGE_URL": redis_url, "RATE_LIMIT_CREATE": "4/minute"}
    first = start_server(postgres_url, **limits)
    second = start_server(postgres_url, **limits)
    answers = []
    for i in range(6):
        server = (first, second)[i % 2]
        answers.append(httpx.post(f"{server.url}/api/games", json={}, timeout=30).status_code)
    assert answers == [201, 201, 201, 201, 429, 429], answers


# --- metrics and documentation

def test_metrics_count_requests_moves_games_and_the_computer(database_url: str) -> None:
    with limited_client(database_url, metrics_enabled=True) as client:
        game, _ = Game.create(client, seed=4242)  # seat 0 is offered the upcard: passing lets the computer move
        route = "pass"
        game.accept(game.post(route))
        client.post("/api/games", json={"seed": "x"})
        text = client.get("/metrics").text
    def value(line_start: str) -> float:
        """The value of the first sample whose line starts so (the registry is the process's: counts add up)."""
        line = next(line for line in text.splitlines() if line.startswith(line_start))
        return float(line.rsplit(" ", 1)[1])

    assert value('ginrummy_requests_total{method="POST",route="/api/games",status="201"}') >= 1
    assert value('ginrummy_requests_total{method="POST",route="/api/games",status="422"}') >= 1
    assert value(f'ginrummy_requests_total{{method="POST",route="/api/games/{{game_id}}/{route}",status="200"}}') >= 1
    assert value("ginrummy_moves_total{") >= 1 and value("ginrummy_games_created_total") >= 1
    assert value('ginrummy_computer_decision_seconds_count{level="medium"}') >= 1
    assert value("ginrummy_database_connections_in_use") >= 0
    assert value('ginrummy_request_seconds_bucket{le="0.005",method="POST",route="/api/games"}') >= 0


def test_metrics_and_docs_follow_their_settings(sqlite_url: str) -> None:
    with TestClient(create_app(Settings(database_url=sqlite_url))) as client:
        assert client.get("/metrics").status_code == 404
        page = client.get("/docs")
        assert page.status_code == 200 and "swagger-ui-bundle.js" in page.text and "<script>" not in page.text
        assert "content-security-policy" in page.headers
        assert client.get("/docs/assets/swagger-ui-bundle.js").status_code == 200
        assert client.get("/redoc").status_code == 404
    with TestClient(create_app(Settings(database_url=sqlite_url, docs_enabled=False))) as client:
        assert client.get("/docs").status_code == 404
        assert client.get("/openapi.json").status_code == 404  # the setting covers the schema the page reads


def test_every_field_of_the_view_and_the_events_is_described(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    schemas = document["components"]["schemas"]
    undescribed = []
    seen: set[str] = set()

    def walk(name: str) -> None:
        if name in seen:
            return
        seen.add(name)
        for field, spec in schemas[name].get("properties", {}).items():
            if not (spec.get("description") or spec.get("$ref")):
                undescribed.append(f"{name}.{field}")
            for ref in _refs(spec):
                walk(ref)

    for root in ("GameResponse", "EventsResponse", "MatchHandResponse"):
        walk(root)
    assert {"ViewModel", "EventModel", "ActionModel", "HandResultModel"} <= seen
    assert not undescribed, undescribed
    assert "FIRST upcard" in schemas["ViewModel"]["properties"]["upcard"]["description"]


def _refs(spec: Any) -> Iterator[str]:
    if isinstance(spec, dict):
        for key, value in spec.items():
            if key == "$ref":
                yield value.rsplit("/", 1)[-1]
            else:
                yield from _refs(value)
    elif isinstance(spec, list):
        for item in spec:
            yield from _refs(item)


def test_unique_request_ids_are_returned(client: TestClient) -> None:
    ids = {client.get("/healthz").headers["x-request-id"] for _ in range(5)}
    assert len(ids) == 5
    given = str(uuid.uuid4())
    assert client.get("/healthz", headers={"X-Request-ID": given}).headers["x-request-id"] == given


def test_with_the_rate_limit_redis_away_requests_are_counted_here_and_readiness_says_degraded(
        sqlite_url: str) -> None:
    """A Redis that nobody answers at: no 500 anywhere, the limits still hold (counted in this process), and
    /readyz and /metrics say the service runs degraded, and why."""
    away = "redis://127.0.0.1:1/0"
    with limited_client(sqlite_url, rate_limit_storage_url=away, rate_limit_create="3/minute",
                        metrics_enabled=True) as client:
        game, _ = Game.create(client)
        assert game.get().status_code == 200
        assert client.get(f"/api/games/{game.id}/events", headers=game.headers()).status_code == 200
        assert client.post("/api/games", json={}).status_code == 201
        assert client.post("/api/games", json={}).status_code == 201
        assert_problem(client.post("/api/games", json={}), 429, "too_many_games_created")
        assert_problem(client.get(f"/api/games/{game.id}", headers=bearer("wrong")), 401, "unauthorized")
        ready = client.get("/readyz")
        assert ready.status_code == 200 and ready.json()["status"] == "degraded", ready.text
        assert any("rate limits" in reason for reason in ready.json()["reasons"])
        assert 'ginrummy_degraded{part="Redis for rate limits"} 1.0' in client.get("/metrics").text


def test_what_the_server_holds_once_started_is_kept_out_of_full_collections(sqlite_url: str) -> None:
    with TestClient(create_app(Settings(database_url=sqlite_url, auto_migrate=True))) as client:
        assert client.get("/healthz").status_code == 200
        assert gc.get_freeze_count() > 10_000  # the modules, their functions and classes, the app
