"""Days of the daily deal: what day it is (UTC), when a day ends, and whether a day's deal is still sealed. The
time is ``ginrummy.clock``'s, which tests move to see a day end without waiting for midnight."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from ginrummy import clock

from .errors import Conflict


def today() -> str:
    """Today's date (UTC) as YYYY-MM-DD."""
    return datetime.fromtimestamp(clock.now(), UTC).date().isoformat()


def end_of(day: str) -> float:
    """When ``day`` (YYYY-MM-DD) ends: the epoch seconds of the next day's UTC midnight."""
    start = datetime.combine(date.fromisoformat(day), datetime.min.time(), UTC)
    return (start + timedelta(days=1)).timestamp()


def sealed(day: str | None) -> bool:
    """Whether a game of ``day``'s deal must still keep its decks to itself: until the day has ended (never for a
    game that is not a daily deal)."""
    return day is not None and day >= today()


def refuse_sealed(day: str | None) -> None:
    """Refuse to reveal a deck of ``day``'s deal before the day has ended (409 daily_sealed)."""
    if sealed(day):
        raise Conflict("daily_sealed", f"this is the daily deal of {day}: everyone that day is dealt the same "
                       "decks, so its decks and salts are shown once the day has ended (UTC); its commitments are "
                       "shown now", available_at=stamp(end_of(day or "")))


def stamp(seconds: float) -> str:
    """Epoch seconds as ISO 8601 in UTC (``2026-12-03T00:00:00Z``)."""
    return datetime.fromtimestamp(seconds, UTC).isoformat().replace("+00:00", "Z")
