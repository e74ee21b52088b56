"""The view ``"zigzags"`` of Spring Cleaning: the zigzags beside Couples are Forever.

The staircases Z(1..N) drawn small with their values, beside Couples are
Forever on piles of n + 2 and the source's printed row, which is Couples are
Forever on piles of n (``docs/impartial-games.md`` section 10).
"""

from __future__ import annotations

import plotly.graph_objects as go
from dash import Input, Output, State, dcc, html, no_update

from solver.impartial import couples_values, zigzag, zigzag_values

from ....components import attrs
from ....style import COLOURS, MARGIN, NEUTRAL, NEUTRAL_DARK, message_figure
from ....urlkeys import number_box_key
from .. import ids
from ..games import parse_number
from ..play import PAGE_SECONDS
from .base import (
    BOX_CLASS,
    INVALID_BOX_CLASS,
    CsvExport,
    View,
    csv_button,
    csv_file,
    game_with_view,
    graph,
    number_box,
    panel,
    skip,
)
from .chomp import bar_picture

__all__ = [
    "VIEWS",
    "SOURCE_ZIGZAGS",
    "zigzag_csv",
    "zigzag_figure",
    "zigzag_rows",
    "zigzag_view",
]


#: Component ids of this view.
ZIGZAG_N = "finite-zigzag-n"
ZIGZAG_TABLE = "finite-zigzag-table"
ZIGZAG_GRAPH = "finite-zigzag-graph"
ZIGZAG_NOTE = "finite-zigzag-note"
ZIGZAG_ERROR = "finite-zigzag-error"
#: Zigzags Z(1..N) (the source's table: 1..15), and the largest N (the solver's :func:`solver.zigzag`).
DEFAULT_ZIGZAGS = 15
ZIGZAGS_MAX = 63
#: "Spring Cleaning II": the row printed under the zigzags, "Z(1)" to "Z(15)".
SOURCE_ZIGZAGS: tuple[int, ...] = (0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4)


# ---------------------------------------------------------------- the zigzags and Couples are Forever


def zigzag_rows(n: int) -> list[dict]:
    """Z(1..n) beside Couples are Forever and the source's printed row, one dict per n.

    Returns
    -------
    list of dict
        ``n``, ``shape`` (:func:`solver.zigzag`), ``value`` (Z(n), by the
        game's kernel), ``couples_n_plus_2`` (CAF on a pile of n + 2),
        ``source`` (the printed entry n, None beyond 15), ``couples_n`` (CAF
        on a pile of n) and ``differs`` (the printed entry is not Z(n)).

    Raises
    ------
    ValueError
        Work beyond the page's limits (not for n <= 63).
    """
    values = zigzag_values(n, max_seconds=PAGE_SECONDS)
    couples = couples_values(n + 2, max_seconds=PAGE_SECONDS)
    rows = []
    for k in range(1, n + 1):
        printed = SOURCE_ZIGZAGS[k - 1] if k <= len(SOURCE_ZIGZAGS) else None
        rows.append(
            {
                "n": k,
                "shape": zigzag(k),
                "value": values[k - 1],
                "couples_n_plus_2": int(couples[k + 2]),
                "source": printed,
                "couples_n": int(couples[k]),
                "differs": printed is not None and printed != values[k - 1],
            }
        )
    return rows


def _zigzag_table(rows: list[dict]) -> html.Table:
    head = html.Tr(
        [
            html.Th("n"),
            html.Th("Z(n), the staircase"),
            html.Th("value of Z(n)"),
            html.Th("Couples, pile n + 2"),
            html.Th("the source's entry n"),
            html.Th("Couples, pile n"),
        ]
    )
    body = []
    for row in rows:
        printed = row["source"]
        body.append(
            html.Tr(
                [
                    html.Td(str(row["n"]), className="num"),
                    html.Td(bar_picture(row["shape"], f"the zigzag Z({row['n']})", losing=row["value"] == 0)),
                    html.Td(str(row["value"]), className="num"),
                    html.Td(str(row["couples_n_plus_2"]), className="num"),
                    html.Td(
                        "–" if printed is None else str(printed),
                        className="num" + (" finite-differs" if row["differs"] else ""),
                        title=f"differs from Z({row['n']}) = {row['value']}" if row["differs"] else None,
                    ),
                    html.Td(str(row["couples_n"]), className="num"),
                ]
            )
        )
    return html.Table([html.Thead(head), html.Tbody(body)], className="summary-table zigzag-table")


def zigzag_figure(rows: list[dict]) -> go.Figure:
    """Z(n) and Couples are Forever on piles of n + 2 (they coincide), and the source's row on piles of n.

    Returns
    -------
    plotly.graph_objects.Figure
        Traces: Z(n) (markers), CAF(n + 2) (a line), CAF(n) (a dotted
        line), the source's printed entries (vermilion crosses, n <= 15).
    """
    xs = [r["n"] for r in rows]
    fig = go.Figure()
    fig.add_trace(
        go.Scatter(
            x=xs,
            y=[r["value"] for r in rows],
            mode="markers",
            marker={"symbol": "circle-open", "size": 11, "color": NEUTRAL_DARK, "line": {"width": 2}},
            name="Z(n), the staircase of n pieces",
            hovertemplate="Z(%{x}) = %{y}<extra></extra>",
        )
    )
    fig.add_trace(
        go.Scatter(
            x=xs,
            y=[r["couples_n_plus_2"] for r in rows],
            mode="lines",
            line={"color": NEUTRAL_DARK, "width": 1.5},
            name="Couples are Forever, pile n + 2",
            hovertemplate="pile %{x} + 2: %{y}<extra></extra>",
        )
    )
    fig.add_trace(
        go.Scatter(
            x=xs,
            y=[r["couples_n"] for r in rows],
            mode="lines",
            line={"color": NEUTRAL, "width": 1.5, "dash": "dot"},
            name="Couples are Forever, pile n",
            hovertemplate="pile %{x}: %{y}<extra></extra>",
        )
    )
    printed = [r for r in rows if r["source"] is not None]
    fig.add_trace(
        go.Scatter(
            x=[r["n"] for r in printed],
            y=[r["source"] for r in printed],
            mode="markers",
            marker={"symbol": "x", "size": 9, "color": COLOURS["L"]},
            name="the source's row",
            hovertemplate="printed entry %{x}: %{y}<extra></extra>",
        )
    )
    fig.update_layout(
        title={"text": f"Zigzags Z(1..{len(rows)}) and Couples are Forever", "font": {"size": 14}},
        template="plotly_white",
        margin=MARGIN,
        legend={"orientation": "h", "y": -0.2},
        xaxis={"title": "n"},
        yaxis={"title": "Grundy value", "rangemode": "tozero"},
    )
    return fig


def zigzag_view(gate: object, name: object, n_text: object) -> tuple:
    """The zigzags Z(1..N) beside Couples are Forever and the source's row.

    Returns
    -------
    tuple
        ``(table, figure, note, error, box class)``.
    """
    game = game_with_view(gate, name, "zigzags")
    if game is None:
        return skip(5)
    try:
        n = parse_number(n_text, "N, the zigzags", ZIGZAGS_MAX)
    except ValueError as exc:
        return no_update, no_update, no_update, str(exc), INVALID_BOX_CLASS
    try:
        rows = zigzag_rows(max(n, len(SOURCE_ZIGZAGS)))
    except ValueError as exc:
        return "", message_figure("Zigzags", str(exc)), "", str(exc), INVALID_BOX_CLASS
    same = all(r["value"] == r["couples_n_plus_2"] for r in rows)
    printed = [r for r in rows if r["source"] is not None]
    differ = [r["n"] for r in printed if r["differs"]]
    caf_n = all(r["source"] == r["couples_n"] for r in printed)
    note = (
        f"Z(n) {'equals' if same else 'does NOT equal'} Couples are Forever on a pile of n + 2 for n = 1..{len(rows)}: "
        "sweeping an end piece splits off one token, sweeping two neighbours splits the pile into a + 2 and b + 2. "
        f'The source\'s row ("Z(1)" to "Z(15)") differs from Z(n) at {len(differ)} of its 15 entries'
        + (f" (n = {', '.join(map(str, differ))})" if differ and len(differ) < 15 else "")
        + (
            "; it is Couples are Forever's own sequence on piles of 1 to 15 (a single piece has value 1 and two "
            "neighbours value 2, so its first two entries, 0 and 0, cannot be shapes of one and two pieces): the "
            "shift of two lies between its table and the pieces."
            if caf_n
            else "."
        )
    )
    shown = rows[:n]
    return html.Div(_zigzag_table(shown)), zigzag_figure(shown), note, "", BOX_CLASS


def zigzag_csv(game, n_text: object) -> dict | None:
    """Z(1..N) beside Couples are Forever and the source's row: CSV ``n,shape,value,couples_n_plus_2,source,couples_n,differs``."""
    n = parse_number(n_text, "N", ZIGZAGS_MAX)
    rows = [
        {**r, "source": "" if r["source"] is None else r["source"], "differs": r["differs"]} for r in zigzag_rows(n)
    ]
    fields = ["n", "shape", "value", "couples_n_plus_2", "source", "couples_n", "differs"]
    return csv_file(fields, rows, f"spring-cleaning-zigzags-{n}.csv")


ZIGZAG_CSV = CsvExport("zigzags", "the zigzags beside Couples are Forever", (ZIGZAG_N,), zigzag_csv)


def _zigzag_layout() -> list:
    return [
        panel(
            "Zigzags and Couples are Forever",
            "Z(n) is the staircase of n pieces, one step right, one step down (its pictures are missing from the "
            "source's text). Its sweeps take two neighbours or an end piece, so it plays as Couples are Forever "
            "(split a pile of at least 3 tokens into two) on a pile of n + 2. Beside them, the row the source "
            "prints under the zigzags, and Couples are Forever on a pile of n. A staircase framed in vermilion "
            "has value 0.",
            [
                html.Div(
                    [
                        number_box(ZIGZAG_N, "zigzags Z(1..N)", DEFAULT_ZIGZAGS, f"1 to {ZIGZAGS_MAX}"),
                        csv_button(ZIGZAG_CSV),
                    ],
                    className="controls controls-inline",
                ),
                html.Div(id=ZIGZAG_ERROR, className="error", role="alert"),
                html.P(id=ZIGZAG_NOTE, className="summary-text", role="status"),
                graph(ZIGZAG_GRAPH, 340, below_first_screen=True),  # at 962 px at 1440 × 900, lower when narrower
                dcc.Loading(
                    html.Div(
                        id=ZIGZAG_TABLE,
                        className="zigzag-box",
                        tabIndex=0,  # it scrolls sideways: the keyboard must reach it
                        role="region",
                        **attrs({"aria-label": "the zigzags and their values"}),
                    ),
                    type="dot",
                ),
            ],
        )
    ]


def _register_zigzags(app, gate) -> None:
    app.callback(
        Output(ZIGZAG_TABLE, "children"),
        Output(ZIGZAG_GRAPH, "figure"),
        Output(ZIGZAG_NOTE, "children"),
        Output(ZIGZAG_ERROR, "children"),
        Output(ZIGZAG_N, "className"),
        gate,
        State(ids.GAME, "value"),
        Input(ZIGZAG_N, "value"),
        prevent_initial_call=True,
    )(zigzag_view)


#: The view of this module, by the name games declare.
VIEWS = (
    View(
        "zigzags",
        "the zigzags beside Couples are Forever and the source's row",
        _zigzag_layout,
        _register_zigzags,
        url_keys=(number_box_key("fzig", ZIGZAG_N, DEFAULT_ZIGZAGS, "N, the zigzags", most=ZIGZAGS_MAX),),
        exports=(ZIGZAG_CSV,),
    ),
)
