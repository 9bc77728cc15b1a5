"""Hints through the API: the move, the reason and its chances, modelled on the computer across the table."""

from __future__ import annotations

from fastapi.testclient import TestClient
from helpers import Game, Json, invited, to_act

from ginrummy.ai.hints import suggest
from ginrummy.api.schemas import HintResponse
from ginrummy.engine import View


def _expected(view: Json, opponent: str | None) -> Json:
    """The hint worked out here from the seat's view as the API sent it, against ``opponent``."""
    hint = suggest(View.from_json(view), opponent=opponent)
    assert hint is not None
    return hint.to_json()


def test_a_hint_against_the_computer_states_chances_modelled_on_that_computer(client: TestClient) -> None:
    """Over the first hand of a game against hard, every hint's chances are the ones a hint modelling hard gives
    (not the population's), each named in the answer and stated in the reason."""
    game, _ = Game.create(client, level="hard", seed=11)
    asked: set[str] = set()
    differs = False
    for _ in range(40):
        view = game.view
        if view["phase"] not in ("first_upcard", "draw", "discard"):
            break
        answer = game.hint()
        assert answer.status_code == 200, answer.text
        body = answer.json()
        HintResponse.model_validate(body)
        expected = _expected(view, "hard")
        assert {k: body[k] for k in ("action", "reason", "chances")} == expected
        differs |= expected["chances"] != _expected(view, None)["chances"]
        for name, chance in body["chances"].items():
            assert 0.01 <= chance <= 0.99 and f"about {chance:.0%}" in body["reason"]
            asked.add(name)
        game.play(body["action"])
    assert {"stock_helps", "opponent_knocks"} <= asked
    assert differs, "against hard the chances are hard's, not the population's"


def test_a_hint_against_a_persona_models_the_player_it_plays_by(client: TestClient) -> None:
    game, _ = Game.create(client, level="gina", seed=3)
    while game.view["phase"] == "first_upcard" or game.view["phase"] == "draw":
        answer = game.hint()
        assert answer.status_code == 200, answer.text
        game.play(answer.json()["action"])
    body = game.hint().json()
    assert body["chances"] and {k: body[k] for k in ("action", "reason", "chances")} == _expected(game.view, "gina")
    assert _expected(game.view, "gina") == _expected(game.view, "ginhunter")


def test_a_hint_in_a_game_between_two_seats_reads_the_opponent_from_the_match(client: TestClient) -> None:
    """Across from a person (or a program) there is no policy to model: each seat's hint is the one that reads
    the opponent from the match, with the population's maps."""
    first, second, _, _ = invited(client)
    for _ in range(8):
        mover = to_act([first, second])
        assert mover is not None
        answer = mover.hint()
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert {k: body[k] for k in ("action", "reason", "chances")} == _expected(mover.view, None)
        mover.play(body["action"])
