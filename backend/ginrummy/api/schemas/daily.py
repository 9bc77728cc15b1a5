"""The daily deal: today's match, a past day's revealed seed, and a day's leaderboard."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from .common import Level


class DailyResultModel(BaseModel):
    """How your daily game stands."""

    status: Literal["finished", "active"] = Field(..., description="finished once the match has a winner")
    scores: list[int] = Field(..., description="The scores by seat (you, the computer): final ones once finished")
    points: int | None = Field(..., description="Your final score minus the computer's (the leaderboard's "
                                                "points); null while the match is played")
    result: Literal["won", "lost", "resigned"] | None = Field(..., description="Null while the match is played")


class DailyResponse(BaseModel):
    """Today's daily deal: one match a UTC day, the same deals for everyone, against the hard computer."""

    date: str = Field(..., description="Today (YYYY-MM-DD, UTC)")
    commitment: str = Field(..., description="SHA-256 (hex) of `ginrummy-daily:<date>:<seed in decimal>`: the "
                                             "day's seed is revealed at GET /api/daily/{date} once the day has "
                                             "ended")
    ends_at: datetime = Field(..., description="When the day ends (UTC): its leaderboard is final and its seed "
                                               "shown then")
    level: Level = Field(..., description="The computer every player of the day meets")
    played: bool = Field(..., description="Whether your player (its token sent) has been dealt today's match")
    game_id: str | None = Field(..., description="Your game of today's deal, to go on with it; null when none")
    result: DailyResultModel | None = Field(..., description="How your game of today's deal stands")


class DailyRevealResponse(BaseModel):
    """A past day's seed, to check it against the commitment shown during the day, and the day's deals against
    it (`gin-rummy verify-deal --day`)."""

    date: str = Field(..., description="The day (YYYY-MM-DD, UTC)")
    seed: str = Field(..., pattern=r"^[0-9]{1,40}$", description="The day's seed, in decimal (128 bits): every "
                      "daily game of the day is a match dealt from this seed")
    commitment: str = Field(..., description="The commitment shown during the day")
    committed_text: str = Field(..., description="The text whose SHA-256 is the commitment")


class DailyEntryModel(BaseModel):
    rank: int = Field(..., ge=1, description="1 for the best")
    handle: str | None = Field(..., description="The player's public handle (GET /api/players/me)")
    is_bot: bool = Field(..., description="A bot account (a program), labelled as such")
    points: int = Field(..., description="The player's final match score minus the computer's")
    result: Literal["won", "lost", "resigned"] = Field(..., description="How the match ended for the player; "
                                                       "resigned matches rank below every match played out")
    finished_at: datetime = Field(..., description="When the match ended (UTC); of equal points, the earlier "
                                                   "ranks first")


class DailyLeaderboardResponse(BaseModel):
    """A day's players ranked by points against the computer (matches finished before the day ended only)."""

    date: str = Field(..., description="The day (YYYY-MM-DD, UTC)")
    final: bool = Field(..., description="Whether the day has ended (until then matches still finish)")
    players: int = Field(..., ge=0, description="Players who finished the day's match in the day")
    entries: list[DailyEntryModel] = Field(..., description="The best 100, best first")
