"""A small arena and calibration check: the long runs are benches (``gin-rummy arena hard --population``,
``gin-rummy bench calibration``); these few matches catch a change that makes hard weaker than the players it
is measured against, or leaves the shipped calibration maps behind the player's raw estimates.

Every match here is fixed by its seed, so the figures are the same on every run."""

from __future__ import annotations

import pytest

from ginrummy.ai.arena import play_match
from ginrummy.ai.calibration import ANY_KNOCK, calibrated
from ginrummy.bench.calibration import play
from ginrummy.bench.calibration_tables import QUESTIONS, Record

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
def records() -> list[tuple[str, Record]]:
    """The hints' chances over 18 matches against three of the product's computers, asked as in a game against
    each (the coach's question as against anyone), with the computer each was asked against."""
    found: list[tuple[str, Record]] = []
    for opponent in ("simple", "cfr", "hard"):
        for seed in range(6):
            found.extend((opponent, record) for record in play(("hard", opponent, 91_000 + seed * 7), named=True))
    return found


def _brier(pairs: list[tuple[float, bool]]) -> float:
    return sum((p - happened) ** 2 for p, happened in pairs) / len(pairs)


@pytest.mark.parametrize("question", QUESTIONS)
def test_reported_chances_fit_what_happens_at_least_as_well_as_the_raw_ones(records: list[tuple[str, Record]],
                                                                           question: str) -> None:
    """The shipped maps turn the raw estimates into chances no worse (by Brier score) than the raw ones on deals
    they were not fitted on, and right on average: a change to the player or to the chances that moves the raw
    estimates needs the maps fitted again (``gin-rummy bench calibration --fit``). The undercut is asked at the
    player's own knocks, a couple a match: over these few its average is all that can be checked, loosely."""
    against = {opponent: None if question == ANY_KNOCK else opponent for opponent, _ in records}
    asked = [(against[opponent], raw, happened) for opponent, (q, raw, happened) in records if q == question]
    reported = [(calibrated(question, raw, opponent), happened) for opponent, raw, happened in asked]
    observed = sum(happened for _, _, happened in asked) / len(asked)
    mean = sum(p for p, _ in reported) / len(reported)
    if question == "undercut":
        assert len(asked) >= 20 and abs(mean - observed) <= 0.1
        return
    assert len(asked) >= 200
    assert _brier(reported) <= _brier([(raw, happened) for _, raw, happened in asked]) + 0.005
    assert abs(mean - observed) <= 0.05
