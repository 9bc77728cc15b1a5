"""Players as others see them: handles, ratings and the leaderboards."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from .common import Strict


class RatingModel(BaseModel):
    rating: int = Field(..., description="The rating (a new player's is 1500)")
    deviation: int = Field(..., description="How uncertain it is (a new player's is 350); it shrinks with matches")
    matches: int = Field(..., description="The rated matches it rests on")
    provisional: bool = Field(..., description="Still uncertain: the page shows '?' beside it")


class ProfileResponse(BaseModel):
    """You as others see you, and your rated record."""

    handle: str = Field(..., description="Your public name (one is made for you until you choose your own)")
    is_bot: bool = Field(..., description="A bot account: rated among bots only")
    pool: Literal["people", "bots"] = Field(..., description="Whom your rated matches are played against")
    rating: RatingModel = Field(..., description="Your rating in your pool")
    rated_finished: int = Field(..., description="Rated matches played to their end")
    rated_abandoned: int = Field(..., description="Of those, the ones lost by letting the turn clock run out")
    rank: int | None = Field(..., description="Your place on your pool's leaderboard; null until your rating is "
                             "settled (5 rated matches, and not provisional)")


class NewPlayerResponse(BaseModel):
    player_token: str = Field(..., description="The new player's token (keep it secret: it is the account)")


class HandleRequest(Strict):
    handle: str = Field(..., max_length=100, description="3 to 20 letters, digits, '_' and '-', in words with one "
                        "space between them; unique without regard to case")


class LeaderboardEntryModel(RatingModel):
    rank: int
    handle: str


class LeaderboardResponse(BaseModel):
    pool: Literal["people", "bots"]
    players: list[LeaderboardEntryModel] = Field(..., description="Settled ratings only (5 rated matches or more, "
                                                 "not provisional), best first")
