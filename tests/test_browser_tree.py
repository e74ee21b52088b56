"""The game tree in a real browser (headless Debian Chromium via Playwright).

What a reader sees is read from cytoscape itself: the rendered boxes of the
nodes (no two overlap), the rendered size of every label (font size times
zoom, never below 11 px), the hover card, what a click, a key, "Expand the
best line" and "Collapse all" do.  Expected trees come from ``solver``
directly.  Screenshots: ``test-artifacts/tree.png`` (1440 px wide) and
``test-artifacts/tree-390.png`` (a 390 px phone).

Run: ``.venv/bin/python -m pytest tests/test_browser_tree.py``.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

pytest.importorskip("playwright")
pytest.importorskip("pytest_playwright")

from browser_support import CHROMIUM
from playwright.sync_api import Page, expect

from dashboard.tabs.explore.layout import VIEW_LABELS

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
LOAD_TIMEOUT = 60_000
WAIT_TIMEOUT = 30_000
#: The page's default setup and start number (written out on purpose).
BOUND = 1_000_000
START = 4708
#: The smallest a label may be drawn, in CSS pixels.
SMALLEST_LABEL = 11

CY = "document.getElementById('game-tree')._cyreg.cy"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}"),
]


# --------------------------------------------------------------------------
# fixtures
# --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def solution():
    from solver.engine import solve

    return solve(BOUND)


class PageWatch:
    """Page errors, console warnings and errors, failed callbacks, and the tree's requests."""

    def __init__(self, page: Page) -> None:
        self.errors: list[str] = []
        self.console: list[str] = []
        self.tree_requests: list[dict] = []
        page.on("pageerror", lambda exc: self.errors.append(f"page error: {exc}"))
        page.on("console", self._console)
        page.on("request", self._request)
        page.on("response", self._response)

    def _console(self, message) -> None:
        if message.type in ("warning", "error"):
            self.console.append(f"{message.type}: {message.text}")

    def _request(self, request) -> None:
        if "_dash-update-component" in request.url and "game-tree.elements" in (request.post_data or ""):
            self.tree_requests.append(json.loads(request.post_data))

    def _response(self, response) -> None:
        if "_dash-update-component" in response.url and response.status >= 400:
            self.errors.append(f"callback request failed: HTTP {response.status}")

    def assert_clean(self) -> None:
        assert not self.errors, "\n".join(self.errors)
        noisy = [m for m in self.console if "wheel sensitivity" in m or "style property" in m or "error" in m[:6]]
        assert not noisy, "\n".join(noisy)


@pytest.fixture
def watch(page: Page) -> PageWatch:
    return PageWatch(page)


# --------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------


def expected_paths(solution, start: int, depth: int, toggled=()) -> set[str]:
    from solver.values.tree import game_tree

    return {node.path for node in game_tree(start, depth, solution, toggled=toggled).nodes}


def shown_paths(page: Page) -> set[str]:
    return set(page.evaluate(f"{CY}.nodes().map(n => n.data('path'))"))


def wait_paths(page: Page, paths: set[str]) -> None:
    """Wait until the graph holds exactly these nodes and its view is set."""
    try:
        _wait_paths(page, paths)
    except Exception as exc:
        seen = page.evaluate(
            f"(() => {{ const cy = {CY}; return {{nodes: cy.nodes().length, "
            "drawn: document.getElementById('tree-box').getAttribute('data-drawn'), "
            "message: document.getElementById('tree-message').innerText}; })()"
        )
        raise AssertionError(f"the tree did not reach {len(paths)} nodes: {seen}") from exc


def _wait_paths(page: Page, paths: set[str]) -> None:
    page.wait_for_function(
        """(wanted) => {
            const el = document.getElementById('game-tree');
            const cy = el && el._cyreg && el._cyreg.cy;
            if (!cy || cy.nodes().length !== wanted.length || cy.width() === 0) return false;
            const have = new Set(cy.nodes().map(n => n.data('path')));
            // tree.js marks the box once it has set the view for these nodes
            const drawn = document.getElementById('tree-box').getAttribute('data-drawn') || '';
            return wanted.every(p => have.has(p)) && drawn.split('|')[0] === String(wanted.length);
        }""",
        arg=sorted(paths),
        timeout=WAIT_TIMEOUT,
    )


def open_tree(page: Page, url: str, width: int = 1440, height: int = 900) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.set_default_timeout(WAIT_TIMEOUT)
    page.goto(url, timeout=LOAD_TIMEOUT)
    switch = page.locator("#explore-view label", has_text="Game tree")
    expect(switch).to_be_visible(timeout=LOAD_TIMEOUT)
    switch.click()
    expect(page.locator("#tree-box")).to_be_visible()
    page.wait_for_function(f"{CY} && {CY}.nodes().length > 1 && {CY}.width() > 0", timeout=LOAD_TIMEOUT)


def submit(page: Page, selector: str, text: str) -> None:
    box = page.locator(selector)
    box.fill(text)
    box.press("Enter")


def readability(page: Page) -> dict:
    """Rendered boxes and label sizes of every node and edge, read from cytoscape."""
    return page.evaluate(
        f"""() => {{
            const cy = {CY};
            const zoom = cy.zoom();
            const boxes = cy.nodes().map(n => {{
                const b = n.renderedBoundingBox({{includeLabels: false, includeOverlays: false, includeUnderlays: false}});
                return [n.id(), b.x1, b.y1, b.x2, b.y2];
            }});
            const sizes = cy.elements().filter(e => e.data('label')).map(e => parseFloat(e.style('font-size')) * zoom);
            // a label that spills out of its box would be unreadable on the fill colour
            const spills = cy.nodes().filter(n => {{
                const body = n.boundingBox({{includeLabels: false, includeOverlays: false, includeUnderlays: false}});
                const text = n.boundingBox({{includeNodes: false, includeEdges: false, includeLabels: true,
                                            includeOverlays: false, includeUnderlays: false}});
                return text.x1 < body.x1 || text.x2 > body.x2 || text.y1 < body.y1 || text.y2 > body.y2;
            }}).map(n => n.id());
            return {{zoom, minZoom: cy.minZoom(), boxes, sizes, spills}};
        }}"""
    )


def assert_readable(page: Page) -> dict:
    seen = readability(page)
    assert seen["zoom"] >= seen["minZoom"] - 1e-9
    assert min(seen["sizes"]) >= SMALLEST_LABEL, f"smallest label {min(seen['sizes']):.2f} px"
    assert not seen["spills"], f"labels outside their boxes: {seen['spills'][:5]}"
    boxes = seen["boxes"]
    overlaps = [
        (a[0], b[0])
        for i, a in enumerate(boxes)
        for b in boxes[i + 1 :]
        if a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]
    ]
    assert not overlaps, f"overlapping nodes: {overlaps[:5]}"
    return seen


def visible_point(page: Page, node_id: str) -> dict:
    """Page coordinates of a node, after bringing the tree and the node into view."""
    page.evaluate("document.getElementById('tree-box').scrollIntoView({block: 'center'})")
    return page.evaluate(
        f"""(id) => {{
            const cy = {CY};
            const node = cy.getElementById(id);
            let box = cy.container().getBoundingClientRect();
            let p = node.renderedPosition();
            if (p.x < 60 || p.y < 40 || p.x > box.width - 60 || p.y > box.height - 40) {{
                cy.center(node);
                p = node.renderedPosition();
            }}
            // The box may be taller than the window: scroll the node itself into the window.
            if (box.top + p.y < 60 || box.top + p.y > window.innerHeight - 60) {{
                window.scrollBy(0, box.top + p.y - window.innerHeight / 2);
                box = cy.container().getBoundingClientRect();
            }}
            return {{x: box.left + p.x, y: box.top + p.y, rx: p.x, ry: p.y}};
        }}""",
        node_id,
    )


def contrast(foreground: str, background: str) -> float:
    def luminance(colour: str) -> float:
        r, g, b = (int(v) / 255 for v in re.findall(r"\d+", colour)[:3])
        lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


# --------------------------------------------------------------------------
# tests
# --------------------------------------------------------------------------


def test_depth_8_is_readable_and_nothing_overlaps(page: Page, server_url: str, watch: PageWatch, solution) -> None:
    open_tree(page, server_url)
    submit(page, "#depth-input", "8")
    paths = expected_paths(solution, START, 8)
    assert len(paths) == 159
    wait_paths(page, paths)
    expect(page.locator("#tree-message")).to_contain_text("159 nodes, values from bound B = 1,000,000.")
    seen = assert_readable(page)
    # A large tree pans rather than shrinks: it does not fit, and the start is in view.
    width, height = page.evaluate(f"[{CY}.width(), {CY}.height()]")
    whole = page.evaluate(f"{CY}.elements().renderedBoundingBox()")
    assert whole["h"] > height
    root = page.evaluate(f"{CY}.getElementById('n').renderedPosition()")
    assert 0 < root["x"] < width and 0 < root["y"] < height
    assert seen["zoom"] == pytest.approx(seen["minZoom"])
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("document.getElementById('tree-box').scrollIntoView({block: 'end'})")
    page.screenshot(path=str(ARTIFACTS / "tree.png"))
    watch.assert_clean()


def test_phone_width_is_readable(page: Page, server_url: str, watch: PageWatch, solution) -> None:
    open_tree(page, server_url, width=390, height=844)
    wait_paths(page, expected_paths(solution, START, 6))
    assert_readable(page)
    box = page.locator("#tree-box").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("document.getElementById('tree-box').scrollIntoView({block: 'end'})")
    page.screenshot(path=str(ARTIFACTS / "tree-390.png"))
    watch.assert_clean()


def test_click_expands_and_collapses_and_the_node_stays_put(
    page: Page, server_url: str, watch: PageWatch, solution
) -> None:
    open_tree(page, server_url)
    before = expected_paths(solution, START, 6)
    wait_paths(page, before)
    from solver.values.tree import game_tree

    leaf = max(n.path for n in game_tree(START, 6, solution).nodes if n.expandable and not n.expanded)
    point = visible_point(page, "n" + leaf)
    page.mouse.click(point["x"], point["y"])
    grown = expected_paths(solution, START, 6, toggled=[leaf])
    assert grown == before | {leaf + "t", leaf + "p"}
    wait_paths(page, grown)
    assert page.evaluate(f"{CY}.getElementById('n{leaf}').data('expanded')") is True
    # The clicked node is where it was, so the next click lands on it again.
    after = page.evaluate(f"{CY}.getElementById('n{leaf}').renderedPosition()")
    assert after["x"] == pytest.approx(point["rx"], abs=1) and after["y"] == pytest.approx(point["ry"], abs=1)
    assert_readable(page)
    page.mouse.click(point["x"], point["y"])
    wait_paths(page, before)
    assert page.evaluate(f"{CY}.getElementById('n{leaf}').data('expanded')") is False
    watch.assert_clean()


#: The Explore views before the tree, in the switch's order.
VIEWS_BEFORE_TREE = list(VIEW_LABELS)[: list(VIEW_LABELS).index("tree")]


def test_keyboard_reaches_the_tree_and_expands_nodes(page: Page, server_url: str, watch: PageWatch, solution) -> None:
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(server_url, timeout=LOAD_TIMEOUT)
    # The view switch is a radio group: focus it and move to the tree with the arrow keys.
    first = page.locator("#explore-view input[value=summary]")
    expect(first).to_be_attached(timeout=LOAD_TIMEOUT)
    first.focus()
    for _ in range(len(VIEWS_BEFORE_TREE) + 2):
        if page.locator("#explore-view input[value=tree]").is_checked():
            break
        page.keyboard.press("ArrowRight")
    expect(page.locator("#tree-box")).to_be_visible()
    default = expected_paths(solution, START, 6)
    wait_paths(page, default)
    # Tab on to the tree itself.
    for _ in range(20):
        if page.evaluate("document.activeElement.id") == "tree-box":
            break
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "tree-box"
    page.keyboard.press("ArrowRight")  # selects the start
    page.keyboard.press("ArrowRight")  # its take child
    assert page.evaluate(f"{CY}.nodes('.focus').map(n => n.id())") == ["nt"]
    card = page.locator("#tree-card")
    expect(card).to_be_visible()
    expect(card).to_contain_text("take from 4,708")
    expect(page.locator("#tree-selection")).to_contain_text("Selected")
    page.keyboard.press("Enter")  # "t" is expanded at depth 6: Enter collapses it
    collapsed = expected_paths(solution, START, 6, toggled=["t"])
    wait_paths(page, collapsed)
    page.keyboard.press("ArrowDown")  # the put child
    assert page.evaluate(f"{CY}.nodes('.focus').map(n => n.id())") == ["np"]
    page.keyboard.press("ArrowUp")
    page.keyboard.press(" ")  # Space toggles too
    wait_paths(page, default)
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(f"{CY}.nodes('.focus').map(n => n.id())") == ["n"]
    watch.assert_clean()


def test_best_line_and_collapse_all(page: Page, server_url: str, watch: PageWatch, solution) -> None:
    from solver.games.squares import moves
    from solver.values.position import best_moves

    open_tree(page, server_url)
    submit(page, "#start-input", "92")
    submit(page, "#depth-input", "2")
    wait_paths(page, expected_paths(solution, 92, 2))
    page.click("#tree-best-button")
    # Best play from 92, computed from the solver: the first best move until a square.
    line, position = [""], 92
    while position != 4:
        move = best_moves(position, solution)[0]
        position = moves(position)[0 if move.value == "take" else 1]
        line.append(line[-1] + move.value[0])
    assert len(line) == 11  # 92 wins in 11: ten moves to the square 4, then 4 takes to 0
    page.wait_for_function(
        f"(line) => line.every(p => {CY}.getElementById('n' + p).nonempty())", arg=line, timeout=WAIT_TIMEOUT
    )
    for path in line[:-1]:
        assert page.evaluate(f"{CY}.getElementById('n{path}').data('expanded')") is True
    assert page.evaluate(f"{CY}.getElementById('n{line[-1]}').data('position')") == "4"
    assert_readable(page)
    page.click("#tree-collapse-button")
    wait_paths(page, {""})
    expect(page.locator("#tree-message")).to_contain_text("1 node, values")
    watch.assert_clean()


def test_hover_card_and_huge_start(page: Page, server_url: str, watch: PageWatch, solution) -> None:
    from solver.values.position import position_value

    open_tree(page, server_url)
    wait_paths(page, expected_paths(solution, START, 6))
    card = page.locator("#tree-card")
    expect(card).to_be_hidden()
    point = visible_point(page, "n")
    page.mouse.move(point["x"], point["y"], steps=4)
    expect(card).to_be_visible()
    outcome, remoteness = position_value(START, solution)
    for text in (
        "position",
        "4,708",
        "move",
        "outcome",
        f"{outcome.name} (",
        "remoteness",
        f"{remoteness} (exact)",
        "marks",
        "expand",
    ):
        expect(card).to_contain_text(text)
    page.mouse.move(2, 2)
    expect(card).to_be_hidden()

    submit(page, "#start-input", "10**30")
    wait_paths(page, {""})
    root = page.evaluate(
        f"(() => {{ const n = {CY}.getElementById('n'); return [n.data('label'), n.style('color'), "
        "n.style('background-color')]; })()"
    )
    assert root[0] == "10³⁰\nW 1 ★"
    assert contrast(root[1], root[2]) >= 4.5  # never white on white
    assert_readable(page)
    point = visible_point(page, "n")
    page.mouse.move(point["x"], point["y"], steps=4)
    expect(card).to_be_visible()
    expect(card).to_contain_text("(31 digits)")
    expect(card).to_contain_text("square")
    watch.assert_clean()


def test_depth_controls_send_one_tree_request(page: Page, server_url: str, watch: PageWatch, solution) -> None:
    open_tree(page, server_url)
    wait_paths(page, expected_paths(solution, START, 6))
    watch.tree_requests.clear()
    slider = page.locator("#depth-slider [role=slider]")
    slider.focus()
    for _ in range(5):
        page.keyboard.press("ArrowLeft")
    wait_paths(page, expected_paths(solution, START, 1))
    # Only the last press's timer applies the depth, and it has fired.
    assert len(watch.tree_requests) == 1, [r["changedPropIds"] for r in watch.tree_requests]
    expect(page.locator("#depth-input")).to_have_value("1")
    # Typing a depth and pressing Enter applies it (no need to leave the box).
    watch.tree_requests.clear()
    submit(page, "#depth-input", "7")
    wait_paths(page, expected_paths(solution, START, 7))
    assert page.locator("#depth-input").evaluate("el => el === document.activeElement")
    assert float(slider.get_attribute("aria-valuenow")) == 7
    assert len(watch.tree_requests) == 1
    submit(page, "#depth-input", "50")
    expect(page.locator("#depth-error")).to_contain_text("from 1 to 20")
    watch.assert_clean()


def test_zoom_buttons_keep_labels_readable(page: Page, server_url: str, watch: PageWatch, solution) -> None:
    open_tree(page, server_url)
    wait_paths(page, expected_paths(solution, START, 6))
    start = page.evaluate(f"{CY}.zoom()")
    # Each button acts through a clientside callback: wait for the zoom to change.
    page.click("#tree-zoom-in")
    page.wait_for_function(f"Math.abs({CY}.zoom() - {start * 1.25}) < 1e-6", timeout=WAIT_TIMEOUT)
    for _ in range(4):
        page.click("#tree-zoom-out")
    page.wait_for_function(f"Math.abs({CY}.zoom() - {CY}.minZoom()) < 1e-6", timeout=WAIT_TIMEOUT)
    assert_readable(page)
    page.click("#tree-fit")
    page.wait_for_function(f"Math.abs({CY}.zoom() - {start}) < 1e-6", timeout=WAIT_TIMEOUT)
    page.click("#tree-fit")
    # The wheel pans a tree larger than its box (it does not shrink it).
    submit(page, "#depth-input", "8")
    wait_paths(page, expected_paths(solution, START, 8))
    point = visible_point(page, "n")
    page.mouse.move(point["x"], point["y"], steps=4)
    before = page.evaluate(f"[{CY}.zoom(), {CY}.pan().y]")
    page.mouse.wheel(0, 200)
    page.wait_for_function(f"{CY}.pan().y !== {before[1]}", timeout=WAIT_TIMEOUT)
    after = page.evaluate(f"[{CY}.zoom(), {CY}.pan().y]")
    assert after[0] == before[0] and after[1] < before[1]
    watch.assert_clean()


def test_the_tree_view_survives_other_views_and_tabs(page: Page, server_url: str, watch: PageWatch, solution) -> None:
    open_tree(page, server_url)
    wait_paths(page, expected_paths(solution, START, 6))
    # The view survives a trip to another view and to another tab.  The zoom
    # button acts in a clientside callback, after the click returns: the view
    # is read once it has zoomed.
    before = page.evaluate(f"{CY}.zoom()")
    page.click("#tree-zoom-in")
    page.wait_for_function(f"{CY}.zoom() > {before}", timeout=WAIT_TIMEOUT)
    view = page.evaluate(f"[{CY}.zoom(), {CY}.pan().x, {CY}.pan().y]")
    box = page.locator("#tree-box")
    for hide, show in (
        (
            page.locator("#explore-view label", has_text="Summary"),
            page.locator("#explore-view label", has_text="Game tree"),
        ),
        (page.locator(".tabs .tab", has_text="Play"), page.locator(".tabs .tab", has_text="Explore")),
    ):
        shown = int(box.get_attribute("data-shown") or 0)
        hide.click()
        expect(box).to_be_hidden()
        show.click()
        expect(box).to_have_attribute("data-shown", str(shown + 1))
        # (the page lays shown graphs out again 80 ms after a tab opens)
        page.wait_for_function(f"{CY}.zoom() === {view[0]}", timeout=WAIT_TIMEOUT)
        assert page.evaluate(f"[{CY}.zoom(), {CY}.pan().x, {CY}.pan().y]") == pytest.approx(view)
        # A fit of the whole graph (a page's relayout of shown graphs, or
        # dash-cytoscape's own) keeps the view, however long after the show.
        page.wait_for_timeout(1200)
        # (Returning nothing: fit() returns the cytoscape core, which Playwright
        # would serialize whole and send back, most of a minute in CI.)
        page.evaluate(f"() => {{ {CY}.fit(undefined, 20); }}")
        assert page.evaluate(f"[{CY}.zoom(), {CY}.pan().x, {CY}.pan().y]") == pytest.approx(view)
    # (A check that a whole-graph fit brings the tree back after panning it out
    # of sight crashed headless Chromium's renderer in clean CI runs, with small
    # and large pans alike, so it is not run here.)
    watch.assert_clean()


#: The rendered box of every node, and the canvas's size (the tree's view as a reader sees it).
TREE_EXTENT = f"""() => {{
    const cy = {CY};
    const b = cy.nodes().renderedBoundingBox({{includeOverlays: false, includeUnderlays: false}});
    return {{x1: b.x1, y1: b.y1, x2: b.x2, y2: b.y2, w: cy.width(), h: cy.height(), zoom: cy.zoom()}};
}}"""


def assert_whole_tree_in_view(page: Page) -> dict:
    extent = page.evaluate(TREE_EXTENT)
    assert extent["x1"] >= 0 and extent["y1"] >= 0, extent
    assert extent["x2"] <= extent["w"] and extent["y2"] <= extent["h"], extent
    return extent


def test_the_default_tree_is_whole_in_its_box_and_fit_brings_it_back(
    page: Page, server_url: str, watch: PageWatch, solution
) -> None:
    open_tree(page, server_url)
    wait_paths(page, expected_paths(solution, START, 6))
    # The 69 nodes of 4708 at depth 6 are all inside the canvas (once they ran from y = -168 to 1207 in 636 px),
    # the box as tall as the tree, and every label readable.
    extent = assert_whole_tree_in_view(page)
    assert extent["h"] > 900
    assert_readable(page)
    # Panned away, Fit shows the whole tree again (it once stayed at the smallest zoom and changed nothing).
    # (Returning nothing: panBy() returns the cytoscape core, which Playwright would serialize whole and
    # send back: 14 s for this line in a run of the test alone, which took 38 s in CI.)
    page.evaluate(f"() => {{ {CY}.panBy({{x: -900, y: 700}}); }}")
    # Once in CI on a slow machine (2026-11-29) the Fit button stayed "not visible" for the click's 30 s
    # while the page's later answers were still arriving (plotly.js was fetched only after it): wait as
    # long as a load for it to show, then click.
    expect(page.locator("#tree-fit")).to_be_visible(timeout=LOAD_TIMEOUT)
    page.click("#tree-fit")
    page.wait_for_function(
        f"(() => {{ const e = ({TREE_EXTENT})(); return e.x1 >= 0 && e.y1 >= 0 && e.x2 <= e.w && e.y2 <= e.h; }})()",
        timeout=WAIT_TIMEOUT,
    )
    watch.assert_clean()


def test_the_best_line_stays_inside_the_box(page: Page, server_url: str, watch: PageWatch, solution) -> None:
    open_tree(page, server_url)
    submit(page, "#start-input", "92")
    wait_paths(page, expected_paths(solution, 92, 6))
    page.click("#tree-best-button")
    # 92 wins in 11: the line runs 11 columns to the right (it once ran off the right edge).
    page.wait_for_function(f"{CY}.nodes().length === 47", timeout=WAIT_TIMEOUT)
    page.wait_for_function(
        f"(() => {{ const e = ({TREE_EXTENT})(); return e.x1 >= 0 && e.y1 >= 0 && e.x2 <= e.w && e.y2 <= e.h; }})()",
        timeout=WAIT_TIMEOUT,
    )
    assert_readable(page)
    watch.assert_clean()


def test_the_card_goes_with_the_pointer_escape_and_a_click_outside(
    page: Page, server_url: str, watch: PageWatch, solution
) -> None:
    open_tree(page, server_url)
    wait_paths(page, expected_paths(solution, START, 6))
    card = page.locator("#tree-card")
    # A click on a node: its card shows while the pointer is on it and goes when the pointer leaves.
    from solver.values.tree import game_tree

    leaf = max(n.path for n in game_tree(START, 6, solution).nodes if n.expandable and not n.expanded)
    point = visible_point(page, "n" + leaf)
    page.mouse.click(point["x"], point["y"])
    wait_paths(page, expected_paths(solution, START, 6, toggled=[leaf]))
    expect(card).to_be_visible()
    page.mouse.move(point["x"] + 5, page.locator("#tree-box").bounding_box()["y"] - 40, steps=3)
    expect(card).to_be_hidden()
    # A press outside the tree, then the next answer: the card does not come back.
    page.mouse.click(5, 5)
    submit(page, "#depth-input", "5")
    wait_paths(page, expected_paths(solution, START, 5))
    expect(card).to_be_hidden()
    # The keyboard's selection keeps its card until Escape.
    page.locator("#tree-box").focus()
    page.keyboard.press("ArrowRight")
    expect(card).to_be_visible()
    page.keyboard.press("Escape")
    expect(card).to_be_hidden()
    watch.assert_clean()
