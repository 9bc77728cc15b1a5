"""Rate limits, counted with the ``limits`` library's moving windows: in this process by default (in counters of our
own, ``ProcessWindows``, that cost the same however many games are in play), or in Redis when
RATE_LIMIT_STORAGE_URL names one, so that every process and container shares the same counters.

A refusal is the service's ``RateLimited`` error: 429 problem+json with Retry-After.
"""

from __future__ import annotations

import math
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from limits import RateLimitItem, parse, storage, strategies
from limits.errors import StorageError
from limits.storage import MovingWindowSupport, Storage
from starlette.concurrency import run_in_threadpool

from ginrummy import metrics
from ginrummy.degraded import Part
from ginrummy.service.errors import RateLimited

from .config import Settings

T = TypeVar("T")

REDIS_SECONDS = 0.5
"""How long a rate-limit counter in Redis may take to answer before this process counts on its own."""


def redis_options() -> dict[str, Any]:
    """A Redis client that answers or gives up within REDIS_SECONDS, and that, after Redis restarted, opens each
    connection of its pool again at once rather than failing once on each (one retry, no pause)."""
    from redis.backoff import NoBackoff
    from redis.exceptions import ConnectionError as RedisConnectionError
    from redis.exceptions import TimeoutError as RedisTimeoutError
    from redis.retry import Retry

    return {"socket_timeout": REDIS_SECONDS, "socket_connect_timeout": REDIS_SECONDS,
            "retry": Retry(NoBackoff(), 1), "retry_on_error": [RedisConnectionError, RedisTimeoutError]}


class ProcessWindows(Storage, MovingWindowSupport):
    """Moving-window counters kept in this process, for the ``limits`` library's moving-window strategy.

    The library's own ``MemoryStorage`` starts a timer thread after every hit that, every 10 ms, walks every key it
    holds to drop expired entries: with a key per seat of every game in play, that walk costs more than the moves
    themselves once there are a few thousand games (measured: 10,000 keys took 40% of a core at 230 hits/s). Here a
    key's window is pruned when the key is used, and keys gone quiet are dropped by a sweep every ``SWEEP_EVERY``
    hits, so each hit costs about the same however many games are in play, and no thread is needed."""

    STORAGE_SCHEME = ["ginrummy-process"]  # noqa: RUF012 - the library reads a list here
    SWEEP_EVERY = 4096

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options: Any) -> None:
        super().__init__(uri, wrap_exceptions, **options)
        self.windows: dict[str, tuple[float, deque[float]]] = {}
        """Each key's window length (seconds) and its entries' times, oldest first."""
        self.counts: dict[str, tuple[float, int]] = {}
        """Fixed windows (the library asks a storage for them too; these limits do not use them)."""
        self.lock = threading.Lock()
        self.hits = 0

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return ValueError

    def _entries(self, key: str, expiry: float, now: float) -> deque[float]:
        """``key``'s entries still inside its window (made when missing)."""
        _, entries = self.windows.setdefault(key, (expiry, deque()))
        while entries and entries[0] <= now - expiry:
            entries.popleft()
        return entries

    def acquire_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        now = time.time()
        with self.lock:
            entries = self._entries(key, expiry, now)
            if len(entries) + amount > limit:
                return False
            entries.extend([now] * amount)
            self.hits += 1
            if self.hits % self.SWEEP_EVERY == 0:
                self._sweep(now)
            return True

    def get_moving_window(self, key: str, limit: int, expiry: int) -> tuple[float, int]:
        now = time.time()
        with self.lock:
            if key not in self.windows:
                return now, 0
            entries = self._entries(key, expiry, now)
            return (entries[0], len(entries)) if entries else (now, 0)

    def _sweep(self, now: float) -> None:
        """Drop the keys whose every entry has left its window, and the fixed windows that are over."""
        self.windows = {key: (expiry, entries) for key, (expiry, entries) in self.windows.items()
                        if entries and entries[-1] > now - expiry}
        self.counts = {key: counted for key, counted in self.counts.items() if counted[0] > now}

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        with self.lock:
            ends, count = self.counts.get(key, (0.0, 0))
            if ends <= now:
                ends, count = now + expiry, 0
            self.counts[key] = (ends, count + amount)
            return count + amount

    def get(self, key: str) -> int:
        ends, count = self.counts.get(key, (0.0, 0))
        return count if ends > time.time() else 0

    def get_expiry(self, key: str) -> float:
        return self.counts.get(key, (time.time(), 0))[0]

    def check(self) -> bool:
        return True

    def reset(self) -> int | None:
        with self.lock:
            cleared = len(self.windows) + len(self.counts)
            self.windows, self.counts = {}, {}
            return cleared

    def clear(self, key: str) -> None:
        with self.lock:
            self.windows.pop(key, None)
            self.counts.pop(key, None)


class Limiter:
    """The counters: in Redis when RATE_LIMIT_STORAGE_URL names one, else in this process. While that Redis does
    not answer, every process counts on its own (each then allows up to the whole limit), and says so once
    (``degraded``): a Redis that is away never refuses a request, nor makes it wait for more than a moment."""

    def __init__(self, settings: Settings) -> None:
        url = settings.rate_limit_storage_url
        self.in_process = url.startswith("memory://")
        self.local = strategies.MovingWindowRateLimiter(ProcessWindows())
        self.shared = None if self.in_process else strategies.MovingWindowRateLimiter(storage.storage_from_string(
            url, wrap_exceptions=True, **redis_options()))
        self.redis = Part("Redis for rate limits", "every process counts its own requests",
                          lambda: self.shared is not None and self.shared.storage.check())
        self.create = parse(settings.rate_limit_create)
        self.moves = parse(settings.rate_limit_moves)
        self.bad_tokens = parse(settings.rate_limit_bad_tokens)
        self.analyses = parse(settings.rate_limit_analyses)
        self.hints = parse(settings.rate_limit_hints)
        self.daily = parse(settings.rate_limit_daily)
        self.seeks = parse(settings.rate_limit_seeks)
        self.handles = parse(settings.rate_limit_handles)

    def _counted(self, use: Callable[[strategies.MovingWindowRateLimiter], T]) -> T:
        """``use`` on the shared counters while they answer, else on this process's own."""
        if self.shared is not None and self.redis.usable():
            try:
                answer = use(self.shared)
            except StorageError as error:
                self.redis.failed(error)
            else:
                self.redis.worked()
                return answer
        return use(self.local)

    def _refuse(self, limit: RateLimitItem, keys: tuple[str, ...], code: str, detail: str) -> RateLimited:
        reset = self._counted(lambda counters: counters.get_window_stats(limit, *keys).reset_time)
        metrics.RATE_LIMITED.labels(code).inc()
        return RateLimited(code, detail, retry_after=max(1, math.ceil(reset - time.time())))

    def take(self, limit: RateLimitItem, *keys: str, code: str, detail: str) -> None:
        """Count one request against ``limit`` for ``keys``; refuse it if the limit is used up."""
        if not self._counted(lambda counters: counters.hit(limit, *keys)):
            raise self._refuse(limit, keys, code, detail)

    def _address_and_player(self, limit: RateLimitItem, name: str, what: str, code: str, address: str,
                            player: str | None) -> None:
        """Count one request against ``limit`` for the address, and for the player asking (by id) if known."""
        said = f"{what} are limited to {limit}"
        self.take(limit, name, "address", address, code=code, detail=f"{said} from one address; wait a little")
        if player is not None:
            self.take(limit, name, "player", player, code=code, detail=f"{said} for one player; wait a little")

    def game_created(self, address: str, player: str | None) -> None:
        """A new game (a create, or a rematch), counted for the address and for the player asking (by id)."""
        self._address_and_player(self.create, "create", "new games", "too_many_games_created", address, player)

    def daily_played(self, address: str, player: str | None) -> None:
        """A daily deal dealt: a new game (``game_created``), and counted on its own per address, since each
        anonymous attempt is a new player's one attempt of the day."""
        self.take(self.daily, "daily", "address", address, code="too_many_daily_games",
                  detail=f"daily deals are limited to {self.daily} from one address; wait a little")
        self.game_created(address, player)

    def move_from(self, address: str) -> None:
        """A move (or a claim), counted for the address it comes from, before anything else is looked at."""
        self.take(self.moves, "move", "address", address, code="too_many_moves",
                  detail=f"moves are limited to {self.moves} from one address")

    def move_in(self, game_id: str, seat: int) -> None:
        """A move counted in its game, for the seat its token was found to play: requests without a valid token
        never use up a seat's budget (they count for their address, and as bad tokens)."""
        self.take(self.moves, "move", "game", game_id, str(seat), code="too_many_moves",
                  detail=f"moves are limited to {self.moves} for one seat of a game")

    def seek(self, address: str, player: str | None) -> None:
        """A new seek, counted for the address and for the player asking (by id)."""
        self._address_and_player(self.seeks, "seek", "seeks", "too_many_seeks", address, player)

    def player_created(self, address: str) -> None:
        """A new player made without a game, counted with new games for the address."""
        self._address_and_player(self.create, "create", "new games and players", "too_many_players_created",
                                 address, None)

    def handle(self, address: str, player: str) -> None:
        """A handle change, counted for the address and for the player."""
        self._address_and_player(self.handles, "handle", "handle changes", "too_many_handle_changes", address,
                                 player)

    def hint(self, address: str) -> None:
        self.take(self.hints, "hint", "address", address, code="too_many_hints",
                  detail=f"hints are limited to {self.hints} from one address; wait a little")

    def analysis(self, address: str) -> None:
        self.take(self.analyses, "analysis", "address", address, code="too_many_analyses",
                  detail=f"hand analyses are limited to {self.analyses} from one address; wait a little")

    def check_tokens(self, address: str) -> None:
        """Refuse an address that has sent too many wrong tokens lately (they are counted by ``bad_token``)."""
        if not self._counted(lambda counters: counters.test(self.bad_tokens, "bad-token", address)):
            raise self._refuse(self.bad_tokens, ("bad-token", address), "too_many_bad_tokens",
                               "too many requests with a wrong token from this address; wait a little")

    async def check_tokens_soon(self, address: str) -> None:
        """``check_tokens`` from the event loop: at once for counters in this process, in a worker thread for
        counters over the network (Redis), which must not hold up the loop."""
        if self.in_process:
            self.check_tokens(address)
        else:
            await run_in_threadpool(self.check_tokens, address)

    def bad_token(self, address: str) -> None:
        self._counted(lambda counters: counters.hit(self.bad_tokens, "bad-token", address))


STREAM_RETRY_SECONDS = 10
"""Retry-After of a stream or long poll refused for want of room: a held one ends or is let go of by then."""


class OpenStreams:
    """The streams and long polls held open in this process, capped per seat of a game, per address, and in all
    (so that those held open always leave room for other requests under LIMIT_CONCURRENCY). Counted in the
    process's event loop, where every stream and long poll runs: no lock is needed."""

    def __init__(self, per_seat: int, per_address: int, total: int) -> None:
        self.per_seat, self.per_address, self.total = per_seat, per_address, total
        self.seats: Counter[tuple[str, int]] = Counter()
        self.addresses: Counter[str] = Counter()
        self.held = 0

    def take(self, game_id: str, seat: int, address: str) -> None:
        """Hold one for ``seat`` of ``game_id`` from ``address``, or refuse (429 with Retry-After)."""
        for used, most, what in ((self.seats[game_id, seat], self.per_seat, "for one seat of a game"),
                                 (self.addresses[address], self.per_address, "from one address"),
                                 (self.held, self.total, "on this server")):
            if used >= most:
                metrics.RATE_LIMITED.labels("too_many_streams").inc()
                raise RateLimited("too_many_streams", f"at most {most} streams and long polls may be open {what}; "
                                  "close one first", retry_after=STREAM_RETRY_SECONDS)
        self.seats[game_id, seat] += 1
        self.addresses[address] += 1
        self.held += 1

    def give_back(self, game_id: str, seat: int, address: str) -> None:
        seat_key = (game_id, seat)
        self.seats[seat_key] -= 1
        if self.seats[seat_key] <= 0:
            del self.seats[seat_key]
        self.addresses[address] -= 1
        if self.addresses[address] <= 0:
            del self.addresses[address]
        self.held -= 1

    @contextmanager
    def holding(self, game_id: str, seat: int, address: str) -> Iterator[None]:
        self.take(game_id, seat, address)
        try:
            yield
        finally:
            self.give_back(game_id, seat, address)
