"""The player protocol: a view in, an action out.

A player is given exactly what a REST client of that seat would see, so it
cannot cheat. Players may keep memory between calls, but the product's own
players derive everything from the view (which carries the public history of
the hand), so a stored game resumes correctly with a freshly made player.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, Protocol, runtime_checkable

from ginrummy.engine import Action, CardMask, View, mask_of

from .hand import unseen_by


@runtime_checkable
class Player(Protocol):
    name: str

    def choose(self, view: View) -> Action:
        """The action to play; only called when ``view.legal_actions`` is not empty."""
        ...


class Position(NamedTuple):
    """What a player's rules for taking the pile card and for knocking read of a moment in a hand, as the
    deciding seat knows it."""

    draws: int
    """Draws made in the hand so far, the deciding seat's own included."""
    stock_count: int
    """Cards left in the stock."""
    knock_limit: int
    """Most deadwood a knock may keep in this hand."""
    their_takes: int
    """Cards the other seat has taken from the discard pile this hand."""
    thrown: CardMask
    """Cards the deciding seat has discarded this hand."""
    unseen: CardMask
    """Cards the deciding seat cannot see: the other seat's unknown cards and the stock."""


def position_of(view: View) -> Position:
    """The position ``view``'s seat decides in."""
    return Position(view.draws, view.stock_count, view.knock_limit, len(view.pile_takes[view.opponent]),
                    mask_of(view.discards[view.seat]), unseen_by(view))


@runtime_checkable
class Modelled(Protocol):
    """A player whose draw and knock rules can be asked about a hand it might hold: what a hint in a game
    against it models (``ai.chances``). Its own moves follow the same rules."""

    def take_chance(self, hand: CardMask, card: int, position: Position) -> float:
        """Chance it takes ``card`` from the discard pile holding the 10 cards ``hand``."""
        ...

    def knock_chance(self, deadwood: int, position: Position) -> float:
        """Chance it knocks when its least-deadwood discard leaves ``deadwood``."""
        ...


PlayerFactory = Callable[..., Player]
"""Makes a player from its random stream and, for players that take them, named numeric options."""


def parse_player_name(spec: str) -> tuple[str, dict[str, float]]:
    """``hard`` or ``hard(danger_weight=4,take_margin=2)``: a kind and numeric options (for tuning runs)."""
    name, _, rest = spec.partition("(")
    options: dict[str, float] = {}
    if rest:
        if not rest.endswith(")"):
            raise ValueError(f"bad player {spec!r}: options go in parentheses, e.g. hard(danger_weight=4)")
        for item in filter(None, rest[:-1].split(",")):
            key, _, value = item.partition("=")
            try:
                options[key.strip()] = float(value)
            except ValueError:
                raise ValueError(f"bad option {item!r} in {spec!r}: give a number") from None
    return name.strip(), options
