"""The Snakes-and-Adders board, the views' wording and their scrolling boxes, in a real browser.

At 390 and 1440 px: the board's squares are large enough to read and tap on
a phone, its ladders and snakes are drawn unlike links between neighbouring
squares; a position written inside a sentence is set apart from it, the
Magnetism log writes the minus sign of the buttons, a game that is over asks
for no move, the grey bands of the Couples are Forever chart are named; every
box that scrolls can be reached by the keyboard, is named and shows its
focus, and axe-core finds no serious or critical violation on those views.

Run: ``.venv/bin/python -m pytest tests/test_browser_view_polish.py``.
"""

from __future__ import annotations

import os
import urllib.parse
from pathlib import Path

import pytest

pytest.importorskip("playwright")
pytest.importorskip("pytest_playwright")
pytest.importorskip("axe_playwright_python")

import axe_playwright_python
from browser_support import CHROMIUM
from playwright.sync_api import Page, expect

LOAD_TIMEOUT = 60_000
WAIT_TIMEOUT = 30_000
#: A phone and a desktop.
WIDTHS = (390, 1440)

#: axe-core as the package ships it.
AXE_SCRIPT = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}"),
]

#: Resolves once the page's DOM has not changed for ``quiet`` ms (or after ``most`` ms whatever it does).
QUIET = """([quiet, most]) => new Promise((resolve) => {
    const done = () => { observer.disconnect(); clearTimeout(timer); clearTimeout(cap); resolve(); };
    const observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(done, quiet); });
    let timer = setTimeout(done, quiet);
    const cap = setTimeout(done, most);
    observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
})"""

#: Every element of the tab that scrolls its content (wider or taller than its box, overflow auto or scroll)
#: and holds nothing the keyboard reaches (a box of buttons is scrolled by tabbing through them).
SCROLLERS = """() => Array.from(document.querySelectorAll('#tab-finite *')).filter((el) => {
    const inner = 'button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])';
    if (el.querySelector(inner)) { return false; }
    const cs = getComputedStyle(el);
    const x = ['auto', 'scroll'].includes(cs.overflowX) && el.scrollWidth > el.clientWidth + 1;
    const y = ['auto', 'scroll'].includes(cs.overflowY) && el.scrollHeight > el.clientHeight + 1;
    return (x || y) && el.getClientRects().length > 0;
}).map((el) => {
    el.focus();
    const cs = getComputedStyle(el);
    return {
        html: el.outerHTML.slice(0, 100),
        tabIndex: el.tabIndex,
        role: el.getAttribute('role'),
        label: el.getAttribute('aria-label'),
        focused: document.activeElement === el,
        ring: cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2,
    };
})"""


def open_page(page: Page, url: str, width: int, ready: str) -> None:
    page.set_default_timeout(WAIT_TIMEOUT)
    page.set_viewport_size({"width": width, "height": 844 if width < 600 else 900})
    page.goto(url, timeout=LOAD_TIMEOUT)
    expect(page.locator(ready).first).to_be_visible(timeout=LOAD_TIMEOUT)
    expect(page.locator("[data-dash-is-loading=true]")).to_have_count(0, timeout=LOAD_TIMEOUT)
    page.evaluate(QUIET, [500, 10_000])


def serious_violations(page: Page) -> list[str]:
    page.evaluate(AXE_SCRIPT)
    found = page.evaluate(
        """() => axe.run(document, {resultTypes: ['violations']}).then((r) => r.violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => v.impact + ' ' + v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).slice(0, 5)))"""
    )
    return list(found)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize(
    ("game", "ready"),
    [
        ("magnetism", "#tab-finite .finite-seq-table"),
        ("spring-cleaning", "#finite-zigzag-table table"),
    ],
)
def test_every_scrolling_box_is_reached_named_and_passes_axe(
    page: Page, server_url: str, game: str, ready: str, width: int
) -> None:
    open_page(page, f"{server_url}?tab=finite&fgame={game}", width, ready)
    page.keyboard.press("Shift")  # the last input was the keyboard: focus is drawn as keyboard focus
    boxes = page.evaluate(SCROLLERS)
    if width == 390:
        assert boxes, "nothing scrolls at 390 px: the test would check nothing"
    for box in boxes:
        assert box["tabIndex"] == 0 and box["focused"], f"the keyboard cannot reach {box['html']}"
        assert box["role"] == "region" and box["label"], f"no name: {box['html']}"
        assert box["ring"], f"no focus ring on {box['html']}"
    bad = serious_violations(page)
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_log_writes_the_buttons_minus_and_sets_the_position_apart(page: Page, server_url: str, width: int) -> None:
    from solver import impartial_game

    game = impartial_game("magnetism")
    start = "+...-.."
    (text, child), *_ = [m for m in game.moves(game.parse(start)) if m[0].startswith("put - ")]
    square = int(text.rsplit(" ", 1)[1])
    open_page(
        page, f"{server_url}?tab=finite&fgame=magnetism&fpos={urllib.parse.quote(start)}", width, ".magnetism-strip"
    )
    page.locator("#finite-play-reply input").uncheck()
    page.get_by_role("button", name=f"put − on square {square}:").click()
    log = page.locator("#finite-play-log")
    # The sign the button shows, and the position left set apart from the sentence.
    expect(log).to_contain_text(f"You: put − on square {square}, leaving “{game.format(child)}”.", timeout=LOAD_TIMEOUT)


@pytest.mark.parametrize("width", WIDTHS)
def test_a_finished_eraserhead_game_asks_for_no_move(page: Page, server_url: str, width: int) -> None:
    from solver import impartial_game

    game = impartial_game("eraserhead")
    position = game.start()
    while game.moves(position):
        position = game.moves(position)[0][1]
    url = f"{server_url}?tab=finite&fgame=eraserhead&fpos={urllib.parse.quote(game.format(position))}"
    open_page(page, url, width, "#finite-graph-note")
    note = page.locator("#finite-graph-note")
    expect(note).to_contain_text("no move", timeout=LOAD_TIMEOUT)
    expect(note).to_contain_text("The game is over")
    expect(note).not_to_contain_text("Tap")


@pytest.mark.parametrize("width", WIDTHS)
def test_the_grey_bands_of_a_long_sequence_are_named(page: Page, server_url: str, width: int) -> None:
    url = f"{server_url}?tab=finite&fgame=couples-are-forever&fheaps=10000"
    open_page(page, url, width, "#finite-grundy-graph .main-svg")
    legend = page.locator("#finite-grundy-graph .legend .legendtext")
    expect(legend).to_have_count(1, timeout=LOAD_TIMEOUT)
    expect(legend).to_contain_text("range of G in bins of 3 heaps")


#: The Snakes-and-Adders drawing as the browser draws it: its squares' size and place, its edges' curves.
BOARD = """() => {
    const cy = document.getElementById('graphs-canvas')._cyreg.cy;
    const canvas = document.getElementById('graphs-canvas');
    const nodes = cy.nodes().map((n) => ({name: n.data('name'), box: n.renderedBoundingBox({includeLabels: false})}));
    const inside = (p, b) => p.x > b.x1 && p.x < b.x2 && p.y > b.y1 && p.y < b.y2;
    const arrows = cy.edges('.arrow').map((e) => ({
        id: e.id(),
        curve: e.style('curve-style'),
        colour: e.style('line-color'),
        // A square the arrow's middle runs through, other than its own two.
        crosses: nodes.filter((n) => n.name !== e.source().data('name') && n.name !== e.target().data('name')
            && inside(e.renderedMidpoint(), n.box)).map((n) => n.name),
    }));
    return {
        nodes: nodes.map((n) => ({name: n.name, x1: n.box.x1, x2: n.box.x2, w: n.box.w, h: n.box.h})),
        width: canvas.clientWidth,
        arrows: arrows,
        track: cy.edges('.track').map((e) => e.style('curve-style')),
    };
}"""


@pytest.mark.parametrize("width", WIDTHS)
def test_the_snakes_board_reads_and_taps_on_a_phone_and_its_arrows_are_curves(
    page: Page, server_url: str, width: int
) -> None:
    from solver.graphs.snakes import DEFAULT_SNAKES_BOARD

    open_page(page, f"{server_url}?tab=graphs&ggame=snakes-and-adders", width, "#graphs-outcome")
    drawn = page.evaluate(BOARD)
    squares = DEFAULT_SNAKES_BOARD.size + 1  # and HOME
    assert len(drawn["nodes"]) == squares
    # Every square at least 32 px (the label "HOME" widens its own), all on the canvas, which scrolls to them.
    small = [n for n in drawn["nodes"] if min(n["w"], n["h"]) < 32]
    assert not small, f"squares under 32 px at {width} px: {small}"
    off = [n["name"] for n in drawn["nodes"] if n["x1"] < 0 or n["x2"] > drawn["width"]]
    assert not off, f"squares off the canvas: {off}"
    box = page.locator("#graphs-canvas-box")
    assert box.get_attribute("role") == "region" and box.get_attribute("aria-label")
    assert box.get_attribute("tabindex") == "0"
    if width == 390:
        assert page.evaluate(
            "() => { const b = document.getElementById('graphs-canvas-box'); return b.scrollWidth > b.clientWidth; }"
        ), "the board does not scroll on a phone"
    # The track between neighbours is straight; each ladder and snake is a curve of its own colour that runs
    # through no square between its ends.
    assert len(drawn["track"]) == squares - 1 and set(drawn["track"]) == {"straight"}
    arrows = drawn["arrows"]
    assert len(arrows) == len(DEFAULT_SNAKES_BOARD.arrows)
    assert {a["curve"] for a in arrows} == {"unbundled-bezier"}
    assert not [a for a in arrows if a["crosses"]], arrows
    colours = {a["id"]: a["colour"] for a in arrows}  # the ladder 10 → 19, the snakes 8 → 2 and 15 → 12
    assert colours["e9-18"] != colours["e14-11"] == colours["e7-1"]
    # The key to the colours and the track.
    expect(page.locator("#graphs-legend")).to_be_visible()
    bad = serious_violations(page)
    assert not bad, "\n".join(bad)
