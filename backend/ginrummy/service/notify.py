"""Telling whoever waits on a game (a stream, a long poll) that it moved on.

A move is stored by a worker thread; the streams and long polls wait in the server's event loop. ``publish``
is called after a move (or a join) commits and wakes every subscription to that game in this process at once.
A move stored by another process reaches this one when something carries it: PostgreSQL's LISTEN/NOTIFY (the
store's ``listen``), or Redis pub/sub when ``REDIS_URL`` is set (``RedisRelay``); either calls ``wake``. Without
either (SQLite alone), a subscription also wakes on its own after ``Subscription.wait``'s timeout, and the waiter
looks at the store again then.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from types import TracebackType

from ginrummy.degraded import Part

log = logging.getLogger("ginrummy.notify")
RELAY_CHANNEL = "ginrummy_moves"
"""The Redis pub/sub channel of committed moves, joins and presence changes; the message is the game's id."""


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


SEND_SECONDS = 0.5
"""How long telling Redis of a move may take before it is given up (waiters find the move anyway)."""


class RedisRelay:
    """Moves told to every process on one Redis: ``send`` after this process commits one, ``listen`` to hear
    those of every process (this one's too). A Redis that is away loses nothing but speed: the waiters look at the
    store again on their own, and the listener connects again."""

    def __init__(self, url: str, channel: str = RELAY_CHANNEL) -> None:
        import redis  # installed with limits[redis]; imported only when a relay is configured

        self.url, self.channel = url, channel
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        # Given up within SEND_SECONDS; after a restart of Redis, a connection is opened again at once.
        self.client = redis.Redis.from_url(url, socket_timeout=SEND_SECONDS, socket_connect_timeout=SEND_SECONDS,
                                           retry=Retry(NoBackoff(), 1),
                                           retry_on_error=[redis.ConnectionError, redis.TimeoutError])
        self.part = Part("Redis for telling moves", "other processes find each move when they look at the database "
                         "again (each second)", self.client.ping)
        self._thread: threading.Thread | None = None
        self._stopping = threading.Event()

    def send(self, game_id: str) -> None:
        """Tell the other processes; while Redis does not answer, tried only every few seconds (a move is never
        refused, nor held up, for a relay that is away)."""
        if not self.part.usable():
            return
        try:
            self.client.publish(self.channel, game_id)
        except Exception as error:
            self.part.failed(error)
        else:
            self.part.worked()

    def listen(self, heard: Callable[[str], None]) -> None:
        """Call ``heard(game_id)`` for every move sent on the channel, from a daemon thread (from now on)."""
        if self._thread is None:
            ready = threading.Event()
            self._thread = threading.Thread(target=self._run, args=(heard, ready), name="ginrummy-relay",
                                            daemon=True)
            self._thread.start()
            ready.wait(5)  # subscribed (or given up for now): moves sent from here on are heard

    def _run(self, heard: Callable[[str], None], ready: threading.Event) -> None:
        while not self._stopping.is_set():
            try:
                with self.client.pubsub(ignore_subscribe_messages=True) as pubsub:  # type: ignore[no-untyped-call]
                    pubsub.subscribe(self.channel)
                    self.part.worked()
                    ready.set()
                    while not self._stopping.is_set():
                        message = pubsub.get_message(timeout=1.0)
                        if message is not None and message["type"] == "message":
                            heard(message["data"].decode("utf-8", "replace"))
            except Exception as error:  # keep listening: Redis may come back
                self.part.failed(error)
                ready.set()
                self._stopping.wait(1.0)

    def close(self) -> None:
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self.client.close()


class Notifier:
    """The subscriptions of this process, by game, and the relay that tells other processes, if any."""

    def __init__(self, relay: RedisRelay | None = None) -> None:
        self._lock = threading.Lock()
        self._subscriptions: dict[str, set[Subscription]] = {}
        self.relay = relay

    def subscribe(self, game_id: str) -> Subscription:
        """A subscription to ``game_id`` (use it in a ``with`` block, inside the event loop)."""
        return Subscription(self, game_id)

    def publish(self, game_id: str) -> None:
        """A move (or a join, a presence change) on ``game_id`` committed here: wake its subscriptions in this
        process, and tell the others through the relay."""
        self.wake(game_id)
        if self.relay is not None:
            self.relay.send(game_id)

    def listen(self) -> None:
        """Hear the moves the relay carries from other processes (once is enough)."""
        if self.relay is not None:
            self.relay.listen(self.wake)

    def wake(self, game_id: str) -> None:
        """Wake every subscription to ``game_id`` in this process (from any thread)."""
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
