"""The daily deal's rows: each day's seed, drawn on the day's first request, and a player's game of a day.

A part of ``SqlStore`` (it inherits ``DailyDeals``); the day's finished games are listed
by ``listings.GameListings`` with the other game listings.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

from sqlalchemy import and_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine

from ginrummy import clock

from .tables import daily_seeds, games


class DailyDeals:
    engine: Engine
    is_sqlite: bool
    _writer: AbstractContextManager[Any]

    def daily_seed(self, day: str, fresh: int) -> int:
        """The seed of ``day``: ``fresh`` is stored when the day has none yet. Insert-if-absent, then read, in one
        transaction: of processes racing on the day's first request, one's seed is stored and all answer it."""
        dialect = postgresql if not self.is_sqlite else sqlite
        with self._writer, self.engine.begin() as connection:
            connection.execute(dialect.insert(daily_seeds).values(day=day, seed=str(fresh), created_at=clock.now())
                               .on_conflict_do_nothing(index_elements=["day"]))
            return int(connection.execute(select(daily_seeds.c.seed).where(daily_seeds.c.day == day)).scalar_one())

    def stored_daily_seed(self, day: str) -> int | None:
        """The seed of ``day``, if one was drawn (nothing is written)."""
        with self.engine.connect().execution_options(readonly=True) as connection:
            seed = connection.execute(select(daily_seeds.c.seed).where(daily_seeds.c.day == day)).scalar()
        return None if seed is None else int(seed)

    def daily_game(self, day: str, player_id: str) -> str | None:
        """The id of the player's game of ``day``'s deal, if they have one."""
        with self.engine.connect().execution_options(readonly=True) as connection:
            game_id = connection.execute(select(games.c.id).where(
                and_(games.c.daily == day, games.c.player_id == player_id))).scalar()
        return None if game_id is None else str(game_id)
