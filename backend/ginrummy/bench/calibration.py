"""Are the hard player's probabilities honest? Predicted against observed, in ten bins.

The hard player plays matches against the opponent population (``ai.population``), and at its decisions the
bench records three probabilities it computes from its view, each next to what then really happened (read
from the game's true state, which the player never sees):

- undercut: at a discard where it may knock (with deadwood above 0), the chance that knocking with its
  least-deadwood knock card gets it undercut; observed by scoring that knock against the opponent's real hand.
- opponent knocks: at each of its discards, the chance that the opponent knocks after its next stock draw
  (the knock hazard, with the model of the opponent's knocking); observed: the opponent's next move is a knock.
- stock helps: at each of its draws, the chance that the stock card lowers its least deadwood; observed with
  the real top card of the stock.

A table per probability: for each tenth of the predicted range, the decisions in it, the mean prediction,
the rate observed and their gap in points; a gap over 5 points in a bin of 50 or more is flagged. The
predictions are the chances as reported (``ai.calibration.calibrated``); ``--raw`` shows the raw estimates.
``--fit PATH`` fits the maps from raw estimate to observed rate on this run and writes them to PATH (the
product's are in ``backend/ginrummy/ai/calibration.json``); check a fit on another ``--seed``.

Run: ``gin-rummy bench calibration --matches 100``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
from collections import defaultdict
from collections.abc import Callable

from ginrummy.ai import Played, make_player
from ginrummy.ai import play as play_on  # this module's play is one match of the bench
from ginrummy.ai.calibration import calibrated, fit
from ginrummy.ai.hand import draw_outcomes
from ginrummy.ai.hard import HardPlayer
from ginrummy.ai.knowledge import infer
from ginrummy.ai.population import POPULATION
from ginrummy.engine import (
    HOUSE,
    ActionKind,
    cached_deadwood,
    knock_points,
    mask_of,
    new_game,
    optimal_arrangements_of_mask,
)

QUESTIONS = ("undercut", "opponent knocks", "stock helps")
BINS = 10
ENOUGH = 50
TOLERANCE = 0.05

Record = tuple[str, float, bool]


def play(job: tuple[str, str, int]) -> list[Record]:
    """One match of ``player`` (a hard player) against ``opponent``; the records of its probabilities."""
    player_name, opponent_name, seed = job
    hard_seat = seed % 2
    hard = make_player(player_name, seed)
    assert isinstance(hard, HardPlayer), "the player must be a hard player"
    players = [hard, make_player(opponent_name, seed + 1)]
    if hard_seat:
        players.reverse()
    records: list[Record] = []
    pending: list[tuple[str, float]] = []  # "opponent knocks" waits for the opponent's next move

    def moved(move: Played) -> None:
        state, seat, view, action = move.before, move.seat, move.view, move.action
        if view is None:  # the next hand dealt
            pending.clear()
            return
        if seat != hard_seat:
            if not view.drawing:  # the opponent's move after its draw: a knock, or not
                records.extend((q, p, action.kind == ActionKind.KNOCK) for q, p in pending)
                pending.clear()
        elif view.drawing and state.hand.stock:
            knowledge = infer(view)
            top = state.hand.stock[0]
            helped = draw_outcomes(knowledge.mine, [top])[0] < cached_deadwood(knowledge.mine)
            records.append(("stock helps", hard.stock_help_chance(view, knowledge), helped))
        elif not view.drawing and view.discard_options and action.kind != ActionKind.BIG_GIN:
            knowledge = infer(view)
            real = mask_of(state.hand.hands[1 - seat])
            knockable = [o for o in view.legal_discards if o.can_knock and not o.gin]
            if knockable:
                card = min(knockable, key=lambda o: o.deadwood).card
                rest = mask_of(view.hand) & ~(1 << card)
                undercut = knock_points(optimal_arrangements_of_mask(rest), real, view.rules) < 0
                records.append(("undercut", hard.undercut_chance(view, knowledge, card), undercut))
            if action.kind == ActionKind.DISCARD and state.hand.stock:
                pending.append(("opponent knocks", hard.knock_hazard(view, knowledge)))

    play_on(new_game(HOUSE, seed), dict(enumerate(players)), deal_as=0, on_move=moved)
    return records


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gin-rummy bench calibration", description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100, help="matches against each opponent")
    parser.add_argument("--player", default="hard", help="a hard player, with options")
    parser.add_argument("--opponents", default=",".join(m for m in POPULATION if m != "hard"),
                        help="comma-separated opponents (default: the population but hard itself)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--raw", action="store_true", help="show the raw estimates, not the reported chances")
    parser.add_argument("--fit", metavar="PATH", help="fit the maps to observed rates and write them to PATH")
    parser.add_argument("--save", metavar="PATH", help="write this run's decisions to PATH (JSON)")
    parser.add_argument("--load", metavar="PATHS",
                        help="comma-separated files written by --save: use their decisions, pooled, instead of "
                             "playing (to fit on several seeds' runs at once)")
    args = parser.parse_args(argv)
    opponents = [o for o in args.opponents.split(",") if o]
    records: list[Record] = []
    if args.load:
        runs = []
        for path in args.load.split(","):
            with open(path) as saved:
                run = json.load(saved)
            records.extend((q, p, happened) for q, p, happened in run["decisions"])
            runs.append(run["command"])
        origin = "decisions pooled from: " + "; ".join(runs)
    else:
        jobs = [(args.player, opponent, args.seed * 1_000_003 + i * 7 + k)
                for k, opponent in enumerate(opponents) for i in range(args.matches)]
        workers = args.workers or os.cpu_count() or 1
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            for found in pool.imap_unordered(play, jobs, chunksize=2):
                records.extend(found)
        origin = (f"gin-rummy bench calibration --player {args.player} --matches {args.matches} "
                  f"--opponents {','.join(opponents)} --seed {args.seed}")
        if args.save:
            with open(args.save, "w") as out:
                json.dump({"command": origin, "decisions": records}, out)
    shown = "raw estimates" if args.raw else "chances as reported"
    print(f"calibration ({shown}) of {origin}")
    for question in QUESTIONS:
        print("\n".join(reliability(records, question, (lambda _, p: p) if args.raw else calibrated)))
    if args.fit:
        maps = {q: fit([(raw, happened) for asked, raw, happened in records if asked == q]) for q in QUESTIONS}
        command = f"{origin} --fit PATH"
        with open(args.fit, "w") as out:
            json.dump({"command": command, "player": args.player, "decisions": len(records), "maps": maps}, out,
                      indent=1)
        print(f"maps fitted on {len(records)} decisions written to {args.fit}")
    return 0
