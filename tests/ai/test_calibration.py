"""Reported chances: the fitted maps from the hard player's raw estimates to observed rates."""

from __future__ import annotations

import json
import random
from importlib import resources

from ginrummy.ai.calibration import CEILING, FLOOR, calibrated, fit
from ginrummy.bench.calibration import QUESTIONS


def test_the_fit_is_monotone_pools_equal_estimates_and_matches_the_rates() -> None:
    rng = random.Random(4)
    # Raw estimates that are too extreme: the true rate is 0.2 + 0.6 * raw, and many estimates repeat.
    pairs = [(raw, rng.random() < 0.2 + 0.6 * raw) for raw in (rng.choice([0.0, 0.1, 0.5, 0.9, 1.0])
                                                                for _ in range(20_000))]
    knots = fit(pairs)
    xs, ys = [x for x, _ in knots], [y for _, y in knots]
    assert xs == sorted(xs) and len(set(xs)) == len(xs), "one knot per pooled block of distinct estimates"
    assert ys == sorted(ys), "the map never goes down"
    for x, y in knots:
        assert abs(y - (0.2 + 0.6 * x)) < 0.03


def test_a_reported_chance_follows_the_map_and_is_never_0_or_100_percent() -> None:
    for question in QUESTIONS:
        values = [calibrated(question, raw / 100) for raw in range(101)]
        assert values == sorted(values)
        assert all(FLOOR <= v <= CEILING for v in values)
    assert calibrated("no such question", 0.0) == FLOOR and calibrated("no such question", 1.0) == CEILING


def test_the_shipped_maps_cover_every_question_and_say_how_they_were_fitted() -> None:
    data = json.loads(resources.files("ginrummy.ai").joinpath("calibration.json").read_text())
    assert set(data["maps"]) == set(QUESTIONS)
    assert "gin-rummy bench calibration" in data["command"] and data["decisions"] >= 2000
