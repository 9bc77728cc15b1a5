"""Prometheus metrics (prometheus-client): requests by route and status with their latency, moves, games created,
the computer's decision time, rate-limit refusals and database connections in use.

With several worker processes, PROMETHEUS_MULTIPROC_DIR makes every process write its figures to that folder and
/metrics add them up (``gin-rummy serve`` sets it when metrics are on and there is more than one worker).
"""

from __future__ import annotations

import os

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)

REQUESTS = Counter("ginrummy_requests_total", "HTTP requests answered", ["method", "route", "status"])
LATENCY = Histogram("ginrummy_request_seconds", "Time to answer an HTTP request", ["method", "route"],
                    buckets=(.001, .002, .005, .01, .02, .05, .1, .2, .5, 1, 2, 5))
MOVES = Counter("ginrummy_moves_total", "Moves accepted from players", ["kind"])
GAMES = Counter("ginrummy_games_created_total", "Games created")
DECISIONS = Histogram("ginrummy_computer_decision_seconds", "Time the computer takes to choose a move", ["level"],
                      buckets=(.0001, .0005, .001, .002, .005, .01, .02, .05, .1, .2))
RATE_LIMITED = Counter("ginrummy_rate_limited_total", "Requests refused by a rate limit or quota", ["code"])
POOL_IN_USE = Gauge("ginrummy_database_connections_in_use", "Database connections checked out of the pool",
                    multiprocess_mode="livesum")
DEGRADED = Gauge("ginrummy_degraded", "1 while a part the service can do without does not answer (see /readyz)",
                 ["part"], multiprocess_mode="livemax")
UNAVAILABLE = Counter("ginrummy_unavailable_total", "Requests answered 503 because the database could not be "
                      "reached or was full", ["code"])


def render() -> tuple[bytes, str]:
    """The metrics in Prometheus's text format, and its content type."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return generate_latest(registry), CONTENT_TYPE_LATEST
    return generate_latest(), CONTENT_TYPE_LATEST
