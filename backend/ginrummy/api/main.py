"""The ASGI entry point: ``uvicorn ginrummy.api.main:create --factory`` (``gin-rummy serve`` does this)."""

from fastapi import FastAPI

from .app import create_app


def create() -> FastAPI:
    return create_app()
