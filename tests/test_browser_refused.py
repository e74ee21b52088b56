"""Refused values stay out of the address, in a real browser: a reload shows the last value accepted.

A value the page refuses, with a message next to its box, is never written to
the address: the key keeps the last value the page accepted
(``dashboard.urlstate.JUDGED``, the judged keys of the Finite games and Games
on graphs tabs), so a reload shows that value, with no notice, and never a
silent default.  One case per kind of refusal: a position its game cannot
read (Magnetism, Eraserhead), a board or a position on the graphs tab, a
slice beyond the octant's side, Couples' heaps refused by their estimate, a
strip longer than Magnetism reads, a grid size that is no size.  On a phone,
axe-core finds nothing serious in the panel of the box with the refused value
shown (its message, the box marked invalid).

Run: ``.venv/bin/python -m pytest tests/test_browser_refused.py``.
"""

from __future__ import annotations

import os
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

import pytest

pytest.importorskip("playwright")
pytest.importorskip("pytest_playwright")

from browser_support import CHROMIUM
from playwright.sync_api import Page, expect

#: axe-core as the ``axe-playwright-python`` package ships it, where it is installed.
try:
    import axe_playwright_python

    AXE_SCRIPT: str | None = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")
except ImportError:  # the refusals are still checked; only axe-core's look is skipped
    AXE_SCRIPT = None

LOAD_TIMEOUT = 60_000
WAIT_TIMEOUT = 30_000

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}"),
]

#: The default board of the Games on graphs tab (tokens), which an accepted board extends by one arc.
TOKENS_BOARD = "1>0,2>1,3>2,3>0,4>3,4>5,5>4,5>2,6>5,6>1,6>7,7>6"


@dataclass(frozen=True)
class Refusal:
    """A box, a value the page takes and one it refuses, and where it says why."""

    query: str
    key: str
    box: str
    accepted: str
    refused: str
    error: str
    message: str
    apply: str | None = None  # a button that applies the box's value, where typing alone does not
    ready: str = "#finite-play-state p"


FINITE = "?tab=finite&fgame="
CASES = {
    "magnetism-position": Refusal(
        FINITE + "magnetism", "fpos", "#finite-position", "+.-", "++..", "#finite-play-error", "two equal tokens"
    ),
    "eraserhead-twice": Refusal(
        FINITE + "eraserhead", "fpos", "#finite-position", "cycle-9:0,3", "cycle-9:0,0", "#finite-play-error", "twice"
    ),
    "eraserhead-foo": Refusal(
        FINITE + "eraserhead", "fpos", "#finite-position", "cycle-9:0,3", "foo", "#finite-play-error", "no erasers"
    ),
    "eraserhead-empty": Refusal(
        FINITE + "eraserhead", "fpos", "#finite-position", "cycle-9:0,3", "", "#finite-play-error", "no erasers"
    ),
    "graphs-board": Refusal(
        "?tab=graphs",
        "gboard",
        "#graphs-board",
        TOKENS_BOARD + ",0>7",
        "0>1,1>",
        "#graphs-error",
        "is not an arc",
        ready="#graphs-outcome",
    ),
    "graphs-position": Refusal(
        "?tab=graphs",
        "gpos",
        "#graphs-position",
        "0,2",
        "-1",
        "#graphs-error",
        "is not a vertex",
        ready="#graphs-outcome",
    ),
    "euclid3-slice": Refusal(
        FINITE + "euclid3", "fslice", "#finite-slice-c", "5", "20", "#finite-slice-error", "at most 19"
    ),
    "couples-heaps": Refusal(
        FINITE + "couples-are-forever",
        "fheaps",
        "#finite-heaps-n",
        "100",
        "1000000",
        "#finite-grundy-error",
        "would take",
    ),
    "magnetism-long-strip": Refusal(
        FINITE + "magnetism",
        "fpos",
        "#finite-position",
        "+.-",
        "+" + "." * 20_000,
        "#finite-play-error",
        "20,001 squares",
    ),
    "spring-cleaning-grid": Refusal(
        FINITE + "spring-cleaning",
        "fgrid",
        "#finite-grid-size",
        "4x4",
        "abc",
        "#finite-grid-error",
        "rows x columns",
        apply="#finite-grid-resize",
    ),
}


def _type(page: Page, case: Refusal, text: str) -> None:
    box = page.locator(case.box)
    box.fill(text)
    box.press("Enter")
    if case.apply:
        page.locator(case.apply).click()


def _held(page: Page, key: str) -> list[str]:
    """The values the address holds for ``key``."""
    return urllib.parse.parse_qs(page.evaluate("window.location.search").lstrip("?"), keep_blank_values=True).get(
        key, []
    )


def _serious_axe_violations(page: Page, box: str) -> list[dict]:
    """axe-core's critical and serious findings in the panel that holds ``box`` (a selector)."""
    assert AXE_SCRIPT is not None
    page.evaluate(AXE_SCRIPT)
    found = page.evaluate(
        """(box) => axe.run(document.querySelector(box).closest('section, .panel') || document, {
            resultTypes: ['violations'],
        }).then((r) => r.violations.map((v) => ({
            id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
        })))""",
        box,
    )
    return [v for v in found if v["impact"] in ("critical", "serious")]


def _check(page: Page, server_url: str, case: Refusal, width: int, axe: bool = False) -> None:
    page.set_default_timeout(WAIT_TIMEOUT)
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(server_url + case.query, timeout=LOAD_TIMEOUT)
    expect(page.locator(case.ready).first).not_to_be_empty(timeout=LOAD_TIMEOUT)
    # An accepted value goes into the address.
    _type(page, case, case.accepted)
    page.wait_for_function(
        "([key, value]) => new URLSearchParams(window.location.search).get(key) === value",
        arg=[case.key, case.accepted],
        timeout=WAIT_TIMEOUT,
    )
    # A refused one shows the page's message, marks the box, and stays out of the address.
    _type(page, case, case.refused)
    error = page.locator(case.error)
    expect(error).not_to_be_empty()
    expect(error).to_contain_text(case.message)
    expect(page.locator(case.box)).to_have_attribute("aria-invalid", "true")
    assert _held(page, case.key) == [case.accepted], page.evaluate("window.location.search")[:300]
    if axe and AXE_SCRIPT is not None:
        bad = _serious_axe_violations(page, case.box)
        assert not bad, "\n".join(f"{v['impact']} {v['id']}: {v['nodes']}" for v in bad)
    # A reload shows the last value accepted, with nothing ignored: no silent default.
    page.reload(timeout=LOAD_TIMEOUT)
    expect(page.locator(case.ready).first).not_to_be_empty(timeout=LOAD_TIMEOUT)
    expect(page.locator(case.box)).to_have_value(case.accepted)
    expect(page.locator("#url-notice")).to_be_hidden()
    assert _held(page, case.key) == [case.accepted]


@pytest.mark.parametrize("name", list(CASES))
def test_a_refused_value_stays_out_of_the_address(page: Page, server_url: str, name: str) -> None:
    _check(page, server_url, CASES[name], 1440)


@pytest.mark.parametrize("name", ["magnetism-position", "graphs-board"])
def test_a_refused_value_stays_out_of_the_address_on_a_phone(page: Page, server_url: str, name: str) -> None:
    _check(page, server_url, CASES[name], 390, axe=True)
