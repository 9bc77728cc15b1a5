"""Match-history index on games (player_id, created_at, id).

It replaces the plain player_id index. A player's match history is read newest first by (created_at, id) with
keyset paging; this index answers it without a sort, and as its first column is player_id it serves every lookup
the old index did.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_games_player_history", "games", ["player_id", "created_at", "id"])
    op.drop_index("ix_games_player_id", table_name="games")


def downgrade() -> None:
    op.create_index("ix_games_player_id", "games", ["player_id"])
    op.drop_index("ix_games_player_history", table_name="games")
