"""Weighing a knock without Gin for the hard player: knock now, or play on?

Over deals sampled from the seat's view (``sampling.worlds``), each knock the seat could make is scored as the
showdown would score it (layoffs and undercuts included), and playing on is valued by playouts of the rest of
the hand on the same deals, two ways: knocking at the next chance, or holding out for Gin (and for an undercut,
should the opponent knock first); the better of the two counts. Each sampled result counts by the chance of
winning the match it leaves (``match_equity``). A knock must then beat playing on by a margin read from what
the opponent showed beyond the sampled deals (``knock_margin_read``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ginrummy.engine import (
    RANK_VALUES,
    Card,
    DiscardOption,
    View,
    knock_points,
    mask_of,
    optimal_arrangements_of_mask,
)

from .hard_settings import HardSettings
from .match_equity import MatchEquity, match_equity
from .rollout import playout
from .sampling import World


class KnockWeighing(NamedTuple):
    """What the hard player weighs at a turn where it could knock without Gin."""

    option: DiscardOption
    """Its best knock."""
    worth: float
    """That knock's worth over the sampled deals (``_worth``: match equity, or points)."""
    points: float
    """Its mean points over them."""
    undercut: float
    """The share of them that undercut it."""
    by_points: bool
    """Whether worth is in points (no match target to win): a knock must then also be worth more than
    ``knock_margin`` points."""
    play_on: float | None
    """The worth of playing on instead (None: not weighed by playouts)."""
    margin: float
    """How much more than playing on the knock must be worth (``knock_margin_read``)."""


def weigh_knock(view: View, knockable: list[DiscardOption], plain_discard: int, worlds: list[World],
                settings: HardSettings) -> KnockWeighing:
    """What the knock decision weighs at a turn where the seat could knock without Gin: its best knock over
    the sampled deals ``worlds`` (``sampling.worlds``), and (deciding by playouts) the worth of playing on after
    ``plain_discard``."""
    opponents = [world.opponent for world in worlds]
    equity = match_equity(view) if settings.for_the_match else None
    worth = _worth(equity)
    valued = []
    for option in knockable:
        mine = [c for c in view.hand if c != option.card]
        points = _knock_points(mine, opponents, view)
        valued.append((worth(points), sum(points) / len(points), -option.deadwood, option, points))
    value, expected, _, best, points = max(valued, key=lambda v: (v[0], v[1], v[2]))
    undercut = sum(1 for p in points if p < 0) / len(points)
    by_points = equity is None
    if not settings.rollouts or (by_points and expected <= settings.knock_margin):
        return KnockWeighing(best, value, expected, undercut, by_points, None, 0.0)
    return KnockWeighing(best, value, expected, undercut, by_points,
                         _play_on_value(view, worlds, plain_discard, worth, settings.hunt_until),
                         0.0 if by_points else knock_margin_read(view, undercut, settings))


def knock_margin_read(view: View, undercut: float, settings: HardSettings) -> float:
    """How much more match equity than playing on a knock must promise, by what the view says of the
    opponent's hand beyond the sampled deals: ``undercut``, the share of them that undercut the knock; the
    cards it took from the pile this hand (melds it is building); and the mean value of its last three
    throws (a player throwing high cards still holds a loose hand). Fitted on what knocking and playing on
    really brought at the turns hard could knock (``bench knock_choices``)."""
    throws = view.discards[view.opponent][-3:]
    thrown = sum(RANK_VALUES[card % 13] for card in throws) / len(throws) if throws else 0.0
    return (settings.knock_edge + settings.undercut_lean * undercut
            + settings.pile_take_lean * len(view.pile_takes[view.opponent]) - settings.throw_lean * thrown)


def opponent_shows(view: View) -> str:
    """What the opponent has shown this hand that the knock margin reads, in a player's words (short: a hint
    is one sentence)."""
    takes = len(view.pile_takes[view.opponent])
    if not takes:
        return "the opponent's throws"
    return f"the opponent's {takes} pile take{'s' if takes != 1 else ''} and throws"


def _play_on_value(view: View, worlds: list[World], card: int, worth: Callable[[list[int]], float],
                   hunt_until: int) -> float:
    """Worth of discarding ``card`` without knocking and playing the hand out (``worth`` of the points per
    world), in the better of two ways: knocking at the next chance, or holding out for Gin (while more than
    ``hunt_until`` stock cards are left; 0: not weighed)."""
    mine = mask_of(view.hand) & ~(1 << card)
    rules = view.rules
    at_once = [playout([mine, opponent], stock, card, 1, view.knock_limit, rules, opponent_knocks_at=threshold)
               for opponent, stock, threshold in worlds]
    if not hunt_until:
        return worth(at_once)
    holding_out = [playout([mine, opponent], stock, card, 1, view.knock_limit, rules, hunt_until,
                           opponent_knocks_at=threshold) for opponent, stock, threshold in worlds]
    return max(worth(at_once), worth(holding_out))


def _knock_points(mine: list[Card], opponents: list[int], view: View) -> list[int]:
    """Points of knocking with ``mine`` against each sampled hand, scored as the showdown would be
    (``knock_points``: negative when undercut)."""
    arrangements = optimal_arrangements_of_mask(mask_of(mine))
    return [knock_points(arrangements, opponent, view.rules) for opponent in opponents]


def _worth(equity: MatchEquity | None) -> Callable[[list[int]], float]:
    """How a choice's results over the sampled deals (points for us, per deal) are valued: by the mean chance
    of winning the match they leave, or by mean points when the match is not a race to a target."""
    if equity is None:
        return lambda points: sum(points) / len(points)
    return lambda points: sum(equity.after(p) for p in points) / len(points)
