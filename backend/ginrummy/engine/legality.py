"""What may be played now, and by whom: ``check``, ``legal_actions`` and ``to_act``, and whether the match
is over and how it ended.

``check`` is the one definition of legality: ``legal_actions`` lists the
candidate actions it accepts, and ``apply`` runs it before changing anything, so
a refusal and its reason always agree with what is offered.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, ActionKind
from .cards import mask_of
from .errors import IllegalActionError
from .meld_search import cached_deadwood
from .state import STOCK_FLOOR, GameState, Phase

# Enum members read once: an enum class attribute costs several times a global look-up, and every move is checked.
_TAKE_UPCARD, _PASS, _DRAW, _DISCARD, _KNOCK, _BIG_GIN, _NEXT_HAND = (
    ActionKind.TAKE_UPCARD, ActionKind.PASS, ActionKind.DRAW, ActionKind.DISCARD, ActionKind.KNOCK,
    ActionKind.BIG_GIN, ActionKind.NEXT_HAND)

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
