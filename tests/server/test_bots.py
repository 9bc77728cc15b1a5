"""The API is enough to write a bot: two programs that know nothing of the server's code but its API play a
whole match against each other through a real server process, one of them our own level, the other the example
in ``examples/bot.py``."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def test_our_level_and_the_example_bot_play_a_match_through_the_api(sqlite_url: str,
                                                                     start_server: Callable[..., Any]) -> None:
    server = start_server(sqlite_url)
    creator = subprocess.Popen([sys.executable, "-m", "ginrummy.cli", "bot", "--create", server.url, "--level",
                                "simple", "--target", "30", "--deal-after", "0.5"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert creator.stdout is not None
    first = creator.stdout.readline()
    link = re.search(r"(http://\S+/#/join/\S+)", first)
    assert link is not None, first
    example = subprocess.run([sys.executable, str(ROOT / "examples" / "bot.py"), link.group(1)],
                             capture_output=True, text=True, timeout=300)
    out, err = creator.communicate(timeout=60)
    assert example.returncode == 0 and creator.returncode == 0, (example.stderr, err)
    ours = re.search(r"simple (won|lost) (\d+)-(\d+) in (\d+) hands, (\d+) moves", out)
    theirs = re.search(r"match over: (won|lost) (\d+)-(\d+)", example.stdout)
    assert ours is not None and theirs is not None, (out, example.stdout)
    assert ours.group(1) != theirs.group(1), "one of the two won"
    assert (ours.group(2), ours.group(3)) == (theirs.group(3), theirs.group(2)), "they agree on the score"
    assert int(ours.group(5)) > 0 and "joined" in example.stdout
