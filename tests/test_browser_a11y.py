"""Accessibility of every tab and view in a real browser: axe-core, names and focus rings.

axe-core (the copy the ``axe-playwright-python`` package ships, installed with
the ``test`` extra: nothing is downloaded at test time) runs on the default
page, the eight other Explore views, Thesis, Play, Inspect, Sums and the
Finite games tab with three games, with its experimental rules switched on
(``label-content-name-mismatch`` is one).  No critical or serious violation
may remain.  Every control that takes keyboard focus must show it: each is
focused after a key press (so the browser treats focus as keyboard focus, as
Tab does) and must then draw an outline at least 2 px wide or a box shadow,
on itself or on the label that draws it; a walk with the Tab key checks the
same on the default page.

Each page of :data:`PAGES` is loaded once, freshly, for both of its checks:
axe-core first (it reads the page and leaves it as it was), then the focus
rings; the pages load one after another in one browser tab, which is about
twice as fast as a new tab for each.

Run: ``.venv/bin/python -m pytest tests/test_browser_a11y.py``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("playwright")
pytest.importorskip("pytest_playwright")
pytest.importorskip("axe_playwright_python")

import axe_playwright_python
from browser_support import CHROMIUM, SETUP_SETTLED
from playwright.sync_api import BrowserContext, Page, expect

from dashboard.tabs.explore.layout import VIEW_LABELS

LOAD_TIMEOUT = 60_000
WAIT_TIMEOUT = 30_000

#: axe-core as the package ships it.
AXE_SCRIPT = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}"),
]

#: Every page the issue audited: (name, query, a selector that shows the page has drawn).
PAGES = (
    [("default", "", "#summary-count-W")]
    + [
        (f"explore-{view}", f"?view={view}", f"#explore-view-{view} .panel")
        for view in VIEW_LABELS
        if view != "summary"
    ]
    + [
        ("thesis", "?tab=thesis", "#thesis-lists-table .ag-row"),
        ("play", "?tab=play", "#play-prediction"),
        ("inspect", "?tab=inspect", "#inspect-summary"),
        ("sums", "?tab=sums", "#sums-result"),
        ("finite-robs-dots", "?tab=finite", "#tab-finite .panel"),
        ("finite-wythoff", "?tab=finite&fgame=wythoff", "#tab-finite .panel"),
        ("finite-chomp", "?tab=finite&fgame=chomp-2x6", "#tab-finite .panel"),
        ("finite-eraserhead", "?tab=finite&fgame=eraserhead", "#finite-graph-note"),
        ("finite-couples", "?tab=finite&fgame=couples-are-forever", "#tab-finite .panel"),
        ("finite-magnetism", "?tab=finite&fgame=magnetism", "#tab-finite .panel"),
        ("finite-spring-cleaning", "?tab=finite&fgame=spring-cleaning", "#tab-finite .panel"),
        ("finite-euclid3", "?tab=finite&fgame=euclid3", "#tab-finite .panel"),
        ("graphs-tokens", "?tab=graphs", "#graphs-outcome"),
        ("graphs-fair-shares", "?tab=graphs&ggame=fair-shares", "#graphs-outcome"),
    ]
)


#: What the browser says of the element that has focus: whether it (or the label drawn for it) shows a ring.
FOCUS_RING = """(el) => {
    const visible = (e) => {
        const r = e.getBoundingClientRect();
        const cs = getComputedStyle(e);
        return r.width > 2 && r.height > 2 && cs.visibility !== 'hidden' && parseFloat(cs.opacity) > 0;
    };
    const ring = (e) => {
        const cs = getComputedStyle(e);
        const width = parseFloat(cs.outlineWidth) || 0;
        return (cs.outlineStyle !== 'none' && width >= 2) || (!!cs.boxShadow && cs.boxShadow !== 'none');
    };
    const shown = [el, el.closest('label'), el.closest('.dash-options-list-option')].filter(Boolean);
    return shown.some((e) => visible(e) && ring(e));
}"""

#: Every control of the page that the Tab key can reach and that is on screen (not in a closed part).
TABBABLE = """() => Array.from(document.querySelectorAll(
        'input:not([type=hidden]), select, textarea, button, a[href], [tabindex]'))
    .filter((el) => !el.disabled && el.tabIndex >= 0 && el.getClientRects().length > 0
        && getComputedStyle(el).visibility !== 'hidden')"""


#: Resolves once the page's DOM has not changed for ``quiet`` ms (or after ``most`` ms whatever it does).
QUIET = """([quiet, most]) => new Promise((resolve) => {
    const done = () => { observer.disconnect(); clearTimeout(timer); clearTimeout(cap); resolve(); };
    const observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, quiet); });
    let timer = setTimeout(done, quiet);
    const cap = setTimeout(done, most);
    observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
})"""


def open_page(page: Page, url: str, query: str, ready: str) -> None:
    page.set_default_timeout(WAIT_TIMEOUT)
    page.goto(url + query, timeout=LOAD_TIMEOUT)
    # The setup's answer on a put-or-take rule's page; a game with no bound hides the setup bar and asks no setup
    # (Explore's summary only on the pages of the games it serves, dashboard/gamemenu.py, dropped_tabs).
    page.wait_for_function(SETUP_SETTLED, timeout=LOAD_TIMEOUT)
    expect(page.locator(ready).first).to_be_visible(timeout=LOAD_TIMEOUT)
    expect(page.locator("[data-dash-is-loading=true]")).to_have_count(0, timeout=LOAD_TIMEOUT)
    # The checks read the page as it rests: a callback answered after the last spinner went
    # (the setup bar's menus are redrawn for the tab) and page.js's touches after it are done.
    page.evaluate(QUIET, [500, 10_000])
    expect(page.locator("[data-dash-is-loading=true]")).to_have_count(0, timeout=LOAD_TIMEOUT)


def axe_violations(page: Page) -> list[dict]:
    page.evaluate(AXE_SCRIPT)
    return page.evaluate(
        """() => axe.run(document, {
            resultTypes: ['violations'],
            rules: Object.fromEntries(axe.getRules(['experimental']).map((r) => [r.ruleId, {enabled: true}])),
        }).then((r) => r.violations.map((v) => ({
            id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
        })))"""
    )


@pytest.fixture(scope="module")
def tab(shared_context: BrowserContext) -> Iterator[Page]:
    """One tab of the module's browser context (``shared_context``) for its pages, each loaded into it afresh (``page.goto``) by :func:`opened`."""
    page = shared_context.new_page()
    yield page
    page.close()


@pytest.fixture(scope="module", params=PAGES, ids=[p[0] for p in PAGES])
def opened(request: pytest.FixtureRequest, tab: Page, server_url: str) -> tuple[str, Page]:
    """A page of :data:`PAGES` loaded afresh, shared by its two checks.

    Module scope makes pytest run the checks of one page one after the other
    (axe-core first, as the tests are written), so each page loads once.
    """
    name, query, ready = request.param
    open_page(tab, server_url, query, ready)
    return name, tab


def test_axe_finds_no_critical_or_serious_violation(opened: tuple[str, Page]) -> None:
    _name, page = opened
    found = axe_violations(page)
    bad = [v for v in found if v["impact"] in ("critical", "serious")]
    assert not bad, "\n".join(f"{v['impact']} {v['id']}: {v['nodes']}" for v in bad)


def test_every_control_shows_keyboard_focus(opened: tuple[str, Page]) -> None:
    name, page = opened
    page.keyboard.press("Shift")  # the last input was the keyboard: focus is drawn as keyboard focus
    count, missing = page.evaluate(
        f"""() => {{
            const ring = {FOCUS_RING};
            const controls = ({TABBABLE})();
            const missing = [];
            for (const el of controls) {{
                if (!el.isConnected || el.getClientRects().length === 0) {{ continue; }}
                el.focus();
                // Where focus lands: a grid's tab guard hands it on to a header or cell at once.
                const landed = document.activeElement;
                if (landed && landed !== document.body && !ring(landed)) {{ missing.push(landed.outerHTML.slice(0, 120)); }}
            }}
            return [controls.length, missing];
        }}"""
    )
    assert count >= 8, f"only {count} controls found on {name}"
    assert not missing, f"{len(missing)} of {count} controls show no focus ring on {name}:\n" + "\n".join(missing)


def test_tab_key_walk_shows_a_ring_at_every_stop(page: Page, server_url: str) -> None:
    open_page(page, server_url, "", "#summary-count-W")
    page.locator("body").focus()
    stops: list[str] = []
    for _ in range(60):
        page.keyboard.press("Tab")
        here = page.evaluate("() => document.activeElement === document.body ? null : document.activeElement.outerHTML")
        if here is None:
            continue
        if stops and here == stops[0]:
            break
        stops.append(here)
        assert page.evaluate(f"() => ({FOCUS_RING})(document.activeElement)"), f"no focus ring on {here[:120]}"
    # The setup bar's game menu, N box, slider and alpha box, the six tabs, the depth controls,
    # the CSV button and the view switch at least.
    assert len(stops) >= 14, stops
    text_boxes = [s for s in stops if s.startswith("<input") and 'type="text"' in s]
    assert len(text_boxes) >= 2, "the Tab key reaches no text box"
