"""The stream bench: moves made through one server process, timed to their message on another's stream."""

from __future__ import annotations

import re

import pytest

from ginrummy.bench.stream import main as stream


def test_the_bench_times_moves_across_two_processes(postgres_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert stream(["--database-url", postgres_url, "--moves", "12"]) == 0
    out = capsys.readouterr().out
    assert "stream delay over 12 moves, two server processes" in out
    figures = re.search(r"median ([\d.]+) ms, p90 ([\d.]+) ms, p99 ([\d.]+) ms, slowest ([\d.]+) ms", out)
    assert figures is not None, out
    median, p90, p99, slowest = (float(x) for x in figures.groups())
    assert 0 < median <= p90 <= p99 <= slowest
