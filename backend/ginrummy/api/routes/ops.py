"""For operators and clients alike: liveness, readiness and the catalogue of rules and levels."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import PlainTextResponse

from ginrummy import metrics
from ginrummy.service import catalog

from ..errors import problem_response
from ..schemas import RulesResponse
from .common import problems

router = APIRouter()


@router.get("/healthz", tags=["operations"], summary="The process is alive")
def healthz() -> dict[str, str]:
    return {"status": "ok"}


@router.get("/readyz", tags=["operations"], summary="The database answers", responses=problems(503))
def readyz(request: Request) -> Any:
    try:
        request.app.state.store.ping()
    except Exception:
        return problem_response(503, "database_unavailable", "the database does not answer")
    return {"status": "ready"}


@router.get("/api/rules", tags=["rules"], response_model=RulesResponse, summary="Presets, settings and levels")
def rules() -> Any:
    return catalog()


metrics_router = APIRouter()


@metrics_router.get("/metrics", tags=["operations"], summary="Prometheus metrics (when METRICS_ENABLED)",
                    response_class=PlainTextResponse)
def prometheus() -> Response:
    body, content_type = metrics.render()
    return Response(body, media_type=content_type)
