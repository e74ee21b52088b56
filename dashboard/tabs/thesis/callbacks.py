"""Callbacks of the Thesis analyses tab: parse the inputs, run the experiment, shape rows and figures.

Each callback body is a plain function (:func:`make_thesis_lists`,
:func:`make_random_play`, :func:`make_primitives`, :func:`make_fixed`,
:func:`make_matrix`) that tests call directly; :func:`register` wires them to
the page.  Nothing is computed until the tab is opened; bad input becomes a
message, never an exception.
"""

from __future__ import annotations

from dash import Input, Output, State

from solver import config
from solver.analysis import layer
from solver.experiments import (
    STRATEGY_LABELS,
    adder_subtractor,
    always_subtract,
    random_play,
    strategy_matrix,
)
from solver.parsing import parse_int
from solver.primitives import primitive_elements
from solver.thesis import compare_thesis_lists
from solver.thesis_data import THESIS_BOUND

from ... import ids
from ...defaults import (
    MATRIX_N_MAX,
    PRIMITIVES_LAYER_MAX,
    PRIMITIVES_LIMIT_MAX,
    RANDOM_CAP_MAX,
    RANDOM_GAMES_MAX,
    STRATEGY_N_MAX,
)
from ...style import message_figure
from ...tables import register_exports
from . import figures


def make_thesis_lists(tab: str | None, solutions):
    """Rows and a summary of :func:`solver.thesis.compare_thesis_lists`.

    Parameters
    ----------
    tab : str or None
        The selected tab; nothing is computed until "thesis" is opened.
    solutions : solver.cache.SolutionCache
        Where the solve to the thesis's bound comes from.

    Returns
    -------
    tuple
        ``(rows, summary text)``.
    """
    if tab != "thesis":
        return [], ""
    solution, _ = solutions.get(THESIS_BOUND)
    table = compare_thesis_lists(solution)
    parts = []
    for name, group in table.groupby("list", sort=False):
        parts.append(f"{name}: {int(group['agrees'].sum())} of {len(group)} rows agree")
    rows = table.assign(agrees=table["agrees"].map({True: "yes", False: "no"})).to_dict("records")
    return rows, "; ".join(parts) + "."


def make_random_play(n_text, games_text, cap_text, seed_text):
    """Histogram of game lengths and the win counts of random play (thesis Fig 15).

    Parameters
    ----------
    n_text, games_text, cap_text, seed_text : str
        What was typed for N (starts ``1..N``), R (games per start), the
        move cap and the seed.

    Returns
    -------
    tuple
        ``(figure, stats text)``; for bad input (or more than
        ``RANDOM_GAMES_MAX`` games) an empty figure and the message.
    """
    try:
        n = parse_int(n_text, "N")
        games = parse_int(games_text, "R")
        cap = parse_int(cap_text, "the move cap", most=RANDOM_CAP_MAX)
        seed = parse_int(seed_text, "the seed", least=0)
        if n * games > RANDOM_GAMES_MAX:
            raise ValueError(f"N × R = {n * games:,} games is more than {RANDOM_GAMES_MAX:,}; lower N or R")
        result = random_play(n, games, cap, seed)
    except ValueError as exc:
        return message_figure("Random play", str(exc)), str(exc)
    title = f"Random play from 1..{n:,}, {games} games each: moves until someone reaches 0"
    stats = (
        f"{result.games:,} games: player 1 wins {result.p1_wins:,}, player 2 wins {result.p2_wins:,} "
        f"(ratio {result.ratio:.4f}); {result.over_cap:,} over the cap of {cap} moves."
    )
    return figures.histogram_figure(result.lengths, title, "moves"), stats


def make_primitives(layer_text, limit_text, solutions):
    """Figure and rows of the primitive elements of a layer up to a limit (Tables 2, 3).

    Parameters
    ----------
    layer_text, limit_text : str
        What was typed for the layer k and the limit (largest member).
    solutions : solver.cache.SolutionCache
        The shared solve cache; the solve is to ``100 * limit``.

    Returns
    -------
    tuple
        ``(figure, table rows, error message)``; rows as
        :func:`solver.primitives.primitive_elements` with ``pell`` as
        "yes"/"" and ``generated`` as comma-separated text.
    """
    try:
        k = parse_int(layer_text, "the layer", most=PRIMITIVES_LAYER_MAX)
        limit = parse_int(limit_text, "the limit", most=PRIMITIVES_LIMIT_MAX)
        solution, _ = solutions.get(100 * limit)
        table = primitive_elements(layer(solution, limit, k))
    except ValueError as exc:
        return message_figure("Primitive elements", str(exc)), [], str(exc)
    rows = table.assign(
        pell=table["pell"].map({True: "yes", False: ""}),
        generated=table["generated"].map(lambda g: ", ".join(map(str, g))),
    ).to_dict("records")
    return figures.primitives_figure(table, k), rows, ""


def make_fixed(n_text):
    """Always-subtract histogram and the adder/subtractor table (thesis Fig 16).

    Parameters
    ----------
    n_text : str
        What was typed for N (starts ``1..N``, at most ``STRATEGY_N_MAX``).

    Returns
    -------
    tuple
        ``(figure, table rows, error message)``; one row per seating
        (player 1 puts, then player 2 puts) with ``p1_wins``, ``p2_wins``
        and ``draws``.
    """
    try:
        n = parse_int(n_text, "N", most=STRATEGY_N_MAX)
    except ValueError as exc:
        return message_figure("Always subtract", str(exc)), [], str(exc)
    fig = figures.histogram_figure(
        always_subtract(n), f"Always subtract, starts 1..{n:,}: moves to reach 0", "moves", "#009E73"
    )
    rows = []
    for adder in (1, 2):
        row = adder_subtractor(n, adder)
        rows.append({"seating": f"player {adder} puts, player {3 - adder} takes", "p1_wins": row["p1_wins"],
                     "p2_wins": row["p2_wins"], "draws": row["draws"]})
    return fig, rows, ""


def make_matrix(n_text, solutions):
    """Rows of the strategy matrix for starts 1..N.

    Parameters
    ----------
    n_text : str
        What was typed for N (at most ``MATRIX_N_MAX``).
    solutions : solver.cache.SolutionCache
        The shared solve cache; the optimal player reads the solve to
        ``100 * N``.

    Returns
    -------
    tuple
        ``(table rows, error message)``: one row per ordered pair of
        :data:`solver.experiments.STRATEGIES` (first mover, second mover)
        with the counts of first-mover wins, second-mover wins, draws and
        unfinished games.
    """
    try:
        n = parse_int(n_text, "N", most=MATRIX_N_MAX)
        solution, _ = solutions.get(100 * n)
        table = strategy_matrix(n, solution, seed=config.DEFAULT_SEED)
    except ValueError as exc:
        return [], str(exc)
    table = table.assign(
        first=table["first"].map(lambda s: STRATEGY_LABELS.get(s, str(s))),
        second=table["second"].map(lambda s: STRATEGY_LABELS.get(s, str(s))),
    )
    return table[["first", "second", "first_wins", "second_wins", "draws", "unfinished"]].to_dict("records"), ""


def register(app, solutions) -> None:
    """Wire the Thesis analyses tab's callbacks to ``app``.

    Parameters
    ----------
    app : dash.Dash
        The application whose layout holds :func:`thesis_layout`.
    solutions : solver.cache.SolutionCache
        The shared solve cache (:data:`dashboard.state.SOLUTIONS`).
    """
    register_exports(app, [ids.THESIS_LISTS_TABLE, ids.FIXED_TABLE, ids.MATRIX_TABLE, ids.PRIMITIVES_TABLE])
    app.callback(
        Output(ids.PRIMITIVES_GRAPH, "figure"),
        Output(ids.PRIMITIVES_TABLE, "rowData"),
        Output(ids.PRIMITIVES_ERROR, "children"),
        Input(ids.PRIMITIVES_LAYER, "value"),
        Input(ids.PRIMITIVES_LIMIT, "value"),
        Input(ids.TABS, "value"),
    )(
        lambda k, limit, tab: make_primitives(k, limit, solutions)
        if tab == "thesis"
        else (message_figure("Primitive elements", ""), [], "")
    )
    app.callback(
        Output(ids.RANDOM_GRAPH, "figure"),
        Output(ids.RANDOM_STATS, "children"),
        Input(ids.RANDOM_RUN, "n_clicks"),
        Input(ids.TABS, "value"),
        State(ids.RANDOM_N, "value"),
        State(ids.RANDOM_GAMES, "value"),
        State(ids.RANDOM_CAP, "value"),
        State(ids.RANDOM_SEED, "value"),
    )(lambda _c, tab, *texts: make_random_play(*texts) if tab == "thesis" else (message_figure("Random play", ""), ""))
    app.callback(
        Output(ids.FIXED_GRAPH, "figure"),
        Output(ids.FIXED_TABLE, "rowData"),
        Output(ids.FIXED_ERROR, "children"),
        Input(ids.FIXED_N, "value"),
        Input(ids.TABS, "value"),
    )(lambda text, tab: make_fixed(text) if tab == "thesis" else (message_figure("Always subtract", ""), [], ""))
    app.callback(
        Output(ids.MATRIX_TABLE, "rowData"),
        Output(ids.MATRIX_ERROR, "children"),
        Input(ids.MATRIX_N, "value"),
        Input(ids.TABS, "value"),
    )(lambda text, tab: make_matrix(text, solutions) if tab == "thesis" else ([], ""))
    app.callback(
        Output(ids.THESIS_LISTS_TABLE, "rowData"),
        Output(ids.THESIS_LISTS_SUMMARY, "children"),
        Input(ids.TABS, "value"),
    )(lambda tab: make_thesis_lists(tab, solutions))
