"""Shared helpers of the API tests: a game handle that checks every answer it gets, a random legal
client, and the hidden cards of a game read from the store's truth."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import httpx
from fastapi.testclient import TestClient

from ginrummy.api.schemas import CreatedGameResponse, EventsResponse, GameResponse, JoinedGameResponse, StatsResponse
from ginrummy.engine import GameState, Phase

CARD_CODE = re.compile(r"^(10|[A2-9TJQK])[CDHS]$")
CARD_SYMBOL = re.compile(r"(10|[A2-9JQK])([♣♦♥♠])")
SUIT_LETTER = dict(zip("♣♦♥♠", "CDHS", strict=True))
OVER = frozenset({"hand_over", "match_over"})
PROBLEM_FIELDS = ("type", "title", "status", "detail", "code")
ROUTES = {"take_upcard": "take-upcard", "pass": "pass", "draw": "draw", "discard": "discard", "knock": "knock",
          "big_gin": "big-gin", "next_hand": "next-hand"}
GAME_ID = re.compile(r"^[A-Za-z0-9_-]{22,}$")

Json = dict[str, Any]
Check = Callable[["Game", httpx.Response], None]
"""Called with every response a ``Game`` receives (successes and errors alike)."""


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@contextmanager
def api_client(database_url: str) -> Iterator[TestClient]:
    """An in-process client of a fresh app on ``database_url`` (like the ``client`` fixture)."""
    from ginrummy.api.app import create_app
    from ginrummy.api.config import Settings
    from open_limits import OPEN_LIMITS

    with TestClient(create_app(Settings(database_url=database_url, **OPEN_LIMITS))) as client:  # type: ignore[arg-type]
        yield client


def action_request(action: Json) -> tuple[str, Json | None]:
    """The route and JSON body that ask for one of a view's legal actions."""
    kind = action["kind"]
    if kind == "draw":
        return ROUTES[kind], {"source": action["source"]}
    if kind in ("discard", "knock"):
        return ROUTES[kind], {"card": action["card"]}
    return ROUTES[kind], None


def assert_problem(response: httpx.Response, status: int, code: str | None = None) -> Json:
    """The response is RFC 9457 problem+json with this status (and code); returns the body."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json"), response.headers
    body: Json = response.json()
    assert all(name in body for name in PROBLEM_FIELDS), body
    assert body["status"] == status
    assert all(isinstance(body[name], str) and body[name] for name in ("type", "title", "detail", "code"))
    if code is not None:
        assert body["code"] == code, body
    return body


@dataclass
class Game:
    """One game seen through the API as one seat (0 unless joined as 1). Every response goes through ``checks``;
    accepted moves must bump the version by one and continue the event log without a gap."""

    client: TestClient
    id: str
    token: str
    version: int
    view: Json
    seq: int
    checks: list[Check] = field(default_factory=list)
    seat: int = 0

    @classmethod
    def create(cls, client: TestClient, checks: list[Check] | None = None, headers: dict[str, str] | None = None,
               **request: Any) -> tuple[Game, Json]:
        response = client.post("/api/games", json=request, headers=headers)
        assert response.status_code == 201, response.text
        body: Json = response.json()
        GameResponse.model_validate(body)
        assert body["version"] == 1 and response.headers["etag"] == '"1"'
        seqs = [event["seq"] for event in body["events"]]
        assert seqs == list(range(1, len(seqs) + 1)) and seqs, seqs
        game = cls(client, body["game_id"], body["seat_token"], 1, body["view"], len(seqs), list(checks or []))
        game.check(response)
        return game, body

    def headers(self, **extra: str) -> dict[str, str]:
        return {**bearer(self.token), **extra}

    def check(self, response: httpx.Response) -> httpx.Response:
        for check in self.checks:
            check(self, response)
        return response

    # --- requests ---------------------------------------------------------------------------------------

    def get(self) -> httpx.Response:
        return self.check(self.client.get(f"/api/games/{self.id}", headers=self.headers()))

    def events(self, since: int = 0) -> list[Json]:
        response = self.check(self.client.get(f"/api/games/{self.id}/events", params={"since": since},
                                              headers=self.headers()))
        assert response.status_code == 200, response.text
        body: Json = response.json()
        EventsResponse.model_validate(body)
        assert body["version"] == self.version
        events: list[Json] = body["events"]
        return events

    def hint(self) -> httpx.Response:
        return self.check(self.client.get(f"/api/games/{self.id}/hint", headers=self.headers()))

    def post(self, route: str, body: Json | None = None, headers: dict[str, str] | None = None,
             **kwargs: Any) -> httpx.Response:
        """A raw move request; the handle's state is not updated (see ``accept``)."""
        response = self.client.post(f"/api/games/{self.id}/{route}", json=body,
                                    headers=self.headers(**(headers or {})), **kwargs)
        return self.check(response)

    def play(self, action: Json) -> Json:
        """Ask for a legal action; it must be accepted. It is posted back as the view offers it, and on every
        other version to the typed route of its kind, so that every game plays both roads."""
        if self.version % 2:
            route, body = action_request(action)
            response = self.post(route, body)
        else:
            response = self.post("actions", action)
        assert response.status_code == 200, f"{action} refused: {response.text}"
        return self.accept(response)

    def accept(self, response: httpx.Response) -> Json:
        """Take an accepted move's answer as the game's new state, checking version, ETag and events."""
        body: Json = response.json()
        GameResponse.model_validate(body)
        assert body["game_id"] == self.id
        assert body["version"] == self.version + 1, (self.version, body["version"])
        assert response.headers["etag"] == f'"{body["version"]}"'
        seqs = [event["seq"] for event in body["events"]]
        assert seqs and seqs == list(range(self.seq + 1, self.seq + 1 + len(seqs))), (self.seq, seqs)
        self.version, self.view, self.seq = body["version"], body["view"], seqs[-1]
        return body

    def snapshot(self) -> tuple[int, str, Json]:
        """(version, ETag, view) as read now, to compare before and after a refused request."""
        response = self.get()
        assert response.status_code == 200, response.text
        body = response.json()
        return body["version"], response.headers["etag"], body["view"]

    def assert_unchanged(self) -> None:
        """The game is still at the version and view this handle last accepted."""
        assert self.snapshot() == (self.version, f'"{self.version}"', self.view)


# --- clients ------------------------------------------------------------------------------------------------

Policy = Callable[[Json, random.Random], Json]


def random_action(view: Json, rng: random.Random, knock_probability: float = 0.8) -> Json:
    """Uniformly one of the legal actions, except that a legal knock (or Big Gin) is taken with
    probability ``knock_probability`` so that hands end."""
    legal: list[Json] = view["legal_actions"]
    enders = [a for a in legal if a["kind"] in ("knock", "big_gin")]
    if enders and rng.random() < knock_probability:
        return rng.choice(enders)
    return rng.choice(legal)


def greedy_action(view: Json, rng: random.Random) -> Json:
    """A sensible player: knock at once, else throw the card that leaves the least deadwood; it takes
    the upcard on odd hands and draws from the pile on odd draws, so every route gets used."""
    legal: list[Json] = view["legal_actions"]
    kinds = {a["kind"]: a for a in legal}
    for kind in ("big_gin", "knock", "next_hand"):
        if kind in kinds:
            enders = [a for a in legal if a["kind"] == kind]
            return min(enders, key=lambda a: deadwood_after(view, a.get("card")))
    if "take_upcard" in kinds:
        return kinds["take_upcard" if view["hand_number"] % 2 else "pass"]
    draws = {a["source"]: a for a in legal if a["kind"] == "draw"}
    if draws:
        return draws.get("discard" if view["draws"] % 4 == 1 else "stock") or draws["stock"]
    discards = [a for a in legal if a["kind"] == "discard"]
    least = min(deadwood_after(view, a["card"]) for a in discards)
    return rng.choice([a for a in discards if deadwood_after(view, a["card"]) == least])


def deadwood_after(view: Json, card: str | None) -> int:
    options = {o["card"]: o["deadwood"] for o in view["discard_options"]}
    return options.get(card, 0) if card is not None else 0


def play_hand(game: Game, rng: random.Random, policy: Policy = random_action,
              on_move: Callable[[Json, Json], None] | None = None, max_moves: int = 500) -> Json:
    """Play until the current hand is over; ``on_move(action, body)`` sees every accepted move."""
    for _ in range(max_moves):
        if game.view["phase"] in OVER:
            return game.view
        action = policy(game.view, rng)
        body = game.play(action)
        if on_move is not None:
            on_move(action, body)
    raise AssertionError(f"the hand did not end in {max_moves} moves")


def play_match(game: Game, rng: random.Random, policy: Policy = random_action,
               on_move: Callable[[Json, Json], None] | None = None, max_hands: int = 100) -> Json:
    """Play the whole match; returns the final view."""
    for _ in range(max_hands):
        play_hand(game, rng, policy, on_move)
        if game.view["phase"] == "match_over":
            return game.view
        action = next(a for a in game.view["legal_actions"] if a["kind"] == "next_hand")
        body = game.play(action)
        if on_move is not None:
            on_move(action, body)
    raise AssertionError(f"the match did not end in {max_hands} hands")


def wrong_phase_request(view: Json) -> tuple[str, Json | None]:
    """A well-formed move that the current phase does not allow (seat 0 is never asked to wait)."""
    if view["phase"] in ("first_upcard", "draw"):
        return "discard", {"card": view["hand"][0]}
    if view["phase"] == "discard":
        return "draw", {"source": "stock"}
    return "pass", None


# --- hidden information -------------------------------------------------------------------------------------

def stored_state(client: TestClient, game_id: str) -> GameState:
    record = client.app.state.store.get_game(game_id)  # type: ignore[attr-defined]
    assert record is not None
    state: GameState = record.state
    return state


def hidden_cards(state: GameState, seat: int = 0) -> set[str]:
    """Cards ``seat`` may not know: the stock and the other seat's cards it did not take from the pile
    in plain sight; nothing once the hand is over."""
    hand = state.hand
    if hand.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
        return set()
    unseen = set(hand.hands[1 - seat]) - set(hand.pile_takes[1 - seat])
    return {card.code for card in unseen | set(hand.stock)}


def _is_event(node: Json) -> bool:
    return isinstance(node.get("seq"), int) and isinstance(node.get("hand"), int) and "kind" in node


def shown_cards(payload: Any, current_hand: int) -> set[str]:
    """Every card a response names: string values that are card codes, and card symbols (7♥, 10♦) inside
    text. Events of earlier hands are left out: those hands are over and all their cards are shown."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if _is_event(node) and node["hand"] < current_hand:
                return
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
        elif isinstance(node, str):
            if CARD_CODE.match(node):
                found.add(node.replace("10", "T", 1))
            for rank, suit in CARD_SYMBOL.findall(node):
                found.add(("T" if rank == "10" else rank) + SUIT_LETTER[suit])

    walk(payload)
    return found


def events_in(payload: Any) -> Iterator[Json]:
    """Every event object anywhere in a response body."""
    if isinstance(payload, dict):
        if _is_event(payload):
            yield payload
        for value in payload.values():
            yield from events_in(value)
    elif isinstance(payload, list):
        for value in payload:
            yield from events_in(value)


def assert_nothing_hidden_shown(game: Game, response: httpx.Response) -> None:
    """The hidden-information check, run after every response: compare what it shows with the truth."""
    assert_nothing_hidden_in(game, response.json(), f"{response.request.method} {response.request.url.path}")


def assert_nothing_hidden_in(game: Game, payload: Any, where: str) -> None:
    """What ``payload`` (an answer or a stream message to ``game``'s seat) shows, against the truth."""
    state = stored_state(game.client, game.id)
    hidden = hidden_cards(state, game.seat)
    leaked = shown_cards(payload, state.hand.number) & hidden
    assert not leaked, f"{where} shows hidden {sorted(leaked)}"
    if not hidden:
        return
    for event in events_in(payload):
        if event["hand"] == state.hand.number and event["kind"] == "drew" and event.get("source") == "stock" \
                and event["seat"] != game.seat:
            assert "card" not in event, f"the other seat's stock draw is shown: {event}"


# --- stats --------------------------------------------------------------------------------------------------

def expected_stats(views: list[Json], seat: int = 0) -> dict[str, int]:
    """What ``seat``'s player's stats must be after these finished matches, from the hands on their score
    sheets."""
    hands = [h for view in views for h in view["history"]]
    mine = [h for h in hands if h["winner"] == seat]
    theirs = [h for h in hands if h["winner"] == 1 - seat]
    return {"matches_played": len(views), "matches_won": sum(v["winner"] == seat for v in views),
            "hands_played": len(hands), "hands_won": len(mine),
            "gins": sum(h["outcome"] in ("gin", "big_gin") for h in mine),
            "undercuts_given": sum(h["outcome"] == "undercut" for h in mine),
            "undercuts_suffered": sum(h["outcome"] == "undercut" for h in theirs),
            "points_won": sum(h["points"] for h in mine), "points_lost": sum(h["points"] for h in theirs)}


def stats_of(client: TestClient, player_token: str) -> Json:
    response = client.get("/api/players/me/stats", headers=bearer(player_token))
    assert response.status_code == 200, response.text
    body: Json = response.json()
    StatsResponse.model_validate(body)
    return body


# --- two seats ---------------------------------------------------------------------------------------------

def invited(client: TestClient, **request: object) -> tuple[Game, Game, Json, Json]:
    """A game created with an invite and joined: both seats' handles (each response checked for hidden cards),
    the creation's answer and the join's."""
    created = client.post("/api/games", json={"opponent": {"kind": "invite"}, **request})
    assert created.status_code == 201, created.text
    body: Json = created.json()
    CreatedGameResponse.model_validate(body)
    joined = client.post(f"/api/games/{body['game_id']}/join", json={"code": body["invite"]["code"]})
    assert joined.status_code == 200, joined.text
    seat1: Json = joined.json()
    JoinedGameResponse.model_validate(seat1)
    checks = [assert_nothing_hidden_shown]
    first = Game(client, body["game_id"], body["seat_token"], 1, body["view"], len(body["events"]), list(checks))
    second = Game(client, body["game_id"], seat1["seat_token"], 1, seat1["view"], len(body["events"]), list(checks),
                  seat=1)
    return first, second, body, seat1


def refresh(game: Game) -> Json:
    """Read the seat's view again (the other seat may have moved) and the events it has not seen."""
    response = game.get()
    assert response.status_code == 200, response.text
    body: Json = response.json()
    assert body["seat"] == game.seat and body["view"]["seat"] == game.seat
    moved = body["version"] != game.version
    game.version, game.view = body["version"], body["view"]
    new = game.events(game.seq) if moved else []
    if new:
        assert [e["seq"] for e in new] == list(range(game.seq + 1, game.seq + 1 + len(new)))
        game.seq = new[-1]["seq"]
    return body


def to_act(seats: list[Game]) -> Game | None:
    """The seat whose move it is (either may deal the next hand); None when the match is over."""
    for game in seats:
        refresh(game)
    view = seats[0].view
    if view["phase"] == "match_over":
        return None
    if view["phase"] == "hand_over":
        return seats[view["hand_number"] % 2]
    return seats[view["turn"]]


def backdate(client: TestClient, game_id: str, seconds: float) -> None:
    """Make the game's last move ``seconds`` older, as if that long had passed since."""
    from sqlalchemy import update

    from ginrummy.store.tables import games

    store = client.app.state.store  # type: ignore[attr-defined]
    with store.engine.begin() as connection:
        connection.execute(update(games).where(games.c.id == game_id).values(updated_at=games.c.updated_at - seconds))


def player_token(client: TestClient) -> str:
    """A new anonymous player's token (made, as every player is, with a first game)."""
    created = client.post("/api/games", json={"level": "easy"})
    assert created.status_code == 201, created.text
    token: str = created.json()["player_token"]
    return token
