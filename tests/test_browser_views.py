"""The views of the draws by possibility in a real browser (headless Debian Chromium via Playwright).

Convergence shows U (and what it cannot be) shrinking as the bound grows; the
Inspect tab's proof of a draw is clicked through; Play keeps a draw and marks a
blunder that gives one away; the game tree marks what a U cannot be; after a
change of game the Inspect tab never shows the last game's answer; a depth
change sends no request for a Layers view or a tree not shown; the alpha
label follows the game.  Expected values come from ``solver`` directly (its
class arrays and facts of the thesis's setup), never from the dashboard's code.
Screenshots go to ``test-artifacts/`` (1440 px and a 390 px phone).

Run: ``.venv/bin/python -m pytest tests/test_browser_views.py``.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("playwright")
pytest.importorskip("pytest_playwright")

from browser_support import CHROMIUM
from playwright.sync_api import Page, expect

from solver.engine.codes import CLASS_D, CLASS_L, CLASS_U, CLASS_UL, CLASS_UW, CLASS_W

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
LOAD_TIMEOUT = 60_000
WAIT_TIMEOUT = 30_000
#: The page's default setup (written out on purpose): N = 10,000, alpha = 100.
N = 10_000
BOUND = 1_000_000
UNRESOLVED = (CLASS_U, CLASS_UW, CLASS_UL)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}"),
]

#: Records the output of every callback request the page sends (Playwright's
#: request events can miss requests sent on a kept-alive connection).
RECORD_REQUESTS = """(() => {
    window.__ptsqRequests = [];
    const fetch = window.fetch;
    window.fetch = function (url, options) {
        try {
            if (String(url).indexOf('_dash-update-component') >= 0) {
                window.__ptsqRequests.push(JSON.parse(options.body).output);
            }
        } catch (err) { /* not a callback */ }
        return fetch.apply(this, arguments);
    };
})()"""


@pytest.fixture(scope="module")
def solution():
    from solver.engine import solve

    return solve(BOUND)


@pytest.fixture
def errors(page: Page) -> list[str]:
    page.set_default_timeout(WAIT_TIMEOUT)
    found: list[str] = []
    page.on("pageerror", lambda exc: found.append(f"page error: {exc}"))
    page.on(
        "response",
        lambda r: (
            found.append(f"HTTP {r.status} {r.url}") if "_dash-update-component" in r.url and r.status >= 400 else None
        ),
    )
    return found


def _wait_summary(page: Page) -> None:
    expect(page.locator("#summary-count-W")).to_be_attached(timeout=LOAD_TIMEOUT)


def _no_horizontal_scroll(page: Page) -> None:
    scroll, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert scroll <= inner, f"the page is {scroll} px wide at {inner} px"


def _requests(page: Page) -> list[str]:
    return page.evaluate("window.__ptsqRequests.splice(0)")


# -------------------------------------------------------------------------- convergence


@pytest.mark.parametrize("width", [1440, 390])
def test_convergence_shows_u_shrinking_and_decided_below_growing(page: Page, server_url, errors, width) -> None:
    from solver.engine import solve

    bounds = [N, 10 * N, 100 * N, 1000 * N]
    u, not_l, not_w, decided = [], [], [], []
    for bound in bounds:
        classes = np.asarray(solve(bound).classes)
        top = classes[1 : N + 1]
        u.append(int(np.isin(top, UNRESOLVED).sum()))
        not_l.append(int((top == CLASS_UW).sum()))
        not_w.append(int((top == CLASS_UL).sum()))
        decided.append(int(np.flatnonzero(np.isin(classes[1:], UNRESOLVED))[0]))
    assert u[0] > u[1] > u[2] == 11  # U shrinks (11 at the thesis's bound): the test can fail
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(server_url + "?view=convergence", timeout=LOAD_TIMEOUT)
    path = " → ".join(f"{x:,}" for x in u)
    expect(page.locator("#convergence-message")).to_contain_text(
        f"U in 1..{N:,} (the D-infinity candidates): {path} as B grows.", timeout=LOAD_TIMEOUT
    )
    expect(page.locator("#convergence-message")).to_contain_text(f"Decided below {decided[-1]:,} there")
    page.wait_for_function("() => !!document.querySelector('#convergence-graph .js-plotly-plot')")
    drawn = page.evaluate(
        """() => { const g = document.querySelector('#convergence-graph .js-plotly-plot');
                   return g.data.map(t => [t.name, Array.from(t.y), t.xaxis || 'x']); }"""
    )
    lines = {name: y for name, y, _axis in drawn}
    assert lines["U (unresolved at the bound)"] == u
    assert lines["U (not L): a win or a draw"] == not_l
    assert lines["U (not W): a loss or a draw"] == not_w
    assert lines["decided below"] == decided
    # A phone gets the panels stacked in one column; a wide screen two rows side by side.
    domains = page.evaluate(
        """() => { const l = document.querySelector('#convergence-graph .js-plotly-plot')._fullLayout;
                   return Object.keys(l).filter(k => /^xaxis\\d*$/.test(k)).map(k => l[k].domain.join(',')); }"""
    )
    assert (len(set(domains)) == 1) == (width < 700)
    _no_horizontal_scroll(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#explore-view-convergence").screenshot(path=str(ARTIFACTS / f"convergence-{width}.png"))
    assert not errors, errors


# -------------------------------------------------------------------------- inspect


def _proof_rows(page: Page) -> list[tuple[int, str, list[int]]]:
    return [
        (int(member), claim, [int(t) for t in targets])
        for member, claim, targets in page.evaluate(
            """() => Array.from(document.querySelectorAll('#inspect-proof tbody tr')).map(tr => {
                const cells = tr.querySelectorAll('td');
                const buttons = Array.from(cells[3].querySelectorAll('button')).map(b => b.textContent.replace(/,/g, ''));
                return [cells[0].textContent.replace(/,/g, ''), cells[2].textContent, buttons];
            })"""
        )
    ]


def _check_proof(rows, n: int, solution) -> None:
    """The proof read off the page holds on the solver's classes: every claim rests on moves."""
    claims = {(member, claim) for member, claim, _ in rows}
    assert rows[0][:2] == (n, "cannot be W") and rows[1][:2] == (n, "cannot be L")
    classes = solution.classes
    for member, claim, targets in rows:
        kids = [m.child for m in solution.rule.moves(member)]
        if claim == "cannot be W":
            assert targets == kids
            assert all(int(classes[t]) == CLASS_W or (t, "cannot be L") in claims for t in targets)
        else:
            assert len(targets) == 1 and targets[0] in kids
            assert int(classes[targets[0]]) == CLASS_L or (targets[0], "cannot be W") in claims


def _click_node(page: Page, graph_id: str, node_id: str) -> None:
    """Click a cytoscape node where it is drawn (docs/browser-tests.md)."""
    cy = f"document.getElementById('{graph_id}')._cyreg.cy"
    page.wait_for_function(
        f"""() => {{ const el = document.getElementById('{graph_id}');
                    if (!el || !el._cyreg || !el._cyreg.cy) return false;
                    const cy = el._cyreg.cy; cy.resize();
                    const n = cy.getElementById('{node_id}');
                    if (!n || n.empty()) return false;
                    const p = n.renderedPosition(), r = el.getBoundingClientRect();
                    return p.x > 0 && p.y > 0 && p.x < r.width && p.y < r.height; }}"""
    )
    page.locator(f"#{graph_id}").scroll_into_view_if_needed()
    x, y = page.evaluate(
        f"""() => {{ const cy = {cy}; cy.resize(); const p = cy.getElementById('{node_id}').renderedPosition();
                    const r = document.getElementById('{graph_id}').getBoundingClientRect();
                    return [r.left + p.x, r.top + p.y]; }}"""
    )
    page.mouse.click(x, y)


@pytest.mark.parametrize("width", [1440, 390])
def test_inspect_a_draw_shows_its_proof_and_clicking_moves_on(page: Page, server_url, errors, solution, width) -> None:
    # 6 is a draw the earlier certificate left U: 6 -> 2 and 10; 10 -> 1 and 19; 19 -> 3 and 35.
    assert int(solution.classes[6]) == CLASS_D and int(solution.classes[35]) == CLASS_D
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(server_url + "?tab=inspect&inspect=6", timeout=LOAD_TIMEOUT)
    expect(page.locator("#inspect-certificate-note")).to_contain_text("6 is a draw", timeout=LOAD_TIMEOUT)
    rows = _proof_rows(page)
    _check_proof(rows, 6, solution)
    assert 35 in {member for member, _, _ in rows}
    _no_horizontal_scroll(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#tab-inspect").screenshot(path=str(ARTIFACTS / f"inspect-proof-{width}.png"))
    # Clicking a number of the proof inspects it: 35, a draw of its own.
    page.locator("#inspect-proof button", has_text=re.compile(r"^35$")).first.click()
    expect(page.locator("#inspect-number")).to_have_value("35")
    expect(page.locator("#inspect-certificate-note")).to_contain_text("35 is a draw")
    _check_proof(_proof_rows(page), 35, solution)
    # Clicking a node of the certificate graph inspects it too: 10.
    _click_node(page, "inspect-certificate", "c10")
    expect(page.locator("#inspect-number")).to_have_value("10")
    expect(page.locator("#inspect-certificate-note")).to_contain_text("10 is a draw")
    _check_proof(_proof_rows(page), 10, solution)
    assert not errors, errors


def test_inspect_after_a_change_of_game_never_shows_the_last_games_answer(page: Page, server_url, errors) -> None:
    # N = 100,000: the cube's bound 10**7 is solved in the background (too large for a request),
    # so there is a time when the page's setup is still the squares' while the cube solves.
    page.add_init_script(
        # Every new state of the tab's bound text and summary, in order (a repeat is not recorded).
        """(() => { window.__ptsqSeen = []; let last = '';
            new MutationObserver(() => {
                const s = document.getElementById('inspect-summary'), b = document.getElementById('inspect-bound');
                if (!s || !b) return;
                const now = JSON.stringify([b.textContent, s.textContent]);
                if (now !== last) { last = now; window.__ptsqSeen.push([b.textContent, s.textContent]); }
            }).observe(document, {subtree: true, childList: true, characterData: true}); })()"""
    )
    page.goto(server_url + "?tab=inspect&inspect=8&n=100000", timeout=LOAD_TIMEOUT)
    expect(page.locator("#inspect-summary")).to_contain_text("D (certified draw)", timeout=LOAD_TIMEOUT)
    page.evaluate("window.__ptsqSeen.splice(0)")
    page.locator("#game-menu").click()
    page.get_by_role("option", name="Put-or-Take-a-Cube").click()
    box = page.locator("#inspect-number")
    box.fill("27")
    box.press("Enter")
    # 27 is a cube: the player to move takes it to 0 (W1).
    expect(page.locator("#inspect-bound")).to_contain_text("Put-or-Take-a-Cube", timeout=LOAD_TIMEOUT)
    expect(page.locator("#inspect-summary")).to_contain_text("W1", timeout=LOAD_TIMEOUT)
    expect(box).to_have_value("27")
    seen = page.evaluate("window.__ptsqSeen")
    shown = [(bound, summary) for bound, summary in seen if summary.strip()]
    assert shown, "the summary was never drawn"
    # Every answer drawn after the switch is the cube's (named so), never the squares' under a bare bound.
    assert all(bound.startswith("Put-or-Take-a-Cube") for bound, _ in shown), shown
    assert not errors, errors


# -------------------------------------------------------------------------- play


def test_play_the_computer_keeps_a_draw(page: Page, server_url, errors, solution) -> None:
    assert int(solution.classes[8]) == CLASS_D
    page.goto(server_url + "?tab=play&play=8&mode=cvc", timeout=LOAD_TIMEOUT)
    expect(page.locator("#play-prediction")).to_contain_text("draw", timeout=LOAD_TIMEOUT)
    computer = page.locator("#play-computer")
    for _ in range(12):
        if computer.is_disabled():
            break
        before = page.locator("#play-log li").count()
        computer.click()
        page.wait_for_function(
            f"() => document.querySelectorAll('#play-log li').length > {before}"
            " || document.getElementById('play-computer').disabled"
        )
    expect(page.locator("#play-status")).to_contain_text("Game over: draw", timeout=WAIT_TIMEOUT)
    lines = page.locator("#play-log li").all_inner_texts()
    moves = [line for line in lines if "for the mover" in line]
    assert moves and all("draw before, draw after" in line for line in moves), lines
    assert page.locator("#play-log li.blunder").count() == 0
    assert not errors, errors


def test_play_a_draw_given_away_is_a_blunder_and_stays_marked(page: Page, server_url, errors, solution) -> None:
    # 1142 is D; put -> 2231 is U and cannot be L: the mover may lose now.
    assert int(solution.classes[1142]) == CLASS_D and int(solution.classes[2231]) == CLASS_UW
    page.goto(server_url + "?tab=play&play=1142&mode=hvh", timeout=LOAD_TIMEOUT)
    expect(page.locator("#play-prediction")).to_contain_text("draw", timeout=LOAD_TIMEOUT)
    expect(page.locator("#play-put")).to_contain_text("2,231")
    page.locator("#play-put").click()
    blunder = page.locator("#play-log li.blunder")
    expect(blunder).to_have_count(1)
    expect(blunder).to_contain_text("??")
    expect(blunder).to_contain_text("gave a sure draw away")
    # The next player cannot lose at 2231: the prediction says so.
    expect(page.locator("#play-prediction")).to_contain_text("cannot lose")
    # Two more moves: the mark stays in the log and on the chart.
    for button in ("#play-take", "#play-put"):
        count = page.locator("#play-log li").count()
        page.locator(button).click()
        expect(page.locator("#play-log li")).to_have_count(count + 1)
    expect(blunder).to_have_count(1)
    page.wait_for_function(
        """() => { const g = document.querySelector('#play-graph .js-plotly-plot');
                   return !!g && g.data.some(t => (t.name || '').startsWith('??') && t.x.length === 1 && t.x[0] === 0); }"""
    )
    assert not errors, errors


# -------------------------------------------------------------------------- tree


def test_the_tree_marks_what_a_u_cannot_be(page: Page, server_url, errors, solution) -> None:
    page.goto(server_url + "?view=tree&start=2231&depth=3", timeout=LOAD_TIMEOUT)
    page.wait_for_function(
        "() => { const el = document.getElementById('game-tree');"
        " return !!el && !!el._cyreg && !!el._cyreg.cy && el._cyreg.cy.nodes().length >= 15; }",
        timeout=LOAD_TIMEOUT,
    )
    nodes = page.evaluate(
        """() => document.getElementById('game-tree')._cyreg.cy.nodes().map(
               n => [n.data('position'), n.data('label'), n.classes()])"""
    )
    partial = 0
    for position, label, classes in nodes:
        position = int(position)
        cls = int(solution.classes[position]) if position <= BOUND else CLASS_U
        if cls == CLASS_UW:
            assert label.endswith("U (not L)") and "notL" in classes
            partial += 1
        elif cls == CLASS_UL:
            assert label.endswith("U (not W)") and "notW" in classes
            partial += 1
        else:
            assert "(not" not in label and "notL" not in classes and "notW" not in classes
    assert partial >= 3  # 2231, 4440, 8796 at least: the check means something
    legend = page.locator("#tree-legend")
    expect(legend).to_contain_text("U (not L)")
    expect(legend).to_contain_text("cannot be W (a loss or a draw")
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator("#explore-view-tree").screenshot(path=str(ARTIFACTS / "tree-partial.png"))
    assert not errors, errors


# -------------------------------------------------------------------------- requests and labels


def test_a_depth_change_sends_no_request_for_a_view_not_shown(page: Page, server_url, errors) -> None:
    page.add_init_script(RECORD_REQUESTS)
    page.goto(server_url, timeout=LOAD_TIMEOUT)
    _wait_summary(page)
    page.wait_for_load_state("networkidle")
    _requests(page)
    depth = page.locator("#depth-input")

    def set_depth(value: str) -> list[str]:
        depth.fill(value)
        depth.press("Enter")
        page.wait_for_timeout(800)  # the depth rests 0.35 s before it applies
        page.wait_for_load_state("networkidle")
        return _requests(page)

    sent = set_depth("4")
    assert not [out for out in sent if "layers-" in out or "game-tree" in out], sent
    # Opened, the Layers view draws at the applied depth (4: layers 1 and 3 are W) ...
    page.locator("#explore-view label", has_text="Layers").click()
    page.wait_for_function(
        "() => { const g = document.querySelector('#layers-w-graph .js-plotly-plot');"
        " return !!g && g.data.map(t => t.name.split(' ')[0]).join(',') === 'l1,l3'; }"
    )
    page.wait_for_load_state("networkidle")
    _requests(page)
    # ... follows a new depth with one request while shown ...
    sent = set_depth("5")
    assert len([out for out in sent if "layers-w-graph" in out]) == 1 and not [o for o in sent if "game-tree" in o]
    # ... and none while hidden, until shown again.
    page.locator("#explore-view label", has_text="Summary").click()
    _requests(page)
    sent = set_depth("2")
    assert not [out for out in sent if "layers-" in out or "game-tree" in out], sent
    page.locator("#explore-view label", has_text="Layers").click()
    page.wait_for_function(
        "() => { const g = document.querySelector('#layers-w-graph .js-plotly-plot');"
        " return !!g && g.data.map(t => t.name.split(' ')[0]).join(',') === 'l1'; }"
    )
    assert not errors, errors


def test_the_alpha_label_follows_the_game(page: Page, server_url, errors) -> None:
    from solver import RULES

    page.goto(server_url, timeout=LOAD_TIMEOUT)
    _wait_summary(page)
    hint = page.locator("#alpha-hint")
    expect(hint).to_have_text("bound B = alpha × N")
    # Subtract-a-square is solved at N + 1 whatever alpha is (its rule says so).
    assert RULES["subtract-a-square"].bound_for(N, 3) == RULES["subtract-a-square"].bound_for(N, 100) == N + 1
    page.locator("#game-menu").click()
    page.get_by_role("option", name="Subtract-a-Square", exact=True).click()
    expect(hint).to_have_text("not used by this game: B = N + 1")
    expect(page.locator("#setup-summary")).to_contain_text(f"B = N + 1 = {N + 1:,}", timeout=LOAD_TIMEOUT)
    page.locator("#game-menu").click()
    page.get_by_role("option", name="Put-or-Take-a-Cube").click()
    expect(hint).to_have_text("bound B = alpha × N")
    assert not errors, errors


# -------------------------------------------------------------------------- graphs laid out once

#: For each drawn graph: the margins its figure asks for and those plotly.js drew it with (left, right, top, bottom).
GRAPH_MARGINS = """(ids) => ids.map((id) => {
    const gd = document.querySelector('#' + id + ' .js-plotly-plot');
    if (!gd || !gd._fullLayout) { return [id, null, null]; }
    const m = gd._fullLayout.margin, s = gd._fullLayout._size;
    return [id, [m.l, m.r, m.t, m.b], [s.l, s.r, s.t, s.b].map(Math.round)];
})"""


def test_every_graph_s_margins_hold_what_it_draws_so_it_is_laid_out_once(page: Page, server_url, errors) -> None:
    # plotly.js grows a margin too small for an axis title, tick labels or a legend, then draws the
    # whole graph again (dashboard/style.py, MARGIN): at 1,440 px no graph of the default setup needs that.
    page.set_viewport_size({"width": 1440, "height": 900})
    page.goto(server_url, timeout=LOAD_TIMEOUT)
    _wait_summary(page)
    graphs = {
        "Densities": ["density-graph"],
        "Layers": ["layers-w-graph", "layers-l-graph"],
        "Differences": ["difference-graph"],
        "Nim values": ["nim-graph"],
        "Convergence": ["convergence-graph"],
    }
    for view, ids in graphs.items():
        page.locator("#explore-view").get_by_text(view, exact=True).click()
        for graph_id in ids:  # its figure drawn (the blank one has no trace)
            page.wait_for_function(
                "(id) => { const gd = document.querySelector('#' + id + ' .js-plotly-plot');"
                " return !!(gd && gd._fullLayout && gd.data && gd.data.length); }",
                arg=graph_id,
                timeout=LOAD_TIMEOUT,
            )
        for graph_id, asked, drawn in page.evaluate(GRAPH_MARGINS, ids):
            assert asked is not None, f"{graph_id} is not drawn"
            assert drawn == asked, f"{graph_id}: margins {asked} grew to {drawn} (drawn twice)"
    assert not errors, errors
