"""Real-browser tests of the dashboard (headless Debian Chromium via Playwright).

The app is served in-process by werkzeug on a free port; pytest-playwright
drives ``/usr/bin/chromium`` (never ``playwright install``).  Expected numbers
are computed here from the solver, independently of the dashboard's code.

Run: ``.venv/bin/python -m pytest tests/test_browser.py -s`` (``-s`` shows
the measured page-load time).  Select or skip with ``-m browser`` /
``-m "not browser"``.
"""

from __future__ import annotations

import math
import os
import re
import time
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("playwright")
pytest.importorskip("pytest_playwright")

from browser_support import CHROMIUM
from playwright.sync_api import Page, expect

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
SCREENSHOT = ARTIFACTS / "dashboard.png"

#: Explicit timeouts (ms) for waits on the page.
LOAD_TIMEOUT = 60_000
WAIT_TIMEOUT = 30_000

#: The page's defaults (solver/config.py); written out here on purpose so a
#: changed default is noticed.
DEFAULT_N = 10_000
DEFAULT_ALPHA = 100
DEFAULT_START = 4708

#: Outcome codes of solver.engine.solution.Outcome: U=0, W=1, L=2, D=3.
CODES = {"U": 0, "W": 1, "L": 2, "D": 3}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}"),
]


# --------------------------------------------------------------------------
# fixtures
# --------------------------------------------------------------------------


class PageWatch:
    """Uncaught page errors and failed Dash callback requests seen by a page."""

    def __init__(self, page: Page) -> None:
        self.errors: list[str] = []
        page.on("pageerror", lambda exc: self.errors.append(f"page error: {exc}"))
        page.on("response", self._response)

    def _response(self, response) -> None:
        if "_dash-update-component" in response.url and response.status >= 400:
            self.errors.append(f"callback request failed: HTTP {response.status} {response.url}")

    def assert_clean(self) -> None:
        assert not self.errors, "\n".join(self.errors)


@pytest.fixture
def watch(page: Page) -> PageWatch:
    return PageWatch(page)


@pytest.fixture
def loaded(page: Page, server_url: str, watch: PageWatch) -> Page:
    """The page at its default setup, once the summary is drawn (the first view)."""
    page.set_default_timeout(WAIT_TIMEOUT)
    page.goto(server_url, timeout=LOAD_TIMEOUT)
    expect(page.locator("#summary-count-W")).to_be_visible(timeout=LOAD_TIMEOUT)
    return page


@pytest.fixture(scope="module")
def default_counts() -> dict[str, int]:
    """Counts of W, L, D, U over 1..10,000 at bound 1,000,000, from the solver."""
    return expected_counts(DEFAULT_N, DEFAULT_ALPHA)


# --------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------


def expected_counts(n: int, alpha: int = DEFAULT_ALPHA) -> dict[str, int]:
    from solver.engine import solve

    solution = solve(alpha * n)
    counts = np.bincount(solution.outcome[1 : n + 1].astype(np.int64), minlength=4)
    assert counts.sum() == n
    return {key: int(counts[code]) for key, code in CODES.items()}


def shown_counts(page: Page) -> dict[str, str]:
    return {key: page.locator(f"#summary-count-{key}").inner_text().strip() for key in CODES}


def expect_counts(page: Page, counts: dict[str, int]) -> None:
    for key, value in counts.items():
        expect(page.locator(f"#summary-count-{key}")).to_have_text(f"{value:,}", timeout=WAIT_TIMEOUT)


CY = "document.getElementById('game-tree')._cyreg.cy"


def wait_tree_ready(page: Page, min_nodes: int = 1) -> None:
    page.wait_for_function(
        """(least) => {
            const el = document.getElementById('game-tree');
            return !!(el && el._cyreg && el._cyreg.cy && el._cyreg.cy.nodes().length >= least);
        }""",
        arg=min_nodes,
        timeout=LOAD_TIMEOUT,
    )


def node_count(page: Page) -> int:
    return page.evaluate(f"{CY}.nodes().length")


def node_ids(page: Page) -> set[str]:
    return set(page.evaluate(f"{CY}.nodes().map(n => n.id())"))


def click_node(page: Page, node_id: str, also_placed: tuple[str, ...] = ()) -> None:
    """Click a cytoscape node once it is inside the canvas, in the viewport and still.

    After the elements change, cytoscape first shows new nodes off the canvas
    and reruns the layout ~100 ms later, which moves the old nodes too; so wait
    until the nodes in ``also_placed`` are on the canvas and the target has not
    moved for a few polls.
    """
    page.locator("#game-tree").scroll_into_view_if_needed()
    # A large tree pans rather than shrinks: bring the target into the canvas.
    page.evaluate(
        f"""(id) => {{
            const cy = {CY};
            const node = cy.getElementById(id);
            const box = cy.container().getBoundingClientRect();
            const p = node.renderedPosition();
            if (p.x < 40 || p.y < 30 || p.x > box.width - 40 || p.y > box.height - 30) cy.center(node);
            // And bring it into the window: a canvas taller than what is left of the window below the page's
            // header can hold the node below the window's bottom edge.
            const y = box.top + node.renderedPosition().y;
            if (y < 40 || y > window.innerHeight - 40) window.scrollBy(0, y - window.innerHeight / 2);
        }}""",
        node_id,
    )
    page.evaluate("window.__lastNodePoint = null; window.__stillPolls = 0")
    page.wait_for_function(
        f"""([id, others]) => {{
            const cy = {CY};
            cy.resize();
            const box = cy.container().getBoundingClientRect();
            const onCanvas = (node) => {{
                if (node.empty()) return false;
                const p = node.renderedPosition();
                return p.x > 2 && p.y > 2 && p.x < box.width - 2 && p.y < box.height - 2;
            }};
            const node = cy.getElementById(id);
            if (!onCanvas(node) || !others.every(o => onCanvas(cy.getElementById(o)))) return false;
            const p = node.renderedPosition();
            const x = box.left + p.x, y = box.top + p.y;
            if (!(x > 0 && y > 0 && x < window.innerWidth && y < window.innerHeight)) return false;
            const last = window.__lastNodePoint;
            window.__stillPolls = last && last.x === x && last.y === y ? window.__stillPolls + 1 : 0;
            window.__lastNodePoint = {{x, y}};
            return window.__stillPolls >= 3;
        }}""",
        arg=[node_id, list(also_placed)],
        polling=100,
        timeout=WAIT_TIMEOUT,
    )
    point = page.evaluate("window.__lastNodePoint")
    page.mouse.click(point["x"], point["y"])


def show_view(page: Page, label: str) -> None:
    """Open one of the Explore tab's views (Summary, Densities, ..., Game tree) by its switch."""
    switch = page.locator("#explore-view label", has_text=label)
    switch.click()
    expect(switch.locator("input")).to_be_checked()
    if label == "Game tree":
        wait_tree_ready(page)


def submit(page: Page, selector: str, text: str) -> None:
    """Type into a debounced dcc.Input and press Enter (that is what sends it)."""
    box = page.locator(selector)
    box.fill(text)
    box.press("Enter")


# --------------------------------------------------------------------------
# tests
# --------------------------------------------------------------------------


@pytest.mark.browser
def test_default_page_shows_solver_counts_graphs_and_tree(loaded: Page, watch: PageWatch, default_counts) -> None:
    page = loaded
    expect_counts(page, default_counts)
    # the four counts cover 1..N exactly
    assert sum(int(v.replace(",", "")) for v in shown_counts(page).values()) == DEFAULT_N

    # Each graph holds a real figure: traces with data, not the empty message figure.
    for graph_id, least_traces, view in (
        ("density-graph", 4, "Densities"),
        ("layers-w-graph", 1, "Layers"),
        ("layers-l-graph", 1, "Layers"),
        ("difference-graph", 1, "Differences"),
    ):
        show_view(page, view)
        page.wait_for_function(
            """([id, least]) => {
                const gd = document.querySelector('#' + id + ' .js-plotly-plot');
                if (!gd || !gd._fullData || gd._fullData.length < least) return false;
                return gd._fullData.every(t => t.x && t.x.length > 0);
            }""",
            arg=[graph_id, least_traces],
            timeout=WAIT_TIMEOUT,
        )
        # the traces are drawn (as SVG: the figures send only what is drawn, no WebGL)
        expect(page.locator(f"#{graph_id} .scatterlayer .trace").first).to_be_attached()
        # an empty figure hides its axes; a real one has tick labels
        expect(page.locator(f"#{graph_id} .xtick").first).to_be_attached()

    names = page.evaluate(
        "document.querySelector('#density-graph .js-plotly-plot')._fullData.map(t => t.name.split(':')[0])"
    )
    # The four outcomes, then the two partial facts of U (the certificate by possibility).
    assert [name.split(" ")[0] for name in names[:4]] == ["W", "L", "D", "U"]
    assert names[4:] == ["U (not L)", "U (not W)"]
    expect(page.locator("#density-graph .legend .traces")).to_have_count(6)

    # Game tree of 4708 at depth 6: the root plus more nodes, rooted at 4708.
    show_view(page, "Game tree")
    assert node_count(page) > 1
    assert page.evaluate(f"{CY}.getElementById('n').data('position')") == str(DEFAULT_START)
    expect(page.locator("#tree-message")).to_contain_text("nodes")
    watch.assert_clean()


@pytest.mark.browser
def test_n_slider_updates_n_box_and_counts(loaded: Page, watch: PageWatch, default_counts) -> None:
    page = loaded
    n_box = page.locator("#n-input")
    expect(n_box).to_have_value(str(DEFAULT_N))
    expect_counts(page, default_counts)

    presses = 3
    page.locator("#n-slider [role=slider]").focus()
    for _ in range(presses):
        page.keyboard.press("ArrowRight")

    # slider step 0.05 in log10 N; the page shows 10**x to two significant figures
    exponent = math.log10(DEFAULT_N) + presses * 0.05
    expected_n = int(float(f"{10**exponent:.2g}"))
    # each key press commits a value, so the box may pass through 11000 and 13000 first
    expect(n_box).to_have_value(str(expected_n), timeout=WAIT_TIMEOUT)
    slider = page.locator("#n-slider [role=slider]")
    assert float(slider.get_attribute("aria-valuenow")) == pytest.approx(exponent)
    shown_n = int(n_box.input_value())

    counts = expected_counts(shown_n)
    assert counts["W"] != default_counts["W"]
    expect_counts(page, counts)
    expect(page.locator("#n-error")).to_have_text("")
    # the slider <-> box loop settled: neither moved back
    expect(n_box).to_have_value(str(shown_n))
    assert float(slider.get_attribute("aria-valuenow")) == pytest.approx(exponent)
    watch.assert_clean()


@pytest.mark.browser
def test_clicking_a_leaf_expands_then_collapses_it(loaded: Page, watch: PageWatch) -> None:
    page = loaded
    show_view(page, "Game tree")
    before = node_count(page)
    leaf = page.evaluate(
        f"""(() => {{
            const leaves = {CY}.nodes().filter(n => n.data('expandable') === true && n.data('expanded') === false);
            // the deepest one (longest path) lies at the move depth
            const sorted = leaves.sort((a, b) => b.data('path').length - a.data('path').length);
            return sorted.length ? sorted[0].id() : null;
        }})()"""
    )
    assert leaf, "no expandable, unexpanded node in the default tree"
    children = {leaf + "t", leaf + "p"}
    assert not children & node_ids(page)

    click_node(page, leaf)
    page.wait_for_function(f"{CY}.nodes().length === {before + 2}", timeout=WAIT_TIMEOUT)
    assert children <= node_ids(page), f"new nodes are {sorted(node_ids(page))[-4:]}, expected {children}"
    assert page.evaluate(f"{CY}.getElementById('{leaf}').data('expanded')") is True
    # the children are edges from the clicked node
    sources = page.evaluate(f"{CY}.getElementById('{leaf}').outgoers('node').map(n => n.id())")
    assert set(sources) == children

    # clicking again collapses it (once the layout has placed the new children)
    click_node(page, leaf, also_placed=tuple(sorted(children)))
    page.wait_for_function(f"{CY}.nodes().length === {before}", timeout=WAIT_TIMEOUT)
    assert not children & node_ids(page)
    assert page.evaluate(f"{CY}.getElementById('{leaf}').data('expanded')") is False
    watch.assert_clean()


@pytest.mark.browser
def test_a_click_sends_one_request_and_inspect_opens_the_clicked_node(loaded: Page, watch: PageWatch) -> None:
    page = loaded
    show_view(page, "Game tree")
    sent: list[str] = []

    def record(request) -> None:
        if "_dash-update-component" in request.url:
            sent.append(json_output(request.post_data))

    leaf = page.evaluate(
        f"""(() => {{
            const leaves = {CY}.nodes().filter(n => n.data('expandable') === true && n.data('expanded') === false);
            return leaves.sort((a, b) => b.data('path').length - a.data('path').length)[0].id();
        }})()"""
    )
    position = page.evaluate(f"{CY}.getElementById('{leaf}').data('position')")
    before = node_count(page)
    page.wait_for_timeout(300)
    page.on("request", record)
    click_node(page, leaf)
    page.wait_for_function(f"{CY}.nodes().length === {before + 2}", timeout=WAIT_TIMEOUT)
    # The tree's view settles on the answer with no further request (the
    # graph's own events, not a callback, tell the page an answer came).
    page.wait_for_timeout(600)
    assert [out for out in sent if "game-tree.elements" in out] == [sent[0]] and len(sent) == 1, sent
    # "Inspect the selected node" opens the clicked node in the inspector.
    page.click("#tree-inspect-button")
    expect(page.locator("#tab-inspect")).to_be_visible(timeout=WAIT_TIMEOUT)
    expect(page.locator("#inspect-number")).to_have_value(position, timeout=WAIT_TIMEOUT)
    # Pressed at once after a click, before the tree has answered, it opens that node too.
    page.locator("#tabs [role=tab]", has_text="Explore").click()
    expect(page.locator("#tree-box")).to_be_visible()
    click_node(page, "n")
    page.click("#tree-inspect-button")
    expect(page.locator("#tab-inspect")).to_be_visible(timeout=WAIT_TIMEOUT)
    expect(page.locator("#inspect-number")).to_have_value(str(DEFAULT_START), timeout=WAIT_TIMEOUT)
    watch.assert_clean()


def json_output(body: str | None) -> str:
    import json

    try:
        return json.loads(body or "{}").get("output", "")
    except ValueError:
        return ""


@pytest.mark.browser
def test_bad_start_number_shows_message_and_good_one_clears_it(loaded: Page, watch: PageWatch) -> None:
    page = loaded
    show_view(page, "Game tree")
    error = page.locator("#start-error")
    expect(error).to_have_text("")

    submit(page, "#start-input", "abc")
    expect(error).to_contain_text("start number", timeout=WAIT_TIMEOUT)
    expect(error).to_contain_text("abc")

    submit(page, "#start-input", "-5")
    expect(error).to_contain_text("-5", timeout=WAIT_TIMEOUT)
    expect(error).to_contain_text("start number")

    submit(page, "#start-input", "92")
    expect(error).to_have_text("", timeout=WAIT_TIMEOUT)
    page.wait_for_function(
        """() => {
            const el = document.getElementById('game-tree');
            const cy = el && el._cyreg && el._cyreg.cy;
            return !!cy && cy.getElementById('n').nonempty() && cy.getElementById('n').data('position') === '92';
        }""",
        timeout=WAIT_TIMEOUT,
    )
    assert node_count(page) > 1
    watch.assert_clean()


@pytest.mark.browser
def test_bad_n_shows_message_and_no_traceback(loaded: Page, watch: PageWatch, default_counts) -> None:
    page = loaded
    error = page.locator("#n-error")
    expect(error).to_have_text("")

    submit(page, "#n-input", "0")
    expect(error).to_contain_text("N must be at least", timeout=WAIT_TIMEOUT)
    # The bad box is marked (Dash 4 gives the class to the box around the
    # <input>) and the views keep the last good setup's numbers.
    expect(page.locator("div.num-input", has=page.locator("#n-input"))).to_have_class(re.compile(r"\binvalid\b"))
    expect(page.locator("#n-input")).to_have_attribute("aria-invalid", "true")
    expect_counts(page, default_counts)

    body = page.locator("body").inner_text()
    for marker in ("Traceback", 'File "', "Exception", "Internal Server Error"):
        assert marker not in body, f"page shows {marker!r}"
    watch.assert_clean()


#: Records (browser clock, ms since navigation start) when the summary count
#: and each graph's data first appear in the DOM.
LOAD_MARKS_SCRIPT = """
window.__loadMarks = {};
new MutationObserver(() => {
  const marks = window.__loadMarks;
  if (!marks.summary && document.getElementById('summary-count-W')) marks.summary = performance.now();
  if (!marks.graphs && ['density-graph', 'layers-w-graph', 'layers-l-graph', 'difference-graph'].every(id => {
      const gd = document.querySelector('#' + id + ' .js-plotly-plot');
      return gd && gd._fullData && gd._fullData.length > 0;
  })) marks.graphs = performance.now();
}).observe(document, {subtree: true, childList: true, attributes: true});
"""


@pytest.mark.browser
def test_screenshot_and_page_load_time(page: Page, server_url: str, watch: PageWatch, default_counts) -> None:
    from dashboard import state

    page.set_default_timeout(WAIT_TIMEOUT)
    page.add_init_script(LOAD_MARKS_SCRIPT)

    def load(label: str) -> float:
        start = time.perf_counter()
        page.goto(server_url, timeout=LOAD_TIMEOUT)
        expect(page.locator("#summary-count-W")).to_have_text(f"{default_counts['W']:,}", timeout=LOAD_TIMEOUT)
        wall = time.perf_counter() - start
        page.wait_for_function("window.__loadMarks && window.__loadMarks.summary", timeout=WAIT_TIMEOUT)
        marks = page.evaluate("window.__loadMarks")
        # The graphs live in other Explore views, which may be drawn only once opened.
        graphs = f"all four graphs {marks['graphs'] / 1000:.2f} s" if marks.get("graphs") else "graphs not drawn yet"
        print(
            f"\n  {label}: summary count in the DOM {marks['summary'] / 1000:.2f} s after navigation start, "
            f"{graphs}; Playwright saw the summary count {wall:.2f} s after goto()"
        )
        return wall

    print(f"\npage load at the default setup (N={DEFAULT_N:,}, alpha={DEFAULT_ALPHA}):")
    # cold: the server solves B = 1,000,000 again; warm: the solve is cached
    # The times are printed as figures, not asserted (a busy machine stretches them): what is checked is
    # that the warm load is served from the cold load's solve, not a new one.
    bound = DEFAULT_N * DEFAULT_ALPHA
    state.SOLUTIONS.clear()
    load("cold (server solves B = 1,000,000)")
    solved = state.SOLUTIONS.peek(bound)
    assert solved is not None and solved.bound == bound
    load("warm (solve cached on the server)")
    assert state.SOLUTIONS.peek(bound) is solved

    # wait for the rest of the page before the picture
    expect(page.locator("[data-dash-is-loading=true]")).to_have_count(0, timeout=WAIT_TIMEOUT)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    if SCREENSHOT.exists():
        SCREENSHOT.unlink()
    page.screenshot(path=str(SCREENSHOT), full_page=True)
    assert SCREENSHOT.stat().st_size > 10_000
    print(f"screenshot: {SCREENSHOT}")
    watch.assert_clean()


@pytest.mark.browser
def test_url_holds_the_controls_and_the_back_button_restores_them(
    page: Page, server_url: str, watch: PageWatch
) -> None:
    page.set_default_timeout(WAIT_TIMEOUT)
    # A shared link sets the controls and the counts follow.
    page.goto(server_url + "?n=20000&start=92", timeout=LOAD_TIMEOUT)
    expect(page.locator("#n-input")).to_have_value("20000", timeout=LOAD_TIMEOUT)
    show_view(page, "Game tree")
    expect(page.locator("#start-input")).to_have_value("92", timeout=WAIT_TIMEOUT)
    expect_counts(page, expected_counts(20_000))
    # A change of a control writes the address.
    submit(page, "#alpha-input", "10")
    page.wait_for_function("window.location.search.includes('alpha=10')")
    expect_counts(page, expected_counts(20_000, 10))
    page.get_by_text("Thesis analyses").click()
    page.wait_for_function("window.location.search.includes('tab=thesis')")
    expect(page.locator("#random-n")).to_be_visible()
    # Back: the tab, then alpha, return to what the address says.
    page.go_back()
    page.wait_for_function("!window.location.search.includes('tab=thesis')")
    expect(page.locator("#tab-explore")).to_be_visible()
    expect(page.locator("#tab-thesis")).to_be_hidden()
    page.go_back()
    page.wait_for_function("!window.location.search.includes('alpha=')")
    expect(page.locator("#alpha-input")).to_have_value("100")
    expect_counts(page, expected_counts(20_000))
    watch.assert_clean()


@pytest.mark.browser
def test_the_address_is_written_in_the_browser_and_read_on_the_server_only_when_new(
    page: Page, server_url: str, watch: PageWatch
) -> None:
    page.set_default_timeout(WAIT_TIMEOUT)
    sent: list[str] = []

    def record(request) -> None:
        if "_dash-update-component" in request.url:
            sent.append(request.post_data or "")

    def reads() -> int:
        return len([body for body in sent if "url-read-store" in body])

    page.on("request", record)
    # The default address: nothing to read, so no request for it.
    page.goto(server_url, timeout=LOAD_TIMEOUT)
    expect(page.locator("#summary-count-W")).to_be_visible(timeout=LOAD_TIMEOUT)
    page.wait_for_load_state("networkidle")
    assert reads() == 0
    # A control change writes the address in the browser: no request about the address.
    before = len(sent)
    page.get_by_text("Thesis analyses").click()
    page.wait_for_function("window.location.search === '?tab=thesis'")
    page.wait_for_load_state("networkidle")
    assert reads() == 0
    assert not [body for body in sent[before:] if "url-notice" in body or '"url"' in body]
    # A shared link with a bad value: read once, the notice says what was ignored, and the
    # address becomes what the page shows, replaced in place (no extra history entry).
    page.goto(server_url + "?depth=99&alpha=10", timeout=LOAD_TIMEOUT)
    expect(page.locator("#url-notice")).to_contain_text("depth=99", timeout=LOAD_TIMEOUT)
    expect(page.locator("#alpha-input")).to_have_value("10")
    page.wait_for_function("window.location.search === '?alpha=10'")
    length = page.evaluate("window.history.length")
    assert reads() == 1
    # Back: the earlier address is read on the server and sets the controls again.
    page.go_back()
    page.wait_for_function("window.location.search === '?tab=thesis'")
    expect(page.locator("#tab-thesis")).to_be_visible()
    expect(page.locator("#alpha-input")).to_have_value("100")
    assert page.evaluate("window.history.length") == length
    # Forward returns to the link as the page settled it.
    page.go_forward()
    page.wait_for_function("window.location.search === '?alpha=10'")
    expect(page.locator("#alpha-input")).to_have_value("10")
    expect(page.locator("#tab-explore")).to_be_visible()
    watch.assert_clean()


@pytest.mark.browser
def test_inspector_tab_from_a_link_shows_the_draw_certificate_of_2(
    page: Page, server_url: str, watch: PageWatch
) -> None:
    page.set_default_timeout(WAIT_TIMEOUT)
    page.goto(server_url + "?tab=inspect&inspect=2", timeout=LOAD_TIMEOUT)
    # 2 <-> 3 is the loop that makes 2 a draw: 1 and 4 are the exits (squares).
    expect(page.locator("#inspect-certificate-note")).to_contain_text("2, 3", timeout=LOAD_TIMEOUT)
    expect(page.locator("#inspect-summary")).to_contain_text("D")
    # The setup bar (N, alpha) shows on every tab; the Explore views do not.
    expect(page.locator("#n-input")).to_be_visible()
    expect(page.locator("#tab-explore")).to_be_hidden()
    expect(page.locator("#inspect-bound")).to_contain_text("B = 1,000,000")
    watch.assert_clean()


def history_length(page: Page) -> int:
    return page.evaluate(
        """() => {
            const g = document.querySelector('#play-graph .js-plotly-plot');
            if (!g || !g.data) return 0;
            const xs = new Set();
            g.data.forEach(t => (t.x || []).forEach(x => xs.add(x)));
            return xs.size;
        }"""
    )


@pytest.mark.browser
def test_play_against_the_computer_and_read_the_value_history(page: Page, server_url: str, watch: PageWatch) -> None:
    from solver.engine import solve
    from solver.games.squares import Move, moves
    from solver.values.position import best_moves

    page.set_default_timeout(WAIT_TIMEOUT)
    page.goto(server_url + "?tab=play", timeout=LOAD_TIMEOUT)
    # 92 is W in 11 for the player to move (seed 003): that is you.
    expect(page.locator("#play-prediction")).to_contain_text("wins in 11", timeout=LOAD_TIMEOUT)
    solution = solve(1_000_000)
    best = best_moves(92, solution)[0]
    page.locator("#play-take" if best == Move.TAKE else "#play-put").click()
    # Your best move hands the computer an L in 10; it delays, and you are
    # left with a W in 9: the history now has three plies (0, 1, 2).
    expect(page.locator("#play-prediction")).to_contain_text("wins in 9")
    page.wait_for_function(
        """() => { const g = document.querySelector('#play-graph .js-plotly-plot');
                   return g && g.data && g.data.some(t => (t.x || []).includes(2)); }"""
    )
    assert history_length(page) >= 3
    child = moves(92)[0 if best == Move.TAKE else 1]
    expect(page.locator("#play-log")).to_contain_text(str(child))
    # Undo steps back over the computer's reply to the start.
    page.locator("#play-undo").click()
    expect(page.locator("#play-prediction")).to_contain_text("wins in 11")
    watch.assert_clean()
