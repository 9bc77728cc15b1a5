"""Engine speed: meld search on 10 and 11 cards, and complete hands per second on one core.

Run: ``gin-rummy bench engine`` (or ``python -m ginrummy.bench.engine``).

Side by side with the references, each measured in this run on the same machine:
- OpenSpiel's C++ meld search (``GinRummyUtils.min_deadwood``) on the same hands, when ``pyspiel`` can be
  imported (``pip install open_spiel``); otherwise the figures last measured are printed, marked as such.
- The EAAI challenge's Java framework, two ``SimpleGinRummyPlayer`` playing through its own game loop
  (``GinRummyGame.play``), with ``--java-reference DIR``. DIR holds the framework's compiled classes and a
  class ``HandsPerSecond`` that, for each number of seconds read from its standard input, plays whole games
  that long and prints one line ``HANDS SECONDS`` (a hand counted each time the framework reports its
  scores). The bench keeps one Java process (so its JIT stays warm) and alternates rounds: ours, then Java,
  ``--rounds`` times, and prints both rates and their ratio with its spread over the rounds.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ginrummy.ai.hand import joins_a_meld
from ginrummy.engine import (
    CARDS,
    HOUSE,
    Action,
    ActionKind,
    GameState,
    Phase,
    apply,
    best_discard_of_mask,
    deadwood_of_mask,
    discard,
    discard_deadwoods_of_mask,
    draw,
    knock,
    least_discard_deadwood_of_mask,
    mask_of,
    new_game,
    next_hand,
    optimal_arrangements_of_mask,
    pass_upcard,
    take_upcard,
)

LAST_JAVA_HANDS_PER_SECOND = 4685
"""The EAAI Java reference's rate when last measured side by side on the project's machine, its JIT warm
(printed when it cannot run); it varies from one JVM launch to the next, 4,600 to 5,200 there. From a cold
start it manages about half that in its first seconds."""
LAST_OPENSPIEL_US = {"10": (0.91, 1.16), "11": (1.28, 1.38)}
"""OpenSpiel's min_deadwood when last measured, µs: (random hands, hands with a rank held 3+ times), by size."""

_FIRST_UPCARD, _DISCARD_PHASE, _MATCH_OVER = Phase.FIRST_UPCARD, Phase.DISCARD, Phase.MATCH_OVER
_TAKE_UPCARD = ActionKind.TAKE_UPCARD
_OVER = frozenset((Phase.HAND_OVER, Phase.MATCH_OVER))


# --- meld search ------------------------------------------------------------------------------------------

def _median_us(function: Callable[[Any], object], hands: Sequence[Any], repeat: int = 3) -> float:
    """Median time of one call, over every hand, best of ``repeat`` rounds (to shed scheduler noise)."""
    clock = time.perf_counter_ns
    best = float("inf")
    for _ in range(repeat):
        samples = []
        for hand in hands:
            start = clock()
            function(hand)
            samples.append(clock() - start)
        best = min(best, statistics.median(samples))
    return best / 1000


def _deals(rng: random.Random, count: int, size: int, with_set: bool) -> list[list[int]]:
    """Random hands of ``size`` cards; with ``with_set``, only hands holding some rank three or four times."""
    hands: list[list[int]] = []
    while len(hands) < count:
        cards = rng.sample(range(52), size)
        if not with_set or any(sum(1 for c in cards if c % 13 == rank) >= 3 for rank in range(13)):
            hands.append(cards)
    return hands


def _openspiel_min_deadwood() -> Callable[[list[int]], int] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    function: Callable[[list[int]], int] = utils.min_deadwood
    return function


def meld_figures(count: int, seed: int) -> None:
    rng = random.Random(seed)
    deals = {(size, with_set): _deals(rng, count, size, with_set) for size in (10, 11) for with_set in (False, True)}
    masks = {key: [mask_of(cards) for cards in hands] for key, hands in deals.items()}
    openspiel = _openspiel_min_deadwood()
    source = "OpenSpiel C++ (same hands)" if openspiel else "OpenSpiel C++ (last measured)"
    print(f"meld search, median µs over {count} random hands (uncached, best of 3 rounds):")
    print(f"  {'':38s}{'any hand':>9s}{'a rank 3+':>11s}   {source}")
    rows: list[tuple[str, Callable[[int], object], int, bool]] = [
        ("best deadwood, 10 cards", deadwood_of_mask, 10, True),
        ("best deadwood, 11 cards", deadwood_of_mask, 11, False),
        ("best discard only, 11 cards", least_discard_deadwood_of_mask, 11, True),
        ("every discard of 11 cards (knock/Gin)", discard_deadwoods_of_mask, 11, False),
        ("best arrangement with melds, 10 cards", optimal_arrangements_of_mask, 10, False),
    ]
    for label, function, size, compared in rows:
        ours = [_median_us(function, masks[size, with_set]) for with_set in (False, True)]
        line = f"  {label:38s}{ours[0]:9.2f}{ours[1]:11.2f}"
        if compared:  # OpenSpiel answers these two: least deadwood of 10 cards, after the best discard of 11
            if openspiel:
                theirs = [_median_us(openspiel, deals[size, with_set]) for with_set in (False, True)]
            else:
                theirs = list(LAST_OPENSPIEL_US[str(size)])
            line += (f"   {theirs[0]:5.2f} {theirs[1]:5.2f}"
                     f"  (ours/theirs {ours[0] / theirs[0]:.2f}, {ours[1] / theirs[1]:.2f})")
        print(line)
    if not openspiel:
        print("  (pyspiel is not importable here: the OpenSpiel figures are the last measured)")


# --- complete hands ---------------------------------------------------------------------------------------

def simple_policy(state: GameState, mine: int) -> Action:
    """Two-line players for the throughput figure, reading the state (a seat's view costs more to build than
    the move) and their own hand ``mine`` as a mask: take the face-up card if it lowers deadwood (it joins a
    meld of the best arrangement), discard the card leaving the least deadwood (the highest on ties, never the
    card just taken), knock at the first chance. Taking only what lowers deadwood ends every hand: two players
    taking whatever joins a meld can pass the same cards back and forth for ever."""
    hand = state.hand
    seat = hand.turn
    phase = hand.phase
    if phase == _DISCARD_PHASE:
        left, card = best_discard_of_mask(mine, -1 if hand.taken is None else hand.taken)
        return knock(seat, CARDS[card]) if left <= hand.knock_limit else discard(seat, CARDS[card])
    top = hand.discard[-1]
    # A card that joins no meld is deadwood in every arrangement: only the others need the meld search.
    wanted = joins_a_meld(top, mine) and deadwood_of_mask(mine | 1 << top) < deadwood_of_mask(mine) + top.value
    if phase == _FIRST_UPCARD:
        return take_upcard(seat) if wanted else pass_upcard(seat)
    forced = hand.passes == 2 and hand.draws == 0  # both passed the first upcard: the starter draws blind
    return draw(seat, "discard" if wanted and not forced else "stock")


class HandLoop:
    """Two simple players playing whole matches, hand after hand, through ``apply``.

    Like the EAAI framework's players, each keeps its own hand (as a mask) from what it is dealt and what it
    draws and throws, rather than reading it from the state on every move."""

    def __init__(self, seed: int) -> None:
        self.match = seed
        self.state = new_game(HOUSE, seed)
        self.outcomes: dict[str, int] = {}

    def run(self, seconds: float = float("inf"), hands: int | None = None) -> tuple[int, float]:
        """Play whole hands for about ``seconds``, or ``hands`` of them: (hands finished, seconds taken)."""
        outcomes = self.outcomes
        state = self.state
        masks = [mask_of(cards) for cards in state.hand.hands]
        done = 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            phase = state.hand.phase
            if phase in _OVER:
                result = state.hand.result
                assert result is not None
                outcomes[result.outcome] = outcomes.get(result.outcome, 0) + 1
                done += 1
                if phase == _MATCH_OVER:
                    self.match += 1
                    state = new_game(HOUSE, self.match)
                else:
                    state, _ = apply(state, next_hand(0))
                masks = [mask_of(cards) for cards in state.hand.hands]
                if done == hands or time.perf_counter() >= deadline:
                    break
                continue
            seat = state.hand.turn
            action = simple_policy(state, masks[seat])
            state, events = apply(state, action)
            if action.card is not None:  # a discard or knock: the card thrown
                masks[seat] &= ~(1 << action.card)
            elif phase != _FIRST_UPCARD or action.kind == _TAKE_UPCARD:  # a draw: its event names the card
                card = events[0].card
                assert card is not None
                masks[seat] |= 1 << card
        self.state = state
        return done, time.perf_counter() - start


def hands_per_second(seconds: float, seed: int) -> tuple[float, dict[str, int]]:
    loop = HandLoop(seed)
    hands, took = loop.run(seconds)
    return hands / took, loop.outcomes


class JavaReference:
    """The EAAI framework's hand loop in one Java process, run a number of seconds at a time."""

    def __init__(self, classes: Path) -> None:
        self.process = subprocess.Popen(["java", "-cp", str(classes), "HandsPerSecond"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)

    def run(self, seconds: float) -> tuple[int, float]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{seconds}\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline().split()
        if len(line) != 2:
            raise RuntimeError("the Java reference did not answer with HANDS SECONDS")
        return int(line[0]), float(line[1])

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)


def _java_problem(classes: Path | None) -> str | None:
    if classes is None:
        return "no --java-reference given"
    if shutil.which("java") is None:
        return "java is not installed"
    if not (classes / "HandsPerSecond.class").is_file() or not (classes / "ginrummy").is_dir():
        return f"{classes} does not hold HandsPerSecond.class and the ginrummy package"
    return None


def _spread(values: list[float]) -> str:
    return f"median {statistics.median(values):,.2f}, min {min(values):,.2f}, max {max(values):,.2f}"


def hand_figures(seconds: float, rounds: int, seed: int, classes: Path | None) -> None:
    loop = HandLoop(seed)
    problem = _java_problem(classes)
    java = JavaReference(classes) if classes is not None and problem is None else None
    ours: list[float] = []
    theirs: list[float] = []
    try:
        loop.run(min(2.0, seconds))  # warm the caches; the Java side warms its JIT likewise
        loop.outcomes.clear()
        if java:
            java.run(6.0)
        for round_number in range(1, rounds + 1):
            hands, took = loop.run(seconds)
            ours.append(hands / took)
            line = f"  round {round_number}: ours {hands / took:7,.0f} hands/s"
            if java:
                hands, took = java.run(seconds)
                theirs.append(hands / took)
                line += f"   EAAI Java {hands / took:7,.0f} hands/s   ours/Java {ours[-1] / theirs[-1]:.2f}"
            print(line)
    finally:
        if java:
            java.close()
    total = sum(loop.outcomes.values())
    mix = ", ".join(f"{k} {100 * v / total:.1f}%" for k, v in sorted(loop.outcomes.items()))
    print(f"complete hands, two simple players, one core: {statistics.median(ours):,.0f} hands/s "
          f"(median of {rounds} round{'s' if rounds > 1 else ''} of {seconds:g} s, min {min(ours):,.0f}, "
          f"max {max(ours):,.0f}; {total} hands: {mix})")
    if java:
        ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
        print(f"EAAI Java reference, two SimpleGinRummyPlayer, same rounds: {statistics.median(theirs):,.0f} hands/s "
              f"(min {min(theirs):,.0f}, max {max(theirs):,.0f})")
        print(f"ours/Java per round: {_spread(ratios)}")
    else:
        print(f"EAAI Java reference: not run ({problem}); last measured {LAST_JAVA_HANDS_PER_SECOND:,} hands/s, "
              f"ours/Java {statistics.median(ours) / LAST_JAVA_HANDS_PER_SECOND:.2f} against that figure")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=20000, help="random hands per meld-search figure")
    parser.add_argument("--seconds", type=float, default=10.0, help="how long each round plays hands")
    parser.add_argument("--rounds", type=int, default=None,
                        help="rounds of hands (alternating with Java when given); default 1, or 5 with Java")
    parser.add_argument("--java-reference", type=Path, default=None, metavar="DIR",
                        help="compiled EAAI framework with its HandsPerSecond class, to run side by side")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-melds", action="store_true", help="skip the meld-search figures")
    args = parser.parse_args(argv)
    if not args.no_melds:
        meld_figures(args.hands, args.seed)
    rounds = args.rounds if args.rounds is not None else (5 if args.java_reference else 1)
    hand_figures(args.seconds, rounds, args.seed, args.java_reference)


if __name__ == "__main__":
    main()
