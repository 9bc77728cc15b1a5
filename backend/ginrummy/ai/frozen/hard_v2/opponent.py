"""hard-v2's model of how the opponent knocks, read from the hands of this match that are over.

A copy of ``ai/opponent.py`` as of ba364a2 (only what hard-v2's decisions use). The opponent knocks when it
can with deadwood ``k`` or less, ``k`` drawn afresh at each chance; ``weights[k]`` is how often it plays by
threshold ``k``. Each finished hand says, for each seat, the deadwood it knocked with and the least deadwood
it could have knocked with on a turn it played on; each is one chance, fitting some thresholds and not others.
The weights are the most likely mixture given those chances (expectation-maximisation) from a prior where
first-chance knocking is the most common style, the prior counting as ``PRIOR_STRENGTH`` chances seen.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from ginrummy.engine import View

THRESHOLDS = tuple(range(11))
"""The thresholds considered: 0 (Gin only) to 10 (the house knock limit)."""
FIRST_CHANCE_PRIOR = 0.45
"""Prior weight of knocking at the first chance (the threshold at the limit); the rest is spread evenly."""
PRIOR_STRENGTH = 2.0
"""How many observed chances the prior is worth."""
ROUNDS = 40
"""Rounds of expectation-maximisation."""


@dataclass(frozen=True)
class KnockModel:
    """A probability for each knocking threshold of the opponent (index = threshold)."""

    weights: tuple[float, ...]

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


def prior() -> list[float]:
    rest = (1.0 - FIRST_CHANCE_PRIOR) / (len(THRESHOLDS) - 1)
    return [rest] * (len(THRESHOLDS) - 1) + [FIRST_CHANCE_PRIOR]


def read_knocking(view: View) -> KnockModel:
    """The model of the opponent's knocking, from the hands of this match that are over."""
    opponent = view.opponent
    seen: list[tuple[bool, ...]] = []
    for summary in view.history:
        if summary.deadwood is None:  # kept before these facts were
            continue
        limit = summary.knock_limit
        knocked = summary.deadwood[opponent] if summary.knocker == opponent else None
        if knocked:  # knocked with deadwood d > 0: that chance's threshold was at least d
            seen.append(tuple(min(k, limit) >= knocked for k in THRESHOLDS))
        declined = summary.declined[opponent]
        if declined is not None:  # could have knocked with d and played on: that chance's threshold was below d
            seen.append(tuple(min(k, limit) < declined for k in THRESHOLDS))
    return KnockModel(mixture(tuple(seen)))


@lru_cache(maxsize=4096)
def mixture(seen: tuple[tuple[bool, ...], ...]) -> tuple[float, ...]:
    """The mixture of thresholds that best explains the chances ``seen`` (each: which thresholds it fits),
    with the prior counted as ``PRIOR_STRENGTH`` chances."""
    base = [PRIOR_STRENGTH * w for w in prior()]
    weights = prior()
    for _ in range(ROUNDS if seen else 0):
        counts = list(base)
        for fits in seen:
            share = sum(w for w, fit in zip(weights, fits, strict=True) if fit)
            if share <= 0:  # fits no threshold (held on with Gin, say): nothing the model can take from it
                continue
            for k, fit in enumerate(fits):
                if fit:
                    counts[k] += weights[k] / share
        total = sum(counts)
        weights = [c / total for c in counts]
    return tuple(weights)
