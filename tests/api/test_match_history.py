"""A player's match history, by player token: the list of their matches (newest first, paged by cursor),
one match with its score sheet, and a finished hand's deal and events to review it. Nothing hidden is
shown, and nobody else's matches are."""

from __future__ import annotations

import base64
import random
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from helpers import (
    OVER,
    Game,
    Json,
    assert_problem,
    bearer,
    greedy_action,
    hidden_cards,
    play_hand,
    play_match,
    shown_cards,
    stored_state,
)
from sqlalchemy import update

from ginrummy.api.schemas import MatchDetailResponse, MatchHandResponse, MatchListResponse
from ginrummy.service import LEVEL_DESCRIPTIONS
from ginrummy.store.tables import games as games_table

MATCHES = "/api/players/me/matches"


# --- reading through the routes ------------------------------------------------------------------------------

def private(response: httpx.Response) -> Json:
    """A 200 answer of a match-history route: JSON, never cached."""
    assert response.status_code == 200, response.text
    assert response.headers["cache-control"] == "no-store"
    body: Json = response.json()
    return body


def match_list(client: TestClient, player: str, **params: Any) -> Json:
    body = private(client.get(MATCHES, params=params, headers=bearer(player)))
    MatchListResponse.model_validate(body)
    return body


def all_matches(client: TestClient, player: str, limit: int) -> list[Json]:
    """Walk every page of ``limit`` matches; each cursor is followed exactly once."""
    found: list[Json] = []
    cursor = None
    for _ in range(100):
        page = match_list(client, player, limit=limit, **({"cursor": cursor} if cursor else {}))
        assert len(page["matches"]) <= limit
        found.extend(page["matches"])
        cursor = page["next"]
        if cursor is None:
            return found
        assert page["matches"], "a page with a next cursor must list something"
    raise AssertionError("paging did not end")


def match_detail(client: TestClient, player: str, game_id: str) -> Json:
    body = private(client.get(f"{MATCHES}/{game_id}", headers=bearer(player)))
    MatchDetailResponse.model_validate(body)
    return body


def match_hand(client: TestClient, player: str, game_id: str, number: int) -> Json:
    body = private(client.get(f"{MATCHES}/{game_id}/hands/{number}", headers=bearer(player)))
    MatchHandResponse.model_validate(body)
    return body


def seat_view(game: Game) -> Json:
    response = game.get()
    assert response.status_code == 200, response.text
    view: Json = response.json()["view"]
    return view


def expected_summary(game: Game, level: str, preset: str | None) -> Json:
    """What the list must say of a match, from the game's own view as its seat sees it."""
    view = seat_view(game)
    return {"game_id": game.id, "level": level, "preset": preset, "rules": view["rules"],
            "status": "finished" if view["winner"] is not None else "active", "hands": len(view["history"]),
            "scores": view["scores"], "final_scores": view["final_scores"], "winner": view["winner"],
            "practice": view["practice"], "seat": game.seat, "daily": view["daily"]}


def summary_fields(match: Json) -> Json:
    return {k: v for k, v in match.items() if k not in ("started_at", "updated_at", "history", "games")}


def new_player(client: TestClient) -> str:
    """A player token, with no game (as the store would make it for a first game)."""
    token = f"player-{random.getrandbits(64):x}"
    client.app.state.store.create_player(f"p{random.getrandbits(64):x}", token)  # type: ignore[attr-defined]
    return token


def active_game_with_a_finished_hand(client: TestClient, player: str, rng: random.Random,
                                     **request: Any) -> tuple[Game, list[str]]:
    """A match whose first hand is over and whose current hand is being played (seat 0 to move), and the ids of
    the matches started before it that ended too soon to serve (the deals are random: now and then the first hand
    ends the match), oldest first."""
    passed_over: list[str] = []
    for _ in range(10):
        game, _ = Game.create(client, headers=bearer(player), **request)
        for _ in range(5):
            play_hand(game, rng, greedy_action)
            if game.view["phase"] == "match_over":
                break
            game.play(next(a for a in game.view["legal_actions"] if a["kind"] == "next_hand"))
            if game.view["phase"] not in OVER:
                return game, passed_over
        passed_over.append(game.id)
    raise AssertionError("no match with a hand in play after a finished one")


# --- the list --------------------------------------------------------------------------------------------------

def test_a_new_players_list_is_empty(client: TestClient) -> None:
    player = new_player(client)
    assert match_list(client, player) == {"matches": [], "next": None}
    Game.create(client)  # somebody else's match
    assert match_list(client, player) == {"matches": [], "next": None}


def test_matches_are_listed_newest_first_with_their_scores(client: TestClient) -> None:
    rng = random.Random(21)
    finished, created = Game.create(client, level="easy", settings={"target": 1})
    player = created["player_token"]
    play_match(finished, rng, greedy_action)
    active, passed_over = active_game_with_a_finished_hand(client, player, rng, rules="line-bonus")
    listed = match_list(client, player)
    assert listed["next"] is None
    assert [m["game_id"] for m in listed["matches"]] == [active.id, *reversed(passed_over), finished.id]
    newer, older = listed["matches"][0], listed["matches"][-1]
    assert summary_fields(older) == expected_summary(finished, "easy", None)
    assert summary_fields(newer) == expected_summary(active, "medium", "line-bonus")
    assert older["status"] == "finished" and older["winner"] in (0, 1) and older["hands"] >= 1
    assert newer["status"] == "active" and newer["winner"] is None and newer["hands"] >= 1
    assert older["rules"]["target"] == 1 and older["rules"]["name"] == "custom"
    assert newer["started_at"] >= older["started_at"] and newer["updated_at"] >= newer["started_at"]
    for match in listed["matches"]:
        assert match["started_at"].endswith("Z") and match["updated_at"].endswith("Z")
    # A plain preset keeps its name; a match started by the same player is listed first from now on.
    house, _ = Game.create(client, headers=bearer(player), seed=7)
    first = match_list(client, player)["matches"][0]
    assert summary_fields(first) == expected_summary(house, "medium", "house")


def test_paging_walks_every_match_exactly_once(client: TestClient) -> None:
    game, created = Game.create(client, seed=1)
    player = created["player_token"]
    ids = [game.id] + [Game.create(client, headers=bearer(player), seed=n)[0].id for n in range(2, 6)]
    everything = match_list(client, player, limit=100)
    assert everything["next"] is None and [m["game_id"] for m in everything["matches"]] == ids[::-1]
    assert match_list(client, player)["matches"] == everything["matches"]  # the default page holds 20
    for limit in (1, 2, 5):
        assert all_matches(client, player, limit) == everything["matches"], limit
    page = match_list(client, player, limit=5)
    assert len(page["matches"]) == 5 and page["next"] is None  # exactly a full page: nothing more
    # Matches started at the same instant are still listed once each, in a stable order (by id).
    with client.app.state.store.engine.begin() as connection:  # type: ignore[attr-defined]
        connection.execute(update(games_table).where(games_table.c.id.in_(ids)).values(created_at=1e9))
    tied = all_matches(client, player, 1)
    assert sorted(m["game_id"] for m in tied) == sorted(ids)
    assert tied == all_matches(client, player, 100) == all_matches(client, player, 3)
    assert all(datetime.fromisoformat(m["started_at"]) == datetime(2001, 9, 9, 1, 46, 40, tzinfo=UTC) for m in tied)


def test_bad_limit_and_cursor_are_refused(client: TestClient) -> None:
    _, created = Game.create(client)
    player = created["player_token"]
    for limit in ("0", "101", "-1", "x", "1.5", ""):
        assert_problem(client.get(MATCHES, params={"limit": limit}, headers=bearer(player)), 422,
                       "validation_error")
    junk = ["x", "!!!", "not a cursor", base64.urlsafe_b64encode(b'{"a": 1}').decode(),
            base64.urlsafe_b64encode(b'[1, 2]').decode(), base64.urlsafe_b64encode(b'["1", "id"]').decode(),
            base64.urlsafe_b64encode(b'[1e999, "id"]').decode(), base64.urlsafe_b64encode(b'[1, "a b"]').decode(),
            base64.urlsafe_b64encode(b"\xff\xfe").decode(), "é", "A" * 5000]
    for cursor in junk:
        assert_problem(client.get(MATCHES, params={"cursor": cursor}, headers=bearer(player)), 422,
                       "invalid_cursor")


def test_a_handed_out_cursor_is_opaque_and_reusable(client: TestClient) -> None:
    game, created = Game.create(client)
    player = created["player_token"]
    second, _ = Game.create(client, headers=bearer(player))
    first_page = match_list(client, player, limit=1)
    assert [m["game_id"] for m in first_page["matches"]] == [second.id]
    cursor = first_page["next"]
    assert isinstance(cursor, str) and game.id not in cursor and second.id not in cursor
    for _ in range(2):  # reading a page changes nothing
        page = match_list(client, player, limit=1, cursor=cursor)
        assert [m["game_id"] for m in page["matches"]] == [game.id] and page["next"] is None


# --- who may read ------------------------------------------------------------------------------------------

def test_only_the_player_sees_their_matches(client: TestClient) -> None:
    rng = random.Random(4)
    mine, created = Game.create(client, settings={"target": 1})
    player = created["player_token"]
    play_match(mine, rng, greedy_action)
    _, stranger_created = Game.create(client)
    stranger = stranger_created["player_token"]
    assert [m["game_id"] for m in match_list(client, player)["matches"]] == [mine.id]
    assert [m["game_id"] for m in match_list(client, stranger)["matches"]] == [stranger_created["game_id"]]
    unknown = "A" * 22
    for path in ("", "/hands/1"):
        theirs = assert_problem(client.get(f"{MATCHES}/{mine.id}{path}", headers=bearer(stranger)), 404,
                                "not_found")
        nobody = assert_problem(client.get(f"{MATCHES}/{unknown}{path}", headers=bearer(player)), 404, "not_found")
        assert theirs == nobody  # an id that exists elsewhere answers just like one that does not
    assert match_detail(client, player, mine.id)["game_id"] == mine.id
    assert match_hand(client, player, mine.id, 1)["game_id"] == mine.id


@pytest.mark.parametrize("path", ["", "/GAME", "/GAME/hands/1"])
def test_a_player_token_is_needed(client: TestClient, path: str) -> None:
    game, created = Game.create(client)
    url = MATCHES + path.replace("GAME", game.id)
    stats = assert_problem(client.get("/api/players/me/stats"), 401, "unauthorized")
    for headers in ({}, bearer("nobody"), bearer(game.token), {"Authorization": created["player_token"]}):
        assert assert_problem(client.get(url, headers=headers), 401, "unauthorized") == stats


def test_malformed_ids_and_hand_numbers_are_refused(client: TestClient) -> None:
    game, created = Game.create(client)
    player = bearer(created["player_token"])
    for path in ("/a.b", "/" + "a" * 65, f"/{game.id}/hands/0", f"/{game.id}/hands/10001", f"/{game.id}/hands/x"):
        assert_problem(client.get(MATCHES + path, headers=player), 422, "validation_error")


# --- one match and its hands ------------------------------------------------------------------------------------

def test_the_detail_holds_the_score_sheet_and_each_hand_can_be_reviewed(client: TestClient) -> None:
    rng = random.Random(8)
    game, created = Game.create(client, level="easy", rules="hollywood", settings={"target": 25})
    player = created["player_token"]
    play_match(game, rng, greedy_action)
    view = seat_view(game)
    detail = match_detail(client, player, game.id)
    assert detail["history"] == view["history"] and detail["games"] == view["games"] and detail["games"]
    assert summary_fields(detail) == expected_summary(game, "easy", None)
    listed = match_list(client, player)["matches"]
    assert [{k: v for k, v in detail.items() if k not in ("history", "games")}] == listed
    for number in range(1, len(view["history"]) + 1):
        hand = match_hand(client, player, game.id, number)
        deal = client.get(f"/api/games/{game.id}/hands/{number}", headers=game.headers())
        assert deal.status_code == 200, deal.text
        events = client.get(f"/api/games/{game.id}/events", params={"hand": number}, headers=game.headers())
        assert events.status_code == 200, events.text
        assert {k: v for k, v in hand.items() if k != "events"} == deal.json()
        assert hand["events"] == events.json()["events"] and hand["events"]
        assert all(e["hand"] == number for e in hand["events"]) and hand["events"][0]["kind"] == "hand_started"
        assert all("card" in e for e in hand["events"] if e["kind"] == "drew")  # the hand is over: all shown
    beyond = len(view["history"]) + 1
    assert_problem(client.get(f"{MATCHES}/{game.id}/hands/{beyond}", headers=bearer(player)), 409, "hand_not_over")


def test_an_unfinished_hand_is_not_shown_and_nothing_hidden_is(client: TestClient) -> None:
    rng = random.Random(13)
    _, created = Game.create(client, seed=3, settings={"target": 1})
    player = created["player_token"]
    game, _ = active_game_with_a_finished_hand(client, player, rng)
    checked = 0

    def nothing_hidden(game: Game, _response: httpx.Response) -> None:
        nonlocal checked
        state = stored_state(game.client, game.id)
        hidden = hidden_cards(state)
        current = state.hand.number
        refused = client.get(f"{MATCHES}/{game.id}/hands/{current}", headers=bearer(player))
        if hidden:
            assert_problem(refused, 409, "hand_not_over")
        answers = [match_list(client, player), match_detail(client, player, game.id), refused.json()]
        for number in range(1, current):
            hand = match_hand(client, player, game.id, number)
            answers.append({k: v for k, v in hand.items() if k != "deck"})  # an earlier deal names every card
        for answer in answers:
            leaked = shown_cards(answer, current) & hidden
            assert not leaked, f"hand {current}: the match history shows hidden {sorted(leaked)}"
        checked += bool(hidden)

    game.checks.append(nothing_hidden)
    assert game.view["hand_number"] >= 2 and game.view["phase"] not in OVER
    nothing_hidden(game, game.get())
    play_hand(game, rng, greedy_action)
    assert checked >= 2


# --- documentation ----------------------------------------------------------------------------------------------

def test_the_routes_are_documented_with_their_models(client: TestClient) -> None:
    document = client.get("/openapi.json").json()
    models = {MATCHES: "MatchListResponse", MATCHES + "/{game_id}": "MatchDetailResponse",
              MATCHES + "/{game_id}/hands/{number}": "MatchHandResponse"}
    problems = {MATCHES: {"401", "422"}, MATCHES + "/{game_id}": {"401", "404", "422"},
                MATCHES + "/{game_id}/hands/{number}": {"401", "404", "409", "422"}}
    for path, model in models.items():
        responses = document["paths"][path]["get"]["responses"]
        assert responses["200"]["content"]["application/json"]["schema"] == {"$ref": f"#/components/schemas/{model}"}
        assert problems[path] <= set(responses), path
        for status in problems[path]:
            assert "application/problem+json" in responses[status]["content"], (path, status)
        fields = document["components"]["schemas"][model]["properties"]
        assert all(f.get("description") for f in fields.values()), (model, fields)


def test_the_levels_are_described_in_plain_words(client: TestClient) -> None:
    assert client.get("/api/rules").json()["levels"] == LEVEL_DESCRIPTIONS == {
        "easy": "Easy: for learning the game. It melds, but misses chances and knocks late.",
        "medium": "Medium: a fair fight for a casual player.",
        "hard": "Hard: plays to win. It reads your discards, but never sees your cards.",
    }
