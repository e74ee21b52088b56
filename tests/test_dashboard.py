"""Figure builders and callbacks of the dashboard, tested as plain functions (no browser)."""

from __future__ import annotations

import io
import json
import math

import numpy as np
import pandas as pd
import pytest
from dash import html, no_update
from naive import naive_classes, naive_solve

from dashboard import controls, ids, setup_callbacks, state, style
from dashboard.jobs import SolveJobs
from dashboard.layout import build_layout
from dashboard.tabs.explore import callbacks, convergence, figures, messages
from dashboard.tabs.explore import ids as explore_ids
from dashboard.tabs.thesis import callbacks as thesis
from solver.analysis.layers import densities
from solver.engine import solve

SMALL = {"n": 300, "alpha": 10, "bound": 3000}


@pytest.fixture(scope="module")
def naive_small():
    return naive_solve(SMALL["bound"])


@pytest.fixture(scope="module")
def classes_small():
    """The class text of every position 0..B of SMALL, from the brute-force least fixed point."""
    return naive_classes(SMALL["bound"])


def _find(component, component_id):
    if getattr(component, "id", None) == component_id:
        return component
    children = getattr(component, "children", None)
    if children is None:
        return None
    for child in children if isinstance(children, list) else [children]:
        found = _find(child, component_id)
        if found is not None:
            return found
    return None


# ---------------------------------------------------------------- figures


@pytest.mark.parametrize("length,cap", [(0, 10), (5, 10), (10, 10), (11, 10), (1_000_003, 5_000)])
def test_downsample_index_keeps_ends_and_cap(length, cap):
    idx = figures.downsample_index(length, cap)
    assert len(idx) <= cap
    assert len(idx) == min(length, cap) or length > cap
    if length:
        assert idx[0] == 0 and idx[-1] == length - 1
        assert np.all(np.diff(idx) > 0)


def test_density_figure_plots_the_four_densities_and_caps_points():
    n = 1_000_000
    rng = np.random.default_rng(1)
    share = rng.random((n, 4))
    share /= share.sum(axis=1, keepdims=True)
    frame = pd.DataFrame(
        {"n": np.arange(1, n + 1), "W": share[:, 0], "L": share[:, 1], "D": share[:, 2], "U": share[:, 3]}
    )
    fig = figures.density_figure(frame, "inverse_log")
    assert [t.name.split(" ")[0] for t in fig.data] == ["W", "L", "D", "U"]
    assert sum(len(t.x) for t in fig.data) <= figures.MAX_POINTS
    trace = fig.data[1]
    x = np.asarray(trace.x)
    expected = 1.0 / np.log(frame["L"].to_numpy()[x - 1])
    np.testing.assert_allclose(np.asarray(trace.y, dtype=float), expected)
    assert fig.layout.xaxis.type == "log"


def test_density_figure_rejects_unknown_transform():
    frame = pd.DataFrame({"n": [1], "W": [1.0], "L": [0.0], "D": [0.0], "U": [0.0]})
    with pytest.raises(ValueError):
        figures.density_figure(frame, "sqrt")


def test_layer_figure_splits_odd_and_even_layers():
    layers = [np.array([1, 4, 9]), np.array([5, 20]), np.array([11, 14, 21, 30]), np.array([29])]
    w = figures.layer_figure(layers, "W")
    l_fig = figures.layer_figure(layers, "L")
    assert [list(t.y) for t in w.data] == [[1, 4, 9], [11, 14, 21, 30]]
    assert [list(t.y) for t in l_fig.data] == [[5, 20], [29]]
    assert list(w.data[1].x) == [1, 2, 3, 4]
    assert w.layout.yaxis.type == "log"
    with pytest.raises(ValueError):
        figures.layer_figure(layers, "D")


def test_layer_figure_thins_huge_layers_to_the_cap():
    layers = [np.arange(1, 200_001), np.arange(5, 10), np.arange(7, 80_007)]
    fig = figures.layer_figure(layers, "W")
    assert sum(len(t.y) for t in fig.data) <= figures.MAX_POINTS
    for trace, members in zip(fig.data, (layers[0], layers[2])):
        # Every plotted point is a member at its own index.
        assert np.array_equal(members[np.asarray(trace.x) - 1], np.asarray(trace.y))


def test_layer_figure_for_depth_one_explains_the_empty_even_panel():
    fig = figures.layer_figure([np.array([1, 4])], "L")
    assert not fig.data
    assert "depth" in fig.layout.annotations[0].text


def test_difference_figure_shows_consecutive_gaps():
    members = np.array([5, 20, 45, 80, 145])
    fig = figures.difference_figure(members, 2)
    assert list(fig.data[0].y) == [15, 25, 35, 65]
    assert list(fig.data[0].x) == [1, 2, 3, 4]
    empty = figures.difference_figure(np.array([7]), 9)
    assert not empty.data


def test_format_position():
    # One notation for positions on every tab (the tree, Play, Inspect, Sums).
    assert style.format_position(4708) == "4,708"
    assert style.format_position(123_456_789_012) == "123,456,789,012"
    assert style.format_position(10**30) == "10³⁰"
    assert style.format_position(10**30 + 1) == "1.000…×10³⁰"
    assert style.position_detail(10**30) == "10³⁰ (31 digits)"
    assert style.position_detail(4708) == "4,708"
    assert style.nim_text("inf{0,2}") == "∞{0,2}" and style.nim_text("inf{}") == "∞{}"
    assert style.nim_text("3") == "3" and style.nim_text("?") == "?"


def test_stylesheet_colours_every_outcome():
    sheet = style.tree_stylesheet()
    coloured = {rule["selector"] for rule in sheet if "background-color" in rule["style"]}
    assert coloured == {"node.W", "node.L", "node.D", "node.U"}


# ---------------------------------------------------------------- callbacks


def _id_modules():
    # The page's ids and every tab's own (dashboard/tabs/<name>/ids.py).
    import importlib

    from dashboard.registry import TABS

    return [ids, *[importlib.import_module(f"dashboard.tabs.{tab.value}.ids") for tab in TABS]]


def test_layout_has_every_component_the_callbacks_use():
    from dashboard.tabs.finite import ids as finite_ids
    from dashboard.tabs.graphs import ids as graphs_ids
    from dashboard.tabs.inspect import ids as inspect_ids
    from dashboard.tabs.sums import ids as sums_ids

    # A pattern-matching id's type names components the callbacks make, not one of the layout.
    pattern_types = {sums_ids.SUMS_MOVE, finite_ids.MOVE, inspect_ids.INSPECT_GOTO, graphs_ids.MOVE}
    layout = build_layout()
    for module in _id_modules():
        for name in dir(module):
            if name.isupper() and getattr(module, name) not in pattern_types:
                assert _find(layout, getattr(module, name)) is not None, name


def test_sync_n_from_slider_and_from_text():
    assert setup_callbacks.sync_n(ids.N_SLIDER, 4.0, "123") == (no_update, "10000")
    slider, text = setup_callbacks.sync_n(ids.N_SLIDER, 2.05, "123")
    assert text == str(round(10**2.05, -1)).split(".")[0]  # 112.2 -> 110
    slider, text = setup_callbacks.sync_n(ids.N_INPUT, 4.0, "100000")
    assert text is no_update and math.isclose(slider, 5.0)
    assert setup_callbacks.sync_n(ids.N_INPUT, 4.0, "abc") == (no_update, no_update)
    # Values outside the slider's range pin it to an end.
    slider, _ = setup_callbacks.sync_n(ids.N_INPUT, 4.0, "10")
    assert math.isclose(slider, 2.0)


@pytest.mark.parametrize(
    "n_text,alpha_text,where,words",
    [
        ("", "100", 1, "empty"),
        ("-5", "100", 1, "at least"),
        ("abc", "100", 1, "whole number"),
        ("2.5", "100", 1, "whole number"),
        ("10**9", "100", 1, "at most"),
        ("10000", "0", 2, "at least"),
        ("10000", "x", 2, "whole number"),
        ("10000", "100000", 2, "at most"),
    ],
)
def test_make_setup_reports_bad_input_next_to_the_control(n_text, alpha_text, where, words):
    result = setup_callbacks.make_setup(n_text, alpha_text)
    assert result[0] is no_update  # the views keep the last good setup
    assert words in result[where]
    # The box with the message is marked (red border, aria-invalid), the other is not.
    assert result[3 + where] == "num-input invalid"
    assert result[3 + (3 - where)] == "num-input"


def test_make_setup_reports_memory_when_the_bound_is_too_large(monkeypatch):
    monkeypatch.setattr("solver.engine.budget.available_memory", lambda: 1 << 20)
    setup, n_msg, alpha_msg, setup_msg, n_class, alpha_class = setup_callbacks.make_setup("10000", "100")
    assert setup is no_update and "of memory" in setup_msg and "choose a smaller" in setup_msg
    assert n_class == alpha_class == "num-input invalid"


def test_make_setup_good_input():
    setup, *messages = setup_callbacks.make_setup("10,000", "100")
    assert setup == {"n": 10_000, "alpha": 100, "bound": 1_000_000, "rule": "put-or-take-a-square"}
    assert messages == ["", "", "", "num-input", "num-input"]


def test_summary_counts_agree_with_brute_force(naive_small):
    letters, rem = naive_small
    panel = callbacks.make_summary(SMALL)
    assert isinstance(panel, html.Div)
    for key in "WLDU":
        cell = _find(panel, f"summary-count-{key}")
        assert cell.children == f"{letters[1 : SMALL['n'] + 1].count(key):,}"
    assert callbacks.make_summary(None) == messages.INVALID


def test_summary_shows_what_u_cannot_be_and_how_far_all_is_decided(classes_small):
    panel = callbacks.make_summary(SMALL)
    top = classes_small[1 : SMALL["n"] + 1]
    assert _find(panel, "summary-count-U-not-L").children == f"{top.count('U (not L)'):,}"
    assert _find(panel, "summary-count-U-not-W").children == f"{top.count('U (not W)'):,}"
    assert top.count("U (not L)") and top.count("U (not W)")  # the test can fail: both rows hold something
    # Every position before the first U is W, L or D (decided below counts the whole solve).
    first_u = next(i for i in range(1, SMALL["bound"] + 1) if classes_small[i].startswith("U"))
    fact = _find(panel, "summary-count-decided").children
    assert fact.startswith(
        f"{first_u - 1:,}: every position 1..{first_u - 1:,} is W, L or D; {first_u:,} is the first U"
    )


def test_summary_at_the_thesis_setup_shows_the_known_facts():
    panel = callbacks.make_summary({"n": 10_000, "alpha": 100})
    counts = {key: _find(panel, f"summary-count-{key}").children for key in ("W", "L", "D", "U", "U-not-L", "U-not-W")}
    assert counts == {"W": "802", "L": "157", "D": "9,030", "U": "11", "U-not-L": "8", "U-not-W": "3"}
    assert _find(panel, "summary-count-decided").children.startswith("2,230: ")


@pytest.mark.parametrize(
    "decided,words",
    [(10, "10: every position 1..10 is W, L or D; 11 is the first U"), (0, "0: position 1 is still U")],
)
def test_decided_text(decided, words):
    assert controls.decided_text(decided, 300, 3000).startswith(words)
    assert "all of 1..N" in controls.decided_text(400, 300, 3000)
    assert "up to the bound" in controls.decided_text(3000, 300, 3000)


def test_density_callback_draws_the_partial_facts_of_u(classes_small):
    fig = callbacks.make_density(SMALL, "density")
    names = [trace.name for trace in fig.data]
    assert names[4:] == ["U (not L): a win or a draw", "U (not W): a loss or a draw"]
    for trace, text in zip(fig.data[4:], ("U (not L)", "U (not W)"), strict=True):
        assert trace.line.dash in ("dash", "dot") and trace.line.color == style.COLOURS["U"]
        for x, y in zip(trace.x, trace.y):
            assert y == pytest.approx(classes_small[1 : x + 1].count(text) / x, rel=1e-6)
    # U is every unresolved position, the partial ones included.
    u = fig.data[3]
    for x, y in zip(u.x, u.y):
        assert y == pytest.approx(sum(c.startswith("U") for c in classes_small[1 : x + 1]) / x, rel=1e-6)


def test_density_callback_uses_the_setup(naive_small):
    letters, _ = naive_small
    fig = callbacks.make_density(SMALL, "density")
    w = fig.data[0]
    for x, y in zip(w.x, w.y):
        assert y == pytest.approx(letters[1 : x + 1].count("W") / x)
    assert not callbacks.make_density(None, "density").data


def test_no_server_callback_listens_to_the_move_depth():
    # A depth change is turned into a view's arguments in the browser, and only for a view shown
    # (dashboard/tabs/explore/viewargs.py): no request leaves for Layers or the tree otherwise.
    from dashboard.app import create_app

    app = create_app()
    listeners = [c for c in app._callback_list if any(i["id"] == explore_ids.DEPTH_APPLIED for i in c["inputs"])]
    assert listeners and all(c.get("clientside_function") for c in listeners)
    server = [c for c in app._callback_list if not c.get("clientside_function")]
    layers = [c for c in server if "layers-w-graph.figure" in c["output"]]
    assert [[i["id"] for i in c["inputs"]] for c in layers] == [[explore_ids.LAYERS_ARGS]]
    tree = [c for c in server if "game-tree.elements" in c["output"]]
    assert len(tree) == 1 and explore_ids.TREE_ARGS in [i["id"] for i in tree[0]["inputs"]]
    assert explore_ids.DEPTH_APPLIED in [s["id"] for s in tree[0]["state"]]


def test_only_the_setup_and_the_address_run_on_load():
    # The setup's request is in a loop (request store -> N slider -> N box), which Dash's renderer
    # starts only when nothing else is pending: any other callback run on load delays the first view.
    # Both run on load in the browser: the address's gate, and the setup's ask, which sends the setup's
    # request only when the page's game is a put-or-take rule (a game with no bound needs no setup).
    from dashboard import urlstate
    from dashboard.app import create_app
    from solver import DEFAULT_RULE

    app = create_app()
    on_load = [c for c in app._callback_list if not c.get("prevent_initial_call")]
    assert sorted(c["output"].strip(".").split(".")[0] for c in on_load) == sorted([ids.SETUP_ASK, urlstate.URL_READ])
    assert all(c.get("clientside_function") for c in on_load)
    setup = [c for c in app._callback_list if ids.REQUEST + ".data" in c["output"]]
    assert len(setup) == 1 and ids.SETUP_ASK in [i["id"] for i in setup[0]["inputs"]]
    # What the header's callback would write for the default game is there from the start.
    layout = build_layout()
    assert _find(layout, ids.PAGE_INTRO).children == f"{DEFAULT_RULE.summary} ({DEFAULT_RULE.source})."
    assert _find(layout, ids.PAGE_TITLE).children == f"{DEFAULT_RULE.title} explorer"


def test_view_args_rule_writes_only_for_the_view_shown():
    from dashboard.tabs.explore.viewargs import view_args_js

    js = view_args_js("layers", ["depth"], with_setup=True)
    assert js.startswith("function(view, tab, gate, ...rest)")
    assert 'view !== "layers"' in js and 'tab !== "explore"' in js and "{setup: gate}" in js
    assert '["depth", "start"]' in view_args_js("tree", ["depth", "start"], with_setup=False)


def test_layers_event_draws_only_what_the_browser_asked_for(naive_small):
    from dash.exceptions import PreventUpdate

    for nothing in (None, {}, {"depth": 3}, [SMALL], "x", {"setup": None, "depth": 2}):
        with pytest.raises(PreventUpdate):
            callbacks.layers_event(nothing)
    w, lose = callbacks.layers_event({"setup": SMALL, "depth": 4})
    assert [t.name.split(" ")[0] for t in w.data] == ["l1", "l3"]
    assert [t.name.split(" ")[0] for t in lose.data] == ["l2", "l4"]
    # A bad depth is a message, not an exception.
    w, _ = callbacks.layers_event({"setup": SMALL, "depth": "<b>99</b>"})
    assert not w.data


def test_layers_and_differences_callbacks_agree_with_brute_force(naive_small):
    letters, rem = naive_small
    expected = {k: [n for n in range(1, SMALL["n"] + 1) if rem[n] == k] for k in range(1, 5)}
    w, l_fig = callbacks.make_layers(SMALL, 4)
    assert [list(t.y) for t in w.data] == [expected[1], expected[3]]
    assert [list(t.y) for t in l_fig.data] == [expected[2], expected[4]]
    diff = callbacks.make_differences(SMALL, 3)
    assert list(diff.data[0].y) == list(np.diff(expected[3]))


def test_download_csv_matches_brute_force(naive_small):
    letters, rem = naive_small
    sent, message = callbacks.make_download(SMALL)
    assert message == ""
    content = sent["content"]
    assert content.startswith("# Put-or-Take-a-Square (put-or-take-a-square): ") and "# bound 3000:" in content
    frame = pd.read_csv(io.StringIO(content), dtype={"remoteness": str}, keep_default_na=False, comment="#")
    assert list(frame.columns) == ["n", "outcome", "remoteness", "cannot_be"]
    assert frame["n"].tolist() == list(range(1, SMALL["n"] + 1))
    assert frame["outcome"].tolist() == letters[1 : SMALL["n"] + 1]
    for i, text in enumerate(frame["remoteness"], start=1):
        if letters[i] in "DU":
            assert text == ""
        else:  # the bounded value, exact or marked as an upper bound
            assert text in (str(rem[i]), f"<={rem[i]}")
    assert callbacks.make_download(None)[0] is no_update


def test_download_csv_carries_decided_below_and_the_partial_marking(classes_small):
    sent, _message = callbacks.make_download(SMALL)
    first_u = next(i for i in range(1, SMALL["bound"] + 1) if classes_small[i].startswith("U"))
    header = sent["content"].splitlines()[1]
    assert f"decided below {first_u - 1}: every position up to it is W, L or D" in header
    frame = pd.read_csv(io.StringIO(sent["content"]), dtype=str, keep_default_na=False, comment="#")
    expected = {"U (not L)": "L", "U (not W)": "W"}
    assert frame["cannot_be"].tolist() == [expected.get(c, "") for c in classes_small[1 : SMALL["n"] + 1]]


def test_density_frame_from_solver_feeds_the_figure():
    solution = solve(2_000)
    fig = figures.density_figure(densities(solution, 200), "log")
    assert len(fig.data) == 4


# ---------------------------------------------------------------- long solves and convergence


def _wait_for(bound, seconds=300):
    # A guard against a hang, not a measure of speed: the job's child process solves in seconds on an idle machine.
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        status = state.JOBS.status(bound)
        if status and (status["done"] or status["error"]):
            return status
        time.sleep(0.1)
    raise AssertionError(f"the job for {bound} did not finish")


@pytest.mark.slow
def test_resolve_setup_solves_small_bounds_now_and_defers_large_ones(monkeypatch, tmp_path):
    # Caches of its own: a test before it in the session may have solved 21,000 already (the
    # callback fuzz draws N and alpha at random), and a bound already solved is never deferred.
    from solver.store.memory import SolutionCache

    monkeypatch.setenv("PTSQ_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(state, "SOLUTIONS", SolutionCache(capacity=8))
    monkeypatch.setattr(state, "JOBS", SolveJobs())
    assert setup_callbacks.resolve_setup(None) == (no_update, None, True, no_update)
    small = {"n": 100, "alpha": 10, "bound": 1000}
    setup, pending, disabled, message = setup_callbacks.resolve_setup(small)
    assert {k: setup[k] for k in ("n", "alpha", "bound")} == small and isinstance(setup["fresh"], bool)
    assert (pending, disabled, message) == (None, True, "")
    # Asked again, the bound is open already: not fresh ("cached" in the summary).
    assert setup_callbacks.resolve_setup(small)[0]["fresh"] is False
    monkeypatch.setattr("dashboard.setup.INLINE_BOUND", 500)
    request = {"n": 3000, "alpha": 7, "bound": 21_000}
    setup, pending, disabled, message = setup_callbacks.resolve_setup(request)
    assert setup is no_update and pending == {**request, "rule": "put-or-take-a-square"} and disabled is False
    status = _wait_for(21_000)
    assert status["done"] and status["error"] is None
    # The poll hands the setup over once the job is done.
    setup, pending, disabled, value, style, message = setup_callbacks.poll_solve(request)
    assert setup == {**request, "rule": "put-or-take-a-square", "fresh": True}
    assert pending is None and disabled and value == "100"
    assert style == {"display": "none"} and message == ""
    # The job wrote the disk cache: its labels agree with the reference.
    from solver.store import disk as store

    cached = store.load(21_000)
    letters, _ = naive_solve(2000)
    for n in range(1, 2001):
        if letters[n] != "U":
            assert int(cached.outcome[n]) == {"W": 1, "L": 2, "D": 3}[letters[n]]


def test_poll_reports_a_failing_job(monkeypatch):
    def broken(bound, on_progress=None, rule=None):
        raise RuntimeError("python -m solver: error: out of disk")

    monkeypatch.setattr("dashboard.jobs.solve_in_subprocess", broken)
    jobs = SolveJobs()
    monkeypatch.setattr(state, "JOBS", jobs)
    jobs.start(123_456)
    _wait_for(123_456)
    setup, pending, disabled, value, style, message = setup_callbacks.poll_solve(
        {"n": 123_456, "alpha": 1, "bound": 123_456}
    )
    assert setup is no_update and pending is None and disabled and "out of disk" in message
    assert setup_callbacks.poll_solve(None)[1:3] == (None, True)


@pytest.mark.slow
def test_convergence_counts_and_changes_agree_with_brute_force():
    n = 120
    figs, rows, message, disabled, progress, bar, button = convergence.make_convergence(
        None, {"n": n, "alpha": 1, "bound": n}
    )
    fig = figs["wide"]
    bounds = [a * n for a in convergence.CONVERGENCE_ALPHAS]
    assert [int(x) for x in fig.data[0].x] == bounds
    refs = {b: naive_solve(b) for b in bounds}
    classes = {b: naive_classes(b) for b in bounds}
    for trace in fig.data:
        if trace.name == "decided below":
            firsts = [next(i for i in range(1, b + 1) if classes[b][i].startswith("U")) for b in bounds]
            assert list(trace.y) == [f - 1 for f in firsts]
        elif trace.name.startswith("U (not"):  # a partial fact: "U (not L): a win or a draw"
            text = trace.name.split(":")[0]
            assert list(trace.y) == [classes[b][1 : n + 1].count(text) for b in bounds]
        else:
            key = trace.name[0]
            assert list(trace.y) == [refs[b][0][1 : n + 1].count(key) for b in bounds]
    # Every changed label in the table really changed between the two bounds,
    # and only U turned into something else.
    changed_labels = {(r["n"], r["from_bound"]) for r in rows if r["before"][0] != r["after"][0]}
    expected = {
        (m, b1) for b1, b2 in zip(bounds, bounds[1:]) for m in range(1, n + 1) if refs[b1][0][m] != refs[b2][0][m]
    }
    assert changed_labels == expected
    assert all(r["before"].startswith("U") for r in rows if r["before"][0] != r["after"][0])
    # A U is written with what it cannot be, and a U that gains a partial fact is listed too.
    for r in rows:
        for side, bound in (("before", r["from_bound"]), ("after", r["to_bound"])):
            if r[side].startswith("U"):
                assert r[side] == classes[bound][r["n"]]
    within = {
        (m, b1)
        for b1, b2 in zip(bounds, bounds[1:])
        for m in range(1, n + 1)
        if classes[b1][m].startswith("U") and classes[b2][m].startswith("U") and classes[b1][m] != classes[b2][m]
    }
    assert within and within <= {(r["n"], r["from_bound"]) for r in rows}
    # The phone's figure has the same lines, stacked.
    assert [t.name for t in figs["narrow"].data] == [t.name for t in fig.data]
    assert message.startswith(f"U in 1..{n} (the D-infinity candidates): ")
    # Nothing runs and nothing is missing: no progress bar, nothing to press.
    assert disabled and bar == {"display": "none"} and button is True


def test_convergence_answer_says_where_u_settles():
    counts = pd.DataFrame(
        {"bound": [10, 100], "U": [7, 2], "U_not_L": [3, 1], "U_not_W": [1, 1], "decided_below": [4, 9]}
    )
    text = convergence.convergence_answer(counts, 10)
    assert text.startswith("U in 1..10 (the D-infinity candidates): 7 → 2 as B grows.")
    assert "At B = 100, 2 are still U (1 cannot be L, 1 cannot be W)." in text
    assert text.endswith("Decided below 9 there: every position up to it is W, L or D.")
    counts.loc[1, "U"] = 0
    assert "every position of 1..10 is W, L or D: none is left U" in convergence.convergence_answer(counts, 10)


def test_convergence_waits_for_the_button_on_large_bounds(monkeypatch):
    monkeypatch.setattr("dashboard.setup.INLINE_BOUND", 1000)
    jobs = SolveJobs()
    monkeypatch.setattr(state, "JOBS", jobs)
    n = 50_001  # bounds above 1000 are not in the cache yet
    setup = {"n": n, "alpha": 1, "bound": n}
    fig, rows, message, disabled, _, bar, button = convergence.make_convergence(None, setup)
    assert "press the button" in message and disabled
    assert bar == {"display": "none"} and button is False
    started = []
    monkeypatch.setattr(jobs, "start", lambda bound, rule=None: started.append(bound))
    convergence.make_convergence(explore_ids.CONVERGENCE_BUTTON, setup)
    assert started == [n, 10 * n, 100 * n, 1000 * n]


def test_thesis_lists_tab_waits_until_opened_and_then_lists_every_row():
    from solver.analysis import thesis_data

    assert thesis.make_thesis_lists("explore", state.SOLUTIONS) == (no_update, no_update)
    rows, summary = thesis.make_thesis_lists("thesis", state.SOLUTIONS)
    appendix_a = [r for r in rows if r["list"].startswith("Appendix A")]
    # At the thesis's own bound every printed member of layers 2, 4, 6 agrees.
    printed = sum(len(v) for v in thesis_data.APPENDIX_A_LAYERS.values())
    assert len(appendix_a) == printed and all(r["agrees"] == "yes" for r in appendix_a)
    assert {r["n"] for r in rows if r["list"].startswith("Appendix B") and r["thesis"] == "D"} == set(
        thesis_data.APPENDIX_B_DRAWS
    )
    assert "Appendix B" in summary


def test_every_draw_appendix_b_lists_is_judged_with_its_reason():
    from solver.analysis import thesis_data
    from solver.engine.codes import CLASS_D, CLASS_L, CLASS_W

    solution = solve(1_000_000)
    rows, summary = thesis.make_thesis_lists("thesis", state.SOLUTIONS)
    listed = {r["n"]: r for r in rows if r["list"] == "Appendix B, draws" and r["thesis"] == "D"}
    assert set(listed) == set(thesis_data.APPENDIX_B_DRAWS)
    verdicts = {"D": [], "L": [], "W": []}
    for n, row in listed.items():
        cls = int(solution.classes[n])
        kids = [m.child for m in solution.rule.moves(n)]
        if cls == CLASS_D:
            verdicts["D"].append(n)
            assert row["agrees"] == "yes" and row["reason"].startswith("agrees: a certified draw. It cannot be W")
        elif cls == CLASS_L:
            verdicts["L"].append(n)
            # every move leads to a W, and the reason names each of them
            assert all(int(solution.classes[k]) == CLASS_W for k in kids)
            assert row["reason"].startswith("not a draw: L") and all(f"→ {k:,} (W" in row["reason"] for k in kids)
        else:
            assert cls == CLASS_W
            verdicts["W"].append(n)
            # the named move leads to an L
            child = int(row["reason"].split("→ ")[1].split(" ")[0].replace(",", ""))
            assert child in kids and int(solution.classes[child]) == CLASS_L
    # The known facts: 141 certified draws, 16 L, 2 W (436 and 601), none left U.
    assert (len(verdicts["D"]), len(verdicts["L"]), sorted(verdicts["W"])) == (141, 16, [436, 601])
    assert "of its 159 listed draws, 141 are certified draws, 16 are L, 2 are W (436, 601), 0 are U" in summary


def test_random_play_view_reports_counts_that_add_up():

    fig, stats, error, *classes = thesis.make_random_play("200", "10", "25", "3")
    assert error == "" and classes == ["num-input"] * 4
    total = sum(fig.data[0].y)
    import re

    match = re.match(
        r"([\d,]+) games: player 1 wins ([\d,]+), player 2 wins ([\d,]+) \(ratio [\d.]+\); ([\d,]+) over", stats
    )
    games, p1, p2, over = (int(g.replace(",", "")) for g in match.groups())
    assert games == 2000 and p1 + p2 == total and total + over == games
    # Odd lengths are player 1's wins (player 1 moves first).
    assert sum(y for x, y in zip(fig.data[0].x, fig.data[0].y) if x % 2) == p1
    fig, stats, error, *classes = thesis.make_random_play("10**6", "100", "25", "0")
    # Too many games: refused with the estimate; the last figure stays; N and R marked.
    assert "would take" in error and fig is no_update and stats is no_update
    assert classes == ["num-input invalid", "num-input invalid", "num-input", "num-input"]
    fig, stats, error, *classes = thesis.make_random_play("abc", "1", "1", "0")
    assert "whole number" in error and classes[0] == "num-input invalid"


def test_fixed_strategies_view_agrees_with_plain_play():
    import math

    n = 300
    fig, rows, error, box = thesis.make_fixed(str(n))
    assert error == "" and box == "num-input"

    def moves_to_zero(x):
        k = 0
        while x:
            x -= math.isqrt(x) ** 2
            k += 1
        return k

    expected = {}
    for start in range(1, n + 1):
        expected[moves_to_zero(start)] = expected.get(moves_to_zero(start), 0) + 1
    assert dict(zip(fig.data[0].x, fig.data[0].y)) == expected
    assert [r["seating"][:8] for r in rows] == ["player 1", "player 2"]
    assert all(r["p1_wins"] + r["p2_wins"] + r["draws"] == n for r in rows)
    fig, rows, error, box = thesis.make_fixed("10**7")
    assert "at most" in error and box == "num-input invalid" and fig is no_update


def test_strategy_matrix_view_has_every_pair():

    from solver.analysis.experiments import STRATEGIES

    rows, error, box = thesis.make_matrix("200", state.SOLUTIONS)
    # Every ordered pair of the five strategies (the thesis's "subtractor"
    # is always take, so it is not a sixth one).
    assert error == "" and len(rows) == len(STRATEGIES) ** 2 == 25
    assert all(r["first_wins"] + r["second_wins"] + r["draws"] + r["unfinished"] == 200 for r in rows)
    put_put = next(r for r in rows if r["first"] == r["second"] == "always put")
    assert put_put["draws"] == 200  # nobody can ever reach 0 by putting
    assert thesis.make_matrix("0", state.SOLUTIONS)[1]


def test_primitives_view_lists_table_2_and_the_missing_11745():
    import math

    fig, rows, error, *boxes = thesis.make_primitives("2", "50000", state.SOLUTIONS)
    assert error == ""
    # Thesis Table 2's primitives; every generated member is i^2 * P with both
    # children of it squares (layer 2 by definition).
    assert [r["primitive"] for r in rows] == [5, 145, 949, 1649, 4901, 31025]
    row_145 = next(r for r in rows if r["primitive"] == 145)
    generated = [int(x) for x in row_145["generated"].split(", ")]
    assert 11745 in generated
    for x in generated:
        s = math.isqrt(x) ** 2
        assert math.isqrt(x - s) ** 2 == x - s and math.isqrt(x + s) ** 2 == x + s
    assert {r["primitive"] for r in rows if r["pell"] == "yes"} == {5, 145, 4901}
    assert sum(len(t.x) for t in fig.data) == 6
    assert "at most" in thesis.make_primitives("2", "10**7", state.SOLUTIONS)[2]


# ---------------------------------------------------------------- package and layout of the code


def test_assets_folder_is_the_checkouts_top_level_one_and_holds_the_css():
    # The assets live in the top-level assets/ (where Dash looks by default);
    # an installed (non-editable) copy has them as package data of `dashboard`
    # (setup.py, pyproject.toml's package-dir), which a checkout has not.
    from pathlib import Path

    import dashboard
    from dashboard.app import ASSETS, create_app

    package = Path(dashboard.__file__).resolve().parent
    app = create_app()
    folder = Path(app.config.assets_folder).resolve()
    assert not (package / "assets").exists()
    assert folder == ASSETS.resolve() == package.parent / "assets"
    css = folder / "style.css"
    assert css.is_file() and ".page" in css.read_text(encoding="utf-8")


def test_every_tab_has_layout_callbacks_and_figures():
    import importlib

    from dashboard.registry import TABS

    # One folder per tab, whose __init__.py declares the tab's registry entry.
    for tab in TABS:
        assert importlib.import_module(f"dashboard.tabs.{tab.value}").TAB is tab
        assert callable(tab.layout)
        for part in ("ids", "layout", "callbacks", "figures"):
            importlib.import_module(f"dashboard.tabs.{tab.value}.{part}")
        assert tab.register is importlib.import_module(f"dashboard.tabs.{tab.value}.callbacks").register


def test_a_tab_entry_says_what_to_fix():
    from dashboard.tabs import Tab

    with pytest.raises(ValueError, match="lower-case letters"):
        Tab("Play Two", "Play two", lambda: None, lambda app: None)
    with pytest.raises(ValueError, match="gated=True"):
        Tab("free", "Free", lambda: None, lambda app: None, gated=False, follows_setup=True)


def test_the_registry_says_what_to_fix():
    import dataclasses

    from dashboard.registry import TABS, check_tabs
    from dashboard.tabs import SetupView

    check_tabs(TABS)
    explore, *others = TABS
    with pytest.raises(ValueError, match="share a value"):
        check_tabs((*TABS, TABS[1]))
    with pytest.raises(ValueError, match=r"the default tab 'explore'.* is not in TABS"):
        check_tabs(tuple(others))
    with pytest.raises(ValueError, match="cannot wait on a gate"):
        check_tabs((dataclasses.replace(explore, gated=True), *others))
    late = dataclasses.replace(others[0], setup_views=(SetupView("x", "children", str),))
    with pytest.raises(ValueError, match="only the default tab has setup_views"):
        check_tabs((explore, late, *others[1:]))
    with pytest.raises(ValueError, match="which is not a tab"):
        check_tabs((explore, dataclasses.replace(others[0], url_before="nowhere"), *others[1:]))


def test_ids_are_unique():
    values = [getattr(module, name) for module in _id_modules() for name in dir(module) if name.isupper()]
    assert len(values) == len(set(values))


def test_solve_jobs_run_the_installed_solver_without_path_tricks(monkeypatch):
    import subprocess
    import sys

    from dashboard import jobs

    seen = {}

    class Child:
        """Stands in for subprocess.Popen: records how it was started."""

        def __init__(self, command, **kwargs):
            seen["command"], seen["kwargs"] = command, kwargs
            self.stderr = iter(["progress 0.5\n"])
            self.stdout = io.StringIO('{"bound": 10}')

        def wait(self):
            return 0

    monkeypatch.setattr(subprocess, "Popen", Child)
    fractions = []
    assert jobs.solve_in_subprocess(10, fractions.append) == {"bound": 10}
    assert seen["command"][:3] == [sys.executable, "-m", "solver"]
    assert "env" not in seen["kwargs"] and "cwd" not in seen["kwargs"]
    assert fractions == [0.5]


def test_help_is_plain_text(capsys):
    from dashboard.__main__ import main

    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert "Put-or-Take-a-Square" in out and "--port" in out
    assert "``" not in out and ":func:" not in out


# ---------------------------------------------------------------- regressions: "Harden the page and the commands"


class _SpyCache:
    """Stands in for the shared solve cache: records every bound asked for, solves nothing big."""

    def __init__(self, real):
        self.real, self.got, self.peeked = real, [], []

    def get(self, bound, **kwargs):
        self.got.append(bound)
        if bound > 10**7:
            raise AssertionError(f"a request solved bound {bound:,}")
        return self.real.get(bound, **kwargs)

    def peek(self, bound, **kwargs):
        self.peeked.append(bound)
        return None


def test_item1_a_huge_slider_value_is_refused_before_any_arithmetic():
    # The payload that froze the server for 47 s: slider value 10,000,000 (log10 N).
    assert setup_callbacks.sync_n(ids.N_SLIDER, 10_000_000, "10000") == (no_update, no_update)
    for bad in (1e308, float("inf"), float("nan"), -1, 1.5, 7.01, True, "5", None, [], {}):
        assert setup_callbacks.sync_n(ids.N_SLIDER, bad, "10000") == (no_update, no_update), bad
    assert setup_callbacks.sync_n(ids.N_SLIDER, 7, "10000") == (no_update, "10000000")


def test_item2_a_client_bound_is_never_believed(monkeypatch):
    spy = _SpyCache(state.SOLUTIONS)
    monkeypatch.setattr(state, "SOLUTIONS", spy)
    jobs = []
    monkeypatch.setattr(state.JOBS, "start", jobs.append)
    lying = {"n": 10_000, "alpha": 1, "bound": 1_000_000_000}
    assert "does not equal" in callbacks.make_summary(lying)
    assert "does not equal" in callbacks.make_density(lying, "density").layout.annotations[0].text
    assert callbacks.make_download(lying)[0] is no_update
    assert setup_callbacks.resolve_setup(lying)[0] is no_update
    assert setup_callbacks.poll_solve(lying)[0] is no_update
    assert "does not equal" in convergence.make_convergence(None, lying)[2]
    # A true setup whose bound is above the inline limit is opened, never solved in the request.
    honest = {"n": 10_000_000, "alpha": 100}
    assert "not solved yet" in callbacks.make_summary(honest)
    assert "not solved yet" in callbacks.make_layers(honest, 3)[0].layout.annotations[0].text
    assert all(bound <= 10**7 for bound in spy.got) and 10**9 in spy.peeked
    assert jobs == []  # only resolve_setup starts jobs, and only for a checked request


def test_item4_heavy_views_are_refused_with_their_limit():
    rows, error, box = thesis.make_matrix("1000000", state.SOLUTIONS)
    assert rows is no_update and f"{thesis.MATRIX_N_MAX:,}" in error and box == "num-input invalid"
    fig, stats, error, *boxes = thesis.make_random_play("1000000", "100", "25", "0")
    assert fig is no_update and "would take" in error and f"{thesis.RANDOM_GAMES_MAX:,}" in error
    fig, rows, error, box = thesis.make_fixed("10**7")
    assert f"{thesis.FIXED_N_MAX:,}" in error
    fig, rows, error, *boxes = thesis.make_primitives("2", "10**6", state.SOLUTIONS)
    assert f"{thesis.PRIMITIVES_LIMIT_MAX:,}" in error and boxes == ["num-input", "num-input invalid"]
    sent, message = callbacks.make_download({"n": 10**7, "alpha": 1})
    assert (
        sent is no_update
        and "python -m solver classify --rule put-or-take-a-square --n 10000000 --bound 10000000" in message
    )
    # The limits are the ones the page states next to the controls.
    from dashboard.tabs.thesis.layout import thesis_layout

    text = str(thesis_layout())
    for limit in (thesis.MATRIX_N_MAX, thesis.RANDOM_GAMES_MAX, thesis.FIXED_N_MAX, thesis.PRIMITIVES_LIMIT_MAX):
        assert f"{limit:,}" in text


@pytest.mark.parametrize(
    "call",
    [
        lambda: callbacks.make_summary({"n": 1}),
        lambda: callbacks.make_layers(SMALL, {}),
        lambda: callbacks.make_differences(SMALL, "abc"),
        lambda: callbacks.make_download({"n": "x", "alpha": 1}),
        lambda: callbacks.make_density(SMALL, ["log"]),
        lambda: convergence.make_convergence(None, {"n": 1, "alpha": 1, "bound": 1, "x": 2}),
        lambda: setup_callbacks.resolve_setup("abc"),
        lambda: setup_callbacks.poll_solve({"n": -5, "alpha": 1}),
    ],
    ids=[
        "setup-without-bound",
        "depth-dict",
        "layer-abc",
        "download-bad-setup",
        "transform-list",
        "setup-extra-key",
        "request-string",
        "pending-negative",
    ],
)
def test_item7_malformed_payloads_answer_with_a_message(call):
    result = call()
    parts = result if isinstance(result, tuple) else (result,)
    texts = []
    for part in parts:
        if isinstance(part, str):
            texts.append(part)
        elif hasattr(part, "layout") and part.layout.annotations:
            texts.append(part.layout.annotations[0].text)
    assert any(texts), result


def test_item8_user_text_in_a_figure_is_escaped():
    phish = '<a href="https://example.com/phish">Session expired</a>'
    fig = callbacks.make_density(SMALL, phish)
    assert "<" not in fig.layout.annotations[0].text
    fig = callbacks.make_differences(SMALL, phish)
    assert "<" not in fig.layout.annotations[0].text
    fig = callbacks.make_layers({"n": phish, "alpha": 1}, 3)[0]
    assert "<" not in fig.layout.annotations[0].text and "&lt;a href" in fig.layout.annotations[0].text
    # Random play no longer draws a message into its figure at all.
    fig, stats, error, *boxes = thesis.make_random_play(phish, "10", "25", "0")
    assert fig is no_update and isinstance(error, str) and boxes[0] == "num-input invalid"
    assert messages.plain(phish) == '&lt;a href="https://example.com/phish"&gt;Session expired&lt;/a&gt;'


def test_convergence_button_retries_a_failed_bound(monkeypatch):
    monkeypatch.setattr("dashboard.setup.INLINE_BOUND", 1000)

    class Jobs:
        def __init__(self):
            self.calls = []

        def start(self, bound, rule=None):
            self.calls.append(("start", bound))

        def retry(self, bound, rule=None):
            self.calls.append(("retry", bound))

        def status(self, bound, rule=None):
            return {"error": "out of disk", "done": False, "progress": 0.0} if bound == 50_003 else None

    jobs = Jobs()
    monkeypatch.setattr(state, "JOBS", jobs)
    setup = {"n": 50_003, "alpha": 1}
    fig, rows, message, disabled, _, bar, button = convergence.make_convergence(None, setup)
    assert "out of disk" in message and "try again" in message and button is False and jobs.calls == []
    convergence.make_convergence(explore_ids.CONVERGENCE_BUTTON, setup)
    assert ("retry", 50_003) in jobs.calls and ("start", 500_030) in jobs.calls


@pytest.mark.slow
def test_memo_computes_a_new_key_once_for_concurrent_callers():
    import threading
    import time as clock

    from dashboard.setup import memo

    calls = []

    @memo(4)
    def slow(bound, n):
        calls.append((bound, n))
        clock.sleep(0.2)
        return bound * n

    results = []
    threads = [threading.Thread(target=lambda: results.append(slow(10, 3))) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [30] * 8 and calls == [(10, 3)]
    for key in range(6):  # bounded: the oldest keys are dropped
        slow(key, 1)
    assert slow.cache_info().currsize == 4


def test_download_limit_is_stated_next_to_its_button():
    from dashboard.tabs.explore.layout import explore_layout

    assert f"N up to {callbacks.DOWNLOAD_N_MAX:,}" in str(explore_layout())


def test_slider_exponent_refuses_a_huge_int_without_overflow():
    # Found by the callback fuzz suite: float(10**400) raised OverflowError.
    from dashboard.setup_callbacks import slider_exponent

    assert slider_exponent(10**400) is None and slider_exponent(-(10**400)) is None
    assert slider_exponent(4) == 4.0


def test_the_summary_lists_the_u_positions_and_the_bounded_ones_as_links():
    import numpy as np

    from dashboard.links import LINK_TARGETS, link_target
    from dashboard.tabs.explore import callbacks as explore
    from solver.engine import solve
    from solver.engine.codes import CLASS_U, CLASS_UL, CLASS_UW

    def links(summary) -> list[int]:
        props = [c.to_plotly_json()["props"] for c in summary._traverse() if hasattr(c, "to_plotly_json")]
        return [int(p["data-inspect"]) for p in props if "data-inspect" in p]

    # The thesis's setup: the 11 U of 1..10,000, read here from the solver's classes.
    thesis = solve(10**6)
    classes = np.asarray(thesis.classes[1 : 10**4 + 1])
    want = (np.flatnonzero(np.isin(classes, [CLASS_U, CLASS_UL, CLASS_UW])) + 1).tolist()
    assert len(want) == 11 and want[0] == 2231
    summary = explore.make_summary({"n": 10_000, "alpha": 100, "rule": "put-or-take-a-square"})
    assert links(summary) == want
    assert "U positions (unresolved at the bound), 11:" in str(summary) and "U (not L)" in str(summary)
    # N = 10**5, alpha = 10: 23 W/L whose remoteness is only bounded; 1,825 U, of which the first 50 are listed.
    ten = solve(10**6)  # the same bound, N larger
    packed = np.asarray(ten.packed_remoteness[1 : 10**5 + 1])
    bounded = (np.flatnonzero(packed < -1) + 1).tolist()
    assert len(bounded) == 23
    summary = explore.make_summary({"n": 100_000, "alpha": 10, "rule": "put-or-take-a-square"})
    shown = links(summary)
    assert shown[50:] == bounded and len(shown) == 50 + 23
    assert "and 1,775 more (python -m solver classify --n 100000 --bound 1000000" in str(summary)
    # A link opens its number in the Inspect tab (the rule page.js runs on a click), and nothing else.
    assert link_target("2231") == ("2231", "inspect") and LINK_TARGETS["tab"] == "inspect"
    assert link_target("9" * 4000) == ("9" * 4000, "inspect")
    for bad in ("", "x", "-5", "4.5", "٣", "9" * 4001, None, 2231):
        assert link_target(bad) is None, bad
    # The links carry no pattern-matching id: a callback on such a group would run with every setup.
    assert not any(isinstance(getattr(c, "id", None), dict) for c in summary._traverse())
    # page.js runs the same rule: the same digits, the same length.
    from dashboard.app import ASSETS, INDEX_STRING

    assert "if (!/^[0-9]{1,4000}$/.test(position" in (ASSETS / "page.js").read_text(encoding="utf-8")
    assert f"window.ptsqLinks = {json.dumps(LINK_TARGETS)};" in INDEX_STRING


def _components(node):
    """Every Dash component in a layout tree (children and component-valued props)."""
    if isinstance(node, (list, tuple)):
        for item in node:
            yield from _components(item)
        return
    if not hasattr(node, "_prop_names"):
        return
    yield node
    for prop in node._prop_names:
        value = getattr(node, prop, None)
        if value is not None and (hasattr(value, "_prop_names") or isinstance(value, (list, tuple))):
            yield from _components(value)


def test_no_callback_writes_a_tab_s_props():
    # assets/page.js drops dcc.Tabs' dashChildrenUpdate flag, which only matters when a callback
    # changes a dcc.Tab's props: none may (a tab's content redraws itself).
    from dash import dcc

    from dashboard.app import create_app

    app = create_app()
    tab_ids = {c.id for c in _components(build_layout()) if isinstance(c, dcc.Tab) and getattr(c, "id", None)}
    written = set()
    for key in app.callback_map:  # "id.prop" or "..id.prop...id.prop.."
        for output in key.strip(".").split("..."):
            written.add(output.rsplit(".", 1)[0])
    assert ids.deferred_id("thesis") in written  # the outputs are read right: a holder's value is written
    tabs_in_layout = [c for c in _components(build_layout()) if isinstance(c, dcc.Tab)]
    assert len(tabs_in_layout) > 20  # the tab bar's tabs and the deferred holders' (the walk sees them)
    assert not (tab_ids & written), f"callbacks write the props of dcc.Tab components {sorted(tab_ids & written)}"
