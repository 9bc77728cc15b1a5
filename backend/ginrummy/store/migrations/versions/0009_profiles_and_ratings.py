"""Handles, bot accounts, ratings, and rated matches.

- players.handle, players.handle_key: the public name and its case-folded form, unique (ux_players_handle_key).
- players.is_bot: a bot account (rated among bots only).
- players.rated_finished, players.rated_abandoned: rated matches played to their end, and those lost by the clock.
- games.pool: a rated match's pool (people or bots); null for every other game.
- games.reserve0, games.reserve1: with the turn clock, each seat's reserve left for the match (a public match's).
- ratings: one rating per player and pool (the rating library's value and deviation, and the matches it rests on).

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as players:
        players.add_column(sa.Column("handle", sa.String(20), nullable=True))
        players.add_column(sa.Column("handle_key", sa.String(20), nullable=True))
        players.add_column(sa.Column("is_bot", sa.Boolean, nullable=False, server_default=sa.false()))
        players.add_column(sa.Column("rated_finished", sa.Integer, nullable=False, server_default="0"))
        players.add_column(sa.Column("rated_abandoned", sa.Integer, nullable=False, server_default="0"))
    op.create_index("ux_players_handle_key", "players", ["handle_key"], unique=True)
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("pool", sa.String(8), nullable=True))
        games.add_column(sa.Column("reserve0", sa.Float, nullable=True))
        games.add_column(sa.Column("reserve1", sa.Float, nullable=True))
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(40), primary_key=True),
        sa.Column("pool", sa.String(8), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("matches", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("ratings")
    with op.batch_alter_table("games") as games:
        games.drop_column("reserve1")
        games.drop_column("reserve0")
        games.drop_column("pool")
    op.drop_index("ux_players_handle_key", table_name="players")
    with op.batch_alter_table("players") as players:
        for column in ("rated_abandoned", "rated_finished", "is_bot", "handle_key", "handle"):
            players.drop_column(column)
