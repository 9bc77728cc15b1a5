"""What the routers share: the documented problem answers and the headers of a per-player answer."""

from __future__ import annotations

from typing import Any

from fastapi import Response

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


def answered(response: Response, body: dict[str, Any], replayed: bool) -> dict[str, Any]:
    """A game's answer to a request with an Idempotency-Key: marked when it is the kept answer given again."""
    private(response, body["version"])
    if replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return body
