"""What every part of the service shares about a game's table: who sits across, who may act for a seat, when a
seat's player counts as there, the turn clock, the rematch, and the answer a seat is given.

A game has two seats. Seat 0 is whoever created it; seat 1 is the computer at a level or a persona (``Computer``),
or, in a game between two seats, whoever joins with the invite code handed to seat 0, once (``Invited``). Each seat
has its own token, sees only its own view and its own events, and moves only as itself.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ginrummy.ai.personas import PERSONAS_BY_ID
from ginrummy.engine import Event, EventKind, GameState, Rules, events_for, new_game, to_act, view_for
from ginrummy.store.records import GameRecord, StoredReply, same_token

from .days import sealed
from .errors import KeyReused, Unauthorized
from .turns import play_computer, stats_delta


@dataclass(frozen=True, slots=True)
class Computer:
    """Seat 1 is the computer, playing at ``level``: a level or a persona's id (``ai.personas.OPPONENTS``)."""

    level: str


@dataclass(frozen=True, slots=True)
class Invited:
    """Seat 1 is left for whoever joins with the game's invite code: a person, or a program."""

    turn_seconds: int | None = None
    """A turn clock: once a player has let this long pass on its turn, the other may claim the match."""


Opponent = Computer | Invited
"""Who sits in seat 1, as a new game is asked for and as a stored game says."""


Versions = frozenset[int] | None
"""The versions a move may be made on (the client's If-Match, parsed by the API); None: any."""
Charge = Callable[[int, str | None], None]
"""Counts a request against the budgets of the seat it was authorised for (the seat, and its player's id)."""
NewPlayer = Callable[[], tuple[str, str]]
"""Makes a new anonymous player, (id, token): called only once a request is to be granted, so that a refused
request writes nothing."""


def opponent_of(record: GameRecord) -> Opponent:
    """Seat 1 of a stored game (the store keeps the computer's level, or none for a game between two seats)."""
    return Computer(record.level) if record.level is not None else Invited(record.turn_seconds)


def computer_across(record: GameRecord, seat: int) -> str | None:
    """The level of the computer across the table from ``seat`` (the computer holds seat 1), or None."""
    opponent = opponent_of(record)
    return opponent.level if isinstance(opponent, Computer) and seat == 0 else None


def level_of(opponent: Opponent) -> str | None:
    """The level the store keeps for ``opponent``."""
    return opponent.level if isinstance(opponent, Computer) else None


def new_id() -> str:
    return secrets.token_urlsafe(16)  # 128 bits


def new_token() -> str:
    return secrets.token_urlsafe(32)  # 256 bits


def seated(record: GameRecord | None, token: str | None) -> tuple[GameRecord, int]:
    """The game and the seat ``token`` plays. One answer for an unknown game and a wrong token, so ids cannot be
    probed."""
    if record is not None and token is not None:
        for seat in (0, 1):
            stored = record.token_hash(seat)
            if stored is not None and same_token(token, stored):
                return record, seat
    raise Unauthorized("unauthorized", "a valid seat token for this game is needed "
                                       "(Authorization: Bearer <seat token>)")


def player_of(record: GameRecord, seat: int) -> str | None:
    """The player whose stats ``seat``'s hands count in (none for the computer, or a seat nobody took)."""
    return record.player_id if seat == 0 else record.seat1_player_id


def stats_of(record: GameRecord, events: list[Event]) -> tuple[dict[str, int] | None, dict[str, int] | None]:
    """What a move's events add to the stats of seat 0's player and of seat 1's (none in a practice game or a daily
    deal, which counts in its day's table only, and none for the computer)."""
    if record.practice or record.daily is not None:
        return None, None
    return stats_delta(events, 0), stats_delta(events, 1) if record.seat1_player_id is not None else None


PRESENT_SECONDS = 30.0
"""A seat's player counts as there while seen following the game this recently (a stream says so every
``api.routes.games.PRESENCE_SECONDS``)."""
SEEN_REFRESH_SECONDS = 5.0
"""A seat's being there is written at most this often (a long-polling client asks again after every move)."""


def present(seen_at: float | None) -> bool:
    return seen_at is not None and time.time() - seen_at < PRESENT_SECONDS


def clock_of(turn_seconds: int | None, started: float, state: GameState, joined: bool = True,
             reserves: tuple[float, float] | None = None) -> dict[str, Any] | None:
    """A game's turn clock as answers show it: none without one; the deadline of the turn that ``started`` then
    (the turn's seconds, and what is left of the mover's reserve for the match, if the game has one), or none
    while nobody is to move, or while seat 1 waits for whoever joins (no clock runs for a seat nobody holds: the
    first turn's starts when seat 1 is taken)."""
    if turn_seconds is None:
        return None
    mover = to_act(state)
    running = mover is not None and joined
    extra = reserves[mover] if reserves is not None and mover is not None else 0.0
    clock: dict[str, Any] = {"turn_seconds": turn_seconds,
                             "deadline": started + turn_seconds + extra if running else None}
    if reserves is not None:
        clock["reserves"] = [round(left, 1) for left in reserves]
    return clock


def time_left(record: GameRecord, seat: int, now: float) -> float:
    """Seconds ``seat`` has left on its turn now: the turn's own, then its reserve for the match."""
    assert record.turn_seconds is not None
    reserve = record.reserves[seat] if record.reserves is not None else 0.0
    return record.updated_at + record.turn_seconds + reserve - now


def reserves_after(record: GameRecord, seat: int, now: float) -> tuple[float, float] | None:
    """Each seat's reserve once ``seat`` moves now: a move made after its turn's seconds ran out uses up that
    much of the mover's reserve. None when nothing changes (no reserve, not the mover's clock, or in time)."""
    if record.reserves is None or record.turn_seconds is None or to_act(record.state) != seat:
        return None
    over = now - record.updated_at - record.turn_seconds
    if over <= 0:
        return None
    left = list(record.reserves)
    left[seat] = max(0.0, left[seat] - over)
    return left[0], left[1]


def rematch_of(record: GameRecord) -> dict[str, Any] | None:
    """A finished match's rematch as answers show it: who offered it, and its game once both seats wanted it
    (None when nobody asked)."""
    if record.rematch_offer is None and record.rematch_id is None:
        return None
    return {"offered_by": record.rematch_offer, "game_id": record.rematch_id}


def first_deal(game_id: str, rules: Rules, seed: int | None, opponent: Opponent, daily: str | None = None
               ) -> tuple[GameState, list[Event]]:
    """A new match's first hand dealt, and the computer's first moves in it when it sits in seat 1 and starts:
    the state and the events so far."""
    state = new_game(rules, seed)
    events = [Event(EventKind.HAND_STARTED, 1, state.hand.starter, state.hand.upcard)]
    if isinstance(opponent, Computer):
        state = play_computer(state, opponent.level, computer_key(game_id, daily, state.seed) + ":0", events)
    return state, events


def computer_key(game_id: str, daily: str | None, seed: int) -> str:
    """What the computer's choices in a game are seeded from (with the version it moves at): the game's id; in a
    daily deal, the day and its seed, so that everyone making the same moves that day gets the same replies."""
    return game_id if daily is None else f"daily:{daily}:{seed}"


def computer_seed(game_id: str) -> int:
    """A seed of a game's own (the coach samples the hands it plays out from it)."""
    return int(hashlib.sha256(game_id.encode()).hexdigest()[:12], 16)


# --- the answer a seat is given

def event_json(seq: int, event: Event) -> dict[str, Any]:
    data = event.to_json()
    data["seq"] = seq
    return data


def numbered_events(listed: list[tuple[int, Event]], state: GameState, seat: int) -> list[dict[str, Any]]:
    """Events with their numbers, as ``seat`` may know them in ``state``."""
    seen = events_for([e for _, e in listed], seat, state)
    return [event_json(seq, e) for (seq, _), e in zip(listed, seen, strict=True)]


@dataclass(frozen=True, slots=True)
class Pairing:
    """A match the queue paired, as a seat is told of it: the other player's handle, and whether it is rated."""

    handle: str | None
    rated: bool


def opponent_json(seat: int, opponent: Opponent, joined: bool, connected: bool = False,
                  pairing: Pairing | None = None) -> dict[str, Any]:
    """Who sits across from ``seat``: the computer at a level or a persona (with its name), or a person (or a
    program), joined or not yet, and following the game now or not; in a match the queue paired, by handle."""
    if seat == 0 and isinstance(opponent, Computer):
        persona = PERSONAS_BY_ID.get(opponent.level)
        return {"kind": "computer", "level": opponent.level, **({"name": persona.name} if persona else {})}
    body: dict[str, Any] = {"kind": "person", "joined": joined, "connected": connected}
    if pairing is not None:
        body.update(rated=pairing.rated, **({"name": pairing.handle} if pairing.handle else {}))
    return body


def answer(game_id: str, version: int, opponent: Opponent, state: GameState, events: list[tuple[int, Event]],
           practice: bool, seat: int = 0, joined: bool = True, connected: bool = False,
           clock: dict[str, Any] | None = None, rematch: dict[str, Any] | None = None,
           daily: str | None = None, pairing: Pairing | None = None) -> dict[str, Any]:
    """The answer about a game to ``seat`` (a ``GameResponse``): its version, that seat's view and the events
    given, as it may know them. A daily deal's finished hand keeps its deck and salt until the day has ended
    (everyone that day is dealt the same decks); its commitment is shown as in any game."""
    view = view_for(state, seat).to_json()
    view["practice"] = practice
    view["daily"] = daily
    if sealed(daily):
        view["deck"] = view["salt"] = None
    return {"game_id": game_id, "version": version, "level": level_of(opponent), "seat": seat,
            "opponent": opponent_json(seat, opponent, joined, connected, pairing), "clock": clock, "rematch": rematch,
            "view": view, "events": numbered_events(events, state, seat)}


def record_answer(record: GameRecord, seat: int, events: list[tuple[int, Event]], version: int | None = None,
                  state: GameState | None = None) -> dict[str, Any]:
    """``answer`` for the record's game at ``version`` (its own, or the one a move is making now, in ``state``)."""
    state = record.state if state is None else state
    started = record.updated_at if version in (None, record.version) else time.time()  # a move's: now
    joined = record.seat1_token_hash is not None
    clock = clock_of(record.turn_seconds, started, state, joined, record.reserves)
    return answer(record.id, record.version if version is None else version, opponent_of(record), state, events,
                  record.practice, seat, joined, present(record.seen_at[1 - seat]), clock, rematch_of(record),
                  record.daily, Pairing(record.handles[1 - seat], record.pool is not None) if record.paired else None)


# --- answers kept for an Idempotency-Key

def same_request(stored: StoredReply, request_fingerprint: str) -> None:
    """Refuse a request that reuses an Idempotency-Key for something else."""
    if stored.fingerprint != request_fingerprint:
        raise KeyReused("idempotency_key_reused", "this Idempotency-Key was already used for a different request")


def replayed(stored: StoredReply, request_fingerprint: str) -> dict[str, Any]:
    """The answer kept whole for an Idempotency-Key (a new game's), if the request is the same one again."""
    same_request(stored, request_fingerprint)
    assert stored.body is not None, "a new game's answer is kept whole"
    return stored.body
