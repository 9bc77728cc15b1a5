"""``gin-rummy arena`` and ``gin-rummy train-knock``: the computer players' own tools, which take every argument
themselves."""

from __future__ import annotations

import argparse


def _arena(args: argparse.Namespace) -> int:
    from ginrummy.ai.arena import main as arena_main

    return arena_main(args.rest)


def _train_knock(args: argparse.Namespace) -> int:
    from ginrummy.ai.train_knock import main as train_main

    return train_main(args.rest)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    # Neither arena nor train-knock has "-" options of its own: the subcommand hands every argument on, an option
    # first included (gin-rummy arena --round-robin).
    arena = sub.add_parser("arena", help="play two computer players against each other, or a round robin of "
                           "them, and print figures", add_help=False, prefix_chars="+")
    arena.add_argument("rest", nargs=argparse.REMAINDER, help="see gin-rummy arena --help")
    arena.set_defaults(run=_arena)
    train = sub.add_parser("train-knock", help="train the cfr player's knock table by self-play regret matching",
                           add_help=False, prefix_chars="+")
    train.add_argument("rest", nargs=argparse.REMAINDER, help="see gin-rummy train-knock --help")
    train.set_defaults(run=_train_knock)
