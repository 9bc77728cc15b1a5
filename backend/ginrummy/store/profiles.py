"""Players as others see them: a handle, whether the player is a bot, and a rating per pool; the leaderboards.

A rated match's end moves both players' ratings in the transaction that stores the move ending it
(``rate_match``, called from the move's write), so a rating never misses a match nor counts one twice.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import Column, Float, Integer, String, Table, and_, func, insert, or_, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from .errors import StoreError
from .records import Profile, RatedResult, Rating
from .sql import SqlStore
from .tables import metadata, players

ratings = Table(
    "ratings", metadata,
    Column("player_id", String(40), primary_key=True),
    Column("pool", String(8), primary_key=True),  # people | bots
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("matches", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
)


class ProfileStore:
    def __init__(self, store: SqlStore) -> None:
        self.store = store
        self.engine = store.engine

    def profile(self, player_id: str) -> Profile:
        with self.engine.connect().execution_options(readonly=True) as connection:
            row = connection.execute(select(players.c.handle, players.c.is_bot, players.c.rated_finished,
                                            players.c.rated_abandoned).where(players.c.id == player_id)).first()
            if row is None:
                raise StoreError("unknown_player", "no such player")
            rows = connection.execute(select(ratings).where(ratings.c.player_id == player_id)).all()
        return Profile(player_id, row.handle, bool(row.is_bot), int(row.rated_finished), int(row.rated_abandoned),
                       {r.pool: Rating(float(r.mu), float(r.sigma), int(r.matches)) for r in rows})

    def set_handle(self, player_id: str, handle: str, only_if_none: bool = False) -> bool:
        """Give the player this handle (unique without regard to case: ``handle_taken`` when another has it);
        with ``only_if_none``, only a player who has none yet. Whether it was set."""
        condition = players.c.id == player_id
        if only_if_none:
            condition = and_(condition, players.c.handle.is_(None))
        try:
            with self.store._writer, self.engine.begin() as connection:
                changed = connection.execute(update(players).where(condition).values(
                    handle=handle, handle_key=handle.casefold())).rowcount
        except IntegrityError as error:
            raise StoreError("handle_taken", "another player has this handle") from error
        return bool(changed)

    def make_bot(self, player_id: str) -> bool:
        """Mark the player a bot account, for good, unless it has rated matches among people: whether it is a
        bot now."""
        with self.store._writer, self.engine.begin() as connection:
            played = connection.execute(select(ratings.c.matches).where(and_(
                ratings.c.player_id == player_id, ratings.c.pool == "people"))).scalar()
            if played:
                return False
            connection.execute(update(players).where(players.c.id == player_id).values(is_bot=True))
        return True

    def rank(self, player_id: str, pool: str, max_sigma: float, min_matches: int) -> int | None:
        """The player's place on the pool's leaderboard (None while its rating is not settled)."""
        settled = and_(ratings.c.pool == pool, ratings.c.sigma <= max_sigma, ratings.c.matches >= min_matches)
        with self.engine.connect().execution_options(readonly=True) as connection:
            mine = connection.execute(select(ratings.c.mu, ratings.c.sigma).where(
                and_(settled, ratings.c.player_id == player_id))).first()
            if mine is None:
                return None
            score = mine.mu - 2 * mine.sigma
            ahead = connection.execute(select(func.count()).select_from(ratings).where(and_(
                settled, or_(ratings.c.mu - 2 * ratings.c.sigma > score,
                             and_(ratings.c.mu - 2 * ratings.c.sigma == score, ratings.c.mu > mine.mu))))).scalar_one()
        return int(ahead) + 1

    def leaderboard(self, pool: str, limit: int, max_sigma: float, min_matches: int) -> list[dict[str, Any]]:
        """The pool's settled ratings, best first (by the rating less two deviations, then the rating)."""
        with self.engine.connect().execution_options(readonly=True) as connection:
            rows = connection.execute(
                select(players.c.handle, ratings.c.mu, ratings.c.sigma, ratings.c.matches)
                .join(players, players.c.id == ratings.c.player_id)
                .where(and_(ratings.c.pool == pool, ratings.c.sigma <= max_sigma,
                            ratings.c.matches >= min_matches))
                .order_by((ratings.c.mu - 2 * ratings.c.sigma).desc(), ratings.c.mu.desc()).limit(limit)).all()
        return [{"handle": r.handle, "rating": Rating(float(r.mu), float(r.sigma), int(r.matches))} for r in rows]


def rate_match(connection: Connection, result: RatedResult) -> None:
    """Move the two players' ratings in ``result.pool`` by the match's result (the ratings read and written under
    the move's transaction), and count the match in each player's finished and abandoned matches."""
    now = time.time()
    players_ids = (result.winner, result.loser)
    query = select(ratings).where(and_(ratings.c.pool == result.pool, ratings.c.player_id.in_(players_ids)))
    if connection.dialect.name == "postgresql":
        query = query.with_for_update()
    found = {r.player_id: Rating(float(r.mu), float(r.sigma), int(r.matches)) for r in connection.execute(query)}
    before = tuple(found.get(player_id) or result.default for player_id in players_ids)
    after = result.rate(before[0], before[1])
    for player_id, rating in zip(players_ids, after, strict=True):
        values = {"mu": rating.mu, "sigma": rating.sigma, "matches": rating.matches, "updated_at": now}
        if player_id in found:
            connection.execute(update(ratings).where(and_(
                ratings.c.player_id == player_id, ratings.c.pool == result.pool)).values(**values))
        else:
            connection.execute(insert(ratings).values(player_id=player_id, pool=result.pool, **values))
        connection.execute(update(players).where(players.c.id == player_id).values(
            rated_finished=players.c.rated_finished + 1,
            rated_abandoned=players.c.rated_abandoned + int(player_id == result.loser and result.abandoned)))
