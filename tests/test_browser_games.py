"""Every game of the menu opens from its own address, ``?game=NAME``, in a real browser.

For each game the registry lists (:func:`solver.registry.game_names`), the
page at ``?game=NAME`` must show the game's own header, the setup bar (N,
alpha, "decided below") only when the game has a bound, the tabs that serve
it and no other, and its play panel, its game tree, its moves and values and
its exports; axe-core finds no critical or serious violation at 1440 and at
390 px.  Choosing a game in the menu does the same and writes ``game=``.

Run: ``.venv/bin/python -m pytest tests/test_browser_games.py``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

import pytest

pytest.importorskip("playwright")
pytest.importorskip("axe_playwright_python")

from browser_support import CHROMIUM
from playwright.sync_api import BrowserContext, Page, expect
from test_browser_a11y import QUIET, axe_violations

from dashboard.gamemenu import game_tabs
from dashboard.ids import export_button_id
from dashboard.registry import TABS
from solver.registry import find_game, game_names

LOAD_TIMEOUT = 90_000
WAIT_TIMEOUT = 60_000

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}"),
]

#: What each tab shows of a game once it is drawn: (what, selector that must be visible).  A tab of a
#: put-or-take rule reaches its views through the tab bar and the Explore view bar.
SHOWN = {
    "explore": [
        ("the tree", "#explore-view label:has-text('Game tree')"),
        ("the export", "#download-button"),
    ],
    "finite": [
        ("the play panel", "#finite-play-state p"),
        ("the moves and values", "#finite-play-moves button"),
        ("the tree", "#finite-tree"),
        ("the export", "#finite-csv-moves"),
    ],
    "graphs": [
        ("the play panel", "#graphs-outcome"),
        ("the moves and values", "#graphs-values"),
        ("the export", f"#{export_button_id('graphs-values')}"),
    ],
}
#: The tab each put-or-take rule plays in and inspects a position in (moves and values).
RULE_TABS = {"play": "Play", "inspect": "Inspect a number"}


@pytest.fixture(scope="module")
def tab(shared_context: BrowserContext) -> Iterator[Page]:
    page = shared_context.new_page()
    page.set_default_timeout(WAIT_TIMEOUT)
    yield page
    page.close()


def _visible_tabs(page: Page) -> list[str]:
    return page.evaluate(
        "Array.from(document.querySelectorAll('#tabs [role=tab]')).filter(t => t.offsetParent !== null)"
        ".map(t => t.textContent)"
    )


def _serious(page: Page) -> list[str]:
    page.evaluate(QUIET, [500, 10_000])
    return [
        f"{v['impact']} {v['id']}: {v['nodes']}" for v in axe_violations(page) if v["impact"] in ("critical", "serious")
    ]


@pytest.mark.parametrize("name", game_names())
def test_every_game_opens_from_its_address(tab: Page, server_url: str, name: str) -> None:
    page = tab
    game = find_game(name)
    served = game_tabs(game)
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(f"{server_url}?game={name}", timeout=LOAD_TIMEOUT)
    # Its own header, and the browser's title.
    expect(page.locator("#page-title")).to_have_text(f"{game.title} explorer", timeout=LOAD_TIMEOUT)
    expect(page).to_have_title(f"{game.title} explorer")
    # The setup bar only for a game with a bound.
    if game.bounded:
        expect(page.locator("#setup-bar")).to_be_visible()
        expect(page.locator("#setup-decided")).to_contain_text("Decided below", timeout=LOAD_TIMEOUT)
    else:
        expect(page.locator("#setup-bar")).to_be_hidden()
    # The tabs that serve it, opened on the first; none of another kind of game.
    expect(page.locator(f"#tab-{served[0]}")).to_be_visible(timeout=LOAD_TIMEOUT)
    labels = [t.label for t in TABS if t.value in served]
    assert _visible_tabs(page) == (labels if len(served) > 1 else []), _visible_tabs(page)
    for _what, selector in SHOWN[served[0]]:
        expect(page.locator(selector).first).to_be_visible(timeout=LOAD_TIMEOUT)
    if game.bounded:
        assert set(RULE_TABS.values()) <= set(_visible_tabs(page))
    expect(page.locator("[data-dash-is-loading=true]")).to_have_count(0, timeout=LOAD_TIMEOUT)
    # The address is the game's own, with nothing else in it (its first tab is left out).
    assert page.evaluate("window.location.search") in ("", f"?game={name}".replace(",", "%2C"))
    bad = _serious(page)
    page.set_viewport_size({"width": 390, "height": 844})
    bad += [f"at 390 px: {line}" for line in _serious(page)]
    assert not bad, "\n".join(bad)
    assert "Traceback" not in page.content()


def test_choosing_a_game_in_the_menu_changes_the_page_and_the_address(tab: Page, server_url: str) -> None:
    page = tab
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(server_url, timeout=LOAD_TIMEOUT)
    expect(page.locator("#summary-count-W")).to_be_visible(timeout=LOAD_TIMEOUT)
    assert _visible_tabs(page) == [t.label for t in TABS if t.value in game_tabs(find_game("put-or-take-a-square"))]
    # Wythoff's game: a finite game with no bound; its tab alone, the setup bar hidden.
    page.locator("#game-menu").click()
    page.get_by_role("option", name="Wythoff's game", exact=True).click()
    expect(page.locator("#page-title")).to_have_text("Wythoff's game explorer")
    expect(page.locator("#setup-bar")).to_be_hidden()
    expect(page.locator("#tab-finite")).to_be_visible()
    expect(page.locator("#finite-position")).to_have_value("7,12", timeout=LOAD_TIMEOUT)
    page.wait_for_function("() => window.location.search === '?game=wythoff'")
    # A member of a family typed in the box: added to the menu, its address written.
    typed = page.locator("#game-typed")
    typed.fill("octal-0.6")
    typed.press("Enter")
    expect(page.locator("#page-title")).to_have_text(re.compile(r"0\.6.* explorer"))
    expect(page.locator("#game-menu")).to_contain_text("0.6")
    page.wait_for_function("() => window.location.search.startsWith('?game=octal-0.6')")
    # Snakes-and-Adders: the graph tab alone; back to the default game and its five tabs and the setup bar.
    page.locator("#game-menu").click()
    page.get_by_role("option", name="Snakes-and-Adders", exact=True).click()
    expect(page.locator("#tab-graphs")).to_be_visible()
    expect(page.locator("#graphs-outcome")).not_to_be_empty(timeout=LOAD_TIMEOUT)
    page.go_back()
    expect(page.locator("#page-title")).to_have_text(re.compile(r"0\.6.* explorer"), timeout=LOAD_TIMEOUT)
    page.locator("#game-menu").click()
    page.get_by_role("option", name="Put-or-Take-a-Square", exact=True).click()
    expect(page.locator("#setup-bar")).to_be_visible()
    expect(page.locator("#tab-explore")).to_be_visible()
    page.wait_for_function("() => window.location.search === ''")


#: The number of elements in each tab's panel, by the panel's id (``tab-<value>``).
_PANEL_ELEMENTS = """() => Object.fromEntries(Array.from(document.querySelectorAll('[role=tabpanel][id^=tab-]'))
    .map(function (panel) { return [panel.id, panel.querySelectorAll('*').length]; }))"""


#: Counts the store's updates that changed nothing but the identity of its update counts (``layoutHashes``): a reset
#: of a component drawn for the first time, which made react-redux run every mounted component's selector for nothing
#: (assets/page.js, 0b).
_EMPTY_RESETS = """() => {
    const store = window.store;
    let last = store.getState().layoutHashes;
    window.ptsqEmptyResets = 0;
    store.subscribe(function () {
        const now = store.getState().layoutHashes;
        if (now === last) { return; }
        const before = Object.keys(last);
        if (before.length === Object.keys(now).length && before.every(function (key) { return now[key] === last[key]; })) {
            window.ptsqEmptyResets += 1;
        }
        last = now;
    });
}"""


def _pick(page: Page, title: str) -> None:
    page.locator("#game-menu").click()
    page.get_by_role("option", name=title, exact=True).click()
    expect(page.locator("#page-title")).to_have_text(f"{title} explorer", timeout=LOAD_TIMEOUT)


def test_a_chosen_game_keeps_only_its_own_tabs_mounted(tab: Page, server_url: str) -> None:
    # Every mounted component costs Dash's renderer work at each answer, so a game keeps mounted only the tabs that
    # serve it (dashboard/gamemenu.py, dropped_tabs); what was set in a dropped tab is drawn again when it comes back.
    page = tab
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(server_url, timeout=LOAD_TIMEOUT)
    expect(page.locator("#summary-count-W")).to_be_visible(timeout=LOAD_TIMEOUT)
    layers = page.locator("#explore-view label", has_text="Layers")
    layers.click()
    expect(page.locator("#explore-view-layers .js-plotly-plot").first).to_be_visible(timeout=LOAD_TIMEOUT)
    before = page.evaluate(_PANEL_ELEMENTS)
    unopened = before["tab-thesis"]  # a tab never shown: its empty holder alone
    assert before["tab-explore"] > unopened and before["tab-finite"] == unopened
    page.evaluate(_EMPTY_RESETS)
    _pick(page, "Wythoff's game")
    expect(page.locator("#finite-position")).to_have_value("7,12", timeout=LOAD_TIMEOUT)
    expect(page.locator("#finite-play-moves button").first).to_be_visible(timeout=LOAD_TIMEOUT)
    after = page.evaluate(_PANEL_ELEMENTS)
    # The finite tab's components were drawn afresh, and none of them sent the store an update that changed nothing.
    assert page.evaluate("window.ptsqEmptyResets") == 0
    # Explore's content is gone from the page; the finite tab's is drawn.
    assert after["tab-explore"] == unopened, after
    assert after["tab-finite"] > unopened, after
    expect(page.locator("#summary-count-W")).to_have_count(0)
    # Back to the default game: its view as it was left, drawn again; the finite tab's content gone.
    _pick(page, "Put-or-Take-a-Square")
    expect(layers.locator("input")).to_be_checked(timeout=LOAD_TIMEOUT)
    expect(page.locator("#explore-view-layers .js-plotly-plot").first).to_be_visible(timeout=LOAD_TIMEOUT)
    back = page.evaluate(_PANEL_ELEMENTS)
    assert back["tab-finite"] == unopened and back["tab-explore"] > unopened, back
    assert "Traceback" not in page.content()
