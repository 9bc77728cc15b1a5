"""Any finished hand can be reviewed and checked: its deck, salt and commitment, and its events alone."""

from __future__ import annotations

from typing import Any

from ginrummy.engine import verify_deal


def _play_until_hand_over(client: Any, game: dict[str, Any], headers: dict[str, str]) -> dict[str, Any]:
    body = game
    while body["view"]["phase"] not in ("hand_over", "match_over"):
        legal = body["view"]["legal_actions"]
        action = next((a for a in legal if a["kind"] == "knock"), legal[0])  # knock as soon as it is legal
        path = action["kind"].replace("_", "-")
        payload = {"source": action["source"]} if action["kind"] == "draw" else (
            {"card": action["card"]} if "card" in action else None)
        response = client.post(f"/api/games/{body['game_id']}/{path}", headers=headers, json=payload)
        assert response.status_code == 200, response.text
        body = response.json()
    return body


def test_finished_hands_reveal_their_deal_and_unfinished_ones_do_not(client: Any) -> None:
    game = client.post("/api/games", json={"level": "easy", "seed": 8}).json()
    headers = {"Authorization": f"Bearer {game['seat_token']}"}
    first_commitment = game["view"]["commitment"]
    refused = client.get(f"/api/games/{game['game_id']}/hands/1", headers=headers)
    assert refused.status_code == 409 and refused.json()["code"] == "hand_not_over"
    over = _play_until_hand_over(client, game, headers)
    if over["view"]["phase"] == "hand_over":
        over = client.post(f"/api/games/{game['game_id']}/next-hand", headers=headers).json()
    deal = client.get(f"/api/games/{game['game_id']}/hands/1", headers=headers)
    assert deal.status_code == 200
    data = deal.json()
    assert data["commitment"] == first_commitment
    assert verify_deal(data["deck"], data["salt"], first_commitment)
    assert data["starter"] == game["view"]["starter"]
    assert client.get(f"/api/games/{game['game_id']}/hands/99", headers=headers).status_code == 409
    assert client.get(f"/api/games/{game['game_id']}/hands/1").status_code == 401


def test_events_of_one_hand(client: Any) -> None:
    game = client.post("/api/games", json={"level": "easy", "seed": 3}).json()
    headers = {"Authorization": f"Bearer {game['seat_token']}"}
    over = _play_until_hand_over(client, game, headers)
    if over["view"]["phase"] == "hand_over":
        client.post(f"/api/games/{game['game_id']}/next-hand", headers=headers)
    everything = client.get(f"/api/games/{game['game_id']}/events", headers=headers).json()["events"]
    first = client.get(f"/api/games/{game['game_id']}/events?hand=1", headers=headers).json()["events"]
    assert first == [e for e in everything if e["hand"] == 1]
    assert any(e["hand"] == 2 for e in everything) or over["view"]["phase"] == "match_over"
