"""The parts the service can do without for a while: Redis, for shared rate-limit counters and for telling other
processes of moves. When one stops answering, the service goes on without it (per-process counters; waiters
that look at the database again each second), says so once in the log, shows it in ``/metrics``
(``ginrummy_degraded``) and in ``/readyz`` (``"status": "degraded"`` with the reason), and tries the part again
every few seconds, until it answers; then it says so once more."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from .metrics import DEGRADED

log = logging.getLogger("ginrummy.degraded")

RETRY_SECONDS = 5.0
"""How long a part that failed is left alone before it is tried again."""


class Part:
    """One part's state: answering, or away since a time (and why), and when to try it again."""

    def __init__(self, name: str, without: str, ping: Callable[[], object]) -> None:
        self.name = name
        self.without = without
        """What the service does meanwhile, in words for the log and /readyz."""
        self.ping = ping
        """Asks the part whether it answers (raises if not): /readyz tries a part that is away with it."""
        self._lock = threading.Lock()
        self.away_since: float | None = None
        self.error = ""
        self._retry_at = 0.0
        DEGRADED.labels(name).set(0)

    def usable(self) -> bool:
        """Whether to try the part now: it answers, or it has been left alone long enough."""
        return self.away_since is None or time.monotonic() >= self._retry_at

    def failed(self, error: BaseException) -> None:
        with self._lock:
            self._retry_at = time.monotonic() + RETRY_SECONDS
            if self.away_since is not None:
                return
            self.away_since, self.error = time.time(), f"{type(error).__name__}: {error}"
        DEGRADED.labels(self.name).set(1)
        log.warning("%s does not answer (%s); %s until it does", self.name, self.error, self.without,
                    extra={"fields": {"part": self.name, "degraded": True}})

    def worked(self) -> None:
        if self.away_since is None:
            return
        with self._lock:
            if self.away_since is None:
                return
            away, self.away_since = time.time() - self.away_since, None
        DEGRADED.labels(self.name).set(0)
        log.info("%s answers again, after %.0f s", self.name, away, extra={"fields": {"part": self.name,
                                                                                   "degraded": False}})

    def reason(self) -> str | None:
        """Why the service runs without this part now, or None when it answers. A part that is away is asked
        again first (when it is time to), so that readiness follows it even while no request needs it."""
        if self.away_since is not None and self.usable():
            try:
                if self.ping() is False:
                    raise ConnectionError("no answer to a ping")
            except Exception as error:
                self.failed(error)
            else:
                self.worked()
        if self.away_since is None:
            return None
        return f"{self.name} does not answer ({self.error}): {self.without}"
