"""Playing through the page: a whole hand, the taken card, reload and resume, the keyboard alone, a match."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_helpers import (
    DESKTOP,
    PHONE,
    PageErrors,
    create_game,
    game_storage,
    key_to_card,
    live_actions,
    play_hand,
    seed_requests_with,
    server_view,
    step_through_review,
    tab_to,
    version,
    wait_idle,
    wait_move,
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.timeout(180)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_whole_hand_through_the_ui(server: Any, new_page: Any, size: str) -> None:
    # The desktop run shows the computer's moves animated; the phone run skips the pauses.
    page: Page = new_page(viewport=DESKTOP if size == "desktop" else PHONE,
                          settings={"speed": "fast" if size == "desktop" else "off"})
    seed_requests_with(page, seed=4)
    page.goto(server.url + "/")
    expect(page.locator("#home-title")).to_be_visible()
    page.check("input[name=level][value=easy]")
    page.click("#play-button")
    expect(page.locator("#screen-table")).to_be_visible()
    wait_idle(page)
    expect(page.locator("#hand button.hand-card")).to_have_count(10)
    expect(page.locator("#opp-label")).to_contain_text("Computer · 10 cards")

    moves = play_hand(page)
    assert moves > 0
    expect(page.locator("#screen-result")).to_be_visible()
    expect(page.locator("#result-headline")).not_to_be_empty()
    arithmetic = page.text_content("#result-arithmetic") or ""
    assert re.search(r"(=|Nobody scores)", arithmetic), arithmetic
    if "=" in arithmetic:
        assert arithmetic.endswith(("to you", "to the computer")), arithmetic
    expect(page.locator("#showdown .side")).to_have_count(2)
    expect(page.locator("#score-sheet tbody tr")).to_have_count(1)

    # Review: every move of the hand, both hands face up.
    page.click("#review-button")
    step_through_review(page)
    page.click("#review-prev")
    page.click("#review-back")
    expect(page.locator("#screen-result")).to_be_visible()

    if size == "desktop":
        # The hand is on the stats screen and in its chart.
        page.click("[data-nav=stats]")
        expect(page.locator("#stats-grid .stat").first).to_be_visible()
        expect(page.locator("#stats-chart svg")).to_have_count(1)
        expect(page.locator("#matches-list li")).to_have_count(1)
        expect(page.locator("#matches-list li")).to_contain_text("In progress")
        # Next hand deals a fresh hand on the table.
        page.click("[data-nav=home]")
        page.click("#continue-button")
        expect(page.locator("#screen-result")).to_be_visible()
        before = version(page)
        page.click("#next-hand-button")
        wait_move(page, before)
        expect(page.locator("#screen-table")).to_be_visible()
        expect(page.locator("#hand-line")).to_contain_text("Hand 2")
        expect(page.locator("#hand button.hand-card")).to_have_count(10)


def test_taken_upcard_cannot_be_discarded(server: Any, new_page: Any, page_errors: PageErrors) -> None:
    game = create_game(server, seed=2)  # you start; the upcard is K♦ and you hold K♣
    view = game["view"]
    assert {a["kind"] for a in view["legal_actions"]} == {"take_upcard", "pass"}
    upcard = view["discard_pile"][-1]
    page: Page = new_page(settings={"singleTap": False}, storage=game_storage(game))  # a tap selects
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.goto(server.url + "/#/play")
    expect(page.locator("#screen-table")).to_be_visible()
    expect(page.locator("#actions [data-action=take_upcard]")).to_be_visible()
    expect(page.locator("#actions [data-action=draw_stock]")).to_be_hidden()
    before = version(page)
    page.click("#actions [data-action=take_upcard]")
    wait_move(page, before)

    taken = page.locator(f"#hand button[data-card='{upcard}']")
    expect(taken).to_have_class(re.compile(r"\btaken\b"))
    expect(taken).to_have_attribute("aria-label", re.compile("just taken from the pile"))
    taken.click()
    expect(taken).to_have_attribute("aria-pressed", "true")
    for name in ("discard", "knock", "gin"):
        expect(page.locator(f"#actions [data-action={name}]")).to_be_hidden()
    expect(page.locator("#feedback")).to_contain_text("can't be discarded")
    sent = len(posts)
    taken.click()  # a second tap discards any other card, but not this one: it shakes and says why
    expect(page.locator("#feedback")).to_have_attribute("data-kind", "error")
    expect(page.locator("#feedback")).to_contain_text("can't be discarded this turn")
    page.wait_for_timeout(200)
    assert len(posts) == sent, "a refused discard must not reach the server"
    assert len(server_view(server, game)["hand"]) == 11
    expect(page.locator("#hand button.hand-card")).to_have_count(11)

    other = next(c for c in server_view(server, game)["hand"] if c != upcard)
    page.click(f"#hand button[data-card='{other}']")
    expect(page.locator("#actions [data-action=discard]")).to_be_visible()
    before = version(page)
    page.click("#actions [data-action=discard]")
    wait_move(page, before)
    assert other in server_view(server, game)["discard_pile"] or server_view(server, game)["phase"] != "discard"


def test_a_move_made_before_the_log_arrives_keeps_the_whole_log(server: Any, new_page: Any) -> None:
    game = create_game(server, seed=6)  # the computer starts: the log opens with the deal and its first choice
    page: Page = new_page(storage=game_storage(game))
    held: list[Any] = []
    page.route(re.compile(r".*/events(\?.*)?$"), lambda route: held.append(route))  # the hand's log is held back
    page.goto(server.url + "/#/play")
    wait_idle(page)
    while "pass" in live_actions(page):  # pass if offered the upcard, then draw
        before = version(page)
        page.click("#actions [data-action=pass]")
        wait_move(page, before)
    before = version(page)
    page.click("#actions [data-action=draw_stock]")
    wait_move(page, before)
    assert held, "the table asks for the hand's log"
    moved = page.eval_on_selector_all("#log li", "els => els.map(e => e.textContent)")
    for route in held:
        route.continue_()
    page.unroute(re.compile(r".*/events(\?.*)?$"))
    # The log read at opening comes in late: it goes before (below, newest first) the moves shown since, and none
    # is shown twice.
    expect(page.locator("#log li").last).to_contain_text("Hand 1")
    shown = page.eval_on_selector_all("#log li", "els => els.map(e => e.textContent)")
    assert shown[:len(moved)] == moved and len(shown) > len(moved), shown
    page.reload()
    wait_idle(page)
    expect(page.locator("#log li")).to_have_count(len(shown))


def test_reload_resumes_where_the_hand_was(server: Any, new_page: Any) -> None:
    game = create_game(server, seed=6)  # the computer starts; you draw first
    page: Page = new_page(settings={"singleTap": False}, storage=game_storage(game))  # select, then Discard
    page.goto(server.url + "/#/play")
    expect(page.locator("#screen-table")).to_be_visible()
    wait_idle(page)
    # Pass if offered the upcard, then draw and discard; then arrange the hand in an order of our own.
    while "pass" in live_actions(page):
        before = version(page)
        page.click("#actions [data-action=pass]")
        wait_move(page, before)
    before = version(page)
    page.click("#actions [data-action=draw_stock]")
    wait_move(page, before)
    page.click("#hand button.hand-card >> nth=0")
    before = version(page)
    page.click("#actions [data-action=discard]")
    wait_move(page, before)
    page.click("[data-sort=suit]")
    order = "els => els.map(e => e.dataset.card)"
    cards = page.eval_on_selector_all("#hand button.hand-card", order)
    # Drag the first card past the third (mouse), then move it one place back (keyboard).
    start = page.locator(f"#hand button[data-card='{cards[0]}']").bounding_box()
    end = page.locator(f"#hand button[data-card='{cards[2]}']").bounding_box()
    assert start and end
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(end["x"] + end["width"] * 0.8, end["y"] + end["height"] / 2, steps=8)
    page.mouse.up()
    dragged = page.eval_on_selector_all("#hand button.hand-card", order)
    assert dragged[:3] == [cards[1], cards[2], cards[0]], dragged
    expect(page.locator("[data-sort=suit]")).to_have_attribute("aria-pressed", "false")  # now your own order
    key_to_card(page, cards[0])
    page.keyboard.press("Shift+ArrowLeft")
    arranged = page.eval_on_selector_all("#hand button.hand-card", order)
    assert arranged[:3] == [cards[1], cards[0], cards[2]], arranged
    assert page.evaluate("document.activeElement.dataset.card") == cards[0]  # the moved card keeps the focus
    table = {sel: page.text_content(sel) for sel in ("#stock-label", "#score-line", "#prompt", "#deadwood-line",
                                                     "#hand-line", "#opp-label")}
    log = page.eval_on_selector_all("#log li", "els => els.map(e => e.textContent)")
    assert log

    page.reload()
    expect(page.locator("#screen-table")).to_be_visible()
    wait_idle(page)
    expect(page.locator("#hand button.hand-card")).to_have_count(len(arranged))
    assert page.eval_on_selector_all("#hand button.hand-card", "els => els.map(e => e.dataset.card)") == arranged
    for selector, text in table.items():
        expect(page.locator(selector)).to_have_text(text or "")
    expect(page.locator("#log li")).to_have_count(len(log))
    assert page.eval_on_selector_all("#log li", "els => els.map(e => e.textContent)") == log

    # Coming back later to the home page offers to continue the same game.
    page.goto(server.url + "/")
    expect(page.locator("#continue-button")).to_be_visible()
    expect(page.locator("#continue-summary")).to_contain_text("Hand 1")
    page.click("#continue-button")
    expect(page.locator("#screen-table")).to_be_visible()
    wait_idle(page)
    expect(page.locator("#hand button.hand-card")).to_have_count(len(arranged))
    assert page.eval_on_selector_all("#hand button.hand-card", "els => els.map(e => e.dataset.card)") == arranged


def test_a_hand_with_the_keyboard_alone(server: Any, new_page: Any) -> None:
    page: Page = new_page()
    seed_requests_with(page, seed=13)
    page.goto(server.url + "/")
    expect(page.locator("#home-title")).to_be_visible()
    # Deal from the home page with the keyboard.
    tab_to(page, "el.id === 'play-button'")
    page.keyboard.press("Enter")
    expect(page.locator("#screen-table")).to_be_visible()
    wait_idle(page)
    # Focus is visible: the focused control draws an outline.
    tab_to(page, "['pass', 'take_upcard', 'draw_stock'].includes(el.dataset.action)")
    outline = page.evaluate("(() => { const s = getComputedStyle(document.activeElement); "
                            "return [s.outlineStyle, parseFloat(s.outlineWidth)]; })()")
    assert outline[0] != "none" and outline[1] >= 2, outline
    moves = play_hand(page, keyboard=True)
    assert moves > 0
    expect(page.locator("#screen-result")).to_be_visible()
    # The result sheet's main button has the focus (the outcome is announced once); N deals the next hand.
    assert page.evaluate("document.activeElement.id") == "next-hand-button"
    before = version(page)
    page.keyboard.press("n")
    wait_move(page, before)
    expect(page.locator("#screen-table")).to_be_visible()
    expect(page.locator("#hand-line")).to_contain_text("Hand 2")


def test_match_result(server: Any, new_page: Any) -> None:
    game = create_game(server, seed=4, settings={"target": 1})
    page: Page = new_page(storage=game_storage(game))
    page.goto(server.url + "/#/play")
    expect(page.locator("#screen-table")).to_be_visible()
    for _ in range(4):  # a hand with no score does not end the match: play until one does
        play_hand(page)
        if page.locator("#moment").is_visible():
            break
        before = version(page)
        page.click("#next-hand-button")
        wait_move(page, before)
    # The match has its own moment first: a celebration or a consolation, with Play again as the first button.
    expect(page.locator("#moment")).to_be_visible()
    expect(page.locator("#result-body")).to_be_hidden()
    expect(page.locator("#moment-title")).to_have_text(re.compile(r"(You win the match!|The computer wins this match)"))
    expect(page.locator("#moment-score")).to_contain_text("Computer")
    assert page.evaluate("document.activeElement.id") == "play-again"  # the moment's main button
    first = page.eval_on_selector("#moment .result-actions", "el => el.querySelector('button, a').id")
    assert first == "play-again"
    page.click("#moment-details")
    expect(page.locator("#match-summary")).to_be_visible()
    winner = re.compile(r"(You win the match!|The computer wins the match\.)")
    expect(page.locator("#match-headline")).to_have_text(winner)
    expect(page.locator("#match-line")).to_contain_text("Final score")
    expect(page.locator("#match-chart svg .chart-series")).to_have_count(2)
    expect(page.locator("#next-hand-button")).to_be_hidden()
    first = page.eval_on_selector("#result-body .result-actions", "el => [...el.children].find(b => !b.hidden).id")
    assert first == "play-again-after"
    game_id = "JSON.parse(localStorage.getItem('ginrummy.game')).id"
    old_game = page.evaluate(game_id)
    page.click("#play-again-after")
    page.wait_for_function(f"old => {game_id} !== old", arg=old_game)
    wait_idle(page)
    expect(page.locator("#screen-table")).to_be_visible()
    expect(page.locator("#hand-line")).to_contain_text("Hand 1")
    expect(page.locator("#hand button.hand-card")).to_have_count(10)
