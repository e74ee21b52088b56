"""Figure builders of the Explore and Thesis tabs, the click-to-inspect rules and the CSV exports (no browser).

What a figure holds is read from ``fig.to_json()``, the JSON Dash sends to the
browser, decoded the way plotly.js decodes it, and checked against the full
data computed here from :mod:`solver`.
"""

from __future__ import annotations

import base64
import itertools
import json

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dashboard import ids, links, style, tables
from dashboard.tabs.explore import figures
from dashboard.tabs.explore import ids as explore_ids
from dashboard.tabs.thesis import figures as thesis_figures
from dashboard.tabs.thesis import ids as thesis_ids
from solver.analysis.layers import classification_table, convergence, densities, layer, layers
from solver.analysis.primitives import primitive_elements
from solver.engine import solve
from solver.engine.codes import CLASS_D, CLASS_L, CLASS_U, CLASS_UL, CLASS_UW, CLASS_W

N6 = 1_000_000

# plotly.js's short names of typed arrays (the "dtype" of a "bdata" blob).
_TYPED = {
    "i1": np.int8,
    "u1": np.uint8,
    "i2": np.int16,
    "u2": np.uint16,
    "i4": np.int32,
    "u4": np.uint32,
    "f4": np.float32,
    "f8": np.float64,
}


def _sent(fig: go.Figure) -> dict:
    """The figure as Dash sends it."""
    return json.loads(fig.to_json())


def _array(value) -> np.ndarray:
    """A data array of the sent JSON, decoded as plotly.js decodes it."""
    if isinstance(value, dict) and "bdata" in value:
        data = np.frombuffer(base64.b64decode(value["bdata"]), dtype=_TYPED[value["dtype"]])
        if "shape" in value:
            data = data.reshape([int(s) for s in str(value["shape"]).split(",")])
        return data
    return np.asarray(value)


def _points(fig: go.Figure) -> int:
    return sum(len(_array(trace["x"])) for trace in _sent(fig)["data"] if "x" in trace)


def _trace_colours(trace: dict) -> set[str]:
    colours = set()
    for part in ("marker", "line"):
        colour = (trace.get(part) or {}).get("color")
        if isinstance(colour, str):
            colours.add(colour.lower())
    return colours


def _outcome_colours() -> set[str]:
    return {c.lower() for c in style.COLOURS.values()}


def _rgb(colour: str) -> np.ndarray:
    return np.array([int(colour.lstrip("#")[i : i + 2], 16) for i in (0, 2, 4)])


@pytest.fixture(scope="module")
def sol6():
    return solve(N6)


@pytest.fixture(scope="module")
def thesis_solution():
    return solve(1_000_000)


@pytest.fixture(scope="module")
def all_figures(sol6):
    """Every figure builder's figure at N = 10**6 (bound 10**6), plus a huge synthetic layer set."""
    found = layers(sol6, N6, 20)
    huge = [np.arange(1, 300_001) * 3, np.arange(5, 90_005), np.arange(1, 200_001) ** 2 + 7]
    counts, _ = convergence([solve(10_000), solve(100_000), solve(1_000_000)], 10_000)
    prim = primitive_elements(layer(solve(1_000_000), 10_000, 2))
    return {
        "density": figures.density_figure(densities(sol6, N6), "density"),
        "density log": figures.density_figure(densities(sol6, N6), "log"),
        "density 1/log": figures.density_figure(densities(sol6, N6), "inverse_log"),
        "layers W": figures.layer_figure(found, "W"),
        "layers L": figures.layer_figure(found, "L"),
        "layers W huge": figures.layer_figure(huge, "W"),
        "differences l3": figures.difference_figure(layer(sol6, N6, 3), 3),
        "differences huge": figures.difference_figure(np.cumsum(np.arange(1, 500_001) % 97 + 1), 4),
        "convergence": figures.convergence_figure(counts, 10_000),
        "primitives": thesis_figures.primitives_figure(prim, 2),
        "histogram": thesis_figures.histogram_figure({1: 5, 2: 40, 3: 7}, "t", "moves"),
    }


# ---------------------------------------------------------------- payload


@pytest.mark.parametrize(
    "name,most_bytes",
    [
        ("density", 100_000),
        ("density log", 100_000),
        ("density 1/log", 100_000),
        ("layers W", 80_000),
        ("layers L", 80_000),
        ("layers W huge", 80_000),
        ("differences l3", 80_000),
        ("differences huge", 80_000),
        ("convergence", 10_000),
        ("primitives", 10_000),
        ("histogram", 5_000),
    ],
)
def test_figure_json_at_a_million_stays_small(all_figures, name, most_bytes):
    # Before the figures were thinned the density figure alone was 775 KB here.
    fig = all_figures[name]
    assert len(fig.to_json()) <= most_bytes
    assert _points(fig) <= figures.MAX_POINTS


def test_figures_use_the_slim_template(all_figures):
    for name, fig in all_figures.items():
        template = _sent(fig)["layout"]["template"]
        assert len(json.dumps(template)) < 1_500, name
        assert template["layout"]["plot_bgcolor"] == "white"


def test_no_figure_uses_webgl(all_figures):
    for name, fig in all_figures.items():
        assert "scattergl" not in fig.to_json(), name
        assert {t["type"] for t in _sent(fig)["data"]} <= {"scatter", "bar"}, name


def test_big_layers_say_how_many_points_they_show(all_figures):
    title = all_figures["layers W huge"].layout.title.text
    assert "showing 5,000 of 500,000" in title  # layers 1 and 3: 300,000 + 200,000
    assert "showing" in all_figures["differences huge"].layout.title.text
    small = figures.layer_figure([np.array([1, 4, 9]), np.array([5, 20])], "W")
    assert "showing" not in small.layout.title.text


# ---------------------------------------------------------------- density curves


@given(st.integers(1, 3_000_000), st.integers(2, 3_000))
@settings(max_examples=60, deadline=None)
def test_geometric_positions_keep_both_ends_and_every_small_position(n, points):
    kept = figures.geometric_positions(n, points)
    assert kept[0] == 1 and kept[-1] == n
    assert len(kept) <= max(points, 1) and np.all(np.diff(kept) > 0)
    gaps = np.flatnonzero(np.diff(kept) > 1)
    if len(gaps):
        # every position before the first skipped one is kept
        assert np.array_equal(kept[: gaps[0] + 1], np.arange(1, gaps[0] + 2))
    else:
        assert len(kept) == n


@given(st.integers(0, 2**32 - 1), st.integers(50, 20_000), st.integers(5, 300))
@settings(max_examples=40, deadline=None)
def test_a_density_moves_at_most_gap_over_position_between_kept_positions(seed, n, points):
    # The subtitle's promise: between kept a < b, #X <= m / m moves by <= (b - a) / b.
    labels = np.random.default_rng(seed).random(n) < np.random.default_rng(seed + 1).random()
    density = np.cumsum(labels) / np.arange(1, n + 1)
    kept = figures.geometric_positions(n, points)
    for a, b in itertools.pairwise(kept):
        if b - a > 1:
            between = density[a - 1 : b]  # positions a..b
            assert np.max(np.abs(between - density[a - 1])) <= (b - a) / b + 1e-12


def test_density_figure_holds_the_exact_curve_at_the_kept_positions(sol6):
    full = densities(sol6, N6)
    for transform in ("density", "log", "inverse_log"):
        sent = _sent(figures.density_figure(full, transform))
        assert [t["name"][0] for t in sent["data"]] == ["W", "L", "D", "U"]
        for trace in sent["data"]:
            x = _array(trace["x"]).astype(np.int64)
            assert x[0] == 1 and x[-1] == N6
            assert np.array_equal(x, figures.geometric_positions(N6))
            expected = figures.transform_density(full[trace["name"][0]].to_numpy()[x - 1], transform)
            np.testing.assert_array_equal(_array(trace["y"]), expected.astype(np.float32))
    assert sent["layout"]["xaxis"]["type"] == "log"
    assert "exact at" in sent["layout"]["title"]["subtitle"]["text"]


def test_small_density_figures_keep_every_position():
    frame = pd.DataFrame(
        {"n": [1, 2, 3], "W": [1.0, 0.5, 1 / 3], "L": [0.0] * 3, "D": [0.0, 0.5, 2 / 3], "U": [0.0] * 3}
    )
    sent = _sent(figures.density_figure(frame))
    assert list(_array(sent["data"][0]["x"])) == [1, 2, 3]
    assert "every n" in sent["layout"]["title"]["subtitle"]["text"]


@pytest.mark.parametrize("n", [1, 7, 1_000, 54_321, N6])
def test_sampled_densities_are_the_rows_of_the_full_table(sol6, n):
    full = densities(sol6, n)
    sampled = figures.sampled_densities(sol6.outcome, n)
    expected = full.iloc[figures.geometric_positions(n) - 1].reset_index(drop=True)
    pd.testing.assert_frame_equal(sampled, expected, check_exact=True)
    # and the figure drawn from them is the same figure
    assert figures.density_figure(sampled, "log").to_json() == figures.density_figure(full, "log").to_json()


def test_sampled_densities_refuse_n_beyond_the_bound(sol6):
    with pytest.raises(ValueError, match="between 1 and"):
        figures.sampled_densities(sol6.outcome, N6 + 1)
    with pytest.raises(ValueError):
        figures.sampled_densities(sol6.outcome, 0)


# ---------------------------------------------------------------- scatter thinning


@given(st.lists(st.integers(-(10**6), 10**6), min_size=1, max_size=3_000), st.integers(4, 400))
@settings(max_examples=80, deadline=None)
def test_envelope_keeps_every_runs_extremes_within_the_cap(values, cap):
    values = np.array(values)
    kept = figures.envelope_index(values, cap)
    assert len(kept) <= max(cap, 0) or len(values) <= cap
    assert len(kept) <= cap
    assert kept[0] == 0 and kept[-1] == len(values) - 1 and np.all(np.diff(kept) > 0)
    assert values[kept].min() == values.min() and values[kept].max() == values.max()
    if len(values) > cap:
        runs = (cap - 2) // 2
        run = (np.arange(len(values)) * runs) // len(values)
        for r in range(runs):
            inside = kept[run[kept] == r]
            assert values[inside].min() == values[run == r].min()
            assert values[inside].max() == values[run == r].max()


def test_layer_points_are_members_at_their_index(all_figures):
    huge = [np.arange(1, 300_001) * 3, np.arange(5, 90_005), np.arange(1, 200_001) ** 2 + 7]
    for trace, members in zip(_sent(all_figures["layers W huge"])["data"], (huge[0], huge[2]), strict=True):
        x, y = _array(trace["x"]).astype(np.int64), _array(trace["y"]).astype(np.int64)
        assert np.array_equal(members[x - 1], y)
        assert x[0] == 1 and x[-1] == len(members)


# ---------------------------------------------------------------- colours mean outcomes


def test_layer_points_wear_their_layers_outcome_colour(sol6):
    found = layers(sol6, 10_000, 6)
    for parity in ("W", "L"):
        sent = _sent(figures.layer_figure(found, parity))
        assert len(sent["data"]) == 3
        # each layer in its own shade of its outcome's colour (figures.layer_shades), and its own shape
        shades = [c.lower() for c in figures.layer_shades(parity, 3)]
        for trace, shade in zip(sent["data"], shades, strict=True):
            assert _trace_colours(trace) == {shade}
        assert len({t["marker"]["symbol"] for t in sent["data"]}) == 3
    for k in (2, 3):
        trace = _sent(figures.difference_figure(found[k - 1], k))["data"][0]
        assert _trace_colours(trace) == {style.COLOURS["W" if k % 2 else "L"].lower()}


def test_density_and_convergence_lines_wear_their_outcome_colour(all_figures):
    for name in ("density", "convergence"):
        for trace in _sent(all_figures[name])["data"]:
            if trace["name"] == "decided below":  # not an outcome: a neutral grey
                assert _trace_colours(trace) == {style.NEUTRAL.lower()}
                continue
            # U's two partial facts ("U (not L)") keep U's grey.
            assert _trace_colours(trace) == {style.COLOURS[trace["name"][0]].lower()}, name


def test_non_outcome_traces_wear_no_outcome_colour(all_figures):
    outcome = _outcome_colours()
    fixed = thesis_figures.histogram_figure({1: 3}, "Always subtract", "moves", "#009E73")  # the old draw green
    for fig in (all_figures["primitives"], all_figures["histogram"], fixed):
        for trace in _sent(fig)["data"]:
            colours = _trace_colours(trace)
            assert colours and not colours & outcome
            for colour in colours:
                # not even close to one: some channel differs by at least 64
                assert all(np.max(np.abs(_rgb(colour) - _rgb(c))) >= 64 for c in outcome), colour
    pell = [t for t in _sent(all_figures["primitives"])["data"] if t["name"].startswith("Pell")]
    assert pell and pell[0]["marker"]["symbol"] == "diamond"


# ---------------------------------------------------------------- convergence axis


@pytest.mark.parametrize("narrow", [False, True])
def test_convergence_gives_each_count_its_own_axis(narrow):
    # One shared axis (linear or log) hides U's shrinking behind its size.
    solutions = [solve(10_000), solve(100_000), solve(1_000_000)]
    counts, _ = convergence(solutions, 10_000)
    sent = _sent(figures.convergence_figure(counts, 10_000, narrow=narrow))
    names = [t["name"] for t in sent["data"]]
    assert names == [
        style.NAMES["U"],
        "U (not L): a win or a draw",
        "U (not W): a loss or a draw",
        "decided below",
        style.NAMES["W"],
        style.NAMES["L"],
        style.NAMES["D"],
    ]
    # U and its partial facts share a panel; decided below, W, L and D have one each.
    assert len({t["yaxis"] for t in sent["data"]}) == 5
    assert len({t["yaxis"] for t in sent["data"][:3]}) == 1
    # Every count is the solver's, computed here from its class arrays.
    unresolved = (CLASS_U, CLASS_UW, CLASS_UL)
    expected = {name: [] for name in names}
    for sol in solutions:
        classes = np.asarray(sol.classes[1:10_001])
        expected[style.NAMES["W"]].append(int(np.sum(classes == CLASS_W)))
        expected[style.NAMES["L"]].append(int(np.sum(classes == CLASS_L)))
        expected[style.NAMES["D"]].append(int(np.sum(classes == CLASS_D)))
        expected[style.NAMES["U"]].append(int(np.sum(np.isin(classes, unresolved))))
        expected["U (not L): a win or a draw"].append(int(np.sum(classes == CLASS_UW)))
        expected["U (not W): a loss or a draw"].append(int(np.sum(classes == CLASS_UL)))
        every = np.asarray(sol.classes[1:])
        first_u = int(np.flatnonzero(np.isin(every, unresolved))[0]) + 1
        expected["decided below"].append(first_u - 1)
    for trace in sent["data"]:
        assert list(trace["y"]) == expected[trace["name"]], trace["name"]
        np.testing.assert_allclose(trace["customdata"], 100 * np.array(expected[trace["name"]]) / 10_000)
        axis = "yaxis" + trace["yaxis"][1:]
        assert sent["layout"][axis].get("type", "linear") == "linear"
        assert sent["layout"]["xaxis" + trace["xaxis"][1:]]["type"] == "log"
    u = expected[style.NAMES["U"]]
    assert u[0] > u[-1] == 11  # U shrinks as the bound grows (11 at the thesis's setup), and the title says by how much
    titles = [a["text"] for a in sent["layout"]["annotations"]]
    assert f"U, unresolved at the bound: {u[0]:,} → {u[-1]:,} (−{u[0] - u[-1]:,})" in titles
    assert any(
        t.startswith("decided below") and t.endswith(f"→ 2,230 (+{2230 - expected['decided below'][0]:,})")
        for t in titles
    )
    # U and decided below write their counts at the points; the legend names only the partial lines.
    assert sent["data"][0]["text"] == [f"{x:,}" for x in u]
    assert [t.get("showlegend") for t in sent["data"]] == [False, True, True, False, False, False, False]
    # The phone's figure stacks the panels in one column.
    columns = {tuple(sent["layout"]["xaxis" + t["xaxis"][1:]]["domain"]) for t in sent["data"]}
    assert (len(columns) == 1) == narrow


# ---------------------------------------------------------------- clicks open layer members


def _click(fig: go.Figure, trace: int, point: int) -> dict:
    """The clickData Dash builds: x, y as plotted, customdata copied from the figure as sent."""
    data = _sent(fig)["data"][trace]
    event = {
        "x": _array(data["x"])[point].item(),
        "y": _array(data["y"])[point].item(),
        "curveNumber": trace,
        "pointNumber": point,
    }
    custom = data.get("customdata")
    if custom is not None:
        # dcc.Graph copies figure.data[curve].customdata[point]: a typed-array
        # blob (a dict) has no items, so only a plain list gives one.
        event["customdata"] = custom[point] if isinstance(custom, list) else None
    return {"points": [event]}


def test_clicking_a_difference_opens_the_later_layer_member(thesis_solution):
    members = layer(thesis_solution, 10_000, 2)
    fig = figures.difference_figure(members, 2)
    i = int(np.flatnonzero(members == 1305)[0]) - 1  # the gap 1305 - 949 = 356
    event = _click(fig, 0, i)
    assert event["points"][0]["y"] == 356
    assert event["points"][0]["customdata"] == [949, 1305]
    number = links.number_from_event(event, explore_ids.DIFF_GRAPH)
    assert number == 1305 and number in set(members.tolist())


def test_every_thinned_difference_point_opens_a_member():
    gaps = np.random.default_rng(7).integers(2, 100, 300_000)
    gaps[123_457] = 10_000  # one outlier: the thinned plot must still show it
    gaps[7_771] = 1  # and the one smallest gap
    members = np.cumsum(gaps) + 5
    fig = figures.difference_figure(members, 3)
    sent = _sent(fig)["data"][0]
    y = _array(sent["y"])
    assert len(y) <= figures.DIFFERENCE_POINTS and y.max() == 10_000 and y.min() == 1
    assert isinstance(sent["customdata"], list)
    pairs = np.array(sent["customdata"])
    later = np.searchsorted(members, pairs[:, 1])
    assert np.array_equal(members[later], pairs[:, 1]) and np.array_equal(members[later - 1], pairs[:, 0])
    assert np.array_equal(pairs[:, 1] - pairs[:, 0], _array(sent["y"]))
    for point in (0, len(pairs) // 2, len(pairs) - 1):
        assert links.number_from_event(_click(fig, 0, point), explore_ids.DIFF_GRAPH) == pairs[point, 1]


def test_a_difference_click_without_its_pair_opens_nothing():
    # Never the gap (the y value), which is not a member of the layer.
    event = {"points": [{"x": 5, "y": 356, "customdata": None}]}
    assert links.number_from_event(event, explore_ids.DIFF_GRAPH) is None
    assert (
        links.number_from_event({"points": [{"x": 5, "y": 356, "customdata": {"0": 1}}]}, explore_ids.DIFF_GRAPH)
        is None
    )


def test_clicking_a_layer_or_primitive_point_opens_it(sol6, all_figures):
    found = layers(sol6, 10_000, 4)
    fig = figures.layer_figure(found, "L")
    assert links.number_from_event(_click(fig, 1, 3), explore_ids.LAYERS_L_GRAPH) == found[3][3]
    prim = all_figures["primitives"]
    event = _click(prim, 0, 0)
    assert links.number_from_event(event, thesis_ids.PRIMITIVES_GRAPH) == int(_sent(prim)["data"][0]["y"][0])
    assert (thesis_ids.PRIMITIVES_GRAPH, "clickData") in links.SOURCES


@pytest.mark.parametrize("value", [True, 2.5, -3, "x", None])
def test_clicks_on_non_numbers_open_nothing(value):
    assert links.number_from_event({"points": [{"y": value}]}, explore_ids.LAYERS_W_GRAPH) is None


# ---------------------------------------------------------------- CSV exports


def test_exports_write_the_same_notation_as_the_main_csv():
    sol = solve(34_000)  # 8637 wins in at most 11 here (only bounded)
    table = classification_table(sol, 9_000)
    assert (table["remoteness"] == "<=11").any()
    # the page shows the bound as ≤; the export must write what the main CSV writes
    shown = table.assign(remoteness=table["remoteness"].str.replace("<=", "≤")).to_dict("records")
    assert any(row["remoteness"] == "≤11" for row in shown)
    result = tables.export_csv(shown, [], [{"field": f, "headerName": f} for f in table.columns], {"fileName": "x.csv"})
    assert result["content"] == table.to_csv(index=False)
    assert not result["content"].startswith("\ufeff") and "≤" not in result["content"]
    assert result["filename"] == "x.csv" and result["base64"] is False


def test_export_writes_the_rows_as_filtered_and_sorted_with_field_names():
    rows = [{"n": 11745, "before": "U", "after": "W≤13", "to_bound": 10**6}, {"n": 5, "before": "U", "after": "L2"}]
    defs = [
        {"field": "n", "headerName": "n"},
        {"field": "after", "headerName": "after"},
        {"field": "to_bound", "headerName": "to bound"},
    ]
    virtual = [rows[1], rows[0]]
    result = tables.export_csv(virtual, rows, defs, None)
    assert result["content"] == "n,after,to_bound\n5,L2,\n11745,W<=13,1000000\n"
    assert result["filename"] == "table.csv"
    # before the grid reports its view, all rows in their order
    assert tables.export_csv(None, rows, defs, {})["content"].splitlines()[1].startswith("11745,")
    assert tables.export_csv(None, rows, [], {}) is None


def test_csv_cells_quote_lists_and_write_bounds_plainly():
    text = tables.rows_to_csv([{"generated": "580, 1305", "v": "D≥2", "w": None}], ["generated", "v", "w"])
    assert text == 'generated,v,w\n"580, 1305",D>=2,\n'


def test_a_frame_is_written_as_its_rows_would_be():
    import pandas as pd

    rows = [
        {"n": 11745, "before": "W≤13", "after": "580, 1305", "to_bound": 1000000},
        {"n": 5, "before": None, "after": 'say "D≥2"', "to_bound": 10**19},
        {"n": 7, "before": "U (not L)", "after": "", "to_bound": 0},
    ]
    fields = ["n", "before", "after", "to_bound", "missing"]
    frame = pd.DataFrame(rows)
    assert tables.frame_to_csv(frame, fields) == tables.rows_to_csv(rows, fields)
    assert tables.frame_to_csv(frame.iloc[:0], fields) == tables.rows_to_csv([], fields)


def test_every_grid_comes_with_its_download():
    grid = tables.data_grid("some-grid", [("n", "n")], "some.csv")
    kinds = [type(child).__name__ for child in grid.children]
    assert kinds == ["Button", "AgGrid", "Download"]
    assert grid.children[2].id == ids.export_download_id("some-grid")
    assert grid.children[1].csvExportParams == {"fileName": "some.csv"}


def _swatches(component) -> list:
    """Every component of a layout whose class is ``swatch``."""
    found = []
    if "swatch" in str(getattr(component, "className", "") or "").split():
        found.append(component)
    children = getattr(component, "children", None)
    for child in children if isinstance(children, list) else [children]:
        if child is not None and not isinstance(child, (str, int, float)):
            found += _swatches(child)
    return found


def test_every_explore_swatch_has_text_of_enough_contrast():
    # WCAG 2.1 AA: text at least 4.5:1 on its background.  Black on the W blue
    # was 4.05:1; each swatch takes its text colour from style.swatch_style.
    from dashboard.tabs.explore.layout import explore_layout

    summary = figures.summary_table({"W": 5, "L": 3, "D": 1, "U": 1}, 10, 1000, 4, 2, 0.01, True)
    swatches = _swatches(summary) + _swatches(explore_layout())
    letters = {s.children for s in swatches if isinstance(s.children, str)}
    # The summary's four lettered swatches, and the tree legend's badges of U's two partial facts.
    assert letters == {"W", "L", "D", "U", "U (not L)", "U (not W)"}
    assert len(swatches) >= 8  # and the tree legend's four
    for swatch in swatches:
        ratio = style.contrast_ratio(swatch.style["color"], swatch.style["background"])
        assert ratio >= 4.5, (swatch.children, swatch.style, round(ratio, 2))
    for key in style.COLOURS:
        ratio = style.contrast_ratio(style.swatch_style(key)["color"], style.swatch_style(key)["background"])
        assert ratio >= 4.5, key
    # The check can fail: black text on the blue is below AA.
    assert style.contrast_ratio("#000000", style.COLOURS["W"]) < 4.5


def test_the_convergence_table_sends_few_rows_and_its_export_writes_every_change(monkeypatch):
    import csv
    import io

    from dashboard.tabs.explore import convergence as explore

    monkeypatch.setattr(explore, "CONVERGENCE_MAX_ROWS", 5)
    n = 173  # a size no other test memoizes
    setup = {"n": n, "alpha": 1, "bound": n}
    _fig, rows, message, *_ = explore.make_convergence(None, setup)
    bounds = [a * n for a in explore.CONVERGENCE_ALPHAS]
    solutions = [solve(b) for b in bounds]
    _counts, changes = convergence(solutions, n)
    assert len(changes) > 5  # the table is cut: the check below means something
    # The table also lists a U that gains a partial fact (U -> U (not L)), which convergence() leaves out.
    classes = [np.asarray(sol.classes[1 : n + 1]) for sol in solutions]
    unresolved = (CLASS_U, CLASS_UW, CLASS_UL)
    within = sum(
        int(np.sum(np.isin(c1, unresolved) & np.isin(c2, unresolved) & (c1 != c2)))
        for c1, c2 in zip(classes, classes[1:])
    )
    changes_count = len(changes) + within
    assert within > 0 and changes_count <= explore.CONVERGENCE_EXPORT_ROWS  # every change fits the export
    assert len(rows) == 5 and f"{changes_count:,} changes" in message and "Export CSV writes them all" in message
    download = explore.make_convergence_export(setup)
    assert download["filename"] == explore.CONVERGENCE_CSV and download["type"] == "text/csv"
    written = list(csv.DictReader(io.StringIO(download["content"])))
    assert list(written[0]) == list(explore.CONVERGENCE_FIELDS)
    assert len(written) == changes_count
    expected = [tables.rows_to_csv([row], list(explore.CONVERGENCE_FIELDS)).splitlines()[1] for row in rows]
    assert download["content"].splitlines()[1:6] == expected  # the table's rows come first
    assert "≤" not in download["content"]
    # Nothing to write without a valid setup, and no exception.
    for bad in (None, {}, {"n": "x"}, {"n": 10, "alpha": 1, "bound": 11}, [1]):
        assert explore.make_convergence_export(bad) is None


def test_the_convergence_export_stops_at_its_row_cap_and_says_so(monkeypatch):
    import csv
    import io

    from dashboard.tabs.explore import convergence as explore

    # At N = 10**7 there are millions of changes between two bounds: the page writes the first ones.
    monkeypatch.setattr(explore, "CONVERGENCE_EXPORT_ROWS", 7)
    n = 171  # a size no other test memoizes
    setup = {"n": n, "alpha": 1, "bound": n}
    _fig, rows, message, *_ = explore.make_convergence(None, setup)
    assert "Export CSV writes the first 7, in order of bound and n" in message
    written = list(csv.DictReader(io.StringIO(explore.make_convergence_export(setup)["content"])))
    assert [int(r["n"]) for r in written] == [int(r["n"]) for r in rows[:7]]
    # Each listed change is one: the two solves' classes or remoteness differ there.
    first, second = solve(n), solve(10 * n)
    for r in written:
        assert r["from_bound"] == str(n) and (
            int(first.classes[int(r["n"])]) != int(second.classes[int(r["n"])])
            or int(first.packed_remoteness[int(r["n"])]) != int(second.packed_remoteness[int(r["n"])])
        )


@pytest.mark.parametrize(
    "n_text,alpha_text",
    [
        ("300", "1"),
        ("300", "10"),
        ("x", "10"),
        ("", ""),
        ("0", "1"),
        ("10**9", "1"),
        ("<b>1</b>", "2"),
        ("500", "1e3"),
        ("20000", "1000"),
        ("10000000", "1000"),
    ],
)
def test_the_setup_callback_is_make_setup_then_resolve_setup(monkeypatch, n_text, alpha_text):
    # The page asks once from the typed N and alpha to the shared setup: the
    # same answer as the two steps (a background solve recorded, not run).
    from dash import no_update

    from dashboard import setup_callbacks, state

    started = []
    monkeypatch.setattr(state.JOBS, "start", lambda *key: started.append(key))
    made = setup_callbacks.make_setup(n_text, alpha_text)
    out = setup_callbacks.setup_from_inputs(n_text, alpha_text)
    assert len(out) == 9 and out[:3] == made[:3] and out[4:6] == made[4:6]
    if made[0] is no_update:
        assert out[3] == made[3] and all(value is no_update for value in out[6:]) and not started
        return
    setup, pending, disabled, message = setup_callbacks.resolve_setup(made[0])
    without_fresh = [{k: v for k, v in x.items() if k != "fresh"} if isinstance(x, dict) else x for x in out[6:]]
    assert without_fresh == [
        {k: v for k, v in setup.items() if k != "fresh"} if isinstance(setup, dict) else setup,
        pending,
        disabled,
    ]
    assert out[3] == (made[3] if message is no_update else message)
    assert (pending is not None) == bool(started)


def test_layers_at_depth_10_each_have_their_own_shade_and_room():
    import colorsys

    from dashboard.style import COLOURS, contrast_ratio
    from dashboard.tabs.explore import callbacks as explore

    # Depth 10 at the thesis's setup: five W layers and five L layers (they once all shared one colour, and the
    # small ones piled up against the value axis).
    w, lose = explore.make_layers({"n": 10_000, "alpha": 100}, 10)
    for figure, letter in ((w, "W"), (lose, "L")):
        colours = [trace.line.color for trace in figure.data]
        assert len(colours) == 5 and len(set(colours)) == 5
        hue = colorsys.rgb_to_hls(*(int(COLOURS[letter][i : i + 2], 16) / 255 for i in (1, 3, 5)))[0]
        for colour in colours:
            own = colorsys.rgb_to_hls(*(int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)))[0]
            assert abs(own - hue) < 0.02  # the outcome's hue: blue for W, vermilion for L
            assert contrast_ratio(colour, "#ffffff") >= 3.0
        assert figure.layout.xaxis.type == "log" and figure.layout.yaxis.type == "log"
