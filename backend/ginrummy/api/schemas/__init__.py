"""Request and response bodies of the JSON API, as typed models: every answer goes through its model, and the
models are the OpenAPI document, every field described for a bot's author.

The engine's value types (a view, an event, an action, a hand's result and summary, the rules) are declared once,
in ``ginrummy.engine``, with a docstring under each field; their models are derived from those declarations
(``model_of``, in ``derived``), so a field added there is in the answers, the models and the documentation
without an edit here. The rest (what a request asks for, what wraps a view in an answer) is declared in a module
for each area:

- ``common``: the fields' types every area shares (a card's code, a seat, a computer, a preset), the strict base
  of requests, and optional fields left out of an answer when empty;
- ``derived``: the models of the engine's value types;
- ``games``: creating, joining and playing a game, and the answers that wrap a seat's view;
- ``hands``: a hint, the coach's review of a finished hand, and its deal;
- ``players``: a player's stats and match history;
- ``profiles``: handles, ratings and the leaderboards;
- ``seeks``: a seek for a match with someone;
- ``daily``: the daily deal, its revealed seed and its leaderboard;
- ``rules``: the presets, the moves' routes and the personas;
- ``problems``: the body of every refusal.

The rest of the product imports the models from here (``from ginrummy.api.schemas import GameResponse``), never
from a module of the package: these names are its public face, and the modules may change shape behind them.

Requests are strict: a number sent as a string, a boolean sent as a number or a float where an integer belongs is
refused with a 422 naming the field. A field the engine leaves out when it holds nothing (an action's card, an
event's hidden card) is left out of the answer too.
"""

from .common import MAX_SEED, CardCode, Level, Omitted, PresetName, Seat, Strict, known_computer
from .daily import (
    DailyEntryModel,
    DailyLeaderboardResponse,
    DailyResponse,
    DailyResultModel,
    DailyRevealResponse,
)
from .derived import (
    MODEL_NAMES,
    ActionModel,
    EventModel,
    HandSummaryModel,
    HollywoodGameModel,
    RuleSettings,
    RulesModel,
    ViewModel,
    model_of,
    wire_hint,
)
from .games import (
    CardRequest,
    ClockModel,
    ComputerOpponent,
    CreatedGameResponse,
    DrawRequest,
    EventsResponse,
    GameResponse,
    InviteModel,
    InviteOpponent,
    JoinedGameResponse,
    JoinRequest,
    NewGameRequest,
    OpponentModel,
    RematchModel,
)
from .hands import DecisionModel, HandAnalysisResponse, HandDealResponse, HintResponse, OutcomeSharesModel
from .players import MatchDetailResponse, MatchHandResponse, MatchListResponse, MatchSummaryModel, StatsResponse
from .problems import Problem
from .profiles import (
    HandleRequest,
    LeaderboardEntryModel,
    LeaderboardResponse,
    NewPlayerResponse,
    ProfileResponse,
    RatingModel,
)
from .rules import ActionRouteModel, PersonaModel, PresetModel, RulesResponse
from .seeks import OfferModel, SeekOpponentModel, SeekRequest, SeekResponse

__all__ = [
    "MAX_SEED",
    "MODEL_NAMES",
    "ActionModel",
    "ActionRouteModel",
    "CardCode",
    "CardRequest",
    "ClockModel",
    "ComputerOpponent",
    "CreatedGameResponse",
    "DailyEntryModel",
    "DailyLeaderboardResponse",
    "DailyResponse",
    "DailyResultModel",
    "DailyRevealResponse",
    "DecisionModel",
    "DrawRequest",
    "EventModel",
    "EventsResponse",
    "GameResponse",
    "HandAnalysisResponse",
    "HandDealResponse",
    "HandSummaryModel",
    "HandleRequest",
    "HintResponse",
    "HollywoodGameModel",
    "InviteModel",
    "InviteOpponent",
    "JoinRequest",
    "JoinedGameResponse",
    "LeaderboardEntryModel",
    "LeaderboardResponse",
    "Level",
    "MatchDetailResponse",
    "MatchHandResponse",
    "MatchListResponse",
    "MatchSummaryModel",
    "NewGameRequest",
    "NewPlayerResponse",
    "OfferModel",
    "Omitted",
    "OpponentModel",
    "OutcomeSharesModel",
    "PersonaModel",
    "PresetModel",
    "PresetName",
    "Problem",
    "ProfileResponse",
    "RatingModel",
    "RematchModel",
    "RuleSettings",
    "RulesModel",
    "RulesResponse",
    "Seat",
    "SeekOpponentModel",
    "SeekRequest",
    "SeekResponse",
    "StatsResponse",
    "Strict",
    "ViewModel",
    "known_computer",
    "model_of",
    "wire_hint",
]
