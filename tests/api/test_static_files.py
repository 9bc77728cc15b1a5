"""The browser game's files: compressed as the browser accepts (brotli, gzip), an ETag on each, revalidated on every
use (no-cache, 304), the right types for the manifest and the service worker, and nothing outside the folder."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ginrummy.api.app import create_app
from ginrummy.api.config import DEFAULT_FRONTEND, Settings

BROWSER = "gzip, deflate, br, zstd"
"""What Chromium sends, on loopback as on HTTPS."""


@pytest.fixture
def site(tmp_path: Path) -> Path:
    folder = tmp_path / "site"
    (folder / "js").mkdir(parents=True)
    (folder / "index.html").write_text("<!doctype html><title>t</title>" + "<p>hello</p>" * 200)
    (folder / "js" / "a.js").write_text("export const a = 1;\n" * 100)
    (folder / ".secret").write_text("hidden")
    (tmp_path / "outside.txt").write_text("outside")
    (folder / "link.txt").symlink_to(tmp_path / "outside.txt")
    return folder


def client_for(sqlite_url: str, folder: Path) -> TestClient:
    return TestClient(create_app(Settings(database_url=sqlite_url, frontend_dir=folder)))


@pytest.fixture
def game_site(sqlite_url: str) -> Iterator[TestClient]:
    with client_for(sqlite_url, DEFAULT_FRONTEND) as client:
        yield client


@pytest.mark.parametrize("path", ["/", "/js/main.js", "/css/app.css", "/manifest.webmanifest", "/sw.js"])
def test_text_files_go_compressed_as_the_browser_accepts(game_site: TestClient, path: str) -> None:
    source = DEFAULT_FRONTEND / (path.lstrip("/") or "index.html")
    original = source.read_bytes()
    for accept, encoding in [(BROWSER, "br"), ("gzip", "gzip"), ("br;q=0, gzip", "gzip"), ("identity", None)]:
        response = game_site.get(path, headers={"Accept-Encoding": accept})
        assert response.status_code == 200
        assert response.headers.get("content-encoding") == encoding, accept
        assert response.content == original  # the client decodes brotli and gzip: the bytes are the file's
        sent = int(response.headers["content-length"])
        assert sent < len(original) if encoding else sent == len(original)
        assert response.headers["vary"] == "Accept-Encoding"
        assert "accept-ranges" not in response.headers  # byte ranges of a compressed body would be wrong


def test_brotli_is_smaller_than_gzip_for_the_page_s_modules(game_site: TestClient) -> None:
    sizes = {accept: int(game_site.get("/js/api.js", headers={"Accept-Encoding": accept}).headers["content-length"])
             for accept in ("br", "gzip", "identity")}
    assert sizes["br"] < sizes["gzip"] < sizes["identity"]


def test_every_file_has_an_etag_is_revalidated_and_answers_304_when_unchanged(game_site: TestClient) -> None:
    first = game_site.get("/js/main.js", headers={"Accept-Encoding": BROWSER})
    etag = first.headers["etag"]
    assert etag.startswith('"') and etag.endswith('-br"')
    assert first.headers["cache-control"] == "no-cache"
    again = game_site.get("/js/main.js", headers={"Accept-Encoding": BROWSER, "If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    assert again.headers["etag"] == etag and again.headers["cache-control"] == "no-cache"
    assert "content-security-policy" in again.headers and "x-request-id" in again.headers
    # the same content in another encoding, a weak tag, a list, or *: still current
    identity_tag = game_site.get("/js/main.js", headers={"Accept-Encoding": "identity"}).headers["etag"]
    assert identity_tag != etag
    for tags in (identity_tag, f"W/{etag}", f'"other", {etag}', "*"):
        assert game_site.get("/js/main.js", headers={"If-None-Match": tags}).status_code == 304, tags
    stale = game_site.get("/js/main.js", headers={"If-None-Match": '"0123456789abcdef0123456789abcdef"'})
    assert stale.status_code == 200 and stale.content == (DEFAULT_FRONTEND / "js" / "main.js").read_bytes()
    for path in ("/", "/favicon.svg", "/icons/icon-192.png", "/manifest.webmanifest", "/sw.js"):
        response = game_site.get(path)
        assert response.headers["etag"] and response.headers["cache-control"] == "no-cache", path


def test_a_changed_file_is_served_at_once_with_a_new_etag(sqlite_url: str, site: Path) -> None:
    with client_for(sqlite_url, site) as client:
        before = client.get("/js/a.js", headers={"Accept-Encoding": "gzip"})
        (site / "js" / "a.js").write_text("export const a = 2;\n" * 100)
        os.utime(site / "js" / "a.js", ns=(1, 1))  # a new time whatever the clock's resolution
        after = client.get("/js/a.js", headers={"Accept-Encoding": "gzip", "If-None-Match": before.headers["etag"]})
        assert after.status_code == 200 and after.text.startswith("export const a = 2;")
        assert after.headers["etag"] != before.headers["etag"]


def test_types_of_the_manifest_the_worker_and_the_icons(game_site: TestClient) -> None:
    manifest = game_site.get("/manifest.webmanifest", headers={"Accept-Encoding": BROWSER})
    assert manifest.headers["content-type"] == "application/manifest+json"
    assert json.loads(manifest.content)["display"] == "standalone"
    worker = game_site.get("/sw.js")
    assert worker.headers["content-type"] == "text/javascript; charset=utf-8"
    assert "service-worker-allowed" not in worker.headers  # at the root its scope is the whole site already
    icon = game_site.get("/icons/icon-512.png", headers={"Accept-Encoding": BROWSER})
    assert icon.headers["content-type"] == "image/png"
    assert "content-encoding" not in icon.headers  # PNG is compressed already
    assert icon.content[:8] == b"\x89PNG\r\n\x1a\n"
    page = game_site.get("/")
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    policy = page.headers["content-security-policy"]
    assert "manifest-src 'self'" in policy and "worker-src 'self'" in policy and "script-src 'self'" in policy


def test_head_method_and_paths_outside_the_folder(sqlite_url: str, site: Path) -> None:
    with client_for(sqlite_url, site) as client:
        head = client.head("/", headers={"Accept-Encoding": "gzip"})
        assert head.status_code == 200 and head.content == b""
        whole = client.get("/", headers={"Accept-Encoding": "gzip"})
        assert head.headers["content-length"] == whole.headers["content-length"] and whole.content
        assert client.get("/index.html").text == client.get("/").text
        for path in ("/%2e%2e/outside.txt", "/js/%2e%2e/%2e%2e/outside.txt", "/link.txt", "/.secret", "/js",
                     "/js/", "/nothing.js", "/js/a.js%00"):
            response = client.get(path)
            assert response.status_code == 404, path
            assert "outside" not in response.text and "hidden" not in response.text
        refused = client.post("/js/a.js")
        assert refused.status_code == 405 and refused.headers["allow"] == "GET, HEAD"
        assert client.get("/api/nothing").status_code == 404  # the API's own answer, not a file
        assert client.get("/api/nothing").headers["content-type"] == "application/problem+json"
