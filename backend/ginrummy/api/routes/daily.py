"""The daily deal: today's commitment, playing today's match, a past day's seed and a day's leaderboard."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, Response
from pydantic import AfterValidator
from starlette.concurrency import run_in_threadpool

from ginrummy.service import creation_scope, request_fingerprint

from ..deps import Address, CreatorToken, Daily, IdempotencyKey, Limits, Matches, Players, no_body
from ..schemas import CreatedGameResponse, DailyLeaderboardResponse, DailyResponse, DailyRevealResponse
from .common import answered, private, problems

router = APIRouter(prefix="/api/daily", tags=["daily"])


def _calendar_day(text: str) -> str:
    date.fromisoformat(text)  # a ValueError (a 422) for a day no calendar has, as 2026-02-30
    return text


Day = Annotated[str, Path(pattern=r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$", description="The day, YYYY-MM-DD (UTC)"),
                AfterValidator(_calendar_day)]


@router.get("", response_model=DailyResponse, responses=problems(422),
            summary="Today's daily deal: its date, its commitment, and whether you have played it")
def get_daily(daily: Daily, players: Players, token: CreatorToken, response: Response) -> Any:
    private(response)
    return daily.today(players.known(token))


@router.post("/play", status_code=201, response_model=CreatedGameResponse, responses=problems(409, 413, 422, 429),
             summary="Be dealt today's match against the hard computer (once a day)")
async def play_daily(request: Request, daily: Daily, matches: Matches, players: Players, token: CreatorToken,
                     limits: Limits, address: Address, idempotency_key: IdempotencyKey = None) -> Any:
    no_body(await request.body())

    def dealt() -> tuple[dict[str, Any], bool]:
        known = players.known(token)
        limits.daily_played(address, known)
        idempotency = None
        if idempotency_key is not None:  # as for POST /api/games: a repeated request gets the same game
            idempotency = (creation_scope(token, address), idempotency_key,
                           request_fingerprint("/api/daily/play", b""))
            earlier = matches.stored_creation(*idempotency)
            if earlier is not None:
                return earlier, True
        return daily.play(known, players.new_player, idempotency)

    body, replayed = await run_in_threadpool(dealt)
    return answered(CreatedGameResponse, body, replayed, 201)


@router.get("/{day}", response_model=DailyRevealResponse, responses=problems(404, 409, 422),
            summary="A past day's seed and commitment (revealed once the day has ended)")
def get_revealed_day(day: Day, daily: Daily) -> Any:
    return daily.revealed(day)


@router.get("/{day}/leaderboard", response_model=DailyLeaderboardResponse, responses=problems(404, 422),
            summary="A day's players ranked by points against the computer")
def get_leaderboard(day: Day, daily: Daily, response: Response) -> Any:
    response.headers["Cache-Control"] = "no-cache"
    return daily.leaderboard(day)
