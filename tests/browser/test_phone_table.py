"""The table's layout at every size, measured on the page: hand cards at least 84 px wide on a 390×844 phone with no
wide band of empty felt, melds framed and named, no label cut, no page scroll, tap targets of 44 px, and a card
size setting that changes the cards on a phone as on a computer. The figures are printed."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from browser_helpers import (
    DESKTOP,
    PHONE,
    SMALL_PHONE,
    api_move,
    create_game,
    game_storage,
    live_actions,
    server_view,
    version,
    wait_idle,
    wait_move,
)
from playwright.sync_api import Page

pytestmark = pytest.mark.timeout(180)

MIN_CARD = 84  # px: a hand card's width at 390×844
MAX_BAND = 0.15  # of the screen's height: the tallest band of felt with nothing on it
TAP = 44  # px: every tap target, both ways

# The table's visible blocks, top to bottom; the tallest band between them (or below the last) is the empty felt.
BAND = """() => {
  const blocks = ['.topbar', '.status', '#opp-fan', '#opp-label', '#stock', '#discard-slot', '#stock-label',
    '#pile-view', '#log-toggle', '#prompt', '#feedback', '#actions .btn:not([hidden])', '.hand-head',
    '#hand .hand-card'];
  const spans = blocks.flatMap((q) => [...document.querySelectorAll(q)])
    .filter((el) => el.checkVisibility() && !(el.matches('p') && !el.textContent.trim()))
    .map((el) => el.getBoundingClientRect()).filter((r) => r.height > 0).sort((a, b) => a.top - b.top);
  let reach = 0, band = 0;
  for (const r of spans) { band = Math.max(band, r.top - reach); reach = Math.max(reach, r.bottom); }
  return Math.max(band, innerHeight - reach);
}"""

# Each hand card: its width, and the part of it no other card covers (the next card in its row overlaps its right).
CARDS = """() => {
  const cards = [...document.querySelectorAll('#hand .hand-card')];
  return cards.map((card, i) => {
    const r = card.getBoundingClientRect();
    const next = cards[i + 1]?.getBoundingClientRect();
    const sameRow = next && Math.abs(next.top - r.top) < r.height / 2;
    return { code: card.dataset.card, width: r.width, height: r.height,
             shown: sameRow && next.left < r.right ? next.left - r.left : r.width };
  });
}"""

# Words the table shows that do not fit: wider than their box, or outside a box that clips them, or off the screen.
CUT = """() => {
  const clips = (el) => { const out = []; for (let a = el.parentElement; a; a = a.parentElement) {
    if (getComputedStyle(a).overflowX !== 'visible') out.push(a); } return out; };
  const words = (el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  const texts = [...document.querySelectorAll('.topbar *, #screen-table *')].filter((el) => el.checkVisibility()
    && !el.closest('.visually-hidden, #log-panel') && words(el));
  const cut = [];
  for (const el of texts) {
    const r = el.getBoundingClientRect();
    if (r.width <= 1) continue;  // hidden from the eye, there for screen readers
    const name = `${el.id || el.className}: "${el.textContent}"`;
    const inline = getComputedStyle(el).display === 'inline';
    if (!inline && el.scrollWidth > el.clientWidth + 1) cut.push(`${name} scrolls`);
    const boxes = [...clips(el).map((a) => a.getBoundingClientRect()), new DOMRect(0, 0, innerWidth, innerHeight)];
    for (const box of boxes) {
      if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) {
        cut.push(`${name} outside its box`);
        break;
      }
    }
  }
  return cut;
}"""

# The tap targets of the table and the header other than the hand's cards: [name, width, height].
TARGETS = """() => [...document.querySelectorAll(['.mainnav a', '#mute', '#stock', '#discard-slot .card', '#pile-view',
    '#log-toggle', '#actions .btn:not([hidden])', '.sorts .chip'].join())].filter((el) => el.checkVisibility())
  .map((el) => { const r = el.getBoundingClientRect();
    return [el.id || el.textContent.trim() || el.className, r.width, r.height]; })"""

PAGE_SCROLL = "document.scrollingElement.scrollHeight - innerHeight"


def game_with_melds(server: Any, melds: int = 2) -> dict[str, Any]:
    """A game at the person's first draw, their hand holding at least ``melds`` melds."""
    for seed in range(1, 80):
        game = create_game(server, seed=seed)
        view = game["view"]
        while any(a["kind"] == "pass" for a in view["legal_actions"]):
            api_move(server, game, "pass")
            view = server_view(server, game)
        if view["phase"] == "draw" and view["turn"] == view["seat"] and len(view["melds"]) >= melds:
            return game
    raise AssertionError(f"no seed in 1..79 deals {melds} melds")


def open_table(new_page: Any, server: Any, game: dict[str, Any], viewport: dict[str, int], **settings: Any) -> Page:
    page: Page = new_page(viewport=viewport, touch=viewport != DESKTOP, settings={"singleTap": False, **settings},
                          storage=game_storage(game))
    page.goto(server.url + "/#/play")
    page.wait_for_selector("main[data-version]")  # the game is loaded (idle alone is true before it is)
    wait_idle(page)
    return page


def tap(page: Page, selector: str, touch: bool = True) -> None:
    before = version(page)
    if touch:
        page.tap(selector)
    else:
        page.click(selector)
    wait_move(page, before)
    wait_idle(page)


def figures(page: Page) -> dict[str, Any]:
    cards = page.evaluate(CARDS)
    return {"cards": len(cards), "card_width": round(min(c["width"] for c in cards), 1),
            "card_shown": round(min(c["shown"] for c in cards), 1), "band": round(page.evaluate(BAND), 1),
            "scroll": page.evaluate(PAGE_SCROLL)}


def test_a_phone_shows_large_cards_and_no_wide_band_of_empty_felt(server: Any, new_page: Any,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    page = open_table(new_page, server, game_with_melds(server), PHONE)
    seen = {}
    assert "draw_stock" in live_actions(page)
    seen["draw"] = figures(page)
    tap(page, "#stock")
    assert "hint" in live_actions(page) and len(page.evaluate(CARDS)) == 11
    seen["discard"] = figures(page)
    with capsys.disabled():
        for phase, measured in seen.items():
            share = measured["band"] / PHONE["height"]
            print(f"\n390x844 {phase}: {measured['cards']} cards, the narrowest {measured['card_width']} px wide "
                  f"({measured['card_shown']} px uncovered); the tallest empty band {measured['band']} px "
                  f"({share:.1%} of {PHONE['height']}); page scroll {measured['scroll']} px")
    for phase, measured in seen.items():
        assert measured["card_width"] >= MIN_CARD, (phase, measured)
        assert measured["band"] <= MAX_BAND * PHONE["height"], (phase, measured)
        assert measured["scroll"] <= 0, (phase, measured)


@pytest.mark.parametrize("viewport", [PHONE, SMALL_PHONE], ids=["390x844", "320x568"])
def test_no_label_is_cut_no_scroll_and_every_tap_target_is_44_px(server: Any, new_page: Any, viewport: dict[str, int],
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    page = open_table(new_page, server, game_with_melds(server), viewport, speed="slow")
    size = f"{viewport['width']}x{viewport['height']}"

    def check(moment: str) -> None:
        assert page.evaluate(CUT) == [], moment
        assert page.evaluate(PAGE_SCROLL) <= 0, f"the page scrolls at {moment}"
        small = [t for t in page.evaluate(TARGETS) if t[1] < TAP - 0.5 or t[2] < TAP - 0.5]
        assert small == [], (moment, small)
        cards = page.evaluate(CARDS)
        assert all(c["shown"] >= TAP - 0.5 and c["height"] >= TAP for c in cards), (moment, cards)
        with capsys.disabled():
            print(f"\n{size} {moment}: " + ", ".join(f"{k} {v}" for k, v in figures(page).items()))

    check("the draw")
    tap(page, "#discard-slot .card")  # takes the discard: its card is marked "taken"
    check("the discard")
    badge = page.evaluate("""() => {
      const card = document.querySelector('#hand .hand-card.taken'), r = card.getBoundingClientRect();
      const style = getComputedStyle(card, '::before'), next = card.nextElementSibling?.getBoundingClientRect();
      const right = r.left + parseFloat(style.left) + parseFloat(style.width);
      const covered = next && card.nextElementSibling.matches('.hand-card') ? next.left : r.right;
      return { text: style.content, right, covered };
    }""")
    assert badge["text"] == '"taken"' and badge["right"] <= badge["covered"] + 0.5, badge
    plain = page.get_attribute("#hand .hand-card:not(.taken) >> nth=0", "data-card")
    page.tap(f"#hand [data-card='{plain}']")  # selected: the buttons name the card
    check("a selection")
    page.tap(f"#hand [data-card='{plain}']")  # discarded: the computer plays, slowly
    page.wait_for_function("() => document.querySelector('#turn-line').dataset.turn === 'computer'")
    assert page.text_content("#turn-line") == "Computer’s turn"
    check("the computer's turn")
    wait_idle(page)


def test_the_pile_card_you_may_not_take_is_shown_at_full_contrast(server: Any, new_page: Any) -> None:
    page = open_table(new_page, server, game_with_melds(server), PHONE)
    tap(page, "#stock")
    assert page.get_attribute("#pile-top", "aria-disabled") == "true"
    look = page.evaluate("""() => { const card = document.querySelector('#pile-top'), s = getComputedStyle(card);
      return { filter: s.filter, opacity: s.opacity, live: card.classList.contains('live') }; }""")
    assert look == {"filter": "none", "opacity": "1", "live": False}, look
    assert "Take it" not in (page.get_attribute("#pile-top", "aria-label") or "")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE, SMALL_PHONE], ids=["1280x800", "390x844", "320x568"])
def test_melds_are_framed_named_and_set_apart(server: Any, new_page: Any, viewport: dict[str, int],
                                              capsys: pytest.CaptureFixture[str]) -> None:
    game = game_with_melds(server)
    page = open_table(new_page, server, game, viewport)
    groups = page.evaluate("""() => [...document.querySelectorAll('#hand .hand-group')].map((g) => {
      const r = g.getBoundingClientRect(), tag = g.querySelector('.meld-tag');
      return { kind: g.dataset.kind, cards: g.querySelectorAll('.hand-card').length, left: r.left, right: r.right,
               top: r.top, bottom: r.bottom, frame: getComputedStyle(g).boxShadow,
               tag: tag && tag.checkVisibility() ? tag.textContent : '' };
    })""")
    melds = [g for g in groups if g["kind"] == "meld"]
    assert sum(g["cards"] for g in melds) == sum(len(m) for m in server_view(server, game)["melds"]), groups
    for group in melds:
        assert group["frame"] != "none", group
    assert sorted(g["tag"] for g in melds if g["tag"]) == sorted(
        "Set" if len({c[:-1] for c in meld}) == 1 else "Run" for meld in server_view(server, game)["melds"])
    apart = []
    for a, b in itertools.pairwise(groups):
        same_row = abs(a["bottom"] - b["bottom"]) < 2
        apart.append(b["left"] - a["right"] if same_row else b["top"] - a["bottom"])
    with capsys.disabled():
        shown = [(g["kind"], g["cards"], g["tag"]) for g in groups]
        print(f"\n{viewport['width']}x{viewport['height']}: groups {shown}, "
              f"the space between them {[round(x, 1) for x in apart]} px")
    assert apart and min(apart) >= 10, apart


@pytest.mark.parametrize("viewport", [PHONE, SMALL_PHONE, DESKTOP], ids=["390x844", "320x568", "1280x800"])
def test_the_card_size_setting_changes_the_cards_on_every_screen(server: Any, new_page: Any, viewport: dict[str, int],
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    widths, shown = {}, {}
    for size in ("small", "medium", "large"):
        game = game_with_melds(server)  # at its first draw
        page = open_table(new_page, server, game, viewport, cardSize=size)
        box = page.evaluate("""() => ['#hand .hand-card', '#stock', '#opp-fan .card'].map((q) =>
          document.querySelector(q).getBoundingClientRect().width)""")
        widths[size] = [round(w, 1) for w in box]
        assert page.evaluate(PAGE_SCROLL) <= 0, f"the page scrolls with {size} cards"
        tap(page, "#stock", touch=viewport != DESKTOP)  # eleven cards: each still shows 44 px to tap
        shown[size] = min(card["shown"] for card in page.evaluate(CARDS))
        assert shown[size] >= TAP - 0.5 and page.evaluate(PAGE_SCROLL) <= 0, (size, shown)
        page.close()
    with capsys.disabled():
        print(f"\n{viewport['width']}x{viewport['height']} widths of a hand card, the stock, a computer's card: "
              f"{widths}; the narrowest part of a card shown with eleven in hand: {shown}")
    for part in range(3):  # your cards, the piles and the computer's cards all follow the setting
        assert widths["small"][part] < widths["medium"][part] < widths["large"][part], widths


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE, SMALL_PHONE], ids=["1280x800", "390x844", "320x568"])
def test_a_line_by_the_computers_hand_has_its_room(server: Any, new_page: Any, viewport: dict[str, int]) -> None:
    """The line under the computer's label (what it just did) and a long label fit the opponent's area: nothing is
    cut and nothing else on the table moves."""
    page = open_table(new_page, server, game_with_melds(server), viewport)
    areas = """() => ['.status', '#opponent', '.middle', '.talk', '#actions', '.hand-area'].map((q) => {
      const r = document.querySelector(q).getBoundingClientRect(); return [q, r.top, r.height]; })"""
    before = page.evaluate(areas)
    page.evaluate("""() => {
      document.querySelector('#opp-label').textContent = 'Computer · 11 cards · holds 10♥ 10♦ 10♣';
      document.querySelector('#opp-caption').textContent = 'Took your 10♥';
    }""")
    assert page.evaluate(areas) == before
    assert page.evaluate(CUT) == []
    assert page.evaluate(PAGE_SCROLL) <= 0
