"""Browser tests: Debian's Chromium driven by Playwright against a real server process on a fresh SQLite file.

Every page fails its test on a console error, an uncaught exception, or a request to any host but the
test server (unless the test says which console errors it expects, with ``page_errors.allow``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import DESKTOP, ROOT, PageErrors
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

SCREENSHOTS = ROOT / "artifacts" / "screenshots"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


def _chromium() -> str:
    """Debian's Chromium; installed with apt when missing (the machines run as root)."""
    found = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    if shutil.which("apt-get") and os.geteuid() == 0:
        subprocess.run(["apt-get", "update"], check=True, stdout=subprocess.DEVNULL)
        subprocess.run(["apt-get", "install", "-y", "chromium"], check=True, stdout=subprocess.DEVNULL)
        found = shutil.which("chromium")
    if not found:
        pytest.fail("Chromium is needed for the browser tests: apt-get install chromium")
    return found


@pytest.fixture(scope="module")
def playwright_driver() -> Iterator[Playwright]:
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright_driver: Playwright) -> Iterator[Browser]:
    launched = playwright_driver.chromium.launch(executable_path=_chromium(), args=CHROMIUM_ARGS)
    yield launched
    launched.close()


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe-core from npm (package.json pins it); `npm ci` is run when node_modules is missing."""
    if not AXE.exists() and shutil.which("npm"):
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    if not AXE.exists():
        pytest.fail("axe-core is missing: run `npm ci` at the repository root")
    return AXE.read_text(encoding="utf-8")


@pytest.fixture
def server(module_server: Any) -> Any:
    """The module's real server process (each test makes its own games, in browser contexts of its own)."""
    return module_server


@pytest.fixture
def page_errors() -> PageErrors:
    return PageErrors()


@pytest.fixture
def new_page(browser: Browser, page_errors: PageErrors) -> Iterator[Callable[..., Page]]:
    """Open pages in fresh browser contexts: new_page(viewport=PHONE, settings={...}, storage={...})."""
    contexts: list[BrowserContext] = []

    def open_page(viewport: dict[str, int] | None = None, settings: dict[str, Any] | None = None,
                  storage: dict[str, Any] | None = None, context: BrowserContext | None = None,
                  first_visit: bool = False, touch: bool = False) -> Page:
        """A page; unless ``first_visit``, the guided tips count as seen (they have their own tests)."""
        if context is None:
            context = browser.new_context(viewport=viewport or DESKTOP, reduced_motion="no-preference",
                                          has_touch=touch)
            contexts.append(context)
            seeded = {"ginrummy.settings": {"speed": "off", **(settings or {})}, **(storage or {})}
            if not first_visit:
                seeded.setdefault("ginrummy.tips", {"seen": [], "done": True})
            context.add_init_script(script=_seed_storage(seeded))
        page = context.new_page()
        page.on("console", page_errors.on_console)
        page.on("pageerror", lambda error: page_errors.exceptions.append(str(error)))
        page.on("request", page_errors.on_request)
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert not page_errors.exceptions, f"uncaught errors in the page: {page_errors.exceptions}"
    assert not page_errors.unexpected(), f"console errors: {page_errors.unexpected()}"
    assert not page_errors.foreign, f"requests to other hosts: {page_errors.foreign}"


def _seed_storage(values: dict[str, Any]) -> str:
    """An init script that fills localStorage once per context (a reload keeps what the page wrote)."""
    import json

    return (f"(() => {{ try {{ if (sessionStorage.getItem('seeded')) return; sessionStorage.setItem('seeded', '1');"
            f" const v = {json.dumps(values)}; for (const [k, x] of Object.entries(v))"
            f" localStorage.setItem(k, JSON.stringify(x)); }} catch (e) {{}} }})();")


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS
