"""The README's worked session is what the server does: its requests are read out of README.md, sent to a fresh
app, and each answer's key fields must read as the README shows them (the game id and the tokens, new each run,
aside)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import readme_session  # noqa: E402


def readme_steps() -> list[tuple[str, list[str]]]:
    """Each ``$ curl`` line of the README's session, with the answer's lines under it."""
    block = readme_session.readme_block((ROOT / "README.md").read_text(encoding="utf-8"))
    steps: list[tuple[str, list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            steps.append((line, []))
        elif steps and line and line != "```":
            steps[-1][1].append(line)
    return steps


def test_the_readme_session_sends_the_steps_it_was_made_of() -> None:
    steps = readme_steps()
    assert [readme_session.parse_command(line) for line, _ in steps] == [
        readme_session.request_of(step) for step in readme_session.STEPS]


def test_the_readme_session_replayed_gives_the_answers_it_shows() -> None:
    steps = readme_steps()
    assert len(steps) == len(readme_session.STEPS)
    first = "\n".join(steps[0][1])
    shown_id = re.search(r'"game_id": "([^"]+)"', first)
    shown_tokens = re.findall(r'"(?:seat|player)_token": "([^"…]+)…"', first)
    assert shown_id and len(shown_tokens) == 2, first
    for test_client in readme_session.client():
        session = readme_session.Session(test_client)
        for (line, shown), step in zip(steps, readme_session.STEPS, strict=True):
            status, headers, body = session.send(readme_session.parse_command(line))
            answer = "\n".join(readme_session.answer_text(step, status, headers, body))
            if "game_id" in body and body.get("version") == 1:
                actual_tokens = [body["seat_token"][:8], body["player_token"][:8]]
                answer = answer.replace(body["game_id"], shown_id.group(1))
                for actual, readme in zip(actual_tokens, shown_tokens, strict=True):
                    answer = answer.replace(f'"{actual}…"', f'"{readme}…"')
            assert answer == "\n".join(shown), f"{line}\nthe server now answers:\n{answer}"

