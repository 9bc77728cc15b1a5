"""The calibration bench: predicted against observed for the hard player's three probabilities."""

from __future__ import annotations

import pytest

from ginrummy.bench.calibration import Record, reliability
from ginrummy.bench.calibration import main as calibration


def test_the_bench_prints_a_reliability_table_per_probability(capsys: pytest.CaptureFixture[str]) -> None:
    assert calibration(["--matches", "2", "--opponents", "simple", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    for question in ("undercut", "opponent knocks", "stock helps"):
        assert f"\n{question}: " in out
    assert out.count("largest gap in a bin of 50 or more") == 3


def test_the_table_bins_predictions_and_flags_large_gaps_only_in_full_bins() -> None:
    # 60 predictions of 0.25 that came true 40 times (67%): a full bin 42 points off; 10 of 0.95, all false.
    records: list[Record] = [("undercut", 0.25, i < 40) for i in range(60)] + [("undercut", 0.95, False)] * 10
    lines = reliability(records, "undercut")
    assert lines[0] == "undercut: 70 decisions"
    full = next(line for line in lines if line.strip().startswith("0.2–0.3"))
    assert full.split()[1] == "60" and "+41.7" in full and "over 5 points" in full
    sparse = next(line for line in lines if line.strip().startswith("0.9–1.0"))
    assert "over 5 points" not in sparse
    assert lines[-1].endswith("(not calibrated to within 5 points)") and "41.7 points" in lines[-1]
