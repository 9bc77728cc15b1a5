"""A snapshot per hand and a log per move; a move's kept answer by its version.

- games.snapshot_version, games.snapshot_events: ``state`` is now the game as of ``snapshot_version`` (which
  included ``snapshot_events`` events), written when a hand ends; the moves after it are in game_events, so a
  move no longer rewrites the whole state. Every row written before is a snapshot of its own version.
- idempotency_keys.version, and body may be empty: a move's answer is built again from the version it made
  (a new game's answer, which holds the tokens handed out once, is still kept whole).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("snapshot_version", sa.Integer, nullable=False, server_default="1"))
        games.add_column(sa.Column("snapshot_events", sa.Integer, nullable=False, server_default="0"))
    table = sa.table("games", sa.column("version", sa.Integer), sa.column("event_count", sa.Integer),
                     sa.column("snapshot_version", sa.Integer), sa.column("snapshot_events", sa.Integer))
    op.get_bind().execute(table.update().values(snapshot_version=table.c.version,
                                                snapshot_events=table.c.event_count))
    with op.batch_alter_table("idempotency_keys") as keys:
        keys.add_column(sa.Column("version", sa.Integer, nullable=True))
        keys.alter_column("body", existing_type=sa.Text, nullable=True)


def downgrade() -> None:
    # Earlier servers read the state column as the current game and a kept answer's body: bring each game's
    # snapshot up to its version (from its log), and drop the kept move answers that hold only a version (a
    # request repeating one of those keys is then applied as a new one).
    from ginrummy.engine import Event, GameState
    from ginrummy.store.codec import decode_state, encode_state, play_on

    connection = op.get_bind()
    games = sa.table("games", sa.column("id", sa.String), sa.column("state", sa.Text),
                     sa.column("version", sa.Integer), sa.column("event_count", sa.Integer),
                     sa.column("snapshot_version", sa.Integer), sa.column("snapshot_events", sa.Integer),
                     sa.column("schema", sa.Integer))
    events = sa.table("game_events", sa.column("game_id", sa.String), sa.column("seq", sa.Integer),
                      sa.column("data", sa.Text))
    behind = connection.execute(sa.select(games).where(games.c.snapshot_version != games.c.version)).all()
    for row in behind:
        logged = connection.execute(sa.select(events.c.data).where(
            sa.and_(events.c.game_id == row.id, events.c.seq > row.snapshot_events))
            .order_by(events.c.seq)).scalars().all()
        state: GameState = play_on(decode_state(row.state), [Event.from_json(json.loads(d)) for d in logged])
        connection.execute(games.update().where(games.c.id == row.id).values(
            state=encode_state(state), schema=state.to_json()["schema"]))
    keys = sa.table("idempotency_keys", sa.column("body", sa.Text))
    connection.execute(keys.delete().where(keys.c.body.is_(None)))
    with op.batch_alter_table("idempotency_keys") as batch:
        batch.alter_column("body", existing_type=sa.Text, nullable=False)
        batch.drop_column("version")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("snapshot_events")
        batch.drop_column("snapshot_version")
