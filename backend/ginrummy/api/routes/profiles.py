"""You as others see you (handle, bot account, rating), by the player token; and the public leaderboards."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Body, Query, Request, Response
from starlette.concurrency import run_in_threadpool

from ginrummy.service.profiles import ProfileService

from ..deps import Address, Limits, PlainInt, Players, Token
from ..schemas import HandleRequest, LeaderboardResponse, NewPlayerResponse, ProfileResponse
from .common import private, problems

router = APIRouter(prefix="/api/players/me", tags=["players"])
boards = APIRouter(prefix="/api/leaderboard", tags=["players"])
newcomers = APIRouter(prefix="/api/players", tags=["players"])

LEADERBOARD_SECONDS = 30
"""How long a leaderboard may be kept by a cache."""


def _profiles(request: Request) -> ProfileService:
    service: ProfileService = request.app.state.profiles
    return service


@router.get("", response_model=ProfileResponse, responses=problems(401),
            summary="Your handle, rating and rated record (player token)")
async def me(request: Request, players: Players, token: Token, response: Response) -> Any:
    private(response)
    player_id = await run_in_threadpool(players.identify, token)
    return await run_in_threadpool(_profiles(request).me, player_id)


@router.patch("", response_model=ProfileResponse, responses=problems(401, 409, 422, 429),
              summary="Choose your handle (player token)")
async def rename(request: Request, players: Players, token: Token, limits: Limits, address: Address,
                 response: Response, body: Annotated[HandleRequest, Body()]) -> Any:
    private(response)
    player_id = await run_in_threadpool(players.identify, token)
    limits.handle(address, player_id)
    return await run_in_threadpool(_profiles(request).rename, player_id, body.handle)


@router.post("/bot", response_model=ProfileResponse, responses=problems(401, 409),
             summary="Make this player a bot account, for good (player token)")
async def become_bot(request: Request, players: Players, token: Token, response: Response) -> Any:
    private(response)
    player_id = await run_in_threadpool(players.identify, token)
    return await run_in_threadpool(_profiles(request).become_bot, player_id)


@boards.get("", response_model=LeaderboardResponse, responses=problems(422),
            summary="The best settled ratings of a pool: people, or bot accounts")
async def leaderboard(request: Request, response: Response,
                      pool: Annotated[Literal["people", "bots"], Query(description="people or bots")] = "people",
                      limit: Annotated[PlainInt, Query(ge=1, le=100, description="How many")] = 50) -> Any:
    response.headers["Cache-Control"] = f"public, max-age={LEADERBOARD_SECONDS}"
    return await run_in_threadpool(_profiles(request).leaderboard, pool, limit)


@newcomers.post("", status_code=201, response_model=NewPlayerResponse, responses=problems(429),
                summary="A new anonymous player, without a game (a program's account, to seek matches with)")
async def new_player(players: Players, limits: Limits, address: Address, response: Response) -> Any:
    private(response)
    limits.player_created(address)
    _, token = await run_in_threadpool(players.new_player)
    return {"player_token": token}
