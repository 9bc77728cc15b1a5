"""The moves: each applies the seat's action and the computer's replies in one step, answered with the view.

A move is posted back as the view offers it (``POST /api/games/{id}/actions``), or to the typed route of its kind
(``/take-upcard``, ``/draw``, ...): both are made from ``api.actions.ACTION_ROUTES``, and both reach the same
``_move``, which hands the service a ``Move``. A repeated Idempotency-Key is matched on the move it asked for,
whichever way it was sent.
"""

from typing import Annotated, Any

from fastapi import APIRouter, Body, Request
from fastapi.responses import Response
from pydantic import BaseModel
from starlette.concurrency import run_in_threadpool

from ginrummy import metrics
from ginrummy.engine import ActionKind, parse_card
from ginrummy.service import Move, MoveService

from ..actions import ACTION_ROUTES, ActionRequest, ActionRoute
from ..deps import (
    SEAT_SECURITY,
    Address,
    GameId,
    IdempotencyKey,
    IfMatchHeader,
    Limits,
    Matches,
    Token,
    client_address,
    expected_versions,
    no_body,
    seat_token,
)
from ..limits import Limiter
from ..schemas import GameResponse
from .common import answered, problems

router = APIRouter(prefix="/api/games/{game_id}", tags=["moves"])
RESPONSES = problems(400, 401, 409, 412, 413, 422)


def _move_of(kind: ActionKind, fields: dict[str, Any], seat: int | None = None) -> Move:
    """The move a request asks for (a card's code read here: a bad one is a 422 ``invalid_card``; a card or a
    source the kind does not take, or lacks, a 422 ``invalid_action``), before anything is looked up or charged."""
    card = fields.get("card")
    return Move(kind, None if card is None else parse_card(card), fields.get("source"), seat)


async def _move(request: Request, game_id: str, move: Move, if_match: str | None,
                idempotency_key: str | None) -> Response:
    """The move's answer. What the other routes take as dependencies (the seat token, the limits, the caller's
    address, the service) is read here from the request: a move is the request the API serves most, and FastAPI's
    solving of them cost a sixth of a move's CPU."""
    token = await seat_token(request)
    state = request.app.state
    limits: Limiter = state.limiter
    moves: MoveService = state.moves
    address = await client_address(request)
    expected = expected_versions(if_match)

    def act() -> tuple[dict[str, Any], bool]:
        limits.move_from(address)
        return moves.act(game_id, token, move, expected, idempotency_key,
                         charge=lambda seat, _player: limits.move_in(game_id, seat))

    body, replayed = await run_in_threadpool(act)
    if not replayed:
        metrics.MOVES.labels(move.kind.value).inc()
    return answered(GameResponse, body, replayed)


@router.post("/actions", response_model=GameResponse, responses=RESPONSES, name="actions",
             summary="Make a move: one of your view's legal_actions, posted back as it is", openapi_extra=SEAT_SECURITY)
async def post_action(request: Request, game_id: GameId, action: Annotated[ActionRequest, Body()],
                      if_match: IfMatchHeader = None, idempotency_key: IdempotencyKey = None) -> Any:
    fields = action.model_dump(exclude_none=True, exclude={"kind", "seat"})
    move = _move_of(ActionKind(action.kind), fields, action.seat)  # type: ignore[attr-defined]
    return await _move(request, game_id, move, if_match, idempotency_key)


def _typed_route(route: ActionRoute) -> None:
    """``POST /api/games/{id}/<path>`` for one kind of move, its body holding what the kind takes."""
    options: dict[str, Any] = {"response_model": GameResponse, "responses": RESPONSES, "name": route.path,
                               "summary": route.title, "description": route.description,
                               "openapi_extra": SEAT_SECURITY}

    if route.body is None:
        @router.post(f"/{route.path}", **options)
        async def move(request: Request, game_id: GameId, if_match: IfMatchHeader = None,
                       idempotency_key: IdempotencyKey = None) -> Any:
            no_body(await request.body())
            return await _move(request, game_id, _move_of(route.kind, {}), if_match, idempotency_key)
    else:
        model: type[BaseModel] = route.body

        @router.post(f"/{route.path}", **options)
        async def move_with_body(request: Request, game_id: GameId,
                                 payload: Annotated[model, Body()],  # type: ignore[valid-type]
                                 if_match: IfMatchHeader = None, idempotency_key: IdempotencyKey = None) -> Any:
            move = _move_of(route.kind, payload.model_dump())  # type: ignore[attr-defined]
            return await _move(request, game_id, move, if_match, idempotency_key)


for _route in ACTION_ROUTES:
    _typed_route(_route)


@router.post("/claim", response_model=GameResponse, responses=RESPONSES,
             summary="Claim the match when the other player's turn clock has run out", name="claim")
async def claim(request: Request, game_id: GameId, matches: Matches, token: Token, limits: Limits,
                address: Address) -> Any:
    no_body(await request.body())

    def claimed() -> dict[str, Any]:
        limits.move_from(address)
        return matches.claim(game_id, token, lambda seat, _player: limits.move_in(game_id, seat))

    body = await run_in_threadpool(claimed)
    metrics.MOVES.labels(ActionKind.RESIGN.value).inc()
    return answered(GameResponse, body)


