"""``gin-rummy bench``: the benchmarks, each a module of ``ginrummy.bench`` run with the arguments that follow."""

from __future__ import annotations

import argparse


def _bench(args: argparse.Namespace) -> int:
    import importlib

    importlib.import_module(f"ginrummy.bench.{args.which}").main(args.rest)
    return 0


BENCHES = ("engine", "load", "capacity", "profile", "inference", "knock_choices", "storage", "coach", "calibration",
           "stream", "seeks")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    bench = sub.add_parser("bench", help="print speed figures, and how well the hard player reads the opponent")
    bench.add_argument("which", choices=BENCHES, help="engine: meld search and hands per second; load: the API "
                       "under concurrent games, next to a bare route and a bare route with one commit; capacity: the "
                       "most players (thinking 2-5 s a move) one server serves with move p99 under 100 ms; profile: "
                       "where a move's time goes, and its end-to-end latency; inference: the hard player's sampled "
                       "opponent hands and knock estimates against the truth; knock_choices: its knock decisions "
                       "against what really followed each way; storage: bytes stored per finished match; coach: "
                       "the time to review a hand; calibration: the hard player's probabilities, predicted against "
                       "observed; stream: how fast a move reaches the other seat's stream, "
                       "across two server processes; seeks: how long a seek waits to be paired")
    bench.add_argument("rest", nargs=argparse.REMAINDER, help="options passed to that bench (see its --help)")
    bench.set_defaults(run=_bench)
