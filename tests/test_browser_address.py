"""The address and bad input in a real browser: only accepted values are written, the tree stays, the notice shows.

The page writes the address in the browser (``dashboard.urlstate.QUERY_JS``);
its Python twin ``query_from_controls`` is the reference, and both run here
on the same values, refused ones among them.  Then the page itself: a bad N,
alpha or start number leaves the address as it was, a bad start number keeps
the tree with a message, and the notice of an address's ignored values is a
framed box under the title.

Run: ``.venv/bin/python -m pytest tests/test_browser_address.py``.
"""

from __future__ import annotations

import json
import os

import pytest

pytest.importorskip("playwright")
pytest.importorskip("pytest_playwright")

from browser_support import CHROMIUM
from playwright.sync_api import Page, expect

from dashboard import urlstate

LOAD_TIMEOUT = 60_000
WAIT_TIMEOUT = 30_000
CY = "(document.getElementById('game-tree') || {})._cyreg?.cy"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}"),
]

#: Typed numbers in every form, good and bad, for the number boxes' keys.
TYPED = [
    "4708",
    "10**30",
    "10**30+1",
    "10^3 - 1",
    "2**64-1",
    "1e6",
    "1.5e3",
    "1E+3",
    "+7",
    "10_000",
    "10,000",
    " 92 ",
    "5.",
    "0",
    "-5",
    "abc",
    "12abc",
    "",
    "4.5",
    ".5",
    "1e-5",
    "1e-5+3",
    "10**30 +",
    "--3",
    "Infinity",
    "9" * 4001,
    "1e4000",
    "0e5000",
    "10**4001",
    "10000000",
    "10000001",
    "5000",
    "1000",
    "0001000",
]

#: Addresses the page may be at when a value is typed.
CURRENT = ["", "?n=20000&alpha=10&start=92&depth=7", "?n=abc&alpha=5000&start=-1", "?view=tree&depth=99"]


def _cases() -> list[tuple[list, str]]:
    keys = [k for k, *_ in urlstate.PARAMS]
    base = [default for *_rest, default in urlstate.PARAMS]
    cases = []
    for i, typed in enumerate(TYPED):
        values = list(base)
        for key in ("n", "alpha", "start", "inspect", "play", "seed"):
            values[keys.index(key)] = typed
        values[keys.index("depth")] = [7, 50, "6", 6.5, "x"][i % 5]
        values[keys.index("view")] = ["tree", "nowhere", "summary"][i % 3]
        cases.append((values, CURRENT[i % len(CURRENT)]))
    return cases


def test_the_browser_refuses_the_same_values_as_python(page: Page) -> None:
    cases = _cases()
    script = (
        "(() => {\n"
        "const toQuery = (" + urlstate.QUERY_JS + ");\n"
        "const table = " + json.dumps(urlstate.query_table()) + ";\n"
        "const cases = " + json.dumps(cases) + ";\n"
        "return JSON.stringify(cases.map(([values, current]) => toQuery(values, table, current)));\n"
        "})()"
    )
    got = json.loads(page.evaluate(script))
    for (values, current), js in zip(cases, got, strict=True):
        python = urlstate.query_from_controls(values, current=current)
        assert js == python, (values[1:4], current, js[:200], python[:200])
    # The cases reach what they mean to: a good sum is written, a refused value is not.
    assert any("start=10%2A%2A30%2B1" in q for q in got)
    assert not any("12abc" in q or "alpha=5000" in q for q in got)


def _search(page: Page) -> str:
    return page.evaluate("window.location.search")


def test_a_bad_value_leaves_the_address_and_the_tree_as_they_were(page: Page, server_url: str) -> None:
    page.set_default_timeout(WAIT_TIMEOUT)
    page.goto(server_url + "?view=tree&n=20000", timeout=LOAD_TIMEOUT)
    page.wait_for_function(f"{CY} && {CY}.nodes().length > 1", timeout=LOAD_TIMEOUT)
    nodes = page.evaluate(f"{CY}.nodes().length")
    for selector, typed in (("#n-input", "12abc"), ("#alpha-input", "5000"), ("#start-input", "abc")):
        box = page.locator(selector)
        box.fill(typed)
        box.press("Enter")
    expect(page.locator("#start-error")).to_contain_text("start number")
    expect(page.locator("#n-error")).to_contain_text("whole number")
    expect(page.locator("#alpha-error")).to_contain_text("1,000")
    search = _search(page)
    assert "n=20000" in search and "abc" not in search and "5000" not in search, search
    # The tree keeps its nodes: a bad start number once emptied it (69 nodes to 0).
    for typed in ("-5", "", "4.5"):
        box = page.locator("#start-input")
        box.fill(typed)
        box.press("Enter")
        expect(page.locator("#start-error")).to_contain_text("start number")
        assert page.evaluate(f"{CY}.nodes().length") == nodes
    # A good start in the command line's forms is taken, and written as typed.
    box = page.locator("#start-input")
    box.fill("10**30+1")
    box.press("Enter")
    page.wait_for_function(f"{CY}.getElementById('n').data('position') === '{10**30 + 1}'", timeout=WAIT_TIMEOUT)
    expect(page.locator("#start-error")).to_have_text("")
    page.wait_for_function("() => window.location.search.includes('start=10%2A%2A30%2B1')", timeout=WAIT_TIMEOUT)


def test_the_notice_is_a_framed_box_under_the_title(page: Page, server_url: str) -> None:
    page.set_default_timeout(WAIT_TIMEOUT)
    page.goto(server_url + "?n=12abc&depth=99", timeout=LOAD_TIMEOUT)
    notice = page.locator("#url-notice")
    expect(notice).to_contain_text("Ignored from the address", timeout=LOAD_TIMEOUT)
    style = notice.evaluate(
        """(el) => { const cs = getComputedStyle(el); return {
            background: cs.backgroundColor, border: parseFloat(cs.borderTopWidth), padding: parseFloat(cs.paddingTop),
            top: el.getBoundingClientRect().top,
            title: document.getElementById('page-title').getBoundingClientRect().bottom,
            bar: document.getElementById('setup-bar').getBoundingClientRect().top }; }"""
    )
    assert style["background"] not in ("rgba(0, 0, 0, 0)", "transparent"), style
    assert style["border"] >= 1 and style["padding"] >= 4, style
    assert style["title"] <= style["top"] <= style["bar"], style


def test_a_tab_the_game_does_not_have_is_named_in_the_notice_and_left_out_of_the_address(
    page: Page, server_url: str
) -> None:
    # Wythoff's game has no Play tab: the page opens on its own tab and says why, and the address drops tab=play.
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server_url + "?game=wythoff&tab=play", timeout=LOAD_TIMEOUT)
    notice = page.locator("#url-notice")
    expect(notice).to_contain_text("tab=play: Wythoff's game has no tab Play", timeout=LOAD_TIMEOUT)
    expect(notice).to_contain_text("(it opens on Moves, tree and pictures).")
    expect(page.locator("#tab-finite")).to_be_visible()
    page.wait_for_function("() => window.location.search === '?game=wythoff'", timeout=LOAD_TIMEOUT)
    assert not errors, errors
