"""The calibration bench: predicted against observed for the hard player's three probabilities."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from ginrummy.ai import Played, make_player
from ginrummy.ai import play as play_on
from ginrummy.ai.chances import QUESTIONS
from ginrummy.ai.hand import draw_outcomes
from ginrummy.bench.calibration import _chance, gin, play
from ginrummy.bench.calibration import main as calibration
from ginrummy.bench.calibration_tables import Record, reliability
from ginrummy.bench.hinted import observed
from ginrummy.engine import (
    HOUSE,
    ActionKind,
    cached_deadwood,
    knock_points,
    mask_of,
    new_game,
    optimal_arrangements_of_mask,
)

Json = dict[str, Any]


def test_the_bench_prints_a_reliability_table_per_probability(capsys: pytest.CaptureFixture[str]) -> None:
    assert calibration(["--matches", "2", "--opponents", "simple", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    for question in ("undercut", "opponent knocks", "stock helps", "undercut if knocking"):
        assert f"\n{question}: " in out
    assert out.count("largest gap in a bin of 50 or more") == 4 and "== simple ==" not in out


def test_named_the_bench_asks_as_against_each_computer_and_fits_its_maps(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """With --named, a table per opponent then all pooled; --fit writes each opponent's maps into the file and
    keeps what else it holds (the population's maps)."""
    target = tmp_path / "maps.json"
    target.write_text(json.dumps({"maps": {"stock helps": [[0.5, 0.5]]}}))
    assert calibration(["--matches", "2", "--opponents", "simple,tabled", "--workers", "1", "--named",
                        "--min-block", "10", "--fit", str(target)]) == 0
    out = capsys.readouterr().out
    assert out.index("== simple ==") < out.index("== tabled ==") < out.index("== all opponents ==")
    written = json.loads(target.read_text())
    assert written["maps"] == {"stock helps": [[0.5, 0.5]]}
    assert set(written["opponents"]) == {"simple", "tabled"}
    for entry in written["opponents"].values():
        assert set(entry["maps"]) == {"undercut", "opponent knocks", "stock helps", "undercut if knocking"}
        assert "--named" in entry["command"] and entry["decisions"] > 50


def test_the_table_bins_predictions_and_flags_large_gaps_only_in_full_bins() -> None:
    # 60 predictions of 0.25 that came true 40 times (67%): a full bin 42 points off; 10 of 0.95, all false.
    records: list[Record] = [("undercut", 0.25, i < 40) for i in range(60)] + [("undercut", 0.95, False)] * 10
    lines = reliability(records, "undercut")
    assert lines[0] == "undercut: 70 decisions"
    full = next(line for line in lines if line.strip().startswith("0.2–0.3"))
    assert full.split()[1] == "60" and "+41.7" in full and "over 5 points" in full
    sparse = next(line for line in lines if line.strip().startswith("0.9–1.0"))
    assert "over 5 points" not in sparse
    assert lines[-1].endswith("(not calibrated to within 5 points)") and "41.7 points" in lines[-1]


def test_through_the_service_a_hint_following_seat_prints_a_table_per_computer(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A match against easy through a server of the bench's own: the seat asks a hint before each decision and
    follows it; a table per question for easy, then for all opponents pooled."""
    assert calibration(["--through-service", "--matches", "1", "--opponents", "easy", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("calibration through the service (chances as stated in the hints) of gin-rummy bench "
                          "calibration --through-service --matches 1 --seed 3 --opponents easy")
    easy, pooled = out.split("\n== easy ==\n")[1].split("\n== all opponents ==\n")
    for table in (easy, pooled):
        for question in ("undercut", "opponent knocks", "stock helps"):
            assert f"{question}: " in table
        assert table.count("largest gap in a bin of 50 or more") == 3
    counts = [int(n) for n in re.findall(r"^(?:undercut|opponent knocks|stock helps): (\d+) decisions", easy, re.M)]
    assert counts[1] >= 10 and counts[2] >= 10, "a whole match asks about the opponent and the stock many times"


BEFORE = {"seat": 0, "deadwood": 20}


def _answer(events: list[tuple[str, int]] | None = None, result: str | None = None, least: int = 0) -> Json:
    return {"seat": 0, "events": [{"kind": kind, "seat": seat} for kind, seat in events or []],
            "view": {"discard_options": [{"deadwood": least}, {"deadwood": least + 5}],
                     "result": None if result is None else {"outcome": result}}}


def test_a_stock_card_helped_when_the_new_hand_can_shed_to_less_deadwood() -> None:
    draw = {"action": {"kind": "draw", "source": "stock"}, "chances": {"stock_helps": 0.6}}
    assert observed(BEFORE, draw, _answer(least=15)) == [("stock helps", 0.6, True)]
    assert observed(BEFORE, draw, _answer(least=20)) == [("stock helps", 0.6, False)]
    take = {"action": {"kind": "draw", "source": "discard"}, "chances": {"stock_helps": 0.6}}
    assert observed(BEFORE, take, _answer(least=15)) == [], "the seat never sees the stock card it did not draw"


def test_the_opponent_knocked_when_its_next_turn_in_the_answer_goes_down() -> None:
    hint = {"action": {"kind": "discard", "card": "7H"}, "chances": {"opponent_knocks": 0.2}}
    ours = ("discarded", 0)
    for theirs, went_down in ((["knocked"], True), (["gin"], True), (["big_gin"], True), (["discarded"], False)):
        events = [ours, ("drew", 1), *((kind, 1) for kind in theirs), ("hand_ended", 1)]
        assert observed(BEFORE, hint, _answer(events)) == [("opponent knocks", 0.2, went_down)], theirs
    assert observed(BEFORE, hint, _answer([ours, ("hand_ended", 1)])) == [], "no next turn: nothing to observe"
    ours_again = [ours, ("drew", 1), ("discarded", 1), ("drew", 0), ("knocked", 0)]
    assert observed(BEFORE, hint, _answer(ours_again)) == [("opponent knocks", 0.2, False)]


def test_an_undercut_is_read_from_the_hands_result() -> None:
    hint = {"action": {"kind": "knock", "card": "7H"}, "chances": {"undercut": 0.1}}
    assert observed(BEFORE, hint, _answer(result="undercut")) == [("undercut", 0.1, True)]
    assert observed(BEFORE, hint, _answer(result="knock")) == [("undercut", 0.1, False)]


def _truth(job: tuple[str, str, int]) -> list[Record]:
    """The hints' questions in one in-process match, each outcome read from the game's true state (the stock card
    drawn, the real hand across, the opponent's own action), as the service's seat never sees it."""
    player, opponent, seed = job
    seat = seed % 2
    players = [make_player(player, seed), make_player(opponent, seed + 1)]
    if seat:
        players.reverse()
    records: list[Record] = []
    pending: list[tuple[str, float]] = []

    def moved(move: Played) -> None:
        view, action = move.view, move.action
        if view is None:
            pending.clear()
        elif move.seat != seat:
            if not view.drawing:
                records.extend((q, p, action.kind in (ActionKind.KNOCK, ActionKind.BIG_GIN)) for q, p in pending)
                pending.clear()
        elif action.kind == ActionKind.DRAW and action.source == "stock":
            hand = mask_of(view.hand)
            helped = draw_outcomes(hand, [move.before.hand.stock[0]])[0] < cached_deadwood(hand)
            records.extend((q, p, helped) for q, p in _chance(view, action, opponent).items())
        elif action.kind == ActionKind.KNOCK and action.card is not None and not gin(view, action.card):
            rest = optimal_arrangements_of_mask(mask_of(view.hand) & ~(1 << action.card))
            undercut = knock_points(rest, mask_of(move.before.hand.hands[1 - seat]), view.rules) < 0
            records.extend((q, p, undercut) for q, p in _chance(view, action, opponent).items())
        elif action.kind == ActionKind.DISCARD:
            pending.extend(_chance(view, action, opponent).items())

    play_on(new_game(HOUSE, seed), dict(enumerate(players)), deal_as=0, on_move=moved)
    return [record for record in records if record[0] in QUESTIONS]


@pytest.mark.parametrize("job", [("hard", "simple(knock_at=0)", 500), ("hard", "undercutter", 507)])
def test_in_process_outcomes_are_read_as_the_service_seat_reads_them_and_match_the_truth(
        job: tuple[str, str, int]) -> None:
    """The in-process bench reads each outcome from the answer the service would give (``hinted.observed``), so
    a map fitted in process is fitted on what the hint-following seat sees; over a whole match, that reading
    agrees with the game's true state, decision by decision."""
    seen = sorted(r for r in play(job, named=True) if r[0] != "undercut if knocking")
    assert seen == sorted(_truth(job))
    assert {question for question, _, _ in seen} >= {"opponent knocks", "stock helps"}
    assert any(happened for question, _, happened in seen if question == "opponent knocks")
