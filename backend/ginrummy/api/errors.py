"""Every error leaves the API as RFC 9457 problem+json, with a machine ``code`` and a human ``detail``."""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

import psycopg
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException

from ginrummy import metrics
from ginrummy.engine import IllegalActionError, InvalidInputError
from ginrummy.service import errors as refused

log = logging.getLogger("ginrummy.api")
PROBLEM_TYPE = "https://gin-rummy.invalid/problems/"
TITLES = {400: "Bad request", 401: "Unauthorized", 404: "Not found", 405: "Method not allowed",
          408: "Request timeout", 409: "Illegal move", 412: "Precondition failed", 413: "Request body too large",
          415: "Unsupported media type", 422: "Unprocessable request", 428: "Precondition required",
          429: "Too many requests", 431: "Request header fields too large", 500: "Internal error",
          503: "Service unavailable"}
STATUS_OF: dict[type[refused.ServiceError], int] = {
    refused.Unauthorized: 401, refused.NotFound: 404, refused.IllegalMove: 409, refused.StaleVersion: 412,
    refused.KeyReused: 422, refused.Invalid: 422, refused.RateLimited: 429, refused.SeatTaken: 409,
    refused.Conflict: 409,
}
"""The HTTP status of each way the service refuses a request."""


class ApiProblem(Exception):
    """A problem found by the HTTP layer itself (a body it cannot read); the service raises its own errors."""

    def __init__(self, status: int, code: str, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.status, self.code, self.detail, self.extra = status, code, detail, extra


def problem_body(status: int, code: str, detail: str, **extra: Any) -> dict[str, Any]:
    body = {"type": PROBLEM_TYPE + code, "title": TITLES.get(status, "Error"), "status": status,
            "detail": detail, "code": code}
    body.update({k: v for k, v in extra.items() if v is not None})
    return body


def problem_response(status: int, code: str, detail: str, headers: dict[str, str] | None = None,
                     **extra: Any) -> JSONResponse:
    return JSONResponse(problem_body(status, code, detail, **extra), status_code=status,
                        media_type="application/problem+json", headers=headers)


UNAVAILABLE_RETRY_SECONDS = 2
"""Retry-After of a request refused because the database could not be reached (it may be restarting)."""
FULL_RETRY_SECONDS = 30
"""Retry-After of a request refused because the database is out of space (an operator has to free some)."""


def unavailable(error: Exception) -> JSONResponse:
    """The answer while the database cannot do its part: 503 with Retry-After. Nothing was changed: the
    transaction that failed was rolled back, so a retry (with the same Idempotency-Key) is safe."""
    text = str(getattr(error, "orig", error)).lower()
    if "full" in text or "no space" in text:
        code, seconds, detail = "storage_full", FULL_RETRY_SECONDS, "the database is out of space; nothing was " \
            "changed, and the game goes on once there is room"
    else:
        code, seconds, detail = "database_unavailable", UNAVAILABLE_RETRY_SECONDS, "the database cannot be " \
            "reached just now; nothing was changed: try again in a moment"
    metrics.UNAVAILABLE.labels(code).inc()
    log.warning("answered 503 %s: %s", code, text.splitlines()[0] if text else type(error).__name__)
    return problem_response(503, code, detail, headers={"Retry-After": str(seconds)})


async def _unavailable(_: Request, error: Exception) -> JSONResponse:
    return unavailable(error)


def install(app: FastAPI) -> None:
    # The store's errors from the database: through SQLAlchemy, or from the driver itself (the moves' statements
    # run on the driver's cursor).
    for kind in (OperationalError, InterfaceError, PoolTimeout, sqlite3.OperationalError, psycopg.OperationalError,
                 psycopg.InterfaceError):
        app.add_exception_handler(kind, _unavailable)

    @app.exception_handler(ApiProblem)
    async def _problem(_: Request, error: ApiProblem) -> JSONResponse:
        return problem_response(error.status, error.code, error.detail, **error.extra)

    @app.exception_handler(refused.ServiceError)
    async def _refused(request: Request, error: refused.ServiceError) -> JSONResponse:
        if isinstance(error, refused.Unauthorized):  # counted, so that guessing tokens soon meets a 429
            request.app.state.limiter.bad_token(request.client.host if request.client else "unknown")
        headers = {"Retry-After": str(error.retry_after)} if isinstance(error, refused.RateLimited) else None
        title = "Seat taken" if isinstance(error, refused.SeatTaken) else \
            "Conflict" if isinstance(error, refused.Conflict) else None
        return problem_response(STATUS_OF[type(error)], error.code, error.detail, headers=headers, title=title,
                                **error.extra)

    @app.exception_handler(RequestValidationError)
    async def _validation(_: Request, error: RequestValidationError) -> JSONResponse:
        errors = [{"where": ".".join(str(p) for p in e.get("loc", ())), "problem": str(e.get("msg", ""))}
                  for e in error.errors()]
        detail = "; ".join(f"{e['where']}: {e['problem']}" for e in errors[:5]) or "the request is malformed"
        return problem_response(422, "validation_error", detail, errors=errors)

    @app.exception_handler(InvalidInputError)
    async def _invalid(_: Request, error: InvalidInputError) -> JSONResponse:
        return problem_response(422, error.code, error.message)

    @app.exception_handler(IllegalActionError)
    async def _illegal(_: Request, error: IllegalActionError) -> JSONResponse:
        return problem_response(409, error.code, error.message)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, error: StarletteHTTPException) -> JSONResponse:
        if error.status_code == 400 and error.detail == "There was an error parsing the body":
            # FastAPI's words for a body too deeply nested to read: the same answer as any unreadable body.
            return problem_response(422, "validation_error", "the body is not JSON this server can read")
        code = {404: "not_found", 405: "method_not_allowed", 408: "request_timeout",
                413: "body_too_large"}.get(error.status_code, "http_error")
        detail = error.detail if isinstance(error.detail, str) else TITLES.get(error.status_code, "error")
        return problem_response(error.status_code, code, detail, headers=getattr(error, "headers", None))



def unexpected_error() -> JSONResponse:
    """The answer to an error nobody foresaw (logged by the middleware that catches it, with the request id)."""
    return problem_response(500, "internal_error", "something went wrong on our side; nothing was changed")
