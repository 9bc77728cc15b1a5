"""The end of a hand: recording it on the score sheet (and ending the match when it is won), and the summary
of the hand that the score sheet keeps.
"""

from __future__ import annotations

from .actions import ActionKind, Event, EventKind
from .cards import mask_of
from .discard_search import cached_best_discard
from .meld_search import cached_deadwood
from .records import maker
from .scoring import after_hand
from .state import HAND_SIZE, GameState, HandResult, HandState, HandSummary, Phase

# Enum members read once: an enum class attribute costs several times a global look-up.
_TAKE_UPCARD, _DRAW, _DISCARD = ActionKind.TAKE_UPCARD, ActionKind.DRAW, ActionKind.DISCARD
_event = maker(Event)
"""``Event``'s constructor without the class call (``records.maker``)."""


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


def end_hand(state: GameState, hand: HandState, result: HandResult,
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
