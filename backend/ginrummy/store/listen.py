"""Hearing other processes' moves on PostgreSQL: each transaction that stores a move or a join NOTIFYs
``writes.MOVES_CHANNEL`` with the game's id as it commits, and a listener passes each id on."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import make_url

from .writes import MOVES_CHANNEL

log = logging.getLogger("ginrummy.store")


class MoveListener:
    """A thread holding its own PostgreSQL connection that LISTENs on ``MOVES_CHANNEL`` and calls ``moved`` with
    each notification's game id. A lost connection is opened again after a pause (a waiter looks at the store
    again on its own meanwhile, so nothing is missed for long)."""

    PAUSE_SECONDS = 1.0

    def __init__(self, url: str, moved: Callable[[str], None]) -> None:
        self.dsn = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        self.moved = moved
        self.stopping = threading.Event()
        self.connection: Any = None
        self.thread = threading.Thread(target=self._run, name="ginrummy-listen", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        import psycopg

        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.dsn, autocommit=True) as connection:
                    self.connection = connection
                    connection.execute(f"LISTEN {MOVES_CHANNEL}")
                    while not self.stopping.is_set():
                        for notice in connection.notifies(timeout=1.0):
                            self.moved(notice.payload)
            except psycopg.Error:
                if not self.stopping.is_set():
                    log.warning("listening for moves failed; listening again in %.0f s", self.PAUSE_SECONDS)
                    self.stopping.wait(self.PAUSE_SECONDS)

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(timeout=5)
