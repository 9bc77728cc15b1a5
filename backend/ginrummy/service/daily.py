"""The daily deal: each UTC day one match, dealt to everyone who plays it from the day's seed, against the hard
computer; one attempt per player and day; the seed revealed once the day has ended; the day's leaderboard.

The day's seed is drawn (128 bits, ``secrets``) on the day's first request and stored; the commitment shown all
day is ``engine.day_commitment``: SHA-256 of ``ginrummy-daily:<YYYY-MM-DD>:<seed in decimal>``. The match is
dealt with the seed as its own, so its hands' decks and salts come from it as in any match (``engine.fairness``),
and the computer's choices are seeded from the day (``table.computer_key``): two players making the same moves
see the same replies. Until the day ends a daily game keeps its decks and salts to itself (``days.sealed``).
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from typing import Any

from ginrummy.engine import HOUSE, GameState, day_commitment, is_over
from ginrummy.store.base import GameStore

from .days import end_of, stamp, today
from .errors import Conflict, NotFound
from .matches import MatchService, daily_played
from .table import Computer, NewPlayer

DAILY_LEVEL = "hard"
"""The computer every daily deal is played against."""
LEADERBOARD_SIZE = 100
"""Players listed on a day's leaderboard at most (the best)."""
TODAYS_BOARD_SECONDS = 5.0
"""Today's leaderboard is worked out again at most this often (a past day's never changes, and is kept)."""
KEPT_BOARDS = 64
"""Leaderboards kept in memory."""


class DailyService:
    def __init__(self, store: GameStore, matches: MatchService,
                 card: Callable[[str], dict[str, Any]] | None = None) -> None:
        self.store = store
        self.matches = matches
        self.card = card or (lambda _player_id: {"handle": None, "is_bot": False})
        """A player as others see them: the handle the board lists them by (one is made for a player who has none
        yet), and whether it is a bot account."""
        self._seeds: dict[str, int] = {}
        self._boards: dict[str, tuple[float, dict[str, Any]]] = {}
        self._lock = threading.Lock()

    def _today(self) -> tuple[str, int]:
        """Today's date and seed: kept once known (a stored seed never changes), else read, else drawn and stored
        (insert-if-absent: the first process to store one sets the day's)."""
        day = today()
        seed = self._seeds.get(day)
        if seed is None:
            seed = self.store.stored_daily_seed(day)
            if seed is None:
                seed = self.store.daily_seed(day, secrets.randbits(128))
            with self._lock:
                self._seeds = {day: seed}  # only today's is ever needed again
        return day, seed

    def today(self, known_player: str | None) -> dict[str, Any]:
        """Today's date and commitment, and, for a known player, whether they have played today and how it went."""
        day, seed = self._today()
        game_id = self.store.daily_game(day, known_player) if known_player is not None else None
        return {"date": day, "commitment": day_commitment(day, seed), "ends_at": stamp(end_of(day)),
                "level": DAILY_LEVEL, "played": game_id is not None, "game_id": game_id,
                "result": self._result(game_id)}

    def _result(self, game_id: str | None) -> dict[str, Any] | None:
        record = self.store.get_game(game_id) if game_id is not None else None
        if record is None:
            return None
        state = record.state
        over = is_over(state)
        scores = state.final_scores if over else state.scores
        return {"status": "finished" if over else "active", "scores": list(scores),
                "points": scores[0] - scores[1] if over else None, "result": result_of(state) if over else None}

    def play(self, known_player: str | None, new_player: NewPlayer,
             idempotency: tuple[str, str, str] | None = None) -> tuple[dict[str, Any], bool]:
        """Deal today's match to the ``known_player`` (or a new anonymous one, as a new game does); a second
        attempt the same day is refused (409 daily_played, with the game to go back to). With ``idempotency``
        the answer is kept, as ``MatchService.create`` keeps it: (body, replayed)."""
        day, seed = self._today()
        if known_player is not None:
            earlier = self.store.daily_game(day, known_player)
            if earlier is not None:
                raise daily_played(day, earlier)
        return self.matches.create(Computer(DAILY_LEVEL), HOUSE, seed, known_player, new_player, idempotency,
                                   daily=day)

    def _past(self, day: str, allow_today: bool) -> None:
        """Refuse a day that has not begun (404 day_not_begun), and today unless ``allow_today`` (409
        day_not_over)."""
        now = today()
        if day > now:
            raise NotFound("day_not_begun", f"{day} has not begun yet (today is {now}, UTC)")
        if day == now and not allow_today:
            raise Conflict("day_not_over", f"{day} is today: its seed is revealed once it has ended (UTC)",
                           available_at=stamp(end_of(day)))

    def revealed(self, day: str) -> dict[str, Any]:
        """A past day's seed and commitment, to check the one against the other and the day's deals."""
        self._past(day, allow_today=False)
        seed = self.store.stored_daily_seed(day)
        if seed is None:
            raise NotFound("no_daily_deal", f"nobody asked for the daily deal of {day}: it has no seed")
        return {"date": day, "seed": str(seed), "commitment": day_commitment(day, seed),
                "committed_text": f"ginrummy-daily:{day}:{seed}"}

    def leaderboard(self, day: str) -> dict[str, Any]:
        """``day``'s players ranked by their match score minus the computer's, best first (then whoever finished
        first), every match played to its end above every resigned one (resigning never locks in a lead): matches
        finished before the day ended only."""
        self._past(day, allow_today=True)
        final = day < today()
        with self._lock:
            kept = self._boards.get(day)
        if kept is not None and kept[1]["final"] == final and (final or time.monotonic() < kept[0]):
            return kept[1]
        board = self._board(day, final)
        with self._lock:
            self._boards[day] = (time.monotonic() + TODAYS_BOARD_SECONDS, board)
            while len(self._boards) > KEPT_BOARDS:
                del self._boards[next(iter(self._boards))]
        return board

    def _board(self, day: str, final: bool) -> dict[str, Any]:
        rows = []
        for game in self.store.daily_games(day, end_of(day)):
            mine, its = game.state.final_scores
            result = result_of(game.state)
            rows.append((result == "resigned", its - mine, game.finished_at, game.id, game.player_id, {
                "points": mine - its, "result": result, "finished_at": stamp(game.finished_at)}))
        rows.sort(key=lambda row: row[:4])
        entries = []
        for rank, row in enumerate(rows[:LEADERBOARD_SIZE], start=1):  # the players named: those listed only
            player = self.card(row[4])
            entries.append({"rank": rank, "handle": player["handle"], "is_bot": player["is_bot"], **row[5]})
        return {"date": day, "final": final, "players": len(rows), "entries": entries}


def result_of(state: GameState) -> str:
    """How a finished daily match ended for the player: won, lost, or resigned (the computer won it short of the
    target: the day's rules, ``HOUSE``, score to a target, and the computer never resigns)."""
    if state.winner == 0:
        return "won"
    return "lost" if state.scores[1] >= state.rules.target else "resigned"
