"""Replays: a match or one of its hands rebuilt from its rules, seed and actions, or from its event log, and
the actions behind recorded events.
"""

from __future__ import annotations

from collections.abc import Iterable

from .actions import Action, ActionKind, Event, EventKind
from .dealing import deal, new_game, starter_of
from .errors import IllegalActionError, InvalidInputError
from .game import apply
from .rules import Rules
from .state import GameState, Phase


def replay(rules: Rules, seed: int, actions: Iterable[Action]) -> GameState:
    """The state reached by playing ``actions`` from the start of a match with ``rules`` and ``seed``.

    A state keeps only its current hand's actions (``state.hand.actions``); to rebuild a whole match, give
    the actions of every hand in order, each finished hand's followed by the ``next_hand`` that dealt the
    next, or rebuild it from its event log with ``replay_events``."""
    state = new_game(rules, seed)
    for action in actions:
        state, _ = apply(state, action)
    return state


def replay_hand(state: GameState, number: int, actions: Iterable[Action]) -> list[tuple[GameState, Action]]:
    """Each position of hand ``number`` of ``state``'s match with the action played there, rebuilt from the deal
    and that hand's ``actions`` (as ``actions_from_events`` gives them for the hand's events). The match
    around the hand (scores, score sheet) is as it stood when the hand was dealt."""
    if not 1 <= number <= len(state.history):
        raise IllegalActionError(f"hand {number} is not over yet" if number > len(state.history)
                                 else f"there is no hand {number}", "hand_not_over")
    before = state.history[number - 2] if number > 1 else None
    starter = starter_of(state, number)
    at = state._replace(hand=deal(state.rules, state.seed, number, starter), history=state.history[:number - 1],
                        scores=before.scores if before is not None else (0, 0), winner=None)
    positions = []
    for action in actions:
        if action.kind == ActionKind.NEXT_HAND:
            continue
        positions.append((at, action))
        at, _ = apply(at, action)
    if at.hand.phase not in (Phase.HAND_OVER, Phase.MATCH_OVER):
        raise InvalidInputError(f"the moves given do not finish hand {number}", code="invalid_event_log")
    return positions


def action_of(event: Event) -> Action | None:
    """The action that caused ``event`` (first among the events it caused), or None for events that
    follow from another: a hand's or the match's end, and the deal of the first hand."""
    kind, seat = event.kind, event.seat
    if kind in (EventKind.HAND_ENDED, EventKind.MATCH_ENDED) or seat is None:
        return None
    if kind == EventKind.HAND_STARTED:
        return Action(ActionKind.NEXT_HAND, seat) if event.hand > 1 else None
    if kind == EventKind.RESIGNED:
        return Action(ActionKind.RESIGN, seat)
    if kind == EventKind.TOOK_UPCARD:
        return Action(ActionKind.TAKE_UPCARD, seat)
    if kind == EventKind.PASSED:
        return Action(ActionKind.PASS, seat)
    if kind == EventKind.DREW:
        return Action(ActionKind.DRAW, seat, source=event.source)
    if kind == EventKind.DISCARDED:
        return Action(ActionKind.DISCARD, seat, card=event.card)
    if kind in (EventKind.KNOCKED, EventKind.GIN):
        return Action(ActionKind.KNOCK, seat, card=event.card)
    return Action(ActionKind.BIG_GIN, seat)


def actions_from_events(events: Iterable[Event]) -> list[Action]:
    """The actions behind a match's events (as ``apply`` made them, in order): with the rules and seed,
    enough to replay the match."""
    return [action for action in map(action_of, events) if action is not None]


def _same_event(recorded: Event, replayed: Event) -> bool:
    # A recorded event may have had its private card hidden (``Event.seen_by``).
    return recorded == replayed or (replayed.private and recorded == replayed._replace(card=None))


def replay_events(rules: Rules, seed: int, events: Iterable[Event]) -> GameState:
    """The state a match reaches through ``events``: every event of the match from its start, in order, as
    ``apply`` made them (a first ``hand_started`` for hand 1, as a store records it, is optional).

    Each event's action is replayed and the events it causes must be the next ones recorded, so a log that
    does not belong to ``rules`` and ``seed``, or has gaps, is refused (``InvalidInputError``)."""
    state = new_game(rules, seed)
    recorded = list(events)
    if recorded and recorded[0].kind == EventKind.HAND_STARTED and recorded[0].hand == 1:
        first = Event(EventKind.HAND_STARTED, 1, state.hand.starter, state.hand.upcard)
        if not _same_event(recorded[0], first):
            raise InvalidInputError("the event log does not start with this match's first deal",
                                    code="invalid_event_log")
        recorded = recorded[1:]
    i = 0
    while i < len(recorded):
        action = action_of(recorded[i])
        if action is None:
            raise InvalidInputError(f"event {i}, {recorded[i].kind.value}, follows from no action",
                                    code="invalid_event_log")
        try:
            state, caused = apply(state, action)
        except IllegalActionError as error:
            raise InvalidInputError(f"event {i}: {action} is not legal when replayed: {error}",
                                    code="invalid_event_log") from error
        for event in caused:
            if i >= len(recorded) or not _same_event(recorded[i], event):
                raise InvalidInputError(f"event {i} is not what replaying {action} gives",
                                        code="invalid_event_log")
            i += 1
    return state
