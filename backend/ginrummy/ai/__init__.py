"""Computer players: each gets one seat's view and returns an action."""

from .base import Player
from .loop import Played, Players, play
from .players import make_player, player_names

__all__ = ["Played", "Player", "Players", "make_player", "play", "player_names"]
