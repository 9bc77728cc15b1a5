"""Rematches, and seat 1's player in the match history.

- games.rematch_offer: the seat that offered the other a rematch once the match was over (until it is taken).
- games.rematch_id: the next match's id, once both seats wanted it.
- ix_games_seat1_history: a player's matches played in seat 1 (joined by invite), newest first, as
  ix_games_player_history lists those played in seat 0.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("rematch_offer", sa.Integer, nullable=True))
        games.add_column(sa.Column("rematch_id", sa.String(40), nullable=True))
    op.create_index("ix_games_seat1_history", "games", ["seat1_player_id", "created_at", "id"])


def downgrade() -> None:
    op.drop_index("ix_games_seat1_history", table_name="games")
    with op.batch_alter_table("games") as games:
        games.drop_column("rematch_id")
        games.drop_column("rematch_offer")
