"""axe-core (from npm) on every screen, in the light and the dark theme: no serious or critical violation."""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import create_game, finish_hand_by_api, game_storage, wait_idle
from playwright.sync_api import Page, expect

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
    game = create_game(server, seed=2)
    page: Page = new_page(settings={"theme": theme}, storage=game_storage(game))
    found: list[str] = []
    for screen in ("home", "rules", "settings", "stats"):
        page.goto(f"{server.url}/#/{screen}")
        expect(page.locator(f"#screen-{screen}")).to_be_visible()
        page.wait_for_selector("html[data-ready]")
        page.wait_for_timeout(100)
        found += serious(page, axe_source, f"{theme} {screen}")

    page.goto(f"{server.url}/#/play")
    expect(page.locator("#screen-table")).to_be_visible()
    wait_idle(page)
    page.click("#pile-view")
    expect(page.locator("#pile-dialog")).to_be_visible()
    found += serious(page, axe_source, f"{theme} discard pile")
    page.keyboard.press("Escape")
    expect(page.locator("#pile-dialog")).to_be_hidden()
    page.click(".actions [data-action=take_upcard]")
    page.wait_for_selector("#hand button.hand-card >> nth=10")
    wait_idle(page)
    page.click(".actions [data-action=hint]")
    page.wait_for_selector("#hint-line:not([hidden])")
    found += serious(page, axe_source, f"{theme} table")

    finish_hand_by_api(server, game)
    page.goto(f"{server.url}/#/")
    page.goto(f"{server.url}/#/play")
    expect(page.locator("#screen-result")).to_be_visible()
    found += serious(page, axe_source, f"{theme} result")
    page.click("#review-button")
    expect(page.locator("#screen-review")).to_be_visible()
    page.click("#review-next")
    found += serious(page, axe_source, f"{theme} review")
    return found
