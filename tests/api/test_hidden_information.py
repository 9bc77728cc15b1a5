"""Seat 0 never learns a card it may not know: the computer's unseen cards and the stock stay out of every
response (views, move answers, the event log, hints and refusals) while a hand is being played.

The truth comes from the store: after each response the stored state says which cards are hidden right
now, and no card named anywhere in the response may be one of them.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from helpers import (
    Game,
    Json,
    api_client,
    assert_nothing_hidden_shown,
    assert_problem,
    hidden_cards,
    play_match,
    random_action,
    stored_state,
    wrong_phase_request,
)

from ginrummy.engine import PRESETS
from ginrummy.service import table as service

# 200 matches on SQLite, fewer of the presets whose matches take longest (only Gin ends a Straight Gin hand;
# Hollywood needs two or three games won).
MATCHES = {"house": 27, "big-gin": 27, "line-bonus": 27, "traditional": 27, "oklahoma": 27, "oklahoma-classic": 27,
           "straight": 14, "hollywood": 14, "hollywood-five": 10}
SETTINGS = {"target": 30}
LEVELS = ["medium"] * 8 + ["easy", "hard"]  # easy knocks late and hard plays out look-aheads: both are slower
PROBE_RATE = 0.08


@pytest.fixture
def sqlite_client(tmp_path: Path) -> Iterator[TestClient]:
    """SQLite in memory-backed storage when there is some: these tests are about what is shown, not about
    durability, and a file on tmpfs makes each commit's fsync free."""
    shm = Path("/dev/shm")
    with tempfile.TemporaryDirectory(dir=shm if shm.is_dir() else tmp_path) as folder, \
            api_client(f"sqlite:///{folder}/games.db") as client:
        yield client


def probe(game: Game, rng: random.Random) -> None:
    """Between moves, ask what else a client may ask: the game, the event log from some point, a hint,
    and a refused move naming a hidden card. Each answer goes through the game's checks."""
    assert game.get().status_code == 200
    game.events(rng.randint(0, game.seq))
    assert game.hint().status_code in (200, 409)
    hidden = sorted(hidden_cards(stored_state(game.client, game.id)))
    if hidden and game.view["phase"] == "discard":
        problem = assert_problem(game.post(rng.choice(["discard", "knock"]), {"card": rng.choice(hidden)}), 409)
        assert problem["code"] == "card_not_in_hand"
    else:
        assert_problem(game.post(*wrong_phase_request(game.view)), 409)


def play_watched_matches(client: TestClient, rng: random.Random, presets: list[str], matches: int) -> int:
    """Play ``matches`` matches, cycling through ``presets``, checking every response; returns the hands played."""
    hands = 0
    for number in range(matches):
        game, _ = Game.create(client, checks=[assert_nothing_hidden_shown], rules=presets[number % len(presets)],
                              settings=SETTINGS, level=rng.choice(LEVELS))

        def after_move(action: Json, body: Json, game: Game = game) -> None:
            if rng.random() < PROBE_RATE:
                probe(game, rng)

        final = play_match(game, rng, random_action, on_move=after_move)
        assert final["winner"] in (0, 1) and final["deck"] is not None
        hands += len(final["history"])
    return hands


def test_two_hundred_matches_over_every_preset() -> None:
    assert sum(MATCHES.values()) >= 200 and set(MATCHES) == set(PRESETS)


@pytest.mark.parametrize(("preset", "matches"), MATCHES.items())
def test_no_hidden_card_is_ever_shown(sqlite_client: TestClient, preset: str, matches: int) -> None:
    rng = random.Random(f"hidden:{preset}")
    assert play_watched_matches(sqlite_client, rng, [preset], matches) >= matches


def test_no_hidden_card_is_ever_shown_on_both_databases(client: TestClient) -> None:
    rng = random.Random("hidden:both")
    assert play_watched_matches(client, rng, sorted(PRESETS), 10) >= 10


def test_the_check_itself_catches_a_leak(sqlite_client: TestClient) -> None:
    """The watcher is not blind: a response naming one hidden card, as a value or as a symbol, fails it."""
    game, _ = Game.create(sqlite_client, checks=[assert_nothing_hidden_shown], seed=4242)
    hidden = sorted(hidden_cards(stored_state(sqlite_client, game.id)))
    assert hidden, "the first hand of seed 4242 should still be in play"
    card = hidden[0]
    symbol = card.replace("T", "10")[:-1] + "♣♦♥♠"["CDHS".index(card[-1])]

    class Leaky:
        def __init__(self, body: object) -> None:
            self.body = body
            self.request = game.get().request

        def json(self) -> object:
            return self.body

    for body in ({"view": {"x": [card]}}, {"reason": f"Take {symbol}."},
                 {"events": [{"seq": 9, "hand": 1, "kind": "drew", "seat": 1, "source": "stock", "card": "??"}]}):
        with pytest.raises(AssertionError):
            assert_nothing_hidden_shown(game, Leaky(body))  # type: ignore[arg-type]


def test_the_check_catches_a_server_that_shows_stock_draws(sqlite_client: TestClient,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """With the service's event filter switched off, the computer's stock draws show: the watcher notices."""
    monkeypatch.setattr(service, "events_for", lambda events, seat, state: list(events))
    with pytest.raises(AssertionError, match=r"hidden|stock draw is shown"):
        play_watched_matches(sqlite_client, random.Random(1), ["house"], 5)
