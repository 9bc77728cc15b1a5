"""axe-core (from npm) on every screen, in the light and the dark theme: no serious or critical violation."""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import PHONE, create_game, game_storage, wait_idle
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
    for theme in ("light", "dark"):
        found += check_every_screen(server, new_page, axe_source, theme)
    assert not found, "\n".join(found)


def check_every_screen(server: Any, new_page: Any, axe_source: str, theme: str) -> list[str]:
    match = finished_match(server)
    page: Page = new_page(settings={"theme": theme}, storage=game_storage(match), first_visit=True)
    found: list[str] = []
    for screen in ("home", "rules", "settings", "stats"):
        page.goto(f"{server.url}/#/{screen}")
        expect(page.locator(f"#screen-{screen}")).to_be_visible()
        page.wait_for_selector("html[data-ready]")
        page.wait_for_timeout(100)
        found += serious(page, axe_source, f"{theme} {screen}")
    page.click("#matches-list a")
    expect(page.locator("#screen-match")).to_be_visible()
    found += serious(page, axe_source, f"{theme} past match")
    page.goto(f"{server.url}/#/play")
    expect(page.locator("#moment")).to_be_visible()
    found += serious(page, axe_source, f"{theme} match moment")
    page.click("#moment-details")
    expect(page.locator("#tip")).to_be_visible()  # the showdown tip of a first visit
    found += serious(page, axe_source, f"{theme} result with a tip")
    page.click("#review-button")
    expect(page.locator("#screen-review")).to_be_visible()
    page.click("#review-next")
    found += serious(page, axe_source, f"{theme} review")

    game = create_game(server, seed=2)
    table: Page = new_page(settings={"theme": theme}, storage=game_storage(game))
    table.goto(f"{server.url}/#/play")
    expect(table.locator("#screen-table")).to_be_visible()
    wait_idle(table)
    table.click("#pile-view")
    expect(table.locator("#pile-dialog")).to_be_visible()
    found += serious(table, axe_source, f"{theme} discard pile")
    table.keyboard.press("Escape")
    expect(table.locator("#pile-dialog")).to_be_hidden()
    table.click("#actions [data-action=take_upcard]")
    table.wait_for_selector("#hand button.hand-card >> nth=10")
    wait_idle(table)
    table.click("#actions [data-action=hint]")
    table.wait_for_selector("#actions .hinted")
    found += serious(table, axe_source, f"{theme} table")
    phone: Page = new_page(viewport=PHONE, settings={"theme": theme}, storage=game_storage(game))
    phone.goto(f"{server.url}/#/play")
    wait_idle(phone)
    phone.click("#log-toggle")
    expect(phone.locator("#log-panel")).to_be_visible()
    found += serious(phone, axe_source, f"{theme} phone table with the log open")
    return found
