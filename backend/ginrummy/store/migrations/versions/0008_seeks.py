"""The queue of players seeking a match (play someone now), shared by every server process.

- seeks: one row per seek, waiting until paired (its game and seat) or cancelled; deleted a while after.
- ix_seeks_waiting: the waiting seeks of a pool, first tier first, oldest first.
- ux_seeks_one_waiting: at most one waiting seek per player.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

WAITING = sa.text("status = 'waiting'")


def upgrade() -> None:
    op.create_table(
        "seeks",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("player_id", sa.String(40), nullable=False),
        sa.Column("pool", sa.String(8), nullable=False),
        sa.Column("rated", sa.Integer, nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("tier", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
        sa.Column("game_id", sa.String(40), nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("seat_token", sa.String(64), nullable=True),
    )
    op.create_index("ix_seeks_waiting", "seeks", ["status", "pool", "rated", "tier", "created_at"])
    op.create_index("ux_seeks_one_waiting", "seeks", ["player_id"], unique=True, sqlite_where=WAITING,
                    postgresql_where=WAITING)


def downgrade() -> None:
    op.drop_index("ux_seeks_one_waiting", table_name="seeks")
    op.drop_index("ix_seeks_waiting", table_name="seeks")
    op.drop_table("seeks")
