"""The interactive API documentation at /docs: Swagger UI 5 (it reads OpenAPI 3.1) from the fastapi-offline
package's files, so it works offline and under the page's Content-Security-Policy (its start-up script is a file,
not inline)."""

from __future__ import annotations

from pathlib import Path

import fastapi_offline
from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

PAGE = Path(__file__).resolve().parents[1] / "docs_page"
ASSETS = Path(fastapi_offline.__file__).resolve().parent / "static"
router = APIRouter(include_in_schema=False)


@router.get("/docs")
def docs() -> FileResponse:
    return FileResponse(PAGE / "index.html", media_type="text/html")


@router.get("/docs/init.js")
def init() -> FileResponse:
    return FileResponse(PAGE / "init.js", media_type="text/javascript")


def install(app: FastAPI) -> None:
    app.include_router(router)
    app.mount("/docs/assets", StaticFiles(directory=ASSETS), name="docs-assets")
