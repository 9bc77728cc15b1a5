"""The game loop: while it is a computer player's turn, it is given its seat's view and its action is applied.

One loop for everything that lets players play: the service's computer turns, the arena, the CLI's game and
the benches. The engine says who acts (``to_act``) and whether the match is over; a seat with no player here
is a person's, so the loop returns to the caller at that person's turn, to be called again after their move.
What a caller does besides (record the moves, time the decisions, tell a mirroring player) it does in the
callbacks, which see each turn before the choice and each move after it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import NamedTuple

from ginrummy.engine import Action, Event, GameState, View, apply, is_over, next_hand, to_act, view_for

from .base import Player

Players = Mapping[int, Player] | Callable[[int], Player | None]
"""The player of each seat that plays here: by seat, or a function of the seat (None, or a seat left out: a
person's seat)."""


class Played(NamedTuple):
    """One action the loop applied."""

    before: GameState
    seat: int
    """Who moved (for a deal, the seat that dealt)."""
    view: View | None
    """What the player saw when choosing; None for a next hand dealt by the loop (``deal_as``)."""
    action: Action
    events: list[Event]
    after: GameState
    seconds: float
    """How long the player took to choose (0 for a deal)."""


def play(state: GameState, players: Players, *, deal_as: int | None = None,
         until: Callable[[GameState], bool] | None = None,
         on_turn: Callable[[GameState, int, View], None] | None = None,
         on_move: Callable[[Played], None] | None = None,
         max_moves: int | None = None) -> GameState:
    """Play on from ``state`` while the seat to act has a player; return the state reached.

    It returns when the match is over, when ``until(state)`` is true, at the turn of a seat with no player,
    after ``max_moves`` actions, and at the end of a hand unless ``deal_as`` is given: then the loop deals the
    next hand as that seat (no player is asked: every player deals when it is offered). ``on_turn(state, seat,
    view)`` is called before a player chooses on ``view``; ``on_move`` is told each action applied, with the
    events it caused and the time the choice took (the choice alone, not the view nor the move).
    """
    seat_player: Callable[[int], Player | None] = players if callable(players) else players.get
    moves = 0
    while not is_over(state) and (until is None or not until(state)) and (max_moves is None or moves < max_moves):
        seat = to_act(state)
        view: View | None = None
        seconds = 0.0
        if seat is None:  # the hand is over: someone deals the next
            if deal_as is None:
                return state
            seat, action = deal_as, next_hand(deal_as)
        else:
            player = seat_player(seat)
            if player is None:
                return state
            view = view_for(state, seat)
            if on_turn is not None:
                on_turn(state, seat, view)
            started = time.perf_counter()
            action = player.choose(view)
            seconds = time.perf_counter() - started
        after, events = apply(state, action)
        moves += 1
        if on_move is not None:
            on_move(Played(state, seat, view, action, events, after, seconds))
        state = after
    return state
