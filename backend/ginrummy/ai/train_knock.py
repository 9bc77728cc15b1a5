"""Training the cfr player's knock table by self-play regret matching (``gin-rummy train-knock``).

Both seats play the cfr player's draws and discards (``baselines/cfr_knock.py``, on card masks) and share one
knock strategy: per abstract state (deadwood after the knock discard, turn bucket, opponent's pile takes), the
probability of knocking. The payoff is the hand's points, zero-sum between the seats.

Why one pass per deal is enough: the draws and discards are deterministic and do not depend on the knock
decisions, so the hand in which nobody knocks (but Gin goes down) is the single spine of the deal's game tree.
Each knock chance along it is a decision node whose "knock" child is a leaf (scored with the engine's
``knock_points`` against the opponent's real hand: the training simulator sees both hands, a player never
does) and whose "play on" child is the rest of the spine. Both actions are therefore evaluated on the same
sampled deal, the play-on value with both players following the current strategy, and the counterfactual
values come out exactly by one backward pass (values) and one forward pass (reach probabilities): chance-
sampled CFR. Regrets are summed over a batch of deals per iteration (the strategy stays fixed within it) and
floored at zero (regret matching+); the average strategy is weighted by each seat's own reach and by the
iteration number, and is what the player plays.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from ginrummy.engine import HOUSE, STOCK_FLOOR, Rules, knock_limit_for, knock_points, optimal_arrangements_of_mask

from .baselines.cfr_knock import TAKE_BUCKETS, TURN_BUCKETS, all_state_keys, choose_discard, state_key, wants_pile_card
from .hand import FULL_DECK

KEYS = all_state_keys()
INDEX = {key: i for i, key in enumerate(KEYS)}


class Node(NamedTuple):
    """A knock chance on the spine of a deal."""

    seat: int
    state: int
    """Index of the abstract state in ``KEYS``."""
    knock_value: int
    """Points of knocking there, from seat 0's side."""


def spine(deck: list[int], starter: int, rules: Rules = HOUSE) -> tuple[list[Node], int]:
    """Play a deal with nobody knocking but for Gin: the knock chances in order, and the points (seat 0's side)
    at the end of the spine (Gin, or 0 when the stock runs down).

    ``deck`` is the shuffled deck as the engine deals it: the starter's 10 cards, the other's 10, the upcard,
    then the stock in drawing order. The moves are the cfr player's, made from what each seat's view holds.
    """
    hands = [0, 0]
    hands[starter] = sum(1 << c for c in deck[:10])
    hands[1 - starter] = sum(1 << c for c in deck[10:20])
    top = deck[20]
    stock = deck[21:]
    limit = knock_limit_for(rules, top % 13)
    pile = 1 << top
    known = [0, 0]  # cards each seat took from the pile and still holds: the other seat knows them
    thrown = [0, 0]
    takes = [0, 0]
    draws = position = 0
    taker = next((s for s in (starter, 1 - starter) if wants_pile_card(hands[s], top, limit)), None)
    turn = starter if taker is None else taker
    first = True
    nodes: list[Node] = []
    while True:
        seat = turn
        hand = hands[seat]
        take = (taker is not None) if first else not thrown[seat] >> top & 1 and wants_pile_card(hand, top, limit)
        first = False
        if take:
            hand |= 1 << top
            pile &= ~(1 << top)
            known[seat] |= 1 << top
            takes[seat] += 1
            taken = top
        else:
            hand |= 1 << stock[position]
            position += 1
            taken = -1
        draws += 1
        left, card = choose_discard(hand, taken, FULL_DECK & ~(hand | pile | known[1 - seat]), limit)
        hand &= ~(1 << card)
        hands[seat] = hand
        if left <= limit:
            points = knock_points(optimal_arrangements_of_mask(hand), hands[1 - seat], rules)
            if seat == 1:
                points = -points
            if left == 0:
                return nodes, points
            nodes.append(Node(seat, INDEX[state_key(left, draws, takes[1 - seat])], points))
        top = card
        pile |= 1 << card
        known[seat] &= ~(1 << card)
        thrown[seat] |= 1 << card
        if len(stock) - position <= STOCK_FLOOR:
            return nodes, 0
        turn = 1 - seat


class Sums:
    """What one iteration gathers per state: counterfactual regrets of knocking and of playing on, and the
    deciding seat's own reach times each action's probability (for the average strategy)."""

    def __init__(self, size: int) -> None:
        self.regret_knock = [0.0] * size
        self.regret_on = [0.0] * size
        self.reach_knock = [0.0] * size
        self.reach_on = [0.0] * size

    def add(self, nodes: list[Node], end: int, knock: list[float]) -> None:
        """Add one deal's spine under the strategy ``knock`` (probability of knocking per state)."""
        values = [0.0] * (len(nodes) + 1)  # from seat 0's side: the value of reaching each node, under ``knock``
        values[-1] = end
        for k in range(len(nodes) - 1, -1, -1):
            p = knock[nodes[k].state]
            values[k] = p * nodes[k].knock_value + (1 - p) * values[k + 1]
        reach = [1.0, 1.0]
        for k, node in enumerate(nodes):
            seat, state = node.seat, node.state
            side = 1 if seat == 0 else -1
            p = knock[state]
            other = reach[1 - seat]
            here = side * values[k]
            self.regret_knock[state] += other * (side * node.knock_value - here)
            self.regret_on[state] += other * (side * values[k + 1] - here)
            self.reach_knock[state] += reach[seat] * p
            self.reach_on[state] += reach[seat] * (1 - p)
            reach[seat] *= 1 - p


class Trainer:
    """Regret matching+ over the knock states, with the iteration-weighted average strategy."""

    def __init__(self, seed: int, rules: Rules = HOUSE) -> None:
        self.rng = random.Random(seed)
        self.rules = rules
        size = len(KEYS)
        self.regret_knock = [0.0] * size
        self.regret_on = [0.0] * size
        self.average_knock = [0.0] * size
        self.average_on = [0.0] * size
        self.strategy = [0.5] * size
        self.iterations = 0

    def iterate(self, deals: int) -> None:
        """One iteration: ``deals`` sampled deals under the current strategy, then the regret and average
        updates."""
        sums = Sums(len(KEYS))
        deck = list(range(52))
        for _ in range(deals):
            self.rng.shuffle(deck)
            nodes, end = spine(deck, self.rng.randrange(2), self.rules)
            sums.add(nodes, end, self.strategy)
        self.iterations += 1
        t = self.iterations
        for i in range(len(KEYS)):
            self.average_knock[i] += t * sums.reach_knock[i]
            self.average_on[i] += t * sums.reach_on[i]
            knock = self.regret_knock[i] = max(0.0, self.regret_knock[i] + sums.regret_knock[i])
            on = self.regret_on[i] = max(0.0, self.regret_on[i] + sums.regret_on[i])
            self.strategy[i] = knock / (knock + on) if knock + on > 0 else 0.5

    def average(self) -> dict[str, float]:
        """The average strategy: probability of knocking per state (one half where a state was never reached)."""
        return {key: (k / (k + o) if k + o > 0 else 0.5)
                for key, k, o in zip(KEYS, self.average_knock, self.average_on, strict=True)}


def train(iterations: int, deals: int, seed: int, report: Callable[[int, dict[str, float]], None] | None = None,
          report_every: int = 0) -> dict[str, float]:
    """Train for ``iterations`` iterations of ``deals`` deals each; the average strategy. ``report`` is called
    with the iteration number and the average so far every ``report_every`` iterations."""
    trainer = Trainer(seed)
    for t in range(1, iterations + 1):
        trainer.iterate(deals)
        if report is not None and report_every and t % report_every == 0:
            report(t, trainer.average())
    return trainer.average()


def table_document(table: dict[str, float], iterations: int, deals: int, seed: int, out: str,
                   cpu_seconds: float) -> dict[str, Any]:
    """The JSON document the cfr player loads: the table and how it was made (``cpu_seconds``: the training's
    processor time, which unlike the wall clock does not depend on what else the machine runs)."""
    return {
        "description": "Probability that the cfr player knocks (with deadwood 1-10 after the knock discard), per "
                       "abstract state 'd<deadwood> t<draws so far> o<opponent's pile takes>': the average "
                       "strategy of self-play regret matching+ (ginrummy/ai/train_knock.py).",
        "command": f"gin-rummy train-knock --iterations {iterations} --deals {deals} --seed {seed} --out {out}",
        "iterations": iterations,
        "deals_per_iteration": deals,
        "seed": seed,
        "cpu_seconds": round(cpu_seconds, 1),
        "turn_buckets": list(TURN_BUCKETS),
        "opponent_take_buckets": list(TAKE_BUCKETS),
        "knock_probability": {key: round(p, 4) for key, p in table.items()},
    }


def main(argv: list[str] | None = None) -> int:
    """The ``gin-rummy train-knock`` command."""
    parser = argparse.ArgumentParser(prog="gin-rummy train-knock",
                                     description="Train the cfr player's knock table by self-play regret matching.")
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--deals", type=int, default=250, help="deals per iteration (the strategy is fixed within)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True, help="where to write the table (JSON)")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    started = time.monotonic()
    started_cpu = time.process_time()
    previous: dict[str, float] = {}

    def progress(t: int, average: dict[str, float]) -> None:
        moved = max((abs(average[k] - previous[k]) for k in average), default=1.0) if previous else 1.0
        previous.update(average)
        print(f"iteration {t}/{args.iterations}: {time.monotonic() - started:.0f}s, largest change of the "
              f"average strategy since the last line {moved:.3f}", file=sys.stderr)

    table = train(args.iterations, args.deals, args.seed, None if args.quiet else progress,
                  max(1, args.iterations // 10))
    document = table_document(table, args.iterations, args.deals, args.seed, args.out,
                              time.process_time() - started_cpu)
    Path(args.out).write_text(json.dumps(document, indent=1) + "\n")
    print(f"wrote {args.out}: {len(table)} states, {args.iterations} iterations of {args.deals} deals "
          f"in {time.monotonic() - started:.0f}s")
    return 0
