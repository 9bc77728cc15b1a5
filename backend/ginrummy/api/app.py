"""The FastAPI application: routes, dependencies and middleware. Routes stay thin; ``service`` does the work."""


import asyncio
import json
from collections.abc import Callable
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import Body, Depends, FastAPI, Header, Path, Query, Request, Response
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from starlette.routing import Match, Mount
from starlette.types import Scope

from ginrummy.engine import Action, ActionKind, parse_card
from ginrummy.store import SqlStore

from . import errors
from .config import Settings, get_settings
from .errors import ApiProblem, problem_response
from .middleware import BodyLimitMiddleware
from .observability import RequestIdMiddleware, cleanup_loop, configure_logging
from .schemas import (
    CardRequest,
    DrawRequest,
    EventsResponse,
    GameResponse,
    HandDealResponse,
    HintResponse,
    MatchDetailResponse,
    MatchHandResponse,
    MatchListResponse,
    NewGameRequest,
    Problem,
    RulesResponse,
    StatsResponse,
)
from .service import GameService, request_fingerprint

bearer = HTTPBearer(auto_error=False, description="The seat token (game routes) or player token (stats, "
                                                 "match history)")
Token = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]
IfMatch = Annotated[str | None, Header(description="Only apply the move if the game is at this version (ETag)")]
IdempotencyKey = Annotated[str | None, Header(max_length=200, description="Repeat a request safely: the same "
                                              "key returns the first answer and applies nothing twice")]
GAME_ID = r"^[A-Za-z0-9_-]{1,64}$"

PROBLEMS: dict[int | str, dict[str, Any]] = {
    status: {"model": Problem, "description": errors.TITLES[status],
             "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
    for status in (400, 401, 404, 409, 412, 413, 422)
}


def _token(credentials: HTTPAuthorizationCredentials | None) -> str | None:
    return credentials.credentials if credentials is not None else None


def _game_reply(version: int, body: dict[str, Any], status: int = 200, replayed: bool = False) -> JSONResponse:
    headers = {"ETag": f'"{version}"', "Cache-Control": "no-store"}
    if replayed:
        headers["Idempotent-Replayed"] = "true"
    return JSONResponse(body, status_code=status, headers=headers)


def _private(body: dict[str, Any]) -> JSONResponse:
    """A player's own data: never kept by a cache."""
    return JSONResponse(body, headers={"Cache-Control": "no-store"})


def create_app(settings: Settings | None = None, store: SqlStore | None = None) -> FastAPI:
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> Any:
        cleanup = asyncio.create_task(cleanup_loop(
            app.state.store, settings.finished_game_days, settings.abandoned_game_days,
            settings.cleanup_interval_seconds))
        yield
        cleanup.cancel()
        app.state.store.close()

    app = FastAPI(title="Gin Rummy", version="1.0.0", lifespan=lifespan,
                  description="Play Gin Rummy against a computer that sees only its own cards. Every hand's deck "
                              "is committed to (SHA-256) before play and revealed after it.")
    configure_logging(settings.log_level, settings.log_format)
    app.state.settings = settings
    app.state.store = store or SqlStore(settings.database_url, settings.database_wait_seconds)
    service = GameService(app.state.store)
    errors.install(app)
    app.add_middleware(BodyLimitMiddleware, max_bytes=settings.max_body_bytes)
    if settings.allowed_origins:
        app.add_middleware(CORSMiddleware, allow_origins=settings.allowed_origins,
                           allow_methods=["GET", "POST"], allow_headers=["Authorization", "Content-Type",
                                                                          "If-Match", "Idempotency-Key"],
                           expose_headers=["ETag"])

    @app.get("/healthz", tags=["operations"], summary="The process is alive")
    def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.get("/readyz", tags=["operations"], summary="The database answers",
             responses={503: {"model": Problem, "description": "Database unreachable", "content": {
                 "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}})
    def readyz() -> Any:
        try:
            app.state.store.ping()
        except Exception:
            return problem_response(503, "database_unavailable", "the database does not answer")
        return {"status": "ready"}

    @app.get("/api/rules", tags=["rules"], response_model=RulesResponse, summary="Presets, settings and levels")
    def rules() -> Any:
        return JSONResponse(service.rules())

    @app.post("/api/games", tags=["games"], status_code=201, response_model=GameResponse,
              responses={400: PROBLEMS[400], 422: PROBLEMS[422], 413: PROBLEMS[413]},
              summary="Start a match against the computer")
    def create_game(credentials: Token, request: Annotated[NewGameRequest, Body()] = NewGameRequest()) -> Any:  # noqa: B008
        body = service.create(request, _token(credentials))
        return _game_reply(body["version"], body, status=201)

    @app.get("/api/games/{game_id}", tags=["games"], response_model=GameResponse,
             responses={401: PROBLEMS[401], 422: PROBLEMS[422]}, summary="Your view of the game")
    def get_game(game_id: Annotated[str, _path()], credentials: Token) -> Any:
        version, body = service.view(game_id, _token(credentials))
        return _game_reply(version, body)

    @app.get("/api/games/{game_id}/events", tags=["games"], response_model=EventsResponse,
             responses={401: PROBLEMS[401], 422: PROBLEMS[422]}, summary="The event log as your seat saw it")
    def get_events(game_id: Annotated[str, _path()], credentials: Token,
                   since: Annotated[int, Query(ge=0, le=2**31, description="Events after this seq")] = 0,
                   hand: Annotated[int | None, Query(ge=1, le=10000, description="Only this hand's events")] = None,
                   ) -> Any:
        return JSONResponse(service.events(game_id, _token(credentials), since, hand))

    @app.get("/api/games/{game_id}/hands/{number}", tags=["games"], response_model=HandDealResponse,
             responses={401: PROBLEMS[401], 409: PROBLEMS[409]},
             summary="The deck, salt and commitment of a finished hand (to review or check it)")
    def get_hand_deal(game_id: Annotated[str, _path()], number: Annotated[int, Path(ge=1, le=10000)],
                      credentials: Token) -> Any:
        return JSONResponse(service.hand_deal(game_id, _token(credentials), number))

    @app.get("/api/games/{game_id}/hint", tags=["games"], response_model=HintResponse,
             responses={401: PROBLEMS[401], 409: PROBLEMS[409], 422: PROBLEMS[422]},
             summary="A suggested move for you, and why")
    def get_hint(game_id: Annotated[str, _path()], credentials: Token) -> Any:
        return JSONResponse(service.hint(game_id, _token(credentials)))

    @app.get("/api/players/me/stats", tags=["players"], response_model=StatsResponse,
             responses={401: PROBLEMS[401]}, summary="Your anonymous stats (player token)")
    def stats(credentials: Token) -> Any:
        return JSONResponse(service.stats(_token(credentials)))

    @app.get("/api/players/me/matches", tags=["players"], response_model=MatchListResponse,
             responses={401: PROBLEMS[401], 422: PROBLEMS[422]},
             summary="Your matches, newest first, finished and in progress (player token)")
    def matches(credentials: Token,
                limit: Annotated[int, Query(ge=1, le=100, description="Matches per page")] = 20,
                cursor: Annotated[str | None, Query(description="The next value of the page before; "
                                                                "leave out for the newest matches")] = None,
                ) -> Any:
        return _private(service.matches(_token(credentials), limit, cursor))

    @app.get("/api/players/me/matches/{game_id}", tags=["players"], response_model=MatchDetailResponse,
             responses={401: PROBLEMS[401], 404: PROBLEMS[404], 422: PROBLEMS[422]},
             summary="One of your matches with its score sheet (player token)")
    def match(game_id: Annotated[str, _path()], credentials: Token) -> Any:
        return _private(service.match(_token(credentials), game_id))

    @app.get("/api/players/me/matches/{game_id}/hands/{number}", tags=["players"],
             response_model=MatchHandResponse,
             responses={401: PROBLEMS[401], 404: PROBLEMS[404], 409: PROBLEMS[409], 422: PROBLEMS[422]},
             summary="A finished hand of one of your matches: its deal and events, to review it (player token)")
    def match_hand(game_id: Annotated[str, _path()], number: Annotated[int, Path(ge=1, le=10000)],
                   credentials: Token) -> Any:
        return _private(service.match_hand(_token(credentials), game_id, number))

    def action_route(path: str, summary: str, build: Callable[[int, Any], Action], model: type | None) -> None:
        responses: dict[int | str, dict[str, Any]] = {k: PROBLEMS[k] for k in (400, 401, 409, 412, 413, 422)}

        def run(request: Request, game_id: str, credentials: HTTPAuthorizationCredentials | None,
                if_match: str | None, idempotency_key: str | None, payload: Any, raw: bytes) -> Any:
            version, body, replayed = service.act(
                game_id, _token(credentials), lambda seat: build(seat, payload), if_match, idempotency_key,
                request_fingerprint(request.url.path, raw))
            return _game_reply(version, body, replayed=replayed)

        if model is None:
            @app.post(f"/api/games/{{game_id}}/{path}", tags=["moves"], response_model=GameResponse,
                      responses=responses, summary=summary, name=path)
            async def empty_route(request: Request, game_id: Annotated[str, _path()], credentials: Token,
                                  if_match: IfMatch = None, idempotency_key: IdempotencyKey = None) -> Any:
                raw = await request.body()
                _no_body(raw)
                return await _in_thread(run, request, game_id, credentials, if_match, idempotency_key, None, b"")
        else:
            @app.post(f"/api/games/{{game_id}}/{path}", tags=["moves"], response_model=GameResponse,
                      responses=responses, summary=summary, name=path)
            async def body_route(request: Request, game_id: Annotated[str, _path()], credentials: Token,
                                 payload: Annotated[model, Body()],  # type: ignore[valid-type]
                                 if_match: IfMatch = None, idempotency_key: IdempotencyKey = None) -> Any:
                raw = json.dumps(payload.model_dump(), sort_keys=True).encode()  # type: ignore[attr-defined]
                return await _in_thread(run, request, game_id, credentials, if_match, idempotency_key, payload,
                                        raw)

    action_route("take-upcard", "Take the first upcard", lambda s, _: Action(ActionKind.TAKE_UPCARD, s), None)
    action_route("pass", "Pass the first upcard", lambda s, _: Action(ActionKind.PASS, s), None)
    action_route("draw", "Draw from the stock or the discard pile",
                 lambda s, p: Action(ActionKind.DRAW, s, source=p.source), DrawRequest)
    action_route("discard", "Discard a card",
                 lambda s, p: Action(ActionKind.DISCARD, s, card=parse_card(p.card)), CardRequest)
    action_route("knock", "Knock (or Gin) with this discard",
                 lambda s, p: Action(ActionKind.KNOCK, s, card=parse_card(p.card)), CardRequest)
    action_route("big-gin", "Big Gin: all 11 cards melded (Big Gin rule only)",
                 lambda s, _: Action(ActionKind.BIG_GIN, s), None)
    action_route("next-hand", "Deal the next hand", lambda s, _: Action(ActionKind.NEXT_HAND, s), None)

    @app.middleware("http")
    async def security_headers(request: Request, call_next: Callable[[Request], Any]) -> Response:
        response: Response = await call_next(request)
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        if not request.url.path.startswith(("/docs", "/redoc")):
            response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        return response

    app.add_middleware(RequestIdMiddleware)
    if settings.frontend_dir.is_dir():
        app.router.routes.append(FrontendMount("/", StaticFiles(directory=settings.frontend_dir, html=True),
                                               name="frontend"))
    _document_validation_problems(app)
    return app


def _document_validation_problems(app: FastAPI) -> None:
    """Every route that validates input answers a bad one with a 422 problem+json (errors.install): document
    that, not FastAPI's default HTTPValidationError, which the API never sends."""
    from fastapi.dependencies.utils import get_flat_params
    from fastapi.routing import APIRoute

    for route in app.routes:
        if isinstance(route, APIRoute) and (get_flat_params(route.dependant) or route.body_field is not None):
            route.responses.setdefault(422, PROBLEMS[422])


class FrontendMount(Mount):
    """The browser game at ``/``, except under ``/api/``: there an unknown path must stay a 404 and a known
    path with the wrong method a 405, which a catch-all mount would otherwise answer for."""

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        if scope["type"] == "http" and scope["path"].startswith("/api/"):
            return Match.NONE, {}
        return super().matches(scope)


CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                           "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
                           "frame-ancestors 'none'; form-action 'self'")
"""The page may load only our own scripts, styles and images, and talk only to this server."""
SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}


def _path() -> Any:
    return Path(pattern=GAME_ID, description="The game id returned when the game was created")


def _no_body(raw: bytes) -> None:
    if not raw.strip():
        return
    try:
        value = json.loads(raw)
    except ValueError:  # not JSON (or not UTF-8) at all
        value = ...
    if value != {} and value is not None:  # any spelling of an empty object, such as "{ }", is fine
        raise ApiProblem(422, "validation_error", "this move takes no body (or an empty JSON object)")


async def _in_thread(function: Callable[..., Any], *args: Any) -> Any:
    from starlette.concurrency import run_in_threadpool

    return await run_in_threadpool(function, *args)
