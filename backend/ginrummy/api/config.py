"""Settings, read from the environment (and a ``.env`` file) by pydantic-settings."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_FRONTEND = Path(__file__).resolve().parents[3] / "frontend"
"""In a source checkout the browser game sits at the top of the repository."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    database_url: str = Field("sqlite:///./ginrummy.db", description="SQLAlchemy URL: sqlite:///path or "
                              "postgresql+psycopg://user@host/db")
    allowed_origins: list[str] = Field(default_factory=list, description="Origins allowed by CORS (JSON list)")
    log_level: Literal["debug", "info", "warning", "error"] = "info"
    log_format: Literal["json", "text"] = "json"
    max_body_bytes: int = Field(16_384, ge=256, description="Larger request bodies get 413")
    finished_game_days: float = Field(30, gt=0, description="Finished games are deleted after this many days")
    abandoned_game_days: float = Field(90, gt=0, description="Unfinished games untouched this long are deleted")
    cleanup_interval_seconds: float = Field(3600, gt=0, description="How often the cleanup runs")
    database_wait_seconds: float = Field(60, ge=0, description="How long to wait for the database at startup")
    frontend_dir: Path = Field(DEFAULT_FRONTEND, description="Folder of the browser game served at /")


@lru_cache
def get_settings() -> Settings:
    return Settings()
