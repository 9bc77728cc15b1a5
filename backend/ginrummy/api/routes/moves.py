"""The moves: each applies the seat's action and the computer's replies in one step, answered with the view.

A move is posted back as the view offers it (``POST /api/games/{id}/actions``), or to the typed route of its kind
(``/take-upcard``, ``/draw``, ...): both are made from ``api.actions.ACTION_ROUTES``, and both reach the same
``_move``. A repeated Idempotency-Key is matched on the move it asked for, whichever way it was sent.
"""

import json
from typing import Annotated, Any

from fastapi import APIRouter, Body, Request
from fastapi.responses import Response
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool

from ginrummy import metrics
from ginrummy.engine import Action, ActionKind
from ginrummy.service import GameService, request_fingerprint
from ginrummy.service.errors import IllegalMove

from ..actions import ACTION_ROUTES, ActionRequest, ActionRoute, action_of
from ..deps import Address, GameId, Games, IdempotencyKey, IfMatch, Limits, Token, no_body
from ..limits import Limiter
from ..schemas import GameResponse
from .common import answered, problems

router = APIRouter(prefix="/api/games/{game_id}", tags=["moves"])
RESPONSES = problems(400, 401, 409, 412, 413, 422)


def _fingerprint(kind: ActionKind, fields: dict[str, Any]) -> str:
    """What a move asked for, the same whichever route it came by."""
    return request_fingerprint("move", json.dumps({"kind": kind.value, **fields}, sort_keys=True).encode())


async def _move(limits: Limiter, address: str, games: GameService, game_id: str, token: str | None,
                kind: ActionKind, fields: dict[str, Any], if_match: frozenset[int] | None,
                idempotency_key: str | None, seat: int | None = None) -> Response:
    def make_action(mine: int) -> Action:
        if seat is not None and seat != mine:
            raise IllegalMove("not_your_seat", f"this action is seat {seat}'s; your token plays seat {mine}")
        return action_of(kind, mine, fields)

    def act() -> tuple[dict[str, Any], bool]:
        limits.move_from(address)
        return games.act(game_id, token, make_action, if_match, idempotency_key, _fingerprint(kind, fields),
                         charge=lambda mine, _player: limits.move_in(game_id, mine))

    body, replayed = await run_in_threadpool(act)
    if not replayed:
        metrics.MOVES.labels(kind.value).inc()
    return answered(GameResponse, body, replayed)


@router.post("/actions", response_model=GameResponse, responses=RESPONSES, name="actions",
             summary="Make a move: one of your view's legal_actions, posted back as it is")
async def post_action(game_id: GameId, games: Games, token: Token, limits: Limits, address: Address,
                      action: Annotated[ActionRequest, Body()], if_match: IfMatch,
                      idempotency_key: IdempotencyKey = None) -> Any:
    kind = ActionKind(action.kind)  # type: ignore[attr-defined]
    fields = action.model_dump(exclude_none=True, exclude={"kind", "seat"})
    return await _move(limits, address, games, game_id, token, kind, fields, if_match, idempotency_key,
                       action.seat)  # type: ignore[attr-defined]


def _typed_route(route: ActionRoute) -> None:
    """``POST /api/games/{id}/<path>`` for one kind of move, its body holding what the kind takes."""
    options: dict[str, Any] = {"response_model": GameResponse, "responses": RESPONSES, "name": route.path,
                               "summary": route.title, "description": route.description}

    if route.body is None:
        @router.post(f"/{route.path}", **options)
        async def move(request: Request, game_id: GameId, games: Games, token: Token, limits: Limits,
                       address: Address, if_match: IfMatch, idempotency_key: IdempotencyKey = None) -> Any:
            no_body(await request.body())
            return await _move(limits, address, games, game_id, token, route.kind, {}, if_match, idempotency_key)
    else:
        model: type[BaseModel] = route.body

        @router.post(f"/{route.path}", **options)
        async def move_with_body(game_id: GameId, games: Games, token: Token, limits: Limits, address: Address,
                                 payload: Annotated[model, Body()],  # type: ignore[valid-type]
                                 if_match: IfMatch, idempotency_key: IdempotencyKey = None) -> Any:
            fields = payload.model_dump()  # type: ignore[attr-defined]
            return await _move(limits, address, games, game_id, token, route.kind, fields, if_match,
                               idempotency_key)


for _route in ACTION_ROUTES:
    _typed_route(_route)


@router.post("/claim", response_model=GameResponse, responses=RESPONSES,
             summary="Claim the match when the other player's turn clock has run out", name="claim")
async def claim(request: Request, game_id: GameId, games: Games, token: Token, limits: Limits,
                address: Address) -> Any:
    no_body(await request.body())

    def claimed() -> dict[str, Any]:
        limits.move_from(address)
        return games.claim(game_id, token, lambda seat, _player: limits.move_in(game_id, seat))

    body = await run_in_threadpool(claimed)
    metrics.MOVES.labels(ActionKind.RESIGN.value).inc()
    return answered(GameResponse, body)


