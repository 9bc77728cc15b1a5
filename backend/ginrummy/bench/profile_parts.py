"""The parts of a move the profile bench times: each part's name and the functions that do it (looked up by name
when the bench starts), and the name of what no part accounts for, the framework's remaining work."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Part:
    name: str
    targets: tuple[str, ...]
    """``module:qualified.name``. A trailing ``@enter`` times only entering the context manager it returns;
    ``@hop`` times a ``run_in_threadpool``-like function less the work it runs in the worker thread."""
    keeps_all: bool = False
    """The part keeps the time of the timed parts it calls (they are not told apart inside it)."""


FRAMEWORK = "framework: ASGI, middleware, routing, request parsing and validation, dependencies"
PARTS = (
    Part("framework: the hop to a worker thread and back", ("starlette.concurrency:run_in_threadpool@hop",)),
    Part("framework: response model (FastAPI's validation and JSON, where a route leaves it to FastAPI)",
         ("fastapi.routing:serialize_response",)),
    Part("the answer through its model (strict check, JSON)", ("ginrummy.api.routes.common:encoded",)),
    Part("rate limits", ("ginrummy.api.limits:Limiter.move_from", "ginrummy.api.limits:Limiter.move_in",
                         "ginrummy.api.limits:Limiter.check_tokens")),
    Part("lock + load (the game's row and state, the kept answer; under the lock when taken)",
         ("ginrummy.store.sql:SqlStore.locked@enter", "ginrummy.store.sql:SqlStore.get_game",
          "ginrummy.store.sql:SqlStore.stored_reply", "ginrummy.store.sql:SqlStore._load"), keeps_all=True),
    Part("engine apply (the person's move)", ("ginrummy.engine:apply",)),
    Part("computer's turn (its views, decisions, moves)", ("ginrummy.service.turns:play_computer",),
         keeps_all=True),
    Part("view building (view, its JSON form, events as seen)",
         ("ginrummy.engine:view_for", "ginrummy.engine.views:View.to_json", "ginrummy.engine:events_for")),
    Part("JSON encode (stored state, events)", ("ginrummy.store.codec:encode_state", "json:dumps")),
    Part("SQL statements (the store's writing code, SQLAlchemy, the driver)",
         ("ginrummy.store.writes:write_move", "ginrummy.store.writes:LockedGame.save",
          "ginrummy.store.writes:LockedGame.stored_reply", "sqlalchemy.engine.base:Connection.execute",
          "sqlalchemy.engine.base:Connection.exec_driver_sql")),
    Part("COMMIT", ("sqlalchemy.engine.base:Connection._commit_impl",)),
    Part("waiting for another thread (less the timed work it did meanwhile)",
         ("concurrent.futures._base:Future.result",)),
    Part("service, the rest (authorise, idempotency, stats, the answer's dict)",
         ("ginrummy.service.moves:MoveService.act",)),
)
