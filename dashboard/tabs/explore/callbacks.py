"""Callbacks of the Explore tab: parse inputs, ask the solver, hand the data to a figure builder.

Each callback body is a plain function (``make_summary``, ``make_density``
...) that tests call directly; :func:`register` wires them to the page.  The
views read the page's shared setup (made by :mod:`dashboard.setup_callbacks`
from the setup bar), the summary in the same request as the setup (the tab's
:attr:`dashboard.tabs.Tab.setup_views`), the other views through their gate
stores.  No callback lets an exception reach the page: every input is
checked where it enters (the setup through
:func:`dashboard.setup.validated_setup`, which never believes a client's
bound), and bad input becomes a message next to the control it came from
while the views keep the last good state.  Solves come from the page's
shared cache and job registry (:mod:`dashboard.state`); pure per-setup
results (density, layer and difference figures, summary tallies,
convergence) are memoized on validated plain values.

The convergence view's callbacks are in :mod:`.convergence`, and the
messages every view shows in place of a figure in :mod:`.messages`.
"""

from __future__ import annotations

import dash
import numpy as np
from dash import Input, Output, State, dcc, no_update
from dash.exceptions import PreventUpdate

from solver import classification_table, get_rule, layer, layers, parse_int
from solver.analysis.layers import TRANSFORMS
from solver.engine.codes import CLASS_U, CLASS_UL, CLASS_UW
from solver.values.inspection import value_text

from ... import ids as page_ids
from ... import setup as setups
from ...defaults import DEFAULT_DIFF_LAYER, DEFAULT_TRANSFORM, DEPTH_MAX
from . import family, figures, ids, tree
from .convergence import _PICK_CONVERGENCE, make_convergence, make_convergence_export
from .layout import register_views
from .messages import INVALID, MEMO_ENTRIES, _figure_message
from .viewargs import view_args_js

#: Largest N of the CSV download (10**6 rows: about 10 MB and under a second
#: on a 2-core machine; the command line writes larger tables).
DOWNLOAD_N_MAX = 10**6


@setups.memo(MEMO_ENTRIES)
def _tally(bound: int, n: int, rule: str) -> dict:
    solution, _ = setups.open_bound(bound, rule)
    return {**solution.tally(n), "seconds": solution.seconds, "decided_below": solution.decided_below}


#: Most positions the Summary lists of each kind (U, and W/L whose remoteness is only bounded).
SUMMARY_LIST = 50
#: Positions read at a time while looking for them (a mapped solve is read a block at a time).
_SCAN_BLOCK = 1 << 20


def unsettled_positions(solution, n: int, limit: int = SUMMARY_LIST) -> dict[str, list[tuple[int, str]]]:
    """The first U positions of ``1..n``, and the first W/L whose remoteness is only bounded, with their values.

    Parameters
    ----------
    solution : solver.Solution
        The page's solve.
    n : int
        N, ``1 <= n <= bound``.
    limit : int, optional
        Most positions of each kind.

    Returns
    -------
    dict
        ``{"U": [(position, value text), ...], "bounded": [...]}`` in
        increasing order, at most ``limit`` each; the value text is the
        solver's (``"U (not L)"``, ``"W≤13"``, :func:`solver.value_text`).
    """
    found: dict[str, list[int]] = {"U": [], "bounded": []}
    unresolved = np.array([CLASS_U, CLASS_UW, CLASS_UL])
    for lo in range(1, n + 1, _SCAN_BLOCK):
        hi = min(n, lo + _SCAN_BLOCK - 1)
        if len(found["U"]) < limit:
            classes = np.asarray(solution.classes[lo : hi + 1])
            found["U"] += (np.flatnonzero(np.isin(classes, unresolved))[: limit - len(found["U"])] + lo).tolist()
        if len(found["bounded"]) < limit:
            packed = np.asarray(solution.packed_remoteness[lo : hi + 1])
            found["bounded"] += (np.flatnonzero(packed < -1)[: limit - len(found["bounded"])] + lo).tolist()
        if len(found["U"]) >= limit and len(found["bounded"]) >= limit:
            break
    return {kind: [(p, value_text(p, solution)) for p in positions] for kind, positions in found.items()}


@setups.memo(MEMO_ENTRIES)
def _unsettled(bound: int, n: int, rule: str) -> dict:
    solution, _ = setups.open_bound(bound, rule)
    return unsettled_positions(solution, n)


def make_summary(setup: object):
    """The summary panel for a setup.

    Parameters
    ----------
    setup : dict or None
        ``{"n", "alpha", "bound"}`` from
        :func:`dashboard.setup_callbacks.resolve_setup` (checked with
        :func:`dashboard.setup.validated_setup`); its ``fresh`` flag says
        whether the solve ran just now for it.

    Returns
    -------
    dash.html.Div or str
        :func:`dashboard.tabs.explore.figures.summary_table` of positions ``1..n`` (one
        pass of :meth:`Solution.tally`, memoized), with what the U positions
        cannot be and how far every position is decided
        (:attr:`Solution.decided_below`), or a message when the setup is
        missing, invalid or cannot be solved.
    """
    if not setup:
        return INVALID
    try:
        checked = setups.validated_setup(setup)
        tally = _tally(checked["bound"], checked["n"], checked["rule"])
    except (ValueError, OSError) as exc:
        return str(exc)
    counts = {key: tally[key] for key in ("W", "L", "D", "U")}
    return figures.summary_table(
        counts,
        checked["n"],
        checked["bound"],
        tally["max_remoteness"],
        tally["bounded"],
        tally["seconds"],
        not setups.setup_fresh(setup),
        partial={"L": tally["U_not_L"], "W": tally["U_not_W"]},
        decided_below=tally["decided_below"],
        unsettled=_unsettled(checked["bound"], checked["n"], checked["rule"]),
        rule=checked["rule"],
    )


def _check_transform(transform: object) -> str:
    if transform is None:
        return DEFAULT_TRANSFORM
    if not isinstance(transform, str) or transform not in TRANSFORMS:
        raise ValueError(f"choose a transform from the list ({', '.join(TRANSFORMS)})")
    return transform


@setups.memo(MEMO_ENTRIES)
def _density_figures(bound: int, n: int, rule: str) -> dict:
    # One pass over 1..n, kept only at the plotted positions, serves every
    # transform (switching is then free).
    solution, _ = setups.open_bound(bound, rule)
    frame = figures.sampled_densities(solution.outcome, n, classes=solution.classes)
    return {kind: figures.density_figure(frame, kind) for kind in TRANSFORMS}


def make_density(setup: object, transform: object):
    """The density figure for a setup and a transform (thesis Figs 6-11).

    Parameters
    ----------
    setup : dict or None
        ``{"n", "alpha", "bound"}`` (checked with
        :func:`dashboard.setup.validated_setup`).
    transform : {"density", "log", "inverse_log"} or None
        See :data:`solver.analysis.layers.TRANSFORMS`; None means "density".

    Returns
    -------
    plotly.graph_objects.Figure
        :func:`dashboard.tabs.explore.figures.density_figure` (all three
        transforms are built and memoized at once), or an empty figure
        with a message.
    """
    if not setup:
        return _figure_message("Densities", INVALID)
    try:
        kind = _check_transform(transform)
        checked = setups.validated_setup(setup)
        return _density_figures(checked["bound"], checked["n"], checked["rule"])[kind]
    except (ValueError, OSError) as exc:
        return _figure_message("Densities", exc)


@setups.memo(MEMO_ENTRIES)
def _layer_figures(bound: int, n: int, depth: int, rule: str):
    solution, _ = setups.open_bound(bound, rule)
    found = layers(solution, n, depth)
    return figures.layer_figure(found, "W", get_rule(rule).misere), figures.layer_figure(
        found, "L", get_rule(rule).misere
    )


def make_layers(setup: object, depth: object):
    """The odd- and even-layer figures for a setup and a move depth (Figs 4, 5).

    Parameters
    ----------
    setup : dict or None
        ``{"n", "alpha", "bound"}`` (checked with
        :func:`dashboard.setup.validated_setup`).
    depth : int or None
        Number of layers, ``1..DEPTH_MAX``; None means 1.

    Returns
    -------
    tuple of plotly.graph_objects.Figure
        ``(odd layers, even layers)`` (memoized), or two empty figures with
        a message.
    """
    if not setup:
        return _figure_message("Layers", INVALID), _figure_message("Layers", INVALID)
    try:
        depth = parse_int(1 if depth is None else depth, "the move depth", most=DEPTH_MAX)  # type: ignore[arg-type]  # page input: parse_int refuses other types with ValueError (its docstring); its annotation is narrower
        checked = setups.validated_setup(setup)
        return _layer_figures(checked["bound"], checked["n"], depth, checked["rule"])
    except (ValueError, OSError) as exc:
        return _figure_message("Layers", exc), _figure_message("Layers", exc)


@setups.memo(MEMO_ENTRIES)
def _difference_figure(bound: int, n: int, k: int, rule: str):
    solution, _ = setups.open_bound(bound, rule)
    return figures.difference_figure(layer(solution, n, k), k)


def make_differences(setup: object, k: object):
    """The difference figure of layer ``k`` for a setup (Figs 12, 13).

    Parameters
    ----------
    setup : dict or None
        ``{"n", "alpha", "bound"}`` (checked with
        :func:`dashboard.setup.validated_setup`).
    k : int or None
        The layer, ``1..DEPTH_MAX``; None means 2.

    Returns
    -------
    plotly.graph_objects.Figure
        :func:`dashboard.tabs.explore.figures.difference_figure` (memoized),
        or an empty figure with a message.
    """
    try:
        k = parse_int(DEFAULT_DIFF_LAYER if k is None else k, "the layer", most=DEPTH_MAX)  # type: ignore[arg-type]  # page input: parse_int refuses other types with ValueError (its docstring); its annotation is narrower
    except ValueError as exc:
        return _figure_message("Differences within a layer", exc)
    if not setup:
        return _figure_message(f"Differences in layer {k}", INVALID)
    try:
        checked = setups.validated_setup(setup)
        return _difference_figure(checked["bound"], checked["n"], k, checked["rule"])
    except (ValueError, OSError) as exc:
        return _figure_message(f"Differences in layer {k}", exc)


def make_download(setup: object):
    """A CSV of ``n,outcome,remoteness,cannot_be`` for ``n = 1..N`` (for ``dcc.Download``).

    The format is that of ``python -m solver classify``
    (:func:`solver.analysis.layers.classification_table`).

    Parameters
    ----------
    setup : dict or None
        ``{"n", "alpha", "bound"}`` (checked with
        :func:`dashboard.setup.validated_setup`).

    Returns
    -------
    tuple
        ``(download, message)``: what ``dcc.send_data_frame`` makes of the
        table (file name ``<rule>_N<n>_B<bound>.csv``, two ``#`` comment
        lines first naming the game, the bound and how far every position is
        decided (:attr:`Solution.decided_below`), as the command writes) and "";
        or ``no_update`` and a message when there is no valid setup or N is
        above :data:`DOWNLOAD_N_MAX` (the message gives the command that
        writes the table instead).
    """
    if not setup:
        return no_update, INVALID
    try:
        checked = setups.validated_setup(setup)
        n, bound = checked["n"], checked["bound"]
        if n > DOWNLOAD_N_MAX:
            raise ValueError(
                f"the page downloads N up to {DOWNLOAD_N_MAX:,}; for N = {n:,} run "
                f"python -m solver classify --rule {checked['rule']} --n {n} --bound {bound} > table.csv"
            )
        solution, _ = setups.open_bound(bound, checked["rule"])
        table = classification_table(solution, n)
    except (ValueError, OSError) as exc:
        return no_update, str(exc)
    rule = solution.rule
    name = f"{rule.name}_N{n}_B{solution.bound}.csv"
    header = (
        f"# {rule.title} ({rule.name}): {rule.summary}\n"
        f"# bound {solution.bound}: outcome and remoteness of positions 1..{n} (decided below "
        f"{solution.decided_below}: every position up to it is W, L or D; cannot_be: what a U position cannot be)\n"
    )
    text = header + table.to_csv(index=False, lineterminator="\n")
    return dcc.send_string(text, name, type="text/csv"), ""


def layers_event(args: object):
    """The Layers view's callback: :func:`make_layers` of its arguments store.

    Parameters
    ----------
    args : dict or None
        ``{"setup": ..., "depth": ...}`` as the browser wrote it while the
        view was shown (both checked by :func:`make_layers`).

    Returns
    -------
    tuple of plotly.graph_objects.Figure
        As :func:`make_layers`.

    Raises
    ------
    dash.exceptions.PreventUpdate
        For anything but a dict with a setup (nothing was asked for).
    """
    if not isinstance(args, dict) or args.get("setup") is None:
        raise PreventUpdate
    return make_layers(args["setup"], args.get("depth"))


def _opened(setup: object) -> object:
    """A view's gate store as its callback gets it: nothing is sent before the view was first shown."""
    if setup is None:
        raise PreventUpdate
    return setup


def register(app: dash.Dash) -> None:
    """Wire the Explore tab's callbacks to ``app``.

    Parameters
    ----------
    app : dash.Dash
        The application whose layout holds :func:`explore_layout`.
    """

    app.clientside_callback(
        _PICK_CONVERGENCE,
        Output(ids.CONVERGENCE_GRAPH, "figure"),
        Input(ids.CONVERGENCE_FIGURES, "data"),
        prevent_initial_call=True,
    )

    @app.callback(
        Output(ids.CONVERGENCE_FIGURES, "data"),
        Output(ids.CONVERGENCE_TABLE, "rowData"),
        Output(ids.CONVERGENCE_MESSAGE, "children"),
        Output(ids.CONVERGENCE_POLL, "disabled"),
        Output(ids.CONVERGENCE_PROGRESS, "value"),
        Output(ids.CONVERGENCE_PROGRESS, "style"),
        Output(ids.CONVERGENCE_BUTTON, "disabled"),
        Input(ids.explore_gate_id("convergence"), "data"),
        Input(ids.CONVERGENCE_BUTTON, "n_clicks"),
        Input(ids.CONVERGENCE_POLL, "n_intervals"),
        prevent_initial_call=True,
    )
    def _convergence(setup, _clicks, _n):
        triggered = dash.ctx.triggered_id
        return make_convergence(page_ids.SETUP if triggered == ids.explore_gate_id("convergence") else triggered, setup)

    # The summary comes with the setup (above); the other views hear of it
    # through their gate stores, written only while they are shown
    # (layout.register_views), and send nothing before that.

    @app.callback(
        Output(ids.DENSITY_GRAPH, "figure"),
        Input(ids.explore_gate_id("densities"), "data"),
        Input(ids.DENSITY_TRANSFORM, "value"),
        prevent_initial_call=True,
    )
    def _density(setup, transform):
        return make_density(_opened(setup), transform)

    # The Layers view follows the setup and the move depth through its
    # arguments store, written in the browser only while the view is shown.
    app.clientside_callback(
        view_args_js("layers", ["depth"], with_setup=True),
        Output(ids.LAYERS_ARGS, "data"),
        Input(ids.EXPLORE_VIEW, "value"),
        Input(page_ids.TABS, "value"),
        Input(ids.explore_gate_id("layers"), "data"),
        Input(ids.DEPTH_APPLIED, "data"),
        State(ids.LAYERS_ARGS, "data"),
        prevent_initial_call=True,
    )
    app.callback(
        Output(ids.LAYERS_W_GRAPH, "figure"),
        Output(ids.LAYERS_L_GRAPH, "figure"),
        Input(ids.LAYERS_ARGS, "data"),
        prevent_initial_call=True,
    )(layers_event)

    @app.callback(
        Output(ids.DIFF_GRAPH, "figure"),
        Input(ids.explore_gate_id("differences"), "data"),
        Input(ids.DIFF_LAYER, "value"),
        prevent_initial_call=True,
    )
    def _differences(setup, k):
        return make_differences(_opened(setup), k)

    # The game tree (its own module) and the switch between the views.
    tree.register(app)
    family.register(app)
    register_views(app)

    app.callback(
        Output(page_ids.export_download_id(ids.CONVERGENCE_TABLE), "data"),
        Input(page_ids.export_button_id(ids.CONVERGENCE_TABLE), "n_clicks"),
        State(ids.explore_gate_id("convergence"), "data"),
        prevent_initial_call=True,
    )(lambda _clicks, setup: make_convergence_export(setup))
    app.callback(
        Output(ids.DOWNLOAD, "data"),
        Output(ids.DOWNLOAD_MESSAGE, "children"),
        Input(ids.DOWNLOAD_BUTTON, "n_clicks"),
        State(page_ids.SETUP, "data"),
        prevent_initial_call=True,
    )(lambda _clicks, setup: make_download(setup))
