"""The flow of a move: authorise, lock the game, apply the move, let the computer play, save, answer.

The API calls this; it calls the engine (for every rule), the computer player (which gets only its seat's view)
and the store. No rule is decided here, and no HTTP: a refusal is one of the errors in ``service.errors``.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections.abc import Callable
from typing import Any

from ginrummy.ai.coach import review_hand
from ginrummy.ai.hints import suggest
from ginrummy.engine import (
    Action,
    Event,
    EventKind,
    GameState,
    IllegalActionError,
    Rules,
    actions_from_events,
    apply,
    events_for,
    new_game,
    replay_hand,
    revealed_deal,
    view_for,
)
from ginrummy.store.base import GameRecord, GameStore, LockedGame, MoveWrite, StoredReply, Written
from ginrummy.store.errors import StoreError
from ginrummy.store.sql import fingerprint, same_token

from .errors import IllegalMove, KeyReused, RateLimited, StaleVersion, Unauthorized
from .turns import HUMAN, play_computer, stats_delta


def new_id() -> str:
    return secrets.token_urlsafe(16)  # 128 bits


def new_token() -> str:
    return secrets.token_urlsafe(32)  # 256 bits


def event_json(seq: int, event: Event) -> dict[str, Any]:
    data = event.to_json()
    data["seq"] = seq
    return data


def numbered_events(listed: list[tuple[int, Event]], state: GameState) -> list[dict[str, Any]]:
    """Events with their numbers, as the person's seat may know them in ``state``."""
    seen = events_for([e for _, e in listed], HUMAN, state)
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


def etag_matches(if_match: str, version: int) -> bool:
    candidates = [tag.strip().removeprefix("W/").strip('"') for tag in if_match.split(",")]
    return "*" in candidates or str(version) in candidates


class GameService:
    def __init__(self, store: GameStore, max_unfinished: int = 20) -> None:
        self.store = store
        self.max_unfinished = max_unfinished
        self._reviews: dict[tuple[str, int], dict[str, Any]] = {}
        self._reviews_lock = threading.Lock()

    # --- reading

    def _authorised(self, record: GameRecord | None, token: str | None) -> GameRecord:
        # One answer for an unknown game and a wrong token, so ids cannot be probed.
        if record is None or token is None or not same_token(token, record.seat_token_hash):
            raise Unauthorized("unauthorized", "a valid seat token for this game is needed "
                                               "(Authorization: Bearer <seat token>)")
        return record

    @staticmethod
    def body(game_id: str, version: int, level: str, state: GameState, events: list[tuple[int, Event]],
             practice: bool) -> dict[str, Any]:
        """The answer about a game: its version, the person's view and the events given."""
        view = view_for(state, HUMAN).to_json()
        view["practice"] = practice
        return {"game_id": game_id, "version": version, "level": level, "view": view,
                "events": numbered_events(events, state)}

    def view(self, game_id: str, token: str | None) -> dict[str, Any]:
        record = self._authorised(self.store.get_game(game_id), token)
        return self.body(record.id, record.version, record.level, record.state, [], record.practice)

    def events(self, game_id: str, token: str | None, since: int, hand: int | None = None,
               limit: int = 1000) -> dict[str, Any]:
        """A page of the event log after ``since`` (one hand's when ``hand``): ``has_more`` says whether the log
        goes on, and ``next_since`` is the ``since`` of the next page."""
        record = self._authorised(self.store.get_game(game_id), token)
        listed = self.store.events(game_id, since, limit=limit + 1, hand=hand)
        more = len(listed) > limit
        listed = listed[:limit]
        return {"game_id": game_id, "version": record.version, "events": numbered_events(listed, record.state),
                "has_more": more, "next_since": listed[-1][0] if more else None}

    def hand_deal(self, game_id: str, token: str | None, number: int) -> dict[str, Any]:
        record = self._authorised(self.store.get_game(game_id), token)
        return {"game_id": game_id, **revealed_deal(record.state, number)}

    def hand_analysis(self, game_id: str, token: str | None, number: int) -> dict[str, Any]:
        """The coach's review of the person's decisions in finished hand ``number`` (``ai.coach``). A finished
        hand never changes, so each review is worked out once and kept (a few hundred, most recent)."""
        record = self._authorised(self.store.get_game(game_id), token)
        key = (game_id, number)
        with self._reviews_lock:
            review = self._reviews.get(key)
        if review is None:
            state = record.state
            listed = self.store.events(game_id, 0, limit=5000, hand=number)
            positions = replay_hand(state, number, actions_from_events(e for _, e in listed))
            seed = int(hashlib.sha256(game_id.encode()).hexdigest()[:12], 16)
            review = review_hand(positions, number, HUMAN, seed).to_json()
            with self._reviews_lock:
                self._reviews[key] = review
                while len(self._reviews) > KEPT_REVIEWS:
                    del self._reviews[next(iter(self._reviews))]
        return {"game_id": game_id, **review}

    def hint(self, game_id: str, token: str | None) -> dict[str, Any]:
        record = self._authorised(self.store.get_game(game_id), token)
        suggestion = suggest(view_for(record.state, HUMAN))
        if suggestion is None:
            raise IllegalMove("nothing_to_decide", "there is no move for you to make now")
        return {"game_id": game_id, "version": record.version, **suggestion.to_json()}

    # --- creating

    def stored_creation(self, scope: str, key: str, request_fingerprint: str) -> dict[str, Any] | None:
        """The answer to an earlier creation under the same Idempotency-Key (in the caller's scope), if any."""
        stored = self.store.stored_reply(scope, key)
        return None if stored is None else replayed(stored, request_fingerprint)

    def create(self, level: str, rules: Rules, seed: int | None, player: tuple[str, str | None],
               idempotency: tuple[str, str, str] | None = None) -> tuple[dict[str, Any], bool]:
        """A new match for ``player`` (id, and token if the player is new) against the computer at ``level``;
        the computer plays first if it starts. A seed chosen by the client makes a practice game: the same seed
        deals the same cards again, so it is not counted in the player's stats.

        With ``idempotency`` (scope, key, fingerprint) the answer is kept; if another request with that key got
        there first, its answer is returned instead, and (body, replayed) says which.
        """
        player_id, player_token = player
        if self.store.unfinished_games(player_id) >= self.max_unfinished:
            raise RateLimited("too_many_unfinished_games", f"you have {self.max_unfinished} unfinished games; "
                              "finish or leave one (unfinished games are deleted after a while)", retry_after=3600)
        practice = seed is not None
        game_id, seat_token = new_id(), new_token()
        state = new_game(rules, seed)
        events: list[Event] = [Event(EventKind.HAND_STARTED, 1, state.hand.starter, state.hand.upcard)]
        state = play_computer(state, level, game_id + ":0", events)
        body = self.body(game_id, 1, level, state, list(enumerate(events, start=1)), practice)
        body["seat_token"] = seat_token
        body["player_token"] = player_token
        reply = (*idempotency, body) if idempotency is not None else None
        try:
            self.store.create_game(game_id, seat_token, level, player_id, state, events,
                                   None if practice else stats_delta(events), practice, reply)
        except StoreError as error:
            if error.code != "key_taken" or idempotency is None:
                raise
            earlier = self.stored_creation(*idempotency)
            assert earlier is not None
            return earlier, True
        return body, False

    # --- moving

    def act(self, game_id: str, token: str | None, make_action: Callable[[int], Action], if_match: str | None,
            idempotency_key: str | None, request_fingerprint: str) -> tuple[dict[str, Any], bool]:
        """Apply the person's move and the computer's replies atomically.

        Returns (body, replayed): ``replayed`` is true when an earlier answer to the same idempotency key is
        returned instead of applying the move again.

        The move is made on the newest state read without a lock, and stored only if the game is still at that
        version (the store checks it as it writes), so the game's lock, and SQLite's one writer, are held only
        while the move is written. If another move got there first it is made again on the new state; after a
        few such races, under the game's lock.
        """
        for _ in range(OPTIMISTIC_TRIES):
            record = self._authorised(self.store.get_game(game_id), token)
            try:
                self._check_version(record, if_match)
                state, events, body = self._play(record, make_action(HUMAN))
            except (StaleVersion, IllegalMove):
                # A request repeated after the game moved on is refused by the new state: answer it again.
                if idempotency_key is not None and self.store.stored_reply(game_id, idempotency_key) is not None:
                    break
                raise
            reply = (idempotency_key, request_fingerprint) if idempotency_key is not None else None
            try:
                outcome = self.store.commit_move(MoveWrite(game_id, record.version, state, events, reply,
                                                           None if record.practice else stats_delta(events)))
            except StoreError as error:
                if error.code == "not_found":
                    self._authorised(None, token)
                if error.code != "conflict":
                    raise
                continue
            if isinstance(outcome, Written):
                return body, False
            break  # the key's answer was kept first (a repeated request, or one racing this one): answer it again
        return self._act_locked(game_id, token, make_action, if_match, idempotency_key, request_fingerprint)

    def _act_locked(self, game_id: str, token: str | None, make_action: Callable[[int], Action],
                    if_match: str | None, idempotency_key: str | None,
                    request_fingerprint: str) -> tuple[dict[str, Any], bool]:
        with self.store.locked(game_id) as locked:
            record = self._authorised(locked.record, token)
            if idempotency_key is not None:
                stored = locked.stored_reply(idempotency_key)
                if stored is not None:
                    return self._answer_again(locked, record, stored, request_fingerprint), True
            self._check_version(record, if_match)
            state, events, body = self._play(record, make_action(HUMAN))
            reply = (idempotency_key, request_fingerprint) if idempotency_key is not None else None
            locked.save(state, events, reply, None if record.practice else stats_delta(events))
            return body, False

    @staticmethod
    def _check_version(record: GameRecord, if_match: str | None) -> None:
        if if_match is not None and not etag_matches(if_match, record.version):
            raise StaleVersion("stale_version", f"the game is at version {record.version}; read it again "
                               "before moving", version=record.version)

    def _play(self, record: GameRecord, action: Action) -> tuple[GameState, list[Event], dict[str, Any]]:
        """The person's action and the computer's replies on the record's state: the new state, the events and
        the answer to give."""
        state = record.state
        try:
            state, events = apply(state, action)
        except IllegalActionError as error:
            legal = [a.to_json() for a in view_for(state, HUMAN).legal_actions]
            raise IllegalMove(error.code, error.message, legal_actions=legal) from error
        state = play_computer(state, record.level, f"{record.id}:{record.version}", events)
        numbered = list(enumerate(events, start=record.event_count + 1))
        return state, events, self.body(record.id, record.version + 1, record.level, state, numbered,
                                        record.practice)

    def _answer_again(self, locked: LockedGame, record: GameRecord, stored: StoredReply,
                      request_fingerprint: str) -> dict[str, Any]:
        """The answer a move with this Idempotency-Key got: built again from the version it made, the same body."""
        same_request(stored, request_fingerprint)
        if stored.body is not None:  # kept whole by a server before answers were rebuilt from their version
            return stored.body
        assert stored.version is not None
        state = locked.state_at(stored.version)
        return self.body(record.id, stored.version, record.level, state, locked.version_events(stored.version),
                         record.practice)


def same_request(stored: StoredReply, request_fingerprint: str) -> None:
    """Refuse a request that reuses an Idempotency-Key for something else."""
    if stored.fingerprint != request_fingerprint:
        raise KeyReused("idempotency_key_reused", "this Idempotency-Key was already used for a different request")


def replayed(stored: StoredReply, request_fingerprint: str) -> dict[str, Any]:
    """The answer kept whole for an Idempotency-Key (a new game's), if the request is the same one again."""
    same_request(stored, request_fingerprint)
    assert stored.body is not None, "a new game's answer is kept whole"
    return stored.body
