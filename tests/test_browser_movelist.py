"""The page's one move list in a real browser, on a phone: it plays in every tab that draws it, and axe-core is content.

The Finite games, Sums and Games on graphs tabs draw their moves with
``dashboard.movelist.move_list``.  At 390 px wide each tab's list is drawn,
axe-core finds no critical or serious violation, a move button shows a focus
ring, and one click on a button plays the move (the log says so).

Run: ``.venv/bin/python -m pytest tests/test_browser_movelist.py``.
"""

from __future__ import annotations

import os

import pytest

pytest.importorskip("playwright")
pytest.importorskip("pytest_playwright")
pytest.importorskip("axe_playwright_python")

from browser_support import CHROMIUM
from playwright.sync_api import Page, expect
from test_browser_a11y import FOCUS_RING, QUIET, axe_violations

LOAD_TIMEOUT = 90_000

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}"),
]

#: (tab, address, the move list, the log that shows a move played).
CASES = [
    ("finite", "?tab=finite", "#finite-play-moves", "#finite-play-log"),
    ("sums", "?tab=sums&heaps=1,5", "#sums-moves", "#sums-log"),
    ("graphs", "?tab=graphs", "#graphs-moves", "#graphs-log"),
]


@pytest.mark.parametrize("tab,query,moves,log", CASES, ids=[c[0] for c in CASES])
def test_the_move_list_plays_and_passes_axe_on_a_phone(
    page: Page, server_url: str, tab: str, query: str, moves: str, log: str
) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server_url + query, timeout=LOAD_TIMEOUT)
    # The one move list's markup: the buttons in a move-list row.
    button = page.locator(f"{moves} .move-list button.move-button").first
    expect(button).to_be_visible(timeout=LOAD_TIMEOUT)
    expect(page.locator("[data-dash-is-loading=true]")).to_have_count(0, timeout=LOAD_TIMEOUT)
    page.evaluate(QUIET, [500, 10_000])
    bad = [v for v in axe_violations(page) if v["impact"] in ("critical", "serious")]
    assert not bad, "\n".join(f"{v['impact']} {v['id']}: {v['nodes']}" for v in bad)
    # Each button's accessible name is the move and what it does for the mover.
    name = button.inner_text()
    assert name.endswith(("(wins)", "(loses)", "(draws)", "(unknown)")) or "nim sum" in name, name
    page.keyboard.press("Shift")  # focus drawn as keyboard focus
    button.focus()
    assert page.evaluate(f"() => ({FOCUS_RING})(document.activeElement)"), f"no focus ring on {name}"
    button.click()
    expect(page.locator(log)).to_contain_text("You", timeout=LOAD_TIMEOUT)
    assert not errors, "\n".join(errors)
