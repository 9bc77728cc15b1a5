"""How the opponent knocks, read from the hands of this match that are over.

Players differ most in when they knock: at the first chance, only with little deadwood, or only for Gin. The
model is a knocking threshold ``k``: the opponent knocks when it can with deadwood ``k`` or less, and plays on
above it. Every finished hand's summary says, for each seat, the deadwood it knocked with and the least
deadwood it could have knocked with on a turn it chose to play on (both public once a hand is over), so each
hand moves a probability over ``k``. The prior is the spread of styles players show: first-chance knocking is
the most common, holding for a low knock or for Gin less so. Each observation is trusted up to a small
chance of a one-off (a knock timed by the turn, say), so no single hand rules a threshold out for good.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ginrummy.engine import View

THRESHOLDS = tuple(range(11))
"""The thresholds considered: 0 (Gin only) to 10 (the house knock limit)."""
FIRST_CHANCE_PRIOR = 0.45
"""Prior weight of knocking at the first chance (the threshold at the limit); the rest is spread evenly."""
SLIP = 0.08
"""Chance that one hand's behaviour goes against the opponent's threshold."""


@dataclass(frozen=True)
class KnockModel:
    """A probability for each knocking threshold of the opponent (index = threshold)."""

    weights: tuple[float, ...]
    observations: int
    """How many knocks or declined knocks it was read from."""

    def knock_chance(self, deadwood: int) -> float:
        """Chance the opponent knocks when it can with ``deadwood``: the weight of thresholds at or above it."""
        if deadwood <= 0:
            return 1.0
        return sum(self.weights[deadwood:]) if deadwood < len(self.weights) else 0.0

    def sample(self, rng: random.Random) -> int:
        """A threshold drawn from the model (without touching ``rng`` when the model is certain)."""
        if max(self.weights) == 1.0:
            return self.weights.index(1.0)
        return rng.choices(THRESHOLDS, self.weights)[0]

    @property
    def expected(self) -> float:
        return sum(k * w for k, w in zip(THRESHOLDS, self.weights, strict=True))


FIRST_CHANCE = KnockModel(tuple(1.0 if k == THRESHOLDS[-1] else 0.0 for k in THRESHOLDS), 0)
"""An opponent known to knock at the first chance."""


def prior() -> list[float]:
    rest = (1.0 - FIRST_CHANCE_PRIOR) / (len(THRESHOLDS) - 1)
    return [rest] * (len(THRESHOLDS) - 1) + [FIRST_CHANCE_PRIOR]


def read_knocking(view: View) -> KnockModel:
    """The model of the opponent's knocking, from the hands of this match that are over."""
    weights = prior()
    opponent = view.opponent
    observations = 0
    for summary in view.history:
        if summary.deadwood is None:  # kept before these facts were
            continue
        limit = summary.knock_limit
        knocked = summary.deadwood[opponent] if summary.knocker == opponent else None
        if knocked:  # knocked with deadwood d > 0: the threshold is at least d
            _observe(weights, [min(k, limit) >= knocked for k in THRESHOLDS])
            observations += 1
        declined = summary.declined[opponent]
        if declined is not None:  # could have knocked with d and played on: the threshold is below d
            _observe(weights, [min(k, limit) < declined for k in THRESHOLDS])
            observations += 1
    total = sum(weights)
    return KnockModel(tuple(w / total for w in weights), observations)


def _observe(weights: list[float], fits: list[bool]) -> None:
    """Weigh each threshold by how well it explains one observation (``fits``, per threshold)."""
    for k, fit in enumerate(fits):
        weights[k] *= (1.0 - SLIP) if fit else SLIP
