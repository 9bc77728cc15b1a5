"""The hand's flow on the table: the showdown laid out on the felt (the layoffs moving onto the knocker's melds, the
deadwood set apart), the result sheet rising over it, the computer's move captioned by its hand and the move log
newest first. (One tap to discard with fresh settings: test_table.py.)"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_helpers import (
    DESKTOP,
    PHONE,
    ROUTES,
    SUITS,
    create_game,
    game_storage,
    my_draw_turn,
    server_view,
    version,
    wait_idle,
    wait_move,
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.timeout(300)

LAYOFF_SEED = 61  # following the hints, you often knock early and the computer may lay a card off on your melds


def to_my_knock(server: Any, game: dict[str, Any]) -> str | None:
    """Follow the hints through the API until the hint is to knock: that card, or None if the hand ended first."""
    headers = {"Authorization": f"Bearer {game['seat_token']}"}
    base = f"{server.url}/api/games/{game['game_id']}"
    for _ in range(100):
        action = httpx.get(f"{base}/hint", headers=headers).json()["action"]
        if action["kind"] == "knock":
            return str(action["card"])
        body = {key: action[key] for key in ("card", "source") if key in action}
        response = httpx.post(f"{base}/{ROUTES.get(action['kind'], action['kind'])}", json=body, headers=headers)
        response.raise_for_status()
        if response.json()["view"]["phase"] in ("hand_over", "match_over"):
            return None
    raise AssertionError("no knock in 100 moves")


def cards_in(page: Page, selector: str) -> list[str]:
    found: list[str] = page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.card)")
    return found


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280x800", "390x844"])
def test_a_knock_is_laid_out_on_the_felt_and_the_layoff_moves(server: Any, new_page: Any, viewport: dict[str, int],
                                                                 screenshots: Path) -> None:
    size = "phone" if viewport["width"] < 800 else "desktop"
    # The computer's play has its own random stream: a few deals until a knock of yours brings a layoff.
    for _attempt in range(24):
        game = create_game(server, seed=LAYOFF_SEED)
        card = to_my_knock(server, game)
        if card is None:
            continue
        page: Page = new_page(viewport=viewport, settings={"speed": "slow"}, storage=game_storage(game))
        page.goto(server.url + "/#/play")
        wait_idle(page)
        page.click(f"#hand [data-card='{card}']")  # one tap on a card that could knock asks first
        expect(page.locator("#confirm-alt")).to_have_text("Just discard")
        page.click("#confirm-ok")
        # Both hands laid out on the table itself, the route unchanged.
        expect(page.locator("#screen-table")).to_be_visible()
        expect(page.locator("#showdown")).to_be_visible()
        assert page.url.endswith("#/play"), page.url
        knocker = page.locator("#showdown .side.knocker")
        defender = page.locator("#showdown .side.defender")
        expect(knocker).to_have_class(re.compile(r"\bmine\b"))
        expect(knocker.locator(".meld-group").first).to_be_visible()
        expect(defender.locator(".meld-group").first).to_be_visible()
        view = server_view(server, game)
        show = view["result"]["showdown"]
        if not show["layoffs"]:
            continue  # no layoff this time: deal again
        laid = [x["card"] for x in show["layoffs"]]
        # First the layoff is in the computer's deadwood, loose, under its count before the layoffs ...
        expect(page.locator("#showdown")).to_have_attribute("data-stage", "laid")
        expect(defender.locator(".deadwood-count")).to_have_text(f"Deadwood {show['defender_deadwood_before_layoffs']}")
        assert set(laid) <= set(cards_in(page, "#showdown .defender .deadwood-set .card"))
        page.screenshot(path=str(screenshots / f"showdown-laid-{size}.png"))
        outside = page.evaluate("""() => [...document.querySelectorAll('#showdown .card')].filter((card) => {
          const r = card.getBoundingClientRect();
          return r.left < -1 || r.right > innerWidth + 1;
        }).map((c) => c.dataset.card)""")
        assert outside == [], f"cards off the screen's width: {outside}"
        # ... then it has moved onto your melds, and the deadwood is counted again.
        for code in laid:
            expect(knocker.locator(f".meld-group [data-card='{code}']")).to_have_class(re.compile(r"\blaid-off\b"))
        expect(defender.locator(".deadwood-count")).to_have_text(f"Deadwood {show['defender_deadwood']}")
        assert not set(laid) & set(cards_in(page, "#showdown .defender .card"))
        # The deadwood is set apart: loose cards under their count, in no meld box.
        expect(knocker.locator(".deadwood-count")).to_have_text(f"Deadwood {show['knocker_deadwood']}")
        loose = cards_in(page, "#showdown .knocker .deadwood-set .card")
        assert sorted(loose) == sorted(show["knocker_deadwood_cards"])
        assert page.locator("#showdown .deadwood-set .meld-group, #showdown .meld-group .deadwood-set").count() == 0
        # The points line names who scores: you, or the computer when its layoffs let it undercut your knock.
        mine = view["result"]["winner"] == view["seat"]
        expect(page.locator("#showdown-points")).to_contain_text("to you" if mine else "to the computer")
        # Then the result sheet rises over the felt, its main button focused; the laid-out hands stay beneath.
        expect(page.locator("#screen-result")).to_be_visible()
        expect(page.locator("#screen-table")).to_be_visible()
        for button in ("#next-hand-button", "#sheet-button", "#review-button"):
            expect(page.locator(button)).to_be_visible()
        page.wait_for_function("() => document.activeElement.id === 'next-hand-button'")
        page.screenshot(path=str(screenshots / f"showdown-sheet-{size}.png"), animations="disabled")
        assert page.url.endswith("#/play"), page.url
        sheet = page.locator("#screen-result").bounding_box()
        assert sheet and sheet["y"] > viewport["height"] * .4, f"the sheet covers the felt: {sheet}"
        # The score sheet is one tap away.
        page.click("#sheet-button")
        expect(page.locator("#score-sheet")).to_be_in_viewport()
        # A reload shows the same table, laid out at once, with the sheet over it.
        page.reload()
        expect(page.locator("#screen-result")).to_be_visible()
        expect(page.locator("#screen-table")).to_be_visible()
        expect(page.locator("#showdown")).to_have_attribute("data-stage", "done")
        for code in laid:
            expect(page.locator(f"#showdown .knocker .meld-group [data-card='{code}']")).to_be_visible()
        count = page.locator("#showdown .defender .deadwood-count")
        expect(count).to_have_text(f"Deadwood {show['defender_deadwood']}")
        return
    raise AssertionError("no knock with a layoff in 24 deals")


def test_the_computer_move_is_captioned_and_the_log_is_newest_first(server: Any, new_page: Any,
                                                                    screenshots: Path) -> None:
    game = my_draw_turn(server)
    page: Page = new_page(viewport=PHONE, settings={"speed": "fast"}, storage=game_storage(game))
    page.goto(server.url + "/#/play")
    wait_idle(page)
    before = version(page)
    page.click("#stock")
    wait_move(page, before)
    expect(page.locator("#opp-caption")).to_be_hidden()  # your own move says nothing by their hand
    view = server_view(server, game)
    plain = next(o["card"] for o in view["discard_options"] if not o["can_knock"] and o["card"] != view["taken_card"])
    before = version(page)
    page.click(f"#hand [data-card='{plain}']", position={"x": 6, "y": 20})  # its visible edge: the hand overlaps
    wait_move(page, before)
    wait_idle(page)
    view = server_view(server, game)
    if view["phase"] in ("hand_over", "match_over"):
        pytest.fail("the computer ended the hand at once: choose another seed")
    thrown = view["discards"][1][-1]
    words = f"discarded {thrown[0].replace('T', '10')}{SUITS[thrown[1]]}"
    caption = page.locator("#opp-caption")
    expect(caption).to_be_visible()
    expect(caption).to_have_text(re.compile(rf"^(Drew from the stock|Took your \S+|Took \S+ from the pile), {words}$"))
    page.screenshot(path=str(screenshots / "caption-phone.png"))
    # The log: the newest move first (the computer's discard), the deal last.
    page.click("#log-toggle")  # on a phone the log is behind Moves
    expect(page.locator("#log-panel")).to_be_visible()
    expect(page.locator("#log li").first).to_have_text(f"The computer {words}.")
    expect(page.locator("#log li").last).to_contain_text("Hand 1")
    page.screenshot(path=str(screenshots / "log-newest-first-phone.png"))
    page.click("#log-toggle")
    # The caption stays until your next move.
    before = version(page)
    page.click("#stock")
    wait_move(page, before)
    expect(caption).to_be_hidden()


WATCH_TAKE = """() => {
  // Every frame: a card flying to the computer's hand that its label already names is a label ahead of the table.
  window.__seen = []; window.__early = [];
  const frame = () => {
    for (const card of document.querySelectorAll('.flying[data-card]')) {
      const name = card.querySelector('.corner').dataset.r + card.querySelector('.corner').dataset.s;
      window.__seen.push(name);
      if (document.querySelector('#opp-label').textContent.includes(`holds`)
          && document.querySelector('#opp-label').textContent.split('holds')[1].split(' ').includes(name)) {
        window.__early.push(name);
      }
    }
    window.__watching = requestAnimationFrame(frame);
  };
  frame();
}"""


def test_the_label_names_a_taken_card_only_once_its_flight_lands(server: Any, new_page: Any) -> None:
    # The computer takes your discard now and then: a few turns (and deals) until it does.
    for _deal in range(4):
        game = my_draw_turn(server)
        page: Page = new_page(settings={"speed": "normal"}, storage=game_storage(game))
        page.goto(server.url + "/#/play")
        for _turn in range(6):
            wait_idle(page)
            if server_view(server, game)["phase"] != "draw":
                break
            before = version(page)
            page.click("#stock")
            wait_move(page, before)
            view = server_view(server, game)
            plain = next(o["card"] for o in view["discard_options"]
                         if not o["can_knock"] and o["card"] != view["taken_card"])
            page.evaluate(WATCH_TAKE)
            before = version(page)
            page.click(f"#hand [data-card='{plain}']")
            wait_move(page, before)
            wait_idle(page)
            page.evaluate("() => cancelAnimationFrame(window.__watching)")
            caption = page.text_content("#opp-caption") or ""
            if caption.startswith("Took your"):
                taken = caption.split()[2].rstrip(",")
                assert taken in page.evaluate("() => window.__seen"), "the take was shown as a flight"
                assert page.evaluate("() => window.__early") == [], "the label named the card before it landed"
                expect(page.locator("#opp-label")).to_contain_text(re.compile(rf"holds .*{re.escape(taken)}"))
                return
    raise AssertionError("the computer took none of your discards")
