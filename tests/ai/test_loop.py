"""The one game loop (``ai.loop.play``): who it asks, where it stops, and what it reports."""

from __future__ import annotations

from itertools import pairwise

from ginrummy.ai import Played, Player, make_player, play
from ginrummy.engine import (
    HOUSE,
    Action,
    EventKind,
    GameState,
    View,
    apply,
    is_over,
    new_game,
    next_hand,
    to_act,
    view_for,
)


def _players(seed: int) -> dict[int, Player]:
    return {0: make_player("simple", seed), 1: make_player("medium", seed + 1)}


def _by_hand(seed: int, players: dict[int, Player]) -> GameState:
    """The loop written out: what ``play`` must do, move for move."""
    state = new_game(HOUSE, seed)
    while not is_over(state):
        seat = to_act(state)
        action = next_hand(0) if seat is None else players[seat].choose(view_for(state, seat))
        state, _ = apply(state, action)
    return state


def test_with_both_seats_played_it_plays_the_match_out_as_the_loop_written_by_hand() -> None:
    for seed in (1, 2):
        moves: list[Played] = []
        state = play(new_game(HOUSE, seed), _players(seed), deal_as=0, on_move=moves.append)
        assert is_over(state)
        assert state == _by_hand(seed, _players(seed))
        assert moves[-1].after == state and all(a.after == b.before for a, b in pairwise(moves))
        deals = [m for m in moves if m.view is None]
        assert len(deals) == len(state.history) - 1
        assert all(m.action == next_hand(0) and m.seconds == 0 for m in deals)
        assert all(m.view is not None and m.view.seat == m.seat == m.action.seat and m.seconds >= 0
                   for m in moves if m not in deals)


def test_it_returns_at_the_turn_of_a_seat_with_no_player_and_at_a_hand_s_end() -> None:
    state = new_game(HOUSE, 4)
    computer = {1: make_player("simple", 4)}
    person = make_player("simple", 9)  # seat 0, moving between the loop's calls, as a person through the API
    for _ in range(2000):
        state = play(state, computer)
        if is_over(state):
            break
        assert to_act(state) in (0, None)  # the person's turn, or the person deals the next hand
        state, _ = apply(state, person.choose(view_for(state, 0)))
    assert is_over(state)
    asked: list[int] = []

    def nobody(seat: int) -> Player | None:
        asked.append(seat)
        return None

    fresh = new_game(HOUSE, 4)
    assert play(fresh, nobody) == fresh
    assert asked == [to_act(fresh)]


def test_it_stops_when_told_and_after_the_moves_allowed() -> None:
    after_three = play(new_game(HOUSE, 5), _players(5), deal_as=0, max_moves=3)
    assert len(after_three.hand.actions) == 3
    one_hand = play(new_game(HOUSE, 5), _players(5), deal_as=0, until=lambda state: len(state.history) >= 1)
    assert len(one_hand.history) == 1 and to_act(one_hand) is None


def test_on_turn_sees_the_view_the_player_chooses_on_before_it_chooses() -> None:
    order: list[str] = []
    seen: list[View] = []

    class Recorder:
        name = "recorder"

        def __init__(self, inner: Player) -> None:
            self.inner = inner

        def choose(self, view: View) -> Action:
            assert seen and seen[-1] is view
            order.append("choose")
            return self.inner.choose(view)

    def turn(state: GameState, seat: int, view: View) -> None:
        assert view.seat == seat == to_act(state)
        seen.append(view)
        order.append("turn")

    events: list[EventKind] = []
    play(new_game(HOUSE, 6), {0: Recorder(make_player("simple", 1)), 1: Recorder(make_player("simple", 2))},
         until=lambda state: to_act(state) is None, on_turn=turn,
         on_move=lambda move: events.extend(e.kind for e in move.events))
    assert order == ["turn", "choose"] * (len(order) // 2) and order
    assert EventKind.HAND_ENDED in events
