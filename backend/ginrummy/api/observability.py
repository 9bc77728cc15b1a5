"""Structured logs with a request id, and the periodic cleanup of old games."""

from __future__ import annotations

import asyncio
import contextvars
import json
import logging
import secrets
import sys
import time
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ginrummy.store import SqlStore

request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")
log = logging.getLogger("ginrummy")
access = logging.getLogger("ginrummy.access")


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        data: dict[str, Any] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": request_id.get(),
        }
        data.update(getattr(record, "fields", {}))
        if record.exc_info:
            data["error"] = self.formatException(record.exc_info)
        return json.dumps(data, ensure_ascii=False)


def configure_logging(level: str, fmt: str) -> None:
    handler = logging.StreamHandler(sys.stderr)
    if fmt == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
    root = logging.getLogger("ginrummy")
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    root.propagate = False


class RequestIdMiddleware:
    """Gives every request an id (or keeps the caller's ``X-Request-ID``), returns it, and logs one line."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        incoming = dict(scope.get("headers", [])).get(b"x-request-id", b"").decode("latin-1")
        rid = incoming if 0 < len(incoming) <= 64 and incoming.isprintable() else secrets.token_hex(8)
        token = request_id.set(rid)
        started = time.perf_counter()
        status = 500

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], (b"x-request-id", rid.encode("latin-1"))]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            access.info("%s %s %s", scope["method"], scope["path"], status, extra={"fields": {
                "method": scope["method"], "path": scope["path"], "status": status,
                "ms": round(1000 * (time.perf_counter() - started), 2)}})
            request_id.reset(token)


async def cleanup_loop(store: SqlStore, finished_days: float, abandoned_days: float, interval: float) -> None:
    """Delete finished and abandoned games older than the configured ages, now and then every interval."""
    while True:
        now = time.time()
        try:
            removed = await asyncio.to_thread(store.delete_stale, now - finished_days * 86400,
                                              now - abandoned_days * 86400)
            if removed:
                log.info("cleanup removed %d old games", removed, extra={"fields": {"removed": removed}})
        except Exception:
            log.exception("cleanup failed; will try again")
        await asyncio.sleep(interval)
