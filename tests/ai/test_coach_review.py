"""The coach's review of a decision: the first look at the deals settles only a clear-cut verdict, a close one
is played out on all of them, no review ever depends on a card the person could not see, and a mistake is
explained with how the played-out deals ended (checked on hand-built positions whose answer is known)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest
from test_player_fairness import redeal_hidden

from ginrummy.ai import chances, coach, coach_playouts, coach_words, make_player
from ginrummy.ai.calibration import ANY_KNOCK, calibrated
from ginrummy.ai.coach import FIRST_LOOK, SAMPLES, WORTH_SAYING, Decision, rate, review_hand, settled
from ginrummy.ai.coach_words import Verdict, sentence, worth
from ginrummy.ai.hand_value import Scorer, stock_odds
from ginrummy.ai.hard import HardPlayer, World
from ginrummy.ai.knowledge import infer
from ginrummy.ai.rollout import OUTCOMES, Ending
from ginrummy.engine import (
    DECK,
    HOUSE,
    Action,
    ActionKind,
    GameState,
    HandSummary,
    Phase,
    View,
    apply,
    cached_deadwood,
    discard,
    knock,
    mask_of,
    new_game,
    parse_card,
    parse_cards,
    replay_hand,
    view_for,
)


def test_a_verdict_far_from_the_mistake_line_is_settled_and_one_near_it_is_not() -> None:
    assert settled(12.0, 1.0)  # plainly costly
    assert settled(0.0, 0.0)  # the two choices came out the same in every deal
    assert settled(-3.0, 1.0)  # the choice played did better
    assert not settled(WORTH_SAYING, 0.3)  # right at the line
    assert not settled(1.8, 0.5)  # just above it: all the deals may bring it under
    assert not settled(3.0, 2.0)  # a few points, but as much noise
    assert not settled(0.4, 0.3)  # too close under it to call with a tight floor on the error


def first_upcard_disagreement() -> tuple[View, Action, Action]:
    """A first-upcard view and the choice the hard player would not make there, with the one it would."""
    for seed in range(50):
        state = new_game(HOUSE, seed)
        view = view_for(state, state.hand.turn)
        choice = HardPlayer(random.Random(0)).choose(view)  # a draw choice: no sampling, the same for any rng
        other = next((a for a in view.legal_actions if a != choice), None)
        if other is not None:
            return view, other, choice
    raise AssertionError("no position found")


def played_out(monkeypatch: pytest.MonkeyPatch, points: Callable[[bool, int], int]) -> tuple[Decision, Counter[bool]]:
    """The rated decision, with the playouts replaced by ``points(is_the_best_choice, deal number)``, and the
    deals played out for each choice."""
    view, played, best = first_upcard_disagreement()
    counts: Counter[bool] = Counter()

    def fake(view: View, action: Action, mine: int, world: World, hold_out: bool) -> Ending:
        is_best = action == best
        counts[is_best] += 1
        scored = points(is_best, counts[is_best] - 1)
        return Ending(scored, 0 if scored else None, False)

    monkeypatch.setattr(coach_playouts, "play_on", fake)
    return rate(view, played, random.Random(5)), counts


def test_a_clear_mistake_is_settled_by_the_first_look(monkeypatch: pytest.MonkeyPatch) -> None:
    decision, counts = played_out(monkeypatch, lambda best, deal: 10 if best else 0)
    assert counts == {True: FIRST_LOOK, False: FIRST_LOOK}
    assert decision.mistake and decision.cost == 10


def test_choices_that_come_out_the_same_are_settled_by_the_first_look(monkeypatch: pytest.MonkeyPatch) -> None:
    decision, counts = played_out(monkeypatch, lambda best, deal: 4)
    assert counts == {True: FIRST_LOOK, False: FIRST_LOOK}
    assert not decision.mistake and decision.best == decision.played and decision.cost == 0


def test_a_close_call_is_played_out_on_all_the_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    # The best choice gains 0 or 2 points in turn: a mean gap of 1 point, right at the mistake line.
    decision, counts = played_out(monkeypatch, lambda best, deal: 2 * (deal % 2) if best else 0)
    assert counts == {True: SAMPLES, False: SAMPLES}
    assert decision.cost == pytest.approx(1.0) and decision.mistake
    assert decision.noise == pytest.approx(2 * (32 / 31) ** 0.5 / 32 ** 0.5)


def finished_hand(seed: int) -> tuple[GameState, list[Action]]:
    """The first hand of a match of the easy player (seat 0) against the hard one, and its actions."""
    players = [make_player("easy", seed), make_player("hard", seed + 1)]
    state = new_game(HOUSE, seed)
    actions = []
    while state.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        seat = state.hand.turn
        action = players[seat].choose(view_for(state, seat))
        actions.append(action)
        state, _ = apply(state, action)
    return state, actions


@pytest.mark.parametrize("seed", [4, 9])
def test_the_review_does_not_depend_on_cards_the_person_could_not_see(seed: int) -> None:
    state, actions = finished_hand(seed)
    positions = replay_hand(state, 1, actions)
    rng = random.Random(seed)
    redealt = [(redeal_hidden(at, 0, rng) if at.hand.turn == 0 else at, action) for at, action in positions]
    assert any(a.hand.stock != b.hand.stock for (a, _), (b, _) in zip(positions, redealt, strict=True))
    review = review_hand(positions, 1, 0, seed).to_json()
    assert any(d["played"] != d["best"] for d in review["decisions"])  # some decisions were played out
    assert review_hand(redealt, 1, 0, seed).to_json() == review
    # Each decision played out says how its deals ended, after either choice: shares of them, summing to 1.
    for decision in review["decisions"]:
        shares = [decision["best_outcomes"], decision["played_outcomes"]]
        if decision["best_outcomes"] is None:  # the hard player chose the same: nothing was played out
            assert decision["played_outcomes"] is None and decision["best"] == decision["played"]
            continue
        for outcomes in shares:
            assert list(outcomes) == list(OUTCOMES)
            assert all(0 <= share <= 1 for share in outcomes.values())
            assert sum(outcomes.values()) == pytest.approx(1, abs=1e-3)


def _decision(kind: str, played: Action, best: Action, cost: float, verdict: Verdict | None) -> Decision:
    return Decision(turn=5, kind=kind, played=played, best=best, played_points=-cost, best_points=0.0,  # type: ignore[arg-type]
                    verdict=verdict)


HOLD = Verdict("holding one more turn", "Gin 38% of the time",
               "A knock now with 7 deadwood risked an undercut about 31% of the time; played on, you were undercut "
               "only 6% of the time.")


def test_a_mistake_that_worked_out_this_time_is_said_to_have_and_only_then() -> None:
    seven, nine = parse_card("7D"), parse_card("9C")
    knocked = _decision("knock", Action(ActionKind.KNOCK, 0, seven), Action(ActionKind.DISCARD, 0, seven), 14.2, HOLD)
    discarded = _decision("discard", Action(ActionKind.DISCARD, 0, nine), Action(ActionKind.DISCARD, 0, seven), 3.4,
                          Verdict("discarding 7♦ instead of 9♣", "", "It leaves 4 deadwood instead of 6."))
    won = HandSummary(number=2, starter=0, outcome="knock", winner=0, points=3, scores=(3, 0), knocker=0)
    lost = HandSummary(number=2, starter=0, outcome="undercut", winner=1, points=27, scores=(0, 27), knocker=0)

    review = review_hand_of(knocked, won)
    # The result, then what the better choice was worth and how its deals ended; the reasons follow.
    assert review.worked_out() == (
        "You won 3 points by knocking; holding one more turn was worth about 14 more on average: Gin 38% of the "
        "time.")
    assert knocked.why == (
        "Holding one more turn was worth about 14 points more on average: Gin 38% of the time. A knock now with 7 "
        "deadwood risked an undercut about 31% of the time; played on, you were undercut only 6% of the time.")
    assert review.to_json()["worked_out"] == review.worked_out()
    assert review.to_json()["costliest"]["because"] == HOLD.because
    assert review_hand_of(discarded, won).worked_out() == (
        "You won 3 points by knocking; discarding 7♦ instead of 9♣ was worth about 3 more on average.")
    # Lost, no mistake, or the result unknown: nothing to say beyond the mistake itself.
    assert review_hand_of(knocked, lost).worked_out() is None
    assert review_hand_of(_decision("discard", knocked.played, knocked.played, 0.0, None), won).worked_out() is None
    assert review_hand_of(knocked, None).worked_out() is None
    assert review_hand_of(knocked, None).to_json()["worked_out"] is None


def test_points_are_said_in_whole_points_from_two_up() -> None:
    assert [worth(14.4), worth(2.0), worth(1.34), worth(0.01), worth(9.2, "")] == [
        "about 14 points", "about 2 points", "about 1.3 points", "a little", "about 9"]
    # Without a headline figure the worth is a sentence of its own.
    verdict = Verdict("discarding 7♦ instead of 9♣", "", "It leaves 4 deadwood instead of 6.")
    assert sentence(verdict, 3.4) == ("Discarding 7♦ instead of 9♣ was worth about 3 points more on average. It "
                                      "leaves 4 deadwood instead of 6.")


def review_hand_of(decision: Decision, result: HandSummary | None) -> coach.HandReview:
    return coach.HandReview(2, 0, (decision,), result)


# --- hand-built positions whose outcome is known --------------------------------------------------------------

MELDED = "3C 4C 5C 7D 7H 7S 9S TS JS"
"""Nine cards in three melds: the seat's hand but for two cards."""
GIN_CARDS = parse_cards("2C 6C 7C 8S QS")
"""Each completes a meld of ``MELDED``: drawn with one card of deadwood left, it makes Gin."""


def position(extra: str, opponent: str, pile: str) -> GameState:
    """Seat 0 to discard from ``MELDED`` and the two cards ``extra``, seat 1 holding ``opponent``, and the
    discard pile ``pile``; the stock is every other card."""
    mine, theirs, piled = parse_cards(f"{MELDED} {extra}"), parse_cards(opponent), tuple(parse_cards(pile))
    taken = set(mine) | set(theirs) | set(piled)
    stock = tuple(c for c in DECK if c not in taken)
    state = new_game(HOUSE, 1)
    hand = state.hand._replace(hands=(tuple(sorted(mine)), tuple(sorted(theirs))), stock=stock, discard=piled,
                               phase=Phase.DISCARD, turn=0, draws=6, passed=(), pile_takes=((), ()),
                               discards=(piled[:1], piled[1:]), taken=None)
    return state._replace(hand=hand)


def worlds_with(view: View, opponent: str, drawn: list[list[str]]) -> list[World]:
    """``SAMPLES`` deals of the opponent's hand ``opponent``, world ``i`` opening the stock with the cards
    ``drawn[i % len(drawn)]`` in that order, then the other unseen cards shuffled."""
    theirs = mask_of(parse_cards(opponent))
    unseen = [c for c in DECK if c not in view.hand and c not in view.discard_pile and not theirs >> c & 1]
    rng = random.Random(0)
    worlds = []
    for index in range(SAMPLES):
        first = parse_cards(" ".join(drawn[index % len(drawn)]))
        rest = [c for c in unseen if c not in first]
        rng.shuffle(rest)
        worlds.append(World(theirs, [int(c) for c in first + rest], 10))
    return worlds


def rated(monkeypatch: pytest.MonkeyPatch, state: GameState, played: Action, worlds: list[World]) -> Decision:
    """The coach's verdict on ``played``, with every sampled deal (the hard player's and the coach's) one of
    ``worlds``."""
    monkeypatch.setattr(HardPlayer, "worlds", lambda self, view, knowledge: list(worlds))
    return rate(view_for(state, 0), played, random.Random(1))


JUNK = "2H 5H 8H 2S 5S 8D JD QC 3D 6D"
"""An opponent's hand far from knocking (59 deadwood) with nothing to lay off on ``MELDED``."""


def test_a_knock_held_for_a_sure_gin_is_explained_by_its_gin(monkeypatch: pytest.MonkeyPatch) -> None:
    # One card of deadwood (A♦) after throwing K♥: knocking now scores 58; holding, the next stock card is Gin.
    state = position("AD KH", JUNK, "9H 4H")
    view = view_for(state, 0)
    assert cached_deadwood(mask_of(parse_cards(JUNK))) == 59
    worlds = worlds_with(view, JUNK, [["3H", gin.code] for gin in GIN_CARDS])
    king = parse_card("KH")
    decision = rated(monkeypatch, state, knock(0, king), worlds)
    assert decision.kind == "knock" and decision.best == discard(0, king) and decision.mistake
    assert decision.played_outcomes == {**dict.fromkeys(OUTCOMES, 0.0), "knock": 1.0}
    assert decision.best_outcomes == {**dict.fromkeys(OUTCOMES, 0.0), "gin": 1.0}
    assert decision.played_points == 58
    assert decision.why.startswith(
        f"Holding one more turn was worth about {decision.cost:.0f} points more on average: Gin 100% of the time. "
        "A knock now with 1 deadwood risked an undercut about")
    assert decision.why.endswith("; played on, you were never undercut.")
    won = HandSummary(number=1, starter=0, outcome="knock", winner=0, points=58, scores=(58, 0), knocker=0)
    assert coach.HandReview(1, 0, (decision,), won).worked_out() == (
        f"You won 58 points by knocking; holding one more turn was worth about {decision.cost:.0f} more on average: "
        "Gin 100% of the time.")


def test_against_a_named_computer_the_coach_states_the_undercut_by_that_computers_map(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The coach's undercut chance is read through the map fitted against the computer across the table (hard
    undercuts more often than the population's average player), and through the population's otherwise."""
    opponent = "AH 2H 3H 5D 5C 5S QD QC AS AC"
    state = position("2D KH", opponent, "9H 4H")
    view = view_for(state, 0)
    worlds = worlds_with(view, opponent, [["QH"]])
    monkeypatch.setattr(HardPlayer, "worlds", lambda self, view, knowledge: list(worlds))
    king = parse_card("KH")
    raw = chances.undercut_chance(mask_of(view.hand) & ~(1 << king), [w.opponent for w in worlds], view)
    stated = {name: calibrated(ANY_KNOCK, raw, name) for name in (None, "hard")}
    assert f"{stated[None]:.0%}" != f"{stated['hard']:.0%}"
    for name, chance in stated.items():
        decision = rate(view, discard(0, king), random.Random(1), name)
        assert f"with 2 deadwood an undercut was about {chance:.0%} likely" in decision.why, name


def test_gin_and_undercuts_are_counted_deal_by_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    # In half the deals the opponent draws a card of no use and we draw Q♠: Gin. In the other half it draws Q♥
    # and knocks with 1 deadwood into our 1: an undercut for us.
    opponent = "AH 2H 3H 5D 5C 5S QD QC AS 6H"
    state = position("AD KH", opponent, "9H 4H")
    view = view_for(state, 0)
    worlds = worlds_with(view, opponent, [["3D", "QS"], ["QH", "3S"]])
    decision = rated(monkeypatch, state, knock(0, parse_card("KH")), worlds)
    assert decision.best_outcomes == {**dict.fromkeys(OUTCOMES, 0.0), "gin": 0.5, "undercut_for": 0.5}
    assert decision.played_outcomes == {**dict.fromkeys(OUTCOMES, 0.0), "knock": 1.0}
    assert ": Gin 50% of the time, and an undercut of the opponent's knock 50%. " in decision.why


def test_a_knock_not_made_before_the_opponent_knocks_is_explained_by_its_knock(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # 2♦ left after throwing K♥: knocking now scores 22 - 2 = 20; playing on, the opponent draws Q♥ and knocks
    # with 1 deadwood in every deal.
    opponent = "AH 2H 3H 5D 5C 5S QD QC AS AC"
    state = position("2D KH", opponent, "9H 4H")
    view = view_for(state, 0)
    worlds = worlds_with(view, opponent, [["QH"]])
    king = parse_card("KH")
    decision = rated(monkeypatch, state, discard(0, king), worlds)
    assert decision.kind == "knock" and decision.best == knock(0, king) and decision.mistake
    assert decision.best_outcomes == {**dict.fromkeys(OUTCOMES, 0.0), "knock": 1.0}
    assert decision.played_outcomes == {**dict.fromkeys(OUTCOMES, 0.0), "opponent_knock": 1.0}
    assert decision.best_points == 20 and decision.played_points == -1
    assert decision.why.startswith(
        "Knocking with K♥ was worth about 21 points more on average: with 2 deadwood an undercut was about ")
    assert decision.why.endswith("Played on, the opponent knocked first and won 100% of the time.")


def test_a_draw_is_explained_by_what_the_hard_players_draw_weighs() -> None:
    """Hard's draw scores the hand each way of drawing leads to (``hand_value.Scorer``), not the deadwood alone:
    where it takes a pile card that leaves more deadwood than a stock card would on average, the coach says
    so ("but") and names what the pile card gains, never that it leaves a better hand by deadwood."""
    players = [make_player("simple", seed=3), make_player("simple", seed=4)]
    against_deadwood = 0
    for seed in range(40):
        state = new_game(HOUSE, seed)
        while state.phase in (Phase.FIRST_UPCARD, Phase.DRAW, Phase.DISCARD) and against_deadwood < 3:
            seat = state.hand.turn
            view = view_for(state, seat)
            if view.drawing and view.may_take_pile:
                hard = HardPlayer(random.Random(seed))
                choice = hard.choose(view)
                knowledge = infer(view)
                probs = knowledge.probabilities()
                scorer = Scorer(hard.settings, stock_odds(knowledge, probs), probs, view.knock_limit,
                                view.stock_count)
                top = view.discard_pile[-1]
                pile = scorer.prospect(mask_of(view.hand) | 1 << top, top)
                stock = scorer.blind_prospect(mask_of(view.hand))
                taken = choice.kind == ActionKind.TAKE_UPCARD or choice.source == "discard"
                tally = coach_words.Tally(dict.fromkeys(OUTCOMES, 0.0), 0.0)
                context = coach_words.Context(view, knowledge, [], hard, tally, tally, False)
                because = coach_words.explain(context, choice, choice, "draw").because
                assert because.startswith("It would have left " if taken else f"{top.symbol} would have left ")
                pile_left, stock_left = coach_words.figures(pile.deadwood, stock.deadwood)
                assert f"{pile_left} deadwood, where a stock card leaves about {stock_left} on average" in because
                if taken and pile.deadwood > stock.deadwood:
                    against_deadwood += 1
                    assert ", but " in because
                    assert "better chances of melding" not in because, because
                    print(because)
            state, _ = apply(state, players[seat].choose(view))
    assert against_deadwood == 3
