"""Request and response bodies of the JSON API, as typed models (they are the OpenAPI document).

Responses are built by the engine's ``to_json`` methods and documented here;
the API tests check every response against these models.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ginrummy.engine import PRESETS

CardCode = Annotated[str, Field(pattern=r"^(10|[A2-9TJQK])[CDHS]$", examples=["7H", "TD", "AS"],
                                description="Rank (A 2-9 T J Q K) and suit (C D H S); 10 is also accepted "
                                            "in requests")]
Seat = Annotated[int, Field(ge=0, le=1, description="0 is you, 1 is the computer")]
Level = Literal["easy", "medium", "hard"]
PresetName = Annotated[str, Field(description="One of the presets listed by GET /api/rules",
                                  json_schema_extra={"enum": list(PRESETS)})]
MAX_SEED = 2**128 - 1


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class RuleSettings(Strict):
    """Variant settings on top of the chosen preset; leave out what you don't change."""

    target: int | None = Field(None, ge=1, le=10000, description="Points that win the match: 100, 250, 500 or any")
    knock_limit: int | None = Field(None, ge=0, le=10)
    straight_gin: bool | None = None
    oklahoma: bool | None = None
    oklahoma_ace_must_be_gin: bool | None = None
    oklahoma_spades_double: bool | None = None
    big_gin: bool | None = None
    big_gin_bonus: int | None = Field(None, ge=0, le=1000)
    scoring: Literal["simple", "traditional", "hollywood"] | None = None
    line_bonus: int | None = Field(None, ge=0, le=1000)
    hollywood_games: Literal[3, 5] | None = None


class NewGameRequest(Strict):
    @field_validator("rules")
    @classmethod
    def _known_preset(cls, name: str) -> str:
        if name not in PRESETS:
            raise ValueError(f"unknown rules preset; choose one of {', '.join(PRESETS)}")
        return name

    level: Level = Field("medium", description="How strong the computer plays")
    rules: PresetName = "house"
    settings: RuleSettings = Field(default_factory=RuleSettings)
    seed: int | None = Field(None, ge=0, le=MAX_SEED,
                             description="Deal from this seed (for replays and tests); normally left out")


class DrawRequest(Strict):
    source: Literal["stock", "discard"]


class CardRequest(Strict):
    card: str = Field(..., max_length=8, examples=["7H"], description="The card to discard, e.g. 7H, TD or 10D")


class EmptyRequest(Strict):
    pass


# --- responses --------------------------------------------------------------------------------------------

class ActionModel(BaseModel):
    kind: Literal["take_upcard", "pass", "draw", "discard", "knock", "big_gin", "next_hand"]
    seat: Seat
    card: CardCode | None = None
    source: Literal["stock", "discard"] | None = None


class EventModel(BaseModel):
    seq: int = Field(..., ge=1, description="Position in the game's event log")
    kind: Literal["hand_started", "took_upcard", "passed", "drew", "discarded", "knocked", "gin", "big_gin",
                  "hand_ended", "match_ended"]
    hand: int
    seat: Seat | None
    card: CardCode | None = Field(None, description="Left out when the card is hidden from you")
    source: Literal["stock", "discard"] | None = None
    points: int | None = None
    result: Literal["gin", "big_gin", "knock", "undercut", "no_score"] | None = None
    deadwood: int | None = None
    private: bool | None = Field(None, description="The card was seen only by the player who drew it")


class RulesModel(BaseModel):
    name: str
    target: int
    knock_limit: int
    gin_bonus: int
    undercut_bonus: int
    straight_gin: bool
    oklahoma: bool
    oklahoma_ace_must_be_gin: bool
    oklahoma_spades_double: bool
    big_gin: bool
    big_gin_bonus: int
    scoring: Literal["simple", "traditional", "hollywood"]
    line_bonus: int
    box_bonus: int
    game_bonus: int
    hollywood_games: int


class DiscardOptionModel(BaseModel):
    card: CardCode
    deadwood: int
    can_knock: bool
    gin: bool


class LayoffModel(BaseModel):
    card: CardCode
    meld: int = Field(..., description="Index into knocker_melds")


class ScoreLineModel(BaseModel):
    label: str
    points: int


class ShowdownModel(BaseModel):
    winner: Literal["knocker", "defender"]
    kind: Literal["gin", "big_gin", "knock", "undercut"]
    points: int
    knocker_deadwood: int
    defender_deadwood: int
    defender_deadwood_before_layoffs: int
    layoffs: list[LayoffModel]
    knocker_melds: list[list[CardCode]]
    knocker_deadwood_cards: list[CardCode]
    defender_melds: list[list[CardCode]]
    defender_deadwood_cards: list[CardCode]
    lines: list[ScoreLineModel]
    explanation: str = Field(..., examples=["Undercut: 25 + 8 − 5 = 28"])


class HandResultModel(BaseModel):
    outcome: Literal["gin", "big_gin", "knock", "undercut", "no_score"]
    winner: Seat | None
    points: int
    knocker: Seat | None
    knock_card: CardCode | None
    showdown: ShowdownModel | None
    multiplier: int
    line_bonus: int


class RevealedHandModel(BaseModel):
    cards: list[CardCode]
    melds: list[list[CardCode]]
    deadwood_cards: list[CardCode]
    deadwood: int


class HollywoodGameModel(BaseModel):
    scores: list[int]
    started: list[bool]
    winner: Seat | None


class HandSummaryModel(BaseModel):
    number: int
    starter: Seat
    outcome: Literal["gin", "big_gin", "knock", "undercut", "no_score"]
    winner: Seat | None
    points: int
    scores: list[int]


class ViewModel(BaseModel):
    """Everything your seat may know; never the computer's cards or the stock order before a showdown."""

    seat: Seat
    rules: RulesModel
    hand_number: int
    starter: Seat
    phase: Literal["first_upcard", "draw", "discard", "hand_over", "match_over"]
    turn: Seat | None
    knock_limit: int
    hand: list[CardCode]
    melds: list[list[CardCode]]
    deadwood_cards: list[CardCode]
    deadwood: int
    discard_options: list[DiscardOptionModel]
    taken_card: CardCode | None
    opponent_card_count: int
    stock_count: int
    discard_pile: list[CardCode]
    upcard: CardCode
    draws: int
    passed: list[Seat]
    pile_takes: list[list[CardCode]]
    discards: list[list[CardCode]]
    opponent_known: list[CardCode]
    legal_actions: list[ActionModel]
    scores: list[int]
    final_scores: list[int]
    hands_won: list[int]
    games: list[HollywoodGameModel]
    history: list[HandSummaryModel]
    winner: Seat | None
    result: HandResultModel | None
    revealed: list[RevealedHandModel] | None
    commitment: str = Field(..., description="SHA-256 of this hand's salt and shuffled deck, shown before play")
    deck: list[CardCode] | None = Field(..., description="The deck as dealt, revealed when the hand is over")
    salt: str | None = Field(..., description="The hand's salt, revealed when the hand is over")


class GameResponse(BaseModel):
    game_id: str
    version: int = Field(..., description="Increases by one with every accepted move; also sent as the ETag")
    level: Level
    view: ViewModel
    events: list[EventModel] = Field(..., description="What happened since your last move, in order")
    seat_token: str | None = Field(None, description="Only when the game is created: keep it secret")
    player_token: str | None = Field(None, description="Only when a new anonymous player was created")


class EventsResponse(BaseModel):
    game_id: str
    version: int
    events: list[EventModel]


class HintResponse(BaseModel):
    game_id: str
    version: int
    action: ActionModel = Field(..., description="The suggested move")
    reason: str = Field(..., examples=["Discard K♠: highest card outside your melds."])


class HandDealResponse(BaseModel):
    game_id: str
    number: int
    starter: Seat
    deck: list[CardCode] = Field(..., description="The deck as dealt: starter's 10, other's 10, upcard, stock")
    salt: str
    commitment: str = Field(..., description="Equal to the commitment shown before the hand was played")


class StatsResponse(BaseModel):
    matches_played: int
    matches_won: int
    hands_played: int
    hands_won: int
    gins: int
    undercuts_given: int
    undercuts_suffered: int
    points_won: int
    points_lost: int
    average_points_per_hand: float = Field(..., description="Points you scored per hand played")
    average_net_points_per_hand: float = Field(..., description="Points scored minus points conceded, per hand")


class MatchSummaryModel(BaseModel):
    """One of your matches, as listed in your match history."""

    game_id: str = Field(..., description="The match's game id")
    started_at: datetime = Field(..., description="When the match was created (ISO 8601, UTC)")
    updated_at: datetime = Field(..., description="When the match last changed (ISO 8601, UTC)")
    level: Level = Field(..., description="How strong the computer played")
    preset: PresetName | None = Field(..., description="The rules preset the match was played under, or null "
                                                        "when its settings were changed")
    rules: RulesModel = Field(..., description="The match's rules, settings included")
    status: Literal["finished", "active"] = Field(..., description="finished once the match has a winner, "
                                                                   "else active (still being played)")
    hands: int = Field(..., ge=0, description="Hands that have ended so far")
    scores: list[int] = Field(..., description="The running scores, you (seat 0) first")
    final_scores: list[int] = Field(..., description="The final scores with any end-of-match bonuses, you "
                                                     "(seat 0) first")
    winner: Seat | None = Field(..., description="Who won the match (0 is you); null while it is being played")


class MatchListResponse(BaseModel):
    matches: list[MatchSummaryModel] = Field(..., description="Your matches, newest first")
    next: str | None = Field(..., description="Pass as cursor to get the next page; null when there are no "
                                              "more matches")


class MatchDetailResponse(MatchSummaryModel):
    """One of your matches with its score sheet."""

    history: list[HandSummaryModel] = Field(..., description="Every hand that has ended, in order")
    games: list[HollywoodGameModel] = Field(..., description="Hollywood scoring: the games scored at once "
                                                             "(empty under other scoring)")


class MatchHandResponse(BaseModel):
    """A finished hand of one of your matches, to review it: its deal and its events."""

    game_id: str = Field(..., description="The match's game id")
    number: int = Field(..., ge=1, description="The hand's number in the match, from 1")
    starter: Seat = Field(..., description="Who played first in this hand")
    deck: list[CardCode] = Field(..., description="The deck as dealt: starter's 10, other's 10, upcard, stock")
    salt: str = Field(..., description="The hand's salt, secret until the hand was over")
    commitment: str = Field(..., description="SHA-256 of the salt and deck, equal to the commitment shown "
                                             "before the hand was played")
    events: list[EventModel] = Field(..., description="The hand's events in order, as you saw them once it "
                                                      "was over (every card shown)")


class PresetModel(BaseModel):
    name: str
    description: str
    rules: RulesModel


class RulesResponse(BaseModel):
    default: str
    presets: list[PresetModel]
    settings: dict[str, str]
    levels: dict[str, str]


class Problem(BaseModel):
    """An RFC 9457 problem detail."""

    type: str
    title: str
    status: int
    detail: str
    code: str = Field(..., description="Machine-readable reason, e.g. not_your_turn or knock_over_limit")
    legal_actions: list[ActionModel] | None = None
    errors: list[dict[str, str]] | None = None
