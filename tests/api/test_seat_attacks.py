"""Two seats under attack: what a stranger, the other seat and a flood can do with each route, header and
parameter, and the policies that answer them (who is charged, what is written before a refusal)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from helpers import Game, action_request, assert_problem, backdate, bearer, invited, to_act
from sqlalchemy import func, select

from ginrummy.api.app import create_app
from ginrummy.api.config import Settings
from ginrummy.store.tables import players
from open_limits import OPEN_LIMITS

SHORT = {"target": 10}


def app_with(database_url: str, **settings: Any) -> Any:
    return create_app(Settings(database_url=database_url, **{**OPEN_LIMITS, **settings}))  # type: ignore[arg-type]


def from_address(app: Any, address: str) -> TestClient:
    """A client of ``app`` whose requests come from ``address`` (rate limits count by it)."""
    return TestClient(app, client=(address, 40000))


@pytest.fixture
def limited(database_url: str) -> Iterator[Any]:
    """make(**settings): an in-process client of a fresh app with these settings (the others wide open)."""
    opened: list[TestClient] = []

    def make(**settings: Any) -> TestClient:
        client = TestClient(app_with(database_url, **settings))
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for client in opened:
        client.__exit__(None, None, None)


def player_rows(client: TestClient) -> int:
    store = client.app.state.store  # type: ignore[attr-defined]
    with store.engine.connect() as connection:
        return int(connection.execute(select(func.count()).select_from(players)).scalar_one())


def mover_and_waiting(first: Game, second: Game) -> tuple[Game, Game]:
    mover = to_act([first, second])
    assert mover is not None
    return mover, (second if mover is first else first)


# --- 1. numbers in headers and queries are plain ASCII ----------------------------------------------------

@pytest.mark.parametrize("value", [b"\xb2", b"\xb9\xb3", b"1_0", b" 7", b"-1", b"12345678901234567890"])
def test_a_last_event_id_that_is_not_plain_digits_is_a_422(client: TestClient, value: bytes) -> None:
    game, _ = Game.create(client)
    answer = client.get(f"/api/games/{game.id}/stream", headers={**game.headers(), "Last-Event-ID": value})
    assert_problem(answer, 422, "validation_error")


@pytest.mark.parametrize("query", ["since=²", "since=1_0", "since=%2012", "hand=١", "limit=１０", "wait=1e1"])
def test_a_query_number_that_is_not_plain_digits_is_a_422(client: TestClient, query: str) -> None:
    game, _ = Game.create(client)
    assert_problem(client.get(f"/api/games/{game.id}/events?{query}", headers=game.headers()), 422,
                   "validation_error")
    assert_problem(client.get(f"/api/games/{game.id}/hands/²", headers=game.headers()), 422, "validation_error")
    assert client.get(f"/api/games/{game.id}/events?since=0&wait=0.1", headers=game.headers()).status_code == 200


# --- 2. an Idempotency-Key belongs to its seat ------------------------------------------------------------

def test_both_seats_may_use_the_same_idempotency_keys(client: TestClient) -> None:
    first, second, _, _ = invited(client, settings=SHORT)
    counted = {0: 0, 1: 0}
    for _ in range(6):  # each seat's bot counts its own keys from 1, so both send "1", "2", ...
        mover, _waiting = mover_and_waiting(first, second)
        counted[mover.seat] += 1
        key = {"Idempotency-Key": str(counted[mover.seat])}
        route, body = action_request(next(a for a in mover.view["legal_actions"] if a["kind"] != "knock"))
        answer = client.post(f"/api/games/{mover.id}/{route}", json=body, headers=mover.headers(**key))
        assert answer.status_code == 200, answer.text
        assert "idempotent-replayed" not in answer.headers, "the other seat's key answered this seat's move"
        assert answer.json()["version"] == mover.version + 1
        again = client.post(f"/api/games/{mover.id}/{route}", json=body, headers=mover.headers(**key))
        assert again.headers.get("idempotent-replayed") == "true" and again.json()["version"] == mover.version + 1
    assert counted[0] >= 2 and counted[1] >= 2


# --- 3. a seed deals only a game against the computer -----------------------------------------------------

def test_a_seed_may_not_deal_a_game_with_another_person_and_nothing_is_written(client: TestClient) -> None:
    before = player_rows(client)
    refused = client.post("/api/games", json={"opponent": {"kind": "invite"}, "seed": 424242})
    assert_problem(refused, 422, "seed_with_a_person")
    assert player_rows(client) == before
    assert client.post("/api/games", json={"seed": 424242}).json()["view"]["practice"] is True


# --- 4 and 5. a rematch is a new game ---------------------------------------------------------------------

def test_rematches_count_against_the_limit_on_new_games(limited: Any) -> None:
    client = limited(rate_limit_create="3/minute")
    game, body = Game.create(client)
    player = bearer(body["player_token"])
    assert game.post("resign").status_code == 200
    answers = []
    for _ in range(4):
        answered = client.post(f"/api/games/{game.id}/rematch", headers=game.headers())
        answers.append(answered.status_code)
        if answered.status_code != 200:
            assert_problem(answered, 429, "too_many_games_created")
            break
        game.id = answered.json()["rematch"]["game_id"]
        assert client.post(f"/api/games/{game.id}/resign", headers=game.headers()).status_code == 200
    assert answers == [200, 200, 429]  # the create and two rematches: three new games in the minute
    assert_problem(client.post("/api/games", json={}, headers=player), 429, "too_many_games_created")


def test_rematches_and_joins_keep_to_the_cap_on_unfinished_games(limited: Any) -> None:
    client = limited(max_unfinished_games=2)
    finished, body = Game.create(client)
    player = bearer(body["player_token"])
    assert finished.post("resign").status_code == 200
    for _ in range(2):
        assert client.post("/api/games", json={}, headers=player).status_code == 201
    assert_problem(client.post(f"/api/games/{finished.id}/rematch", headers=finished.headers()), 429,
                   "too_many_unfinished_games")
    assert_problem(client.post("/api/games", json={}, headers=player), 429, "too_many_unfinished_games")
    # Joining counts too: this player already holds two unfinished games.
    other = client.post("/api/games", json={"opponent": {"kind": "invite"}}).json()
    joined = client.post(f"/api/games/{other['game_id']}/join", json={"code": other["invite"]["code"]},
                         headers=player)
    assert_problem(joined, 429, "too_many_unfinished_games")


# --- 6. a refused join writes nothing, and wrong codes are throttled ---------------------------------------

def test_a_refused_join_writes_nothing_and_wrong_codes_soon_meet_a_429(limited: Any) -> None:
    client = limited(rate_limit_bad_tokens="5/minute")
    created = client.post("/api/games", json={"opponent": {"kind": "invite"}}).json()
    before = player_rows(client)
    statuses = [client.post(f"/api/games/{created['game_id']}/join", json={"code": f"wrong-{n}"}).status_code
                for n in range(8)]
    assert statuses[:5] == [401] * 5 and set(statuses[5:]) == {429}, statuses
    assert player_rows(client) == before
    refused = client.post(f"/api/games/{created['game_id']}/join", json={"code": created["invite"]["code"]})
    assert_problem(refused, 429, "too_many_bad_tokens")  # even the right code, for a while, from that address


def test_the_creator_may_not_join_its_own_game(client: TestClient) -> None:
    created = client.post("/api/games", json={"opponent": {"kind": "invite"}}).json()
    joined = client.post(f"/api/games/{created['game_id']}/join", json={"code": created["invite"]["code"]},
                         headers=bearer(created["player_token"]))
    assert_problem(joined, 409, "own_game")
    stranger = client.post(f"/api/games/{created['game_id']}/join", json={"code": created["invite"]["code"]})
    assert stranger.status_code == 200, stranger.text  # the invite still works for someone else


# --- 7. a stranger cannot use up a seat's budget ------------------------------------------------------------

def test_a_flood_without_a_token_does_not_stall_the_player_to_move(database_url: str) -> None:
    app = app_with(database_url, rate_limit_moves="5/minute", rate_limit_bad_tokens="10/minute")
    with from_address(app, "10.0.0.1") as player, from_address(app, "10.0.0.2") as stranger:
        game, _ = Game.create(player)
        refused = [stranger.post(f"/api/games/{game.id}/draw", json={"source": "stock"}).status_code
                   for _ in range(30)]
        assert refused[0] == 401 and set(refused[-10:]) == {429}, refused  # its own address's budgets
        for _ in range(5):  # the seat's whole budget is still there
            action = game.view["legal_actions"][0]
            route, body = action_request(action)
            answer = player.post(f"/api/games/{game.id}/{route}", json=body, headers=game.headers())
            assert answer.status_code == 200, answer.text
            game.version, game.view = answer.json()["version"], answer.json()["view"]
            if game.view["phase"] not in ("first_upcard", "draw", "discard"):
                break


def test_each_seat_of_a_game_has_its_own_move_budget(database_url: str) -> None:
    app = app_with(database_url, rate_limit_moves="2/minute")
    with from_address(app, "10.0.0.3") as client:
        first, second, _, _ = invited(client, settings=SHORT)
    with from_address(app, "10.0.0.4") as one, from_address(app, "10.0.0.5") as other:
        first.client, second.client = one, other
        moved = {0: 0, 1: 0}
        for _ in range(4):
            mover, _waiting = mover_and_waiting(first, second)
            if moved[mover.seat] == 2:
                break
            route, body = action_request(next(a for a in mover.view["legal_actions"] if a["kind"] != "knock"))
            answer = mover.client.post(f"/api/games/{mover.id}/{route}", json=body, headers=mover.headers())
            assert answer.status_code == 200, answer.text
            moved[mover.seat] += 1
        assert moved == {0: 2, 1: 2}  # four moves in the game, two per seat: neither seat used the other's


# --- the turn clock runs only for a seat someone holds -----------------------------------------------------

def test_no_clock_runs_and_nothing_can_be_claimed_before_seat_1_is_taken(client: TestClient) -> None:
    for _ in range(40):  # a game whose seat 1 starts
        created = client.post("/api/games", json={"opponent": {"kind": "invite", "turn_seconds": 10}}).json()
        if created["view"]["turn"] == 1:
            break
    else:
        raise AssertionError("seat 1 never started in 40 deals")
    assert created["clock"] == {"turn_seconds": 10, "deadline": None}
    creator = Game(client, created["game_id"], created["seat_token"], 1, created["view"], 1)
    backdate(client, creator.id, 3600)
    assert creator.get().json()["clock"]["deadline"] is None
    assert_problem(creator.post("claim"), 409, "nothing_to_claim")
    joined = client.post(f"/api/games/{creator.id}/join", json={"code": created["invite"]["code"]}).json()
    assert joined["view"]["phase"] != "match_over" and joined["clock"]["deadline"] > time.time() + 5


# --- hints are limited -------------------------------------------------------------------------------------

def test_hints_are_limited_per_address(limited: Any) -> None:
    client = limited(rate_limit_hints="2/minute")
    game, _ = Game.create(client)
    answers = [client.get(f"/api/games/{game.id}/hint", headers=game.headers()) for _ in range(3)]
    assert [a.status_code for a in answers[:2]] == [200, 200]
    assert_problem(answers[2], 429, "too_many_hints")
    assert int(answers[2].headers["retry-after"]) >= 1



# --- 8. long polls held open are capped (streams: tests/server/test_serve.py) -------------------------------

def test_long_polls_held_open_are_capped_per_seat_and_given_back(limited: Any) -> None:
    client = limited(max_streams_per_seat=2)
    game, _ = Game.create(client)
    poll = f"/api/games/{game.id}/events?since={game.seq + 1000}&wait=4"  # nothing will come after that
    answers: list[int] = []
    held = [threading.Thread(target=lambda: answers.append(client.get(poll, headers=game.headers()).status_code))
            for _ in range(2)]
    for thread in held:
        thread.start()
    time.sleep(1.5)  # both are waiting now
    refused = client.get(poll.replace("wait=4", "wait=1"), headers=game.headers())
    problem = assert_problem(refused, 429, "too_many_streams")
    assert "2" in problem["detail"] and int(refused.headers["retry-after"]) >= 1
    for thread in held:
        thread.join(10)
    assert answers == [200, 200]
    assert client.get(poll.replace("wait=4", "wait=0.1"), headers=game.headers()).status_code == 200
