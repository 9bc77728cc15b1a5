"""A move: ``apply`` checks an action (``legality.check``) and plays it, giving the state after it and the
events it caused; a hand that a move ends is recorded by ``hand_end``.

One function per action kind. A move names the fields of the hand it changes: ``replacer`` has written, at
import, the function that copies the state with those fields of its hand replaced and the others kept (as fast
as building both tuples by position, several times faster than two ``_replace``), so a field added to
``HandState`` needs no edit here unless a move changes it. Events are made by ``_event``, the constructor of
``Event`` without the class call (which costs as much again).
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import Action, ActionKind, Event, EventKind
from .cards import Card
from .dealing import deal, starter_of
from .hand_end import end_hand
from .knocks import showdown
from .legality import check
from .records import maker, replacer
from .scoring import hand_points
from .state import STOCK_FLOOR, GameState, HandResult, HandState, Phase

# Enum members read once: an enum class attribute costs several times a global look-up, and every move reads them.
_FIRST_UPCARD_PHASE, _DRAW_PHASE, _DISCARD_PHASE = Phase.FIRST_UPCARD, Phase.DRAW, Phase.DISCARD
_TOOK_UPCARD, _PASSED, _DREW, _DISCARDED = EventKind.TOOK_UPCARD, EventKind.PASSED, EventKind.DREW, EventKind.DISCARDED

_Hands = tuple[tuple[Card, ...], tuple[Card, ...]]


def _hand_replacer(*names: str) -> Callable[..., GameState]:
    """A function ``(state, **changes) -> state`` giving the hand in play new values of the fields ``names``."""
    return replacer(HandState, *names, within=(GameState, "hand"))


_took_from_pile = _hand_replacer("hands", "discard", "phase", "taken", "draws", "pile_takes", "actions")
"""The first upcard taken, or a draw from the discard pile."""
_drew_from_stock = _hand_replacer("hands", "stock", "phase", "taken", "draws", "actions")
_passed = _hand_replacer("phase", "turn", "passes", "passed", "actions")
_discarded = _hand_replacer("hands", "discard", "phase", "turn", "taken", "discards", "actions")
_with_hand = replacer(GameState, "hand")
_event = maker(Event)


def _seat_replaced(pair: _Hands, seat: int, cards: tuple[Card, ...]) -> _Hands:
    return (cards, pair[1]) if seat == 0 else (pair[0], cards)


def _added(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    return tuple(sorted((*cards, card)))


def _removed(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """The state after ``action``, and the events it caused. Raises ``IllegalActionError`` if not legal."""
    check(state, action)
    return _APPLY[action.kind](state, action)


def _apply_resign(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """The match ends for the other seat; the hand in play stops where it is, unscored (so it joins no score
    sheet), and is shown like any hand that is over."""
    winner = 1 - action.seat
    hand = state.hand._replace(phase=Phase.MATCH_OVER)
    events = [_event(EventKind.RESIGNED, hand.number, action.seat), _event(EventKind.MATCH_ENDED, hand.number, winner)]
    return state._replace(hand=hand, winner=winner), events


def _apply_next_hand(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    number = state.hand.number + 1
    starter = starter_of(state, number)
    new_hand = deal(state.rules, state.seed, number, starter)
    # The finished hand's actions go with it: its summary is in ``history``, its deal comes from the seed.
    return _with_hand(state, hand=new_hand), [_event(EventKind.HAND_STARTED, number, starter, new_hand.upcard)]


def _take_from_pile(state: GameState, action: Action) -> tuple[GameState, Card]:
    """The state after the player to act takes the top card of the discard pile (the first upcard or a draw),
    and that card."""
    hand = state.hand
    seat = action.seat
    discard, hands, pile_takes = hand.discard, hand.hands, hand.pile_takes
    card = discard[-1]
    return _took_from_pile(
        state, hands=_seat_replaced(hands, seat, _added(hands[seat], card)), discard=discard[:-1],
        phase=_DISCARD_PHASE, taken=card, draws=hand.draws + 1,
        pile_takes=_seat_replaced(pile_takes, seat, (*pile_takes[seat], card)), actions=(*hand.actions, action),
    ), card


def _apply_take_upcard(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    after, card = _take_from_pile(state, action)
    return after, [_event(_TOOK_UPCARD, state.hand.number, action.seat, card)]


def _apply_pass(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    hand = state.hand
    seat = action.seat
    passes = hand.passes + 1
    # After both pass, the starter must draw from the stock (check enforces the source).
    after = _passed(state, phase=_DRAW_PHASE if passes == 2 else _FIRST_UPCARD_PHASE, turn=1 - seat, passes=passes,
                    passed=(*hand.passed, seat), actions=(*hand.actions, action))
    return after, [_event(_PASSED, hand.number, seat, hand.discard[-1])]


def _apply_draw(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    hand = state.hand
    seat = action.seat
    if action.source == "discard":
        after, card = _take_from_pile(state, action)
        return after, [_event(_DREW, hand.number, seat, card, source="discard")]
    stock, hands = hand.stock, hand.hands
    card = stock[0]
    held = tuple(sorted((*hands[seat], card)))
    after = _drew_from_stock(state, hands=(held, hands[1]) if seat == 0 else (hands[0], held), stock=stock[1:],
                             phase=_DISCARD_PHASE, taken=None, draws=hand.draws + 1, actions=(*hand.actions, action))
    return after, [_event(_DREW, hand.number, seat, card, source="stock", private=True)]


def _apply_discard(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    hand = state.hand
    seat = action.seat
    thrown = action.card
    assert thrown is not None
    hands = hand.hands
    held = _removed(hands[seat], thrown)
    after = _discarded(state, hands=(held, hands[1]) if seat == 0 else (hands[0], held),
                       discard=(*hand.discard, thrown), phase=_DRAW_PHASE, turn=1 - seat, taken=None,
                       discards=_seat_replaced(hand.discards, seat, (*hand.discards[seat], thrown)),
                       actions=(*hand.actions, action))
    events = [_event(_DISCARDED, hand.number, seat, thrown)]
    if len(hand.stock) <= STOCK_FLOOR:
        return end_hand(after, after.hand, HandResult("no_score", None, 0), events)
    return after, events


def _apply_showdown(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """A knock or Big Gin."""
    seat, card = action.seat, action.card
    events: list[Event] = []
    rules = state.rules
    hand = state.hand
    n = hand.number
    knocker_cards = hand.hands[seat]
    acted = (*hand.actions, action)
    if card is None:
        hand = hand._replace(actions=acted)
    else:
        knocker_cards = _removed(knocker_cards, card)
        hand = hand._replace(hands=_seat_replaced(hand.hands, seat, knocker_cards), discard=(*hand.discard, card),
                             discards=_seat_replaced(hand.discards, seat, (*hand.discards[seat], card)), taken=None,
                             actions=acted)
    big = action.kind == ActionKind.BIG_GIN
    result = showdown(knocker_cards, hand.hands[1 - seat], rules, big_gin=big)
    if big:
        events.append(_event(EventKind.BIG_GIN, n, seat, deadwood=0))
    elif result.knocker_deadwood == 0:
        events.append(_event(EventKind.GIN, n, seat, card, deadwood=0))
    else:
        events.append(_event(EventKind.KNOCKED, n, seat, card, deadwood=result.knocker_deadwood))
    winner = seat if result.winner == "knocker" else 1 - seat
    points = hand_points(result, rules, hand.upcard)
    hand_result = HandResult(result.kind, winner, points.points, knocker=seat, knock_card=card, showdown=result,
                             multiplier=points.multiplier, line_bonus=points.line_bonus)
    return end_hand(state, hand, hand_result, events)


_APPLY = {
    ActionKind.NEXT_HAND: _apply_next_hand,
    ActionKind.TAKE_UPCARD: _apply_take_upcard,
    ActionKind.PASS: _apply_pass,
    ActionKind.DRAW: _apply_draw,
    ActionKind.DISCARD: _apply_discard,
    ActionKind.KNOCK: _apply_showdown,
    ActionKind.BIG_GIN: _apply_showdown,
    ActionKind.RESIGN: _apply_resign,
}
