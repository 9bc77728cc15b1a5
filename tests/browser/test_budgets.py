"""The client's budgets, printed (not asserted on time): JS + CSS bytes, requests to other hosts, first render."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import ROOT, PageErrors, create_game, game_storage, wait_idle
from playwright.sync_api import Page

FRONTEND = ROOT / "frontend"
BYTES_BUDGET = 150 * 1024
PAINT = ("(() => { const p = performance.getEntriesByName('first-contentful-paint')[0]; "
         "return p ? p.startTime : null; })()")
TRANSFERRED = ("(() => [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]"
               ".filter(e => !new URL(e.name).pathname.startsWith('/api/'))"
               ".reduce((sum, e) => sum + e.encodedBodySize, 0))()")
"""The bytes of the page's own files a visit transferred, compressed as they were sent."""
READY = "(() => { const m = performance.getEntriesByName('gin-ready')[0]; return m ? m.startTime : null; })()"


def asset_bytes() -> dict[str, int]:
    return {str(p.relative_to(FRONTEND)): p.stat().st_size
            for p in sorted([*FRONTEND.rglob("*.js"), *FRONTEND.rglob("*.css")])}


def _round(value: float | None) -> float | None:
    return round(value, 1) if value is not None else None


def test_print_budgets(server: Any, new_page: Any, page_errors: PageErrors, capsys: pytest.CaptureFixture[str]) -> None:
    sizes = asset_bytes()
    total = sum(sizes.values())
    page: Page = new_page()
    started = time.perf_counter()
    page.goto(server.url + "/")
    page.wait_for_selector("html[data-ready]")
    home_ms = (time.perf_counter() - started) * 1000
    home_ready = page.evaluate(READY)
    page.wait_for_load_state("networkidle")
    transferred = page.evaluate(TRANSFERRED)
    encoding = page.evaluate("fetch('/js/main.js', {cache: 'no-store'}).then(r => r.headers.get('content-encoding'))")
    paint = page.evaluate(PAINT)
    game = create_game(server, seed=3)
    table = new_page(storage=game_storage(game))
    started = time.perf_counter()
    table.goto(server.url + "/#/play")
    table.wait_for_selector("#hand button.hand-card")
    table_ms = (time.perf_counter() - started) * 1000
    table.wait_for_selector("html[data-ready]")
    table_ready = table.evaluate(READY)
    wait_idle(table)
    loaded = table.evaluate("performance.getEntriesByType('resource').filter(r => /\\.(js|css)$/.test(r.name))"
                            ".map(r => r.name.split('/').slice(-2).join('/'))")
    figures = {
        "js_css_bytes": total, "js_css_budget_bytes": BYTES_BUDGET, "files": sizes,
        "first_visit_transferred_bytes": transferred, "script_content_encoding": encoding,
        "files_loaded_by_the_table": sorted(loaded),
        "non_loopback_requests": page_errors.foreign,
        "first_contentful_paint_ms": round(paint, 1) if paint is not None else None,
        "home_rendered_ms_after_navigation": _round(home_ready),
        "table_rendered_ms_after_navigation": _round(table_ready),
        "home_wall_clock_ms": round(home_ms, 1), "table_wall_clock_ms": round(table_ms, 1),
    }
    report = Path(ROOT / "artifacts" / "budgets.json")
    report.parent.mkdir(parents=True, exist_ok=True)
    report.write_text(json.dumps(figures, indent=2))
    with capsys.disabled():
        print(f"\nfrontend budgets: JS+CSS {total} bytes ({total / 1024:.1f} KiB of {BYTES_BUDGET // 1024} KiB, "
              f"{len(sizes)} files; a first visit transfers {transferred} bytes, sent as {encoding}); "
              f"requests to other hosts: {len(page_errors.foreign)}; "
              f"first contentful paint {figures['first_contentful_paint_ms']} ms; first render of the home screen "
              f"{_round(home_ready)} ms and of a game's table {_round(table_ready)} ms after navigation start "
              f"(wall clock through Playwright: {home_ms:.0f} ms and {table_ms:.0f} ms; loopback)")
    assert total <= BYTES_BUDGET, f"JS + CSS is {total} bytes, over the {BYTES_BUDGET} budget"
    assert not page_errors.foreign
    assert encoding == "gzip", "the page's files are sent compressed"
