"""What the routers share: the documented problem answers and the headers of a per-player answer."""

from __future__ import annotations

from typing import Any

from fastapi import Response
from pydantic import BaseModel

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


def answered(model: type[BaseModel], body: dict[str, Any], replayed: bool = False, status: int = 200) -> Response:
    """An answer about a game through its model (checked against the declared shape, and encoded by it), with
    the game's version as the ETag, never cached, and marked when it is the answer kept for an Idempotency-Key
    given again. The check is strict (the service builds exactly the declared types), which costs about what
    encoding the body with ``json`` alone would."""
    headers = {"Cache-Control": "no-store", "ETag": f'"{body["version"]}"'}
    if replayed:
        headers["Idempotent-Replayed"] = "true"
    return Response(encoded(model, body), status_code=status, headers=headers, media_type="application/json")


def encoded(model: type[BaseModel], body: dict[str, Any]) -> bytes:
    """``body`` as JSON, through ``model``."""
    return model.__pydantic_serializer__.to_json(model.model_validate(body, strict=True))
