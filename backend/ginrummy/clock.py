"""The product's clock for what hangs on the calendar: the daily deal's days (``service.days``), and the times the
store writes on games (a finished game's last move says whether it ended within its day). One seam, so that a test
can move time past a midnight: ``monkeypatch.setattr(ginrummy.clock, "now", ...)``."""

from __future__ import annotations

import time


def now() -> float:
    """Seconds since the epoch."""
    return time.time()
