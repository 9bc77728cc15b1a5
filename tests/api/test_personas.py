"""Playing a persona: a game is asked for by its id as the level, the answers name it, the match history keeps
it, an unknown one is refused and writes nothing, and the catalogue lists every persona with its rating."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient
from helpers import Game, assert_problem, bearer, greedy_action, play_hand
from test_match_history import match_list, new_player

from ginrummy.ai.levels import LEVELS
from ginrummy.ai.personas import PERSONAS, ratings
from ginrummy.api.schemas import RulesResponse


def test_a_game_against_a_persona_is_played_and_says_who_it_is(client: TestClient) -> None:
    player = new_player(client)
    game, created = Game.create(client, headers=bearer(player), level="quinn", settings={"target": 25}, seed=11)
    assert created["level"] == "quinn"
    assert created["opponent"] == {"kind": "computer", "level": "quinn", "name": "Quinn"}
    play_hand(game, random.Random(3), greedy_action)
    assert game.view["phase"] in ("hand_over", "match_over")
    assert game.view["history"], "the hand was played to its end against the persona"
    again = game.get().json()
    assert again["level"] == "quinn" and again["opponent"]["name"] == "Quinn"
    # The opponent named inside the request's opponent, and a level: a level's opponent has no name.
    _, gina = Game.create(client, headers=bearer(player), opponent={"kind": "computer", "level": "gina"})
    assert gina["opponent"] == {"kind": "computer", "level": "gina", "name": "Gina"}
    _, hard = Game.create(client, headers=bearer(player), level="hard")
    assert hard["opponent"] == {"kind": "computer", "level": "hard"}
    listed = [match["level"] for match in match_list(client, player)["matches"]]
    assert listed == ["hard", "gina", "quinn"]


def test_an_unknown_persona_is_refused_and_writes_nothing(client: TestClient) -> None:
    player = new_player(client)
    for request in ({"level": "zed"}, {"opponent": {"kind": "computer", "level": "zed"}},
                    {"level": "Quinn"}, {"level": "simple"}):
        problem = assert_problem(client.post("/api/games", json=request, headers=bearer(player)), 422,
                                 "validation_error")
        assert "quinn" in problem["detail"] and "easy" in problem["detail"], problem
    assert match_list(client, player)["matches"] == []


def test_the_catalogue_lists_every_persona_with_its_rating(client: TestClient) -> None:
    body = client.get("/api/rules").json()
    RulesResponse.model_validate(body)
    assert [p["id"] for p in body["personas"]] == [p.id for p in PERSONAS]
    rated = ratings()
    for listed, persona in zip(body["personas"], PERSONAS, strict=True):
        assert (listed["name"], listed["style"]) == (persona.name, persona.style)
        assert listed["rating"] == rated[persona.plays].rating
        assert listed["rating_matches"] == rated[persona.plays].matches > 0
    assert list(body["ratings"]) == list(LEVELS)
    hal = next(p for p in body["personas"] if p["id"] == "hal")
    assert hal["rating"] == body["ratings"]["hard"], "Hal plays as hard: one figure"
    enum = client.get("/openapi.json").json()["components"]["schemas"]["NewGameRequest"]["properties"]["level"]
    assert enum["enum"] == [*LEVELS, *(p.id for p in PERSONAS)]
