"""Many simultaneous requests on one game, against a real server process, on SQLite and PostgreSQL.

Every round starts from a known version ``v`` and releases 16 threads at once (a Barrier) with a mix of
identical moves, keyed repeats, conflicting moves and If-Match moves. Whatever the interleaving, exactly
one move may be applied: the game ends the round at ``v + 1``, every 200 carries that version and view,
the losers get 409 (illegal now) or 412 (stale If-Match), and nothing answers 5xx.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from server_helpers import (
    Played,
    an_illegal_action,
    check_log,
    choose,
    etag,
    get_events,
    get_game,
    new_key,
    other_legal,
    post_move,
    start,
    step,
)

THREADS = 16
ROUNDS = 40
KINDS = ("identical", "keyed", "if_match", "mixed")


@dataclass
class Request:
    action: dict[str, Any]
    if_match: str | None = None
    key: str | None = None
    group: str = ""


@dataclass
class Answer:
    request: Request
    status: int
    headers: httpx.Headers
    content: bytes

    def json(self) -> Any:
        import json

        return json.loads(self.content)

    @property
    def replayed(self) -> bool:
        return self.headers.get("Idempotent-Replayed") == "true"


@pytest.fixture
def clients() -> Iterator[Callable[[str], list[httpx.Client]]]:
    made: list[httpx.Client] = []

    def make(url: str) -> list[httpx.Client]:
        batch = [httpx.Client(base_url=url, timeout=60) for _ in range(THREADS)]
        made.extend(batch)
        return batch

    yield make
    for client in made:
        client.close()


def fire(pool: ThreadPoolExecutor, clients: list[httpx.Client], game: Played,
         requests: list[Request]) -> list[Answer]:
    """Send all requests at the same moment, one per thread and connection."""
    assert len(requests) == len(clients)
    barrier = threading.Barrier(len(requests))

    def send(i: int) -> Answer:
        request = requests[i]
        barrier.wait(30)
        response = post_move(clients[i], game.game_id, game.token, request.action,
                             if_match=request.if_match, key=request.key)
        return Answer(request, response.status_code, response.headers, response.content)

    return list(pool.map(send, range(len(requests))))


def if_match_value(version: int, rng: random.Random) -> str:
    """The current version in one of the forms If-Match allows."""
    return rng.choice([etag(version), f"W/{etag(version)}", f'"{version + 7}", {etag(version)}'])


def plan(kind: str, view: dict[str, Any], version: int, rng: random.Random) -> list[Request]:
    main = choose(view, rng)
    others = other_legal(view, main) or [main]
    if kind == "identical":
        return [Request(main, group="same") for _ in range(THREADS)]
    if kind == "keyed":
        key = new_key()
        return [Request(main, key=key, group="keyed") for _ in range(THREADS)]
    if kind == "if_match":
        legal = view["legal_actions"]
        return [Request(rng.choice(legal), if_match=if_match_value(version, rng), group="if_match")
                for _ in range(THREADS)]
    key = new_key()
    requests = ([Request(main, group="same") for _ in range(4)]
                + [Request(main, key=key, group="keyed") for _ in range(4)]
                + [Request(rng.choice(others), group="other") for _ in range(4)]
                + [Request(rng.choice(view["legal_actions"]), if_match=if_match_value(version, rng),
                           group="if_match") for _ in range(3)]
                + [Request(an_illegal_action(view), group="illegal")])
    rng.shuffle(requests)
    return requests


def check_round(kind: str, version: int, answers: list[Answer], before: dict[str, Any],
                after: dict[str, Any]) -> dict[str, Any]:
    """Check one round's answers against the game read afterwards; return the applied move's body."""
    statuses = [a.status for a in answers]
    story = [(a.request.group, a.request.action, a.status, a.replayed) for a in answers]
    assert all(s < 500 for s in statuses), f"server error in round {kind}: {story}"
    assert set(statuses) <= {200, 409, 412}, story
    assert after["version"] == version + 1, f"round {kind}: version went {version} -> {after['version']}: {story}"

    ok = [a for a in answers if a.status == 200]
    applied = [a for a in ok if not a.replayed]
    assert len(applied) == 1, f"round {kind}: {len(applied)} moves applied: {story}"
    winner = applied[0]
    body = winner.json()
    for answer in ok:
        data = answer.json()
        assert data["version"] == version + 1
        assert answer.headers["ETag"] == etag(version + 1)
        assert data["view"] == after["view"]
        if answer.replayed:
            assert answer.request.key is not None and answer.request.key == winner.request.key
            assert answer.content == winner.content, "a replay differs from the first answer"

    for answer in answers:
        if answer.status == 412:
            assert answer.request.if_match is not None
            problem = answer.json()
            assert problem["code"] == "stale_version" and problem["version"] == version + 1
        elif answer.status == 409:
            problem = answer.json()
            assert answer.headers["content-type"].startswith("application/problem+json")
            judged_on = [after["view"]["legal_actions"]]
            if answer.request.group == "illegal":  # it may have come before the winner
                judged_on.append(before["legal_actions"])
            assert problem["legal_actions"] in judged_on, "a 409 judged on a state that never existed"
        if answer.request.if_match is not None and answer is not winner:
            assert answer.status == 412, "an If-Match move that lost the race must be stale"

    keyed = [a for a in answers if a.request.key is not None]
    if winner.request.key is not None:
        # The key's first request won: every request with that key gets the same answer.
        assert all(a.status == 200 and a.content == winner.content for a in keyed)
    else:
        # Someone else won first: the keyed move is no longer legal, and no answer was stored for it.
        assert all(a.status == 409 for a in keyed)
    if kind == "keyed":
        assert statuses == [200] * THREADS
    if kind == "identical":
        assert sorted(statuses) == [200] + [409] * (THREADS - 1)
    if kind == "if_match":
        assert sorted(statuses) == [200] + [412] * (THREADS - 1)
    result: dict[str, Any] = body
    return result


@pytest.mark.timeout(300)
def test_simultaneous_requests_apply_one_move_per_version(
        database_url: str, start_server: Callable[..., Any],
        clients: Callable[[str], list[httpx.Client]]) -> None:
    server = start_server(database_url)
    rng = random.Random(20240611)
    pool_clients = clients(server.url)
    reader = pool_clients[0]
    game = start(reader, seed=97, level="medium")
    kinds_seen: dict[str, int] = {}
    hands_seen = {game.view["hand_number"]}
    with ThreadPoolExecutor(THREADS) as pool:
        for number in range(ROUNDS):
            if game.view["phase"] == "match_over":
                break
            kind = KINDS[number % len(KINDS)]
            version = game.version
            answers = fire(pool, pool_clients, game, plan(kind, game.view, version, rng))
            read = get_game(reader, game.game_id, game.token)
            assert read.status_code == 200
            body = check_round(kind, version, answers, game.view, read.json())
            game.bodies.append(body)
            kinds_seen[kind] = kinds_seen.get(kind, 0) + 1
            hands_seen.add(game.view["hand_number"])

    assert game.version == ROUNDS + 1 or game.view["phase"] == "match_over"
    assert set(kinds_seen) == set(KINDS)
    assert len(hands_seen) >= 2, "the rounds should reach the next hand"
    check_log(get_events(reader, game.game_id, game.token), game.reported_events())
    many_games_at_once(pool_clients)


def many_games_at_once(pool_clients: list[httpx.Client]) -> None:
    """Different games do not block or disturb each other: 16 threads each create a game and play
    a few moves on it at the same time; every game's log stays its own and contiguous."""
    barrier = threading.Barrier(THREADS)

    def play(i: int) -> tuple[Played, list[dict[str, Any]]]:
        rng = random.Random(i)
        client = pool_clients[i]
        barrier.wait(30)
        game = start(client, level="medium")
        for _ in range(8):
            if game.view["phase"] == "match_over":
                break
            step(client, game, rng, if_match=etag(game.version))
        return game, get_events(client, game.game_id, game.token)

    with ThreadPoolExecutor(THREADS) as pool:
        results = list(pool.map(play, range(THREADS)))
    assert len({game.game_id for game, _ in results}) == THREADS
    for game, log in results:
        check_log(log, game.reported_events())
