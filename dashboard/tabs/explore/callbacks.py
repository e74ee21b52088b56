"""Callbacks of the Explore tab: parse inputs, ask the solver, hand the data to a figure builder.

Each callback body is a plain function (``sync_n``, ``make_setup`` ...) that
tests call directly; :func:`register` wires them to the page.  No callback
lets an exception reach the page: bad input becomes a message next to the
control it came from.  Solves come from the page's shared cache and job
registry (:mod:`dashboard.state`).
"""

from __future__ import annotations

import math

import dash
from dash import Input, Output, State, dcc, no_update

from solver.analysis import classification_table, convergence, densities, layer, layers
from solver.parsing import parse_int
from solver.retrograde import check_bound
from solver.solution import Solution
from solver.tree import game_tree

from ... import ids, state
from ...defaults import (
    ALPHA_MAX,
    DEFAULT_DIFF_LAYER,
    DEFAULT_TRANSFORM,
    DEPTH_MAX,
    N_MAX,
    N_SLIDER_MAX_EXP,
    N_SLIDER_MIN_EXP,
    N_SLIDER_STEP,
)
from ...style import message_figure
from ...tables import register_exports
from . import figures

INVALID = "Fix the highlighted input above."

#: Bounds solved inside a request (under about a second); larger ones are
#: solved by a background job in a fresh process, with progress in the page.
INLINE_BOUND = 20_000_000
#: The convergence view solves B = alpha * N for these alpha, up to this bound.
CONVERGENCE_ALPHAS = (1, 10, 100, 1000)
CONVERGENCE_MAX_BOUND = 10**9
#: Rows of position changes sent to the page (the count says how many in all).
CONVERGENCE_MAX_ROWS = 10_000


def _nice(value: float) -> int:
    """Round a slider value 10**x to two significant figures."""
    n = 10**value
    scale = 10 ** max(0, int(math.floor(math.log10(n))) - 1)
    return int(round(n / scale) * scale)


def sync_n(triggered: str | None, slider_value: float | None, text: str | None):
    """Keep the N slider and the N text box in step.

    Parameters
    ----------
    triggered : str or None
        Id of the control that changed.
    slider_value : float
        The slider's value, log10 N.
    text : str
        The text box's content.

    Returns
    -------
    tuple
        ``(slider value, text)``, each ``no_update`` where it stays.
    """
    if triggered == ids.N_SLIDER and slider_value is not None:
        return no_update, str(_nice(slider_value))
    try:
        n = parse_int(text, "N", most=N_MAX)
    except ValueError:
        return no_update, no_update
    exp = min(max(math.log10(n), N_SLIDER_MIN_EXP), N_SLIDER_MAX_EXP)
    return round(exp / N_SLIDER_STEP) * N_SLIDER_STEP, no_update


def make_setup(n_text: str | None, alpha_text: str | None):
    """Validate N and alpha into the setup the views share.

    Parameters
    ----------
    n_text, alpha_text : str
        What the user typed.

    Returns
    -------
    tuple
        ``(setup, n message, alpha message, setup message)``; ``setup`` is
        ``{"n": int, "alpha": int, "bound": int}`` or None when an input is
        wrong, and each message is "" when there is nothing to say.
    """
    n_msg = alpha_msg = setup_msg = ""
    n = alpha = None
    try:
        n = parse_int(n_text, "N", most=N_MAX)
    except ValueError as exc:
        n_msg = str(exc)
    try:
        alpha = parse_int(alpha_text, "alpha", most=ALPHA_MAX)
    except ValueError as exc:
        alpha_msg = str(exc)
    if n is None or alpha is None:
        return None, n_msg, alpha_msg, setup_msg
    try:
        bound = check_bound(n * alpha)
    except ValueError as exc:
        return None, n_msg, alpha_msg, str(exc)
    return {"n": n, "alpha": alpha, "bound": bound}, n_msg, alpha_msg, setup_msg


def resolve_setup(request: dict | None):
    """Pass a request on as the setup, or start a background solve for it.

    Parameters
    ----------
    request : dict or None
        From :func:`make_setup`.

    Returns
    -------
    tuple
        ``(setup, pending, poll disabled)``: the setup when the bound is
        solved already or small enough to solve now (``INLINE_BOUND``); else
        ``no_update``, the request as pending, and the poll switched on.
    """
    if not request:
        return None, None, True
    bound = int(request["bound"])
    if bound <= INLINE_BOUND or state.SOLUTIONS.peek(bound) is not None:
        return request, None, True
    state.JOBS.start(bound)
    return no_update, request, False


def _percent(fraction: float) -> str:
    return str(round(100 * min(max(fraction, 0.0), 1.0)))


_SHOWN = {"display": "block"}
_HIDDEN = {"display": "none"}


def poll_solve(pending: dict | None):
    """Report the background solve of the pending setup; hand it over when done.

    Parameters
    ----------
    pending : dict or None
        The setup waiting for its solve.

    Returns
    -------
    tuple
        ``(setup, pending, poll disabled, progress value, progress box
        style, message)``, ``no_update`` where nothing changes.
    """
    if not pending:
        return no_update, None, True, no_update, _HIDDEN, no_update
    bound = int(pending["bound"])
    status = state.JOBS.status(bound)
    if status is None:  # e.g. the server restarted: start again
        state.JOBS.start(bound)
        return no_update, no_update, False, "0", _SHOWN, no_update
    if status["error"]:
        return no_update, None, True, no_update, _HIDDEN, f"The solve to bound {bound:,} failed: {status['error']}"
    if status["done"]:
        return pending, None, True, "100", _HIDDEN, ""
    return no_update, no_update, False, _percent(status["progress"]), _SHOWN, no_update


def make_convergence(triggered: str | None, setup: dict | None):
    """The convergence view: counts up to N for growing bounds and what changed.

    Parameters
    ----------
    triggered : str or None
        Id of the component that fired.  The button starts background
        solves for the missing bounds of any size; otherwise only bounds up
        to ``INLINE_BOUND`` are solved (at once), and the poll re-draws the
        view as background solves finish.
    setup : dict or None
        The shared setup.

    Returns
    -------
    tuple
        ``(figure, table rows, message, poll disabled, progress value)``;
        while solves run and nothing new is finished, the figure and rows
        are ``no_update``.
    """
    title = "Convergence"
    if not setup:
        return message_figure(title, INVALID), [], "", True, "0"
    n = int(setup["n"])
    wanted, refused = [], []
    for alpha in CONVERGENCE_ALPHAS:
        bound = alpha * n
        if bound > CONVERGENCE_MAX_BOUND:
            refused.append(f"{bound:,} (above {CONVERGENCE_MAX_BOUND:,})")
            continue
        try:
            wanted.append(check_bound(bound))
        except ValueError:
            refused.append(f"{bound:,} (not enough memory)")
    solutions, waiting, running, errors = [], [], [], []
    for bound in wanted:
        found = state.SOLUTIONS.peek(bound)
        if found is None and bound <= INLINE_BOUND:
            found, _ = state.SOLUTIONS.get(bound)
        if found is None and triggered == ids.CONVERGENCE_BUTTON:
            state.JOBS.start(bound)
        status = state.JOBS.status(bound) if found is None else None
        if found is not None:
            solutions.append(found)
        elif status is not None and status["error"]:
            errors.append(f"{bound:,}: {status['error']}")
        elif status is not None:
            running.append((bound, status["progress"]))
        else:
            waiting.append(bound)
    progress = _percent(
        (len(solutions) + sum(f for _, f in running)) / max(1, len(solutions) + len(running))
    )
    if running and triggered == ids.CONVERGENCE_POLL:
        # Re-draw once every running solve is done; until then move the bar.
        return no_update, no_update, no_update, False, progress
    parts = [f"Bounds shown: {', '.join(f'{s.bound:,}' for s in solutions) or 'none'}."]
    if running:
        parts.append(f"Solving: {', '.join(f'{b:,}' for b, _ in running)} (the view updates when they are done).")
    if waiting:
        parts.append(f"Not solved yet: {', '.join(f'{b:,}' for b in waiting)}; press the button to solve them.")
    if errors:
        parts.append(f"Failed: {'; '.join(errors)}.")
    if refused:
        parts.append(f"Left out: {', '.join(refused)}.")
    if not solutions:
        return message_figure(title, "no bound solved yet"), [], " ".join(parts), not running, progress
    counts, changes = convergence(solutions, n)
    if len(solutions) > 1:
        parts.append(f"{len(changes):,} changes of value between consecutive bounds")
        if len(changes) > CONVERGENCE_MAX_ROWS:
            parts[-1] += f" (the table holds the first {CONVERGENCE_MAX_ROWS:,})"
        parts[-1] += "."
    rows = changes.head(CONVERGENCE_MAX_ROWS).to_dict("records")
    return figures.convergence_figure(counts, n), rows, " ".join(parts), not running, progress


def _solution(setup: dict) -> tuple[Solution, bool]:
    return state.SOLUTIONS.get(int(setup["bound"]))


def make_summary(setup: dict | None):
    """The summary panel for a setup.

    Parameters
    ----------
    setup : dict or None
        ``{"n", "alpha", "bound"}`` from :func:`make_setup`.

    Returns
    -------
    dash.html.Div or str
        :func:`dashboard.tabs.explore.figures.summary_table` of positions ``1..n`` (one
        pass of :meth:`Solution.tally`), or a message when the setup is
        missing or cannot be solved.
    """
    if not setup:
        return INVALID
    try:
        solution, cached = _solution(setup)
    except ValueError as exc:
        return str(exc)
    n = setup["n"]
    tally = solution.tally(n)
    counts = {key: tally[key] for key in ("W", "L", "D", "U")}
    return figures.summary_table(
        counts, n, solution.bound, tally["max_remoteness"], tally["bounded"], solution.seconds, cached
    )


def make_density(setup: dict | None, transform: str | None):
    """The density figure for a setup and a transform (thesis Figs 6-11).

    Parameters
    ----------
    setup : dict or None
        ``{"n", "alpha", "bound"}`` from :func:`make_setup`.
    transform : {"density", "log", "inverse_log"} or None
        See :data:`solver.analysis.TRANSFORMS`; None means "density".

    Returns
    -------
    plotly.graph_objects.Figure
        :func:`dashboard.tabs.explore.figures.density_figure`, or an empty figure with a
        message.
    """
    if not setup:
        return message_figure("Densities", INVALID)
    try:
        solution, _ = _solution(setup)
        return figures.density_figure(densities(solution, setup["n"]), transform or DEFAULT_TRANSFORM)
    except ValueError as exc:
        return message_figure("Densities", str(exc))


def make_layers(setup: dict | None, depth: int | None):
    """The odd- and even-layer figures for a setup and a move depth (Figs 4, 5).

    Parameters
    ----------
    setup : dict or None
        ``{"n", "alpha", "bound"}`` from :func:`make_setup`.
    depth : int or None
        Number of layers, clipped to ``1..DEPTH_MAX``.

    Returns
    -------
    tuple of plotly.graph_objects.Figure
        ``(odd layers, even layers)``, or two empty figures with a message.
    """
    if not setup:
        return message_figure("Layers", INVALID), message_figure("Layers", INVALID)
    depth = int(depth or 1)
    try:
        solution, _ = _solution(setup)
        found = layers(solution, setup["n"], min(max(depth, 1), DEPTH_MAX))
    except ValueError as exc:
        return message_figure("Layers", str(exc)), message_figure("Layers", str(exc))
    return figures.layer_figure(found, "W"), figures.layer_figure(found, "L")


def make_differences(setup: dict | None, k: int | None):
    """The difference figure of layer ``k`` for a setup (Figs 12, 13).

    Parameters
    ----------
    setup : dict or None
        ``{"n", "alpha", "bound"}`` from :func:`make_setup`.
    k : int or None
        The layer; None means 2.

    Returns
    -------
    plotly.graph_objects.Figure
        :func:`dashboard.tabs.explore.figures.difference_figure`, or an empty figure
        with a message.
    """
    k = int(k or DEFAULT_DIFF_LAYER)
    if not setup:
        return message_figure(f"Differences in layer {k}", INVALID)
    try:
        solution, _ = _solution(setup)
        return figures.difference_figure(layer(solution, setup["n"], k), k)
    except ValueError as exc:
        return message_figure(f"Differences in layer {k}", str(exc))


def _toggle(toggled: list[str], path: str) -> list[str]:
    return [p for p in toggled if p != path] if path in toggled else [*toggled, path]


def make_tree(triggered: str | None, setup: dict | None, start_text: str | None, depth: int | None, tap: dict | None, toggled: list[str] | None):
    """The game tree, after a control change or a click on a node.

    Parameters
    ----------
    triggered : str or None
        Id of the component that fired (``ids.TREE`` for a click).
    setup : dict or None
        The shared setup (see :func:`make_setup`).
    start_text : str
        The typed start number.
    depth : int
        Move depth.
    tap : dict or None
        Cytoscape's ``tapNode`` payload (its ``data.path`` names the node).
    toggled : list of str
        Paths whose expansion the user flipped so far.

    Returns
    -------
    tuple
        ``(elements, toggled, tree message, start-number message)``.
    """
    try:
        start = parse_int(start_text, "the start number")
    except ValueError as exc:
        return [], [], "", str(exc)
    if not setup:
        return [], [], INVALID, ""
    toggled = list(toggled or [])
    if triggered == ids.TREE and tap and "data" in tap:
        toggled = _toggle(toggled, str(tap["data"].get("path", "")))
    elif triggered != ids.TREE:
        toggled = []
    try:
        solution, _ = _solution(setup)
        tree = game_tree(start, int(depth or 1), solution, toggled=toggled)
    except ValueError as exc:
        return [], toggled, str(exc), ""
    root = tree.nodes[0]
    parts = [f"{len(tree.nodes)} nodes; values from bound B = {tree.bound:,}."]
    if root.beyond_bound:
        parts.append("The start number is above the bound, so values there are unknown (U); moves are exact.")
    if tree.truncated:
        parts.append(
            f"The tree reached the cap of {tree.max_nodes} nodes and was cut: lower the move depth "
            "or collapse branches, then click nodes to expand them."
        )
    return figures.tree_elements(tree), toggled, " ".join(parts), ""


def make_download(setup: dict | None) -> dict | None:
    """A CSV of ``n,outcome,remoteness`` for ``n = 1..N`` (for ``dcc.Download``).

    The format is that of ``python -m solver classify``
    (:func:`solver.analysis.classification_table`).

    Parameters
    ----------
    setup : dict or None
        ``{"n", "alpha", "bound"}`` from :func:`make_setup`.

    Returns
    -------
    dict or None
        What ``dcc.send_data_frame`` makes of the table (file name
        ``put-or-take-a-square_N<n>_B<bound>.csv``), or None without a setup.
    """
    if not setup:
        return None
    solution, _ = _solution(setup)
    table = classification_table(solution, setup["n"])
    name = f"put-or-take-a-square_N{setup['n']}_B{solution.bound}.csv"
    return dcc.send_data_frame(table.to_csv, name, index=False)


def register(app: dash.Dash) -> None:
    """Wire the Explore tab's callbacks to ``app``.

    Parameters
    ----------
    app : dash.Dash
        The application whose layout holds :func:`explore_layout`.
    """

    @app.callback(
        Output(ids.N_SLIDER, "value"),
        Output(ids.N_INPUT, "value"),
        Input(ids.N_SLIDER, "value"),
        Input(ids.N_INPUT, "value"),
    )
    def _sync_n(slider_value, text):
        return sync_n(dash.ctx.triggered_id, slider_value, text)

    app.callback(
        Output(ids.REQUEST, "data"),
        Output(ids.N_ERROR, "children"),
        Output(ids.ALPHA_ERROR, "children"),
        Output(ids.SETUP_ERROR, "children"),
        Input(ids.N_INPUT, "value"),
        Input(ids.ALPHA_INPUT, "value"),
    )(make_setup)
    app.callback(
        Output(ids.SETUP, "data"),
        Output(ids.PENDING, "data"),
        Output(ids.SOLVE_POLL, "disabled"),
        Input(ids.REQUEST, "data"),
    )(resolve_setup)
    app.callback(
        Output(ids.SETUP, "data", allow_duplicate=True),
        Output(ids.PENDING, "data", allow_duplicate=True),
        Output(ids.SOLVE_POLL, "disabled", allow_duplicate=True),
        Output(ids.SOLVE_PROGRESS, "value"),
        Output(ids.SOLVE_PROGRESS_BOX, "style"),
        Output(ids.SETUP_ERROR, "children", allow_duplicate=True),
        Input(ids.SOLVE_POLL, "n_intervals"),
        State(ids.PENDING, "data"),
        prevent_initial_call=True,
    )(lambda _n, pending: poll_solve(pending))

    @app.callback(
        Output(ids.CONVERGENCE_GRAPH, "figure"),
        Output(ids.CONVERGENCE_TABLE, "rowData"),
        Output(ids.CONVERGENCE_MESSAGE, "children"),
        Output(ids.CONVERGENCE_POLL, "disabled"),
        Output(ids.CONVERGENCE_PROGRESS, "value"),
        Input(ids.SETUP, "data"),
        Input(ids.CONVERGENCE_BUTTON, "n_clicks"),
        Input(ids.CONVERGENCE_POLL, "n_intervals"),
    )
    def _convergence(setup, _clicks, _n):
        return make_convergence(dash.ctx.triggered_id, setup)

    app.callback(Output(ids.SUMMARY, "children"), Input(ids.SETUP, "data"))(make_summary)
    app.callback(
        Output(ids.DENSITY_GRAPH, "figure"), Input(ids.SETUP, "data"), Input(ids.DENSITY_TRANSFORM, "value")
    )(make_density)
    app.callback(
        Output(ids.LAYERS_W_GRAPH, "figure"),
        Output(ids.LAYERS_L_GRAPH, "figure"),
        Input(ids.SETUP, "data"),
        Input(ids.DEPTH_SLIDER, "value"),
    )(make_layers)
    app.callback(
        Output(ids.DIFF_GRAPH, "figure"), Input(ids.SETUP, "data"), Input(ids.DIFF_LAYER, "value")
    )(make_differences)

    @app.callback(
        Output(ids.TREE, "elements"),
        Output(ids.TREE_TOGGLED, "data"),
        Output(ids.TREE_MESSAGE, "children"),
        Output(ids.START_ERROR, "children"),
        Input(ids.SETUP, "data"),
        Input(ids.START_INPUT, "value"),
        Input(ids.DEPTH_SLIDER, "value"),
        Input(ids.TREE, "tapNode"),
        State(ids.TREE_TOGGLED, "data"),
    )
    def _tree(setup, start_text, depth, tap, toggled):
        return make_tree(dash.ctx.triggered_id, setup, start_text, depth, tap, toggled)

    register_exports(app, [ids.CONVERGENCE_TABLE])
    app.callback(
        Output(ids.DOWNLOAD, "data"),
        Input(ids.DOWNLOAD_BUTTON, "n_clicks"),
        State(ids.SETUP, "data"),
        prevent_initial_call=True,
    )(lambda _clicks, setup: make_download(setup))
