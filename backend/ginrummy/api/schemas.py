"""Request and response bodies of the JSON API, as typed models: every answer goes through its model, and the
models are the OpenAPI document, every field described for a bot's author.

The engine's value types (a view, an event, an action, a hand's result and summary, the rules) are declared once,
in ``ginrummy.engine``, with a docstring under each field; their models here are derived from those declarations
(``model_of``), so a field added there is in the answers, the models and the documentation without an edit here.
The rest (what a request asks for, what wraps a view in an answer) is declared here.

Requests are strict: a number sent as a string, a boolean sent as a number or a float where an integer belongs is
refused with a 422 naming the field. A field the engine leaves out when it holds nothing (an action's card, an
event's hidden card) is left out of the answer too.
"""

from __future__ import annotations

from datetime import datetime
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, create_model, field_validator

from ginrummy.ai.levels import LEVELS
from ginrummy.ai.personas import OPPONENTS, PERSONAS
from ginrummy.engine import (
    PRESETS,
    SETTINGS,
    Action,
    Card,
    Event,
    HandSummary,
    HollywoodGame,
    KnockResult,
    Rules,
    View,
    is_seat,
    is_wire_type,
    value_range,
    wire_fields,
    wire_options,
)
from ginrummy.stats import COUNTS

CardCode = Annotated[str, Field(pattern=r"^(10|[A2-9TJQK])[CDHS]$", examples=["7H", "TD", "AS"],
                                description="Rank (A 2-9 T J Q K) and suit (C D H S); 10 is also accepted "
                                            "in requests")]
Seat = Annotated[int, Field(ge=0, le=1, description="0 is whoever created the game, 1 the computer or whoever "
                                                    "joined by invite")]
Level = Annotated[str, Field(description=f"The computer: a level ({', '.join(LEVELS)}) or a persona's id (GET "
                                          "/api/rules lists both)", json_schema_extra={"enum": list(OPPONENTS)})]
PresetName = Annotated[str, Field(description="One of the presets listed by GET /api/rules",
                                  json_schema_extra={"enum": list(PRESETS)})]
MAX_SEED = 2**128 - 1


def _absent(value: Any) -> bool:
    return value is None


def known_computer(name: str) -> str:
    """A request's computer, checked against the one registry of them (the levels and the personas)."""
    if name not in OPPONENTS:
        raise ValueError(f"unknown level; choose a level ({', '.join(LEVELS)}) or a persona "
                         f"({', '.join(p.id for p in PERSONAS)})")
    return name


def Omitted(description: str, **kwargs: Any) -> Any:
    """An optional field that is left out of the answer, rather than sent as null, when it has no value."""
    return Field(None, exclude_if=_absent, description=description, **kwargs)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


# --- models derived from the engine's declarations

MODEL_NAMES: dict[type, str] = {KnockResult: "ShowdownModel"}
"""Models named otherwise than ``<type>Model`` (the names the OpenAPI document has always used)."""
_MODELS: dict[type, type[BaseModel]] = {}


def wire_hint(hint: Any) -> Any:
    """The pydantic type of a field declared with ``hint`` in the engine (see ``ginrummy.engine.wire``)."""
    if is_seat(hint):
        return Seat | None if get_origin(hint) in (Union, type(int | None)) else Seat
    bounds = value_range(hint)
    while get_origin(hint) is Annotated:
        hint = get_args(hint)[0]
    if bounds is not None:
        return Annotated[hint, Field(ge=bounds.low, le=bounds.high)]
    if get_origin(hint) in (Union, type(int | None)):
        return Union[tuple(wire_hint(a) for a in get_args(hint))]  # noqa: UP007 - built from a tuple of types
    if hint is Card:
        return CardCode
    if isinstance(hint, type) and issubclass(hint, Enum):
        return Literal[tuple(member.value for member in hint)]
    if get_origin(hint) is tuple:
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return list[wire_hint(args[0])]  # type: ignore[misc]
        return Annotated[list[Union[tuple(wire_hint(a) for a in set(args))]],  # type: ignore[misc]  # noqa: UP007
                         Field(min_length=len(args), max_length=len(args))]
    if is_wire_type(hint):
        return model_of(hint)
    if hint is dict:
        return dict[str, Any]
    return hint


def model_of(cls: type, name: str | None = None, **extra: Any) -> type[BaseModel]:
    """The response model of an engine value type: each field with its type and its docstring as description;
    a field the type leaves out when it holds its default is optional and left out likewise. ``extra`` adds
    fields the API puts beside the engine's (as ``create_model`` takes them)."""
    if not extra and cls in _MODELS:
        return _MODELS[cls]
    opts = wire_options(cls)
    fields: dict[str, Any] = {}
    for f in wire_fields(cls):
        kind = wire_hint(f.hint)
        if opts.omit_defaults and not f.required and f.name not in opts.always:
            fields[f.name] = (kind | None, Omitted(f.doc))
        else:
            fields[f.name] = (kind, Field(..., description=f.doc))
    doc = (cls.__doc__ or "").strip()
    model: type[BaseModel] = create_model(
        name or MODEL_NAMES.get(cls, f"{cls.__name__}Model"), __doc__=" ".join(doc.split()), **fields, **extra)
    if not extra:
        _MODELS[cls] = model
    return model


if TYPE_CHECKING:  # derived at run time; to a type checker, models
    ActionModel = BaseModel
    ViewModel = BaseModel
    EventModel = BaseModel
    RulesModel = BaseModel
    HandSummaryModel = BaseModel
    HollywoodGameModel = BaseModel
    RuleSettings = Strict
else:
    ActionModel = model_of(Action)
    ViewModel = model_of(View, practice=(bool, Field(False, description="A practice game (dealt from a seed the "
                                                                         "client chose): not counted in your stats")),
                         daily=(str | None, Field(None, description="The day (YYYY-MM-DD, UTC) whose daily deal "
                                                  "this is, else null; its deck and salt stay hidden until the day "
                                                  "has ended")))
    EventModel = model_of(Event, seq=(int, Field(..., ge=1, description="Position in the game's event log, from 1")))
    RulesModel = model_of(Rules)
    HandSummaryModel = model_of(HandSummary)
    HollywoodGameModel = model_of(HollywoodGame)
    RuleSettings = create_model(
        "RuleSettings", __doc__="Variant settings on top of the chosen preset; leave out what you don't change.",
        __base__=Strict,
        **{s.name: (wire_hint(s.hint) | None, Field(None, description=s.doc)) for s in SETTINGS},
    )


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


class PresetModel(BaseModel):
    name: str = Field(..., description="The preset's name, for POST /api/games")
    description: str = Field(..., description="The preset in words")
    rules: RulesModel = Field(..., description="Its rules")


class ActionRouteModel(BaseModel):
    kind: str = Field(..., description="The action's kind, as legal_actions name it")
    path: str = Field(..., description="Its typed route (POST); any offered action may also be posted back as it "
                                       "is to POST /api/games/{game_id}/actions")
    title: str = Field(..., description="What it does, in a few words")
    description: str = Field(..., description="More about it")
    takes: list[str] = Field(..., description="What its body holds besides kind and seat: card, source, or nothing")


class PersonaModel(BaseModel):
    """A computer player with a style of its own, to play against instead of a level."""

    id: str = Field(..., description="What POST /api/games takes as its level")
    name: str = Field(..., description="Its name")
    style: str = Field(..., description="How it plays, in one plain sentence")
    rating: int | None = Field(..., description="Its strength from the arena's round robin, on the Elo scale (the "
                               "field's mean is 1500; 100 points more wins about 64% of matches); null if not rated")
    rating_spread: int | None = Field(..., description="Half the rating's 95% interval")
    rating_matches: int | None = Field(..., description="The round-robin matches the rating rests on")


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


class RulesResponse(BaseModel):
    default: str = Field(..., description="The preset used when none is named")
    presets: list[PresetModel] = Field(..., description="Every preset")
    settings: dict[str, str] = Field(..., description="Every setting, with its meaning")
    levels: dict[str, str] = Field(..., description="Every level of the computer, easiest first, in plain words")
    personas: list[PersonaModel] = Field(..., description="Computer players with a style and a name, each playable "
                                         "by its id instead of a level")
    ratings: dict[str, int] = Field(..., description="The levels' ratings, on the personas' scale (the levels the "
                                    "round robin measured)")
    actions: list[ActionRouteModel] = Field(..., description="Every kind of move, with its route")


class Problem(BaseModel):
    """An RFC 9457 problem detail."""

    type: str = Field(..., description="A URI naming the kind of problem")
    title: str = Field(..., description="The HTTP status in words")
    status: int = Field(..., description="The HTTP status")
    detail: str = Field(..., description="What went wrong, for a person")
    code: str = Field(..., description="Machine-readable reason, e.g. not_your_turn or knock_over_limit")
    legal_actions: list[ActionModel] | None = Field(None, description="For an illegal move: the moves allowed")
    errors: list[dict[str, str]] | None = Field(None, description="For a malformed request: each field's problem")
    version: int | None = Field(None, description="For a stale version: the game's version now")


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
