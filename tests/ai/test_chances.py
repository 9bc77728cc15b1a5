"""The hint's chances against a modelled opponent: the computer's public policy, asked about hands it might hold."""

from __future__ import annotations

import random

import pytest

from ginrummy.ai import make_player
from ginrummy.ai.base import Modelled, Position, position_of
from ginrummy.ai.chances import last_position, opponent_knock_chance, raw_chances
from ginrummy.ai.hints import suggest
from ginrummy.ai.knowledge import infer
from ginrummy.ai.loop import Played, play
from ginrummy.ai.opponent import THRESHOLDS
from ginrummy.ai.policies import HardModel, knock_model, model_of
from ginrummy.engine import (
    HOUSE,
    STOCK_FLOOR,
    ActionKind,
    Card,
    GameState,
    View,
    apply,
    discard,
    is_over,
    mask_of,
    new_game,
    next_hand,
    to_act,
    view_for,
)

PLAIN = ("simple", "simple(knock_at=4)", "tabled", "ginhunter", "undercutter", "medium")


def discards_of_seat_0(seed: int, count: int) -> list[GameState]:
    """States where seat 0 (medium) is about to discard with the stock deep enough for another turn."""
    state = new_game(HOUSE, seed)
    players = [make_player("medium", seed), make_player("simple", seed + 1)]
    found = []
    while not is_over(state) and len(found) < count:
        seat = to_act(state)
        if seat is None:
            state, _ = apply(state, next_hand(0))
            continue
        view = view_for(state, seat)
        if seat == 0 and not view.drawing and view.routine is None and len(state.hand.stock) > STOCK_FLOOR + 1:
            found.append(state)
        state, _ = apply(state, players[seat].choose(view))
    return found


def engine_knock_rate(state: GameState, thrown: Card, opponent: str) -> float:
    """How often ``opponent`` really knocks on its next turn after seat 0 throws ``thrown``, over every card the
    stock could hold on top (the real stock's cards, each put on top in turn), played by the engine."""
    player = make_player(opponent, 0)
    knocks = 0
    stock = state.hand.stock
    for top in stock:
        reordered = (top, *(c for c in stock if c != top))
        dealt = state._replace(hand=state.hand._replace(stock=reordered))
        after, _ = apply(dealt, discard(0, thrown))
        after, _ = apply(after, player.choose(view_for(after, 1)))
        knocks += player.choose(view_for(after, 1)).kind in (ActionKind.KNOCK, ActionKind.BIG_GIN)
    return knocks / len(stock)


@pytest.mark.parametrize("opponent", PLAIN)
def test_the_model_of_a_plain_computer_is_its_own_play_on_the_real_hand(opponent: str) -> None:
    """Given the opponent's real hand, the modelled chance that it knocks next turn is exactly how often the
    computer, played by the engine, knocks over the cards the stock could show: the model is its policy."""
    model = model_of(opponent)
    assert isinstance(model, Modelled)
    rates: list[float] = []
    for state in discards_of_seat_0(5, 40):
        view = view_for(state, 0)
        thrown = min(view.legal_discards, key=lambda o: o.deadwood).card
        real = mask_of(state.hand.hands[1])
        modelled = opponent_knock_chance(view, infer(view), thrown, model, [real])
        assert modelled == pytest.approx(engine_knock_rate(state, thrown, opponent)), (opponent, view.draws)
        rates.append(modelled)
    assert len(rates) >= 20 and max(rates) > 0


def test_a_threshold_players_knocking_is_one_threshold_and_hards_comes_from_its_table() -> None:
    position = Position(draws=12, stock_count=15, knock_limit=10, their_takes=1, thrown=0, unseen=0)
    simple_at_4 = model_of("simple(knock_at=4)")
    assert simple_at_4 is not None
    assert knock_model(simple_at_4, position).weights == tuple(1.0 if k == 4 else 0.0 for k in THRESHOLDS)
    hunter = model_of("ginhunter")
    assert hunter is not None
    assert knock_model(hunter, position).weights[0] == 1.0, "deep in the stock the Gin hunter knocks for Gin only"
    assert knock_model(hunter, position._replace(stock_count=8)).weights[10] == 1.0
    hard = model_of("hard")
    assert isinstance(hard, HardModel)
    chances = [hard.knock_chance(d, position) for d in range(12)]
    assert chances[0] == 1.0 and chances[11] == 0.0 and all(0.0 < c < 1.0 for c in chances[1:11])
    assert model_of("hard-v1") is None and model_of("no such player") is None and model_of(None) is None


def test_the_models_rule_for_the_pile_card_agrees_with_the_draws_hard_makes() -> None:
    """Hard chooses the pile card by looking one discard ahead (``hand_value``), too slow to ask of every hand a
    hint imagines; its model takes the pile card when it beats an average stock card by least deadwood. Over
    hard's own draws the two agree almost always (96.5% of 461 draws over 60 matches against hard-v2)."""
    model = model_of("hard")
    assert isinstance(model, HardModel)
    agree = draws = 0

    def compare(move: Played) -> None:
        nonlocal agree, draws
        view = move.view
        if move.seat == 0 and view is not None and view.drawing and view.may_take_pile:
            took = move.action.kind == ActionKind.TAKE_UPCARD or move.action.source == "discard"
            modelled = model.take_chance(mask_of(view.hand), view.discard_pile[-1], position_of(view)) > 0
            agree += took == modelled
            draws += 1

    for seed in range(8):
        players = {0: make_player("hard", seed), 1: make_player("hard-v2", seed + 100)}
        play(new_game(HOUSE, 500 + seed), players, until=is_over, on_move=compare)
    assert draws >= 60 and agree >= 0.9 * draws, (agree, draws)


def test_the_chance_of_a_knock_next_turn_follows_the_computer_across_the_table() -> None:
    """On the same views, an opponent that knocks at the first chance is more likely to knock next turn than one
    that waits for 2 or less, and both more than the Gin hunter while the stock is deep."""
    means = {}
    states = discards_of_seat_0(8, 40)
    for opponent in ("simple", "undercutter", "ginhunter"):
        chances = []
        for state in states:
            view = view_for(state, 0)
            option = min(view.legal_discards, key=lambda o: o.deadwood)
            raw = raw_chances(view, discard(0, option.card), opponent, random.Random(1))
            chances.append(raw["opponent knocks"])
        means[opponent] = sum(chances) / len(chances)
    assert means["simple"] > 1.5 * means["undercutter"] > 0 and means["undercutter"] > means["ginhunter"]


def test_a_hint_states_its_chances_in_words_and_in_numbers() -> None:
    for state in discards_of_seat_0(3, 6):
        view = view_for(state, 0)
        for opponent in ("hard", "easy", None):
            hint = suggest(view, opponent=opponent)
            assert hint is not None
            for question, chance in hint.chances.items():
                assert 0.01 <= chance <= 0.99
                assert f"about {chance:.0%}" in hint.reason, (question, hint.reason)
            if hint.action.kind == ActionKind.DISCARD:
                assert set(hint.chances) == {"opponent knocks"}
                assert set(hint.to_json()["chances"]) == {"opponent_knocks"}
    drawing: View = view_for(new_game(HOUSE, 4), new_game(HOUSE, 4).hand.starter)
    hint = suggest(drawing, opponent="medium")
    assert hint is not None and set(hint.chances) == {"stock helps"}
    assert last_position(drawing).draws == 0
