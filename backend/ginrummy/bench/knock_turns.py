"""The turns of the knock-choices bench (``knock_choices``): each turn where hard could knock and what each way
really scored, and runs of them kept on disk, so that the knock margin can be fitted on several opponents'
runs pooled."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import NamedTuple

from ginrummy.ai.policies import plays_by


class Turn(NamedTuple):
    """One turn where hard could knock, and what each way really scored."""

    stock: int
    deadwood: int
    knocked: bool
    """Whether hard knocked."""
    points: tuple[int, int]
    """Hard's points from the hand, knocking now and playing on."""
    equity: tuple[float, float]
    """Hard's chance of winning the match after each."""
    variants: tuple[bool, ...]
    """Whether each variant player knocks on the same view."""
    reads: tuple[float, ...]
    """What the view says about the opponent, as ``READS`` names them."""
    weighed: tuple[float, float, float, float] | None
    """Hard's own weighing, as its decision weighed it (``HardPlayer.weigh_knock``; match equity): the worth
    of its best knock, of playing on, the margin the knock had to clear, and the share of sampled deals that
    undercut the knock; None outside a match."""


def save(path: str, turns: list[Turn], player: str, opponent: str, matches: int, variants: list[str]) -> None:
    """Write a run's turns to ``path`` (JSON) for ``load``, with what the hard player plays by
    (``policies.plays_by``)."""
    run = {"player": player, "plays_by": plays_by(player), "opponent": opponent, "matches": matches,
           "variants": variants, "turns": [list(turn) for turn in turns]}
    with open(path, "w", encoding="utf-8") as out:
        json.dump(run, out)


def load(paths: Sequence[str]) -> tuple[list[Turn], str, str, int, list[str]]:
    """The turns of runs written by ``save``, pooled, with their player, opponents (joined by commas), matches
    and variants. Pooled runs must have judged the same variants with the same hard player (the same settings,
    not only the same name)."""
    turns: list[Turn] = []
    players: dict[str, str] = {}
    opponents: list[str] = []
    matches, variants = 0, None
    for path in paths:
        with open(path, encoding="utf-8") as source:
            run = json.load(source)
        if variants is not None and run["variants"] != variants:
            raise SystemExit(f"{path} judged other variants ({run['variants']}) than the runs before it ({variants})")
        variants = run["variants"]
        players[run["plays_by"]] = run["player"]
        opponents.append(run["opponent"])
        matches += run["matches"]
        for row in run["turns"]:
            stock, deadwood, knocked, points, equity, chosen, reads, weighed = row
            turns.append(Turn(stock, deadwood, knocked, (points[0], points[1]), (equity[0], equity[1]),
                              tuple(chosen), tuple(reads), None if weighed is None else
                              (weighed[0], weighed[1], weighed[2], weighed[3])))
    if len(players) > 1:
        raise SystemExit(f"the runs played different hard players: {'; '.join(sorted(players))}")
    return turns, next(iter(players.values())), ",".join(opponents), matches, variants or []
