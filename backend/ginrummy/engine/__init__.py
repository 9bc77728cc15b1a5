"""The rules engine: pure, standard-library Gin Rummy, exactly as RULES.md describes it.

Everything outside the engine imports from here, never from a module of the engine (an import-linter contract
in pyproject.toml checks it), so the modules can change shape behind these names. What is here:

- the match: ``new_game``, ``legal_actions``, ``apply``, ``to_act``, ``is_over``, ``outcome``, the replays, and
  the values a state is made of (``GameState``, ``HandState``, ``Phase``, ``Action``, ``Event``, ...);
- what a seat may know: ``view_for`` (the only road from a state to a player) and ``events_for``;
- the rules and their presets (``Rules``, ``preset``, ``PRESETS``), and the points (``showdown``, ``score_knock``,
  ``knock_points``);
- cards: ``Card`` (an int, ``suit * 13 + rank``, Ace low), ``parse_card``, ``format_cards``;
- card masks, for code that asks many questions of hands (the computer players, the benches): a hand or any
  set of cards as a ``CardMask``, an int with one bit per card index (bit ``i`` set when the card of index
  ``i`` is in the set; ``mask_of`` and ``cards_of`` convert). The meld search answers on masks, each question
  also as a cached function (``cached_deadwood`` and the like) for callers that ask about the same hands again.
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
from .cards import (
    CARDS,
    DECK,
    RANK_VALUES,
    Card,
    CardMask,
    cards_of,
    format_cards,
    mask_of,
    parse_card,
    parse_cards,
)
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
from .melds import (
    MeldResult,
    best_arrangement_of_mask,
    best_discard_of_mask,
    best_melds,
    cached_best_discard,
    cached_deadwood,
    cached_discard_deadwoods,
    cached_least_discard_deadwood,
    deadwood,
    deadwood_of_mask,
    discard_deadwoods,
    discard_deadwoods_of_mask,
    least_discard_deadwood_of_mask,
    optimal_arrangements_of_mask,
)
from .rules import (
    BIG_GIN,
    HOLLYWOOD,
    HOLLYWOOD_FIVE,
    HOUSE,
    LINE_BONUS,
    OKLAHOMA,
    OKLAHOMA_CLASSIC,
    PRESET_DESCRIPTIONS,
    PRESETS,
    SETTING_DESCRIPTIONS,
    STRAIGHT,
    TRADITIONAL,
    Rules,
    knock_limit_for,
    preset,
)
from .scoring import HollywoodGame, KnockResult, Layoff, ScoreLine, knock_points, score_knock, showdown
from .state import HAND_SIZE, SCHEMA_VERSION, STOCK_FLOOR, GameState, HandResult, HandState, HandSummary, Phase
from .views import DiscardOption, RevealedHand, View, events_for, revealed_deal, view_for

__all__ = [
    "BIG_GIN", "CARDS", "DECK", "HAND_SIZE", "HOLLYWOOD", "HOLLYWOOD_FIVE", "HOUSE", "IN_PLAY", "LINE_BONUS",
    "OKLAHOMA", "OKLAHOMA_CLASSIC", "PRESETS", "PRESET_DESCRIPTIONS", "RANK_VALUES", "SCHEMA_VERSION",
    "SETTING_DESCRIPTIONS", "STOCK_FLOOR", "STRAIGHT", "TRADITIONAL",
    "Action", "ActionKind", "Card", "CardMask", "DiscardOption", "EngineError", "Event", "EventKind", "GameState",
    "HandResult", "HandState", "HandSummary", "HollywoodGame", "IllegalActionError", "InvalidCardError",
    "InvalidInputError", "KnockResult", "Layoff", "MeldResult", "Outcome", "Phase", "RevealedHand", "Rules",
    "ScoreLine", "View",
    "action_of", "actions_from_events", "apply", "best_arrangement_of_mask", "best_discard_of_mask", "best_melds",
    "big_gin", "cached_best_discard", "cached_deadwood", "cached_discard_deadwoods", "cached_least_discard_deadwood",
    "cards_of", "check", "commitment", "deadwood", "deadwood_of_mask", "deal", "deck_salt", "discard",
    "discard_deadwoods", "discard_deadwoods_of_mask", "draw", "events_for", "format_cards", "is_legal", "is_over",
    "knock", "knock_limit_for", "knock_points", "least_discard_deadwood_of_mask", "legal_actions", "mask_of",
    "new_game", "next_hand", "optimal_arrangements_of_mask", "outcome", "parse_card", "parse_cards", "pass_upcard",
    "preset", "replay", "replay_events", "replay_hand", "revealed_deal", "score_knock", "showdown", "take_upcard",
    "to_act", "verify_deal", "view_for",
]
