"""Upkeep of the store: deleting old games and the answers kept for idempotency keys once they expire.

A part of ``SqlStore`` (it inherits ``Upkeep``); ``api.observability`` runs it on a timer.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

from sqlalchemy import delete, select, tuple_
from sqlalchemy.engine import Engine

from .records import move_scope
from .tables import game_events, games, idempotency


class Upkeep:
    engine: Engine
    _writer: AbstractContextManager[Any]

    def delete_stale(self, finished_before: float, abandoned_before: float) -> int:
        """Delete finished games last touched before one time and unfinished ones before another."""
        with self._writer, self.engine.begin() as connection:
            stale = connection.execute(select(games.c.id).where(
                ((games.c.status == "finished") & (games.c.updated_at < finished_before))
                | ((games.c.status == "active") & (games.c.updated_at < abandoned_before)))).scalars().all()
            for chunk in range(0, len(stale), 500):
                ids = stale[chunk:chunk + 500]
                connection.execute(delete(game_events).where(game_events.c.game_id.in_(ids)))
                connection.execute(delete(idempotency).where(idempotency.c.game_id.in_(
                    [scope for game_id in ids for scope in (game_id, move_scope(game_id, 1))])))
                connection.execute(delete(games).where(games.c.id.in_(ids)))
        return len(stale)

    def delete_expired_replies(self, created_before: float, batch: int = 1000) -> int:
        """Delete the answers kept for idempotency keys stored before a time; a request that repeats such a key
        is then applied as a new one. Deletes in batches of short transactions, so that moves go on between
        them (on SQLite each holds the write lock)."""
        removed = 0
        while True:
            with self._writer, self.engine.begin() as connection:
                keys = [tuple(row) for row in connection.execute(
                    select(idempotency.c.game_id, idempotency.c.key)
                    .where(idempotency.c.created_at < created_before).limit(batch)).all()]
                if keys:
                    connection.execute(delete(idempotency).where(
                        tuple_(idempotency.c.game_id, idempotency.c.key).in_(keys)))
            removed += len(keys)
            if len(keys) < batch:
                return removed
