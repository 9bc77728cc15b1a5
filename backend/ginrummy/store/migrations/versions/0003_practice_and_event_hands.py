"""Practice games, and each event's hand as a column.

- games.practice: a game dealt from a seed the client chose is a practice game (the same seed deals the same cards
  again, so it could be played with the computer's hand known): marked so, and not counted in the player's stats.
- game_events.hand, with an index (game_id, hand, seq): GET /events?hand=N filters in the query, so a match with
  thousands of events still finds a hand's events, and pages of events are exact. Filled from each event's JSON.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("practice", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table("game_events") as events:
        events.add_column(sa.Column("hand", sa.Integer, nullable=True))
    table = sa.table("game_events", sa.column("game_id", sa.String), sa.column("seq", sa.Integer),
                     sa.column("hand", sa.Integer), sa.column("data", sa.Text))
    connection = op.get_bind()
    rows = connection.execute(sa.select(table.c.game_id, table.c.seq, table.c.data)).all()
    fill = table.update().where(
        sa.and_(table.c.game_id == sa.bindparam("g"), table.c.seq == sa.bindparam("s"))).values(hand=sa.bindparam("h"))
    for start in range(0, len(rows), 1000):
        connection.execute(fill, [{"g": row.game_id, "s": row.seq, "h": int(json.loads(row.data)["hand"])}
                                  for row in rows[start:start + 1000]])
    op.create_index("ix_game_events_hand", "game_events", ["game_id", "hand", "seq"])


def downgrade() -> None:
    op.drop_index("ix_game_events_hand", table_name="game_events")
    with op.batch_alter_table("game_events") as events:
        events.drop_column("hand")
    with op.batch_alter_table("games") as games:
        games.drop_column("practice")
