"""The "Thesis analyses" tab: the thesis's tables and figures, live.

Layout and callbacks of the tab live here, apart from the Explore tab's.
"""

from __future__ import annotations

from dash import Input, Output, State, dcc, html

from solver import thesis_data
from solver.analysis import layer
from solver.parsing import parse_int
from solver.primitives import primitive_elements
from solver.strategies import (
    STRATEGY_LABELS,
    adder_subtractor,
    always_subtract,
    random_play,
    strategy_matrix,
)
from solver.thesis import compare_thesis_lists

from . import figures, ids
from .figures import _empty
from .tables import data_grid, register_exports

#: Largest N of the fixed-strategy and strategy-matrix views.
STRATEGY_N_MAX = 10**6
MATRIX_N_MAX = 10**6
#: Largest limit of the primitive-elements view (its bound is 100 x limit).
PRIMITIVES_LIMIT_MAX = 10**6
#: Most random games the page plays in one request (about 3 seconds).
RANDOM_GAMES_MAX = 10**7

THESIS_BOUND = thesis_data.THESIS_BOUND


def _section(title: str, note: str, body) -> html.Section:
    return html.Section([html.H2(title), html.P(note, className="note"), body], className="panel panel-wide")


def _number(component_id: str, label: str, value: int) -> html.Div:
    return html.Div(
        [html.Label(label, htmlFor=component_id),
         dcc.Input(id=component_id, type="text", value=str(value), debounce=True, className="num-input")],
        className="control",
    )


def thesis_layout() -> html.Div:
    """Return the tab's components."""
    return html.Main(
        [
            _section(
                "Primitive elements (section 4.1, Tables 2 and 3)",
                "Members of layer k up to the limit that are not i² × P for an earlier member P, with the members "
                "each generates, the square below k² and the remainder P − k², the run bound of inequality (20) "
                "(for i up to it, i² × P has square below (i k)²; for layer 2 every such i² × P is in layer 2 too) "
                "and whether P is in the Pell family m² − 2k² = 1. The bound is 100 × limit. Table 2 (layer 2 up "
                "to 50,000) misses 11,745 = 145 × 9², which is in layer 2.",
                html.Div(
                    [
                        html.Div(
                            [_number(ids.PRIMITIVES_LAYER, "layer", 2), _number(ids.PRIMITIVES_LIMIT, "limit", 50_000)],
                            className="controls controls-inline",
                        ),
                        html.Div(id=ids.PRIMITIVES_ERROR, className="error", role="alert"),
                        dcc.Loading(
                            html.Div(
                                [
                                    dcc.Graph(id=ids.PRIMITIVES_GRAPH, style={"height": "360px"}),
                                    data_grid(
                                        ids.PRIMITIVES_TABLE,
                                        [("primitive", "primitive P"), ("square_below", "square below"),
                                         ("remainder", "remainder"), ("run_bound", "run bound (20)"),
                                         ("pell", "Pell"), ("generated_count", "generates"),
                                         ("generated", "generated members")],
                                        "primitive-elements.csv",
                                    ),
                                ]
                            ),
                            type="circle",
                        ),
                    ]
                ),
            ),
            _section(
                "Random play (section 5.1, Fig 15)",
                "Both players pick put or take uniformly at random (also at a square) from every start in 1..N, "
                "each start played R times; player 1 moves first. Games still running at the move cap count as "
                "over the cap. Seeded, so a run can be repeated exactly. The thesis's setup: N = 1000, R = 100, "
                "cap 25.",
                html.Div(
                    [
                        html.Div(
                            [
                                _number(ids.RANDOM_N, "N (starts 1..N)", 1000),
                                _number(ids.RANDOM_GAMES, "R (games per start)", 100),
                                _number(ids.RANDOM_CAP, "move cap", 25),
                                _number(ids.RANDOM_SEED, "seed", 0),
                                html.Button("Play", id=ids.RANDOM_RUN, className="button"),
                            ],
                            className="controls controls-inline",
                        ),
                        dcc.Loading(
                            html.Div(
                                [html.Div(id=ids.RANDOM_STATS, className="summary-text", role="status"),
                                 dcc.Graph(id=ids.RANDOM_GRAPH, style={"height": "360px"})]
                            ),
                            type="circle",
                        ),
                    ]
                ),
            ),
            _section(
                "Fixed strategies (section 5.2, Fig 16)",
                "Always subtract: both players always take; the number of moves to reach 0 from each start. "
                "Adder against subtractor: one player always puts (taking only at a square, to win), the other "
                "always takes; player 1 moves first in both seatings, and a repeated (position, player to move) "
                "is a draw. The thesis printed these two seatings the other way round.",
                html.Div(
                    [
                        html.Div([_number(ids.FIXED_N, "N (starts 1..N)", 10_000)], className="controls controls-inline"),
                        html.Div(id=ids.FIXED_ERROR, className="error", role="alert"),
                        dcc.Loading(
                            html.Div(
                                [
                                    dcc.Graph(id=ids.FIXED_GRAPH, style={"height": "340px"}),
                                    data_grid(
                                        ids.FIXED_TABLE,
                                        [("seating", "seating"), ("p1_wins", "player 1 wins"),
                                         ("p2_wins", "player 2 wins"), ("draws", "draws")],
                                        "adder-subtractor.csv",
                                        page_size=5,
                                    ),
                                ]
                            ),
                            type="circle",
                        ),
                    ]
                ),
            ),
            _section(
                "Strategy matrix",
                "Each simple strategy plays each other one from every start in 1..N (the first named moves first): "
                "always put, always take, random (seeded), optimal (the solver's best move at bound 100 N; take "
                "above it), adder, subtractor. Deterministic pairs draw exactly when a (position, player to move) "
                "repeats; games with a random player that pass 1,000 moves, and put-against-adder games that grow "
                "past 2^62, are unfinished.",
                html.Div(
                    [
                        html.Div([_number(ids.MATRIX_N, "N (starts 1..N)", 1000)], className="controls controls-inline"),
                        html.Div(id=ids.MATRIX_ERROR, className="error", role="alert"),
                        dcc.Loading(
                            data_grid(
                                ids.MATRIX_TABLE,
                                [("first", "first mover"), ("second", "second mover"), ("first_wins", "first wins"),
                                 ("second_wins", "second wins"), ("draws", "draws"), ("unfinished", "unfinished")],
                                "strategy-matrix.csv",
                                page_size=12,
                            ),
                            type="circle",
                        ),
                    ]
                ),
            ),
            _section(
                "The thesis's own lists beside the sound classification",
                f"Appendix A (layers 2, 4 and 6 below 10,000), Table 2 (layer 2 up to 50,000, by primitive element) "
                f"and Appendix B (the thesis's 'drawing positions') "
                f"compared with the sound values at the thesis's own bound B = {THESIS_BOUND:,}. Rows marked "
                "'(missing)' are numbers the list should hold but does not. Appendix A's layer 3 is left out: its "
                "text in the source is damaged. Appendix B uses a heuristic notion of draw (no decision within 10 "
                "moves), so most of it is unresolved (U) or even a forced win or loss.",
                dcc.Loading(
                    html.Div(
                        [
                            html.Div(id=ids.THESIS_LISTS_SUMMARY, className="summary-text"),
                            data_grid(
                                ids.THESIS_LISTS_TABLE,
                                [("list", "list"), ("n", "n"), ("thesis", "thesis says"), ("sound", "sound value"),
                                 ("agrees", "agrees"), ("reason", "reason")],
                                "thesis-lists.csv",
                                page_size=15,
                            ),
                        ]
                    ),
                    type="dot",
                ),
            ),
        ],
        className="views",
    )


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
    """Histogram of game lengths and the win counts of random play.

    Returns
    -------
    tuple
        ``(figure, stats text)``; the text carries the error for bad input.
    """
    try:
        n = parse_int(n_text, "N")
        games = parse_int(games_text, "R")
        cap = parse_int(cap_text, "the move cap", most=10_000)
        seed = parse_int(seed_text, "the seed", least=0)
        if n * games > RANDOM_GAMES_MAX:
            raise ValueError(f"N × R = {n * games:,} games is more than {RANDOM_GAMES_MAX:,}; lower N or R")
        result = random_play(n, games, cap, seed)
    except ValueError as exc:
        return _empty("Random play", str(exc)), str(exc)
    title = f"Random play from 1..{n:,}, {games} games each: moves until someone reaches 0"
    stats = (
        f"{result.games:,} games: player 1 wins {result.p1_wins:,}, player 2 wins {result.p2_wins:,} "
        f"(ratio {result.ratio:.4f}); {result.over_cap:,} over the cap of {cap} moves."
    )
    return figures.histogram_figure(result.lengths, title, "moves"), stats


def make_primitives(layer_text, limit_text, solutions):
    """Figure and rows of the primitive elements of a layer up to a limit.

    Returns
    -------
    tuple
        ``(figure, table rows, error message)``.
    """
    try:
        k = parse_int(layer_text, "the layer", most=50)
        limit = parse_int(limit_text, "the limit", most=PRIMITIVES_LIMIT_MAX)
        solution, _ = solutions.get(100 * limit)
        table = primitive_elements(layer(solution, limit, k))
    except ValueError as exc:
        return _empty("Primitive elements", str(exc)), [], str(exc)
    rows = table.assign(
        pell=table["pell"].map({True: "yes", False: ""}),
        generated=table["generated"].map(lambda g: ", ".join(map(str, g))),
    ).to_dict("records")
    return figures.primitives_figure(table, k), rows, ""


def make_fixed(n_text):
    """Always-subtract histogram and the adder/subtractor table.

    Returns
    -------
    tuple
        ``(figure, table rows, error message)``.
    """
    try:
        n = parse_int(n_text, "N", most=STRATEGY_N_MAX)
    except ValueError as exc:
        return _empty("Always subtract", str(exc)), [], str(exc)
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

    Returns
    -------
    tuple
        ``(table rows, error message)``.
    """
    try:
        n = parse_int(n_text, "N", most=MATRIX_N_MAX)
        solution, _ = solutions.get(100 * n)
        table = strategy_matrix(n, solution, seed=0)
    except ValueError as exc:
        return [], str(exc)
    table = table.assign(
        first=table["first"].map(lambda s: STRATEGY_LABELS.get(s, str(s))),
        second=table["second"].map(lambda s: STRATEGY_LABELS.get(s, str(s))),
    )
    return table[["first", "second", "first_wins", "second_wins", "draws", "unfinished"]].to_dict("records"), ""


def register(app, solutions) -> None:
    """Wire the tab's callbacks to ``app``; ``solutions`` is the shared solve cache."""
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
        else (_empty("Primitive elements", ""), [], "")
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
    )(lambda _c, tab, *texts: make_random_play(*texts) if tab == "thesis" else (_empty("Random play", ""), ""))
    app.callback(
        Output(ids.FIXED_GRAPH, "figure"),
        Output(ids.FIXED_TABLE, "rowData"),
        Output(ids.FIXED_ERROR, "children"),
        Input(ids.FIXED_N, "value"),
        Input(ids.TABS, "value"),
    )(lambda text, tab: make_fixed(text) if tab == "thesis" else (_empty("Always subtract", ""), [], ""))
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
