"""Every level plays only legal moves in any position, and the hard level explains its choices."""

from __future__ import annotations

import random

import pytest

from ginrummy.ai import make_player
from ginrummy.ai.base import parse_player_name
from ginrummy.ai.hints import suggest
from ginrummy.engine import PRESETS, Phase, apply, legal_actions, new_game, view_for


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "simple"])
@pytest.mark.parametrize("preset", ["house", "straight", "oklahoma-classic", "big-gin", "hollywood"])
def test_level_plays_whole_matches_legally(level: str, preset: str) -> None:
    players = [make_player(level, seed=1), make_player("simple", seed=2)]
    state = new_game(PRESETS[preset], seed=11)
    for _ in range(5000):
        if state.phase == Phase.MATCH_OVER:
            break
        seat = state.hand.turn if state.phase != Phase.HAND_OVER else 0
        view = view_for(state, seat)
        action = players[seat].choose(view)
        assert action in legal_actions(state, seat), f"{level} chose an illegal {action}"
        state, _ = apply(state, action)
    assert state.phase == Phase.MATCH_OVER


def test_hard_explains_in_one_short_sentence() -> None:
    rng = random.Random(4)
    state = new_game(PRESETS["house"], seed=21)
    reasons = set()
    for _ in range(300):
        if state.phase == Phase.MATCH_OVER:
            break
        seat = state.hand.turn if state.phase != Phase.HAND_OVER else 0
        view = view_for(state, seat)
        hint = suggest(view)
        assert hint is not None
        assert hint.action in view.legal_actions
        assert hint.reason.endswith(".") and len(hint.reason) < 160 and "\n" not in hint.reason
        reasons.add(hint.reason.split(":")[0])
        state, _ = apply(state, hint.action if rng.random() < 0.8 else rng.choice(list(view.legal_actions)))
    assert {"Draw from the stock", "Pass"} & reasons
    assert any(r.startswith("Discard") for r in reasons)


def test_player_names_take_tuning_options() -> None:
    assert parse_player_name("hard(danger_weight=4, take_margin=2)") == (
        "hard", {"danger_weight": 4.0, "take_margin": 2.0})
    with pytest.raises(ValueError):
        make_player("hard(no_such_option=1)")
    with pytest.raises(ValueError):
        make_player("grandmaster")
