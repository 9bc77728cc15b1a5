"""A Gin Rummy bot in about a hundred lines: it joins a game by its invite link and plays it through the API.

From a clone of this repository, through its venv (`make run` makes it, with httpx in it):

    .venv/bin/python examples/bot.py 'http://127.0.0.1:8000/#/join/GAME_ID/INVITE_CODE'
    .venv/bin/python examples/bot.py --seek http://127.0.0.1:8000 [PLAYER_TOKEN]

With --seek it plays one rated match in the bot pool instead: as the bot account of PLAYER_TOKEN, or a new one
(whose token it prints, to seek again with), paired by the server's queue with another bot.

Anywhere else it needs Python 3.11+ and httpx only:

    python3 -m venv bot-venv && bot-venv/bin/pip install httpx && bot-venv/bin/python bot.py 'LINK'

It needs nothing from the server's code. It follows the game on the event stream (Server-Sent Events): every
message holds its seat's view, and when the view says it is the bot's turn (`turn` is its `seat`) it picks one of
the view's `legal_actions` and posts it back as it is. Its play is plain: it takes
the pile card only when that lowers its deadwood, throws the card that leaves the least deadwood, knocks as
soon as it may, and deals the next hand when one is over.
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Iterator
from typing import Any

import httpx


def updates(client: httpx.Client, game_id: str) -> Iterator[dict[str, Any]]:
    """The data of each `update` message on the game's stream (the others say who is there, or offer a rematch),
    reconnecting after the last event seen if it drops."""
    last = None
    while True:
        headers = {"Last-Event-ID": last} if last else {}
        try:
            with client.stream("GET", f"/api/games/{game_id}/stream", headers=headers, timeout=None) as stream:
                data: list[str] = []
                name = ""
                for line in stream.iter_lines():
                    if line.startswith("id:"):
                        last = line[3:].strip()
                    elif line.startswith("event:"):
                        name = line[6:].strip()
                    elif line.startswith("data:"):
                        data.append(line[5:].strip())
                    elif not line and data:
                        if name == "update":
                            yield json.loads("\n".join(data))
                        data, name = [], ""
        except httpx.TransportError:
            time.sleep(1)


def choose(view: dict[str, Any]) -> dict[str, Any]:
    """The bot's move, from the legal actions its view lists."""
    legal = view["legal_actions"]
    kinds = {action["kind"]: action for action in legal}
    for kind in ("next_hand", "big_gin"):
        if kind in kinds:
            return kinds[kind]
    if "take_upcard" in kinds or "draw" in kinds:
        top = view["discard_pile"][-1]
        helps = top in {card for meld in melds_with(view, top) for card in meld}
        want = ("take_upcard" if "take_upcard" in kinds else "discard") if helps else None
        for action in legal:
            if want in (action["kind"], action.get("source")):
                return action
        return next(a for a in legal if a["kind"] == "pass" or a.get("source") == "stock")
    options = {o["card"]: o for o in view["discard_options"]}
    knocks = [a for a in legal if a["kind"] == "knock"]
    pool = knocks or [a for a in legal if a["kind"] == "discard"]
    return min(pool, key=lambda a: options[a["card"]]["deadwood"])


def melds_with(view: dict[str, Any], card: str) -> list[list[str]]:
    """Sets and runs of three that ``card`` makes with the bot's hand (a rough look: enough for a plain bot)."""
    ranks = "A23456789TJQK"
    hand = set(view["hand"])
    rank, suit = card[0], card[1]
    same_rank = [c for c in hand if c[0] == rank]
    found = [[card, *same_rank]] if len(same_rank) >= 2 else []
    i = ranks.index(rank)
    for start in range(i - 2, i + 1):
        run = [ranks[j] + suit for j in range(start, start + 3) if 0 <= j < 13]
        if len(run) == 3 and all(c == card or c in hand for c in run):
            found.append(run)
    return found


def seek(client: httpx.Client, token: str | None) -> tuple[str, str]:
    """Seek a rated match in the bot pool (as a new bot account unless ``token`` names one): (game id, seat token)."""
    if token is None:
        token = client.post("/api/players").raise_for_status().json()["player_token"]
        client.post("/api/players/me/bot", headers={"Authorization": f"Bearer {token}"}).raise_for_status()
        print(f"bot account: {token}")
    auth = {"Authorization": f"Bearer {token}"}
    found = client.post("/api/seeks", json={"rated": True}, headers=auth).raise_for_status().json()
    while found["status"] != "matched":  # waiting, or a computer offered: bots wait for bots
        found = client.get(f"/api/seeks/{found['seek_id']}", params={"wait": 25}, headers=auth,
                           timeout=40).raise_for_status().json()
    return found["game_id"], found["seat_token"]


def main(args: list[str]) -> None:
    found = re.search(r"^(https?://[^/#]+).*#/join/([\w-]+)/([\w-]+)$", args[0] if args else "")
    if found is None and (len(args) < 2 or args[0] != "--seek"):
        sys.exit("usage: python examples/bot.py http://HOST:PORT/#/join/GAME_ID/INVITE_CODE\n"
                 "       python examples/bot.py --seek http://HOST:PORT [PLAYER_TOKEN]")
    # An idle connection is let go after 2 s, before the server's keep-alive (5 s) closes it: a request sent down a
    # connection the server is closing at that moment would fail.
    with httpx.Client(base_url=found.group(1) if found else args[1], timeout=30,
                      limits=httpx.Limits(keepalive_expiry=2)) as client:
        if found is not None:
            game_id, code = found.group(2), found.group(3)
            joined = client.post(f"/api/games/{game_id}/join", json={"code": code}).raise_for_status().json()
            seat_token = joined["seat_token"]
        else:
            game_id, seat_token = seek(client, args[2] if len(args) > 2 else None)
        client.headers["Authorization"] = f"Bearer {seat_token}"
        print(f"joined {game_id} as seat {client.get(f'/api/games/{game_id}').json()['seat']}")
        version = 0
        for game in updates(client, game_id):
            if game["version"] < version:  # older than a move's answer already seen
                continue
            while True:  # move while it is the bot's turn, on the newest view (a move's answer holds it)
                view, version = game["view"], game["version"]
                me = view["seat"]
                if view["phase"] == "match_over":
                    mine, theirs = view["final_scores"][me], view["final_scores"][1 - me]
                    print(f"match over: {'won' if view['winner'] == me else 'lost'} {mine}-{theirs}")
                    return
                if view["turn"] != me and view["phase"] != "hand_over":
                    break
                action = choose(view)
                answer = client.post(f"/api/games/{game_id}/actions", json=action,
                                     headers={"If-Match": f'"{version}"'})
                if answer.status_code == 429:  # faster than the server allows: wait
                    time.sleep(float(answer.headers.get("Retry-After", "1")))
                if answer.status_code >= 400:  # or the other seat moved first (dealt, say): read the game again
                    game = client.get(f"/api/games/{game_id}").json()
                    continue
                print(action["kind"], action.get("card") or action.get("source") or "")
                game = answer.json()


if __name__ == "__main__":
    main(sys.argv[1:])
