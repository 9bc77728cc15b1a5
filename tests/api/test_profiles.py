"""Handles, bot accounts, ratings moved by rated matches (checked against the rating library called directly), and
the leaderboards."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from helpers import assert_problem, bearer, player_token
from openskill.models import BradleyTerryFull

from ginrummy.api.schemas import LeaderboardResponse, ProfileResponse

Json = dict[str, Any]


def me(client: TestClient, token: str) -> Json:
    response = client.get("/api/players/me", headers=bearer(token))
    assert response.status_code == 200, response.text
    body: Json = response.json()
    ProfileResponse.model_validate(body)
    return body


def rename(client: TestClient, token: str, handle: str) -> Any:
    return client.patch("/api/players/me", json={"handle": handle}, headers=bearer(token))


def paired(client: TestClient, first: str, second: str, rated: bool = True) -> tuple[Json, Json]:
    """Two players paired by the queue: (seat 0's seek answer, seat 1's)."""
    a = client.post("/api/seeks", json={"rated": rated}, headers=bearer(first)).json()
    b = client.post("/api/seeks", json={"rated": rated}, headers=bearer(second)).json()
    a = client.get(f"/api/seeks/{a['seek_id']}", headers=bearer(first)).json()
    assert a["status"] == b["status"] == "matched", (a, b)
    return (a, b) if a["seat"] == 0 else (b, a)


def test_a_new_player_has_a_made_up_handle_and_a_provisional_rating(client: TestClient) -> None:
    ann = player_token(client)
    body = me(client, ann)
    assert len(body["handle"].split()) == 3 and body["is_bot"] is False and body["pool"] == "people"
    assert body["rating"] == {"rating": 1500, "deviation": 350, "matches": 0, "provisional": True}
    assert body["rank"] is None
    assert me(client, ann)["handle"] == body["handle"], "the made-up handle stays"
    assert_problem(client.get("/api/players/me"), 401, "unauthorized")
    assert_problem(client.get("/api/players/me", headers=bearer("nope")), 401, "unauthorized")


def test_handles_are_checked_and_unique_without_regard_to_case(client: TestClient) -> None:
    ann, bob = player_token(client), player_token(client)
    assert rename(client, ann, "Card Shark_7").json()["handle"] == "Card Shark_7"
    assert_problem(rename(client, bob, "card shark_7"), 409, "handle_taken")
    for bad, code in (("ab", "handle_length"), ("x" * 21, "handle_length"), (" lead", "handle_characters"),
                      ("two  spaces", "handle_characters"), ("héron", "handle_characters"),
                      ("Computer", "handle_reserved"), ("hal", "handle_reserved"), ("Co-m_puter", "handle_reserved"),
                      ("quinn", "handle_reserved"), ("shit head", "handle_blocked")):
        assert_problem(rename(client, bob, bad), 422, code)
    for body in ({}, {"handle": 5}, {"handle": "ok name", "x": 1}, []):
        assert_problem(client.patch("/api/players/me", json=body, headers=bearer(bob)), 422)
    assert me(client, bob)["handle"] != "card shark_7", "nothing refused was written"
    assert rename(client, ann, "card SHARK_7").status_code == 200, "a player may change the case of their own"


@pytest.mark.parametrize("database_url", ["postgresql", "sqlite"], indirect=True)
def test_two_players_racing_for_one_handle_one_gets_it(client: TestClient) -> None:
    tokens = [player_token(client) for _ in range(8)]
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda t: rename(client, t[1], "Racer" if t[0] % 2 else "RACER"), enumerate(tokens)))
    assert sorted(a.status_code for a in answers) == [200] + [409] * 7, [a.text for a in answers]


def test_a_rated_match_moves_both_ratings_by_the_librarys_amounts(client: TestClient) -> None:
    ann, bob = player_token(client), player_token(client)
    seat0, seat1 = paired(client, ann, bob)
    tokens = {seat0["seat_token"]: ann, seat1["seat_token"]: bob}
    # Seat 1 resigns: seat 0 wins the match.
    resigned = client.post(f"/api/games/{seat1['game_id']}/resign", headers=bearer(seat1["seat_token"]))
    assert resigned.status_code == 200, resigned.text
    model = BradleyTerryFull(mu=1500.0, sigma=350.0, beta=200.0, tau=1.0)
    [[won], [lost]] = model.rate([[model.rating()], [model.rating()]])
    winner, loser = me(client, tokens[seat0["seat_token"]]), me(client, tokens[seat1["seat_token"]])
    assert winner["rating"]["rating"] == round(won.mu) > 1500
    assert loser["rating"]["rating"] == round(lost.mu) < 1500
    assert winner["rating"]["deviation"] == round(won.sigma) < 350
    assert winner["rating"]["matches"] == loser["rating"]["matches"] == 1
    assert winner["rated_finished"] == loser["rated_finished"] == 1 and loser["rated_abandoned"] == 0
    # The match is over: nothing more moves the ratings.
    again = client.post(f"/api/games/{seat1['game_id']}/resign", headers=bearer(seat0["seat_token"]))
    assert again.status_code == 409
    assert me(client, tokens[seat0["seat_token"]])["rating"] == winner["rating"]
    # A rematch of it is casual, and still names the other player.
    for seat in (seat0, seat1):
        offered = client.post(f"/api/games/{seat['game_id']}/rematch", headers=bearer(seat["seat_token"]))
        assert offered.status_code == 200, offered.text
    rematch_id = offered.json()["rematch"]["game_id"]
    game = client.get(f"/api/games/{rematch_id}", headers=bearer(seat1["seat_token"])).json()
    assert game["opponent"]["rated"] is False and game["opponent"]["name"] == winner["handle"]


def test_a_casual_match_leaves_ratings_alone(client: TestClient) -> None:
    ann, bob = player_token(client), player_token(client)
    _, seat1 = paired(client, ann, bob, rated=False)
    game = client.get(f"/api/games/{seat1['game_id']}", headers=bearer(seat1["seat_token"])).json()
    assert game["opponent"]["rated"] is False
    client.post(f"/api/games/{seat1['game_id']}/resign", headers=bearer(seat1["seat_token"]))
    assert me(client, ann)["rating"]["matches"] == me(client, bob)["rating"]["matches"] == 0


def test_a_match_lost_on_the_clock_counts_as_abandoned(client: TestClient) -> None:
    from helpers import backdate

    ann, bob = player_token(client), player_token(client)
    seat0, seat1 = paired(client, ann, bob)
    view = client.get(f"/api/games/{seat0['game_id']}", headers=bearer(seat0["seat_token"])).json()["view"]
    waiter = seat1 if view["turn"] == 0 else seat0  # the seat not to move claims
    backdate(client, seat0["game_id"], 45 + 120 + 5)  # the turn and the whole reserve
    claimed = client.post(f"/api/games/{seat0['game_id']}/claim", headers=bearer(waiter["seat_token"]))
    assert claimed.status_code == 200, claimed.text
    abandoned = [me(client, t)["rated_abandoned"] for t in (ann, bob)]
    assert sorted(abandoned) == [0, 1]


def test_bot_accounts_are_for_good_and_paired_only_with_bots(client: TestClient) -> None:
    bot, person, other_bot = player_token(client), player_token(client), player_token(client)
    assert client.post("/api/players/me/bot", headers=bearer(bot)).json()["is_bot"] is True
    assert client.post("/api/players/me/bot", headers=bearer(bot)).status_code == 200, "again: still a bot"
    assert me(client, bot)["pool"] == "bots"
    first = client.post("/api/seeks", json={"rated": True}, headers=bearer(bot)).json()
    assert first["pool"] == "bots"
    assert client.post("/api/seeks", json={"rated": True}, headers=bearer(person)).json()["status"] == "waiting"
    assert client.get(f"/api/seeks/{first['seek_id']}", headers=bearer(bot)).json()["status"] == "waiting"
    client.post("/api/players/me/bot", headers=bearer(other_bot))
    assert client.post("/api/seeks", json={"rated": True}, headers=bearer(other_bot)).json()["status"] == "matched"
    assert client.get(f"/api/seeks/{first['seek_id']}", headers=bearer(bot)).json()["status"] == "matched"
    assert me(client, person)["pool"] == "people"


def test_a_player_with_rated_matches_among_people_cannot_become_a_bot(client: TestClient) -> None:
    ann, bob = player_token(client), player_token(client)
    _, seat1 = paired(client, ann, bob)
    client.post(f"/api/games/{seat1['game_id']}/resign", headers=bearer(seat1["seat_token"]))
    assert_problem(client.post("/api/players/me/bot", headers=bearer(ann)), 409, "played_as_person")
    assert me(client, ann)["is_bot"] is False


def test_the_leaderboard_lists_settled_ratings_only(client: TestClient) -> None:
    from ginrummy.service.seeks import SeekRules

    client.app.state.seeks.rules = SeekRules(window=5000)  # type: ignore[attr-defined]  # pair them however far apart
    client.app.state.profiles.provisional_above = 320  # type: ignore[attr-defined]  # settled sooner, to list them
    strong, weak = player_token(client), player_token(client)
    rename(client, strong, "Strong One")
    for _ in range(8):
        seat0, seat1 = paired(client, strong, weak)
        weak_seat = seat1 if _is(client, seat0, strong) else seat0
        client.post(f"/api/games/{weak_seat['game_id']}/resign", headers=bearer(weak_seat["seat_token"]))
    board = client.get("/api/leaderboard", params={"pool": "people", "limit": 10})
    assert board.status_code == 200 and "public" in board.headers["Cache-Control"]
    body = LeaderboardResponse.model_validate(board.json())
    assert [p.handle for p in body.players][:1] == ["Strong One"] and len(body.players) == 2
    assert me(client, strong)["rank"] == 1 and me(client, weak)["rank"] == 2
    assert all(not p.provisional and p.matches >= 5 for p in body.players)
    assert client.get("/api/leaderboard", params={"pool": "bots"}).json()["players"] == []
    for bad in ({"pool": "robots"}, {"limit": 0}, {"limit": 101}, {"limit": "1e3"}):
        assert_problem(client.get("/api/leaderboard", params=bad), 422)


def _is(client: TestClient, seek: Json, token: str) -> bool:
    """Whether the seek's seat is ``token``'s player's (its match is in that player's history at that seat)."""
    listed = client.get("/api/players/me/matches", headers=bearer(token)).json()["matches"]
    return any(m["game_id"] == seek["game_id"] and m["seat"] == seek["seat"] for m in listed)


def test_over_fifty_seeks_a_bot_never_meets_a_person(client: TestClient) -> None:
    from ginrummy.service.seeks import SeekRules

    client.app.state.seeks.rules = SeekRules(window=10_000)  # type: ignore[attr-defined]  # strength never keeps them apart
    rng = random.Random(3)
    kinds: dict[str, bool] = {}  # token -> is a bot
    opened: list[tuple[str, Json]] = []
    for number in range(50):
        token = player_token(client)
        bot = rng.random() < 0.5 if number > 1 else bool(number)
        if bot:
            assert client.post("/api/players/me/bot", headers=bearer(token)).status_code == 200
        kinds[token] = bot
        opened.append((token, client.post("/api/seeks", json={"rated": True}, headers=bearer(token)).json()))
    seats: dict[str, list[bool]] = {}
    for token, body in opened:
        final = client.get(f"/api/seeks/{body['seek_id']}", headers=bearer(token)).json()
        assert final["pool"] == ("bots" if kinds[token] else "people")
        if final["status"] == "matched":
            seats.setdefault(final["game_id"], []).append(kinds[token])
    assert seats and all(len(sides) == 2 and sides[0] == sides[1] for sides in seats.values()), seats
    assert any(sides[0] for sides in seats.values()) and any(not sides[0] for sides in seats.values())
    # Of each pool, at most one seek is left waiting: everyone else found someone of their own kind.
    left = [kinds[t] for t, b in opened if client.get(f"/api/seeks/{b['seek_id']}", headers=bearer(t)).json()["status"]
            != "matched"]
    assert left.count(True) <= 1 and left.count(False) <= 1, left
