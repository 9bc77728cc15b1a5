"""Storage per finished match: whole matches played into a fresh SQLite file through the store.

Run: ``gin-rummy bench storage`` (or ``python -m ginrummy.bench.storage``). Both seats are the ``simple``
baseline player. Every match is written as the game service writes one: the game row and its first events on
creation, then for each of the person's moves one locked transaction that saves the new state, appends the move's
events (and the computer's replies) and keeps the move's Idempotency-Key (the browser sends one per user action)
with the version it made, from which its answer (the person's view and the new events) is built again. The bench does
this with the store and engine directly, not through the service, so that its figures do not depend on how the
service is laid out. All matches belong to one player. Printed, per finished match:

* each table's rows and the bytes of its main text column (the game's state, the events' JSON, the kept
  answers' JSON), and the bytes its table and index pages take in the file (SQLite's ``dbstat``, when built in);
* the database file, checkpointed, and the write-ahead log written while the matches were played (automatic
  checkpoints off, so the log holds every page written: the disk writes a match costs, ``synchronous=FULL``);
* the file again once the kept answers have expired and been deleted (what a finished match costs for good).
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import tempfile
import time
import uuid
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import event

from ginrummy.ai import Player, make_player, play
from ginrummy.engine import PRESETS, Action, Event, EventKind, GameState, apply, events_for, new_game, view_for
from ginrummy.store import SqlStore
from ginrummy.store.records import fingerprint

PERSON, COMPUTER = 0, 1
TEXT_COLUMNS = {"games": "state", "game_events": "data", "idempotency_keys": "body", "players": None}
"""The column whose bytes are counted for each table (players has none worth counting)."""
MAX_MOVES = 5000
"""A match of simple players ends long before this; more means something is wrong."""


@dataclass
class Played:
    matches: int = 0
    moves: int = 0
    seconds: float = 0.0
    row_bytes: int = 0
    """Bytes of the values the matches' INSERT and UPDATE statements wrote (the rows' data, not the pages)."""


def _computer_turns(state: GameState, computer: Player, events: list[Event]) -> GameState:
    """The computer's moves up to the person's turn, their events added to ``events`` (as the service does)."""
    return play(state, {COMPUTER: computer}, on_move=lambda move: events.extend(move.events))


def _answer(game_id: str, version: int, state: GameState, first_seq: int, events: list[Event]) -> dict[str, Any]:
    """The API's game body after a move: the person's view and the move's events as the person sees them."""
    seen = events_for(events, PERSON, state)
    return {"game_id": game_id, "version": version, "level": "simple", "view": view_for(state, PERSON).to_json(),
            "events": [{**event.to_json(), "seq": seq} for seq, event in enumerate(seen, start=first_seq)]}


def play_matches(store: SqlStore, matches: int, rules: str, seed: int) -> Played:
    """Play ``matches`` whole matches of the simple player (seat 0) against the simple computer into the store."""
    rng = random.Random(seed)
    played = Played()
    player_id = uuid.uuid4().hex
    store.create_player(player_id, uuid.uuid4().hex)
    started = time.perf_counter()
    for _ in range(matches):
        game_id = uuid.uuid4().hex
        person, computer = make_player("simple", rng.randrange(2**31)), make_player("simple", rng.randrange(2**31))
        state = new_game(PRESETS[rules], rng.randrange(2**31))
        events = [Event(EventKind.HAND_STARTED, 1, state.hand.starter, state.hand.upcard)]
        state = _computer_turns(state, computer, events)
        store.create_game(game_id, uuid.uuid4().hex, "simple", player_id, state, events)
        for _ in range(MAX_MOVES):
            with store.locked(game_id) as locked:
                record = locked.record
                assert record is not None
                if record.state.winner is not None:
                    break
                action: Action = person.choose(view_for(record.state, PERSON))
                state, events = apply(record.state, action)
                state = _computer_turns(state, computer, events)
                _answer(game_id, record.version + 1, state, record.event_count + 1, events)
                key = uuid.uuid4().hex
                request = fingerprint(f"/api/games/{game_id}/{action.kind.value}", json.dumps(action.to_json()))
                locked.save(state, events, (game_id, key, request))
            played.moves += 1
        else:
            raise RuntimeError(f"match {game_id} did not end in {MAX_MOVES} moves")
        played.matches += 1
    played.seconds = time.perf_counter() - started
    return played


def _table_figures(path: Path) -> dict[str, dict[str, int]]:
    """Per table: rows, text bytes, and (with dbstat) the bytes of its pages and of its indexes' pages."""
    figures: dict[str, dict[str, int]] = {}
    with sqlite3.connect(path) as db:
        pages: dict[str, int] = {}
        with suppress(sqlite3.OperationalError):  # SQLite built without the dbstat table
            pages = dict(db.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name").fetchall())
        indexes: dict[str, list[str]] = {}
        for name, table in db.execute("SELECT name, tbl_name FROM sqlite_master WHERE type = 'index'"):
            indexes.setdefault(table, []).append(name)
        for table, column in TEXT_COLUMNS.items():
            rows = db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
            text = db.execute(f"SELECT COALESCE(SUM(LENGTH(CAST({column} AS BLOB))), 0) FROM {table}").fetchone()[0] \
                if column else 0
            figures[table] = {"rows": rows, "text": text, "pages": pages.get(table, 0),
                              "index_pages": sum(pages.get(name, 0) for name in indexes.get(table, []))}
    return figures


def measure(path: Path, matches: int, wal_bytes: int) -> str:
    """The report: figures per finished match."""
    figures = _table_figures(path)
    per = max(matches, 1)
    lines = [f"{'per finished match':<22}{'rows':>8}{'text bytes':>12}{'table bytes':>13}{'index bytes':>13}"]
    for table, what in (("games", "state"), ("game_events", "data"), ("idempotency_keys", "body"),
                        ("players", "")):
        f = figures[table]
        label = f"{table}" + (f" ({what})" if what else "")
        lines.append(f"{label:<22}{f['rows'] / per:8.1f}{f['text'] / per:12.0f}{f['pages'] / per:13.0f}"
                     f"{f['index_pages'] / per:13.0f}")
    size = path.stat().st_size
    idempotency = figures["idempotency_keys"]["pages"] + figures["idempotency_keys"]["index_pages"]
    lines += [
        f"{'database file (checkpointed)':<34}{size / per:12.0f} bytes ({size} in all)",
        f"{'  of which idempotency answers':<34}{idempotency / per:12.0f} bytes (deleted after IDEMPOTENCY_HOURS)",
        f"{'write-ahead log written':<34}{wal_bytes / per:12.0f} bytes ({wal_bytes} in all)",
    ]
    return "\n".join(lines)


def run(path: Path, matches: int, rules: str, seed: int) -> tuple[Played, int]:
    """Play into a fresh database at ``path``; return what was played and the bytes of write-ahead log written."""
    url = f"sqlite:///{path}"
    store = SqlStore(url)
    try:
        # Every connection from here on leaves checkpoints alone, so the log keeps every page written.
        event.listen(store.engine, "connect",
                     lambda dbapi, _record: dbapi.execute("PRAGMA wal_autocheckpoint=0"))
        store.engine.dispose()
        _checkpoint(path)
        written = [0]
        event.listen(store.engine, "before_cursor_execute",
                     lambda _c, _cursor, statement, parameters, _context, many:
                     written.__setitem__(0, written[0] + _values_bytes(statement, parameters, many)))
        played = play_matches(store, matches, rules, seed)
        played.row_bytes = written[0]
        wal = Path(f"{path}-wal")
        wal_bytes = wal.stat().st_size if wal.exists() else 0
        _checkpoint(path)
    finally:
        store.close()
    return played, wal_bytes


def expire_answers(path: Path) -> tuple[int, int]:
    """Delete every kept answer as the cleanup loop does once they are older than IDEMPOTENCY_HOURS, give the
    freed pages back (VACUUM), and return (answers deleted, the database file's bytes)."""
    store = SqlStore(f"sqlite:///{path}")
    try:
        removed = store.delete_expired_replies(created_before=time.time() + 1)
    finally:
        store.close()
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("VACUUM")
    finally:
        db.close()
    _checkpoint(path)
    return removed, path.stat().st_size


def _values_bytes(statement: str, parameters: Any, many: bool) -> int:
    """The bytes of the values an INSERT or UPDATE writes (text and blobs by length, numbers as 8)."""
    if not statement.lstrip().upper().startswith(("INSERT", "UPDATE")):
        return 0
    rows = parameters if many else [parameters]
    total = 0
    for values in rows:
        for value in (values.values() if isinstance(values, dict) else values):
            total += len(value.encode()) if isinstance(value, str) else len(value) if isinstance(value, bytes) \
                else 8 if value is not None else 0
    return total


def _checkpoint(path: Path) -> None:
    """Copy the write-ahead log into the database file and empty it (outside the store's transactions)."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        busy, _, _ = db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        assert not busy, "the checkpoint was blocked"
    finally:
        db.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=20, help="matches to play")
    parser.add_argument("--rules", default="house", choices=sorted(PRESETS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, default=None, help="write the database here (a new file) and keep it")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        path: Path = args.keep or Path(folder) / "storage.db"
        if path.exists():
            parser.error(f"{path} exists; name a new file")
        played, wal_bytes = run(path, args.matches, args.rules, args.seed)
        print(f"{played.matches} matches ({args.rules} rules, simple against simple), {played.moves} moves by "
              f"the person ({played.moves / max(played.matches, 1):.0f} a match), {played.seconds:.1f} s; "
              f"SQLite {sqlite3.sqlite_version}, page size {_page_size(path)}")
        print(measure(path, played.matches, wal_bytes))
        print(f"{'row data written per move':<34}{played.row_bytes / max(played.moves, 1):12.0f} bytes "
              f"(every INSERT and UPDATE's values, the moves' and the computer's, over {played.moves} moves)")
        removed, size = expire_answers(path)
        print(f"{'after the answers expire':<34}{size / max(played.matches, 1):12.0f} bytes ({size} in all; "
              f"{removed} answers deleted by the cleanup, then VACUUM)")


def _page_size(path: Path) -> int:
    with sqlite3.connect(path) as db:
        size: int = db.execute("PRAGMA page_size").fetchone()[0]
    return size


if __name__ == "__main__":
    main()
