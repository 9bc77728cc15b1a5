"""Computer players: each gets one seat's view and returns an action."""

from .base import Player
from .players import make_player, player_names

__all__ = ["Player", "make_player", "player_names"]
