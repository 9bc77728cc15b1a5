"""The chance of winning the match from a score: the table the hard player weighs a knock's results with."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ginrummy.ai.match_equity import LARGEST_TARGET, MatchEquity, match_equity, win_table
from ginrummy.engine import HOUSE, PRESETS, new_game, view_for


def test_even_scores_are_an_even_match_and_the_table_is_fair_both_ways() -> None:
    table = win_table(100)
    assert table[0][0] == pytest.approx(0.5)
    assert table[60][60] == pytest.approx(0.5)
    for a, b in ((0, 90), (40, 70), (95, 10), (99, 99), (1, 2)):
        assert table[a][b] + table[b][a] == pytest.approx(1.0)


def test_more_points_never_lower_the_chance() -> None:
    table = win_table(100)
    for b in (0, 30, 75, 99):
        column = [table[a][b] for a in range(100)]
        assert column == sorted(column)
    assert table[90][0] > 0.9 > 0.1 > table[0][90]


def test_a_result_that_reaches_the_target_wins_the_match_and_a_loss_that_does_loses_it() -> None:
    equity = MatchEquity(mine=92, theirs=97, target=100)
    assert equity.after(8) == 1.0
    assert equity.after(-3) == 0.0
    assert equity.after(0) == pytest.approx(win_table(100)[92][97])
    assert 0.0 < equity.after(5) < 1.0


def test_the_same_points_are_worth_more_when_they_decide_the_match() -> None:
    early, late = MatchEquity(0, 0, 100), MatchEquity(85, 85, 100)
    assert late.after(15) - late.after(0) > early.after(15) - early.after(0)


def test_the_seat_reads_its_own_score_first_and_hollywood_or_huge_targets_are_left_to_points() -> None:
    state = new_game(HOUSE, 3)
    view = view_for(state, 1)
    equity = match_equity(view)
    assert equity is not None and (equity.mine, equity.theirs, equity.target) == (0, 0, HOUSE.target)
    assert match_equity(view_for(new_game(PRESETS["hollywood"], 3), 0)) is None
    assert match_equity(view_for(new_game(replace(HOUSE, target=LARGEST_TARGET + 1), 3), 0)) is None
