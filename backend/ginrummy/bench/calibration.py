"""Are the hints' chances honest? Stated against observed, in ten bins, per opponent.

Two ways to measure, one table (for each tenth of the stated range: the decisions in it, the mean stated, the
rate observed and their gap in points; a gap over 5 points in a bin of 50 or more is flagged):

- In process (the default, fast, for fitting): the hard player plays matches against each opponent, and at its
  decisions the bench asks the hint's chances (``ai.chances``) next to what then happened, read by the one
  function the service's hint-following seat reads it with (``hinted.observed``), from the answer the service
  would give to the move (so a map fitted here is fitted on what that seat sees):

  - undercut: at each of its knocks with deadwood, the chance that the knock is undercut; observed: the hand's
    result is an undercut.
  - opponent knocks: at each of its plain discards (with a turn of the opponent's to follow), the chance that
    the opponent knocks on its next turn; observed: the opponent's move after its draw is a knock (Gin and Big
    Gin included).
  - stock helps: at each of its draws from the stock, the chance that the stock card lowers its least deadwood;
    observed: the least deadwood of the hand after the draw is below the deadwood before it.

  - undercut if knocking: at each discard where a knock with deadwood is possible, the chance that the knock
    (its own, or the least-deadwood one when it plays on) would be undercut, asked as the coach asks it
    (against an opponent it cannot model); observed against the real hand.

  The first three are the decisions where a hint following seat states a chance and then sees what happened, so a map
  fitted here is the one the service is checked against (an undercut chance fitted over every decision where a
  knock was possible reads far too high at the knocks the player chooses, which it makes when it sees little
  risk).

  By default the chances are asked as in a game against someone the hint cannot model (the population-wide
  map); ``--named`` asks them as in a game against each opponent by name (its model and its own map) and
  prints a table per opponent.
- ``--through-service`` (``bench.hinted``): a seat plays whole matches through the REST API against each of
  the computers the service offers, asking ``GET /api/games/{id}/hint`` before every decision and following it,
  and records each stated chance next to what it then saw in its own answers.

The chances shown are as reported (``ai.calibration.calibrated``); ``--raw`` shows the raw estimates (in
process). ``--fit PATH`` fits the maps from raw estimate to observed rate on this run and writes them into PATH
(the population's map without ``--named``, each opponent's with it; the rest of PATH is kept: the product's
maps are in ``backend/ginrummy/ai/calibration.json``); check a fit on another ``--seed``, through the service.

Run: ``gin-rummy bench calibration --matches 100``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
from collections.abc import Sequence
from functools import partial

from ginrummy.ai import Played, make_player
from ginrummy.ai import play as play_on  # this module's play is one match of the bench
from ginrummy.ai.calibration import ANY_KNOCK, MIN_BLOCK, calibrated
from ginrummy.ai.chances import FIELDS, raw_chances
from ginrummy.ai.chances import QUESTIONS as HINT_QUESTIONS
from ginrummy.ai.population import POPULATION
from ginrummy.engine import (
    HOUSE,
    Action,
    ActionKind,
    Card,
    Event,
    GameState,
    View,
    events_for,
    knock,
    knock_points,
    mask_of,
    new_game,
    optimal_arrangements_of_mask,
    view_for,
)

from .calibration_tables import THIN_BLOCK, Record, load_runs, tables, write_fit
from .hinted import Json, hinted_records, observed, wait_lines
from .knocking import write_table


def _chance(view: View, action: Action, opponent: str | None) -> dict[str, float]:
    """The chances a hint would state with ``action``, raw, from a stream of its own (as the hint seeds it)."""
    return raw_chances(view, action, opponent, random.Random(view.hand_number * 1000 + view.draws))


def gin(view: View, card: Card) -> bool:
    return next(o.gin for o in view.discard_options if o.card == card)


def _any_knock(view: View, action: Action, real: Sequence[Card]) -> list[Record]:
    """At a discard where a knock with deadwood is possible: the undercut chance of the player's knock, or of the
    least-deadwood knock when it plays on, as the coach asks it (opponent unknown), and whether it would be."""
    knockable = [o for o in view.legal_discards if o.can_knock and not o.gin]
    if not knockable:
        return []
    card = action.card if action.kind == ActionKind.KNOCK else min(knockable, key=lambda o: o.deadwood).card
    if card is None or gin(view, card):
        return []
    rest = mask_of(view.hand) & ~(1 << card)
    undercut = knock_points(optimal_arrangements_of_mask(rest), mask_of(real), view.rules) < 0
    return [(ANY_KNOCK, _chance(view, knock(view.seat, card), None)["undercut"], undercut)]


def play(job: tuple[str, str, int], named: bool = False) -> list[Record]:
    """One match of ``player`` (a hard player) against ``opponent``; the records of the hints' chances (asked
    against ``opponent`` by name when ``named``, else against an opponent they cannot model).

    What happened after each chance is read as the service's hint-following seat reads it
    (``hinted.observed``): from the seat's view before its move, the move and its chances, and the answer the
    service would give to that move (the events up to the seat's next decision, and the seat's view then)."""
    player_name, opponent_name, seed = job
    hint_seat = seed % 2
    players = [make_player(player_name, seed), make_player(opponent_name, seed + 1)]
    if hint_seat:
        players.reverse()
    asked_about = opponent_name if named else None
    records: list[Record] = []
    asked: list[tuple[Json, Json, list[Event]]] = []  # the seat's last move with chances, and the events since

    def answered(state: GameState) -> None:
        """The seat's last move is answered in ``state`` (its next decision, or the hand over)."""
        if asked:
            before, hint, events = asked.pop()
            answer = {"view": view_for(state, hint_seat).to_json(),
                      "events": [e.to_json() for e in events_for(events, hint_seat, state)]}
            records.extend(observed(before, hint, answer))

    def moved(move: Played) -> None:
        state, seat, view, action = move.before, move.seat, move.view, move.action
        if view is None or seat == hint_seat:
            answered(state)
        if view is None or seat != hint_seat:
            if asked:
                asked[0][2].extend(move.events)
            return
        chances = _chance(view, action, asked_about)
        if chances:
            hint = {"action": action.to_json(), "chances": {FIELDS[q]: p for q, p in chances.items()}}
            asked.append((view.to_json(), hint, list(move.events)))
        if not view.drawing and view.routine is None:
            records.extend(_any_knock(view, action, state.hand.hands[1 - seat]))

    answered(play_on(new_game(HOUSE, seed), dict(enumerate(players)), deal_as=0, on_move=moved))
    return records


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gin-rummy bench calibration", description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100, help="matches against each opponent")
    parser.add_argument("--player", default="hard", help="a hard player, with options (in process)")
    parser.add_argument("--opponents", default=None,
                        help="comma-separated opponents (default: in process, the population but hard itself; "
                             "through the service, every computer it offers)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--named", action="store_true",
                        help="ask the chances as in a game against each opponent by name; a table per opponent")
    parser.add_argument("--raw", action="store_true", help="show the raw estimates, not the reported chances")
    parser.add_argument("--fit", metavar="PATH", help="fit the maps to observed rates and write them into PATH")
    parser.add_argument("--min-block", type=int, default=MIN_BLOCK,
                        help="the fewest decisions a knot of a fitted map stands on (a question with fewer than four "
                             f"times that: a quarter of them, at least {THIN_BLOCK})")
    parser.add_argument("--save", metavar="PATH", help="write this run's decisions to PATH (JSON)")
    parser.add_argument("--load", metavar="PATHS",
                        help="comma-separated files written by --save: use their decisions, pooled, instead of "
                             "playing (to fit on several seeds' runs at once)")
    parser.add_argument("--through-service", action="store_true",
                        help="play through the REST API with a seat that follows every hint (a server of its own "
                             "on a free port, or --url)")
    parser.add_argument("--url", help="the service to play through (with --through-service)")
    parser.add_argument("--knock-table", metavar="PATH",
                        help="count how often --player knocks, by deadwood and stock left, over matches against "
                             "the opponents, and write the table a hint models it by to PATH")
    args = parser.parse_args(argv)
    opponents = None if args.opponents is None else [o for o in args.opponents.split(",") if o]
    if args.through_service:
        if args.load:  # runs saved with --through-service --save: their stated chances, pooled
            records, origin = load_runs(args.load)
            print(f"calibration through the service (chances as stated in the hints) of {origin}")
            print("\n".join(tables(records, per_opponent=True, questions=HINT_QUESTIONS)))
            return 0
        run = hinted_records(args.url, opponents, args.matches, args.seed)
        print(f"calibration through the service (chances as stated in the hints) of {run.command}")
        print("\n".join(tables(run.records, per_opponent=True, questions=HINT_QUESTIONS)))
        print("\n" + "\n".join(wait_lines(run.waits)))
        if args.save:
            with open(args.save, "w") as out:
                json.dump({"command": run.command, "by_opponent": run.records, "waits": run.waits}, out)
        return 0
    opponents = opponents or [m for m in POPULATION if m != "hard"]
    workers = args.workers or os.cpu_count() or 1
    if args.knock_table:
        print(write_table(args.knock_table, args.player, opponents, args.matches, args.seed, workers))
        return 0
    named = args.named
    if args.load:
        by_opponent, origin = load_runs(args.load)
    else:
        by_opponent = {}
        for k, opponent in enumerate(opponents):
            jobs = [(args.player, opponent, args.seed * 1_000_003 + i * 7 + k) for i in range(args.matches)]
            with multiprocessing.get_context("fork").Pool(workers) as pool:
                found = pool.imap_unordered(partial(play, named=named), jobs, chunksize=2)
                by_opponent[opponent] = [record for records in found for record in records]
        origin = (f"gin-rummy bench calibration --player {args.player} --matches {args.matches} "
                  f"--opponents {','.join(opponents)} --seed {args.seed}{' --named' if named else ''}")
        if args.save:
            with open(args.save, "w") as out:
                json.dump({"command": origin, "by_opponent": by_opponent}, out)
    shown = "raw estimates" if args.raw else "chances as reported"
    print(f"calibration ({shown}) of {origin}")

    shown_records = by_opponent if args.raw else {
        name: [(q, calibrated(q, raw, name if named else None), happened) for q, raw, happened in records]
        for name, records in by_opponent.items()}
    print("\n".join(tables(shown_records, per_opponent=named)))
    if args.fit:
        print(write_fit(args.fit, by_opponent, named, origin, args.min_block, args.player))
    return 0
