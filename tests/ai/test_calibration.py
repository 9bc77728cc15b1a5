"""Reported chances: the fitted maps from the hard player's raw estimates to observed rates."""

from __future__ import annotations

import json
import random
from importlib import resources

from ginrummy.ai.calibration import ANY_KNOCK, CEILING, FLOOR, calibrated, fit, read
from ginrummy.ai.policies import plays_by
from ginrummy.bench.calibration_tables import QUESTIONS


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


def test_hints_show_the_chances_as_reported_and_never_0_or_100_percent() -> None:
    """Over whole hands, a hint gives the stock card's chance at every draw, the opponent's chance to knock at
    every plain discard and the undercut chance at a knock, each as a whole percent within 1%-99%; the move
    itself is the one the hard player's ``choose`` makes from the same stream."""
    import re

    from ginrummy.ai import make_player
    from ginrummy.ai.hints import suggest
    from ginrummy.engine import HOUSE, ActionKind, Phase, apply, new_game, view_for

    seen: set[str] = set()
    for seed in range(3):
        state = new_game(HOUSE, 300 + seed)
        players = [make_player("hard", seed), make_player("simple", seed + 1)]
        while state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
            seat = state.hand.turn
            view = view_for(state, seat)
            if seat == 0:
                hint = suggest(view, opponent="simple")
                assert hint is not None
                why = hint.reason
                assert hint.action == make_player("hard", view.hand_number * 1000 + view.draws).choose(view)
                percents = [int(p) for p in re.findall(r"about (\d+)%", why)]
                assert all(1 <= p <= 99 for p in percents), why
                asked = ""
                if view.drawing and view.stock_count:
                    assert "A stock card helps about" in why
                    asked = "stock helps"
                elif hint.action.kind == ActionKind.DISCARD and view.stock_count > 2:
                    assert "The opponent knocks on its next turn about" in why
                    asked = "opponent knocks"
                elif hint.action.kind == ActionKind.KNOCK and "Gin" not in why:
                    assert "undercut" in why
                    asked = "undercut"
                assert list(hint.chances) == ([asked] if asked else []), why
                seen.add(asked)
            state, _ = apply(state, players[seat].choose(view))
    assert {"stock helps", "opponent knocks"} <= seen


def test_each_product_computer_reads_its_own_map_and_anyone_else_the_populations() -> None:
    """A computer with a fitted map is read by it, a name for the same player (with its default options spelt
    out) by the same map, and an opponent outside the product by the population's."""
    from ginrummy.ai.calibration import fitted_name
    from ginrummy.ai.chances import QUESTIONS as HINT_QUESTIONS
    from ginrummy.ai.personas import PERSONAS

    data = json.loads(resources.files("ginrummy.ai").joinpath("calibration.json").read_text())
    fitted = data["opponents"]
    assert {"easy", "medium", "hard"} <= set(fitted)
    for name, entry in fitted.items():
        assert set(HINT_QUESTIONS) <= set(entry["maps"]) <= set(QUESTIONS) and entry["decisions"] >= 2000, name
        assert fitted_name(name) == name
        if "player" in entry:  # fitted since the coach reads a computer's own map too
            assert ANY_KNOCK in entry["maps"], name
    assert fitted_name("undercutter(knock_at=2)") == "undercutter"
    for persona in PERSONAS:  # each plays by a computer whose maps are fitted
        assert fitted_name(persona.id) == persona.plays
    assert fitted_name("simple(knock_at=3)") is None and fitted_name("no such player") is None
    for question in QUESTIONS:
        raw = 0.2
        assert calibrated(question, raw, None) == calibrated(question, raw, "a friend")
        population = data["maps"][question]
        assert calibrated(question, 1.0, None) == max(FLOOR, min(CEILING, population[-1][1]))


def test_every_knot_of_a_fit_stands_on_enough_decisions() -> None:
    """A few extreme estimates do not get a knot of their own: the map's ends are read flat, so a handful of
    lucky or unlucky decisions there would set the chance reported for everything beyond them."""
    rng = random.Random(5)
    pairs = [(raw, rng.random() < raw) for raw in (rng.random() for _ in range(5_000))]
    pairs += [(0.999, False)] * 30 + [(0.001, True)] * 30  # a few decisions at the ends, against the trend
    knots = fit(pairs, min_block=250)
    steps = sorted({y for _, y in knots})
    assert 5 <= len(steps) <= 5_060 // 250, "one rate per block of at least 250 decisions"
    assert [y for _, y in knots] == sorted(y for _, y in knots)
    assert knots[0][1] < 0.15 and knots[-1][1] > 0.85, "the ends follow the trend, not the few outliers"
    assert fit(pairs, min_block=1) != knots


def test_every_decision_a_map_was_fitted_on_is_reported_at_the_rate_its_block_showed() -> None:
    """The map is a step per block, so on its own decisions each reported chance is exactly the rate observed
    among the decisions reported at it, the top block's included."""
    rng = random.Random(6)
    pairs = [(raw, rng.random() < 0.1 + 0.5 * raw ** 2) for raw in (rng.random() for _ in range(8_000))]
    knots = fit(pairs, min_block=400)
    groups: dict[float, list[bool]] = {}
    for raw, happened in pairs:
        groups.setdefault(read(knots, raw), []).append(happened)
    assert len(groups) >= 5
    for reported, outcomes in groups.items():
        assert abs(sum(outcomes) / len(outcomes) - reported) < 0.0001, reported  # rates are kept to 4 places


def test_hards_knock_table_and_its_maps_were_counted_against_the_hard_that_plays_today() -> None:
    """The hint models hard by a table of how often it knocks, and states its chances through maps fitted with
    hard in the hint's seat: both record the hard they were counted against, and a change to hard's settings
    fails here until they are counted again (``gin-rummy bench calibration --knock-table``, ``--named --fit``).
    Every map that records its players records today's."""
    package = resources.files("ginrummy.ai")
    table = json.loads(package.joinpath("hard_knocking.json").read_text())
    assert table["plays_by"] == plays_by(table["player"]) == plays_by("hard")
    opponents = json.loads(package.joinpath("calibration.json").read_text())["opponents"]
    assert "player" in opponents["hard"] and "opponent" in opponents["hard"]
    for name, entry in opponents.items():
        if "player" in entry:
            assert entry["player"] == plays_by("hard") and entry["opponent"] == plays_by(name), name
