"""Real-browser tests of which plotly.js draws the page's graphs (dashboard/plotly_bundle.py, assets/page.js section 6b).

A first view loads plotly.js's cartesian bundle, which the page serves; a
figure with a trace type that bundle lacks (3-D, WebGL) loads Dash's full
bundle once and is drawn by it (and the page loads it anyway once idle after
its first view), and a graph drawn before still zooms, hovers,
downloads and updates; when the two bundles' versions differ the page loads
the full bundle only.  Run: ``.venv/bin/python -m pytest tests/test_browser_plotly.py``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

pytest.importorskip("playwright")
pytest.importorskip("pytest_playwright")

from browser_support import CHROMIUM
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

LOAD_TIMEOUT = 90_000
#: Dash's address of its full plotly.js (the plotly package's bundle), which dcc.Graph loads by default.
FULL_BUNDLE = "_dash-component-suites/plotly/package_data/plotly.min.js"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}"),
]

#: A graph's state: the types of the figure's traces, of the traces plotly.js drew (``_fullData``, with whether
#: each is visible), and whether WebGL canvases were made for it.
GRAPH_JS = """(id) => {
    const gd = document.querySelector('#' + id + ' .js-plotly-plot');
    if (!gd || !gd.data || !gd.data.length || !gd._fullData) return null;
    return {asked: gd.data.map(t => t.type || 'scatter'),
            drawn: gd._fullData.map(t => [t.type, t.visible]),
            canvases: gd.querySelectorAll('canvas').length};
}"""

#: Whether the loaded plotly.js has a trace type registered.
HAS_TYPE_JS = "(type) => !!window.Plotly && !!window.Plotly.PlotSchema.getTraceValObject({type: type}, ['type'])"


#: An init script: the page is told not to load the full bundle after its first view (``preload: false``), so
#: that the hand-over from the small bundle to the full one happens only where a figure needs it.
NO_PRELOAD_JS = """(() => {
    let setting;
    Object.defineProperty(window, 'ptsqPlotly', {
        configurable: true,
        get() { return setting; },
        set(value) { setting = value && Object.assign({}, value, {preload: false}); },
    });
})()"""

#: An init script: when the first graph in view is drawn, ``window.ptsqFirstDrawn`` records the page clock's
#: time and whether the plotly.js that drew it had 3-D traces (the full bundle).
FIRST_DRAWN_JS = """(() => {
    const look = () => {
        const drawn = Array.from(document.querySelectorAll('.js-plotly-plot'))
            .some(g => g._fullData && g._fullData.length && g.offsetParent !== null);
        if (!drawn) { requestAnimationFrame(look); return; }
        window.ptsqFirstDrawn = {
            at: performance.now(),
            full: !!window.Plotly.PlotSchema.getTraceValObject({type: 'scatter3d'}, ['type']),
        };
    };
    requestAnimationFrame(look);
})()"""


def _small_bundle() -> str:
    from dashboard import plotly_bundle

    return plotly_bundle.bundle_route()


def _wait_drawn(page: Page, graph_id: str, kind: str) -> dict:
    """Wait until plotly.js has drawn a graph whose figure holds a trace of ``kind``; return :data:`GRAPH_JS`."""
    try:
        page.wait_for_function(
            f"([id, kind]) => {{ const g = ({GRAPH_JS})(id); return !!g && g.asked.includes(kind)"
            " && g.drawn.length === g.asked.length; }",
            arg=[graph_id, kind],
            timeout=LOAD_TIMEOUT,
        )
    except PlaywrightTimeout as error:
        raise AssertionError(f"{graph_id} not drawn with {kind}: {page.evaluate(GRAPH_JS, graph_id)}") from error
    return page.evaluate(GRAPH_JS, graph_id)


def _assert_drawn(state: dict, kind: str) -> None:
    assert [t for t, _ in state["drawn"]] == state["asked"], state
    assert all(visible is True for _, visible in state["drawn"]), state
    assert kind in state["asked"]
    if kind != "scatter":
        assert state["canvases"] > 0, f"no WebGL canvas drawn for {kind}: {state}"


def _first_graph_drawn(page: Page) -> None:
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.js-plotly-plot'))"
        ".some(g => g._fullData && g._fullData.length && g.offsetParent !== null)",
        timeout=LOAD_TIMEOUT,
    )


def _scripts_fetched(browser: Browser, url: str, *, preload: bool = True) -> tuple[list[str], Page]:
    """Open ``url`` in a new browser context (nothing cached) and list the scripts it asked for once drawn."""
    context = browser.new_context()
    page = context.new_page()
    if not preload:
        page.add_init_script(NO_PRELOAD_JS)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(url, timeout=LOAD_TIMEOUT)
    _first_graph_drawn(page)
    page.wait_for_load_state("networkidle", timeout=LOAD_TIMEOUT)
    return asked, page


def test_a_finite_game_s_first_view_is_drawn_by_the_small_bundle_and_the_full_one_follows(
    browser: Browser, server_url
) -> None:
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.add_init_script(FIRST_DRAWN_JS)
    try:
        page.goto(server_url + "?game=wythoff&tab=finite", timeout=LOAD_TIMEOUT)
        page.wait_for_function("() => !!window.ptsqFirstDrawn", timeout=LOAD_TIMEOUT)
        first = page.evaluate("() => window.ptsqFirstDrawn")
        assert not first["full"], "the first view waited for the full bundle"
        assert any(url.endswith(_small_bundle()) for url in asked), asked
        # Once the page is idle after its first view, the full bundle loads, once, and takes over.
        page.wait_for_function(HAS_TYPE_JS, arg="scatter3d", timeout=LOAD_TIMEOUT)
        starts = page.evaluate(
            "(name) => performance.getEntriesByType('resource').filter(e => e.name.includes(name)).map(e => e.startTime)",
            FULL_BUNDLE,
        )
        assert len(starts) == 1 and starts[0] > first["at"], (starts, first)
        assert page.evaluate(HAS_TYPE_JS, "heatmap")
    finally:
        context.close()


def test_a_finite_game_s_address_loads_the_small_bundle_and_not_the_full_one(browser: Browser, server_url) -> None:
    asked, page = _scripts_fetched(browser, server_url + "?game=wythoff&tab=finite", preload=False)
    try:
        assert any(url.endswith(_small_bundle()) for url in asked), asked
        assert not any(FULL_BUNDLE in url for url in asked), [url for url in asked if "plotly" in url]
        assert not page.evaluate(HAS_TYPE_JS, "scatter3d")
        assert page.evaluate(HAS_TYPE_JS, "heatmap")
        # The page's own mode bar config is plotly.js's default there too.
        assert page.evaluate("() => window.Plotly.setPlotConfig !== undefined")
    finally:
        page.context.close()


@pytest.mark.parametrize(
    ("query", "graph_id", "kind"),
    [
        ("&fgame=euclid3&foct=9", "finite-octant-graph", "scatter3d"),
        ("&fgame=eraserhead&fpos=cycle-9:0,2,4&flostn=9", "finite-lost-graph", "mesh3d"),
    ],
)
def test_3d_graphs_of_the_finite_games_are_drawn_by_the_full_bundle(
    page: Page, server_url: str, query: str, graph_id: str, kind: str
) -> None:
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(server_url + "?tab=finite" + query, timeout=LOAD_TIMEOUT)
    state = _wait_drawn(page, graph_id, kind)
    _assert_drawn(state, kind)
    assert page.evaluate("(id) => !!document.querySelector('#' + id + ' .js-plotly-plot')._fullLayout.scene", graph_id)
    assert page.evaluate(HAS_TYPE_JS, kind)
    # Loaded once: one script of the full bundle in the page.
    fulls = page.evaluate(f"() => Array.from(document.scripts).filter(s => s.src.includes('{FULL_BUNDLE}')).length")
    assert fulls == 1


@pytest.mark.parametrize("scale", [1, 2])
def test_the_3d_octant_is_drawn_at_the_screen_s_pixel_ratio(browser: Browser, server_url: str, scale: int) -> None:
    # plotly.js's own default draws WebGL at twice the pixels of an ordinary screen (four times the work).
    context = browser.new_context(viewport={"width": 1440, "height": 900}, device_scale_factor=scale)
    try:
        page = context.new_page()
        page.goto(server_url + "?game=euclid3&foct=9", timeout=LOAD_TIMEOUT)
        _assert_drawn(_wait_drawn(page, "finite-octant-graph", "scatter3d"), "scatter3d")
        ratio = page.evaluate(
            """() => {
                const canvas = document.querySelector('#finite-octant-graph .gl-container canvas');
                return canvas.width / canvas.getBoundingClientRect().width;
            }"""
        )
        assert ratio == pytest.approx(scale, abs=0.02)
    finally:
        context.close()


DENSITY = "density-graph"


def _density_point(page: Page) -> tuple[float, float]:
    """Viewport coordinates of a middle point of the density graph's first trace."""
    return tuple(
        page.evaluate(
            """(id) => {
                const gd = document.querySelector('#' + id + ' .js-plotly-plot');
                const t = gd._fullData[0], i = Math.floor(t._length / 2);
                const box = gd.getBoundingClientRect(), xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis;
                return [box.left + xa._offset + xa.c2p(t.x[i]), box.top + ya._offset + ya.c2p(t.y[i])];
            }""",
            DENSITY,
        )
    )


def test_the_explore_webgl_view_draws_and_a_graph_drawn_before_still_works(page: Page, server_url: str) -> None:
    page.add_init_script(NO_PRELOAD_JS)  # the Nim values view, not the idle page, loads the full bundle
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(server_url, timeout=LOAD_TIMEOUT)
    page.locator("#explore-view").get_by_text("Densities", exact=True).click()
    _wait_drawn(page, DENSITY, "scatter")
    assert not page.evaluate(HAS_TYPE_JS, "scattergl"), "the first view loaded the full bundle"
    first_y = page.evaluate(f"() => Array.from(document.querySelector('#{DENSITY} .js-plotly-plot')._fullData[0].y)")
    # The Nim values view draws a WebGL scatter: the full bundle loads and draws it.
    page.locator("#explore-view").get_by_text("Nim values", exact=True).click()
    state = _wait_drawn(page, "nim-graph", "scattergl")
    _assert_drawn(state, "scattergl")
    assert page.evaluate(HAS_TYPE_JS, "scattergl")
    # The densities graph, drawn by the small bundle, still updates, zooms, hovers and downloads.
    page.locator("#explore-view").get_by_text("Densities", exact=True).click()
    options = page.locator("#density-transform input[type=radio]")
    expect(options.first).to_be_visible(timeout=LOAD_TIMEOUT)
    unchecked = [i for i in range(options.count()) if not options.nth(i).is_checked()]
    assert unchecked
    options.nth(unchecked[0]).check()
    page.wait_for_function(
        f"""(before) => {{
            const gd = document.querySelector('#{DENSITY} .js-plotly-plot');
            const y = gd && gd._fullData && gd._fullData[0] ? Array.from(gd._fullData[0].y) : null;
            return y && JSON.stringify(y) !== JSON.stringify(before);
        }}""",
        arg=first_y,
        timeout=LOAD_TIMEOUT,
    )
    _assert_drawn(page.evaluate(GRAPH_JS, DENSITY), "scatter")
    graph = page.locator(f"#{DENSITY}")
    x, y = _density_point(page)
    page.mouse.move(x, y)
    expect(graph.locator(".hoverlayer .hovertext").first).to_be_attached(timeout=LOAD_TIMEOUT)
    page.evaluate(
        """(id) => {
            const gd = document.querySelector('#' + id + ' .js-plotly-plot'), r = gd._fullLayout.xaxis.range;
            return window.Plotly.relayout(gd, {'xaxis.range': [r[0], (r[0] + r[1]) / 2]});
        }""",
        DENSITY,
    )
    ranges = page.evaluate(
        """(id) => { const gd = document.querySelector('#' + id + ' .js-plotly-plot');
                     return [gd.layout.xaxis.range, gd._fullLayout.xaxis.range]; }""",
        DENSITY,
    )
    assert ranges[0] == ranges[1], ranges
    graph.hover()
    with page.expect_download(timeout=LOAD_TIMEOUT) as download:
        graph.locator(".modebar-btn[data-title='Download plot as SVG (vector)']").click()
    path = download.value.path()
    assert download.value.suggested_filename.endswith(".svg")
    with open(path, encoding="utf-8") as stream:
        assert stream.read(200).lstrip().startswith("<svg")


@pytest.fixture(scope="module")
def mismatched_url() -> Iterator[str]:
    """The page served by an app whose plotly package's bundle is another version than the vendored one."""
    from browser_support import served_page

    from dashboard import plotly_bundle

    patch = pytest.MonkeyPatch()
    patch.setattr(plotly_bundle, "dash_bundle_version", lambda: f"{plotly_bundle.small_bundle_version()}.1")
    try:
        with served_page("ptsq-test-mismatched") as url:
            patch.undo()  # the app is built: it read the versions
            yield url
    finally:
        patch.undo()


def test_when_the_versions_differ_the_page_loads_the_full_bundle_only(browser: Browser, mismatched_url) -> None:
    asked, page = _scripts_fetched(browser, mismatched_url + "?game=wythoff&tab=finite")
    try:
        assert any(FULL_BUNDLE in url for url in asked), [url for url in asked if "plotly" in url]
        assert not any(url.endswith(_small_bundle()) for url in asked), asked
        assert page.evaluate(HAS_TYPE_JS, "scatter3d")
        assert page.evaluate("() => window.ptsqPlotly") is None
    finally:
        page.context.close()
