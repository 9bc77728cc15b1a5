"""The queue of players seeking a match, kept in the database so that every server process (and container) pairs
from the same queue.

Pairing is one transaction. On PostgreSQL it locks the seek it pairs and the candidates it looks at with
``FOR UPDATE SKIP LOCKED``: two processes pairing at once never take the same seek, and neither waits on the other
(a seek another transaction holds is left for the next look). On SQLite every writing transaction holds the
database's write lock (``BEGIN IMMEDIATE``), which serialises pairing the same way. The paired match is stored in
that transaction too, so a seek is never matched to a game that was not stored, nor a game stored for a seek that
was taken by another.
"""

from __future__ import annotations

import time

from sqlalchemy import Column, Float, Index, Integer, String, Table, insert, select, text, update
from sqlalchemy.engine import Connection, Row
from sqlalchemy.exc import IntegrityError

from .base import Deal, Fits
from .errors import StoreError
from .records import SEEK_KEY, Seek
from .sql import SqlStore
from .tables import metadata
from .writes import insert_paired_game, notify

seeks = Table(
    "seeks", metadata,
    Column("id", String(40), primary_key=True),
    Column("player_id", String(40), nullable=False),
    Column("pool", String(8), nullable=False),  # people | bots
    Column("rated", Integer, nullable=False),  # 1: a rated match (0 or 1: the same column on both databases)
    Column("rating", Float, nullable=False),  # the seeker's rating in the pool when it seeks
    Column("tier", Integer, nullable=False),  # 0 first; players who often abandon rated matches wait behind
    Column("status", String(16), nullable=False),  # waiting | matched | cancelled
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
    Column("game_id", String(40), nullable=True),  # once matched
    Column("seat", Integer, nullable=True),
    # The seat's token, handed to the seek's owner (by player token) once matched; the game keeps only its hash.
    # Seeks are deleted a while after they end.
    Column("seat_token", String(64), nullable=True),
    Index("ix_seeks_waiting", "status", "pool", "rated", "tier", "created_at"),
    # One waiting seek per player, enforced by the database (two requests at once cannot both open one).
    Index("ux_seeks_one_waiting", "player_id", unique=True, sqlite_where=text("status = 'waiting'"),
          postgresql_where=text("status = 'waiting'")),
)


def _seek(row: Row[tuple[object, ...]]) -> Seek:
    return Seek(row.id, row.player_id, row.pool, bool(row.rated), float(row.rating), int(row.tier), row.status,
                float(row.created_at), float(row.updated_at), row.game_id, row.seat, row.seat_token)


CANDIDATES = 50
"""The most waiting seeks one pairing looks at (the oldest of the pool, first tier first)."""


class SeekQueue:
    def __init__(self, store: SqlStore) -> None:
        self.store = store
        self.engine = store.engine
        self.postgresql = self.engine.dialect.name == "postgresql"

    def open(self, seek_id: str, player_id: str, pool: str, rated: bool, rating: float, tier: int) -> Seek:
        """A new waiting seek. Raises ``StoreError`` ("seek_open") when the player already has one waiting."""
        now = time.time()
        try:
            with self.store._writer, self.engine.begin() as connection:
                connection.execute(insert(seeks).values(
                    id=seek_id, player_id=player_id, pool=pool, rated=int(rated), rating=rating, tier=tier,
                    status="waiting", created_at=now, updated_at=now))
        except IntegrityError as error:
            raise StoreError("seek_open", "the player already has a seek waiting") from error
        return Seek(seek_id, player_id, pool, rated, rating, tier, "waiting", now, now, None, None, None)

    def get(self, seek_id: str) -> Seek | None:
        with self.engine.connect().execution_options(readonly=True) as connection:
            row = connection.execute(select(seeks).where(seeks.c.id == seek_id)).first()
        return None if row is None else _seek(row)

    def waiting_of(self, player_id: str) -> Seek | None:
        """The player's waiting seek, if any."""
        with self.engine.connect().execution_options(readonly=True) as connection:
            row = connection.execute(select(seeks).where(
                (seeks.c.player_id == player_id) & (seeks.c.status == "waiting"))).first()
        return None if row is None else _seek(row)

    def cancel(self, seek_id: str) -> Seek | None:
        """Cancel a waiting seek (a matched one stays matched): the seek as it is after."""
        with self.store._writer, self.engine.begin() as connection:
            connection.execute(update(seeks).where((seeks.c.id == seek_id) & (seeks.c.status == "waiting"))
                               .values(status="cancelled", updated_at=time.time()))
            row = connection.execute(select(seeks).where(seeks.c.id == seek_id)).first()
        return None if row is None else _seek(row)

    def pair(self, seek_id: str, fits: Fits, deal: Deal, live_seconds: float) -> tuple[Seek | None, str | None]:
        """Pair the waiting seek ``seek_id`` with the first waiting seek of its pool that ``fits`` it (first tier
        first, then the longest waiting), storing their match with ``deal``: the seek as it is after (still
        waiting when none fits, or when another transaction is pairing it right now). Only seeks whose owners
        have asked about them in the last ``live_seconds`` are candidates (a player who left is not paired);
        looking is asking, so a seek left waiting is marked as asked about now. With the seek, the id of the seek
        it was paired with now (None when it was not paired by this call); on PostgreSQL both are told on the
        moves' channel as ``seek:<id>`` when the pairing commits."""
        now = time.time()
        with self.store._writer, self.engine.begin() as connection:
            mine = self._locked(connection, select(seeks).where(seeks.c.id == seek_id))
            if not mine:
                return self.get(seek_id), None  # being paired elsewhere this moment (or gone): look again later
            seek = _seek(mine[0])
            if seek.status != "waiting":
                return seek, None
            candidates = self._locked(connection, select(seeks).where(
                (seeks.c.status == "waiting") & (seeks.c.pool == seek.pool) & (seeks.c.rated == int(seek.rated))
                & (seeks.c.player_id != seek.player_id) & (seeks.c.updated_at >= now - live_seconds))
                .order_by(seeks.c.tier, seeks.c.created_at).limit(CANDIDATES))
            other = next((s for s in map(_seek, candidates) if fits(seek, s, now)), None)
            if other is None:
                connection.execute(update(seeks).where(seeks.c.id == seek_id).values(updated_at=now))
                return seek, None
            first, second = (seek, other) if other.created_at >= seek.created_at else (other, seek)
            game = deal(first, second)
            insert_paired_game(connection, game.game_id, game.state, game.events,
                               ((game.tokens[0], first.player_id), (game.tokens[1], second.player_id)),
                               game.turn_seconds, game.stats, game.pool, game.reserve_seconds)
            for one, seat in ((first, 0), (second, 1)):
                connection.execute(update(seeks).where(seeks.c.id == one.id).values(
                    status="matched", game_id=game.game_id, seat=seat, seat_token=game.tokens[seat],
                    updated_at=now))
                notify(connection, SEEK_KEY + one.id)
            row = connection.execute(select(seeks).where(seeks.c.id == seek_id)).one()
        return _seek(row), other.id

    def _locked(self, connection: Connection, query: object) -> list[Row[tuple[object, ...]]]:
        if self.postgresql:
            query = query.with_for_update(skip_locked=True)  # type: ignore[attr-defined]
        return list(connection.execute(query).all())  # type: ignore[call-overload]

    def delete_ended(self, before: float) -> int:
        """Delete matched and cancelled seeks last changed before a time (their seat tokens with them), and
        waiting ones nobody has looked at since then."""
        with self.store._writer, self.engine.begin() as connection:
            result = connection.execute(seeks.delete().where(seeks.c.updated_at < before))
        return int(result.rowcount or 0)
