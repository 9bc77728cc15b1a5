"""The dependencies routes declare: the services, the bearer token, the game id, If-Match and Idempotency-Key.

They are coroutines: FastAPI runs a plain function dependency in a worker thread, a hop that costs more than
the dependency itself."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import Depends, Header, Path, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BeforeValidator

from ginrummy.service import DailyService, MatchService, MoveService, PlayerService, ReadingService

from .errors import ApiProblem
from .limits import Limiter, OpenStreams

GAME_ID = r"^[A-Za-z0-9_-]{1,64}$"
MAX_INT = 2**31 - 1
"""The largest number a query or path may carry: the databases' integer columns stop there."""

bearer = HTTPBearer(auto_error=False, description="The seat token (game routes) or player token (stats, "
                                                 "match history)")


async def client_address(request: Request) -> str:
    """The caller's address (behind the proxy, the one it forwards: see ``gin-rummy serve --proxy``)."""
    return request.client.host if request.client else "unknown"


async def _limiter(request: Request) -> Limiter:
    limiter: Limiter = request.app.state.limiter
    return limiter


async def _token(request: Request,
                 credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]) -> str | None:
    """The bearer token of a request that needs one (a seat's, a player's, or a join's): an address that has
    sent too many wrong or missing tokens (or wrong invite codes) lately is refused first, token or not."""
    limiter: Limiter = request.app.state.limiter
    await limiter.check_tokens_soon(await client_address(request))
    return None if credentials is None else credentials.credentials


SEAT_SECURITY: dict[str, Any] = {"security": [{bearer.scheme_name: []}]}
"""A route's OpenAPI ``openapi_extra`` when it reads the seat token itself (``seat_token``) rather than declaring
the ``Token`` dependency: the document names the same bearer scheme."""


async def seat_token(request: Request) -> str | None:
    """``Token`` read without the dependency machinery, with the same checks: for the routes a move takes, where
    FastAPI's solving of the dependencies (cache keys, sub-dependencies) cost more than all of them do."""
    return await _token(request, await bearer(request))


async def _creator_token(request: Request, credentials: Annotated[HTTPAuthorizationCredentials | None,
                                                                  Depends(bearer)]) -> str | None:
    """The player token a new game may name (none: a new player); checked like ``_token`` only when sent."""
    if credentials is None:
        return None
    return await _token(request, credentials)


async def _streams(request: Request) -> OpenStreams:
    streams: OpenStreams = request.app.state.streams
    return streams


def _service(name: str) -> Callable[[Request], Awaitable[Any]]:
    """The dependency on one of the services the app keeps (``app.state.<name>``)."""
    async def service(request: Request) -> Any:
        return getattr(request.app.state, name)
    return service


async def _players(request: Request) -> PlayerService:
    service: PlayerService = request.app.state.players
    return service


Token = Annotated[str | None, Depends(_token)]
CreatorToken = Annotated[str | None, Depends(_creator_token)]
Limits = Annotated[Limiter, Depends(_limiter)]
Streams = Annotated[OpenStreams, Depends(_streams)]
Address = Annotated[str, Depends(client_address)]
Moves = Annotated[MoveService, Depends(_service("moves"))]
Matches = Annotated[MatchService, Depends(_service("matches"))]
Reading = Annotated[ReadingService, Depends(_service("reading"))]
Players = Annotated[PlayerService, Depends(_players)]
Daily = Annotated[DailyService, Depends(_service("daily"))]
PLAIN_INT = re.compile(r"[0-9]{1,18}")
PLAIN_FLOAT = re.compile(r"[0-9]{1,18}(\.[0-9]{1,18})?")


def _plain(pattern: re.Pattern[str]) -> Any:
    """A number in a path or a query is plain ASCII digits (and a fraction after one dot): Python alone would also
    read "1_000", " 12" or another script's digits, which no client means, and each gets a 422."""
    def check(value: Any) -> Any:
        if isinstance(value, str) and not pattern.fullmatch(value):
            raise ValueError("must be a plain number (ASCII digits)")
        return value

    return BeforeValidator(check)


PlainInt = Annotated[int, _plain(PLAIN_INT)]
PlainFloat = Annotated[float, _plain(PLAIN_FLOAT)]
GameId = Annotated[str, Path(pattern=GAME_ID, description="The game id returned when the game was created")]
HandNumber = Annotated[PlainInt, Path(ge=1, le=10_000, description="The hand's number in the match, from 1")]
IfMatchHeader = Annotated[str | None, Header(
    alias="If-Match", description="Only apply the move if the game is at this version (its ETag)")]


def expected_versions(if_match: str | None) -> frozenset[int] | None:
    """The versions If-Match names (``"7"``, ``W/"7"``, a list of them): None without the header or with ``*``.
    A tag that is no version matches none."""
    if if_match is None:
        return None
    tags = [tag.strip().removeprefix("W/").strip('"') for tag in if_match.split(",")]
    if "*" in tags:
        return None
    return frozenset(int(tag) for tag in tags if PLAIN_INT.fullmatch(tag))


IdempotencyKey = Annotated[str | None, Header(max_length=200, description="Repeat a request safely: the same "
                                              "key returns the first answer and applies nothing twice")]


def parse_json(raw: bytes) -> Any:
    """A request body as JSON; anything that is not JSON (or nests too deeply to read) is a 422."""
    try:
        return json.loads(raw)
    except (ValueError, RecursionError) as error:  # not JSON, not UTF-8, or thousands of levels deep
        raise ApiProblem(422, "validation_error", "the body is not JSON this server can read") from error


def no_body(raw: bytes) -> None:
    """A move that takes no body accepts none, or any spelling of an empty object (or null)."""
    if raw.strip() and parse_json(raw) not in ({}, None):
        raise ApiProblem(422, "validation_error", "this move takes no body (or an empty JSON object)")
