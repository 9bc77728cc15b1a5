"""axe-core (from npm) on every screen, in the light and the dark theme: no serious or critical violation."""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import PHONE, api_move, create_game, game_storage, server_view, wait_idle
from playwright.sync_api import Page, expect
from test_guide_and_history import finished_match

pytestmark = pytest.mark.timeout(180)

RUN_AXE = """async () => {
  const result = await axe.run(document, { resultTypes: ['violations'] });
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ')),
  }));
}"""


def serious(page: Page, axe_source: str, where: str) -> list[str]:
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(axe_source)  # evaluate is not subject to the page's Content-Security-Policy
    violations = page.evaluate(RUN_AXE)
    return [f"{where}: {v['id']} ({v['impact']}): {v['help']} at {v['nodes']}"
            for v in violations if v["impact"] in ("serious", "critical")]


def test_no_serious_accessibility_violations(server: Any, new_page: Any, axe_source: str) -> None:
    found: list[str] = []
    checked: list[str] = []
    for theme in ("light", "dark"):
        found += check_every_screen(server, new_page, axe_source, theme, checked)
    print(f"axe ran on {len(checked)} screens: {', '.join(checked)}")
    assert not found, "\n".join(found)


def draw_turn(server: Any) -> dict[str, Any]:
    """A game where it is the person's turn to draw (both passed on the upcard)."""
    game = create_game(server, seed=6)
    while any(a["kind"] == "pass" for a in server_view(server, game)["legal_actions"]):
        api_move(server, game, "pass")
    return game


def check_every_screen(server: Any, new_page: Any, axe_source: str, theme: str, checked: list[str]) -> list[str]:
    """Every routed screen (home, help, settings, stats, a past match and its hand's review, the match's moment,
    the result, the review of the hand in play, the table at the upcard, the draw and the discard, the dialogs),
    and the phone's table, settings and home, waiting for someone to play, and the leaderboards."""
    found: list[str] = []

    def axe(page: Page, where: str) -> None:
        checked.append(f"{theme} {where}")
        found.extend(serious(page, axe_source, f"{theme} {where}"))

    match = finished_match(server)
    page: Page = new_page(settings={"theme": theme}, storage=game_storage(match), first_visit=True)
    for screen in ("home", "rules", "settings", "stats"):
        page.goto(f"{server.url}/#/{screen}")
        expect(page.locator(f"#screen-{screen}")).to_be_visible()
        page.wait_for_selector("html[data-ready]")
        if screen == "home":  # the levels and the personas, once the server has listed them
            expect(page.locator("#personas label").first).to_be_visible()
        page.wait_for_timeout(100)
        axe(page, screen)
    page.click("#matches-list a")
    expect(page.locator("#screen-match")).to_be_visible()
    axe(page, "past match")
    page.click("#match-sheet a >> nth=0")
    expect(page.locator("#screen-review")).to_be_visible()
    axe(page, "review of a past match's hand")
    page.goto(f"{server.url}/#/play")
    expect(page.locator("#moment")).to_be_visible()
    axe(page, "match moment")
    page.click("#moment-details")
    expect(page.locator("#tip")).to_be_visible()  # the showdown tip of a first visit
    axe(page, "result with a tip")
    page.click("#review-button")
    expect(page.locator("#screen-review")).to_be_visible()
    page.click("#review-next")
    axe(page, "review of the hand in play")

    game = create_game(server, seed=2)
    table: Page = new_page(settings={"theme": theme}, storage=game_storage(game))
    table.goto(f"{server.url}/#/play")
    expect(table.locator("#screen-table")).to_be_visible()
    wait_idle(table)
    axe(table, "table at the upcard")
    table.click("#pile-view")
    expect(table.locator("#pile-dialog")).to_be_visible()
    axe(table, "discard pile")
    table.keyboard.press("Escape")
    expect(table.locator("#pile-dialog")).to_be_hidden()
    table.click("#actions [data-action=take_upcard]")
    table.wait_for_selector("#hand button.hand-card >> nth=10")
    wait_idle(table)
    table.click("#actions [data-action=hint]")
    table.wait_for_selector("#actions .hinted")
    axe(table, "table at the discard")
    drawing: Page = new_page(settings={"theme": theme}, storage=game_storage(draw_turn(server)))
    drawing.goto(f"{server.url}/#/play")
    wait_idle(drawing)
    expect(drawing.locator("#actions [data-action=draw_stock]")).to_be_visible()
    axe(drawing, "table at the draw")

    phone: Page = new_page(viewport=PHONE, touch=True, settings={"theme": theme}, storage=game_storage(game))
    phone.goto(f"{server.url}/#/play")
    wait_idle(phone)
    phone.click("#log-toggle")
    expect(phone.locator("#log-panel")).to_be_visible()
    axe(phone, "phone table with the log open")
    phone.click("[data-nav=settings]")
    expect(phone.locator("#screen-settings")).to_be_visible()
    phone.get_by_role("switch", name="Four-colour suits").tap()
    axe(phone, "phone settings")
    phone.click("[data-nav=home]")
    expect(phone.locator("#continue-button")).to_be_visible()
    axe(phone, "phone home with a game to continue")
    host: Page = new_page(viewport=PHONE, touch=True, settings={"theme": theme})
    host.goto(f"{server.url}/#/")
    host.click("#friend-button")
    expect(host.locator("#invite")).to_be_visible()
    axe(host, "phone invite for a friend")
    seeker: Page = new_page(viewport=PHONE, touch=True, settings={"theme": theme})
    seeker.goto(f"{server.url}/#/")
    seeker.click("#someone-button")
    expect(seeker.locator("#seek-line")).to_contain_text("Looking for someone")
    axe(seeker, "phone waiting for someone to play")
    seeker.click("#seek-cancel")
    expect(seeker.locator("#me-line")).to_be_visible()
    seeker.click("#handle-edit")
    expect(seeker.locator("#handle-input")).to_be_focused()
    axe(seeker, "phone home, changing the handle")
    seeker.goto(f"{server.url}/#/leaderboard")
    expect(seeker.locator("#leaders-you")).to_contain_text("rating")
    axe(seeker, "phone leaderboards")
    return found
