"""`gin-rummy serve` as `make run` starts it: one log line per request, and a clean stop on SIGINT or SIGTERM."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from services import free_port


def serve(tmp_path: Path) -> tuple[subprocess.Popen[str], str]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "ginrummy.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--database-url", f"sqlite:///{tmp_path / 'games.db'}"],
        env={**os.environ, "LOG_LEVEL": "info", "LOG_FORMAT": "json"}, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        assert process.poll() is None, process.communicate()[0]
        try:
            httpx.get(url + "/readyz", timeout=1)
            return process, url
        except httpx.HTTPError:
            assert time.monotonic() < deadline, "the server did not answer within 30 s"
            time.sleep(0.1)


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_each_request_is_logged_once_and_a_stop_ends_with_status_0(tmp_path: Path, stop: signal.Signals) -> None:
    process, url = serve(tmp_path)
    try:
        for _ in range(3):
            assert httpx.get(url + "/api/rules", headers={"X-Request-ID": "once-each"}).status_code == 200
    finally:
        process.send_signal(stop)
        output, _ = process.communicate(timeout=30)
    assert process.returncode == 0, output
    about_rules = [line for line in output.splitlines() if "/api/rules" in line]
    assert len(about_rules) == 3, output  # the app's own line, not also uvicorn's access line
    for line in about_rules:
        record = json.loads(line)
        assert (record["logger"], record["request_id"], record["status"]) == ("ginrummy.access", "once-each", 200)
