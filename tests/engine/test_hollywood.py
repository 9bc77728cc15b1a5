"""Hollywood scoring, as RULES.md tells it: which games each win is entered in.

Three games: a player's first win scores in game 1, the second in games 1-2, the third and later in games
1-3; a closed game takes no more points, and a player shut out of a game that closes starts the next game
with their next win. Five games: the first three games that have not closed are in play, and a player's
k-th win reaches the first k games in play.
"""

from __future__ import annotations

import random

import pytest
from engine_helpers import RandomPlayer, act, dealt, playout

from ginrummy.engine import (
    HOLLYWOOD,
    HOLLYWOOD_FIVE,
    Card,
    GameState,
    Phase,
    Rules,
    draw,
    knock,
    new_game,
    parse_card,
    pass_upcard,
)

KNOCKER = "AC 2C 3C 4D 5D 6D 8H 8S 8C 2S"  # A-2-3♣, 4-5-6♦, three 8s and the 2♠
DEFENDER = "9C TC JC 3H 4H 5H 9D JD KD 6S"  # 35 deadwood that never lays off on the knocker's melds


def c(code: str) -> Card:
    return parse_card(code)


def win(state: GameState, seat: int, *, gin: bool = False) -> GameState:
    """Deal the next hand with ``seat`` starting on the knocker's hand, and win it: a knock for 33 (draw the
    K♥, throw it: 2 against 35) or a Gin for 60 (draw the 8♦, throw the 2♠: 25 + 35)."""
    number = state.hand.number + 1 if state.history else 1
    deal = dealt(KNOCKER, DEFENDER, "QH", "8D" if gin else "KH", rules=state.rules, starter=seat).hand
    state = state._replace(hand=deal._replace(number=number))
    return act(state, pass_upcard(seat), pass_upcard(1 - seat), draw(seat, "stock"),
               knock(seat, c("2S" if gin else "KH")))


def sheet(state: GameState) -> list[tuple[int, int]]:
    return [game.scores for game in state.games]


def closed(state: GameState) -> list[int | None]:
    return [game.winner for game in state.games]


# --- stories ------------------------------------------------------------------------------------------------

def test_five_games_once_games_1_and_2_close_a_win_reaches_games_3_4_and_5() -> None:
    state = new_game(HOLLYWOOD_FIVE, 1005)
    state = win(state, 0)  # seat 0's first win: game 1
    state = win(state, 0)  # second: games 1-2
    state = win(state, 1)  # seat 1's first: game 1
    state = win(state, 0)  # seat 0's third: games 1-3
    assert sheet(state) == [(99, 33), (66, 0), (33, 0), (0, 0), (0, 0)]
    state = win(state, 0, gin=True)  # fourth, a Gin for 60: games 1 and 2 close, both to seat 0
    assert sheet(state) == [(159, 33), (126, 0), (93, 0), (0, 0), (0, 0)]
    assert closed(state) == [0, 0, None, None, None]
    # Games 3, 4 and 5 are in play now. Seat 1 was shut out of game 2; its second win reaches the first two
    # games in play, 3 and 4.
    state = win(state, 1)
    assert sheet(state) == [(159, 33), (126, 0), (93, 33), (0, 33), (0, 0)]
    # Seat 0 has never scored in games 4 and 5: its fifth win is entered in games 3, 4 and 5 alike (not in
    # games 3 and 4 only). Game 3 closes: seat 0 has three games of five and the match.
    state = win(state, 0)
    assert sheet(state) == [(159, 33), (126, 0), (126, 33), (33, 33), (33, 0)]
    assert closed(state) == [0, 0, 0, None, None]
    assert (state.phase, state.winner) == (Phase.MATCH_OVER, 0)


def test_five_games_a_third_win_after_games_1_and_2_close_reaches_games_3_4_and_5() -> None:
    state = new_game(HOLLYWOOD_FIVE, 7)
    state = win(state, 0)
    state = win(state, 0)  # seat 0: two wins, in games 1 and 1-2
    state = win(state, 1, gin=True)
    state = win(state, 1, gin=True)  # seat 1 closes game 1 with its second win (games 1-2)
    assert sheet(state) == [(66, 120), (33, 60), (0, 0), (0, 0), (0, 0)]
    assert closed(state) == [1, None, None, None, None]
    state = win(state, 1)  # games 2, 3 and 4 are in play: seat 1's third win reaches all three
    assert sheet(state)[1:] == [(33, 93), (0, 33), (0, 33), (0, 0)]
    state = win(state, 1)  # and closes game 2
    assert closed(state) == [1, 1, None, None, None]
    state = win(state, 0)  # seat 0's third win, with games 3, 4 and 5 in play: all three
    assert sheet(state)[2:] == [(33, 66), (33, 66), (33, 0)]
    assert state.winner is None


def test_three_games_a_player_shut_out_of_a_closed_game_starts_the_next() -> None:
    state = new_game(HOLLYWOOD, 5)
    for _ in range(4):
        state = win(state, 0)  # game 1 closes at 132 with seat 1 shut out
    assert sheet(state) == [(132, 0), (99, 0), (66, 0)]
    state = win(state, 1)  # seat 1's first win starts game 2
    assert sheet(state) == [(132, 0), (99, 33), (66, 0)]
    state = win(state, 1)  # its second reaches games 2-3
    assert sheet(state) == [(132, 0), (99, 66), (66, 33)]


# --- every win against a reference, over random matches -----------------------------------------------------

IN_PLAY = 3


def reference_sheet(games: int, target: int, wins: list[tuple[int, int]]) -> list[list[list[int]]]:
    """The game scores after each win (winner, points), entered exactly as RULES.md says, written without the
    engine: per game a column of two scores and who closed it."""
    scores = [[0, 0] for _ in range(games)]
    closer: list[int | None] = [None] * games
    won = [0, 0]
    sheets = []
    for winner, points in wins:
        won[winner] += 1
        k = won[winner]
        if games == 3:
            # Games 1 to k, the games the winner was shut out of not counted; closed ones take nothing.
            counted = [g for g in range(games) if closer[g] is None or scores[g][winner] > 0]
            reached = [g for g in counted[:k] if closer[g] is None]
        else:
            # The first three games not closed are in play; the k-th win reaches the first k of them.
            reached = [g for g in range(games) if closer[g] is None][:IN_PLAY][:k]
        for g in reached:
            scores[g][winner] += points
            if scores[g][winner] >= target:
                closer[g] = winner
        sheets.append([list(column) for column in scores])
        if max(closer.count(0), closer.count(1)) > games // 2:
            break
    return sheets


def check_match(rules: Rules, seed: int, knock_chance: float) -> int:
    """Play a match at random; after every hand won, the engine's games must be the reference's. Returns how
    many wins opened two or more games for their winner at once (which one new game per win never did)."""
    wins: list[tuple[int, int]] = []
    final = new_game(rules, seed)
    seen = several = 0
    for state in playout(final, RandomPlayer(seed, knock_chance)):
        if len(state.history) > seen:
            seen = len(state.history)
            last = state.history[-1]
            if last.winner is not None:
                wins.append((last.winner, last.points))
                expected = reference_sheet(rules.hollywood_games, rules.target, wins)[-1]
                assert [list(game.scores) for game in state.games] == expected, (seed, len(wins))
                opened = sum(now.started[last.winner] and not before.started[last.winner]
                             for before, now in zip(final.games, state.games, strict=True))
                several += opened >= 2
        final = state
    games_won = [sum(game.winner == s for game in final.games) for s in (0, 1)]
    assert final.winner is not None and games_won[final.winner] > rules.hollywood_games // 2
    assert len(reference_sheet(rules.hollywood_games, rules.target, wins)) == len(wins)  # ends where it ends
    return several


@pytest.mark.parametrize("target", [100, 50, 25])
def test_every_win_lands_in_the_games_the_rules_say_five_games(target: int) -> None:
    rules = HOLLYWOOD_FIVE.with_settings(target=target)
    rng = random.Random(target)
    several = sum(check_match(rules, seed, rng.choice((0.3, 0.7, 1.0))) for seed in range(1000, 1000 + 50))
    assert several > 0  # the case of the fault was met


@pytest.mark.parametrize("target", [100, 25])
def test_every_win_lands_in_the_games_the_rules_say_three_games(target: int) -> None:
    rules = HOLLYWOOD.with_settings(target=target)
    for seed in range(2000, 2000 + 40):
        assert check_match(rules, seed, 0.7) == 0  # with three games, one new game per win at most


def test_the_reference_differs_from_one_new_game_per_win() -> None:
    """The reference is not the old rule in disguise: on the story above they part at the fifth win."""
    wins = [(0, 33), (0, 33), (1, 33), (0, 33), (0, 60), (1, 33), (0, 33)]
    assert reference_sheet(5, 100, wins)[-1] == [[159, 33], [126, 0], [126, 33], [33, 33], [33, 0]]
