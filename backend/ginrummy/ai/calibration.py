"""Probabilities as the hard player reports them: its raw estimates mapped to the rates really observed.

The hard player's chances come from a few dozen sampled hands and a model of the opponent, so they lean to the
extremes (an undercut it puts at 3% happens about one time in ten against the opponent population). Each
question has a monotone map from the raw estimate to the observed rate, fitted by ``gin-rummy bench
calibration --fit`` (isotonic regression over matches against the population) and kept in
``calibration.json``; a reported chance is the map's value, never 0% or 100%. The player's own decisions use
the raw estimates, which its weights were tuned with.
"""

from __future__ import annotations

import bisect
import json
from functools import cache
from importlib import resources
from typing import Any

FLOOR, CEILING = 0.01, 0.99
"""A reported chance of something that can happen is never 0% or 100%."""


@cache
def _maps() -> dict[str, list[tuple[float, float]]]:
    data: dict[str, Any] = json.loads(resources.files(__package__).joinpath("calibration.json").read_text())
    return {question: [(float(x), float(y)) for x, y in knots] for question, knots in data["maps"].items()}


def calibrated(question: str, raw: float) -> float:
    """The reported chance for ``question`` ("undercut", "opponent knocks", "stock helps") given the raw
    estimate: the fitted map, linear between its knots and flat beyond them, kept within 1%–99%."""
    knots = _maps().get(question)
    if not knots:
        return min(CEILING, max(FLOOR, raw))
    xs = [x for x, _ in knots]
    i = bisect.bisect_left(xs, raw)
    if i == 0:
        value = knots[0][1]
    elif i == len(knots):
        value = knots[-1][1]
    else:
        (x0, y0), (x1, y1) = knots[i - 1], knots[i]
        value = y0 + (y1 - y0) * (raw - x0) / (x1 - x0) if x1 > x0 else y1
    return min(CEILING, max(FLOOR, value))


MIN_BLOCK = 1600
"""The fewest decisions a knot of a fitted map stands on. The decisions come in runs (the same hand asked
about turn after turn), so a small block's rate is mostly noise, and isotonic regression alone leaves small
blocks at the ends of the range, where a map is read flat."""


def fit(pairs: list[tuple[float, bool]], min_block: int = MIN_BLOCK) -> list[tuple[float, float]]:
    """A monotone map from raw estimates to observed rates: pool-adjacent-violators isotonic regression over
    the distinct raw values (equal estimates always pool together), then blocks of fewer than ``min_block``
    decisions pooled with the neighbour nearer in rate; one knot per block at the block's mean raw
    estimate. Pooling neighbours keeps the map monotone."""
    by_value: dict[float, list[float]] = {}
    for raw, happened in pairs:
        cell = by_value.setdefault(raw, [0.0, 0.0])
        cell[0] += happened
        cell[1] += 1
    blocks: list[list[float]] = []  # [sum of outcomes, count, sum of raw estimates]
    for raw in sorted(by_value):
        outcomes, count = by_value[raw]
        blocks.append([outcomes, count, raw * count])
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] >= blocks[-1][0] / blocks[-1][1]:
            top = blocks.pop()
            blocks[-1] = [a + b for a, b in zip(blocks[-1], top, strict=True)]
    while len(blocks) > 1:
        small = min(range(len(blocks)), key=lambda i: blocks[i][1])
        if blocks[small][1] >= min_block:
            break
        rate = blocks[small][0] / blocks[small][1]
        neighbours = [i for i in (small - 1, small + 1) if 0 <= i < len(blocks)]
        other = min(neighbours, key=lambda i: abs(blocks[i][0] / blocks[i][1] - rate))
        low, high = sorted((small, other))
        blocks[low:high + 1] = [[a + b for a, b in zip(blocks[low], blocks[high], strict=True)]]
    return [(round(total / count, 4), round(outcomes / count, 4)) for outcomes, count, total in blocks]
