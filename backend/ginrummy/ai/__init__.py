"""Computer players. Each sees only its seat's view (``ginrummy.engine.View``), never the game state."""

from .base import Player, make_player, player_names

__all__ = ["Player", "make_player", "player_names"]
