"""The ``gin-rummy`` command: serve, migrate the database, play in the terminal, look up melds, check a deal,
run the benchmarks.

Each command group is a module here whose ``add_parser`` adds its subcommands to the command, each with what it
runs: ``serve``, ``migrate``, ``arena`` (arena and train-knock, which hand every argument on to the computer
players' own tools), ``play`` (a match in the terminal), ``melds``, ``verify`` (verify-deal), ``bot`` and
``bench``. The console script and ``python -m ginrummy.cli`` both run ``main``.
"""

from __future__ import annotations

import argparse
import sys

from ginrummy.engine import EngineError

from . import arena, bench, bot, melds, migrate, play, serve, verify


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="gin-rummy", description="Gin Rummy against a fair computer opponent.")
    sub = parser.add_subparsers(dest="command", required=True)
    for group in (serve, migrate, arena, play, melds, verify, bot, bench):
        group.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.run(args)
    except EngineError as error:
        print(f"error: {error.message}", file=sys.stderr)
        return 2
    return code
