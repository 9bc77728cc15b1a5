"""Who acts, whether the match is over, and how it ended: the engine answers, so that no caller works it out from
the phase again."""

from __future__ import annotations

import random

import pytest

from ginrummy.engine import (
    IN_PLAY,
    PRESETS,
    Action,
    ActionKind,
    Phase,
    apply,
    is_over,
    legal_actions,
    new_game,
    outcome,
    to_act,
)


@pytest.mark.parametrize("preset", ["house", "traditional", "hollywood"])
def test_to_act_is_over_and_outcome_agree_with_the_rules_at_every_step(preset: str) -> None:
    rng = random.Random(preset)
    state = new_game(PRESETS[preset], seed=11)
    for _ in range(5000):
        seat = to_act(state)
        if state.phase in IN_PLAY:
            assert seat == state.hand.turn
            assert legal_actions(state, seat) and not legal_actions(state, 1 - seat)
        else:
            assert seat is None  # a hand over (either seat may deal) or the match over
        assert is_over(state) == (state.phase == Phase.MATCH_OVER)
        if is_over(state):
            break
        assert outcome(state) is None
        choices = legal_actions(state, 0 if seat is None else seat)
        knocks = [a for a in choices if a.kind == ActionKind.KNOCK]
        state, _ = apply(state, knocks[0] if knocks else rng.choice(choices))
    else:
        raise AssertionError("the match did not end")
    ended = outcome(state)
    assert ended is not None and ended.winner == state.winner and ended.scores == state.final_scores
    assert ended.scores[ended.winner] >= state.rules.target or preset == "hollywood"
    assert legal_actions(state, 0) == legal_actions(state, 1) == []


def test_a_resigned_match_is_over_with_the_other_seat_the_winner() -> None:
    state = new_game(PRESETS["house"], seed=3)
    state, _ = apply(state, Action(ActionKind.RESIGN, 1))
    assert is_over(state) and to_act(state) is None
    ended = outcome(state)
    assert ended is not None and ended.winner == 0
