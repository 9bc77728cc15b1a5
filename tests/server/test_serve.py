"""`gin-rummy serve` as `make run` and the container start it: one log line per request, a clean stop on SIGINT or
SIGTERM, and the limits on what a client may hold: a request's head (size and time), its body's time, and the
streams and long polls open at once."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from services import free_port


def serve(tmp_path: Path, **env: str) -> tuple[subprocess.Popen[str], str]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "ginrummy.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
         "--database-url", f"sqlite:///{tmp_path / 'games.db'}"],
        env={**os.environ, "LOG_LEVEL": "info", "LOG_FORMAT": "json", **env}, stdout=subprocess.PIPE,
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


@pytest.fixture
def served(tmp_path: Path) -> Any:
    """serve(**env): a `gin-rummy serve` process with these settings, stopped after the test."""
    started: list[subprocess.Popen[str]] = []

    def start(**env: str) -> str:
        process, url = serve(tmp_path, **env)
        started.append(process)
        return url

    yield start
    for process in started:
        process.terminate()
        process.communicate(timeout=30)


def raw(url: str, data: bytes, *, wait: float = 10) -> bytes:
    """Send ``data`` on a new connection and read what comes back until the server closes it (or ``wait``)."""
    host, port = url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=wait) as connection:
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            connection.sendall(data)
        received = b""
        try:
            while chunk := connection.recv(65536):
                received += chunk
        except (ConnectionResetError, TimeoutError):
            pass
        return received


def status_of(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/1.1 ") else 0


# ---- the request's head: its size ----

def test_a_head_over_max_header_bytes_gets_431_and_the_connection_closes(served: Any) -> None:
    url = served(MAX_HEADER_BYTES="16384")
    big = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 65536 + b"\r\n\r\n"
    answer = raw(url, big)
    assert status_of(answer) == 431, answer[:200]
    problem = json.loads(answer.split(b"\r\n\r\n", 1)[1])
    assert problem["code"] == "header_too_large" and problem["status"] == 431
    huge = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (8 << 20) + b"\r\n\r\n"
    assert status_of(raw(url, huge)) in (0, 431)  # refused, or the connection cut while the client still sent
    fits = b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Fits: " + b"a" * 12000 + b"\r\n\r\n"
    assert status_of(raw(url, fits)) == 200
    assert httpx.get(url + "/healthz").status_code == 200


# ---- the request's head and body: their time ----

def test_idle_and_slow_connections_are_let_go_of_in_time(served: Any) -> None:
    url = served(HEADER_TIMEOUT_SECONDS="1", BODY_TIMEOUT_SECONDS="1")
    host, port = url.removeprefix("http://").split(":")
    idle = [socket.create_connection((host, int(port)), timeout=10) for _ in range(30)]
    try:
        assert httpx.get(url + "/healthz", timeout=5).status_code == 200  # held connections leave room
        started = time.monotonic()
        for connection in idle:  # sent nothing: answered 408 and closed after the head's time
            received = b""
            while chunk := connection.recv(65536):
                received += chunk
            assert status_of(received) == 408, received[:200]
        assert time.monotonic() - started < 6
    finally:
        for connection in idle:
            connection.close()
    with socket.create_connection((host, int(port)), timeout=10) as slow:  # a head a byte at a time
        started = time.monotonic()
        received = b""
        try:
            for byte in b"GET /healthz HTTP/1.1\r\nHost: xxxxxxxxxxxxxxxxxxxxxxxx\r\n":
                slow.sendall(bytes([byte]))
                time.sleep(0.1)
                if time.monotonic() - started > 5:
                    break
        except (BrokenPipeError, ConnectionResetError):
            pass
        try:
            while chunk := slow.recv(65536):
                received += chunk
        except ConnectionResetError:
            pass
        assert status_of(received) == 408 and time.monotonic() - started < 4, received[:200]
    body_late = raw(url, b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 100\r\n\r\n{\"level\": ", wait=10)
    assert status_of(body_late) == 408, body_late[:300]
    assert json.loads(body_late.split(b"\r\n\r\n", 1)[1])["code"] == "request_timeout"
    assert httpx.post(url + "/api/games", json={}, timeout=10).status_code == 201


# ---- streams and long polls held open ----

def open_stream(client: httpx.Client, game_id: str, token: str) -> Any:
    """A stream held open (its first line read; the reader is kept with it, since a reader let go of closes the
    connection), or the refusal."""
    response = client.send(client.build_request("GET", f"/api/games/{game_id}/stream",
                                                headers={"Authorization": f"Bearer {token}"}), stream=True)
    if response.status_code == 200:
        response.lines = response.iter_lines()
        next(response.lines)
    else:
        response.read()
    return response


def test_open_streams_are_capped_per_seat_and_in_all_leaving_room_for_others(served: Any) -> None:
    url = served(MAX_STREAMS_PER_SEAT="2", LIMIT_CONCURRENCY="24")  # so at most 12 open in all
    created = httpx.post(url + "/api/games", json={}).json()
    game_id, token = created["game_id"], created["seat_token"]
    with httpx.Client(base_url=url, timeout=10) as client:
        held = [open_stream(client, game_id, token) for _ in range(2)]
        assert [r.status_code for r in held] == [200, 200]
        refused = open_stream(client, game_id, token)
        assert refused.status_code == 429 and refused.json()["code"] == "too_many_streams"
        assert int(refused.headers["retry-after"]) >= 1
        held[0].close()
        deadline = time.monotonic() + 5
        while (again := open_stream(client, game_id, token)).status_code != 200 and time.monotonic() < deadline:
            time.sleep(0.2)  # the closed stream gives its place back once the server sees it go
        assert again.status_code == 200
        held[0] = again
        others = [httpx.post(url + "/api/games", json={}).json() for _ in range(11)]
        held += [open_stream(client, g["game_id"], g["seat_token"]) for g in others]
        statuses = [r.status_code for r in held]
        assert statuses.count(200) == 12 and statuses[-1] == 429, statuses  # twelve in all, half the concurrency
        assert held[-1].json()["code"] == "too_many_streams"
        assert httpx.get(url + "/api/rules", timeout=10).status_code == 200  # room left for everyone else
        for response in held:
            response.close()
