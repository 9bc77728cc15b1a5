"""The capacity bench: players who think between moves, more of them until move p99 misses the goal."""

from __future__ import annotations

import re

import pytest

from ginrummy.bench.capacity import Step
from ginrummy.bench.capacity import main as capacity


def test_a_step_meets_the_goal_only_with_no_failure_and_p99_under_it() -> None:
    assert Step(10, 3.0, 5.0, 90.0, 120.0, 0, 0.1).met(100)
    assert not Step(10, 3.0, 5.0, 110.0, 120.0, 0, 0.1).met(100)
    assert not Step(10, 3.0, 5.0, 50.0, 60.0, 1, 0.1).met(100), "a failed request misses the goal"
    assert not Step(10, 0.0, float("nan"), float("nan"), float("nan"), 0, 0.1).met(100), "no move answered"


def test_the_bench_raises_the_players_and_reports_the_most_that_met_the_goal(
        capsys: pytest.CaptureFixture[str]) -> None:
    # A goal no machine misses with two quick players, then one every machine misses: the search must stop there.
    assert capacity(["--start", "2", "--most", "4", "--duration", "2", "--warmup", "1", "--think", "0.05,0.1",
                     "--goal-ms", "60000", "--refine", "0"]) == 0
    out = capsys.readouterr().out
    counts = [int(n) for n in re.findall(r"^\s*(\d+) players .* (?:meets|misses) the goal$", out, re.M)]
    assert counts == [2, 4], out
    found = re.search(r"capacity: (\d+) players met the goal .*: ([\d.]+) moves/s, move p99 ([\d.]+) ms", out)
    assert found is not None and found.group(1) == "4" and float(found.group(2)) > 0, out
    assert capacity(["--start", "2", "--most", "4", "--duration", "1", "--warmup", "1", "--think", "0.05,0.1",
                     "--goal-ms", "0.001", "--refine", "0"]) == 0
    assert "capacity: below 2 players" in capsys.readouterr().out
