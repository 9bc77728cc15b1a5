"""Two at one table: a game whose seat 1 is taken by invite, each seat played through the API with its own token,
seeing only its own cards, moving only as itself, and told of the other's moves by a long poll."""

from __future__ import annotations

import random
import threading
import time

import pytest
from fastapi.testclient import TestClient
from helpers import (
    OVER,
    Game,
    Json,
    action_request,
    assert_nothing_hidden_in,
    assert_nothing_hidden_shown,
    assert_problem,
    backdate,
    bearer,
    expected_stats,
    greedy_action,
    invited,
    random_action,
    refresh,
    stats_of,
    to_act,
)

from ginrummy.api.schemas import CreatedGameResponse, JoinedGameResponse

SHORT = {"target": 10}


def test_an_invited_seat_waits_for_its_player_and_the_invite_works_once(client: TestClient) -> None:
    created = client.post("/api/games", json={"opponent": {"kind": "invite"}, "settings": SHORT})
    assert created.status_code == 201, created.text
    body = created.json()
    CreatedGameResponse.model_validate(body)
    game_id, code = body["game_id"], body["invite"]["code"]
    assert body["level"] is None and body["seat"] == 0
    assert body["opponent"] == {"kind": "person", "joined": False, "connected": False}
    assert body["invite"]["path"] == f"/#/join/{game_id}/{code}" and code != body["seat_token"]
    # Nobody plays seat 1 yet: no computer moved, whoever starts.
    assert [e["kind"] for e in body["events"]] == ["hand_started"]
    view = body["view"]
    assert view["turn"] == view["starter"] and view["phase"] == "first_upcard"

    for wrong_id, wrong_code in ((game_id, code[:-1] + ("A" if code[-1] != "A" else "B")), ("no-such-game", code),
                                 (game_id, "")):
        refused = client.post(f"/api/games/{wrong_id}/join", json={"code": wrong_code})
        assert_problem(refused, 401 if wrong_code else 422, "invalid_invite" if wrong_code else "validation_error")
    computer_game = client.post("/api/games", json={}).json()
    assert computer_game["opponent"] == {"kind": "computer", "level": "medium"} and computer_game["invite"] is None
    assert_problem(client.post(f"/api/games/{computer_game['game_id']}/join", json={"code": code}), 401,
                   "invalid_invite")

    joined = client.post(f"/api/games/{game_id}/join", json={"code": code})
    assert joined.status_code == 200, joined.text
    seat1 = joined.json()
    JoinedGameResponse.model_validate(seat1)
    assert seat1["seat"] == 1 and seat1["view"]["seat"] == 1 and seat1["version"] == body["version"]
    assert seat1["opponent"] == {"kind": "person", "joined": True, "connected": False} and seat1["player_token"]
    assert len({seat1["seat_token"], body["seat_token"], code}) == 3
    assert set(seat1["view"]["hand"]).isdisjoint(view["hand"])

    again = client.post(f"/api/games/{game_id}/join", json={"code": code})
    assert_problem(again, 409, "seat_taken")
    # The refused join changed nothing: seat 1's token still plays, and seat 0 now sees its opponent joined.
    assert client.get(f"/api/games/{game_id}", headers=bearer(seat1["seat_token"])).json()["seat"] == 1
    seat0_now = client.get(f"/api/games/{game_id}", headers=bearer(body["seat_token"])).json()
    assert seat0_now["opponent"] == {"kind": "person", "joined": True, "connected": False}
    assert seat0_now["version"] == body["version"]


def test_each_seat_moves_only_as_itself(client: TestClient) -> None:
    first, second, _, _ = invited(client, settings=SHORT)
    seats = [first, second]
    rng = random.Random(2)
    for _ in range(12):  # a few turns each way: the waiting seat is refused every time, and nothing changes
        mover = to_act(seats)
        assert mover is not None
        waiting = seats[1 - mover.seat]
        action = random_action(mover.view, rng, knock_probability=0.0)
        if action["kind"] == "next_hand":
            break
        route, payload = action_request(action)
        before = waiting.snapshot()
        assert_problem(waiting.post(route, payload), 409, "not_your_turn")
        assert waiting.snapshot() == before
        assert_problem(client.post(f"/api/games/{first.id}/{route}", json=payload, headers=bearer("not-a-token")),
                       401, "unauthorized")
        response = mover.post(route, payload)
        assert response.status_code == 200, response.text
        assert response.json()["version"] == before[0] + 1


def test_two_programs_play_whole_matches_each_seeing_only_its_own_cards(client: TestClient) -> None:
    """Every answer to either seat, and every message its stream would be sent, is scanned for the cards that
    seat may not know; each player's stats count its own seat's hands."""
    rng = random.Random(7)
    finals: list[Json] = []
    tokens: list[str | None] = [None, None]
    matches = 6 if client.app.state.store.is_sqlite else 3  # type: ignore[attr-defined]
    for _ in range(matches):
        created = client.post("/api/games", json={"opponent": {"kind": "invite"}, "settings": SHORT},
                              headers=bearer(tokens[0]) if tokens[0] else None).json()
        tokens[0] = tokens[0] or created["player_token"]
        joined = client.post(f"/api/games/{created['game_id']}/join", json={"code": created["invite"]["code"]},
                             headers=bearer(tokens[1]) if tokens[1] else None).json()
        tokens[1] = tokens[1] or joined["player_token"]
        checks = [assert_nothing_hidden_shown]
        seats = [Game(client, created["game_id"], created["seat_token"], 1, created["view"], 1, list(checks)),
                 Game(client, created["game_id"], joined["seat_token"], 1, joined["view"], 1, list(checks), seat=1)]
        streamed = [0, 0]
        for _ in range(1000):
            mover = to_act(seats)
            if mover is None:
                break
            mover.play(greedy_action(mover.view, rng))
            for game in seats:  # what each seat's open stream would be sent now, checked like any answer
                message = client.app.state.reading.update_since(game.id, game.token, streamed[game.seat])  # type: ignore[attr-defined]
                assert message is not None and message["seat"] == game.seat
                assert_nothing_hidden_in(game, message, f"seat {game.seat}'s stream")
                streamed[game.seat] = message["events"][-1]["seq"]
        else:
            raise AssertionError("the match did not end")
        assert seats[0].view["winner"] == seats[1].view["winner"] is not None
        assert seats[0].view["history"] == seats[1].view["history"]
        finals.append(seats[0].view)
    for seat, token in enumerate(tokens):
        assert token is not None
        stats = stats_of(client, token)
        expected = expected_stats(finals, seat)
        assert {k: stats[k] for k in expected} == expected
    assert expected_stats(finals, 0)["points_won"] == expected_stats(finals, 1)["points_lost"]


def test_a_long_poll_answers_as_soon_as_the_other_seat_moves(client: TestClient) -> None:
    first, second, _, _ = invited(client, settings=SHORT)
    mover = to_act([first, second])
    assert mover is not None
    waiting = second if mover is first else first
    since = waiting.seq

    started = time.monotonic()
    quiet = client.get(f"/api/games/{first.id}/events", params={"since": since, "wait": 0.6},
                       headers=bearer(waiting.token))
    assert quiet.status_code == 200 and quiet.json()["events"] == []
    assert time.monotonic() - started >= 0.5

    answer: dict[str, object] = {}

    def poll() -> None:
        began = time.monotonic()
        response = client.get(f"/api/games/{first.id}/events", params={"since": since, "wait": 20},
                              headers=bearer(waiting.token))
        answer["body"], answer["seconds"] = response.json(), time.monotonic() - began

    thread = threading.Thread(target=poll)
    thread.start()
    time.sleep(0.3)
    action = random_action(mover.view, random.Random(1), knock_probability=0.0)
    mover.play(action)
    thread.join(25)
    body = answer["body"]
    assert isinstance(body, dict)
    assert [e["seq"] for e in body["events"]] == list(range(since + 1, mover.seq + 1))
    assert isinstance(answer["seconds"], float) and answer["seconds"] < 5, answer["seconds"]
    assert body["events"][0]["seat"] == mover.seat


@pytest.mark.parametrize("kind", ["computer", "invite"])
def test_the_opponent_is_chosen_by_kind(client: TestClient, kind: str) -> None:
    opponent: Json = {"kind": kind} | ({"level": "easy"} if kind == "computer" else {})
    created = client.post("/api/games", json={"opponent": opponent, "level": "hard"})
    assert created.status_code == 201, created.text
    body = created.json()
    assert body["level"] == ("easy" if kind == "computer" else None)
    assert_problem(client.post("/api/games", json={"opponent": {"kind": "robot"}}), 422, "validation_error")
    assert_problem(client.post("/api/games", json={"opponent": {"kind": "computer", "level": "godlike"}}), 422,
                   "validation_error")
    assert body["view"]["phase"] not in OVER or kind == "computer"


def test_a_player_may_resign_and_the_other_wins_the_match(client: TestClient) -> None:
    first, second, created, _ = invited(client, settings=SHORT)
    assert created["clock"] is None
    response = second.post("resign")
    assert response.status_code == 200, response.text
    body = response.json()
    assert [(e["kind"], e["seat"]) for e in body["events"]] == [("resigned", 1), ("match_ended", 0)]
    assert body["view"]["phase"] == "match_over" and body["view"]["winner"] == 0
    seen_by_winner = first.get().json()["view"]
    assert seen_by_winner["winner"] == 0 and seen_by_winner["legal_actions"] == []
    assert_problem(first.post("resign"), 409, "match_over")
    assert_problem(second.post("next-hand"), 409, "match_over")
    # Against the computer too: the person gives up, the computer wins.
    computer, _ = Game.create(client, seed=3)
    lost = computer.post("resign").json()
    assert lost["view"]["winner"] == 1 and lost["events"][-1]["kind"] == "match_ended"


def test_the_waiting_player_may_claim_the_match_once_the_turn_clock_runs_out(client: TestClient) -> None:
    created = client.post("/api/games", json={"opponent": {"kind": "invite", "turn_seconds": 60},
                                              "settings": SHORT})
    assert created.status_code == 201, created.text
    body = created.json()
    joined = client.post(f"/api/games/{body['game_id']}/join", json={"code": body["invite"]["code"]}).json()
    seats = [Game(client, body["game_id"], body["seat_token"], 1, body["view"], 1),
             Game(client, body["game_id"], joined["seat_token"], 1, joined["view"], 1, seat=1)]
    clock = seats[0].get().json()["clock"]
    assert clock["turn_seconds"] == 60 and clock["deadline"] > time.time() + 50
    to_move = seats[body["view"]["turn"]]
    waiting = seats[1 - to_move.seat]
    assert_problem(to_move.post("claim"), 409, "nothing_to_claim")
    early = assert_problem(waiting.post("claim"), 409, "clock_running")
    assert 50 < early["seconds_left"] <= 60
    backdate(client, waiting.id, 61)
    assert seats[0].get().json()["clock"]["deadline"] < time.time()
    claimed = waiting.post("claim")
    assert claimed.status_code == 200, claimed.text
    won = claimed.json()
    assert [(e["kind"], e["seat"]) for e in won["events"]] == [("resigned", to_move.seat),
                                                               ("match_ended", waiting.seat)]
    assert won["view"]["winner"] == waiting.seat and won["clock"]["deadline"] is None
    assert to_move.get().json()["view"]["winner"] == waiting.seat
    assert_problem(waiting.post("claim"), 409, "nothing_to_claim")
    # A game without a clock has nothing to claim, and a clock is at least 10 seconds.
    plain, _, _, _ = invited(client, settings=SHORT)
    assert_problem(plain.post("claim"), 409, "no_turn_clock")
    assert_problem(client.post("/api/games", json={"opponent": {"kind": "invite", "turn_seconds": 3}}), 422,
                   "validation_error")


def test_a_rematch_is_offered_by_one_seat_and_dealt_when_the_other_asks_too(client: TestClient) -> None:
    first, second, _, _ = invited(client, settings=SHORT)
    assert_problem(first.post("rematch"), 409, "match_not_over")
    assert second.post("resign").status_code == 200
    offered = first.post("rematch")
    assert offered.status_code == 200, offered.text
    assert offered.json()["rematch"] == {"offered_by": 0, "game_id": None}
    assert first.post("rematch").json()["rematch"] == {"offered_by": 0, "game_id": None}  # asking again: the same
    assert refresh(second)["rematch"] == {"offered_by": 0, "game_id": None}
    assert client.app.state.reading.follow(first.id, second.token, second.seq)[2] == {  # type: ignore[attr-defined]
        "offered_by": 0, "game_id": None}
    taken = second.post("rematch")
    assert taken.status_code == 200, taken.text
    rematch = taken.json()["rematch"]
    assert rematch["offered_by"] == 0 and rematch["game_id"] not in (None, first.id)
    assert refresh(first)["rematch"] == rematch and second.post("rematch").json()["rematch"] == rematch
    # The same tokens play the new match, each in its seat, and the old one is as it was.
    new_first = client.get(f"/api/games/{rematch['game_id']}", headers=bearer(first.token)).json()
    new_second = client.get(f"/api/games/{rematch['game_id']}", headers=bearer(second.token)).json()
    assert (new_first["seat"], new_second["seat"]) == (0, 1) and new_first["rematch"] is None
    assert new_first["view"]["phase"] == "first_upcard" and new_first["view"]["scores"] == [0, 0]
    assert new_first["view"]["rules"] == first.view["rules"]
    assert new_first["opponent"]["joined"] is True and new_first["level"] is None
    assert set(new_first["view"]["hand"]).isdisjoint(new_second["view"]["hand"])
    assert refresh(first)["view"]["winner"] == 0


def test_a_rematch_needs_an_opponent_and_against_the_computer_is_dealt_at_once(client: TestClient) -> None:
    created = client.post("/api/games", json={"opponent": {"kind": "invite"}, "settings": SHORT}).json()
    alone = Game(client, created["game_id"], created["seat_token"], 1, created["view"], 1)
    assert alone.post("resign").status_code == 200
    assert_problem(alone.post("rematch"), 409, "no_opponent")
    assert alone.get().json()["rematch"] is None
    computer, _ = Game.create(client, seed=3, level="easy")
    assert computer.post("resign").status_code == 200
    again = computer.post("rematch").json()["rematch"]
    assert again["offered_by"] == 0 and again["game_id"]
    new = client.get(f"/api/games/{again['game_id']}", headers=bearer(computer.token)).json()
    assert new["level"] == "easy" and new["seat"] == 0 and new["view"]["winner"] is None
    assert_problem(client.post(f"/api/games/{again['game_id']}/rematch", headers=bearer("not-a-token")), 401,
                   "unauthorized")


def test_the_joining_players_match_history_lists_the_match_from_its_seat(client: TestClient) -> None:
    created = client.post("/api/games", json={"opponent": {"kind": "invite"}, "settings": SHORT}).json()
    joined = client.post(f"/api/games/{created['game_id']}/join", json={"code": created["invite"]["code"]}).json()
    second = Game(client, created["game_id"], joined["seat_token"], 1, joined["view"], 1, seat=1)
    assert second.post("resign").status_code == 200
    for token, seat in ((created["player_token"], 0), (joined["player_token"], 1)):
        listed = client.get("/api/players/me/matches", headers=bearer(token)).json()["matches"]
        assert [(m["game_id"], m["seat"], m["winner"]) for m in listed] == [(created["game_id"], seat, 0)]
        detail = client.get(f"/api/players/me/matches/{created['game_id']}", headers=bearer(token)).json()
        assert detail["seat"] == seat and detail["level"] is None
