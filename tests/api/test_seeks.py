"""Play someone now: seeks paired by strength into a match between two seats, waited on by long poll, cancelled,
offered a computer by name when nobody comes; one waiting seek per player; pairing under a race."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from helpers import assert_problem, bearer, player_token

from ginrummy.ai.personas import PERSONAS, rating_of
from ginrummy.api.schemas import SeekResponse
from ginrummy.service.seeks import Standing

Json = dict[str, Any]


def seek(client: TestClient, token: str, rated: bool = True) -> Json:
    response = client.post("/api/seeks", json={"rated": rated}, headers=bearer(token))
    assert response.status_code == 201, response.text
    body: Json = response.json()
    SeekResponse.model_validate(body)
    assert response.headers["Cache-Control"] == "no-store"
    return body


def look(client: TestClient, token: str, seek_id: str, wait: float = 0) -> Json:
    response = client.get(f"/api/seeks/{seek_id}", params={"wait": wait} if wait else None, headers=bearer(token))
    assert response.status_code == 200, response.text
    body: Json = response.json()
    SeekResponse.model_validate(body)
    return body


def backdate_seek(client: TestClient, seek_id: str, seconds: float, *, asked: bool = False) -> None:
    """Make the seek ``seconds`` older (or, with ``asked``, last asked about that long ago)."""
    from sqlalchemy import update

    from ginrummy.store.seeks import seeks

    store = client.app.state.store  # type: ignore[attr-defined]
    column = seeks.c.updated_at if asked else seeks.c.created_at
    with store.engine.begin() as connection:
        connection.execute(update(seeks).where(seeks.c.id == seek_id).values({column: column - seconds}))


def ratings(client: TestClient, by_token: dict[str, float]) -> None:
    """Give players these ratings for pairing (by token)."""
    players = client.app.state.players  # type: ignore[attr-defined]
    by_id = {players.identify(token): rating for token, rating in by_token.items()}
    client.app.state.seeks.standing = lambda player_id: Standing(rating=by_id.get(player_id, 1500.0))  # type: ignore[attr-defined]


def test_two_seekers_are_paired_into_one_match_each_with_a_seat_of_their_own(client: TestClient) -> None:
    ann, bob = player_token(client), player_token(client)
    first = seek(client, ann)
    assert first["status"] == "waiting" and first["game_id"] is None and first["seat_token"] is None
    assert first["pool"] == "people" and first["rated"] is True
    second = seek(client, bob)
    assert second["status"] == "matched", second
    again = look(client, ann, first["seek_id"])
    assert again["status"] == "matched" and again["game_id"] == second["game_id"]
    assert {again["seat"], second["seat"]} == {0, 1} and again["seat_token"] != second["seat_token"]
    assert again["seat"] == 0, "the seek that waited longer takes seat 0"
    for body in (again, second):
        game = client.get(f"/api/games/{body['game_id']}", headers=bearer(body["seat_token"]))
        assert game.status_code == 200, game.text
        data = game.json()
        assert data["seat"] == body["seat"] and data["level"] is None
        assert data["opponent"]["kind"] == "person" and data["opponent"]["joined"] is True
        assert data["opponent"]["rated"] is True
        assert data["clock"]["turn_seconds"] == 45
        assert data["view"]["hand"] and len(data["view"]["hand"]) >= 10
    # Each is told whom they play, by handle and rating, in the seek's answer and the game's.
    handles = {token: client.get("/api/players/me", headers=bearer(token)).json()["handle"] for token in (ann, bob)}
    for body, other in ((again, bob), (second, ann)):
        assert body["opponent"]["handle"] == handles[other] and body["opponent"]["is_bot"] is False
        assert body["opponent"]["rating"] == {"rating": 1500, "deviation": 350, "matches": 0, "provisional": True}
        game = client.get(f"/api/games/{body['game_id']}", headers=bearer(body["seat_token"])).json()
        assert game["opponent"]["name"] == handles[other]
    assert first["opponent"] is None, "nobody to name while waiting"
    # A seat token plays only its own seat: ann's is not bob's.
    assert client.get(f"/api/games/{second['game_id']}", headers=bearer(again["seat_token"])).json()["seat"] == 0
    # Both matches show in each player's history.
    for token, body in ((ann, again), (bob, second)):
        listed = client.get("/api/players/me/matches", headers=bearer(token)).json()["matches"]
        assert body["game_id"] in [m["game_id"] for m in listed]


def test_one_waiting_seek_per_player_and_a_cancel_frees_the_player(client: TestClient) -> None:
    ann = player_token(client)
    first = seek(client, ann)
    refused = client.post("/api/seeks", json={"rated": True}, headers=bearer(ann))
    body = assert_problem(refused, 409, "seek_open")
    assert body["seek_id"] == first["seek_id"]
    cancelled = client.delete(f"/api/seeks/{first['seek_id']}", headers=bearer(ann))
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
    assert look(client, ann, first["seek_id"])["status"] == "cancelled"
    # A cancelled seek is never paired; a new one may be opened.
    bob = player_token(client)
    assert seek(client, bob)["status"] == "waiting"
    assert seek(client, ann)["status"] == "matched"


def test_a_seek_is_its_owners_alone_and_bad_requests_change_nothing(client: TestClient) -> None:
    ann, eve = player_token(client), player_token(client)
    mine = seek(client, ann)
    for method in ("GET", "DELETE"):
        assert_problem(client.request(method, f"/api/seeks/{mine['seek_id']}", headers=bearer(eve)), 404, "not_found")
        assert_problem(client.request(method, f"/api/seeks/{mine['seek_id']}"), 401, "unauthorized")
        assert_problem(client.request(method, "/api/seeks/no-such-seek", headers=bearer(ann)), 404, "not_found")
        assert_problem(client.request(method, "/api/seeks/bad%20id", headers=bearer(ann)), 422)
    assert_problem(client.post("/api/seeks", json={"rated": True}), 401, "unauthorized")
    assert_problem(client.post("/api/seeks", json={"rated": True}, headers=bearer("not-a-token")), 401)
    for bad in ({"rated": "yes"}, {"rated": True, "extra": 1}, [1], "x"):
        assert_problem(client.post("/api/seeks", json=bad, headers=bearer(eve)), 422)
    assert_problem(client.get(f"/api/seeks/{mine['seek_id']}", params={"wait": "31"}, headers=bearer(ann)), 422)
    assert_problem(client.get(f"/api/seeks/{mine['seek_id']}", params={"wait": "-1"}, headers=bearer(ann)), 422)
    # None of that opened a seek for eve, or touched ann's.
    assert look(client, ann, mine["seek_id"])["status"] == "waiting"
    assert seek(client, eve)["status"] == "matched"


def test_rated_and_casual_seeks_are_never_paired(client: TestClient) -> None:
    ann, bob, cat = player_token(client), player_token(client), player_token(client)
    rated = seek(client, ann, rated=True)
    assert seek(client, bob, rated=False)["status"] == "waiting"
    assert look(client, ann, rated["seek_id"])["status"] == "waiting"
    assert seek(client, cat, rated=False)["status"] == "matched"


def test_the_rating_gap_paired_across_widens_with_waiting(client: TestClient) -> None:
    ann, bob = player_token(client), player_token(client)
    ratings(client, {ann: 1500.0, bob: 1900.0})
    first = seek(client, ann)
    assert seek(client, bob)["status"] == "waiting", "400 apart: not at first (window 150)"
    backdate_seek(client, first["seek_id"], 20)  # 150 + 10/s x 20 s = 350: still too far
    assert look(client, ann, first["seek_id"])["status"] == "offer_computer"  # still waiting, a computer offered
    backdate_seek(client, first["seek_id"], 6)  # 26 s: 410
    assert look(client, ann, first["seek_id"])["status"] == "matched"


def test_the_closest_in_strength_is_paired_first(client: TestClient) -> None:
    far, near, me = player_token(client), player_token(client), player_token(client)
    ratings(client, {far: 1600.0, near: 1540.0, me: 1500.0})
    far_seek, near_seek = seek(client, far), seek(client, near)
    assert near_seek["status"] == "matched", "1600 and 1540 are within 150 of each other"
    assert look(client, far, far_seek["seek_id"])["status"] == "matched"
    assert seek(client, me)["status"] == "waiting"


def test_nobody_coming_offers_a_computer_by_name_of_similar_strength(client: TestClient) -> None:
    ann = player_token(client)
    ratings(client, {ann: 1700.0})
    mine = seek(client, ann)
    assert look(client, ann, mine["seek_id"])["offer"] is None
    backdate_seek(client, mine["seek_id"], 21)
    body = look(client, ann, mine["seek_id"])
    assert body["status"] == "offer_computer" and body["game_id"] is None
    rated = {p.id: rating_of(p.id) for p in PERSONAS}
    closest = min((p for p in PERSONAS if rated[p.id]), key=lambda p: abs(rated[p.id].rating - 1700))  # type: ignore[union-attr]
    assert body["offer"]["level"] == closest.id and body["offer"]["name"] == closest.name
    # The offer leaves the seek in the queue: someone who comes now is still paired with it.
    bob = player_token(client)
    ratings(client, {ann: 1700.0, bob: 1700.0})
    assert seek(client, bob)["status"] == "matched"
    assert look(client, ann, mine["seek_id"])["status"] == "matched"


def test_a_player_who_stopped_asking_is_not_paired(client: TestClient) -> None:
    ann, bob = player_token(client), player_token(client)
    gone = seek(client, ann)
    backdate_seek(client, gone["seek_id"], 120, asked=True)
    assert seek(client, bob)["status"] == "waiting"
    # Asking again brings the seek back: the two are paired.
    assert look(client, ann, gone["seek_id"])["status"] == "matched"


def test_a_long_poll_returns_once_the_seek_is_paired(client: TestClient) -> None:
    ann, bob = player_token(client), player_token(client)
    mine = seek(client, ann)
    answers: list[Json] = []
    waiter = threading.Thread(target=lambda: answers.append(look(client, ann, mine["seek_id"], wait=20)))
    started = time.monotonic()
    waiter.start()
    time.sleep(0.5)
    seek(client, bob)
    waiter.join(25)
    assert answers and answers[0]["status"] == "matched", answers
    assert time.monotonic() - started < 15


@pytest.mark.parametrize("database_url", ["postgresql", "sqlite"], indirect=True)
def test_seeks_racing_are_each_paired_once(client: TestClient) -> None:
    tokens = [player_token(client) for _ in range(12)]
    with ThreadPoolExecutor(6) as pool:
        opened = list(pool.map(lambda token: seek(client, token), tokens))
        for _ in range(3):  # the waiting ones ask again, as their long polls would
            pool.map(lambda pair: look(client, *pair),
                     [(t, s["seek_id"]) for t, s in zip(tokens, opened, strict=True)])
    final = [look(client, t, s["seek_id"]) for t, s in zip(tokens, opened, strict=True)]
    matched = [body for body in final if body["status"] == "matched"]
    assert len(matched) == 12, [body["status"] for body in final]
    seats: dict[str, set[int]] = {}
    for body in matched:
        assert body["seat"] not in seats.setdefault(body["game_id"], set())
        seats[body["game_id"]].add(body["seat"])
    assert all(taken == {0, 1} for taken in seats.values()) and len(seats) == 6


def test_a_paired_match_has_a_reserve_that_slow_moves_use_up_before_the_claim(client: TestClient) -> None:
    from helpers import backdate

    ann, bob = player_token(client), player_token(client)
    first = seek(client, ann)
    second = seek(client, bob)
    first = look(client, ann, first["seek_id"])
    by_seat = {body["seat"]: body for body in (first, second)}
    read = client.get(f"/api/games/{first['game_id']}", headers=bearer(by_seat[0]["seat_token"])).json()
    clock = read["clock"]
    assert clock["turn_seconds"] == 45 and clock["reserves"] == [120.0, 120.0]
    game_id, mover = read["game_id"], read["view"]["turn"]
    waiter = by_seat[1 - mover]
    # Past the turn's 45 s but within the reserve: no claim yet; the move made then uses up the 15 s over.
    backdate(client, game_id, 60)
    refused = client.post(f"/api/games/{game_id}/claim", headers=bearer(waiter["seat_token"]))
    assert_problem(refused, 409, "clock_running")
    view = client.get(f"/api/games/{game_id}", headers=bearer(by_seat[mover]["seat_token"])).json()["view"]
    action = next(a for a in view["legal_actions"] if a["kind"] in ("pass", "draw"))
    moved = client.post(f"/api/games/{game_id}/actions", json=action, headers=bearer(by_seat[mover]["seat_token"]))
    assert moved.status_code == 200, moved.text
    left = moved.json()["clock"]["reserves"]
    assert 104 <= left[mover] <= 105.5 and left[1 - mover] == 120.0, left
    # Whoever is to move now: once its turn and its whole reserve have run out, the other claims the match.
    now = client.get(f"/api/games/{game_id}", headers=bearer(waiter["seat_token"])).json()
    to_move = now["view"]["turn"]
    backdate(client, game_id, 45 + now["clock"]["reserves"][to_move] - 3)
    assert_problem(client.post(f"/api/games/{game_id}/claim", headers=bearer(by_seat[1 - to_move]["seat_token"])),
                   409, "clock_running")
    backdate(client, game_id, 6)
    claimed = client.post(f"/api/games/{game_id}/claim", headers=bearer(by_seat[1 - to_move]["seat_token"]))
    assert claimed.status_code == 200, claimed.text
    assert claimed.json()["view"]["winner"] == 1 - to_move
