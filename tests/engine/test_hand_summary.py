"""What the score sheet keeps of each hand: who knocked, both hands' deadwood, and the knocks a player declined."""

from __future__ import annotations

import pytest

from ginrummy.ai import make_player
from ginrummy.engine import HOUSE, OKLAHOMA, ActionKind, Phase, Rules, apply, new_game, view_for
from ginrummy.engine.cards import mask_of
from ginrummy.engine.discard_search import cached_best_discard
from ginrummy.engine.meld_search import cached_deadwood


@pytest.mark.parametrize(("rules", "seed"), [(HOUSE, 3), (HOUSE, 4), (OKLAHOMA, 5)])
def test_each_hand_summary_tells_the_knock_and_the_declined_knocks(rules: Rules, seed: int) -> None:
    # A first-chance knocker against a player who knocks only for Gin: the second declines knocks often.
    players = [make_player("simple", seed), make_player("simple(knock_at=0)", seed + 1)]
    state = new_game(rules, seed)
    declined: list[int | None] = [None, None]
    hands_seen = 0
    while state.phase != Phase.MATCH_OVER:
        if state.phase == Phase.HAND_OVER:
            state, _ = apply(state, make_player("simple").choose(view_for(state, 0)))
            continue
        hand = state.hand
        seat = hand.turn
        action = players[seat].choose(view_for(state, seat))
        if action.kind == ActionKind.DISCARD:  # could it have knocked instead?
            could, _ = cached_best_discard(mask_of(hand.hands[seat]), -1 if hand.taken is None else hand.taken)
            known = declined[seat]
            if could <= hand.knock_limit and (known is None or could < known):
                declined[seat] = could
        state, _ = apply(state, action)
        if state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            summary = state.history[-1]
            result = state.hand.result
            assert result is not None
            assert summary.knocker == result.knocker
            assert summary.deadwood == tuple(cached_deadwood(mask_of(h)) for h in state.hand.hands)
            assert summary.draws == state.hand.draws and summary.knock_limit == state.hand.knock_limit
            assert summary.declined == tuple(declined)
            assert summary.declined[0] is None, "the first-chance knocker never declines a knock"
            hands_seen += 1
            declined = [None, None]
    assert hands_seen >= 2
    assert any(s.declined[1] is not None for s in state.history), "the Gin-only player declined no knock"
