"""Creating a match, joining one by invite and reading it: the view, the event log (paged, long-polled or
streamed), a finished hand's deal and review, and a hint."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Callable
from typing import Annotated, Any

import anyio
from fastapi import APIRouter, Body, Header, Query, Request, Response
from fastapi.responses import StreamingResponse
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool
from starlette.types import Receive, Scope, Send

from ginrummy import metrics
from ginrummy.service import Computer, Invited, Opponent, creation_scope, request_fingerprint, rules_for

from ..deps import (
    MAX_INT,
    Address,
    CreatorToken,
    GameId,
    HandNumber,
    IdempotencyKey,
    Limits,
    Matches,
    PlainFloat,
    PlainInt,
    Players,
    Reading,
    Streams,
    Token,
)
from ..schemas import (
    CreatedGameResponse,
    EventsResponse,
    GameResponse,
    HandAnalysisResponse,
    HandDealResponse,
    HintResponse,
    InviteOpponent,
    JoinedGameResponse,
    JoinRequest,
    NewGameRequest,
)
from .common import answered, encoded, private, problems

router = APIRouter(prefix="/api/games", tags=["games"])

RECHECK_SECONDS = 1.0
"""How often a stream or a long poll looks at the store again between wake-ups. On PostgreSQL every process
is woken by every move (LISTEN/NOTIFY); on SQLite a move made through another process wakes nobody here, and
is found by looking again."""
KEEP_ALIVE_SECONDS = 15.0
"""A stream sends a comment this often when nothing happens, so that proxies keep it open."""
PRESENCE_SECONDS = 10.0
"""An open stream says this often that its seat's player is there (``service.table.PRESENT_SECONDS``)."""


@router.post("", status_code=201, response_model=CreatedGameResponse,
             summary="Start a match against the computer, or one with an invite for seat 1",
             responses=problems(400, 413, 422, 429))
def create_game(matches: Matches, players: Players, token: CreatorToken, limits: Limits,
                address: Address, idempotency_key: IdempotencyKey = None,
                choice: Annotated[NewGameRequest, Body()] = NewGameRequest()) -> Any:  # noqa: B008
    rules = rules_for(choice.rules, choice.settings.model_dump(exclude_none=True))
    known = players.known(token)
    limits.game_created(address, known)
    idempotency = None
    if idempotency_key is not None:
        asked = json.dumps(choice.model_dump(), sort_keys=True).encode()
        idempotency = (creation_scope(token, address), idempotency_key, request_fingerprint("/api/games", asked))
        earlier = matches.stored_creation(*idempotency)
        if earlier is not None:
            return answered(CreatedGameResponse, with_join_path(earlier), True, 201)
    body, replayed = matches.create(opponent_asked(choice), rules, choice.seed, known, players.new_player,
                                    idempotency)
    if not replayed:
        metrics.GAMES.inc()
    return answered(CreatedGameResponse, with_join_path(body), replayed, 201)


def opponent_asked(choice: NewGameRequest) -> Opponent:
    """Who a new game's seat 1 is: the computer (at the opponent's level, else the request's), or whoever joins."""
    opponent = choice.opponent
    if isinstance(opponent, InviteOpponent):
        return Invited(opponent.turn_seconds)
    return Computer(opponent.level if opponent is not None and opponent.level is not None else choice.level)


def with_join_path(body: dict[str, Any]) -> dict[str, Any]:
    """A new game's answer with the browser's page that joins its invite (``#/join/ID/CODE``)."""
    if body.get("invite") is not None:
        body["invite"]["path"] = f"/#/join/{body['game_id']}/{body['invite']['code']}"
    return body


@router.post("/{game_id}/join", response_model=JoinedGameResponse, summary="Take seat 1 with its invite code",
             responses=problems(401, 409, 413, 422, 429))
def join_game(game_id: GameId, matches: Matches, players: Players, token: Token,
              joining: Annotated[JoinRequest, Body()]) -> Any:
    joined = matches.join(game_id, joining.code, players.known(token), players.new_player)
    return answered(JoinedGameResponse, joined)


@router.post("/{game_id}/rematch", response_model=GameResponse, responses=problems(401, 409, 413, 422, 429),
             summary="Another match between the same seats, once this one is over")
def rematch(game_id: GameId, matches: Matches, token: Token, limits: Limits, address: Address) -> Any:
    def charge(seat: int, player: str | None) -> None:  # a rematch is a new game for whoever asks for it
        limits.game_created(address, player or f"{game_id}/{seat}")

    return answered(GameResponse, matches.rematch(game_id, token, charge))


@router.get("/{game_id}", response_model=GameResponse, summary="Your view of the game",
            responses=problems(401, 422))
def get_game(game_id: GameId, reading: Reading, token: Token) -> Any:
    return answered(GameResponse, reading.view(game_id, token))


@router.get("/{game_id}/events", response_model=EventsResponse, summary="The event log as your seat saw it",
            responses=problems(401, 422, 429))
async def get_events(game_id: GameId, reading: Reading, token: Token, response: Response, streams: Streams,
                     address: Address,
                     since: Annotated[PlainInt, Query(ge=0, le=MAX_INT, description="Events after this seq")] = 0,
                     hand: Annotated[PlainInt | None, Query(ge=1, le=10_000,
                                                            description="Only this hand's events")] = None,
                     limit: Annotated[PlainInt, Query(ge=1, le=5000, description="Most events in one page")] = 1000,
                     wait: Annotated[PlainFloat, Query(ge=0, le=30, description="Long poll: when no event came "
                                                       "after `since`, wait up to this many seconds for one")] = 0,
                     ) -> Any:
    private(response)
    if wait:
        seat = await run_in_threadpool(reading.seen, game_id, token)
        deadline = time.monotonic() + wait
        with streams.holding(game_id, seat, address), reading.subscribe(game_id) as woken:
            while (left := deadline - time.monotonic()) > 0 and \
                    await run_in_threadpool(reading.update_since, game_id, token, since) is None:
                await woken.wait(min(left, RECHECK_SECONDS))
    return await run_in_threadpool(reading.events, game_id, token, since, hand, limit)


def sse(name: str, ident: int, data: dict[str, Any], model: type[BaseModel] | None = None) -> str:
    """One Server-Sent Events message; an update goes through the model of a move's answer, like that answer."""
    text = encoded(model, data).decode() if model is not None else json.dumps(data, separators=(",", ":"))
    return f"id: {ident}\nevent: {name}\ndata: {text}\n\n"


@router.get("/{game_id}/stream", summary="Your view and events, pushed as the game moves (Server-Sent Events)",
            response_class=StreamingResponse, responses={**problems(401, 422, 429), 200: {
                "content": {"text/event-stream": {}},
                "description": "An `update` message (id: the last event's seq) whenever the game moves on: the "
                               "version, your view and the events you had not seen, as in a move's answer. The "
                               "first message is sent at once (the events after Last-Event-ID, or the view alone). "
                               "A `presence` message ({\"connected\": true|false}) when the other seat's player "
                               "starts or stops following the game. A `rematch` message ({\"offered_by\": seat, "
                               "\"game_id\": null or the new game's id}) when a rematch is offered or agreed. A "
                               "comment every 15 s keeps the stream open."}})
async def stream_game(game_id: GameId, reading: Reading, token: Token, request: Request, streams: Streams,
                      address: Address,
                      last_event_id: Annotated[str | None, Header(
                          alias="Last-Event-ID", pattern=r"^[0-9]{1,18}$",
                          description="Resume after this event (its id: ASCII digits)")] = None,
                      ) -> StreamingResponse:
    first, logged = await run_in_threadpool(reading.view_and_count, game_id, token)  # a wrong token: refused here
    resume = None if last_event_id is None else int(last_event_id)
    seat = first["seat"]
    streams.take(game_id, seat, address)  # given back when the stream ends (HeldStream)
    try:
        await run_in_threadpool(reading.seen, game_id, token)
    except BaseException:
        streams.give_back(game_id, seat, address)
        raise

    async def messages() -> AsyncIterator[str]:
        person = first["opponent"]["kind"] == "person"  # the computer is always there: no presence to tell
        there = first["opponent"].get("connected")
        rematch = first["rematch"]
        if resume is None:
            seen = logged
            yield sse("update", seen, first, GameResponse)
        else:
            seen = min(resume, logged)
        quiet_since = said_present = time.monotonic()
        try:
            with reading.subscribe(game_id) as woken:
                while not await request.is_disconnected():
                    if time.monotonic() - said_present >= PRESENCE_SECONDS:
                        await run_in_threadpool(reading.seen, game_id, token)
                        said_present = time.monotonic()
                    update, now_there, now_rematch = await run_in_threadpool(reading.follow, game_id, token, seen)
                    if update is not None:
                        seen = update["events"][-1]["seq"]
                        yield sse("update", seen, update, GameResponse)
                        quiet_since = time.monotonic()
                    if person and now_there != there:
                        yield sse("presence", seen, {"connected": now_there})
                        quiet_since = time.monotonic()
                    if now_rematch != rematch and now_rematch is not None:
                        yield sse("rematch", seen, now_rematch)
                        quiet_since = time.monotonic()
                    there, rematch = now_there, now_rematch
                    if update is not None:
                        continue
                    if time.monotonic() - quiet_since >= KEEP_ALIVE_SECONDS:
                        yield ": keep-alive\n\n"
                        quiet_since = time.monotonic()
                    await woken.wait(RECHECK_SECONDS)
        finally:  # the stream ends when its client goes, by cancelling it: say so all the same
            with anyio.CancelScope(shield=True):
                await run_in_threadpool(reading.seen, game_id, token, False)

    return HeldStream(messages(), lambda: streams.give_back(game_id, seat, address), media_type="text/event-stream",
                      headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


class HeldStream(StreamingResponse):
    """A stream that gives back its place among the open streams when it ends, however it ends."""

    def __init__(self, content: AsyncIterator[str], release: Callable[[], None], **options: Any) -> None:
        super().__init__(content, **options)
        self.release = release

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.release()


@router.get("/{game_id}/hands/{number}", response_model=HandDealResponse, responses=problems(401, 409, 422),
            summary="The deck, salt and commitment of a finished hand (to review or check it)")
def get_hand_deal(game_id: GameId, number: HandNumber, reading: Reading, token: Token, response: Response) -> Any:
    private(response)
    return reading.hand_deal(game_id, token, number)


@router.get("/{game_id}/hands/{number}/analysis", response_model=HandAnalysisResponse,
            responses=problems(401, 409, 422, 429),
            summary="How did I play? The coach's review of your decisions in a finished hand")
def get_hand_analysis(game_id: GameId, number: HandNumber, reading: Reading, token: Token, limits: Limits,
                      address: Address, response: Response) -> Any:
    private(response)
    limits.analysis(address)
    return reading.hand_analysis(game_id, token, number)


@router.get("/{game_id}/hint", response_model=HintResponse, summary="A suggested move for you, and why",
            responses=problems(401, 409, 422, 429))
def get_hint(game_id: GameId, reading: Reading, token: Token, limits: Limits, address: Address,
             response: Response) -> Any:
    private(response)
    limits.hint(address)
    return reading.hint(game_id, token)
