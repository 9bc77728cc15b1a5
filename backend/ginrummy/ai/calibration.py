"""Probabilities as a hint reports them: the raw estimates mapped to the rates really observed.

The chances a hint states (``ai.chances``) come from a few dozen sampled hands and a model of the opponent, so
they lean to the extremes (an undercut put at 3% happens about one time in ten against the opponent
population). Each question has a monotone map from the raw estimate to the observed rate, fitted by ``gin-rummy
bench calibration --fit`` (isotonic regression) and kept in ``calibration.json``: one map per question and
computer the product offers, fitted over matches against that computer, and a population-wide map, fitted over
matches against the whole opponent population with the opponent unknown to the hint, for anyone else (a person
in a game with a friend, a program). A reported chance is the map's value, never 0% or 100%. The hard player's
own decisions use its own raw estimates, which its weights were tuned with.
"""

from __future__ import annotations

import bisect
import json
from functools import cache
from importlib import resources
from typing import Any

from .policies import player_named, settings_of

ANY_KNOCK = "undercut if knocking"
"""The coach's question: the chance that a knock the player could make now is undercut, asked of any knock (the
hints' "undercut" is asked at the knocks the hard player chooses, which it makes when it sees little risk)."""
FLOOR, CEILING = 0.01, 0.99
"""A reported chance of something that can happen is never 0% or 100%."""

Knots = list[tuple[float, float]]


def _knots(maps: dict[str, Any]) -> dict[str, Knots]:
    return {question: [(float(x), float(y)) for x, y in knots] for question, knots in maps.items()}


@cache
def _document() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(resources.files(__package__).joinpath("calibration.json").read_text())
    return data


@cache
def _population_maps() -> dict[str, Knots]:
    return _knots(_document()["maps"])


@cache
def _opponent_maps() -> dict[str, dict[str, Knots]]:
    return {name: _knots(entry["maps"]) for name, entry in _document().get("opponents", {}).items()}


def _same_player(one: Any, other: Any) -> bool:
    """Whether two players play by the same rules: the same kind with the same settings (their random
    streams aside)."""
    return type(one) is type(other) and settings_of(one) == settings_of(other)


@cache
def fitted_name(opponent: str) -> str | None:
    """The computer whose maps stand for ``opponent``: itself when fitted, else the fitted computer that plays
    by the same rules (a persona plays by one of the players), else None."""
    fitted = _opponent_maps()
    if opponent in fitted:
        return opponent
    player = player_named(opponent)
    if player is None:
        return None
    return next((name for name in fitted if _same_player(player_named(name), player)), None)


def calibrated(question: str, raw: float, opponent: str | None = None) -> float:
    """The reported chance for ``question`` ("undercut", "opponent knocks", "stock helps", or the coach's
    ``ANY_KNOCK``) given the raw estimate, against the computer named ``opponent`` (None: an opponent outside the
    product): that computer's fitted map for the question if it has one, else the population's; linear between
    its knots and flat beyond them, kept within 1%–99%."""
    name = fitted_name(opponent) if opponent is not None else None
    knots = (_opponent_maps()[name].get(question) if name is not None else None) or _population_maps().get(question)
    return min(CEILING, max(FLOOR, read(knots, raw) if knots else raw))


def read(knots: Knots, raw: float) -> float:
    """A map's value at ``raw``: linear between its knots (flat within a block, whose two knots share a rate),
    flat beyond them."""
    xs = [x for x, _ in knots]
    i = bisect.bisect_left(xs, raw)
    if i == 0:
        value = knots[0][1]
    elif i == len(knots):
        value = knots[-1][1]
    else:
        (x0, y0), (x1, y1) = knots[i - 1], knots[i]
        value = y0 + (y1 - y0) * (raw - x0) / (x1 - x0) if x1 > x0 else y1
        value = min(max(value, y0), y1)  # rounding must not carry it past the next knot: the map never goes down
    return value


MIN_BLOCK = 1600
"""The fewest decisions a block of a fitted map stands on. The decisions come in runs (the same hand asked
about turn after turn), so a small block's rate is mostly noise, and isotonic regression alone leaves small
blocks at the ends of the range."""


def fit(pairs: list[tuple[float, bool]], min_block: int = MIN_BLOCK) -> list[tuple[float, float]]:
    """A monotone map from raw estimates to observed rates: pool-adjacent-violators isotonic regression over
    the distinct raw values (equal estimates always pool together), then blocks of fewer than ``min_block``
    decisions pooled with the neighbour nearer in rate (pooling neighbours keeps the map monotone). The map is
    a step per block: a knot at the block's lowest and at its highest raw estimate, both at its rate, so that
    every decision of a block is reported at the rate the block showed (a knot at the block's mean, read flat
    beyond the last, would report the top block's higher estimates below what they showed)."""
    by_value: dict[float, list[float]] = {}
    for raw, happened in pairs:
        cell = by_value.setdefault(raw, [0.0, 0.0])
        cell[0] += happened
        cell[1] += 1
    blocks: list[list[float]] = []  # [sum of outcomes, count, lowest raw estimate, highest raw estimate]

    def pooled(low: list[float], high: list[float]) -> list[float]:
        return [low[0] + high[0], low[1] + high[1], low[2], high[3]]

    for raw in sorted(by_value):
        outcomes, count = by_value[raw]
        blocks.append([outcomes, count, raw, raw])
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] >= blocks[-1][0] / blocks[-1][1]:
            top = blocks.pop()
            blocks[-1] = pooled(blocks[-1], top)
    while len(blocks) > 1:
        small = min(range(len(blocks)), key=lambda i: blocks[i][1])
        if blocks[small][1] >= min_block:
            break
        rate = blocks[small][0] / blocks[small][1]
        neighbours = [i for i in (small - 1, small + 1) if 0 <= i < len(blocks)]
        other = min(neighbours, key=lambda i: abs(blocks[i][0] / blocks[i][1] - rate))
        low, high = sorted((small, other))
        blocks[low:high + 1] = [pooled(blocks[low], blocks[high])]
    knots: Knots = []
    for outcomes, count, lowest, highest in blocks:
        rate = round(outcomes / count, 4)
        knots.extend((x, rate) for x in ((lowest, highest) if highest > lowest else (lowest,)))  # exact: no gaps
    return knots
