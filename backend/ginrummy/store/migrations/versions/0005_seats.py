"""Two seats: seat 1 may be a person or a program who joined by invite, not only the computer.

- games.level may be empty: no level, seat 1 is not the computer.
- games.invite_hash: the hash of the invite code that lets someone take seat 1 (once).
- games.seat1_token_hash, games.seat1_player_id: seat 1's token (its hash) and player, once it is taken.
- games.seat0_seen_at, games.seat1_seen_at: when each seat's player was last seen following the game (its
  stream or long poll), to tell the other whether they are there.
- games.turn_seconds: the turn clock of a game between two seats, if it has one.
Every game stored before has the computer in seat 1, as it had.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.alter_column("level", existing_type=sa.String(16), nullable=True)
        games.add_column(sa.Column("invite_hash", sa.String(64), nullable=True))
        games.add_column(sa.Column("seat1_token_hash", sa.String(64), nullable=True))
        games.add_column(sa.Column("seat1_player_id", sa.String(40), nullable=True))
        games.add_column(sa.Column("seat0_seen_at", sa.Float, nullable=True))
        games.add_column(sa.Column("seat1_seen_at", sa.Float, nullable=True))
        games.add_column(sa.Column("turn_seconds", sa.Integer, nullable=True))


def downgrade() -> None:
    # Earlier servers know only games against the computer: games between two seats are removed with their logs.
    connection = op.get_bind()
    games = sa.table("games", sa.column("id", sa.String), sa.column("level", sa.String))
    for table in ("game_events", "idempotency_keys"):
        rows = sa.table(table, sa.column("game_id", sa.String))
        connection.execute(rows.delete().where(rows.c.game_id.in_(sa.select(games.c.id).where(
            games.c.level.is_(None)))))
    connection.execute(games.delete().where(games.c.level.is_(None)))
    with op.batch_alter_table("games") as altered:
        altered.drop_column("turn_seconds")
        altered.drop_column("seat1_seen_at")
        altered.drop_column("seat0_seen_at")
        altered.drop_column("seat1_player_id")
        altered.drop_column("seat1_token_hash")
        altered.drop_column("invite_hash")
        altered.alter_column("level", existing_type=sa.String(16), nullable=False)
