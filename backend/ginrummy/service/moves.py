"""Moves: a seat's action, and the computer's replies, made on the game and stored as one new version.

A move comes as a ``Move`` (what the seat asks for); the service finds the seat its token plays, charges the
seat's budget, checks the version the client named (If-Match), applies the move and the computer's replies, and
stores them with the version they make, under the Idempotency-Key if one came with it, so that a repeated
request is answered again rather than applied twice.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import time
from dataclasses import dataclass
from typing import Any

from ginrummy.engine import Action, ActionKind, Card, Event, GameState, IllegalActionError, Source, apply, view_for
from ginrummy.store.base import GameStore, LockedGame
from ginrummy.store.errors import StoreError
from ginrummy.store.records import GameRecord, MoveWrite, StoredReply, Written, fingerprint, move_scope

from .errors import IllegalMove, StaleVersion, Unauthorized
from .notify import Notifier
from .ratings import rated_of
from .table import (
    Charge,
    Computer,
    Versions,
    computer_key,
    opponent_of,
    player_of,
    record_answer,
    reserves_after,
    same_request,
    seated,
    stats_of,
)
from .turns import play_computer

OPTIMISTIC_TRIES = 3
"""Times a move is made on a state read without a lock before it is made under the game's lock."""
RECENT_SECONDS = 2.0
"""A move's first try may be made on this process's copy of the game if it is at most this old (its version is
checked when the move is stored; only the other player's presence shown in the answer may be this much behind)."""


@dataclass(frozen=True, slots=True)
class Move:
    """A move a seat asks for: its kind and what it holds (a card, or where to draw from); and the seat it was
    meant for, when the request named one (a legal action posted back as it was offered)."""

    kind: ActionKind
    card: Card | None = None
    source: Source | None = None
    seat: int | None = None

    def __post_init__(self) -> None:
        self.action_for(self.seat or 0)  # a card or a source the kind does not take, or lacks: refused at once

    def action_for(self, seat: int) -> Action:
        """The engine's action, for the seat the request's token plays (a move meant for the other: refused)."""
        if self.seat is not None and self.seat != seat:
            raise IllegalMove("not_your_seat", f"this action is seat {self.seat}'s; your token plays seat {seat}")
        return Action(self.kind, seat, self.card, self.source)

    def fingerprint(self) -> str:
        """What the move asks for, to tell a repeated request from a reused Idempotency-Key (the same move posted
        by either route is the same request)."""
        asked = {"kind": self.kind.value, "card": None if self.card is None else self.card.code,
                 "source": self.source}
        return fingerprint("move", json.dumps(asked, sort_keys=True))


class MoveService:
    def __init__(self, store: GameStore, notifier: Notifier) -> None:
        self.store = store
        self.notifier = notifier

    def act(self, game_id: str, token: str | None, move: Move, expected: Versions = None,
            idempotency_key: str | None = None, charge: Charge | None = None) -> tuple[dict[str, Any], bool]:
        """Apply the seat's move and the computer's replies atomically. ``charge`` counts it against the seat's
        budget once the token is known to play that seat (a stranger's requests never use up a seat's budget).

        Returns (body, replayed): ``replayed`` is true when an earlier answer to the same idempotency key is
        returned instead of applying the move again.

        The move is made on the newest state read without a lock, and stored only if the game is still at that
        version (the store checks it as it writes), so the game's lock, and SQLite's one writer, are held only
        while the move is written. If another move got there first it is made again on the new state; after a
        few such races, under the game's lock.
        """
        asked = move.fingerprint()
        for attempt in range(OPTIMISTIC_TRIES):
            record, seat = self._seated(game_id, token, recent=attempt == 0)
            if charge is not None and attempt == 0:
                charge(seat, player_of(record, seat))
            try:
                check_version(record.version, expected)
                state, events, body, reserves = self._play(record, seat, move.action_for(seat))
            except (StaleVersion, IllegalMove):
                # Refused on this process's copy, which another process may have moved past: read it again first.
                if attempt == 0 and self._behind(game_id, record.version):
                    continue
                # A request repeated after the game moved on is refused by the new state: answer it again.
                if idempotency_key is not None and \
                        self.store.stored_reply(move_scope(game_id, seat), idempotency_key) is not None:
                    break
                raise
            reply = (move_scope(game_id, seat), idempotency_key, asked) if idempotency_key is not None else None
            try:
                outcome = self.store.commit_move(MoveWrite(game_id, record.version, state, events, reply,
                                                           *stats_of(record, events), rated_of(record, events),
                                                           reserves))
            except StoreError as error:
                if error.code == "not_found":
                    seated(None, token)
                if error.code != "conflict":
                    raise
                continue
            if isinstance(outcome, Written):
                self.notifier.publish(game_id)
                return body, False
            break  # the key's answer was kept first (a repeated request, or one racing this one): answer it again
        return self._act_locked(game_id, token, move, expected, idempotency_key, asked)

    def _seated(self, game_id: str, token: str | None, recent: bool) -> tuple[GameRecord, int]:
        """The game and the seat ``token`` plays: on the first try from this process's recent copy, if it has
        one (a token the copy does not know, say of a seat taken since, is checked again on a fresh read)."""
        if recent:
            with contextlib.suppress(Unauthorized):
                return seated(self.store.recent_game(game_id, RECENT_SECONDS), token)
        return seated(self.store.get_game(game_id), token)

    def _behind(self, game_id: str, version: int) -> bool:
        """Whether the game has moved on from ``version`` (another process moved it since this copy was read)."""
        fresh = self.store.get_game(game_id)
        return fresh is not None and fresh.version != version

    def _act_locked(self, game_id: str, token: str | None, move: Move, expected: Versions,
                    idempotency_key: str | None, asked: str) -> tuple[dict[str, Any], bool]:
        with self.store.locked(game_id) as locked:
            record, seat = seated(locked.record, token)
            if idempotency_key is not None:
                stored = locked.stored_reply(move_scope(game_id, seat), idempotency_key)
                if stored is not None:
                    return self._answer_again(locked, seat, stored, asked), True
            check_version(record.version, expected)
            state, events, body, reserves = self._play(record, seat, move.action_for(seat))
            reply = (move_scope(game_id, seat), idempotency_key, asked) if idempotency_key is not None else None
            locked.save(state, events, reply, *stats_of(record, events), rated=rated_of(record, events),
                        reserves=reserves)
        self.notifier.publish(game_id)
        return body, False

    @staticmethod
    def _play(record: GameRecord, seat: int, action: Action
              ) -> tuple[GameState, list[Event], dict[str, Any], tuple[float, float] | None]:
        """``seat``'s action and the computer's replies (when seat 1 is the computer) on the record's state:
        the new state, the events, the answer to give, and the seats' reserves when the move used some."""
        reserves = reserves_after(record, seat, time.time())
        state = record.state
        try:
            state, events = apply(state, action)
        except IllegalActionError as error:
            legal = [a.to_json() for a in view_for(state, seat).legal_actions]
            raise IllegalMove(error.code, error.message, legal_actions=legal) from error
        opponent = opponent_of(record)
        if isinstance(opponent, Computer):
            key = computer_key(record.id, record.daily, record.state.seed)
            state = play_computer(state, opponent.level, f"{key}:{record.version}", events)
        numbered = list(enumerate(events, start=record.event_count + 1))
        shown = record if reserves is None else dataclasses.replace(record, reserves=reserves)
        return state, events, record_answer(shown, seat, numbered, record.version + 1, state), reserves

    @staticmethod
    def _answer_again(locked: LockedGame, seat: int, stored: StoredReply, asked: str) -> dict[str, Any]:
        """The answer a move with this Idempotency-Key got: built again from the version it made, the same body."""
        same_request(stored, asked)
        record = locked.record
        assert record is not None
        if stored.body is not None:  # kept whole by a server before answers were rebuilt from their version
            return stored.body
        assert stored.version is not None
        state = locked.state_at(stored.version)
        return record_answer(record, seat, locked.version_events(stored.version), stored.version, state)


def check_version(version: int, expected: Versions) -> None:
    """Refuse a move made on a version the game has moved on from (If-Match)."""
    if expected is not None and version not in expected:
        raise StaleVersion("stale_version", f"the game is at version {version}; read it again before moving",
                           version=version)


