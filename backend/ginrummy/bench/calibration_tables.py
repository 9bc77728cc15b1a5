"""The calibration bench's tables and fits: stated chances against observed rates in ten bins, maps fitted from
raw estimate to observed rate, and runs saved to be pooled (``bench.calibration`` plays and asks the chances).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable

from ginrummy.ai.calibration import ANY_KNOCK, fit
from ginrummy.ai.chances import QUESTIONS as HINT_QUESTIONS
from ginrummy.ai.policies import plays_by

QUESTIONS = (*HINT_QUESTIONS, ANY_KNOCK)
"""The hints' questions, and the coach's: the undercut chance of any knock the player could make."""
BINS = 10
ENOUGH = 50
TOLERANCE = 0.05
ALL = "all opponents"
THIN_BLOCK = 200
"""A question asked fewer than four times ``--min-block`` (the undercut: the player knocks a couple of times a
match) is fitted with blocks of a quarter of its decisions, but never fewer than this."""

Record = tuple[str, float, bool]
"""A question, its chance (raw in process, as stated through the service), and whether it happened."""

def reliability(records: list[Record], question: str,
                reported: Callable[[str, float], float] = lambda _, p: p) -> list[str]:
    cells: dict[int, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    for asked, raw, happened in records:
        if asked == question:
            predicted = reported(question, raw)
            cell = cells[min(BINS - 1, int(predicted * BINS))]
            cell[0] += 1
            cell[1] += predicted
            cell[2] += happened
    total = sum(int(c[0]) for c in cells.values())
    lines = [f"{question}: {total} decisions",
             "  predicted      n   mean predicted   observed    gap"]
    worst = 0.0
    for index in range(BINS):
        n, predicted_sum, happened_sum = cells.get(index, [0, 0.0, 0.0])
        if not n:
            continue
        predicted, observed = predicted_sum / n, happened_sum / n
        gap = observed - predicted
        flag = ""
        if n >= ENOUGH:
            worst = max(worst, abs(gap))
            flag = "  over 5 points" if abs(gap) > TOLERANCE else ""
        lines.append(f"  {index / BINS:.1f}–{(index + 1) / BINS:.1f}  {int(n):6d}   {predicted:14.3f}   "
                     f"{observed:8.3f}   {100 * gap:+5.1f}{flag}")
    lines.append(f"  largest gap in a bin of {ENOUGH} or more: {100 * worst:.1f} points "
                 f"({'calibrated' if worst <= TOLERANCE else 'not calibrated'} to within 5 points)")
    return lines


def tables(by_opponent: dict[str, list[Record]], per_opponent: bool,
           questions: tuple[str, ...] = QUESTIONS) -> list[str]:
    """The reliability tables: per opponent (when ``per_opponent``), then all opponents pooled, per question."""
    lines: list[str] = []
    groups = [*(by_opponent.items() if per_opponent else ()), (ALL, [r for rs in by_opponent.values() for r in rs])]
    for name, records in groups:
        lines.append(f"\n== {name} ==")
        for question in questions:
            lines.extend(reliability(records, question))
    return lines


def write_fit(path: str, by_opponent: dict[str, list[Record]], named: bool, origin: str, min_block: int,
              player: str = "hard") -> str:
    """Fit maps on this run's raw estimates and write them into ``path`` (keeping what else it holds), with the
    players they were fitted over (``policies.plays_by``: the hint's seat, and with ``named`` each opponent)."""
    try:
        with open(path) as existing:
            document = json.load(existing)
    except FileNotFoundError:
        document = {}

    def maps(records: list[Record], questions: tuple[str, ...]) -> dict[str, list[tuple[float, float]]]:
        fitted = {}
        for question in questions:
            pairs = [(raw, happened) for asked, raw, happened in records if asked == question]
            fitted[question] = fit(pairs, min(min_block, max(THIN_BLOCK, len(pairs) // 4)))
        return fitted

    command = f"{origin} --fit PATH"
    if named:  # the hints' questions and the coach's, against each computer
        opponents = document.setdefault("opponents", {})
        for name, records in by_opponent.items():
            opponents[name] = {"command": command, "decisions": len(records), "player": plays_by(player),
                               "opponent": plays_by(name), "maps": maps(records, QUESTIONS)}
    else:
        pooled = [r for rs in by_opponent.values() for r in rs]
        document.update({"command": command, "player": player, "plays_by": plays_by(player), "decisions": len(pooled),
                         "maps": maps(pooled, QUESTIONS)})
    with open(path, "w") as out:
        json.dump(document, out, indent=1)
    return f"maps fitted on {sum(map(len, by_opponent.values()))} decisions written to {path}"


def load_runs(paths: str) -> tuple[dict[str, list[Record]], str]:
    """The decisions of runs saved with ``--save`` (comma-separated paths), pooled per opponent, and the
    commands that made them."""
    by_opponent: dict[str, list[Record]] = defaultdict(list)
    runs = []
    for path in paths.split(","):
        with open(path) as saved:
            run = json.load(saved)
        for name, decisions in run["by_opponent"].items():
            by_opponent[name].extend((q, p, happened) for q, p, happened in decisions)
        runs.append(run["command"])
    return by_opponent, "decisions pooled from: " + "; ".join(runs)
