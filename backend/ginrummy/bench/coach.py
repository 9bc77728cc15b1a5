"""How long the coach takes to review a hand, and what it finds.

Plays matches of a person stand-in (``--person``, default easy: it makes mistakes worth finding) against the
hard computer, and reviews every finished hand of the person's seat with ``ai.coach.review_hand``, as the API
does. Prints the time per hand (median, 90th and 99th percentiles, the slowest), the decisions and mistakes per hand,
and the points lost per hand to each kind of mistake.

Run: ``gin-rummy bench coach --hands 40``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from ginrummy.ai import Player, make_player, play
from ginrummy.ai.coach import KINDS, review_hand
from ginrummy.engine import HOUSE, Action, GameState, new_game, replay_hand

PERSON = 0


def _play_match(seed: int, players: list[Player], hands: int) -> tuple[GameState, dict[int, list[Action]]]:
    """A match played until it is over or ``hands`` hands are finished (the person deals each next hand), and
    the actions of each hand by number."""
    played: dict[int, list[Action]] = {}
    state = play(new_game(HOUSE, seed), dict(enumerate(players)), deal_as=PERSON,
                 until=lambda state: len(state.history) >= hands,
                 on_move=lambda move: played.setdefault(move.before.hand.number, []).append(move.action))
    return state, played


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gin-rummy bench coach", description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40, help="hands to review")
    parser.add_argument("--person", default="easy", help="the player whose decisions are reviewed")
    parser.add_argument("--opponent", default="hard")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    times: list[float] = []
    decisions: list[int] = []
    mistakes: list[int] = []
    lost: dict[str, float] = dict.fromkeys(KINDS, 0.0)
    match = 0
    while len(times) < args.hands:
        seed = args.seed * 10_007 + match
        players = [make_player(args.person, seed), make_player(args.opponent, seed + 1)]
        state, played = _play_match(seed, players, args.hands - len(times))
        for number in range(1, len(state.history) + 1):
            start = time.perf_counter()
            review = review_hand(replay_hand(state, number, played[number]), number, PERSON, seed)
            times.append(time.perf_counter() - start)
            decisions.append(len(review.decisions))
            mistakes.append(sum(1 for d in review.decisions if d.mistake))
            for kind, points in review.lost_by_kind().items():
                lost[kind] += points
        match += 1
    ordered = sorted(times)
    n = len(times)
    print(f"coach: {n} hands of {args.person} against {args.opponent} reviewed ({match} matches)")
    print(f"  time per hand: median {1000 * statistics.median(times):.0f} ms, 90th percentile "
          f"{1000 * ordered[int(0.9 * (n - 1))]:.0f} ms, 99th percentile {1000 * ordered[int(0.99 * (n - 1))]:.0f} ms, "
          f"slowest {1000 * ordered[-1]:.0f} ms (goal: at most 300 ms)")
    print(f"  decisions per hand {statistics.mean(decisions):.1f}, mistakes per hand {statistics.mean(mistakes):.2f}")
    print("  points lost per hand: " + ", ".join(f"{kind} {points / n:.2f}" for kind, points in lost.items()))
    return 0
