"""Engine speed: meld search on 10 and 11 cards, and complete hands per second on one core.

Run: ``gin-rummy bench engine`` (or ``python -m ginrummy.bench.engine``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from ginrummy.engine import HOUSE, Action, GameState, Phase, apply, new_game
from ginrummy.engine.actions import ActionKind, discard, draw, knock, next_hand, pass_upcard, take_upcard
from ginrummy.engine.cards import CARDS, RANK_VALUES, mask_of
from ginrummy.engine.melds import (
    cached_discard_deadwoods,
    deadwood_of_mask,
    discard_deadwoods_of_mask,
    least_discard_deadwood_of_mask,
    optimal_arrangements_of_mask,
)


def _median_us(function: Callable[[int], object], hands: list[int], repeat: int = 3) -> float:
    """Median time of one call, over every hand, best of ``repeat`` rounds (to shed scheduler noise)."""
    clock = time.perf_counter_ns
    best = float("inf")
    for _ in range(repeat):
        samples = []
        for mask in hands:
            start = clock()
            function(mask)
            samples.append(clock() - start)
        best = min(best, statistics.median(samples))
    return best / 1000


def simple_policy(state: GameState) -> Action:
    """Two-line players for the throughput figure: take the upcard if it lowers deadwood (it joins a meld),
    discard the highest card among those leaving the least deadwood, knock at the first chance."""
    hand = state.hand
    seat = hand.turn
    mine = mask_of(hand.hands[seat])
    if hand.phase in (Phase.FIRST_UPCARD, Phase.DRAW):
        top = hand.discard[-1]
        forced = hand.phase == Phase.DRAW and hand.passes == 2 and hand.draws == 0
        # Plain (uncached) searches: these hands are almost never seen twice, so a cache only adds work.
        if not forced and deadwood_of_mask(mine | 1 << top) < deadwood_of_mask(mine) + top.value:
            return take_upcard(seat) if hand.phase == Phase.FIRST_UPCARD else draw(seat, "discard")
        return pass_upcard(seat) if hand.phase == Phase.FIRST_UPCARD else draw(seat, "stock")
    taken = hand.taken
    left, card, value = 1000, -1, -1
    for option, remaining in cached_discard_deadwoods(mine).items():
        if (remaining < left or (remaining == left and RANK_VALUES[option % 13] > value)) and option != taken:
            left, card, value = remaining, option, RANK_VALUES[option % 13]
    return knock(seat, CARDS[card]) if left <= hand.knock_limit else discard(seat, CARDS[card])


def hands_per_second(seconds: float, seed: int) -> tuple[float, dict[str, int]]:
    outcomes: dict[str, int] = {}
    hands = 0
    match = seed
    state = new_game(HOUSE, match)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        phase = state.hand.phase
        if phase == Phase.MATCH_OVER or phase == Phase.HAND_OVER:
            result = state.hand.result
            assert result is not None
            outcomes[result.outcome] = outcomes.get(result.outcome, 0) + 1
            hands += 1
            if phase == Phase.MATCH_OVER:
                match += 1
                state = new_game(HOUSE, match)
            else:
                state, _ = apply(state, next_hand(0))
            continue
        action = simple_policy(state)
        assert action.kind != ActionKind.NEXT_HAND
        state, _ = apply(state, action)
    return hands / (time.perf_counter() - start), outcomes


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20000, help="random hands per meld-search figure")
    parser.add_argument("--seconds", type=float, default=10.0, help="how long to play hands")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    ten = [mask_of(rng.sample(range(52), 10)) for _ in range(args.hands)]
    eleven = [mask_of(rng.sample(range(52), 11)) for _ in range(args.hands)]
    print(f"meld search, median of {args.hands} random hands (uncached, best of 3 rounds):")
    print(f"  best deadwood, 10 cards              {_median_us(deadwood_of_mask, ten):7.2f} µs")
    print(f"  best deadwood, 11 cards              {_median_us(deadwood_of_mask, eleven):7.2f} µs")
    print(f"  every discard of 11 cards (knock/Gin){_median_us(discard_deadwoods_of_mask, eleven):7.2f} µs")
    print(f"  best discard only, 11 cards          {_median_us(least_discard_deadwood_of_mask, eleven):7.2f} µs")
    print(f"  best arrangement with melds, 10 cards{_median_us(optimal_arrangements_of_mask, ten):7.2f} µs")
    rate, outcomes = hands_per_second(args.seconds, args.seed)
    total = sum(outcomes.values())
    mix = ", ".join(f"{k} {100 * v / total:.1f}%" for k, v in sorted(outcomes.items()))
    print(f"complete hands, two simple players, one core: {rate:,.0f} hands/s ({total} hands: {mix})")


if __name__ == "__main__":
    main()
