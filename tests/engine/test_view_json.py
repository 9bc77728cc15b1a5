"""A view sent as JSON reads back as the same view: what a program playing through the API gives our players
(``gin-rummy bot``) is exactly the view the server's own computer player gets."""

from __future__ import annotations

import pytest

from ginrummy.ai import make_player
from ginrummy.engine import HOUSE, PRESETS, Action, ActionKind, Phase, Rules, apply, new_game, view_for
from ginrummy.engine.views import View


@pytest.mark.parametrize(("rules", "seed"), [(HOUSE, 1), (PRESETS["hollywood"], 2), (PRESETS["oklahoma"], 3),
                                             (PRESETS["big-gin"], 4)])
def test_every_view_of_a_match_reads_back_from_its_json(rules: Rules, seed: int) -> None:
    state = new_game(rules, seed)
    players = [make_player("simple", seed), make_player("medium", seed + 1)]
    checked = 0
    while state.phase != Phase.MATCH_OVER:
        for seat in (0, 1):
            view = view_for(state, seat)
            assert View.from_json(view.to_json()) == view
            checked += 1
        if state.phase == Phase.HAND_OVER:
            state, _ = apply(state, Action(ActionKind.NEXT_HAND, 0))
        else:
            state, _ = apply(state, players[state.hand.turn].choose(view_for(state, state.hand.turn)))
    final = view_for(state, 1)
    assert View.from_json(final.to_json()) == final and final.revealed is not None
    assert checked > 50
