"""Seeks: asking the queue for a match with someone, and what it answers while it pairs you."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from .common import Seat, Strict
from .profiles import RatingModel


class SeekRequest(Strict):
    rated: bool = Field(True, description="A rated match (your rating in your pool moves when it ends) or a casual "
                        "one; rated seeks are paired only with rated seeks")


class OfferModel(BaseModel):
    """A computer persona offered instead, by name: never shown as a person."""

    level: str = Field(..., description="What POST /api/games takes as its level to play it")
    name: str = Field(..., description="Its name")
    style: str = Field(..., description="How it plays, in one plain sentence")
    rating: int | None = Field(..., description="Its strength from the arena's round robin (Elo scale)")


class SeekOpponentModel(BaseModel):
    """The player a matched seek was paired with, as their opponent sees them."""

    handle: str = Field(..., description="Their public name")
    is_bot: bool = Field(..., description="A bot account (bots are paired with bots only)")
    rating: RatingModel = Field(..., description="Their rating in the pool, as it stood when you looked")


class SeekResponse(BaseModel):
    """A seek for a match with someone, as its owner sees it."""

    seek_id: str = Field(..., description="The seek's id (GET to wait on it, DELETE to cancel it)")
    status: Literal["waiting", "offer_computer", "matched", "cancelled"] = Field(
        ..., description="waiting; offer_computer: still waiting, and nobody near your strength came for a while, "
        "so `offer` names a computer to play instead; matched: `game_id` and `seat_token` play the match; "
        "cancelled")
    pool: Literal["people", "bots"] = Field(..., description="Who you are paired with: people, or bot accounts")
    rated: bool
    waited_seconds: float = Field(..., description="How long the seek waited (until it was matched or cancelled)")
    game_id: str | None = Field(..., description="Once matched: the match's game")
    seat: Seat | None = Field(..., description="Once matched: your seat in it")
    seat_token: str | None = Field(..., description="Once matched: plays your seat (Authorization: Bearer); keep "
                                   "it secret")
    offer: OfferModel | None = Field(..., description="With offer_computer: the computer offered")
    opponent: SeekOpponentModel | None = Field(..., description="Once matched: who you play")
