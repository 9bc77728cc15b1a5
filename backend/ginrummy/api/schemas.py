"""Request and response bodies of the JSON API, as typed models: the routes answer through them, and they are the
OpenAPI document, every field described for a bot's author.

Requests are strict: a number sent as a string, a boolean sent as a number or a float where an integer belongs is
refused with a 422 naming the field. Responses are built by the engine's ``to_json`` methods; a field the engine
leaves out when it has no value (an action's card, an event's hidden card) is left out here too.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, create_model, field_validator

from ginrummy.ai.levels import LEVELS
from ginrummy.engine import PRESETS
from ginrummy.stats import COUNTS

CardCode = Annotated[str, Field(pattern=r"^(10|[A2-9TJQK])[CDHS]$", examples=["7H", "TD", "AS"],
                                description="Rank (A 2-9 T J Q K) and suit (C D H S); 10 is also accepted "
                                            "in requests")]
Seat = Annotated[int, Field(ge=0, le=1, description="0 is whoever created the game, 1 the computer or whoever "
                                                    "joined by invite")]
Level = Annotated[str, Field(description="How strong the computer plays", json_schema_extra={"enum": list(LEVELS)})]
PresetName = Annotated[str, Field(description="One of the presets listed by GET /api/rules",
                                  json_schema_extra={"enum": list(PRESETS)})]
Outcome = Literal["gin", "big_gin", "knock", "undercut", "no_score"]
MAX_SEED = 2**128 - 1


def _absent(value: Any) -> bool:
    return value is None


def Omitted(description: str, **kwargs: Any) -> Any:
    """An optional field that is left out of the answer, rather than sent as null, when it has no value."""
    return Field(None, exclude_if=_absent, description=description, **kwargs)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class RuleSettings(Strict):
    """Variant settings on top of the chosen preset; leave out what you don't change."""

    target: int | None = Field(None, ge=1, le=10000, description="Points that win the match: 100, 250, 500 or any")
    knock_limit: int | None = Field(None, ge=0, le=10, description="Most deadwood you may knock with (0: Gin only)")
    straight_gin: bool | None = Field(None, description="No knocking: a hand ends only with Gin")
    oklahoma: bool | None = Field(None, description="The first upcard's value sets the hand's knock limit")
    oklahoma_ace_must_be_gin: bool | None = Field(None, description="Oklahoma: an ace upcard means Gin only")
    oklahoma_spades_double: bool | None = Field(None, description="Oklahoma: a spade upcard doubles the hand")
    big_gin: bool | None = Field(None, description="Big Gin (all eleven cards melded) is allowed")
    big_gin_bonus: int | None = Field(None, ge=0, le=1000, description="The Big Gin bonus")
    scoring: Literal["simple", "traditional", "hollywood"] | None = Field(None, description="How hands add up")
    line_bonus: int | None = Field(None, ge=0, le=1000, description="Points added to every hand won")
    hollywood_games: Literal[3, 5] | None = Field(None, description="Hollywood: games scored at once")


class ComputerOpponent(Strict):
    kind: Literal["computer"]
    level: Level | None = Field(None, description="How strong the computer plays (default: the request's level)")

    @field_validator("level")
    @classmethod
    def _known(cls, name: str | None) -> str | None:
        if name is not None and name not in LEVELS:
            raise ValueError(f"unknown level; choose one of {', '.join(LEVELS)}")
        return name


class InviteOpponent(Strict):
    kind: Literal["invite"]
    turn_seconds: int | None = Field(None, ge=10, le=86_400, description="A turn clock: once a player has let "
                                     "this many seconds pass on its turn, the other may claim the match "
                                     "(POST /api/games/{id}/claim); default none")


class NewGameRequest(Strict):
    @field_validator("rules", "level")
    @classmethod
    def _known(cls, name: str, info: ValidationInfo) -> str:
        known = PRESETS if info.field_name == "rules" else LEVELS
        if name not in known:
            raise ValueError(f"unknown {info.field_name}; choose one of {', '.join(known)}")
        return name

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

class ActionModel(BaseModel):
    kind: Literal["take_upcard", "pass", "draw", "discard", "knock", "big_gin", "next_hand"] = Field(
        ..., description="What the action does")
    seat: Seat
    card: CardCode | None = Omitted("The card discarded (discard, knock); left out otherwise")
    source: Literal["stock", "discard"] | None = Omitted("Where a draw takes from; left out otherwise")


class EventModel(BaseModel):
    seq: int = Field(..., ge=1, description="Position in the game's event log, from 1")
    kind: Literal["hand_started", "took_upcard", "passed", "drew", "discarded", "knocked", "gin", "big_gin",
                  "hand_ended", "match_ended", "resigned"] = Field(..., description="What happened (resigned: a "
                                                                      "player gave up the match, or its turn "
                                                                      "clock ran out and the other claimed it)")
    hand: int = Field(..., description="The hand it happened in, from 1")
    seat: Seat | None = Field(..., description="Who did it (hand_started: who has the first choice of the "
                                               "upcard; hand_ended, match_ended: the winner, null for no score)")
    card: CardCode | None = Omitted("The card involved; left out when it is hidden from you (the computer's "
                                    "stock draws while the hand is played)")
    source: Literal["stock", "discard"] | None = Omitted("drew: where from")
    points: int | None = Omitted("hand_ended: the points scored")
    result: Outcome | None = Omitted("hand_ended: how the hand ended")
    deadwood: int | None = Omitted("knocked: the knocker's deadwood")
    private: bool | None = Omitted("The card was seen only by the player who drew it")


class RulesModel(BaseModel):
    name: str = Field(..., description="The preset these rules are, or custom")
    target: int = Field(..., description="Points that win the match")
    knock_limit: int = Field(..., description="Most deadwood you may knock with (0: Gin only)")
    gin_bonus: int = Field(..., description="Bonus for Gin")
    undercut_bonus: int = Field(..., description="Bonus for an undercut")
    straight_gin: bool = Field(..., description="No knocking: a hand ends only with Gin")
    oklahoma: bool = Field(..., description="The first upcard's value sets the hand's knock limit")
    oklahoma_ace_must_be_gin: bool = Field(..., description="Oklahoma: an ace upcard means Gin only")
    oklahoma_spades_double: bool = Field(..., description="Oklahoma: a spade upcard doubles the hand")
    big_gin: bool = Field(..., description="Big Gin (all eleven cards melded) is allowed")
    big_gin_bonus: int = Field(..., description="Bonus for Big Gin")
    scoring: Literal["simple", "traditional", "hollywood"] = Field(..., description="How hands add up")
    line_bonus: int = Field(..., description="Points added to every hand won")
    box_bonus: int = Field(..., description="Traditional: points per hand won, added at the end")
    game_bonus: int = Field(..., description="Traditional: bonus for winning the match")
    hollywood_games: int = Field(..., description="Hollywood: games scored at once")


class DiscardOptionModel(BaseModel):
    card: CardCode = Field(..., description="A card you might discard")
    deadwood: int = Field(..., description="Your deadwood after discarding it")
    can_knock: bool = Field(..., description="Whether you may knock with this discard")
    gin: bool = Field(..., description="Whether this discard leaves Gin")


class LayoffModel(BaseModel):
    card: CardCode = Field(..., description="A card the defender laid off")
    meld: int = Field(..., description="Index into knocker_melds")


class ScoreLineModel(BaseModel):
    label: str = Field(..., description="A term of the score, in words")
    points: int = Field(..., description="Its points (negative when subtracted)")


class ShowdownModel(BaseModel):
    winner: Literal["knocker", "defender"] = Field(..., description="Who won the showdown")
    kind: Literal["gin", "big_gin", "knock", "undercut"] = Field(..., description="How it was won")
    points: int = Field(..., description="Points before any variant multiplier or line bonus")
    knocker_deadwood: int = Field(..., description="The knocker's deadwood")
    defender_deadwood: int = Field(..., description="The defender's deadwood after laying off")
    defender_deadwood_before_layoffs: int = Field(..., description="The defender's deadwood before laying off")
    layoffs: list[LayoffModel] = Field(..., description="Cards the defender laid off on the knocker's melds")
    knocker_melds: list[list[CardCode]] = Field(..., description="The knocker's melds")
    knocker_deadwood_cards: list[CardCode] = Field(..., description="The knocker's unmelded cards")
    defender_melds: list[list[CardCode]] = Field(..., description="The defender's melds")
    defender_deadwood_cards: list[CardCode] = Field(..., description="The defender's cards left after layoffs")
    lines: list[ScoreLineModel] = Field(..., description="The score as a sum, term by term")
    explanation: str = Field(..., examples=["Undercut: 25 + 8 − 5 = 28"], description="The score in one line")


class HandResultModel(BaseModel):
    outcome: Outcome = Field(..., description="How the hand ended")
    winner: Seat | None = Field(..., description="Who scored; null for no score")
    points: int = Field(..., description="Points scored, with any multiplier and line bonus")
    knocker: Seat | None = Field(..., description="Who knocked (or went Gin); null when nobody did")
    knock_card: CardCode | None = Field(..., description="The card the knocker discarded")
    showdown: ShowdownModel | None = Field(..., description="The showdown; null for a hand without one")
    multiplier: int = Field(..., description="Oklahoma spades: 2; else 1")
    line_bonus: int = Field(..., description="The line bonus included in points")


class RevealedHandModel(BaseModel):
    cards: list[CardCode] = Field(..., description="The seat's cards at the end of the hand")
    melds: list[list[CardCode]] = Field(..., description="Their least-deadwood melds")
    deadwood_cards: list[CardCode] = Field(..., description="The cards outside those melds")
    deadwood: int = Field(..., description="Their deadwood")


class HollywoodGameModel(BaseModel):
    scores: list[int] = Field(..., description="Both scores in this game, you first")
    started: list[bool] = Field(..., description="Whether each player has scored in this game yet")
    winner: Seat | None = Field(..., description="Who won this game; null while it is open")


class HandSummaryModel(BaseModel):
    number: int = Field(..., description="The hand's number, from 1")
    starter: Seat = Field(..., description="Who had the first choice of the upcard")
    outcome: Outcome = Field(..., description="How the hand ended")
    winner: Seat | None = Field(..., description="Who scored; null for no score")
    points: int = Field(..., description="Points scored")
    scores: list[int] = Field(..., description="Both scores after this hand, you first")
    knocker: Seat | None = Field(None, description="Who knocked or went Gin; null when the stock ran out")
    deadwood: list[int] | None = Field(None, description="Each player's least deadwood as the hand ended, before "
                                       "layoffs (both hands are shown then), you first; null in older matches")
    draws: int = Field(0, description="Draws made in the hand, by both players")
    knock_limit: int = Field(10, description="The most deadwood a knock was allowed in this hand")
    declined: list[int | None] = Field([None, None], description="Each player's least deadwood it could have "
                                       "knocked with on a turn it discarded instead (null: it never could), you "
                                       "first; worked out from the deck and the moves, shown once the hand is over")


class ViewModel(BaseModel):
    """Everything your seat may know; never the computer's cards or the stock order before a showdown."""

    seat: Seat = Field(..., description="Your seat")
    rules: RulesModel = Field(..., description="The match's rules")
    hand_number: int = Field(..., description="The hand being played, from 1")
    starter: Seat = Field(..., description="Who has (or had) the first choice of this hand's first upcard")
    phase: Literal["first_upcard", "draw", "discard", "hand_over", "match_over"] = Field(
        ..., description="first_upcard: the first upcard is offered; draw, discard: a turn's two steps")
    turn: Seat | None = Field(..., description="Who is to act; null when the hand or match is over")
    knock_limit: int = Field(..., description="Most deadwood you may knock with in this hand")
    hand: list[CardCode] = Field(..., description="Your cards")
    melds: list[list[CardCode]] = Field(..., description="Your least-deadwood melds")
    deadwood_cards: list[CardCode] = Field(..., description="Your cards outside those melds")
    deadwood: int = Field(..., description="Your deadwood")
    discard_options: list[DiscardOptionModel] = Field(..., description="With eleven cards: what each discard "
                                                                       "leaves, and whether it may knock")
    taken_card: CardCode | None = Field(..., description="The card you just took from the discard pile: you "
                                                         "may not discard it this turn")
    opponent_card_count: int = Field(..., description="How many cards the computer holds")
    stock_count: int = Field(..., description="Cards left in the stock")
    discard_pile: list[CardCode] = Field(..., description="Bottom to top; the last card is the one you may take")
    upcard: CardCode = Field(..., description="This hand's FIRST upcard, the card turned up at the deal (not the "
                                              "pile's top now: that is the last of discard_pile)")
    draws: int = Field(..., description="Draws made in this hand so far")
    passed: list[Seat] = Field(..., description="Seats that passed the first upcard")
    pile_takes: list[list[CardCode]] = Field(..., description="Per seat, the cards taken from the discard pile "
                                                              "this hand")
    discards: list[list[CardCode]] = Field(..., description="Per seat, the cards discarded this hand, in order")
    opponent_known: list[CardCode] = Field(..., description="Cards the computer took from the pile and has not "
                                                            "thrown since: known to be in its hand")
    legal_actions: list[ActionModel] = Field(..., description="Every move you may make now")
    scores: list[int] = Field(..., description="The running scores, you first")
    final_scores: list[int] = Field(..., description="The scores with end-of-match bonuses, once it is over")
    hands_won: list[int] = Field(..., description="Hands won by each seat")
    games: list[HollywoodGameModel] = Field(..., description="Hollywood: the games scored at once")
    history: list[HandSummaryModel] = Field(..., description="Every hand that has ended, in order")
    winner: Seat | None = Field(..., description="Who won the match; null until it is over")
    result: HandResultModel | None = Field(..., description="How this hand ended, once it is over")
    revealed: list[RevealedHandModel] | None = Field(..., description="Both hands, once this hand is over")
    commitment: str = Field(..., description="SHA-256 of this hand's salt and shuffled deck, shown before play")
    deck: list[CardCode] | None = Field(..., description="The deck as dealt, revealed when the hand is over")
    salt: str | None = Field(..., description="The hand's salt, revealed when the hand is over")
    practice: bool = Field(False, description="A practice game (dealt from a seed the client chose): not "
                                              "counted in your stats")


class OpponentModel(BaseModel):
    kind: Literal["computer", "person"] = Field(..., description="computer, or a person (or a program) who "
                                                "joined by invite")
    level: Level | None = Field(None, description="The computer's level")
    joined: bool | None = Field(None, description="A person: whether someone has taken the seat yet")
    connected: bool | None = Field(None, description="A person: whether they are following the game now (a "
                                   "stream open, or a long poll, within the last 30 s)")


class ClockModel(BaseModel):
    turn_seconds: int = Field(..., description="How long a player may take over its turn")
    deadline: float | None = Field(..., description="When the player to move runs out of time (Unix time, "
                                   "seconds); null while nobody is to move (a hand or the match is over)")


class RematchModel(BaseModel):
    offered_by: Seat | None = Field(..., description="The seat that offered a rematch (POST .../rematch)")
    game_id: str | None = Field(..., description="The rematch's game once both seats asked for it (against the "
                                "computer, at once); each seat plays it with the token it has")


class GameResponse(BaseModel):
    game_id: str = Field(..., description="The game's id")
    version: int = Field(..., description="Increases by one with every accepted move; also sent as the ETag")
    level: Level | None = Field(..., description="The computer's level; null when seat 1 is a person")
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
    why: str = Field(..., description="One sentence: why the better move is better (empty when yours was best)")


class HandAnalysisResponse(BaseModel):
    """The coach's review of your decisions in a finished hand."""

    game_id: str = Field(..., description="The game's id")
    hand: int = Field(..., description="The hand's number")
    seat: Seat = Field(..., description="Whose decisions (always yours)")
    decisions: list[DecisionModel] = Field(..., description="Your decisions in the hand, in order")
    costliest: DecisionModel | None = Field(..., description="The mistake that cost the most; null without one")
    lost: dict[str, float] = Field(..., description="Points lost to mistakes in draws, discards and knock timing")
    mistakes: int = Field(..., description="How many decisions were mistakes")


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
    level: Level | None = Field(..., description="The computer's level; null in a match against a person")
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


class RulesResponse(BaseModel):
    default: str = Field(..., description="The preset used when none is named")
    presets: list[PresetModel] = Field(..., description="Every preset")
    settings: dict[str, str] = Field(..., description="Every setting, with its meaning")
    levels: dict[str, str] = Field(..., description="Every level of the computer, in plain words")


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
