"""The API is enough to write a bot: two programs that know nothing of the server's code but its API play a
whole match against each other through a real server process, one of them our own level, the other the example
in ``examples/bot.py``."""

from __future__ import annotations

import re
import subprocess
import sys
import time
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


def test_two_bot_accounts_play_a_rated_match_through_the_queue_and_a_person_waiting_is_never_paired_with_them(
        sqlite_url: str, start_server: Callable[..., Any]) -> None:
    import httpx

    server = start_server(sqlite_url)
    person = httpx.post(server.url + "/api/players", timeout=30).json()["player_token"]
    auth = {"Authorization": f"Bearer {person}"}
    waiting = httpx.post(server.url + "/api/seeks", json={"rated": True}, headers=auth, timeout=30).json()
    assert waiting["status"] == "waiting" and waiting["pool"] == "people"
    bots = [subprocess.Popen([sys.executable, "-m", "ginrummy.cli", "bot", "--seek", server.url, "--level", "simple"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(2)]
    outs = [bot.communicate(timeout=300) for bot in bots]
    assert all(bot.returncode == 0 for bot in bots), [err for _, err in outs]
    verdicts = [re.search(r"match 1: simple (won|lost) (\d+)-(\d+); rating (\d+) ± (\d+)", out) for out, _ in outs]
    assert all(verdicts), outs
    assert sorted(v.group(1) for v in verdicts if v) == ["lost", "won"]
    ratings = {v.group(1): int(v.group(4)) for v in verdicts if v}
    assert ratings["won"] > 1500 > ratings["lost"], ratings
    # The person's seek waited through it all, with nobody of its pool to meet.
    still = httpx.get(f"{server.url}/api/seeks/{waiting['seek_id']}", headers=auth, timeout=30).json()
    assert still["status"] in ("waiting", "offer_computer") and still["game_id"] is None
    tokens = [re.search(r"bot account: (\S+)", out) for out, _ in outs]
    for token in tokens:
        assert token is not None
        me = httpx.get(server.url + "/api/players/me", headers={"Authorization": f"Bearer {token.group(1)}"},
                       timeout=30).json()
        assert me["is_bot"] and me["pool"] == "bots" and me["rating"]["matches"] == 1


def test_the_example_bot_seeks_and_plays_a_rated_match_against_our_level(sqlite_url: str,
                                                                          start_server: Callable[..., Any]) -> None:
    server = start_server(sqlite_url)
    ours = subprocess.Popen([sys.executable, "-m", "ginrummy.cli", "bot", "--seek", server.url, "--level", "simple"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    example = subprocess.run([sys.executable, str(ROOT / "examples" / "bot.py"), "--seek", server.url],
                             capture_output=True, text=True, timeout=300)
    out, err = ours.communicate(timeout=60)
    assert example.returncode == 0 and ours.returncode == 0, (example.stderr, err)
    mine = re.search(r"match 1: simple (won|lost) (\d+)-(\d+)", out)
    theirs = re.search(r"match over: (won|lost) (\d+)-(\d+)", example.stdout)
    assert mine is not None and theirs is not None, (out, example.stdout)
    assert mine.group(1) != theirs.group(1) and (mine.group(2), mine.group(3)) == (theirs.group(3), theirs.group(2))
    assert "bot account: " in example.stdout


def test_two_bots_play_the_daily_deal_and_are_listed_as_bots_on_its_leaderboard(
        sqlite_url: str, start_server: Callable[..., Any]) -> None:
    server = start_server(sqlite_url)
    from ginrummy.service.daily import TODAYS_BOARD_SECONDS

    runs = []
    for level in ("simple", "medium"):
        runs.append(subprocess.run([sys.executable, "-m", "ginrummy.cli", "bot", "--daily", server.url, "--level",
                                    level], capture_output=True, text=True, timeout=300))
        time.sleep(TODAYS_BOARD_SECONDS)  # today's board is worked out again at most this often
    assert all(run.returncode == 0 for run in runs), [run.stderr for run in runs]
    last = runs[1].stdout
    assert re.search(r"\(medium\) (won|lost) \d+-\d+ against the computer; 2 players so far", last), last
    rows = re.findall(r"^\s+(\d+)\s+(.+?)\s+bot\s+([+-]\d+)\s+(won|lost)$", last, re.M)
    assert [int(rank) for rank, *_ in rows] == [1, 2], last
    points = [int(p) for _, _, p, _ in rows]
    assert points == sorted(points, reverse=True), "ranked by points against the computer"
    # Each played the same first deal (the day's): the second bot may not play again today.
    token = re.search(r"bot account: (\S+)", runs[1].stdout)
    assert token is not None
    assert f"--player-token={token.group(1)})" in runs[1].stdout, "how to reuse it, safe for a token opening with -"
    again = subprocess.run([sys.executable, "-m", "ginrummy.cli", "bot", "--daily", server.url,
                            f"--player-token={token.group(1)}"], capture_output=True, text=True, timeout=60)
    assert again.returncode != 0 and "daily_played" in again.stderr


def test_both_bots_let_an_idle_connection_go_before_the_server_closes_it() -> None:
    """A request sent down a keep-alive connection at the moment the server closes it fails ("server disconnected
    without sending a response"): the bots keep an idle connection for less time than the server does."""
    from ginrummy.api.config import Settings
    from ginrummy.bot import IDLE_CONNECTION_SECONDS

    server_keeps = Settings.model_fields["keep_alive_seconds"].default
    assert server_keeps > IDLE_CONNECTION_SECONDS
    example = re.search(r"keepalive_expiry=([\d.]+)", (ROOT / "examples" / "bot.py").read_text())
    assert example is not None and float(example.group(1)) < server_keeps
