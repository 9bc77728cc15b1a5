"""The scorings (RULES.md): what a hand adds to the score sheet, when the match is won, and the final scores.

Oklahoma's spade upcard doubles a hand, the line bonus adds to every hand won; simple and traditional scoring are
won by the first to the target, traditional adding its box and game bonuses at the end; Hollywood enters each win
in up to three games at once and is won by a majority of them. A new match (``dealing``), the moves (``game``) and
the end of a hand (``hand_end``) ask these functions and the showdown (``knocks``) and record their answers; nothing
else decides a score.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from .cards import Card
from .knocks import KnockResult
from .records import maker
from .rules import Rules
from .wire import Seat, decoder, encoder

SPADES = 3
"""The suit of a first upcard that doubles the hand under Oklahoma with ``oklahoma_spades_double``."""


class HandPoints(NamedTuple):
    """What a hand ended by a knock, Gin or Big Gin adds to its winner's score."""

    points: int
    """The showdown's points, times ``multiplier``, plus ``line_bonus``."""
    multiplier: int
    line_bonus: int


_hand_points = maker(HandPoints)
"""``HandPoints``'s constructor without the class call (``records.maker``): a hand's end is on the engine's
hot path too."""


def hand_points(result: KnockResult, rules: Rules, upcard: Card) -> HandPoints:
    """The points a showdown's winner scores in a hand whose first upcard was ``upcard``: Oklahoma with spades
    doubling doubles the showdown's points on a spade upcard, and the line bonus (simple scoring) is added,
    undoubled, to every hand won. A hand that ends with no knock scores nothing."""
    multiplier = 2 if rules.oklahoma and rules.oklahoma_spades_double and upcard.suit == SPADES else 1
    return _hand_points(result.points * multiplier + rules.line_bonus, multiplier, rules.line_bonus)


@dataclass(frozen=True, slots=True)
class HollywoodGame:
    """One of the games scored at once in Hollywood scoring."""

    scores: tuple[int, int] = (0, 0)
    """Both players' scores in this game, by seat."""
    started: tuple[bool, bool] = (False, False)
    """Whether each player has scored in this game yet (a player's first score opens their column)."""
    winner: Seat | None = None
    """Who won this game; null while it is open."""

    def to_json(self) -> dict[str, Any]:
        return encoder(HollywoodGame)(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HollywoodGame:
        return decoder(HollywoodGame)(data)


def opening_games(rules: Rules) -> tuple[HollywoodGame, ...]:
    """The Hollywood games of a new match's score sheet (none for the other scorings)."""
    return tuple(HollywoodGame() for _ in range(rules.hollywood_games)) if rules.scoring == "hollywood" else ()


HOLLYWOOD_IN_PLAY = 3
"""At most three Hollywood games take scores at once; with five, a later game opens when an earlier one closes."""


def hollywood_reach(games: tuple[HollywoodGame, ...], winner: int, wins: int) -> list[int]:
    """The games (indexes) that ``winner``'s ``wins``-th win of the match is entered in (RULES.md).

    Three games: the k-th win scores in games 1 to k (so the third and later in all three); a closed game
    takes no more points, and a game that closed before the winner scored in it is not counted, so a player
    shut out of a game starts the next one with their next win. Five games: the first three games that have
    not closed are in play, and the k-th win reaches the first k of them (once games 1 and 2 have closed, a
    player with three or more wins scores in games 3, 4 and 5 alike).
    """
    if len(games) > HOLLYWOOD_IN_PLAY:
        in_play = [i for i, game in enumerate(games) if game.winner is None][:HOLLYWOOD_IN_PLAY]
        return in_play[:wins]
    counted = [i for i, game in enumerate(games) if game.winner is None or game.started[winner]]
    return [i for i in counted[:wins] if games[i].winner is None]


def hollywood_score(games: tuple[HollywoodGame, ...], winner: int, wins: int, points: int,
                    target: int) -> tuple[HollywoodGame, ...]:
    """The games after entering a hand's ``points``, won by ``winner`` as its ``wins``-th win of the match,
    in the games ``hollywood_reach`` names; a game closes when a score in it reaches ``target``."""
    updated = list(games)
    for i in hollywood_reach(games, winner, wins):
        game = games[i]
        scores = list(game.scores)
        scores[winner] += points
        started = list(game.started)
        started[winner] = True
        updated[i] = HollywoodGame((scores[0], scores[1]), (started[0], started[1]),
                                   winner if scores[winner] >= target else None)
    return tuple(updated)


class Standing(NamedTuple):
    """The match's score sheet after a hand, and its winner if that hand ended it."""

    scores: tuple[int, int]
    hands_won: tuple[int, int]
    games: tuple[HollywoodGame, ...]
    winner: int | None


_standing = maker(Standing)


def after_hand(rules: Rules, scores: tuple[int, int], hands_won: tuple[int, int], games: tuple[HollywoodGame, ...],
               winner: int | None, points: int) -> Standing:
    """The score sheet after a hand that ``winner`` won for ``points`` (None: the hand scored nothing).

    The points go to the winner's score (in Hollywood, for the record) and to the Hollywood games its win
    reaches. The match is won by a majority of the Hollywood games, or, in simple and traditional scoring, by
    the first to reach the target."""
    if winner is None:
        return _standing(scores, hands_won, games, None)
    added = list(scores)
    added[winner] += points
    won = list(hands_won)
    won[winner] += 1
    match_winner: int | None = None
    if rules.scoring == "hollywood":
        games = hollywood_score(games, winner, won[winner], points, rules.target)
        wins = [sum(1 for g in games if g.winner == s) for s in (0, 1)]
        needed = len(games) // 2 + 1
        match_winner = next((s for s in (0, 1) if wins[s] >= needed), None)
    elif added[winner] >= rules.target:
        match_winner = winner
    return _standing((added[0], added[1]), (won[0], won[1]), games, match_winner)


def final_scores(rules: Rules, scores: tuple[int, int], hands_won: tuple[int, int],
                 winner: int | None) -> tuple[int, int]:
    """The scores with end-of-match bonuses once the match has a ``winner``: traditional scoring adds a box
    bonus per hand won to each player and the game bonus to the winner; the other scorings add nothing.

    >>> from ginrummy.engine.rules import HOUSE, TRADITIONAL
    >>> final_scores(TRADITIONAL, (103, 20), (3, 1), winner=0)
    (278, 45)
    >>> final_scores(HOUSE, (103, 20), (3, 1), winner=0)
    (103, 20)
    """
    if rules.scoring != "traditional" or winner is None:
        return scores
    bonus = [rules.box_bonus * won for won in hands_won]
    bonus[winner] += rules.game_bonus
    return (scores[0] + bonus[0], scores[1] + bonus[1])
