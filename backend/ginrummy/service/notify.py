"""Telling whoever waits on a game (a stream, a long poll) that it moved on.

A move is stored by a worker thread; the streams and long polls wait in the server's event loop. ``publish``
is called after a move (or a join) commits and wakes every subscription to that game in this process at once.
A move stored by another process is not published here: a subscription also wakes on its own after
``Subscription.wait``'s timeout, and the waiter looks at the store again then.
"""

from __future__ import annotations

import asyncio
import threading
from types import TracebackType


class Subscription:
    """Wakes when its game is published. Subscribe before looking at the store, so that a move committed
    between the look and the wait still wakes it."""

    def __init__(self, notifier: Notifier, game_id: str) -> None:
        self.notifier = notifier
        self.game_id = game_id
        self.loop = asyncio.get_running_loop()
        self.event = asyncio.Event()

    async def wait(self, timeout: float) -> bool:
        """Wait until the game is published or ``timeout`` seconds pass; whether it was published."""
        try:
            await asyncio.wait_for(self.event.wait(), timeout)
        except TimeoutError:
            return False
        finally:
            self.event.clear()
        return True

    def wake(self) -> None:
        self.loop.call_soon_threadsafe(self.event.set)

    def __enter__(self) -> Subscription:
        self.notifier._add(self)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.notifier._remove(self)


class Notifier:
    """The subscriptions of this process, by game."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subscriptions: dict[str, set[Subscription]] = {}

    def subscribe(self, game_id: str) -> Subscription:
        """A subscription to ``game_id`` (use it in a ``with`` block, inside the event loop)."""
        return Subscription(self, game_id)

    def publish(self, game_id: str) -> None:
        """Wake every subscription to ``game_id`` (from any thread)."""
        with self._lock:
            waiting = list(self._subscriptions.get(game_id, ()))
        for subscription in waiting:
            try:
                subscription.wake()
            except RuntimeError:  # its event loop has closed: nobody is waiting there any more
                self._remove(subscription)

    def waiting(self, game_id: str) -> int:
        """How many subscriptions to ``game_id`` this process holds (a seat's open streams, say)."""
        with self._lock:
            return len(self._subscriptions.get(game_id, ()))

    def _add(self, subscription: Subscription) -> None:
        with self._lock:
            self._subscriptions.setdefault(subscription.game_id, set()).add(subscription)

    def _remove(self, subscription: Subscription) -> None:
        with self._lock:
            listed = self._subscriptions.get(subscription.game_id)
            if listed is not None:
                listed.discard(subscription)
                if not listed:
                    del self._subscriptions[subscription.game_id]
