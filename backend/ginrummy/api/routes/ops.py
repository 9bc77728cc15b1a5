"""For operators and clients alike: liveness, readiness and the catalogue of rules, levels and personas."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import PlainTextResponse

from ginrummy import metrics
from ginrummy.service import catalog

from ..actions import catalog_of_actions
from ..errors import problem_response
from ..schemas import RulesResponse
from .common import problems

router = APIRouter()
RETRY = {"Retry-After": "2"}


@router.get("/healthz", tags=["operations"], summary="The process is alive")
def healthz() -> dict[str, str]:
    return {"status": "ok"}


@router.get("/readyz", tags=["operations"], responses=problems(503),
            summary="The database answers: ready, or degraded (with the reasons) while a part it can do without "
                    "does not")
def readyz(request: Request) -> Any:
    try:
        request.app.state.store.ping()
    except Exception:
        return problem_response(503, "database_unavailable", "the database does not answer", headers=RETRY)
    reasons = [reason for part in request.app.state.parts if (reason := part.reason()) is not None]
    return {"status": "degraded", "reasons": reasons} if reasons else {"status": "ready"}


@router.get("/api/rules", tags=["rules"], response_model=RulesResponse,
            summary="Presets, settings, the computer's levels and personas and the moves' routes")
def rules() -> Any:
    return {**catalog(), "actions": catalog_of_actions()}


metrics_router = APIRouter()


@metrics_router.get("/metrics", tags=["operations"], summary="Prometheus metrics (when METRICS_ENABLED)",
                    response_class=PlainTextResponse)
def prometheus() -> Response:
    body, content_type = metrics.render()
    return Response(body, media_type=content_type)
