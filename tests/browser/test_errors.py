"""Errors are shown plainly and lose nothing: offline, a stale move, a refused move."""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import (
    PageErrors,
    api_move,
    game_storage,
    my_draw_turn,
    server_view,
    version,
    wait_idle,
    wait_move,
)
from playwright.sync_api import Page, Route, expect

pytestmark = pytest.mark.timeout(120)


def test_offline_move_is_not_lost(server: Any, new_page: Any, page_errors: PageErrors) -> None:
    page_errors.allow("ERR_INTERNET_DISCONNECTED", "Failed to load resource")
    game = my_draw_turn(server, seed=6)
    page: Page = new_page(storage=game_storage(game))
    page.goto(server.url + "/#/play")
    expect(page.locator("#screen-table")).to_be_visible()
    wait_idle(page)
    hand = page.eval_on_selector_all("#hand button.hand-card", "els => els.map(e => e.dataset.card)")
    stock = page.text_content("#stock-label")

    page.context.set_offline(True)
    page.click("#actions [data-action=draw_stock]")
    expect(page.locator("#banner-text")).to_contain_text("Could not reach the server", timeout=15000)
    expect(page.locator("#banner-text")).to_contain_text("nothing was lost")
    # offline, one notice says it all (the banner for the failed call stays out of sight)
    expect(page.locator("#offline-notice")).to_have_text("You are offline: your game resumes when you are back.")
    expect(page.locator("#banner")).to_be_hidden()
    wait_idle(page)
    assert page.eval_on_selector_all("#hand button.hand-card", "els => els.map(e => e.dataset.card)") == hand
    expect(page.locator("#stock-label")).to_have_text(stock or "")
    assert len(server_view(server, game)["hand"]) == 10

    with page.expect_event("load"):  # back online: the page reads the game again from the server
        page.context.set_offline(False)
    expect(page.locator("#offline-notice")).to_have_count(0)
    expect(page.locator("#banner")).to_be_hidden()
    wait_idle(page)
    before = version(page)
    page.click("#actions [data-action=draw_stock]")
    wait_move(page, before)
    expect(page.locator("#hand button.hand-card")).to_have_count(11)
    assert len(server_view(server, game)["hand"]) == 11


def test_stale_and_refused_moves_show_the_server_answer(server: Any, new_page: Any, page_errors: PageErrors) -> None:
    page_errors.allow("status of 412", "status of 409")
    game = my_draw_turn(server, seed=6)
    page: Page = new_page(settings={"singleTap": False}, storage=game_storage(game))  # select, then Discard
    page.goto(server.url + "/#/play")
    expect(page.locator("#screen-table")).to_be_visible()
    wait_idle(page)

    # Another tab (here: the API) draws first; this page's move is then out of date.
    api_move(server, game, "draw", {"source": "stock"})
    page.click("#actions [data-action=draw_stock]")
    expect(page.locator("#banner-text")).to_contain_text("The game had moved on")
    expect(page.locator("#hand button.hand-card")).to_have_count(11)  # re-read: the card drawn elsewhere is here
    wait_idle(page)

    # The other tab discards; this page (stale again) discards without If-Match, so the rules refuse it.
    card = server_view(server, game)["hand"][0]
    api_move(server, game, "discard", {"card": card})

    def without_if_match(route: Route) -> None:
        headers = {k: v for k, v in route.request.headers.items() if k.lower() != "if-match"}
        route.continue_(headers=headers)

    page.route("**/api/games/*/actions", without_if_match)
    other = page.eval_on_selector_all("#hand button.hand-card", "els => els.map(e => e.dataset.card)")
    target = next(c for c in other if c != card)
    page.click(f"#hand button[data-card='{target}']")
    with page.expect_response(lambda r: r.status == 409) as refused:
        page.click("#actions [data-action=discard]")
    detail = refused.value.json()["detail"]
    expect(page.locator("#banner-text")).to_contain_text(f"That move was refused: {detail}")
    expect(page.locator("#hand button.hand-card")).to_have_count(10)
    assert page.eval_on_selector_all("#hand button.hand-card", "els => els.map(e => e.dataset.card)").count(card) == 0
