"""The load bench: its HTTP/1.1 client, and short runs of the bench (figures are printed, never checked)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

import pytest

from ginrummy.bench import load
from ginrummy.bench.client import JSON, ConnectionLost, HttpConnection, choose, read_response
from ginrummy.bench.servers import LOCAL


def _read(data: bytes) -> tuple[int, bytes, bool]:
    async def go() -> tuple[int, bytes, bool]:
        reader = asyncio.StreamReader()
        reader.feed_data(data)
        reader.feed_eof()
        return await read_response(reader)

    return asyncio.run(go())


def test_answers_are_read_by_length_by_chunks_or_to_the_close() -> None:
    assert _read(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Type: x\r\n\r\nhelloEXTRA") == (200, b"hello", False)
    assert _read(b"HTTP/1.1 201 Created\r\ncontent-length: 0\r\nConnection: close\r\n\r\n") == (201, b"", True)
    chunked = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2;x=1\r\nde\r\n0\r\nT: 1\r\n\r\n"
    assert _read(chunked) == (200, b"abcde", False)
    assert _read(b"HTTP/1.1 204 No Content\r\n\r\n") == (204, b"", False)
    assert _read(b"HTTP/1.0 200 OK\r\n\r\nto the end") == (200, b"to the end", True)
    with pytest.raises(ValueError):
        _read(b"SSH-2.0-OpenSSH\r\n\r\n")


class _Server:
    """A small HTTP/1.1 server for the client's tests: it keeps each request's head, reads its body, and answers
    what ``reply(head, body, connection)`` gives: the bytes to send (None: close the connection unanswered) and
    whether to close the connection after them. Connections are counted from 1."""

    def __init__(self, reply: Callable[[bytes, bytes, int], tuple[bytes | None, bool]]) -> None:
        self.reply = reply
        self.connections = 0
        self.heads: list[bytes] = []

    async def __aenter__(self) -> int:
        self.server = await asyncio.start_server(self._serve, LOCAL, 0)
        port: int = self.server.sockets[0].getsockname()[1]
        return port

    async def __aexit__(self, *_: object) -> None:
        self.server.close()
        await self.server.wait_closed()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        number = self.connections
        while True:
            try:
                head = await reader.readuntil(b"\r\n\r\n")
            except asyncio.IncompleteReadError:
                break
            length = int(head.lower().split(b"content-length: ")[1].split(b"\r\n")[0])
            answer, close = self.reply(head, await reader.readexactly(length), number)
            if answer is None:
                break
            self.heads.append(head)
            writer.write(answer)
            await writer.drain()
            if close:
                break
        writer.close()


def test_one_connection_carries_every_request_until_the_server_closes_it() -> None:
    def echo(head: bytes, body: bytes, _connection: int) -> tuple[bytes, bool]:
        close = b"/last" in head
        return (b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n%s\r\n%s"
                % (len(body), b"Connection: close\r\n" if close else b"", body)), close

    server = _Server(echo)

    async def go() -> list[tuple[int, bytes]]:
        async with server as port:
            client = HttpConnection(LOCAL, port)
            answers = [await client.request("POST", "/a", b'{"a":1}', JSON),
                       await client.request("GET", "/b"),
                       await client.request("POST", "/last", b"x"),
                       await client.request("POST", "/again", b"yz")]
            client.close()
        return answers

    answers = asyncio.run(go())
    assert answers == [(200, b'{"a":1}'), (200, b""), (200, b"x"), (200, b"yz")]
    assert server.connections == 2  # the first three on one connection; a new one after the server closed it
    assert server.heads[0].startswith(b"POST /a HTTP/1.1\r\nHost: 127.0.0.1:")
    assert b"Content-Type: application/json\r\nContent-Length: 7\r\n\r\n" in server.heads[0]


def test_a_kept_connection_closed_before_an_answer_is_tried_once_more_on_a_new_one() -> None:
    """A server's keep-alive time may run out as a request goes: the client sends it again on a new connection (the
    server never saw it), as browsers do; a new connection closed unanswered, or an answer cut off, is a failure."""
    def reply(head: bytes, _body: bytes, connection: int) -> tuple[bytes | None, bool]:
        if b"/drop" in head or (b"/idle" in head and connection == 1):
            return None, True  # closed with no answer: the idle connection's time ran out
        if b"/cut" in head:
            return b"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", True
        return b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", False

    server = _Server(reply)

    async def go() -> tuple[tuple[int, bytes], str, str]:
        async with server as port:
            client = HttpConnection(LOCAL, port)
            await client.request("GET", "/first")
            answer = await client.request("POST", "/idle", b"x")  # on the kept connection, closed unanswered
            fresh = HttpConnection(LOCAL, port)
            failures = []
            for path in ("/drop", "/cut"):  # a new connection closed unanswered; an answer cut off
                with pytest.raises(ConnectionLost) as lost:
                    await fresh.request("GET", path)
                failures.append(str(lost.value))
            client.close()
        return answer, failures[0], failures[1]

    answer, dropped, cut = asyncio.run(go())
    assert answer == (200, b"ok")
    assert [h.split(b" ")[1] for h in server.heads] == [b"/first", b"/idle", b"/cut"]
    assert server.connections == 4  # the kept one, the one the request went again on, /drop's and /cut's: no retry
    assert "before an answer" in dropped and "before an answer" not in cut


def test_a_move_is_chosen_from_the_legal_actions() -> None:
    view = {"legal_actions": [{"kind": "discard", "seat": 0, "card": "KS"},
                              {"kind": "discard", "seat": 0, "card": "2C"},
                              {"kind": "knock", "seat": 0, "card": "KS"}],
            "discard_options": [{"card": "KS", "deadwood": 8}, {"card": "2C", "deadwood": 17}]}
    assert choose(view, random.Random(1)) == {"kind": "knock", "seat": 0, "card": "KS"}
    draw = {"legal_actions": [{"kind": "draw", "seat": 0, "source": "discard"},
                              {"kind": "draw", "seat": 0, "source": "stock"}], "discard_options": []}
    assert choose(draw, random.Random(1))["source"] == "stock"


def test_the_bench_measures_every_target_interleaved_and_the_bytes_per_move(capsys: pytest.CaptureFixture[str]) -> None:
    assert load.main(["--clients", "1,2", "--duration", "0.6", "--warmup", "0.2", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    table = out.split("The goals' ratios")[0]
    for clients in ("1", "2"):
        names = [line[9:37].strip() for line in table.splitlines() if line[:7].strip() == clients]
        assert names == ["bare", "bare + commit, SQLite", "sqlite3 + commit, SQLite", "game, SQLite (moves)"], table
    assert all(line.split()[-1] == "0" for line in table.splitlines() if line[:7].strip() in ("1", "2")), table
    assert "moves/s ÷ commit req/s" in out
    sizes = [line for line in out.splitlines() if line.startswith("SQLite ")]
    assert len(sizes) == 1 and "not measured" not in sizes[0] and sizes[0].rstrip().endswith(" B")


def test_workers_are_compared_on_the_game_server(capsys: pytest.CaptureFixture[str]) -> None:
    assert load.main(["--compare-workers", "1,2", "--clients", "2", "--duration", "0.5", "--warmup", "0.2",
                      "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "game, SQLite, 1 worker " in out and "game, SQLite, 2 workers" in out
    assert "moves/s ÷ moves/s with 1 worker" in out


def test_a_url_elsewhere_than_this_machine_is_refused() -> None:
    with pytest.raises(SystemExit):
        load.main(["--url", "http://example.org:8000"])
