"""Real-browser tests of what the Games on graphs tab asks the server when its move buttons are drawn.

Drawing a position's move buttons (on a load, after every move) must send no
callback request: a press reaches the server through a store written in the
browser (:data:`dashboard.components.MOVE_CLICK_JS`), as in the Finite games
and Sums tabs.  The callback requests are read from the browser's network
log (:class:`test_browser_finite_requests.CallbackLog`).
"""

from __future__ import annotations

import json
import os
import re

import pytest

pytest.importorskip("playwright")
pytest.importorskip("pytest_playwright")

from browser_support import CHROMIUM
from playwright.sync_api import Page, expect
from test_browser_finite_requests import CallbackLog

LOAD_TIMEOUT = 90_000

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}"),
]


class InputLog(CallbackLog):
    """:class:`CallbackLog`, and each request's inputs' ids as text."""

    def __init__(self, page: Page) -> None:
        self.inputs: list[str] = []
        super().__init__(page)

    def _request(self, request) -> None:
        if self._is_callback(request):
            inputs = json.loads(request.post_data or "{}").get("inputs", [])
            self.inputs.append(json.dumps(inputs))
        super()._request(request)


def _relayed_by_buttons(log: InputLog) -> list[str]:
    """The requests whose inputs are the move buttons themselves (their ``type`` is the buttons' id type)."""
    return [text for text in log.inputs if '"graphs-move"' in text]


@pytest.mark.parametrize("game", ["snakes-and-adders", "tokens"])
def test_drawing_move_buttons_sends_no_request_and_a_press_plays(page: Page, server_url: str, game: str) -> None:
    log = InputLog(page)
    page.goto(f"{server_url}?game={game}")
    buttons = page.locator("#graphs-moves button")
    expect(buttons.first).to_be_visible(timeout=LOAD_TIMEOUT)
    log.wait_quiet(page)
    assert buttons.count() > 0
    assert _relayed_by_buttons(log) == [], "drawing the move buttons sent a request"
    assert 204 not in log.statuses, f"a request changed nothing: {log.statuses}"
    # A press still plays the move, and the new buttons it draws send nothing either.
    log.clear()
    log.inputs.clear()
    label = buttons.first.inner_text()
    buttons.first.click()
    expect(page.locator("#graphs-log")).to_contain_text("You", timeout=LOAD_TIMEOUT)
    log.wait_quiet(page)
    move = re.sub(r"^\W+", "", label.split("(")[0]).strip()  # the move, without its mark (★, ○) and outcome
    assert f"You: {move}" in page.locator("#graphs-log").inner_text()
    assert _relayed_by_buttons(log) == []
    assert log.sent, "the press sent no request"
