"""The rules engine: pure, standard-library Gin Rummy, exactly as RULES.md describes it.

Everything outside the engine goes through these names.
"""

from .actions import (
    Action,
    ActionKind,
    Event,
    EventKind,
    big_gin,
    discard,
    draw,
    knock,
    next_hand,
    pass_upcard,
    take_upcard,
)
from .cards import CARDS, DECK, Card, cards_of, format_cards, mask_of, parse_card, parse_cards
from .errors import EngineError, IllegalActionError, InvalidCardError, InvalidInputError
from .fairness import commitment, deck_salt, verify_deal
from .game import (
    IN_PLAY,
    Outcome,
    action_of,
    actions_from_events,
    apply,
    check,
    deal,
    is_legal,
    is_over,
    legal_actions,
    new_game,
    outcome,
    replay,
    replay_events,
    replay_hand,
    to_act,
)
from .melds import MeldResult, best_melds, deadwood, discard_deadwoods
from .rules import (
    BIG_GIN,
    HOLLYWOOD,
    HOLLYWOOD_FIVE,
    HOUSE,
    LINE_BONUS,
    OKLAHOMA,
    OKLAHOMA_CLASSIC,
    PRESETS,
    STRAIGHT,
    TRADITIONAL,
    Rules,
    preset,
)
from .scoring import HollywoodGame, KnockResult, Layoff, ScoreLine, score_knock, showdown
from .state import SCHEMA_VERSION, GameState, HandResult, HandState, HandSummary, Phase
from .views import DiscardOption, RevealedHand, View, events_for, revealed_deal, view_for

__all__ = [
    "BIG_GIN", "CARDS", "DECK", "HOLLYWOOD", "HOLLYWOOD_FIVE", "HOUSE", "IN_PLAY", "LINE_BONUS", "OKLAHOMA",
    "OKLAHOMA_CLASSIC", "PRESETS", "SCHEMA_VERSION", "STRAIGHT", "TRADITIONAL",
    "Action", "ActionKind", "Card", "DiscardOption", "EngineError", "Event", "EventKind", "GameState",
    "HandResult", "HandState", "HandSummary", "HollywoodGame", "IllegalActionError", "InvalidCardError",
    "InvalidInputError", "KnockResult", "Layoff", "MeldResult", "Outcome", "Phase", "RevealedHand", "Rules",
    "ScoreLine",
    "View", "action_of", "actions_from_events", "apply", "best_melds", "big_gin", "cards_of", "check",
    "commitment", "deadwood", "deal", "deck_salt", "discard", "discard_deadwoods", "draw", "events_for",
    "format_cards", "is_legal", "is_over", "knock", "legal_actions", "mask_of", "new_game", "next_hand", "outcome",
    "parse_card", "parse_cards", "pass_upcard", "preset", "replay", "replay_events", "replay_hand", "revealed_deal",
    "score_knock", "showdown", "take_upcard", "to_act", "verify_deal", "view_for",
]
