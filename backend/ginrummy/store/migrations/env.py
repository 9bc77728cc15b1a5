"""Alembic's environment: runs the revisions on the connection it is handed, or on a URL.

The server and ``gin-rummy migrate`` go through ``ginrummy.store.schema``, which takes the schema lock, opens
the transaction and passes its connection in ``config.attributes["connection"]``; everything then happens in
that one transaction. Run by the ``alembic`` command instead (see ``alembic.ini``), it opens the database named
by ``-x url=...``, ``sqlalchemy.url`` or ``DATABASE_URL`` and takes the same lock itself.
"""

from __future__ import annotations

import os
from logging.config import fileConfig

from alembic import context
from sqlalchemy.engine import Connection

from ginrummy.store.connect import make_engine
from ginrummy.store.schema import schema_lock
from ginrummy.store.tables import metadata

config = context.config
if config.config_file_name is not None:  # the alembic command: its alembic.ini sets up logging
    fileConfig(config.config_file_name, disable_existing_loggers=False)


def _url() -> str:
    url = (context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option("sqlalchemy.url")
           or os.environ.get("DATABASE_URL"))
    if not url:
        raise SystemExit("name the database: alembic ... -x url=sqlite:///path (or set DATABASE_URL)")
    return url


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    context.configure(url=_url(), target_metadata=metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    given = config.attributes.get("connection")
    if given is not None:
        _run(given)
    else:
        engine = make_engine(_url())
        try:
            with schema_lock(engine) as connection:
                _run(connection)
        finally:
            engine.dispose()
