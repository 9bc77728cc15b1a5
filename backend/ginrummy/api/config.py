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
    auto_migrate: bool = Field(False, description="Upgrade a database whose schema is behind when the server "
                               "starts (under a lock, once for servers starting together); when false the server "
                               "refuses it and `gin-rummy migrate` upgrades it. An empty database is set up either way")
    idempotency_hours: float = Field(24, gt=0, description="Answers kept for Idempotency-Key requests are deleted "
                                     "after this many hours (by the cleanup); the key then counts as new")
    allowed_hosts: list[str] = Field(default_factory=lambda: ["*"], description="Host names the server answers "
                                     "for (JSON list, e.g. [\"gin.example.org\"]); others get 400. * allows any")
    database_pool_size: int = Field(10, ge=1, description="PostgreSQL: connections each server process keeps open")
    database_max_overflow: int = Field(20, ge=0, description="PostgreSQL: extra connections a process may open "
                                       "under load (processes x (pool + overflow) must stay under max_connections)")
    rate_limit_storage_url: str = Field("memory://", description="Where rate-limit counters live: memory:// (this "
                                        "process) or redis://host:6379/0 (shared by every process and container)")
    redis_url: str | None = Field(None, description="redis://host:6379/0: every move is also told on Redis "
                                  "pub/sub, so that a stream open on any server process on this Redis hears of it "
                                  "at once (on SQLite with several processes; PostgreSQL's LISTEN/NOTIFY does this "
                                  "without it)")
    rate_limit_create: str = Field("20/minute", description="New games (and rematches) per client address, and per "
                                   "player")
    rate_limit_daily: str = Field("10/hour", description="Daily deals dealt (POST /api/daily/play) per client "
                                  "address: each anonymous attempt is a new player's")
    rate_limit_moves: str = Field("20/second", description="Moves per seat of a game, and per client address")
    rate_limit_analyses: str = Field("30/minute", description="Hand analyses (the coach) per client address")
    rate_limit_hints: str = Field("60/minute", description="Hints per client address")
    rate_limit_bad_tokens: str = Field("30/minute", description="Requests with a wrong or missing token (or a wrong "
                                       "invite code) per client address; past it, every request that needs a token "
                                       "is refused for a while")
    max_unfinished_games: int = Field(20, ge=1, description="Unfinished games a player may have at once, in either "
                                      "seat (creating, joining and rematches count)")
    max_streams_per_seat: int = Field(4, ge=1, description="Streams and long polls one seat of a game may hold "
                                      "open at once (in each server process); more get 429")
    max_streams_per_address: int = Field(16, ge=1, description="Streams and long polls one client address may "
                                         "hold open at once (in each server process); more get 429")
    max_streams: int | None = Field(None, ge=1, description="Streams and long polls open at once in a server "
                                    "process; unset: half of LIMIT_CONCURRENCY, so that the rest is kept for "
                                    "other requests")
    limit_concurrency: int = Field(1000, ge=1, description="gin-rummy serve: connections and requests a process "
                                   "handles at once; more are answered 503")
    keep_alive_seconds: float = Field(5, gt=0, description="gin-rummy serve: idle keep-alive connections close "
                                      "after this long")
    max_header_bytes: int = Field(16384, ge=1024, description="gin-rummy serve: largest request head (request "
                                  "line and headers) accepted; larger ones get 431 (behind the proxy, its own limit "
                                  "answers first)")
    header_timeout_seconds: float = Field(10, gt=0, description="gin-rummy serve: a request's head must arrive "
                                          "within this long of the connection opening (or of its first byte); "
                                          "else 408 and the connection closes")
    body_timeout_seconds: float = Field(10, gt=0, description="A request's body must arrive within this long of "
                                        "its head; else 408 and the connection closes")
    metrics_enabled: bool = Field(False, description="Serve Prometheus metrics at /metrics (keep it off the "
                                  "public side: the proxy in docker-compose.yml answers 404 there)")
    docs_enabled: bool = Field(True, description="Serve the interactive API documentation at /docs")
    frontend_dir: Path = Field(DEFAULT_FRONTEND, description="Folder of the browser game served at /")
    seek_offer_seconds: float = Field(20, ge=0, description="Play someone: after this long unpaired, a seek is "
                                      "offered a computer persona of similar strength instead (it stays in the "
                                      "queue until cancelled)")
    seek_window: float = Field(150, ge=0, description="Play someone: the rating gap two seeks are paired across at "
                                "first")
    seek_widen_per_second: float = Field(10, ge=0, description="Play someone: how fast that gap widens for each "
                                         "second a seek has waited")
    public_turn_seconds: int = Field(45, ge=5, le=86_400, description="Play someone: the turn clock of a paired "
                                     "match (the waiting player may claim the match once it has run out)")
    rating_provisional_deviation: float = Field(250, gt=0, description="A rating whose deviation is above this is "
                                                "provisional (shown with '?') and left off the leaderboards (a new "
                                                "player's is 350)")
    public_reserve_seconds: float = Field(120, ge=0, le=86_400, description="Play someone: each player's reserve "
                                          "for a paired match, used up by the seconds its moves take past the turn "
                                          "clock; the claim comes once turn and reserve have both run out")
    rate_limit_handles: str = Field("10/hour", description="Handle changes per client address, and per player")
    rate_limit_seeks: str = Field("30/minute", description="Seeks (play someone) per client address, and per player")


    @property
    def streams_in_all(self) -> int:
        return self.max_streams if self.max_streams is not None else max(1, self.limit_concurrency // 2)


@lru_cache
def get_settings() -> Settings:
    return Settings()
