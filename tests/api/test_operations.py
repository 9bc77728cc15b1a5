"""Operations: request ids, structured logs, security headers, the page, and the cleanup of old games."""

from __future__ import annotations

import json
import logging
import time
from typing import Any

import pytest

from ginrummy.api.observability import JsonFormatter, request_id
from ginrummy.engine import HOUSE, new_game
from ginrummy.store import SqlStore


def test_every_response_carries_a_request_id(client: Any) -> None:
    first = client.get("/healthz")
    second = client.get("/healthz", headers={"X-Request-ID": "abc-123"})
    assert len(first.headers["x-request-id"]) >= 8
    assert second.headers["x-request-id"] == "abc-123"


def test_security_headers_and_content_security_policy(client: Any) -> None:
    response = client.get("/api/rules")
    assert response.headers["x-content-type-options"] == "nosniff"
    assert "script-src 'self'" in response.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]


def test_json_log_lines_name_the_request() -> None:
    token = request_id.set("req-7")
    try:
        record = logging.LogRecord("ginrummy.access", logging.INFO, __file__, 1, "GET %s", ("/healthz",), None)
        record.fields = {"status": 200}
        line = json.loads(JsonFormatter().format(record))
    finally:
        request_id.reset(token)
    assert line["request_id"] == "req-7"
    assert line["message"] == "GET /healthz"
    assert line["status"] == 200


@pytest.mark.parametrize("finished", [True, False])
def test_cleanup_deletes_only_games_older_than_their_limit(database_url: str, finished: bool) -> None:
    store = SqlStore(database_url)
    try:
        state = new_game(HOUSE, seed=1)
        if finished:
            state = state._replace(winner=0)
        store.create_game("old-game", "token-a", "easy", None, state, [])
        store.create_game("new-game", "token-b", "easy", None, state, [])
        with store.engine.begin() as connection:
            connection.exec_driver_sql("UPDATE games SET updated_at = 0 WHERE id = 'old-game'")
        now = time.time()
        limit = now - 3600
        removed = store.delete_stale(finished_before=limit if finished else 0,
                                     abandoned_before=0 if finished else limit)
        assert removed == 1
        assert store.get_game("old-game") is None
        assert store.get_game("new-game") is not None
    finally:
        store.close()
