"""The throwaway servers the tests start when nothing answers at the configured addresses (tests/services.py)."""

from __future__ import annotations

import pytest

from services import postgres_answers, redis_answers, redis_database_of_worker, throwaway_postgres, throwaway_redis

pytestmark = pytest.mark.processes


def test_a_throwaway_postgres_answers_takes_databases_and_is_gone_afterwards() -> None:
    import sqlalchemy

    with throwaway_postgres() as server:
        url = server.url
        assert postgres_answers(url)
        engine = sqlalchemy.create_engine(url, isolation_level="AUTOCOMMIT")
        with engine.connect() as connection:
            connection.exec_driver_sql('CREATE DATABASE "made_here"')
            names = connection.exec_driver_sql("SELECT datname FROM pg_database").scalars().all()
        engine.dispose()
        assert "made_here" in names
    assert not postgres_answers(url)


def test_a_throwaway_redis_answers_and_is_gone_afterwards() -> None:
    import redis

    with throwaway_redis() as server:
        url = server.url
        assert redis_answers(url)
        connection = redis.Redis.from_url(url)
        connection.set("key", "value")
        assert connection.get("key") == b"value"
        connection.close()
    assert not redis_answers(url)


def test_workers_sharing_a_redis_server_take_databases_of_their_own() -> None:
    assert redis_database_of_worker("redis://127.0.0.1:6379/13", 0) == "redis://127.0.0.1:6379/13"
    assert redis_database_of_worker("redis://127.0.0.1:6379/13", 2) == "redis://127.0.0.1:6379/15"
    assert redis_database_of_worker("redis://host:6379", 1) == "redis://host:6379/1"
    with pytest.raises(RuntimeError, match="16"):
        redis_database_of_worker("redis://127.0.0.1:6379/13", 3)
