"""The load bench's report: each target's figures over its rounds, the goals' ratios of the game to the commit
route on the same database, what a move writes, and, when worker counts are compared, each count's moves/s against
the first's."""

from __future__ import annotations

import argparse
import statistics

from .figures import Round, percent, quantile, spread
from .load_targets import Target
from .load_writes import NAMED_TABLES, BytesPerMove


def table_head(rate: str) -> str:
    return (f"{'clients':>7}  {'target':<36}{rate:<24}{'p50 ms':>8}{'p99 ms':>9}{'client CPU':>12}{'busiest':>9}"
            f"{'server CPU':>12}{'errors':>8}")


def table_row(count: int, name: str, rounds: list[Round]) -> str:
    """A target's figures over its rounds: the median rate and its range, latencies over every round's
    requests, the median CPU shares, and every error."""
    latencies = sorted(x for r in rounds for x in r.latencies)
    server = [r.server_share for r in rounds if r.server_share is not None]
    return (f"{count:>7}  {name:<35} {spread([r.rate for r in rounds], 0, 24)}"
            f"{1000 * quantile(latencies, 0.5):>8.2f}{1000 * quantile(latencies, 0.99):>9.2f}"
            f"{percent(statistics.median(r.client_share for r in rounds)):>12}"
            f"{percent(statistics.median(r.busiest_core for r in rounds)):>9}"
            f"{percent(statistics.median(server) if server else None):>12}{sum(r.errors for r in rounds):>8}")


def report_main(targets: list[Target], clients: list[int], args: argparse.Namespace, cores: int,
                sizes: dict[str, BytesPerMove | str], size_clients: int) -> str:
    lines = [table_head("req/s (min–max)")]
    for count in clients:
        for target in targets:
            rounds = target.rounds.get(count, [])
            if rounds:
                lines.append(table_row(count, target.name + (" (moves)" if target.kind == "game" else ""), rounds))
    lines += ["", "The goals' ratios, per round on the same database (median and range over the rounds):",
              f"{'clients':>7}  {'game':<36}{'moves/s ÷ commit req/s':<28}{'game p99 ÷ commit p99'}"]
    games = [t for t in targets if t.kind == "game"]
    commits = [t for t in targets if t.kind == "bare" and t.database is not None]
    for count in clients:
        for game in games:
            for commit in commits:
                if game.database is not None and game.database != commit.database:
                    continue
                pairs = list(zip(game.rounds.get(count, []), commit.rounds.get(count, []), strict=False))
                if not pairs:
                    continue
                rates = [g.rate / c.rate for g, c in pairs if c.rate]
                tails = [g.p99_ms / c.p99_ms for g, c in pairs if c.p99_ms == c.p99_ms and c.p99_ms > 0]
                label = game.name if game.database is not None else f"{game.name} vs {commit.database}"
                lines.append(f"{count:>7}  {label:<35} {spread(rates, 3, 28) if rates else '-':<28}"
                             f"{spread(tails, 2) if tails else '-'}")
    if sizes:
        lines += ["", f"Written per move: one more game round of {args.duration:g} s at {size_clients} clients, not "
                      "timed. Rows and bytes of text columns added to each table (a row rewritten in place counts "
                      "only its change in length), and the write-ahead log written (SQLite: checkpoints held off "
                      "meanwhile; PostgreSQL: the cluster's log position), ÷ moves answered (new matches count in):",
                  f"{'database':<12}{'moves':>7}{'creates':>9}" + "".join(f"{name:>18}" for name in NAMED_TABLES)
                  + f"{'other tables':>16}{'rows total':>16}{'log':>10}"]
        for name, size in sizes.items():
            if isinstance(size, str):
                lines.append(f"{name:<12}not measured: {size}")
                continue
            shown = [size.tables.get(table, (0.0, 0.0)) for table in NAMED_TABLES]
            other = [v for table, v in size.tables.items() if table not in NAMED_TABLES]
            rest = (sum(r for r, _ in other), sum(b for _, b in other))
            total = (sum(r for r, _ in size.tables.values()), sum(b for _, b in size.tables.values()))
            cells = "".join(f"{f'{rows:.2f} r {octets:.0f} B':>18}" for rows, octets in shown)
            lines.append(f"{name:<12}{size.moves:>7}{size.creates:>9}{cells}{f'{rest[0]:.2f} r {rest[1]:.0f} B':>16}"
                         f"{f'{total[0]:.2f} r {total[1]:.0f} B':>16}"
                         f"{'-' if size.log is None else f'{size.log:.0f} B':>10}")
    return "\n".join(lines)


def report_workers(targets: list[Target], clients: list[int], counts: list[int]) -> str:
    lines = [table_head("moves/s (min–max)")]
    for count in clients:
        for target in targets:
            rounds = target.rounds.get(count, [])
            if rounds:
                lines.append(table_row(count, target.name, rounds))
    lines += ["", f"moves/s ÷ moves/s with {counts[0]} worker{'s' * (counts[0] > 1)}, per round (median and range):"]
    for count in clients:
        for database in dict.fromkeys(t.database for t in targets):
            same = [t for t in targets if t.database == database]
            base = same[0].rounds.get(count, [])
            for target in same[1:]:
                ratios = [r.rate / b.rate for r, b in zip(target.rounds.get(count, []), base, strict=False) if b.rate]
                lines.append(f"{count:>7}  {target.name:<35} {spread(ratios, 2) if ratios else '-'}")
    return "\n".join(lines)
