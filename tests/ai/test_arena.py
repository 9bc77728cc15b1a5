"""A short arena run in CI: the hard level must beat the EAAI baseline, and the arena's figures add up.

Deterministic: every match is seeded, so the same code gives the same result on any machine.
"""

from __future__ import annotations

import pytest

from ginrummy.ai.arena import play_match, run_arena, wilson


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_hard_beats_the_baseline_in_a_short_arena() -> None:
    """A short arena (the strength figures come from long ones: README, The computer), in two worker processes
    so that the arena's own parallel play is tried."""
    report = run_arena("hard", "simple", matches=60, seed=2026, workers=2, progress=False)
    assert report.matches == 60
    assert sum(n for kind, n in report.outcomes.items() if ":" not in kind) == report.hands
    assert report.win_rate > 0.5, "\n".join(report.lines())


def test_a_match_is_played_to_the_target_from_both_seats() -> None:
    first = play_match(("medium", "simple"), seed=5)
    swapped = play_match(("simple", "medium"), seed=5)
    for result in (first, swapped):
        assert result.winner in ("medium", "simple")
        assert max(result.points.values()) >= 100
        assert sum(n for kind, n in result.outcomes.items() if ":" not in kind) == result.hands
        assert all(len(t) > 0 for t in result.times.values())


def test_the_same_player_twice_is_told_apart() -> None:
    result = play_match(("simple", "simple"), seed=9)
    assert set(result.points) == {"simple#0", "simple#1"}


def test_wilson_interval_brackets_the_rate() -> None:
    low, high = wilson(140, 200)
    assert low < 0.7 < high
    assert low > 0.63
    assert high < 0.77
