"""The records the store and the service hand each other: games, a player's games, the answers kept for
Idempotency-Keys, moves to write, profiles and ratings, seeks; and how tokens and keys are kept (as hashes,
fingerprints and scopes).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ginrummy.engine import Event, GameState

from .errors import StoreError


@dataclass
class GameRecord:
    """A stored game: its id, version and state, whose it is, and how far its event log has got."""

    id: str
    version: int
    state: GameState
    level: str | None
    """The computer's level in seat 1; None when seat 1 is a person or a program who joins by invite."""
    player_id: str | None
    event_count: int
    seat_token_hash: str
    practice: bool = False
    """Dealt from a seed the client chose: not counted in the player's stats."""
    invite_hash: str | None = None
    """The hash of the invite code for seat 1 (a game between two seats)."""
    seat1_token_hash: str | None = None
    """Seat 1's token (its hash), once someone joined by the invite."""
    seat1_player_id: str | None = None
    seen_at: tuple[float | None, float | None] = (None, None)
    """When each seat's player was last seen following the game (its stream or long poll); None: not since it
    stopped, or never."""
    turn_seconds: int | None = None
    """The turn clock of a game between two seats: how long a player may take over its turn."""
    updated_at: float = 0.0
    """When the game last moved on (or seat 1 was taken): the turn in play started then."""
    rematch_offer: int | None = None
    """The seat that offered the other a rematch once the match was over."""
    rematch_id: str | None = None
    """The rematch's game, once both seats wanted one (it has the same seat tokens)."""
    daily: str | None = None
    """The day (YYYY-MM-DD) whose daily deal this game is: not counted in stats, its decks sealed till the day ends."""
    pool: str | None = None
    """A rated match: the pool its players' ratings move in when it ends (None: not rated)."""
    reserves: tuple[float, float] | None = None
    """With the turn clock, each seat's reserve for the match: seconds it may go over its turns, in all."""
    handles: tuple[str | None, str | None] = (None, None)
    """A match the queue paired: each seat's player's handle, as it is now (None for any other game)."""

    @property
    def paired(self) -> bool:
        """A match the queue paired between two players (no computer, no invite); its rematch too."""
        return self.level is None and self.invite_hash is None and self.seat1_player_id is not None

    def token_hash(self, seat: int) -> str | None:
        """The hash of ``seat``'s token (None: seat 1 is the computer, or nobody has joined yet)."""
        return self.seat_token_hash if seat == 0 else self.seat1_token_hash


@dataclass
class PlayerGame:
    """One of a player's games, as listed in their match history."""

    id: str
    level: str | None
    status: str
    created_at: float
    updated_at: float
    state: GameState
    practice: bool = False
    seat: int = 0
    """The seat the player played in."""
    daily: str | None = None
    """The day whose daily deal this match is (``GameRecord.daily``)."""


@dataclass
class DailyGame:
    """A finished game of a day's deal, as the day's leaderboard reads it."""

    id: str
    player_id: str
    finished_at: float
    state: GameState


@dataclass
class StoredReply:
    """The answer kept for an idempotency key: the body itself (a new game's), or the version the move made,
    from which its answer is built again."""

    fingerprint: str
    status: int
    body: dict[str, Any] | None
    version: int | None = None


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating in a pool, in the rating library's own terms: its value, its deviation, and the rated
    matches it rests on."""

    mu: float
    sigma: float
    matches: int = 0


@dataclass(frozen=True, slots=True)
class RatedResult:
    """A rated match that ended: who won and who lost, in which pool, whether the loser let its clock run out,
    and how the two ratings move (``rate(winner's, loser's) -> (winner's, loser's)``), applied to the ratings
    read under the move's transaction (``default`` for a player without one yet)."""

    pool: str
    winner: str
    loser: str
    abandoned: bool
    rate: Callable[[Rating, Rating], tuple[Rating, Rating]]
    default: Rating


@dataclass(frozen=True, slots=True)
class Profile:
    """A player as others may see them, and their rated record."""

    player_id: str
    handle: str | None
    is_bot: bool
    rated_finished: int
    rated_abandoned: int
    ratings: dict[str, Rating]

    @property
    def pool(self) -> str:
        """Whom the player's rated matches are played against: bot accounts among bots, people among people."""
        return "bots" if self.is_bot else "people"


@dataclass(frozen=True)
class MoveWrite:
    """A move to store as the version after ``expected_version``: its new state and events, the Idempotency-Key
    it came with (the scope the key counts in, the key, the request's fingerprint) and what it adds to the
    player's stats."""

    game_id: str
    expected_version: int
    state: GameState
    events: list[Event]
    reply: tuple[str, str, str] | None = None
    stats: dict[str, int] | None = None
    seat1_stats: dict[str, int] | None = None
    """What it adds to the stats of the player in seat 1, when a person or a program sits there."""
    rated: RatedResult | None = None
    """The end of a rated match, whose players' ratings move with this move."""
    reserves: tuple[float, float] | None = None
    """Each seat's reserve after this move, when the move used some of the mover's (``table.reserves_after``)."""


def token_hash(token: str) -> str:
    """Tokens are stored only as hashes, so a leaked database does not hand out seats."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def same_token(token: str, stored_hash: str) -> bool:
    """Whether ``token`` is the one stored as ``stored_hash`` (compared in constant time)."""
    return hmac.compare_digest(token_hash(token), stored_hash)


def fingerprint(*parts: str) -> str:
    """A digest of what a request asked for, to tell a repeated request from a reused key."""
    return hashlib.sha256("\x00".join(parts).encode("utf-8", "surrogatepass")).hexdigest()


def move_scope(game_id: str, seat: int) -> str:
    """Where a move's Idempotency-Key counts: its game and its seat, so that the two seats of a game may use the
    same keys (each bot counting its own from 1, say) without one's move being answered as the other's. Seat 0's
    scope is the game's id, as it was before seats had scopes of their own."""
    return game_id if seat == 0 else f"{game_id}/{seat}"


@dataclass(frozen=True)
class Written:
    version: int
    event_count: int
    at: float = 0.0
    """When it was written (the game's ``updated_at``)."""


# --- the queue of seeks (play someone now): store.seeks.SeekQueue

SEEK_KEY = "seek:"
"""A seek's wake-ups go where a game's moves are told, under this prefix and its id (a game id has no colon)."""


@dataclass(frozen=True, slots=True)
class Seek:
    id: str
    player_id: str
    pool: str
    rated: bool
    rating: float
    tier: int
    status: str
    created_at: float
    updated_at: float
    game_id: str | None
    seat: int | None
    seat_token: str | None


@dataclass(frozen=True, slots=True)
class PairedGame:
    """The match two seeks are paired into, as dealt: stored in the pairing's transaction."""

    game_id: str
    state: GameState
    events: list[Event]
    tokens: tuple[str, str]
    """Seat 0's token and seat 1's."""
    turn_seconds: int | None
    stats: tuple[dict[str, int], dict[str, int]]
    """What the first events add to each seat's player's stats."""
    pool: str | None
    """A rated match: the pool its players' ratings move in (None: a casual match)."""
    reserve_seconds: float | None = None
    """Each seat's reserve for the match on top of the turn clock."""


def require(seek: Seek | None, player_id: str) -> Seek:
    """The seek if it is the player's; one answer for an unknown seek and another player's."""
    if seek is None or seek.player_id != player_id:
        raise StoreError("unknown_seek", "no seek of yours has this id")
    return seek
