"""RULES.md, rule by rule, as stories with the cards written out.

Most state-machine stories start from one deal (``standard``): the starter (seat 0) holds three melds
and the 2♠, so any draw lets them knock; the other player holds two melds and 35 deadwood that can
never be laid off on the starter's melds.
"""

import json

import pytest
from engine_helpers import RandomPlayer, act, cards, dealt, refusal, round_trips, stock_down_to, table_cards

from ginrummy.engine import (
    BIG_GIN,
    HOLLYWOOD,
    HOLLYWOOD_FIVE,
    HOUSE,
    LINE_BONUS,
    OKLAHOMA,
    OKLAHOMA_CLASSIC,
    STRAIGHT,
    TRADITIONAL,
    ActionKind,
    Card,
    GameState,
    HollywoodGame,
    Layoff,
    Phase,
    Rules,
    ScoreLine,
    apply,
    best_melds,
    big_gin,
    deadwood,
    discard,
    draw,
    events_for,
    knock,
    legal_actions,
    new_game,
    next_hand,
    parse_card,
    pass_upcard,
    score_knock,
    take_upcard,
    verify_deal,
    view_for,
)

STARTER_HAND = "AC 2C 3C 4D 5D 6D 8H 8S 8C 2S"  # A-2-3♣, 4-5-6♦, three 8s; the 2♠ is 2 deadwood
OTHER_HAND = "9C TC JC 3H 4H 5H 9D JD KD 6S"  # 9-10-J♣, 3-4-5♥; 9♦ J♦ K♦ 6♠ are 35 deadwood
OTHER_DEADWOOD = 35


def standard(upcard: str = "QH", stock_top: str = "KH", *, rules: Rules = HOUSE, starter: int = 0) -> GameState:
    return dealt(STARTER_HAND, OTHER_HAND, upcard, stock_top, rules=rules, starter=starter)


def c(code: str) -> Card:
    return parse_card(code)


def both_pass(state: GameState) -> GameState:
    starter = state.hand.starter
    return act(state, pass_upcard(starter), pass_upcard(1 - starter))


def starter_knocks(state: GameState) -> GameState:
    """Both pass; seat 0 draws the K♥ and knocks, throwing it: 2 deadwood against 35, 33 points."""
    return act(both_pass(state), draw(0, "stock"), knock(0, c("KH")))


def melds_of(text: str) -> list[list[str]]:
    return [[card.code for card in meld] for meld in best_melds(cards(text)).melds]


# --- cards and melds --------------------------------------------------------------------------------------

def test_card_values() -> None:
    # Ace 1, number cards their number, J Q K 10 each.
    assert best_melds(cards("AS 5H TD JC QD KS")).deadwood == 1 + 5 + 10 + 10 + 10 + 10


def test_aces_are_low_only() -> None:
    assert best_melds(cards("AH 2H 3H")).deadwood == 0  # A-2-3 is a run
    assert best_melds(cards("QH KH AH")).deadwood == 21  # Q-K-A is not
    assert best_melds(cards("KH AH 2H")).deadwood == 13  # and K-A-2 does not wrap


def test_sets_of_three_and_four() -> None:
    assert melds_of("7C 7D 7H") == [["7C", "7D", "7H"]]
    assert melds_of("7C 7D 7H 7S") == [["7C", "7D", "7H", "7S"]]
    assert best_melds(cards("7C 7D")).deadwood == 14  # a pair is no meld


def test_runs_need_three_cards_of_one_suit_in_order() -> None:
    assert melds_of("9S TS JS QS KS") == [["9S", "TS", "JS", "QS", "KS"]]
    assert best_melds(cards("4H 5H 7H")).deadwood == 16  # a gap
    assert best_melds(cards("4H 5H 6D")).deadwood == 15  # two suits


def test_a_card_belongs_to_one_meld_only() -> None:
    # Four sevens and 8♠ 9♠: the 7♠ goes into the run, the other three sevens stay a set.
    result = best_melds(cards("7C 7D 7H 7S 8S 9S"))
    assert result.deadwood == 0
    assert sorted(map(sorted, result.melds)) == sorted([sorted(cards("7C 7D 7H")), sorted(cards("7S 8S 9S"))])
    # Without the 9♠ the set of four is best: 8♠ alone is 8, while 7♠ 8♠ outside a set of three is 15.
    result = best_melds(cards("7C 7D 7H 7S 8S"))
    assert (result.deadwood, result.deadwood_cards) == (8, [c("8S")])


def test_the_least_deadwood_arrangement_is_chosen() -> None:
    # 3-4-5-6♥ as one run leaves 6♣ 6♦ (12); the set of sixes plus 3-4-5♥ leaves nothing.
    assert best_melds(cards("3H 4H 5H 6H 6C 6D")).deadwood == 0
    # The docstring's hand: A-2-3♠ and the sevens melded, K♦ left.
    result = best_melds(cards("AS 2S 3S 7H 7D 7C KD"))
    assert (result.deadwood, result.deadwood_cards) == (10, [c("KD")])
    assert deadwood(cards("AS 2S 3S 7H 7D 7C KD")) == 10


def test_melds_and_deadwood_cards_make_up_the_hand() -> None:
    hand = cards("AC 2C 3C 4C 5C 5D 5H 9S TS JS")
    result = best_melds(hand)
    melded = [card for meld in result.melds for card in meld]
    assert sorted(melded + result.deadwood_cards) == sorted(hand)
    assert result.is_gin


# --- the showdown -----------------------------------------------------------------------------------------

def test_worked_example_undercut() -> None:
    # The knocker has 8 deadwood (the 8♦). The defender lays the 8♥ and 9♥ off on 5-6-7♥ and keeps
    # A♣ 4♦: 5 deadwood, which undercuts: 25 + 8 − 5 = 28 to the defender.
    result = score_knock(cards("5H 6H 7H 9C 9D 9S 2S 3S 4S 8D"), cards("8H 9H KC KD KH TS JS QS AC 4D"))
    assert (result.kind, result.winner) == ("undercut", "defender")
    assert (result.knocker_deadwood, result.defender_deadwood, result.points) == (8, 5, 28)
    assert {layoff.card for layoff in result.layoffs} == set(cards("8H 9H"))
    assert result.lines == (ScoreLine("undercut bonus", 25), ScoreLine("knocker's deadwood", 8),
                            ScoreLine("defender's deadwood", -5))
    assert result.explanation == "Undercut: 25 + 8 − 5 = 28"


def test_a_knock_scores_the_difference() -> None:
    # Knocker: 5-6-7♥, three kings, 2-3-4♣ and the A♦ (1). Defender: 7♣ 7♦ 7♠ and 2-3-4♠ melded;
    # 8♥ 9♥ 10♠ 9♣ are 36 deadwood, and the 8♥ then the 9♥ extend 5-6-7♥ (a chain): 19 left.
    result = score_knock(cards("5H 6H 7H KC KD KS 2C 3C 4C AD"), cards("8H 9H 2S 3S 4S 7C 7D 7S TS 9C"))
    run = result.knocker_melds.index(tuple(cards("5H 6H 7H")))
    assert result.layoffs == (Layoff(c("8H"), run), Layoff(c("9H"), run))
    assert (result.defender_deadwood_before_layoffs, result.defender_deadwood) == (36, 19)
    assert (result.kind, result.winner, result.points) == ("knock", "knocker", 18)
    assert result.explanation == "Knock: 19 − 1 = 18"
    assert sorted(result.defender_deadwood_cards) == sorted(cards("TS 9C"))


def test_layoff_of_the_fourth_card_on_a_set_of_three() -> None:
    # The defender's K♥ joins the knocker's three kings; Q♦ J♦ 9♣ stay (29).
    result = score_knock(cards("5H 6H 7H KC KD KS 2C 3C 4C AD"), cards("KH QD JD 2S 3S 4S 7C 7D 7S 9C"))
    kings = result.knocker_melds.index(tuple(cards("KC KD KS")))
    assert result.layoffs == (Layoff(c("KH"), kings),)
    assert (result.defender_deadwood, result.points) == (29, 28)


def test_no_layoffs_against_gin() -> None:
    # Gin. The defender's 4♥ 8♥ 9♥ K♥ would fit the knocker's melds, but nothing is laid off against Gin:
    # 25 + all 60 of the defender's deadwood.
    result = score_knock(cards("5H 6H 7H KC KD KS 2C 3C 4C 5C"), cards("8H 9H KH 4H QD JD 7C 7D 7S 9C"))
    assert (result.kind, result.winner, result.knocker_deadwood) == ("gin", "knocker", 0)
    assert result.layoffs == ()
    assert result.defender_deadwood == result.defender_deadwood_before_layoffs == 60
    assert result.points == 85
    assert result.explanation == "Gin: 25 + 60 = 85"


def test_a_tie_is_an_undercut() -> None:
    # Both have 1 deadwood (A♦ against A♥): the defender scores 25 + 1 − 1.
    result = score_knock(cards("5H 6H 7H KC KD KS 2C 3C 4C AD"), cards("9D TD JD 2S 3S 4S 6C 7C 8C AH"))
    assert (result.kind, result.winner, result.points) == ("undercut", "defender", 25)
    assert result.explanation == "Undercut: 25 + 1 − 1 = 25"


def test_knocker_arrangement_leaves_the_defender_the_least_layoffs() -> None:
    # The knocker's 4-5-6♥ with 5♣ 5♦ is 10 deadwood either way: the run (5♣ 5♦ left) or the set of
    # fives (4♥ 6♥ left). Against the run the defender would lay off 3♥ 7♥ (and 8♠ on 9-K♠): 47 left.
    # Against the set only the 5♠ and 8♠ go: 52 left. The product shows the set.
    result = score_knock(cards("4H 5H 6H 5C 5D 9S TS JS QS KS"), cards("3H 7H 5S 8S AC 2D 9C JD QC KH"))
    assert tuple(cards("5C 5D 5H")) in result.knocker_melds
    assert sorted(result.knocker_deadwood_cards) == sorted(cards("4H 6H"))
    assert {layoff.card for layoff in result.layoffs} == set(cards("5S 8S"))
    assert (result.knocker_deadwood, result.defender_deadwood, result.points) == (10, 52, 42)


def test_defender_chooses_melds_and_layoffs_together() -> None:
    # The 8♥ could start a chain 8♥ 9♥ on the knocker's 5-6-7♥, but then 8♣ 8♦ are 16 deadwood. Keeping
    # 8♣ 8♦ 8♥ as a set costs only the 9♥. The 4♥ is laid off either way. Best: 9♥ J♦ Q♥ = 29.
    result = score_knock(cards("5H 6H 7H KC KD KS 2C 3C 4C AD"), cards("4H 8H 9H 8C 8D 2S 3S 4S JD QH"))
    assert [layoff.card for layoff in result.layoffs] == [c("4H")]
    assert tuple(cards("8C 8D 8H")) in result.defender_melds
    assert result.defender_deadwood == 29
    assert result.points == 28


def test_score_knock_refuses_bad_hands() -> None:
    with pytest.raises(ValueError, match="both hands hold"):
        score_knock(cards("5H 6H 7H KC KD KS 2C 3C 4C AD"), cards("AD 8H 9H 8C 8D 2S 3S 4S JD QH"))
    with pytest.raises(ValueError, match="10 different cards"):
        score_knock(cards("5H 6H 7H"), cards("4H 8H 9H 8C 8D 2S 3S 4S JD QH"))


# --- the deal and the first upcard ------------------------------------------------------------------------

def test_a_new_deal_has_ten_cards_each_an_upcard_and_31_in_the_stock() -> None:
    state = new_game(HOUSE, 2024)
    hand = state.hand
    assert (len(hand.hands[0]), len(hand.hands[1]), len(hand.discard), len(hand.stock)) == (10, 10, 1, 31)
    assert sorted(table_cards(state)) == list(range(52))
    assert hand.discard == (hand.upcard,)
    assert (hand.phase, hand.turn, hand.starter) == (Phase.FIRST_UPCARD, state.first_starter, state.first_starter)
    assert new_game(HOUSE, 2024) == state  # the seed decides everything


def test_both_pass_then_the_starter_must_draw_from_the_stock() -> None:
    state = both_pass(standard())
    assert (state.phase, state.hand.turn) == (Phase.DRAW, 0)
    assert legal_actions(state) == [draw(0, "stock")]
    error = refusal(state, draw(0, "discard"))
    assert error.code == "must_draw_stock"
    assert "stock" in error.message


def test_after_the_forced_stock_draw_the_discard_pile_is_open_again() -> None:
    # Both pass, the starter draws the K♥ and throws the 2♠: the other player may take the 2♠.
    state = act(both_pass(standard()), draw(0, "stock"), discard(0, c("2S")))
    assert draw(1, "discard") in legal_actions(state)
    state = act(state, draw(1, "discard"))
    assert c("2S") in state.hand.hands[1]


def test_the_other_player_may_take_the_upcard_after_the_starter_passes() -> None:
    state = act(standard(), pass_upcard(0))
    assert legal_actions(state) == [take_upcard(1), pass_upcard(1)]
    state = act(state, take_upcard(1), discard(1, c("6S")))
    # Then play alternates: the starter draws, and may take the 6♠ just thrown.
    assert (state.phase, state.hand.turn, state.hand.discard[-1]) == (Phase.DRAW, 0, c("6S"))
    assert draw(0, "discard") in legal_actions(state)


def test_the_upcard_taken_may_not_be_discarded_nor_be_the_knock_discard() -> None:
    # The starter takes the Q♥. Throwing it back is refused, plainly or as the knock discard,
    # but knocking with the 2♠ (keeping the Q♥: 10 deadwood) is fine.
    state = act(standard(upcard="QH"), take_upcard(0))
    for action in (discard(0, c("QH")), knock(0, c("QH"))):
        error = refusal(state, action)
        assert error.code == "cannot_discard_taken_card"
        assert "QH" in error.message
        assert action not in legal_actions(state)
    assert knock(0, c("2S")) in legal_actions(state)
    options = {option.card: option for option in view_for(state, 0).discard_options}
    assert (options[c("QH")].deadwood, options[c("QH")].can_knock) == (2, False)
    assert (options[c("2S")].deadwood, options[c("2S")].can_knock) == (10, True)
    state = act(state, knock(0, c("2S")))
    assert state.hand.result is not None and state.hand.result.outcome == "knock"


def test_a_card_drawn_from_the_discard_pile_may_not_be_thrown_back() -> None:
    # The starter takes the Q♥ and throws the 2♠; the other player draws the 2♠ and may not throw it.
    state = act(standard(), take_upcard(0), discard(0, c("2S")), draw(1, "discard"))
    assert state.hand.taken == c("2S")
    assert refusal(state, discard(1, c("2S"))).code == "cannot_discard_taken_card"
    assert refusal(state, knock(1, c("2S"))).code == "cannot_discard_taken_card"
    assert discard(1, c("6S")) in legal_actions(state)


def test_a_card_drawn_from_the_stock_may_be_discarded_at_once() -> None:
    state = act(both_pass(standard(stock_top="QS")), draw(0, "stock"))
    assert c("QS") in state.hand.hands[0]
    assert discard(0, c("QS")) in legal_actions(state)
    state = act(state, discard(0, c("QS")))
    assert (state.hand.discard[-1], state.hand.turn) == (c("QS"), 1)


def test_a_knock_over_the_limit_is_refused_with_the_reason() -> None:
    # Two melds and A♥ 2♠ 4♠ 7♥ (14); the K♣ drawn is thrown as the knock discard: 14 is over 10.
    state = dealt("AC 2C 3C 4D 5D 6D AH 2S 4S 7H", OTHER_HAND, "QH", "KC")
    state = act(both_pass(state), draw(0, "stock"))
    error = refusal(state, knock(0, c("KC")))
    assert error.code == "knock_over_limit"
    assert error.message == "deadwood would be 14; a knock needs 10 or less"
    assert not any(action.kind == ActionKind.KNOCK for action in legal_actions(state))


def test_knock_is_offered_only_with_discards_that_allow_it() -> None:
    # After drawing the K♥ the starter can knock by throwing the K♥ (2 left) or the 2♠ (10 left), nothing else.
    state = act(both_pass(standard()), draw(0, "stock"))
    knocks = {action.card for action in legal_actions(state) if action.kind == ActionKind.KNOCK}
    assert knocks == {c("KH"), c("2S")}


def test_refusal_codes_for_turn_card_and_phase() -> None:
    state = standard()
    assert refusal(state, take_upcard(1)).code == "not_your_turn"
    assert refusal(state, discard(0, c("AC"))).code == "wrong_phase"
    state = act(state, take_upcard(0))
    assert refusal(state, discard(0, c("KS"))).code == "card_not_in_hand"
    assert refusal(state, draw(0, "stock")).code == "wrong_phase"
    assert refusal(state, discard(1, c("6S"))).code == "not_your_turn"
    over = act(state, knock(0, c("2S")))
    assert over.phase == Phase.HAND_OVER
    assert refusal(over, discard(1, c("6S"))).code == "wrong_phase"
    assert legal_actions(over) == [next_hand(0), next_hand(1)]


# --- the stock rule ----------------------------------------------------------------------------------------

def test_a_plain_discard_after_leaving_two_in_the_stock_ends_the_hand_with_no_score() -> None:
    state = stock_down_to(both_pass(standard()), 3)
    state = act(state, draw(0, "stock"))
    assert len(state.hand.stock) == 2
    state, events = apply(state, discard(0, c("KH")))
    result = state.hand.result
    assert state.phase == Phase.HAND_OVER
    assert result is not None and (result.outcome, result.winner, result.points) == ("no_score", None, 0)
    assert state.scores == (0, 0)
    assert state.history[-1].outcome == "no_score"
    assert events[-1].result == "no_score"
    assert sorted(table_cards(state)) == list(range(52))
    assert round_trips(state)


def test_a_knock_is_still_allowed_when_the_draw_leaves_two() -> None:
    state = act(stock_down_to(both_pass(standard()), 3), draw(0, "stock"))
    assert knock(0, c("KH")) in legal_actions(state)
    state = act(state, knock(0, c("KH")))
    assert state.hand.result is not None and state.hand.result.outcome == "knock"
    assert state.scores == (OTHER_DEADWOOD - 2, 0)


def test_a_draw_from_the_pile_does_not_use_up_the_stock() -> None:
    # Three left in the stock: a pile draw and discard go on as usual; the next stock draw leaves two.
    state = stock_down_to(act(standard(), take_upcard(0), discard(0, c("2S"))), 3)
    state = act(state, draw(1, "discard"), discard(1, c("6S")))
    assert (state.phase, len(state.hand.stock)) == (Phase.DRAW, 3)
    state = act(state, draw(0, "stock"), discard(0, c("KH")))
    assert state.hand.result is not None and state.hand.result.outcome == "no_score"


# --- the match ---------------------------------------------------------------------------------------------

def no_score_hand(state: GameState) -> GameState:
    """Play the current hand out to a no-score ending: both pass, and the stock runs down to two."""
    starter = state.hand.starter
    state = stock_down_to(both_pass(state), 3)
    state = act(state, draw(starter, "stock"))
    return act(state, discard(starter, state.hand.hands[starter][0]))


def test_the_starter_alternates_every_hand_even_after_no_score_and_whoever_wins() -> None:
    state = new_game(HOUSE, 11)
    first = state.first_starter
    starters = [state.hand.starter]
    for _ in range(3):  # three no-score hands
        state = act(no_score_hand(state), next_hand(0))
        starters.append(state.hand.starter)
    # Hand 4: its starter knocks and wins; hand 5 is still started by the other player.
    starter = state.hand.starter
    state = act(state._replace(hand=standard(starter=starter).hand._replace(number=4)),
                pass_upcard(starter), pass_upcard(1 - starter), draw(starter, "stock"), knock(starter, c("KH")))
    assert state.hand.result is not None and state.hand.result.winner == starter
    state = act(state, next_hand(starter))
    starters.append(state.hand.starter)
    assert starters == [first, 1 - first, first, 1 - first, first]
    assert [summary.starter for summary in state.history] == starters[:4]
    assert [summary.outcome for summary in state.history] == ["no_score"] * 3 + ["knock"]
    assert state.hand.number == 5


def test_scores_carry_over_and_the_match_ends_at_the_target() -> None:
    state = standard()._replace(scores=(70, 40))
    state = starter_knocks(state)  # 35 − 2 = 33: seat 0 reaches 103
    assert state.scores == (103, 40)
    assert (state.phase, state.winner) == (Phase.MATCH_OVER, 0)
    assert legal_actions(state) == []
    for action in (next_hand(0), discard(1, c("6S"))):
        assert refusal(state, action).code == "match_over"
    view = view_for(state, 1)
    assert (view.winner, view.turn, view.legal_actions) == (0, None, ())


def test_below_the_target_the_match_goes_on() -> None:
    state = starter_knocks(standard()._replace(scores=(66, 0)))
    assert (state.scores, state.phase, state.winner) == ((99, 0), Phase.HAND_OVER, None)


# --- variants ----------------------------------------------------------------------------------------------

def test_straight_gin_only_gin_may_knock() -> None:
    state = act(both_pass(standard(stock_top="KH QS 8D", rules=STRAIGHT)), draw(0, "stock"))
    assert state.hand.knock_limit == 0
    error = refusal(state, knock(0, c("KH")))
    assert (error.code, error.message) == ("knock_over_limit", "deadwood would be 2; a knock needs Gin (no deadwood)")
    # The other player draws the Q♠; then the starter draws the 8♦ (four eights) and goes Gin throwing the 2♠.
    state = act(state, discard(0, c("KH")), draw(1, "stock"), discard(1, c("6S")), draw(0, "stock"))
    assert knock(0, c("2S")) in legal_actions(state, 0)
    state = act(state, knock(0, c("2S")))
    assert state.hand.result is not None and state.hand.result.outcome == "gin"


@pytest.mark.parametrize(
    ("rules", "upcard", "limit"),
    [(OKLAHOMA, "4S", 4), (OKLAHOMA, "KS", 10), (OKLAHOMA, "TS", 10), (OKLAHOMA, "AS", 1),
     (OKLAHOMA_CLASSIC, "AS", 0), (OKLAHOMA_CLASSIC, "7S", 7), (HOUSE, "AS", 10)],
)
def test_oklahoma_the_upcard_sets_the_knock_limit(rules: Rules, upcard: str, limit: int) -> None:
    state = standard(upcard=upcard, rules=rules)
    assert state.hand.knock_limit == limit
    assert view_for(state, 1).knock_limit == limit


def test_oklahoma_deals_use_the_upcard_value() -> None:
    for seed in range(40):
        hand = new_game(OKLAHOMA_CLASSIC, seed).hand
        rank = hand.upcard.rank
        expected = 0 if rank == 0 else min(rank + 1, 10)
        assert hand.knock_limit == expected, hand.upcard


def test_oklahoma_refuses_a_knock_over_the_upcard_value() -> None:
    # Upcard 4♠: knock limit 4. Keeping the 5♣ drawn (5) is refused; throwing it (2♠ left) is a knock.
    state = act(both_pass(standard(upcard="4S", stock_top="5C", rules=OKLAHOMA)), draw(0, "stock"))
    assert refusal(state, knock(0, c("2S"))).message == "deadwood would be 5; a knock needs 4 or less"
    state = act(state, knock(0, c("5C")))
    result = state.hand.result
    assert result is not None and (result.outcome, result.points, result.multiplier) == ("knock", 33, 1)


def test_oklahoma_ace_must_be_gin() -> None:
    state = act(both_pass(standard(upcard="AS", rules=OKLAHOMA_CLASSIC)), draw(0, "stock"))
    assert refusal(state, knock(0, c("KH"))).message == "deadwood would be 2; a knock needs Gin (no deadwood)"


def test_oklahoma_spades_double_the_points() -> None:
    state = starter_knocks(standard(upcard="4S", rules=OKLAHOMA_CLASSIC))
    result = state.hand.result
    assert result is not None and (result.points, result.multiplier) == (66, 2)
    assert state.scores == (66, 0)
    # The same deal with a club upcard, or without the option, is not doubled.
    assert starter_knocks(standard(upcard="4C", rules=OKLAHOMA_CLASSIC)).scores == (33, 0)
    assert starter_knocks(standard(upcard="4S", rules=OKLAHOMA)).scores == (33, 0)


def big_gin_deal(rules: Rules) -> GameState:
    """The starter holds A-2-3♣, 4-5-6-7♦ and three eights and draws the 8♦: all 11 cards meld."""
    state = dealt("AC 2C 3C 4D 5D 6D 7D 8H 8S 8C", OTHER_HAND, "QH", "8D", rules=rules)
    return act(both_pass(state), draw(0, "stock"))


def test_big_gin_ends_the_hand_without_a_discard() -> None:
    state = big_gin_deal(BIG_GIN)
    assert big_gin(0) in legal_actions(state)
    pile = state.hand.discard
    state = act(state, big_gin(0))
    result = state.hand.result
    assert result is not None and result.showdown is not None
    assert (result.outcome, result.winner, result.points) == ("big_gin", 0, 31 + OTHER_DEADWOOD)
    assert result.showdown.explanation == f"Big Gin: 31 + {OTHER_DEADWOOD} = {31 + OTHER_DEADWOOD}"
    assert (len(state.hand.hands[0]), state.hand.discard) == (11, pile)
    assert sorted(table_cards(state)) == list(range(52))
    assert round_trips(state)


def test_big_gin_bonus_is_a_setting() -> None:
    state = act(big_gin_deal(BIG_GIN.with_settings(big_gin_bonus=50)), big_gin(0))
    assert state.scores == (50 + OTHER_DEADWOOD, 0)


def test_big_gin_refused_without_the_setting_or_without_all_cards_melded() -> None:
    state = big_gin_deal(HOUSE)
    assert big_gin(0) not in legal_actions(state)
    assert refusal(state, big_gin(0)).code == "big_gin_not_allowed"
    # House rules: the same 11 cards go Gin with a discard instead.
    assert knock(0, c("8D")) in legal_actions(state)
    not_melded = act(both_pass(standard(rules=BIG_GIN)), draw(0, "stock"))
    assert refusal(not_melded, big_gin(0)).code == "not_big_gin"


def test_line_bonus_goes_to_the_winner_of_each_hand() -> None:
    state = starter_knocks(standard(rules=LINE_BONUS))
    result = state.hand.result
    assert result is not None and (result.points, result.line_bonus) == (33 + 15, 15)
    assert state.scores == (48, 0)


def test_traditional_box_and_game_bonus_are_added_at_the_end() -> None:
    state = standard(rules=TRADITIONAL)._replace(scores=(70, 20), hands_won=(2, 1))
    assert state.final_scores == (70, 20)
    state = starter_knocks(state)
    assert (state.winner, state.scores, state.hands_won) == (0, (103, 20), (3, 1))
    assert state.final_scores == (103 + 3 * 25 + 100, 20 + 25)
    assert view_for(state, 1).final_scores == state.final_scores
    assert round_trips(state)


def win_hand(state: GameState, seat: int) -> GameState:
    """Deal the next hand with ``seat`` as the starter holding the standard hand, and knock for 33."""
    number = state.hand.number + 1 if state.history else 1
    state = state._replace(hand=standard(starter=seat, rules=state.rules).hand._replace(number=number))
    return act(state, pass_upcard(seat), pass_upcard(1 - seat), draw(seat, "stock"), knock(seat, c("KH")))


def game_scores(state: GameState) -> list[tuple[int, int]]:
    return [game.scores for game in state.games]


def test_hollywood_wins_open_the_games_one_at_a_time() -> None:
    state = new_game(HOLLYWOOD, 3)
    assert state.games == (HollywoodGame(),) * 3
    state = win_hand(state, 0)  # seat 0's first win: game 1
    assert game_scores(state) == [(33, 0), (0, 0), (0, 0)]
    state = win_hand(state, 0)  # second: games 1 and 2
    assert game_scores(state) == [(66, 0), (33, 0), (0, 0)]
    state = win_hand(state, 1)  # seat 1's first win: game 1 only
    assert game_scores(state) == [(66, 33), (33, 0), (0, 0)]
    state = win_hand(state, 0)  # seat 0's third: games 1 to 3
    assert game_scores(state) == [(99, 33), (66, 0), (33, 0)]
    state = win_hand(state, 0)  # game 1 closes at the target, won by seat 0
    assert game_scores(state) == [(132, 33), (99, 0), (66, 0)]
    assert [game.winner for game in state.games] == [0, None, None]
    assert state.phase == Phase.HAND_OVER
    state = win_hand(state, 1)  # seat 1's second win: game 1 is closed, so only game 2
    assert game_scores(state) == [(132, 33), (99, 33), (66, 0)]
    state = win_hand(state, 0)  # game 2 closes too: two of three games, seat 0 wins the match
    assert game_scores(state) == [(132, 33), (132, 33), (99, 0)]
    assert [game.winner for game in state.games] == [0, 0, None]
    assert (state.phase, state.winner) == (Phase.MATCH_OVER, 0)
    assert state.scores == (5 * 33, 2 * 33)
    assert round_trips(state)


def test_hollywood_five_needs_three_games() -> None:
    state = new_game(HOLLYWOOD_FIVE, 3)
    assert len(state.games) == 5
    while sum(game.winner == 0 for game in state.games) < 2:
        state = win_hand(state, 0)
    assert state.winner is None  # two games of five are not enough
    while state.winner is None:
        state = win_hand(state, 0)
    assert sum(game.winner == 0 for game in state.games) == 3
    assert (state.phase, state.winner) == (Phase.MATCH_OVER, 0)


# --- what each seat may see --------------------------------------------------------------------------------

def hidden_from(state: GameState, seat: int) -> set[Card]:
    """Cards ``seat`` may not know: the stock, and the opponent's cards not taken from the discard pile."""
    hand = state.hand
    opponent = 1 - seat
    return (set(hand.hands[opponent]) - set(hand.pile_takes[opponent])) | set(hand.stock)


def test_a_view_shows_own_cards_and_the_table() -> None:
    state = act(standard(), take_upcard(0))
    view = view_for(state, 0)
    assert view.hand == state.hand.hands[0]
    assert (view.deadwood, set(view.deadwood_cards)) == (12, {c("2S"), c("QH")})
    assert len(view.melds) == 3
    assert view.legal_actions == tuple(legal_actions(state, 0))
    assert (view.stock_count, view.opponent_card_count, view.taken_card) == (31, 10, c("QH"))
    assert (view.result, view.revealed, view.deck, view.salt) == (None, None, None, None)
    other = view_for(state, 1)
    assert (other.hand, other.deadwood, other.legal_actions) == (state.hand.hands[1], OTHER_DEADWOOD, ())
    assert other.opponent_known == (c("QH"),)


def test_a_view_never_shows_hidden_cards_while_a_hand_is_played() -> None:
    player = RandomPlayer(seed=5, knock_chance=0.2)
    state = new_game(HOUSE, 5)
    pile_takes = 0
    for _ in range(3):  # three hands
        while state.phase == Phase.HAND_OVER:
            state = act(state, next_hand(0))
        while state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
            for seat in (0, 1):
                text = json.dumps(view_for(state, seat).to_json())
                leaked = [card.code for card in hidden_from(state, seat) if f'"{card.code}"' in text]
                assert leaked == [], f"seat {seat} sees {leaked}"
            state = act(state, player.choose(state, legal_actions(state)))
        pile_takes += len(state.hand.pile_takes[0]) + len(state.hand.pile_takes[1])
    assert pile_takes > 0  # known cards in the opponent's hand were shown, and allowed


def test_events_hide_the_card_drawn_from_the_stock_until_the_hand_is_over() -> None:
    state, events = apply(both_pass(standard()), draw(0, "stock"))
    assert events_for(events, 0, state)[0].card == c("KH")
    assert events_for(events, 1, state)[0].card is None
    over = act(state, knock(0, c("KH")))
    assert events_for(events, 1, over)[0].card == c("KH")


def test_after_the_hand_the_view_reveals_both_hands_the_scoring_and_the_deck() -> None:
    state = standard()
    commitment = view_for(state, 1).commitment
    state = starter_knocks(state)
    view = view_for(state, 1)
    assert view.revealed is not None and view.result is not None and view.result.showdown is not None
    assert [hand.cards for hand in view.revealed] == list(state.hand.hands)
    assert (view.revealed[0].deadwood, view.revealed[1].deadwood) == (2, OTHER_DEADWOOD)
    showdown = view.result.showdown
    assert showdown.lines == (ScoreLine("defender's deadwood", 35), ScoreLine("knocker's deadwood", -2))
    assert showdown.explanation == "Knock: 35 − 2 = 33"
    assert view.to_json()["result"]["showdown"]["explanation"] == "Knock: 35 − 2 = 33"
    assert view.commitment == commitment
    assert view.deck is not None and view.salt is not None
    deck = [card.code for card in view.deck]
    assert verify_deal(deck, view.salt, commitment)
    assert verify_deal(" ".join(deck), view.salt, commitment.upper())
    tampered = [deck[1], deck[0], *deck[2:]]
    assert not verify_deal(tampered, view.salt, commitment)
    assert not verify_deal(deck, "0" * 32, commitment)
    assert not verify_deal(deck[:51], view.salt, commitment)


def test_a_real_deal_verifies_against_its_commitment() -> None:
    state = new_game(HOUSE, 99)
    commitment = view_for(state, 0).commitment
    state = stock_down_to(both_pass(state), 3)
    starter = state.hand.starter
    state = act(state, draw(starter, "stock"))
    state = act(state, discard(starter, state.hand.hands[starter][0]))
    view = view_for(state, 0)
    assert view.deck == new_game(HOUSE, 99).hand.deck
    assert view.salt is not None and verify_deal([card.code for card in view.deck], view.salt, commitment)
