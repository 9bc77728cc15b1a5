"""The product's computer levels.

Until the stronger players are built, every level is seated with the EAAI
baseline policy; the API, the arena and the fairness tests already go through
this registry, so a level's player can be replaced without touching them.
"""

from __future__ import annotations

import random

from .base import register
from .baselines.simple import SimplePlayer

LEVELS = ("easy", "medium", "hard")


def _level(name: str) -> None:
    class LevelPlayer(SimplePlayer):
        pass

    LevelPlayer.name = name

    @register(name)
    def _make(rng: random.Random) -> SimplePlayer:
        return LevelPlayer(rng)


for _name in LEVELS:
    _level(_name)
