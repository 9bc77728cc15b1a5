"""The bench's servers: uvicorn processes started on free ports (the game's, with its limits opened wide, and the
references), and the CPU their process trees use."""

from __future__ import annotations

import http.client
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence

# --- servers ----------------------------------------------------------------------------------------------

LOCAL = "127.0.0.1"
OPEN_LIMITS = {"RATE_LIMIT_CREATE": "1000000/minute", "RATE_LIMIT_MOVES": "1000000/second",
               "RATE_LIMIT_HINTS": "1000000/minute", "MAX_UNFINISHED_GAMES": "1000000", "LOG_LEVEL": "warning",
               "RATE_LIMIT_SEEKS": "1000000/minute"}
"""The game server's limits, opened wide: the bench's clients all come from one address and play far faster than
people (the limits have their own tests)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOCAL, 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """A server process on 127.0.0.1, started by ``start`` and stopped (with its workers) by ``stop``."""

    def __init__(self, command: list[str], env: dict[str, str], ready_path: str, port: int) -> None:
        self.command = command
        self.env = env
        self.ready_path = ready_path
        self.port = port
        self.url = f"http://{LOCAL}:{port}"
        self.process: subprocess.Popen[bytes] | None = None
        # Its log goes to a file, not a pipe nobody reads while it runs (a full pipe would stall the server).
        self.log = tempfile.TemporaryFile()  # noqa: SIM115 (closed in stop)

    def start(self) -> Server:
        self.process = subprocess.Popen(self.command, env={**os.environ, **self.env}, stdout=subprocess.DEVNULL,
                                        stderr=self.log)
        return self

    def log_text(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-4000:]

    def wait_ready(self, timeout: float = 90) -> None:
        """Until the server answers ``ready_path`` (any status: the bare apps have no GET route)."""
        assert self.process is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited with {self.process.returncode}: {self.log_text()}")
            connection = http.client.HTTPConnection(LOCAL, self.port, timeout=2)
            try:
                connection.request("GET", self.ready_path)
                connection.getresponse().read()
                return
            except OSError:
                time.sleep(0.1)
            finally:
                connection.close()
        raise RuntimeError(f"server at {self.url} did not start in {timeout:.0f} s: {self.log_text()}")

    @property
    def pid(self) -> int | None:
        return None if self.process is None else self.process.pid

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.log.close()


def uvicorn_server(target: str, workers: int, env: dict[str, str] | None = None, factory: bool = False) -> Server:
    port = free_port()
    command = [sys.executable, "-m", "uvicorn", target, *(["--factory"] if factory else []), "--host", LOCAL,
               "--port", str(port), "--workers", str(workers), "--log-level", "warning", "--no-access-log"]
    return Server(command, env or {}, "/", port)


def game_server(database_url: str, workers: int) -> Server:
    """The product's own server (``gin-rummy serve``, with its uvicorn settings) on ``database_url``."""
    port = free_port()
    command = [sys.executable, "-m", "ginrummy.cli", "serve", "--host", LOCAL, "--port", str(port),
               "--workers", str(workers)]
    return Server(command, {"DATABASE_URL": database_url, **OPEN_LIMITS}, "/healthz", port)


def process_tree(root: int) -> list[int]:
    """``root`` and its descendants (a uvicorn supervisor's workers), from /proc; [] where there is none."""
    parents: dict[int, list[int]] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:
        return []
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                after = f.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        parents.setdefault(int(after[1]), []).append(int(entry))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(parents.get(pid, []))
    return found


TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def tree_cpu(roots: Sequence[int]) -> float | None:
    """CPU seconds (user + system) used so far by these processes and their descendants; None without /proc."""
    if not roots or not os.path.isdir("/proc"):
        return None
    ticks = 0
    for root in roots:
        for pid in process_tree(root):
            try:
                with open(f"/proc/{pid}/stat", "rb") as f:
                    after = f.read().rsplit(b")", 1)[1].split()
                ticks += int(after[11]) + int(after[12])
            except (OSError, IndexError, ValueError):
                continue
    return ticks / TICKS


def machine_cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
