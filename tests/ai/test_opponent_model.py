"""The hard player's model of how its opponent knocks, read from the hands of the match that are over."""

from __future__ import annotations

import pytest

from ginrummy.ai import make_player
from ginrummy.ai.opponent import FIRST_CHANCE_PRIOR, THRESHOLDS, KnockModel, mixture, read_knocking
from ginrummy.engine import HOUSE, Phase, apply, new_game, view_for


def knocking_seen_after(opponent: str, seed: int, hands: int) -> tuple[float, float, float]:
    """Play ``hands`` hands of ``opponent`` (seat 1) against simple, then read seat 1's knocking from seat 0's
    view: (expected threshold, chance it knocks with 3, chance it knocks with 8)."""
    players = [make_player("simple", seed), make_player(opponent, seed + 1)]
    state = new_game(HOUSE, seed)
    while len(state.history) < hands and state.phase != Phase.MATCH_OVER:
        seat = state.hand.turn if state.phase != Phase.HAND_OVER else 0
        state, _ = apply(state, players[seat].choose(view_for(state, seat)))
    model = read_knocking(view_for(state, 0))
    return model.expected, model.knock_chance(3), model.knock_chance(8)


def test_before_any_hand_is_over_the_model_is_the_prior() -> None:
    model = read_knocking(view_for(new_game(HOUSE, 1), 0))
    assert model.observations == 0
    assert model.weights[10] == pytest.approx(FIRST_CHANCE_PRIOR)
    assert 0 < model.knock_chance(5) < 1


@pytest.mark.parametrize("seed", [11, 12])
def test_a_player_who_knocks_only_for_gin_is_read_as_one(seed: int) -> None:
    expected, at_three, at_eight = knocking_seen_after("simple(knock_at=0)", seed, hands=6)
    first_expected, _, first_at_eight = knocking_seen_after("simple", seed, hands=6)
    assert expected < 3.5 < 7 < first_expected
    # after six hands the prior (worth two chances) still speaks, but far less than the hands seen
    assert at_three < 0.45 and at_eight < 0.25 and at_eight < first_at_eight / 3


def test_a_player_who_knocks_by_the_moment_is_read_as_a_mixture() -> None:
    """Half its chances it held with 2 (early in a hand), half it knocked with 8 (late): no one threshold
    explains that; the mixture puts weight on both sides."""
    declined_two = tuple(k < 2 for k in THRESHOLDS)
    knocked_eight = tuple(k >= 8 for k in THRESHOLDS)
    model = KnockModel(mixture((declined_two, knocked_eight) * 5), 10)
    assert sum(model.weights[:2]) > 0.35 and sum(model.weights[8:]) > 0.35
    assert 0.35 < model.knock_chance(5) < 0.65
    assert sum(model.weights) == pytest.approx(1.0)


def test_an_observation_no_threshold_fits_changes_nothing_it_cannot() -> None:
    """A chance that fits no threshold (the data cannot say) leaves the prior as it was."""
    nothing = tuple(False for _ in THRESHOLDS)
    assert mixture((nothing,)) == pytest.approx(mixture(()))


@pytest.mark.parametrize("seed", [11, 12])
def test_a_first_chance_knocker_is_read_as_one(seed: int) -> None:
    expected, at_three, at_eight = knocking_seen_after("simple", seed, hands=6)
    assert expected > 7
    assert at_three > 0.9 and at_eight > 0.6

