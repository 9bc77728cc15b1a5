"""What the service needs of a store: games by id under a lock, their event logs, idempotent answers and players.

``SqlStore`` (SQLite or PostgreSQL) is the one implementation; the service is written against these protocols. The
records they take and give (``GameRecord``, ``MoveWrite``, ``Seek``, ...) are in ``records.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, Protocol

from ginrummy.engine import Event, GameState

from .records import (
    DailyGame,
    GameRecord,
    MoveWrite,
    PairedGame,
    PlayerGame,
    Profile,
    RatedResult,
    Seek,
    StoredReply,
    Written,
)

__all__ = ["Deal", "Fits", "GameStore", "LockedGame", "ProfileStore", "SeekStore"]


class ProfileStore(Protocol):
    def profile(self, player_id: str) -> Profile: ...
    def set_handle(self, player_id: str, handle: str, only_if_none: bool = False) -> bool: ...
    def make_bot(self, player_id: str) -> bool: ...
    def rank(self, player_id: str, pool: str, max_sigma: float, min_matches: int) -> int | None: ...
    def leaderboard(self, pool: str, limit: int, max_sigma: float, min_matches: int) -> list[dict[str, Any]]: ...


class LockedGame(Protocol):
    """A game row held under lock inside one transaction; what is saved through it commits together."""

    record: GameRecord | None

    def stored_reply(self, scope: str, key: str) -> StoredReply | None: ...

    def save(self, state: GameState, events: list[Event], reply: tuple[str, str, str] | None,
             stats: dict[str, int] | None = None, seat1_stats: dict[str, int] | None = None,
             rated: RatedResult | None = None, reserves: tuple[float, float] | None = None) -> int: ...

    def seat(self, token: str, player_id: str | None) -> None: ...

    def offer_rematch(self, seat: int) -> None: ...

    def start_rematch(self, game_id: str, state: GameState, events: list[Event],
                      stats: tuple[dict[str, int] | None, dict[str, int] | None]) -> None: ...

    def state_at(self, version: int) -> GameState: ...

    def version_events(self, version: int) -> list[tuple[int, Event]]: ...


class GameStore(Protocol):
    def get_game(self, game_id: str) -> GameRecord | None: ...

    def recent_game(self, game_id: str, within: float) -> GameRecord | None:
        """The game as this process last read or wrote it, when that was at most ``within`` seconds ago (without
        asking the database), else as ``get_game`` reads it. Another process may have moved it since: a move made
        on this copy is refused when it is stored (its version is checked) and is to be made again on a fresh
        read; what else a copy may be behind on (whether the other seat's player is following the game) is at
        most ``within`` seconds old."""
        ...

    def locked(self, game_id: str) -> AbstractContextManager[LockedGame]: ...

    def commit_move(self, move: MoveWrite) -> Written | StoredReply: ...

    def create_game(self, game_id: str, token: str, level: str | None, player_id: str | None, state: GameState,
                    events: list[Event], stats: dict[str, int] | None = None, practice: bool = False,
                    reply: tuple[str, str, str, dict[str, Any]] | None = None,
                    invite_code: str | None = None, turn_seconds: int | None = None, daily: str | None = None
                    ) -> None: ...

    def stored_reply(self, scope: str, key: str) -> StoredReply | None: ...

    def unfinished_games(self, player_id: str) -> int: ...

    def events(self, game_id: str, since: int, limit: int = 5000, hand: int | None = None
               ) -> list[tuple[int, Event]]: ...

    def create_player(self, player_id: str, token: str) -> None: ...

    def player_by_token(self, token: str) -> str | None: ...

    def player_stats(self, player_id: str) -> dict[str, int]: ...

    def player_games(self, player_id: str, limit: int, after: tuple[float, str] | None = None
                     ) -> tuple[list[PlayerGame], bool]: ...

    def player_game(self, player_id: str, game_id: str) -> PlayerGame | None: ...

    def ping(self) -> None: ...

    def listen(self, moved: Callable[[str], None]) -> bool: ...

    def mark_seen(self, game_id: str, seat: int, when: float | None) -> None: ...

    def daily_seed(self, day: str, fresh: int) -> int: ...

    def stored_daily_seed(self, day: str) -> int | None: ...

    def daily_game(self, day: str, player_id: str) -> str | None: ...

    def daily_games(self, day: str, finished_before: float) -> list[DailyGame]: ...


# --- the queue of seeks (play someone now): store.seeks.SeekQueue

Fits = Callable[[Seek, Seek, float], bool]
"""Whether two waiting seeks may be paired at a time (their ratings close enough for how long they waited)."""
Deal = Callable[[Seek, Seek], PairedGame]
"""Deal the match of two seeks being paired; the first seek named takes seat 0."""


class SeekStore(Protocol):
    def open(self, seek_id: str, player_id: str, pool: str, rated: bool, rating: float, tier: int) -> Seek: ...
    def get(self, seek_id: str) -> Seek | None: ...
    def waiting_of(self, player_id: str) -> Seek | None: ...
    def cancel(self, seek_id: str) -> Seek | None: ...
    def pair(self, seek_id: str, fits: Fits, deal: Deal,
             live_seconds: float) -> tuple[Seek | None, str | None]: ...
    def delete_ended(self, before: float) -> int: ...
