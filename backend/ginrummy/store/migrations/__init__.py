"""Alembic migrations of the store's schema, shipped inside the package (``ginrummy.store.schema`` runs them).

``versions/`` holds one script per revision, each naming the one before it. To write a new revision, change the
tables in ``ginrummy/store/tables.py`` (the seeks' and the ratings' are beside their code, in ``seeks.py`` and
``profiles.py``) and let Alembic draft the script against a database at the newest revision::

    .venv/bin/gin-rummy migrate --database-url sqlite:///draft.db
    .venv/bin/alembic -c backend/ginrummy/store/migrations/alembic.ini -x url=sqlite:///draft.db \\
        revision --autogenerate --rev-id 0003 -m "what changes"

then read and finish the draft by hand. A revision must leave the schema exactly as the tables declare it
(``tests/server/test_migrations.py`` compares the two on SQLite and PostgreSQL), must not rewrite a released
revision, and should only add (tables, nullable columns, indexes) so that a server of the previous version keeps
working on the upgraded database during a rolling upgrade.
"""
