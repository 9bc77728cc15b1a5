"""How well the hard player reads the opponent: its sampled opponent hands against the hands really held.

At each of the hard player's discards, after the opponent has thrown at least one card this hand, the bench
compares (from the game state, which the player never sees):
- the mean deadwood of the opponent hands the player samples with the mean deadwood really held, by how many
  cards the opponent has thrown this hand;
- the player's estimate of the chance that the opponent can knock after their next stock draw with the true
  chance (the share of the real stock that would let the real hand knock), grouped by the estimate.
At each turn where it could knock (without Gin), by the stock left: how often the opponent really holds at
most a given deadwood and how often its sampled deals do, and the chance of an undercut if it knocked (with
its least-deadwood knock: the share of the sampled deals that undercut it) against whether the real hand
would undercut it. The tail matters there: a mean can match while hands low enough to undercut are missing.

Run: ``gin-rummy bench inference --matches 60 --opponent simple`` (or ``python -m ginrummy.bench.inference``).
Compare settings with ``--player 'hard(tilt=0)'``.
"""

from __future__ import annotations

import argparse
from collections import defaultdict

from ginrummy.ai import Player, make_player, play
from ginrummy.ai.hand import knock_outs
from ginrummy.ai.hard import HardPlayer
from ginrummy.ai.knowledge import Knowledge, infer
from ginrummy.ai.rollout import score_knock
from ginrummy.engine import HOUSE, GameState, View, cached_deadwood, mask_of, new_game

Cells = dict[int, list[float]]
"""Per group: [positions, sum of the first figure, sum of the second]."""
CUTS = (2, 4, 6, 8, 10)
"""Deadwood cuts of the knockable-turn table."""
STAGES = ("stock 24+", "stock 16-23", "stock <16")


def stock_stage(stock_left: int) -> int:
    """Index in ``STAGES`` of a turn with ``stock_left`` cards in the stock."""
    return 0 if stock_left >= 24 else 1 if stock_left >= 16 else 2


def _read_knockable(hard: HardPlayer, view: View, knowledge: Knowledge, real: int, at_knocks: Cells) -> None:
    """At a turn where the hard player could knock: the real and sampled opponent hands' deadwood against the
    cuts, and the undercut its least-deadwood knock would suffer, estimated and real."""
    knockable = [o for o in view.legal_discards if o.can_knock and not o.gin]
    if not knockable:
        return
    knock = min(knockable, key=lambda o: o.deadwood)
    mine = mask_of(view.hand) & ~(1 << knock.card)
    worlds = hard.worlds(view, knowledge)
    row = at_knocks[stock_stage(view.stock_count)]
    row[0] += 1
    real_deadwood = cached_deadwood(real)
    sampled = [cached_deadwood(world.opponent) for world in worlds]
    for i, cut in enumerate(CUTS):
        row[1 + 2 * i] += real_deadwood <= cut
        row[2 + 2 * i] += sum(1 for d in sampled if d <= cut) / len(sampled)
    row[-2] += sum(1 for world in worlds if score_knock(mine, world.opponent, view.rules) < 0) / len(worlds)
    row[-1] += score_knock(mine, real, view.rules) < 0


def _read_match(hard: HardPlayer, hard_seat: int, players: list[Player], seed: int, by_discards: Cells,
                by_estimate: Cells, at_knocks: Cells) -> None:
    """Play one match, adding the hard player's readings at each of its discards (before it chooses) and the
    truth to the cells."""
    def turn(state: GameState, seat: int, view: View) -> None:
        opponent = 1 - seat
        if seat == hard_seat and view.discard_options and view.discards[opponent] and state.hand.stock:
            knowledge = infer(view)
            real = mask_of(state.hand.hands[opponent])
            sampled = hard.sample_opponents(view, knowledge)
            row = by_discards[min(len(view.discards[opponent]), 10)]
            row[0] += 1
            row[1] += cached_deadwood(real)
            row[2] += sum(map(cached_deadwood, sampled)) / len(sampled)
            estimate = hard.knock_hazard(view, knowledge)
            truth = knock_outs(real, list(state.hand.stock), view.knock_limit) / len(state.hand.stock)
            cell = by_estimate[min(int(estimate * 10), 5)]
            cell[0] += 1
            cell[1] += estimate
            cell[2] += truth
            _read_knockable(hard, view, knowledge, real, at_knocks)

    play(new_game(HOUSE, seed), dict(enumerate(players)), deal_as=0, on_turn=turn)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=60)
    parser.add_argument("--opponent", default="simple")
    parser.add_argument("--player", default="hard", help="a hard player, with options")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    by_discards: dict[int, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    by_estimate: dict[int, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    at_knocks: dict[int, list[float]] = defaultdict(lambda: [0.0] * (3 + 2 * len(CUTS)))
    for match in range(args.matches):
        hard_seat = match % 2
        hard = make_player(args.player, args.seed * 7919 + match)
        if not isinstance(hard, HardPlayer):
            parser.error("--player must be a hard player")
        players = [hard, make_player(args.opponent, args.seed * 7919 + match + 1)]
        if hard_seat:
            players.reverse()
        _read_match(hard, hard_seat, players, args.seed * 1_000_003 + match, by_discards, by_estimate, at_knocks)
    print(f"{args.player} against {args.opponent}, {args.matches} matches")
    print("opponent's discards this hand: mean deadwood really held / of the sampled hands (positions)")
    for key in sorted(by_discards):
        n, real_sum, sampled_sum = by_discards[key]
        label = f"{key}+" if key == 10 else f"{key} "
        print(f"  {label:>3}  {real_sum / n:5.1f} / {sampled_sum / n:5.1f}  ({n:.0f})")
    print("chance the opponent can knock after their next stock draw: estimated / true (positions)")
    totals = [0.0, 0.0, 0.0]
    for key in sorted(by_estimate):
        n, estimate_sum, truth_sum = by_estimate[key]
        totals = [totals[0] + n, totals[1] + estimate_sum, totals[2] + truth_sum]
        label = f"{key / 10:.1f}+" if key == 5 else f"{key / 10:.1f}–{(key + 1) / 10:.1f}"
        print(f"  {label:>7}  {estimate_sum / n:.3f} / {truth_sum / n:.3f}  ({n:.0f})")
    print(f"  all      {totals[1] / totals[0]:.3f} / {totals[2] / totals[0]:.3f}  ({totals[0]:.0f})")
    print("turns it could knock: share of opponent hands at most d deadwood, real / sampled; undercut if it "
          "knocked, estimated / real (positions)")
    print("  " + " " * 11 + "".join(f"{'<= ' + str(cut):>12}" for cut in CUTS) + f"{'undercut':>13}")
    for key in sorted(at_knocks):
        row = at_knocks[key]
        n = row[0]
        cells = "".join(f"{row[1 + 2 * i] / n:>6.2f}/{row[2 + 2 * i] / n:.2f}" for i in range(len(CUTS)))
        print(f"  {STAGES[key]:<11}{cells}{row[-2] / n:>8.2f}/{row[-1] / n:.2f}  ({n:.0f})")


if __name__ == "__main__":
    main()
