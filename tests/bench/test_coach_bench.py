"""The coach bench runs and prints its figures (which are printed, never checked against a time)."""

from __future__ import annotations

import pytest

from ginrummy.bench.coach import main


def test_the_coach_bench_reviews_the_hands_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--hands", "2", "--person", "easy", "--opponent", "simple"]) == 0
    out = capsys.readouterr().out
    assert "coach: 2 hands of easy against simple reviewed" in out
    assert "time per hand: median" in out and "points lost per hand: draw" in out
