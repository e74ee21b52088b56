"""A game chosen or read from the address while the page is still on its way: never the wrong game shown.

A game named by the address outside the menu's list (a member of its family,
``?game=octal-0.6``, the page's own example) is the page's game however late
the menu's script arrives: the menu clears a value outside its options when
it is first drawn, which once left such an address on the default game's
header with the game's error, and the game dropped from the address.


Right after a new game is picked in the menu, the header names it at once,
but the tabs that read the page's setup (Play, Sums, Inspect) get its setup
only when the server's answer arrives.  Until then they must show a wait that
names the chosen game, never the last game's position, values or moves under
the new game's title, and a button pressed then must not play the last
game.  The setup's answer is held back here (Playwright's ``page.route``), so
that the window is as long as the test needs, whatever the machine's load.

Run: ``.venv/bin/python -m pytest tests/test_browser_switch.py``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator

import pytest

pytest.importorskip("playwright")

from browser_support import CHROMIUM
from playwright.sync_api import Page, Route, expect

from dashboard.ids import PAGE_TITLE, SETUP
from solver import RULES

LOAD_TIMEOUT = 90_000
WAIT_TIMEOUT = 60_000

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}"),
]

SQUARE, CUBE = RULES["put-or-take-a-square"].title, RULES["put-or-take-a-cube"].title


class SetupHold:
    """Holds back the server's answers that write the page's setup store (or ``output``), until :meth:`release`."""

    def __init__(self, output: str = f"{SETUP}.data") -> None:
        self.on = False
        self.output = output
        self.held: list[Route] = []

    def __call__(self, route: Route) -> None:
        body = route.request.post_data or ""
        try:
            output = json.loads(body).get("output", "")
        except (ValueError, AttributeError):
            output = ""
        if self.on and self.output in str(output):
            self.held.append(route)
            return
        route.continue_()

    def release(self) -> None:
        self.on = False
        for route in self.held:
            route.continue_()
        self.held.clear()


@pytest.fixture
def held(page: Page) -> Iterator[tuple[Page, SetupHold]]:
    page.set_default_timeout(WAIT_TIMEOUT)
    page.set_viewport_size({"width": 1440, "height": 900})
    hold = SetupHold()
    page.route("**/_dash-update-component*", hold)
    yield page, hold
    hold.release()


def _errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    return errors


def _pick(page: Page, title: str) -> None:
    page.locator("#game-menu").click()
    page.get_by_role("option", name=title, exact=True).click()
    expect(page.locator("#page-title")).to_have_text(f"{title} explorer")


def test_play_shows_no_move_of_the_last_game_before_the_new_games_setup(
    held: tuple[Page, SetupHold], server_url: str
) -> None:
    page, hold = held
    errors = _errors(page)
    page.goto(server_url + "?game=put-or-take-a-square&tab=play", timeout=LOAD_TIMEOUT)
    take, bound = page.locator("#play-take"), page.locator("#play-bound")
    expect(bound).to_contain_text(SQUARE, timeout=LOAD_TIMEOUT)
    expect(take).to_be_enabled(timeout=LOAD_TIMEOUT)
    square_take = take.inner_text()
    hold.on = True
    _pick(page, CUBE)
    # The cubes' setup is held back: the tab waits for it, naming the chosen game, with nothing to press.
    expect(bound).to_contain_text(f"Waiting for the page's setup of {CUBE}")
    expect(take).to_be_disabled()
    expect(page.locator("#play-put")).to_be_disabled()
    expect(page.locator("#play-status")).not_to_contain_text("92")
    assert SQUARE not in bound.inner_text()
    assert len(hold.held) >= 1  # the window really was open
    hold.release()
    # Once the setup arrives: a new game of the cubes, with their values.
    expect(bound).to_contain_text(CUBE, timeout=LOAD_TIMEOUT)
    expect(take).to_be_enabled(timeout=LOAD_TIMEOUT)
    expect(page.locator("#play-status")).to_contain_text("Ply 0")
    assert take.inner_text() != square_take
    assert not errors, errors


def test_sums_show_no_sum_of_the_last_game_before_the_new_games_setup(
    held: tuple[Page, SetupHold], server_url: str
) -> None:
    page, hold = held
    errors = _errors(page)
    page.goto(server_url + "?game=put-or-take-a-square&tab=sums", timeout=LOAD_TIMEOUT)
    result, error = page.locator("#sums-result"), page.locator("#sums-error")
    expect(result).to_contain_text(SQUARE, timeout=LOAD_TIMEOUT)
    hold.on = True
    _pick(page, CUBE)
    expect(error).to_contain_text(f"Waiting for the page's setup of {CUBE}")
    expect(result).not_to_contain_text(SQUARE)
    expect(page.locator("#sums-moves button")).to_have_count(0)
    assert len(hold.held) >= 1
    hold.release()
    expect(result).to_contain_text(CUBE, timeout=LOAD_TIMEOUT)
    expect(error).to_have_text("")
    assert not errors, errors


def test_a_typed_family_member_from_the_address_is_the_pages_game_whenever_the_menus_script_arrives(
    page: Page, server_url: str
) -> None:
    # The dropdown's script (loaded on its own, async-dropdown.js) arrives after the address has set the menu's
    # value and before the answer to that value (the header, the options with the typed game) is in.
    page.set_default_timeout(WAIT_TIMEOUT)
    page.set_viewport_size({"width": 1440, "height": 900})
    errors = _errors(page)
    script = SetupHold()  # its list and switch, for the dropdown's script
    script.on = True
    page.route("**/async-dropdown*", lambda route: script.held.append(route) if script.on else route.continue_())
    chosen = SetupHold(f"{PAGE_TITLE}.children")  # the answer to the menu's value
    chosen.on = True
    page.route("**/_dash-update-component*", chosen)
    page.goto(server_url + "?game=octal-0.6", wait_until="commit", timeout=LOAD_TIMEOUT)
    # The page served for the address may hold the game already (layout.page_layout); otherwise the menu's value
    # is set and its answer asked for (and held).
    for _ in range(30):
        if chosen.held:
            break
        page.wait_for_timeout(100)
    assert script.held  # the script really was held back
    script.release()
    expect(page.locator("#game-menu")).to_be_visible()
    page.wait_for_timeout(500)  # the menu drawn with the address's value, before the game's answer
    chosen.release()
    expect(page.locator("#page-title")).to_have_text(re.compile(r"0\.6.* explorer"), timeout=LOAD_TIMEOUT)
    expect(page.locator("#game-menu")).to_contain_text("0.6")
    expect(page.locator("#game-menu-error")).to_have_text("")
    page.wait_for_function("() => new URLSearchParams(window.location.search).get('game') === 'octal-0.6'")
    assert not errors, errors


@pytest.mark.parametrize(
    ("start", "written"),
    [("wythoff", "?game=eraserhead"), ("tokens", "?game=eraserhead&tab=graphs")],
)
def test_a_game_chosen_writes_no_value_of_the_last_game_for_a_tab_not_drawn(
    page: Page, server_url: str, start: str, written: str
) -> None:
    # Eraserhead has two tabs.  Chosen from Wythoff's game (its Drawn graph tab not drawn yet), the address once
    # took the board and tokens of the graph tab's last game (gboard=1>0,...&gpos=1,6); chosen from Tokens (its
    # Moves tab not drawn), Rob's Dots' heaps (fpos=5+7+9).  Read back, such an address was refused with a notice.
    page.set_default_timeout(WAIT_TIMEOUT)
    page.set_viewport_size({"width": 390, "height": 844})
    errors = _errors(page)
    page.goto(server_url + f"?game={start}", timeout=LOAD_TIMEOUT)
    expect(page.locator("#page-title")).not_to_have_text("Put-or-Take-a-Square explorer", timeout=LOAD_TIMEOUT)
    page.wait_for_timeout(1000)  # the first game's tab drawn
    _pick(page, "Eraserhead")
    page.wait_for_function(f"() => window.location.search === {written!r}", timeout=LOAD_TIMEOUT)
    page.wait_for_timeout(1500)  # nothing later writes another value in
    assert page.evaluate("window.location.search") == written
    page.reload(timeout=LOAD_TIMEOUT)
    expect(page.locator("#page-title")).to_have_text("Eraserhead explorer", timeout=LOAD_TIMEOUT)
    page.wait_for_timeout(1500)
    expect(page.locator("#url-notice")).to_be_hidden()
    assert not errors, errors


def test_a_game_without_the_last_games_tab_writes_none_of_its_values(page: Page, server_url: str) -> None:
    # A move in Wythoff's game, then Put-or-Take-a-Square (no Moves tab): the address once kept the pair
    # (?fpos=6,10 or the like), which the square's page then refused as heaps.
    page.set_default_timeout(WAIT_TIMEOUT)
    page.set_viewport_size({"width": 1440, "height": 900})
    errors = _errors(page)
    page.goto(server_url + "?game=wythoff", timeout=LOAD_TIMEOUT)
    page.locator("#finite-play-moves button").first.click(timeout=LOAD_TIMEOUT)
    page.wait_for_function("() => window.location.search.includes('fpos=')", timeout=LOAD_TIMEOUT)
    moved = page.evaluate("new URLSearchParams(window.location.search).get('fpos')")
    _pick(page, SQUARE)
    page.wait_for_function("() => window.location.search === ''", timeout=LOAD_TIMEOUT)
    page.wait_for_timeout(1500)  # nothing later writes another value in
    assert page.evaluate("window.location.search") == ""
    # Back to Wythoff's game: its position comes back, in the box and in the address alike.
    _pick(page, "Wythoff's game")
    expect(page.locator("#finite-position")).to_have_value(moved, timeout=LOAD_TIMEOUT)
    page.wait_for_function(
        "(pos) => new URLSearchParams(window.location.search).get('fpos') === pos", arg=moved, timeout=LOAD_TIMEOUT
    )
    _pick(page, SQUARE)
    page.wait_for_function("() => window.location.search === ''", timeout=LOAD_TIMEOUT)
    page.reload(timeout=LOAD_TIMEOUT)
    expect(page.locator("#page-title")).to_have_text(f"{SQUARE} explorer", timeout=LOAD_TIMEOUT)
    page.wait_for_timeout(1500)
    expect(page.locator("#url-notice")).to_be_hidden()
    assert not errors, errors
