"""Provably fair deals through the API: each hand's deck is committed to before play and revealed after it,
the reveal checks out against the commitment, and the revealed deck is the one the cards came from."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import pytest
from fastapi.testclient import TestClient
from helpers import OVER, Game, Json, greedy_action, random_action

from ginrummy import cli
from ginrummy.engine import verify_deal

HANDS = 4


@dataclass
class HandRecord:
    """What seat 0 saw of one hand, from its first view to its last."""

    first: Json
    commitments: set[str] = field(default_factory=set)
    my_stock_draws: list[str] = field(default_factory=list)
    last: Json | None = None

    @classmethod
    def starting(cls, view: Json) -> HandRecord:
        record = cls(view)
        record.see(view)
        return record

    def see(self, view: Json) -> None:
        self.commitments.add(view["commitment"])
        if view["phase"] in OVER:
            self.last = view
        else:
            assert view["deck"] is None and view["salt"] is None, "the deck is shown before the hand is over"


def play_recorded_hands(game: Game, rng: random.Random, hands: int = HANDS) -> list[HandRecord]:
    """Play up to ``hands`` hands (fewer if the match ends), recording each hand's views and seat 0's draws."""
    records = [HandRecord.starting(game.view)]
    while True:
        record = records[-1]
        while game.view["phase"] not in OVER:
            policy = random_action if rng.random() < 0.5 else greedy_action
            action, before = policy(game.view, rng), game.view["hand"]
            game.play(action)
            if action["kind"] == "draw" and action["source"] == "stock":
                drawn = set(game.view["hand"]) - set(before)
                assert len(drawn) == 1
                record.my_stock_draws.append(drawn.pop())
            record.see(game.view)
        if game.view["phase"] == "match_over" or len(records) == hands:
            return records
        game.play({"kind": "next_hand"})
        records.append(HandRecord.starting(game.view))


def assert_subsequence(items: list[str], sequence: list[str]) -> None:
    position = 0
    for item in items:
        assert item in sequence[position:], f"{item} is not in the deck after position {position}: {sequence}"
        position = sequence.index(item, position) + 1


def stock_draws_in_log(game: Game, hand: int) -> list[tuple[int, str]]:
    """(seat, card) of every stock draw in ``hand``, in order, as the log shows them once the hand is over."""
    drew = [e for e in game.events(0) if e["hand"] == hand and e["kind"] == "drew" and e["source"] == "stock"]
    assert all("card" in e for e in drew), "a finished hand's stock draws are still hidden"
    return [(e["seat"], e["card"]) for e in drew]


def test_every_hand_is_committed_and_revealed(client: TestClient) -> None:
    rng = random.Random(99)
    game, created = Game.create(client, settings={"target": 150})
    assert created["view"]["commitment"]
    records = play_recorded_hands(game, rng)
    assert len(records) >= 2  # no hand scores 150
    assert len({record.first["commitment"] for record in records}) == len(records)
    for number, record in enumerate(records, start=1):
        first, last = record.first, record.last
        assert last is not None and first["hand_number"] == last["hand_number"] == number
        assert len(first["commitment"]) == 64 and record.commitments == {first["commitment"]}
        deck, salt = last["deck"], last["salt"]
        assert verify_deal(deck, salt, first["commitment"])
        assert sorted(deck) == sorted({*deck}) and len(deck) == 52
        mine = deck[0:10] if first["starter"] == 0 else deck[10:20]
        theirs = deck[10:20] if first["starter"] == 0 else deck[0:10]
        assert sorted(first["hand"]) == sorted(mine)
        assert first["upcard"] == deck[20] == last["upcard"]
        assert_subsequence(record.my_stock_draws, deck[21:])
        # Both players' stock draws, revealed in the log, took the stock in deck order.
        draws = stock_draws_in_log(game, number)
        assert [card for _, card in draws] == deck[21:21 + len(draws)]
        assert [card for seat, card in draws if seat == 0] == record.my_stock_draws
        assert last["stock_count"] == 31 - len(draws)
        # The computer's dealt cards, plus what it drew and took, less what it threw, is the hand it showed.
        computer = Counter(theirs) + Counter(c for seat, c in draws if seat == 1) + Counter(last["pile_takes"][1])
        assert sorted((computer - Counter(last["discards"][1])).elements()) == sorted(last["revealed"][1]["cards"])


@pytest.fixture
def revealed_hand(client: TestClient) -> tuple[list[str], str, str]:
    """(deck, salt, commitment) of a finished hand."""
    game, created = Game.create(client, seed=2024)
    record = play_recorded_hands(game, random.Random(1), hands=1)[0]
    assert record.last is not None
    return record.last["deck"], record.last["salt"], created["view"]["commitment"]


def tamper(how: str, deck: list[str], salt: str) -> tuple[list[str], str]:
    """The revealed deck and salt, with one thing changed."""
    if how == "two cards swapped":
        return [deck[1], deck[0], *deck[2:]], salt
    if how == "one card replaced":  # by another card of the deck, which then appears twice
        return [deck[1], *deck[1:]], salt
    if how == "a card left out":
        return deck[:-1], salt
    return deck, ("0" if salt[0] != "0" else "1") + salt[1:]


TAMPERINGS = ["two cards swapped", "one card replaced", "a card left out", "salt changed"]


def test_the_revealed_deal_verifies(revealed_hand: tuple[list[str], str, str],
                                    capsys: pytest.CaptureFixture[str]) -> None:
    deck, salt, commitment = revealed_hand
    assert verify_deal(deck, salt, commitment) is True
    assert verify_deal(" ".join(deck), salt, commitment.upper()) is True
    assert cli.main(["verify-deal", "--deck", " ".join(deck), "--salt", salt, "--commitment", commitment]) == 0
    assert "matches" in capsys.readouterr().out


@pytest.mark.parametrize("how", TAMPERINGS)
def test_a_tampered_deal_does_not_verify(revealed_hand: tuple[list[str], str, str], how: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    deck, salt, commitment = revealed_hand
    bad_deck, bad_salt = tamper(how, deck, salt)
    assert verify_deal(bad_deck, bad_salt, commitment) is False
    assert cli.main(["verify-deal", "--deck", " ".join(bad_deck), "--salt", bad_salt,
                     "--commitment", commitment]) == 1
    assert "MISMATCH" in capsys.readouterr().out
