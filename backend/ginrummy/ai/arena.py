"""The arena: two players meet in many matches, and the figures say who is stronger.

Each seed is played twice with the seats swapped (common random numbers: both
players get the same deals), in parallel worker processes. Players receive only
their seat's view; a benchmark opponent that mirrors the game into another
engine (``mirrors_deal``) is also told the deal and each move, and passes only
its own seat's observation to that engine.

Run: ``gin-rummy arena hard simple --matches 2000 --seed 1``.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ginrummy.engine import HOUSE, PRESETS, Action, ActionKind, GameState, Phase, Rules, apply, new_game, view_for

from .players import make_player


@dataclass
class MatchResult:
    winner: str
    hands: int
    outcomes: Counter[str] = field(default_factory=Counter)
    """Hand outcomes: knock, gin, undercut, big_gin, no_score."""
    points: dict[str, int] = field(default_factory=dict)
    """Points scored by each player over the match."""
    times: dict[str, list[float]] = field(default_factory=dict)
    """Decision times (seconds) of each player."""


def play_match(names: tuple[str, str], seed: int, rules: Rules = HOUSE) -> MatchResult:
    """Play one match: ``names[0]`` in seat 0, ``names[1]`` in seat 1. Names are player kinds; when both
    seats hold the same kind they are told apart as ``name#0`` and ``name#1``."""
    labels = (names[0], names[1]) if names[0] != names[1] else (f"{names[0]}#0", f"{names[1]}#1")
    players = [make_player(names[0], seed * 2 + 1), make_player(names[1], seed * 2 + 2)]
    state = new_game(rules, seed)
    times: dict[str, list[float]] = {labels[0]: [], labels[1]: []}
    outcomes: Counter[str] = Counter()
    points = {labels[0]: 0, labels[1]: 0}
    _tell_deal(players, state)
    while state.phase != Phase.MATCH_OVER:
        if state.phase == Phase.HAND_OVER:
            state = _record_and_deal(state, outcomes, points, labels, players)
            continue
        seat = state.hand.turn
        view = view_for(state, seat)
        start = time.perf_counter()
        action = players[seat].choose(view)
        times[labels[seat]].append(time.perf_counter() - start)
        state, events = apply(state, action)
        _tell_move(players, action, events)
    _record(state, outcomes, points, labels)
    assert state.winner is not None
    return MatchResult(labels[state.winner], len(state.history), outcomes, points, times)


def _record(state: GameState, outcomes: Counter[str], points: dict[str, int], labels: tuple[str, str]) -> None:
    result = state.hand.result
    assert result is not None
    outcomes[result.outcome] += 1
    if result.winner is not None:
        points[labels[result.winner]] += result.points
        outcomes[f"{labels[result.winner]}:{result.outcome}"] += 1


def _record_and_deal(state: GameState, outcomes: Counter[str], points: dict[str, int], labels: tuple[str, str],
                     players: list[Any]) -> GameState:
    _record(state, outcomes, points, labels)
    state, _ = apply(state, Action(ActionKind.NEXT_HAND, 0))
    _tell_deal(players, state)
    return state


def _tell_deal(players: list[Any], state: GameState) -> None:
    for seat, player in enumerate(players):
        if getattr(player, "mirrors_deal", False):
            player.begin_hand(state.hand, seat)


def _tell_move(players: list[Any], action: Action, events: list[Any]) -> None:
    for player in players:
        if getattr(player, "mirrors_deal", False):
            player.observe(action, events)


def _job(args: tuple[str, str, int, bool, str]) -> tuple[bool, MatchResult]:
    first, second, seed, swapped, rules_name = args
    names = (second, first) if swapped else (first, second)
    return swapped, play_match(names, seed, PRESETS[rules_name])


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% interval for a win rate (Wilson score)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - spread, centre + spread


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class ArenaReport:
    first: str
    second: str
    matches: int
    wins: int
    hands: int
    outcomes: Counter[str]
    points: dict[str, int]
    times: dict[str, list[float]]

    @property
    def win_rate(self) -> float:
        return self.wins / self.matches if self.matches else 0.0

    def lines(self) -> list[str]:
        low, high = wilson(self.wins, self.matches)
        total_hands = self.hands
        net = (self.points[self.first] - self.points[self.second]) / max(1, total_hands)
        mix = ", ".join(f"{kind} {100 * n / total_hands:.1f}%" for kind, n in sorted(self.outcomes.items())
                        if ":" not in kind)
        out = [
            f"{self.first} vs {self.second}: {self.matches} matches to {HOUSE.target} (seats alternating, each deal "
            "from both seats)",
            f"  match win rate of {self.first}: {100 * self.win_rate:.1f}% (95% interval {100 * low:.1f}–"
            f"{100 * high:.1f}%), {self.wins} won",
            f"  points per hand: {self.first} {self.points[self.first] / max(1, total_hands):.2f}, "
            f"{self.second} {self.points[self.second] / max(1, total_hands):.2f} (net {net:+.2f} for {self.first})",
            f"  hands: {total_hands} ({total_hands / max(1, self.matches):.1f} per match); outcomes: {mix}",
        ]
        for name in (self.first, self.second):
            won = ", ".join(f"{kind.split(':')[1]} {n}" for kind, n in sorted(self.outcomes.items())
                            if kind.startswith(name + ":"))
            out.append(f"  hands won by {name}: {won}")
        for name in (self.first, self.second):
            samples = self.times[name]
            out.append(f"  decision time {name}: p50 {1000 * _percentile(samples, 0.5):.2f} ms, "
                       f"p99 {1000 * _percentile(samples, 0.99):.2f} ms over {len(samples)} decisions")
        return out


def run_arena(first: str, second: str, matches: int, seed: int, workers: int | None = None,
              rules_name: str = "house", progress: bool = True) -> ArenaReport:
    """Play ``matches`` matches (an even number: every seed from both seats) and gather the figures."""
    if first == second:
        raise ValueError("pick two different players (a player against itself measures nothing)")
    pairs = max(1, matches // 2)
    jobs = [(first, second, seed * 1_000_003 + i, swapped, rules_name)
            for i in range(pairs) for swapped in (False, True)]
    workers = workers or os.cpu_count() or 1
    outcomes: Counter[str] = Counter()
    points = {first: 0, second: 0}
    times: dict[str, list[float]] = {first: [], second: []}
    wins = hands = done = 0
    started = time.monotonic()
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        for _, result in pool.imap_unordered(_job, jobs, chunksize=2):
            done += 1
            wins += result.winner == first
            hands += result.hands
            outcomes.update(result.outcomes)
            for name in (first, second):
                points[name] += result.points[name]
                times[name].extend(result.times[name])
            if progress:
                _progress(done, len(jobs), wins, started)
    if progress:
        sys.stderr.write("\n")
    return ArenaReport(first, second, len(jobs), wins, hands, outcomes, points, times)


def _progress(done: int, total: int, wins: int, started: float) -> None:
    width = 30
    filled = int(width * done / total)
    elapsed = time.monotonic() - started
    eta = elapsed / done * (total - done)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} matches, "
                     f"win rate {100 * wins / done:.1f}%, {elapsed:.0f}s elapsed, ~{eta:.0f}s left ")
    sys.stderr.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gin-rummy arena", description="Play two players against each other.")
    parser.add_argument("first", help="a player: easy, medium, hard, simple, openspiel")
    parser.add_argument("second")
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: one per core)")
    parser.add_argument("--rules", default="house", choices=sorted(PRESETS))
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    report = run_arena(args.first, args.second, args.matches, args.seed, args.workers, args.rules, not args.quiet)
    print("\n".join(report.lines()))
    return 0
