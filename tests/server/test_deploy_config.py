"""The deployment files: docker-compose.yml (proxy, app replicas, PostgreSQL, Redis) and deploy/Caddyfile.

The compose file is read with PyYAML and its ``${VAR:-default}`` values resolved as compose would; nothing is
started (no container engine here). Where a ``caddy`` binary is on PATH (Debian's package: ``apt-get install
caddy``), the Caddyfile is also validated and adapted by it, and a Caddy is run in front of stub replicas to
check what it does to requests; without one those tests are skipped, saying so, and the rest still run.
"""

from __future__ import annotations

import http.client
import ipaddress
import json
import os
import re
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "docker-compose.yml"
CADDYFILE = ROOT / "deploy" / "Caddyfile"
NO_CADDY = "caddy is not on PATH (apt-get install caddy): the Caddyfile is not validated or run by Caddy here"


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    loaded = yaml.safe_load(COMPOSE.read_text())
    assert isinstance(loaded, dict)
    return loaded


def interpolate(value: str, env: dict[str, str] | None = None) -> str:
    """Compose's ``${VAR}``, ``${VAR:-default}`` and ``${VAR-default}``, against ``env`` (empty by default)."""
    env = env or {}

    def one(match: re.Match[str]) -> str:
        name, operator, default = match.group(1), match.group(2), match.group(3) or ""
        if operator == ":-":
            return env.get(name) or default
        if operator == "-":
            return env.get(name, default)
        return env.get(name, "")

    return re.sub(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?-)([^}]*))?\}", one, value)


def environment(service: dict[str, Any], env: dict[str, str] | None = None) -> dict[str, str]:
    raw = service.get("environment", {})
    if isinstance(raw, list):
        raw = dict(item.split("=", 1) for item in raw)
    return {key: interpolate(str(value), env) for key, value in raw.items()}


def healthcheck_command(service: dict[str, Any]) -> str:
    test = service["healthcheck"]["test"]
    return test if isinstance(test, str) else " ".join(test)


# ---- docker-compose.yml ----

def test_services(compose: dict[str, Any]) -> None:
    assert set(compose["services"]) >= {"proxy", "app", "db", "redis"}
    assert compose["name"] == "ginrummy"  # the replicas' container names (ginrummy-app-N) depend on it


def test_app_publishes_no_port_and_can_scale(compose: dict[str, Any]) -> None:
    app = compose["services"]["app"]
    assert "ports" not in app, "only the proxy publishes ports; the replicas are reached on the compose network"
    assert "container_name" not in app, "a fixed container name would stop --scale"
    assert "network_mode" not in app
    assert [str(port) for port in app.get("expose", [])] == ["8000"]


def test_app_environment(compose: dict[str, Any]) -> None:
    app = compose["services"]["app"]
    env = environment(app)
    assert env["DATABASE_URL"] == "postgresql+psycopg://ginrummy:ginrummy@db:5432/ginrummy"
    assert env["WORKERS"] == "1"
    assert environment(app, {"WORKERS": "4"})["WORKERS"] == "4"
    assert env["RATE_LIMIT_STORAGE_URL"] == "redis://redis:6379/0"
    assert "DATABASE_WAIT_SECONDS" in env
    # uvicorn (proxy headers on by default) reads FORWARDED_ALLOW_IPS: trust the compose network's private
    # ranges, where the proxy is, and nothing public.
    trusted = env["FORWARDED_ALLOW_IPS"].split(",")
    assert trusted and "*" not in trusted
    for network in trusted:
        assert ipaddress.ip_network(network).is_private, network
    assert app["depends_on"]["db"]["condition"] == "service_healthy"
    assert app["depends_on"]["redis"]["condition"] == "service_healthy"


def test_proxy_service(compose: dict[str, Any]) -> None:
    proxy = compose["services"]["proxy"]
    assert proxy["image"] in ("caddy:2", "docker.io/library/caddy:2")
    mounts = proxy["volumes"]
    assert "./deploy/Caddyfile:/etc/caddy/Caddyfile:ro" in mounts
    named = {mount.split(":")[0]: mount.split(":")[1] for mount in mounts if not mount.startswith(".")}
    assert named.get("caddy-data") == "/data", "certificates must outlive the container"
    targets = {interpolate(str(port)).split(":", 1)[1] for port in proxy["ports"]}
    assert targets == {"80", "443", "443/udp"}
    assert interpolate(str(proxy["ports"][0])) == "8000:80"  # trials: http://localhost:8000
    assert proxy["depends_on"]["app"]["condition"] in ("service_started", "service_healthy")
    assert "wget" in healthcheck_command(proxy)  # busybox wget is in the caddy image; curl is not


def test_proxy_environment(compose: dict[str, Any]) -> None:
    proxy = compose["services"]["proxy"]
    trial = environment(proxy)
    assert trial["SITE_ADDRESS"] == ":80", "no DOMAIN: plain HTTP, no HSTS"
    assert environment(proxy, {"DOMAIN": "games.example.com"})["SITE_ADDRESS"] == "games.example.com"
    slots = trial["APP_UPSTREAMS"].split()
    assert slots == [f"ginrummy-app-{n}:8000" for n in range(1, len(slots) + 1)] and len(slots) >= 3
    assert int(trial["PROXY_MAX_BODY_BYTES"]) >= 16384  # never below the app's own MAX_BODY_BYTES default
    assert int(trial["PROXY_MAX_BODY_BYTES"]) <= 65536


def test_redis_service(compose: dict[str, Any]) -> None:
    redis = compose["services"]["redis"]
    assert redis["image"] in ("redis:7", "docker.io/library/redis:7")
    assert "redis-cli ping" in healthcheck_command(redis)
    assert any(str(mount).endswith(":/data") for mount in redis["volumes"])
    assert "ports" not in redis


def test_db_unchanged(compose: dict[str, Any]) -> None:
    db = compose["services"]["db"]
    assert db["image"] == "docker.io/library/postgres:16"
    assert "pg_isready" in healthcheck_command(db)
    assert "pgdata:/var/lib/postgresql/data" in db["volumes"]
    assert "ports" not in db


def test_named_volumes_declared(compose: dict[str, Any]) -> None:
    used = {
        str(mount).split(":")[0]
        for service in compose["services"].values()
        for mount in service.get("volumes", [])
        if not str(mount).startswith((".", "/"))
    }
    assert used == set(compose["volumes"])
    assert used >= {"pgdata", "redisdata", "caddy-data"}


# ---- deploy/Caddyfile, as text (whether or not caddy is installed) ----

def test_caddyfile_covers_the_requirements() -> None:
    text = CADDYFILE.read_text()
    lines = [line.split("#", 1)[0].strip() for line in text.splitlines()]
    config = "\n".join(line for line in lines if line)
    for needle in (
        "{$SITE_ADDRESS::80} {",
        "@metrics path /metrics /metrics/*",
        "respond @metrics 404",
        "max_size {$PROXY_MAX_BODY_BYTES:20480}",
        "header -Server",
        "header_down -Server",
        "@https protocol https",
        'header @https Strict-Transport-Security "max-age=31536000"',
        "@no_request_id header !X-Request-ID",
        "request_header @no_request_id X-Request-ID {http.request.uuid}",
        "reverse_proxy {$APP_UPSTREAMS:127.0.0.1:8000} {",
        "health_uri /readyz",
        "read_header 10s",
        "read_body 30s",
        "idle 60s",
        "max_header_size 8KiB",
    ):
        assert needle in config, needle
    assert "trusted_proxies" not in config, "a client's own X-Forwarded-For must not be trusted"


# ---- with a caddy binary ----

def caddy_env(tmp_path: Path, **values: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("SITE_", "APP_", "PROXY_"))}
    env.update(XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"), HOME=str(tmp_path))
    env.update(values)
    return env


def caddy_binary() -> str:
    binary = shutil.which("caddy")
    if binary is None:
        pytest.skip(NO_CADDY)
    return binary


@pytest.mark.parametrize("site", [":80", "games.example.com"])
def test_caddy_validates(site: str, tmp_path: Path) -> None:
    caddy = caddy_binary()
    result = subprocess.run(
        [caddy, "validate", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
        env=caddy_env(tmp_path, SITE_ADDRESS=site, APP_UPSTREAMS="ginrummy-app-1:8000 ginrummy-app-2:8000"),
        capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Valid configuration" in result.stdout + result.stderr


def adapt(tmp_path: Path, **values: str) -> dict[str, Any]:
    result = subprocess.run(
        [caddy_binary(), "adapt", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
        env=caddy_env(tmp_path, **values), capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0, result.stderr
    adapted = json.loads(result.stdout)
    assert isinstance(adapted, dict)
    return adapted


def handlers(node: Any) -> Iterator[dict[str, Any]]:
    """Every handler object anywhere in the adapted JSON, with the matchers of its route."""
    if isinstance(node, dict):
        if "handle" in node:
            for handler in node["handle"]:
                yield {**handler, "_match": node.get("match", [])}
        for value in node.values():
            yield from handlers(value)
    elif isinstance(node, list):
        for value in node:
            yield from handlers(value)


def test_caddy_adapts_with_a_domain(tmp_path: Path) -> None:
    adapted = adapt(tmp_path, SITE_ADDRESS="games.example.com",
                    APP_UPSTREAMS="ginrummy-app-1:8000 ginrummy-app-2:8000 ginrummy-app-3:8000")
    server = adapted["apps"]["http"]["servers"]["srv0"]
    assert server["listen"] == [":443"]  # automatic HTTPS: Caddy adds the :80 redirect itself
    assert "automatic_https" not in server or not server["automatic_https"].get("disable")
    assert server["read_header_timeout"] == 10 * 10**9
    assert server["read_timeout"] == 30 * 10**9
    assert server["idle_timeout"] == 60 * 10**9
    assert server["max_header_bytes"] == 8192
    found = list(handlers(server["routes"]))
    hsts = [h for h in found if h["handler"] == "headers" and "Strict-Transport-Security" in
            h.get("response", {}).get("set", {})]
    assert hsts and hsts[0]["_match"] == [{"protocol": "https"}]
    proxy = next(h for h in found if h["handler"] == "reverse_proxy")
    assert [u["dial"] for u in proxy["upstreams"]] == [f"ginrummy-app-{n}:8000" for n in (1, 2, 3)]
    assert proxy["health_checks"]["active"]["uri"] == "/readyz"
    assert proxy["health_checks"]["active"]["expect_status"] == 200
    assert proxy["headers"]["response"]["delete"] == ["Server"]
    metrics = next(h for h in found if h["handler"] == "static_response" and h.get("status_code") == 404)
    assert metrics["_match"] == [{"path": ["/metrics", "/metrics/*"]}]
    body = next(h for h in found if h["handler"] == "request_body")
    assert body["max_size"] == 20480


def test_caddy_adapts_without_a_domain(tmp_path: Path) -> None:
    adapted = adapt(tmp_path)  # SITE_ADDRESS unset: the Caddyfile's own default, :80
    server = adapted["apps"]["http"]["servers"]["srv0"]
    assert server["listen"] == [":80"]
    assert "tls" not in adapted["apps"] or not adapted["apps"]["tls"].get("automation")


# ---- a real Caddy in front of stub replicas ----

@dataclass
class Stub:
    ready: bool
    seen: list[dict[str, str]] = field(default_factory=list)
    server: ThreadingHTTPServer | None = None

    @property
    def port(self) -> int:
        assert self.server is not None
        return self.server.server_address[1]

    def app_requests(self) -> list[dict[str, str]]:
        return [s for s in self.seen if s["path"] != "/readyz"]


def start_stub(stub: Stub) -> None:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def reply(self) -> None:
            if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
                while (size := int(self.rfile.readline().strip() or b"0", 16)) > 0:
                    self.rfile.read(size + 2)
                self.rfile.readline()
            else:
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
            stub.seen.append({"path": self.path, **{k.lower(): v for k, v in self.headers.items()}})
            status = 503 if self.path == "/readyz" and not stub.ready else 200
            body = json.dumps({"port": stub.port}).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Server", "uvicorn")
            self.end_headers()
            self.wfile.write(body)

        do_GET = do_POST = reply

        def log_message(self, *args: Any) -> None:
            pass

    stub.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=stub.server.serve_forever, daemon=True).start()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def request(port: int, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None,
            chunked: bool = False) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request(method, path, body=body, headers=headers or {}, encode_chunked=chunked)
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[tuple[int, list[Stub]]]:
    """Caddy with deploy/Caddyfile on a free port, in front of two ready stubs and one whose /readyz is 503."""
    caddy = caddy_binary()
    stubs = [Stub(ready=True), Stub(ready=True), Stub(ready=False)]
    for stub in stubs:
        start_stub(stub)
    port = free_port()
    env = caddy_env(tmp_path, SITE_ADDRESS=f":{port}", CADDY_ADMIN=f"localhost:{free_port()}",
                    APP_UPSTREAMS=" ".join(f"127.0.0.1:{stub.port}" for stub in stubs))
    log = (tmp_path / "caddy.log").open("w")
    process = subprocess.Popen([caddy, "run", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
                               env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), 1).close()
                break
            except OSError:
                assert process.poll() is None, (tmp_path / "caddy.log").read_text()
                assert time.monotonic() < deadline, "caddy did not listen within 30 s"
                time.sleep(0.1)
        # wait for the first round of active health checks to have put the unready stub out
        deadline = time.monotonic() + 20
        while not any(s["path"] == "/readyz" for s in stubs[2].seen) and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(0.3)
        yield port, stubs
    finally:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()
        for stub in stubs:
            assert stub.server is not None
            stub.server.shutdown()
            stub.server.server_close()


@pytest.mark.timeout(120)
def test_caddy_in_front_of_stub_replicas(proxied: tuple[int, list[Stub]]) -> None:
    port, stubs = proxied
    for stub in stubs:
        stub.seen.clear()

    # spread over the ready replicas only; /readyz decides
    for n in range(12):
        status, headers, _ = request(port, "GET", f"/api/rules?n={n}")
        assert status == 200
        assert "server" not in headers, headers
        assert "strict-transport-security" not in headers  # plain HTTP: no HSTS
    counts = [len(stub.app_requests()) for stub in stubs]
    assert counts[0] > 0 and counts[1] > 0 and counts[2] == 0, counts
    assert sum(counts) == 12

    # X-Forwarded-For from the connection, not from the client; X-Request-ID kept, or made
    seen_before = [len(stub.seen) for stub in stubs]
    request(port, "GET", "/api/rules?xff", headers={"X-Forwarded-For": "203.0.113.9", "X-Request-ID": "trace-1"})
    request(port, "GET", "/api/rules?rid")
    new = [s for stub, before in zip(stubs, seen_before, strict=True) for s in stub.seen[before:]
           if s["path"].startswith("/api/rules")]
    xff = next(s for s in new if s["path"].endswith("xff"))
    assert xff["x-forwarded-for"] == "127.0.0.1"
    assert xff["x-forwarded-proto"] == "http"
    assert xff["x-request-id"] == "trace-1"
    made = next(s for s in new if s["path"].endswith("rid"))["x-request-id"]
    assert re.fullmatch(r"[0-9a-f-]{36}", made), made

    # /metrics is never proxied, however it is spelt
    for path in ("/metrics", "/metrics/", "/METRICS", "/%6detrics", "/metrics?format=prometheus"):
        status, headers, _ = request(port, "GET", path)
        assert status == 404, path
        assert "server" not in headers
    assert not any("etrics" in s["path"].lower() for stub in stubs for s in stub.seen)

    # bodies: up to the limit through, above it 413 from the proxy (declared or chunked)
    seen_before = [len(stub.seen) for stub in stubs]
    status, _, _ = request(port, "POST", "/api/games", body=b"x" * 20000, headers={"Content-Type": "text/plain"})
    assert status == 200
    status, headers, _ = request(port, "POST", "/api/games", body=b"x" * 65536)
    assert status == 413 and "server" not in headers
    status, headers, _ = request(port, "POST", "/api/games", body=iter([b"x" * 8192] * 8), chunked=True)
    assert status == 413 and "server" not in headers
    assert sum(len(stub.app_requests()) - before for stub, before in zip(stubs, seen_before, strict=True)) <= 2

    # headers: a few KiB are fine, 20 KB of them are not
    assert request(port, "GET", "/readyz", headers={"X-Big": "b" * 6000})[0] == 200
    assert request(port, "GET", "/readyz", headers={"X-Big": "b" * 20000})[0] == 431
