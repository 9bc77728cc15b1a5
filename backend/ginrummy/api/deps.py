"""The dependencies routes declare: the services, the bearer token, the game id, If-Match and Idempotency-Key.

They are coroutines: FastAPI runs a plain function dependency in a worker thread, a hop that costs more than
the dependency itself."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import Depends, Header, Path, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from ginrummy.service import GameService, PlayerService

from .errors import ApiProblem
from .limits import Limiter

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
    """The bearer token, if any; an address that has sent too many wrong ones lately is refused first."""
    if credentials is None:
        return None
    limiter: Limiter = request.app.state.limiter
    await limiter.check_tokens_soon(await client_address(request))
    return credentials.credentials


async def _games(request: Request) -> GameService:
    service: GameService = request.app.state.games
    return service


async def _players(request: Request) -> PlayerService:
    service: PlayerService = request.app.state.players
    return service


Token = Annotated[str | None, Depends(_token)]
Limits = Annotated[Limiter, Depends(_limiter)]
Address = Annotated[str, Depends(client_address)]
Games = Annotated[GameService, Depends(_games)]
Players = Annotated[PlayerService, Depends(_players)]
GameId = Annotated[str, Path(pattern=GAME_ID, description="The game id returned when the game was created")]
HandNumber = Annotated[int, Path(ge=1, le=10_000, description="The hand's number in the match, from 1")]
IfMatch = Annotated[str | None, Header(description="Only apply the move if the game is at this version (ETag)")]
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
