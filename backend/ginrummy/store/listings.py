"""Listings of stored games: a player's games (in either seat, newest first, a page at a time), one of them,
and a day's finished daily games.

A part of ``SqlStore`` (it inherits ``GameListings``). A listed game's state is this process's copy when it is
current, else the row's snapshot: written whenever a hand ends, so enough for scores and the winner.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import and_, or_, select
from sqlalchemy.engine import Engine

from ginrummy.engine import GameState

from .codec import decode_row
from .recent import StateCache
from .records import DailyGame, PlayerGame
from .tables import PLAYER_GAME_COLUMNS, games


class GameListings:
    engine: Engine
    cache: StateCache

    def _player_game(self, row: Any, player_id: str) -> PlayerGame:
        state = self._player_game_state(row)
        return PlayerGame(row.id, row.level, row.status, float(row.created_at), float(row.updated_at), state,
                          bool(row.practice), 0 if row.player_id == player_id else 1, row.daily)

    def player_games(self, player_id: str, limit: int,
                     after: tuple[float, str] | None = None) -> tuple[list[PlayerGame], bool]:
        """Up to ``limit`` of the player's games (in either seat), newest first by (created_at, id), starting
        after the (created_at, id) key ``after`` (keyset paging); the flag says whether more follow. Each seat's
        games are read by their own index, newest first, and the two lists merged."""
        def page(seat_column: Any) -> Any:
            query = select(*PLAYER_GAME_COLUMNS).where(seat_column == player_id)
            if after is not None:
                created_at, game_id = after
                query = query.where(or_(games.c.created_at < created_at,
                                        and_(games.c.created_at == created_at, games.c.id < game_id)))
            return query.order_by(games.c.created_at.desc(), games.c.id.desc()).limit(limit + 1)

        with self.engine.connect().execution_options(readonly=True) as connection:
            rows = [*connection.execute(page(games.c.player_id)).all(),
                    *connection.execute(page(games.c.seat1_player_id)).all()]
        rows = sorted({row.id: row for row in rows}.values(), key=lambda row: (row.created_at, row.id), reverse=True)
        return [self._player_game(row, player_id) for row in rows[:limit]], len(rows) > limit

    def player_game(self, player_id: str, game_id: str) -> PlayerGame | None:
        """One of the player's games (in either seat); None when there is no such game or it is another
        player's."""
        query = select(*PLAYER_GAME_COLUMNS).where(
            and_(games.c.id == game_id, or_(games.c.player_id == player_id, games.c.seat1_player_id == player_id)))
        with self.engine.connect().execution_options(readonly=True) as connection:
            row = connection.execute(query).first()
        return None if row is None else self._player_game(row, player_id)

    def daily_games(self, day: str, finished_before: float) -> list[DailyGame]:
        """``day``'s games that were over before ``finished_before`` (a finished game's last move ended it)."""
        query = select(games.c.id, games.c.player_id, games.c.updated_at, games.c.version, games.c.schema,
                       games.c.state).where(and_(games.c.daily == day, games.c.status == "finished",
                                                 games.c.updated_at < finished_before))
        with self.engine.connect().execution_options(readonly=True) as connection:
            rows = connection.execute(query).all()
        return [DailyGame(row.id, row.player_id, float(row.updated_at), self._player_game_state(row))
                for row in rows]

    def _player_game_state(self, row: Any) -> GameState:
        """A listed game's state: this process's copy at the row's version, else the snapshot (written whenever a
        hand ends, so enough for scores and the winner)."""
        known = self.cache.get(row.id)
        return known.state if known is not None and known.version == row.version else decode_row(row.schema, row.state)
