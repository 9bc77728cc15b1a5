"""Helpers of the browser tests: games made through the API, and playing a hand through the page."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
from playwright.sync_api import ConsoleMessage, Page, Request, expect

ROOT = Path(__file__).resolve().parents[2]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 320, "height": 568}
LOOPBACK = {"127.0.0.1", "localhost", "[::1]", "::1"}


class PageErrors:
    """Console errors, page errors and foreign requests seen by a page."""

    def __init__(self) -> None:
        self.console: list[str] = []
        self.exceptions: list[str] = []
        self.foreign: list[str] = []
        self.allowed: list[str] = []

    def allow(self, *fragments: str) -> None:
        """Console errors containing one of these fragments are expected by the test."""
        self.allowed.extend(fragments)

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.console.append(message.text)

    def on_request(self, request: Request) -> None:
        host = urlsplit(request.url).hostname or ""
        if request.url.startswith(("http:", "https:", "ws:", "wss:")) and host not in LOOPBACK:
            self.foreign.append(request.url)

    def unexpected(self) -> list[str]:
        return [text for text in self.console if not any(fragment in text for fragment in self.allowed)]


def create_game(server: Any, seed: int, level: str = "easy", rules: str = "house",
                settings: dict[str, Any] | None = None) -> dict[str, Any]:
    """A game made through the API with a fixed deal."""
    response = httpx.post(f"{server.url}/api/games", json={"level": level, "rules": rules, "seed": seed,
                                                           "settings": settings or {}})
    response.raise_for_status()
    body: dict[str, Any] = response.json()
    return body


def game_storage(game: dict[str, Any]) -> dict[str, Any]:
    """localStorage that makes the page continue this game."""
    return {"ginrummy.game": {"id": game["game_id"], "token": game["seat_token"]},
            "ginrummy.player": game["player_token"]}


def server_view(server: Any, game: dict[str, Any]) -> dict[str, Any]:
    response = httpx.get(f"{server.url}/api/games/{game['game_id']}",
                         headers={"Authorization": f"Bearer {game['seat_token']}"})
    response.raise_for_status()
    view: dict[str, Any] = response.json()["view"]
    return view


def seed_requests_with(page: Page, seed: int, level: str = "easy") -> None:
    """Games dealt through the page's New game form get this seed (and level), so the deal is known."""
    def add_seed(route: Any) -> None:
        body = json.loads(route.request.post_data or "{}")
        body.update(seed=seed, level=level)
        route.continue_(post_data=json.dumps(body))

    page.route("**/api/games", add_seed)


def wait_idle(page: Page) -> None:
    """Wait until the game is read, no move is on its way and the computer's moves have all been shown."""
    page.wait_for_selector("main[data-state=idle]")
    # The table's screen may show before the game is read (a slow answer): then nothing is offered yet.
    page.wait_for_function("() => !document.querySelector('#screen-table').checkVisibility() "
                           "|| (Boolean(document.querySelector('main').dataset.version) "
                           "&& document.querySelector('#turn-line').dataset.turn !== 'computer')")


def version(page: Page) -> str:
    return page.get_attribute("main", "data-version") or ""


def wait_move(page: Page, before: str) -> None:
    """Wait until the move sent at version ``before`` has been answered and shown."""
    page.wait_for_function(
        "v => { const m = document.querySelector('main'); "
        "return m.dataset.state === 'idle' && m.dataset.version !== v; }",
        arg=before)


def on_result(page: Page) -> bool:
    return page.locator("#screen-result").is_visible()


def ask_hint(page: Page, keyboard: bool = False) -> str:
    """Ask for a hint; returns the name of the button it points at."""
    if keyboard:
        page.keyboard.press("h")
    else:
        page.click("#actions [data-action=hint]")
    page.wait_for_selector("#actions .hinted")
    name = page.get_attribute("#actions .hinted", "data-action")
    assert name
    return name


def tab_to(page: Page, test: str, limit: int = 60) -> None:
    """Press Tab until ``test`` (a JS expression about ``el``, the focused element) holds."""
    for _ in range(limit):
        if page.evaluate(f"(() => {{ const el = document.activeElement; return !!(el && ({test})); }})()"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached an element where {test}")


def focused_card(page: Page) -> str | None:
    result: str | None = page.evaluate(
        "(() => { const el = document.activeElement; return el && el.closest('#hand') ? el.dataset.card : null; })()")
    return result


def key_to_card(page: Page, card: str) -> None:
    """Move the focus to ``card`` in the hand with the arrow keys."""
    tab_to(page, "el.closest('#hand') && el.dataset.card")
    cards = page.eval_on_selector_all("#hand button.hand-card", "els => els.map(e => e.dataset.card)")
    here = cards.index(focused_card(page))
    there = cards.index(card)
    for _ in range(abs(there - here)):
        page.keyboard.press("ArrowRight" if there > here else "ArrowLeft")
    assert focused_card(page) == card


def live_actions(page: Page) -> list[str]:
    """The moves offered by the table's buttons now."""
    names: list[str] = page.eval_on_selector_all("#actions [data-action]",
                                                 "els => els.filter(e => !e.hidden).map(e => e.dataset.action)")
    return names


def play_hand(page: Page, keyboard: bool = False, max_moves: int = 120, on_move: Any = None) -> int:
    """Play the hand to its result screen, following the Hint button. Returns the number of moves made."""
    for move in range(max_moves):
        wait_idle(page)
        if on_result(page):
            return move
        before = version(page)
        name = ask_hint(page, keyboard)
        if on_move is not None:
            on_move(move, name)
        if not keyboard:
            page.click(f"#actions [data-action={name}]")
            if name in ("knock", "gin", "big_gin"):
                page.click("#confirm-ok")
        elif name in ("discard", "knock", "gin"):
            card = page.get_attribute("#hand .hand-card.hinted", "data-card")
            assert card
            key_to_card(page, card)
            if name == "discard":
                if page.get_attribute(f"#hand [data-card='{card}']", "aria-pressed") != "true":
                    page.keyboard.press("Enter")  # select
                page.keyboard.press("Enter")  # ... and again: discard
            else:
                if page.get_attribute(f"#hand [data-card='{card}']", "aria-pressed") != "true":
                    page.keyboard.press("Enter")
                page.keyboard.press("k" if name == "knock" else "g")
                page.wait_for_selector("#confirm-dialog[open]")
                page.keyboard.press("Tab")  # from Cancel to the confirming button
                page.keyboard.press("Enter")
        else:
            tab_to(page, f"el.dataset.action === '{name}'")
            page.keyboard.press("Enter")
        wait_move(page, before)
    raise AssertionError(f"the hand did not end in {max_moves} moves")


ROUTES = {"take_upcard": "take-upcard", "big_gin": "big-gin", "next_hand": "next-hand"}


def api_move(server: Any, game: dict[str, Any], path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
    response = httpx.post(f"{server.url}/api/games/{game['game_id']}/{path}", json=body or {},
                          headers={"Authorization": f"Bearer {game['seat_token']}"})
    response.raise_for_status()
    data: dict[str, Any] = response.json()
    return data


def my_draw_turn(server: Any, seed: int = 6) -> dict[str, Any]:
    """A game where it is the person's turn to draw (passing the first upcard through the API if offered)."""
    game = create_game(server, seed=seed)
    while any(a["kind"] == "pass" for a in server_view(server, game)["legal_actions"]):
        api_move(server, game, "pass")
    return game


def step_through_review(page: Page) -> None:
    """On the review screen: both hands of ten cards face up at the deal, then the last move."""
    expect(page.locator("#screen-review")).to_be_visible()
    expect(page.locator("#review-computer .card")).to_have_count(10)
    expect(page.locator("#review-you .card")).to_have_count(10)
    page.click("#review-last")
    expect(page.locator("#review-step")).to_contain_text("Move")


def finish_hand_by_api(server: Any, game: dict[str, Any], bad_discards: int = 0,
                      max_moves: int = 200) -> dict[str, Any]:
    """Play the person's seat through the API to the end of the hand, following the hints, except that the first
    ``bad_discards`` discards throw the card that leaves the most deadwood (mistakes for the coach to find)."""
    headers = {"Authorization": f"Bearer {game['seat_token']}"}
    base = f"{server.url}/api/games/{game['game_id']}"
    view = server_view(server, game)
    for _ in range(max_moves):
        if view["phase"] in ("hand_over", "match_over"):
            return view
        discards = {a["card"] for a in view["legal_actions"] if a["kind"] == "discard"}
        if bad_discards and discards:
            worst = max((o for o in view["discard_options"] if o["card"] in discards), key=lambda o: o["deadwood"])
            action = {"kind": "discard", "card": worst["card"]}
            bad_discards -= 1
        else:
            action = httpx.get(f"{base}/hint", headers=headers).json()["action"]
        body = {key: action[key] for key in ("card", "source") if key in action}
        response = httpx.post(f"{base}/{ROUTES.get(action['kind'], action['kind'])}", json=body, headers=headers)
        response.raise_for_status()
        view = response.json()["view"]
    raise AssertionError("the hand did not end")


def hand_analysis(server: Any, game: dict[str, Any], number: int) -> dict[str, Any]:
    """The coach's review of a finished hand, as the API gives it."""
    response = httpx.get(f"{server.url}/api/games/{game['game_id']}/hands/{number}/analysis",
                         headers={"Authorization": f"Bearer {game['seat_token']}"})
    response.raise_for_status()
    review: dict[str, Any] = response.json()
    return review


def hand_with_a_mistake(server: Any, seeds: tuple[int, ...] = (3, 4, 6, 8, 11, 12)
                        ) -> tuple[dict[str, Any], dict[str, Any]]:
    """A game whose first hand is over with at least one mistake of the person's, and the coach's review of it."""
    for seed in seeds:
        game = create_game(server, seed=seed)
        view = finish_hand_by_api(server, game, bad_discards=3)
        review = hand_analysis(server, game, view["hand_number"])
        if review["costliest"] is not None:
            return game, review
    raise AssertionError("no seed gave a hand with a mistake")


SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def move_words(action: dict[str, Any]) -> str:
    """A move as the coach's panel names it (frontend/js/results.js moveWords)."""
    kind = action["kind"]
    if kind == "draw":
        return "draw from the stock" if action["source"] == "stock" else "take the discard"
    words = {"take_upcard": "take the upcard", "pass": "pass on the upcard",
             "knock": "knock, discarding"}.get(kind, kind)
    card = action.get("card")
    return f"{words} {card[0].replace('T', '10')}{SUITS[card[1]]}" if card else words


def figure(text: str | None) -> float:
    """The number in "12.9 points"."""
    assert text and text.endswith(" points"), text
    return float(text.split()[0])


def open_result(page: Page) -> None:
    """From the table's route to the hand's result (past the match's moment when the match is over)."""
    expect(page.locator("#screen-result")).to_be_visible()
    # The screen shows before the game is fetched; the title names the hand once it is drawn, and only then is it
    # known whether the match's moment covers the result.
    expect(page.locator("#result-title")).to_have_text(re.compile(r"^Hand \d+: "))
    if page.locator("#moment").is_visible():
        page.click("#moment-details")
    expect(page.locator("#result-body")).to_be_visible()


# --- two seats, each played from a page of its own

def cards_in(page: Page, selector: str) -> set[str]:
    cards: list[str] = page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.card)")
    return set(cards)


def hand_of(page: Page) -> set[str]:
    return cards_in(page, "#hand button.hand-card")


def seat_of(page: Page) -> dict[str, Any]:
    """The game and seat token this page keeps (localStorage)."""
    saved: dict[str, Any] = page.evaluate("JSON.parse(localStorage.getItem('ginrummy.game'))")
    return saved


def my_turn(page: Page) -> bool:
    return page.evaluate("(() => { const m = document.querySelector('main'); const t = document.querySelector("
                         "'#turn-line'); return m.dataset.state === 'idle' && t.dataset.turn === 'you' "
                         "&& document.querySelector('#screen-table').checkVisibility(); })()")


def server_view_of(server: Any, saved: dict[str, Any]) -> dict[str, Any]:
    """The view the server gives the seat this page plays."""
    view: dict[str, Any] = httpx.get(f"{server.url}/api/games/{saved['id']}",
                                     headers={"Authorization": f"Bearer {saved['token']}"}).json()["view"]
    return view


def move_by_hint(page: Page, play_on: bool = False) -> str:
    """Make the move the hint points at; with ``play_on``, where it knocks, throw the same card instead (the hint
    selects it), so that the hand goes on."""
    before = version(page)
    name = ask_hint(page)
    if play_on and name in ("knock", "gin"):
        name = "discard"
    page.click(f"#actions [data-action={name}]")
    if name in ("knock", "gin", "big_gin"):
        page.click("#confirm-ok")
    wait_move(page, before)
    return name
