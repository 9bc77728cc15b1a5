"""The moves: each applies the person's action and the computer's replies in one step, answered with the view."""

import json
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Body, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool

from ginrummy import metrics
from ginrummy.engine import Action, ActionKind, parse_card
from ginrummy.service import GameService, request_fingerprint

from ..deps import Address, GameId, Games, IdempotencyKey, IfMatch, Limits, Token, no_body
from ..limits import Limiter
from ..schemas import CardRequest, DrawRequest, GameResponse
from .common import answered, problems

router = APIRouter(prefix="/api/games/{game_id}", tags=["moves"])
RESPONSES = problems(400, 401, 409, 412, 413, 422)


def _answer(body: dict[str, Any], replayed: bool, kind: ActionKind) -> JSONResponse:
    if not replayed:
        metrics.MOVES.labels(kind.value).inc()
    return answered(body, replayed)


def _empty_move(path: str, summary: str, kind: ActionKind) -> None:
    @router.post(f"/{path}", response_model=GameResponse, responses=RESPONSES, summary=summary, name=path)
    async def move(request: Request, game_id: GameId, games: Games, token: Token,
                   limits: Limits, address: Address, if_match: IfMatch,
                   idempotency_key: IdempotencyKey = None) -> Any:
        no_body(await request.body())
        body, replayed = await _run(_act, limits, address, games, game_id, token, lambda seat: Action(kind, seat),
                                    if_match, idempotency_key, request_fingerprint(request.url.path, b""))
        return _answer(body, replayed, kind)


def _card_move(path: str, summary: str, kind: ActionKind, build: Callable[[int, Any], Action],
               model: type[BaseModel]) -> None:
    @router.post(f"/{path}", response_model=GameResponse, responses=RESPONSES, summary=summary, name=path)
    async def move(request: Request, game_id: GameId, games: Games, token: Token,
                   limits: Limits, address: Address, payload: Annotated[model, Body()],  # type: ignore[valid-type]
                   if_match: IfMatch, idempotency_key: IdempotencyKey = None) -> Any:
        raw = json.dumps(payload.model_dump(), sort_keys=True).encode()  # type: ignore[attr-defined]
        body, replayed = await _run(_act, limits, address, games, game_id, token, lambda seat: build(seat, payload),
                                    if_match, idempotency_key, request_fingerprint(request.url.path, raw))
        return _answer(body, replayed, kind)


def _act(limits: Limiter, address: str, games: GameService, game_id: str, token: str | None,
         make_action: Callable[[int], Action], if_match: frozenset[int] | None, idempotency_key: str | None,
         fingerprint: str) -> tuple[dict[str, Any], bool]:
    limits.move_from(address)
    return games.act(game_id, token, make_action, if_match, idempotency_key, fingerprint,
                     charge=lambda seat, _player: limits.move_in(game_id, seat))


async def _run(function: Callable[..., Any], *args: Any) -> Any:
    """The move in a worker thread: it counts against the limits, waits for the game's lock and the database."""
    return await run_in_threadpool(function, *args)


_empty_move("take-upcard", "Take the first upcard", ActionKind.TAKE_UPCARD)
_empty_move("pass", "Pass the first upcard", ActionKind.PASS)
_card_move("draw", "Draw from the stock or the discard pile", ActionKind.DRAW,
           lambda s, p: Action(ActionKind.DRAW, s, source=p.source), DrawRequest)
_card_move("discard", "Discard a card", ActionKind.DISCARD,
           lambda s, p: Action(ActionKind.DISCARD, s, card=parse_card(p.card)), CardRequest)
_card_move("knock", "Knock (or Gin) with this discard", ActionKind.KNOCK,
           lambda s, p: Action(ActionKind.KNOCK, s, card=parse_card(p.card)), CardRequest)
_empty_move("big-gin", "Big Gin: all 11 cards melded (Big Gin rule only)", ActionKind.BIG_GIN)
_empty_move("next-hand", "Deal the next hand", ActionKind.NEXT_HAND)
_empty_move("resign", "Give up the match: the other player wins it", ActionKind.RESIGN)


@router.post("/claim", response_model=GameResponse, responses=RESPONSES,
             summary="Claim the match when the other player's turn clock has run out", name="claim")
async def claim(request: Request, game_id: GameId, games: Games, token: Token, limits: Limits,
                address: Address) -> Any:
    no_body(await request.body())
    limits.move_from(address)
    body = await _run(games.claim, game_id, token, lambda seat, _player: limits.move_in(game_id, seat))
    return _answer(body, False, ActionKind.RESIGN)
