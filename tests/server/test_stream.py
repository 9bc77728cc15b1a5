"""Moves shown live: a game between two seats streamed (Server-Sent Events) through real server processes,
resumed after a gap with Last-Event-ID, and across two processes on one PostgreSQL database."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import httpx
from server_helpers import Json, Reader, auth, invited_game, move


def check_stream(mover_url: str, reader_url: str, moves: int, seed: int) -> list[float]:
    """Stream the waiting seat's game from ``reader_url`` while moves are made through ``mover_url``: each move's
    events reach the stream, in order, with the view of that version; a reopened stream with Last-Event-ID
    replays exactly the events missed while it was closed. Returns each move's delay (seconds from sending the
    move to the stream's message)."""
    rng = random.Random(seed)
    game_id, tokens = invited_game(mover_url)
    reader = Reader(reader_url, game_id, tokens[1])
    _, ident, name, first = reader.next()
    assert name == "update" and first["seat"] == 1 and first["view"]["seat"] == 1 and first["events"] == []
    seen = int(ident or 0)
    delays = []
    for _ in range(moves):
        sent = time.monotonic()
        answer = move(mover_url, game_id, tokens, rng)
        arrived, ident, name, update = reader.next()
        delays.append(arrived - sent)
        events = list(update["events"])
        while update["version"] < answer["version"]:  # the move's GETs came first, or messages were split
            _, ident, name, update = reader.next()
            events += update["events"]
        assert name == "update" and update["version"] == answer["version"]
        assert [e["seq"] for e in events] == list(range(seen + 1, seen + 1 + len(events))) and events
        seen = events[-1]["seq"]
        assert ident == str(seen)
        assert set(update["view"]["hand"]).isdisjoint(
            httpx.get(f"{mover_url}/api/games/{game_id}", headers=auth(tokens[0])).json()["view"]["hand"])
    reader.close()

    # Moves made while nobody listens are sent, exactly, when the stream is opened again after the last id seen.
    missed = [move(mover_url, game_id, tokens, rng) for _ in range(3)]
    reader = Reader(reader_url, game_id, tokens[1], last_event_id=str(seen))
    _, ident, name, update = reader.next()
    reader.close()
    log = httpx.get(f"{mover_url}/api/games/{game_id}/events", params={"since": seen},
                    headers=auth(tokens[1])).json()["events"]
    assert update["events"] == log and [e["seq"] for e in log] == list(range(seen + 1, seen + 1 + len(log)))
    assert update["version"] == missed[-1]["version"] and ident == str(log[-1]["seq"])
    return delays


def test_a_stream_shows_each_move_and_resumes_after_a_gap(sqlite_url: str,
                                                          start_server: Callable[..., Any]) -> None:
    server = start_server(sqlite_url)
    delays = check_stream(server.url, server.url, moves=8, seed=3)
    assert max(delays) < 5, delays
    game_id, _ = invited_game(server.url)
    refused = httpx.get(f"{server.url}/api/games/{game_id}/stream", headers=auth("not-a-token"))
    assert refused.status_code == 401 and refused.headers["content-type"].startswith("application/problem+json")


def test_a_move_through_one_process_reaches_a_stream_on_another(postgres_url: str,
                                                                start_server: Callable[..., Any]) -> None:
    """Two server processes on one PostgreSQL database: the stream is opened on one, the moves are made through
    the other, and each reaches the stream within a second (LISTEN/NOTIFY, not the look-again fallback)."""
    first, second = start_server(postgres_url), start_server(postgres_url)
    delays = check_stream(first.url, second.url, moves=20, seed=4)
    assert max(delays) < 1.0, delays


def test_each_seat_is_told_whether_the_other_is_there(sqlite_url: str, start_server: Callable[..., Any]) -> None:
    """A seat's stream says when the other seat's player opens its own stream and when it hangs up; a view says
    it too."""
    server = start_server(sqlite_url)
    game_id, tokens = invited_game(server.url)

    def opponent(seat: int) -> Json:
        answer: Json = httpx.get(f"{server.url}/api/games/{game_id}", headers=auth(tokens[seat])).json()
        return answer["opponent"]  # type: ignore[no-any-return]

    first = Reader(server.url, game_id, tokens[0])
    _, _, name, update = first.next()
    assert name == "update" and update["opponent"] == {"kind": "person", "joined": True, "connected": False}
    assert opponent(1)["connected"] is True, "seat 0's open stream says it is there"
    second = Reader(server.url, game_id, tokens[1])
    assert second.next()[3]["opponent"]["connected"] is True
    _, _, name, presence = first.next(timeout=5)
    assert (name, presence) == ("presence", {"connected": True})
    assert opponent(0)["connected"] is True
    second.close()
    _, _, name, presence = first.next(timeout=5)
    assert (name, presence) == ("presence", {"connected": False})
    assert opponent(0)["connected"] is False
    first.close()


def test_the_redis_relay_wakes_a_waiter_held_by_another_process(redis_url: str) -> None:
    """Two notifiers, as two processes hold them, on one Redis channel: a move published by one wakes a waiter
    held by the other at once (woken, not timed out); a relay whose Redis is away refuses no move."""
    import asyncio
    import uuid

    from ginrummy.service.notify import Notifier, RedisRelay

    channel = f"test-moves-{uuid.uuid4().hex}"
    relays = [RedisRelay(redis_url, channel), RedisRelay(redis_url, channel)]
    here, there = Notifier(relays[0]), Notifier(relays[1])
    there.listen()

    async def waits() -> tuple[bool, bool]:
        with there.subscribe("g1") as woken, there.subscribe("g2") as other:
            here.publish("g1")
            return await woken.wait(10), await other.wait(0.5)

    try:
        assert asyncio.run(waits()) == (True, False)
    finally:
        for relay in relays:
            relay.close()
    away = RedisRelay("redis://127.0.0.1:1/0", channel)
    Notifier(away).publish("g1")  # logged, not raised
    away.close()


def test_a_move_through_one_process_reaches_a_stream_on_another_through_redis(
        sqlite_url: str, redis_url: str, start_server: Callable[..., Any]) -> None:
    """Two server processes on one SQLite file, told of each other's moves by Redis pub/sub (REDIS_URL)."""
    first = start_server(sqlite_url, REDIS_URL=redis_url)
    second = start_server(sqlite_url, REDIS_URL=redis_url)
    delays = check_stream(first.url, second.url, moves=10, seed=5)
    assert max(delays) < 5, delays
