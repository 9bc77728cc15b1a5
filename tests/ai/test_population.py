"""The opponent population: every member plays legal whole matches from its view alone, the new styles play
the way their docstrings say, hard-v1 stays a fixed, seeded player, and ``arena --population`` reports one
row per member."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable

import pytest
from test_player_fairness import random_positions, redeal_hidden

from ginrummy.ai import arena, make_player
from ginrummy.ai.arena import play_match, run_arena, run_population
from ginrummy.ai.baselines.ginhunter import live_cards
from ginrummy.ai.baselines.tabled import FLOOR, KNOCK_TABLE, TabledPlayer
from ginrummy.ai.hand import deadwood_after_taking
from ginrummy.ai.population import POPULATION, openspiel_available, population_for
from ginrummy.engine import (
    PRESETS,
    Action,
    ActionKind,
    GameState,
    Phase,
    View,
    apply,
    cached_deadwood,
    legal_actions,
    mask_of,
    new_game,
    parse_cards,
    view_for,
)

MEMBERS = [m for m in population_for("hard") if m != "openspiel"]

Watcher = Callable[[View, Action], None]


def play_legal_match(spec: str, seed: int, preset: str = "house", watch: Watcher | None = None) -> GameState:
    """A whole match of ``spec`` (seat 0) against simple (seat 1), checking every move is legal; ``watch``
    sees each of ``spec``'s decisions with the view it was made from."""
    players = [make_player(spec, seed=seed), make_player("simple", seed=seed + 1)]
    state = new_game(PRESETS[preset], seed=seed)
    for _ in range(5000):
        if state.phase == Phase.MATCH_OVER:
            return state
        seat = state.hand.turn if state.phase != Phase.HAND_OVER else 0
        view = view_for(state, seat)
        action = players[seat].choose(view)
        assert action in legal_actions(state, seat), f"{spec} chose an illegal {action}"
        if seat == 0 and watch is not None:
            watch(view, action)
        state, _ = apply(state, action)
    raise AssertionError(f"{spec} vs simple, seed {seed}: the match did not end")


# --- every member -------------------------------------------------------------------------------------------


def test_the_population_holds_the_measured_player_once() -> None:
    bot = ["openspiel"] if openspiel_available() else []
    assert population_for("hard") == [*POPULATION, *bot]
    assert population_for("easy") == [*POPULATION, "easy", *bot]
    assert len(set(POPULATION)) == len(POPULATION)


@pytest.mark.parametrize("spec", MEMBERS)
def test_member_plays_whole_matches_legally(spec: str) -> None:
    for seed in (3, 8):
        assert play_legal_match(spec, seed).phase == Phase.MATCH_OVER


@pytest.mark.parametrize("spec", ["tabled", "ginhunter", "undercutter"])
@pytest.mark.parametrize("preset", ["straight", "oklahoma-classic"])
def test_new_styles_play_legally_under_other_knock_limits(spec: str, preset: str) -> None:
    assert play_legal_match(spec, 5, preset).phase == Phase.MATCH_OVER


@pytest.mark.parametrize("spec", MEMBERS)
def test_member_decides_from_its_view_alone(spec: str) -> None:
    rng = random.Random(spec)
    for position in random_positions(25, seed=len(spec)):
        seat = position.hand.turn
        decision = make_player(spec, seed=7).choose(view_for(position, seat))
        for _ in range(2):
            other = view_for(redeal_hidden(position, seat, rng), seat)
            assert make_player(spec, seed=7).choose(other) == decision, (
                f"{spec} changed its mind when only hidden cards moved")


def test_two_pile_takers_cannot_go_round_in_a_circle(monkeypatch: pytest.MonkeyPatch) -> None:
    # Two Simple players pass the same sevens to each other forever in this deal; the arena says so.
    monkeypatch.setattr(arena, "MAX_MOVES", 2000)
    with pytest.raises(RuntimeError, match="going round in a circle"):
        play_match(("simple", "simple"), 200)
    # The new styles never take back a card they threw, so the same deal ends against Simple.
    for spec in ("tabled", "ginhunter", "undercutter"):
        for names in ((spec, "simple"), ("simple", spec)):
            assert play_match(names, 200).winner in names


# --- each style's character ---------------------------------------------------------------------------------


def knocks_and_restraint(spec: str, seeds: range) -> tuple[list[tuple[View, int]], list[View]]:
    """Over some matches: each knock with its view and deadwood, and each view where ``spec`` could have
    knocked and discarded instead."""
    knocks: list[tuple[View, int]] = []
    held: list[View] = []

    def watch(view: View, action: Action) -> None:
        if action.kind == ActionKind.KNOCK:
            knocks.append((view, next(o.deadwood for o in view.discard_options if o.card == action.card)))
        elif action.kind == ActionKind.DISCARD and any(o.can_knock for o in view.legal_discards):
            held.append(view)

    for seed in seeds:
        play_legal_match(spec, seed, watch=watch)
    return knocks, held


def test_undercutter_knocks_only_at_its_limit_and_takes_what_lowers_its_deadwood() -> None:
    knocks, held = knocks_and_restraint("undercutter(knock_at=3)", range(6))
    assert len(knocks) >= 5
    assert all(deadwood <= 3 for _, deadwood in knocks)
    assert any(min(o.deadwood for o in view.legal_discards) > 3 for view in held)  # it passed up real knocks
    draws = []

    def watch(view: View, action: Action) -> None:
        if view.drawing and view.may_take_pile:
            top = view.discard_pile[-1]
            hand = mask_of(view.hand)
            lowers = deadwood_after_taking(hand, top) < cached_deadwood(hand) and top not in view.discards[view.seat]
            took = action.kind == ActionKind.TAKE_UPCARD or (action.kind == ActionKind.DRAW
                                                               and action.source == "discard")
            draws.append((lowers, took))

    play_legal_match("undercutter", 4, watch=watch)
    assert any(took for _, took in draws) and not all(took for _, took in draws)
    assert all(lowers == took for lowers, took in draws)


def test_ginhunter_knocks_only_with_gin_while_the_stock_is_deep() -> None:
    knocks, held = knocks_and_restraint("ginhunter(until=20)", range(6))
    hunting = [(view, deadwood) for view, deadwood in knocks if view.stock_count > 20]
    late = [(view, deadwood) for view, deadwood in knocks if view.stock_count <= 20]
    assert hunting and late
    assert all(deadwood == 0 for _, deadwood in hunting)
    assert any(deadwood > 0 for _, deadwood in late)  # once the stock is low it knocks like anyone
    assert any(view.stock_count > 20 for view in held)  # and while hunting it lets knocks go
    assert all(view.stock_count > 20 for view in held)  # but not once the stock is low


def test_ginhunter_counts_cards_that_can_still_meld() -> None:
    hand = mask_of(parse_cards("7C 7D 2H 3H KS 4D"))
    everything = (1 << 52) - 1
    # The sevens need a third seven; 2-3 of hearts need the ace or four; the king and four have no partner.
    assert live_cards(hand, everything & ~hand) == 4
    sevens_gone = mask_of(parse_cards("7H 7S"))
    assert live_cards(hand, everything & ~hand & ~sevens_gone) == 2
    assert live_cards(mask_of(parse_cards("4C 5C 6C 9D")), 0) == 3  # a meld is live even with nothing unseen


def test_tabled_threshold_falls_as_the_hand_goes_on() -> None:
    table = TabledPlayer()
    thresholds = [table.threshold(draws) for draws in range(1, 40)]
    assert thresholds[0] == 10 and thresholds[-1] == FLOOR
    assert all(a >= b for a, b in itertools.pairwise(thresholds))
    assert len(set(thresholds)) == len(KNOCK_TABLE) + 1
    later = TabledPlayer(shift=4)
    assert later.threshold(12) == 10 and table.threshold(12) == 8


def test_tabled_knocks_by_its_table() -> None:
    table = TabledPlayer()
    knocks, held = knocks_and_restraint("tabled", range(8))
    assert len(knocks) >= 10
    assert all(deadwood <= table.threshold(view.draws) for view, deadwood in knocks)
    assert any(table.threshold(view.draws) < 10 for view, _ in knocks)
    assert any(min(o.deadwood for o in view.legal_discards) > table.threshold(view.draws) for view in held)


# --- hard-v1 ------------------------------------------------------------------------------------------------


def test_hard_v1_is_deterministic_for_a_seed() -> None:
    for names in (("hard-v1", "simple"), ("simple", "hard-v1")):
        first, again = play_match(names, 12), play_match(names, 12)
        assert (first.winner, first.points, first.outcomes) == (again.winner, again.points, again.outcomes)
    positions = random_positions(30, seed=99)
    decisions = [make_player("hard-v1", seed=5).choose(view_for(p, p.hand.turn)) for p in positions]
    assert decisions == [make_player("hard-v1", seed=5).choose(view_for(p, p.hand.turn)) for p in positions]


def test_hard_v1_settings_are_pinned() -> None:
    with pytest.raises(ValueError):
        make_player("hard-v1(take_margin=2)")


# --- the arena ----------------------------------------------------------------------------------------------


def test_a_player_against_itself_counts_the_seat_0_copy() -> None:
    report = run_arena("tabled", "tabled", matches=6, seed=4, workers=1, progress=False)
    assert (report.first, report.second, report.matches, report.mirrored) == ("tabled#0", "tabled#1", 6, False)
    expected = sum(play_match(("tabled", "tabled"), 4 * 1_000_003 + i).winner == "tabled#0" for i in range(6))
    assert report.wins == expected
    assert sum(report.hands_won("tabled#0").values()) + sum(report.hands_won("tabled#1").values()) <= report.hands


def test_population_rows_one_per_member() -> None:
    members = ["simple", "undercutter", "tabled"]
    rows = run_population("tabled", matches=2, seed=1, workers=2, progress=False, members=members)
    assert [row.opponent for row in rows] == members
    for row in rows:
        assert row.matches == 2 and 0 <= row.wins <= 2
        assert 0 <= row.undercut_share + row.gin_share <= 1
        assert row.p99_ms > 0
    itself = rows[2]
    assert itself.wins == sum(play_match(("tabled", "tabled"), 1_000_003 + i).winner == "tabled#0" for i in range(2))


def test_arena_population_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    members = ["simple(knock_at=4)", "ginhunter", "simple"]
    assert arena.main(["simple", "--population", "--matches", "2", "--seed", "3", "--quiet", "--workers", "2"],
                      population=members) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("simple against the population")
    rows = [re.split(r"\s{2,}", line) for line in lines[2:2 + len(members)]]
    assert [row[0] for row in rows] == ["simple(knock_at=4)", "ginhunter", "simple (itself)"]
    assert all(len(row) == 8 and row[1] == "2" and row[2].endswith("%") for row in rows)
    assert not lines[2 + len(members)].startswith(tuple(members))  # then the legend, no more rows


def test_arena_two_player_form_still_works(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena.main(["undercutter", "simple", "--matches", "2", "--quiet", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("undercutter vs simple: 2 matches")
    with pytest.raises(SystemExit):
        arena.main(["hard", "simple", "--population"])
    with pytest.raises(SystemExit):
        arena.main(["hard"])

