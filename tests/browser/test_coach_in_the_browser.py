"""The coach in the browser: "How did I play?" on the result screen, its marks in the review, and the points lost
over a match, each as the API's review of the hand says (GET /api/games/{id}/hands/{n}/analysis)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    PageErrors,
    create_game,
    figure,
    finish_hand_by_api,
    game_storage,
    hand_analysis,
    hand_with_a_mistake,
    move_words,
    open_result,
    server_view,
    tab_to,
)
from playwright.sync_api import Page, expect
from test_guide_and_history import finished_match

pytestmark = pytest.mark.timeout(180)
KINDS = ("draw", "discard", "knock")


def assert_lost(page: Page, root: str, lost: dict[str, float]) -> None:
    """The per-kind figures shown under ``root`` are the API's, to the decimal shown."""
    for kind in KINDS:
        shown = figure(page.text_content(f"{root} [data-lost={kind}]"))
        assert abs(shown - lost[kind]) <= 0.051, (kind, shown, lost)


def analysis_requests(page: Page) -> list[str]:
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/analysis") else None)
    return asked


def test_how_did_i_play_shows_the_costliest_decision_and_marks_the_review(server: Any, new_page: Any) -> None:
    game, review = hand_with_a_mistake(server)
    number, worst = review["hand"], review["costliest"]
    page: Page = new_page(storage=game_storage(game))
    asked = analysis_requests(page)
    page.goto(server.url + "/#/play")
    open_result(page)
    expect(page.locator("#coach")).to_be_hidden()
    assert not asked, "the coach is asked only when the person asks"

    # The button is reached and pressed with the keyboard; the panel says how it went, in a live region.
    tab_to(page, "el.id === 'coach-button'")
    page.keyboard.press("Enter")
    panel = page.locator("#coach")
    expect(panel).to_be_visible()
    expect(page.locator("#coach-status")).to_have_attribute("role", "status")
    expect(page.locator("#coach-status")).to_have_text(
        f"Mistakes: {review['mistakes']} of your {len(review['decisions'])} decisions.")
    expect(panel.locator("h2")).to_have_text("How did I play?")
    assert page.evaluate("document.activeElement.id") == "coach-button"

    # The costliest decision: what was played, the better move, about how many points, and why.
    expect(page.locator("#coach-worst")).to_be_visible()
    expect(page.locator("#coach-played")).to_have_text(move_words(worst["played"]))
    expect(page.locator("#coach-best")).to_have_text(move_words(worst["best"]))
    assert abs(figure(page.text_content("#coach-cost")) - worst["cost"]) <= 0.051
    # Why, in the player's terms: what the better move was worth on average and how its played-out deals ended.
    # A hand won in spite of the mistake says how it was won first (one deal's result is not the choice's worth),
    # with that worth and its headline figure, then the reasons.
    said = f"{review['worked_out']} {worst['because']}" if review["worked_out"] else worst["why"]
    expect(page.locator("#coach-why")).to_have_text(said)
    expect(page.locator("#coach-why")).to_contain_text(re.compile(r"was worth (about [\d.]+|a little) (points )?more "
                                                                  r"on average"))
    expect(page.locator("#coach-lost")).to_be_visible()
    assert_lost(page, "#coach-lost", review["lost"])
    assert len(asked) == 1

    # The review of that hand marks each mistaken step, from the same answer (no second request).
    expect(page.locator("#coach-review")).to_have_attribute("href", f"#/review/{number}")
    page.click("#coach-review")
    expect(page.locator("#screen-review")).to_be_visible()
    mistakes = [d for d in review["decisions"] if d["mistake"]]
    line = page.locator("#review-coach")
    expect(line).to_contain_text("The coach marks mistakes at move")
    marked = [int(n) for n in re.findall(r"\d+", line.text_content() or "")]
    assert len(marked) == len(mistakes)
    for decision, step in zip(mistakes, marked, strict=True):
        page.fill("#review-range", str(step))
        expect(page.locator("#review-step")).to_have_text(re.compile(rf"^Move {step} of"))
        expect(page.locator("#review-mark")).to_be_visible()
        expect(page.locator("#review-mark .coach-badge")).to_contain_text("Mistake: about")
        assert abs(figure(page.text_content("#review-cost")) - decision["cost"]) <= 0.051
        expect(page.locator("#review-better")).to_have_text(move_words(decision["best"]))
        expect(page.locator("#review-why")).to_have_text(decision["why"])
    # A step that was not a mistake has no mark.
    page.click("#review-first")
    expect(page.locator("#review-mark")).to_be_hidden()
    assert len(asked) == 1, asked


def test_a_refused_review_says_so_clearly(start_server: Any, tmp_path: Path, new_page: Any,
                                         page_errors: PageErrors) -> None:
    # The server allows one review a minute from this address, and the API has just had it.
    server = start_server(f"sqlite:///{tmp_path / 'coach.db'}", RATE_LIMIT_ANALYSES="1/minute")
    game = create_game(server, seed=4)
    view = finish_hand_by_api(server, game)
    hand_analysis(server, game, view["hand_number"])
    page_errors.allow("429")
    page: Page = new_page(storage=game_storage(game))
    page.goto(server.url + "/#/play")
    open_result(page)
    page.click("#coach-button")
    status = page.locator("#coach-status")
    expect(status).to_have_text("The coach is busy: too many reviews in the last minute. Wait a minute, then ask "
                                "again.")
    expect(page.locator("#coach-worst")).to_be_hidden()
    expect(page.locator("#coach-lost")).to_be_hidden()
    # The review says so too, rather than showing no marks without a word.
    page.click("#coach-review")
    expect(page.locator("#screen-review")).to_be_visible()
    expect(page.locator("#review-coach")).to_contain_text("The coach is busy")
    expect(page.locator("#review-mark")).to_be_hidden()


def test_how_did_i_play_this_match_adds_up_the_hands_on_request(server: Any, new_page: Any) -> None:
    game = finished_match(server)
    history = [h["number"] for h in server_view(server, game)["history"]]
    page: Page = new_page(storage=game_storage(game))
    asked = analysis_requests(page)
    page.goto(server.url + "/#/play")
    open_result(page)
    page.wait_for_timeout(200)
    assert not asked, "nothing is reviewed before the person asks"
    expect(page.locator("#coach-match")).to_be_hidden()
    page.click("#coach-match-button")
    status = page.locator("#coach-match-status")
    expect(status).to_have_attribute("role", "status")
    expect(status).to_contain_text(f"Hands reviewed: {len(history)}.")
    reviews = [hand_analysis(server, game, number) for number in history]
    expect(status).to_have_text(f"Hands reviewed: {len(history)}. Mistakes: {sum(r['mistakes'] for r in reviews)}.")
    assert_lost(page, "#coach-match-lost", {kind: sum(r["lost"][kind] for r in reviews) for kind in KINDS})
    assert len(asked) == len(history)

    # The last hand's review is already known: "How did I play?" shows it without asking again. Played by the
    # hints, it usually has no mistake: then the panel says so in a friendly line.
    last = reviews[-1]
    page.click("#coach-button")
    expect(page.locator("#coach-lost")).to_be_visible()
    assert_lost(page, "#coach-lost", last["lost"])
    if last["costliest"] is None:
        expect(page.locator("#coach-status")).to_have_text(
            "No mistakes: every decision was as good as the hard computer’s, or too close to call.")
        expect(page.locator("#coach-worst")).to_be_hidden()
    else:
        expect(page.locator("#coach-best")).to_have_text(move_words(last["costliest"]["best"]))
    assert len(asked) == len(history)
