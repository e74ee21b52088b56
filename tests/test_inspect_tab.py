"""Tests of the Inspect tab (dashboard.tabs.inspect): callbacks as plain functions, layout, a browser run.

Split out of test_inspection.py, which tests solver.values.inspection itself.
"""

from __future__ import annotations

import math
import os

import dash
import pytest
from browser_support import CHROMIUM
from dash import no_update

from dashboard import ids
from dashboard.tabs.inspect import callbacks
from dashboard.tabs.inspect import ids as inspect_ids
from dashboard.tabs.inspect import layout as tab_layout

HUGE = 10**30


def _isq(n: int) -> int:
    return math.isqrt(n) ** 2


# ------------------------------------------------------------- the callbacks


def _gate(n=10_000, alpha=100):
    """The tab's gate store for a setup (as the page writes it)."""
    return {"setup": {"n": n, "alpha": alpha, "bound": n * alpha}, "pending": None}


def _text(component) -> str:
    if component is None:
        return ""
    if isinstance(component, (str, int, float)):
        return str(component)
    if isinstance(component, (list, tuple)):
        return " ".join(_text(c) for c in component)
    return _text(getattr(component, "children", None))


def test_make_inspection_draw_8():
    bound_text, summary, moves, rows, elements, layout, note, proof, style, error, box = callbacks.make_inspection(
        "8", _gate()
    )
    assert layout["roots"] == "#c8"
    assert error == "" and box == "num-input"
    assert "B = 1,000,000 " in bound_text and "alpha × N" in bound_text
    assert "D" in _text(summary) and "put" in _text(summary)
    assert "12" in _text(moves)
    assert rows[0]["position"] == "8" and rows[0]["take"] == "4"
    expected = [8]
    while expected[-1] <= 10**6:
        expected.append(expected[-1] + _isq(expected[-1]))
    assert [r["position"] for r in rows] == [str(x) for x in expected]
    nodes = {e["data"]["id"]: e for e in elements if "source" not in e["data"]}
    edges = [e for e in elements if "source" in e["data"]]
    # 8 -> 4 (a square: W) and 12; 12 -> 3 and 21 (W3); 2 and 3 keep each other from W and L.
    assert set(nodes) == {"c2", "c3", "c8", "c12", "c1", "c4", "c21"}
    assert "root" in nodes["c8"]["classes"] and "D" in nodes["c12"]["classes"]
    for member in ("c2", "c3", "c8", "c12"):
        assert {"member", "notW", "notL"} <= set(nodes[member]["classes"].split())
        assert nodes[member]["data"]["claims"] == "cannot be W, cannot be L"
    assert nodes["c21"]["classes"].startswith("W") and {"known", "exit"} <= set(nodes["c21"]["classes"].split())
    assert len(edges) == 8
    # 8's witness (it cannot be L) is its put to 12; both of 8's moves show it cannot be W.
    by_id = {e["data"]["id"]: e for e in edges}
    assert set(by_id["e8-12"]["classes"].split()) == {"claimW", "claimL"}
    assert set(by_id["e8-4"]["classes"].split()) == {"claimW", "exit"}
    assert style == tab_layout.CERTIFICATE_SHOWN  # 7 positions: the plain height
    # A large certificate gets a taller graph (67 members for 6070), up to a cap.
    *_, big_style, _error, _box = callbacks.make_inspection("6070", _gate())
    assert big_style["visibility"] == "visible" and big_style["height"] == f"{tab_layout.CERTIFICATE_MAX_PX}px"
    assert tab_layout.certificate_box_style(20)["height"] == f"{420 + 8 * tab_layout.CERTIFICATE_PX_PER_POSITION}px"
    assert "2, 3, 8, 12" in note and "It cannot be L: put → 12 (D)" in note
    assert "It cannot be W: every move leads to a position that cannot be L (take → 4 (W1), put → 12 (D))" in note


# ------------------------------------------------------------- the draw's proof


def _proof_rows(proof):
    """(member, claim, [targets]) per row of the proof table, read from the buttons' ids."""
    from dash import html

    rows = []
    for tr in proof._traverse():
        if not isinstance(tr, html.Tr) or not isinstance(tr.children, list) or len(tr.children) != 4:
            continue
        cells = tr.children
        if isinstance(cells[0], html.Th):
            continue
        member = int(cells[0].children.id["position"])
        targets = [int(b.id["position"]) for b in cells[3]._traverse() if isinstance(b, html.Button)]
        rows.append((member, cells[2].children, targets))
    return rows


#: The bound of the brute-force labels the proofs are checked against.  The
#: proofs are the setup's (bound 10**6), but the brute force labels a position
#: W or L at a bound only from positions up to that bound, so its W and L at
#: 50,000 are W and L at 10**6 too: each check below asserts the same fact as
#: with the labels at 10**6, or a stronger one (a position that is W or L only
#: at a larger bound fails it).  Every position whose label these proofs read
#: lies below 20,000.  The brute force to 10**6 took about 40 s; to 50,000 it
#: takes about 3 s.
NAIVE_BOUND = 50_000


@pytest.fixture(scope="module")
def naive_letters():
    """The brute-force reference's outcome letters at :data:`NAIVE_BOUND` (a few seconds)."""
    from naive import naive_solve

    return naive_solve(NAIVE_BOUND)[0]


@pytest.mark.slow  # the brute-force reference to 50,000 takes a few seconds
@pytest.mark.parametrize("n", [2, 6, 8, 35, 6070])
def test_the_proof_of_a_draw_holds_on_the_brute_force_values(n, naive_letters):
    # The proof is checked as a proof, against the brute-force reference's
    # retrograde labels and children, not against the code that wrote it.
    from naive import children

    def label(position: int) -> str | None:
        """The brute force's letter, None past its bound (a target the proof must then cover by a row)."""
        return naive_letters[position] if position <= NAIVE_BOUND else None

    *_, note, proof, _style, error, _box = callbacks.make_inspection(str(n), _gate())
    assert error == "" and proof is not None
    rows = _proof_rows(proof)
    claims = {(member, claim) for member, claim, _ in rows}
    assert rows[0][:2] == (n, "cannot be W") and rows[1][:2] == (n, "cannot be L")
    for member, claim, targets in rows:
        if claim == "cannot be W":
            # every move, each to a known W or to a row that says it cannot be L
            assert targets == children(member)
            assert all(label(t) == "W" or (t, "cannot be L") in claims for t in targets), (member, targets)
        else:
            # one move, to a known L or to a row that says it cannot be W
            (target,) = targets
            assert target in children(member)
            assert label(target) == "L" or (target, "cannot be W") in claims, (member, target)
    # Every number of the table is a button that inspects it.
    buttons = [b for b in proof._traverse() if getattr(b, "id", None) and isinstance(b.id, dict)]
    assert len({(b.id["position"], b.id["at"]) for b in buttons}) == len(buttons)
    # written as every position is on the page: with thousands separators (6,070)
    assert all(b.id["type"] == inspect_ids.INSPECT_GOTO and b.children == f"{int(b.id['position']):,}" for b in buttons)
    assert "is a draw" in note


def test_a_partial_u_says_why_it_cannot_be_l_or_w():
    from solver import solve
    from solver.engine.codes import CLASS_D, CLASS_L, CLASS_UL, CLASS_UW, CLASS_W

    solution = solve(1_000_000)
    classes = solution.classes
    # 2231 cannot be L (the first U at the thesis's setup), 4440 cannot be W.
    assert int(classes[2231]) == CLASS_UW and int(classes[4440]) == CLASS_UL
    _b, summary, *_rest, note, _proof, _style, _error, _box = callbacks.make_inspection("2231", _gate())
    text = _text(summary)
    assert "U (not L): unresolved, but it cannot be L (a win or a draw for the mover)" in text
    # The named move leads to a position that cannot be W (L, D or U (not W)) by the solver's classes.
    witness = int(text.split("It cannot be L: ")[1].split(" leads to")[0].split("→ ")[1].replace(",", ""))
    assert int(classes[witness]) in (CLASS_L, CLASS_D, CLASS_UL)
    assert "may still be a win" in note
    _b, summary, *_rest = callbacks.make_inspection("4440", _gate())
    text = _text(summary)
    assert "It cannot be W: every move leads to a position that cannot be L" in text
    for child in (4440 - 66**2, 4440 + 66**2):
        assert f"{child:,}" in text and int(classes[child]) in (CLASS_W, CLASS_D, CLASS_UW)


def test_number_from_proof():
    goto = {"type": inspect_ids.INSPECT_GOTO, "position": "12", "at": 3}
    assert callbacks.number_from_proof(goto, 1) == "12"
    assert callbacks.number_from_proof(goto, 0) is no_update  # a button just drawn
    assert callbacks.number_from_proof(goto, None) is no_update
    for bad in ({**goto, "position": "1e3"}, {**goto, "position": "<b>"}, {**goto, "type": "x"}, "12", None):
        assert callbacks.number_from_proof(bad, 1) is no_update


def test_a_newly_chosen_game_still_solving_shows_no_values_of_the_last_one():
    # The page moved from squares to cubes; the cube solve runs; the setup is still the squares'.
    gate = {**_gate(), "pending": 1_000_000, "pending_rule": "put-or-take-a-cube"}
    out = callbacks.make_inspection("27", gate)
    assert "Solving Put-or-Take-a-Cube to bound B = 1,000,000" in out[0]
    assert out[1] == "" and out[3] == [] and out[4] == [] and out[-1] == "num-input"
    # The same game at another bound keeps showing the last bound's values, and says so.
    same = {**_gate(), "pending": 2_000_000, "pending_rule": "put-or-take-a-square"}
    out = callbacks.make_inspection("8", same)
    assert "Bound 2,000,000 is being solved" in out[0] and "D" in _text(out[1])
    # Before the first setup arrives: a wait, not an error.
    out = callbacks.make_inspection("8", {"setup": None, "pending": None})
    assert out[0].startswith("Waiting for the page's setup")


def test_the_value_is_the_pages_bound_not_a_fixed_one():
    # 92 wins in 11 at B = 1,000,000; at B = 1,000 its winning line (up to
    # 5016) is out of sight, so it is U.  The tab follows the page's bound.
    small = callbacks.make_inspection("92", _gate(100, 10))
    assert "B = 1,000 " in small[0] and "U" in _text(small[1]) and "W11" not in _text(small[1])
    big = callbacks.make_inspection("92", _gate())
    assert "W11" in _text(big[1])


def test_a_lying_or_missing_setup_gives_a_message_not_values():
    lying = {"setup": {"n": 10_000, "alpha": 1, "bound": 10**9}, "pending": None}
    out = callbacks.make_inspection("8", lying)
    assert "alpha" in out[0] and out[1] == "" and out[3] == [] and out[-2] == ""
    out = callbacks.make_inspection("8", {"setup": None, "pending": 100_000_000})
    assert "Solving bound B = 100,000,000" in out[0] and out[3] == []


def test_nothing_happens_before_the_tab_is_opened():
    from dash.exceptions import PreventUpdate

    with pytest.raises(PreventUpdate):
        callbacks.inspect_event(None, "8")


@pytest.mark.parametrize(
    "text, message",
    [("", "empty"), ("abc", "whole number"), ("-3", "at least 0"), ("2.5", "whole number"), (None, "empty")],
)
def test_make_inspection_bad_input(text, message):
    out = callbacks.make_inspection(text, _gate())
    assert message in out[-2]
    assert out[-1] == "num-input invalid"
    assert out[3] == [] and out[4] == []


def test_number_from_click():
    assert callbacks.number_from_click(inspect_ids.INSPECT_CHAIN, {"colId": "position", "value": "173"}, None) == "173"
    assert callbacks.number_from_click(inspect_ids.INSPECT_CHAIN, {"colId": "take", "value": "11"}, None) == "11"
    assert callbacks.number_from_click(inspect_ids.INSPECT_CHAIN, {"colId": "value", "value": "W11"}, None) is no_update
    assert callbacks.number_from_click(inspect_ids.INSPECT_CHAIN, {"colId": "take", "value": ""}, None) is no_update
    assert callbacks.number_from_click(inspect_ids.INSPECT_CERTIFICATE, None, {"position": "12"}) == "12"
    assert callbacks.number_from_click(None, None, None) is no_update


def _ids(component, found):
    cid = getattr(component, "id", None)
    if cid is not None:
        found.append(cid)
    children = getattr(component, "children", None)
    if isinstance(children, (list, tuple)):
        for c in children:
            _ids(c, found)
    elif children is not None and not isinstance(children, (str, int, float)):
        _ids(children, found)
    return found


def test_layout_ids_and_registration():
    assert inspect_ids.INSPECT_INPUT == "inspect-number"
    found = _ids(tab_layout.inspect_layout(), [])
    for name in vars(inspect_ids):
        if name.startswith("INSPECT_"):
            value = getattr(inspect_ids, name)
            assert value.startswith("inspect-")
            # The type of the proof's pattern-matching buttons names buttons the callback draws.
            assert value in found or name == "INSPECT_GOTO", value
    assert all(i.startswith("inspect-") for i in found if isinstance(i, str))
    app = dash.Dash(__name__)
    app.layout = dash.html.Div([tab_layout.inspect_layout(), dash.dcc.Store(id=ids.tab_gate_id("inspect"))])
    callbacks.register(app)
    outputs = " ".join(app.callback_map)
    assert "inspect-summary.children" in outputs and "inspect-number.value" in outputs
    # The certificate graph sets no custom wheel sensitivity (cytoscape warns on every load).
    graph = next(
        c for c in tab_layout.inspect_layout()._traverse() if getattr(c, "id", None) == inspect_ids.INSPECT_CERTIFICATE
    )
    assert getattr(graph, "wheelSensitivity", None) is None


# ------------------------------------------------------------ hostile input (hypothesis)

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**40),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.sampled_from(["<b>8</b>", "10**5000", "9" * 5000, "1e999", "0", "2", "8", "11225", "10**30", "٣"]),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)
_GATES = st.one_of(
    _HOSTILE,
    st.just(_gate()),
    st.fixed_dictionaries(
        {"setup": st.one_of(_HOSTILE, st.fixed_dictionaries({"n": _HOSTILE, "alpha": _HOSTILE, "bound": _HOSTILE})),
         "pending": _HOSTILE}
    ),
)  # fmt: skip


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_GATES, _HOSTILE)
def test_inspect_event_never_raises_anything_but_prevent_update(gate, text):
    from dash.exceptions import PreventUpdate

    try:
        out = callbacks.inspect_event(gate, text)
    except PreventUpdate:
        assert not isinstance(gate, dict)
        return
    assert len(out) == 11
    assert isinstance(out[-2], str) and out[-1] in ("num-input", "num-input invalid")
    assert isinstance(out[3], list) and isinstance(out[4], list)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([None, "x", inspect_ids.INSPECT_CHAIN, inspect_ids.INSPECT_CERTIFICATE]),
       st.one_of(_HOSTILE, st.fixed_dictionaries({"colId": _HOSTILE, "value": _HOSTILE})),
       st.one_of(_HOSTILE, st.fixed_dictionaries({"position": _HOSTILE})))  # fmt: skip
def test_number_from_click_never_raises(triggered, cell, node):
    out = callbacks.number_from_click(triggered, cell, node)
    assert out is no_update or (isinstance(out, str) and out.isdigit())


# ------------------------------------------------------------ in a real browser
# Debian's Chromium with the flags of docs/browser-tests.md (tests/conftest.py
# hands them to pytest-playwright); marked `browser` like every browser test,
# so CI's guard counts it wherever it lives.


@pytest.fixture(scope="module")
def inspect_url():
    """Serve the whole page (it opens on the inspector with ``?tab=inspect``) on a free port."""
    import threading

    from werkzeug.serving import make_server

    from dashboard.app import create_app

    server = make_server("127.0.0.1", 0, create_app().server, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/?tab=inspect"
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()


@pytest.mark.browser
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM}")
def test_inspector_in_a_browser(inspect_url, request):
    pytest.importorskip("pytest_playwright")
    from playwright.sync_api import expect

    page = request.getfixturevalue("page")
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_default_timeout(30_000)
    page.goto(inspect_url, timeout=60_000)
    # Default number 8: a certified draw with the certificate {2, 3, 8, 12}.
    expect(page.locator("#inspect-certificate-note")).to_contain_text("2, 3, 8, 12", timeout=60_000)
    expect(page.locator("#inspect-certificate-box")).to_be_visible()
    expect(page.locator("#inspect-summary")).to_contain_text("D")
    expect(page.locator("#inspect-bound")).to_contain_text("1,000,000")
    expect(page.locator("#inspect-chain .ag-row[row-index='0'] [col-id='position']")).to_have_text("8")
    # Clicking a chain number inspects it: 12's put-chain starts 12, 21.
    page.locator("#inspect-chain .ag-row[row-index='1'] [col-id='position']").click()
    expect(page.locator("#inspect-number")).to_have_value("12")
    expect(page.locator("#inspect-chain .ag-row[row-index='1'] [col-id='position']")).to_have_text("21")
    # A huge number and a non-draw.
    box = page.locator("#inspect-number")
    box.fill("10**30")
    box.press("Enter")
    expect(page.locator("#inspect-summary")).to_contain_text("W1")
    expect(page.locator("#inspect-certificate-box")).to_be_hidden()
    box.fill("ab")
    box.press("Enter")
    expect(page.locator("#inspect-error")).to_contain_text("whole number")
    assert not errors, errors


def test_a_number_typed_before_the_setup_follows_a_new_game_waits_for_it():
    # The menu says cubes; the gate still holds the squares' setup (its update is on its way): the squares'
    # value of 27 (a draw there; the cubes' W1) is never shown, and the wait names the chosen game.
    chosen = "put-or-take-a-cube"
    out = callbacks.make_inspection("27", _gate(), chosen)
    assert "Put-or-Take-a-Cube" in out[0] and out[0].startswith("Waiting")
    assert out[1] == "" and out[2] == "" and out[3] == [] and out[4] == []
    # Once the gate names the chosen game (solving it, or its setup), the answer is the gate's as before.
    solving = {**_gate(), "pending": 1_000_000, "pending_rule": chosen}
    assert callbacks.make_inspection("27", solving, chosen)[0].startswith("Solving Put-or-Take-a-Cube")
    plain = callbacks.make_inspection("8", _gate())
    same = callbacks.make_inspection("8", _gate(), "put-or-take-a-square")
    assert same[0] == plain[0] and _text(same[1]) == _text(plain[1]) and "D (certified draw)" in _text(same[1])
    # A menu value that is not a rule (a finite game, or junk) is not checked.
    for other in ("wythoff", None, 5, ["x"]):
        out = callbacks.make_inspection("8", _gate(), other)
        assert out[0] == plain[0] and _text(out[1]) == _text(plain[1])
