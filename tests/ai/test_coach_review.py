"""The coach's review of a decision: the first look at the deals settles only a clear-cut verdict, a close one
is played out on all of them, and no review ever depends on a card the person could not see."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest
from test_player_fairness import redeal_hidden

from ginrummy.ai import coach, make_player
from ginrummy.ai.coach import FIRST_LOOK, SAMPLES, WORTH_SAYING, Decision, rate, review_hand, settled
from ginrummy.ai.hard import HardPlayer, World
from ginrummy.engine import (
    HOUSE,
    Action,
    ActionKind,
    GameState,
    HandSummary,
    Phase,
    View,
    apply,
    new_game,
    parse_card,
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

    def fake(view: View, action: Action, mine: int, world: World, hold_out: bool) -> int:
        is_best = action == best
        counts[is_best] += 1
        return points(is_best, counts[is_best] - 1)

    monkeypatch.setattr(coach, "_play_on", fake)
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


def _decision(kind: str, played: Action, best: Action, cost: float) -> Decision:
    return Decision(turn=5, kind=kind, played=played, best=best, played_points=-cost, best_points=0.0,  # type: ignore[arg-type]
                    why="Playing on was better.")


def test_a_mistake_that_worked_out_this_time_is_said_to_have_and_only_then() -> None:
    seven, nine = parse_card("7D"), parse_card("9C")
    knock = _decision("knock", Action(ActionKind.KNOCK, 0, seven), Action(ActionKind.DISCARD, 0, seven), 14.2)
    discard = _decision("discard", Action(ActionKind.DISCARD, 0, nine), Action(ActionKind.DISCARD, 0, seven), 3.4)
    won = HandSummary(number=2, starter=0, outcome="knock", winner=0, points=3, scores=(3, 0), knocker=0)
    lost = HandSummary(number=2, starter=0, outcome="undercut", winner=1, points=27, scores=(0, 27), knocker=0)

    knocked = review_hand_of(knock, won)
    assert knocked.worked_out() == (
        "Your knock worked out this time (you won 3 points), but on average it costs about 14.")
    assert knocked.to_json()["worked_out"] == knocked.worked_out()
    assert review_hand_of(discard, won).worked_out() == (
        "You won this hand (3 points by knocking), but this choice costs about 3 points on average.")
    # Lost, no mistake, or the result unknown: nothing to say beyond the mistake itself.
    assert review_hand_of(knock, lost).worked_out() is None
    assert review_hand_of(_decision("discard", knock.played, knock.played, 0.0), won).worked_out() is None
    assert review_hand_of(knock, None).worked_out() is None
    assert review_hand_of(knock, None).to_json()["worked_out"] is None


def review_hand_of(decision: Decision, result: HandSummary | None) -> coach.HandReview:
    return coach.HandReview(2, 0, (decision,), result)
