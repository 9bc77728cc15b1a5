"""Helpers shared by the engine tests: exact deals, short ways to act, and a random playout policy."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from ginrummy.engine import (
    CARDS,
    HOUSE,
    ActionKind,
    Card,
    GameState,
    IllegalActionError,
    Phase,
    Rules,
    apply,
    discard_deadwoods,
    legal_actions,
    new_game,
    parse_cards,
)
from ginrummy.engine.actions import Action
from ginrummy.engine.rules import knock_limit_for


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def dealt(first: str, second: str, upcard: str, stock_top: str = "", *, rules: Rules = HOUSE,
          starter: int = 0, seed: int = 7) -> GameState:
    """A match whose current hand is this exact deal, at the first upcard: ``first`` is the starter's hand,
    ``second`` the other's; the stock starts with ``stock_top`` and holds every other card after it."""
    hands = {starter: cards(first), 1 - starter: cards(second)}
    up, = cards(upcard)
    top = cards(stock_top)
    used = {*hands[0], *hands[1], up, *top}
    assert len(used) == 21 + len(top), "the deal repeats a card"
    stock = top + tuple(card for card in CARDS if card not in used)
    state = new_game(rules, seed)
    hand = state.hand._replace(
        starter=starter, turn=starter, deck=hands[starter] + hands[1 - starter] + (up, *stock),
        hands=(tuple(sorted(hands[0])), tuple(sorted(hands[1]))), stock=stock, discard=(up,),
        knock_limit=knock_limit_for(rules, up.rank))
    return state._replace(first_starter=starter, hand=hand)


def act(state: GameState, *actions: Action) -> GameState:
    for action in actions:
        state, _ = apply(state, action)
    return state


def refusal(state: GameState, action: Action) -> IllegalActionError:
    """The error ``apply`` raises for ``action`` (the test fails if it is accepted)."""
    with pytest.raises(IllegalActionError) as caught:
        apply(state, action)
    return caught.value


def stock_down_to(state: GameState, count: int) -> GameState:
    """The same hand with only the top ``count`` stock cards left; the rest go under the discard pile."""
    hand = state.hand
    return state._replace(hand=hand._replace(stock=hand.stock[:count], discard=hand.stock[count:] + hand.discard))


def round_trips(state: GameState) -> bool:
    """The state survives its JSON form unchanged."""
    return GameState.from_json(json.loads(json.dumps(state.to_json()))) == state


def table_cards(state: GameState) -> list[Card]:
    """Every card of the current hand: both hands, the stock and the discard pile."""
    hand = state.hand
    return [*hand.hands[0], *hand.hands[1], *hand.stock, *hand.discard]


class RandomPlayer:
    """Plays legal moves at random, but mostly sensibly so that hands end by knocks, Gin and the stock rule:
    it usually throws the card that leaves the least deadwood, always goes Gin (or Big Gin) when it can, and
    otherwise knocks with probability ``knock_chance``."""

    def __init__(self, seed: int, knock_chance: float) -> None:
        self.rng = random.Random(seed)
        self.knock_chance = knock_chance

    def choose(self, state: GameState, actions: list[Action]) -> Action:
        by_kind: dict[ActionKind, list[Action]] = {}
        for action in actions:
            by_kind.setdefault(action.kind, []).append(action)
        if ActionKind.BIG_GIN in by_kind:
            return by_kind[ActionKind.BIG_GIN][0]
        hand = state.hand.hands[state.hand.turn]
        left: dict[Card | None, int] = dict(discard_deadwoods(hand).items()) if ActionKind.DISCARD in by_kind else {}
        knocks = by_kind.get(ActionKind.KNOCK, [])
        gins = [action for action in knocks if left[action.card] == 0]
        if gins or (knocks and self.rng.random() < self.knock_chance):
            return self.rng.choice(gins or knocks)
        if left and self.rng.random() < 0.8:
            return min(by_kind[ActionKind.DISCARD], key=lambda action: left[action.card])
        plain = [action for action in actions if action.kind != ActionKind.KNOCK]
        return self.rng.choice(plain or actions)


class RecordingPlayer(RandomPlayer):
    """A ``RandomPlayer`` that keeps every action it chose, in order (a state keeps only its hand's)."""

    def __init__(self, seed: int, knock_chance: float) -> None:
        super().__init__(seed, knock_chance)
        self.played: list[Action] = []

    def choose(self, state: GameState, actions: list[Action]) -> Action:
        action = super().choose(state, actions)
        self.played.append(action)
        return action


def playout(state: GameState, player: RandomPlayer, max_steps: int = 20_000) -> Iterator[GameState]:
    """Every state of a match played by ``player`` from ``state`` to the end (bounded)."""
    yield state
    for _ in range(max_steps):
        if state.phase == Phase.MATCH_OVER:
            return
        actions = legal_actions(state)
        assert actions, f"no legal action in phase {state.phase}"
        state, _ = apply(state, player.choose(state, actions))
        yield state
    raise AssertionError(f"the match did not end in {max_steps} actions")
