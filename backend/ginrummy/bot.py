"""One of our computer levels playing a seat through the public HTTP API, as any other program would.

``gin-rummy bot --join LINK`` takes seat 1 of a game with an invite (the link or the game id and code the
creator got) and plays it; ``gin-rummy bot --create URL`` makes a game with an invite, prints the link to give
someone, and plays seat 0. The bot reads its seat's view from the API, hands it to the level's player (the same
view the server's computer player gets: ``View.from_json``) and sends the move; while it is the other seat's
turn it waits with a long poll of the event log. Nothing here reaches into the server: it is the proof that the
API is enough to write a bot.
"""

from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import httpx

from ginrummy.ai import make_player
from ginrummy.engine import View

JOIN_LINK = re.compile(r"#/join/(?P<game>[A-Za-z0-9_-]+)/(?P<code>[A-Za-z0-9_-]+)$")
WAIT_SECONDS = 25
"""How long one long poll waits for the other seat's move."""
SEEK_WAIT_SECONDS = 25
"""How long one look at a seek waits for it to be paired (the server allows up to 30)."""

Json = dict[str, Any]
IDLE_CONNECTION_SECONDS = 2.0
"""How long the bot keeps an idle connection for reuse: less than the server's keep-alive (5 s by default), so
that it never sends a request down a connection the server is closing at that moment."""


def connect(url: str) -> httpx.Client:
    """A client on the server at ``url``: 30 s for an answer, idle connections let go before the server's are."""
    return httpx.Client(base_url=url, timeout=30, limits=httpx.Limits(keepalive_expiry=IDLE_CONNECTION_SECONDS))


def parse_join_link(link: str) -> tuple[str, str, str]:
    """(server URL, game id, invite code) of a join link such as ``http://host:8000/#/join/ID/CODE``."""
    found = JOIN_LINK.search(link)
    if found is None:
        raise ValueError(f"not a join link (…/#/join/GAME/CODE): {link!r}")
    parts = urlsplit(link)
    return f"{parts.scheme}://{parts.netloc}", found["game"], found["code"]


@dataclass
class Bot:
    """A seat of one game, played by ``level`` through ``client`` (an ``httpx.Client`` on the server's URL)."""

    client: httpx.Client
    level: str = "medium"
    deal_after: float = 0.0
    """Seconds to leave the other seat to deal the next hand before dealing it (either seat may)."""
    game_id: str = ""
    token: str = ""
    seat: int = 0
    moves: int = 0
    seen: int = 0
    """The last event seq seen."""
    log: list[str] = field(default_factory=list)

    def create(self, **request: Any) -> str:
        """Make a game with an invite for seat 1 and sit in seat 0; the join link to give the other player."""
        body = self._answer(self.client.post("/api/games", json={"opponent": {"kind": "invite"}, **request}))
        self.game_id, self.token, self.seat = body["game_id"], body["seat_token"], 0
        return str(self.client.base_url).rstrip("/") + str(body["invite"]["path"])

    def join(self, game_id: str, code: str) -> None:
        """Take seat 1 of ``game_id`` with its invite code."""
        body = self._answer(self.client.post(f"/api/games/{game_id}/join", json={"code": code}))
        self.game_id, self.token, self.seat = game_id, body["seat_token"], 1

    def seek(self, player_token: str, rated: bool = True) -> None:
        """Seek a match as the player of ``player_token`` and take the seat the queue pairs it into (waiting on
        through any offer of a computer: a bot ladder is for bots)."""
        auth = {"Authorization": f"Bearer {player_token}"}
        body = self._answer(self.client.post("/api/seeks", json={"rated": rated}, headers=auth))
        while body["status"] != "matched":
            if body["status"] == "cancelled":
                raise RuntimeError("the seek was cancelled")
            body = self._answer(self.client.get(f"/api/seeks/{body['seek_id']}", params={"wait": SEEK_WAIT_SECONDS},
                                                headers=auth, timeout=SEEK_WAIT_SECONDS + 10))
        self.game_id, self.token, self.seat = body["game_id"], body["seat_token"], body["seat"]
        self.seen = 0

    def play(self) -> Json:
        """Play until the match is over; the final view."""
        player = make_player(self.level, random.randrange(2**32))
        over_since: float | None = None
        while True:
            body = self._answer(self.client.get(f"/api/games/{self.game_id}", headers=self._auth()))
            view = body["view"]
            if view["phase"] == "match_over":
                return view  # type: ignore[no-any-return]
            if view["phase"] == "hand_over":
                over_since = over_since or time.monotonic()
                if time.monotonic() - over_since < self.deal_after:
                    self._wait(min(self.deal_after, WAIT_SECONDS))
                    continue
            else:
                over_since = None
            if view["turn"] == self.seat or view["phase"] == "hand_over":
                action = player.choose(View.from_json(view)).to_json()
                self._move(action, body["version"])
            else:
                self._wait(WAIT_SECONDS)

    def _move(self, action: Json, version: int) -> None:
        """Post ``action``, one of the view's legal actions, back as it is."""
        while True:
            response = self.client.post(f"/api/games/{self.game_id}/actions", json=action,
                                        headers={**self._auth(), "If-Match": f'"{version}"'})
            if response.status_code != 429:
                break
            time.sleep(float(response.headers.get("Retry-After", "1")))  # the server's pace: moves per second
        if response.status_code in (409, 412):  # the other seat moved first (dealt the next hand, say): read again
            return
        self._answer(response)
        self.moves += 1
        self.log.append(" ".join([action["kind"], *(action[k] for k in ("card", "source") if k in action)]))

    def _wait(self, seconds: float) -> None:
        """Wait for the next event after those seen (or ``seconds``)."""
        events = self._answer(self.client.get(f"/api/games/{self.game_id}/events",
                                              params={"since": self.seen, "wait": seconds},
                                              headers=self._auth(), timeout=seconds + 10))["events"]
        if events:
            self.seen = events[-1]["seq"]

    def _auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    @staticmethod
    def _answer(response: httpx.Response) -> Json:
        if response.status_code >= 400:
            problem = response.json() if response.headers.get("content-type", "").endswith("json") else {}
            raise RuntimeError(f"{response.request.method} {response.request.url.path}: {response.status_code} "
                               f"{problem.get('code', '')} {problem.get('detail', response.text[:200])}")
        body: Json = response.json()
        return body


def bot_account(client: httpx.Client) -> str:
    """A new player made a bot account: its player token."""
    token: str = Bot._answer(client.post("/api/players"))["player_token"]
    Bot._answer(client.post("/api/players/me/bot", headers={"Authorization": f"Bearer {token}"}))
    return token


def ladder(url: str, level: str, matches: int, player_token: str | None) -> int:
    """``gin-rummy bot --seek``: play ``matches`` rated matches in the bot pool as ``level``, one after another,
    with a bot account (a new one, whose token is printed, unless ``player_token`` names one)."""
    with connect(url) as client:
        if player_token is None:
            player_token = bot_account(client)
            # Written with "=": a token may begin with "-", which would read as an option on its own.
            print(f"bot account: {player_token} (play as it again with --player-token={player_token})", flush=True)
        for number in range(1, matches + 1):
            bot = Bot(client, level, deal_after=2.0)
            bot.seek(player_token)
            final = bot.play()
            mine, theirs = final["final_scores"][bot.seat], final["final_scores"][1 - bot.seat]
            verdict = "won" if final["winner"] == bot.seat else "lost"
            rating = Bot._answer(client.get("/api/players/me", headers={"Authorization": f"Bearer {player_token}"}))
            print(f"match {number}: {level} {verdict} {mine}-{theirs}; rating {rating['rating']['rating']} "
                  f"± {rating['rating']['deviation']}", flush=True)
    return 0


def daily(url: str, level: str, player_token: str | None) -> int:
    """``gin-rummy bot --daily``: play today's daily deal as ``level`` with a bot account (a new one, whose token is
    printed, unless ``player_token`` names one), then print the day's leaderboard as it stands."""
    with connect(url) as client:
        if player_token is None:
            player_token = bot_account(client)
            # Written with "=": a token may begin with "-", which would read as an option on its own.
            print(f"bot account: {player_token} (play as it again with --player-token={player_token})", flush=True)
        auth = {"Authorization": f"Bearer {player_token}"}
        dealt = Bot._answer(client.post("/api/daily/play", headers=auth))
        bot = Bot(client, level, game_id=dealt["game_id"], token=dealt["seat_token"], seat=0)
        final = bot.play()
        day = dealt["view"]["daily"]
        handle = Bot._answer(client.get("/api/players/me", headers=auth))["handle"]
        board = Bot._answer(client.get(f"/api/daily/{day}/leaderboard"))
    mine, theirs = final["final_scores"]
    print(f"{day}: {handle} ({level}) {'won' if final['winner'] == 0 else 'lost'} {mine}-{theirs} against the "
          f"computer; {board['players']} player{'' if board['players'] == 1 else 's'} so far")
    for entry in board["entries"]:
        label = "bot" if entry["is_bot"] else "   "
        print(f"{entry['rank']:>4}  {entry['handle']:<22} {label}  {entry['points']:>+5}  {entry['result']}")
    return 0


def run(join: str | None, create: str | None, level: str, deal_after: float, target: int | None) -> int:
    """``gin-rummy bot``: join a game by its link, or create one and print its link; play it; print the end."""
    url = create if create is not None else parse_join_link(join or "")[0]
    with connect(url) as client:
        bot = Bot(client, level, deal_after)
        if create is not None:
            link = bot.create(**({"settings": {"target": target}} if target else {}))
            print(f"join link for seat 1: {link}", flush=True)
        else:
            _, game_id, code = parse_join_link(join or "")
            bot.join(game_id, code)
            print(f"joined game {game_id} in seat 1 as {level}", flush=True)
        final = bot.play()
    mine, theirs = final["final_scores"][bot.seat], final["final_scores"][1 - bot.seat]
    verdict = "won" if final["winner"] == bot.seat else "lost"
    print(f"{level} {verdict} {mine}-{theirs} in {len(final['history'])} hands, {bot.moves} moves")
    return 0
