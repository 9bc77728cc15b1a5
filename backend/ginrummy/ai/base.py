"""The player protocol: a view in, an action out.

A player is given exactly what a REST client of that seat would see, so it
cannot cheat. Players may keep memory between calls, but the product's own
players derive everything from the view (which carries the public history of
the hand), so a stored game resumes correctly with a freshly made player.
"""

from __future__ import annotations

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
