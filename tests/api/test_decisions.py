"""Decisions about the public service: practice games from a chosen seed, an idempotent create, a cap on
unfinished games, the event log in pages filtered in the query, and the PostgreSQL pool as settings."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from helpers import Game, assert_problem, bearer, greedy_action, play_match

from ginrummy.api.app import create_app
from ginrummy.api.config import Settings
from ginrummy.engine import Event, EventKind, parse_card
from ginrummy.store.writes import insert_events

# --- practice games


def stats(client: TestClient, player: str) -> dict[str, Any]:
    body: dict[str, Any] = client.get("/api/players/me/stats", headers=bearer(player)).json()
    return body


def test_a_seeded_game_is_practice_and_counts_in_no_stats(client: TestClient) -> None:
    first, created = Game.create(client, settings={"target": 1})
    player = created["player_token"]
    assert first.view["practice"] is False
    practice, body = Game.create(client, headers=bearer(player), seed=7, settings={"target": 1})
    assert practice.view["practice"] is True and body["view"]["practice"] is True
    again, _ = Game.create(client, headers=bearer(player), seed=7, settings={"target": 1})
    assert again.view["hand"] == practice.view["hand"], "the same seed deals the same cards"
    before = stats(client, player)
    play_match(practice, random.Random(3), greedy_action)
    assert practice.view["phase"] == "match_over" and practice.view["practice"] is True
    assert stats(client, player) == before, "a practice match changes no stats"
    listed = client.get("/api/players/me/matches", headers=bearer(player)).json()["matches"]
    assert {m["game_id"]: m["practice"] for m in listed} == {first.id: False, practice.id: True, again.id: True}
    play_match(first, random.Random(3), greedy_action)
    assert stats(client, player)["matches_played"] == 1


# --- idempotent create

def test_the_same_key_and_body_give_the_same_game(client: TestClient) -> None:
    player = client.post("/api/games", json={}).json()["player_token"]
    headers = {**bearer(player), "Idempotency-Key": "create-1"}
    first = client.post("/api/games", json={"level": "easy"}, headers=headers)
    second = client.post("/api/games", json={"level": "easy"}, headers=headers)
    assert first.status_code == second.status_code == 201
    assert second.json() == first.json()
    assert second.headers["idempotent-replayed"] == "true" and "idempotent-replayed" not in first.headers
    listed = client.get("/api/players/me/matches", headers=bearer(player)).json()["matches"]
    assert len(listed) == 2, "one game for the key, and the first game"
    reused = client.post("/api/games", json={"level": "hard"}, headers=headers)
    assert_problem(reused, 422, "idempotency_key_reused")


def test_an_anonymous_create_replays_only_for_the_same_caller(client: TestClient) -> None:
    headers = {"Idempotency-Key": "anon-1"}
    first = client.post("/api/games", json={}, headers=headers).json()
    assert client.post("/api/games", json={}, headers=headers).json() == first
    # Another player with the same key gets a game of their own, never the first caller's seat.
    player = client.post("/api/games", json={}).json()["player_token"]
    other = client.post("/api/games", json={}, headers={**headers, **bearer(player)}).json()
    assert other["game_id"] != first["game_id"] and other["seat_token"] != first["seat_token"]


# --- unfinished games

def test_unfinished_games_are_capped_per_player(database_url: str) -> None:
    with TestClient(create_app(Settings(database_url=database_url, max_unfinished_games=3))) as client:
        player = client.post("/api/games", json={}).json()["player_token"]
        for _ in range(2):
            assert client.post("/api/games", json={}, headers=bearer(player)).status_code == 201
        refused = client.post("/api/games", json={}, headers=bearer(player))
        assert_problem(refused, 429, "too_many_unfinished_games")
        assert "retry-after" in refused.headers
        assert client.post("/api/games", json={}).status_code == 201, "another player is not affected"


# --- the event log in pages

def test_a_hand_is_found_and_pages_are_exact_past_5000_events(client: TestClient) -> None:
    game, _ = Game.create(client, seed=4242)
    store = client.app.state.store  # type: ignore[attr-defined]
    card = parse_card("7H")
    filler = [Event(EventKind.DISCARDED, 2 + i // 100, i % 2, card) for i in range(6000)]
    with store.engine.begin() as connection:  # a match with thousands of events, written as the store writes them
        insert_events(connection, game.id, game.seq, game.version, filler)
    last_hand = filler[-1].hand
    page = client.get(f"/api/games/{game.id}/events", params={"hand": last_hand}, headers=game.headers()).json()
    assert len(page["events"]) == 100 and all(e["hand"] == last_hand for e in page["events"])
    assert page["has_more"] is False and page["next_since"] is None
    seen: list[int] = []
    since = 0
    while True:
        body = client.get(f"/api/games/{game.id}/events", params={"since": since, "limit": 2500},
                          headers=game.headers()).json()
        seen += [e["seq"] for e in body["events"]]
        if not body["has_more"]:
            break
        since = body["next_since"]
        assert since == seen[-1]
    assert seen == list(range(1, game.seq + len(filler) + 1)), "every event exactly once, in order"
    assert_problem(client.get(f"/api/games/{game.id}/events", params={"limit": 5001}, headers=game.headers()),
                   422, "validation_error")


# --- the PostgreSQL pool

def test_the_pool_follows_its_settings(postgres_url: str) -> None:
    settings = Settings(database_url=postgres_url, database_pool_size=3, database_max_overflow=2)
    with TestClient(create_app(settings)) as client:
        pool = client.app.state.store.engine.pool  # type: ignore[attr-defined]
        assert pool.size() == 3 and pool._max_overflow == 2
        assert client.get("/readyz").status_code == 200


@pytest.mark.parametrize("seed", [0, 2**128 - 1])
def test_any_seed_in_range_deals(client: TestClient, seed: int) -> None:
    assert client.post("/api/games", json={"seed": seed}).json()["view"]["practice"] is True
