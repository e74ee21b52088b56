"""Every download button of the page outside the Finite games tab saves a file, in a real browser.

A button that does nothing is the worst defect a page can have: Explore's
Records and Rules compared once exported nothing.  Each button is clicked the
way a person would, Playwright waits for the browser's download, and the
file's content is checked against the solver at the page's default setup
(N = 10,000, alpha = 100, B = 10**6), computed here independently of the
dashboard's code.  The list of buttons is checked against the page itself:
a new download button without a test here fails.  (The Finite games tab's
own downloads are tested in ``tests/test_browser_finite.py``.)

Run: ``.venv/bin/python -m pytest tests/test_browser_downloads.py``.
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("playwright")
pytest.importorskip("pytest_playwright")

from browser_support import CHROMIUM
from playwright.sync_api import BrowserContext, Page, expect

LOAD_TIMEOUT = 60_000
WAIT_TIMEOUT = 30_000
N = 10_000
BOUND = 1_000_000

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}"),
]


@pytest.fixture(scope="module")
def solution():
    from solver.engine import solve

    return solve(BOUND)


def _rows(text: str) -> list[list[str]]:
    return [row for row in csv.reader(io.StringIO(text)) if row and not row[0].startswith("#")]


def check_main_csv(text: str, solution) -> None:
    rows = _rows(text)
    assert rows[0] == ["n", "outcome", "remoteness", "cannot_be"]
    assert len(rows) == 1 + N
    letters = [row[1][0] for row in rows[1:]]
    counts = solution.counts(N)
    for letter in "WLDU":
        assert letters.count(letter) == counts[letter], letter


def check_records(text: str, solution) -> None:
    from solver import records

    rows = _rows(text)
    assert rows[0] == ["remoteness", "outcome", "position"]
    want = records(solution)["records"]
    assert len(rows) - 1 == len(want) > 10
    assert [int(r[2]) for r in rows[1:]] == [int(w["position"]) for w in want]


def check_compare(text: str, solution) -> None:
    rows = _rows(text)
    header = rows[0]
    assert header[:3] == ["title", "bound", "W"]
    squares = next(r for r in rows[1:] if r[0] == "Put-or-Take-a-Square")
    assert int(squares[header.index("W")]) == solution.counts(N)["W"]
    assert len(rows) - 1 == 12  # the twelve games of the family


def check_convergence(text: str, solution) -> None:
    from solver import Outcome
    from solver.engine import solve

    rows = _rows(text)
    assert rows[0] == ["n", "from_bound", "to_bound", "before", "after"]
    assert len(rows) > 100
    solves = {}
    for n, lo, hi, before, after in rows[1:]:
        for bound, shown in ((int(lo), before), (int(hi), after)):
            if bound not in solves:
                solves[bound] = solve(bound)
            assert shown[0] == Outcome(int(solves[bound].outcome[int(n)])).name, (n, bound, shown)


def check_bfile(letter: str):
    def check(text: str, solution) -> None:
        from solver import write_bfile

        out = io.StringIO()
        write_bfile(solution, letter, out, 10_000)
        assert text == out.getvalue()

    return check


def check_header(*fields: str, least: int = 1):
    def check(text: str, solution) -> None:
        rows = _rows(text)
        assert tuple(rows[0][: len(fields)]) == fields
        assert len(rows) - 1 >= least

    return check


#: (button id, address, what shows the button's data has arrived, the file's check).
DOWNLOADS = [
    ("download-button", "", "#summary-count-W", check_main_csv),
    ("records-table-export", "?view=records", "#records-table .ag-row", check_records),
    ("bfile-p", "?view=records", "#records-table .ag-row", check_bfile("P")),
    ("bfile-n", "?view=records", "#records-table .ag-row", check_bfile("N")),
    ("bfile-d", "?view=records", "#records-table .ag-row", check_bfile("D")),
    ("compare-table-export", "?view=compare", "#compare-table .ag-row", check_compare),
    ("convergence-table-export", "?view=convergence", "#convergence-table .ag-row", check_convergence),
    ("thesis-lists-table-export", "?tab=thesis", "#thesis-lists-table .ag-row", check_header("list", least=100)),
    ("primitives-table-export", "?tab=thesis", "#primitives-table .ag-row", check_header("primitive", least=3)),
    ("fixed-table-export", "?tab=thesis", "#fixed-table .ag-row", check_header("seating", least=2)),
    ("matrix-table-export", "?tab=thesis", "#matrix-table .ag-row", check_header("first", "second", least=25)),
    ("inspect-chain-export", "?tab=inspect", "#inspect-chain .ag-row", check_header("step", least=2)),
]

#: What a download button says (CSV, b-file buttons).
BUTTON_WORDS = ("csv", "positions", "draws")


@pytest.fixture(scope="module")
def tab(shared_context: BrowserContext) -> Iterator[Page]:
    """One tab of the module's browser context (``shared_context``) for its addresses, each loaded into it afresh by :func:`opened`."""
    page = shared_context.new_page()
    page.set_default_timeout(WAIT_TIMEOUT)
    yield page
    page.close()


@pytest.fixture(scope="module")
def opened(request: pytest.FixtureRequest, tab: Page, server_url: str) -> Page:
    """The page at the address ``request.param``, loaded once for all the tests of that address.

    pytest runs the tests of one address one after another (a parameter of
    module scope), so each address loads once; a new tab for each test made
    three times as many page loads, the most of this module's time.
    """
    tab.goto(server_url + request.param, timeout=LOAD_TIMEOUT)
    expect(tab.locator("#summary-count-W")).to_be_attached(timeout=LOAD_TIMEOUT)
    return tab


@pytest.mark.parametrize(
    ("button", "opened", "ready", "check"),
    DOWNLOADS,
    ids=[d[0] for d in DOWNLOADS],
    indirect=["opened"],
    scope="module",  # pytest runs the tests of one address together (both tests' lists)
)
def test_download_button_saves_the_file(opened: Page, solution, button, ready, check) -> None:
    page = opened
    expect(page.locator(ready).first).to_be_attached(timeout=LOAD_TIMEOUT)
    target = page.locator(f"#{button}")
    expect(target).to_be_visible()
    with page.expect_download(timeout=WAIT_TIMEOUT) as info:
        target.click()
    path = info.value.path()
    text = Path(path).read_text(encoding="utf-8")
    assert text, f"{button} saved an empty file"
    check(text, solution)


@pytest.mark.parametrize(
    "opened", ["", "?view=records", "?view=compare", "?view=convergence", "?tab=thesis", "?tab=inspect"], indirect=True
)
def test_every_download_button_on_the_page_is_tested(opened: Page) -> None:
    page = opened
    expect(page.locator("[data-dash-is-loading=true]")).to_have_count(0, timeout=LOAD_TIMEOUT)
    shown = page.evaluate(
        """(words) => Array.from(document.querySelectorAll('button'))
            .filter((b) => b.offsetParent !== null && b.closest('#tab-finite') === null)
            .filter((b) => words.some((w) => b.textContent.toLowerCase().includes(w)))
            .map((b) => b.id)""",
        list(BUTTON_WORDS),
    )
    tested = {d[0] for d in DOWNLOADS}
    assert shown, "no download button found"
    assert set(shown) <= tested, f"download buttons without a test: {set(shown) - tested}"
