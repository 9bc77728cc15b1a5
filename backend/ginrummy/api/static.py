"""The browser game's files at ``/``: each compressed once (brotli and gzip), tagged by its content, and revalidated
on every use.

The cache policy is ``Cache-Control: no-cache`` with a strong ETag (a hash of the file's bytes): a browser keeps
the files, but asks before each use whether they are still current and gets a body-less 304 when they are. So a
deploy is seen at the next load, never a module of the old version next to one of the new. The other way,
content-hashed file names cached for a year, would spare those small revalidations, but the page has no build step:
its ES modules import each other by plain names (``./api.js``), and hashed names would need every import rewritten.

A file is read, hashed and compressed on its first request and kept in memory (the whole game is some 200 KB);
each later request costs one ``stat`` to notice a changed file (its size, time or inode), and a changed file whose
bytes are the same keeps its compressed copies. Nothing is compressed per response.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import os
from dataclasses import dataclass, field
from pathlib import Path

import anyio.to_thread
import brotli  # type: ignore[import-untyped]  # Google's own binding; it ships no type hints
from starlette.types import Receive, Scope, Send

CACHE_CONTROL = b"no-cache"
"""Keep, but revalidate before every use (ETag, 304): no stale module after a deploy; see the module's text."""

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".txt": "text/plain; charset=utf-8",
}
COMPRESSIBLE = ("text/", "application/json", "application/manifest+json", "image/svg+xml")
"""Text compresses to a third or less; PNG images are compressed already."""
ETAG_SUFFIX = {"br": "-br", "gzip": "-gz", "identity": ""}


def content_type(path: Path) -> str:
    return TYPES.get(path.suffix.lower()) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"


@dataclass
class File:
    """One file as it is served: its bytes in each encoding a browser may take, and the hash of its content."""

    stamp: tuple[int, int, int]
    """The file's size, modification time and inode when it was read: a change of any means read it again."""
    digest: str
    media_type: str
    bodies: dict[str, bytes] = field(default_factory=dict)
    """identity, and gzip and br where they are smaller."""

    def etag(self, encoding: str) -> bytes:
        # each encoding is its own representation, so it has its own strong tag (RFC 9110 8.8.3)
        return f'"{self.digest}{ETAG_SUFFIX[encoding]}"'.encode()


def load(path: Path, stamp: tuple[int, int, int], known: File | None) -> File:
    """Read a file and compress it, unless ``known`` holds the same bytes (then its compressed copies are kept)."""
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()[:32]
    if known is not None and known.digest == digest:
        return File(stamp, digest, known.media_type, known.bodies)
    media_type = content_type(path)
    bodies = {"identity": data}
    if media_type.startswith(COMPRESSIBLE):
        mode = brotli.MODE_TEXT if media_type.startswith("text/") else brotli.MODE_GENERIC
        compressed: dict[str, bytes] = {"gzip": gzip.compress(data, compresslevel=9, mtime=0),
                                        "br": brotli.compress(data, quality=11, mode=mode)}
        bodies.update((name, body) for name, body in compressed.items() if len(body) < len(data))
    return File(stamp, digest, media_type, bodies)


def accepted(header: str) -> set[str]:
    """The encodings an Accept-Encoding header allows (those with q > 0; ``*`` allows any)."""
    names = set()
    for item in header.split(","):
        name, _, params = item.strip().partition(";")
        quality = params.strip()
        if quality.startswith("q="):
            try:
                if float(quality[2:]) <= 0:
                    continue
            except ValueError:
                continue
        if name.strip():
            names.add(name.strip().lower())
    if "*" in names:
        names |= {"br", "gzip"}
    return names


def matches(if_none_match: str, file: File) -> bool:
    """If-None-Match names this content, in any encoding (weak comparison, RFC 9110 13.1.2)."""
    if if_none_match.strip() == "*":
        return True
    for tag in if_none_match.split(","):
        opaque = tag.strip().removeprefix("W/").strip('"')
        if opaque in (f"{file.digest}{suffix}" for suffix in ETAG_SUFFIX.values()):
            return True
    return False


class FrontendFiles:
    """An ASGI app serving a folder's files for GET and HEAD, ``index.html`` for a folder's own path."""

    def __init__(self, directory: Path) -> None:
        self.root = Path(os.path.realpath(directory))
        self.files: dict[Path, File] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["method"] not in ("GET", "HEAD"):
            await self._plain(send, 405, b"Method Not Allowed", [(b"allow", b"GET, HEAD")])
            return
        path = self._find(scope)
        if path is None:
            await self._plain(send, 404, b"Not Found")
            return
        try:
            file = await self._file(path)
        except OSError:  # gone since it was found
            await self._plain(send, 404, b"Not Found")
            return
        headers = dict(scope.get("headers", []))
        allowed = accepted(headers.get(b"accept-encoding", b"").decode("latin-1"))
        encoding = next((name for name in ("br", "gzip") if name in allowed and name in file.bodies), "identity")
        common = [(b"etag", file.etag(encoding)), (b"cache-control", CACHE_CONTROL)]
        if len(file.bodies) > 1:
            common.append((b"vary", b"Accept-Encoding"))
        if matches(headers.get(b"if-none-match", b"").decode("latin-1"), file):
            await send({"type": "http.response.start", "status": 304, "headers": common})
            await send({"type": "http.response.body", "body": b""})
            return
        body = file.bodies[encoding]
        head = [(b"content-type", file.media_type.encode()), (b"content-length", str(len(body)).encode()), *common]
        if encoding != "identity":
            head.append((b"content-encoding", encoding.encode()))
        await send({"type": "http.response.start", "status": 200, "headers": head})
        await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body})

    def _find(self, scope: Scope) -> Path | None:
        """The file a request's path names inside the folder, or None: no way out of it (``..``, links), and no
        hidden files."""
        path: str = scope["path"]
        root_path: str = scope.get("root_path", "")
        if root_path and path.startswith(root_path):
            path = path[len(root_path):]
        parts = [part for part in path.split("/") if part]
        if any(part.startswith(".") or "\\" in part or "\x00" in part for part in parts):
            return None
        if path.endswith("/") or not parts:
            parts.append("index.html")
        found = Path(os.path.realpath(self.root.joinpath(*parts)))
        if not found.is_relative_to(self.root) or not found.is_file():
            return None
        return found

    async def _file(self, path: Path) -> File:
        status = path.stat()
        stamp = (status.st_size, status.st_mtime_ns, status.st_ino)
        known = self.files.get(path)
        if known is None or known.stamp != stamp:
            # reading and compressing (brotli at its best takes tens of ms for the page) stays off the event loop
            known = await anyio.to_thread.run_sync(load, path, stamp, known)
            self.files[path] = known
        return known

    @staticmethod
    async def _plain(send: Send, status: int, text: bytes, extra: list[tuple[bytes, bytes]] | None = None) -> None:
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                (b"content-length", str(len(text)).encode()), *(extra or [])]})
        await send({"type": "http.response.body", "body": text})
