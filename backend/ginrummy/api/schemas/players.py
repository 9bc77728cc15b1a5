"""A player's own records: stats and match history."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field, create_model

from ginrummy.stats import COUNTS

from .common import CardCode, Level, PresetName, Seat
from .derived import EventModel, HandSummaryModel, HollywoodGameModel, RulesModel

StatsResponse: type[BaseModel] = create_model(
    "StatsResponse",
    __doc__="Your anonymous stats, kept by the server for your player token.",
    **{name: (int, Field(..., description=words)) for name, words in COUNTS.items()},  # type: ignore[call-overload]
    average_points_per_hand=(float, Field(..., description="Points you scored per hand played")),
    average_net_points_per_hand=(float, Field(..., description="Points scored minus points conceded, per hand")),
)


class MatchSummaryModel(BaseModel):
    """One of your matches, as listed in your match history."""

    game_id: str = Field(..., description="The match's game id")
    started_at: datetime = Field(..., description="When the match was created (ISO 8601, UTC)")
    updated_at: datetime = Field(..., description="When the match last changed (ISO 8601, UTC)")
    level: Level | None = Field(..., description="The computer's level or persona id; null in a match against a "
                                "person")
    preset: PresetName | None = Field(..., description="The rules preset the match was played under, or null "
                                                        "when its settings were changed")
    rules: RulesModel = Field(..., description="The match's rules, settings included")
    status: Literal["finished", "active"] = Field(..., description="finished once the match has a winner, "
                                                                   "else active (still being played)")
    hands: int = Field(..., ge=0, description="Hands that have ended so far")
    scores: list[int] = Field(..., description="The running scores, by seat (seat 0 first)")
    final_scores: list[int] = Field(..., description="The final scores with any end-of-match bonuses, by seat")
    winner: Seat | None = Field(..., description="The seat that won the match; null while it is being played")
    practice: bool = Field(False, description="A practice game (dealt from a chosen seed): not in your stats")
    seat: Seat = Field(0, description="Your seat in this match: 0 if you created it, 1 if you joined it by invite")
    daily: str | None = Field(None, description="The day (YYYY-MM-DD) whose daily deal this match is: in that day's "
                              "leaderboard, not in your stats")


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
    seat: Seat = Field(0, description="Your seat (the events' seats and the starter are seats)")
    number: int = Field(..., ge=1, description="The hand's number in the match, from 1")
    starter: Seat = Field(..., description="Who played first in this hand")
    deck: list[CardCode] = Field(..., description="The deck as dealt: starter's 10, other's 10, upcard, stock")
    salt: str = Field(..., description="The hand's salt, secret until the hand was over")
    commitment: str = Field(..., description="SHA-256 of the salt and deck, equal to the commitment shown "
                                             "before the hand was played")
    events: list[EventModel] = Field(..., description="The hand's events in order, as you saw them once it "
                                                      "was over (every card shown)")
