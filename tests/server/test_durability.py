"""An acknowledged move survives the server being killed (SIGKILL: no shutdown hooks), on both databases.

One test per database (each server start costs seconds): kill after the last answer, restart, check, play
on; then kill again while moves stream in, restart, check.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
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
    play_until,
    post_move,
    start,
    step,
)


def assert_is_last_acknowledged(client: httpx.Client, game: Played) -> None:
    response = get_game(client, game.game_id, game.token)
    assert response.status_code == 200, response.text
    assert response.headers["ETag"] == etag(game.version)
    body = response.json()
    assert body["version"] == game.version
    assert body["view"] == game.view
    assert body["level"] == game.last["level"]
    check_log(get_events(client, game.game_id, game.token), game.reported_events())


@pytest.mark.timeout(180)
def test_acknowledged_moves_survive_sigkill(database_url: str, start_server: Callable[..., Any]) -> None:
    rng = random.Random(7)
    server = start_server(database_url)
    keys: dict[int, tuple[str, dict[str, Any], bytes]] = {}
    with httpx.Client(base_url=server.url, timeout=60) as client:
        game = start(client, seed=1234, level="medium")
        for i in range(14):
            if game.view["phase"] not in ("first_upcard", "draw", "discard"):
                break
            key = new_key() if i % 2 else None
            action = choose(game.view, rng)
            response = post_move(client, game.game_id, game.token, action, key=key)
            assert response.status_code == 200, response.text
            assert response.json()["version"] == game.version + 1
            game.bodies.append(response.json())
            if key is not None:
                keys[game.version] = (key, action, response.content)
    server.kill()

    restarted = start_server(database_url)
    with httpx.Client(base_url=restarted.url, timeout=60) as client:
        assert_is_last_acknowledged(client, game)
        # The answers kept for idempotency keys survived too: a retry after the crash is answered, not re-applied.
        for key, action, content in keys.values():
            again = post_move(client, game.game_id, game.token, action, key=key)
            assert again.status_code == 200
            assert again.headers["Idempotent-Replayed"] == "true"
            assert again.content == content
        assert get_game(client, game.game_id, game.token).json()["version"] == game.version
        # And the game goes on to the end of the hand on the new process.
        if game.view["phase"] == "hand_over":
            step(client, game, rng)  # next-hand
        play_until(client, game, rng, ("hand_over", "match_over"))
        assert game.view["result"] is not None
        assert_is_last_acknowledged(client, game)
    kill_during_moves(restarted, database_url, start_server, earlier=game)


def kill_during_moves(server: Any, database_url: str, start_server: Callable[..., Any], earlier: Played) -> None:
    """Kill the server while moves stream in: the restarted game is at the last acknowledged version, or
    exactly one move later (a move committed whose answer never arrived), never anything else."""
    rng = random.Random(11)
    with httpx.Client(base_url=server.url, timeout=60) as client:
        game = start(client, seed=4321, level="medium")
    acknowledged: list[int] = [game.version]
    stop = threading.Event()

    def player() -> None:
        with httpx.Client(base_url=server.url, timeout=60) as client:
            while not stop.is_set() and game.view["phase"] != "match_over":
                try:
                    step(client, game, rng)
                except httpx.HTTPError:
                    return  # the server died under this request
                acknowledged.append(game.version)

    thread = threading.Thread(target=player)
    thread.start()
    deadline = time.monotonic() + 20
    while len(acknowledged) < 8 and time.monotonic() < deadline:
        time.sleep(0.01)
    server.kill()
    stop.set()
    thread.join(30)
    assert not thread.is_alive()
    assert len(acknowledged) >= 8

    restarted = start_server(database_url)
    with httpx.Client(base_url=restarted.url, timeout=60) as client:
        body = get_game(client, game.game_id, game.token).json()
        assert body["version"] in (game.version, game.version + 1), (game.version, body["version"])
        if body["version"] == game.version:
            assert body["view"] == game.view
        log = get_events(client, game.game_id, game.token)
        seqs = [event["seq"] for event in log]
        assert seqs == list(range(1, len(log) + 1))
        reported = game.reported_events()
        assert len(log) >= len(reported)
        check_log(log[:len(reported)], reported)
        assert_is_last_acknowledged(client, earlier)  # the first game went through two kills unchanged
        # Whatever the last committed version is, play goes on from it with If-Match.
        current = Played(game.game_id, game.token, [body])
        for _ in range(4):
            if current.view["phase"] == "match_over":
                break
            step(client, current, rng, if_match=etag(current.version))
