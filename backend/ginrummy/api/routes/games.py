"""Creating a match and reading it: the view, the event log, a finished hand's deal and review, and a hint."""

from __future__ import annotations

import hashlib
import json
from typing import Annotated, Any

from fastapi import APIRouter, Body, Query, Response

from ginrummy import metrics
from ginrummy.service import creation_scope, request_fingerprint, rules_for

from ..deps import MAX_INT, Address, GameId, Games, HandNumber, IdempotencyKey, Limits, Players, Token
from ..schemas import (
    CreatedGameResponse,
    EventsResponse,
    GameResponse,
    HandAnalysisResponse,
    HandDealResponse,
    HintResponse,
    NewGameRequest,
)
from .common import answered, private, problems

router = APIRouter(prefix="/api/games", tags=["games"])


@router.post("", status_code=201, response_model=CreatedGameResponse, summary="Start a match against the computer",
             responses=problems(400, 413, 422, 429))
def create_game(games: Games, players: Players, token: Token, limits: Limits,
                address: Address, idempotency_key: IdempotencyKey = None,
                choice: Annotated[NewGameRequest, Body()] = NewGameRequest()) -> Any:  # noqa: B008
    rules = rules_for(choice.rules, choice.settings.model_dump(exclude_none=True))
    limits.game_created(address, hashlib.sha256(token.encode()).hexdigest()[:24] if token else None)
    idempotency = None
    if idempotency_key is not None:
        asked = json.dumps(choice.model_dump(), sort_keys=True).encode()
        idempotency = (creation_scope(token, address), idempotency_key, request_fingerprint("/api/games", asked))
        earlier = games.stored_creation(*idempotency)
        if earlier is not None:
            return answered(earlier, True, 201)
    body, replayed = games.create(choice.level, rules, choice.seed, players.for_new_game(token), idempotency)
    if not replayed:
        metrics.GAMES.inc()
    return answered(body, replayed, 201)


@router.get("/{game_id}", response_model=GameResponse, summary="Your view of the game",
            responses=problems(401, 422))
def get_game(game_id: GameId, games: Games, token: Token) -> Any:
    return answered(games.view(game_id, token))


@router.get("/{game_id}/events", response_model=EventsResponse, summary="The event log as your seat saw it",
            responses=problems(401, 422))
def get_events(game_id: GameId, games: Games, token: Token, response: Response,
               since: Annotated[int, Query(ge=0, le=MAX_INT, description="Events after this seq")] = 0,
               hand: Annotated[int | None, Query(ge=1, le=10_000, description="Only this hand's events")] = None,
               limit: Annotated[int, Query(ge=1, le=5000, description="Most events in one page")] = 1000,
               ) -> Any:
    private(response)
    return games.events(game_id, token, since, hand, limit)


@router.get("/{game_id}/hands/{number}", response_model=HandDealResponse, responses=problems(401, 409, 422),
            summary="The deck, salt and commitment of a finished hand (to review or check it)")
def get_hand_deal(game_id: GameId, number: HandNumber, games: Games, token: Token, response: Response) -> Any:
    private(response)
    return games.hand_deal(game_id, token, number)


@router.get("/{game_id}/hands/{number}/analysis", response_model=HandAnalysisResponse,
            responses=problems(401, 409, 422, 429),
            summary="How did I play? The coach's review of your decisions in a finished hand")
def get_hand_analysis(game_id: GameId, number: HandNumber, games: Games, token: Token, limits: Limits,
                      address: Address, response: Response) -> Any:
    private(response)
    limits.analysis(address)
    return games.hand_analysis(game_id, token, number)


@router.get("/{game_id}/hint", response_model=HintResponse, summary="A suggested move for you, and why",
            responses=problems(401, 409, 422))
def get_hint(game_id: GameId, games: Games, token: Token, response: Response) -> Any:
    private(response)
    return games.hint(game_id, token)
