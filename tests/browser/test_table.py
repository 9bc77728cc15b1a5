"""The table as a player meets it: tap the stock or the pile, drag a card onto the pile, single-tap play, refused
taps that say why, a table that does not move, a phone that shows everything without scrolling, and sound."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_helpers import (
    DESKTOP,
    PHONE,
    SMALL_PHONE,
    ask_hint,
    create_game,
    finish_hand_by_api,
    game_storage,
    live_actions,
    my_draw_turn,
    on_result,
    play_hand,
    server_view,
    version,
    wait_idle,
    wait_move,
)
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.timeout(180)


def game_you_start(server: Any, **settings: Any) -> dict[str, Any]:
    """A game (easy computer) where the person has the first choice of the upcard."""
    for seed in range(1, 60):
        game = create_game(server, seed=seed, settings=settings or None)
        if any(a["kind"] == "take_upcard" for a in game["view"]["legal_actions"]):
            return game
    raise AssertionError("no seed in 1..59 lets the person start")


def drag(page: Page, source: str, target: str) -> None:
    """Drag with the mouse from the middle of one element to the middle of another, in small steps."""
    a = page.locator(source).bounding_box()
    b = page.locator(target).bounding_box()
    assert a and b
    page.mouse.move(a["x"] + min(12, a["width"] / 2), a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=10)
    page.mouse.up()


def test_a_hand_by_tapping_the_piles_and_dragging_to_the_pile(server: Any, new_page: Any) -> None:
    page: Page = new_page(storage=game_storage(game_you_start(server)))
    page.goto(server.url + "/#/play")
    taps = {"pile": 0, "stock": 0, "drag": 0}
    for _ in range(80):
        wait_idle(page)
        if on_result(page):
            break
        before = version(page)
        live = live_actions(page)
        if "take_upcard" in live:
            page.click("#discard-slot")  # take the upcard by tapping the pile
            taps["pile"] += 1
        elif "draw_stock" in live:
            page.click("#stock")
            taps["stock"] += 1
        else:
            name = ask_hint(page)
            card = page.get_attribute("#hand .hand-card.hinted", "data-card")
            if name in ("knock", "gin"):
                page.click(f"#actions [data-action={name}]")
                page.click("#confirm-ok")
            else:
                drag(page, f"#hand [data-card='{card}']", "#discard-slot")
                taps["drag"] += 1
        wait_move(page, before)
    assert on_result(page), "the hand did not end"
    assert taps["pile"] == 1 and taps["stock"] >= 1 and taps["drag"] >= 1, taps


def test_a_card_dragged_over_the_pile_marks_it_and_is_discarded_there(server: Any, new_page: Any) -> None:
    game = my_draw_turn(server)
    page: Page = new_page(storage=game_storage(game))
    page.goto(server.url + "/#/play")
    wait_idle(page)
    before = version(page)
    page.click("#stock")
    wait_move(page, before)
    wait_idle(page)
    cards = page.eval_on_selector_all("#hand .hand-card:not(.taken)", "els => els.map(e => e.dataset.card)")
    before = version(page)
    # While a card is dragged over the pile, the pile shows it will take it (and the hand shows no place marker).
    a = page.locator(f"#hand [data-card='{cards[0]}']").bounding_box()
    pile = page.locator("#discard-slot").bounding_box()
    assert a and pile
    page.mouse.move(a["x"] + 10, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(pile["x"] + pile["width"] / 2, pile["y"] + pile["height"] / 2, steps=10)
    expect(page.locator("#discard-slot")).to_have_class(re.compile(r"\bdrop-here\b"))
    expect(page.locator("#hand .drop-before")).to_have_count(0)
    page.mouse.up()
    wait_move(page, before)
    wait_idle(page)
    view = server_view(server, game)
    assert cards[0] in view["discards"][0] and cards[0] not in view["hand"], (cards[0], view["discards"])
    expect(page.locator("#hand .hand-card")).to_have_count(len(view["hand"]))


def test_single_tap_play_discards_at_once(server: Any, new_page: Any) -> None:
    game = my_draw_turn(server)
    page: Page = new_page(storage=game_storage(game))  # the default settings
    page.goto(server.url + "/#/play")
    wait_idle(page)
    assert "singleTap" not in page.evaluate("JSON.parse(localStorage.getItem('ginrummy.settings'))")
    before = version(page)
    page.click("#stock")
    wait_move(page, before)
    expect(page.locator("#prompt")).to_have_text(re.compile("Tap a card to discard it|knock"))
    view = server_view(server, game)
    plain = next(o["card"] for o in view["discard_options"] if not o["can_knock"] and o["card"] != view["taken_card"])
    before = version(page)
    page.click(f"#hand [data-card='{plain}']")  # one tap: gone
    wait_move(page, before)
    assert plain in server_view(server, game)["discards"][0]  # thrown (the computer may have taken it since)


def test_refused_taps_shake_and_say_why(server: Any, new_page: Any) -> None:
    page: Page = new_page(storage=game_storage(my_draw_turn(server)))
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.goto(server.url + "/#/play")
    wait_idle(page)
    card = page.get_attribute("#hand .hand-card >> nth=2", "data-card")
    page.click(f"#hand [data-card='{card}']")
    page.click(f"#hand [data-card='{card}']")  # a second tap would discard: not before drawing
    expect(page.locator("#feedback")).to_have_text("Draw a card first: tap the stock or the pile.")
    expect(page.locator("#feedback")).to_have_attribute("data-kind", "error")
    assert not posts
    before = version(page)
    page.click("#stock")
    wait_move(page, before)
    page.click("#stock", force=True)  # drawn already: the stock looks inert, but a tap still gets an answer
    expect(page.locator("#stock")).to_have_class(re.compile(r"\brefused\b"))
    expect(page.locator("#feedback")).to_have_text("You have drawn: now discard a card.")
    assert len(posts) == 1


def boxes(page: Page) -> dict[str, dict[str, float]]:
    found: dict[str, dict[str, float]] = page.evaluate("""() => {
      const out = {};
      for (const q of ['.status', '#opponent', '#stock', '#discard-slot', '#log-panel', '.talk', '#prompt', '#actions',
                       '.hand-area', '#hand']) {
        const r = document.querySelector(q).getBoundingClientRect();
        out[q] = { x: r.x, y: r.y, w: r.width, h: r.height };
      }
      return out;
    }""")
    return found


def phase(page: Page) -> str:
    live = live_actions(page)
    return "upcard" if "pass" in live else "draw" if "draw_stock" in live else "discard"


def test_the_table_does_not_move_between_phases(server: Any, new_page: Any) -> None:
    page: Page = new_page(viewport=DESKTOP, settings={"speed": "fast", "singleTap": False},  # a tap selects
                          storage=game_storage(game_you_start(server)))
    page.goto(server.url + "/#/play")
    page.wait_for_selector("#actions [data-action=pass]:not([hidden])")  # the game is loaded and shown
    wait_idle(page)
    seen = {phase(page): boxes(page)}
    log = page.locator("#log li").count()
    before = version(page)
    page.click("#actions [data-action=pass]")
    wait_move(page, before)
    wait_idle(page)
    while phase(page) == "upcard":  # the computer passed too: the first draw is from the stock
        before = version(page)
        page.click("#actions [data-action=pass]")
        wait_move(page, before)
        wait_idle(page)
    seen[phase(page)] = boxes(page)
    before = version(page)
    page.click("#stock")
    wait_move(page, before)
    wait_idle(page)
    page.click("#hand .hand-card >> nth=0")  # a selection shows the discard (and maybe knock) buttons
    seen[phase(page)] = boxes(page)
    assert set(seen) == {"upcard", "draw", "discard"}, set(seen)
    assert page.locator("#log li").count() > log, "the log grew meanwhile"
    first = seen["upcard"]
    for name, measured in seen.items():
        for area, box in measured.items():
            for key in ("x", "y", "w", "h"):
                assert abs(box[key] - first[area][key]) <= 2, f"{area} moved ({key}) between upcard and {name}"


def inside(page: Page, selector: str) -> None:
    """Every element matching ``selector`` is wholly inside the viewport (no scrolling needed)."""
    size = page.viewport_size
    assert size
    rects = page.eval_on_selector_all(selector, "els => els.map(e => { const r = e.getBoundingClientRect(); "
                                                "return [r.left, r.top, r.right, r.bottom]; })")
    assert rects, selector
    for left, top, right, bottom in rects:
        assert left >= -0.5 and top >= -0.5 and right <= size["width"] + 0.5 and bottom <= size["height"] + 0.5, \
            f"{selector} at {(left, top, right, bottom)} is outside {size}"


@pytest.mark.parametrize("viewport", [PHONE, SMALL_PHONE], ids=["390x844", "320x568"])
def test_a_phone_shows_the_hand_piles_and_prompt_without_scrolling(server: Any, new_page: Any,
                                                                   viewport: dict[str, int]) -> None:
    page: Page = new_page(viewport=viewport, touch=True, settings={"singleTap": False},  # a tap selects
                          storage=game_storage(game_you_start(server)))
    page.goto(server.url + "/#/play")
    wait_idle(page)
    checked = set()
    for _ in range(6):
        name = phase(page)
        for selector in ("#hand .hand-card", "#stock", "#discard-slot .card", "#prompt", "#actions .btn:not([hidden])"):
            inside(page, selector)
        assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth"), "the page scrolls sideways"
        assert page.evaluate("scrollY") == 0
        checked.add(name)
        before = version(page)
        if name == "upcard":
            page.tap("#actions [data-action=pass]")
        elif name == "draw":
            page.tap("#stock")
        else:
            # The feedback of a selection is in view too.
            page.tap("#hand .hand-card >> nth=1", position={"x": 6, "y": 20})
            inside(page, "#feedback")
            break
        wait_move(page, before)
        wait_idle(page)
    assert {"draw", "discard"} <= checked, checked
    # The move log waits behind a button.
    expect(page.locator("#log-panel")).to_be_hidden()
    page.tap("#log-toggle")
    expect(page.locator("#log-panel")).to_be_visible()
    expect(page.locator("#log li").first).to_be_visible()


def test_the_status_pill_and_the_prompt_always_agree(server: Any, new_page: Any) -> None:
    page: Page = new_page(settings={"speed": "fast"}, storage=game_storage(game_you_start(server)))
    page.add_init_script("""
      window.__pairs = [];
      addEventListener('DOMContentLoaded', () => {
        const pill = document.querySelector('#turn-line'), line = document.querySelector('#prompt');
        const note = () => window.__pairs.push(
          [pill.dataset.turn, pill.textContent, line.dataset.turn, line.textContent]);
        new MutationObserver(note).observe(document.querySelector('.table'), { subtree: true, childList: true,
          characterData: true, attributes: true, attributeFilter: ['data-turn'] });
      });
    """)
    page.goto(server.url + "/#/play")
    play_hand(page)
    pairs = page.evaluate("window.__pairs.filter(p => p[0] && p[2])")
    turns = {p[0] for p in pairs}
    assert {"you", "computer"} <= turns, turns
    words = {"you": ("Your turn", None), "computer": ("Computer’s turn", "The computer is playing…"),
             "over": (("Hand over", "Match over"), None)}
    for pill_turn, pill, prompt_turn, prompt in pairs:
        assert pill_turn == prompt_turn, (pill, prompt)
        expected_pill, expected_prompt = words[pill_turn]
        assert pill in (expected_pill if isinstance(expected_pill, tuple) else (expected_pill,)), pill
        if expected_prompt:
            assert prompt == expected_prompt, (pill, prompt)
        elif pill_turn == "you":
            assert prompt != "The computer is playing…"


def test_settings_apply_at_once_and_are_kept(server: Any, new_page: Any) -> None:
    game = my_draw_turn(server)
    page: Page = new_page(storage=game_storage(game))
    page.goto(server.url + "/#/play")
    wait_idle(page)
    page.evaluate("window.__still_here = true")
    felt = page.evaluate("getComputedStyle(document.body).backgroundImage")
    back = page.evaluate("getComputedStyle(document.querySelector('#stock')).backgroundImage")
    width = page.locator("#hand .hand-card >> nth=0").bounding_box()
    first = page.eval_on_selector_all("#hand .hand-card", "els => els.map(e => !!e.dataset.meld)")
    page.click("[data-nav=settings]")
    for name, value in (("felt", "blue"), ("back", "waves"), ("meldSide", "right"), ("cardSize", "large"),
                        ("theme", "dark")):
        page.check(f"#settings-form input[name={name}][value={value}]")
    for name in ("singleTap",):  # on by default: turned off
        page.uncheck(f"#settings-form input[name={name}]")
    page.uncheck("#settings-form input[name=sound]")
    expect(page.locator("html")).to_have_attribute("data-felt", "blue")
    expect(page.locator("html")).to_have_attribute("data-scheme", "dark")
    expect(page.locator("#mute")).to_have_attribute("aria-pressed", "false")
    page.click("[data-nav=home]")
    page.click("#continue-button")
    wait_idle(page)
    assert page.evaluate("getComputedStyle(document.body).backgroundImage") != felt
    assert page.evaluate("getComputedStyle(document.querySelector('#stock')).backgroundImage") != back
    bigger = page.locator("#hand .hand-card >> nth=0").bounding_box()
    assert width and bigger and bigger["width"] > width["width"]
    now = page.eval_on_selector_all("#hand .hand-card", "els => els.map(e => !!e.dataset.meld)")
    if any(first) and not all(first):  # melds and deadwood: the melds moved to the right
        assert now[0] is False and now[-1] is True, now
    expect(page.locator("#prompt")).to_contain_text("draw")
    assert page.evaluate("window.__still_here === true"), "the page was reloaded"
    # Auto-arrange off: the hand keeps one order, no longer shown as melds.
    page.click("[data-nav=settings]")
    page.uncheck("#settings-form input[name=autoArrange]")
    page.click("[data-nav=home]")
    page.click("#continue-button")
    expect(page.locator("#hand")).not_to_have_class(re.compile(r"\bby-melds\b"))
    # Kept in this browser: a reload shows the same.
    page.reload()
    wait_idle(page)
    expect(page.locator("html")).to_have_attribute("data-felt", "blue")
    expect(page.locator("html")).to_have_attribute("data-back", "waves")
    saved = page.evaluate("JSON.parse(localStorage.getItem('ginrummy.settings'))")
    assert saved["singleTap"] is False and saved["sound"] is False and saved["autoArrange"] is False


def test_sound_plays_from_the_first_tap_and_the_mute_switch_silences_it(server: Any, new_page: Any) -> None:
    page: Page = new_page(settings={"sound": True, "singleTap": False},  # a tap selects
                          storage=game_storage(my_draw_turn(server)))
    page.goto(server.url + "/#/play")
    wait_idle(page)
    assert page.evaluate("document.documentElement.dataset.sound") is None
    before = version(page)
    page.click("#stock")
    wait_move(page, before)
    assert page.evaluate("document.documentElement.dataset.sound") == "draw"
    page.click("#mute")
    expect(page.locator("#mute")).to_have_attribute("aria-pressed", "false")
    card = page.get_attribute("#hand .hand-card:not(.taken) >> nth=0", "data-card")
    page.click(f"#hand [data-card='{card}']")
    before = version(page)
    page.click("#actions [data-action=discard]")
    wait_move(page, before)
    assert page.evaluate("document.documentElement.dataset.sound") == "draw", "a muted table makes no sound"
    assert page.evaluate("JSON.parse(localStorage.getItem('ginrummy.settings')).sound") is False


def test_the_deal_and_a_drawn_card_animate_once(server: Any, new_page: Any) -> None:
    page: Page = new_page(settings={"speed": "normal"}, storage=game_storage(my_draw_turn(server)))
    page.goto(server.url + "/")
    page.click("#continue-button")
    wait_idle(page)
    before = version(page)
    page.click("#stock")
    page.wait_for_function("() => document.querySelector('#hand .hand-card.fresh') && "
                           "document.querySelector('#hand .hand-card.fresh').getAnimations().length > 0")
    wait_move(page, before)
    fresh = page.locator("#hand .hand-card.fresh")
    handle = fresh.element_handle()
    assert handle
    # Flights only: a hover's CSS transition is not the card arriving again.
    flights = "el => el.getAnimations().filter(a => !(a instanceof CSSTransition)).length"
    page.wait_for_function(f"el => ({flights})(el) === 0", arg=handle)
    others = page.eval_on_selector_all("#hand .hand-card:not(.fresh)",
                                       "els => els.slice(0, 3).map(e => e.dataset.card)")
    for other in others:
        page.click(f"#hand [data-card='{other}']")  # each selection draws the hand again
        assert handle.evaluate("el => el.isConnected")
        assert handle.evaluate(flights) == 0
    # A new game is dealt with the cards flying in from the stock.
    page.click("[data-nav=home]")
    page.click("#play-button")
    page.click("#confirm-ok")
    page.wait_for_function("() => document.querySelectorAll('#hand .hand-card').length === 10 && "
                           "[...document.querySelectorAll('#hand .hand-card')].some(c => c.getAnimations().length)")
    wait_idle(page)
    assert server_view(server, {"game_id": page.evaluate("JSON.parse(localStorage.getItem('ginrummy.game')).id"),
                                "seat_token": page.evaluate("JSON.parse(localStorage.getItem('ginrummy.game')).token")})


def test_a_card_moved_by_hand_keeps_its_place_for_that_hand_only(server: Any, new_page: Any) -> None:
    game = my_draw_turn(server)
    page: Page = new_page(storage=game_storage(game))
    page.goto(server.url + "/#/play")
    wait_idle(page)
    expect(page.locator("#hand")).to_have_class(re.compile(r"\bby-melds\b"))
    cards = page.eval_on_selector_all("#hand .hand-card", "els => els.map(e => e.dataset.card)")
    drag(page, f"#hand [data-card='{cards[0]}']", f"#hand [data-card='{cards[3]}']")
    moved = page.eval_on_selector_all("#hand .hand-card", "els => els.map(e => e.dataset.card)")
    assert moved != cards and sorted(moved) == sorted(cards)
    expect(page.locator("#hand")).not_to_have_class(re.compile(r"\bby-melds\b"))
    before = version(page)
    page.click("#stock")
    wait_move(page, before)
    wait_idle(page)
    after = page.eval_on_selector_all("#hand .hand-card", "els => els.map(e => e.dataset.card)")
    assert after[:10] == moved, "the order is kept and the new card goes to the right"
    finish_hand_by_api(server, game)
    page.reload()
    expect(page.locator("#screen-result")).to_be_visible()
    before = version(page)
    page.click("#next-hand-button")
    wait_move(page, before)
    wait_idle(page)
    expect(page.locator("#hand-line")).to_contain_text("Hand 2")
    expect(page.locator("#hand")).to_have_class(re.compile(r"\bby-melds\b"))
    expect(page.locator("[data-sort=melds]")).to_have_attribute("aria-pressed", "true")
