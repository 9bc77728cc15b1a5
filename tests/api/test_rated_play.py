"""Rated matches through the queue: two players seek, are paired, and play whole matches to the end, every answer
to either seat and every message its stream would be sent scanned for the cards that seat may not know; after each
match both ratings have moved by exactly what the rating library gives for its result.

The number of matches is GINRUMMY_RATED_MATCHES (by default 2 on SQLite, so that a rating already moved moves
again, and 1 on PostgreSQL; the long scan runs 50)."""

from __future__ import annotations

import os
import random

from fastapi.testclient import TestClient
from helpers import Game, Json, assert_nothing_hidden_in, assert_nothing_hidden_shown, bearer, greedy_action, to_act
from openskill.models import BradleyTerryFull

MATCHES = os.environ.get("GINRUMMY_RATED_MATCHES")
MODEL = BradleyTerryFull(mu=1500.0, sigma=350.0, beta=200.0, tau=1.0)


def seek(client: TestClient, token: str) -> Json:
    body: Json = client.post("/api/seeks", json={"rated": True}, headers=bearer(token)).json()
    return body


def test_rated_matches_through_the_queue_hide_what_they_should_and_move_ratings_by_the_library(
        client: TestClient) -> None:
    from ginrummy.service.seeks import SeekRules

    client.app.state.seeks.rules = SeekRules(window=10_000)  # type: ignore[attr-defined]  # the two always pair
    tokens = [client.post("/api/players").json()["player_token"] for _ in range(2)]
    expected = [MODEL.rating(), MODEL.rating()]
    rng = random.Random(5)
    matches = int(MATCHES) if MATCHES else 2 if client.app.state.store.is_sqlite else 1  # type: ignore[attr-defined]
    for _ in range(matches):
        first = seek(client, tokens[0])
        second = seek(client, tokens[1])
        first = client.get(f"/api/seeks/{first['seek_id']}", headers=bearer(tokens[0])).json()
        assert first["status"] == second["status"] == "matched" and first["game_id"] == second["game_id"]
        owners = {first["seat"]: 0, second["seat"]: 1}  # seat -> which of the two players
        seats = []
        for body in sorted((first, second), key=lambda b: b["seat"]):
            read = client.get(f"/api/games/{body['game_id']}", headers=bearer(body["seat_token"])).json()
            logged = client.get(f"/api/games/{body['game_id']}/events", headers=bearer(body["seat_token"])).json()
            seats.append(Game(client, body["game_id"], body["seat_token"], read["version"], read["view"],
                              logged["events"][-1]["seq"], [assert_nothing_hidden_shown], seat=body["seat"]))
        streamed = [0, 0]
        for _ in range(2000):
            mover = to_act(seats)
            if mover is None:
                break
            mover.play(greedy_action(mover.view, rng))
            for game in seats:
                message = client.app.state.reading.update_since(game.id, game.token, streamed[game.seat])  # type: ignore[attr-defined]
                assert message is not None
                assert_nothing_hidden_in(game, message, f"seat {game.seat}'s stream")
                streamed[game.seat] = message["events"][-1]["seq"]
        else:
            raise AssertionError("the match did not end")
        winner = owners[seats[0].view["winner"]]
        [[won], [lost]] = MODEL.rate([[expected[winner]], [expected[1 - winner]]])
        expected[winner], expected[1 - winner] = won, lost
        for player, token in enumerate(tokens):
            shown = client.get("/api/players/me", headers=bearer(token)).json()["rating"]
            assert shown["rating"] == round(expected[player].mu) and shown["deviation"] == round(expected[player].sigma)
    assert sum(client.get("/api/players/me", headers=bearer(t)).json()["rated_finished"] for t in tokens) == 2 * matches
