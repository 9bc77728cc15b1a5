"""Play someone now: a player seeks a match, and the queue pairs two seekers of similar strength into a match
between two seats with a turn clock. Nobody is ever shown a computer as a person: a seek left unpaired for a
while is offered a computer persona of similar strength by name, which the player may take instead.

People and programs (bot accounts) seek in pools of their own and are never paired across them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ginrummy.ai.personas import PERSONAS, rating_of
from ginrummy.engine import PRESETS
from ginrummy.store.base import GameStore, SeekStore
from ginrummy.store.errors import StoreError
from ginrummy.store.records import SEEK_KEY, PairedGame, Profile, Seek, require

from .errors import Conflict, NotFound
from .notify import Notifier
from .ratings import new_rating, shown
from .table import Invited, first_deal, new_id, new_token, player_of
from .turns import stats_delta

DEFAULT_RATING = 1500.0
"""The rating a seek stands at while the player has none in the pool."""
LIVE_SECONDS = 40.0
"""A waiting seek is paired only while its owner has asked about it this recently (a long poll asks again at
least every 30 s), so that nobody is paired with a player who has left."""


@dataclass(frozen=True, slots=True)
class Standing:
    """Where a player stands for pairing: the pool it seeks in, its rating there, and its tier (0 first; a player
    who often abandons rated matches is paired after those who do not)."""

    pool: str = "people"
    rating: float = DEFAULT_RATING
    tier: int = 0


Standings = Callable[[str], Standing]

ABANDONING = 0.2
"""A player who let the clock run out in more than this share of their rated matches (of five or more) waits
behind those who did not."""


def standing_of(profile: Profile) -> Standing:
    """Where a player's profile puts them in the queue."""
    rating = shown(profile.ratings.get(profile.pool) or new_rating())["rating"]
    finished = profile.rated_finished
    tier = int(finished >= 5 and profile.rated_abandoned > ABANDONING * finished)
    return Standing(profile.pool, float(rating), tier)


@dataclass(frozen=True, slots=True)
class SeekRules:
    offer_seconds: float = 20.0
    window: float = 150.0
    widen_per_second: float = 10.0
    turn_seconds: int = 45
    reserve_seconds: float = 120.0


class SeekService:
    def __init__(self, queue: SeekStore, rules: SeekRules, standing: Standings | None = None,
                 may_start: Callable[[str], None] | None = None, notifier: Notifier | None = None,
                 games: GameStore | None = None, card: Callable[[str], dict[str, Any]] | None = None) -> None:
        self.queue = queue
        self.games = games
        self.card = card
        """A player as their opponent is shown them (handle and rating), once matched."""
        self.rules = rules
        self.standing = standing or (lambda _player_id: Standing())
        self.may_start = may_start or (lambda _player_id: None)
        """Refuses a player who may not start another match now (too many unfinished ones)."""
        self.notifier = notifier

    # --- what a seeker asks

    def seek(self, player_id: str, rated: bool) -> dict[str, Any]:
        """Open a seek for the player and try to pair it at once. One waiting seek per player."""
        self.may_start(player_id)
        standing = self.standing(player_id)
        try:
            seek = self.queue.open(new_id(), player_id, standing.pool, rated, standing.rating, standing.tier)
        except StoreError as error:
            if error.code != "seek_open":
                raise
            open_seek = self.queue.waiting_of(player_id)
            raise Conflict("seek_open", "you already have a seek waiting: wait on it, or cancel it first",
                           seek_id=open_seek.id if open_seek else None) from error
        return self.answer(self._pair(seek.id) or seek)

    def look(self, player_id: str, seek_id: str) -> dict[str, Any]:
        """The player's seek as it is now, paired first if it can be."""
        seek = self._mine(player_id, seek_id)
        if seek.status == "waiting":
            seek = self._pair(seek.id) or seek
        return self.answer(seek)

    def waiting(self, player_id: str, seek_id: str) -> bool:
        """Whether the player's seek is still waiting (after a look that may pair it)."""
        return self.look(player_id, seek_id)["status"] in ("waiting", "offer_computer")

    def cancel(self, player_id: str, seek_id: str) -> dict[str, Any]:
        """Cancel the player's waiting seek; a seek already matched stays matched (its game is the answer)."""
        self._mine(player_id, seek_id)
        seek = self.queue.cancel(seek_id)
        assert seek is not None
        return self.answer(seek)

    def _mine(self, player_id: str, seek_id: str) -> Seek:
        try:
            return require(self.queue.get(seek_id), player_id)
        except StoreError as error:
            raise NotFound("not_found", str(error)) from error

    # --- pairing

    def reach(self, seek: Seek, now: float) -> float:
        """The rating gap a seek may be paired across after waiting until ``now``."""
        return self.rules.window + self.rules.widen_per_second * max(0.0, now - seek.created_at)

    def fits(self, one: Seek, other: Seek, now: float) -> bool:
        return abs(one.rating - other.rating) <= max(self.reach(one, now), self.reach(other, now))

    def _deal(self, first: Seek, second: Seek) -> PairedGame:
        game_id = new_id()
        opponent = Invited(self.rules.turn_seconds)
        state, events = first_deal(game_id, PRESETS["house"], None, opponent)
        return PairedGame(game_id, state, events, (new_token(), new_token()), self.rules.turn_seconds,
                          (stats_delta(events, 0), stats_delta(events, 1)), first.pool if first.rated else None,
                          self.rules.reserve_seconds)

    def _pair(self, seek_id: str) -> Seek | None:
        seek, partner = self.queue.pair(seek_id, self.fits, self._deal, LIVE_SECONDS)
        if partner is not None and self.notifier is not None:
            for paired in (seek_id, partner):  # wakes their long polls in this process (others hear the database)
                self.notifier.publish(SEEK_KEY + paired)
        return seek

    # --- the answer

    def offer(self, rating: float) -> dict[str, Any]:
        """The computer persona closest in strength to ``rating`` (by the round robin's ratings)."""
        rated = [(persona, rating_of(persona.id)) for persona in PERSONAS]
        known = [(persona, r.rating) for persona, r in rated if r is not None]
        if not known:
            persona, strength = PERSONAS[0], None
        else:
            persona, strength = min(known, key=lambda pair: abs(pair[1] - rating))
        return {"level": persona.id, "name": persona.name, "style": persona.style, "rating": strength}

    def opponent(self, seek: Seek) -> dict[str, Any] | None:
        """Who a matched seek's owner plays: the other seat's player, by handle and rating."""
        if self.games is None or self.card is None or seek.game_id is None or seek.seat is None:
            return None
        record = self.games.get_game(seek.game_id)
        if record is None:
            return None
        other = player_of(record, 1 - seek.seat)
        return None if other is None else self.card(other)

    def answer(self, seek: Seek) -> dict[str, Any]:
        """A seek as its owner is told it (a ``SeekResponse``)."""
        waited = max(0.0, (time.time() if seek.status == "waiting" else seek.updated_at) - seek.created_at)
        status = seek.status
        if status == "waiting" and waited >= self.rules.offer_seconds:
            status = "offer_computer"
        body: dict[str, Any] = {"seek_id": seek.id, "status": status, "pool": seek.pool, "rated": seek.rated,
                                "waited_seconds": round(waited, 1), "game_id": None, "seat": None,
                                "seat_token": None, "offer": None, "opponent": None}
        if seek.status == "matched":
            body.update(game_id=seek.game_id, seat=seek.seat, seat_token=seek.seat_token,
                        opponent=self.opponent(seek))
        elif status == "offer_computer":
            body["offer"] = self.offer(seek.rating)
        return body
