"""The match as a state machine: deal, legal actions, and applying an action.

``check`` is the one definition of legality: ``legal_actions`` lists the
candidate actions it accepts, and ``apply`` runs it before changing anything, so
a refusal and its reason always agree with what is offered.
"""

from __future__ import annotations

import random

from .actions import Action, ActionKind, Event, EventKind
from .cards import CARDS, Card, mask_of
from .errors import IllegalActionError, InvalidInputError
from .melds import cached_deadwood, cached_discard_deadwoods
from .rules import HOUSE, Rules, knock_limit_for
from .scoring import showdown
from .state import HAND_SIZE, STOCK_FLOOR, GameState, HandResult, HandState, HandSummary, HollywoodGame, Phase

MAX_SEED = 2**128 - 1
"""Seeds are 128-bit so that nobody can search for the seed behind a deal's commitment."""


def _shuffled_deck(seed: int, number: int) -> tuple[Card, ...]:
    # String seeds are hashed with SHA-512 by ``random``, so every deal is reproducible from the seed alone.
    deck = list(CARDS)
    random.Random(f"ginrummy:{seed}:hand:{number}").shuffle(deck)
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


def new_game(rules: Rules = HOUSE, seed: int | None = None) -> GameState:
    """A new match; the first hand is dealt and the starter (chosen from the seed) is to act."""
    if seed is None:
        seed = random.SystemRandom().randrange(MAX_SEED)
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise InvalidInputError(f"seed must be a whole number from 0 to {MAX_SEED}", code="invalid_seed")
    first_starter = random.Random(f"ginrummy:{seed}:starter").randrange(2)
    games = tuple(HollywoodGame() for _ in range(rules.hollywood_games)) if rules.scoring == "hollywood" else ()
    return GameState(rules=rules, seed=seed, first_starter=first_starter,
                     hand=deal(rules, seed, 1, first_starter), games=games)


# --- legality ---------------------------------------------------------------------------------------------

def _knock_deadwood(hand: HandState, seat: int, card: Card) -> int:
    return cached_discard_deadwoods(mask_of(hand.hands[seat]))[card]


def check(state: GameState, action: Action) -> None:
    """Raise ``IllegalActionError`` (with a code and reason) unless ``action`` is legal now."""
    hand = state.hand
    kind, seat = action.kind, action.seat
    phase = hand.phase
    if phase == Phase.MATCH_OVER:
        raise IllegalActionError("the match is over", "match_over")
    if phase == Phase.HAND_OVER:
        if kind != ActionKind.NEXT_HAND:
            raise IllegalActionError("the hand is over; deal the next hand", "wrong_phase")
        return
    allowed = _PHASE_ACTIONS[phase]
    if kind not in allowed:
        names = " or ".join(k.value.replace("_", " ") for k in allowed)
        raise IllegalActionError(f"cannot {kind.value.replace('_', ' ')} now; it is time to {names}", "wrong_phase")
    if seat != hand.turn:
        raise IllegalActionError("it is not your turn", "not_your_turn")
    if kind == ActionKind.DRAW:
        if action.source == "discard" and hand.passes == 2 and hand.draws == 0:
            raise IllegalActionError("both players passed the upcard: the starter must draw from the stock",
                                     "must_draw_stock")
        if action.source == "stock" and len(hand.stock) <= STOCK_FLOOR:
            raise IllegalActionError("the stock is down to its last two cards", "stock_exhausted")
        return
    if kind == ActionKind.BIG_GIN:
        if not state.rules.big_gin:
            raise IllegalActionError("Big Gin is not played under these rules", "big_gin_not_allowed")
        left = cached_deadwood(mask_of(hand.hands[seat]))
        if left:
            raise IllegalActionError(f"Big Gin needs all 11 cards melded; deadwood is {left}", "not_big_gin")
        return
    if kind in (ActionKind.DISCARD, ActionKind.KNOCK):
        card = action.card
        assert card is not None  # Action guarantees a card for these kinds
        if card not in hand.hands[seat]:
            raise IllegalActionError(f"{card.code} is not in your hand", "card_not_in_hand")
        if card == hand.taken:
            raise IllegalActionError(f"{card.code} was just taken from the discard pile and cannot be discarded "
                                     "this turn", "cannot_discard_taken_card")
        if kind == ActionKind.KNOCK:
            left = _knock_deadwood(hand, seat, card)
            limit = hand.knock_limit
            if left > limit:
                need = "Gin (no deadwood)" if limit == 0 else f"{limit} or less"
                raise IllegalActionError(f"deadwood would be {left}; a knock needs {need}", "knock_over_limit")


_PHASE_ACTIONS: dict[Phase, tuple[ActionKind, ...]] = {
    Phase.FIRST_UPCARD: (ActionKind.TAKE_UPCARD, ActionKind.PASS),
    Phase.DRAW: (ActionKind.DRAW,),
    Phase.DISCARD: (ActionKind.DISCARD, ActionKind.KNOCK, ActionKind.BIG_GIN),
}


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

def _with_hand(hands: tuple[tuple[Card, ...], tuple[Card, ...]], seat: int,
               cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    return (cards, hands[1]) if seat == 0 else (hands[0], cards)


def _added(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    return tuple(sorted((*cards, card)))


def _removed(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    return tuple(c for c in cards if c != card)


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """The state after ``action``, and the events it caused. Raises ``IllegalActionError`` if not legal."""
    check(state, action)
    hand = state.hand
    seat = action.seat
    n = hand.number
    events: list[Event] = []
    kind = action.kind
    acted = (*hand.actions, action)

    if kind == ActionKind.NEXT_HAND:
        number = n + 1
        starter = state.first_starter if number % 2 == 1 else 1 - state.first_starter
        new_hand = deal(state.rules, state.seed, number, starter)
        events.append(Event(EventKind.HAND_STARTED, number, starter, new_hand.upcard))
        earlier = (*state.earlier_actions, *hand.actions, action)
        return state._replace(hand=new_hand, earlier_actions=earlier), events

    if kind == ActionKind.TAKE_UPCARD:
        card = hand.discard[-1]
        hand = hand._replace(hands=_with_hand(hand.hands, seat, _added(hand.hands[seat], card)),
                       discard=hand.discard[:-1], phase=Phase.DISCARD, taken=card, draws=hand.draws + 1, actions=acted,
                       pile_takes=_with_hand(hand.pile_takes, seat, (*hand.pile_takes[seat], card)))
        events.append(Event(EventKind.TOOK_UPCARD, n, seat, card))
    elif kind == ActionKind.PASS:
        passes = hand.passes + 1
        # After both pass, the starter must draw from the stock (check enforces the source).
        hand = hand._replace(passes=passes, turn=1 - seat, passed=(*hand.passed, seat), actions=acted,
                       phase=Phase.DRAW if passes == 2 else Phase.FIRST_UPCARD)
        events.append(Event(EventKind.PASSED, n, seat, hand.discard[-1]))
    elif kind == ActionKind.DRAW:
        if action.source == "stock":
            card = hand.stock[0]
            hand = hand._replace(hands=_with_hand(hand.hands, seat, _added(hand.hands[seat], card)),
                           stock=hand.stock[1:], phase=Phase.DISCARD, taken=None, draws=hand.draws + 1,
                                 actions=acted)
            events.append(Event(EventKind.DREW, n, seat, card, "stock", private=True))
        else:
            card = hand.discard[-1]
            hand = hand._replace(hands=_with_hand(hand.hands, seat, _added(hand.hands[seat], card)),
                           discard=hand.discard[:-1], phase=Phase.DISCARD, taken=card, draws=hand.draws + 1,
                           actions=acted, pile_takes=_with_hand(hand.pile_takes, seat, (*hand.pile_takes[seat], card)))
            events.append(Event(EventKind.DREW, n, seat, card, "discard"))
    elif kind == ActionKind.DISCARD:
        thrown = action.card
        assert thrown is not None
        hand = hand._replace(hands=_with_hand(hand.hands, seat, _removed(hand.hands[seat], thrown)),
                       discard=(*hand.discard, thrown), taken=None, turn=1 - seat, phase=Phase.DRAW, actions=acted,
                       discards=_with_hand(hand.discards, seat, (*hand.discards[seat], thrown)))
        events.append(Event(EventKind.DISCARDED, n, seat, thrown))
        if len(hand.stock) <= STOCK_FLOOR:
            return _end_hand(state, hand, HandResult("no_score", None, 0), events)
    else:  # knock or Big Gin: the showdown
        return _knock(state, hand._replace(actions=acted), action, events)
    return state._replace(hand=hand), events


def _knock(state: GameState, hand: HandState, action: Action, events: list[Event]) -> tuple[GameState, list[Event]]:
    seat, card = action.seat, action.card
    rules = state.rules
    n = hand.number
    knocker_cards = hand.hands[seat]
    if card is not None:
        knocker_cards = _removed(knocker_cards, card)
        hand = hand._replace(hands=_with_hand(hand.hands, seat, knocker_cards), discard=(*hand.discard, card),
                       discards=_with_hand(hand.discards, seat, (*hand.discards[seat], card)), taken=None)
    big = action.kind == ActionKind.BIG_GIN
    result = showdown(knocker_cards, hand.hands[1 - seat], rules, big_gin=big)
    if big:
        events.append(Event(EventKind.BIG_GIN, n, seat, deadwood=0))
    elif result.knocker_deadwood == 0:
        events.append(Event(EventKind.GIN, n, seat, card, deadwood=0))
    else:
        events.append(Event(EventKind.KNOCKED, n, seat, card, deadwood=result.knocker_deadwood))
    winner = seat if result.winner == "knocker" else 1 - seat
    multiplier = 2 if rules.oklahoma and rules.oklahoma_spades_double and hand.upcard.suit == 3 else 1
    points = result.points * multiplier + rules.line_bonus
    hand_result = HandResult(result.kind, winner, points, knocker=seat, knock_card=card, showdown=result,
                             multiplier=multiplier, line_bonus=rules.line_bonus)
    return _end_hand(state, hand, hand_result, events)


def _end_hand(state: GameState, hand: HandState, result: HandResult,
              events: list[Event]) -> tuple[GameState, list[Event]]:
    """Record a finished hand on the score sheet and decide whether the match is over."""
    rules = state.rules
    scores = list(state.scores)
    won = list(state.hands_won)
    games = state.games
    winner = result.winner
    match_winner: int | None = None
    if winner is not None:
        scores[winner] += result.points
        won[winner] += 1
        if rules.scoring == "hollywood":
            games = _hollywood_score(games, winner, result.points, rules.target)
            wins = [sum(1 for g in games if g.winner == s) for s in (0, 1)]
            needed = len(games) // 2 + 1
            match_winner = next((s for s in (0, 1) if wins[s] >= needed), None)
        elif scores[winner] >= rules.target:
            match_winner = winner
    events.append(Event(EventKind.HAND_ENDED, hand.number, winner, points=result.points, result=result.outcome))
    phase = Phase.HAND_OVER
    if match_winner is not None:
        phase = Phase.MATCH_OVER
        events.append(Event(EventKind.MATCH_ENDED, hand.number, match_winner))
    summary = HandSummary(hand.number, hand.starter, result.outcome, winner, result.points, (scores[0], scores[1]))
    hand = hand._replace(phase=phase, result=result, turn=winner if winner is not None else hand.turn, taken=None)
    return state._replace(hand=hand, scores=(scores[0], scores[1]), hands_won=(won[0], won[1]), games=games,
                   history=(*state.history, summary), winner=match_winner), events


HOLLYWOOD_IN_PLAY = 3
"""At most three Hollywood games take scores at once; a later game opens when an earlier one closes."""


def _hollywood_score(games: tuple[HollywoodGame, ...], winner: int, points: int,
                     target: int) -> tuple[HollywoodGame, ...]:
    """Enter a hand's points: into every game in play the winner has already scored in, and into the first
    one in play they have not (so a first win scores in game 1, a second in games 1-2, a third in 1-3)."""
    in_play = [i for i, g in enumerate(games) if g.winner is None][:HOLLYWOOD_IN_PLAY]
    updated = list(games)
    opened = False
    for i in in_play:
        game = games[i]
        if not game.started[winner]:
            if opened:
                continue
            opened = True
        scores = list(game.scores)
        scores[winner] += points
        started = list(game.started)
        started[winner] = True
        updated[i] = HollywoodGame((scores[0], scores[1]), (started[0], started[1]),
                                   winner if scores[winner] >= target else None)
    return tuple(updated)


def replay(rules: Rules, seed: int, actions: list[Action] | tuple[Action, ...]) -> GameState:
    """The state reached by playing ``actions`` from the start of a match with ``rules`` and ``seed``."""
    state = new_game(rules, seed)
    for action in actions:
        state, _ = apply(state, action)
    return state
