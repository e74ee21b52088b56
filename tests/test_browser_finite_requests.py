"""Real-browser tests of what the Finite games tab asks the server: only the chosen game's views, each once.

The callback requests (``POST /_dash-update-component``) are read from the
browser's network log: their outputs, in each request's JSON body, name the
components a callback writes.  Each view's components are found in its own
layout (:attr:`dashboard.tabs.finite.views.base.View.layout`), so a request
that writes a component of a view the game does not show is caught, whatever
the view.  Run: ``.venv/bin/python -m pytest tests/test_browser_finite_requests.py``.
"""

from __future__ import annotations

import collections
import json
import os
import time

import pytest

pytest.importorskip("playwright")
pytest.importorskip("pytest_playwright")

from browser_support import CHROMIUM
from playwright.sync_api import Page, expect

LOAD_TIMEOUT = 90_000
#: How long the page must send nothing before its requests are counted as all sent.
QUIET_S = 1.5

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}"),
]


#: True once Dash's renderer has its layout and holds no callback (asked for, waiting, in flight or answered).
_DASH_IDLE = """() => {
    const state = window.store && window.store.getState ? window.store.getState() : null;
    if (!state || !state.layout || !state.callbacks) { return false; }
    return ["requested", "prioritized", "blocked", "executing", "watched", "executed", "stored"].every(
        (stage) => !(state.callbacks[stage] || []).length);
}"""


class CallbackLog:
    """The callback requests a page sends: each one's outputs (``"id.prop"``) and its answer's status."""

    def __init__(self, page: Page) -> None:
        self.sent: list[list[str]] = []
        self.statuses: list[int] = []
        self.pending = 0
        self.last = time.monotonic()
        page.on("request", self._request)
        page.on("requestfinished", self._finished)
        page.on("requestfailed", self._finished)
        page.on("response", self._response)

    @staticmethod
    def _is_callback(request) -> bool:
        return "_dash-update-component" in request.url and request.method == "POST"

    def _request(self, request) -> None:
        if not self._is_callback(request):
            return
        body = json.loads(request.post_data or "{}")
        outputs = body.get("outputs")
        outputs = outputs if isinstance(outputs, list) else [outputs]
        self.sent.append([f"{_id_text(o['id'])}.{o['property']}" for o in outputs if isinstance(o, dict)])
        self.pending += 1
        self.last = time.monotonic()

    def _finished(self, request) -> None:
        if self._is_callback(request):
            self.pending -= 1
            self.last = time.monotonic()

    def _response(self, response) -> None:
        if self._is_callback(response.request):
            self.statuses.append(response.status)

    def wait_quiet(self, page: Page) -> None:
        """Wait until no callback request is in flight and none was sent for :data:`QUIET_S` seconds.

        Dash's renderer must also have its layout and hold no callback: on a
        busy machine a page could load for longer than :data:`QUIET_S` before
        its first request, and the wait ended before anything was sent.
        """
        deadline = time.monotonic() + LOAD_TIMEOUT / 1000
        while time.monotonic() < deadline:
            page.wait_for_timeout(200)
            if self.pending == 0 and time.monotonic() - self.last > QUIET_S and page.evaluate(_DASH_IDLE):
                return
        raise AssertionError(f"callback requests still in flight: {self.pending}")

    def clear(self) -> None:
        self.sent.clear()
        self.statuses.clear()


def _id_text(component_id) -> str:
    return component_id if isinstance(component_id, str) else json.dumps(component_id, sort_keys=True)


def _ids_in(component) -> set[str]:
    """Every component id in a layout (a component, a list of them, or anything else)."""
    found: set[str] = set()
    stack = [component]
    while stack:
        item = stack.pop()
        if isinstance(item, (list, tuple)):
            stack.extend(item)
            continue
        if not hasattr(item, "to_plotly_json"):
            continue
        component_id = getattr(item, "id", None)
        if isinstance(component_id, str):
            found.add(component_id)
        stack.append(getattr(item, "children", None))
    return found


def _view_of_component() -> dict[str, str]:
    """Each view's components (their ids, and its gate), by the view's name.

    The views' containers and holders are the tab's: the game menu shows and hides them all.
    """
    from dashboard.tabs.finite.views import VIEWS, gate_id

    owner = {}
    for key, view in VIEWS.items():
        for component_id in _ids_in(view.layout()) | {gate_id(key)}:
            owner[component_id] = key
    return owner


def _views_written(sent: list[list[str]]) -> set[str]:
    """The views whose components the requests write, but for the address's reading (it sets every key's control)."""
    from dashboard import ids as page_ids

    owner = _view_of_component()
    written = set()
    for outputs in sent:
        components = [output.rsplit(".", 1)[0] for output in outputs]
        if page_ids.URL_NOTICE not in components:
            written |= {owner[c] for c in components if c in owner}
    return written


@pytest.mark.parametrize("game", ["spring-cleaning", "magnetism"])
def test_a_move_asks_only_for_the_games_views_and_a_load_or_pick_asks_each_callback_once(
    page: Page, server_url: str, game: str
) -> None:
    from solver import impartial_game
    from solver.registry import find_game

    shown = set(impartial_game(game).views)
    log = CallbackLog(page)
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(server_url + f"?tab=finite&fgame={game}", timeout=LOAD_TIMEOUT)
    expect(page.locator("#finite-play-state p").first).to_be_visible(timeout=LOAD_TIMEOUT)
    log.wait_quiet(page)
    # On load: no callback's outputs are asked for twice (a first call refused before the tab was open, then
    # the real one), and no view of another game asks.
    counts = collections.Counter(tuple(outputs) for outputs in log.sent)
    twice = [outputs for outputs, count in counts.items() if count > 1]
    assert not twice, f"asked for more than once on load: {twice}"
    assert _views_written(log.sent) <= shown, log.sent
    assert all(status == 200 for status in log.statuses), log.statuses
    # A move: only the Play panel, the tree and the views of this game that draw the position ask.
    log.clear()
    page.locator("#finite-play-moves button:not([disabled])").first.click()
    expect(page.locator("#finite-play-log")).not_to_be_empty()
    log.wait_quiet(page)
    assert log.sent, "the move sent no request"
    others = _views_written(log.sent) - shown
    assert not others, f"a move in {game} asked for the views {sorted(others)}: {log.sent}"
    assert all(status == 200 for status in log.statuses), log.statuses
    # Another game picked in the page's menu: each callback once, and only that game's views.
    other = "magnetism" if game == "spring-cleaning" else "spring-cleaning"
    log.clear()
    page.locator("#game-menu").click()
    page.get_by_role("option", name=find_game(other).title, exact=True).click()
    expect(page.locator(f"#finite-view-{impartial_game(other).views[0]} section").first).to_be_visible()
    log.wait_quiet(page)
    counts = collections.Counter(tuple(outputs) for outputs in log.sent)
    twice = [outputs for outputs, count in counts.items() if count > 1]
    assert not twice, f"asked for more than once when {other} was picked: {twice}"
    assert _views_written(log.sent) <= set(impartial_game(other).views), log.sent
    assert all(status == 200 for status in log.statuses), "\n".join(
        [str(log.statuses)] + [" ".join(o) for o in log.sent]
    )


#: The text a finite game's page shows once drawn: the play panel's position and moves, and every view's notes.
_SHOWN_TEXT = """() => {
    const text = (selector) => Array.from(document.querySelectorAll(selector)).map((el) => el.innerText.trim());
    return {
        title: document.title,
        header: text('#page-title, #page-intro, #page-labels'),
        position: document.getElementById('finite-position').value,
        state: text('#finite-play-state'),
        moves: text('#finite-play-moves button'),
        notes: text('.finite-view:not([style*="none"]) .note, .finite-view:not([style*="none"]) [role=status]'),
    };
}"""


def _pick(page: Page, name: str) -> None:
    from solver.registry import find_game

    page.locator("#game-menu").click()
    page.get_by_role("option", name=find_game(name).title, exact=True).click()
    expect(page.locator("#page-title")).to_have_text(f"{find_game(name).title} explorer", timeout=LOAD_TIMEOUT)


def _drawn(page: Page, log: CallbackLog, name: str) -> dict:
    from solver import impartial_game

    for key in impartial_game(name).views:
        expect(page.locator(f"#finite-view-{key} section").first).to_be_visible(timeout=LOAD_TIMEOUT)
    expect(page.locator("#finite-play-moves button").first).to_be_visible(timeout=LOAD_TIMEOUT)
    # The game tree's canvas mounts after the first view (components.lazy), and asks for its tree then.
    expect(page.locator("#finite-tree")).to_be_attached(timeout=LOAD_TIMEOUT)
    log.wait_quiet(page)
    expect(page.locator("[data-dash-is-loading=true]")).to_have_count(0, timeout=LOAD_TIMEOUT)
    page.wait_for_function("() => document.title !== 'Updating...'", timeout=LOAD_TIMEOUT)
    return page.evaluate(_SHOWN_TEXT)


@pytest.mark.parametrize(("start", "game"), [("", "spring-cleaning"), ("?game=magnetism", "euclid3")])
def test_a_game_picked_in_the_menu_comes_with_its_panels_and_position_in_the_menus_answer(
    page: Page, server_url: str, start: str, game: str
) -> None:
    # The game menu's answer writes the finite tab's panels and position with the game (Tab.game_answer): no
    # request of the tab's own for the new game follows it, and the views ask next, the position already new.
    from dashboard import ids as page_ids
    from dashboard.tabs.finite import ids as finite_ids
    from solver import impartial_game

    log = CallbackLog(page)
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(server_url + start, timeout=LOAD_TIMEOUT)
    page.locator("#game-menu").wait_for(timeout=LOAD_TIMEOUT)
    log.wait_quiet(page)
    log.clear()
    _pick(page, game)
    shown = _drawn(page, log, game)
    position = f"{finite_ids.POSITION}.value"
    plain = [[output.split("@")[0] for output in outputs] for outputs in log.sent]  # less a duplicate's @hash
    writers = [outputs for outputs in plain if position in outputs or f"{finite_ids.GAME_ERROR}.children" in outputs]
    assert len(writers) == 1 and f"{page_ids.PAGE_TITLE}.children" in writers[0], log.sent
    assert shown["position"] == impartial_game(game).format(impartial_game(game).start())
    assert all(status == 200 for status in log.statuses), list(zip(log.sent, log.statuses, strict=True))


def test_back_and_forward_between_finite_games_bring_back_each_game_with_its_position(
    page: Page, server_url: str
) -> None:
    # The address's reading sets the menu, the position and the tab's game; the menu's answer then writes the
    # panels and keeps the position, which is the new game's (the address's own, not the start).
    page.set_viewport_size({"width": 1440, "height": 900})
    log = CallbackLog(page)
    page.goto(server_url + "?game=magnetism&fpos=%2B...-.%2B", timeout=LOAD_TIMEOUT)
    first = _drawn(page, log, "magnetism")
    assert first["position"] == "+...-.+"
    _pick(page, "spring-cleaning")
    second = _drawn(page, log, "spring-cleaning")
    page.go_back()
    expect(page.locator("#page-title")).to_have_text("Magnetism explorer", timeout=LOAD_TIMEOUT)
    assert _drawn(page, log, "magnetism") == first
    page.go_forward()
    expect(page.locator("#page-title")).to_have_text("Spring Cleaning explorer", timeout=LOAD_TIMEOUT)
    assert _drawn(page, log, "spring-cleaning") == second
    assert all(status == 200 for status in log.statuses), list(zip(log.sent, log.statuses, strict=True))


@pytest.mark.parametrize("game", ["wythoff", "eraserhead"])
def test_an_address_opens_its_game_without_a_round_trip_to_choose_it(page: Page, server_url: str, game: str) -> None:
    # The page served for ?game=NAME already holds the game chosen (dashboard/layout.py, game_props): its header,
    # its tab and the tab's panels; the address's reading finds it in place, so neither the game menu's answer nor
    # the tab's own answer to a new game is asked for, and no hidden tab's callback is sent only to be refused.
    from dashboard import ids as page_ids
    from dashboard.tabs.finite import ids as finite_ids
    from dashboard.tabs.graphs import ids as graphs_ids
    from solver import impartial_game

    log = CallbackLog(page)
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(server_url + f"?game={game}", timeout=LOAD_TIMEOUT)
    loaded = _drawn(page, log, game)
    written = {output for outputs in log.sent for output in outputs}
    chosen = {f"{page_ids.PAGE_TITLE}.children", f"{finite_ids.GAME_ERROR}.children", f"{graphs_ids.BOARD}.value"}
    assert not written & chosen, sorted(written & chosen)
    assert all(status == 200 for status in log.statuses), list(zip(log.sent, log.statuses, strict=True))
    # The requests of a load: the address's reading, Play, the tree and one per view shown; no setup (a game
    # with no bound has none, test_a_game_with_no_bound_asks_for_no_setup).
    assert len(log.sent) <= 3 + len(impartial_game(game).views), log.sent
    # The same page as when the game is picked in the menu, and again after another game and back.
    other = "magnetism"
    _pick(page, other)
    _drawn(page, log, other)
    _pick(page, game)
    assert _drawn(page, log, game) == loaded
    page.goto(server_url + f"?game={other}", timeout=LOAD_TIMEOUT)
    _drawn(page, log, other)
    _pick(page, game)
    assert _drawn(page, log, game) == loaded
    assert "Traceback" not in page.content()


#: Records, once the Play panel's first move buttons are drawn, which of the given component ids are in the page.
_AT_FIRST_MOVES = """(function (watched) {
    window.ptsqAtMoves = null;
    new MutationObserver(function (records, observer) {
        if (!document.querySelector('#finite-play-moves button')) { return; }
        window.ptsqAtMoves = watched.filter(function (id) { return document.getElementById(id) !== null; });
        observer.disconnect();
    }).observe(document, {childList: true, subtree: true});
})(WATCHED);"""


@pytest.mark.parametrize(("game", "graph"), [("eraserhead", "finite-lost-graph"), ("euclid3", "finite-octant-graph")])
def test_a_3d_graph_is_drawn_after_the_first_view(page: Page, server_url: str, game: str, graph: str) -> None:
    # plotly.js draws a 3-D graph with WebGL, a second or more where the browser has no graphics card: the graph
    # waits until the rest of the first view is drawn and the page is idle (components.lazy, after_first_view).
    from dashboard.tabs.finite.views import euclid3, graphs

    assert graph in (graphs.LOST_GRAPH, euclid3.OCTANT_GRAPH)
    page.add_init_script(_AT_FIRST_MOVES.replace("WATCHED", json.dumps([graph])))
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(server_url + f"?game={game}", timeout=LOAD_TIMEOUT)
    page.wait_for_function("() => window.ptsqAtMoves !== null", timeout=LOAD_TIMEOUT)
    assert page.evaluate("window.ptsqAtMoves") == []
    # Then it is drawn, in the first screen, with its figure.
    page.wait_for_function(
        "(id) => { const gd = document.querySelector('#' + id + ' .js-plotly-plot');"
        " return !!(gd && gd.data && gd.data.length"
        " && gd.data[0].type.endsWith('3d') && gd.querySelector('canvas')); }",
        arg=graph,
        timeout=LOAD_TIMEOUT,
    )
    box = page.locator(f"#{graph}").bounding_box()
    assert box is not None and box["height"] > 0
    assert "Traceback" not in page.content()


@pytest.mark.parametrize("game", ["wythoff", "magnetism"])
def test_an_address_load_asks_for_its_views_beside_the_reading(page: Page, server_url: str, game: str) -> None:
    # The tab shown by the page served for ?game=NAME opens its gate when the address is first read
    # (callbacks._OPEN_SHOWN_GATES): its views and Play ask the server before the reading's answer is in.  The tree,
    # below the first screen, asks once its canvas is mounted, after the first view (test_browser_finite_load.py).
    from solver import impartial_game

    order: list[str] = []

    def callback(request) -> bool:
        return "_dash-update-component" in request.url and request.method == "POST"

    page.on("request", lambda request: order.append("sent") if callback(request) else None)
    page.on("response", lambda response: order.append("answered") if callback(response.request) else None)
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(server_url + f"?game={game}", timeout=LOAD_TIMEOUT)
    expect(page.locator("#finite-play-moves button").first).to_be_visible(timeout=LOAD_TIMEOUT)
    first_answer = order.index("answered")
    # The address's reading, Play and one request per view shown, all before any answer.
    assert first_answer >= 2 + len(impartial_game(game).views), order


def _setup_requests(sent: list[list[str]]) -> list[list[str]]:
    from dashboard import ids as page_ids

    return [outputs for outputs in sent if f"{page_ids.REQUEST}.data" in outputs]


@pytest.mark.parametrize("game", ["wythoff", "monochrome"])
def test_a_game_with_no_bound_asks_for_no_setup(page: Page, server_url: str, game: str) -> None:
    # The setup (N, alpha, the put-or-take rule's solve and the Explore summary) is asked for only when the page
    # shows a put-or-take rule (setup_callbacks._ASK_SETUP): a load of a finite game or a game on a graph does
    # not send it.  A rule picked afterwards asks for it once, and shows the summary a load of the rule shows.
    from dashboard import ids as page_ids
    from solver.registry import find_game

    default = find_game("put-or-take-a-square")
    log = CallbackLog(page)
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(server_url + f"?game={game}", timeout=LOAD_TIMEOUT)
    expect(page.locator("#page-title")).to_have_text(f"{find_game(game).title} explorer", timeout=LOAD_TIMEOUT)
    log.wait_quiet(page)
    assert log.sent, "the load sent no request"
    assert _setup_requests(log.sent) == [], log.sent
    log.clear()
    page.locator("#game-menu").click()
    page.get_by_role("option", name=default.title, exact=True).click()
    expect(page.locator("#summary-count-W")).to_be_visible(timeout=LOAD_TIMEOUT)
    log.wait_quiet(page)
    assert len(_setup_requests(log.sent)) == 1, log.sent
    picked = page.locator(f"#{page_ids.SETUP_SUMMARY}, [id^=summary-count-]").all_inner_texts()
    # The same setup and counts as the page opened at the rule's address.
    log.clear()
    page.goto(server_url + f"?game={default.name}", timeout=LOAD_TIMEOUT)
    expect(page.locator("#summary-count-W")).to_be_visible(timeout=LOAD_TIMEOUT)
    log.wait_quiet(page)
    assert len(_setup_requests(log.sent)) == 1, log.sent
    assert page.locator(f"#{page_ids.SETUP_SUMMARY}, [id^=summary-count-]").all_inner_texts() == picked
    assert "Traceback" not in page.content()
