"""Every error leaves the API as RFC 9457 problem+json, with a machine ``code`` and a human ``detail``."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from ginrummy.engine import IllegalActionError, InvalidInputError

log = logging.getLogger("ginrummy.api")

PROBLEM_TYPE = "https://gin-rummy.invalid/problems/"
TITLES = {400: "Bad request", 401: "Unauthorized", 404: "Not found", 405: "Method not allowed",
          409: "Illegal move", 412: "Precondition failed", 413: "Request body too large",
          415: "Unsupported media type", 422: "Unprocessable request", 428: "Precondition required",
          500: "Internal error", 503: "Service unavailable"}


class ApiProblem(Exception):
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


def install(app: FastAPI) -> None:
    @app.exception_handler(ApiProblem)
    async def _problem(_: Request, error: ApiProblem) -> JSONResponse:
        return problem_response(error.status, error.code, error.detail, **error.extra)

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
        code = {404: "not_found", 405: "method_not_allowed", 413: "body_too_large"}.get(error.status_code, "http_error")
        detail = error.detail if isinstance(error.detail, str) else TITLES.get(error.status_code, "error")
        return problem_response(error.status_code, code, detail, headers=getattr(error, "headers", None))

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, error: Exception) -> JSONResponse:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        return problem_response(500, "internal_error", "something went wrong on our side; nothing was changed")
