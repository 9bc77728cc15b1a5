"""The arena: two players meet in many matches, and the figures say who is stronger.

Each seed is played twice with the seats swapped (common random numbers: both
players get the same deals), in parallel worker processes. Players receive only
their seat's view; a benchmark opponent that mirrors the game into another
engine (``mirrors_deal``) is also told the deal and each move, and passes only
its own seat's observation to that engine.

A player against itself plays each seed once: with the same player in both
seats, the swapped match would replay the same match move for move. Its copy in
seat 0 (``name#0``) counts as the first player, so its win rate, near 50%, checks
that neither seat is favoured.

``--population`` plays one player against every member of the opponent
population (``ai/population.py``), itself included, and prints one row each.

``--round-robin`` plays every pair of players and rates them all on one scale (``ai/roundrobin.py``).

Run: ``gin-rummy arena hard simple --matches 2000 --seed 1``,
``gin-rummy arena hard --population --matches 200 --seed 1`` or
``gin-rummy arena --round-robin --matches 200 --seed 1``.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ginrummy.engine import HOUSE, PRESETS, Action, EventKind, GameState, Rules, is_over, new_game

from .loop import Played, play
from .players import make_player, player_names
from .population import population_for

MAX_MOVES = 20_000
"""A match takes a few hundred moves; a match still going after this many is stuck (two players can pass the
same pile cards to each other forever), and the arena says so rather than hang."""


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


def labels_for(names: tuple[str, str]) -> tuple[str, str]:
    """How the two seats are named in results: the player kinds, or ``name#0`` and ``name#1`` for one kind
    in both seats."""
    return (names[0], names[1]) if names[0] != names[1] else (f"{names[0]}#0", f"{names[1]}#1")


def play_match(names: tuple[str, str], seed: int, rules: Rules = HOUSE) -> MatchResult:
    """Play one match: ``names[0]`` in seat 0, ``names[1]`` in seat 1. Names are player kinds; when both
    seats hold the same kind they are told apart as ``name#0`` and ``name#1``."""
    labels = labels_for(names)
    players = [make_player(names[0], seed * 2 + 1), make_player(names[1], seed * 2 + 2)]
    state = new_game(rules, seed)
    times: dict[str, list[float]] = {labels[0]: [], labels[1]: []}
    outcomes: Counter[str] = Counter()
    points = {labels[0]: 0, labels[1]: 0}

    def moved(move: Played) -> None:
        if move.view is None:  # the next hand, dealt by seat 0
            _tell_deal(players, move.after)
        else:
            times[labels[move.seat]].append(move.seconds)
            _tell_move(players, move.action, move.events)
        if any(event.kind == EventKind.HAND_ENDED for event in move.events):
            _record(move.after, outcomes, points, labels)

    _tell_deal(players, state)
    state = play(state, dict(enumerate(players)), deal_as=0, on_move=moved, max_moves=MAX_MOVES)
    if not is_over(state):
        raise RuntimeError(f"{names[0]} vs {names[1]}, seed {seed}: no end after {MAX_MOVES} moves (hand "
                           f"{state.hand.number}, stock {len(state.hand.stock)}): the players are going round "
                           "in a circle")
    assert state.winner is not None
    return MatchResult(labels[state.winner], len(state.history), outcomes, points, times)


def _record(state: GameState, outcomes: Counter[str], points: dict[str, int], labels: tuple[str, str]) -> None:
    result = state.hand.result
    assert result is not None
    outcomes[result.outcome] += 1
    if result.winner is not None:
        points[labels[result.winner]] += result.points
        outcomes[f"{labels[result.winner]}:{result.outcome}"] += 1


def _tell_deal(players: list[Any], state: GameState) -> None:
    for seat, player in enumerate(players):
        if getattr(player, "mirrors_deal", False):
            player.begin_hand(state.hand, seat)


def _tell_move(players: list[Any], action: Action, events: list[Any]) -> None:
    for player in players:
        if getattr(player, "mirrors_deal", False):
            player.observe(action, events)


Job = tuple[str, str, int, bool, str]
"""first, second, seed, whether the seats are swapped (second in seat 0), rules preset."""


def _jobs(first: str, second: str, matches: int, seed: int, rules_name: str) -> list[Job]:
    """The matches to play: every seed from both seats (an even number of matches), or, for a player against
    itself, every seed once."""
    if first == second:
        return [(first, second, seed * 1_000_003 + i, False, rules_name) for i in range(max(1, matches))]
    return [(first, second, seed * 1_000_003 + i, swapped, rules_name)
            for i in range(max(1, matches // 2)) for swapped in (False, True)]


def _job(job: Job) -> tuple[Job, MatchResult]:
    first, second, seed, swapped, rules_name = job
    names = (second, first) if swapped else (first, second)
    return job, play_match(names, seed, PRESETS[rules_name])


def _play(jobs: list[Job], workers: int | None, progress: bool) -> Iterator[tuple[Job, MatchResult]]:
    """Play the jobs in parallel worker processes, yielding each result as it comes in (in any order). The
    progress bar shows the first player's win rate over all the matches so far."""
    workers = workers or os.cpu_count() or 1
    wins = done = 0
    started = time.monotonic()
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        for job, result in pool.imap_unordered(_job, jobs, chunksize=2):
            done += 1
            wins += result.winner == labels_for((job[0], job[1]))[0]
            if progress:
                _progress(done, len(jobs), wins, started)
            yield job, result
    if progress:
        sys.stderr.write("\n")


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
    """The first player's label in the results: its kind, or ``name#0`` when it plays itself."""
    second: str
    matches: int
    wins: int
    hands: int
    outcomes: Counter[str]
    points: dict[str, int]
    times: dict[str, list[float]]
    mirrored: bool = True
    """Whether every deal was played from both seats (False for a player against itself)."""

    @classmethod
    def empty(cls, first: str, second: str) -> ArenaReport:
        """A report with no matches yet, for ``first`` against ``second`` (player kinds)."""
        a, b = labels_for((first, second))
        return cls(a, b, 0, 0, 0, Counter(), {a: 0, b: 0}, {a: [], b: []}, mirrored=first != second)

    def add(self, result: MatchResult) -> None:
        """Count one match. Its labels are this report's: the kinds, or for one kind in both seats ``#0`` and
        ``#1`` by seat, and such a match is never played with the seats swapped."""
        self.matches += 1
        self.wins += result.winner == self.first
        self.hands += result.hands
        self.outcomes.update(result.outcomes)
        for name in (self.first, self.second):
            self.points[name] += result.points[name]
            self.times[name].extend(result.times[name])

    @property
    def win_rate(self) -> float:
        return self.wins / self.matches if self.matches else 0.0

    def net_per_hand(self) -> float:
        """Points per hand the first player scored over the second."""
        return (self.points[self.first] - self.points[self.second]) / max(1, self.hands)

    def hands_won(self, name: str) -> Counter[str]:
        """How the hands ``name`` won were won, by outcome."""
        prefix = name + ":"
        return Counter({kind[len(prefix):]: n for kind, n in self.outcomes.items() if kind.startswith(prefix)})

    def lines(self) -> list[str]:
        low, high = wilson(self.wins, self.matches)
        total_hands = self.hands
        mix = ", ".join(f"{kind} {100 * n / total_hands:.1f}%" for kind, n in sorted(self.outcomes.items())
                        if ":" not in kind)
        how = ("seats alternating, each deal from both seats" if self.mirrored
               else f"the same player in both seats, each deal once; {self.first} sits in seat 0")
        out = [
            f"{self.first} vs {self.second}: {self.matches} matches to {HOUSE.target} ({how})",
            f"  match win rate of {self.first}: {100 * self.win_rate:.1f}% (95% interval {100 * low:.1f}–"
            f"{100 * high:.1f}%), {self.wins} won",
            f"  points per hand: {self.first} {self.points[self.first] / max(1, total_hands):.2f}, "
            f"{self.second} {self.points[self.second] / max(1, total_hands):.2f} "
            f"(net {self.net_per_hand():+.2f} for {self.first})",
            f"  hands: {total_hands} ({total_hands / max(1, self.matches):.1f} per match); outcomes: {mix}",
        ]
        for name in (self.first, self.second):
            won = ", ".join(f"{kind} {n}" for kind, n in sorted(self.hands_won(name).items()))
            out.append(f"  hands won by {name}: {won}")
        for name in (self.first, self.second):
            samples = self.times[name]
            out.append(f"  decision time {name}: p50 {1000 * _percentile(samples, 0.5):.2f} ms, "
                       f"p99 {1000 * _percentile(samples, 0.99):.2f} ms over {len(samples)} decisions")
        return out


def run_arena(first: str, second: str, matches: int, seed: int, workers: int | None = None,
              rules_name: str = "house", progress: bool = True) -> ArenaReport:
    """Play ``matches`` matches (an even number: every seed from both seats; for a player against itself,
    every seed once) and gather the figures."""
    report = ArenaReport.empty(first, second)
    for _, result in _play(_jobs(first, second, matches, seed, rules_name), workers, progress):
        report.add(result)
    return report


@dataclass(frozen=True)
class PopulationRow:
    """One line of the population table: the measured player against one member."""

    opponent: str
    matches: int
    wins: int
    net_per_hand: float
    """Points per hand the measured player scored over the opponent."""
    undercut_share: float
    """Share of the hands the measured player won that it won by undercutting."""
    gin_share: float
    """Share of the hands the measured player won that it won by Gin (Big Gin included)."""
    p99_ms: float
    """The measured player's 99th-percentile decision time."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.matches if self.matches else 0.0

    @classmethod
    def of(cls, opponent: str, report: ArenaReport) -> PopulationRow:
        won = report.hands_won(report.first)
        total = max(1, sum(won.values()))
        return cls(opponent, report.matches, report.wins, report.net_per_hand(), won["undercut"] / total,
                   (won["gin"] + won["big_gin"]) / total, 1000 * _percentile(report.times[report.first], 0.99))


def run_population(level: str, matches: int, seed: int, workers: int | None = None, rules_name: str = "house",
                   progress: bool = True, members: Sequence[str] | None = None) -> list[PopulationRow]:
    """Play ``level`` against every member of the population (``population_for(level)`` unless ``members``
    is given), ``matches`` matches each, all in one pool of workers; one row per member, in the
    population's order."""
    members = list(members) if members is not None else population_for(level)
    reports = {member: ArenaReport.empty(level, member) for member in members}
    jobs = [job for member in members for job in _jobs(level, member, matches, seed, rules_name)]
    for job, result in _play(jobs, workers, progress):
        reports[job[1]].add(result)
    return [PopulationRow.of(member, reports[member]) for member in members]


def population_lines(level: str, rows: Sequence[PopulationRow], rules_name: str = "house") -> list[str]:
    """The population table as text lines: a heading, one line per member, and what the columns mean."""
    width = max(len("opponent"), *(len(row.opponent) + len(" (itself)") for row in rows))
    out = [f"{level} against the population: matches to {PRESETS[rules_name].target}, {rules_name} rules",
           f"{'opponent':<{width}}  matches  win rate  95% interval  net/hand  undercut     gin  p99 ms"]
    for row in rows:
        low, high = wilson(row.wins, row.matches)
        name = row.opponent + (" (itself)" if row.opponent == level else "")
        interval = f"{100 * low:.1f}–{100 * high:.1f}%"
        out.append(f"{name:<{width}}  {row.matches:>7}  {100 * row.win_rate:>7.1f}%  {interval:>12}  "
                   f"{row.net_per_hand:>+8.2f}  {100 * row.undercut_share:>7.1f}%  {100 * row.gin_share:>5.1f}%  "
                   f"{row.p99_ms:>6.2f}")
    out += [f"win rate: {level}'s match win rate; net/hand: {level}'s points per hand minus the opponent's;",
            f"undercut, gin: share of the hands {level} won that it won that way; p99 ms: {level}'s 99th-percentile",
            "decision time. Each deal is played from both seats, except against itself (each deal once; "
            f"{level} is the copy in seat 0)."]
    return out


def _progress(done: int, total: int, wins: int, started: float) -> None:
    width = 30
    filled = int(width * done / total)
    elapsed = time.monotonic() - started
    eta = elapsed / done * (total - done)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} matches, "
                     f"win rate {100 * wins / done:.1f}%, {elapsed:.0f}s elapsed, ~{eta:.0f}s left ")
    sys.stderr.flush()


def main(argv: list[str] | None = None, population: Sequence[str] | None = None) -> int:
    """The ``gin-rummy arena`` command. ``population`` replaces the population's members (for tests)."""
    parser = argparse.ArgumentParser(prog="gin-rummy arena", description="Play two players against each other, "
                                     "one player against the whole opponent population, or a round robin.")
    parser.add_argument("first", nargs="?", help=f"a player: {', '.join(player_names())} (options in "
                        "parentheses: 'simple(knock_at=4)')")
    parser.add_argument("second", nargs="?", help="the opponent (leave out with --population)")
    parser.add_argument("--population", action="store_true",
                        help="play FIRST against every member of the opponent population, itself included")
    parser.add_argument("--round-robin", action="store_true", help="every pair of --players meets; prints each "
                        "player's rating and the pairwise win rates")
    parser.add_argument("--players", help="with --round-robin: comma-separated players (default: the levels and "
                        "the personas' players)")
    parser.add_argument("--write", metavar="PATH", help="with --round-robin: write the ratings JSON there (the "
                        "product reads backend/ginrummy/ai/ratings.json)")
    parser.add_argument("--matches", type=int, default=2000,
                        help="matches (with --population: per opponent; with --round-robin: per pair)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: one per core)")
    parser.add_argument("--rules", default="house", choices=sorted(PRESETS))
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    if args.round_robin:
        if args.first is not None or args.population:
            parser.error("--round-robin takes its players from --players, and no --population")
        from .roundrobin import main as round_robin

        return round_robin(args, sys.argv[1:] if argv is None else argv)
    if args.first is None:
        parser.error("give a player (or --round-robin)")
    if args.population:
        if args.second is not None:
            parser.error("--population plays FIRST against the population: give no second player")
        rows = run_population(args.first, args.matches, args.seed, args.workers, args.rules, not args.quiet,
                              population)
        print("\n".join(population_lines(args.first, rows, args.rules)))
        return 0
    if args.second is None:
        parser.error("give a second player, or --population")
    report = run_arena(args.first, args.second, args.matches, args.seed, args.workers, args.rules, not args.quiet)
    print("\n".join(report.lines()))
    return 0
