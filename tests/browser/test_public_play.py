"""Public play from the page: two people press "Play someone", are paired, play a hand and one resigns, and both
ratings move by the rating library's amounts; the waiting screen with its seconds, the computer offered by name when
nobody comes, Cancel; your handle changed from the home screen; the leaderboards and the daily deal's card."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
from browser_helpers import PHONE, PageErrors, move_by_hint, my_turn, on_result, seat_of
from openskill.models import BradleyTerryFull
from playwright.sync_api import Page, expect

QUICK_OFFER = {"SEEK_OFFER_SECONDS": "2", "RATING_PROVISIONAL_DEVIATION": "320", "SEEK_WINDOW": "5000"}
"""A computer offered after 2 s; ratings settled sooner, and players paired however far apart (so that a few matches
between two players list them on the board)."""


def player_token_of(page: Page) -> str:
    token: str = page.evaluate("JSON.parse(localStorage.getItem('ginrummy.player'))")
    return token


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def me(server: Any, token: str) -> dict[str, Any]:
    body: dict[str, Any] = httpx.get(f"{server.url}/api/players/me", headers=bearer(token)).json()
    return body


def api_player(server: Any, handle: str) -> str:
    token: str = httpx.post(f"{server.url}/api/players").json()["player_token"]
    assert httpx.patch(f"{server.url}/api/players/me", json={"handle": handle},
                       headers={"Authorization": f"Bearer {token}"}).status_code == 200
    return token


def rated_matches(server: Any, winner: str, loser: str, count: int) -> None:
    """``count`` rated matches through the queue between two players, each resigned by ``loser``."""
    auth = {w: {"Authorization": f"Bearer {w}"} for w in (winner, loser)}
    for _ in range(count):
        first = httpx.post(f"{server.url}/api/seeks", json={"rated": True}, headers=auth[winner]).json()
        second = httpx.post(f"{server.url}/api/seeks", json={"rated": True}, headers=auth[loser]).json()
        assert second["status"] == "matched", second
        looked = httpx.get(f"{server.url}/api/seeks/{first['seek_id']}", headers=auth[winner]).json()
        assert looked["status"] == "matched"
        resigned = httpx.post(f"{server.url}/api/games/{second['game_id']}/resign",
                              headers={"Authorization": f"Bearer {second['seat_token']}"})
        assert resigned.status_code == 200, resigned.text


def test_two_people_are_paired_play_a_hand_and_a_resignation_moves_both_ratings(
        start_server: Any, new_page: Any, page_errors: PageErrors, screenshots: Path, tmp_path: Path) -> None:
    server = start_server(f"sqlite:///{tmp_path / 'games.db'}", **QUICK_OFFER)
    # Two players with settled ratings, so that the leaderboard lists someone.
    strong, steady = api_player(server, "Card Shark"), api_player(server, "Steady Hand")
    rated_matches(server, strong, steady, 8)
    daily = httpx.post(f"{server.url}/api/daily/play", headers={"Authorization": f"Bearer {steady}"}).json()
    assert httpx.post(f"{server.url}/api/games/{daily['game_id']}/resign",
                      headers={"Authorization": f"Bearer {daily['seat_token']}"}).status_code == 200

    ann: Page = new_page()
    bob: Page = new_page(viewport=PHONE)
    for page in (ann, bob):
        page.goto(server.url + "/")
        expect(page.locator("#someone-button")).to_be_visible()
        expect(page.locator("#daily-line")).to_contain_text("everyone is dealt the same match")
    ann.click("#someone-button")
    expect(ann.locator("#seek-line")).to_contain_text("Looking for someone near your strength (1500?)")
    # Nobody else is seeking: after 2 s a computer is offered by name, and the seek goes on waiting.
    expect(ann.locator("#seek-offer-line")).to_contain_text(re.compile(r"Nobody is free right now: play \w+ \(\d+\)\?"))
    expect(ann.locator("#seek-clock")).to_have_text(re.compile(r"[2-9] s|\d\d s"))
    ann.screenshot(path=str(screenshots / "public-waiting-desktop.png"))
    bob.click("#someone-button")
    for page in (ann, bob):
        expect(page.locator("#screen-table")).to_be_visible()
        page.wait_for_selector("#hand button.hand-card")
    tokens = [player_token_of(p) for p in (ann, bob)]
    handles = [me(server, t)["handle"] for t in tokens]
    saved = [seat_of(p) for p in (ann, bob)]
    assert saved[0]["id"] == saved[1]["id"] and saved[0]["token"] != saved[1]["token"]
    # The pill shows the turn's seconds and the reserve apart.
    expect(ann.locator("#turn-line")).to_have_text(re.compile(r"· \d+ s \(\+120 s\)$"))
    # Each table names the other player by handle: a person, never "the computer".
    expect(ann.locator("#opp-label")).to_contain_text(handles[1])
    expect(bob.locator("#opp-label")).to_contain_text(handles[0])

    # A hand, played by each page on its turns.
    pages, moves, shot = [ann, bob], 0, False
    for _ in range(400):
        if on_result(ann) and on_result(bob):
            break
        mover = next((i for i, p in enumerate(pages) if my_turn(p)), None)
        if mover is None:
            ann.wait_for_timeout(100)
            continue
        move_by_hint(pages[mover])
        moves += 1
        if not shot and moves >= 6:
            expect(pages[1 - mover].locator("main")).to_have_attribute("data-state", "idle")
            ann.screenshot(path=str(screenshots / "public-rated-desktop.png"))
            bob.screenshot(path=str(screenshots / "public-rated-phone.png"))
            shot = True
    else:
        raise AssertionError("the hand did not end")
    assert moves >= 2

    # The next hand, and Bob resigns the match from his table.
    view = httpx.get(f"{server.url}/api/games/{saved[0]['id']}",
                     headers={"Authorization": f"Bearer {saved[0]['token']}"}).json()["view"]
    if view["phase"] != "match_over":
        ann.click("#next-hand-button")
        expect(bob.locator("#screen-table")).to_be_visible()
        expect(bob.locator("main")).to_have_attribute("data-state", "idle")
        bob.click("#log-toggle")  # Resign is behind Moves on a phone
        bob.click("#resign-button")
        bob.click("#confirm-ok")
    model = BradleyTerryFull(mu=1500.0, sigma=350.0, beta=200.0, tau=1.0)
    # The resignation is sent when Bob confirms; both tables show the match's end once it is stored.
    expect(bob.locator("#moment-title")).to_be_visible()
    expect(ann.locator("#moment-title")).to_be_visible()
    final = httpx.get(f"{server.url}/api/games/{saved[0]['id']}",
                      headers={"Authorization": f"Bearer {saved[0]['token']}"}).json()["view"]
    winner = final["winner"]
    assert final["phase"] == "match_over" and winner in (0, 1)
    [[won], [lost]] = model.rate([[model.rating()], [model.rating()]])
    after = [me(server, t)["rating"] for t in tokens]
    assert after[winner]["rating"] == round(won.mu) > 1500 and after[1 - winner]["rating"] == round(lost.mu) < 1500
    assert after[0]["deviation"] == after[1]["deviation"] == round(won.sigma)
    # Each page says how the match moved its player's rating, in the library's amounts.
    for seat, page in enumerate(pages):
        change = after[seat]["rating"] - 1500
        sign = "+" if change > 0 else "−"
        expect(page.locator("#moment-rating")).to_have_text(
            f"Your rating: 1500? → {after[seat]['rating']}? ({sign}{abs(change)}).")
    ann.screenshot(path=str(screenshots / "public-rated-over-desktop.png"))
    bob.screenshot(path=str(screenshots / "public-rated-over-phone.png"))

    # Home: the handle and the rating with "?" (still provisional), and the handle changed.
    ann.goto(server.url + "/#/")
    expect(ann.locator("#me-handle")).to_have_text(handles[0])
    expect(ann.locator("#me-rating")).to_have_text(f"{after[0]['rating']}?")
    expect(ann.locator("#me-record")).to_have_text("Rated matches: 1; 0 of them lost by letting the clock run out.")
    ann.click("#handle-edit")
    page_errors.allow("status of 409")  # the handle taken, refused
    ann.fill("#handle-input", "card shark")
    ann.click("#handle-form button[type=submit]")
    expect(ann.locator("#handle-error")).to_contain_text("another player has that handle")
    ann.fill("#handle-input", "Ann Plays")
    ann.click("#handle-form button[type=submit]")
    expect(ann.locator("#me-handle")).to_have_text("Ann Plays")
    assert me(server, tokens[0])["handle"] == "Ann Plays"

    # The leaderboard: the settled players listed, and where you stand.
    ann.click(".home-links a[href='#/leaderboard']")
    expect(ann.locator("#leaders-rows tr")).to_have_count(2)
    expect(ann.locator("#leaders-rows tr").first).to_contain_text("Card Shark")
    expect(ann.locator("#leaders-you")).to_have_text(
        f"Your rating, {after[0]['rating']}?, is listed here after 4 more rated matches.")
    expect(ann.locator("#daily-board-status")).to_have_text("1 player finished it so far.")
    expect(ann.locator("#daily-board-rows tr")).to_have_count(1)
    expect(ann.locator("#daily-board-rows tr").first).to_contain_text(re.compile(r"1\s*Steady Hand\s*0\s*Resigned"))
    ann.screenshot(path=str(screenshots / "public-leaderboard-desktop.png"), full_page=True)
    bob.goto(server.url + "/#/leaderboard")
    expect(bob.locator("#leaders-rows tr")).to_have_count(2)
    bob.screenshot(path=str(screenshots / "public-leaderboard-phone.png"), full_page=True)
    bob.click("#pool-bots")
    expect(bob.locator("#leaders-status")).to_have_text("No bots have a settled rating yet.")


def test_the_computer_offered_while_waiting_is_played_by_name_and_cancel_leaves_the_queue(
        start_server: Any, new_page: Any, screenshots: Path, tmp_path: Path) -> None:
    server = start_server(f"sqlite:///{tmp_path / 'games.db'}", **QUICK_OFFER)
    page: Page = new_page(viewport=PHONE)
    page.goto(server.url + "/")
    page.check("input[name=rated][value=casual]")
    page.click("#someone-button")
    expect(page.locator("#seek-line")).to_contain_text("for a casual match")
    page.click("#seek-cancel")
    expect(page.locator("#screen-home")).to_be_visible()
    token = player_token_of(page)
    # Cancelled: a new seek can be opened at once (one waiting seek per player).
    opened = httpx.post(f"{server.url}/api/seeks", json={"rated": False}, headers={"Authorization": f"Bearer {token}"})
    assert opened.status_code == 201, opened.text
    httpx.delete(f"{server.url}/api/seeks/{opened.json()['seek_id']}", headers={"Authorization": f"Bearer {token}"})

    page.click("#someone-button")
    offer = page.locator("#seek-offer-button")
    expect(offer).to_be_visible()
    page.screenshot(path=str(screenshots / "public-offer-phone.png"))
    name = offer.inner_text().removeprefix("Play ")
    offer.click()
    expect(page.locator("#screen-table")).to_be_visible()
    expect(page.locator("#opp-label")).to_contain_text(name)
    game = seat_of(page)
    body = httpx.get(f"{server.url}/api/games/{game['id']}", headers=bearer(game["token"])).json()
    assert body["opponent"]["kind"] == "computer" and body["opponent"]["name"] == name
    # The seek given up for the computer is no longer waiting: another can be opened.
    again = httpx.post(f"{server.url}/api/seeks", json={"rated": True}, headers={"Authorization": f"Bearer {token}"})
    assert again.status_code == 201, again.text


def test_the_daily_deal_card_plays_todays_match_and_then_says_come_back_tomorrow(
        start_server: Any, new_page: Any, tmp_path: Path) -> None:
    server = start_server(f"sqlite:///{tmp_path / 'games.db'}")
    page: Page = new_page(viewport=PHONE)
    page.goto(server.url + "/")
    commitment = httpx.get(f"{server.url}/api/daily").json()["commitment"]
    expect(page.locator("#daily-line")).to_contain_text(f"SHA-256 {commitment[:12]}")
    page.click("#daily-button")
    expect(page.locator("#screen-table")).to_be_visible()
    game = seat_of(page)
    assert page.evaluate("JSON.parse(localStorage.getItem('ginrummy.daily'))")["id"] == game["id"]
    page.goto(server.url + "/#/")
    expect(page.locator("#daily-line")).to_contain_text("You are playing today’s deal: you 0, the computer 0.")
    expect(page.locator("#daily-button")).to_have_text("Continue today’s deal")
    page.click("#daily-button")
    expect(page.locator("#screen-table")).to_be_visible()
    assert seat_of(page)["id"] == game["id"]
    resigned = httpx.post(f"{server.url}/api/games/{game['id']}/resign",
                          headers={"Authorization": f"Bearer {game['token']}"})
    assert resigned.status_code == 200, resigned.text
    page.goto(server.url + "/#/")
    expect(page.locator("#daily-line")).to_have_text("Today’s deal: you resigned. Come back tomorrow for the next one.")
    expect(page.locator("#daily-button")).to_be_hidden()
    # With that game going on, Play someone asks first; Cancel leaves everything as it was.
    page.goto(server.url + "/#/")
    page.click("#someone-button")
    expect(page.locator("#confirm-title")).to_have_text("Play someone now?")
    page.click("#confirm-cancel")
    expect(page.locator("#screen-home")).to_be_visible()
    assert seat_of(page)["id"] == game["id"]
