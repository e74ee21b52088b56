"""Real-browser tests of the one game tree of every game (dashboard/gametree) in the Finite games tab.

Headless Debian Chromium via Playwright, the app served in-process (the
recipe of docs/browser-tests.md).  The Games on graphs tab's tree is tested
in tests/test_browser_graphs.py, the Explore tree in tests/test_browser_tree.py.
"""

from __future__ import annotations

import os

import pytest

pytest.importorskip("playwright")
pytest.importorskip("pytest_playwright")

from browser_support import CHROMIUM
from playwright.sync_api import Page, expect

LOAD_TIMEOUT = 90_000
WAIT_TIMEOUT = 30_000

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}"),
]


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


def open_tab(page: Page, url: str, query: str, width: int = 1440) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(url + "?tab=finite" + query, timeout=LOAD_TIMEOUT)
    expect(page.locator("#finite-play-state p").first).to_be_visible(timeout=LOAD_TIMEOUT)


def test_long_labels_of_the_tree_are_whole(page: Page, server_url: str, watch: PageWatch) -> None:
    """Eraserhead's positions were cut to 22 characters ("0-8,1-2,2-3,3-4,4-5,5…"): now every label holds its whole
    position, over lines that fit the node's box, and the tree's list and a node's card say it in full."""
    open_tab(page, server_url, "&fgame=eraserhead&fpos=cycle-9:0,2,4&fdepth=2")
    # The tree is drawn when near; its controls may be drawn after the tab's first answers (a busy machine).
    page.locator("#finite-tree-depth").scroll_into_view_if_needed(timeout=LOAD_TIMEOUT)
    cy = "document.getElementById('finite-tree')._cyreg.cy"
    page.wait_for_function(f"() => {{ try {{ return {cy}.nodes().length > 20; }} catch (e) {{ return false; }} }}")
    nodes = page.evaluate(
        f"""() => {cy}.nodes().map(n => ({{label: n.data('label'), position: n.data('position'), w: n.width(),
            text: n.boundingBox({{includeNodes: false, includeEdges: false, includeLabels: true}}).w}}))"""
    )
    assert any(len(n["position"]) > 22 for n in nodes)
    for node in nodes:
        assert "".join(node["label"].split("\n")[:-1]) == node["position"]
        assert node["text"] <= node["w"] + 1, node  # the label's text, as drawn, fits its box
    longest = max((n["position"] for n in nodes), key=len)
    page.locator("#finite-tree-list summary").click()
    expect(page.locator("#finite-tree-list")).to_contain_text(longest)
    watch.assert_clean()
