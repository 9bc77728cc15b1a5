"""What a seat knows of the other's hand: the cards the other took from the discard pile and still holds.

A card taken from the pile is known to be held until its taker throws it again, and is known again if they
take it again, whoever threw it before (the taker included: a card can come back to the one who threw it).
"""

from __future__ import annotations

import random

from engine_helpers import RandomPlayer, act, dealt, playout
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.ai import make_player
from ginrummy.engine import (
    HOUSE,
    ActionKind,
    GameState,
    Phase,
    apply,
    discard,
    draw,
    new_game,
    parse_card,
    pass_upcard,
    view_for,
)
from ginrummy.engine.cards import Card


def c(code: str) -> Card:
    return parse_card(code)


def taken_and_held(state: GameState, seat: int) -> set[Card]:
    """Independently of the view: cards in ``seat``'s hand that it took from the pile at some time this hand.
    (A card that leaves a hand goes to the discard pile, so it can only come back by a pile take.)"""
    return set(state.hand.hands[seat]) & set(state.hand.pile_takes[seat])


def check_known(state: GameState) -> None:
    for seat in (0, 1):
        known = view_for(state, seat).opponent_known
        assert len(set(known)) == len(known), f"seat {seat} is told a card twice: {known}"
        assert set(known) <= set(state.hand.hands[1 - seat]), f"seat {seat} is told of cards not held: {known}"
        assert set(known) == taken_and_held(state, 1 - seat), f"seat {seat}: {known}"


def test_a_card_thrown_then_taken_back_from_the_pile_is_known() -> None:
    # Seat 1 throws the 8♦; seat 0 takes it, later throws it back, and seat 1 takes it again.
    state = dealt("AC 2C 3C 4D 5D 6D 8H 8S 8C 2S", "9C TC JC 3H 4H 5H 9D JD KD 8D", "QH",
                  "KH KS QS JS TS")
    state = act(state, pass_upcard(0), pass_upcard(1), draw(0, "stock"), discard(0, c("KH")),
                draw(1, "stock"), discard(1, c("8D")),
                draw(0, "discard"), discard(0, c("2S")))
    assert view_for(state, 1).opponent_known == (c("8D"),)
    state = act(state, draw(1, "stock"), discard(1, c("QS")),
                draw(0, "stock"), discard(0, c("8D")))
    assert view_for(state, 1).opponent_known == ()  # thrown again: no longer known
    state = act(state, draw(1, "discard"))
    assert state.hand.pile_takes[1] == (c("8D"),) and state.hand.discards[1] == (c("8D"), c("QS"))
    assert view_for(state, 0).opponent_known == (c("8D"),)
    check_known(state)
    state = act(state, discard(1, c("KD")), draw(0, "discard"))  # seat 0 takes the K♦: known to seat 1
    assert view_for(state, 1).opponent_known == (c("KD"),)
    check_known(state)


def test_match_23_hand_8_the_hard_player_holds_the_8d_it_took_back() -> None:
    """The match that showed the fault: the simple player in seat 0, the hard one in seat 1 (seed 23). The hard
    player is its frozen copy of that time (hard-v2), so that the match keeps telling this story as hard changes."""
    state = new_game(HOUSE, 23)
    players = [make_player("simple", 23), make_player("hard-v2", 24)]
    while state.hand.number <= 8 and state.phase != Phase.MATCH_OVER:
        seat = state.hand.turn if state.phase != Phase.HAND_OVER else 0
        action = players[seat].choose(view_for(state, seat))
        state, _ = apply(state, action)
        check_known(state)
        if (state.hand.number == 8 and action.seat == 1 and action.kind == ActionKind.DRAW
                and c("8D") in state.hand.pile_takes[1]):
            break
    hand = state.hand
    assert hand.number == 8, "the match no longer reaches the story told here"
    assert hand.pile_takes[1] == (c("TS"), c("7D"), c("8D"))
    assert hand.discards[1] == (c("TD"), c("8H"), c("7C"), c("8D"), c("5C"))
    assert c("8D") in hand.hands[1]
    assert view_for(state, 0).opponent_known == (c("TS"), c("7D"), c("8D"))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**64), st.sampled_from((0.0, 0.2, 1.0)))
def test_opponent_known_is_exactly_the_pile_cards_still_held(seed: int, knock_chance: float) -> None:
    """At every step of random play (three hands), each seat is told exactly the cards the other took from
    the pile and still holds: never a card not held, never one left out."""
    rng = random.Random(seed)
    for state in playout(new_game(HOUSE, seed), RandomPlayer(rng.randrange(2**32), knock_chance)):
        check_known(state)
        if state.hand.number > 3:
            break


def test_random_play_does_take_back_thrown_cards() -> None:
    """The property test above meets the case of a card coming back to the seat that threw it."""
    seen = 0
    for seed in range(12):
        for state in playout(new_game(HOUSE, seed), RandomPlayer(seed, 0.0)):
            hand = state.hand
            seen += any(card in hand.discards[s] and card in hand.hands[s] for s in (0, 1)
                        for card in hand.pile_takes[s])
            if hand.number > 3:
                break
    assert seen > 0
