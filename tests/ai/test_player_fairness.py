"""The computer never peeks: re-deal everything a seat cannot see, and its decision stays the same.

For many positions, the cards hidden from the deciding seat (the opponent's
unknown cards and the order of the stock) are shuffled into a different but
consistent deal. The player gets its view of each state (with the same random
stream) and must choose the same action. A player that read hidden cards, or
anything derived from them, would sooner or later choose differently.
"""

from __future__ import annotations

import random
import zlib

import pytest

from ginrummy.ai import make_player
from ginrummy.engine import (
    HOUSE,
    ActionKind,
    Card,
    GameState,
    HandState,
    Phase,
    apply,
    legal_actions,
    new_game,
    view_for,
)

LEVELS = ["easy", "medium", "hard", "simple"]


def redeal_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same position with the cards ``seat`` cannot see dealt differently.

    The hidden cards (the opponent's cards not known to be in its hand, and the stock) are relabelled by a
    random permutation among themselves, everywhere in the hand record: the opponent's hand, the stock
    order and the deck as dealt. Everything the seat saw stays where it was, and the deal's commitment
    changes with the deck.
    """
    hand: HandState = state.hand
    opponent = 1 - seat
    thrown = set(hand.discards[opponent])
    known = {c for c in hand.pile_takes[opponent] if c not in thrown}
    hidden = [c for c in hand.hands[opponent] if c not in known] + list(hand.stock)
    shuffled = hidden[:]
    rng.shuffle(shuffled)
    relabel = dict(zip(hidden, shuffled, strict=True))

    def moved(cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return tuple(relabel.get(c, c) for c in cards)

    new_opponent = tuple(sorted(moved(hand.hands[opponent])))
    hands = (hand.hands[0], new_opponent) if opponent == 1 else (new_opponent, hand.hands[1])
    return state._replace(hand=hand._replace(hands=hands, stock=moved(hand.stock), deck=moved(hand.deck)))


def random_positions(count: int, seed: int) -> list[GameState]:
    """Positions where some seat must decide, reached by random legal play (knocking when possible, often)."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        state = new_game(HOUSE, rng.randrange(10**9))
        for _ in range(rng.randrange(1, 40)):
            if state.phase in (Phase.HAND_OVER, Phase.MATCH_OVER):
                break
            actions = legal_actions(state)
            knocks = [a for a in actions if a.kind == ActionKind.KNOCK]
            state, _ = apply(state, rng.choice(knocks) if knocks and rng.random() < 0.3 else rng.choice(actions))
        if state.phase in (Phase.FIRST_UPCARD, Phase.DRAW, Phase.DISCARD):
            positions.append(state)
    return positions


@pytest.mark.parametrize("level", LEVELS)
def test_decisions_do_not_depend_on_hidden_cards(level: str) -> None:
    rng = random.Random(level)
    checked = changed_views = 0
    for position in random_positions(120, seed=zlib.crc32(level.encode())):
        seat = position.hand.turn
        original = view_for(position, seat)
        decision = make_player(level, seed=7).choose(original)
        for _ in range(3):
            other = redeal_hidden(position, seat, rng)
            before, after = position.hand, other.hand
            assert after.hands[1 - seat] != before.hands[1 - seat] or after.stock != before.stock
            other_view = view_for(other, seat)
            changed_views += other_view.commitment != original.commitment
            assert make_player(level, seed=7).choose(other_view) == decision, (
                f"{level} changed its mind when only hidden cards moved")
            checked += 1
    assert checked == 360
    assert changed_views > 300  # the re-deals really were different deals


def test_redeal_keeps_everything_the_seat_sees() -> None:
    rng = random.Random(3)
    for position in random_positions(50, seed=5):
        seat = position.hand.turn
        original = view_for(position, seat).to_json()
        other = view_for(redeal_hidden(position, seat, rng), seat).to_json()
        original.pop("commitment")
        other.pop("commitment")
        assert other == original
