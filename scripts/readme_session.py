"""The README's worked API session, made by a real run: each request is sent to the app (in this process, on a
fresh SQLite file) and the answer's key fields are written out under it.

    .venv/bin/python scripts/readme_session.py            # print the session
    .venv/bin/python scripts/readme_session.py --write    # put it into README.md, between its markers

``tests/test_readme_session.py`` reads the session back out of README.md, replays its requests and compares the
answers' key fields, so the README cannot drift from what the server does.
"""

from __future__ import annotations

import json
import shlex
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from http import HTTPStatus
from pathlib import Path
from typing import Any

README = Path(__file__).resolve().parent.parent / "README.md"
START = "<!-- worked session: made by scripts/readme_session.py --write -->"
END = "<!-- end of the worked session -->"
WIDTH = 116


@dataclass(frozen=True)
class Step:
    """One request of the session, and which fields of its answer are shown (the others are elided as …)."""

    method: str
    path: str
    body: dict[str, Any] | None = None
    headers: dict[str, str] = field(default_factory=dict)
    show: tuple[str, ...] = ()
    view: tuple[str, ...] = ()
    status_line: bool = False  # curl -i: the status (and the ETag, if any) above the body


STEPS = (
    Step("POST", "/api/games", {"level": "medium", "seed": 42},
         show=("game_id", "version", "level", "seat_token", "player_token", "view", "events"),
         view=("phase", "turn", "hand", "deadwood", "discard_pile", "stock_count", "commitment", "legal_actions")),
    Step("POST", "/api/games/$ID/pass", headers={"Authorization": "Bearer $TOKEN", "Idempotency-Key": "1f0c"},
         show=("version", "events", "view"), view=("phase", "turn", "legal_actions"), status_line=True),
    Step("POST", "/api/games/$ID/discard", {"card": "KS"}, headers={"Authorization": "Bearer $TOKEN"},
         show=("type", "title", "status", "detail", "code", "legal_actions")),
    Step("POST", "/api/games/$ID/draw", {"source": "stock"}, headers={"Authorization": "Bearer $TOKEN",
                                                                        "If-Match": '"1"'},
         show=("code", "detail", "version"), status_line=True),
    Step("POST", "/api/games/$ID/draw", {"source": "stock"}, headers={"Authorization": "Bearer $TOKEN",
                                                                        "If-Match": '"2"'},
         show=("version", "events", "view"), view=("phase", "hand", "deadwood")),
    Step("POST", "/api/games/$ID/discard", {"card": "KS"}, headers={"Authorization": "Bearer $TOKEN"},
         show=("version", "events", "view"), view=("phase", "turn", "hand", "discard_pile", "stock_count")),
)


# ---- the command line of a step, and back ----

def command_line(step: Step) -> str:
    words = ["curl", "-s"] + (["-i"] if step.status_line else []) + ["-X", step.method, "$B" + step.path]
    line = " ".join(words)
    for name, value in step.headers.items():
        quote = '"' if "$" in value else "'"
        line += f" -H {quote}{name}: {value}{quote}" if quote == '"' else f" -H {shlex.quote(f'{name}: {value}')}"
    if step.body is not None:
        line += " -H 'content-type: application/json' -d " + shlex.quote(json.dumps(step.body))
    return "$ " + line


@dataclass(frozen=True)
class Request:
    method: str
    path: str
    headers: dict[str, str]
    body: Any
    status_line: bool


def parse_command(line: str) -> Request:
    """A ``$ curl ...`` line of the session as the request it sends ($B, $ID and $TOKEN left as they are)."""
    words = shlex.split(line.removeprefix("$ "), posix=True)
    if words[0] != "curl":
        raise ValueError(f"not a curl command: {line}")
    method, path, headers, body, status_line = "GET", "", {}, None, False
    rest = iter(words[1:])
    for word in rest:
        if word == "-X":
            method = next(rest)
        elif word == "-H":
            name, _, value = next(rest).partition(": ")
            if name.lower() != "content-type":
                headers[name] = value
        elif word == "-d":
            body = json.loads(next(rest))
        elif word == "-i":
            status_line = True
        elif word.startswith("$B"):
            path = word.removeprefix("$B")
    return Request(method, path, headers, body, status_line)


def request_of(step: Step) -> Request:
    return Request(step.method, step.path, dict(step.headers), step.body, step.status_line)


# ---- an answer's key fields, written compactly ----

def _value(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _pack(items: list[list[str]], opening: str, column: int) -> list[str]:
    """``opening``, then the items comma-separated, as many to a line as fit in WIDTH, later lines starting at
    ``column``. An item is its lines: the first as it goes on, the others already indented; an item of several
    lines starts a line of its own and ends one."""
    lines: list[str] = []
    line, bare = opening, True
    for index, item in enumerate(items):
        item = [*item[:-1], item[-1] + ("," if index < len(items) - 1 else "")]
        if len(item) == 1 and (bare or len(line) + 1 + len(item[0]) <= WIDTH):
            line, bare = line + ("" if bare else " ") + item[0], False
            continue
        if not bare:
            lines.append(line)
            line = " " * column
        if len(item) == 1:
            line, bare = line + item[0], False
            continue
        lines += [line + item[0], *item[1:-1]]
        line, bare = item[-1], False
    lines.append(line)
    return lines


def _field(name: str, value: Any, column: int) -> list[str]:
    """``"name": value`` starting at ``column``; a list too long for one line is written over several."""
    text = f"{_value(name)}: {_value(value)}"
    if column + len(text) <= WIDTH or not isinstance(value, list):
        return [text]
    opening = f"{_value(name)}: ["
    lines = _pack([[_value(item)] for item in value], opening, column + len(opening))
    lines[-1] += "]"
    return lines


def _object(fields: list[list[str]], elided: bool, opening: str, column: int) -> list[str]:
    lines = _pack([*fields, ["…"]] if elided else fields, opening, column)
    lines[-1] += "}"
    return lines


def answer_text(step: Step, status: int, headers: dict[str, str], body: dict[str, Any]) -> list[str]:
    """The lines shown under a step's command: the status and ETag with -i, then the body's shown fields (tokens
    shortened)."""
    lines = [f"HTTP/1.1 {status} {HTTPStatus(status).phrase}"] if step.status_line else []
    lines += [f"etag: {headers['etag']}"] if step.status_line and "etag" in headers else []
    fields: list[list[str]] = []
    for name in step.show:
        value = body[name]
        if name in ("seat_token", "player_token") and value:
            value = value[:8] + "…"
        if name == "view":
            opening = f"{_value(name)}: {{"
            inner = [_field(key, value[key], 1 + len(opening)) for key in step.view]
            fields.append(_object(inner, len(step.view) < len(value), opening, 1 + len(opening)))
        else:
            fields.append(_field(name, value, 1))
    return lines + _object(fields, len(step.show) < len(body), "{", 1)


# ---- running it ----

class Session:
    """Sends requests to a fresh app; ``$ID`` and ``$TOKEN`` are the first answer's game and seat token."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.names: dict[str, str] = {}

    def send(self, request: Request) -> tuple[int, dict[str, str], dict[str, Any]]:
        def filled(text: str) -> str:
            for name, value in self.names.items():
                text = text.replace(f"${name}", value)
            return text

        response = self.client.request(request.method, filled(request.path), json=request.body,
                                       headers={k: filled(v) for k, v in request.headers.items()})
        body = response.json()
        if not self.names and "game_id" in body:
            self.names = {"ID": body["game_id"], "TOKEN": body["seat_token"]}
        return response.status_code, dict(response.headers), body


def client() -> Iterator[Any]:
    from fastapi.testclient import TestClient

    from ginrummy.api.app import create_app
    from ginrummy.api.config import Settings

    with tempfile.TemporaryDirectory() as folder:
        app = create_app(Settings(database_url=f"sqlite:///{folder}/games.db", log_level="warning"))
        with TestClient(app) as test_client:
            yield test_client


def session_block() -> str:
    """The README's block, from a real run of the steps."""
    lines = ["```console"]
    for test_client in client():
        session = Session(test_client)
        for index, step in enumerate(STEPS):
            if index:
                lines.append("")
            lines.append(command_line(step))
            lines.extend(answer_text(step, *session.send(request_of(step))))
    lines.append("```")
    return "\n".join(lines)


def readme_block(text: str) -> str:
    """The session as README.md has it now (between the markers)."""
    start, end = text.index(START) + len(START), text.index(END)
    return text[start:end].strip("\n")


def main(argv: list[str]) -> int:
    block = session_block()
    if "--write" in argv:
        text = README.read_text(encoding="utf-8")
        start, end = text.index(START) + len(START), text.index(END)
        README.write_text(text[:start] + "\n" + block + "\n" + text[end:], encoding="utf-8")
        print(f"wrote the worked session into {README}")
    else:
        print(block)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
