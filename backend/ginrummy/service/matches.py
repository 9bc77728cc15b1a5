"""Matches: a new one against the computer or with an invite, seat 1 taken by the invite, a rematch once a match
is over, and a match claimed when the other player's turn clock has run out."""

from __future__ import annotations

import hashlib
import math
import time
from typing import Any

from ginrummy.engine import Action, ActionKind, Rules, apply, is_over, to_act
from ginrummy.store.base import GameStore
from ginrummy.store.errors import StoreError
from ginrummy.store.records import GameRecord, fingerprint, same_token

from .errors import Conflict, IllegalMove, Invalid, RateLimited, SeatTaken, Unauthorized
from .notify import Notifier
from .ratings import rated_of
from .table import (
    Charge,
    Computer,
    Invited,
    NewPlayer,
    Opponent,
    answer,
    clock_of,
    first_deal,
    level_of,
    new_id,
    new_token,
    opponent_of,
    player_of,
    record_answer,
    replayed,
    seated,
    stats_of,
    time_left,
)
from .turns import stats_delta


def daily_played(day: str, game_id: str | None) -> Conflict:
    """The refusal of a second attempt at a day's deal, naming the game to go back to."""
    return Conflict("daily_played", f"you have already been dealt the daily deal of {day}: one attempt per player "
                    "and day (game_id is your game, to go on with it)", game_id=game_id)


def creation_scope(player_token: str | None, address: str) -> str:
    """Where an Idempotency-Key of POST /api/games counts: the player's token, or an anonymous caller's address, so
    that nobody else's request with the same key is ever answered with this one's game."""
    who = f"player:{player_token}" if player_token else f"address:{address}"
    return "new:" + hashlib.sha256(who.encode("utf-8", "surrogatepass")).hexdigest()[:36]


def request_fingerprint(path: str, body: bytes) -> str:
    """What a request asked for, to tell a repeated request from a reused Idempotency-Key."""
    return fingerprint(path, body.decode("utf-8", "replace"))


class MatchService:
    def __init__(self, store: GameStore, notifier: Notifier, max_unfinished: int = 20) -> None:
        self.store = store
        self.notifier = notifier
        self.max_unfinished = max_unfinished

    def stored_creation(self, scope: str, key: str, request_fingerprint: str) -> dict[str, Any] | None:
        """The answer to an earlier creation under the same Idempotency-Key (in the caller's scope), if any."""
        stored = self.store.stored_reply(scope, key)
        return None if stored is None else replayed(stored, request_fingerprint)

    def create(self, opponent: Opponent, rules: Rules, seed: int | None, known_player: str | None,
               new_player: NewPlayer, idempotency: tuple[str, str, str] | None = None, daily: str | None = None
               ) -> tuple[dict[str, Any], bool]:
        """A new match for the ``known_player`` (or a new one) against ``opponent``: the computer, which plays
        first if it starts, or seat 1 left for whoever joins with the invite code in the answer (``join``), with
        the invite's turn clock if it has one (``claim``). A seed chosen by the client makes a practice game: the
        same seed deals the same cards again, so it is not counted in the player's stats; and since its chooser
        can deal it at home and know every card, it may deal only a game against the computer.

        A ``daily`` game is ``daily``'s deal, dealt from the day's ``seed``: not a practice game, and not counted
        in the player's stats either (it counts in the day's table); one per player and day (409 daily_played).

        With ``idempotency`` (scope, key, fingerprint) the answer is kept; if another request with that key got
        there first, its answer is returned instead, and (body, replayed) says which.
        """
        if seed is not None and not isinstance(opponent, Computer):
            raise Invalid("seed_with_a_person", "a seed deals cards its chooser can know in advance: a game with "
                          "another person in it cannot be dealt from one (leave out the seed)")
        if known_player is not None:
            self.check_unfinished(known_player)
        player_id, player_token = (known_player, None) if known_player is not None else new_player()
        practice = seed is not None and daily is None
        game_id, seat_token = new_id(), new_token()
        invite = new_token() if isinstance(opponent, Invited) else None
        turn_seconds = opponent.turn_seconds if isinstance(opponent, Invited) else None
        state, events = first_deal(game_id, rules, seed, opponent, daily)
        body = answer(game_id, 1, opponent, state, list(enumerate(events, start=1)), practice, joined=False,
                      clock=clock_of(turn_seconds, time.time(), state, joined=False), daily=daily)
        body["seat_token"] = seat_token
        body["player_token"] = player_token
        body["invite"] = None if invite is None else {"code": invite}
        reply = (*idempotency, body) if idempotency is not None else None
        try:
            self.store.create_game(game_id, seat_token, level_of(opponent), player_id, state, events,
                                   None if practice or daily else stats_delta(events), practice, reply, invite,
                                   turn_seconds, daily)
        except StoreError as error:
            if error.code == "daily_played" and daily is not None and player_id is not None:
                raise daily_played(daily, self.store.daily_game(daily, player_id)) from error
            if error.code != "key_taken" or idempotency is None:
                raise
            earlier = self.stored_creation(*idempotency)
            assert earlier is not None
            return earlier, True
        return body, False

    def join(self, game_id: str, code: str, known_player: str | None, new_player: NewPlayer) -> dict[str, Any]:
        """Seat the ``known_player`` (or a new one) in seat 1 of a game between two seats, with the invite code
        handed to seat 0. An invite works once, and not for the player who made the game; the answer holds seat
        1's token. Everything is checked before a new player is made, and again under the game's lock."""
        self._check_invite(self.store.get_game(game_id), code, known_player)
        player_id, player_token = (known_player, None) if known_player is not None else new_player()
        with self.store.locked(game_id) as locked:
            record = self._check_invite(locked.record, code, known_player)
            seat_token = new_token()
            locked.seat(seat_token, player_id)
        self.notifier.publish(game_id)
        body = record_answer(record, 1, [])
        body["seat_token"] = seat_token
        body["player_token"] = player_token
        return body

    def _check_invite(self, record: GameRecord | None, code: str, known_player: str | None) -> GameRecord:
        # One answer for an unknown game, a game with no invite and a wrong code, so neither can be probed.
        if record is None or record.invite_hash is None or not same_token(code, record.invite_hash):
            raise Unauthorized("invalid_invite", "this invite code does not open a seat in this game")
        if record.seat1_token_hash is not None:
            raise SeatTaken("seat_taken", "someone has already joined this game with its invite: an invite "
                            "works once (the seat's token plays it from any device)")
        if known_player is not None and known_player == record.player_id:
            raise SeatTaken("own_game", "you made this game: its invite is for someone else to join")
        if known_player is not None:
            self.check_unfinished(known_player)
        return record

    def check_unfinished(self, *player_ids: str | None) -> None:
        """Refuse a new match for a player who already has the most unfinished games allowed (in either seat)."""
        for player_id in player_ids:
            if player_id is not None and self.store.unfinished_games(player_id) >= self.max_unfinished:
                raise RateLimited("too_many_unfinished_games", f"a player may have {self.max_unfinished} "
                                  "unfinished games at once; finish or resign one (unfinished games are deleted "
                                  "after a while)", retry_after=3600)

    def claim(self, game_id: str, token: str | None, charge: Charge | None = None) -> dict[str, Any]:
        """End the match for ``token``'s seat because the other seat's turn clock has run out: the other seat
        gives up the match (``ActionKind.RESIGN``), as if it had resigned. No clock runs for a seat nobody has
        taken yet."""
        with self.store.locked(game_id) as locked:
            record, seat = seated(locked.record, token)
            if charge is not None:
                charge(seat, player_of(record, seat))
            state = record.state
            if record.turn_seconds is None:
                raise IllegalMove("no_turn_clock", "this game has no turn clock: nothing can be claimed")
            if record.seat1_token_hash is None:
                raise IllegalMove("nothing_to_claim", "nobody has taken the other seat yet: no clock runs for it")
            if to_act(state) != 1 - seat:
                raise IllegalMove("nothing_to_claim", "a match can be claimed only while the other player is to "
                                  "move and its time has run out")
            left = time_left(record, 1 - seat, time.time())
            if left > 0:
                raise IllegalMove("clock_running", f"the other player still has {math.ceil(left)} s to move",
                                  seconds_left=math.ceil(left))
            state, events = apply(state, Action(ActionKind.RESIGN, 1 - seat))
            numbered = list(enumerate(events, start=record.event_count + 1))
            body = record_answer(record, seat, numbered, record.version + 1, state)
            locked.save(state, events, None, *stats_of(record, events), rated=rated_of(record, events, True))
        self.notifier.publish(game_id)
        return body

    def rematch(self, game_id: str, token: str | None, charge: Charge | None = None) -> dict[str, Any]:
        """Another match between the same two seats once this one is over. Against the computer it is dealt at
        once; between two seats, the first to ask offers it and the other's asking too deals it. The rematch has
        the same seat tokens, players, rules, computer level and turn clock; every answer about this game then
        names it (``rematch``), and each seat's stream says so. A rematch is a new game: it counts against the
        caller's budget of new games (``charge``), and against each player's cap of unfinished games."""
        with self.store.locked(game_id) as locked:
            record, seat = seated(locked.record, token)
            opponent = opponent_of(record)
            if not is_over(record.state):
                raise IllegalMove("match_not_over", "a rematch can be asked for once the match is over")
            if record.rematch_id is None:
                if isinstance(opponent, Invited) and record.seat1_token_hash is None:
                    raise IllegalMove("no_opponent", "nobody took the other seat of this match: start a new game "
                                      "and send its invite")
                if charge is not None:
                    charge(seat, player_of(record, seat))
                deals = isinstance(opponent, Computer) or record.rematch_offer not in (None, seat)
                if deals:  # the computer always agrees
                    self.check_unfinished(record.player_id, record.seat1_player_id)
                if record.rematch_offer is None:
                    locked.offer_rematch(seat)
                if deals:
                    rematch_id = new_id()
                    state, events = first_deal(rematch_id, record.state.rules, None, opponent)
                    stats = stats_delta(events, 0), \
                        stats_delta(events, 1) if record.seat1_player_id is not None else None
                    locked.start_rematch(rematch_id, state, events, stats)
        self.notifier.publish(game_id)
        return record_answer(record, seat, [])
