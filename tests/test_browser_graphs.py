"""Real-browser tests of the Games on graphs tab: drawing by taps, tokens, values, play and the shared address.

Headless Debian Chromium via Playwright, the app served in-process (the
recipe of docs/browser-tests.md).  Outcomes are checked against the
brute-force product graph of ``tests/naive_tokens.py``, not the page's code.
"""

from __future__ import annotations

import os
import urllib.parse
from pathlib import Path

import pytest

pytest.importorskip("playwright")
pytest.importorskip("pytest_playwright")

from browser_support import CHROMIUM
from naive_tokens import product_outcomes
from playwright.sync_api import Page, expect

from solver import parse_graph

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
LOAD_TIMEOUT = 90_000
WAIT_TIMEOUT = 30_000

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}"),
]

CY = "document.getElementById('graphs-canvas')._cyreg.cy"


class PageWatch:
    """Uncaught page errors and failed callback requests."""

    def __init__(self, page: Page) -> None:
        self.errors: list[str] = []
        page.on("pageerror", lambda exc: self.errors.append(f"page error: {exc}"))
        page.on(
            "response",
            lambda r: (
                self.errors.append(f"HTTP {r.status} {r.url}")
                if "_dash-update-component" in r.url and r.status >= 400
                else None
            ),
        )

    def assert_clean(self) -> None:
        assert not self.errors, "\n".join(self.errors)


@pytest.fixture
def watch(page: Page) -> PageWatch:
    page.set_default_timeout(WAIT_TIMEOUT)
    return PageWatch(page)


def open_graphs(page: Page, url: str, **keys: str) -> None:
    query = urllib.parse.urlencode({"tab": "graphs", **keys})
    page.goto(f"{url}?{query}")
    expect(page.locator("#graphs-outcome")).not_to_be_empty(timeout=LOAD_TIMEOUT)
    wait_nodes(page)


def wait_nodes(page: Page) -> None:
    page.wait_for_function(f"() => {{ try {{ return {CY}.nodes().length > 0; }} catch (e) {{ return false; }} }}")


def canvas_box(page: Page) -> dict:
    """The drawing's box in the viewport, scrolled into view first (a click outside the viewport hits nothing)."""
    canvas = page.locator("#graphs-canvas")
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    assert box is not None
    return box


def node_point(page: Page, vertex: int) -> tuple[float, float]:
    """Where vertex ``vertex`` is drawn on the page (viewport coordinates)."""
    page.wait_for_function(f"() => {CY}.getElementById('v{vertex}').nonempty()")
    canvas_box(page)
    return page.evaluate(
        f"""() => {{
        const cy = {CY};
        cy.resize();
        const box = cy.container().getBoundingClientRect();
        const p = cy.getElementById('v{vertex}').renderedPosition();
        return [box.left + p.x, box.top + p.y];
    }}"""
    )


def background_point(page: Page) -> tuple[float, float]:
    """An empty point of the drawing, 40 px in from its lower left corner, where a tap reaches the drawing.

    Found in the page right before the tap, once the point is inside the
    viewport and the drawing is the topmost thing there (the page above
    the drawing can still change height as its answers arrive).
    """
    canvas_box(page)
    page.wait_for_function(
        f"""() => {{
        const cy = {CY};
        const box = cy.container().getBoundingClientRect();
        const y = Math.min(box.bottom, window.innerHeight) - 40;
        const hit = document.elementFromPoint(box.left + 40, y);
        return y > box.top + 40 && hit !== null && cy.container().contains(hit);
    }}"""
    )
    return page.evaluate(
        f"""() => {{
        const cy = {CY};
        cy.resize();
        const box = cy.container().getBoundingClientRect();
        return [box.left + 40, Math.min(box.bottom, window.innerHeight) - 40];
    }}"""
    )


def tap_vertex(page: Page, vertex: int) -> None:
    x, y = node_point(page, vertex)
    page.mouse.click(x, y)


def node_count(page: Page) -> int:
    return page.evaluate(f"() => {CY}.nodes().length")


def answered(page: Page) -> None:
    """Wait until no callback is loading and the drawing has stood still (a tap while it is redrawn is lost)."""
    page.wait_for_function("() => !document.querySelector('[data-dash-is-loading=true]')")
    page.wait_for_timeout(300)


def set_mode(page: Page, mode: str) -> None:
    """Choose a tap mode, and wait until the page has answered it."""
    page.locator(f"#graphs-mode input[value='{mode}']").check()
    expect(page.locator(f"#graphs-mode input[value='{mode}']")).to_be_checked()
    answered(page)


def test_draw_a_graph_by_taps_place_tokens_and_play(page: Page, server_url: str, watch: PageWatch) -> None:
    open_graphs(page, server_url, ggame="tokens", gboard="0>1", gpos="0")
    assert node_count(page) == 2
    # Edit: a tap on the empty background adds vertex 2 there ...
    set_mode(page, "edit")
    page.mouse.click(*background_point(page))
    expect(page.locator("#graphs-board")).to_have_value("0>1,2")
    page.wait_for_function(f"() => {CY}.nodes().length === 3")
    # ... and taps on 1 then 2 add the arc 1 → 2.
    tap_vertex(page, 1)
    expect(page.locator("#graphs-log")).to_contain_text("Vertex 1 chosen")
    answered(page)
    tap_vertex(page, 2)
    expect(page.locator("#graphs-board")).to_have_value("0>1,1>2")
    page.wait_for_function(f"() => {CY}.edges().length === 2")
    # Tokens: a tap on 2 puts a token there.
    set_mode(page, "tokens")
    tap_vertex(page, 2)
    expect(page.locator("#graphs-position")).to_have_value("0,2")
    # The outcome agrees with the product graph: tokens on 0 and 2 of the path 0 > 1 > 2.
    truth = product_outcomes(parse_graph("0>1,1>2", directed=True).neighbours(), 2)[(0, 2)]
    expect(page.locator("#graphs-outcome")).to_contain_text(f"{truth}:")
    # Play: tap the token on 0, then 1; the computer replies.
    set_mode(page, "play")
    tap_vertex(page, 0)
    expect(page.locator("#graphs-log")).to_contain_text("tap where it goes")
    answered(page)
    tap_vertex(page, 1)
    expect(page.locator("#graphs-log")).to_contain_text("You: token 0 → 1")
    # The address holds the drawn board and the position: opening it again shows the same.
    # (the address follows the position the page accepted, a step after the box: wait until they agree)
    expect(page.locator("#graphs-log")).to_contain_text("Computer:")
    page.wait_for_function(
        "() => { const q = new URLSearchParams(window.location.search);"
        " return q.has('gboard') && q.get('gpos') === document.getElementById('graphs-position').value; }"
    )
    shared = page.url
    params = urllib.parse.parse_qs(urllib.parse.urlparse(shared).query)
    assert params["gboard"] == ["0>1,1>2"] and params.get("ggame", ["tokens"]) == ["tokens"]  # the default is left out
    position = page.locator("#graphs-position").input_value()
    page.goto(shared)
    expect(page.locator("#graphs-position")).to_have_value(position, timeout=LOAD_TIMEOUT)
    wait_nodes(page)
    assert node_count(page) == 3
    page.screenshot(path=str(ARTIFACTS / "graphs-tokens-1440.png"), full_page=True)
    watch.assert_clean()


def test_values_on_the_drawing_and_their_csv(page: Page, server_url: str, watch: PageWatch) -> None:
    board = "1>0,2>1,3>2,3>0,4>3,4>5,5>4,5>2,6>5,6>1,6>7,7>6"
    open_graphs(page, server_url, ggame="tokens", gboard=board, gpos="1,6")
    single = product_outcomes(parse_graph(board, directed=True).neighbours(), 1)
    classes = page.evaluate(f"() => {CY}.nodes().map(n => [n.data('vertex'), n.classes()[0] || ''])")
    assert {v: c for v, c in classes} == {v: single[(v,)] for v in range(8)}
    expect(page.locator("#graphs-outcome")).to_contain_text("W:")
    # A winning move button, then the computer's reply: the game goes on or ends, never a traceback.
    page.locator("#graphs-moves button", has_text="★").first.click()
    expect(page.locator("#graphs-log")).to_contain_text("A winning move")
    with page.expect_download() as info:
        page.locator("#graphs-values-export, [id='graphs-values-export']").first.click()
    download = info.value
    text = Path(download.path()).read_text()
    assert text.splitlines()[0] == "vertex,value,outcome" and len(text.splitlines()) == 9
    assert "inf{" in text and "∞" not in text  # docs/views.md: CSV files write inf{0,2}
    watch.assert_clean()


@pytest.mark.parametrize(
    ("game", "count"),
    [("snakes-and-adders", 21), ("fair-shares", 11)],
)
def test_boards_of_the_other_games(page: Page, server_url: str, watch: PageWatch, game: str, count: int) -> None:
    open_graphs(page, server_url, ggame=game)
    assert node_count(page) == count
    before = page.locator("#graphs-position").input_value()
    page.locator("#graphs-computer").click()
    expect(page.locator("#graphs-log")).to_contain_text("Computer:")
    assert page.locator("#graphs-position").input_value() != before
    # A preset from the menu.
    from dashboard.tabs.graphs.games import GAMES

    label, preset_board, _position = GAMES[game].presets[1]
    page.locator("#graphs-preset").click()
    page.get_by_role("option", name=label).click()
    expect(page.locator("#graphs-board")).to_have_value(preset_board)
    expect(page.locator("#graphs-log")).to_contain_text(label)
    watch.assert_clean()


def test_bad_input_and_a_phone(page: Page, server_url: str, watch: PageWatch) -> None:
    page.set_viewport_size({"width": 390, "height": 900})
    open_graphs(page, server_url, ggame="tokens")
    board = page.locator("#graphs-board")
    board.fill("0>1,1>x")
    board.press("Enter")
    expect(page.locator("#graphs-error")).to_contain_text("not an arc")  # the tokens game is on arcs (079b41b)
    board.fill("petersen")
    board.press("Enter")
    expect(page.locator("#graphs-error")).to_be_empty()
    page.wait_for_function(f"() => {CY}.nodes().length === 10")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, width
    page.screenshot(path=str(ARTIFACTS / "graphs-tokens-390.png"), full_page=True)
    watch.assert_clean()


def test_a_new_n_of_fair_shares_shows_its_outcome(page: Page, server_url: str, watch: PageWatch) -> None:
    """Issue 34: typing N = 11 under the position 2+2+2 gave "holds 6 almonds, not 11" and no outcome."""
    open_graphs(page, server_url, ggame="fair-shares", gboard="6", gpos="2+2+2")
    board = page.locator("#graphs-board")
    board.fill("11")
    board.press("Enter")
    expect(page.locator("#graphs-position")).to_have_value("11")
    expect(page.locator("#graphs-outcome")).to_contain_text(":")
    expect(page.locator("#graphs-error")).to_be_empty()
    expect(page.locator("#graphs-note")).to_contain_text("56 vertices")  # p(11) = 56 partitions, in the table
    watch.assert_clean()


def test_delete_a_vertex_stack_tokens_and_the_mode_in_the_address(
    page: Page, server_url: str, watch: PageWatch
) -> None:
    """Issue 34, item 7: Delete removes the chosen vertex; taps stack tokens and take them away; gmode= is kept."""
    open_graphs(page, server_url, ggame="tokens", gboard="0>1,1>2,2>0", gpos="0,2")
    # Each radio sits beside its label, on its line: not on a line of its own above the words.
    for option in page.locator("#graphs-mode label").all():
        radio = option.locator("input").bounding_box()
        words = option.get_by_text(option.inner_text().strip()).bounding_box()
        assert radio is not None and words is not None
        assert radio["x"] + radio["width"] <= words["x"] + 1, (radio, words)
        middle = radio["y"] + radio["height"] / 2
        assert words["y"] <= middle <= words["y"] + words["height"], (radio, words)
    # Edit: tap vertex 1, then Delete: it goes with its arcs and tokens, and 2 becomes 1.
    set_mode(page, "edit")
    page.wait_for_function("() => window.location.search.includes('gmode=edit')")
    tap_vertex(page, 1)
    expect(page.locator("#graphs-log")).to_contain_text("Vertex 1 chosen")
    page.keyboard.press("Delete")
    expect(page.locator("#graphs-board")).to_have_value("1>0")
    expect(page.locator("#graphs-position")).to_have_value("0,1")
    page.wait_for_function(f"() => {CY}.nodes().length === 2")
    # Backspace deletes too.
    answered(page)
    tap_vertex(page, 0)
    expect(page.locator("#graphs-log")).to_contain_text("Vertex 0 chosen")
    page.keyboard.press("Backspace")
    page.wait_for_function(f"() => {CY}.nodes().length === 1")
    expect(page.locator("#graphs-position")).to_have_value("0")
    # Tokens: each tap puts one more token on the vertex; the "take away" mode takes one.
    set_mode(page, "tokens")
    tap_vertex(page, 0)
    expect(page.locator("#graphs-position")).to_have_value("0,0")
    answered(page)  # the drawing is redrawn with the new token first (on a busy machine, after the box shows it)
    tap_vertex(page, 0)
    expect(page.locator("#graphs-position")).to_have_value("0,0,0")
    set_mode(page, "take")
    tap_vertex(page, 0)
    expect(page.locator("#graphs-position")).to_have_value("0,0")
    # The mode is in the address: opening it again shows the same mode (once the address holds the last tap too).
    page.wait_for_function(
        "() => { const q = new URLSearchParams(window.location.search);"
        " return q.get('gmode') === 'take' && q.get('gpos') === '0,0'; }"
    )
    page.goto(page.url)
    expect(page.locator("#graphs-mode input[value='take']")).to_be_checked(timeout=LOAD_TIMEOUT)
    expect(page.locator("#graphs-position")).to_have_value("0,0")
    page.screenshot(path=str(ARTIFACTS / "graphs-modes-1440.png"), full_page=True)
    watch.assert_clean()


# ---------------------------------------------------------------- the game tree (dashboard/gametree)

TREE = "document.getElementById('graphs-tree')._cyreg.cy"


def tree_axe_serious(page: Page) -> list[str]:
    """axe-core's critical and serious findings in the Game tree panel."""
    axe = pytest.importorskip("axe_playwright_python")
    page.evaluate((Path(axe.__file__).parent / "axe.min.js").read_text(encoding="utf-8"))
    return page.evaluate(
        """() => axe.run(document.getElementById('graphs-tree').closest('section'), {resultTypes: ['violations']})
            .then((r) => r.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
            .map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')))"""
    )


@pytest.mark.parametrize("width", [1440, 390])
@pytest.mark.parametrize("game", ["snakes-and-adders", "tokens"])
def test_the_game_tree_of_the_position(page: Page, server_url: str, watch: PageWatch, game: str, width: int) -> None:
    """The shared game tree draws for a game on a graph: readable, coloured by outcome, with a card and a depth."""
    from dashboard.gametree.geometry import FONT_PX
    from dashboard.style import COLOURS

    page.set_viewport_size({"width": width, "height": 900})
    open_graphs(page, server_url, ggame=game)
    page.locator("#graphs-tree").scroll_into_view_if_needed()
    ready = f"() => {{ try {{ return {TREE}.nodes().length > 1; }} catch (e) {{ return false; }} }}"
    page.wait_for_function(ready)
    expect(page.locator("#graphs-tree-note")).to_contain_text("positions to depth 2.")
    page.wait_for_timeout(400)  # the fit runs 60 ms after the canvas has its height
    zoom = page.evaluate(f"() => {TREE}.zoom()")
    assert 11 <= FONT_PX * zoom <= FONT_PX, zoom
    # The start is on the canvas, and each node is filled with its outcome's colour.
    facts = page.evaluate(
        f"""() => {{ const c = {TREE}; c.resize(); const p = c.getElementById('n').renderedPosition();
        return {{root: p.x >= 0 && p.x <= c.width() && p.y >= 0 && p.y <= c.height(),
                 fills: c.nodes().map(n => [n.data('outcome'), n.style('background-color')])}}; }}"""
    )
    assert facts["root"]
    for outcome, fill in facts["fills"]:
        r, g, b = (int(COLOURS[outcome][k : k + 2], 16) for k in (1, 3, 5))
        assert fill == f"rgb({r},{g},{b})", (outcome, fill)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    # A tap on a node shows its card under the tree, the whole position first.
    page.evaluate(
        f"""() => {{ const c = {TREE}; const p = c.nodes()[1].renderedPosition();
        window.scrollBy(0, c.container().getBoundingClientRect().top + p.y - 300); }}"""
    )
    where = f"""() => {{ const c = {TREE}; const n = c.nodes()[1];
        const box = c.container().getBoundingClientRect(), p = n.renderedPosition();
        return {{x: box.left + p.x, y: box.top + p.y, position: n.data('position')}}; }}"""
    # Click once the page rests: no callback running, and the node where it was 0.3 s before.
    expect(page.locator("[data-dash-is-loading=true]")).to_have_count(0)
    point = page.evaluate(where)
    for _ in range(20):
        page.wait_for_timeout(300)
        point, before = page.evaluate(where), point
        if point == before:
            break
    page.mouse.click(point["x"], point["y"])
    expect(page.locator("#graphs-tree-card")).to_contain_text(point["position"])
    assert not tree_axe_serious(page)
    page.screenshot(path=str(ARTIFACTS / f"graphs-tree-{game}-{width}.png"), full_page=True)
    # One move deeper: the slider's keyboard.
    count = page.evaluate(f"() => {TREE}.nodes().length")
    slider = page.locator("#graphs-tree-depth [role=slider]")
    slider.focus()
    slider.press("ArrowRight")
    expect(page.locator("#graphs-tree-note")).to_contain_text("positions to depth 3.")
    assert page.evaluate(f"() => {TREE}.nodes().length") >= count
    watch.assert_clean()
