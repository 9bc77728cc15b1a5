"""What a store keeps in this process of the games it read or wrote: their newest states (so a game's row is not
played on from its snapshot again) and recent copies of their records (so a move's first try needs no read)."""

from __future__ import annotations

import dataclasses
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Generic, TypeVar

from ginrummy.engine import GameState

from .records import GameRecord, Written

V = TypeVar("V")


@dataclass(frozen=True)
class Current:
    version: int
    event_count: int
    state: GameState


class LeastRecentlyUsed(Generic[V]):
    """What this process keeps of each game, at most ``size`` games, the least recently used dropped first; the
    helpers are called under ``lock``."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: OrderedDict[str, V] = OrderedDict()
        self.lock = threading.Lock()

    def _keep(self, game_id: str, value: V) -> None:
        self.items[game_id] = value
        self.items.move_to_end(game_id)
        if len(self.items) > self.size:
            self.items.popitem(last=False)


class StateCache(LeastRecentlyUsed[Current]):
    """The newest state this process has seen of each game. An entry is only ever a committed version, so it is
    right as long as the row's version is the same, and a newer row is caught up by playing on the events after
    it."""

    def __init__(self, size: int = 4096) -> None:
        super().__init__(size)

    def get(self, game_id: str) -> Current | None:
        with self.lock:
            current = self.items.get(game_id)
            if current is not None:
                self.items.move_to_end(game_id)
            return current

    def put(self, game_id: str, version: int, event_count: int, state: GameState) -> None:
        with self.lock:
            known = self.items.get(game_id)
            if known is not None and known.version > version:
                return
            self._keep(game_id, Current(version, event_count, state))


RECENT_KEPT_SECONDS = 10.0
"""The oldest copy ``SqlStore.recent_game`` keeps: a caller asking for an older one reads the row."""


class RecentRecords(LeastRecentlyUsed[tuple[GameRecord, float]]):
    """The games this process read or wrote lately, with when (``time.monotonic``): a move may be made on such a
    copy without reading the game's row again (``SqlStore.recent_game``). Copies older than ``kept`` seconds are
    dropped as others come (a full cache of stale copies would only give the garbage collector more to walk)."""

    def __init__(self, size: int = 4096, kept: float = RECENT_KEPT_SECONDS) -> None:
        super().__init__(size)
        self.kept = kept

    def get(self, game_id: str, within: float) -> GameRecord | None:
        with self.lock:
            kept = self.items.get(game_id)
            if kept is None or time.monotonic() - kept[1] > within:
                return None
            self.items.move_to_end(game_id)
            return kept[0]

    def put(self, record: GameRecord) -> None:
        with self.lock:
            self._kept_now(record)

    def _kept_now(self, record: GameRecord) -> None:
        """Keep ``record`` as of now, and drop the least recently used copies while they are older than ``kept``."""
        now = time.monotonic()
        self._keep(record.id, (record, now))
        while self.items:
            _, at = next(iter(self.items.values()))
            if now - at <= self.kept:
                return
            self.items.popitem(last=False)

    def moved(self, game_id: str, expected_version: int, written: Written, state: GameState) -> None:
        """A move this process stored: the kept copy, if it is the version the move was made on, moves on."""
        with self.lock:
            kept = self.items.get(game_id)
            if kept is None:
                return
            record = kept[0]
            if record.version != expected_version:
                del self.items[game_id]
                return
            self._kept_now(dataclasses.replace(record, version=written.version, state=state,
                                               event_count=written.event_count, updated_at=written.at))

    def drop(self, game_id: str) -> None:
        with self.lock:
            self.items.pop(game_id, None)
