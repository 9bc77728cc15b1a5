"""The FastAPI application: settings, the store and services, middleware, the routers and the browser game."""

from __future__ import annotations

import asyncio
import gc
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from fastapi.dependencies.utils import get_flat_params
from fastapi.middleware.cors import CORSMiddleware
from fastapi.routing import APIRoute
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.routing import Match, Mount
from starlette.types import Scope

from ginrummy.metrics import POOL_IN_USE
from ginrummy.service import DailyService, MatchService, MoveService, PlayerService, ReadingService
from ginrummy.service.notify import Notifier, RedisRelay
from ginrummy.service.profiles import ProfileService
from ginrummy.service.seeks import SeekRules, SeekService, standing_of
from ginrummy.store import SqlStore
from ginrummy.store.profiles import ProfileStore
from ginrummy.store.seeks import SeekQueue

from . import errors
from .config import Settings, get_settings
from .limits import Limiter, OpenStreams
from .middleware import BodyLimitMiddleware, EdgeMiddleware
from .observability import cleanup_loop, configure_logging
from .routes import daily, docs, games, moves, ops, players, profiles, seeks
from .routes.common import problems
from .static import FrontendFiles


def create_app(settings: Settings | None = None, store: SqlStore | None = None) -> FastAPI:
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> Any:
        keep_out_of_full_collections()
        cleanup = asyncio.create_task(cleanup_loop(
            app.state.store, settings.finished_game_days, settings.abandoned_game_days,
            settings.cleanup_interval_seconds, settings.idempotency_hours, app.state.seeks.queue))
        yield
        cleanup.cancel()
        app.state.store.close()
        if app.state.notifier.relay is not None:
            app.state.notifier.relay.close()

    # DOCS_ENABLED covers the OpenAPI document too: the page at /docs and the schema it reads.
    app = FastAPI(title="Gin Rummy", version="1.2.0", lifespan=lifespan, docs_url=None, redoc_url=None,
                  openapi_url="/openapi.json" if settings.docs_enabled else None,
                  description="Play Gin Rummy against a computer that sees only its own cards. Every hand's deck "
                              "is committed to (SHA-256) before play and revealed after it.")
    configure_logging(settings.log_level, settings.log_format)
    app.state.settings = settings
    app.state.store = store or SqlStore(settings.database_url, settings.database_wait_seconds,
                                        auto_migrate=settings.auto_migrate, pool_size=settings.database_pool_size,
                                        max_overflow=settings.database_max_overflow)
    relay = RedisRelay(settings.redis_url) if settings.redis_url else None
    app.state.notifier = Notifier(relay)
    app.state.moves = MoveService(app.state.store, app.state.notifier)
    app.state.matches = MatchService(app.state.store, app.state.notifier, settings.max_unfinished_games)
    app.state.reading = ReadingService(app.state.store, app.state.notifier)
    app.state.players = PlayerService(app.state.store)
    app.state.profiles = ProfileService(ProfileStore(app.state.store), settings.rating_provisional_deviation)
    app.state.seeks = SeekService(SeekQueue(app.state.store), SeekRules(
        settings.seek_offer_seconds, settings.seek_window, settings.seek_widen_per_second,
        settings.public_turn_seconds, settings.public_reserve_seconds),
        lambda player_id: standing_of(app.state.profiles.profile(player_id)),
        may_start=app.state.matches.check_unfinished, notifier=app.state.notifier, games=app.state.store,
        card=app.state.profiles.card)
    app.state.daily = DailyService(app.state.store, app.state.matches,
                                   app.state.profiles.card)
    app.state.limiter = Limiter(settings)
    app.state.parts = [app.state.limiter.redis] if app.state.limiter.shared is not None else []
    if relay is not None:
        app.state.parts.append(relay.part)
    app.state.streams = OpenStreams(settings.max_streams_per_seat, settings.max_streams_per_address,
                                    settings.streams_in_all)
    errors.install(app)
    routers = [ops.router, games.router, moves.router, players.router, daily.router, profiles.router,
               profiles.boards, profiles.newcomers, seeks.router]
    if settings.metrics_enabled:
        routers.append(ops.metrics_router)
    for router in routers:
        _document_validation_problems(router.routes)
        app.include_router(router)
    if settings.docs_enabled:
        docs.install(app)
    app.add_middleware(BodyLimitMiddleware, max_bytes=settings.max_body_bytes, seconds=settings.body_timeout_seconds)
    if settings.allowed_origins:
        app.add_middleware(CORSMiddleware, allow_origins=settings.allowed_origins,
                           allow_methods=["GET", "POST"], allow_headers=["Authorization", "Content-Type",
                                                                          "If-Match", "Idempotency-Key"],
                           expose_headers=["ETag"])
    if settings.allowed_hosts != ["*"]:
        app.add_middleware(TrustedHostMiddleware, allowed_hosts=settings.allowed_hosts)
    pool = app.state.store.engine.pool
    app.add_middleware(EdgeMiddleware, measure=(lambda: POOL_IN_USE.set(pool.checkedout()))
                       if settings.metrics_enabled else None)
    if settings.frontend_dir.is_dir():
        # The page's files go compressed (brotli or gzip, each file compressed once: static.py) with an ETag and
        # no-cache; the API's answers are not compressed, where the CPU a move costs matters more than the bytes.
        app.router.routes.append(FrontendMount("/", FrontendFiles(settings.frontend_dir), name="frontend"))
    return app


def keep_out_of_full_collections() -> None:
    """Move what the process holds once it has started (its modules, their functions and classes, the app: some
    150,000 objects) out of the garbage collector's reach, as it never becomes garbage; once per process. A full
    collection walks every object it tracks, and one runs every few seconds under load, so this cuts the pauses
    every request in flight waits through (measured at 700 players on SQLite: move p99 223-240 ms before,
    32-77 ms after). Objects made later are collected as before."""
    if gc.get_freeze_count() == 0:
        gc.collect()
        gc.freeze()


def _document_validation_problems(routes: list[Any]) -> None:
    """Every route that validates input answers a bad one with a 422 problem+json (errors.install): document
    that, not FastAPI's default HTTPValidationError, which the API never sends."""
    for route in routes:
        if isinstance(route, APIRoute) and (get_flat_params(route.dependant) or route.body_field is not None):
            route.responses.setdefault(422, problems(422)[422])


class FrontendMount(Mount):
    """The browser game at ``/``, except under ``/api/``: there an unknown path must stay a 404 and a known
    path with the wrong method a 405, which a catch-all mount would otherwise answer for."""

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        if scope["type"] == "http" and scope["path"].startswith("/api/"):
            return Match.NONE, {}
        return super().matches(scope)
