"""The anonymous player: their stats and their match history, by the player token."""

from __future__ import annotations

import base64
import binascii
import json
import math
import re
from datetime import UTC, datetime
from typing import Any

from ginrummy.engine import PRESETS, Rules, revealed_deal, view_for
from ginrummy.store.base import GameStore
from ginrummy.store.records import PlayerGame

from .days import refuse_sealed
from .errors import Invalid, NotFound, Unauthorized
from .table import new_id, new_token, numbered_events

MAX_CURSOR = 200
"""Longest cursor accepted; the ones handed out are far shorter."""
CURSOR_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class PlayerService:
    def __init__(self, store: GameStore) -> None:
        self.store = store

    def identify(self, player_token: str | None) -> str:
        """The id of the player whose token this is; a missing or unknown token is refused."""
        player_id = self.store.player_by_token(player_token) if player_token else None
        if player_id is None:
            raise Unauthorized("unauthorized", "a valid player token is needed (Authorization: Bearer "
                                               "<player token>, as given when your first game was created)")
        return player_id

    def known(self, player_token: str | None) -> str | None:
        """The id of the token's player, or None (no token, or one of no player): nothing is written."""
        return self.store.player_by_token(player_token) if player_token else None

    def new_player(self) -> tuple[str, str]:
        """A new anonymous player: (id, token); the token is handed out once. Only once a request is sure to be
        granted, so that a refused one writes nothing."""
        player_id, token = new_id(), new_token()
        self.store.create_player(player_id, token)
        return player_id, token

    def stats(self, player_token: str | None) -> dict[str, Any]:
        counts: dict[str, Any] = self.store.player_stats(self.identify(player_token))
        hands = counts["hands_played"]
        counts["average_points_per_hand"] = round(counts["points_won"] / hands, 2) if hands else 0.0
        counts["average_net_points_per_hand"] = (
            round((counts["points_won"] - counts["points_lost"]) / hands, 2) if hands else 0.0)
        return counts

    def matches(self, player_token: str | None, limit: int, cursor: str | None) -> dict[str, Any]:
        """A page of the player's matches, newest first; ``next`` continues after the last one listed."""
        player_id = self.identify(player_token)
        after = decode_cursor(cursor) if cursor is not None else None
        listed, more = self.store.player_games(player_id, limit, after)
        last = listed[-1] if listed else None
        return {"matches": [match_summary(game) for game in listed],
                "next": encode_cursor(last.created_at, last.id) if more and last is not None else None}

    def _game(self, player_token: str | None, game_id: str) -> PlayerGame:
        # One answer for an unknown game and another player's, so ids cannot be probed.
        game = self.store.player_game(self.identify(player_token), game_id)
        if game is None:
            raise NotFound("not_found", "you have no match with this id")
        return game

    def match(self, player_token: str | None, game_id: str) -> dict[str, Any]:
        """One of the player's matches with its score sheet."""
        game = self._game(player_token, game_id)
        view = view_for(game.state, game.seat)
        return {**match_summary(game), "history": [h.to_json() for h in view.history],
                "games": [g.to_json() for g in view.games]}

    def match_hand(self, player_token: str | None, game_id: str, number: int) -> dict[str, Any]:
        """A finished hand of one of the player's matches: its revealed deal and its events."""
        game = self._game(player_token, game_id)
        refuse_sealed(game.daily)
        deal = revealed_deal(game.state, number)  # refuses a hand that is not over (409 hand_not_over)
        events = numbered_events(self.store.events(game.id, 0, hand=number), game.state, game.seat)
        return {"game_id": game.id, "seat": game.seat, **deal, "events": events}


def _timestamp(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


def preset_of(rules: Rules) -> str | None:
    """The preset whose rules these are exactly, or None when settings were changed."""
    return next((name for name, preset in PRESETS.items() if preset == rules), None)


def match_summary(game: PlayerGame) -> dict[str, Any]:
    """What the match history says of one match: only what the player's seat's view holds."""
    view = view_for(game.state, game.seat)
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
        "practice": game.practice,
        "seat": game.seat,
        "daily": game.daily,
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
        raise Invalid("invalid_cursor", "the cursor is not one this API handed out; start again without one") \
            from error
    return float(created_at), game_id
