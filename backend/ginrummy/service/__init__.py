"""The game as a service, by what a caller wants: moves (``moves``: a seat's action and the computer's replies,
versions and idempotency), matches (``matches``: create, join, rematch, claim), reading (``reading``: the view,
following a game live, its log, a finished hand's deal and review, a hint), the player's records (``players``)
and the daily deal (``daily``). What they share about a game's table, and the answer a seat is given, is in
``table``.

It speaks in domain terms (``errors``) and reaches the store through its protocols (``store.base``) and their
records (``store.records``) only; the HTTP layer in ``ginrummy.api`` turns its answers and refusals into responses.
"""

from .catalog import LEVEL_DESCRIPTIONS, catalog, rules_for
from .daily import DailyService
from .matches import MatchService, creation_scope, request_fingerprint
from .moves import Move, MoveService
from .players import PlayerService
from .reading import ReadingService
from .table import Computer, Invited, Opponent
from .turns import COMPUTER, HUMAN, play_computer, stats_delta

__all__ = ["COMPUTER", "HUMAN", "LEVEL_DESCRIPTIONS", "Computer", "DailyService", "Invited", "MatchService", "Move",
           "MoveService", "Opponent", "PlayerService", "ReadingService", "catalog", "creation_scope", "play_computer",
           "request_fingerprint", "rules_for", "stats_delta"]
