"""Real-browser tests of the Games on graphs tab's upload of an edge list, at 1440 and 390 px.

Headless Debian Chromium via Playwright, the app served in-process (the
recipe of docs/browser-tests.md).  A file is given to the upload's input
(``set_input_files``), as a user's choice in the file dialog would; the
drawing is checked against the solver's parse of the file's text, and axe-core
finds no serious or critical violation on the tab with the upload's message.
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

from solver import parse_graph

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
LOAD_TIMEOUT = 90_000
WAIT_TIMEOUT = 30_000
AXE_SCRIPT = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}"),
]

CY = "document.getElementById('graphs-canvas')._cyreg.cy"
UPLOAD_INPUT = "#graphs-upload input[type=file]"


def open_graphs(page: Page, url: str, **keys: str) -> None:
    query = urllib.parse.urlencode({"tab": "graphs", **keys})
    page.goto(f"{url}?{query}", timeout=LOAD_TIMEOUT)
    expect(page.locator("#graphs-outcome")).not_to_be_empty(timeout=LOAD_TIMEOUT)
    page.wait_for_function(f"() => {{ try {{ return {CY}.nodes().length > 0; }} catch (e) {{ return false; }} }}")


def drawn(page: Page) -> tuple[int, int]:
    """Vertices and edges on the drawing."""
    return tuple(page.evaluate(f"() => [{CY}.nodes().length, {CY}.edges().length]"))


def serious_axe_violations(page: Page) -> list[str]:
    page.evaluate(AXE_SCRIPT)
    found = page.evaluate(
        """() => axe.run(document, {resultTypes: ['violations']}).then((r) => r.violations.map((v) => ({
            id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
        })))"""
    )
    return [f"{v['impact']} {v['id']}: {v['nodes']}" for v in found if v["impact"] in ("critical", "serious")]


@pytest.mark.parametrize("width", [1440, 390])
def test_upload_an_edge_list_and_a_bad_file(page: Page, server_url: str, width: int) -> None:
    page.set_default_timeout(WAIT_TIMEOUT)
    failed: list[str] = []
    page.on("pageerror", lambda exc: failed.append(f"page error: {exc}"))
    page.on(
        "response",
        lambda r: failed.append(f"HTTP {r.status}") if "_dash-update-component" in r.url and r.status >= 400 else None,
    )
    page.set_viewport_size({"width": width, "height": 900})
    open_graphs(page, server_url, ggame="tokens", gboard="0>1", gpos="0")
    button = page.get_by_role("button", name="Upload an edge list")
    expect(button).to_be_visible()
    # A small edge list, one arc per line: it becomes the board, drawn.
    text = "0>1\n1>2\n2>0\n1>3\n3>4\n"
    graph = parse_graph(text.strip().replace("\n", ","), directed=True)
    page.locator(UPLOAD_INPUT).set_input_files(
        files=[{"name": "arcs.txt", "mimeType": "text/plain", "buffer": text.encode()}]
    )
    expect(page.locator("#graphs-board")).to_have_value("0>1,1>2,2>0,1>3,3>4")
    page.wait_for_function(f"() => {CY}.nodes().length === {graph.n}")
    assert drawn(page) == (graph.n, len(graph.edges))
    expect(page.locator("#graphs-error")).to_be_empty()
    expect(page.locator("#graphs-log")).to_contain_text("arcs.txt")
    expect(page.locator("#graphs-position")).to_have_value("0")  # the token on 0 still fits
    # A file that is not UTF-8: one message, the board kept.
    page.locator(UPLOAD_INPUT).set_input_files(
        files=[{"name": "picture.png", "mimeType": "image/png", "buffer": b"\x89PNG\r\n\x1a\n\x00\xff"}]
    )
    expect(page.locator("#graphs-error")).to_contain_text("picture.png is not UTF-8 text")
    expect(page.locator("#graphs-board")).to_have_value("0>1,1>2,2>0,1>3,3>4")
    # A file too large for the page: refused in the browser before it is sent, with the server's words.
    page.locator(UPLOAD_INPUT).set_input_files(
        files=[{"name": "huge.txt", "mimeType": "text/plain", "buffer": b"0>1," * 40_000}]
    )
    expect(page.locator("#graphs-error")).to_contain_text("huge.txt is 160,000 bytes")
    width_used = page.evaluate("() => document.documentElement.scrollWidth")
    assert width_used <= width, width_used
    page.screenshot(path=str(ARTIFACTS / f"graphs-upload-{width}.png"), full_page=True)
    bad = serious_axe_violations(page)
    assert not bad, "\n".join(bad)
    # The button is the next stop after the board box from the keyboard, and shows its focus ring.
    page.locator("#graphs-board").focus()
    page.keyboard.press("Tab")
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert page.evaluate("() => document.activeElement.id") == "graphs-upload-button"
    assert outline != "none", outline
    assert not failed, failed
