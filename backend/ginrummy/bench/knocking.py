"""How often the hard player knocks, by the deadwood it could knock with and the stock left: the table a hint in
a game against hard reads (``ai.policies.HardModel``), counted over arena play against the population.

At each of hard's discards where its least-deadwood discard leaves 1 to the knock limit, the bench counts a
chance in that cell (deadwood, stock bucket), and a knock if hard knocked. Run:
``gin-rummy bench calibration --knock-table backend/ginrummy/ai/hard_knocking.json --matches 20``.
"""

from __future__ import annotations

import json
import multiprocessing
from collections import Counter

from ginrummy.ai import Played, make_player
from ginrummy.ai import play as play_on
from ginrummy.ai.policies import STOCK_BUCKETS, plays_by, stock_bucket
from ginrummy.engine import HOUSE, ActionKind, new_game

Counts = Counter[tuple[str, bool]]


def count_knocks(job: tuple[str, str, int]) -> Counts:
    """One match of ``player`` against ``opponent``: per cell "deadwood/bucket", the chances and the knocks."""
    player_name, opponent_name, seed = job
    seat = seed % 2
    players = [make_player(player_name, seed), make_player(opponent_name, seed + 1)]
    if seat:
        players.reverse()
    counts: Counts = Counter()

    def moved(move: Played) -> None:
        view = move.view
        if move.seat != seat or view is None or view.drawing or view.routine is not None:
            return
        least = min(o.deadwood for o in view.legal_discards)
        if 0 < least <= view.knock_limit:
            cell = f"{least}/{stock_bucket(view.stock_count)}"
            counts[cell, False] += 1
            counts[cell, True] += move.action.kind == ActionKind.KNOCK

    play_on(new_game(HOUSE, seed), dict(enumerate(players)), deal_as=0, on_move=moved)
    return counts


def write_table(path: str, player: str, opponents: list[str], matches: int, seed: int, workers: int) -> str:
    """Play the matches, write the table to ``path``; a line saying what was written."""
    jobs = [(player, opponent, seed * 1_000_003 + i * 7 + k)
            for k, opponent in enumerate(opponents) for i in range(matches)]
    total: Counts = Counter()
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        for counts in pool.imap_unordered(count_knocks, jobs, chunksize=2):
            total.update(counts)
    cells = sorted({cell for cell, _ in total}, key=lambda c: tuple(int(p) for p in c.split("/")))
    command = (f"gin-rummy bench calibration --knock-table PATH --player {player} --matches {matches} "
               f"--opponents {','.join(opponents)} --seed {seed}")
    document = {"description": f"How often {player} knocks by 'deadwood/stock bucket' (buckets: stock left at "
                               f"least {', '.join(map(str, STOCK_BUCKETS))}): [knocks, chances].",
                "command": command, "player": player, "plays_by": plays_by(player),
                "counts": {cell: [total[cell, True], total[cell, False]] for cell in cells}}
    with open(path, "w") as out:
        json.dump(document, out, indent=1)
    return f"{sum(total[c, False] for c in cells)} knock chances of {player} in {len(cells)} cells written to {path}"
