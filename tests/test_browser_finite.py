"""Real-browser tests of the Finite games tab (octal games, Wythoff, Euclid, Chomp, Eraserhead, Magnetism, Spring Cleaning, Euclid on triples) at 1440 and 390 px.

Headless Debian Chromium via Playwright, the app served in-process (the
recipe of docs/browser-tests.md).  Expected values come from the sources
and the brute-force references of ``tests/naive_impartial.py``, not from
the dashboard's code.  Screenshots go to ``test-artifacts/``; ``-s`` prints
the measured times from a control change to the figure drawn.

Run: ``.venv/bin/python -m pytest tests/test_browser_finite.py -s``.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import re
import time
from pathlib import Path

import pytest

pytest.importorskip("playwright")
pytest.importorskip("pytest_playwright")

from browser_support import CHROMIUM
from naive_impartial import chomp_wins, euclid_wins, octal_grundy, wythoff_moves, wythoff_wins
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from dashboard.tabs.finite.views import pairs as pair_views

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
LOAD_TIMEOUT = 90_000
WAIT_TIMEOUT = 30_000

#: "The Independence Game": the one-heap P-positions of Rob's Dots (0.137) up to 100.
SOURCE_P_POSITIONS = [4, 8, 14, 20, 24, 28, 34, 38, 42, 54, 58, 62, 72, 76, 88, 92, 96]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}"),
]


class PageWatch:
    """Uncaught page errors and failed callback requests."""

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
    page.set_default_timeout(WAIT_TIMEOUT)
    return PageWatch(page)


#: The traces of a graph in the page, as plain arrays: plotly keeps a numpy array sent by the
#: server as ``{dtype, bdata, _inputArray}``, with the decoded values in ``_inputArray``.
TRACES_JS = """(id) => {
    const gd = document.querySelector('#' + id + ' .js-plotly-plot');
    if (!gd || !gd.data || !gd.data.length) return null;
    const plain = (v) => (v === undefined || v === null) ? null : Array.from(v._inputArray || v);
    return gd.data.map(t => ({type: t.type, name: t.name || '', x: plain(t.x), y: plain(t.y),
        z: t.z ? plain(t.z).map(row => Array.from(row)) : null}));
}"""


def graph_data(page: Page, graph_id: str) -> list:
    """The traces a graph holds in the page (:data:`TRACES_JS`)."""
    return page.evaluate(TRACES_JS, graph_id)


def wait_graph(page: Page, graph_id: str, test: str, arg=None) -> None:
    """Wait until a JS predicate on the graph's traces (``d``, as :data:`TRACES_JS` gives them) holds."""
    page.wait_for_function(
        f"""([id, arg]) => {{
            const d = ({TRACES_JS})(id);
            if (!d) return false;
            return {test};
        }}""",
        arg=[graph_id, arg],
        timeout=LOAD_TIMEOUT,
    )


def open_tab(page: Page, url: str, query: str, width: int = 1440) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(url + "?tab=finite" + query, timeout=LOAD_TIMEOUT)
    expect(page.locator("#finite-play-state p").first).to_be_visible(timeout=LOAD_TIMEOUT)


def no_horizontal_scroll(page: Page) -> None:
    scroll, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert scroll <= inner, f"the page is {scroll} px wide in a window of {inner} px"


def cell_point(page: Page, graph_id: str, a: int, b: int) -> tuple[float, float]:
    """Viewport coordinates of the data point (a, b) of a graph."""
    return tuple(
        page.evaluate(
            """([id, a, b]) => {
                const gd = document.querySelector('#' + id + ' .js-plotly-plot');
                const box = gd.getBoundingClientRect(), xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis;
                return [box.left + xa._offset + xa.d2p(a), box.top + ya._offset + ya.d2p(b)];
            }""",
            [graph_id, a, b],
        )
    )


def timed_change(page: Page, box_id: str, text: str, graph_id: str, test: str, arg=None) -> float:
    """Seconds from typing a value (Enter) to the graph drawn with it."""
    box = page.locator(f"#{box_id}")
    box.fill(text)
    start = time.perf_counter()
    box.press("Enter")
    wait_graph(page, graph_id, test, arg)
    return time.perf_counter() - start


# --------------------------------------------------------------------------
# octal games
# --------------------------------------------------------------------------


def test_octal_game_views_and_play(page: Page, server_url: str, watch: PageWatch) -> None:
    open_tab(page, server_url, "")
    # The Grundy sequence: the heaps of value 0 are the source's P-positions; the period is proved.
    wait_graph(page, "finite-grundy-graph", "d.length >= 2 && d[0].x.length === 201")
    zeros = [x for x in graph_data(page, "finite-grundy-graph")[1]["x"] if 0 < x <= 100]
    assert zeros == SOURCE_P_POSITIONS
    note = page.locator("#finite-grundy-note")
    expect(note).to_contain_text("Period 34, pre-period 52")
    expect(note).to_contain_text("Proved by the octal games periodicity theorem")
    # The equivalence classes: the source's "1, 2, 6, 7" have one value.
    expect(page.locator("#finite-classes-grid")).to_contain_text("1, 2, 6, 7, 21")
    # The grid of two-heap P-positions is drawn, 50 x 50 as the source's picture.
    wait_graph(page, "finite-pairs-graph", "d[0].type === 'heatmap' && d[0].z.length === 50")
    # A new N redraws the sequence; the time is printed as a figure, not asserted: a busy machine stretches it.
    seconds = timed_change(page, "finite-heaps-n", "300", "finite-grundy-graph", "d[0].x.length === 301")
    print(f"\nGrundy sequence redrawn for N = 300 in {seconds * 1000:.0f} ms")
    # The view's CSV: what it shows, heap by heap.
    with page.expect_download() as download_info:
        page.locator("#finite-csv-grundy").click()
    download = download_info.value
    assert download.suggested_filename == "octal-0.137-grundy-300.csv"
    lines = Path(download.path()).read_text(encoding="utf-8").splitlines()
    assert lines[0] == "n,value" and lines[1:] == [f"{h},{v}" for h, v in enumerate(octal_grundy((0, 1, 3, 7), 300))]
    # Play: the heaps' values and their nim sum; a winning move (★), then the computer's answer.
    g = octal_grundy((0, 1, 3, 7), 20)
    state = page.locator("#finite-play-state")
    expect(state).to_contain_text(f"Grundy value {g[5] ^ g[7] ^ g[9]}")
    expect(state).to_contain_text("nim sum (XOR)")
    start = time.perf_counter()
    page.locator("#finite-play-moves button", has_text="★").first.click()
    log = page.locator("#finite-play-log")
    expect(log).to_contain_text("A winning move.")
    expect(log).to_contain_text("Computer:")
    # The computer moved from a position of value 0, so every move it had gives the win back to you.
    expect(page.locator("#finite-play-state")).to_contain_text("W: the player to move wins")
    print(
        f"\na move, the computer's answer and the new position drawn in {(time.perf_counter() - start) * 1000:.0f} ms"
    )
    heaps = [int(h) for h in page.locator("#finite-position").input_value().split("+") if h != "0"]
    # The address takes the position once the page has accepted it (the play view's answer, just drawn).
    page.wait_for_function("() => window.location.search.includes('fpos=')")
    assert len(heaps) >= 1 and page.evaluate("window.location.search").count("fpos=") == 1
    page.screenshot(path=str(ARTIFACTS / "finite-octal-play-1440.png"), full_page=True)
    watch.assert_clean()


# --------------------------------------------------------------------------
# Wythoff's and Euclid's games
# --------------------------------------------------------------------------


def test_the_sieve_buttons_are_off_where_there_is_no_step_to_go_to(page: Page, server_url: str) -> None:
    # At step 1 "previous" has no step to go to, at the last step "next": each is off there, never a press that
    # does nothing; on at every other step.
    last = pair_views.SIEVE_STEPS
    prev, following = page.locator("#finite-sieve-prev"), page.locator("#finite-sieve-next")
    for width in (1440, 390):
        open_tab(page, server_url, "&fgame=wythoff", width)
        expect(page.locator("#finite-sieve-view")).to_contain_text("Step 1", timeout=LOAD_TIMEOUT)
        expect(prev).to_be_disabled()
        expect(following).to_be_enabled()
        following.click()
        expect(page.locator("#finite-sieve-view")).to_contain_text("Step 2")
        expect(prev).to_be_enabled()
        prev.click()
        expect(page.locator("#finite-sieve-view")).to_contain_text("Step 1")
        expect(prev).to_be_disabled()
    page.goto(server_url + f"?game=wythoff&fstep={last}", timeout=LOAD_TIMEOUT)
    expect(page.locator("#finite-sieve-view")).to_contain_text(f"Step {last}", timeout=LOAD_TIMEOUT)
    expect(following).to_be_disabled()
    expect(prev).to_be_enabled()
    prev.click()
    expect(page.locator("#finite-sieve-view")).to_contain_text(f"Step {last - 1}")
    expect(following).to_be_enabled()


def test_wythoff_hover_shows_the_moves_and_the_sieve_steps(page: Page, server_url: str, watch: PageWatch) -> None:
    open_tab(page, server_url, "&fgame=wythoff")
    wait_graph(page, "finite-plane-graph", "d[0].type === 'heatmap' && d[0].z.length === 30")
    names = [t["name"] for t in graph_data(page, "finite-plane-graph")]
    assert "b = φ a" in names and "b = a / φ" in names
    # Hover the pair (6, 4): its legal moves are highlighted and its winning moves listed.
    page.locator("#finite-plane-graph").scroll_into_view_if_needed()
    moves = page.locator("#finite-plane-moves")
    for attempt in range(3):
        # Onto the plot first (another pair), then onto (6, 4).  On a loaded machine plotly may drop a hover
        # that follows another within its throttle, so the pointer goes away and back until (6, 4) is shown.
        x, y = cell_point(page, "finite-plane-graph", 6, 4)
        page.mouse.move(x + 60, y + 40)
        page.wait_for_timeout(300)
        start = time.perf_counter()
        page.mouse.move(x, y)
        page.wait_for_timeout(150)
        page.mouse.move(x + 1, y + 1)  # a second event inside the same cell, after plotly's hover throttle
        try:
            expect(moves).to_contain_text("(6, 4): W, 14 moves", timeout=10_000)
            break
        except AssertionError:
            if attempt == 2:
                raise
    wait_graph(page, "finite-plane-graph", "d[3].x.length === 14")
    print(f"\nhovered pair's moves drawn in {(time.perf_counter() - start) * 1000:.0f} ms")
    trace = graph_data(page, "finite-plane-graph")[3]
    assert set(zip(trace["x"], trace["y"], strict=True)) == wythoff_moves(6, 4)
    winners = {(a, b) for a, b in wythoff_moves(6, 4) if not wythoff_wins(a, b)}
    for a, b in winners:
        expect(moves).to_contain_text(f"{a},{b}")
    # The sieve, step by step: next twice gives step 3, a(3) = 4 and b(3) = 7.
    page.locator("#finite-sieve-next").click()
    page.locator("#finite-sieve-next").click()
    view = page.locator("#finite-sieve-view")
    expect(view).to_contain_text("Step 3")
    expect(view).to_contain_text("a(3) = 4")
    expect(view).to_contain_text("b(3) = 7")
    expect(page).to_have_url(re.compile(r"fstep=3"))
    # The keyboard moves the step too (the slider's thumb).
    thumb = page.locator("#finite-sieve-step [role=slider]")
    thumb.focus()
    thumb.press("ArrowRight")
    expect(view).to_contain_text("Step 4")
    # The tree: click a node to play from it.
    page.wait_for_function(
        "() => { const el = document.getElementById('finite-tree'); "
        "return !!(el && el._cyreg && el._cyreg.cy && el._cyreg.cy.nodes().length > 5); }",
        timeout=LOAD_TIMEOUT,
    )
    page.locator("#finite-tree").scroll_into_view_if_needed()
    target = page.evaluate(
        """() => {
            const el = document.getElementById('finite-tree'), cy = el._cyreg.cy;
            // The canvas keeps labels readable (its zoom limits), so a wide tree is wider than the canvas:
            // bring the child to the canvas's middle and the canvas to the window's middle before clicking.
            el.scrollIntoView({block: 'center'});
            cy.resize();
            const node = cy.nodes()[1];
            cy.center(node);
            const box = cy.container().getBoundingClientRect(), p = node.renderedPosition();
            return {x: box.left + p.x, y: box.top + p.y, position: node.data('position')};
        }"""
    )
    page.mouse.click(target["x"], target["y"])
    expect(page.locator("#finite-position")).to_have_value(target["position"])
    expect(page.locator("#finite-play-log")).to_contain_text("a node of the tree")
    page.screenshot(path=str(ARTIFACTS / "finite-wythoff-hover-1440.png"), full_page=True)
    watch.assert_clean()


def test_euclid_quadrant_and_a_computer_move(page: Page, server_url: str, watch: PageWatch) -> None:
    open_tab(page, server_url, "&fgame=euclid")
    wait_graph(page, "finite-plane-graph", "d[0].type === 'heatmap' && d[0].z.length === 30")
    z = graph_data(page, "finite-plane-graph")[0]["z"]
    for a in range(30):
        for b in range(30):
            assert bool(z[b][a]) == euclid_wins(a, b)
    # A larger side redraws the quadrant (the time printed as a figure, not asserted).
    seconds = timed_change(page, "finite-plane-size", "60", "finite-plane-graph", "d[0].z && d[0].z.length === 60")
    print(f"\nEuclid quadrant redrawn for S = 60 in {seconds * 1000:.0f} ms")
    # The computer moves from the start (5,8), an L pair (8/5 < φ): its only move.
    page.locator("#finite-play-computer").click()
    expect(page.locator("#finite-play-log")).to_contain_text("Computer:")
    expect(page.locator("#finite-position")).to_have_value("5,3")
    # Now you win: 5/3 > φ; the winning move is marked and the computer is left an L pair.
    page.locator("#finite-play-reply input").uncheck()
    page.locator("#finite-play-moves button", has_text="★").first.click()
    expect(page.locator("#finite-play-log")).to_contain_text("A winning move.")
    a, b = map(int, page.locator("#finite-position").input_value().split(","))
    assert not euclid_wins(a, b)
    watch.assert_clean()


# --------------------------------------------------------------------------
# Chomp
# --------------------------------------------------------------------------


def test_chomp_bars_square_and_play_by_click_and_keyboard(page: Page, server_url: str, watch: PageWatch) -> None:
    open_tab(page, server_url, "&fgame=chomp-2x6&fcols=6")
    expect(page.locator("#finite-bars-view .bar-pic")).to_have_count(132, timeout=LOAD_TIMEOUT)
    expect(page.locator("#finite-bars-note")).to_contain_text("132 losing bars")
    wait_graph(page, "finite-square-graph", "d[0].type === 'image'")
    expect(page.locator("#finite-square-note")).to_contain_text("132 losing bars")
    # Play on the bar: eat the piece at row 2, column 4 by a click ...
    page.locator("#finite-play-reply input").uncheck()
    page.locator("#finite-play-moves button[title^='eat row 2, column 4']").click()
    expect(page.locator("#finite-position")).to_have_value("######/###...")
    expect(page.locator("#finite-play-log")).to_contain_text("You: eat row 2, column 4")
    # ... then, with the computer replying, one by the keyboard: Tab reaches the pieces, Enter eats.
    page.locator("#finite-play-reply input").check()
    piece = page.locator("#finite-play-moves button[title^='eat row 1, column 6']")
    piece.focus()
    page.keyboard.press("Enter")
    log = page.locator("#finite-play-log")
    expect(log).to_contain_text("You: eat row 1, column 6")
    expect(log).to_contain_text("Computer:")
    text = page.locator("#finite-position").input_value()
    bar = frozenset((r, c) for r, line in enumerate(text.split("/")) for c, ch in enumerate(line) if ch == "#")
    if "you win" not in log.inner_text():
        # ######/### minus (1,6) is #####./###...: a win for the mover, so the computer left a loss.
        assert not chomp_wins(bar)
    page.screenshot(path=str(ARTIFACTS / "finite-chomp-play-1440.png"), full_page=True)
    watch.assert_clean()


def test_eraserhead_drawn_played_by_taps_and_its_lost_triples_in_3d(
    page: Page, server_url: str, watch: PageWatch
) -> None:
    from naive_graphs import eraserhead_grundy, eraserhead_state, path_edges

    open_tab(page, server_url, "&fgame=eraserhead&fpos=cycle-9:0,2,4&flostn=9")
    cy = "document.getElementById('finite-graph-drawing')._cyreg.cy"
    page.wait_for_function(f"() => {{ try {{ return {cy}.nodes().length === 9; }} catch (e) {{ return false; }} }}")
    page.locator("#finite-play-reply input").uncheck()

    def tap(vertex: int) -> None:
        # Once the last answer is drawn and the vertex has stood still for a frame (the page may still be
        # drawing a panel below, components.lazy), so the click lands on it on a busy machine too.
        page.wait_for_load_state("networkidle")
        page.locator("#finite-graph-drawing").scroll_into_view_if_needed()
        x, y = page.evaluate(
            f"""() => new Promise((resolve) => {{
            const where = () => {{
                const c = {cy}; c.resize();
                const box = c.container().getBoundingClientRect();
                const p = c.getElementById('v{vertex}').renderedPosition();
                return [box.left + p.x, box.top + p.y];
            }};
            let last = where();
            const check = () => {{
                const now = where();
                if (now[0] === last[0] && now[1] === last[1]) {{ resolve(now); return; }}
                last = now;
                requestAnimationFrame(check);
            }};
            requestAnimationFrame(check);
        }})"""
        )
        page.mouse.click(x, y)

    tap(0)
    expect(page.locator("#finite-play-log")).to_contain_text("Eraser 0 chosen")
    tap(8)
    expect(page.locator("#finite-play-log")).to_contain_text("You: eraser 0 → 8")
    expect(page.locator("#finite-position")).to_have_value("path-9:2,4,8")  # the cycle without 0-8 is a path
    page.wait_for_function(f"() => {cy}.edges().length === 8")
    # The lost triples of a path of 9 as cubes, each in every order: six points per lost triple.
    lost = [
        t for t in itertools.combinations(range(9), 3) if eraserhead_grundy(eraserhead_state(path_edges(9), t)) == 0
    ]
    wait_graph(
        page, "finite-lost-graph", "d.length === 2 && d[0].type === 'mesh3d' && d[1].x.length === arg", 6 * len(lost)
    )
    expect(page.locator("#finite-lost-note")).to_contain_text(f"{len(lost)} of the 84 positions")
    page.screenshot(path=str(ARTIFACTS / "finite-eraserhead-1440.png"), full_page=True)
    watch.assert_clean()


def test_sums_tab_plays_heaps_of_an_octal_game(page: Page, server_url: str, watch: PageWatch) -> None:
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(server_url + "?tab=sums&srule=octal-0.137&heaps=50", timeout=LOAD_TIMEOUT)
    result = page.locator("#sums-result")
    # "A 50 dot game ... has a G-value of 5": a win for the player to move.
    g = octal_grundy((0, 1, 3, 7), 50)
    assert g[50] == 5
    expect(result).to_contain_text("W for the player to move", timeout=LOAD_TIMEOUT)
    expect(result).to_contain_text("Grundy value")
    # "... we take the eighth dot from the left end ... that leaves 6 on the left, and 41 on the right".
    page.locator("#sums-reply input").uncheck()
    page.locator("#sums-moves button", has_text="take 3 from 50 → 6+41").click()
    expect(page.locator("#sums-heaps")).to_have_value("6,41")
    expect(result).to_contain_text("L for the player to move")
    assert g[6] == g[41] == 1
    # The loopy games are still there, with their own values.
    page.goto(server_url + "?tab=sums&heaps=1,5", timeout=LOAD_TIMEOUT)
    expect(result).to_contain_text("∞{0}", timeout=LOAD_TIMEOUT)
    watch.assert_clean()


# --------------------------------------------------------------------------
# bad input, the address, phones
# --------------------------------------------------------------------------


def test_bad_input_gives_messages_not_tracebacks(page: Page, server_url: str, watch: PageWatch) -> None:
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(server_url + "?tab=finite&fgame=octal-9.9&fheaps=-4", timeout=LOAD_TIMEOUT)
    notice = page.locator("#url-notice")
    expect(notice).to_contain_text("fgame=octal-9.9")
    expect(notice).to_contain_text("fheaps=-4")
    expect(page.locator("#finite-play-state p").first).to_be_visible(timeout=LOAD_TIMEOUT)
    other = page.locator("#game-typed")
    for name, words in [("octal-0.8", "octal code"), ("chomp-5x6", "at most 24 pieces"), ("<b>x</b>", "no game")]:
        other.fill(name)
        other.press("Enter")
        expect(page.locator("#game-menu-error")).to_contain_text(words)
    box = page.locator("#finite-heaps-n")
    box.fill("banana")
    box.press("Enter")
    expect(page.locator("#finite-grundy-error")).to_contain_text("whole number")
    expect(box).to_have_attribute("aria-invalid", "true")
    position = page.locator("#finite-position")
    position.fill("5+x")
    position.press("Enter")
    expect(page.locator("#finite-play-error")).to_contain_text("you typed '5+x'")
    other.fill("wythoff")
    other.press("Enter")
    expect(page.locator("#page-title")).to_have_text("Wythoff's game explorer")
    expect(position).to_have_value("7,12")  # the new game's start, written when the game changed
    position.fill("3,-1")
    position.press("Enter")
    expect(page.locator("#finite-play-error")).to_contain_text("negative")
    assert "Traceback" not in page.content()
    watch.assert_clean()


@pytest.mark.parametrize("game", ["robs-dots", "wythoff", "chomp-3x4"])
def test_phone_and_desktop_layouts(page: Page, server_url: str, watch: PageWatch, game: str) -> None:
    open_tab(page, server_url, f"&fgame={game}", width=390)
    expect(page.locator("[data-dash-is-loading=true]")).to_have_count(0, timeout=LOAD_TIMEOUT)
    page.wait_for_timeout(500)
    no_horizontal_scroll(page)
    # On a phone the panels stack: each starts below the one before.
    tops = page.evaluate(
        "Array.from(document.querySelectorAll('#tab-finite .panel')).filter(p => p.offsetParent)"
        ".map(p => Math.round(p.getBoundingClientRect().top))"
    )
    assert tops == sorted(tops) and len(set(tops)) == len(tops)
    page.screenshot(path=str(ARTIFACTS / f"finite-{game}-390.png"), full_page=True)
    page.set_viewport_size({"width": 1440, "height": 900})
    page.wait_for_timeout(500)
    no_horizontal_scroll(page)
    # At 1440 px the play and tree panels sit side by side.
    play, tree = page.evaluate(
        "Array.from(document.querySelectorAll('#tab-finite .panel')).slice(-2)"
        ".map(p => [Math.round(p.getBoundingClientRect().top), Math.round(p.getBoundingClientRect().left)])"
    )
    assert play[0] == tree[0] and tree[1] > play[1]
    page.screenshot(path=str(ARTIFACTS / f"finite-{game}-1440.png"), full_page=True)
    watch.assert_clean()


@pytest.mark.parametrize(("game", "position", "width"), [("wythoff", "7,12", 390), ("euclid", "5,8", 1440)])
def test_tree_labels_are_readable(page: Page, server_url: str, watch: PageWatch, game, position, width) -> None:
    """Labels of 13 px (every tree's) are drawn at 11 to 13 px: a wide Wythoff tree on a phone, a short Euclid chain."""
    from dashboard.gametree.geometry import FONT_PX

    open_tab(page, server_url, f"&fgame={game}&fpos={position}&fdepth=2", width=width)
    cy = "document.getElementById('finite-tree')._cyreg.cy"
    page.wait_for_function(f"() => {{ try {{ return {cy}.nodes().length > 2; }} catch (e) {{ return false; }} }}")
    page.wait_for_timeout(400)  # the fit runs 60 ms after the canvas has its height
    zoom = page.evaluate(f"() => {cy}.zoom()")
    assert 11 <= FONT_PX * zoom <= FONT_PX, zoom
    # The root is on the canvas: a tree wider than the canvas starts at its root.
    inside = page.evaluate(
        f"""() => {{ const c = {cy}; const p = c.nodes('.root').renderedPosition();
        return p.x >= 0 && p.x <= c.width() && p.y >= 0 && p.y <= c.height(); }}"""
    )
    assert inside


# --------------------------------------------------------------------------
# Magnetism, Spring Cleaning, Euclid's game on triples
# --------------------------------------------------------------------------

#: The points of the 3-D traces of a graph: ``[[x, y, z], ...]`` per trace (typed arrays decoded).
POINTS_JS = """(id) => {
    const gd = document.querySelector('#' + id + ' .js-plotly-plot');
    if (!gd || !gd.data || !gd.data.length) return null;
    const plain = (v) => (v === undefined || v === null) ? [] : Array.from(v._inputArray || v);
    return gd.data.map(t => { const x = plain(t.x), y = plain(t.y), z = plain(t.z);
        return x.map((v, i) => [v, y[i], z[i]]); });
}"""


def download_lines(page: Page, button_id: str, file_name: str) -> list[str]:
    """Press a "Download CSV" button and read the file it gives."""
    with page.expect_download() as info:
        page.locator(f"#{button_id}").click()
    assert info.value.suggested_filename == file_name
    return Path(info.value.path()).read_text(encoding="utf-8").splitlines()


def phone_check(page: Page, name: str) -> None:
    """At 390 px: nothing wider than the window; a screenshot for the eye."""
    page.set_viewport_size({"width": 390, "height": 900})
    page.wait_for_timeout(700)
    # The graphs follow the window in a resize of their own, which a loaded machine delays; if the page
    # stays wide, the assertion below says how wide.
    with contextlib.suppress(PlaywrightTimeoutError):
        page.wait_for_function("document.documentElement.scrollWidth <= window.innerWidth", timeout=10_000)
    no_horizontal_scroll(page)
    page.screenshot(path=str(ARTIFACTS / f"finite-{name}-390.png"), full_page=True)


def test_magnetism_strip_and_sequences(page: Page, server_url: str, watch: PageWatch) -> None:
    from naive_impartial import magnetism_moves, make_reference

    grundy, _wins, _ = make_reference(magnetism_moves)
    open_tab(page, server_url, "&fgame=magnetism&fmagn=7")
    wait_graph(page, "finite-magnetism-graph", "d.length === 5 && d[0].x.length === 8")
    traces = graph_data(page, "finite-magnetism-graph")
    strips = {"G(n)": "{}", "G+(n)": "+{}", "G++(n)": "+{}+", "G+−(n)": "+{}-"}
    for trace in traces[:4]:
        for n, value in enumerate(trace["y"]):
            if trace["name"] == "G++(n)" and n == 0:
                assert value is None
            else:
                assert value == grundy(strips[trace["name"]].format("." * n)), (trace["name"], n)
    expect(page.locator("#finite-magnetism-note")).to_contain_text("All 27 printed entries agree")
    lines = download_lines(page, "finite-csv-magnetism-sequences", "magnetism-sequences-7.csv")
    assert lines[0].startswith("n,G,G+,G++,G+-") and len(lines) == 9
    assert [int(line.split(",")[2]) for line in lines[1:]] == [grundy("+" + "." * n) for n in range(8)]
    # The strip: the start +...-.. has value 2, its parts G+−(3) and G+(2); a winning sign (★) is pressed.
    state = page.locator("#finite-play-state")
    expect(state).to_contain_text(f"Grundy value {grundy('+...-..')}")
    expect(state).to_contain_text("G+−(3)")
    page.locator("#finite-play-reply input").uncheck()
    buttons = page.locator("#finite-play-moves .magnetism-move:not([disabled])")
    assert buttons.count() == len(magnetism_moves("+...-.."))
    page.locator("#finite-play-moves .magnetism-winning").first.click()
    expect(page.locator("#finite-play-log")).to_contain_text("A winning move.")
    strip = page.locator("#finite-position").input_value()
    assert strip in magnetism_moves("+...-..") and grundy(strip) == 0
    expect(state).to_contain_text("Grundy value 0")
    page.screenshot(path=str(ARTIFACTS / "finite-magnetism-1440.png"), full_page=True)
    phone_check(page, "magnetism")
    watch.assert_clean()


def test_spring_cleaning_grid_l_table_and_zigzags(page: Page, server_url: str, watch: PageWatch) -> None:
    from naive_impartial import couples_are_forever_values, grid_cells, make_reference, spring_cleaning_moves

    grundy, wins, _ = make_reference(spring_cleaning_moves)
    open_tab(page, server_url, "&fgame=spring-cleaning")
    status = page.locator("#finite-grid-status")
    expect(status).to_contain_text("Grundy value 1")  # the (5,3)-L: "The nimber of this position is 1"
    # Add dirt by a tap: the grid and the position follow.
    page.locator("#finite-grid-view button[aria-label^='row 3, column 2:']").click()
    expect(page.locator("#finite-position")).to_have_value("#####/#..../##...")
    expect(status).to_contain_text(f"Grundy value {grundy(grid_cells('#####/#..../##...'))}")
    # Sweep: a tap on a winning sweep (★) leaves an L position, by the brute force.
    page.locator("#finite-grid-mode label", has_text="sweeps").click()
    page.locator("#finite-play-reply input").uncheck()
    # The first is the bar of row 1; ringed pieces lie above it and column 1's bar crosses its left end, so it is
    # tapped where it shows, between columns 1 and 2 (half a square of 34 px and half a link of 14 px from its end).
    page.locator("#finite-grid-view .sc-winning").first.click(position={"x": 24, "y": 5})
    expect(page.locator("#finite-play-log")).to_contain_text("A winning move.")
    left = page.locator("#finite-position").input_value()
    assert grid_cells(left) in spring_cleaning_moves(grid_cells("#####/#..../##...")) and not wins(grid_cells(left))
    lines = download_lines(page, "finite-csv-sweeps", "spring-cleaning-sweeps.csv")
    assert len(lines) == 1 + len(spring_cleaning_moves(grid_cells(left)))
    # The L table: the source's 4 at (2,4) is marked beside the computed 3.
    expect(page.locator("#finite-lshape-tables .finite-differs")).to_have_count(1)
    expect(page.locator("#finite-lshape-tables .finite-differs")).to_contain_text("3 (source 4)")
    expect(page.locator("#finite-lshape-note")).to_contain_text("(2,4): the source prints 4, the computation gives 3")
    lines = download_lines(page, "finite-csv-l-shapes", "spring-cleaning-l-shapes-6.csv")
    assert "2,4,3,4,False" in lines and grundy(grid_cells("##/#./#./#.")) == 3  # the (2,4)-L
    # The zigzags beside Couples are Forever: the printed row is Couples are Forever on piles of n.
    expect(page.locator("#finite-zigzag-note")).to_contain_text("Couples are Forever's own sequence")
    expect(page.locator("#finite-zigzag-table .bar-pic")).to_have_count(15)
    couples = couples_are_forever_values(17)
    lines = download_lines(page, "finite-csv-zigzags", "spring-cleaning-zigzags-15.csv")
    assert [int(line.split(",")[2]) for line in lines[1:]] == couples[3:18]
    assert [int(line.split(",")[4]) for line in lines[1:]] == couples[1:16]
    page.screenshot(path=str(ARTIFACTS / "finite-spring-cleaning-1440.png"), full_page=True)
    phone_check(page, "spring-cleaning")
    watch.assert_clean()


def test_euclid3_octant_in_3d_and_a_slice(page: Page, server_url: str, watch: PageWatch) -> None:
    from naive_impartial import euclid3_moves, euclid_wins, make_reference

    from solver.impartial import euclid3_outcomes

    _grundy, wins, _ = make_reference(euclid3_moves)
    open_tab(page, server_url, "&fgame=euclid3&foct=9")
    lost = [t for t in itertools.product(range(9), repeat=3) if not wins(t)]
    wait_graph(page, "finite-octant-graph", "d[0].type === 'scatter3d' && d[0].x.length === arg", len(lost))
    points = page.evaluate(POINTS_JS, "finite-octant-graph")
    assert sorted(tuple(p) for p in points[0]) == lost and len(points[1]) == 9**3 - len(lost)
    wait_graph(page, "finite-slice-graph", "d[0].type === 'heatmap' && d[0].z.length === 9")
    z = graph_data(page, "finite-slice-graph")[0]["z"]
    assert all(bool(z[b][a]) == euclid_wins(a, b) for a in range(9) for b in range(9))  # c = 0: pairs
    # The source's side 20, then 60 (every L triple, an even sample of the W); the times printed, not asserted.
    for side in (20, 60):
        count = int((euclid3_outcomes(side) == 0).sum())
        test = "d[0].x.length === arg && d[1].x.length <= 6000"
        seconds = timed_change(page, "finite-octant-size", str(side), "finite-octant-graph", test, count)
        print(f"\noctant of side {side} ({count:,} L triples) drawn in {seconds * 1000:.0f} ms")
    expect(page.locator("#finite-octant-note")).to_contain_text("an even sample of 6,000")
    lines = download_lines(page, "finite-csv-octant", "euclid3-octant-60.csv")
    assert lines[0] == "a,b,c,outcome" and len(lines) == 1 + 60**3
    for line in lines[1 : 60**3 : 7919]:
        a, b, c, outcome = line.split(",")
        assert (outcome == "W") == wins((int(a), int(b), int(c)))
    lines = download_lines(page, "finite-csv-octant-slice", "euclid3-slice-c0-60.csv")
    assert len(lines) == 1 + 3600
    page.screenshot(path=str(ARTIFACTS / "finite-euclid3-1440.png"), full_page=True)
    phone_check(page, "euclid3")
    watch.assert_clean()


def _gates_asked(requests: list[str]) -> list[str]:
    """The view gates (``finite-gate-*``) that triggered the callback requests (their bodies' changed props)."""
    import json

    gates = []
    for body in requests:
        for prop in json.loads(body).get("changedPropIds", []):
            if prop.startswith("finite-gate-"):
                gates.append(prop.removesuffix(".data"))
    return gates


def _triggers(requests: list[str], test) -> list[str]:
    """The changed props (``changedPropIds``) of the callback requests for which ``test(prop)`` holds."""
    import json

    return [prop for body in requests for prop in json.loads(body).get("changedPropIds", []) if test(prop)]


def test_only_the_chosen_games_views_ask_the_server(page: Page, server_url: str, watch: PageWatch) -> None:
    from dashboard.tabs.finite.views import VIEWS, gate_id
    from solver import impartial_game

    requests: list[str] = []
    page.on(
        "request",
        lambda r: requests.append(r.post_data) if "_dash-update-component" in r.url and r.post_data else None,
    )
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(server_url, timeout=LOAD_TIMEOUT)
    page.locator("#summary-count-W").wait_for(timeout=LOAD_TIMEOUT)
    # The tab's first opening: the default game's views (Rob's Dots: its Grundy values and its pairs) ask once
    # each; no view of another game sends a request.
    requests.clear()
    typed = page.locator("#game-typed")
    typed.fill("octal-0.137")
    typed.press("Enter")
    wait_graph(page, "finite-pairs-graph", "d[0].type === 'heatmap'")
    wait_graph(page, "finite-grundy-graph", "d.length >= 2")
    page.wait_for_timeout(500)
    default = impartial_game("octal-0.137")
    shown = {gate_id(key) for key in default.views if key in VIEWS}
    asked = _gates_asked(requests)
    assert shown and sorted(asked) == sorted(shown), asked
    # The Play panel's move buttons, drawn with the position, sent nothing; a press sends one request.
    assert not _triggers(requests, lambda prop: '"finite-move"' in prop)
    requests.clear()
    page.locator("#finite-play-moves button", has_text="★").first.click()
    expect(page.locator("#finite-play-log")).to_contain_text("A winning move.")
    expect(page.locator("#finite-play-log")).to_contain_text("Computer:")
    page.wait_for_timeout(500)
    assert _triggers(requests, lambda prop: prop.startswith("finite-move-click")) == ["finite-move-click.data"]
    assert not _triggers(requests, lambda prop: '"finite-move"' in prop)
    # Another game: only its views ask (Wythoff's: the plane of pairs and the sieve).
    requests.clear()
    other = page.locator("#game-typed")
    other.fill("wythoff")
    other.press("Enter")
    wait_graph(page, "finite-plane-graph", "d.length >= 1")
    page.wait_for_timeout(500)
    wythoff = {gate_id(key) for key in impartial_game("wythoff").views if key in VIEWS}
    asked = _gates_asked(requests)
    assert asked and set(asked) <= wythoff, asked
    assert set(asked) == wythoff
    watch.assert_clean()


#: What of each view the page has built: per view's container, the elements its panels hold
#: (``views.mount_id``'s holder draws them only while mounted), and its plotly graphs and cytoscape canvases.
BUILT_JS = """(keys) => {
    const built = {};
    for (const key of keys) {
        const box = document.getElementById('finite-view-' + key);
        built[key] = box ? box.querySelectorAll('section, .js-plotly-plot, canvas').length : -1;
    }
    return built;
}"""


def _built_views(page: Page) -> set[str]:
    from dashboard.tabs.finite.views import VIEWS

    built = page.evaluate(BUILT_JS, list(VIEWS))
    assert -1 not in built.values(), built  # every view's container is in the page
    return {key for key, count in built.items() if count}


def test_only_the_chosen_games_views_are_built_and_work_after_switching(
    page: Page, server_url: str, watch: PageWatch
) -> None:
    from solver import impartial_game

    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    open_tab(page, server_url, "")
    wait_graph(page, "finite-grundy-graph", "d.length >= 2 && d[0].x.length === 201")
    # Rob's Dots: its two views are built, no other view's graph, grid or canvas is in the page.
    octal = set(impartial_game("octal-0.137").views)
    assert _built_views(page) == octal
    # The pairs' graph, below the first screen, is drawn after the first view (components.lazy).
    wait_graph(page, "finite-pairs-graph", "d[0].type === 'heatmap' && d[0].z.length === 50")
    assert page.locator(".finite-views .js-plotly-plot").count() == 2
    other = page.locator("#game-typed")
    # Wythoff's game: its views are built and Rob's Dots' are gone from the page.
    other.fill("wythoff")
    other.press("Enter")
    wait_graph(page, "finite-plane-graph", "d[0].type === 'heatmap' && d[0].z.length === 30")
    assert _built_views(page) == set(impartial_game("wythoff").views)
    expect(page.locator("#finite-grundy-graph")).to_have_count(0)
    # Eraserhead: its graph is drawn with cytoscape when its view is built.
    other.fill("eraserhead")
    other.press("Enter")
    expect(page.locator("#finite-view-graph canvas").first).to_be_attached(timeout=LOAD_TIMEOUT)
    expect(page.locator("#finite-plane-graph")).to_have_count(0)
    assert _built_views(page) == set(impartial_game("eraserhead").views)
    # Back to Rob's Dots: its views are built again, drawn, follow their controls and download.
    other.fill("octal-0.137")
    other.press("Enter")
    wait_graph(page, "finite-pairs-graph", "d[0].type === 'heatmap' && d[0].z.length === 50")
    assert _built_views(page) == octal
    wait_graph(page, "finite-grundy-graph", "d.length >= 2 && d[0].x.length === 201")
    expect(page.locator("#finite-classes-grid")).to_contain_text("1, 2, 6, 7, 21")
    timed_change(page, "finite-heaps-n", "120", "finite-grundy-graph", "d[0].x.length === 121")
    lines = download_lines(page, "finite-csv-grundy", "octal-0.137-grundy-120.csv")
    assert lines[1:] == [f"{h},{v}" for h, v in enumerate(octal_grundy((0, 1, 3, 7), 120))]
    # The views' panels are cells of the views' grid, as without the holders: at 1440 px a wide panel spans
    # the grid, the others take one of its two columns.
    grid, cells = page.evaluate(
        """() => {
            const grid = document.querySelector('.finite-views');
            return [grid.getBoundingClientRect().width, Array.from(grid.querySelectorAll('section.panel')).map(
                s => [s.classList.contains('panel-wide'), s.getBoundingClientRect().width])];
        }"""
    )
    assert len(cells) == 3 and any(wide for wide, _ in cells) and not all(wide for wide, _ in cells), cells
    for wide, width in cells:
        assert (abs(width - grid) < 2) if wide else (0.4 * grid < width < 0.6 * grid), (grid, cells)
    # And Wythoff's again: the hovered pair's moves still show.
    other.fill("wythoff")
    other.press("Enter")
    wait_graph(page, "finite-plane-graph", "d[0].type === 'heatmap' && d[0].z.length === 30")
    page.locator("#finite-plane-graph").scroll_into_view_if_needed()
    moves = page.locator("#finite-plane-moves")
    for attempt in range(3):
        x, y = cell_point(page, "finite-plane-graph", 6, 4)
        page.mouse.move(x + 60, y + 40)
        page.wait_for_timeout(300)
        page.mouse.move(x, y)
        page.wait_for_timeout(150)
        page.mouse.move(x + 1, y + 1)
        try:
            expect(moves).to_contain_text("(6, 4): W, 14 moves", timeout=10_000)
            break
        except AssertionError:
            if attempt == 2:
                raise
    assert not [text for text in console if "nonexistent" in text or "ID not found" in text], console
    watch.assert_clean()


#: For each ringed lone piece of the Spring Cleaning grid: its label, and whether the element at its centre is it.
RINGS_JS = """() => Array.from(document.querySelectorAll('#finite-grid-view .sc-lone')).map(ring => {
    const box = ring.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return [ring.getAttribute('aria-label'), !!top && top.closest('button') === ring];
})"""
#: For each sweep bar: its label, and whether some point of its middle line is the bar itself (so it can be tapped).
BARS_JS = """() => Array.from(document.querySelectorAll('#finite-grid-view button.sc-bar')).map(bar => {
    const box = bar.getBoundingClientRect();
    let hit = false;
    for (let k = 1; k < 40 && !hit; k++) {
        const x = box.width > box.height ? box.left + box.width * k / 40 : box.left + box.width / 2;
        const y = box.width > box.height ? box.top + box.height / 2 : box.top + box.height * k / 40;
        const top = document.elementFromPoint(x, y);
        hit = !!top && top.closest('button') === bar;
    }
    return [bar.getAttribute('aria-label'), hit];
})"""


@pytest.mark.parametrize("width", [1440, 390])
def test_spring_cleaning_lone_pieces_are_tapped_on_their_rings(
    page: Page, server_url: str, watch: PageWatch, width: int
) -> None:
    """Sweep mode: every ringed lone piece is the top element at its centre (no bar over it), and a tap there sweeps it."""
    from naive_impartial import grid_cells, make_reference, spring_cleaning_moves

    _grundy, wins, _ = make_reference(spring_cleaning_moves)
    open_tab(page, server_url, "&fgame=spring-cleaning&fgmode=sweep", width=width)
    rings = page.locator("#finite-grid-view .sc-lone")
    expect(rings).to_have_count(6)  # (5,3)-L: four pieces of the top row alone in their columns, two of the left one
    page.locator("#finite-play-reply input").uncheck()
    page.locator("#finite-grid-view").scroll_into_view_if_needed()
    covered = [label for label, on_top in page.evaluate(RINGS_JS) if not on_top]
    assert not covered, f"covered rings: {covered}"
    hidden = [label for label, tappable in page.evaluate(BARS_JS) if not tappable]
    assert not hidden and page.locator("#finite-grid-view button.sc-bar").count() >= 1, f"bars not tappable: {hidden}"
    # The starred piece at row 1, column 2: a tap on its centre sweeps it alone, the source's winning move.
    star = page.locator("#finite-grid-view .sc-lone[aria-label*='row 1, column 2)']")
    expect(star).to_have_class(re.compile("sc-winning"))
    box = star.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(page.locator("#finite-play-log")).to_contain_text("A winning move.")
    expect(page.locator("#finite-position")).to_have_value("#.###/#..../#....")
    assert not wins(grid_cells("#.###/#..../#...."))
    watch.assert_clean()


@pytest.mark.parametrize("width", [1440, 390])
def test_spring_cleanings_tree_is_on_its_canvas_and_follows_the_depth(
    page: Page, server_url: str, watch: PageWatch, width: int
) -> None:
    """Issue 34: at depth 2 no node of Spring Cleaning's tree (4-line labels) lies below the canvas; depth 3 draws more."""
    open_tab(page, server_url, "&fgame=spring-cleaning&fdepth=2", width=width)
    cy = "document.getElementById('finite-tree')._cyreg.cy"
    count = f"() => {{ try {{ return {cy}.nodes().length; }} catch (e) {{ return 0; }} }}"
    page.wait_for_function(f"() => ({count})() === 40")
    page.wait_for_timeout(400)  # the fit runs 60 ms after the canvas has its height
    outside = page.evaluate(
        f"""() => {{ const c = {cy}; c.resize(); const h = c.height();
        return c.nodes().filter(n => {{ const b = n.renderedBoundingBox({{includeLabels: true}});
            return b.y1 < 0 || b.y2 > h; }}).map(n => n.data('position')); }}"""
    )
    assert not outside, f"nodes off the canvas's height: {outside}"
    expect(page.locator("#finite-tree-note")).to_contain_text("40 positions to depth 2.")
    slider = page.locator("#finite-tree-depth [role=slider]")
    slider.focus()
    slider.press("ArrowRight")
    page.wait_for_function(f"() => ({count})() > 40")
    expect(page.locator("#finite-tree-note")).to_contain_text("positions to depth 3.")
    watch.assert_clean()
