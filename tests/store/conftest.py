"""The store's tests share an opened store on a fresh database of each kind."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ginrummy.store import SqlStore


@pytest.fixture
def store(database_url: str) -> Iterator[SqlStore]:
    opened = SqlStore(database_url)
    try:
        yield opened
    finally:
        opened.close()
