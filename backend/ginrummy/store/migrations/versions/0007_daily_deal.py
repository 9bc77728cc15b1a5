"""The daily deal: each day's seed, and the games dealt from it.

- daily_seeds: one row per UTC day (YYYY-MM-DD), the day's seed (decimal) and when it was drawn; made on the
  day's first request, insert-if-absent, so that processes racing on it agree on one.
- games.daily: the day whose deal a game is (none for every other game); such a game counts in that day's table
  only, not in its player's stats.
- ux_games_daily_player: one daily game per player per day (and the day's games, for its leaderboard).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "daily_seeds",
        sa.Column("day", sa.String(10), primary_key=True),
        sa.Column("seed", sa.String(40), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("daily", sa.String(10), nullable=True))
    op.create_index("ux_games_daily_player", "games", ["daily", "player_id"], unique=True)


def downgrade() -> None:
    op.drop_index("ux_games_daily_player", table_name="games")
    with op.batch_alter_table("games") as games:
        games.drop_column("daily")
    op.drop_table("daily_seeds")
