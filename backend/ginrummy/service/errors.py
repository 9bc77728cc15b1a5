"""Why the service refuses a request, in its own words; ``api.errors`` turns each kind into an HTTP answer.

Every refusal changes nothing: the service raises before it writes.
"""

from __future__ import annotations

from typing import Any


class ServiceError(Exception):
    """A refused request: a machine ``code``, a human ``detail`` and any fields worth returning."""

    def __init__(self, code: str, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.code, self.detail, self.extra = code, detail, extra


class Unauthorized(ServiceError):
    """No valid token; the same answer for a wrong token and an unknown game, so ids cannot be probed."""


class NotFound(ServiceError):
    """Nothing of yours by that id."""


class IllegalMove(ServiceError):
    """The rules refuse the move now (``legal_actions`` says what they allow), or there is nothing to decide."""


class SeatTaken(ServiceError):
    """Seat 1 of a game between two seats was already taken with its invite (an invite works once)."""


class Conflict(ServiceError):
    """The request clashes with what already is: the day's deal already played, a day not over yet, a second seek
    while one waits, a handle another player has."""


class StaleVersion(ServiceError):
    """If-Match named a version the game has moved on from (``version`` is the current one)."""


class KeyReused(ServiceError):
    """An Idempotency-Key sent again with a different request."""


class Invalid(ServiceError):
    """Well-formed JSON that the service cannot use (a cursor it never handed out, a seed out of range, ...)."""


class RateLimited(ServiceError):
    """Too many requests, or too many unfinished games; ``retry_after`` seconds until one is allowed again."""

    def __init__(self, code: str, detail: str, retry_after: int) -> None:
        super().__init__(code, detail)
        self.retry_after = retry_after
