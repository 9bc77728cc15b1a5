"""``gin-rummy serve``: the game server (API and browser game), under uvicorn."""

from __future__ import annotations

import argparse


def _serve(args: argparse.Namespace) -> int:
    import os
    import signal
    import tempfile

    import uvicorn

    from ginrummy.api.config import Settings

    if args.database_url:
        os.environ["DATABASE_URL"] = args.database_url
    settings = Settings()
    if settings.metrics_enabled and args.workers > 1 and not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        # Every worker writes its figures to one folder, which /metrics adds up (prometheus-client's multiprocess
        # mode); the folder must be new and empty.
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="ginrummy-metrics-")
    # uvicorn stops cleanly on SIGINT and SIGTERM, then raises the signal again for the handler it found there:
    # with these, a stop that was asked for ends the process with status 0 rather than as killed by the signal.
    for stop in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop, lambda *_: None)
    # The client's address comes from X-Forwarded-For only when the proxy's address is in FORWARDED_ALLOW_IPS
    # (uvicorn reads it; 127.0.0.1 when unset). The app logs each request once itself (with its request id), so
    # uvicorn's own access line is off.
    uvicorn.run("ginrummy.api.main:create", factory=True, host=args.host, port=args.port, workers=args.workers,
                log_level=os.environ.get("LOG_LEVEL", "info"), timeout_graceful_shutdown=10, server_header=False,
                limit_concurrency=settings.limit_concurrency, timeout_keep_alive=int(settings.keep_alive_seconds),
                h11_max_incomplete_event_size=settings.max_header_bytes, proxy_headers=True, access_log=False,
                http="ginrummy.api.protocol:GuardedHttpToolsProtocol")
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    serve = sub.add_parser("serve", help="run the game server (API and browser game)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=1, help="server processes (share one database)")
    serve.add_argument("--database-url", default=None, help="overrides DATABASE_URL (default: SQLite file)")
    serve.set_defaults(run=_serve)
