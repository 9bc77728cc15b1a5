"""The match as a state machine: deal, legal actions, and applying an action.

``check`` is the one definition of legality: ``legal_actions`` lists the
candidate actions it accepts, and ``apply`` runs it before changing anything, so
a refusal and its reason always agree with what is offered.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .actions import Action, ActionKind, Event, EventKind
from .cards import CARDS, Card, mask_of
from .discard_search import cached_best_discard
from .errors import IllegalActionError, InvalidInputError
from .knocks import showdown
from .meld_search import cached_deadwood
from .records import maker, replacer
from .rules import HOUSE, Rules, knock_limit_for
from .scoring import after_hand, hand_points, opening_games
from .state import HAND_SIZE, STOCK_FLOOR, GameState, HandResult, HandState, HandSummary, Phase

MAX_SEED = 2**128 - 1
"""Seeds are 128-bit so that nobody can search for the seed behind a deal's commitment."""


_SHUFFLE_STEPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(len(CARDS) - 1, 0, -1))
"""Per swap of the shuffle: the position, how many cards it picks among, and the random bits drawn per try."""


def _shuffled_deck(seed: int, number: int) -> tuple[Card, ...]:
    """The deck of hand ``number`` of the match with ``seed``.

    String seeds are hashed with SHA-512 by ``random``, so every deal is reproducible from the seed alone. The
    shuffle is Python 3.11's ``random.shuffle`` (Fisher-Yates, each pick by rejection from ``getrandbits``),
    written out here so that deals never change with the Python version (and the shuffle takes half the time).
    """
    deck = list(CARDS)
    getrandbits = random.Random(f"ginrummy:{seed}:hand:{number}").getrandbits
    for i, choices, bits in _SHUFFLE_STEPS:
        j = getrandbits(bits)
        while j >= choices:
            j = getrandbits(bits)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def deal(rules: Rules, seed: int, number: int, starter: int) -> HandState:
    """Hand ``number`` of a match with ``seed``: the starter's 10 cards, the other's 10, the upcard, the stock."""
    deck = _shuffled_deck(seed, number)
    other = 1 - starter
    hands: list[tuple[Card, ...]] = [(), ()]
    hands[starter] = tuple(sorted(deck[:HAND_SIZE]))
    hands[other] = tuple(sorted(deck[HAND_SIZE:2 * HAND_SIZE]))
    upcard = deck[2 * HAND_SIZE]
    return HandState(
        number=number,
        starter=starter,
        deck=deck,
        hands=(hands[0], hands[1]),
        stock=deck[2 * HAND_SIZE + 1:],
        discard=(upcard,),
        phase=Phase.FIRST_UPCARD,
        turn=starter,
        knock_limit=knock_limit_for(rules, upcard.rank),
    )


def starter_of(state: GameState, number: int) -> int:
    """Who starts hand ``number`` of ``state``'s match: the match's first starter, then the players in turn."""
    return state.first_starter if number % 2 == 1 else 1 - state.first_starter


def new_game(rules: Rules = HOUSE, seed: int | None = None) -> GameState:
    """A new match; the first hand is dealt and the starter (chosen from the seed) is to act."""
    if seed is None:
        seed = random.SystemRandom().randrange(MAX_SEED)
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise InvalidInputError(f"seed must be a whole number from 0 to {MAX_SEED}", code="invalid_seed")
    first_starter = random.Random(f"ginrummy:{seed}:starter").randrange(2)
    return GameState(rules=rules, seed=seed, first_starter=first_starter,
                     hand=deal(rules, seed, 1, first_starter), games=opening_games(rules))


# --- legality ---------------------------------------------------------------------------------------------

# Enum members read once: an enum class attribute costs several times a global look-up, and every move reads them.
_TAKE_UPCARD, _PASS, _DRAW, _DISCARD, _KNOCK, _BIG_GIN, _NEXT_HAND = (
    ActionKind.TAKE_UPCARD, ActionKind.PASS, ActionKind.DRAW, ActionKind.DISCARD, ActionKind.KNOCK,
    ActionKind.BIG_GIN, ActionKind.NEXT_HAND)
_FIRST_UPCARD_PHASE, _DRAW_PHASE, _DISCARD_PHASE = Phase.FIRST_UPCARD, Phase.DRAW, Phase.DISCARD
_TOOK_UPCARD, _PASSED, _DREW, _DISCARDED = EventKind.TOOK_UPCARD, EventKind.PASSED, EventKind.DREW, EventKind.DISCARDED

_PHASE_ACTIONS: dict[Phase, tuple[ActionKind, ...]] = {
    Phase.FIRST_UPCARD: (_TAKE_UPCARD, _PASS),
    Phase.DRAW: (_DRAW,),
    Phase.DISCARD: (_DISCARD, _KNOCK, _BIG_GIN),
}
"""What may be played in each phase of a hand in play."""


def check(state: GameState, action: Action) -> None:
    """Raise ``IllegalActionError`` (with a code and reason) unless ``action`` is legal now."""
    hand = state.hand
    kind = action.kind
    if kind == ActionKind.RESIGN:
        if hand.phase == Phase.MATCH_OVER:
            raise IllegalActionError("the match is over", "match_over")
        return
    allowed = _PHASE_ACTIONS.get(hand.phase)
    if allowed is None:  # the hand or the match is over
        if hand.phase == Phase.MATCH_OVER:
            raise IllegalActionError("the match is over", "match_over")
        if kind != _NEXT_HAND:
            raise IllegalActionError("the hand is over; deal the next hand", "wrong_phase")
        return
    if kind not in allowed:
        names = " or ".join(k.value.replace("_", " ") for k in allowed)
        raise IllegalActionError(f"cannot {kind.value.replace('_', ' ')} now; it is time to {names}", "wrong_phase")
    seat = action.seat
    if seat != hand.turn:
        raise IllegalActionError("it is not your turn", "not_your_turn")
    if kind == _DRAW:
        if action.source == "discard" and hand.passes == 2 and hand.draws == 0:
            raise IllegalActionError("both players passed the upcard: the starter must draw from the stock",
                                     "must_draw_stock")
        if action.source == "stock" and len(hand.stock) <= STOCK_FLOOR:
            raise IllegalActionError("the stock is down to its last two cards", "stock_exhausted")
        return
    if kind == _BIG_GIN:
        if not state.rules.big_gin:
            raise IllegalActionError("Big Gin is not played under these rules", "big_gin_not_allowed")
        left = cached_deadwood(mask_of(hand.hands[seat]))
        if left:
            raise IllegalActionError(f"Big Gin needs all 11 cards melded; deadwood is {left}", "not_big_gin")
        return
    if kind in (_DISCARD, _KNOCK):
        card = action.card
        assert card is not None  # Action guarantees a card for these kinds
        if card not in hand.hands[seat]:
            raise IllegalActionError(f"{card.code} is not in your hand", "card_not_in_hand")
        if card == hand.taken:
            raise IllegalActionError(f"{card.code} was just taken from the discard pile and cannot be discarded "
                                     "this turn", "cannot_discard_taken_card")
        if kind == _KNOCK:
            left = cached_deadwood(mask_of(hand.hands[seat]) & ~(1 << card))
            limit = hand.knock_limit
            if left > limit:
                need = "Gin (no deadwood)" if limit == 0 else f"{limit} or less"
                raise IllegalActionError(f"deadwood would be {left}; a knock needs {need}", "knock_over_limit")


def _candidates(state: GameState, seat: int) -> list[Action]:
    hand = state.hand
    phase = hand.phase
    if phase == Phase.HAND_OVER:
        return [Action(ActionKind.NEXT_HAND, seat)]
    if phase == Phase.MATCH_OVER or seat != hand.turn:
        return []
    if phase == Phase.FIRST_UPCARD:
        return [Action(ActionKind.TAKE_UPCARD, seat), Action(ActionKind.PASS, seat)]
    if phase == Phase.DRAW:
        return [Action(ActionKind.DRAW, seat, source="stock"), Action(ActionKind.DRAW, seat, source="discard")]
    cards = hand.hands[seat]
    return ([Action(ActionKind.DISCARD, seat, card=c) for c in cards]
            + [Action(ActionKind.KNOCK, seat, card=c) for c in cards]
            + [Action(ActionKind.BIG_GIN, seat)])


IN_PLAY = frozenset({Phase.FIRST_UPCARD, Phase.DRAW, Phase.DISCARD})
"""The phases in which one seat is to move."""


def to_act(state: GameState) -> int | None:
    """The seat whose move it is while a hand is in play; None when the hand is over (either seat may deal the
    next hand) and when the match is over."""
    return state.hand.turn if state.hand.phase in IN_PLAY else None


def is_over(state: GameState) -> bool:
    """Whether the match is over (someone reached the target, or resigned)."""
    return state.hand.phase == Phase.MATCH_OVER


@dataclass(frozen=True)
class Outcome:
    """How a finished match ended: who won, and the final scores (end-of-match bonuses included)."""

    winner: int
    scores: tuple[int, int]


def outcome(state: GameState) -> Outcome | None:
    """The match's outcome once it is over; None while it is being played."""
    if state.winner is None:
        return None
    return Outcome(state.winner, state.final_scores)


def is_legal(state: GameState, action: Action) -> bool:
    try:
        check(state, action)
    except IllegalActionError:
        return False
    return True


def legal_actions(state: GameState, seat: int | None = None) -> list[Action]:
    """Every action the rules allow now (for ``seat`` only, when given)."""
    seats = (0, 1) if seat is None else (seat,)
    return [action for s in seats for action in _candidates(state, s) if is_legal(state, action)]


# --- applying ---------------------------------------------------------------------------------------------
#
# One function per action kind. A move names the fields of the hand it changes: ``replacer`` has written, at
# import, the function that copies the state with those fields of its hand replaced and the others kept (as fast
# as building both tuples by position, several times faster than two ``_replace``), so a field added to
# ``HandState`` needs no edit here unless a move changes it. Events are made by ``_event``, the constructor of
# ``Event`` without the class call (which costs as much again).

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
        return _end_hand(after, after.hand, HandResult("no_score", None, 0), events)
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
    return _end_hand(state, hand, hand_result, events)


_APPLY = {
    _NEXT_HAND: _apply_next_hand,
    _TAKE_UPCARD: _apply_take_upcard,
    _PASS: _apply_pass,
    _DRAW: _apply_draw,
    _DISCARD: _apply_discard,
    _KNOCK: _apply_showdown,
    _BIG_GIN: _apply_showdown,
    ActionKind.RESIGN: _apply_resign,
}


def declined_knocks(hand: HandState) -> tuple[int | None, int | None]:
    """Per seat, the least deadwood it could have knocked with on a turn it discarded without knocking (None
    if it never could). Worked out from the deck and the hand's actions, which are both shown once the hand is
    over, so any player can know it then: it tells how low a hand a player sits on without knocking."""
    deck = hand.deck
    masks = [0, 0]
    for card in deck[:HAND_SIZE]:
        masks[hand.starter] |= 1 << card
    for card in deck[HAND_SIZE:2 * HAND_SIZE]:
        masks[1 - hand.starter] |= 1 << card
    pile = [deck[2 * HAND_SIZE]]
    drawn = 2 * HAND_SIZE + 1
    least: list[int | None] = [None, None]
    taken = -1
    for action in hand.actions:
        seat, kind = action.seat, action.kind
        if kind == _TAKE_UPCARD or (kind == _DRAW and action.source == "discard"):
            taken = pile.pop()
            masks[seat] |= 1 << taken
        elif kind == _DRAW:
            masks[seat] |= 1 << deck[drawn]
            drawn += 1
            taken = -1
        elif kind == _DISCARD and action.card is not None:
            could, _ = cached_best_discard(masks[seat], taken)
            known = least[seat]
            if could <= hand.knock_limit and (known is None or could < known):
                least[seat] = could
            masks[seat] &= ~(1 << action.card)
            pile.append(action.card)
    return least[0], least[1]


def _end_hand(state: GameState, hand: HandState, result: HandResult,
              events: list[Event]) -> tuple[GameState, list[Event]]:
    """Record a finished hand on the score sheet and end the match if it is won (``scoring.after_hand``)."""
    winner = result.winner
    standing = after_hand(state.rules, state.scores, state.hands_won, state.games, winner, result.points)
    match_winner = standing.winner
    events.append(_event(EventKind.HAND_ENDED, hand.number, winner, points=result.points, result=result.outcome))
    phase = Phase.HAND_OVER
    if match_winner is not None:
        phase = Phase.MATCH_OVER
        events.append(_event(EventKind.MATCH_ENDED, hand.number, match_winner))
    ended_with = (cached_deadwood(mask_of(hand.hands[0])), cached_deadwood(mask_of(hand.hands[1])))
    summary = HandSummary(hand.number, hand.starter, result.outcome, winner, result.points, standing.scores,
                          result.knocker, ended_with, hand.draws, hand.knock_limit, declined_knocks(hand))
    hand = hand._replace(phase=phase, result=result, turn=winner if winner is not None else hand.turn, taken=None)
    return state._replace(hand=hand, scores=standing.scores, hands_won=standing.hands_won, games=standing.games,
                          history=(*state.history, summary), winner=match_winner), events


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
