"""The flow of a move: authorise, lock the game, apply the move, let the computer play, save, answer.

A game has two seats. Seat 0 is whoever created it; seat 1 is the computer at a level, or, in a game between two
seats, whoever joins with the invite code handed to seat 0 (once). Each seat has its own token, sees only its
own view and its own events, and moves only as itself.

The API calls this; it calls the engine (for every rule), the computer player (which gets only its seat's view)
and the store. No rule is decided here, and no HTTP: a refusal is one of the errors in ``service.errors``.
"""

from __future__ import annotations

import hashlib
import math
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any

from ginrummy.ai.coach import review_hand
from ginrummy.ai.hints import suggest
from ginrummy.engine import (
    Action,
    ActionKind,
    Event,
    EventKind,
    GameState,
    IllegalActionError,
    Rules,
    actions_from_events,
    apply,
    events_for,
    is_over,
    new_game,
    replay_hand,
    revealed_deal,
    to_act,
    view_for,
)
from ginrummy.store.base import (
    GameRecord,
    GameStore,
    LockedGame,
    MoveWrite,
    StoredReply,
    Written,
    fingerprint,
    move_scope,
    same_token,
)
from ginrummy.store.errors import StoreError

from .errors import IllegalMove, Invalid, KeyReused, RateLimited, SeatTaken, StaleVersion, Unauthorized
from .notify import Notifier, Subscription
from .turns import HUMAN, play_computer, stats_delta


def new_id() -> str:
    return secrets.token_urlsafe(16)  # 128 bits


def new_token() -> str:
    return secrets.token_urlsafe(32)  # 256 bits


def event_json(seq: int, event: Event) -> dict[str, Any]:
    data = event.to_json()
    data["seq"] = seq
    return data


def numbered_events(listed: list[tuple[int, Event]], state: GameState, seat: int = HUMAN) -> list[dict[str, Any]]:
    """Events with their numbers, as ``seat`` may know them in ``state``."""
    seen = events_for([e for _, e in listed], seat, state)
    return [event_json(seq, e) for (seq, _), e in zip(listed, seen, strict=True)]


def request_fingerprint(path: str, body: bytes) -> str:
    """What a request asked for, to tell a repeated request from a reused Idempotency-Key."""
    return fingerprint(path, body.decode("utf-8", "replace"))


KEPT_REVIEWS = 512
"""Hand reviews kept in memory, so asking again costs nothing."""

OPTIMISTIC_TRIES = 3
"""Times a move is made on a state read without a lock before it is made under the game's lock."""


def creation_scope(player_token: str | None, address: str) -> str:
    """Where an Idempotency-Key of POST /api/games counts: the player's token, or an anonymous caller's address, so
    that nobody else's request with the same key is ever answered with this one's game."""
    who = f"player:{player_token}" if player_token else f"address:{address}"
    return "new:" + hashlib.sha256(who.encode("utf-8", "surrogatepass")).hexdigest()[:36]


NewPlayer = Callable[[], tuple[str, str]]
"""Makes a new anonymous player, (id, token): called only once a request is to be granted, so that a refused
request writes nothing."""
Versions = frozenset[int] | None
"""The versions a move may be made on (the client's If-Match, parsed by the API); None: any."""
Charge = Callable[[int, str | None], None]
"""Counts a request against the budgets of the seat it was authorised for (the seat, and its player's id)."""


PRESENT_SECONDS = 30.0
"""A seat's player counts as there while seen following the game this recently (a stream says so every
``api.routes.games.PRESENCE_SECONDS``)."""


SEEN_REFRESH_SECONDS = 5.0
"""A seat's being there is written at most this often (a long-polling client asks again after every move)."""


def present(seen_at: float | None) -> bool:
    return seen_at is not None and time.time() - seen_at < PRESENT_SECONDS


def clock_of(turn_seconds: int | None, started: float, state: GameState, joined: bool = True
             ) -> dict[str, Any] | None:
    """A game's turn clock as answers show it: none without one; the deadline of the turn that ``started`` then,
    or none while nobody is to move, or while seat 1 waits for whoever joins (no clock runs for a seat nobody
    holds: the first turn's starts when seat 1 is taken)."""
    if turn_seconds is None:
        return None
    running = to_act(state) is not None and joined
    return {"turn_seconds": turn_seconds, "deadline": started + turn_seconds if running else None}


def opponent_of(seat: int, level: str | None, joined: bool, connected: bool = False) -> dict[str, Any]:
    """Who sits across from ``seat``: the computer at a level, or a person (or a program), joined or not yet,
    and following the game now or not."""
    if seat == HUMAN and level is not None:
        return {"kind": "computer", "level": level}
    return {"kind": "person", "joined": joined, "connected": connected}


def first_deal(game_id: str, rules: Rules, seed: int | None, level: str | None) -> tuple[GameState, list[Event]]:
    """A new match's first hand dealt, and the computer's first moves in it when it sits in seat 1 and starts:
    the state and the events so far."""
    state = new_game(rules, seed)
    events = [Event(EventKind.HAND_STARTED, 1, state.hand.starter, state.hand.upcard)]
    if level is not None:
        state = play_computer(state, level, game_id + ":0", events)
    return state, events


def rematch_of(record: GameRecord) -> dict[str, Any] | None:
    """A finished match's rematch as answers show it: who offered it, and its game once both seats wanted it
    (None when nobody asked)."""
    if record.rematch_offer is None and record.rematch_id is None:
        return None
    return {"offered_by": record.rematch_offer, "game_id": record.rematch_id}


class GameService:
    def __init__(self, store: GameStore, max_unfinished: int = 20, notifier: Notifier | None = None) -> None:
        self.store = store
        self.max_unfinished = max_unfinished
        self.notifier = notifier or Notifier()
        self._listening = False
        self._reviews: dict[tuple[str, int, int], dict[str, Any]] = {}
        self._reviews_lock = threading.Lock()

    # --- reading

    @staticmethod
    def _seated(record: GameRecord | None, token: str | None) -> tuple[GameRecord, int]:
        """The game and the seat ``token`` plays. One answer for an unknown game and a wrong token, so ids
        cannot be probed."""
        if record is not None and token is not None:
            for seat in (0, 1):
                stored = record.token_hash(seat)
                if stored is not None and same_token(token, stored):
                    return record, seat
        raise Unauthorized("unauthorized", "a valid seat token for this game is needed "
                                           "(Authorization: Bearer <seat token>)")

    def _authorised(self, record: GameRecord | None, token: str | None) -> GameRecord:
        return self._seated(record, token)[0]

    @staticmethod
    def body(game_id: str, version: int, level: str | None, state: GameState, events: list[tuple[int, Event]],
             practice: bool, seat: int = HUMAN, joined: bool = True, connected: bool = False,
             clock: dict[str, Any] | None = None, rematch: dict[str, Any] | None = None) -> dict[str, Any]:
        """The answer about a game to ``seat``: its version, that seat's view and the events given as it may
        know them."""
        view = view_for(state, seat).to_json()
        view["practice"] = practice
        return {"game_id": game_id, "version": version, "level": level, "seat": seat,
                "opponent": opponent_of(seat, level, joined, connected), "clock": clock, "rematch": rematch,
                "view": view, "events": numbered_events(events, state, seat)}

    def _record_body(self, record: GameRecord, seat: int, events: list[tuple[int, Event]],
                     version: int | None = None, state: GameState | None = None) -> dict[str, Any]:
        """``body`` for the record's game at ``version`` (its own, or the one a move is making now)."""
        state = record.state if state is None else state
        started = record.updated_at if version in (None, record.version) else time.time()  # a move's: now
        clock = clock_of(record.turn_seconds, started, state, record.seat1_token_hash is not None)
        return self.body(record.id, record.version if version is None else version, record.level, state, events,
                         record.practice, seat, record.seat1_token_hash is not None,
                         present(record.seen_at[1 - seat]), clock, rematch_of(record))

    def view(self, game_id: str, token: str | None) -> dict[str, Any]:
        record, seat = self._seated(self.store.get_game(game_id), token)
        return self._record_body(record, seat, [])

    def subscribe(self, game_id: str) -> Subscription:
        """Wake-ups for ``game_id``'s moves (see ``notify``): those made through this process, and, on a database
        that can tell (PostgreSQL), those made through any other process, listened for from the first
        subscription on."""
        if not self._listening:
            self._listening = True
            self.store.listen(self.notifier.wake)
            self.notifier.listen()
        return self.notifier.subscribe(game_id)

    def view_and_count(self, game_id: str, token: str | None) -> tuple[dict[str, Any], int]:
        """``view``'s answer, and how many events the game's log held at that version."""
        record, seat = self._seated(self.store.get_game(game_id), token)
        return self._record_body(record, seat, []), record.event_count

    def update_since(self, game_id: str, token: str | None, since: int) -> dict[str, Any] | None:
        """What ``token``'s seat has not seen yet: the game's version, its view, and every event after seq
        ``since`` as the seat may know them, or None when no event came after it. The events and the view are
        of the same version."""
        return self.follow(game_id, token, since)[0]

    def follow(self, game_id: str, token: str | None, since: int
               ) -> tuple[dict[str, Any] | None, bool, dict[str, Any] | None]:
        """``update_since``'s answer, whether the other seat's player is following the game now, and the
        rematch offered or agreed, if any."""
        record, seat = self._seated(self.store.get_game(game_id), token)
        there = present(record.seen_at[1 - seat])
        if record.event_count <= since:
            return None, there, rematch_of(record)
        listed = [(seq, event) for seq, event in self.store.events(game_id, since, limit=record.event_count - since)
                  if seq <= record.event_count]
        return self._record_body(record, seat, listed), there, rematch_of(record)

    def seen(self, game_id: str, token: str | None, following: bool = True) -> int:
        """Note that ``token``'s seat follows the game now (its stream is open, it long-polls), or that it
        stopped; the other seat's streams are told. Returns the seat."""
        record, seat = self._seated(self.store.get_game(game_id), token)
        last = record.seen_at[seat]
        if following and last is not None and time.time() - last < SEEN_REFRESH_SECONDS:
            return seat  # said lately: nothing changes for the other seat
        self.store.mark_seen(record.id, seat, time.time() if following else None)
        self.notifier.publish(game_id)
        return seat

    def events(self, game_id: str, token: str | None, since: int, hand: int | None = None,
               limit: int = 1000) -> dict[str, Any]:
        """A page of the event log after ``since`` (one hand's when ``hand``): ``has_more`` says whether the log
        goes on, and ``next_since`` is the ``since`` of the next page."""
        record, seat = self._seated(self.store.get_game(game_id), token)
        listed = self.store.events(game_id, since, limit=limit + 1, hand=hand)
        more = len(listed) > limit
        listed = listed[:limit]
        return {"game_id": game_id, "version": record.version, "seat": seat,
                "events": numbered_events(listed, record.state, seat),
                "has_more": more, "next_since": listed[-1][0] if more else None}

    def hand_deal(self, game_id: str, token: str | None, number: int) -> dict[str, Any]:
        record, seat = self._seated(self.store.get_game(game_id), token)
        return {"game_id": game_id, "seat": seat, **revealed_deal(record.state, number)}

    def hand_analysis(self, game_id: str, token: str | None, number: int) -> dict[str, Any]:
        """The coach's review of the person's decisions in finished hand ``number`` (``ai.coach``). A finished
        hand never changes, so each review is worked out once and kept (a few hundred, most recent)."""
        record, seat = self._seated(self.store.get_game(game_id), token)
        key = (game_id, number, seat)
        with self._reviews_lock:
            review = self._reviews.get(key)
        if review is None:
            state = record.state
            listed = self.store.events(game_id, 0, limit=5000, hand=number)
            positions = replay_hand(state, number, actions_from_events(e for _, e in listed))
            seed = int(hashlib.sha256(game_id.encode()).hexdigest()[:12], 16)
            review = review_hand(positions, number, seat, seed).to_json()
            with self._reviews_lock:
                self._reviews[key] = review
                while len(self._reviews) > KEPT_REVIEWS:
                    del self._reviews[next(iter(self._reviews))]
        return {"game_id": game_id, **review}

    def hint(self, game_id: str, token: str | None) -> dict[str, Any]:
        record, seat = self._seated(self.store.get_game(game_id), token)
        suggestion = suggest(view_for(record.state, seat))
        if suggestion is None:
            raise IllegalMove("nothing_to_decide", "there is no move for you to make now")
        return {"game_id": game_id, "version": record.version, **suggestion.to_json()}

    # --- creating

    def stored_creation(self, scope: str, key: str, request_fingerprint: str) -> dict[str, Any] | None:
        """The answer to an earlier creation under the same Idempotency-Key (in the caller's scope), if any."""
        stored = self.store.stored_reply(scope, key)
        return None if stored is None else replayed(stored, request_fingerprint)

    def create(self, level: str | None, rules: Rules, seed: int | None, known_player: str | None,
               new_player: NewPlayer, idempotency: tuple[str, str, str] | None = None,
               turn_seconds: int | None = None) -> tuple[dict[str, Any], bool]:
        """A new match for the ``known_player`` (or a new one) against the computer at ``level``; the computer
        plays first if it starts. With ``level`` None, seat 1 is left for whoever joins with the invite code in
        the answer (``join``), with a turn clock of ``turn_seconds`` if given (``claim``). A seed chosen by the
        client makes a practice game: the same seed deals the same cards again, so it is not counted in the
        player's stats; and since its chooser can deal it at home and know every card, it may deal only a game
        against the computer.

        With ``idempotency`` (scope, key, fingerprint) the answer is kept; if another request with that key got
        there first, its answer is returned instead, and (body, replayed) says which.
        """
        if seed is not None and level is None:
            raise Invalid("seed_with_a_person", "a seed deals cards its chooser can know in advance: a game with "
                          "another person in it cannot be dealt from one (leave out the seed)")
        if known_player is not None:
            self._check_unfinished(known_player)
        player_id, player_token = (known_player, None) if known_player is not None else new_player()
        practice = seed is not None
        game_id, seat_token = new_id(), new_token()
        invite = None if level is not None else new_token()
        state, events = first_deal(game_id, rules, seed, level)
        body = self.body(game_id, 1, level, state, list(enumerate(events, start=1)), practice, joined=False,
                         clock=clock_of(turn_seconds, time.time(), state, joined=False))
        body["seat_token"] = seat_token
        body["player_token"] = player_token
        body["invite"] = None if invite is None else {"code": invite}
        reply = (*idempotency, body) if idempotency is not None else None
        try:
            self.store.create_game(game_id, seat_token, level, player_id, state, events,
                                   None if practice else stats_delta(events), practice, reply, invite,
                                   turn_seconds)
        except StoreError as error:
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
        body = self._record_body(record, 1, [])
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
            self._check_unfinished(known_player)
        return record

    def _check_unfinished(self, *player_ids: str | None) -> None:
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
            record, seat = self._seated(locked.record, token)
            if charge is not None:
                charge(seat, self._player_of(record, seat))
            state = record.state
            if record.turn_seconds is None:
                raise IllegalMove("no_turn_clock", "this game has no turn clock: nothing can be claimed")
            if record.seat1_token_hash is None:
                raise IllegalMove("nothing_to_claim", "nobody has taken the other seat yet: no clock runs for it")
            if to_act(state) != 1 - seat:
                raise IllegalMove("nothing_to_claim", "a match can be claimed only while the other player is to "
                                  "move and its time has run out")
            left = record.updated_at + record.turn_seconds - time.time()
            if left > 0:
                raise IllegalMove("clock_running", f"the other player still has {math.ceil(left)} s to move",
                                  seconds_left=math.ceil(left))
            state, events = apply(state, Action(ActionKind.RESIGN, 1 - seat))
            numbered = list(enumerate(events, start=record.event_count + 1))
            body = self._record_body(record, seat, numbered, record.version + 1, state)
            locked.save(state, events, None, *self._stats(record, events))
        self.notifier.publish(game_id)
        return body

    def rematch(self, game_id: str, token: str | None, charge: Charge | None = None) -> dict[str, Any]:
        """Another match between the same two seats once this one is over. Against the computer it is dealt at
        once; between two seats, the first to ask offers it and the other's asking too deals it. The rematch has
        the same seat tokens, players, rules, computer level and turn clock; every answer about this game then
        names it (``rematch``), and each seat's stream says so. A rematch is a new game: it counts against the
        caller's budget of new games (``charge``), and against each player's cap of unfinished games."""
        with self.store.locked(game_id) as locked:
            record, seat = self._seated(locked.record, token)
            if not is_over(record.state):
                raise IllegalMove("match_not_over", "a rematch can be asked for once the match is over")
            if record.rematch_id is None:
                if record.level is None and record.seat1_token_hash is None:
                    raise IllegalMove("no_opponent", "nobody took the other seat of this match: start a new game "
                                      "and send its invite")
                if charge is not None:
                    charge(seat, self._player_of(record, seat))
                deals = record.level is not None or record.rematch_offer not in (None, seat)
                if deals:  # the computer always agrees
                    self._check_unfinished(record.player_id, record.seat1_player_id)
                if record.rematch_offer is None:
                    locked.offer_rematch(seat)
                if deals:
                    rematch_id = new_id()
                    state, events = first_deal(rematch_id, record.state.rules, None, record.level)
                    stats = stats_delta(events, 0), \
                        stats_delta(events, 1) if record.seat1_player_id is not None else None
                    locked.start_rematch(rematch_id, state, events, stats)
        self.notifier.publish(game_id)
        return self._record_body(record, seat, [])

    # --- moving

    def act(self, game_id: str, token: str | None, make_action: Callable[[int], Action], expected: Versions,
            idempotency_key: str | None, request_fingerprint: str,
            charge: Charge | None = None) -> tuple[dict[str, Any], bool]:
        """Apply the person's move and the computer's replies atomically. ``charge`` counts it against the seat's
        budget once the token is known to play that seat (a stranger's requests never use up a seat's budget).

        Returns (body, replayed): ``replayed`` is true when an earlier answer to the same idempotency key is
        returned instead of applying the move again.

        The move is made on the newest state read without a lock, and stored only if the game is still at that
        version (the store checks it as it writes), so the game's lock, and SQLite's one writer, are held only
        while the move is written. If another move got there first it is made again on the new state; after a
        few such races, under the game's lock.
        """
        for attempt in range(OPTIMISTIC_TRIES):
            record, seat = self._seated(self.store.get_game(game_id), token)
            if charge is not None and attempt == 0:
                charge(seat, self._player_of(record, seat))
            try:
                self._check_version(record, expected)
                state, events, body = self._play(record, seat, make_action(seat))
            except (StaleVersion, IllegalMove):
                # A request repeated after the game moved on is refused by the new state: answer it again.
                if idempotency_key is not None and \
                        self.store.stored_reply(move_scope(game_id, seat), idempotency_key) is not None:
                    break
                raise
            reply = (move_scope(game_id, seat), idempotency_key, request_fingerprint) \
                if idempotency_key is not None else None
            try:
                outcome = self.store.commit_move(MoveWrite(game_id, record.version, state, events, reply,
                                                           *self._stats(record, events)))
            except StoreError as error:
                if error.code == "not_found":
                    self._authorised(None, token)
                if error.code != "conflict":
                    raise
                continue
            if isinstance(outcome, Written):
                self.notifier.publish(game_id)
                return body, False
            break  # the key's answer was kept first (a repeated request, or one racing this one): answer it again
        return self._act_locked(game_id, token, make_action, expected, idempotency_key, request_fingerprint)

    def _act_locked(self, game_id: str, token: str | None, make_action: Callable[[int], Action],
                    expected: Versions, idempotency_key: str | None,
                    request_fingerprint: str) -> tuple[dict[str, Any], bool]:
        with self.store.locked(game_id) as locked:
            record, seat = self._seated(locked.record, token)
            if idempotency_key is not None:
                stored = locked.stored_reply(move_scope(game_id, seat), idempotency_key)
                if stored is not None:
                    return self._answer_again(locked, record, seat, stored, request_fingerprint), True
            self._check_version(record, expected)
            state, events, body = self._play(record, seat, make_action(seat))
            reply = (move_scope(game_id, seat), idempotency_key, request_fingerprint) \
                if idempotency_key is not None else None
            locked.save(state, events, reply, *self._stats(record, events))
        self.notifier.publish(game_id)
        return body, False

    @staticmethod
    def _player_of(record: GameRecord, seat: int) -> str | None:
        return record.player_id if seat == 0 else record.seat1_player_id

    @staticmethod
    def _stats(record: GameRecord, events: list[Event]) -> tuple[dict[str, int] | None, dict[str, int] | None]:
        """What a move's events add to the stats of seat 0's player and of seat 1's (none in a practice game,
        and none for the computer)."""
        if record.practice:
            return None, None
        return stats_delta(events, 0), stats_delta(events, 1) if record.seat1_player_id is not None else None

    @staticmethod
    def _check_version(record: GameRecord, expected: Versions) -> None:
        if expected is not None and record.version not in expected:
            raise StaleVersion("stale_version", f"the game is at version {record.version}; read it again "
                               "before moving", version=record.version)

    def _play(self, record: GameRecord, seat: int, action: Action) -> tuple[GameState, list[Event], dict[str, Any]]:
        """``seat``'s action and the computer's replies (when seat 1 is the computer) on the record's state:
        the new state, the events and the answer to give."""
        state = record.state
        try:
            state, events = apply(state, action)
        except IllegalActionError as error:
            legal = [a.to_json() for a in view_for(state, seat).legal_actions]
            raise IllegalMove(error.code, error.message, legal_actions=legal) from error
        if record.level is not None:
            state = play_computer(state, record.level, f"{record.id}:{record.version}", events)
        numbered = list(enumerate(events, start=record.event_count + 1))
        return state, events, self._record_body(record, seat, numbered, record.version + 1, state)

    def _answer_again(self, locked: LockedGame, record: GameRecord, seat: int, stored: StoredReply,
                      request_fingerprint: str) -> dict[str, Any]:
        """The answer a move with this Idempotency-Key got: built again from the version it made, the same body."""
        same_request(stored, request_fingerprint)
        if stored.body is not None:  # kept whole by a server before answers were rebuilt from their version
            return stored.body
        assert stored.version is not None
        state = locked.state_at(stored.version)
        return self._record_body(record, seat, locked.version_events(stored.version), stored.version, state)


def same_request(stored: StoredReply, request_fingerprint: str) -> None:
    """Refuse a request that reuses an Idempotency-Key for something else."""
    if stored.fingerprint != request_fingerprint:
        raise KeyReused("idempotency_key_reused", "this Idempotency-Key was already used for a different request")


def replayed(stored: StoredReply, request_fingerprint: str) -> dict[str, Any]:
    """The answer kept whole for an Idempotency-Key (a new game's), if the request is the same one again."""
    same_request(stored, request_fingerprint)
    assert stored.body is not None, "a new game's answer is kept whole"
    return stored.body
