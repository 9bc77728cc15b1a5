"""A game between two seats through real server processes: acknowledged moves of both seats and the join itself
survive SIGKILL, and the two seats racing for the same move (dealing the next hand) apply it once."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from server_helpers import auth, move_path

Json = dict[str, Any]


class Table:
    """Both seats of one game, with the last answer each got."""

    def __init__(self, client: httpx.Client, **request: Any) -> None:
        created = client.post("/api/games", json={"opponent": {"kind": "invite"}, **request})
        assert created.status_code == 201, created.text
        self.id = created.json()["game_id"]
        self.code = created.json()["invite"]["code"]
        joined = client.post(f"/api/games/{self.id}/join", json={"code": self.code})
        assert joined.status_code == 200, joined.text
        self.tokens = [created.json()["seat_token"], joined.json()["seat_token"]]
        self.last: list[Json] = [created.json(), joined.json()]

    def view(self, client: httpx.Client, seat: int) -> Json:
        response = client.get(f"/api/games/{self.id}", headers=auth(self.tokens[seat]))
        assert response.status_code == 200, response.text
        body: Json = response.json()
        return body

    def step(self, client: httpx.Client, rng: random.Random) -> Json:
        """One legal move by the seat to act (knocking when it can, so hands end); its answer."""
        turn = self.view(client, 0)["view"]["turn"]
        seat = 0 if turn is None else turn
        view = self.view(client, seat)["view"]
        legal = view["legal_actions"]
        enders = [a for a in legal if a["kind"] in ("knock", "next_hand")]
        action = enders[0] if enders else rng.choice(legal)
        path, body = move_path(self.id, action)
        response = client.post(path, json=body, headers=auth(self.tokens[seat]))
        assert response.status_code == 200, response.text
        self.last[seat] = response.json()
        return self.last[seat]


@pytest.mark.timeout(180)
def test_both_seats_moves_and_the_join_survive_sigkill(database_url: str,
                                                        start_server: Callable[..., Any]) -> None:
    rng = random.Random(3)
    server = start_server(database_url)
    with httpx.Client(base_url=server.url, timeout=60) as client:
        table = Table(client)
        answers = [table.step(client, rng) for _ in range(16)]
        seen = {seat: table.view(client, seat) for seat in (0, 1)}
    server.kill()

    restarted = start_server(database_url)
    with httpx.Client(base_url=restarted.url, timeout=60) as client:
        for seat in (0, 1):
            now = table.view(client, seat)
            assert now["version"] == answers[-1]["version"] == seen[seat]["version"]
            assert now["view"] == seen[seat]["view"] and now["seat"] == seat
        again = client.post(f"/api/games/{table.id}/join", json={"code": table.code})
        assert again.status_code == 409 and again.json()["code"] == "seat_taken"
        table.step(client, rng)  # and the game goes on, both seats still seated
        assert table.view(client, 1)["version"] == answers[-1]["version"] + 1


def test_both_seats_dealing_the_next_hand_at_once_deal_it_once(database_url: str,
                                                                start_server: Callable[..., Any]) -> None:
    rng = random.Random(5)
    server = start_server(database_url)
    with httpx.Client(base_url=server.url, timeout=60) as client:
        table = Table(client, settings={"target": 500})
        for _ in range(300):
            if table.view(client, 0)["view"]["phase"] == "hand_over":
                break
            table.step(client, rng)
        before = table.view(client, 0)
        assert before["view"]["phase"] == "hand_over"
    answers: list[httpx.Response] = []
    barrier = threading.Barrier(2)

    def deal(seat: int) -> None:
        with httpx.Client(base_url=server.url, timeout=60) as own:
            barrier.wait()
            answers.append(own.post(f"/api/games/{table.id}/next-hand", headers=auth(table.tokens[seat])))

    threads = [threading.Thread(target=deal, args=(seat,)) for seat in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(a.status_code for a in answers) == [200, 409], [a.text for a in answers]
    with httpx.Client(base_url=server.url, timeout=60) as client:
        after = table.view(client, 0)
    assert after["version"] == before["version"] + 1
    assert after["view"]["hand_number"] == before["view"]["hand_number"] + 1
