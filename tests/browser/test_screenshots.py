"""Every screen at a computer's and a phone's size, saved to artifacts/screenshots/ (and the two tables side by
side, the picture the README shows as docs/table.png), the table and home on the smallest phone, the settings in
both schemes, and the coach's panels."""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_helpers import (
    DESKTOP,
    PHONE,
    SMALL_PHONE,
    create_game,
    game_storage,
    hand_with_a_mistake,
    open_result,
    server_view,
    wait_idle,
)
from playwright.sync_api import Page, expect
from test_guide_and_history import finished_match

pytestmark = pytest.mark.timeout(240)
SIZES = {"desktop": DESKTOP, "phone": PHONE}


def shoot(page: Page, folder: Path, name: str, whole: bool = False) -> Path:
    """The screen as it opens (at its top), or with ``whole`` the whole page."""
    page.wait_for_timeout(150)
    path = folder / name
    page.screenshot(path=str(path), animations="disabled", full_page=whole)
    return path


def test_every_screen_at_both_sizes(server: Any, new_page: Any, screenshots: Path) -> None:
    match = finished_match(server)
    tables: dict[str, Path] = {}
    for size, viewport in SIZES.items():
        page: Page = new_page(viewport=viewport, touch=size == "phone", first_visit=True, storage=game_storage(match))
        page.goto(server.url + "/#/play")
        expect(page.locator("#moment")).to_be_visible()
        shoot(page, screenshots, f"match-moment-{size}.png")
        page.click("#moment-details")
        shoot(page, screenshots, f"result-{size}.png")
        page.click("#review-button")
        expect(page.locator("#screen-review")).to_be_visible()
        page.click("#review-next")
        shoot(page, screenshots, f"review-{size}.png")
        for screen in ("rules", "settings", "stats"):
            page.goto(f"{server.url}/#/{screen}")
            expect(page.locator(f"#screen-{screen}")).to_be_visible()
            if screen == "stats":
                expect(page.locator("#matches-list li")).to_have_count(1)
            shoot(page, screenshots, f"{screen}-{size}.png")
            if screen != "rules":
                shoot(page, screenshots, f"{screen}-whole-{size}.png", whole=True)
        page.click("#matches-list a")
        expect(page.locator("#screen-match")).to_be_visible()
        shoot(page, screenshots, f"match-{size}.png")
        page.click("#match-sheet a >> nth=0")
        expect(page.locator("#screen-review")).to_be_visible()
        shoot(page, screenshots, f"review-past-match-{size}.png")
        # The settings in the dark scheme, the whole page: every picker and the little table.
        dark: Page = new_page(viewport=viewport, touch=size == "phone", settings={"theme": "dark"})
        dark.goto(f"{server.url}/#/settings")
        expect(dark.locator("#preview-felt .card")).to_have_count(4 + 2 + 5)
        shoot(dark, screenshots, f"settings-dark-{size}.png")
        shoot(dark, screenshots, f"settings-dark-whole-{size}.png", whole=True)

        # A game in its discard phase, a card selected; and the home screen with that game to continue.
        game = create_game(server, seed=6)
        headers = {"Authorization": f"Bearer {game['seat_token']}"}
        while any(a["kind"] == "pass" for a in server_view(server, game)["legal_actions"]):
            httpx.post(f"{server.url}/api/games/{game['game_id']}/pass", headers=headers).raise_for_status()
        httpx.post(f"{server.url}/api/games/{game['game_id']}/draw", json={"source": "stock"},
                   headers=headers).raise_for_status()
        table: Page = new_page(viewport=viewport, touch=size == "phone", storage=game_storage(game))
        table.goto(server.url + "/#/play")
        wait_idle(table)
        table.click("#actions [data-action=hint]")
        table.wait_for_selector("#actions .hinted")
        tables[size] = shoot(table, screenshots, f"table-{size}.png")
        table.goto(server.url + "/#/")
        expect(table.locator("#continue-button")).to_be_visible()
        shoot(table, screenshots, f"home-{size}.png")
        # The guided first hand, on a first visit.
        guided: Page = new_page(viewport=viewport, touch=size == "phone", first_visit=True)
        guided.goto(server.url + "/")
        shoot(guided, screenshots, f"home-first-visit-{size}.png")
        guided.click("#play-button")
        expect(guided.locator("#tip")).to_be_visible()
        wait_idle(guided)
        shoot(guided, screenshots, f"table-first-tip-{size}.png")

    # The smallest phone: the table at the discard and the home screen with the game to continue.
    small: Page = new_page(viewport=SMALL_PHONE, touch=True, storage=game_storage(game))
    small.goto(server.url + "/#/play")
    wait_idle(small)
    shoot(small, screenshots, "table-small-phone.png")
    small.click("[data-nav=home]")
    expect(small.locator("#continue-button")).to_be_visible()
    shoot(small, screenshots, "home-small-phone.png")

    # Both tables side by side, for the README.
    pictures = "".join(f'<img src="data:image/png;base64,{base64.b64encode(tables[s].read_bytes()).decode()}">'
                       for s in ("phone", "desktop"))
    page = new_page(viewport={"width": 390 + 1280 + 72, "height": 844 + 48})
    page.set_content("<body style='margin:0;padding:24px;background:#0b2a1c;display:flex;gap:24px;"
                     f"align-items:flex-start'>{pictures}</body>")
    page.screenshot(path=str(screenshots / "table-phone-and-desktop.png"))
    shot = {path.name for path in screenshots.glob("*.png")}
    screens = ("home", "home-first-visit", "table", "table-first-tip", "match-moment", "result", "review",
               "review-past-match", "rules", "settings", "settings-dark", "stats", "match")
    missing = [f"{name}-{size}.png" for name in screens for size in SIZES if f"{name}-{size}.png" not in shot]
    assert not missing, missing


def test_the_coach_at_both_sizes(server: Any, new_page: Any, screenshots: Path) -> None:
    """The coach's panel on a hand with a mistake, its mark in the review, and a finished match's summary."""
    game, _ = hand_with_a_mistake(server)
    match = finished_match(server)
    for size, viewport in SIZES.items():
        page: Page = new_page(viewport=viewport, touch=size == "phone", storage=game_storage(game))
        page.goto(server.url + "/#/play")
        open_result(page)
        page.click("#coach-button")
        expect(page.locator("#coach-worst")).to_be_visible()
        expect(page.locator("#coach-why")).to_contain_text("more on average")
        page.locator("#coach").scroll_into_view_if_needed()
        shoot(page, screenshots, f"coach-{size}.png")
        print(f"\ncoach-{size}.png: {page.inner_text('#coach-worst')}")
        page.click("#coach-review")
        expect(page.locator("#review-coach")).to_contain_text("The coach marks mistakes at move")
        step = (page.text_content("#review-coach") or "").split("move ")[1].split(",")[0].rstrip(".")
        page.fill("#review-range", step)
        expect(page.locator("#review-mark")).to_be_visible()
        shoot(page, screenshots, f"review-coach-{size}.png")

        over: Page = new_page(viewport=viewport, touch=size == "phone", storage=game_storage(match))
        over.goto(server.url + "/#/play")
        open_result(over)
        over.click("#coach-match-button")
        expect(over.locator("#coach-match-status")).to_contain_text("Hands reviewed")
        over.locator("#coach-match").scroll_into_view_if_needed()
        shoot(over, screenshots, f"coach-match-{size}.png")
