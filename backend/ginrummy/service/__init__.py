"""The game as a service: creating matches, moves with the computer's replies, and the player's records.

It speaks in domain terms (``errors``); the HTTP layer in ``ginrummy.api`` turns its answers and refusals into
responses.
"""

from .catalog import LEVEL_DESCRIPTIONS, catalog, rules_for
from .games import GameService, creation_scope, request_fingerprint
from .players import PlayerService
from .turns import COMPUTER, HUMAN, play_computer, stats_delta

__all__ = ["COMPUTER", "HUMAN", "LEVEL_DESCRIPTIONS", "GameService", "PlayerService", "catalog", "creation_scope",
           "play_computer", "request_fingerprint", "rules_for", "stats_delta"]
