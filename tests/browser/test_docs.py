"""The API documentation works offline and under the same Content-Security-Policy as the game."""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import PageErrors
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.timeout(120)


def test_the_docs_render_every_route_with_no_outside_request(server: Any, new_page: Any,
                                                              page_errors: PageErrors) -> None:
    page: Page = new_page()
    page.goto(server.url + "/docs")
    expect(page.locator(".opblock").first).to_be_visible(timeout=20000)
    assert page.locator(".opblock").count() >= 19
    expect(page.locator(".opblock-summary-path", has_text="/api/games/{game_id}/discard")).to_be_visible()
    assert not page_errors.foreign  # the fixture also fails the test on any console error (a CSP refusal is one)
