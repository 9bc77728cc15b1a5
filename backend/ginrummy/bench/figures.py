"""The figures the benches draw from their clients' outcomes: nearest-rank quantiles, one target's round (its rate,
latencies, errors and CPU shares), and how a median with its range and a share are printed."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from .client import Outcome


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """Nearest-rank quantile of sorted values."""
    if not sorted_values:
        return float("nan")
    rank = max(1, min(len(sorted_values), round(q * len(sorted_values) + 0.5)))
    return sorted_values[rank - 1]


@dataclass
class Round:
    """One target measured once: figures of the main kind of request (moves for the game)."""

    latencies: list[float]
    rate: float
    p50_ms: float
    p99_ms: float
    errors: int
    client_share: float
    """Client processes' CPU ÷ wall ÷ cores."""
    busiest_core: float
    """The busiest client process's CPU ÷ wall: the share of the one core it can use."""
    server_share: float | None


def combine(outcomes: list[Outcome], kind: str, duration: float, cores: int) -> Round:
    latencies = sorted(x for o in outcomes for x in o.tally.latencies.get(kind, []))
    wall = max(o.wall for o in outcomes) or duration
    server = outcomes[0].server_cpu
    return Round(latencies, len(latencies) / duration, 1000 * quantile(latencies, 0.5),
                 1000 * quantile(latencies, 0.99), sum(sum(o.tally.errors.values()) for o in outcomes),
                 sum(o.cpu for o in outcomes) / wall / cores, max(o.cpu / o.wall if o.wall else 0 for o in outcomes),
                 None if server is None else server / wall / cores)


def spread(values: Sequence[float], digits: int = 0, width: int = 0) -> str:
    """The median of ``values``, with their range when there are several."""
    middle = statistics.median(values)
    text = f"{middle:.{digits}f}"
    if len(values) > 1:
        text += f" ({min(values):.{digits}f}–{max(values):.{digits}f})"
    return f"{text:<{width}}" if width else text


def percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.0f}%"
