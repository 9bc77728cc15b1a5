"""Installing the game and opening it offline, in Chromium: the manifest as Chromium parses it, installability, the
service worker in control after a reload, never a stale file after a deploy while online, and the offline notice."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import PHONE, ROOT, PageErrors, create_game, game_storage, wait_idle
from playwright.sync_api import Browser, Page, Playwright

OFFLINE = "You are offline: your game resumes when you are back."
WORKER_READY = "navigator.serviceWorker.ready.then((r) => r.active.state)"
SERIOUS = """async () => (await axe.run(document, { resultTypes: ['violations'] })).violations
  .filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)"""


def controlled(page: Page, url: str) -> None:
    """Load the page, wait for its worker to be active, and reload: the reloaded page is the worker's."""
    page.goto(url)
    page.wait_for_selector("html[data-ready]")
    assert page.evaluate(WORKER_READY) in ("activating", "activated")
    page.reload()
    page.wait_for_selector("html[data-ready]")
    assert page.evaluate("!!navigator.serviceWorker.controller")


def test_the_manifest_is_linked_parsed_and_the_game_installable(
        server: Any, browser: Browser, playwright_driver: Playwright, new_page: Callable[..., Page],
        tmp_path: Path) -> None:
    # installability is judged only outside incognito, so a profile of its own rather than a new context
    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    context = playwright_driver.chromium.launch_persistent_context(
        tmp_path / "profile", executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
    try:
        page = new_page(context=context)
        page.goto(server.url + "/")
        page.wait_for_selector("html[data-ready]")
        cdp = context.new_cdp_session(page)
        parsed = cdp.send("Page.getAppManifest")
        assert parsed["url"] == server.url + "/manifest.webmanifest"
        assert parsed["errors"] == [], parsed["errors"]
        manifest = parsed["manifest"]
        assert manifest["name"] == "Gin Rummy" and manifest["display"] == "kStandalone"
        assert manifest["startUrl"] == manifest["scope"] == manifest["id"] == server.url + "/"
        assert manifest["themeColor"] == "rgba(11,93,59,1)" and manifest["backgroundColor"]
        assert page.get_attribute("meta[name=theme-color]", "content") == "#0b5d3b"
        declared = page.evaluate("fetch(document.querySelector('link[rel=manifest]').href).then((r) => r.json())")
        assert declared["short_name"] and declared["display"] == "standalone"
        icons = {(icon["sizes"], icon.get("purpose", "any")): icon["src"] for icon in declared["icons"]}
        assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= set(icons)
        for (sizes, _), src in icons.items():
            drawn = page.evaluate("src => fetch(src).then((r) => r.blob()).then(createImageBitmap)"
                                  ".then((b) => `${b.width}x${b.height}`)", src)
            assert drawn == sizes, src
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        page.goto(server.url + "/docs")  # a page with no manifest is not installable: the check above can fail
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert "no-manifest" in {error["errorId"] for error in errors}
    finally:
        context.close()


def test_the_worker_controls_the_page_after_a_reload_and_keeps_the_shell_but_never_the_api(
        server: Any, new_page: Callable[..., Page]) -> None:
    game = create_game(server, seed=5)
    page = new_page(storage=game_storage(game))
    controlled(page, server.url + "/#/play")
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == server.url + "/sw.js"
    assert page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)") == server.url + "/"
    wait_idle(page)
    kept = set(page.evaluate("caches.keys().then((names) => Promise.all(names.map((n) => caches.open(n)"
                             ".then((c) => c.keys())))).then((lists) => lists.flat().map((r) => new URL(r.url)"
                             ".pathname))"))
    preloaded = {"/" + href for href in page.eval_on_selector_all(
        "link[rel=modulepreload], link[rel=stylesheet], link[rel=icon], link[rel=manifest]",
        "links => links.map((l) => l.getAttribute('href'))")}
    assert {"/", "/js/main.js", "/js/install.js", "/css/app.css", "/manifest.webmanifest"} <= kept
    assert preloaded <= kept, preloaded - kept
    assert not [path for path in kept if path.startswith("/api/")], kept
    # the worker answers for the shell's files, and leaves the API's to the browser and the server
    for path, from_worker in (("/js/dom.js", True), ("/api/rules", False)):
        with page.expect_response(lambda r, path=path: r.url == server.url + path) as caught:
            page.evaluate("path => fetch(path).then((r) => r.status)", path)
        assert caught.value.ok and caught.value.from_service_worker is from_worker, path

def test_after_a_deploy_a_controlled_page_gets_the_new_files_at_once(
        tmp_path: Path, start_server: Callable[..., Any], new_page: Callable[..., Page]) -> None:
    site = tmp_path / "frontend"
    shutil.copytree(ROOT / "frontend", site)
    server = start_server(f"sqlite:///{tmp_path / 'games.db'}", FRONTEND_DIR=str(site))
    page = new_page()
    controlled(page, server.url + "/")
    # a deploy: the page, a module and the styles change on the server
    index = site / "index.html"
    index.write_text(index.read_text().replace("</head>", '<meta name="deployed" content="new page"></head>'))
    with (site / "js" / "dom.js").open("a") as module:
        module.write("\nexport const deployed = 'new module';\n")
    with (site / "css" / "app.css").open("a") as styles:
        styles.write("\n:root { --deployed: 2; }\n")
    page.reload()
    page.wait_for_selector("html[data-ready]")
    assert page.evaluate("!!navigator.serviceWorker.controller")
    assert page.evaluate("document.querySelector('meta[name=deployed]')?.content") == "new page"
    assert page.evaluate("import('/js/dom.js').then((m) => m.deployed)") == "new module"
    assert page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--deployed').trim()") == "2"


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_offline_the_game_opens_with_a_notice_and_reloads_when_the_network_returns(
        server: Any, new_page: Callable[..., Page], page_errors: PageErrors, axe_source: str, theme: str) -> None:
    page_errors.allow("ERR_INTERNET_DISCONNECTED")  # the page's calls to the API while offline
    game = create_game(server, seed=5)
    page = new_page(viewport=PHONE, settings={"theme": theme}, storage=game_storage(game))
    controlled(page, server.url + "/#/play")
    wait_idle(page)
    hand = sorted(page.eval_on_selector_all("#hand button.hand-card", "els => els.map((e) => e.dataset.card)"))
    assert page.locator("#offline-notice").count() == 0
    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("html[data-ready]")
    notice = page.locator("#offline-notice")
    assert notice.is_visible() and notice.inner_text() == OFFLINE
    assert notice.get_attribute("role") == "status"
    assert page.locator("header.topbar").is_visible()
    page.wait_for_function("document.querySelector('#banner-text').textContent !== ''")  # the game's call failed
    assert not page.locator("#banner").is_visible(), "one notice offline, not a banner for each failed call too"
    page.evaluate(axe_source)  # evaluate is not subject to the page's Content-Security-Policy
    assert page.evaluate(SERIOUS) == []
    (ROOT / "artifacts").mkdir(exist_ok=True)
    page.screenshot(path=str(ROOT / "artifacts" / f"offline-phone-{theme}.png"))
    with page.expect_event("load"):  # back online: the page reloads the game from the server
        page.context.set_offline(False)
    page.wait_for_selector("html[data-ready]")
    page.wait_for_selector("#hand button.hand-card")
    wait_idle(page)
    assert not page.locator("#offline-notice").is_visible()
    assert sorted(page.eval_on_selector_all("#hand button.hand-card", "els => els.map((e) => e.dataset.card)")) == hand
