"""The JSON API's happy paths: creating games, reading them, every move route, the event log, the rules,
health checks and the player's stats."""

from __future__ import annotations

import itertools
import random

import pytest
from fastapi.testclient import TestClient
from helpers import (
    GAME_ID,
    OVER,
    ROUTES,
    Game,
    Json,
    action_request,
    assert_problem,
    bearer,
    expected_stats,
    greedy_action,
    play_match,
    stats_of,
)

from ginrummy.api.schemas import RulesResponse
from ginrummy.engine import PRESETS, Event, Phase, knock_limit_for, new_game
from ginrummy.service import play_computer
from ginrummy.service import table as games_service

SHORT = {"target": 10}
ALL_MOVES = {"take-upcard", "pass", "draw stock", "draw discard", "discard", "knock", "next-hand"}


def move_name(action: Json) -> str:
    route, _ = action_request(action)
    return f"{route} {action['source']}" if action["kind"] == "draw" else route


# --- creating and reading -----------------------------------------------------------------------------------

def test_create_returns_ids_tokens_and_view(client: TestClient) -> None:
    _, body = Game.create(client)
    _, other = Game.create(client)
    for created in (body, other):
        assert GAME_ID.match(created["game_id"])
        assert GAME_ID.match(created["seat_token"]) and len(created["seat_token"]) > len(created["game_id"])
        assert GAME_ID.match(created["player_token"]) and len(created["player_token"]) > len(created["game_id"])
        assert created["level"] == "medium"
        assert created["events"][0]["kind"] == "hand_started"
        view = created["view"]
        assert view["seat"] == 0 and view["hand_number"] == 1 and len(view["hand"]) == 10
        assert view["rules"] == PRESETS["house"].to_json()
        assert view["phase"] in OVER or view["turn"] == 0
    assert len({body["game_id"], other["game_id"], body["seat_token"], other["seat_token"], body["player_token"],
                other["player_token"]}) == 6


def test_player_token_is_reused(client: TestClient) -> None:
    _, first = Game.create(client)
    _, again = Game.create(client, headers=bearer(first["player_token"]))
    assert again["player_token"] is None
    _, stranger = Game.create(client, headers=bearer("not-a-player-token"))
    assert stranger["player_token"] not in (None, first["player_token"])


def test_get_game_with_etag(client: TestClient) -> None:
    game, created = Game.create(client)
    response = game.get()
    assert response.status_code == 200
    body = response.json()
    assert response.headers["etag"] == f'"{body["version"]}"' == '"1"'
    assert body["game_id"] == game.id and body["view"] == created["view"] and body["events"] == []
    assert "seat_token" not in body or body["seat_token"] is None
    game.play(greedy_action(game.view, random.Random(1)))
    response = game.get()
    assert response.headers["etag"] == '"2"' and response.json()["version"] == 2
    assert response.json()["view"] == game.view


def test_create_with_preset_and_settings(client: TestClient) -> None:
    _, body = Game.create(client, rules="oklahoma", settings={"target": 250}, level="easy")
    rules, view = body["view"]["rules"], body["view"]
    assert rules["oklahoma"] is True and rules["target"] == 250 and body["level"] == "easy"
    upcard_rank = "A23456789TJQK".index(view["upcard"][0])
    assert view["knock_limit"] == knock_limit_for(PRESETS["oklahoma"], upcard_rank)


def test_every_preset_is_played_as_listed(client: TestClient) -> None:
    listed = {p["name"]: p["rules"] for p in client.get("/api/rules").json()["presets"]}
    for name in sorted(PRESETS):
        _, body = Game.create(client, rules=name)
        assert body["view"]["rules"] == listed[name] == PRESETS[name].to_json(), name


def test_same_seed_same_deal(client: TestClient) -> None:
    _, one = Game.create(client, seed=12345)
    _, two = Game.create(client, seed=12345)
    assert one["view"]["commitment"] == two["view"]["commitment"]
    assert one["view"]["hand"] == two["view"]["hand"] and one["view"]["upcard"] == two["view"]["upcard"]


# --- moves ---------------------------------------------------------------------------------------------------

def test_every_move_route_works_and_bumps_the_version(client: TestClient) -> None:
    rng = random.Random(7)
    used: set[str] = set()

    def record(action: Json, body: Json) -> None:  # Game.play already checked version + 1 and the ETag
        used.add(move_name(action))

    for _ in range(8):
        game, _ = Game.create(client, settings={"target": 60})
        play_match(game, rng, greedy_action, on_move=record)
        game.assert_unchanged()  # what was last answered is what is stored
        if used >= ALL_MOVES:
            break
    assert used >= ALL_MOVES, f"never played: {ALL_MOVES - used}"


def test_response_events_describe_the_computers_moves(client: TestClient) -> None:
    rng = random.Random(3)
    replies = 0
    own_kinds = {"take_upcard": ("took_upcard",), "pass": ("passed",), "draw": ("drew",),
                 "discard": ("discarded",), "knock": ("knocked", "gin"), "next_hand": ("hand_started",)}

    def check(action: Json, body: Json) -> None:
        nonlocal replies
        events, view = body["events"], body["view"]
        own = events[0]
        assert own["kind"] in own_kinds[action["kind"]] and own["hand"] == view["hand_number"]
        assert own["seat"] == (view["starter"] if own["kind"] == "hand_started" else 0)  # a new hand names its starter
        assert own.get("card") == action.get("card", own.get("card"))
        computer = [e for e in events[1:] if e["kind"] not in ("hand_ended", "match_ended")]
        assert all(e["seat"] == 1 for e in computer), events
        if action["kind"] != "discard" or not computer:
            return
        # After a plain discard the computer draws, then discards or ends the hand, in this very response.
        drew, then = computer[0], computer[1]
        assert drew["kind"] == "drew" and then["kind"] in ("discarded", "knocked", "gin", "big_gin"), computer
        if drew["source"] == "discard":
            assert drew["card"] == own["card"]
        elif view["phase"] not in OVER:
            assert "card" not in drew and drew.get("private") is True
        if view["phase"] not in OVER:
            assert then["kind"] == "discarded" and view["discard_pile"][-1] == then["card"]
            assert view["turn"] == 0 and view["phase"] == "draw"
        replies += 1

    game, _ = Game.create(client, settings={"target": 100})
    play_match(game, rng, greedy_action, on_move=check)
    assert replies >= 5


def test_events_since(client: TestClient) -> None:
    rng = random.Random(11)
    game, created = Game.create(client)
    seen: list[Json] = list(created["events"])
    while game.view["phase"] not in OVER and len(seen) < 12:
        seen.extend(game.play(greedy_action(game.view, rng))["events"])
    assert [e["seq"] for e in seen] == list(range(1, len(seen) + 1))
    over = game.view["phase"] in OVER

    def as_answered(event: Json) -> Json:  # once the hand is over the log also shows the cards drawn unseen
        return {k: v for k, v in event.items() if not (over and k == "card" and event.get("private"))}

    for since in sorted({0, 1, len(seen) // 2, len(seen) - 1, len(seen)}):
        events = game.events(since)
        assert [e["seq"] for e in events] == list(range(since + 1, len(seen) + 1)), since
        assert [as_answered(e) for e in events] == [as_answered(e) for e in seen[since:]], since
    assert game.events(game.seq + 100) == []


def test_rules_health_and_readiness(client: TestClient) -> None:
    response = client.get("/api/rules")
    assert response.status_code == 200
    body = RulesResponse.model_validate(response.json())
    names = [p.name for p in body.presets]
    assert body.default == "house" and "house" in names and set(names) == set(PRESETS)
    assert set(body.levels) == {"easy", "medium", "hard"}
    for path in ("/healthz", "/readyz"):
        response = client.get(path)
        assert response.status_code == 200 and response.json()["status"] in ("ok", "ready"), path


# --- stats ---------------------------------------------------------------------------------------------------

def test_stats_count_whole_matches(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(5)
    # Unseeded games (the ones that count) are dealt from fixed seeds whose first hand the computer does not end
    # on creation, so the stats start at zero.
    seeds = (seed for seed in range(1_000) if not computer_ends_the_first_hand(seed))
    monkeypatch.setattr(games_service, "new_game",
                        lambda rules, chosen: new_game(rules, next(seeds) if chosen is None else chosen))
    game, created = Game.create(client, settings=SHORT)
    player = created["player_token"]
    assert {k: v for k, v in stats_of(client, player).items() if not k.startswith("average")} == \
        expected_stats([]) | {"matches_played": 0}
    finals = [play_match(game, rng, greedy_action)]
    second, _ = Game.create(client, headers=bearer(player), settings=SHORT, rules="line-bonus")
    finals.append(play_match(second, rng, greedy_action))
    stats = stats_of(client, player)
    expected = expected_stats(finals)
    assert {k: stats[k] for k in expected} == expected
    assert expected["hands_played"] >= 2
    net = (expected["points_won"] - expected["points_lost"]) / expected["hands_played"]
    assert stats["average_net_points_per_hand"] == round(net, 2)
    assert stats["average_points_per_hand"] == round(expected["points_won"] / expected["hands_played"], 2)


def computer_ends_the_first_hand(seed: int) -> bool:
    """Whether the computer ends this deal's first hand before seat 0 moves (it takes the upcard and knocks)."""
    events: list[Event] = []
    state = play_computer(new_game(PRESETS["house"], seed), "medium", "search", events)
    return state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)


def seeds_where_the_computer_ends_the_first_hand(limit: int = 3) -> list[int]:
    """The first few seeds whose first hand the computer ends before seat 0 moves."""
    return list(itertools.islice((seed for seed in range(20_000) if computer_ends_the_first_hand(seed)), limit))


def test_stats_count_a_match_the_computer_wins_on_creation(client: TestClient,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A match the computer wins while it is created counts in the player's stats; the same deal chosen by its
    seed is a practice game and counts in none."""
    for seed in seeds_where_the_computer_ends_the_first_hand():
        # The server deals an unseeded game from this seed, as if its random draw had picked it.
        monkeypatch.setattr(games_service, "new_game",
                            lambda rules, chosen, seed=seed: new_game(rules, seed if chosen is None else chosen))
        _, created = Game.create(client, settings={"target": 1})
        if created["view"]["phase"] == "match_over":
            break
    else:
        raise AssertionError("no seed found where the computer wins the match as it is created")
    assert created["view"]["practice"] is False
    stats = stats_of(client, created["player_token"])
    expected = expected_stats([created["view"]])
    assert expected["hands_played"] == 1 and expected["points_lost"] > 0
    assert {k: stats[k] for k in expected} == expected

    _, practice = Game.create(client, seed=seed, settings={"target": 1})
    assert practice["view"]["phase"] == "match_over" and practice["view"]["practice"] is True
    assert all(value == 0 for value in stats_of(client, practice["player_token"]).values())


def test_stats_need_a_player_token(client: TestClient) -> None:
    game, _ = Game.create(client)
    bodies = []
    for headers in ({}, bearer("nobody"), bearer(game.token)):
        bodies.append(assert_problem(client.get("/api/players/me/stats", headers=headers), 401, "unauthorized"))
    assert bodies[0] == bodies[1] == bodies[2]


def test_routes_are_the_documented_ones(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for route in ROUTES.values():
        assert "post" in paths[f"/api/games/{{game_id}}/{route}"], route
