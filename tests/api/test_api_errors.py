"""Every refusal is problem+json with the right status and code, and leaves the game exactly as it was."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from helpers import Game, Json, action_request, assert_problem, bearer, greedy_action, wrong_phase_request

MAX_BODY = 16 * 1024
JSON = {"Content-Type": "application/json"}
TOO_BIG = b'{"card": "' + b"A" * MAX_BODY + b'"}'


@pytest.fixture
def game(client: TestClient) -> Iterator[Game]:
    """A game at seat 0's first decision; after the test it must still be just as it was left."""
    game, _ = Game.create(client, seed=4242)
    yield game
    game.assert_unchanged()


def to_discard_phase(game: Game, from_pile: bool = False) -> None:
    """Play on until seat 0 holds 11 cards and must discard (having just taken from the pile, if asked)."""
    rng = random.Random(0)
    while game.view["phase"] != "discard" or (from_pile and game.view["taken_card"] is None):
        assert game.view["phase"] != "match_over"
        take = [a for a in game.view["legal_actions"] if a["kind"] == "take_upcard" or a.get("source") == "discard"]
        game.play(take[0] if from_pile and take else greedy_action(game.view, rng))


def greedy_request(game: Game) -> tuple[str, Json | None]:
    return action_request(greedy_action(game.view, random.Random(2)))


def chunks(data: bytes, size: int = 1000) -> Iterator[bytes]:
    for start in range(0, len(data), size):
        yield data[start:start + size]


# --- 401 and 404 ---------------------------------------------------------------------------------------------

def each(cases: list[tuple[str, Callable[[], object]]]) -> None:
    """Run every case, then fail once naming all the cases that failed (so one failure hides no other)."""
    failed = {}
    for name, case in cases:
        try:
            case()
        except AssertionError as error:
            failed[name] = str(error).splitlines()[0][:300]
    assert not failed, failed


GAME_ROUTES = [("GET", "", None), ("GET", "/events", None), ("GET", "/hint", None), ("POST", "/pass", None),
               ("POST", "/draw", {"source": "stock"}), ("POST", "/discard", {"card": "7H"}),
               ("POST", "/next-hand", None)]


def test_unauthorised_answers_are_identical(client: TestClient, game: Game) -> None:
    """No token, a wrong token, another game's token and an unknown game id all get the same 401."""
    other, _ = Game.create(client)
    answers = []
    for method, path, body in GAME_ROUTES:
        for game_id, headers in [(game.id, {}), (game.id, bearer("wrong-token")), (game.id, bearer(other.token)),
                                 ("A" * 22, bearer(game.token)), ("A" * 22, {})]:
            response = client.request(method, f"/api/games/{game_id}{path}", json=body, headers=headers)
            answers.append(assert_problem(response, 401, "unauthorized"))
    assert all(answer == answers[0] for answer in answers), answers


def test_unknown_path(client: TestClient, game: Game) -> None:
    assert_problem(client.get("/api/nothing-here"), 404, "not_found")
    assert_problem(client.get(f"/api/games/{game.id}/nothing-here", headers=game.headers()), 404, "not_found")


def test_api_paths_are_not_taken_by_the_static_site(client: TestClient, game: Game) -> None:
    """A misspelt move route is not found (not a known resource refusing POST), and a move route asked with
    GET exists but refuses the method (it is not missing)."""
    assert_problem(client.post(f"/api/games/{game.id}/fly", headers=game.headers()), 404, "not_found")
    assert_problem(client.post("/api/nothing-here", json={}), 404, "not_found")
    assert_problem(client.get(f"/api/games/{game.id}/discard", headers=game.headers()), 405, "method_not_allowed")


def test_known_path_with_wrong_method(client: TestClient, game: Game) -> None:
    assert_problem(client.delete(f"/api/games/{game.id}", headers=game.headers()), 405, "method_not_allowed")
    assert_problem(client.put("/api/games", json={}), 405, "method_not_allowed")


# --- 409 -----------------------------------------------------------------------------------------------------

def test_illegal_move_is_refused_with_the_legal_actions(game: Game) -> None:
    for _ in range(3):  # at three different decisions
        route, body = wrong_phase_request(game.view)
        problem = assert_problem(game.post(route, body), 409, "wrong_phase")
        assert problem["legal_actions"] == game.view["legal_actions"]
        game.assert_unchanged()
        game.play(greedy_action(game.view, random.Random(1)))


@pytest.mark.parametrize(("route", "body", "code"), [
    ("discard", "not held", "card_not_in_hand"),
    ("knock", "not held", "card_not_in_hand"),
    ("discard", "taken", "cannot_discard_taken_card"),
    ("big-gin", None, "big_gin_not_allowed"),
    ("next-hand", None, "wrong_phase"),
])
def test_refused_discards_and_knocks(game: Game, route: str, body: str | None, code: str) -> None:
    to_discard_phase(game, from_pile=True)
    card = {"not held": next(c for c in ("AS", "KH", "5D", "9C") if c not in game.view["hand"]),
            "taken": game.view["taken_card"], None: None}[body]
    problem = assert_problem(game.post(route, {"card": card} if card else None), 409, code)
    assert problem["legal_actions"] == game.view["legal_actions"]


def test_knock_over_the_limit_is_refused(game: Game) -> None:
    to_discard_phase(game)
    too_high = [o["card"] for o in game.view["discard_options"] if o["deadwood"] > game.view["knock_limit"]]
    assert too_high, "this deal leaves every discard within the knock limit"
    assert_problem(game.post("knock", {"card": too_high[0]}), 409, "knock_over_limit")


# --- 412 -----------------------------------------------------------------------------------------------------

def test_if_match(game: Game) -> None:
    route, body = next((r, b) for r, b in [("pass", None), ("draw", {"source": "stock"})]
                       if any(a["kind"] == r for a in game.view["legal_actions"]))
    for stale in ('"0"', '"2"', "0", 'W/"7"', '"1x"'):
        problem = assert_problem(game.post(route, body, headers={"If-Match": stale}), 412, "stale_version")
        assert str(game.version) in problem["detail"]
        game.assert_unchanged()
    for matching in ('"{}"', 'W/"{}"', '"99", "{}"', "*"):
        response = game.post(*greedy_request(game), headers={"If-Match": matching.format(game.version)})
        assert response.status_code == 200, (matching, response.text)
        game.accept(response)


# --- 413 -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("streamed", [False, True], ids=["content-length", "chunked"])
def test_body_over_16_kib(client: TestClient, game: Game, streamed: bool) -> None:
    for url in (f"/api/games/{game.id}/discard", f"/api/games/{game.id}/pass", "/api/games"):
        content: Any = chunks(TOO_BIG) if streamed else TOO_BIG
        response = client.post(url, content=content, headers=game.headers(**JSON))
        assert_problem(response, 413, "body_too_large")
        assert response.request.headers.get("transfer-encoding") == ("chunked" if streamed else None)


def test_body_of_exactly_16_kib_is_read(client: TestClient, game: Game) -> None:
    body = b'{"card": "7H"}'.ljust(MAX_BODY, b" ")
    response = client.post(f"/api/games/{game.id}/discard", content=body, headers=game.headers(**JSON))
    assert response.status_code in (409, 200) and response.status_code != 413
    if response.status_code == 200:
        game.accept(response)


# --- 422 -----------------------------------------------------------------------------------------------------

MALFORMED: list[tuple[str | None, dict[str, Any], str]] = [
    (None, {"content": b'{"level": "easy"', "headers": JSON}, "validation_error"),
    (None, {"content": b"[1, 2]", "headers": JSON}, "validation_error"),
    (None, {"json": {"colour": "red"}}, "validation_error"),
    (None, {"json": {"settings": {"target": 50, "bonus": 1}}}, "validation_error"),
    (None, {"json": {"level": "grandmaster"}}, "validation_error"),
    (None, {"json": {"rules": "calypso"}}, "validation_error"),
    (None, {"json": {"seed": -1}}, "validation_error"),
    (None, {"json": {"seed": 1.5}}, "validation_error"),
    (None, {"json": {"seed": 2**128}}, "validation_error"),
    (None, {"json": {"settings": {"target": 0}}}, "validation_error"),
    (None, {"json": {"rules": "traditional", "settings": {"line_bonus": 10}}}, "invalid_rules"),
    ("discard", {"content": b'{"card": ', "headers": JSON}, "validation_error"),
    ("discard", {"json": {"card": "ZZ"}}, "invalid_card"),
    ("knock", {"json": {"card": "11H"}}, "invalid_card"),
    ("discard", {"json": {"card": "7H", "why": "x"}}, "validation_error"),
    ("discard", {"json": {}}, "validation_error"),
    ("discard", {"json": {"card": 7}}, "validation_error"),
    ("draw", {"json": {"source": "deck"}}, "validation_error"),
    ("draw", {"json": {"source": "stock", "count": 2}}, "validation_error"),
    ("draw", {"json": None}, "validation_error"),
    ("pass", {"json": {"really": True}}, "validation_error"),
    ("take-upcard", {"content": b"please", "headers": JSON}, "validation_error"),
    ("pass", {"content": b"[]", "headers": JSON}, "validation_error"),
    ("pass", {"content": b"0", "headers": JSON}, "validation_error"),
]


def test_malformed_requests(client: TestClient, game: Game) -> None:
    def case(route: str | None, kwargs: dict[str, Any], code: str) -> Callable[[], object]:
        url = f"/api/games/{game.id}/{route}" if route else "/api/games"
        headers = {**game.headers(), **kwargs.get("headers", {})}
        body = {k: v for k, v in kwargs.items() if k != "headers"}
        return lambda: assert_problem(client.post(url, headers=headers, **body), 422, code)

    each([(f"{route or 'create'} {kwargs}", case(route, kwargs, code)) for route, kwargs, code in MALFORMED])


def test_bad_since(game: Game) -> None:
    def case(since: str) -> Callable[[], object]:
        url = f"/api/games/{game.id}/events"
        return lambda: assert_problem(game.client.get(url, params={"since": since}, headers=game.headers()), 422,
                                      "validation_error")

    each([(since, case(since)) for since in ("-1", "x", str(2**31 + 1))])


def test_moves_without_a_body_take_an_empty_object(client: TestClient) -> None:
    def case(body: bytes) -> Callable[[], object]:
        def run() -> None:
            game, _ = Game.create(client, seed=4242)  # seat 0 is offered the upcard
            route = next(r for r, _ in map(action_request, game.view["legal_actions"]) if r in ("take-upcard", "pass"))
            response = client.post(f"/api/games/{game.id}/{route}", content=body, headers=game.headers(**JSON))
            assert response.status_code == 200, response.text
            game.accept(response)
        return run

    each([(repr(body), case(body)) for body in (b"", b"{}", b"{ }", b"{\n}\n", b"null")])


# --- idempotency ---------------------------------------------------------------------------------------------

def test_same_idempotency_key_replays_the_first_answer(game: Game) -> None:
    route, body = greedy_request(game)
    key = {"Idempotency-Key": "move-1"}
    first = game.post(route, body, headers=key)
    assert first.status_code == 200 and "idempotent-replayed" not in first.headers
    game.accept(first)
    again = game.post(route, body, headers=key)
    assert again.status_code == 200 and again.headers["idempotent-replayed"] == "true"
    assert again.json() == first.json() and again.headers["etag"] == first.headers["etag"]
    stale = game.post(route, body, headers={**key, "If-Match": '"1"'})
    assert stale.status_code == 200 and stale.json() == first.json()
    game.assert_unchanged()  # applied once: version + 1 only


def test_idempotency_key_reused_for_another_request(game: Game) -> None:
    to_discard_phase(game)
    hand = [c for c in game.view["hand"] if c != game.view["taken_card"]]
    key = {"Idempotency-Key": "k"}
    game.accept(game.post("discard", {"card": hand[0]}, headers=key))
    for route, body in [("discard", {"card": hand[1]}), ("knock", {"card": hand[0]}), ("pass", None)]:
        assert_problem(game.post(route, body, headers=key), 422, "idempotency_key_reused")
        game.assert_unchanged()


def test_refused_move_does_not_use_up_its_key(game: Game) -> None:
    key = {"Idempotency-Key": "retry-me"}
    route, body = wrong_phase_request(game.view)
    assert_problem(game.post(route, body, headers=key), 409)
    game.assert_unchanged()
    good = game.post(*greedy_request(game), headers=key)
    assert good.status_code == 200 and "idempotent-replayed" not in good.headers
    game.accept(good)


def test_idempotency_keys_belong_to_one_game(client: TestClient, game: Game) -> None:
    other, _ = Game.create(client, seed=4242)
    key = {"Idempotency-Key": "shared"}
    for each in (game, other):
        response = each.post(*greedy_request(each), headers=key)
        assert response.status_code == 200 and "idempotent-replayed" not in response.headers
        each.accept(response)
    other.assert_unchanged()


def test_body_limit_on_a_real_server(database_url: str, start_server: Any) -> None:
    """Through uvicorn and a socket: a declared and a chunked (generator) body over the limit both get 413."""
    server = start_server(database_url)
    with httpx.Client(base_url=server.url, timeout=30) as http:
        created = http.post("/api/games", json={"seed": 4242}).json()
        url, headers = f"/api/games/{created['game_id']}", {**bearer(created["seat_token"]), **JSON}
        for content in (TOO_BIG, chunks(TOO_BIG)):
            response = http.post(f"{url}/discard", content=content, headers=headers)
            assert_problem(response, 413, "body_too_large")
        assert response.request.headers["transfer-encoding"] == "chunked"
        again = http.get(url, headers=headers).json()
    assert again["version"] == 1 and again["view"] == created["view"]
