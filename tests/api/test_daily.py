"""The daily deal: everyone that day is dealt the same match from the day's committed seed, one attempt per player,
nothing of the day's decks or seed in any answer before the day ends, the seed and every deck checkable after it,
no daily game in the stats, and the day's leaderboard.

Time is ``ginrummy.clock``'s, moved here (``day_clock``) to a fixed noon, then past midnight.
"""

from __future__ import annotations

import json
import random
import threading
import time
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient
from helpers import (
    Game,
    Json,
    assert_nothing_hidden_in,
    assert_problem,
    bearer,
    greedy_action,
    play_hand,
    play_match,
    shown_cards,
    stored_state,
)

import ginrummy.clock
from ginrummy.api.schemas import CreatedGameResponse, DailyLeaderboardResponse, DailyResponse, DailyRevealResponse
from ginrummy.cli import main as cli_main
from ginrummy.engine import HOUSE, GameState, Phase, day_commitment, deal, deck_salt, verify_deal
from ginrummy.store import SqlStore

DAY = "2026-06-15"
NOON = datetime(2026, 6, 15, 12, tzinfo=UTC).timestamp()
DAY_SECONDS = 86_400.0


class DayClock:
    """``ginrummy.clock.now`` from a fixed noon, running as real time runs, and moved on by ``later``."""

    def __init__(self) -> None:
        self.started = time.time()
        self.offset = 0.0

    def now(self) -> float:
        return NOON + self.offset + (time.time() - self.started)

    def later(self, seconds: float) -> None:
        self.offset += seconds


@pytest.fixture
def day_clock(monkeypatch: pytest.MonkeyPatch) -> DayClock:
    clock = DayClock()
    monkeypatch.setattr(ginrummy.clock, "now", clock.now)
    return clock


def deal_daily(client: TestClient, token: str | None = None, checks: list[Any] | None = None) -> tuple[Game, Json]:
    """Today's match for a player (a new one without ``token``), as a checked ``Game``."""
    response = client.post("/api/daily/play", headers=bearer(token) if token else None)
    assert response.status_code == 201, response.text
    body: Json = response.json()
    CreatedGameResponse.model_validate(body)
    assert body["view"]["daily"] == DAY and body["view"]["practice"] is False
    game = Game(client, body["game_id"], body["seat_token"], 1, body["view"], len(body["events"]), list(checks or []))
    game.check(response)
    return game, body


def resign(game: Game) -> Json:
    response = game.post("actions", {"kind": "resign"})
    assert response.status_code == 200, response.text
    return game.accept(response)


def test_todays_commitment_and_one_attempt_per_player(client: TestClient, day_clock: DayClock) -> None:
    today = client.get("/api/daily")
    assert today.status_code == 200 and today.headers["cache-control"] == "no-store"
    shown = DailyResponse.model_validate(today.json())
    assert (shown.date, shown.played, shown.game_id, shown.level) == (DAY, False, None, "hard")
    game, body = deal_daily(client)
    player = body["player_token"]
    assert player
    mine = client.get("/api/daily", headers=bearer(player)).json()
    assert mine["commitment"] == shown.commitment  # one seed for the day, however many ask
    assert (mine["played"], mine["game_id"], mine["result"]["status"]) == (True, game.id, "active")

    again = client.post("/api/daily/play", headers=bearer(player))
    problem = assert_problem(again, 409, "daily_played")
    assert problem["game_id"] == game.id
    listed = client.get("/api/players/me/matches", headers=bearer(player)).json()["matches"]
    assert [m["game_id"] for m in listed] == [game.id] and listed[0]["daily"] == DAY  # the refusal wrote nothing

    day_clock.later(DAY_SECONDS)  # the next day: a new deal, a new attempt
    tomorrow = client.get("/api/daily", headers=bearer(player)).json()
    assert tomorrow["date"] == "2026-06-16" and tomorrow["played"] is False
    assert tomorrow["commitment"] != shown.commitment
    response = client.post("/api/daily/play", headers=bearer(player))
    assert response.status_code == 201, response.text
    assert response.json()["view"]["daily"] == "2026-06-16" and response.json()["player_token"] is None


def test_everyone_gets_the_same_deals_and_the_same_replies(sqlite_url: str, day_clock: DayClock,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from helpers import api_client

    from ginrummy.service import turns

    seeded: dict[str, list[int]] = {}  # the seed of every computer player made, by game
    made, playing = turns.make_player, [""]

    def recorded(level: str, seed: int) -> Any:
        seeded.setdefault(playing[0], []).append(seed)
        return made(level, seed=seed)

    monkeypatch.setattr(turns, "make_player", recorded)
    with api_client(sqlite_url) as client:
        playing[0] = "first"
        first, first_body = deal_daily(client)
        playing[0] = "second"
        second, second_body = deal_daily(client)
        assert first_body["view"]["hand"] == second_body["view"]["hand"]
        assert first_body["view"]["commitment"] == second_body["view"]["commitment"]
        assert first_body["events"] == second_body["events"]  # the computer's opening, if it starts, too
        logs: list[list[Json]] = []
        for name, game in (("first", first), ("second", second)):
            playing[0] = name
            play_hand(game, random.Random(7), greedy_action)  # the same moves, move for move
            logs.append(game.events())
        assert logs[0] == logs[1] and any(e["kind"] == "hand_ended" for e in logs[0])
        assert first.get().json()["view"]["scores"] == second.get().json()["view"]["scores"]
        # The computer was seeded alike at every turn: from the day, not from the game.
        assert len(seeded["first"]) > 3 and seeded["first"] == seeded["second"]
        # An ordinary game is its own deal, and its computer is seeded from the game.
        playing[0] = "ordinary"
        other = client.post("/api/games", json={"level": "hard"}).json()
        assert other["view"]["commitment"] != first_body["view"]["commitment"]
        Game(client, other["game_id"], other["seat_token"], 1, other["view"], len(other["events"])).play(
            greedy_action(other["view"], random.Random(7)))
        assert seeded["ordinary"] and not set(seeded["ordinary"]) & set(seeded["first"])


def test_the_days_seed_is_drawn_once_when_processes_race(database_url: str) -> None:
    stores = [SqlStore(database_url), SqlStore(database_url)]  # two servers on one database
    try:
        for day in ("2026-06-15", "2026-06-16", "2026-06-17"):
            start = threading.Barrier(2)
            seeds: list[int] = [0, 0]

            def draw(index: int, day: str = day, start: threading.Barrier = start, seeds: list[int] = seeds) -> None:
                start.wait()
                seeds[index] = stores[index].daily_seed(day, 1000 + index)

            threads = [threading.Thread(target=draw, args=(i,)) for i in range(2)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert seeds[0] == seeds[1] and seeds[0] in (1000, 1001), seeds
            assert stores[0].daily_seed(day, 5) == seeds[0] and stores[1].stored_daily_seed(day) == seeds[0]
    finally:
        for store in stores:
            store.close()


@pytest.mark.parametrize(("path", "status", "code"), [
    ("/api/daily/2026-6-15", 422, "validation_error"),
    ("/api/daily/20260615", 422, "validation_error"),
    ("/api/daily/2026-02-30", 422, "validation_error"),
    ("/api/daily/2026-13-01", 422, "validation_error"),
    ("/api/daily/0000-01-01", 422, "validation_error"),
    ("/api/daily/２０２６-06-14", 422, "validation_error"),
    ("/api/daily/2026-06-14%00", 422, "validation_error"),
    ("/api/daily/9999-12-31", 404, "day_not_begun"),
    ("/api/daily/2026-06-16", 404, "day_not_begun"),
    ("/api/daily/2026-06-15", 409, "day_not_over"),
    ("/api/daily/2026-06-14", 404, "no_daily_deal"),
    ("/api/daily/2026-06-16/leaderboard", 404, "day_not_begun"),
    ("/api/daily/9999-12-31/leaderboard", 404, "day_not_begun"),
    ("/api/daily/2026-02-30/leaderboard", 422, "validation_error"),
])
def test_a_day_that_cannot_be_answered_is_refused(sqlite_url: str, day_clock: DayClock, path: str, status: int,
                                                  code: str) -> None:
    from helpers import api_client

    with api_client(sqlite_url) as client:
        client.get("/api/daily")  # today's seed exists
        problem = assert_problem(client.get(path), status, code)
        assert "seed" not in problem


# --- nothing of the day's secrets before the day's end ------------------------------------------------------------

def secrets_of(state: GameState) -> list[str]:
    """What of a daily game no answer may hold before the day ends: the seed (decimal and hex), each hand's salt,
    and each hand's deck in order."""
    seed = state.seed
    found = [str(seed), f"{seed:x}", f"{seed:032x}"]
    for number in range(1, state.hand.number + 1):
        found.append(deck_salt(seed, number))
        found.append(" ".join(c.code for c in deal(HOUSE, seed, number, 0).deck))
    return found


def undrawn_stock(game: Game, state: GameState, number: int) -> set[str]:
    """Hand ``number``'s stock cards that nobody drew (from the store's log: the deck after the 21 cards dealt and
    the cards drawn from the stock)."""
    store = game.client.app.state.store  # type: ignore[attr-defined]
    drawn = sum(1 for _, event in store.events(game.id, 0, hand=number)
                if event.to_json()["kind"] == "drew" and event.to_json().get("source") == "stock")
    return {card.code for card in deal(HOUSE, state.seed, number, 0).deck[21 + drawn:]}


def assert_sealed(game: Game, payload: Any, where: str, hand: int | None = None) -> None:
    """``payload`` holds neither the seed, a salt, a deck in order, nor a card of a finished hand's stock that nobody
    drew; while a hand is in play, no card its seat may not know. ``hand``: the answer is about that hand alone (its
    review, its events)."""
    state = stored_state(game.client, game.id)
    text = json.dumps(payload)
    for secret in secrets_of(state):
        assert secret not in text, f"{where} holds a secret of the day"
    decks = [[c.code for c in deal(HOUSE, state.seed, n, 0).deck] for n in range(1, state.hand.number + 1)]

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            assert not ({"deck", "salt"} & node.keys() and (node.get("deck") or node.get("salt"))), \
                f"{where} reveals a deck or salt"
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            assert node not in decks, f"{where} lists a deck"
            for value in node:
                walk(value)

    walk(payload)
    current = state.hand.number
    if hand is not None and hand < current:  # a finished hand's own answer: its cards are of its own deck
        left = undrawn_stock(game, state, hand) & shown_cards(payload, 0)
        assert not left, f"{where} shows cards of hand {hand}'s stock that nobody drew: {sorted(left)}"
        return
    assert_nothing_hidden_in(game, payload, where)  # a hand in play: the stock and the computer's cards
    if state.hand.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
        left = undrawn_stock(game, state, current) & shown_cards(payload, current)
        assert not left, f"{where} shows cards of the stock nobody drew: {sorted(left)}"


def scan_every_read(game: Game, player: str) -> int:
    """Ask every read route of the daily game (and the player's and the day's) and scan each answer. Returns how
    many answers were scanned."""
    client = game.client
    state = stored_state(client, game.id)
    finished = [n for n in range(1, state.hand.number + 1)
                if n < state.hand.number or state.hand.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)]
    seat = bearer(game.token)
    answers: list[tuple[str, Any, int | None]] = []

    def read(path: str, headers: dict[str, str], about: int | None = None, **params: Any) -> Any:
        response = client.get(path, headers=headers, params=params)
        assert response.status_code < 500, response.text
        answers.append((f"GET {path} {params}", response.json(), about))
        return response

    read(f"/api/games/{game.id}", seat)
    read(f"/api/games/{game.id}/events", seat)
    read(f"/api/games/{game.id}/events", seat, since=1)
    read(f"/api/games/{game.id}/hint", seat)
    for number in range(1, state.hand.number + 1):
        read(f"/api/games/{game.id}/events", seat, number, hand=number)
        assert_problem(read(f"/api/games/{game.id}/hands/{number}", seat), 409,
                       "daily_sealed" if number in finished else None)
        analysis = read(f"/api/games/{game.id}/hands/{number}/analysis", seat, number)
        assert analysis.status_code in ((200, 409) if number in finished else (409,)), analysis.text
        assert_problem(read(f"/api/players/me/matches/{game.id}/hands/{number}", bearer(player)), 409,
                       "daily_sealed" if number in finished else None)
    read("/api/players/me/matches", bearer(player))
    read(f"/api/players/me/matches/{game.id}", bearer(player))
    read("/api/players/me/stats", bearer(player))
    read("/api/daily", bearer(player))
    read(f"/api/daily/{DAY}", {})
    read(f"/api/daily/{DAY}/leaderboard", {})
    for where, payload, about in answers:
        assert_sealed(game, payload, where, about)
    return len(answers)


def test_no_answer_holds_the_days_seed_or_decks_before_the_day_ends(sqlite_url: str, day_clock: DayClock) -> None:
    from helpers import api_client

    with api_client(sqlite_url) as client:
        seen: list[str] = []

        def sealed(game: Game, response: Any) -> None:  # every answer the game gets, moves too
            seen.append(response.request.url.path)
            assert_sealed(game, response.json(), f"{response.request.method} {response.request.url.path}")

        game, body = deal_daily(client, checks=[sealed])
        player = body["player_token"]
        committed_today = client.get("/api/daily").json()["commitment"]
        commitments = [body["view"]["commitment"]]
        scanned = scan_every_read(game, player)  # the first hand in play
        play_hand(game, random.Random(3), greedy_action)
        assert game.view["phase"] == "hand_over"
        assert game.view["deck"] is None and game.view["salt"] is None  # sealed: no reveal at the hand's end
        assert game.view["revealed"] is not None  # the hands themselves are shown as in any game
        scanned += scan_every_read(game, player)  # a finished hand
        game.play(next(a for a in game.view["legal_actions"] if a["kind"] == "next_hand"))
        commitments.append(game.view["commitment"])
        for _ in range(3):  # the second hand in play
            game.play(greedy_action(game.view, random.Random(5)))
            if game.view["phase"] != "discard" and game.view["phase"] != "draw":
                break
        scanned += scan_every_read(game, player)
        resign(game)
        assert game.view["phase"] == "match_over" and game.view["deck"] is None
        scanned += scan_every_read(game, player)  # the match finished
        assert scanned >= 60 and len(seen) > 5

        # After the day: the seed, checked against the day's commitment, deals every hand the game was shown.
        day_clock.later(DAY_SECONDS)
        revealed = client.get(f"/api/daily/{DAY}")
        assert revealed.status_code == 200, revealed.text
        shown = DailyRevealResponse.model_validate(revealed.json())
        seed = int(shown.seed)
        assert shown.commitment == day_commitment(DAY, seed) == committed_today
        assert shown.committed_text == f"ginrummy-daily:{DAY}:{seed}"
        assert stored_state(client, game.id).seed == seed
        now = client.get(f"/api/games/{game.id}", headers=game.headers()).json()["view"]
        assert now["deck"] is not None and now["salt"] == deck_salt(seed, 2)
        for number, committed in enumerate(commitments, start=1):
            hand = client.get(f"/api/games/{game.id}/hands/{number}", headers=game.headers())
            assert hand.status_code == 200, hand.text
            dealt = hand.json()
            assert dealt["commitment"] == committed
            assert verify_deal(dealt["deck"], dealt["salt"], committed)
            assert dealt["deck"] == [c.code for c in deal(HOUSE, seed, number, 0).deck]
            history = client.get(f"/api/players/me/matches/{game.id}/hands/{number}", headers=bearer(player))
            assert history.status_code == 200 and history.json()["deck"] == dealt["deck"]
            assert cli_main(["verify-deal", "--seed", shown.seed, "--hand", str(number),
                             "--commitment", committed]) == 0
        assert cli_main(["verify-deal", "--seed", shown.seed, "--day", DAY, "--commitment", shown.commitment]) == 0
        assert cli_main(["verify-deal", "--seed", str(seed + 1), "--day", DAY,
                         "--commitment", shown.commitment]) == 1
        assert cli_main(["verify-deal", "--seed", shown.seed, "--hand", "1", "--commitment", commitments[1]]) == 1


# --- stats and the leaderboard -------------------------------------------------------------------------------------

ZERO_STATS = {"matches_played": 0, "matches_won": 0, "hands_played": 0, "hands_won": 0}


def test_daily_games_count_on_the_leaderboard_not_in_stats(client: TestClient, day_clock: DayClock) -> None:
    players: list[tuple[Game, str]] = []
    for _ in range(4):
        game, body = deal_daily(client)
        players.append((game, body["player_token"]))
    (quick, quick_token), (hand, hand_token), (full, full_token), (late, late_token) = players
    assert client.post("/api/players/me/bot", headers=bearer(quick_token)).status_code == 200  # a program's
    play_hand(hand, random.Random(11), greedy_action)  # one hand played, then resigned: points on the sheet
    for game in (quick, hand):
        resign(game)
    play_match(full, random.Random(12), greedy_action)  # played out
    for _, token in players[:3]:
        stats = client.get("/api/players/me/stats", headers=bearer(token)).json()
        assert {name: stats[name] for name in ZERO_STATS} == ZERO_STATS, stats
        assert stats["points_won"] == stats["points_lost"] == 0
    board = client.get(f"/api/daily/{DAY}/leaderboard")
    assert board.status_code == 200, board.text
    ranked = DailyLeaderboardResponse.model_validate(board.json())
    assert not ranked.final and ranked.players == 3 and [e.rank for e in ranked.entries] == [1, 2, 3]
    full_points = full.view["final_scores"][0] - full.view["final_scores"][1]
    resigned = sorted((g.view["final_scores"][0] - g.view["final_scores"][1] for g in (quick, hand)), reverse=True)
    # The match played out ranks first, whatever its points; resigning never locks in a lead.
    assert [e.points for e in ranked.entries] == [full_points, *resigned]
    assert [e.result for e in ranked.entries] == ["won" if full.view["winner"] == 0 else "lost", "resigned",
                                                  "resigned"]
    # Each is listed by the handle its player is known by (made up for a player who has not chosen one).
    assert ranked.entries[0].handle == client.get("/api/players/me", headers=bearer(full_token)).json()["handle"]
    assert all(e.handle for e in ranked.entries) and len({e.handle for e in ranked.entries}) == 3
    quick_handle = client.get("/api/players/me", headers=bearer(quick_token)).json()["handle"]
    assert [e.handle for e in ranked.entries if e.is_bot] == [quick_handle], "a program is labelled as one"
    mine = client.get("/api/daily", headers=bearer(full_token)).json()["result"]
    assert mine["status"] == "finished" and mine["points"] == full_points
    assert client.get("/api/daily", headers=bearer(hand_token)).json()["result"]["result"] == "resigned"

    day_clock.later(DAY_SECONDS)  # the day ends with one game unfinished: finished later, it does not count
    resign(late)
    after = client.get(f"/api/daily/{DAY}/leaderboard").json()
    assert after["final"] is True and after["players"] == 3
    assert client.get("/api/players/me/stats", headers=bearer(late_token)).json()["matches_played"] == 0
    # A rematch of a daily game is an ordinary game.
    rematch = client.post(f"/api/games/{quick.id}/rematch", headers=quick.headers())
    assert rematch.status_code == 200, rematch.text
    new_id = rematch.json()["rematch"]["game_id"]
    assert client.get(f"/api/games/{new_id}", headers=quick.headers()).json()["view"]["daily"] is None


def test_daily_play_is_limited_per_address(sqlite_url: str, day_clock: DayClock) -> None:
    from ginrummy.api.app import create_app
    from ginrummy.api.config import Settings
    from open_limits import OPEN_LIMITS

    settings = Settings(database_url=sqlite_url, **{**OPEN_LIMITS, "rate_limit_daily": "2/hour"})  # type: ignore[arg-type]
    with TestClient(create_app(settings)) as client:
        for _ in range(2):
            assert client.post("/api/daily/play").status_code == 201
        players_before = _count_players(client)
        problem = assert_problem(client.post("/api/daily/play"), 429, "too_many_daily_games")
        assert problem["detail"]
        assert _count_players(client) == players_before  # nothing written before the refusal


def _count_players(client: TestClient) -> int:
    from sqlalchemy import func, select

    from ginrummy.store.tables import players

    store = client.app.state.store  # type: ignore[attr-defined]
    with store.engine.connect() as connection:
        return int(connection.execute(select(func.count()).select_from(players)).scalar_one())


def test_a_refused_deal_writes_nothing(client: TestClient, day_clock: DayClock) -> None:
    before = _count_players(client)
    assert_problem(client.post("/api/daily/play", json={"level": "easy"}), 422, "validation_error")
    assert_problem(client.post("/api/daily/play", content=b"{", headers={"content-type": "application/json"}), 422)
    assert _count_players(client) == before


def test_the_store_keeps_one_daily_game_per_player_and_day(client: TestClient, day_clock: DayClock) -> None:
    """Two requests of one player racing past the service's look: the second game is refused where it is stored."""
    from ginrummy.service.table import Computer, first_deal
    from ginrummy.store import StoreError

    game, body = deal_daily(client)
    store = client.app.state.store  # type: ignore[attr-defined]
    player = store.player_by_token(body["player_token"])
    seed = store.stored_daily_seed(DAY)
    state, events = first_deal("another", HOUSE, seed, Computer("hard"), DAY)
    with pytest.raises(StoreError) as refused:
        store.create_game("another", "token", "hard", player, state, events, None, False, None, None, None, DAY)
    assert refused.value.code == "daily_played"
    assert store.get_game("another") is None and store.daily_game(DAY, player) == game.id
    store.create_game("another", "token", "hard", player, state, events, None, False, None, None, None, "2026-06-16")
    assert store.daily_game("2026-06-16", player) == "another"  # another day's is another game


def test_a_repeated_deal_with_its_idempotency_key_is_the_same_game(client: TestClient, day_clock: DayClock) -> None:
    key = {"Idempotency-Key": "daily-1"}
    first = client.post("/api/daily/play", headers=key)
    players_after_first = _count_players(client)
    again = client.post("/api/daily/play", headers=key)
    assert first.status_code == again.status_code == 201, again.text
    assert again.headers.get("idempotent-replayed") == "true" and again.json() == first.json()
    assert _count_players(client) == players_after_first  # no second anonymous player
    player = bearer(first.json()["player_token"])
    assert_problem(client.post("/api/daily/play", headers={**player, "Idempotency-Key": "daily-2"}), 409,
                   "daily_played")
    assert_problem(client.post("/api/games", headers=key), 422, "idempotency_key_reused")  # another request
