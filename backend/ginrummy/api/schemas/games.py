"""A game: the requests that create, join and play one, and the answers that wrap a seat's view of it."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, field_validator

from ginrummy.engine import PRESETS

from .common import MAX_SEED, Level, Omitted, PresetName, Seat, Strict, known_computer
from .derived import EventModel, RuleSettings, ViewModel


class ComputerOpponent(Strict):
    kind: Literal["computer"]
    level: Level | None = Field(None, description="The computer: a level or a persona's id (default: the request's "
                                "level)")

    @field_validator("level")
    @classmethod
    def _known(cls, name: str | None) -> str | None:
        return name if name is None else known_computer(name)


class InviteOpponent(Strict):
    kind: Literal["invite"]
    turn_seconds: int | None = Field(None, ge=10, le=86_400, description="A turn clock: once a player has let "
                                     "this many seconds pass on its turn, the other may claim the match "
                                     "(POST /api/games/{id}/claim); default none")


class NewGameRequest(Strict):
    @field_validator("rules")
    @classmethod
    def _known_rules(cls, name: str) -> str:
        if name not in PRESETS:
            raise ValueError(f"unknown rules; choose one of {', '.join(PRESETS)}")
        return name

    @field_validator("level")
    @classmethod
    def _known_level(cls, name: str) -> str:
        return known_computer(name)

    level: Level = "medium"
    opponent: ComputerOpponent | InviteOpponent | None = Field(
        None, discriminator="kind", description="Who sits in seat 1: the computer (the default, at `level` unless "
        "given here) or whoever joins with the invite code in the answer")
    rules: PresetName = "house"
    settings: RuleSettings = Field(default_factory=RuleSettings, description="Changes to the preset's rules")
    seed: int | None = Field(None, ge=0, le=MAX_SEED,
                             description="Deal from this seed (for replays and tests); normally left out")


class DrawRequest(Strict):
    source: Literal["stock", "discard"] = Field(..., description="The stock, or the top of the discard pile")


class CardRequest(Strict):
    card: str = Field(..., max_length=8, examples=["7H"], description="The card to discard, e.g. 7H, TD or 10D")


# --- responses

class OpponentModel(BaseModel):
    kind: Literal["computer", "person"] = Field(..., description="computer, or a person (or a program) who "
                                                "joined by invite")
    level: Level | None = Omitted("The computer's level or persona id (the computer only)")
    name: str | None = Omitted("A persona's name, as the page calls it (a persona only); in a match the queue "
                               "paired (POST /api/seeks), the other player's handle")
    rated: bool | None = Omitted("A match the queue paired: whether it is rated (a rematch of one never is)")
    joined: bool | None = Omitted("A person: whether someone has taken the seat yet")
    connected: bool | None = Omitted("A person: whether they are following the game now (a stream open, or a long "
                                     "poll, within the last 30 s)")


class ClockModel(BaseModel):
    turn_seconds: int = Field(..., description="How long a player may take over its turn")
    deadline: float | None = Field(..., description="When the player to move runs out of time (Unix time, "
                                   "seconds); null while nobody is to move (a hand or the match is over)")
    reserves: list[float] | None = Omitted("A public match's reserves (left out for other games): seconds each seat "
                                           "(by seat number) may still go over its turns in the match, in all; the "
                                           "deadline counts the mover's")


class RematchModel(BaseModel):
    offered_by: Seat | None = Field(..., description="The seat that offered a rematch (POST .../rematch)")
    game_id: str | None = Field(..., description="The rematch's game once both seats asked for it (against the "
                                "computer, at once); each seat plays it with the token it has")


class GameResponse(BaseModel):
    game_id: str = Field(..., description="The game's id")
    version: int = Field(..., description="Increases by one with every accepted move; also sent as the ETag")
    level: Level | None = Field(..., description="The computer's level or persona id; null when seat 1 is a person")
    seat: Seat = Field(..., description="Your seat: 0 if you created the game, 1 if you joined it")
    opponent: OpponentModel = Field(..., description="Who sits across from you")
    clock: ClockModel | None = Field(None, description="The turn clock, in a game that has one")
    rematch: RematchModel | None = Field(None, description="Once the match is over: a rematch offered or agreed")
    view: ViewModel
    events: list[EventModel] = Field(..., description="What happened since your last move, in order")


class InviteModel(BaseModel):
    code: str = Field(..., description="Joins seat 1, once (POST /api/games/{game_id}/join)")
    path: str = Field(..., description="The page that joins it in the browser, relative to this server")


class CreatedGameResponse(GameResponse):
    """A new game: its first answer, with the token that plays it."""

    seat_token: str = Field(..., description="Plays this game (Authorization: Bearer): keep it secret")
    player_token: str | None = Field(..., description="Your new anonymous player's token (keep it for your "
                                                      "stats and match history); null when you sent one")
    invite: InviteModel | None = Field(None, description="A game with an invited opponent: what to send them")


class JoinRequest(Strict):
    code: str = Field(..., min_length=1, max_length=200, description="The invite code seat 0 was given")


class JoinedGameResponse(GameResponse):
    """Seat 1 of a game, taken with its invite: the first answer, with the token that plays it."""

    seat_token: str = Field(..., description="Plays seat 1 of this game (Authorization: Bearer): keep it secret")
    player_token: str | None = Field(..., description="Your new anonymous player's token; null when you sent one")


class EventsResponse(BaseModel):
    game_id: str = Field(..., description="The game's id")
    seat: Seat = Field(0, description="Your seat (the events' seats and the starter are seats)")
    version: int = Field(..., description="The game's version now")
    events: list[EventModel] = Field(..., description="The events asked for, in order: at most `limit` of them")
    has_more: bool = Field(..., description="Whether more events follow this page")
    next_since: int | None = Field(..., description="When has_more: the `since` that asks for the next page")
