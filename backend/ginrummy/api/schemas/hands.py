"""The help a seat gets with a hand: a hint while it is played, and once it is over the coach's review of its
decisions and its deal."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from .common import CardCode, Seat
from .derived import ActionModel


class HintResponse(BaseModel):
    game_id: str = Field(..., description="The game's id")
    version: int = Field(..., description="The version the hint is for")
    action: ActionModel = Field(..., description="The suggested move")
    reason: str = Field(..., examples=["Discard K♠: highest card outside your melds."], description="Why, in words")
    chances: dict[Literal["stock_helps", "opponent_knocks", "undercut"], float] = Field(
        default_factory=dict, examples=[{"stock_helps": 0.56}],
        description="The chances behind the hint, as the reason states them (0 to 1): at a draw, that a stock card "
                    "lowers your deadwood (stock_helps); at a discard, that the opponent knocks on its next turn "
                    "(opponent_knocks); at a knock, that it is undercut (undercut). Modelled on the computer you "
                    "play (its policy, never its cards), and calibrated against what happens in play with it")


class OutcomeSharesModel(BaseModel):
    """How the deals the coach played out after a choice ended, from your side, as shares of them (summing to
    1)."""

    gin: float = Field(..., ge=0, le=1, description="You went Gin (or Big Gin)")
    knock: float = Field(..., ge=0, le=1, description="You knocked and won")
    undercut_for: float = Field(..., ge=0, le=1, description="The opponent knocked and you undercut it")
    undercut_against: float = Field(..., ge=0, le=1, description="You knocked and were undercut")
    opponent_knock: float = Field(..., ge=0, le=1, description="The opponent knocked and won")
    opponent_gin: float = Field(..., ge=0, le=1, description="The opponent went Gin")
    no_score: float = Field(..., ge=0, le=1, description="The stock ran out: no score")


class DecisionModel(BaseModel):
    turn: int = Field(..., description="Draws made in the hand before this decision (0: the first upcard)")
    kind: Literal["draw", "discard", "knock"] = Field(..., description="What the choice was about: how to draw, "
                                                      "which card to discard, or whether to knock")
    played: ActionModel = Field(..., description="What you played")
    best: ActionModel = Field(..., description="The better move by the hard computer's evaluation (the move "
                              "played when it was as good)")
    played_points: float = Field(..., description="Expected points of the hand after your move, from your side, "
                                 "given only what you could see then (0 when your move was the best)")
    best_points: float = Field(..., description="The same for the better move")
    cost: float = Field(..., description="Points the decision cost on average")
    noise: float = Field(..., description="Twice the standard error of the cost (a smaller cost may be luck)")
    mistake: bool = Field(..., description="Whether the cost is at least 1 point and clearly more than the noise")
    why: str = Field(..., description="What the better move was worth on average, how its played-out deals "
                     "ended, and why, in one or two sentences (empty when yours was best)")
    because: str = Field(..., description="The reasons of `why` after its first sentence, what the page says after "
                         "`worked_out` (empty when yours was best)")
    best_outcomes: OutcomeSharesModel | None = Field(..., description="How the deals played out after the better "
                                                     "move ended; null when nothing was played out (the hard "
                                                     "computer chose your move)")
    played_outcomes: OutcomeSharesModel | None = Field(..., description="The same after your move")


class HandAnalysisResponse(BaseModel):
    """The coach's review of your decisions in a finished hand."""

    game_id: str = Field(..., description="The game's id")
    hand: int = Field(..., description="The hand's number")
    seat: Seat = Field(..., description="Whose decisions (always yours)")
    decisions: list[DecisionModel] = Field(..., description="Your decisions in the hand, in order")
    costliest: DecisionModel | None = Field(..., description="The mistake that cost the most; null without one")
    lost: dict[str, float] = Field(..., description="Points lost to mistakes in draws, discards and knock timing")
    mistakes: int = Field(..., description="How many decisions were mistakes")
    worked_out: str | None = Field(..., description="When you won the hand in spite of its costliest mistake, one "
                                   "sentence that says how you won, then what the better move was worth on average "
                                   "and how its deals ended (the result of one deal is not the worth of a choice); "
                                   "null otherwise")


class HandDealResponse(BaseModel):
    game_id: str = Field(..., description="The game's id")
    seat: Seat = Field(0, description="Your seat (the events' seats and the starter are seats)")
    number: int = Field(..., description="The hand's number, from 1")
    starter: Seat = Field(..., description="Who had the first choice of the upcard")
    deck: list[CardCode] = Field(..., description="The deck as dealt: starter's 10, other's 10, upcard, stock")
    salt: str = Field(..., description="The hand's salt, secret until the hand was over")
    commitment: str = Field(..., description="Equal to the commitment shown before the hand was played")
