"""Real-browser tests of the page as a whole: one bound everywhere, phones, keyboard, polish.

Headless Debian Chromium via Playwright, the app served in-process by
werkzeug on a free port (the recipe of docs/browser-tests.md).  Expected
values come from the solver here, independently of the dashboard's code.

Run: ``.venv/bin/python -m pytest tests/test_browser_page.py``.  Screenshots
of the page at 1440 and 390 px go to ``test-artifacts/``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from pathlib import Path

import pytest

pytest.importorskip("playwright")
pytest.importorskip("pytest_playwright")

from browser_support import CHROMIUM
from playwright.sync_api import Page, expect
from test_browser_finite_requests import _DASH_IDLE as DASH_IDLE
from test_browser_switch import SetupHold

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"

LOAD_TIMEOUT = 60_000
WAIT_TIMEOUT = 30_000

#: The bound of ``?n=1000000`` at the default alpha = 100, written out on purpose.
BIG_BOUND = 100_000_000
#: The tabs of a put-or-take rule (the default game), and the address of a game of each other tab.
TABS = ["explore", "thesis", "play", "inspect", "sums"]
TAB_NAMES = {
    "explore": "Explore",
    "thesis": "Thesis analyses",
    "play": "Play",
    "inspect": "Inspect a number",
    "sums": "Sums",
}
OTHER_GAMES = {"finite": "?game=octal-0.137", "graphs": "?game=tokens"}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}"),
]


@pytest.fixture(scope="module")
def big_bound_solved():
    """Bound 10**8 solved once into the test session's cache (about 1-2 s)."""
    from solver.store.disk import solve_cached

    solution, _cached = solve_cached(BIG_BOUND)
    return solution


class PageWatch:
    """Uncaught page errors, failed callback requests and the callbacks that did work."""

    def __init__(self, page: Page) -> None:
        self.errors: list[str] = []
        self.worked: list[str] = []  # outputs of callback requests answered with content (HTTP 200)
        page.on("pageerror", lambda exc: self.errors.append(f"page error: {exc}"))
        page.on("response", self._response)

    def _response(self, response) -> None:
        if "_dash-update-component" not in response.url:
            return
        if response.status >= 400:
            self.errors.append(f"callback request failed: HTTP {response.status} {response.url}")
        elif response.status == 200:
            with contextlib.suppress(ValueError):
                self.worked.append(json.loads(response.request.post_data or "{}").get("output", ""))

    def assert_clean(self) -> None:
        assert not self.errors, "\n".join(self.errors)


@pytest.fixture
def watch(page: Page) -> PageWatch:
    page.set_default_timeout(WAIT_TIMEOUT)
    return PageWatch(page)


def wait_summary(page: Page) -> None:
    expect(page.locator("#summary-count-W")).to_be_attached(timeout=LOAD_TIMEOUT)


def no_horizontal_scroll(page: Page) -> tuple[int, int]:
    return page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")


# --------------------------------------------------------------------------
# tests
# --------------------------------------------------------------------------


@pytest.mark.parametrize("width", [360, 390, 414])
def test_phone_widths_have_no_horizontal_scroll_on_any_tab(
    page: Page, server_url: str, watch: PageWatch, width
) -> None:
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(server_url, timeout=LOAD_TIMEOUT)
    wait_summary(page)
    for tab in TABS:
        page.locator("#tabs [role=tab]", has_text=TAB_NAMES[tab]).click()
        expect(page.locator(f"#tab-{tab}")).to_be_visible()
        # let the tab's callbacks draw before measuring
        expect(page.locator("[data-dash-is-loading=true]")).to_have_count(0, timeout=WAIT_TIMEOUT)
        scroll_width, inner_width = no_horizontal_scroll(page)
        assert scroll_width <= inner_width, f"{tab} at {width} px: page is {scroll_width} px wide"
    for tab, address in OTHER_GAMES.items():
        page.goto(server_url + address, timeout=LOAD_TIMEOUT)
        expect(page.locator(f"#tab-{tab}")).to_be_visible(timeout=WAIT_TIMEOUT)
        expect(page.locator("[data-dash-is-loading=true]")).to_have_count(0, timeout=WAIT_TIMEOUT)
        scroll_width, inner_width = no_horizontal_scroll(page)
        assert scroll_width <= inner_width, f"{address} at {width} px: page is {scroll_width} px wide"
    page.goto(server_url, timeout=LOAD_TIMEOUT)
    wait_summary(page)
    # A huge number in the inspector wraps instead of widening the page.
    page.locator("#tabs [role=tab]", has_text=TAB_NAMES["inspect"]).click()
    box = page.locator("#inspect-number")
    box.fill("10**60")
    box.press("Enter")
    expect(page.locator("#inspect-summary")).to_contain_text("10⁶⁰ (61 digits)")
    scroll_width, inner_width = no_horizontal_scroll(page)
    assert scroll_width <= inner_width, f"10**60 in the inspector at {width} px: page is {scroll_width} px wide"
    # A game with many moves: Play shows a move list and its button instead of take/put.
    page.goto(server_url + "?game=subtract-a-square&n=5000&tab=play", timeout=LOAD_TIMEOUT)
    expect(page.locator("#play-choice-go")).to_be_visible(timeout=WAIT_TIMEOUT)
    scroll_width, inner_width = no_horizontal_scroll(page)
    assert scroll_width <= inner_width, f"Play's move list at {width} px: page is {scroll_width} px wide"
    watch.assert_clean()


def test_phone_setup_bar_folds_into_a_summary_line(page: Page, server_url: str, watch: PageWatch) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server_url, timeout=LOAD_TIMEOUT)
    wait_summary(page)
    summary = page.locator("#setup-summary")
    expect(summary).to_have_text("Put-or-Take-a-Square · N = 10,000 · α = 100 · B = α × N = 1,000,000")
    controls = page.locator("#setup-controls")
    expect(controls).to_be_hidden()
    bar = page.locator("#setup-bar").bounding_box()
    assert bar["height"] <= 0.15 * 844, f"the folded setup bar is {bar['height']} px tall"
    edit = page.locator("#setup-edit")
    expect(edit).to_have_attribute("aria-expanded", "false")
    edit.click()
    expect(controls).to_be_visible()
    expect(edit).to_have_attribute("aria-expanded", "true")
    # A new N typed here updates the summary line (and the views).
    box = page.locator("#n-input")
    box.fill("20000")
    box.press("Enter")
    expect(summary).to_have_text("Put-or-Take-a-Square · N = 20,000 · α = 100 · B = α × N = 2,000,000")
    edit.click()
    expect(controls).to_be_hidden()
    # The bar is not fixed over the content: scrolled away, it is gone from view.
    assert page.evaluate("getComputedStyle(document.getElementById('setup-bar')).position") == "static"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "page-390.png"), full_page=True)
    watch.assert_clean()


def test_one_bound_everywhere_inspect_and_play(page: Page, server_url: str, watch: PageWatch, big_bound_solved) -> None:
    from solver.values.position import position_value

    # Independent expectation from the solver: 11225 at bound 10**8.
    outcome, remoteness = position_value(11225, big_bound_solved)
    assert (outcome.name, remoteness) == ("W", 17)

    page.goto(server_url + "?n=1000000&tab=inspect&inspect=11225", timeout=LOAD_TIMEOUT)
    expect(page.locator("#inspect-bound")).to_contain_text(f"B = {BIG_BOUND:,}", timeout=LOAD_TIMEOUT)
    expect(page.locator("#inspect-bound")).to_contain_text("alpha × N")
    summary = page.locator("#inspect-summary")
    expect(summary).to_contain_text("W17")
    expect(summary).to_contain_text("17 (exact)")
    expect(page.locator("#setup-summary")).to_contain_text(f"B = α × N = {BIG_BOUND:,}")

    # The Play tab says the same of the same number at the same bound.
    page.locator("#tabs [role=tab]", has_text="Play").click()
    start = page.locator("#play-start")
    start.fill("11225")
    start.press("Enter")
    expect(page.locator("#play-bound")).to_contain_text(f"B = {BIG_BOUND:,}", timeout=LOAD_TIMEOUT)
    expect(page.locator("#play-prediction")).to_contain_text("wins in 17")
    watch.assert_clean()


def test_keyboard_reaches_and_opens_every_tab(page: Page, server_url: str, watch: PageWatch) -> None:
    page.goto(server_url, timeout=LOAD_TIMEOUT)
    wait_summary(page)
    page.locator("body").focus()
    reached: list[str] = []
    for _ in range(80):
        page.keyboard.press("Tab")
        focused = page.evaluate(
            "document.activeElement && document.activeElement.getAttribute('role') === 'tab' && "
            "document.activeElement.closest('#tabs') ? document.activeElement.textContent : null"
        )
        if focused and focused not in reached:
            reached.append(focused)
            page.keyboard.press("Enter")
            tab = next(key for key, name in TAB_NAMES.items() if name == focused)
            expect(page.locator(f"#tab-{tab}")).to_be_visible()
            expect(page.locator("#tabs [aria-selected=true]")).to_have_text(focused)
        if len(reached) == len(TABS):
            break
    assert sorted(reached) == sorted(TAB_NAMES.values()), f"the Tab key reached only {reached}"
    # Arrow keys move between tabs and open them.
    page.locator("#tabs [role=tab]", has_text="Explore").focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#tab-thesis")).to_be_visible()
    expect(page.locator("#tabs [aria-selected=true]")).to_have_text("Thesis analyses")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#tab-explore")).to_be_visible()
    watch.assert_clean()


def test_sliders_have_names_and_values_in_words(page: Page, server_url: str, watch: PageWatch) -> None:
    page.goto(server_url, timeout=LOAD_TIMEOUT)
    wait_summary(page)
    thumb = page.locator("#n-slider [role=slider]")
    expect(thumb).to_have_attribute("aria-label", "N, the positions examined (log scale)")
    expect(thumb).to_have_attribute("aria-valuetext", "N = 10,000")
    thumb.focus()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#n-input")).to_have_value("11000", timeout=WAIT_TIMEOUT)
    expect(thumb).to_have_attribute("aria-valuetext", "N = 11,000")
    # Every slider thumb of the page has a name.
    unnamed = page.evaluate(
        "Array.from(document.querySelectorAll('[role=slider]')).filter(t => !t.getAttribute('aria-label')).length"
    )
    assert unnamed == 0
    watch.assert_clean()


def test_a_blunder_is_marked_in_the_log_and_the_chart(page: Page, server_url: str, watch: PageWatch) -> None:
    from solver.engine import solve
    from solver.games.squares import Move
    from solver.values.position import best_moves

    # At 92 (W11 for the mover at bound 10**6) the only winning move is put;
    # take hands the opponent a win: a blunder.
    assert best_moves(92, solve(1_000_000)) == [Move.PUT]
    page.goto(server_url + "?tab=play", timeout=LOAD_TIMEOUT)
    expect(page.locator("#play-prediction")).to_contain_text("wins in 11", timeout=LOAD_TIMEOUT)
    page.locator("#play-take").click()
    blunder = page.locator("#play-log li.blunder")
    expect(blunder).to_have_count(1)
    expect(blunder).to_contain_text("??")
    expect(blunder).to_contain_text("threw a win away")
    page.wait_for_function(
        """() => { const g = document.querySelector('#play-graph .js-plotly-plot');
                   return !!g && g.data.some(t => (t.name || '').includes('blunder') && t.x.length === 1 && t.x[0] === 0); }"""
    )
    # A bad seed is reported as soon as it is typed, beside its box.
    seed = page.locator("#play-seed")
    seed.fill("-4")
    seed.press("Enter")
    expect(page.locator("#play-seed-error")).to_contain_text("seed")
    # Dash 4 gives the className to the box around the <input>.
    box = page.locator("div.num-input", has=seed)
    expect(box).to_have_class(re.compile(r"\binvalid\b"))
    border = box.evaluate("el => getComputedStyle(el).borderTopColor")
    assert border == "rgb(176, 0, 32)", f"an invalid box has a red border, got {border}"
    seed.fill("42")
    seed.press("Enter")
    expect(page.locator("#play-seed-error")).to_have_text("")
    expect(box).not_to_have_class(re.compile(r"\binvalid\b"))
    watch.assert_clean()


def test_switching_modes_unticks_auto_play_at_once_and_a_tick_made_before_the_servers_answer_stays(
    page: Page, server_url: str, watch: PageWatch
) -> None:
    # The server's answer to a switch of mode is held back until the end: the box is unticked at once, in
    # the browser, and a tick made while the answer is on its way is not undone by it.  (On a busy machine,
    # 2026-11-29, the server's answer unticked the box and undid such a tick.)
    hold = SetupHold(output="play-store.data")  # the answers of Play's action callback
    page.route("**/_dash-update-component*", hold)
    page.goto(server_url + "?tab=play", timeout=LOAD_TIMEOUT)
    expect(page.locator("#play-prediction")).to_contain_text("wins in 11", timeout=LOAD_TIMEOUT)
    auto, log = page.locator("#play-auto input"), page.locator("#play-log li")
    auto.check()
    page.wait_for_function(DASH_IDLE, timeout=LOAD_TIMEOUT)
    plies = log.count()
    hold.on = True
    with page.expect_request(lambda r: "play-mode.value" in (r.post_data or ""), timeout=LOAD_TIMEOUT):
        page.locator("#play-mode input[value=cvc]").check()
    expect(auto).not_to_be_checked()
    assert len(hold.held) == 1
    auto.check()
    with page.expect_response(lambda r: "play-mode.value" in (r.request.post_data or ""), timeout=LOAD_TIMEOUT):
        hold.release()
    page.wait_for_function(DASH_IDLE, timeout=LOAD_TIMEOUT)
    expect(auto).to_be_checked()
    # ...and auto-play plays: the computers move on their own.
    page.wait_for_function(
        f"() => document.querySelectorAll('#play-log li').length >= {plies + 2}", timeout=LOAD_TIMEOUT
    )
    expect(auto).to_be_checked()
    page.unroute("**/_dash-update-component*")
    watch.assert_clean()


def test_the_setup_bar_never_covers_a_panel_top_on_desktop(page: Page, server_url: str, watch: PageWatch) -> None:
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(server_url, timeout=LOAD_TIMEOUT)
    wait_summary(page)
    expect(page.locator("#setup-controls")).to_be_visible()
    for tab in ("explore", "play", "inspect"):
        page.locator("#tabs [role=tab]", has_text=TAB_NAMES[tab]).click()
        panels = page.locator(f"#tab-{tab} .panel")
        for i in range(panels.count()):
            panel = panels.nth(i)
            if not panel.is_visible():
                continue
            covered = panel.evaluate(
                """(el) => {
                    el.scrollIntoView({block: 'start'});
                    const box = el.getBoundingClientRect();
                    const x = box.left + Math.min(40, box.width / 2), y = box.top + 4;
                    const hit = document.elementFromPoint(x, y);
                    return hit && !el.contains(hit) ? (hit.id || hit.className || hit.tagName) : null;
                }"""
            )
            assert covered is None, f"panel {i} of {tab}: its top is covered by {covered}"
    watch.assert_clean()


def test_language_and_mode_bar(page: Page, server_url: str, watch: PageWatch) -> None:
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(server_url + "?tab=play", timeout=LOAD_TIMEOUT)
    assert page.evaluate("document.documentElement.lang") == "en"
    expect(page.locator("#play-prediction")).to_contain_text("wins in 11", timeout=LOAD_TIMEOUT)
    page.wait_for_function(
        "() => { const g = document.querySelector('#play-graph .js-plotly-plot'); return !!g && !!g._fullData; }",
        timeout=WAIT_TIMEOUT,
    )
    config = page.evaluate(
        """() => { const g = document.querySelector('#play-graph .js-plotly-plot')._context;
                   return {logo: g.displaylogo, cloud: g.showSendToCloud,
                           add: (g.modeBarButtonsToAdd || []).map(b => b.name || b)}; }"""
    )
    assert config == {"logo": False, "cloud": False, "add": ["downloadSvg"]}
    graph = page.locator("#play-graph")
    graph.hover()
    expect(graph.locator(".modebar-btn[data-title='Download plot as SVG (vector)']")).to_have_count(1)
    expect(graph.locator(".modebar-btn[data-title='Download plot as a PNG']")).to_have_count(1)
    expect(graph.locator(".modebar-btn[data-title='Zoom']")).to_have_count(1)
    expect(graph.locator(".modebar-btn[data-title='Lasso Select']")).to_have_count(0)
    expect(graph.locator("[data-title*='Chart Studio'], [data-title*='cloud'], .modebar-btn--logo")).to_have_count(0)
    # Every graph of the page has the same mode bar config, whichever tab holds it.
    configs = page.evaluate(
        """() => Array.from(document.querySelectorAll('.js-plotly-plot')).map(g => g._context && g._context.displaylogo)"""
    )
    assert configs and all(value is False for value in configs)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "page-1440.png"), full_page=True)
    watch.assert_clean()


def test_hidden_tabs_do_no_work_until_opened(page: Page, server_url: str, watch: PageWatch) -> None:
    page.goto(server_url, timeout=LOAD_TIMEOUT)
    wait_summary(page)
    page.wait_for_load_state("networkidle")
    # The Play and Inspect callbacks' outputs start with their tab's prefix.
    early = [out for out in watch.worked if out.startswith(("..play-", "..inspect-"))]
    assert early == [], f"hidden tabs answered callbacks before they were opened: {early}"
    # Nor is their content mounted: no graph drawn, no grid built.
    for selector in ("#play-graph", "#inspect-chain", "#inspect-certificate", "#random-graph"):
        expect(page.locator(selector)).to_have_count(0)
    page.locator("#tabs [role=tab]", has_text="Play").click()
    expect(page.locator("#play-prediction")).to_contain_text("wins in 11", timeout=LOAD_TIMEOUT)
    page.wait_for_load_state("networkidle")
    renders = [out for out in watch.worked if "play-take.children" in out]
    assert len(renders) == 1, f"the Play tab was drawn {len(renders)} times when opened"
    # Switching away and back keeps the game and does no new work.
    page.locator("#play-put").click()
    expect(page.locator("#play-prediction")).to_contain_text("wins in 9")
    graph = page.locator("#play-graph .js-plotly-plot").element_handle()
    page.locator("#tabs [role=tab]", has_text="Explore").click()
    page.locator("#tabs [role=tab]", has_text="Play").click()
    expect(page.locator("#play-prediction")).to_contain_text("wins in 9")
    # The same plot element: the tab's content stayed mounted while hidden.
    assert page.evaluate("(g) => g.isConnected", graph)
    watch.assert_clean()


def test_graph_and_table_scripts_load_while_the_first_view_is_idle(
    page: Page, server_url: str, watch: PageWatch
) -> None:
    # The default view draws no graph and no table; plotly.js and the grid's script still load
    # once it is drawn (assets/page.js, 9), through a hidden holder that is then unmounted: plotly.js's
    # cartesian bundle, then, once the page has settled, the full one (assets/page.js, 6b).
    from dashboard import plotly_bundle

    small = plotly_bundle.bundle_route().rsplit("/", 1)[-1]
    page.goto(server_url, timeout=LOAD_TIMEOUT)
    wait_summary(page)
    page.wait_for_function("() => !!window.Plotly", timeout=LOAD_TIMEOUT)
    expect(page.locator(".warm-up")).to_have_count(0, timeout=LOAD_TIMEOUT)
    page.wait_for_function(
        "() => !!window.Plotly.PlotSchema.getTraceValObject({type: 'scatter3d'}, ['type'])", timeout=LOAD_TIMEOUT
    )
    loaded = page.evaluate("performance.getEntriesByType('resource').map(e => e.name.split('?')[0].split('/').pop())")
    assert small in loaded and "plotly.min.js" in loaded and "async-community.js" in loaded, loaded
    assert loaded.index(small) < loaded.index("plotly.min.js"), loaded
    # Nothing of it is left on the page, and the tab bar's flag is dropped (assets/page.js, 0).
    expect(page.locator(".js-plotly-plot")).to_have_count(0)
    expect(page.locator(".ag-root")).to_have_count(0)
    assert page.evaluate("'dashChildrenUpdate' in window.dash_core_components.Tabs") is False
    # A tab with graphs then draws them without loading plotly.js again, and its tabs still work.
    page.locator("#tabs [role=tab]", has_text="Thesis analyses").click()
    expect(page.locator("#primitives-graph .main-svg").first).to_be_attached(timeout=LOAD_TIMEOUT)
    loads = page.evaluate(
        "performance.getEntriesByType('resource').filter(e => e.name.includes('plotly.min.js')).length"
    )
    assert loads == 1
    page.locator("#tabs [role=tab]", has_text="Explore").click()
    expect(page.locator("#summary-count-W")).to_be_visible()
    watch.assert_clean()


def test_the_browser_s_own_trim_and_parse_float_are_put_back(page: Page, server_url: str, watch: PageWatch) -> None:
    # Dash's polyfill replaces them with script versions (assets/page.js puts them back); the two
    # differ on U+180E, which ECMAScript 2016 and later do not count as white space.
    page.goto(server_url, timeout=LOAD_TIMEOUT)
    wait_summary(page)
    polyfilled = page.evaluate("performance.getEntriesByType('resource').some(e => e.name.includes('polyfill'))")
    assert polyfilled  # else this test checks nothing
    assert page.evaluate("'\\u180Ea'.trim() === '\\u180Ea' && '\\u180Ea '.trimEnd() === '\\u180Ea'")
    assert page.evaluate("Number.isNaN(parseFloat('\\u180E1')) && Number.isNaN(Number.parseInt('\\u180E1'))")
    assert page.evaluate("' a '.trim() === 'a' && parseFloat(' 1.5') === 1.5")
    watch.assert_clean()


def test_the_setup_is_the_first_request_and_the_page_starts_as_its_callbacks_would_leave_it(
    page: Page, server_url: str, watch: PageWatch
) -> None:
    # A callback whose outputs the layout already holds does not run on load: the renderer holds
    # the setup's request (it is in a loop with the N slider) until no other callback is pending,
    # so any other request on load (the compile notice's poll was one) delays the first view.
    sent: list[str] = []
    page.on(
        "request",
        lambda request: (
            sent.append(json.loads(request.post_data or "{}").get("output", ""))
            if "_dash-update-component" in request.url
            else None
        ),
    )
    page.goto(server_url, timeout=LOAD_TIMEOUT)
    wait_summary(page)
    page.wait_for_load_state("networkidle")
    assert sent, "no callback request on load"
    assert "request-store.data" in sent[0], f"the first request on load is not the setup's: {sent[0][:120]}"
    # Nothing compiles in this server (the kernels were loaded first), so the page never polls for the notice.
    page.wait_for_timeout(2_500)  # over two of the notice's poll intervals
    polls = [out for out in sent if "compile-notice" in out]
    assert polls == [], f"the page polled the compile notice while nothing compiles: {len(polls)} requests"
    expect(page.locator("#compile-notice")).to_be_hidden()
    # What the skipped callbacks would have written is there from the start: the default tab
    # and view alone shown, the default game's header and title (from the solver's rule).
    from solver import DEFAULT_RULE

    intro = f"{DEFAULT_RULE.summary} ({DEFAULT_RULE.source})."
    expect(page.locator("#page-intro")).to_have_text(intro)
    expect(page.locator("#page-title")).to_have_text(f"{DEFAULT_RULE.title} explorer")
    assert page.title() == f"{DEFAULT_RULE.title} explorer"
    shown = page.evaluate(
        "Array.from(document.querySelectorAll('[role=tabpanel]')).filter(p => p.offsetParent !== null).map(p => p.id)"
    )
    assert shown == ["tab-explore"], shown
    expect(page.locator("#explore-view-summary")).to_be_visible()
    # Another game and back: the page's script writes the same header the layout started with.
    from solver import RULES

    prime = RULES["put-or-take-a-prime"]
    page.locator("#game-menu").click()
    page.get_by_role("option", name=prime.title, exact=True).click()
    expect(page.locator("#page-intro")).to_have_text(f"{prime.summary} ({prime.source}).")
    page.locator("#game-menu").click()
    page.get_by_role("option", name=DEFAULT_RULE.title, exact=True).click()
    expect(page.locator("#page-intro")).to_have_text(intro)
    expect(page.locator("#alpha-input")).to_be_enabled()
    watch.assert_clean()


#: Records, in the page, when each selector first matches (page clock, ms).
FIRST_SEEN = """(selectors) => {
    window.__firstSeen = {};
    const look = () => selectors.forEach((s) => {
        if (!(s in window.__firstSeen) && document.querySelector(s)) { window.__firstSeen[s] = performance.now(); }
    });
    new MutationObserver(look).observe(document.body, {subtree: true, childList: true});
}"""


def test_thesis_draws_its_first_screen_first_and_the_rest_once_idle(
    page: Page, server_url: str, watch: PageWatch
) -> None:
    # The panels below the Thesis tab's first screen (dashboard/components.py, lazy) are drawn after the
    # first one, without scrolling, and every one of them then holds its answer.
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(server_url, timeout=LOAD_TIMEOUT)
    wait_summary(page)
    # Once plotly.js has loaded (section 9 of assets/page.js), graphs draw in the order they mount.
    expect(page.locator(".warm-up")).to_have_count(0, timeout=LOAD_TIMEOUT)
    page.wait_for_function("() => !!window.Plotly", timeout=LOAD_TIMEOUT)
    first, later = (
        "#primitives-graph .main-svg",
        ["#random-graph .main-svg", "#matrix-table .ag-row", "#thesis-lists-table .ag-row"],
    )
    page.evaluate(FIRST_SEEN, [first, *later])
    page.locator("#tabs [role=tab]", has_text="Thesis analyses").click()
    for selector in later:
        expect(page.locator(selector).first).to_be_attached(timeout=LOAD_TIMEOUT)
    expect(page.locator("#tab-thesis .lazy-panel")).to_have_count(4)
    expect(page.locator("#tab-thesis .lazy-panel:not([data-mounted])")).to_have_count(0)
    seen = page.evaluate("window.__firstSeen")
    assert all(seen[first] < seen[selector] for selector in later), seen
    # The strategy matrix's rows: 5 strategies against 5.
    expect(page.locator("#matrix-table .ag-paging-row-summary-panel")).to_contain_text("25")
    watch.assert_clean()


def _wait_until(page: Page, condition, timeout_ms: int = WAIT_TIMEOUT) -> None:
    waited = 0
    while not condition():
        assert waited < timeout_ms, "timed out waiting for the page"
        page.wait_for_timeout(100)
        waited += 100


def _explore_view(page: Page, label: str) -> None:
    switch = page.locator("#explore-view label", has_text=label)
    switch.click()
    expect(switch.locator("input")).to_be_checked()


def test_hidden_explore_views_do_no_work_until_shown(page: Page, server_url: str, watch: PageWatch) -> None:
    views = ("density-graph", "layers-", "difference-graph", "convergence-", "game-tree")
    page.goto(server_url, timeout=LOAD_TIMEOUT)
    wait_summary(page)
    page.wait_for_load_state("networkidle")
    early = [out for out in watch.worked if any(key in out for key in views)]
    assert early == [], f"hidden Explore views answered callbacks before they were shown: {early}"
    for selector in ("#density-graph", "#layers-w-graph", "#difference-graph", "#convergence-graph", "#game-tree"):
        expect(page.locator(selector)).to_have_count(0)

    def densities() -> int:
        return len([out for out in watch.worked if out.startswith("density-graph.")])

    _explore_view(page, "Densities")
    expect(page.locator("#density-graph .js-plotly-plot")).to_have_count(1, timeout=LOAD_TIMEOUT)
    # (the graph's box is drawn before its figure is asked for: wait for the answer, then for any second one)
    _wait_until(page, lambda: densities() >= 1)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(500)
    assert densities() == 1
    # A new N redraws the view shown ...
    box = page.locator("#n-input")
    box.fill("20000")
    box.press("Enter")
    _wait_until(page, lambda: densities() == 2)
    # ... not a hidden one, until it is shown again.
    _explore_view(page, "Summary")
    box.fill("30000")
    box.press("Enter")
    expect(page.locator("#summary")).to_contain_text("30,000", timeout=WAIT_TIMEOUT)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(500)
    assert densities() == 2
    assert not [out for out in watch.worked if any(key in out for key in views[1:])]
    _explore_view(page, "Densities")
    _wait_until(page, lambda: densities() == 3)
    watch.assert_clean()


def test_the_address_opens_an_explore_view_and_bad_values_fall_back(
    page: Page, server_url: str, watch: PageWatch
) -> None:
    page.goto(server_url + "?view=tree&depth=8", timeout=LOAD_TIMEOUT)
    expect(page.locator("#tree-box")).to_be_visible(timeout=LOAD_TIMEOUT)
    expect(page.locator("#explore-view label", has_text="Game tree").locator("input")).to_be_checked()
    expect(page.locator("#depth-input")).to_have_value("8")
    expect(page.locator("#url-notice")).to_be_hidden()
    # Another view writes the address; back returns to the tree.
    _explore_view(page, "Summary")
    page.wait_for_function("() => !window.location.search.includes('view=')")
    expect(page.locator("#tree-box")).to_be_hidden()
    page.go_back()
    page.wait_for_function("() => window.location.search.includes('view=tree')")
    expect(page.locator("#tree-box")).to_be_visible()
    # Bad values are not used: the defaults stay and a notice names each one.
    page.goto(server_url + "?view=nope&depth=99&n=abc", timeout=LOAD_TIMEOUT)
    notice = page.locator("#url-notice")
    expect(notice).to_be_visible(timeout=LOAD_TIMEOUT)
    for text in ("view=nope", "depth=99", "n=abc", "Explore view must be one of"):
        expect(notice).to_contain_text(text)
    wait_summary(page)
    expect(page.locator("#summary")).to_be_visible()
    expect(page.locator("#n-input")).to_have_value("10000")
    expect(page.locator("#depth-input")).to_have_value("6")
    watch.assert_clean()


def test_the_game_selector_switches_every_view_and_the_address_keeps_it(
    page: Page, server_url: str, watch: PageWatch
) -> None:
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(server_url + "?game=subtract-a-square&n=1000", timeout=LOAD_TIMEOUT)
    wait_summary(page)
    expect(page.locator("#page-title")).to_have_text("Subtract-a-Square explorer")
    expect(page).to_have_title("Subtract-a-Square explorer")
    expect(page.locator("#setup-summary")).to_contain_text("B = N + 1 = 1,001")
    # The summary's counts are those of subtract-a-square at bound 1,001 (no D, no U).
    from solver.engine import solve

    counts = solve(1001, rule="subtract-a-square").counts(1000)
    expect(page.locator("#summary-count-L")).to_have_text(f"{counts['L']:,}")
    expect(page.locator("#summary-count-U")).to_have_text("0")
    # Choosing another game with the selector: the address, the title and the counts follow.
    page.locator("#game-menu").click()
    page.get_by_role("option", name="Put-or-Take-a-Prime", exact=True).click()
    expect(page.locator("#page-title")).to_have_text("Put-or-Take-a-Prime explorer")
    # The first solve of another game may compile its kernels (tens of seconds on a fresh machine).
    expect(page).to_have_url(re.compile(r"game=put-or-take-a-prime"), timeout=LOAD_TIMEOUT)
    primes = solve(100_000, rule="put-or-take-a-prime").counts(1000)
    expect(page.locator("#summary-count-W")).to_have_text(f"{primes['W']:,}", timeout=LOAD_TIMEOUT)
    # The inspector and the comparison view follow the same game.
    page.locator("#tabs [role=tab]", has_text="Inspect a number").click()
    # Wait for the tab's answer for its default number, 8, in this game (W1: take 7 to 1,
    # which has no move) before typing, so the mounting tab cannot overwrite what is typed.
    expect(page.locator("#inspect-summary")).to_contain_text("take → 1 (L0)", timeout=LOAD_TIMEOUT)
    box = page.locator("#inspect-number")
    box.fill("10")
    box.press("Enter")
    expect(page.locator("#inspect-summary")).to_contain_text("loses", timeout=LOAD_TIMEOUT)
    # A reload keeps the game (it is in the address).
    page.reload()
    expect(page.locator("#page-title")).to_have_text("Put-or-Take-a-Prime explorer", timeout=LOAD_TIMEOUT)
    expect(page.locator("#inspect-summary")).to_contain_text("loses", timeout=LOAD_TIMEOUT)
    watch.assert_clean()


def test_the_sums_tab_answers_and_plays_and_the_address_holds_the_heaps(
    page: Page, server_url: str, watch: PageWatch
) -> None:
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(server_url + "?tab=sums&heaps=5,5", timeout=LOAD_TIMEOUT)
    result = page.locator("#sums-result")
    # 5 + 5: both heaps have value 0, so the player to move loses.
    expect(result).to_contain_text("L for the player to move", timeout=LOAD_TIMEOUT)
    box = page.locator("#sums-heaps")
    box.fill("1, 5")
    box.press("Enter")
    # 1 + 5 is a first-player win (1 is ∞{0}, 5 is 0).
    expect(result).to_contain_text("W for the player to move")
    expect(result).to_contain_text("∞{0}")
    expect(page).to_have_url(re.compile(r"heaps=1(%2C|,)(\+|%20)?5"))
    # A winning move is marked best; playing it (no computer reply) leaves a sum that is L for the opponent.
    page.locator("#sums-reply input").uncheck()
    best = page.locator("#sums-moves button", has_text="★").first
    best.click()
    expect(result).to_contain_text("L for the player to move")
    watch.assert_clean()


def test_a_long_ignored_address_value_wraps_on_a_phone(page: Page, server_url: str, watch: PageWatch) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server_url + "?tab=sums&heaps=-1,abc," + "9" * 60, timeout=LOAD_TIMEOUT)
    expect(page.locator("#url-notice")).to_contain_text("Ignored from the address", timeout=LOAD_TIMEOUT)
    scroll_width, inner_width = no_horizontal_scroll(page)
    assert scroll_width <= inner_width, f"the notice widens the page to {scroll_width} px"
    watch.assert_clean()


def test_drawing_move_and_proof_buttons_sends_no_request(page: Page, server_url: str, watch: PageWatch) -> None:
    # Buttons drawn with an answer (Sums' moves, the proof's numbers in Inspect) reach the server only
    # when pressed (dashboard/components.py, MOVE_CLICK_JS): opening the tab costs one round trip.
    page.goto(server_url + "?tab=sums&heaps=1,5", timeout=LOAD_TIMEOUT)
    expect(page.locator("#sums-moves button").first).to_be_visible(timeout=LOAD_TIMEOUT)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(500)
    assert [out for out in watch.worked if out.startswith("..sums-heaps.value")] == []
    page.locator("#sums-reply input").uncheck()
    page.locator("#sums-moves button", has_text="★").first.click()
    expect(page.locator("#sums-result")).to_contain_text("L for the player to move")
    assert len([out for out in watch.worked if out.startswith("..sums-heaps.value")]) == 1
    page.goto(server_url + "?tab=inspect&inspect=6", timeout=LOAD_TIMEOUT)
    expect(page.locator("#inspect-proof button").first).to_be_visible(timeout=LOAD_TIMEOUT)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(500)
    assert [out for out in watch.worked if out.startswith("inspect-number.value")] == []
    page.locator("#inspect-proof button", has_text=re.compile(r"^35$")).first.click()
    expect(page.locator("#inspect-number")).to_have_value("35")
    expect(page.locator("#inspect-certificate-note")).to_contain_text("35 is a draw")
    watch.assert_clean()
