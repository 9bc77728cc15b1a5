"""Play someone now: open a seek (player token), wait on it with a long poll until it is paired, cancel it."""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, Body, Path, Query, Request, Response
from starlette.concurrency import run_in_threadpool

from ginrummy.service.seeks import SeekService
from ginrummy.store.records import SEEK_KEY

from ..deps import GAME_ID, Address, Limits, PlainFloat, Players, Reading, Streams, Token
from ..schemas import SeekRequest, SeekResponse
from .common import private, problems

router = APIRouter(prefix="/api/seeks", tags=["play someone"])

RECHECK_SECONDS = 1.0
"""How often a waiting long poll tries to pair its seek again, when nothing woke it: a pairing wakes both seeks'
long polls at once (in this process; on PostgreSQL in every process), and on SQLite one paired through another
process is found by looking again."""
SeekId = Annotated[str, Path(pattern=GAME_ID, description="The seek's id, as POST /api/seeks answered it")]


def _seeks(request: Request) -> SeekService:
    service: SeekService = request.app.state.seeks
    return service


@router.post("", status_code=201, response_model=SeekResponse, responses=problems(401, 409, 422, 429),
             summary="Seek a match with someone near your strength (player token)")
async def open_seek(request: Request, players: Players, token: Token, limits: Limits, address: Address,
                    response: Response, body: Annotated[SeekRequest | None, Body()] = None) -> Any:
    private(response)
    player_id = await run_in_threadpool(players.identify, token)
    limits.seek(address, player_id)
    seek = body or SeekRequest()
    return await run_in_threadpool(_seeks(request).seek, player_id, seek.rated)


@router.get("/{seek_id}", response_model=SeekResponse, responses=problems(401, 404, 422, 429),
            summary="Your seek: matched (its game and your seat token), waiting, or a computer offered instead")
async def get_seek(seek_id: SeekId, request: Request, players: Players, token: Token, streams: Streams,
                   reading: Reading, address: Address, response: Response,
                   wait: Annotated[PlainFloat, Query(ge=0, le=30, description="Long poll: while the seek waits, "
                                                     "wait up to this many seconds for a match")] = 0) -> Any:
    private(response)
    seeks = _seeks(request)
    player_id = await run_in_threadpool(players.identify, token)
    body = await run_in_threadpool(seeks.look, player_id, seek_id)
    if not wait or body["status"] not in ("waiting", "offer_computer"):
        return body
    deadline = time.monotonic() + wait
    offered = body["status"] == "offer_computer"
    with streams.holding(SEEK_KEY + seek_id, 0, address), reading.subscribe(SEEK_KEY + seek_id) as woken:
        while (left := deadline - time.monotonic()) > 0:
            await woken.wait(min(left, RECHECK_SECONDS))
            body = await run_in_threadpool(seeks.look, player_id, seek_id)
            if body["status"] not in ("waiting", "offer_computer") or (body["status"] == "offer_computer"
                                                                        and not offered):
                break  # matched, cancelled, or a computer offered since the poll began
    return body


@router.delete("/{seek_id}", response_model=SeekResponse, responses=problems(401, 404, 422),
               summary="Cancel your seek (a seek already matched stays matched: the answer names its game)")
async def cancel_seek(seek_id: SeekId, request: Request, players: Players, token: Token, response: Response) -> Any:
    private(response)
    player_id = await run_in_threadpool(players.identify, token)
    return await run_in_threadpool(_seeks(request).cancel, player_id, seek_id)
