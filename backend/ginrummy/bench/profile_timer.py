"""The profile bench's timer: each part's own time, counted by wrappers around the functions that do it, told apart
from the timed parts it calls and from the timed work of threads the app keeps."""

from __future__ import annotations

import functools
import inspect
import threading
import time
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from ginrummy.bench.profile_parts import Part

IN_REQUEST: ContextVar[bool] = ContextVar("in_request", default=False)
"""Set while a request is handled; it follows the request into its worker thread, not into threads the app
keeps (such as a store's writer thread), whose timed work is told apart."""


@dataclass
class _Frame:
    part: Part
    start: float
    in_request: bool
    elsewhere_at: float
    """``Timer.elsewhere`` when the frame opened."""
    inner: float = 0.0
    """Seconds of timed parts it called."""
    inner_elsewhere: float = 0.0
    """Seconds of other threads' timed work already taken out by the parts it called."""


class Timer:
    """Accumulates each part's own time while ``active``.

    A part's own time is its time less that of the timed parts it calls (in its thread). Timed work in threads
    outside the request (``IN_REQUEST`` unset: a thread the app keeps, such as a store's writer) is counted
    as its own parts too, and taken out of the request's part that was running meanwhile (waiting for it), so
    that with one request at a time the parts add up to the request's time."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self.active = False
        self.seconds: dict[str, float] = {}
        self.calls: dict[str, int] = {}
        self.seconds_elsewhere: dict[str, float] = {}
        """Of ``seconds``, those outside the request's threads."""
        self.elsewhere = 0.0
        """Seconds of timed work outside the request's threads, so far."""
        self._lock = threading.Lock()
        self._local = threading.local()

    def _stack(self) -> list[_Frame]:
        stack: list[_Frame] | None = getattr(self._local, "stack", None)
        if stack is None:
            stack = self._local.stack = []
        return stack

    def enter(self, part: Part) -> _Frame | None:
        if not self.active:
            return None
        stack = self._stack()
        if stack and stack[-1].part.keeps_all:
            return None
        frame = _Frame(part, self.clock(), IN_REQUEST.get(), self.elsewhere)
        stack.append(frame)
        return frame

    def leave(self, frame: _Frame) -> None:
        elapsed = self.clock() - frame.start
        stack = self._stack()
        stack.pop()
        name = frame.part.name
        own = elapsed - frame.inner
        elsewhere = 0.0
        with self._lock:
            if frame.in_request:
                elsewhere = self.elsewhere - frame.elsewhere_at
                own -= elsewhere - frame.inner_elsewhere
            else:
                self.seconds_elsewhere[name] = self.seconds_elsewhere.get(name, 0.0) + own
                if not stack:
                    self.elsewhere += elapsed
            self.seconds[name] = self.seconds.get(name, 0.0) + own
            self.calls[name] = self.calls.get(name, 0) + 1
        if stack:
            stack[-1].inner += elapsed
            stack[-1].inner_elsewhere += elsewhere

    def wrap(self, part: Part, function: Callable[..., Any], mode: str) -> Callable[..., Any]:
        timer = self
        if mode == "hop":
            @functools.wraps(function)
            async def hopped(work: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
                frame = timer.enter(part)
                if frame is None:
                    return await function(work, *args, **kwargs)
                inside = 0.0
                elsewhere = 0.0

                def timed_work(*a: Any, **k: Any) -> Any:
                    nonlocal inside, elsewhere
                    IN_REQUEST.set(True)
                    start, start_elsewhere = timer.clock(), timer.elsewhere
                    try:
                        return work(*a, **k)
                    finally:
                        inside, elsewhere = timer.clock() - start, timer.elsewhere - start_elsewhere
                try:
                    return await function(timed_work, *args, **kwargs)
                finally:
                    # The work's own parts are timed in the worker thread (and other threads' by theirs).
                    frame.inner += inside
                    frame.inner_elsewhere += elsewhere
                    timer.leave(frame)
            return hopped
        if mode == "enter":
            @functools.wraps(function)
            def opened(*args: Any, **kwargs: Any) -> Any:
                manager = function(*args, **kwargs)
                return _TimedEnter(timer, part, manager) if hasattr(manager, "__enter__") else manager
            return opened
        if inspect.iscoroutinefunction(function):
            @functools.wraps(function)
            async def awaited(*args: Any, **kwargs: Any) -> Any:
                frame = timer.enter(part)
                try:
                    return await function(*args, **kwargs)
                finally:
                    if frame is not None:
                        timer.leave(frame)
            return awaited

        @functools.wraps(function)
        def called(*args: Any, **kwargs: Any) -> Any:
            frame = timer.enter(part)
            try:
                return function(*args, **kwargs)
            finally:
                if frame is not None:
                    timer.leave(frame)
        return called


class _TimedEnter:
    """A context manager whose entering is timed as a part (its leaving is not)."""

    def __init__(self, timer: Timer, part: Part, manager: Any) -> None:
        self.timer, self.part, self.manager = timer, part, manager

    def __enter__(self) -> Any:
        frame = self.timer.enter(self.part)
        try:
            return self.manager.__enter__()
        finally:
            if frame is not None:
                self.timer.leave(frame)

    def __exit__(self, *exc: Any) -> Any:
        return self.manager.__exit__(*exc)
