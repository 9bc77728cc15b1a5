"""The engine's fast paths give exactly what the plain definitions give: the deal's shuffle, the simple players'
discard, the shared action values, and the bench's players who keep their own hands."""

from __future__ import annotations

import random

from engine_reference import least_deadwood, value
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.bench.engine import HandLoop, simple_policy
from ginrummy.engine import CARDS, HOUSE, InvalidInputError, Phase, apply, mask_of, new_game
from ginrummy.engine.actions import Action, ActionKind, discard, draw, knock, next_hand, pass_upcard, take_upcard
from ginrummy.engine.dealing import _shuffled_deck
from ginrummy.engine.discard_search import best_discard_of_mask

FAST = settings(max_examples=500, deadline=None)


def test_deals_are_pythons_shuffle_of_the_seeded_stream() -> None:
    for seed in (0, 7, 123456789, 2**127 + 12345):
        for number in (1, 2, 9):
            deck = list(CARDS)
            random.Random(f"ginrummy:{seed}:hand:{number}").shuffle(deck)
            assert _shuffled_deck(seed, number) == tuple(deck)


def test_a_deal_never_changes() -> None:
    assert " ".join(card.code for card in _shuffled_deck(7, 1)) == (
        "5D 3C KH 2C AD KD 9D 2H 4H QC 5S 6S 9H JH 9S AH 5C 7H 6H 9C 4S QH TD 7S 8H JS 4C KC KS 3S 6C QS 8C TC "
        "TS QD 2S 6D 4D JC 8S 8D AC 3D 5H AS 2D 3H TH 7C 7D JD")


@st.composite
def hands_and_keep(draw_: st.DrawFn) -> tuple[frozenset[int], int]:
    """11 cards or fewer, often from a few neighbouring ranks (sets and runs compete there), and maybe a card
    that may not be thrown."""
    if draw_(st.integers(0, 3)):
        low = draw_(st.integers(0, 10))
        pool = [card for card in range(52) if low <= card % 13 < low + draw_(st.integers(3, 6))]
    else:
        pool = list(range(52))
    hand = draw_(st.permutations(pool))[:draw_(st.integers(2, min(11, len(pool))))]
    keep = draw_(st.sampled_from([-1, *hand]))
    return frozenset(hand), keep


@FAST
@given(hands_and_keep())
def test_best_discard_is_the_least_deadwood_then_the_highest_card(case: tuple[frozenset[int], int]) -> None:
    hand, keep = case
    left, card = best_discard_of_mask(mask_of(hand), keep)
    assert card in hand and card != keep
    best = min((least_deadwood(hand - {c}), -value(c), c) for c in hand if c != keep)
    assert (left, -value(card), card) == best


def test_action_constructors_share_one_value_per_action_and_still_refuse_bad_ones() -> None:
    card = CARDS[17]
    assert discard(1, card) is discard(1, card) == Action(ActionKind.DISCARD, 1, card=card)
    assert knock(0, card) == Action(ActionKind.KNOCK, 0, card=card)
    assert draw(0, "stock") == Action(ActionKind.DRAW, 0, source="stock")
    assert take_upcard(1) == Action(ActionKind.TAKE_UPCARD, 1)
    assert pass_upcard(0) == Action(ActionKind.PASS, 0)
    assert next_hand(1) == Action(ActionKind.NEXT_HAND, 1)
    for bad in (lambda: discard(2, card), lambda: draw(0, "pile"), lambda: next_hand(-1)):  # type: ignore[arg-type]
        try:
            bad()
        except InvalidInputError:
            continue
        raise AssertionError("a bad action was made")


def test_the_bench_players_hands_are_their_real_hands() -> None:
    """The bench's players keep their hands from their own moves; playing with hands read from the state on
    every move gives the same game."""
    loop = HandLoop(3)
    played, _ = loop.run(hands=40)
    state = new_game(HOUSE, 3)
    match = 3
    finished = 0
    while finished < played:
        if state.hand.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
            finished += 1
            if state.hand.phase == Phase.MATCH_OVER:
                match += 1
                state = new_game(HOUSE, match)
            else:
                state, _ = apply(state, next_hand(0))
            continue
        state, _ = apply(state, simple_policy(state, mask_of(state.hand.hands[state.hand.turn])))
    assert state == loop.state
