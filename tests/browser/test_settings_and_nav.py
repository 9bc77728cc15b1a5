"""The settings as pickers (swatches, segments, switches, a little table that shows the choices), the screens that
open at their top, and the nav that marks the screen you are on."""

from __future__ import annotations

from typing import Any

import pytest
from browser_helpers import DESKTOP, PHONE, SMALL_PHONE, create_game, game_storage, open_result, wait_idle
from playwright.sync_api import Page, expect
from test_guide_and_history import finished_match

pytestmark = pytest.mark.timeout(180)

PREVIEW_FELT = "getComputedStyle(document.querySelector('#preview-felt')).backgroundImage"
BODY_FELT = "getComputedStyle(document.body).backgroundImage"


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    assert found, selector
    return found


def current_nav(page: Page) -> list[str]:
    names: list[str] = page.eval_on_selector_all("[data-nav][aria-current=page]", "els => els.map(e => e.dataset.nav)")
    return names


@pytest.mark.parametrize("viewport", [SMALL_PHONE, PHONE, DESKTOP], ids=["320", "390", "1280"])
def test_every_choice_is_a_tile_or_switch_of_44_px_or_more(server: Any, new_page: Any,
                                                          viewport: dict[str, int]) -> None:
    page: Page = new_page(viewport=viewport)
    page.goto(server.url + "/#/settings")
    expect(page.locator("#screen-settings")).to_be_visible()
    swatches = page.locator("#settings-form .swatch-picker .option")
    expect(swatches).to_have_count(5 + 3)  # five felts, three backs
    sizes = []
    for control in ("#settings-form .option", "#settings-form .switch-row"):
        for found in page.locator(control).all():
            shape = found.bounding_box()
            assert shape, control
            sizes.append((found.text_content(), round(shape["width"]), round(shape["height"])))
    print(f"{viewport['width']}px: tap targets (name, width, height): {sizes}")
    assert all(width >= 44 and height >= 44 for _, width, height in sizes), sizes
    # A felt tile shows the felt itself, at least 44 px wide, and no name is cut.
    sample = box(page, "#settings-form .felt-sample.felt-blue")
    assert sample["width"] >= 44 and sample["height"] >= 40, sample
    cut = page.eval_on_selector_all("#settings-form .option-name, #settings-form .switch-name, #settings-form legend",
                                    "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent)")
    assert cut == []
    # Each choice's name inside its tile or segment, clear of its edges.
    crowded = page.eval_on_selector_all("#settings-form .option-name", """els => els.filter(e => {
        const name = e.getBoundingClientRect(), tile = e.closest('.option').getBoundingClientRect();
        return name.left < tile.left + 3 || name.right > tile.right - 3; }).map(e => e.textContent)""")
    assert crowded == []
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    # Under the looks: radio groups named by their legends and switches named by their words.
    expect(page.get_by_role("group", name="Table colour").get_by_role("radio")).to_have_count(5)
    expect(page.get_by_role("switch", name="Sound effects")).to_be_checked()
    expect(page.get_by_role("radio", name="Medium")).to_be_checked()


def test_picking_shows_at_once_on_the_little_table_and_on_the_game_table(server: Any, new_page: Any) -> None:
    game = create_game(server, seed=2)
    page: Page = new_page(viewport=PHONE, touch=True, storage=game_storage(game))
    page.goto(server.url + "/#/play")
    wait_idle(page)
    table_felt = page.evaluate(BODY_FELT)
    page.click("[data-nav=settings]")
    expect(page.locator("#screen-settings")).to_be_visible()
    felt = page.evaluate(PREVIEW_FELT)
    page.get_by_role("radio", name="Blue", exact=True).tap()
    expect(page.locator("html")).to_have_attribute("data-felt", "blue")
    expect(page.locator("#preview-words")).to_contain_text("blue felt")
    assert page.evaluate(PREVIEW_FELT) != felt, "the little table kept its felt"
    # The card back, the size, the suits' colours, the melds' side and the scheme show on the little table.
    back = page.evaluate("getComputedStyle(document.querySelector('#preview-felt .card.back')).backgroundImage")
    page.get_by_role("radio", name="Blue waves").tap()
    assert page.evaluate("getComputedStyle(document.querySelector('#preview-felt .card.back')).backgroundImage") != back
    width = box(page, "#preview-felt .preview-hand .card >> nth=0")["width"]
    page.get_by_role("radio", name="Small").tap()
    assert box(page, "#preview-felt .preview-hand .card >> nth=0")["width"] < width
    club = "getComputedStyle(document.querySelector('#preview-felt .suit-C')).color"
    black = page.evaluate(club)
    page.get_by_role("switch", name="Four-colour suits").tap()
    assert page.evaluate(club) != black
    meld, deadwood = box(page, ".preview-meld"), box(page, ".preview-deadwood")
    assert meld["x"] < deadwood["x"]
    page.get_by_role("radio", name="On the right").tap()
    assert box(page, ".preview-meld")["x"] > box(page, ".preview-deadwood")["x"]
    blue = page.evaluate(PREVIEW_FELT)
    page.get_by_role("radio", name="Dark").tap()
    expect(page.locator("html")).to_have_attribute("data-scheme", "dark")
    assert page.evaluate(PREVIEW_FELT) != blue, "the little table did not darken with the scheme"
    # The keyboard: the arrow keys move along a radio group, as anywhere.
    page.get_by_role("radio", name="Blue", exact=True).focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator("html")).to_have_attribute("data-felt", "red")
    expect(page.get_by_role("radio", name="Merlot")).to_be_checked()
    expect(page.get_by_role("radio", name="Merlot")).to_be_focused()
    # The game's table has the felt picked.
    page.go_back()
    expect(page.locator("#screen-table")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-felt", "red")
    assert page.evaluate(BODY_FELT) != table_felt
    saved = page.evaluate("JSON.parse(localStorage.getItem('ginrummy.settings'))")
    assert (saved["felt"], saved["back"], saved["cardSize"], saved["fourColor"], saved["meldSide"], saved["theme"]) == (
        "red", "waves", "small", True, "right", "dark")


def scrolled_down(page: Page) -> float:
    """To the bottom of the page (each screen scrolled here is taller than a phone's screen)."""
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_function("() => window.scrollY > 100")
    down: float = page.evaluate("window.scrollY")
    return down


def at_the_top(page: Page, title: str) -> None:
    """The page at its top, the header and the screen's title in view."""
    page.wait_for_function("() => window.scrollY === 0")
    expect(page.locator(title)).to_be_in_viewport()
    expect(page.locator(".topbar")).to_be_in_viewport()


def test_screens_open_at_their_top(server: Any, new_page: Any) -> None:
    match = finished_match(server)
    page: Page = new_page(viewport=PHONE, storage=game_storage(match))
    page.goto(server.url + "/#/stats")
    expect(page.locator("#matches-list a")).to_have_count(1)
    down = scrolled_down(page)
    page.click("#matches-list a")  # a match opened from Stats: its title in view
    expect(page.locator("#screen-match")).to_be_visible()
    at_the_top(page, "#match-title")
    page.click("#match-sheet a >> nth=0")  # a hand of it
    expect(page.locator("#screen-review")).to_be_visible()
    at_the_top(page, "#review-title")
    page.click("[data-nav=rules]")
    at_the_top(page, "#rules-title")
    expect(page.locator("#variants-list")).to_be_attached()  # the rules' text, fetched as the screen opens
    scrolled_down(page)
    page.click("[data-nav=settings]")
    at_the_top(page, "#settings-title")
    # Drawing the same screen again leaves it where it is: a setting picked far down the page.
    down = scrolled_down(page)
    page.get_by_role("radio", name="Fast").click()
    page.wait_for_timeout(100)
    assert page.evaluate("window.scrollY") == down
    # Back (the browser's) to the rules: at their top too.
    page.go_back()
    expect(page.locator("#screen-rules")).to_be_visible()
    at_the_top(page, "#rules-title")

    # Back to the table from Settings: the header in view.
    game = create_game(server, seed=2)
    table: Page = new_page(viewport=PHONE, storage=game_storage(game))
    table.goto(server.url + "/#/play")
    wait_idle(table)
    table.click("[data-nav=settings]")
    expect(table.locator("#settings-pickers input").first).to_be_attached()  # the screen's module, loaded as it opens
    scrolled_down(table)
    table.go_back()
    expect(table.locator("#screen-table")).to_be_visible()
    at_the_top(table, "#opponent")
    # The skip link goes to the game without leaving the screen.
    table.focus(".skip-link")
    table.keyboard.press("Enter")
    expect(table.locator("#main")).to_be_focused()
    assert table.evaluate("location.hash") == "#/play"
    expect(table.locator("#screen-table")).to_be_visible()


def test_the_nav_marks_the_screen_you_are_on(server: Any, new_page: Any) -> None:
    match = finished_match(server)
    page: Page = new_page(storage=game_storage(match))
    for route, screen, nav in (("#/", "home", "home"), ("#/rules", "rules", "rules"), ("#/stats", "stats", "stats"),
                               ("#/settings", "settings", "settings")):
        page.goto(f"{server.url}/{route}")
        expect(page.locator(f"#screen-{screen}")).to_be_visible()
        assert current_nav(page) == [nav], (screen, current_nav(page))
    # The mark shows: the current link has a bar and a background the others lack.
    marked = page.eval_on_selector("[data-nav=settings]", "e => getComputedStyle(e).boxShadow")
    plain = page.eval_on_selector("[data-nav=stats]", "e => getComputedStyle(e).boxShadow")
    assert marked != plain and marked != "none", (marked, plain)
    page.click("[data-nav=stats]")
    page.click("#matches-list a")
    expect(page.locator("#screen-match")).to_be_visible()
    assert current_nav(page) == ["stats"]
    page.click("#match-sheet a >> nth=0")  # a past match's hand: under Stats
    expect(page.locator("#screen-review")).to_be_visible()
    assert current_nav(page) == ["stats"]
    # The game in play: its table, its result and the review of its hand are under Home, not Stats.
    page.goto(server.url + "/#/play")
    open_result(page)
    assert current_nav(page) == ["home"]
    page.click("#review-button")
    expect(page.locator("#screen-review")).to_be_visible()
    expect(page.locator("#review-back")).to_have_text("Back to the result")
    assert current_nav(page) == ["home"]
    game = create_game(server, seed=2)
    table: Page = new_page(storage=game_storage(game))
    table.goto(server.url + "/#/play")
    wait_idle(table)
    assert current_nav(table) == ["home"]
