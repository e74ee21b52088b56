"""Real-browser tests of what a finite game's address load builds before its first view is drawn.

The game tree (dash-cytoscape) sits below the first screen in a lazy holder
(:func:`dashboard.components.lazy`): ``assets/page.js`` mounts it only once
the page's first view is drawn, so a load does not spend the main thread on it
before then.  Run: ``.venv/bin/python -m pytest tests/test_browser_finite_load.py``.
"""

from __future__ import annotations

import os

import pytest

pytest.importorskip("playwright")
pytest.importorskip("pytest_playwright")

from browser_support import CHROMIUM
from playwright.sync_api import Page, expect

LOAD_TIMEOUT = 90_000

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}"),
]

#: Records, when the game tree's canvas first appears, how many graphs of the shown views there are and how many
#: of them are drawn (plotted with their traces, not waiting for plotly.js or a figure).
_TREE_MOUNT = """
(() => {
  window.__treeMounted = null;
  new MutationObserver(() => {
    if (window.__treeMounted !== null || !document.querySelector('#finite-tree canvas')) { return; }
    const graphs = Array.from(document.querySelectorAll('.finite-view .dash-graph'))
      .filter((graph) => graph.offsetParent !== null);
    const drawn = graphs.filter((graph) => {
      const plot = graph.querySelector('.js-plotly-plot');
      return !graph.classList.contains('dash-graph--pending') && plot !== null
        && Array.isArray(plot.data) && plot.data.length > 0;
    });
    window.__treeMounted = {graphs: graphs.length, drawn: drawn.length};
  }).observe(document, {subtree: true, childList: true});
})();
"""


@pytest.mark.parametrize("game", ["wythoff", "octal-0.137"])
def test_the_game_tree_is_mounted_only_after_the_first_view_is_drawn(page: Page, server_url: str, game: str) -> None:
    page.add_init_script(_TREE_MOUNT)
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(server_url + f"?game={game}&tab=finite", timeout=LOAD_TIMEOUT)
    expect(page.locator("#finite-play-state p").first).to_be_visible(timeout=LOAD_TIMEOUT)
    # The tree is still drawn: once the page is idle, or at once when scrolled to.
    page.locator("#finite-tree").scroll_into_view_if_needed(timeout=LOAD_TIMEOUT)
    expect(page.locator("#finite-tree canvas").first).to_be_attached(timeout=LOAD_TIMEOUT)
    expect(page.locator("#finite-tree-list")).not_to_be_empty(timeout=LOAD_TIMEOUT)
    mounted = page.evaluate("window.__treeMounted")
    assert mounted is not None, "the tree's canvas was never seen appearing"
    assert mounted["graphs"] >= 1, f"no graph of {game}'s views was in the page when the tree mounted: {mounted}"
    assert mounted["drawn"] == mounted["graphs"], f"the tree mounted before the first view was drawn: {mounted}"


#: Records each callback request's outputs and when it was sent, and when every graph of the shown views was
#: first drawn (page clock, ms).
_REQUESTS_AND_FIRST_VIEW = """
(() => {
  window.__sent = [];
  window.__firstView = null;
  const original = window.fetch;
  window.fetch = function (...args) {
    const url = String((args[0] && args[0].url) || args[0]);
    if (url.includes('_dash-update-component')) {
      let outputs = '';
      try { outputs = JSON.parse(args[1].body).output; } catch (error) { outputs = '?'; }
      window.__sent.push({at: Math.round(performance.now()), outputs: String(outputs).slice(0, 60)});
    }
    return original.apply(this, args);
  };
  const check = () => {
    if (window.__firstView !== null) { return; }
    const graphs = Array.from(document.querySelectorAll('.finite-view .dash-graph'))
      .filter((graph) => graph.offsetParent !== null);
    const drawn = graphs.every((graph) => {
      const plot = graph.querySelector('.js-plotly-plot');
      return !graph.classList.contains('dash-graph--pending') && plot !== null
        && Array.isArray(plot.data) && plot.data.length > 0;
    });
    if (graphs.length > 0 && drawn) { window.__firstView = performance.now(); }
  };
  // On every change of the page's elements, and every 20 ms (a graph's traces are set without a change of them).
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true});
  const poll = () => { check(); if (window.__firstView === null) { window.setTimeout(poll, 20); } };
  poll();
})();
"""


def test_an_address_load_asks_for_the_tree_after_the_first_view_and_once(page: Page, server_url: str) -> None:
    page.add_init_script(_REQUESTS_AND_FIRST_VIEW)
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(server_url + "?game=wythoff&tab=finite", timeout=LOAD_TIMEOUT)
    expect(page.locator("#finite-play-state p").first).to_be_visible(timeout=LOAD_TIMEOUT)
    page.locator("#finite-tree").scroll_into_view_if_needed(timeout=LOAD_TIMEOUT)
    expect(page.locator("#finite-tree-list")).not_to_be_empty(timeout=LOAD_TIMEOUT)
    page.wait_for_timeout(1500)  # any request still to come is sent
    first_view = page.evaluate("window.__firstView")
    sent = page.evaluate("window.__sent")
    assert first_view is not None, "the views' graphs were never all drawn"
    tree = [request for request in sent if "finite-tree.elements" in request["outputs"]]
    assert len(tree) == 1, f"the tree was asked for {len(tree)} times: {sent}"
    assert tree[0]["at"] > first_view, f"the tree was asked for before the first view was drawn: {sent}, {first_view}"
    before = [request["outputs"] for request in sent if request["at"] < first_view]
    assert before, "no request was sent before the first view was drawn"
    assert all("finite-tree" not in outputs for outputs in before), before
