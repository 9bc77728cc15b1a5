"""ASGI middleware: the edge of every answer (request id, security headers, errors nobody caught) and the
request body limit, which refuses a body over the configured size before it is read whole."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ginrummy import metrics

from .errors import problem_body, unexpected_error
from .observability import request_id

log = logging.getLogger("ginrummy.api")
access = logging.getLogger("ginrummy.access")


class BodyTooLarge(StarletteHTTPException):
    """Raised while a body streams in; an HTTPException so the framework passes it on rather than
    reporting a parse error."""

    def __init__(self, max_bytes: int) -> None:
        super().__init__(413, f"request bodies are limited to {max_bytes} bytes")


class BodyTooSlow(StarletteHTTPException):
    """Raised when a body has not come whole in time (a client holding the request open a byte at a time)."""

    def __init__(self, seconds: float) -> None:
        # the rest of the body may still come: the connection closes rather than read it as another request
        super().__init__(408, f"a request's body must arrive within {seconds:g} s", headers={"Connection": "close"})


class BodyLimitMiddleware:
    """Refuses a body over ``max_bytes`` (413) and one that has not come whole within ``seconds`` of the head (408,
    and the connection closes), before it is read whole."""

    def __init__(self, app: ASGIApp, max_bytes: int, seconds: float = 10.0) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    too_big = int(value) > self.max_bytes
                except ValueError:
                    too_big = False
                if too_big:
                    await self._refuse(send)
                    return
        seen = 0
        started = complete = False
        deadline = asyncio.get_running_loop().time() + self.seconds

        async def counted_receive() -> Message:
            nonlocal seen, complete
            if complete:  # after the body, a receive waits for the client to go (a stream): no deadline
                return await receive()
            try:
                async with asyncio.timeout_at(deadline):
                    message = await receive()
            except TimeoutError:
                raise BodyTooSlow(self.seconds) from None
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_bytes:
                    raise BodyTooLarge(self.max_bytes)
                complete = not message.get("more_body", False)
            return message

        async def tracked_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted_receive, tracked_send)
        except BodyTooLarge:
            if not started:
                await self._refuse(send)
        except BodyTooSlow:
            if not started:
                await self._refuse(send, 408, "request_timeout", f"a request's body must arrive within "
                                   f"{self.seconds:g} s")

    async def _refuse(self, send: Send, status: int = 413, code: str = "body_too_large",
                      detail: str | None = None) -> None:
        body: Any = problem_body(status, code, detail or f"request bodies are limited to {self.max_bytes} bytes")
        data = json.dumps(body).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/problem+json"),
                                (b"content-length", str(len(data)).encode()),
                                # the rest of the body may still come: it is not read as another request
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": data})


SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
]
CONTENT_SECURITY_POLICY = (b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                           b"connect-src 'self'; font-src 'self'; manifest-src 'self'; worker-src 'self'; "
                           b"object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'")
"""The page may load only our own scripts, styles, images, manifest and service worker, and talk only to this
server."""


class EdgeMiddleware:
    """The outermost layer of every HTTP answer, as plain ASGI (no per-request task or body copy): a request id
    (the caller's ``X-Request-ID`` or a new one) on the answer and in every log line, the security headers, one
    access log line, and a 500 problem+json for an error nobody caught, with those headers too."""

    def __init__(self, app: ASGIApp, measure: Callable[[], None] | None = None) -> None:
        self.app = app
        self.measure = measure
        """When metrics are on: called after every answer (to read gauges such as the pool in use)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        incoming = dict(scope.get("headers", [])).get(b"x-request-id", b"").decode("latin-1")
        rid = incoming if 0 < len(incoming) <= 64 and incoming.isprintable() else secrets.token_hex(8)
        token = request_id.set(rid)
        started = time.perf_counter()
        status = 500
        answered = False
        extra = [*SECURITY_HEADERS, (b"content-security-policy", CONTENT_SECURITY_POLICY),
                 (b"x-request-id", rid.encode("latin-1"))]

        async def send_marked(message: Message) -> None:
            nonlocal status, answered
            if message["type"] == "http.response.start":
                status, answered = message["status"], True
                present = {name.lower() for name, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []), *(h for h in extra if h[0] not in present)]
            await send(message)

        try:
            await self.app(scope, receive, send_marked)
        except Exception:
            log.exception("unexpected error on %s %s", scope["method"], scope["path"])
            if not answered:
                response = unexpected_error()
                await response(scope, receive, send_marked)
        finally:
            seconds = time.perf_counter() - started
            access.info("%s %s %s", scope["method"], scope["path"], status, extra={"fields": {
                "method": scope["method"], "path": scope["path"], "status": status, "ms": round(1000 * seconds, 2)}})
            request_id.reset(token)
            if self.measure is not None:
                route = getattr(scope.get("route"), "path", None) or ("static" if status < 400 else "unmatched")
                metrics.REQUESTS.labels(scope["method"], route, str(status)).inc()
                metrics.LATENCY.labels(scope["method"], route).observe(seconds)
                self.measure()
