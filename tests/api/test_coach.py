"""The coach: GET /api/games/{id}/hands/{n}/analysis rates the person's decisions in a finished hand."""

from __future__ import annotations

import re
from typing import Any

from helpers import action_request, assert_problem, bearer

from ginrummy.ai.rollout import OUTCOMES as ENDINGS
from ginrummy.engine import DECK

CODES = {c.code for c in DECK}
OUTCOMES = set(ENDINGS)


def worst_move(view: dict[str, Any]) -> dict[str, Any]:
    """A poor player: keeps the card that leaves the most deadwood, never knocks until Gin, never takes the pile."""
    legal = view["legal_actions"]
    for kind in ("next_hand", "big_gin", "pass"):
        found = next((a for a in legal if a["kind"] == kind), None)
        if found is not None:
            return found
    gin = next((a for a in legal if a["kind"] == "knock" and
                any(o["card"] == a["card"] and o["gin"] for o in view["discard_options"])), None)
    if gin is not None:
        return gin
    stock = next((a for a in legal if a["kind"] == "draw" and a["source"] == "stock"), None)
    if stock is not None:
        return stock
    discards = [a for a in legal if a["kind"] == "discard"]
    worst = max(view["discard_options"], key=lambda o: o["deadwood"] if any(a["card"] == o["card"] for a in discards)
                else -1)
    return next(a for a in discards if a["card"] == worst["card"])


def play_hand(client: Any, game: dict[str, Any], headers: dict[str, str]
              ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    body, played = game, []
    while body["view"]["phase"] not in ("hand_over", "match_over"):
        action = worst_move(body["view"])
        played.append(action)
        path, payload = action_request(action)
        response = client.post(f"/api/games/{body['game_id']}/{path}", headers=headers, json=payload)
        assert response.status_code == 200, response.text
        body = response.json()
    return body, played


def test_a_finished_hand_is_reviewed_decision_by_decision(client: Any) -> None:
    game = client.post("/api/games", json={"level": "medium", "seed": 21}).json()
    game_id, headers = game["game_id"], bearer(game["seat_token"])
    assert_problem(client.get(f"/api/games/{game_id}/hands/1/analysis", headers=headers), 409, "hand_not_over")
    _, played = play_hand(client, game, headers)
    response = client.get(f"/api/games/{game_id}/hands/1/analysis", headers=headers)
    assert response.status_code == 200, response.text
    assert response.headers["cache-control"] == "no-store"
    review = response.json()
    assert review["hand"] == 1 and review["seat"] == 0
    # One rated decision per move the person made, in order.
    assert [d["played"] for d in review["decisions"]] == played
    for decision in review["decisions"]:
        assert decision["cost"] >= 0
        assert decision["mistake"] == (decision["cost"] >= max(1.0, decision["noise"]))
        if decision["best"] == decision["played"]:
            assert decision["cost"] == 0 and decision["why"] == "" and decision["because"] == ""
        # How the deals played out after each choice ended: shares of them, summing to 1 (none when the hard
        # computer chose the same move and nothing was played out).
        for outcomes in (decision["best_outcomes"], decision["played_outcomes"]):
            if outcomes is None:
                assert decision["best"] == decision["played"] and decision["played_points"] == 0
                continue
            assert set(outcomes) == OUTCOMES
            assert abs(sum(outcomes.values()) - 1) < 1e-3
    mistakes = [d for d in review["decisions"] if d["mistake"]]
    assert review["mistakes"] == len(mistakes)
    assert all(d["best_outcomes"] is not None and d["played_outcomes"] is not None for d in mistakes)
    # Keeping the worst card every turn is found out, and explained in words that name real cards.
    assert any(d["kind"] == "discard" for d in mistakes), review
    costliest = review["costliest"]
    assert costliest == max(mistakes, key=lambda d: d["cost"])
    assert costliest["why"] and costliest["best"] != costliest["played"]
    # Why: what the better move was worth on average, in whole points from 2 up, then the reasons.
    assert costliest["why"].endswith(" " + costliest["because"]) and costliest["because"]
    assert re.search(r" was worth about \d+(\.\d)? points more on average[:.]", costliest["why"]), costliest["why"]
    for kind in ("draw", "discard", "knock"):
        assert abs(review["lost"][kind] - sum(d["cost"] for d in mistakes if d["kind"] == kind)) < 0.05
    # Won in spite of its costliest mistake, the review says so plainly; else it has nothing to add.
    result = client.get(f"/api/games/{game_id}", headers=headers).json()["view"]["history"][0]
    won = result["winner"] == 0 and result["points"] > 0
    assert (review["worked_out"] is not None) == (won and costliest is not None), (result, review["worked_out"])
    if review["worked_out"] is not None:
        assert review["worked_out"].startswith(f"You won {result['points']} points by ")
        assert " more on average" in review["worked_out"]
    # Asking again gives the same review.
    assert client.get(f"/api/games/{game_id}/hands/1/analysis", headers=headers).json() == review


def test_the_review_is_refused_without_the_seat_token_or_for_a_hand_not_played(client: Any) -> None:
    game = client.post("/api/games", json={"level": "easy", "seed": 22}).json()
    game_id, headers = game["game_id"], bearer(game["seat_token"])
    play_hand(client, game, headers)
    assert_problem(client.get(f"/api/games/{game_id}/hands/1/analysis"), 401)
    assert_problem(client.get(f"/api/games/{game_id}/hands/1/analysis", headers=bearer("x" * 43)), 401)
    assert_problem(client.get(f"/api/games/{game_id}/hands/2/analysis", headers=headers), 409, "hand_not_over")
    assert_problem(client.get(f"/api/games/{game_id}/hands/0/analysis", headers=headers), 422)
