"""Properties: the engine's searches against brute force, and random legal play from deal to match end."""

from __future__ import annotations

import random
from collections.abc import Iterable

import pytest
from engine_helpers import RecordingPlayer, playout, round_trips, table_cards
from engine_reference import (
    is_meld,
    knock_reference,
    least_deadwood,
    least_defender_deadwood,
    rank,
    suit,
    total,
)
from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.engine import (
    CARDS,
    HOUSE,
    PRESETS,
    ActionKind,
    Card,
    GameState,
    Phase,
    Rules,
    best_melds,
    deadwood,
    discard_deadwoods,
    legal_actions,
    mask_of,
    new_game,
    replay,
    score_knock,
)
from ginrummy.engine.discard_search import least_discard_deadwood_of_mask
from ginrummy.engine.knocks import knock_points
from ginrummy.engine.layoffs import best_defense
from ginrummy.engine.melds import optimal_arrangements_of_mask

FAST = settings(max_examples=500, deadline=None)
SLOW = settings(max_examples=250, deadline=None)


# --- strategies ---------------------------------------------------------------------------------------------

@st.composite
def hands(draw: st.DrawFn, min_size: int = 0, max_size: int = 11) -> list[Card]:
    """Hands from the whole deck, or (more often) from a few neighbouring ranks, where melds overlap."""
    if draw(st.integers(0, 3)):
        low = draw(st.integers(0, 10))
        pool = [card for card in CARDS if low <= card.rank < low + draw(st.integers(3, 6))]
    else:
        pool = list(CARDS)
    size = draw(st.integers(min_size, min(max_size, len(pool))))
    return draw(st.permutations(pool))[:size]


def random_meld(rng: random.Random) -> set[int]:
    if rng.random() < 0.5:
        card_rank = rng.randrange(13)
        return {s * 13 + card_rank for s in rng.sample(range(4), rng.choice((3, 3, 4)))}
    length = rng.choice((3, 3, 4, 5))
    start, card_suit = rng.randrange(14 - length), rng.randrange(4)
    return {card_suit * 13 + r for r in range(start, start + length)}


def ambiguous_cluster(rng: random.Random) -> set[int]:
    """A run of three low cards and its middle rank in two more suits: the run or the set of the middle rank
    leave the same deadwood, but not the same layoffs."""
    middle = rng.randint(1, 4)
    run_suit, *others = rng.sample(range(4), 3)
    return {run_suit * 13 + r for r in (middle - 1, middle, middle + 1)} | {s * 13 + middle for s in others}


def knocker_hand(rng: random.Random) -> frozenset[int]:
    """Ten cards with at most 10 deadwood: random melds (sometimes an ambiguous cluster), topped up with low
    cards."""
    while True:
        hand = ambiguous_cluster(rng) if rng.random() < 0.3 else set()
        for _ in range(rng.randint(2, 4)):
            meld = random_meld(rng)
            if not meld & hand and len(hand | meld) <= 10:
                hand |= meld
        low_cards = [card for card in range(52) if rank(card) < 4 and card not in hand]
        hand |= set(rng.sample(low_cards, 10 - len(hand)))
        if least_deadwood(frozenset(hand)) <= 10:
            return frozenset(hand)


def defender_hand(rng: random.Random, knocker: frozenset[int]) -> frozenset[int]:
    """Ten other cards: often a meld or two of their own (so that undercuts happen), and several cards next
    to the knocker's (so that layoffs happen, and compete with the defender's own melds)."""
    hand: set[int] = set()
    for _ in range(rng.randint(0, 4)):
        meld = random_meld(rng)
        if not meld & (knocker | hand) and len(hand | meld) <= 10:
            hand |= meld
    near = sorted({other for card in knocker for other in range(52)
                   if rank(other) == rank(card) or (suit(other) == suit(card) and abs(other - card) <= 2)}
                  - knocker - hand)
    hand |= set(rng.sample(near, min(len(near), rng.randint(0, 10 - len(hand)))))
    rest = [card for card in range(52) if card not in knocker | hand]
    return frozenset(hand | set(rng.sample(rest, 10 - len(hand))))


# --- checks -------------------------------------------------------------------------------------------------

def check_arrangement(hand: Iterable[int], melds: Iterable[Iterable[int]], leftover: Iterable[int]) -> None:
    """Melds are valid and disjoint, and with the leftover cards they make up exactly the hand."""
    melds = [list(meld) for meld in melds]
    assert all(is_meld(meld) for meld in melds), melds
    melded = [card for meld in melds for card in meld]
    assert len(set(melded)) == len(melded), "a card is in two melds"
    assert sorted(melded + list(leftover)) == sorted(hand)


def apply_layoffs(melds: Iterable[Iterable[int]], layoffs: Iterable[tuple[int, int]]) -> None:
    """Each layoff, in order, extends its meld as extended so far."""
    extended = [set(meld) for meld in melds]
    for card, index in layoffs:
        assert is_meld(extended[index] | {card}), f"{CARDS[card]} does not extend meld {index}"
        extended[index].add(card)


def check_state(state: GameState) -> None:
    hand = state.hand
    assert sorted(table_cards(state)) == list(range(52)), "cards lost or duplicated"
    sizes = [len(cards) for cards in hand.hands]
    if hand.phase == Phase.DISCARD:
        assert sizes[hand.turn] == 11 and sizes[1 - hand.turn] == 10
    elif not (hand.result is not None and hand.result.outcome == "big_gin"):
        assert sizes == [10, 10]
    assert state.scores == tuple(sum(h.points for h in state.history if h.winner == s) for s in (0, 1))
    assert len(hand.stock) >= 2


def check_hand_result(state: GameState) -> None:
    hand, result = state.hand, state.hand.result
    assert result is not None
    showdown = result.showdown
    if result.outcome == "no_score":
        assert (result.winner, result.points, len(hand.stock)) == (None, 0, 2)
        return
    assert showdown is not None and result.knocker is not None and result.winner is not None
    assert result.points > 0
    assert showdown.knocker_deadwood <= hand.knock_limit
    assert (showdown.knocker_deadwood == 0) == (result.outcome in ("gin", "big_gin"))
    knocker = hand.hands[result.knocker]
    assert least_deadwood(frozenset(knocker)) == showdown.knocker_deadwood


def check_match_end(state: GameState) -> None:
    winner, rules = state.winner, state.rules
    assert winner is not None and state.phase == Phase.MATCH_OVER
    assert legal_actions(state) == []
    if rules.scoring == "hollywood":
        assert sum(game.winner == winner for game in state.games) > len(state.games) // 2
    else:
        assert state.scores[winner] >= rules.target > state.scores[1 - winner]


# --- (a), (b): melds against brute force ---------------------------------------------------------------------

@FAST
@given(hands())
def test_best_melds_is_the_least_deadwood_over_all_meld_choices(hand: list[Card]) -> None:
    result = best_melds(hand)
    assert result.deadwood == least_deadwood(frozenset(hand))
    assert deadwood(hand) == result.deadwood
    assert result.deadwood == total(result.deadwood_cards)
    check_arrangement(hand, result.melds, result.deadwood_cards)


@FAST
@given(hands(min_size=11))
def test_discard_deadwoods_is_the_best_deadwood_of_each_remainder(hand: list[Card]) -> None:
    whole = frozenset(hand)
    assert discard_deadwoods(hand) == {card: least_deadwood(whole - {card}) for card in hand}


@FAST
@given(hands(min_size=1))
def test_least_discard_deadwood_is_the_best_remainder(hand: list[Card]) -> None:
    whole = frozenset(hand)
    assert least_discard_deadwood_of_mask(mask_of(hand)) == min(least_deadwood(whole - {card}) for card in hand)


# --- (c): layoffs against brute force -----------------------------------------------------------------------

@SLOW
@given(st.randoms(use_true_random=False))
def test_showdown_matches_brute_force_layoffs(rng: random.Random) -> None:
    knocker = knocker_hand(rng)
    defender = defender_hand(rng, knocker)
    result = score_knock([CARDS[c] for c in sorted(knocker)], [CARDS[c] for c in sorted(defender)])
    knocker_deadwood, defender_deadwood = knock_reference(knocker, defender)
    assert (result.knocker_deadwood, result.defender_deadwood) == (knocker_deadwood, defender_deadwood)
    check_arrangement(knocker, result.knocker_melds, result.knocker_deadwood_cards)
    assert total(result.knocker_deadwood_cards) == knocker_deadwood
    if knocker_deadwood:  # the defender's best against the melds shown, by the engine and by brute force
        engine_best, _ = best_defense(mask_of(defender), result.knocker_melds)
        assert engine_best == least_defender_deadwood(defender, result.knocker_melds) == defender_deadwood
    else:  # no layoffs against Gin
        assert result.layoffs == ()
    laid = [layoff.card for layoff in result.layoffs]
    apply_layoffs(result.knocker_melds, [(layoff.card, layoff.meld) for layoff in result.layoffs])
    check_arrangement(defender - set(laid), result.defender_melds, result.defender_deadwood_cards)
    assert total(result.defender_deadwood_cards) == defender_deadwood
    # The scoring table.
    if knocker_deadwood == 0:
        assert (result.kind, result.points) == ("gin", 25 + defender_deadwood)
    elif knocker_deadwood < defender_deadwood:
        assert (result.kind, result.points) == ("knock", defender_deadwood - knocker_deadwood)
    else:
        assert (result.kind, result.points) == ("undercut", 25 + knocker_deadwood - defender_deadwood)
    # The players' scorer on masks gives the same points, signed from the knocker's side.
    signed = -result.points if result.winner == "defender" else result.points
    assert knock_points(optimal_arrangements_of_mask(mask_of(knocker)), mask_of(defender)) == signed


@SLOW
@given(st.randoms(use_true_random=False), hands(max_size=10))
def test_best_defense_matches_brute_force_for_any_melds(rng: random.Random, defender: list[Card]) -> None:
    # Knocker melds drawn at random (not from a hand), disjoint from each other and from the defender.
    melds: list[set[int]] = []
    for _ in range(rng.randint(1, 4)):
        meld = random_meld(rng)
        if not meld & set(defender) and all(not meld & other for other in melds):
            melds.append(meld)
    ordered = [[CARDS[c] for c in sorted(meld)] for meld in melds]
    left, layoffs = best_defense(mask_of(defender), ordered)
    assert left == least_defender_deadwood(frozenset(defender), melds)
    apply_layoffs(ordered, [(layoff.card, layoff.meld) for layoff in layoffs])
    assert least_deadwood(frozenset(defender) - {layoff.card for layoff in layoffs}) == left


# --- (d), (e), (f): random legal play ------------------------------------------------------------------------

def play_match(rules: Rules, seed: int, knock_chance: float) -> GameState:
    """Play a match at random, checking the invariants after every action; return the final state."""
    rng = random.Random(seed)
    checkpoint = rng.randrange(50, 400)
    finished = since_last_hand = 0
    final = new_game(rules, seed)
    player = RecordingPlayer(seed, knock_chance)
    for step, state in enumerate(playout(final, player)):
        check_state(state)
        assert all(action.kind != ActionKind.NEXT_HAND for action in state.hand.actions)  # this hand's only
        since_last_hand += 1
        if len(state.history) > finished:
            finished, since_last_hand = len(state.history), 0
            check_hand_result(state)
        assert since_last_hand < 400, "a hand did not end"
        if step == checkpoint:
            assert replay(state.rules, state.seed, player.played) == state
        if step == checkpoint or rng.random() < 0.005:
            assert round_trips(state)
        final = state
    check_match_end(final)
    assert len(final.history) == final.hand.number
    assert round_trips(final)
    assert replay(final.rules, final.seed, player.played) == final
    return final


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**128 - 1), st.sampled_from((0.1, 0.5, 1.0)))
def test_random_matches_under_house_rules(seed: int, knock_chance: float) -> None:
    state = play_match(HOUSE, seed, knock_chance)
    assert state.final_scores == state.scores


@pytest.mark.parametrize("name", sorted(PRESETS))
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**128 - 1))
def test_random_matches_under_every_preset(name: str, seed: int) -> None:
    state = play_match(PRESETS[name], seed, knock_chance=0.7)
    winner = state.winner
    assert winner is not None
    if state.rules.scoring == "traditional":
        assert state.final_scores[winner] == state.scores[winner] + 25 * state.hands_won[winner] + 100
    else:
        assert state.final_scores == state.scores
