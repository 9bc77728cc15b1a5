"""Two server processes on one PostgreSQL database behave as one server."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from server_helpers import (
    Played,
    check_log,
    choose,
    etag,
    get_events,
    get_game,
    new_key,
    post_move,
    start,
)

PER_SERVER = 6


@pytest.mark.timeout(300)
def test_two_processes_on_one_database(postgres_url: str, start_server: Callable[..., Any]) -> None:
    """One pair of processes (each start costs seconds) for both checks."""
    servers = [start_server(postgres_url), start_server(postgres_url)]
    assert servers[0].port != servers[1].port
    alternate_through_a_whole_match(servers)
    same_move_sent_to_both_at_once(servers)


def alternate_through_a_whole_match(servers: list[Any]) -> None:
    clients = [httpx.Client(base_url=server.url, timeout=60) for server in servers]
    rng = random.Random(30)
    try:
        game = start(clients[0], level="medium", settings={"target": 50})
        # Creation on one process is visible on the other.
        assert get_game(clients[1], game.game_id, game.token).json()["view"] == game.view
        hands = 1
        for turn in range(1, 600):
            if game.view["phase"] == "match_over":
                break
            mover, reader = clients[turn % 2], clients[(turn + 1) % 2]
            action = choose(game.view, rng)
            if_match = etag(game.version) if turn % 3 == 0 else None
            key = new_key() if turn % 5 == 0 else None
            response = post_move(mover, game.game_id, game.token, action, if_match=if_match, key=key)
            assert response.status_code == 200, (turn, action, response.text)
            body = response.json()
            assert body["version"] == game.version + 1, (turn, game.version, body["version"])
            assert response.headers["ETag"] == etag(body["version"])
            game.bodies.append(body)
            hands += action["kind"] == "next_hand"
            # The other process reads exactly what this one answered.
            read = get_game(reader, game.game_id, game.token)
            assert read.status_code == 200
            assert read.json()["version"] == body["version"]
            assert read.json()["view"] == body["view"]
            if key is not None:  # a keyed retry sent to the other process is answered from the stored reply
                again = post_move(reader, game.game_id, game.token, action, key=key)
                assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
                assert again.content == response.content
        assert game.view["phase"] == "match_over", "the match did not finish"
        assert game.view["winner"] in (0, 1)
        assert max(game.view["final_scores"]) >= 50
        assert len(game.view["history"]) == hands
        logs = [get_events(client, game.game_id, game.token) for client in clients]
        assert logs[0] == logs[1]
        check_log(logs[0], game.reported_events())
        assert logs[0][-1]["kind"] == "match_ended"
        # Once the match is over, no process accepts a move.
        for client in clients:
            refused = post_move(client, game.game_id, game.token, {"kind": "next_hand", "seat": 0})
            assert refused.status_code == 409
    finally:
        for client in clients:
            client.close()


def same_move_sent_to_both_at_once(servers: list[Any]) -> None:
    """The same move sent through both processes at the same moment is applied once."""
    clients = [httpx.Client(base_url=servers[i % 2].url, timeout=60) for i in range(2 * PER_SERVER)]
    rng = random.Random(31)
    try:
        game = start(clients[0], level="medium", seed=5)
        with ThreadPoolExecutor(len(clients)) as pool:
            for number in range(12):
                if game.view["phase"] == "match_over":
                    break
                action = choose(game.view, rng)
                version = game.version
                style = ("plain", "keyed", "if_match")[number % 3]
                key = new_key() if style == "keyed" else None
                if_match = etag(version) if style == "if_match" else None
                barrier = threading.Barrier(len(clients))

                def send(i: int, action: dict[str, Any] = action, key: str | None = key,
                         if_match: str | None = if_match, barrier: threading.Barrier = barrier) -> httpx.Response:
                    barrier.wait(30)
                    return post_move(clients[i], game.game_id, game.token, action, key=key, if_match=if_match)

                responses = list(pool.map(send, range(len(clients))))
                statuses = [r.status_code for r in responses]
                applied = [r for r in responses if r.status_code == 200 and "Idempotent-Replayed" not in r.headers]
                assert len(applied) == 1, (style, statuses)
                expected = {"plain": 409, "keyed": 200, "if_match": 412}[style]
                assert sorted(statuses) == sorted([200] + [expected] * (len(clients) - 1)), (style, statuses)
                body = applied[0].json()
                assert body["version"] == version + 1
                if style == "keyed":
                    assert all(r.content == applied[0].content for r in responses)
                for client in clients[:2]:  # both processes now read the new version
                    read = get_game(client, game.game_id, game.token).json()
                    assert read["version"] == version + 1 and read["view"] == body["view"]
                game.bodies.append(body)
        check_log(get_events(clients[1], game.game_id, game.token), game.reported_events())
        assert len(game.bodies) >= 8
    finally:
        for client in clients:
            client.close()


def test_played_helper_tracks_versions() -> None:
    """A check of the helper itself, so a broken helper cannot make the tests above pass vacuously."""
    game = Played("g", "t", [{"version": 1, "view": {"phase": "draw"}, "events": [{"seq": 1}]}])
    game.bodies.append({"version": 2, "view": {"phase": "discard"}, "events": [{"seq": 2}, {"seq": 3}]})
    assert game.version == 2 and game.view == {"phase": "discard"}
    assert [e["seq"] for e in game.reported_events()] == [1, 2, 3]
    with pytest.raises(AssertionError):
        check_log([{"seq": 1}, {"seq": 3}], [{"seq": 1}, {"seq": 3}])
    assert choose({"legal_actions": [{"kind": "next_hand", "seat": 0}], "discard_options": []},
                  random.Random(0)) == {"kind": "next_hand", "seat": 0}
