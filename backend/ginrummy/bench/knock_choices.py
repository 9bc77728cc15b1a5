"""The hard player's knock decisions against what really followed: at each turn where it could knock (without
Gin), the game is played on both ways from the real deal, the real stock and the real opponent hand, by
copies of the two players themselves: once knocking now, once discarding what hard throws when it plays on
and playing the hand out. Each turn then has the points (and the match equity: the chance of winning the
match the result leaves) of knocking and of playing on, and the bench can say what hard's choices were worth
against always playing on, always knocking, and against the choices of other players on the very same turns.

Paired like this, two knock rules differ only on the turns where they choose differently, so a few hundred
matches tell apart rules an arena needs thousands of matches for. A rule is judged one turn at a time: the
hand goes on with hard's own play after that turn, whatever the rule. A knock is scored with hard's card
when hard knocks, else with its least-deadwood knock. Last, the bench says which readings of the view go with
knocking paying off beyond what the stock left and the deadwood say (``READS``): a read of the opponent that
tells good knocks from bad ones shows there. And it sets hard's own weighing of each turn (the worth of its best
knock and of playing on, from the same random stream as its choice) against what really followed, and fits
the knock margin (``HardPlayer.knock_margin_read``) that would have chosen best on these turns, printed as a
player to judge with ``--variant`` on other seeds.

Run: ``gin-rummy bench knock_choices --matches 100 --opponent hard-v2 --seed 5`` (``--variant
'hard(knock_samples=96)'``, repeatable, adds a paired row for that player's choices; ``--workers N``). To fit
the margin on several opponents at once, ``--save PATH`` writes a run's turns, and ``--load PATH,PATH`` reports
on (and fits) the saved runs' turns pooled, without playing.
"""

from __future__ import annotations

import argparse
import copy
import math
import multiprocessing
from collections import defaultdict
from collections.abc import Sequence

from ginrummy.ai import Player, make_player, play
from ginrummy.ai.hard import HardPlayer
from ginrummy.ai.match_equity import match_equity
from ginrummy.ai.rollout import score_knock
from ginrummy.engine import (
    HOUSE,
    RANK_VALUES,
    ActionKind,
    Card,
    DiscardOption,
    GameState,
    View,
    apply,
    discard,
    knock,
    mask_of,
    new_game,
)

from .inference import STAGES, stock_stage
from .knock_turns import Turn, load, save

DEADWOOD = ("1-3", "4-6", "7-10")
"""Deadwood groups of the table: the least deadwood hard could knock with."""


READS = ("hard's undercut estimate", "opponent's discards this hand", "opponent's pile takes this hand",
         "value of its last three discards")
"""Readings of the view whose link with what knocking is worth the bench measures: hard's estimate of the
undercut its least-deadwood knock would suffer (the share of its sampled deals that undercut it), and three
plain counts a player sees."""


def _reads(hard: HardPlayer, view: View, knock_card: Card) -> tuple[float, ...]:
    opponent = view.opponent
    worlds = hard.worlds(view, hard.knowledge(view))
    mine = mask_of([c for c in view.hand if c != knock_card])
    undercut = sum(1 for world in worlds if score_knock(mine, world.opponent, view.rules) < 0) / len(worlds)
    recent = view.discards[opponent][-3:]
    value = sum(RANK_VALUES[c.rank] for c in recent) / len(recent) if recent else 0.0
    return undercut, len(view.discards[opponent]), len(view.pile_takes[opponent]), value


def _hand_points(state: GameState, seat: int) -> int:
    last = state.history[-1]
    if last.winner is None:
        return 0
    return last.points if last.winner == seat else -last.points


def _play_hand_out(state: GameState, players: dict[int, Player], seat: int) -> int:
    """Points for ``seat`` when copies of ``players`` play the hand out from ``state``."""
    copies = {s: copy.deepcopy(p) for s, p in players.items()}
    return _hand_points(play(state, copies), seat)


def _read_turn(state: GameState, view: View, players: dict[int, Player], variants: list[str],
               seed: int) -> Turn | None:
    seat = view.seat
    options = view.legal_discards
    knockable = [o for o in options if o.can_knock]
    if not knockable or any(o.gin for o in options):
        return None
    hard = players[seat]
    assert isinstance(hard, HardPlayer)
    choice = copy.deepcopy(hard).choose(view)
    knocked = choice.kind == ActionKind.KNOCK
    card = choice.card if knocked and choice.card is not None else min(knockable, key=lambda o: o.deadwood).card
    knocking = _hand_points(apply(state, knock(seat, card))[0], seat)
    playing_on = _play_hand_out(apply(state, discard(seat, copy.deepcopy(hard).play_on_discard(view)))[0],
                                players, seat)
    equity = match_equity(view)
    worth = (equity.after(knocking), equity.after(playing_on)) if equity else (0.0, 0.0)
    chosen = tuple(make_player(spec, seed + i).choose(view).kind == ActionKind.KNOCK
                   for i, spec in enumerate(variants))
    least = min(knockable, key=lambda o: o.deadwood)
    return Turn(view.stock_count, least.deadwood, knocked, (knocking, playing_on), worth, chosen,
                _reads(copy.deepcopy(hard), view, least.card), _weighed(copy.deepcopy(hard), view, knockable))


def _weighed(hard: HardPlayer, view: View, knockable: list[DiscardOption]
             ) -> tuple[float, float, float, float] | None:
    """Hard's worth of knocking and of playing on at this turn, drawn from the same random stream as its choice
    (``hard`` is a copy)."""
    card = hard.play_on_discard(view)
    weighed = hard.weigh_knock(view, hard.knowledge(view), knockable, card)
    if weighed.by_points or weighed.play_on is None:
        return None
    return weighed.worth, weighed.play_on, weighed.margin, weighed.undercut


def read_match(job: tuple[str, str, list[str], int, int]) -> list[Turn]:
    """One match of ``player`` (a hard player) against ``opponent``; the turns where it could knock."""
    player, opponent, variants, seed, match = job
    hard_seat = match % 2
    players: dict[int, Player] = {hard_seat: make_player(player, seed * 7919 + match),
                                  1 - hard_seat: make_player(opponent, seed * 7919 + match + 1)}
    if not isinstance(players[hard_seat], HardPlayer):
        raise ValueError("the player must be a hard player")
    turns: list[Turn] = []

    def turn(state: GameState, seat: int, view: View) -> None:
        if seat == hard_seat and view.discard_options:
            read = _read_turn(state, view, players, variants, seed * 1_000_003 + match * 101 + len(turns))
            if read is not None:
                turns.append(read)

    play(new_game(HOUSE, seed * 1_000_003 + match), players, deal_as=0, on_turn=turn)
    return turns


def _mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


def _group(turn: Turn) -> tuple[int, int]:
    return stock_stage(turn.stock), 0 if turn.deadwood <= 3 else 1 if turn.deadwood <= 6 else 2


def report(turns: list[Turn], player: str, opponent: str, matches: int, variants: list[str]) -> list[str]:
    """The tables, as printed."""
    lines = [f"{player} against {opponent}, {matches} matches: {len(turns)} turns where it could knock"]
    if not turns:
        return lines
    lines.append("by stock left and least deadwood: turns, hard knocked, mean points knocking / playing on / "
                 "of hard's choice, knocking did better")
    groups: dict[tuple[int, int], list[Turn]] = defaultdict(list)
    for turn in turns:
        groups[_group(turn)].append(turn)
    for (stage, deadwood), group in sorted(groups.items()):
        n = len(group)
        knocks = sum(t.knocked for t in group)
        knocking = sum(t.points[0] for t in group) / n
        playing_on = sum(t.points[1] for t in group) / n
        chosen = sum(t.points[0] if t.knocked else t.points[1] for t in group) / n
        better = sum(t.points[0] > t.points[1] for t in group) / n
        lines.append(f"  {STAGES[stage]:<11} deadwood {DEADWOOD[deadwood]:<5} {n:5}  {100 * knocks / n:5.1f}%  "
                     f"{knocking:+7.2f} / {playing_on:+7.2f} / {chosen:+7.2f}  {100 * better:5.1f}%")
    lines.append("a rule's worth a turn against hard's choices (points, match equity in percentage points; "
                 "± one standard error, paired on the same turns)")
    rules: list[tuple[str, list[bool]]] = [("always play on", [False] * len(turns)),
                                           ("always knock", [True] * len(turns))]
    rules += [(spec, [t.variants[i] for t in turns]) for i, spec in enumerate(variants)]
    for name, choices in rules:
        points = [(t.points[0] if k else t.points[1]) - (t.points[0] if t.knocked else t.points[1])
                  for t, k in zip(turns, choices, strict=True)]
        equity = [100 * ((t.equity[0] if k else t.equity[1]) - (t.equity[0] if t.knocked else t.equity[1]))
                  for t, k in zip(turns, choices, strict=True)]
        (p, pe), (e, ee) = _mean_and_error(points), _mean_and_error(equity)
        lines.append(f"  {name:<36} knocks {100 * sum(choices) / len(turns):5.1f}%  points {p:+6.2f} ± {pe:.2f}  "
                     f"equity {e:+6.3f} ± {ee:.3f}")
    lines.append("what tells the turns apart: correlation of a reading with knocking's points less playing on's, "
                 "within the groups above (± two standard errors)")
    for i, name in enumerate(READS):
        lines.append(f"  {name:<36} {_within_groups_correlation(turns, i):+.3f}  (± {2 / math.sqrt(len(turns)):.3f})")
    return lines + _weighing_report(turns)


def _weighing_report(turns: list[Turn]) -> list[str]:
    """Hard's own worth of knocking and of playing on against what each really left, and the knock margin
    (``HardPlayer.knock_margin_read``) that fits these turns best."""
    weighed = [t for t in turns if t.weighed is not None]
    if len(weighed) < 10:
        return []
    lines = ["hard's weighing against what followed (chance of winning the match, %): knocking weighed / real, "
             "playing on weighed / real"]
    groups: dict[tuple[int, int], list[Turn]] = defaultdict(list)
    for turn in weighed:
        groups[_group(turn)].append(turn)
    for (stage, deadwood), group in sorted(groups.items()):
        n = len(group)
        sums = [(w[0], t.equity[0], w[1], t.equity[1]) for t in group if (w := t.weighed) is not None]
        parts = [100 * sum(row[i] for row in sums) / n for i in range(4)]
        lines.append(f"  {STAGES[stage]:<11} deadwood {DEADWOOD[deadwood]:<5} {n:5}  "
                     f"{parts[0]:5.1f} / {parts[1]:5.1f}   {parts[2]:5.1f} / {parts[3]:5.1f}")
    rows = [(1.0, w[0] - w[1], w[3], t.reads[2], t.reads[3]) for t in weighed if (w := t.weighed) is not None]
    intercept, slope, undercut, piles, throws = least_squares(rows, [t.equity[0] - t.equity[1] for t in weighed])
    if slope <= 0:
        return lines
    spec = (f"hard(knock_edge={-intercept / slope:.4f},undercut_lean={-undercut / slope:.4f},"
            f"pile_take_lean={-piles / slope:.4f},throw_lean={throws / slope:.4f})")
    lines.append(f"the knock margin that fits these turns best (least squares; judge it on other seeds with "
                 f"--variant): {spec}")
    return lines


def least_squares(rows: Sequence[Sequence[float]], ys: Sequence[float]) -> list[float]:
    """The coefficients that fit ``ys`` best as sums of ``rows``' columns, by the normal equations."""
    k = len(rows[0])
    matrix = [[sum(r[i] * r[j] for r in rows) for j in range(k)]
              + [sum(r[i] * y for r, y in zip(rows, ys, strict=True))] for i in range(k)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(matrix[r][col]))
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        if not matrix[col][col]:
            return [0.0] * k
        for r in range(k):
            if r != col:
                factor = matrix[r][col] / matrix[col][col]
                matrix[r] = [a - factor * b for a, b in zip(matrix[r], matrix[col], strict=True)]
    return [matrix[i][k] / matrix[i][i] for i in range(k)]


def _within_groups_correlation(turns: list[Turn], read: int) -> float:
    """Correlation of reading ``read`` with knocking's points less playing on's, each taken from its group's
    mean (so that the stock left and the deadwood, which the table shows, do not count)."""
    groups: dict[tuple[int, int], list[Turn]] = defaultdict(list)
    for turn in turns:
        groups[_group(turn)].append(turn)
    xs: list[float] = []
    ys: list[float] = []
    for group in groups.values():
        x_mean = sum(t.reads[read] for t in group) / len(group)
        y_mean = sum(t.points[0] - t.points[1] for t in group) / len(group)
        xs += [t.reads[read] - x_mean for t in group]
        ys += [t.points[0] - t.points[1] - y_mean for t in group]
    spread = math.sqrt(sum(x * x for x in xs) * sum(y * y for y in ys))
    return sum(x * y for x, y in zip(xs, ys, strict=True)) / spread if spread else 0.0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--opponent", default="hard-v2")
    parser.add_argument("--player", default="hard", help="a hard player, with options")
    parser.add_argument("--variant", action="append", default=[], help="another player whose knock choices "
                        "are judged on the same turns (repeatable)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--save", metavar="PATH", help="write this run's turns to PATH (JSON)")
    parser.add_argument("--load", metavar="PATHS", help="comma-separated files written by --save: report on "
                        "their turns, pooled, instead of playing")
    args = parser.parse_args(argv)
    if args.load:
        print("\n".join(report(*load(args.load.split(",")))))
        return
    jobs = [(args.player, args.opponent, args.variant, args.seed, match) for match in range(args.matches)]
    turns: list[Turn] = []
    if args.workers > 1:
        with multiprocessing.get_context("fork").Pool(args.workers) as pool:
            for read in pool.imap(read_match, jobs):
                turns += read
    else:
        for job in jobs:
            turns += read_match(job)
    if args.save:
        save(args.save, turns, args.player, args.opponent, args.matches, args.variant)
    print("\n".join(report(turns, args.player, args.opponent, args.matches, args.variant)))


if __name__ == "__main__":
    main()
