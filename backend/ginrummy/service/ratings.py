"""Ratings: one per player and pool (people, or bot accounts), moved when a rated match ends, by the openskill
library's Bradley-Terry model (a Bayesian rating with a value and a deviation, updated after every match as
Glicko-2 is; the maths is the library's), set to Glicko's familiar scale: a new player is 1500 ± 350. A rating is
provisional ("?") while its deviation is above ``PROVISIONAL_DEVIATION``: this model's deviation shrinks more
slowly than Glicko-2's (about 300 after 7 matches, 200 after 40 in a simulated field of 20), so the line is drawn
higher than lichess's 110.
"""

from __future__ import annotations

from typing import Any

from openskill.models import BradleyTerryFull

from ginrummy.engine import Event, EventKind
from ginrummy.store.records import GameRecord, RatedResult, Rating

MODEL = BradleyTerryFull(mu=1500.0, sigma=350.0, beta=200.0, tau=1.0)
PROVISIONAL_DEVIATION = 250.0
"""A rating whose shown deviation is above this is provisional: the page shows "?" beside it."""
SETTLED_MATCHES = 5
"""The fewest rated matches a leaderboard's player has played."""
POOLS = ("people", "bots")


def new_rating() -> Rating:
    fresh = MODEL.rating()
    return Rating(fresh.mu, fresh.sigma, 0)


def rate(winner: Rating, loser: Rating) -> tuple[Rating, Rating]:
    """Both ratings after the winner beat the loser (the library's update)."""
    [[won], [lost]] = MODEL.rate([[MODEL.rating(mu=winner.mu, sigma=winner.sigma)],
                                  [MODEL.rating(mu=loser.mu, sigma=loser.sigma)]])
    return Rating(won.mu, won.sigma, winner.matches + 1), Rating(lost.mu, lost.sigma, loser.matches + 1)


def shown(rating: Rating, provisional_above: float = PROVISIONAL_DEVIATION) -> dict[str, Any]:
    """A rating as answers show it."""
    return {"rating": round(rating.mu), "deviation": round(rating.sigma), "matches": rating.matches,
            "provisional": rating.sigma > provisional_above}


def rated_of(record: GameRecord, events: list[Event], abandoned: bool = False) -> RatedResult | None:
    """The result a move's events give a rated match, when they end it (``abandoned``: the loser let its clock
    run out); None otherwise."""
    if record.pool is None or record.seat1_player_id is None or record.player_id is None:
        return None
    ended = next((e for e in events if e.kind == EventKind.MATCH_ENDED), None)
    if ended is None or ended.seat is None:
        return None
    seats = (record.player_id, record.seat1_player_id)
    return RatedResult(record.pool, seats[ended.seat], seats[1 - ended.seat], abandoned, rate, new_rating())
