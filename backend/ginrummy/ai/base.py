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


PlayerFactory = Callable[..., Player]
"""Makes a player from its random stream and, for players that take them, named options."""
_REGISTRY: dict[str, PlayerFactory] = {}


def register(name: str) -> Callable[[PlayerFactory], PlayerFactory]:
    def add(factory: PlayerFactory) -> PlayerFactory:
        _REGISTRY[name] = factory
        return factory

    return add


def player_names() -> list[str]:
    _load_builtins()
    return sorted(_REGISTRY)


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


def make_player(spec: str, seed: int | None = None) -> Player:
    """A new player of the named kind, with its own random stream."""
    _load_builtins()
    name, options = parse_player_name(spec)
    try:
        factory = _REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown player {name!r}; choose one of {', '.join(sorted(_REGISTRY))}") from None
    return factory(random.Random(seed), **options)


def _load_builtins() -> None:
    from . import hard, levels  # noqa: F401  (registers the product's levels)
    from .baselines import openspiel, simple  # noqa: F401
