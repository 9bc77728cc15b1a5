"""The round robin: the Bradley–Terry fit against cases whose answer is known, a tiny real run through the command,
and the personas' registry and ratings file."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from ginrummy.ai import make_player, player_names
from ginrummy.ai.arena import main as arena
from ginrummy.ai.levels import LEVELS
from ginrummy.ai.personas import OPPONENTS, PERSONAS, PERSONAS_BY_ID, ratings
from ginrummy.ai.players import PLAYERS
from ginrummy.ai.roundrobin import (
    ELO,
    MEAN_RATING,
    RoundRobin,
    bradley_terry,
    default_players,
    ratings_json,
    run_round_robin,
    split_players,
    spreads,
    table_lines,
)


def test_two_players_rate_as_their_win_rate_says() -> None:
    theta = bradley_terry(["a", "b"], {("a", "b"): 30, ("b", "a"): 10}, prior=0)
    assert theta["a"] - theta["b"] == pytest.approx(math.log(3))
    assert theta["a"] + theta["b"] == pytest.approx(0)
    assert ELO * (theta["a"] - theta["b"]) == pytest.approx(400 * math.log10(3))  # 190.8 points for 75%


def test_three_players_whose_results_fit_the_model_exactly() -> None:
    # Strengths 4 : 2 : 1 win 2/3, 2/3 and 4/5 of their meetings; the fit finds them again.
    wins = {("a", "b"): 20, ("b", "a"): 10, ("b", "c"): 20, ("c", "b"): 10, ("a", "c"): 24, ("c", "a"): 6}
    theta = bradley_terry(["a", "b", "c"], wins, prior=0)
    assert theta["a"] - theta["b"] == pytest.approx(math.log(2))
    assert theta["b"] - theta["c"] == pytest.approx(math.log(2))
    assert sum(theta.values()) == pytest.approx(0, abs=1e-9)


def test_a_player_who_won_nothing_still_gets_a_finite_rating_below_the_rest() -> None:
    wins = {("a", "b"): 5, ("b", "c"): 3, ("c", "b"): 2, ("a", "c"): 5}
    theta = bradley_terry(["a", "b", "c"], wins)
    assert all(math.isfinite(value) for value in theta.values())
    assert theta["a"] > theta["b"] > theta["c"]


def test_the_spread_of_two_players_is_the_binomial_standard_error() -> None:
    # 40 matches at 75%: the information on the gap is n·p·(1−p) = 7.5; each rating holds half the gap.
    wins = {("a", "b"): 30, ("b", "a"): 10}
    theta = bradley_terry(["a", "b"], wins, prior=0)
    spread = spreads(["a", "b"], wins, theta)
    assert spread["a"] == pytest.approx(1.96 * math.sqrt(1 / 7.5) / 2)
    assert spread["b"] == pytest.approx(spread["a"])


def test_a_tiny_round_robin_plays_every_pair_from_both_seats() -> None:
    players = ["easy", "simple", "undercutter"]
    result = run_round_robin(players, matches=2, seed=3, workers=1, progress=False)
    assert all(result.games(a, b) == 2 for a in players for b in players if a != b)
    assert all(result.matches(a) == 4 for a in players)
    assert sum(result.won(a) for a in players) == 6
    rated = result.ratings()
    assert sum(rating for rating, _ in rated.values()) / 3 == pytest.approx(MEAN_RATING)
    assert list(rated) == sorted(players, key=lambda a: -rated[a][0])
    lines = table_lines(result)
    assert lines[0].startswith("Round robin: 3 players, 2 matches a pair")
    assert [line.split()[1] for line in lines[2:5]] == list(rated)
    matrix = lines[lines.index("Match win rate (%) of the row's player against the column's:") + 2:][:3]
    assert [line.count("—") for line in matrix] == [1, 1, 1]
    data = ratings_json(result, "gin-rummy arena --round-robin", 3, "house")
    assert list(data["players"]) == list(rated)
    assert [sum(pair["wins"]) for pair in data["pairs"]] == [2, 2, 2]
    assert {tuple(pair["players"]) for pair in data["pairs"]} == {("easy", "simple"), ("easy", "undercutter"),
                                                                  ("simple", "undercutter")}


def test_the_command_prints_the_table_and_writes_the_ratings(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ratings.json"
    argv = ["--round-robin", "--players", "easy,quinn,simple(knock_at=0)", "--matches", "2", "--seed", "5",
            "--workers", "1", "--quiet", "--write", str(path)]
    assert arena(argv) == 0
    printed = capsys.readouterr().out
    assert "simple (Quinn)" in printed and "simple(knock_at=0)" in printed and "(3 pairs," in printed
    data = json.loads(path.read_text())
    assert data["command"] == "gin-rummy arena " + " ".join(f"'{a}'" if "(" in a else a for a in argv)
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", data["date"]) and data["matches_per_pair"] == 2
    assert set(data["players"]) == {"easy", "simple", "simple(knock_at=0)"}  # a persona is rated as its player
    assert all(entry["matches"] == 4 and entry["spread"] > 0 for entry in data["players"].values())


def test_players_are_split_at_commas_outside_parentheses() -> None:
    assert split_players("hard, simple(knock_at=4,x=1),quinn") == ["hard", "simple(knock_at=4,x=1)", "quinn"]


def test_the_matrix_reads_the_row_players_win_rate_against_the_column() -> None:
    result = RoundRobin(["b", "a"], 4, {("a", "b"): 3, ("b", "a"): 1})
    lines = table_lines(result)
    assert lines[2].split()[:2] == ["1", "a"] and lines[3].split()[:2] == ["2", "b"]
    rows = lines[lines.index("Match win rate (%) of the row's player against the column's:") + 2:][:2]
    assert [row.split()[1:] for row in rows] == [["a", "—", "75"], ["b", "25", "—"]]


# --- the registry ----------------------------------------------------------------------------------------------

def test_every_persona_plays_by_a_known_player_and_has_a_clean_id() -> None:
    ids = [persona.id for persona in PERSONAS]
    assert len(ids) == len(set(ids)) >= 5
    assert len({persona.name for persona in PERSONAS}) == len(PERSONAS)
    assert len({persona.plays for persona in PERSONAS}) == len(PERSONAS), "each persona a style of its own"
    for persona in PERSONAS:
        assert re.fullmatch(r"[a-z][a-z0-9-]{0,15}", persona.id), persona.id  # the store keeps 16 characters
        assert persona.id not in PLAYERS and persona.id not in LEVELS
        assert persona.style.endswith(".") and len(persona.style) < 140
        player = make_player(persona.id, seed=1)
        assert type(player) is type(make_player(persona.plays, seed=1))
        assert PERSONAS_BY_ID[persona.id] is persona
    assert list(OPPONENTS) == [*LEVELS, *ids]
    assert set(ids) <= set(player_names())


def test_the_ratings_file_rates_every_persona_and_level_from_a_real_round_robin() -> None:
    rated = ratings()
    assert set(default_players()) <= set(rated)
    for name, spec in OPPONENTS.items():
        assert rated[spec].matches >= 100 * (len(default_players()) - 1), name
        assert 0 < rated[spec].spread < 100, name
    assert rated["hard"].rating > rated["medium"].rating > rated["easy"].rating
