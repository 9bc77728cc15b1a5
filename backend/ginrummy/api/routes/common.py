"""What the routers share: the documented problem answers and the headers of a per-player answer."""

from __future__ import annotations

from typing import Any

from fastapi import Response
from fastapi.responses import JSONResponse

from ..errors import TITLES
from ..schemas import Problem


def problems(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` of the problem+json answers a route may give."""
    return {status: {"model": Problem, "description": TITLES[status],
                     "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
            for status in statuses}


def private(response: Response, version: int | None = None) -> None:
    """A player's own answer: never kept by a cache; a game's answer also carries its version as the ETag."""
    response.headers["Cache-Control"] = "no-store"
    if version is not None:
        response.headers["ETag"] = f'"{version}"'


def answered(body: dict[str, Any], replayed: bool = False, status: int = 200) -> JSONResponse:
    """A game's answer (its version as the ETag, never cached), marked when it is the answer kept for an
    Idempotency-Key given again. Encoded here rather than through the route's response model: the service
    builds exactly that shape, and checking it again on every move costs more than the rest of the framework
    (the tests check every answer against the documented schema)."""
    headers = {"Cache-Control": "no-store", "ETag": f'"{body["version"]}"'}
    if replayed:
        headers["Idempotent-Replayed"] = "true"
    return JSONResponse(body, status_code=status, headers=headers)
