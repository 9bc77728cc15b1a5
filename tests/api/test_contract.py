"""One declared contract: the engine's value types are the API's models, and a legal action is posted back as it
is offered."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from helpers import Game, assert_problem, bearer
from pydantic import ValidationError

from ginrummy.ai.levels import LEVELS
from ginrummy.api.actions import ACTION_ROUTES
from ginrummy.api.routes.common import encoded
from ginrummy.api.schemas import GameResponse
from ginrummy.engine import SETTINGS, Action, Event, View, wire_fields


def _schema(client: TestClient, name: str) -> dict[str, Any]:
    schema: dict[str, Any] = client.get("/openapi.json").json()["components"]["schemas"][name]
    return schema


@pytest.mark.parametrize(("cls", "model"), [(View, "ViewModel"), (Event, "EventModel"), (Action, "ActionModel")])
def test_each_field_declared_in_the_engine_is_in_the_api_with_its_docstring(
        client: TestClient, cls: type, model: str) -> None:
    properties = _schema(client, model)["properties"]
    for declared in wire_fields(cls):
        assert declared.name in properties, f"{model} lacks {declared.name}"
        assert properties[declared.name]["description"] == declared.doc


def test_rule_settings_are_the_rules_fields_with_their_ranges(client: TestClient) -> None:
    properties = _schema(client, "RuleSettings")["properties"]
    assert set(properties) == {s.name for s in SETTINGS}
    limit = next(item for item in properties["knock_limit"]["anyOf"] if item.get("type") == "integer")
    assert (limit["minimum"], limit["maximum"]) == (0, 10)
    refused = client.post("/api/games", json={"settings": {"knock_limit": 11}})
    assert_problem(refused, 422)
    refused = client.post("/api/games", json={"settings": {"hollywood_games": 4}})
    assert_problem(refused, 422)


def test_the_catalogue_publishes_levels_and_every_move_with_a_route_that_exists(client: TestClient) -> None:
    catalogue = client.get("/api/rules").json()
    assert list(catalogue["levels"]) == list(LEVELS)
    paths = client.get("/openapi.json").json()["paths"]
    kinds = [entry["kind"] for entry in catalogue["actions"]]
    assert kinds == [route.kind.value for route in ACTION_ROUTES]
    for entry in catalogue["actions"]:
        assert "post" in paths[entry["path"]], entry
        assert entry["title"] and entry["takes"] in ([], ["card"], ["source"])
    assert "post" in paths["/api/games/{game_id}/actions"]


def test_a_whole_match_is_played_by_posting_back_the_offered_actions(client: TestClient) -> None:
    game, _ = Game.create(client, level="easy", settings={"target": 25}, seed=7)
    for _ in range(600):
        legal = game.view["legal_actions"]
        if game.view["phase"] == "match_over":
            break
        response = game.post("actions", legal[-1])  # exactly as offered: kind, seat and its card or source
        assert response.status_code == 200, response.text
        game.accept(response)
    assert game.view["phase"] == "match_over"


def test_an_action_for_the_other_seat_or_malformed_is_refused_and_changes_nothing(client: TestClient) -> None:
    game, _ = Game.create(client, seed=7)
    offered = game.view["legal_actions"][0]
    before = client.get(f"/api/games/{game.id}", headers=bearer(game.token)).json()
    assert_problem(game.post("actions", {**offered, "seat": 1}), 409, "not_your_seat")
    for bad in ({"kind": "fly"}, {"kind": "draw"}, {"kind": "draw", "source": "sky"},
                {"kind": "discard", "card": "ZZ"}, {"kind": "pass", "card": "7H"}, {**offered, "extra": 1},
                {"kind": "pass", "seat": "0"}, {"kind": "pass", "seat": 2}, [], "pass"):
        assert_problem(game.post("actions", bad), 422)
    after = client.get(f"/api/games/{game.id}", headers=bearer(game.token)).json()
    assert after == before


def test_the_same_move_by_either_road_is_one_request_for_its_idempotency_key(client: TestClient) -> None:
    game, _ = Game.create(client, seed=7)
    offered = next(a for a in game.view["legal_actions"] if a["kind"] in ("pass", "draw"))
    route = "pass" if offered["kind"] == "pass" else "draw"
    body = None if offered["kind"] == "pass" else {"source": offered["source"]}
    first = game.post(route, body, headers={"Idempotency-Key": "k1"})
    assert first.status_code == 200, first.text
    again = game.post("actions", offered, headers={"Idempotency-Key": "k1"})
    assert again.status_code == 200 and again.headers["idempotent-replayed"] == "true"
    assert again.json() == first.json()


def test_every_answer_goes_through_its_model(client: TestClient) -> None:
    game, _ = Game.create(client, seed=7)
    body = client.get(f"/api/games/{game.id}", headers=bearer(game.token)).json()
    assert encoded(GameResponse, body)  # the answer as sent is what the model makes of it
    for broken in ({**body, "seat": 2}, {**body, "view": {**body["view"], "hand": ["1X"]}},
                   {**body, "version": "3"}):
        with pytest.raises(ValidationError):
            encoded(GameResponse, broken)


def test_a_hints_chances_are_named_as_the_hint_names_them(client: TestClient) -> None:
    from ginrummy.ai.chances import FIELDS

    chances = _schema(client, "HintResponse")["properties"]["chances"]
    assert sorted(chances["propertyNames"]["enum"]) == sorted(FIELDS.values())
    assert chances["additionalProperties"] == {"type": "number"}
