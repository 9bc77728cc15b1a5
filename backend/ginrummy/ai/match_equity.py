"""The chance of winning the match from a score: so that the hard player plays for the match, not the hand.

A knock worth 10 points is worth little when the opponent needs 5 to win and the knock may be undercut, and a lot
when it wins the match. The hard player's look-ahead gives, per sampled deal, the points a choice would score;
here each such result becomes the chance of winning the match after it (``MatchEquity.after``), from a table
of the chance to win from every pair of scores, assuming evenly matched players from there on.

The table comes from how hands end between strong players: ``HAND_POINTS`` counts the points of 2,189 hands
of the hard player against the rest of the opponent population (300 matches, house rules; ``hand_points``
measures it again), the first entry being hands that ended with no score. The chance to win from scores
``(a, b)``, first to ``target``, is then ``W(a, b) = ½ Σ f(x) W(a + x, b) + ½ Σ f(x) W(a, b + x)`` over the
scoring hands' points ``x`` (a hand with no score changes nothing), with ``W = 1`` once ``a`` reaches the
target and ``0`` once ``b`` does.

Only matches decided by who first reaches the target (simple and traditional scoring) are played this way, up
to ``LARGEST_TARGET``; otherwise the player keeps to expected points.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ginrummy.engine import Rules, View

HAND_POINTS: tuple[int, ...] = (
    28, 64, 80, 81, 64, 67, 47, 38, 54, 30, 43, 43, 29, 37, 37, 30, 29, 29, 24, 31,
    21, 6, 26, 24, 16, 103, 157, 116, 92, 103, 81, 65, 73, 45, 43, 29, 23, 32, 22, 19,
    24, 16, 12, 16, 8, 12, 13, 5, 10, 5, 9, 13, 8, 9, 10, 3, 3, 3, 5, 0,
    3, 2, 3, 2, 0, 1, 0, 2, 1, 2, 2, 1, 1, 0, 2, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 1, 1,
)
"""How many of the measured hands scored each number of points (index = points; 0: no score)."""
LARGEST_TARGET = 250
"""The largest target a table is made for (its cost grows with the target squared)."""


@lru_cache(maxsize=8)
def win_table(target: int) -> tuple[tuple[float, ...], ...]:
    """``table[a][b]``: the chance that the player on ``a`` points wins against ``b``, first to ``target``."""
    scoring = [(points, count) for points, count in enumerate(HAND_POINTS) if points and count]
    total = sum(count for _, count in scoring)
    shares = [(points, count / total / 2) for points, count in scoring]
    tail = [0.0] * (target + 1)  # tail[n]: the half-chance that one hand brings n points or more
    for n in range(target + 1):
        tail[n] = sum(share for points, share in shares if points >= n)
    rows: list[list[float]] = [[0.0] * target for _ in range(target)]
    for a in range(target - 1, -1, -1):
        row = rows[a]
        for b in range(target - 1, -1, -1):
            chance = tail[target - a]  # our hand reaches the target
            for points, share in shares:
                if a + points < target:
                    chance += share * rows[a + points][b]
                if b + points < target:
                    chance += share * row[b + points]
            row[b] = chance
    return tuple(tuple(row) for row in rows)


@dataclass(frozen=True)
class MatchEquity:
    """The chance of winning the match for one seat, as the score stands and after a hand's result."""

    mine: int
    theirs: int
    target: int

    def chance(self, mine: int, theirs: int) -> float:
        if mine >= self.target:
            return 1.0
        if theirs >= self.target:
            return 0.0
        return win_table(self.target)[mine][theirs]

    def after(self, points: int) -> float:
        """The chance after a hand that scores ``points`` for the seat (negative: for the opponent)."""
        if points >= 0:
            return self.chance(self.mine + points, self.theirs)
        return self.chance(self.mine, self.theirs - points)


def match_equity(view: View) -> MatchEquity | None:
    """The seat's match equity, or None when the match is not a race to a target this table covers."""
    rules: Rules = view.rules
    if rules.scoring == "hollywood" or rules.target > LARGEST_TARGET:
        return None
    return MatchEquity(view.scores[view.seat], view.scores[view.opponent], rules.target)
