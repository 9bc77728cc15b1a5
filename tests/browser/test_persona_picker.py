"""The personas on the home screen: one choice with the levels (one radio group, by keyboard too), each with its
name, its sentence and its rating as the server lists them; the one chosen is remembered, plays the game, and is
named at the table. Screenshots of the picker at a phone's and a computer's size (and the smallest phone's)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_helpers import DESKTOP, PHONE, SMALL_PHONE, wait_idle
from playwright.sync_api import Page, Route, expect

pytestmark = pytest.mark.timeout(180)


def rules(server: Any) -> dict[str, Any]:
    body: dict[str, Any] = httpx.get(f"{server.url}/api/rules").json()
    return body


def option(page: Page, persona: dict[str, Any]) -> Any:
    """A persona's radio button, found by its accessible name."""
    return page.get_by_role("radio", name=f"{persona['name']} · Rating {persona['rating']}", exact=True)


def test_a_persona_is_chosen_with_the_levels_and_named_at_the_table(server: Any, new_page: Any) -> None:
    catalogue = rules(server)
    levels, personas = list(catalogue["levels"]), catalogue["personas"]
    first = personas[0]
    page: Page = new_page()
    sent: list[dict[str, Any]] = []

    def seeded(route: Route) -> None:  # the deal fixed; the level as the page chose it
        body = json.loads(route.request.post_data or "{}")
        sent.append(dict(body))
        route.continue_(post_data=json.dumps({**body, "seed": 4}))

    page.route("**/api/games", seeded)
    page.goto(server.url + "/")
    expect(page.locator("#personas label")).to_have_count(len(personas))
    for persona in personas:
        expect(option(page, persona)).to_have_accessible_description(persona["style"])
    expect(page.locator(f"input[name=level][value={levels[0]}]")).to_be_checked()

    # One choice: the keyboard walks from the last level into the personas, a level unselects a persona.
    page.focus(f"input[name=level][value={levels[-1]}]")
    page.keyboard.press("ArrowRight")
    expect(option(page, first)).to_be_checked()
    expect(option(page, first)).to_be_focused()
    expect(page.locator("#levels input:checked")).to_have_count(0)
    page.check(f"input[name=level][value={levels[0]}]")
    expect(option(page, first)).not_to_be_checked()
    page.get_by_text(first["style"]).click()  # the whole card picks it
    expect(option(page, first)).to_be_checked()
    expect(page.locator("input[name=level]:checked")).to_have_count(1)

    page.click("#play-button")
    expect(page.locator("#screen-table")).to_be_visible()
    assert sent[-1]["level"] == first["id"], sent
    wait_idle(page)
    expect(page.locator("#opp-label")).to_contain_text(f"{first['name']} · 10 cards")
    expect(page.locator("#score-computer")).to_contain_text(first["name"])
    expect(page.locator("#screen-table")).not_to_contain_text("Computer")

    # Remembered: home again shows the game against it, and the same persona chosen.
    page.click("[data-nav=home]")
    expect(page.locator("#continue-summary")).to_contain_text(f"against {first['name']}")
    page.reload()
    expect(option(page, first)).to_be_checked()


@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("desktop", DESKTOP), ("small-phone", SMALL_PHONE)],
                         ids=["390x844", "1280x800", "320x568"])
def test_screenshots_of_the_picker(server: Any, new_page: Any, screenshots: Path, size: str,
                                   viewport: dict[str, int]) -> None:
    personas = rules(server)["personas"]
    page: Page = new_page(viewport=viewport, touch=size == "phone")
    page.goto(server.url + "/")
    expect(page.locator("#personas label")).to_have_count(len(personas))
    option(page, personas[3]).check()
    box = page.locator("#personas").bounding_box()
    assert box and box["width"] <= viewport["width"], "the picker fits the screen's width"
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"], "nothing scrolls sideways"
    # Scrolled so that the levels and the personas are both in sight.
    page.locator("#levels").evaluate("node => node.closest('fieldset').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(150)
    page.screenshot(path=str(screenshots / f"personas-{size}.png"), animations="disabled")
