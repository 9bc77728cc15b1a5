"""The first schema: games, their events, idempotency records and players.

Exactly what ``metadata.create_all`` made before the store used migrations, so that such a database is this
revision (``ginrummy.store.schema`` stamps it so) and upgrades from here.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("seat_token_hash", sa.String(64), nullable=False),
        sa.Column("player_id", sa.String(40), nullable=True),
        sa.Column("level", sa.String(16), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("schema", sa.Integer, nullable=False),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("event_count", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_games_player_id", "games", ["player_id"])
    op.create_index("ix_games_updated_at", "games", ["updated_at"])
    op.create_table(
        "game_events",
        sa.Column("game_id", sa.String(40), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("data", sa.Text, nullable=False),
    )
    op.create_table(
        "idempotency_keys",
        sa.Column("game_id", sa.String(40), primary_key=True),
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("status", sa.Integer, nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "players",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.Float, nullable=False),
        *[sa.Column(name, sa.Integer, nullable=False) for name in (
            "matches_played", "matches_won", "hands_played", "hands_won", "gins", "undercuts_given",
            "undercuts_suffered", "points_won", "points_lost")],
    )


def downgrade() -> None:
    for table in ("players", "idempotency_keys", "game_events"):
        op.drop_table(table)
    op.drop_index("ix_games_updated_at", table_name="games")
    op.drop_index("ix_games_player_id", table_name="games")
    op.drop_table("games")
