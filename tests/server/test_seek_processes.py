"""The queue of seeks lives in the database: seeks sent to two server processes on one PostgreSQL database are
paired into one match, which either process then serves to both seats."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx

Json = dict[str, Any]


def player(server: Any) -> str:
    created = httpx.post(server.url + "/api/games", json={"level": "easy"}, timeout=30)
    assert created.status_code == 201, created.text
    token: str = created.json()["player_token"]
    return token


def test_seeks_sent_to_two_processes_are_paired_into_one_match(postgres_url: str,
                                                               start_server: Callable[..., Any]) -> None:
    one, two = start_server(postgres_url), start_server(postgres_url)
    ann, bob = player(one), player(two)

    def seek_and_wait(server: Any, token: str) -> Json:
        auth = {"Authorization": f"Bearer {token}"}
        opened = httpx.post(server.url + "/api/seeks", json={"rated": True}, headers=auth, timeout=30)
        assert opened.status_code == 201, opened.text
        body: Json = opened.json()
        for _ in range(3):
            if body["status"] == "matched":
                break
            polled = httpx.get(f"{server.url}/api/seeks/{body['seek_id']}", params={"wait": 10}, headers=auth,
                               timeout=30)
            assert polled.status_code == 200, polled.text
            body = polled.json()
        return body

    with ThreadPoolExecutor(2) as pool:
        first, second = pool.map(lambda pair: seek_and_wait(*pair), [(one, ann), (two, bob)])
    assert first["status"] == second["status"] == "matched", (first, second)
    assert first["game_id"] == second["game_id"] and {first["seat"], second["seat"]} == {0, 1}
    for server, body in ((two, first), (one, second)):  # each seat's token works on the other process too
        game = httpx.get(f"{server.url}/api/games/{body['game_id']}",
                         headers={"Authorization": f"Bearer {body['seat_token']}"}, timeout=30)
        assert game.status_code == 200 and game.json()["seat"] == body["seat"], game.text
