"""The player protocol: a view in, an action out.

A player is given exactly what a REST client of that seat would see, so it
cannot cheat. Players may keep memory between calls, but the product's own
players derive everything from the view (which carries the public history of
the hand), so a stored game resumes correctly with a freshly made player.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from ginrummy.engine import Action, View


@runtime_checkable
class Player(Protocol):
    name: str

    def choose(self, view: View) -> Action:
        """The action to play; only called when ``view.legal_actions`` is not empty."""
        ...


PlayerFactory = Callable[[random.Random], Player]
_REGISTRY: dict[str, PlayerFactory] = {}


def register(name: str) -> Callable[[PlayerFactory], PlayerFactory]:
    def add(factory: PlayerFactory) -> PlayerFactory:
        _REGISTRY[name] = factory
        return factory

    return add


def player_names() -> list[str]:
    _load_builtins()
    return sorted(_REGISTRY)


def make_player(name: str, seed: int | None = None) -> Player:
    """A new player of the named kind, with its own random stream."""
    _load_builtins()
    try:
        factory = _REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown player {name!r}; choose one of {', '.join(sorted(_REGISTRY))}") from None
    return factory(random.Random(seed))


def _load_builtins() -> None:
    from . import levels  # noqa: F401  (registers the product's levels)
    from .baselines import simple  # noqa: F401
