"""The HTTP/1.1 protocol `gin-rummy serve` runs: uvicorn's httptools protocol (its fast C parser) with two limits
it lacks, so that a client cannot hold the server with its request's head.

- A request head (request line and headers) of at most MAX_HEADER_BYTES: uvicorn applies that limit to its h11
  parser only, and httptools alone reads heads of any size. Past it: 431 problem+json, and the connection closes.
- A head read within HEADER_TIMEOUT_SECONDS of the connection opening (or of the request's first byte, after a
  kept-alive request): a connection that sends nothing, or its head a byte at a time, is answered 408 and closed.
  Between requests uvicorn's own keep-alive timeout applies; the body's time is bounded by the app
  (``middleware.BodyLimitMiddleware``).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from .config import get_settings
from .errors import TITLES, problem_body


class HeadTooLarge(Exception):
    """Stops the parser once a head is refused (httptools hands it back from ``feed_data``)."""


class GuardedHttpToolsProtocol(HttpToolsProtocol):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        settings = get_settings()
        self.head_limit = settings.max_header_bytes
        self.head_seconds = settings.header_timeout_seconds
        self.head_bytes = 0
        self.refused = False
        self.head_deadline: asyncio.TimerHandle | None = None

    # --- the head's time

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self.head_bytes = 0
        if self.head_deadline is None:
            self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def _arm(self) -> None:
        self.head_deadline = self.loop.call_later(self.head_seconds, self._head_too_slow)

    def _disarm(self) -> None:
        if self.head_deadline is not None:
            self.head_deadline.cancel()
            self.head_deadline = None

    def _head_too_slow(self) -> None:
        self.head_deadline = None
        if self.cycle is not None and not self.cycle.response_complete:
            return  # a request is being answered (its head came whole): not this timer's business
        self._refuse(408, "request_timeout", f"a request's head must arrive within {self.head_seconds:g} s")

    # --- the head's size

    def on_url(self, url: bytes) -> None:
        self._count(len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._count(len(name) + len(value) + 4)
        super().on_header(name, value)

    def _count(self, size: int) -> None:
        self.head_bytes += size
        if self.head_bytes > self.head_limit:
            self._refuse(431, "header_too_large", f"a request's head is limited to {self.head_limit} bytes")
            raise HeadTooLarge

    # --- refusing

    def data_received(self, data: bytes) -> None:
        if not self.refused:
            super().data_received(data)

    def send_400_response(self, msg: str) -> None:
        if not self.refused:  # a refused head stops the parser with an error: that is not a bad request
            super().send_400_response(msg)

    def _refuse(self, status: int, code: str, detail: str) -> None:
        self.refused = True
        self._disarm()
        if self.transport.is_closing():
            return
        body = json.dumps(problem_body(status, code, detail)).encode()
        self.transport.write(b"".join([
            f"HTTP/1.1 {status} {TITLES.get(status, 'Error')}\r\n".encode(),
            b"content-type: application/problem+json\r\n",
            f"content-length: {len(body)}\r\n".encode(),
            b"connection: close\r\n\r\n", body]))
        self.transport.close()
