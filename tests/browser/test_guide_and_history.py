"""A first game that teaches, the match history, and result screens that fit a phone."""

from __future__ import annotations

import itertools
from typing import Any

import httpx
import pytest
from browser_helpers import (
    PHONE,
    SMALL_PHONE,
    create_game,
    finish_hand_by_api,
    game_storage,
    open_result,
    server_view,
    step_through_review,
    version,
    wait_idle,
    wait_move,
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.timeout(180)


def test_a_first_visit_is_guided_and_later_ones_are_not(server: Any, new_page: Any) -> None:
    page: Page = new_page(first_visit=True)
    page.goto(server.url + "/")
    # One big Play above the fold, the levels in plain words.
    play = page.locator("#play-button")
    expect(play).to_have_text("Play")
    box = play.bounding_box()
    assert box and box["y"] + box["height"] <= 800
    expect(page.locator("#level-help")).to_contain_text("learning")
    expect(page.locator("#screen-home")).not_to_contain_text("EAAI")
    play.click()
    expect(page.locator("#screen-table")).to_be_visible()
    wait_idle(page)
    tip = page.locator("#tip")
    expect(tip).to_be_visible()
    first = tip.get_attribute("data-tip")
    assert first in ("upcard", "draw"), first
    page.click("#tip-ok")
    if first == "upcard":  # pass, and the next kind of step has its own tip
        expect(tip).to_be_hidden()
        while page.locator("#actions [data-action=pass]").is_visible():
            before = version(page)
            page.click("#actions [data-action=pass]")
            wait_move(page, before)
            wait_idle(page)
        expect(tip).to_have_attribute("data-tip", "draw")
        expect(tip).to_be_visible()
    before = version(page)
    page.click("#stock")
    wait_move(page, before)
    wait_idle(page)
    expect(tip).to_have_attribute("data-tip", "discard")
    page.click("#tip-skip")
    expect(tip).to_be_hidden()
    assert page.evaluate("JSON.parse(localStorage.getItem('ginrummy.tips')).done") is True

    # A later visit: Play deals without tips.
    later = new_page(context=page.context)
    later.goto(server.url + "/")
    later.click("#play-button")
    later.click("#confirm-ok")
    wait_idle(later)
    expect(later.locator("#hand .hand-card").first).to_be_visible()
    later.wait_for_timeout(300)
    expect(later.locator("#tip")).to_be_hidden()
    # Help can show them again.
    later.click("[data-nav=rules]")
    later.click("#tips-again")
    later.click("[data-nav=home]")
    later.click("#continue-button")
    expect(later.locator("#tip")).to_be_visible()


def finished_match(server: Any, player: str | None = None) -> dict[str, Any]:
    """A match to 1 point played to its end through the API (hands with no score do not end it)."""
    headers = {"Authorization": f"Bearer {player}"} if player else {}
    response = httpx.post(f"{server.url}/api/games", json={"level": "easy", "seed": 4, "settings": {"target": 1}},
                          headers=headers)
    response.raise_for_status()
    game: dict[str, Any] = response.json()
    for _ in range(6):
        view = finish_hand_by_api(server, game)
        if view["phase"] == "match_over":
            return game
        httpx.post(f"{server.url}/api/games/{game['game_id']}/next-hand",
                   headers={"Authorization": f"Bearer {game['seat_token']}"}).raise_for_status()
    raise AssertionError("the match did not end")


def test_the_match_history_lists_finished_matches_and_opens_their_hands(server: Any, new_page: Any) -> None:
    game = finished_match(server)
    player = game["player_token"]
    for _ in range(20):  # more than a page of matches in progress, after the finished one
        httpx.post(f"{server.url}/api/games", json={"level": "hard"},
                   headers={"Authorization": f"Bearer {player}"}).raise_for_status()
    page: Page = new_page(storage=game_storage(game))
    page.goto(server.url + "/#/stats")
    rows = page.locator("#matches-list li")
    expect(rows).to_have_count(20)
    expect(rows.first).to_contain_text("In progress")
    expect(rows.first).to_contain_text("hard")
    page.click("#matches-more")
    expect(rows).to_have_count(21)
    expect(page.locator("#matches-more")).to_be_hidden()
    last = rows.nth(20)
    expect(last).to_contain_text("Won" if server_view(server, game)["winner"] == 0 else "Lost")
    expect(last).to_contain_text("hand")
    last.locator("a").click()
    expect(page.locator("#screen-match")).to_be_visible()
    sheet = page.locator("#match-sheet tbody tr")
    expect(sheet.first).to_be_visible()
    hands = sheet.count()
    assert hands >= 1
    page.locator("#match-sheet tbody tr >> nth=0 >> a").click()
    step_through_review(page)
    page.click("#review-back")
    expect(page.locator("#screen-match")).to_be_visible()
    expect(page.locator("#match-sheet tbody tr")).to_have_count(hands)


@pytest.mark.parametrize("viewport", [PHONE, SMALL_PHONE], ids=["390x844", "320x568"])
def test_result_screens_fit_a_phone(server: Any, new_page: Any, viewport: dict[str, int]) -> None:
    game = create_game(server, seed=4, settings={"target": 500})
    view = finish_hand_by_api(server, game)
    page: Page = new_page(viewport=viewport, storage=game_storage(game))
    page.goto(server.url + "/#/play")
    open_result(page)
    # The score sheet (drawn once its script is here) fits the width (or says plainly that it scrolls).
    expect(page.locator("#score-sheet th", has_text="Computer")).to_be_visible()
    sheet = page.locator("#score-sheet")
    fits = sheet.evaluate("el => el.scrollWidth <= el.clientWidth")
    assert fits, "the score sheet is wider than the phone"
    # Melds flow side by side: a meld starts a new row only when it would not fit after the last one (the melds
    # a hand ends with vary with the computer's play, and three long runs may each need a row of their own).
    for side in page.locator("#showdown .side").all():
        boxes = side.locator(".meld-group").evaluate_all(
            """els => els.map(e => {
                const r = e.getBoundingClientRect(), row = e.parentElement, box = row.getBoundingClientRect();
                const style = getComputedStyle(row);
                return {top: Math.round(r.top), right: r.right, width: r.width,
                        end: box.right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth),
                        gap: parseFloat(style.columnGap) || 0};
            })""")
        for before, after in itertools.pairwise(boxes):
            if after["top"] != before["top"]:
                assert before["right"] + before["gap"] + after["width"] > after["end"] - 1, (
                    f"a meld started a new row though it fitted after the last one: {boxes}")
    assert view["phase"] == "hand_over"
