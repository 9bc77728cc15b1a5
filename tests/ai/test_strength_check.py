"""A small arena and calibration check: the long runs are benches (``gin-rummy arena hard --population``,
``gin-rummy bench calibration``); these few matches catch a change that makes hard weaker than the players it
is measured against, or leaves the shipped calibration maps behind the player's raw estimates.

Every match here is fixed by its seed, so the figures are the same on every run."""

from __future__ import annotations

import pytest

from ginrummy.ai.arena import play_match
from ginrummy.ai.calibration import calibrated
from ginrummy.bench.calibration import QUESTIONS, Record, play

SEEDS = range(10)
MEMBERS = ("simple(knock_at=0)", "cfr", "hard-v2")


@pytest.mark.slow
def test_hard_outscores_the_strongest_members_over_a_few_matches() -> None:
    """Ten deals from both seats against each of the members hard finds hardest (the Gin-only baseline, the
    trained knock policy, the frozen hard; about 400 hands in all): hard scores more points than they do, and
    wins at least half the matches. (Too few matches to say by how much: that is the arena's job.)"""
    hard_points = their_points = hard_wins = matches = 0
    for member in MEMBERS:
        for seed in SEEDS:
            for names in (("hard", member), (member, "hard")):
                result = play_match(names, 77_000 + seed)
                hard_points += result.points["hard"]
                their_points += result.points[member]
                hard_wins += result.winner == "hard"
                matches += 1
    assert hard_points > their_points
    assert hard_wins >= matches / 2


@pytest.fixture(scope="module")
def records() -> list[Record]:
    found: list[Record] = []
    for opponent in ("simple", "cfr", "hard-v1"):
        for seed in range(3):
            found.extend(play(("hard", opponent, 91_000 + seed * 7)))
    return found


def _brier(pairs: list[tuple[float, bool]]) -> float:
    return sum((p - happened) ** 2 for p, happened in pairs) / len(pairs)


@pytest.mark.parametrize("question", QUESTIONS)
def test_reported_chances_fit_what_happens_at_least_as_well_as_the_raw_ones(records: list[Record],
                                                                           question: str) -> None:
    """The shipped maps turn the player's raw estimates into chances no worse (by Brier score) than the raw ones
    on deals they were not fitted on, and right on average: a change to the player that moves its raw
    estimates needs the maps fitted again (``gin-rummy bench calibration --fit``)."""
    asked = [(raw, happened) for q, raw, happened in records if q == question]
    assert len(asked) >= 100
    reported = [(calibrated(question, raw), happened) for raw, happened in asked]
    assert _brier(reported) <= _brier(asked) + 0.005
    observed = sum(happened for _, happened in asked) / len(asked)
    assert abs(sum(p for p, _ in reported) / len(reported) - observed) <= 0.05
