"""The cfr player: its committed knock table, legal play from its view alone, and the training that makes it."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ginrummy.ai import make_player
from ginrummy.ai.baselines.cfr_knock import CfrKnockPlayer, all_state_keys, load_table, state_key
from ginrummy.ai.train_knock import KEYS, spine
from ginrummy.ai.train_knock import main as train_main
from ginrummy.engine import HOUSE, ActionKind, Phase, apply, legal_actions, new_game, score_knock, view_for


def test_committed_table_covers_every_state_with_a_probability() -> None:
    table = load_table()
    assert set(table) == set(all_state_keys())
    assert all(0.0 <= p <= 1.0 for p in table.values())


def test_committed_table_knocks_when_it_clearly_pays() -> None:
    """Early in a hand, against an opponent that has taken nothing from the pile, the opponent has had no
    time to get low: a knock with middling deadwood wins its whole hand at little risk of an undercut, and
    the table takes it. Late, against an opponent that has taken two or more pile cards (it is collecting
    melds), a knock with 8 or more deadwood is likely to be undercut, and the table plays on."""
    table = load_table()
    for deadwood in range(5, 11):
        assert table[state_key(deadwood, draws=4, opponent_takes=0)] > 0.9
    for deadwood in (8, 9, 10):
        assert table[state_key(deadwood, draws=20, opponent_takes=2)] < 0.1


def test_cfr_plays_legal_matches_against_simple() -> None:
    players = [make_player("cfr", seed=1), make_player("simple", seed=2)]
    knocks = 0
    state = new_game(HOUSE, seed=5)
    for _ in range(5000):
        if state.phase == Phase.MATCH_OVER:
            break
        seat = state.hand.turn if state.phase != Phase.HAND_OVER else 0
        action = players[seat].choose(view_for(state, seat))
        assert action in legal_actions(state, seat), f"illegal {action}"
        knocks += seat == 0 and action.kind == ActionKind.KNOCK
        state, _ = apply(state, action)
    assert state.phase == Phase.MATCH_OVER
    assert knocks > 0


def test_knock_follows_the_table() -> None:
    """A table that never knocks (but for Gin) and one that always does make the same discards, and differ
    exactly where a knock with deadwood is legal."""
    never = CfrKnockPlayer(random.Random(1), dict.fromkeys(all_state_keys(), 0.0))
    always = CfrKnockPlayer(random.Random(1), dict.fromkeys(all_state_keys(), 1.0))
    differed = 0
    state = new_game(HOUSE, seed=8)
    while state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        view = view_for(state, state.hand.turn)
        hold = never.choose(view)
        if state.phase == Phase.DISCARD:
            go = always.choose(view)
            assert hold.card == go.card
            if hold.kind != go.kind:
                assert (hold.kind, go.kind) == (ActionKind.DISCARD, ActionKind.KNOCK)
                differed += 1
        state, _ = apply(state, hold)
    assert differed > 0


@pytest.mark.parametrize("seed", [3, 4, 5, 6])
def test_training_spine_plays_the_players_moves(seed: int) -> None:
    """The training simulator, on card masks, meets the same knock chances with the same knock points as two
    cfr players that never knock (but for Gin) playing the deal in the engine, and ends the same way."""
    players = [CfrKnockPlayer(random.Random(1), dict.fromkeys(all_state_keys(), 0.0)) for _ in range(2)]
    state = new_game(HOUSE, seed=seed)
    chances = []
    while state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        seat = state.hand.turn
        view = view_for(state, seat)
        action = players[seat].choose(view)
        if action.kind == ActionKind.DISCARD:
            left = next(o.deadwood for o in view.legal_discards if o.card == action.card)
            if left <= view.knock_limit:
                held = tuple(c for c in view.hand if c != action.card)
                result = score_knock(held, state.hand.hands[1 - seat])
                points = result.points if result.winner == "knocker" else -result.points
                chances.append((seat, state_key(left, view.draws, len(view.pile_takes[1 - seat])),
                                points if seat == 0 else -points))
        state, _ = apply(state, action)
    result = state.hand.result
    assert result is not None
    end = 0 if result.winner is None else (result.points if result.winner == 0 else -result.points)
    nodes, spine_end = spine([int(c) for c in state.hand.deck], state.hand.starter)
    assert [(n.seat, KEYS[n.state], n.knock_value) for n in nodes] == chances
    assert spine_end == end


def test_training_writes_a_valid_table(tmp_path: Path) -> None:
    out = tmp_path / "table.json"
    assert train_main(["--iterations", "2", "--deals", "5", "--seed", "4", "--out", str(out), "--quiet"]) == 0
    document = json.loads(out.read_text())
    assert document["iterations"] == 2 and document["seed"] == 4
    assert document["command"].startswith("gin-rummy train-knock --iterations 2")
    assert set(document["knock_probability"]) == set(all_state_keys())
    assert all(0.0 <= p <= 1.0 for p in document["knock_probability"].values())
