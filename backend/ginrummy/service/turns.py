"""The computer's turns, and what a move's events add to a seat's anonymous stats.

Seat 0 is always a person (or a program) who created the game; seat 1 is the computer, or, in a game between
two seats, whoever joined by the invite."""

from __future__ import annotations

import hashlib

from ginrummy import metrics
from ginrummy.ai import Played, make_player, play
from ginrummy.engine import Event, EventKind, GameState
from ginrummy.stats import COUNTS

HUMAN = 0
COMPUTER = 1


def play_computer(state: GameState, level: str, salt: str, events: list[Event]) -> GameState:
    """Let the computer act while it is its turn (the person deals each next hand). It gets its seat's view,
    never the state; each decision's time goes to the metrics, each move's events to ``events``."""
    player = make_player(level, seed=int(hashlib.sha256(salt.encode()).hexdigest()[:16], 16))
    timed = metrics.DECISIONS.labels(level)

    def moved(move: Played) -> None:
        timed.observe(move.seconds)
        events.extend(move.events)

    return play(state, {COMPUTER: player}, on_move=moved)


def stats_delta(events: list[Event], seat: int = HUMAN) -> dict[str, int]:
    """What a move's events add to the anonymous stats of the player in ``seat``."""
    delta = dict.fromkeys(COUNTS, 0)
    for event in events:
        if event.kind == EventKind.HAND_ENDED:
            delta["hands_played"] += 1
            points = event.points or 0
            if event.seat == seat:
                delta["hands_won"] += 1
                delta["points_won"] += points
                delta["gins"] += event.result in ("gin", "big_gin")
                delta["undercuts_given"] += event.result == "undercut"
            elif event.seat is not None:
                delta["points_lost"] += points
                delta["undercuts_suffered"] += event.result == "undercut"
        elif event.kind == EventKind.MATCH_ENDED:
            delta["matches_played"] += 1
            delta["matches_won"] += event.seat == seat
    return delta
