"""The anonymous player's own records, by the player token: stats and match history."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Response

from ..deps import GameId, HandNumber, PlainInt, Players, Token
from ..schemas import MatchDetailResponse, MatchHandResponse, MatchListResponse, StatsResponse
from .common import private, problems

router = APIRouter(prefix="/api/players/me", tags=["players"])


@router.get("/stats", response_model=StatsResponse, summary="Your anonymous stats (player token)",
            responses=problems(401))
def stats(players: Players, token: Token, response: Response) -> Any:
    private(response)
    return players.stats(token)


@router.get("/matches", response_model=MatchListResponse, responses=problems(401, 422),
            summary="Your matches, newest first, finished and in progress (player token)")
def matches(players: Players, token: Token, response: Response,
            limit: Annotated[PlainInt, Query(ge=1, le=100, description="Matches per page")] = 20,
            cursor: Annotated[str | None, Query(description="The next value of the page before; "
                                                                            "leave out for the newest matches")] = None,
            ) -> Any:
    private(response)
    return players.matches(token, limit, cursor)


@router.get("/matches/{game_id}", response_model=MatchDetailResponse, responses=problems(401, 404, 422),
            summary="One of your matches with its score sheet (player token)")
def match(game_id: GameId, players: Players, token: Token, response: Response) -> Any:
    private(response)
    return players.match(token, game_id)


@router.get("/matches/{game_id}/hands/{number}", response_model=MatchHandResponse,
            responses=problems(401, 404, 409, 422),
            summary="A finished hand of one of your matches: its deal and events, to review it (player token)")
def match_hand(game_id: GameId, number: HandNumber, players: Players, token: Token, response: Response) -> Any:
    private(response)
    return players.match_hand(token, game_id, number)
