"""Every player the project knows, by name: the product's levels and the opponents they are measured against.

A plain table: the name a caller gives (``make_player("hard")``, ``gin-rummy arena hard simple``) and the
function that makes that player from its random stream and options. Nothing registers itself. A persona's id
(``ai.personas``) names the player it plays by: ``make_player("quinn")`` is ``make_player("simple")``.
"""

from __future__ import annotations

import random
from typing import Any

from .base import Player, PlayerFactory, parse_player_name
from .baselines.cfr_knock import make_cfr
from .baselines.ginhunter import make_ginhunter
from .baselines.openspiel import OpenSpielPlayer
from .baselines.simple import SimplePlayer
from .baselines.tabled import make_tabled
from .baselines.undercutter import make_undercutter
from .frozen.hard_v1 import make_hard_v1
from .frozen.hard_v2 import make_hard_v2
from .hard import make_hard
from .levels import LEVELS, EasyPlayer, MediumPlayer
from .personas import OPPONENTS


def _simple(rng: random.Random, knock_at: float | None = None) -> SimplePlayer:
    return SimplePlayer(rng, None if knock_at is None else int(knock_at))


PLAYERS: dict[str, PlayerFactory] = {
    "easy": EasyPlayer,
    "medium": MediumPlayer,
    "hard": make_hard,
    "simple": _simple,
    "openspiel": OpenSpielPlayer,
    "tabled": make_tabled,
    "ginhunter": make_ginhunter,
    "undercutter": make_undercutter,
    "hard-v1": make_hard_v1,
    "hard-v2": make_hard_v2,
    "cfr": make_cfr,
}


assert set(LEVELS) <= set(PLAYERS), "every level of the product has its player"
assert not (set(OPPONENTS) - set(LEVELS)) & set(PLAYERS), "a persona's id is not also a player's name"


def player_names() -> list[str]:
    """The players' names, then the personas' ids."""
    return sorted(PLAYERS) + [name for name in OPPONENTS if name not in PLAYERS]


def make_player(spec: str, seed: int | None = None) -> Player:
    """A new player of the named kind (``hard``, or with options: ``simple(knock_at=4)``, or a persona's id),
    with its own random stream."""
    name, options = parse_player_name(OPPONENTS.get(spec, spec))
    try:
        factory = PLAYERS[name]
    except KeyError:
        raise ValueError(f"unknown player {name!r}; choose one of {', '.join(player_names())}") from None
    try:
        player: Any = factory(random.Random(seed), **options)
    except TypeError:
        raise ValueError(f"player {name!r} takes no options {', '.join(sorted(options))}") from None
    return player  # type: ignore[no-any-return]
