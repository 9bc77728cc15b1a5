"""Structured logs with a request id, and the periodic cleanup of old games."""

from __future__ import annotations

import asyncio
import contextvars
import json
import logging
import sys
import time
from typing import Any

from ginrummy.store import SqlStore
from ginrummy.store.base import SeekStore

request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")
log = logging.getLogger("ginrummy")


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


SEEK_HOURS = 1.0
"""Seeks matched, cancelled or left this long ago are deleted (a matched one's seat token with it)."""


async def cleanup_loop(store: SqlStore, finished_days: float, abandoned_days: float, interval: float,
                       idempotency_hours: float = 24.0, seeks: SeekStore | None = None) -> None:
    """Delete finished and abandoned games older than the configured ages, the answers kept for idempotency
    keys older than ``idempotency_hours``, and seeks ended (or left) an hour ago with the seat tokens they hold,
    now and then every interval."""
    while True:
        now = time.time()
        try:
            removed = await asyncio.to_thread(store.delete_stale, now - finished_days * 86400,
                                              now - abandoned_days * 86400)
            if removed:
                log.info("cleanup removed %d old games", removed, extra={"fields": {"removed": removed}})
        except Exception:
            log.exception("cleanup failed; will try again")
        try:
            expired = await asyncio.to_thread(store.delete_expired_replies, now - idempotency_hours * 3600)
            if expired:
                log.info("cleanup removed %d expired idempotency keys", expired,
                         extra={"fields": {"expired_keys": expired}})
        except Exception:
            log.exception("cleanup of idempotency keys failed; will try again")
        if seeks is not None:
            try:
                await asyncio.to_thread(seeks.delete_ended, now - SEEK_HOURS * 3600)
            except Exception:
                log.exception("cleanup of seeks failed; will try again")
        await asyncio.sleep(interval)
