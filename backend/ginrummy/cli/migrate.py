"""``gin-rummy migrate``: upgrade the database's schema to the newest revision, or check that it is there."""

from __future__ import annotations

import argparse
import sys


def _migrate(args: argparse.Namespace) -> int:
    from ginrummy.api.config import Settings
    from ginrummy.store.connect import make_engine
    from ginrummy.store.schema import SchemaError, check, migrate, shown_url

    settings = Settings()
    url = args.database_url or settings.database_url
    wait = settings.database_wait_seconds if args.wait is None else args.wait
    engine = make_engine(url)
    try:
        if args.check:
            state = check(engine, wait)
            if state.current:
                print(f"{shown_url(url)}: at the newest revision, {state.describe()}")
                return 0
            print(f"{shown_url(url)}: behind, at {state.describe()}; the newest is {state.head} "
                  f"(run gin-rummy migrate)")
            return 1
        before, after = migrate(engine, url, wait)
    except SchemaError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    finally:
        engine.dispose()
    if before == after:
        print(f"{shown_url(url)}: already at the newest revision, {after.describe()}")
    else:
        print(f"{shown_url(url)}: upgraded from {before.describe()} to {after.describe()}")
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    migrate = sub.add_parser("migrate", help="upgrade the database's schema to the newest revision")
    migrate.add_argument("--database-url", default=None, help="overrides DATABASE_URL (default: SQLite file)")
    migrate.add_argument("--check", action="store_true", help="change nothing; exit 1 if the database is behind")
    migrate.add_argument("--wait", type=float, default=None, metavar="SECONDS",
                         help="how long to wait for a database that is starting (default DATABASE_WAIT_SECONDS)")
    migrate.set_defaults(run=_migrate)
