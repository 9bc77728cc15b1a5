"""The store's tables: the schema at the newest migration revision, and the columns a game's reads take of its row.

``schema.py`` and the Alembic revisions in ``migrations/`` create and upgrade them (a change here needs a new
revision there). The seeks' table and the ratings' are declared on the same ``metadata`` beside the code that uses
them (``seeks.py``, ``profiles.py``).
"""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, Index, Integer, MetaData, String, Table, Text, and_, case, false, select

from ginrummy.stats import COUNTS

metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", String(40), primary_key=True),
    Column("seat_token_hash", String(64), nullable=False),
    Column("player_id", String(40), nullable=True),
    Column("level", String(16), nullable=True),  # none: seat 1 is a person or a program, not the computer (0005)
    Column("version", Integer, nullable=False),
    Column("schema", Integer, nullable=False),
    Column("state", Text, nullable=False),
    Column("status", String(16), nullable=False),  # active | finished
    Column("event_count", Integer, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False, index=True),
    Column("practice", Boolean, nullable=False, server_default=false()),  # dealt from a chosen seed (0003)
    # ``state`` is the game as of this version, which included this many events; later moves are in the log (0004).
    Column("snapshot_version", Integer, nullable=False, server_default="1"),
    Column("snapshot_events", Integer, nullable=False, server_default="0"),
    Column("invite_hash", String(64), nullable=True),  # the invite code's hash, for seat 1 (0005)
    Column("seat1_token_hash", String(64), nullable=True),  # seat 1's token, once someone joined (0005)
    Column("seat1_player_id", String(40), nullable=True),  # and whose stats its hands count in (0005)
    Column("seat0_seen_at", Float, nullable=True),  # each seat last seen following the game (0005)
    Column("seat1_seen_at", Float, nullable=True),
    Column("turn_seconds", Integer, nullable=True),  # a turn clock (0005)
    Column("rematch_offer", Integer, nullable=True),  # the seat that offered a rematch (0006)
    Column("rematch_id", String(40), nullable=True),  # the rematch's game, once both wanted it (0006)
    Column("daily", String(10), nullable=True),  # the day (YYYY-MM-DD) whose daily deal this game is (0007)
    Column("pool", String(8), nullable=True),  # a rated match: the pool its players' ratings move in (0009)
    Column("reserve0", Float, nullable=True),  # with the turn clock, each seat's reserve left for the match (0009)
    Column("reserve1", Float, nullable=True),
    # A player's match history, newest first by (created_at, id) with keyset paging (revision 0002), of the
    # matches played in seat 0 and of those played in seat 1 (0006).
    Index("ix_games_player_history", "player_id", "created_at", "id"),
    Index("ix_games_seat1_history", "seat1_player_id", "created_at", "id"),
    Index("ux_games_daily_player", "daily", "player_id", unique=True),  # one daily game a player a day (0007)
)

daily_seeds = Table(
    "daily_seeds", metadata,  # each day's seed, drawn on the day's first request (0007)
    Column("day", String(10), primary_key=True),
    Column("seed", String(40), nullable=False),  # decimal: 128 bits do not fit an integer column
    Column("created_at", Float, nullable=False),
)

game_events = Table(
    "game_events", metadata,
    Column("game_id", String(40), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("version", Integer, nullable=False),
    Column("data", Text, nullable=False),
    Column("hand", Integer, nullable=True),  # the event's hand, so that a hand's events are found in the query (0003)
    Index("ix_game_events_hand", "game_id", "hand", "seq"),
)

idempotency = Table(
    "idempotency_keys", metadata,
    Column("game_id", String(40), primary_key=True),
    Column("key", String(200), primary_key=True),
    Column("fingerprint", String(64), nullable=False),
    Column("status", Integer, nullable=False),
    # A new game's answer is kept whole (it holds the tokens handed out once); a move's is rebuilt from the
    # version it made (0004), so a kept move answer costs a few bytes.
    Column("body", Text, nullable=True),
    Column("version", Integer, nullable=True),
    Column("created_at", Float, nullable=False),
)

players = Table(
    "players", metadata,
    Column("id", String(40), primary_key=True),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("created_at", Float, nullable=False),
    *(Column(name, Integer, nullable=False, default=0) for name in COUNTS),
    # The public name, and its case-folded form that makes it unique (0009); a bot account (0009).
    Column("handle", String(20), nullable=True),
    Column("handle_key", String(20), nullable=True),
    Column("is_bot", Boolean, nullable=False, server_default=false()),
    # Rated matches played to their end, and those of them lost by letting the turn clock run out (0009).
    Column("rated_finished", Integer, nullable=False, server_default="0"),
    Column("rated_abandoned", Integer, nullable=False, server_default="0"),
    Index("ux_players_handle_key", "handle_key", unique=True),
)

PLAYER_GAME_COLUMNS = (games.c.id, games.c.level, games.c.status, games.c.created_at, games.c.updated_at,
                       games.c.version, games.c.schema, games.c.state, games.c.practice, games.c.player_id,
                       games.c.daily)
"""What a player's match history reads of a game row (never the seat token's hash). The snapshot is enough there:
it is written whenever a hand ends, and a match's history, scores and winner change only then."""
_PAIRED = and_(games.c.level.is_(None), games.c.invite_hash.is_(None), games.c.seat1_player_id.is_not(None))
GAME_COLUMNS = (*(column for column in games.c if column.name != "state"),
                *(case((_PAIRED, select(players.c.handle).where(players.c.id == seat_player).scalar_subquery()))
                  .label(f"handle{seat}") for seat, seat_player in enumerate((games.c.player_id,
                                                                               games.c.seat1_player_id))))
"""What loading a game reads of its row: all but the snapshot's text; and in a match the queue paired, each
seat's player's handle."""
