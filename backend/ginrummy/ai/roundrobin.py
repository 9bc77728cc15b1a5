"""The round robin: every pair of players meets in the arena, and one rating per player sums up who is stronger.

Every pair plays the same number of matches (each deal from both seats, the same deals for every pair), all pairs
in one pool of workers (``arena._jobs`` and ``arena._play``). The ratings are a Bradley–Terry fit of the pairwise
match results, on the Elo scale: player i beats player j with chance 1 / (1 + 10^((R_j − R_i) / 400)), so a gap
of 100 points means the stronger wins about 64% of their matches, 200 points about 76%, 400 points about 91%. The
players' mean rating is 1500; a rating says nothing outside the field it was measured in. Each rating's ± is half
its 95% interval (from the fit's Fisher information, relative to the field's mean).

Run: ``gin-rummy arena --round-robin --matches 200 --seed 1 --workers 1 --write
backend/ginrummy/ai/ratings.json`` (by default the levels and the personas' players); the file written is what
``GET /api/rules`` and the home screen show (``ai/personas.py``).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import shlex
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from ginrummy.engine import PRESETS

from .arena import _jobs, _play
from .levels import LEVELS
from .personas import OPPONENTS, PERSONAS
from .players import make_player

MEAN_RATING = 1500.0
ELO = 400 / math.log(10)
"""Rating points per unit of log-strength."""
PRIOR = 0.5
"""Half a win added to each side of every pair: keeps a rating finite when a player won nothing (it pulls a
figure towards the mean by about one match in each pair's count, nothing at a hundred matches a pair)."""
Pair = tuple[str, str]


def bradley_terry(players: Sequence[str], wins: Mapping[Pair, int], prior: float = PRIOR) -> dict[str, float]:
    """Each player's log-strength θ (mean 0) maximising the likelihood of the results, where ``wins[a, b]`` is
    how many matches a won against b and a beats b with chance e^θa / (e^θa + e^θb). Hunter's MM iteration:
    p_i ← W_i / Σ_j n_ij / (p_i + p_j)."""
    played = _games(players, wins)
    won = {a: sum(wins.get((a, b), 0) + (prior if played[a, b] else 0) for b in players if b != a) for a in players}
    strength = dict.fromkeys(players, 1.0)
    for _ in range(10_000):
        new = {}
        for a in players:
            denominator = sum((played[a, b] + 2 * prior) / (strength[a] + strength[b])
                              for b in players if b != a and played[a, b])
            new[a] = won[a] / denominator if denominator else strength[a]
        centre = math.exp(sum(math.log(max(s, 1e-300)) for s in new.values()) / len(players))
        new = {a: s / centre for a, s in new.items()}
        settled = max(abs(math.log(max(new[a], 1e-300)) - math.log(max(strength[a], 1e-300))) for a in players)
        strength = new
        if settled < 1e-12:
            break
    return {a: math.log(max(s, 1e-300)) for a, s in strength.items()}


def _games(players: Sequence[str], wins: Mapping[Pair, int]) -> dict[Pair, int]:
    return {(a, b): wins.get((a, b), 0) + wins.get((b, a), 0) for a in players for b in players}


def spreads(players: Sequence[str], wins: Mapping[Pair, int], theta: Mapping[str, float]) -> dict[str, float]:
    """Half the 95% interval of each θ, relative to the players' mean: 1.96 standard errors from the inverse of
    the Fisher information (a pseudo-inverse, the ratings being fixed only up to their mean)."""
    played, k = _games(players, wins), len(players)
    info = [[0.0] * k for _ in range(k)]
    for i, a in enumerate(players):
        for j, b in enumerate(players):
            if i != j and played[a, b]:
                chance = 1 / (1 + math.exp(theta[b] - theta[a]))
                weight = played[a, b] * chance * (1 - chance)
                info[i][j] -= weight
                info[i][i] += weight
    # The information's null space is the all-ones vector: pinv(I) = inv(I + J/k) − J/k.
    inverse = _inverse([[value + 1 / k for value in row] for row in info])
    return {a: 1.96 * math.sqrt(max(0.0, inverse[i][i] - 1 / k)) for i, a in enumerate(players)}


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss–Jordan with partial pivoting (a dozen players: no library needed)."""
    k = len(matrix)
    rows = [row[:] + [float(i == j) for j in range(k)] for i, row in enumerate(matrix)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        scale = rows[col][col]
        rows[col] = [value / scale for value in rows[col]]
        for r in range(k):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [value - factor * lead for value, lead in zip(rows[r], rows[col], strict=True)]
    return [row[k:] for row in rows]


@dataclass
class RoundRobin:
    players: list[str]
    matches_per_pair: int
    wins: dict[Pair, int]
    """Matches the first of the pair won against the second."""
    seconds: float = 0.0

    def games(self, a: str, b: str) -> int:
        return self.wins.get((a, b), 0) + self.wins.get((b, a), 0)

    def matches(self, a: str) -> int:
        return sum(self.games(a, b) for b in self.players if b != a)

    def won(self, a: str) -> int:
        return sum(self.wins.get((a, b), 0) for b in self.players if b != a)

    def ratings(self) -> dict[str, tuple[float, float]]:
        """Each player's rating and the half-width of its 95% interval, on the Elo scale, best first."""
        theta = bradley_terry(self.players, self.wins)
        spread = spreads(self.players, self.wins, theta)
        fitted = {a: (MEAN_RATING + ELO * theta[a], ELO * spread[a]) for a in self.players}
        return dict(sorted(fitted.items(), key=lambda item: -item[1][0]))


def default_players() -> list[str]:
    """The levels, then each persona's player that is not a level already (Hal plays as hard)."""
    return list(dict.fromkeys([*LEVELS, *(persona.plays for persona in PERSONAS)]))


def label(spec: str) -> str:
    """A player with the personas that play by it: ``simple (Quinn)``."""
    names = [persona.name for persona in PERSONAS if persona.plays == spec]
    return f"{spec} ({', '.join(names)})" if names else spec


def run_round_robin(players: Sequence[str], matches: int, seed: int, workers: int | None = None,
                    rules_name: str = "house", progress: bool = True) -> RoundRobin:
    """Every pair of ``players`` plays ``matches`` matches (rounded down to an even number, at least 2)."""
    players = list(players)
    started = time.monotonic()
    wins: dict[Pair, int] = {}
    jobs = [job for i, a in enumerate(players) for b in players[i + 1:]
            for job in _jobs(a, b, matches, seed, rules_name)]
    for job, result in _play(jobs, workers, progress):
        pair = (job[0], job[1]) if result.winner == job[0] else (job[1], job[0])
        wins[pair] = wins.get(pair, 0) + 1
    return RoundRobin(players, max(2, matches - matches % 2), wins, time.monotonic() - started)


def table_lines(result: RoundRobin, rules_name: str = "house") -> list[str]:
    """The ratings table (best first) and the pairwise match win rates, as text lines."""
    rated = result.ratings()
    order = list(rated)
    width = max(len("player"), *(len(label(a)) for a in order))
    out = [f"Round robin: {len(order)} players, {result.matches_per_pair} matches a pair (each deal from both "
           f"seats), matches to {PRESETS[rules_name].target}, {rules_name} rules",
           f"    {'player':<{width}}  rating    95%  matches  win rate"]
    for n, a in enumerate(order, 1):
        rating, spread = rated[a]
        out.append(f"{n:>2}  {label(a):<{width}}  {rating:>6.0f}  ±{spread:>4.0f}  {result.matches(a):>7}  "
                   f"{100 * result.won(a) / max(1, result.matches(a)):>7.1f}%")
    out += ["", "Match win rate (%) of the row's player against the column's:",
            f"    {'':<{width}}" + "".join(f"{n:>5}" for n in range(1, len(order) + 1))]
    for n, a in enumerate(order, 1):
        cells = ["    —" if a == b else f"{100 * result.wins.get((a, b), 0) / max(1, result.games(a, b)):>5.0f}"
                 for b in order]
        out.append(f"{n:>2}  {label(a):<{width}}" + "".join(cells))
    out += ["", f"Rating: Bradley–Terry fit on the Elo scale, the players' mean at {MEAN_RATING:.0f}; a 100-point gap "
            "means the stronger wins about 64% of matches; ± is half the 95% interval."]
    return out


def ratings_json(result: RoundRobin, command: str, seed: int, rules_name: str) -> dict[str, Any]:
    """What ``--write`` keeps: how the figures were made, each player's rating, and every pair's results."""
    rated = result.ratings()
    return {
        "command": command,
        "date": datetime.now(UTC).date().isoformat(),
        "rules": rules_name,
        "seed": seed,
        "matches_per_pair": result.matches_per_pair,
        "seconds": round(result.seconds),
        "scale": f"Bradley–Terry on the Elo scale, mean {MEAN_RATING:.0f}: a 100-point gap is about 64% of "
                 "matches; spread is half the 95% interval",
        "players": {a: {"rating": round(rating), "spread": round(spread), "matches": result.matches(a),
                        "wins": result.won(a)} for a, (rating, spread) in rated.items()},
        "pairs": [{"players": [a, b], "wins": [result.wins.get((a, b), 0), result.wins.get((b, a), 0)]}
                  for i, a in enumerate(result.players) for b in result.players[i + 1:]],
    }


def _json_text(data: Mapping[str, Any]) -> str:
    """The file's text: one line for each setting, each player and each pair (short diffs when it is rewritten)."""
    def one(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = []
    for key, value in data.items():
        if isinstance(value, dict):
            inner = [f"  {one(name)}: {one(entry)}" for name, entry in value.items()]
            lines.append(f"{one(key)}: {{\n" + ",\n".join(inner) + "\n }")
        elif isinstance(value, list):
            lines.append(f"{one(key)}: [\n" + ",\n".join(f"  {one(entry)}" for entry in value) + "\n ]")
        else:
            lines.append(f"{one(key)}: {one(value)}")
    return "{\n " + ",\n ".join(lines) + "\n}\n"


def split_players(text: str) -> list[str]:
    """``a,b,simple(knock_at=4)``: names split at commas outside parentheses."""
    return [name.strip() for name in re.split(r",(?![^()]*\))", text) if name.strip()]


def main(args: argparse.Namespace, argv: Sequence[str]) -> int:
    """``gin-rummy arena --round-robin``, with the arena's parsed arguments (``argv``: as given, for the file)."""
    given = [OPPONENTS.get(name, name) for name in split_players(args.players or "")]  # a persona: its player
    players = list(dict.fromkeys(given)) if given else default_players()
    if len(players) < 2:
        raise SystemExit("a round robin needs at least two players")
    for name in players:
        try:
            make_player(name)
        except ValueError as error:
            raise SystemExit(f"error: {error}") from None
    result = run_round_robin(players, args.matches, args.seed, args.workers, args.rules, not args.quiet)
    print("\n".join(table_lines(result, args.rules)))
    print(f"({len(players) * (len(players) - 1) // 2} pairs, {result.seconds:.0f} s)")
    if args.write:
        command = "gin-rummy arena " + " ".join(shlex.quote(arg) for arg in argv)
        with open(args.write, "w", encoding="utf-8") as out:
            out.write(_json_text(ratings_json(result, command, args.seed, args.rules)))
        print(f"ratings written to {args.write}")
    return 0
