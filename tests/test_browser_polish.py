"""The page follows its setup, speaks one notation and draws nothing over anything, in a real browser.

Each test opens the page the way a person would and checks what only a
browser shows: the Sums tab follows the setup bar's game and bound and keeps
the whole game's log; the alpha box is off for a game without a bound; the
Nim values view says a refusal once; an unknown move is not called best; a
table shows its numbers with thousands separators and its headers and names
whole; a number of the Summary opens in Inspect; the charts' toolbar leaves
their titles alone on a phone; a move of the draw certificate of 6 does not
run through a node it does not touch; "decided below" is in the setup bar.
Expected values come from the solver here, not from the dashboard's code.

Run: ``.venv/bin/python -m pytest tests/test_browser_polish.py``.
"""

from __future__ import annotations

import os

import pytest

pytest.importorskip("playwright")
pytest.importorskip("pytest_playwright")

from browser_support import CHROMIUM, SETUP_SETTLED
from playwright.sync_api import Page, expect

LOAD_TIMEOUT = 60_000
WAIT_TIMEOUT = 30_000

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}"),
]


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


def test_sums_follow_the_setup_and_keep_the_whole_log(page: Page, server_url: str, errors) -> None:
    from solver import sum_position

    # The page set to Cube, N = 1,000, alpha = 10: the sums are of that game at B = 10,000.
    page.goto(server_url + "?rule=put-or-take-a-cube&n=1000&alpha=10&tab=sums&heaps=9,9", timeout=LOAD_TIMEOUT)
    result = page.locator("#sums-result")
    expect(result).to_contain_text("Put-or-Take-a-Cube; values at bound 10,000.", timeout=LOAD_TIMEOUT)
    want = sum_position((9, 9), "put-or-take-a-cube", 10_000).outcome.name
    expect(result).to_contain_text(f"{want} for the player to move")
    # The computer's button says whose move it makes; two moves, then the log holds both exchanges.
    computer = page.locator("#sums-computer")
    expect(computer).to_have_text("Computer moves for you")
    page.locator("#sums-reply input").uncheck()
    computer.click()
    expect(computer).to_have_text("Computer moves")
    computer.click()
    log = page.locator("#sums-log li")
    expect(log).to_have_count(3)  # the heaps typed, then one line per move
    expect(log.nth(1)).to_contain_text("Computer, for you:")
    expect(log.nth(2)).to_contain_text("Computer:")
    # A sum with one move left: you take the cube 1, and the log says who won.
    box = page.locator("#sums-heaps")
    box.fill("1,0")
    box.press("Enter")
    page.locator("#sums-reply input").check()
    page.locator("#sums-moves button", has_text="heap 1 → 0").click()
    expect(page.locator("#sums-log")).to_contain_text("the computer cannot move, so you win")
    expect(page.locator("#sums-moves")).to_contain_text("so you win")
    assert not errors, errors


def test_the_alpha_box_is_off_for_a_game_without_a_bound(page: Page, server_url: str, errors) -> None:
    page.goto(server_url + "?rule=subtract-a-square&n=5000", timeout=LOAD_TIMEOUT)
    summary = page.locator("#setup-summary")
    expect(summary).to_contain_text("B = N + 1 = 5,001", timeout=LOAD_TIMEOUT)
    expect(summary).not_to_contain_text("α")
    expect(page.locator("#alpha-input")).to_be_disabled()
    # Back to a game with a bound: alpha is live again.
    page.goto(server_url + "?n=5000", timeout=LOAD_TIMEOUT)
    expect(page.locator("#setup-summary")).to_contain_text("α = 100", timeout=LOAD_TIMEOUT)
    expect(page.locator("#alpha-input")).to_be_enabled()
    assert not errors, errors


def test_a_refused_nim_chart_says_so_once(page: Page, server_url: str, errors) -> None:
    from solver.store.disk import solve_cached

    solve_cached(100_000_000)  # N = 10**6 at alpha = 100, solved into the test cache first
    page.goto(server_url + "?n=1000000&view=nim", timeout=LOAD_TIMEOUT)
    message = page.locator("#nim-message")
    expect(message).to_contain_text("would take about", timeout=LOAD_TIMEOUT)
    expect(page.locator("#nim-graph")).to_be_hidden()
    text = page.locator("#explore-view-nim").inner_text()
    assert text.count("would take about") == 1, text
    assert not errors, errors


def test_an_unknown_move_is_not_called_best(page: Page, server_url: str, errors) -> None:
    from solver import Outcome, move_values, solve

    power = solve(10**6, rule="put-or-take-a-power-of-2")
    assert [v.outcome for v in move_values(100, power)] == [Outcome.U, Outcome.U]
    page.goto(server_url + "?rule=put-or-take-a-power-of-2&tab=play&play=100&mode=hvh", timeout=LOAD_TIMEOUT)
    expect(page.locator("#play-take")).to_contain_text("unknown", timeout=LOAD_TIMEOUT)
    assert "(best)" not in page.locator("#play-take").inner_text() + page.locator("#play-put").inner_text()
    expect(page.locator("#play-bound")).to_contain_text("a power of 2, taken to 0")
    assert not errors, errors


def test_one_notation_for_numbers(page: Page, server_url: str, errors) -> None:
    # Tables: thousands separators, headers and game names whole (once 1000000, "highest remoten…").
    page.goto(server_url + "?view=compare", timeout=LOAD_TIMEOUT)
    grid = page.locator("#compare-table")
    expect(grid.locator(".ag-row").first).to_be_visible(timeout=LOAD_TIMEOUT)
    expect(grid.locator(".ag-cell[col-id=bound]").first).to_have_text("1,000,000")
    cut = page.evaluate(
        """() => Array.from(document.querySelectorAll(
                '#compare-table .ag-header-cell-text, #compare-table .ag-cell[col-id=title]'))
            .filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent)"""
    )
    assert not cut, f"cut: {cut}"
    # Positions: 10³⁰ in Play and in Inspect, as the tree writes it.
    page.goto(server_url + "?tab=play&play=10**30&mode=hvh", timeout=LOAD_TIMEOUT)
    expect(page.locator("#play-status")).to_contain_text("at 10³⁰", timeout=LOAD_TIMEOUT)
    page.goto(server_url + "?tab=inspect&inspect=10**30", timeout=LOAD_TIMEOUT)
    expect(page.locator("#inspect-summary")).to_contain_text("10³⁰ (31 digits)", timeout=LOAD_TIMEOUT)
    assert not errors, errors


def test_a_u_of_the_summary_opens_in_inspect_and_decided_below_is_in_the_bar(
    page: Page, server_url: str, errors
) -> None:
    page.goto(server_url, timeout=LOAD_TIMEOUT)
    link = page.locator("#summary-list-U button", has_text="2,231")
    expect(link).to_be_visible(timeout=LOAD_TIMEOUT)
    expect(page.locator("#summary-list-U button")).to_have_count(11)
    expect(page.locator("#setup-decided")).to_contain_text("Decided below 2,230")
    link.click()
    expect(page.locator("#inspect-number")).to_have_value("2231")
    expect(page.locator("#tab-inspect")).to_be_visible()
    expect(page.locator("#inspect-summary")).to_contain_text("2,231")
    # Every tab sees the line: it is in the setup bar, above the tabs.
    expect(page.locator("#setup-decided")).to_be_visible()
    assert not errors, errors


#: The charts' toolbar against their titles, on a phone (the toolbar shows on hover).
TOOLBAR_CLEAR = """(id) => {
    const g = document.getElementById(id);
    const bar = g.querySelector('.modebar'), title = g.querySelector('.gtitle'), svg = g.querySelector('.main-svg');
    if (!bar || !title) { return null; }
    const a = bar.getBoundingClientRect(), t = title.getBoundingClientRect(), s = svg.getBoundingClientRect();
    const overlap = !(a.right <= t.left || t.right <= a.left || a.bottom <= t.top || t.bottom <= a.top);
    return {overlap, cut: t.right > s.right + 1 || t.left < s.left - 1};
}"""


# (The Chomp square gets the same toolbar strip; it is left out here while drawing Chomp's losing bars can hold
# the page for many seconds, which makes a timed check of it flaky.)
@pytest.mark.parametrize("query", ["?tab=thesis", "?tab=finite", "?tab=finite&fgame=wythoff"])
def test_the_toolbar_leaves_the_titles_alone_on_a_phone(page: Page, server_url: str, errors, query) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server_url + query, timeout=LOAD_TIMEOUT)
    # The setup's answer on a put-or-take rule's page; a finite game's page hides the setup bar and asks none.
    page.wait_for_function(SETUP_SETTLED, timeout=LOAD_TIMEOUT)
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.js-plotly-plot')).filter((g) => g.offsetParent).length > 0"
        " && !document.querySelector('[data-dash-is-loading=true]')",
        timeout=LOAD_TIMEOUT,
    )
    # (not the page's hidden warm-up graph, which is mounted once and removed again: dashboard/layout.py)
    graphs = page.evaluate(
        "() => Array.from(document.querySelectorAll('.js-plotly-plot'))"
        ".filter((g) => g.offsetParent && !g.closest('.warm-up')).map((g) => g.closest('[id]').id)"
    )
    checked = 0
    for graph in graphs:
        plot = page.locator(f"#{graph} .js-plotly-plot").first
        plot.scroll_into_view_if_needed()
        plot.hover()
        seen = page.evaluate(TOOLBAR_CLEAR, graph)
        if seen is None:
            continue
        checked += 1
        assert not seen["overlap"], f"the toolbar covers the title of {graph}"
        assert not seen["cut"], f"the title of {graph} runs past its chart"
    assert checked, "no chart with a title"
    assert not errors, errors


def test_a_certificate_move_runs_through_no_other_node(page: Page, server_url: str, errors) -> None:
    page.goto(server_url + "?tab=inspect&inspect=6", timeout=LOAD_TIMEOUT)
    expect(page.locator("#inspect-certificate-box")).to_be_visible(timeout=LOAD_TIMEOUT)
    cy = "document.getElementById('inspect-certificate')._cyreg.cy"
    page.wait_for_function(f"{cy} && {cy}.getElementById('e19-3').nonempty()", timeout=WAIT_TIMEOUT)
    # Sample each move's drawn path and keep it out of every node it does not join (19 → 3 once ran through 1).
    crossings = page.evaluate(
        f"""() => {{
            const cy = {cy};
            const hits = [];
            cy.edges().forEach((e) => {{
                const s = e.sourceEndpoint(), t = e.targetEndpoint();
                const c = e.controlPoints() || [];
                const points = [];
                for (let i = 1; i < 40; i++) {{
                    const u = i / 40;
                    if (c.length === 1) {{
                        points.push({{x: (1-u)*(1-u)*s.x + 2*(1-u)*u*c[0].x + u*u*t.x,
                                      y: (1-u)*(1-u)*s.y + 2*(1-u)*u*c[0].y + u*u*t.y}});
                    }} else {{
                        points.push({{x: s.x + u * (t.x - s.x), y: s.y + u * (t.y - s.y)}});
                    }}
                }}
                cy.nodes().forEach((n) => {{
                    if (n.same(e.source()) || n.same(e.target())) return;
                    const b = n.boundingBox({{includeLabels: false}});
                    if (points.some((p) => p.x > b.x1 && p.x < b.x2 && p.y > b.y1 && p.y < b.y2)) {{
                        hits.push(e.id() + ' through ' + n.id());
                    }}
                }});
            }});
            return hits;
        }}"""
    )
    assert not crossings, crossings
    assert not errors, errors
