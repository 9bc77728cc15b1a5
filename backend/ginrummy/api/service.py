"""The flow of a move: authorise, lock the game, apply the move, let the computer play, save, answer.

Routes call this; it calls the engine (for every rule), the computer player
(which gets only its seat's view) and the store. No rule is decided here.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import math
import re
import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from ginrummy.ai import make_player
from ginrummy.ai.hints import suggest
from ginrummy.engine import (
    PRESETS,
    Action,
    Event,
    EventKind,
    GameState,
    IllegalActionError,
    Phase,
    Rules,
    apply,
    events_for,
    new_game,
    revealed_deal,
    view_for,
)
from ginrummy.engine.rules import PRESET_DESCRIPTIONS, SETTING_DESCRIPTIONS
from ginrummy.store import GameRecord, PlayerGame, SqlStore
from ginrummy.store.sql import LockedGame, fingerprint, same_token

from .errors import ApiProblem
from .schemas import NewGameRequest

HUMAN = 0
COMPUTER = 1
LEVEL_DESCRIPTIONS = {
    "easy": "Easy: for learning the game. It melds, but misses chances and knocks late.",
    "medium": "Medium: a fair fight for a casual player.",
    "hard": "Hard: plays to win. It reads your discards, but never sees your cards.",
}
UNAUTHORIZED = ApiProblem(401, "unauthorized", "a valid seat token for this game is needed "
                                               "(Authorization: Bearer <seat token>)")
MAX_CURSOR = 200
"""Longest cursor accepted; the ones handed out are far shorter."""


def _new_id() -> str:
    return secrets.token_urlsafe(16)  # 128 bits


def _new_token() -> str:
    return secrets.token_urlsafe(32)  # 256 bits


def _event_json(seq: int, event: Event) -> dict[str, Any]:
    data = event.to_json()
    data["seq"] = seq
    return data


def play_computer(state: GameState, level: str, salt: str, events: list[Event]) -> GameState:
    """Let the computer act while it is its turn. It gets its seat's view, never the state."""
    player = make_player(level, seed=int(hashlib.sha256(salt.encode()).hexdigest()[:16], 16))
    while state.phase in (Phase.FIRST_UPCARD, Phase.DRAW, Phase.DISCARD) and state.hand.turn == COMPUTER:
        action = player.choose(view_for(state, COMPUTER))
        state, caused = apply(state, action)
        events.extend(caused)
    return state


def stats_delta(events: list[Event]) -> dict[str, int]:
    """What a move's events add to the person's anonymous stats."""
    delta = dict.fromkeys(("matches_played", "matches_won", "hands_played", "hands_won", "gins",
                           "undercuts_given", "undercuts_suffered", "points_won", "points_lost"), 0)
    for event in events:
        if event.kind == EventKind.HAND_ENDED:
            delta["hands_played"] += 1
            points = event.points or 0
            if event.seat == HUMAN:
                delta["hands_won"] += 1
                delta["points_won"] += points
                delta["gins"] += event.result in ("gin", "big_gin")
                delta["undercuts_given"] += event.result == "undercut"
            elif event.seat == COMPUTER:
                delta["points_lost"] += points
                delta["undercuts_suffered"] += event.result == "undercut"
        elif event.kind == EventKind.MATCH_ENDED:
            delta["matches_played"] += 1
            delta["matches_won"] += event.seat == HUMAN
    return delta


class GameService:
    def __init__(self, store: SqlStore) -> None:
        self.store = store

    # --- reading ------------------------------------------------------------------------------------------

    def _authorised(self, record: GameRecord | None, token: str | None) -> GameRecord:
        # One answer for an unknown game and a wrong token, so ids cannot be probed.
        if record is None or token is None or not same_token(token, record.seat_token_hash):
            raise UNAUTHORIZED
        return record

    def body(self, record_id: str, version: int, level: str, state: GameState,
             events: list[tuple[int, Event]]) -> dict[str, Any]:
        seen = events_for([e for _, e in events], HUMAN, state)
        return {
            "game_id": record_id,
            "version": version,
            "level": level,
            "view": view_for(state, HUMAN).to_json(),
            "events": [_event_json(seq, e) for (seq, _), e in zip(events, seen, strict=True)],
        }

    def view(self, game_id: str, token: str | None) -> tuple[int, dict[str, Any]]:
        record = self._authorised(self.store.get_game(game_id), token)
        return record.version, self.body(record.id, record.version, record.level, record.state, [])

    def events(self, game_id: str, token: str | None, since: int, hand: int | None = None) -> dict[str, Any]:
        record = self._authorised(self.store.get_game(game_id), token)
        listed = self.store.events(game_id, since, hand=hand)
        seen = events_for([e for _, e in listed], HUMAN, record.state)
        return {"game_id": game_id, "version": record.version,
                "events": [_event_json(seq, e) for (seq, _), e in zip(listed, seen, strict=True)]}

    # --- creating -----------------------------------------------------------------------------------------

    def create(self, request: NewGameRequest, player_token: str | None) -> dict[str, Any]:
        rules = PRESETS[request.rules].with_settings(**request.settings.model_dump(exclude_none=True))
        player_id = self.store.player_by_token(player_token) if player_token else None
        new_player_token = None
        if player_id is None:
            player_id, new_player_token = _new_id(), _new_token()
            self.store.create_player(player_id, new_player_token)
        game_id, seat_token = _new_id(), _new_token()
        state = new_game(rules, request.seed)
        events: list[Event] = [Event(EventKind.HAND_STARTED, 1, state.hand.starter, state.hand.upcard)]
        state = play_computer(state, request.level, game_id + ":0", events)
        self.store.create_game(game_id, seat_token, request.level, player_id, state, events, stats_delta(events))
        body = self.body(game_id, 1, request.level, state, list(enumerate(events, start=1)))
        body["seat_token"] = seat_token
        body["player_token"] = new_player_token
        return body

    # --- moving -------------------------------------------------------------------------------------------

    def act(self, game_id: str, token: str | None, make_action: Callable[[int], Action], if_match: str | None,
            idempotency_key: str | None, request_fingerprint: str) -> tuple[int, dict[str, Any], bool]:
        """Apply the person's move and the computer's replies atomically.

        Returns (version, body, replayed): ``replayed`` is true when an earlier answer to the same
        idempotency key is returned instead of applying the move again.
        """
        with self.store.locked(game_id) as locked:
            record = self._authorised(locked.record, token)
            if idempotency_key is not None:
                stored = locked.stored_reply(idempotency_key)
                if stored is not None:
                    return self._replay(stored, request_fingerprint)
            if if_match is not None and not _etag_matches(if_match, record.version):
                raise ApiProblem(412, "stale_version", f"the game is at version {record.version}; "
                                 "read it again before moving", version=record.version)
            return self._move(locked, record, make_action(HUMAN), idempotency_key, request_fingerprint)

    def _replay(self, stored: Any, request_fingerprint: str) -> tuple[int, dict[str, Any], bool]:
        if stored.fingerprint != request_fingerprint:
            raise ApiProblem(422, "idempotency_key_reused",
                             "this Idempotency-Key was already used for a different request")
        return int(stored.body["version"]), stored.body, True

    def _move(self, locked: LockedGame, record: GameRecord, action: Action, idempotency_key: str | None,
              request_fingerprint: str) -> tuple[int, dict[str, Any], bool]:
        state = record.state
        try:
            state, events = apply(state, action)
        except IllegalActionError as error:
            legal = [a.to_json() for a in view_for(state, HUMAN).legal_actions]
            raise ApiProblem(409, error.code, error.message, legal_actions=legal) from error
        state = play_computer(state, record.level, f"{record.id}:{record.version}", events)
        version = record.version + 1
        numbered = list(enumerate(events, start=record.event_count + 1))
        body = self.body(record.id, version, record.level, state, numbered)
        reply = (idempotency_key, request_fingerprint, 200, body) if idempotency_key is not None else None
        locked.save(state, events, reply, stats_delta(events))
        return version, body, False

    def hand_deal(self, game_id: str, token: str | None, number: int) -> dict[str, Any]:
        record = self._authorised(self.store.get_game(game_id), token)
        return {"game_id": game_id, **revealed_deal(record.state, number)}

    def hint(self, game_id: str, token: str | None) -> dict[str, Any]:
        record = self._authorised(self.store.get_game(game_id), token)
        suggestion = suggest(view_for(record.state, HUMAN))
        if suggestion is None:
            raise ApiProblem(409, "nothing_to_decide", "there is no move for you to make now")
        return {"game_id": game_id, "version": record.version, **suggestion.to_json()}

    # --- the rest -----------------------------------------------------------------------------------------

    def _player(self, player_token: str | None) -> str:
        """The id of the player whose token this is; a missing or unknown token is refused."""
        player_id = self.store.player_by_token(player_token) if player_token else None
        if player_id is None:
            raise ApiProblem(401, "unauthorized", "a valid player token is needed (Authorization: Bearer "
                                                  "<player token>, as given when your first game was created)")
        return player_id

    def stats(self, player_token: str | None) -> dict[str, Any]:
        counts: dict[str, Any] = self.store.player_stats(self._player(player_token))
        hands = counts["hands_played"]
        counts["average_points_per_hand"] = round(counts["points_won"] / hands, 2) if hands else 0.0
        counts["average_net_points_per_hand"] = (
            round((counts["points_won"] - counts["points_lost"]) / hands, 2) if hands else 0.0)
        return counts

    # --- match history (player token) ----------------------------------------------------------------------

    def matches(self, player_token: str | None, limit: int, cursor: str | None) -> dict[str, Any]:
        """A page of the player's matches, newest first; ``next`` continues after the last one listed."""
        player_id = self._player(player_token)
        after = decode_cursor(cursor) if cursor is not None else None
        listed, more = self.store.player_games(player_id, limit, after)
        last = listed[-1] if listed else None
        return {"matches": [match_summary(game) for game in listed],
                "next": encode_cursor(last.created_at, last.id) if more and last is not None else None}

    def _player_game(self, player_token: str | None, game_id: str) -> PlayerGame:
        # One answer for an unknown game and another player's, so ids cannot be probed.
        game = self.store.player_game(self._player(player_token), game_id)
        if game is None:
            raise ApiProblem(404, "not_found", "you have no match with this id")
        return game

    def match(self, player_token: str | None, game_id: str) -> dict[str, Any]:
        """One of the player's matches with its score sheet."""
        game = self._player_game(player_token, game_id)
        view = view_for(game.state, HUMAN)
        return {**match_summary(game), "history": [h.to_json() for h in view.history],
                "games": [g.to_json() for g in view.games]}

    def match_hand(self, player_token: str | None, game_id: str, number: int) -> dict[str, Any]:
        """A finished hand of one of the player's matches: its revealed deal and its events."""
        game = self._player_game(player_token, game_id)
        deal = revealed_deal(game.state, number)  # refuses a hand that is not over (409 hand_not_over)
        listed = self.store.events(game.id, 0, hand=number)
        seen = events_for([e for _, e in listed], HUMAN, game.state)
        return {"game_id": game.id, **deal,
                "events": [_event_json(seq, e) for (seq, _), e in zip(listed, seen, strict=True)]}

    @staticmethod
    def rules() -> dict[str, Any]:
        return {
            "default": "house",
            "presets": [{"name": name, "description": PRESET_DESCRIPTIONS[name], "rules": rules.to_json()}
                        for name, rules in PRESETS.items()],
            "settings": SETTING_DESCRIPTIONS,
            "levels": LEVEL_DESCRIPTIONS,
        }


def _etag_matches(if_match: str, version: int) -> bool:
    candidates = [tag.strip().removeprefix("W/").strip('"') for tag in if_match.split(",")]
    return "*" in candidates or str(version) in candidates


def request_fingerprint(path: str, body: bytes) -> str:
    return fingerprint(path, body.decode("utf-8", "replace"))


# --- match history -------------------------------------------------------------------------------------------

CURSOR_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def _timestamp(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


def preset_of(rules: Rules) -> str | None:
    """The preset whose rules these are exactly, or None when settings were changed."""
    return next((name for name, preset in PRESETS.items() if preset == rules), None)


def match_summary(game: PlayerGame) -> dict[str, Any]:
    """What the match history says of one match: only what seat 0's view holds."""
    view = view_for(game.state, HUMAN)
    return {
        "game_id": game.id,
        "started_at": _timestamp(game.created_at),
        "updated_at": _timestamp(game.updated_at),
        "level": game.level,
        "preset": preset_of(view.rules),
        "rules": view.rules.to_json(),
        "status": "finished" if view.winner is not None else "active",
        "hands": len(view.history),
        "scores": list(view.scores),
        "final_scores": list(view.final_scores),
        "winner": view.winner,
    }


def encode_cursor(created_at: float, game_id: str) -> str:
    """An opaque page cursor: the (created_at, id) key of the last match listed."""
    raw = json.dumps([created_at, game_id], separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[float, str]:
    """The key in a cursor made by ``encode_cursor``; anything else is refused (422 invalid_cursor)."""
    try:
        if len(cursor) > MAX_CURSOR:
            raise ValueError("too long")
        data = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
        created_at, game_id = data
        if isinstance(created_at, bool) or not isinstance(created_at, int | float) \
                or not math.isfinite(created_at) or not isinstance(game_id, str) or not CURSOR_ID.match(game_id):
            raise ValueError("not a cursor")
    except (ValueError, TypeError, OverflowError, RecursionError, binascii.Error) as error:
        raise ApiProblem(422, "invalid_cursor", "the cursor is not one this API handed out; "
                                                "start again without one") from error
    return float(created_at), game_id
