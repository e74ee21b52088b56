"""Views of Magnetism: the strip to play on with its elementary strips, and the four sequences beside the source's table.

The pictures of the blog post "Magnetism".  The Play panel draws the strip
itself (the ``"strip"`` surface): a square per place, a ``+`` and a ``−``
button under each empty square (a sign that would touch an equal token is
drawn disabled), each with the Grundy value the move leaves, ★ on the
winning ones (value 0); under the position's value, its elementary strips
(the runs of empty squares and what bounds them: G, G+, G++ or G+−, and n)
with each one's value and their nim-sum.  The ``"magnetism-sequences"``
view computes G(n), G+(n), G++(n) and G+−(n) for n = 0..N by the mex from
the rules (:func:`solver.magnetism_sequences`), as a table beside the
source's printed one and as a plot.
"""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go
from dash import Input, Output, State, dcc, html, no_update

from solver.impartial import elementary_strips, magnetism_sequences

from ....components import attrs
from ....style import COLOURS, MARGIN, NEUTRAL, NEUTRAL_DARK, message_figure
from ....urlkeys import number_box_key
from .. import ids
from ..figures import moves_view
from ..games import parse_number
from ..play import MAX_LISTED, PAGE_SECONDS, MoveRow
from .base import (
    BOX_CLASS,
    INVALID_BOX_CLASS,
    CsvExport,
    Surface,
    View,
    csv_button,
    csv_file,
    game_with_view,
    graph,
    number_box,
    panel,
    scroll_box,
    skip,
)

__all__ = [
    "FAMILY_NAMES",
    "MAX_STRIP_DRAWN",
    "SOURCE_TABLE",
    "SURFACES",
    "VIEWS",
    "runs_of",
    "sequences_figure",
    "sequences_table",
    "sequences_view",
    "strip_board",
    "strip_details",
    "strip_moves",
    "strip_parts",
]

#: Component ids of these views.
SEQ_N = "finite-magnetism-n"
SEQ_GRAPH = "finite-magnetism-graph"
SEQ_TABLES = "finite-magnetism-tables"
SEQ_NOTE = "finite-magnetism-note"
SEQ_ERROR = "finite-magnetism-error"

#: n = 0..N of the sequences (the source's table: 0..6), and the largest N typed.
DEFAULT_SEQ_N = 20
SEQ_N_MAX = 5000
#: Columns n = 0..this at most of the computed table beside the source's (it scrolls sideways; the plot and the
#: CSV have 0..N).
TABLE_COLUMNS = 100
#: Longest strip drawn square by square (a longer one is played by the move buttons).
MAX_STRIP_DRAWN = 120
#: Most elementary strips listed under the position (the nim-sum counts them all).
MAX_PARTS_LISTED = 40

#: The four families, as the solver names them and as the page writes them.
FAMILY_NAMES = {"G": "G", "G+": "G+", "G++": "G++", "G+-": "G+−"}
#: What bounds each family's run of empty squares.
_BOUNDS = {
    "G": "no token at either end",
    "G+": "a token at one end only",
    "G++": "equal tokens at both ends",
    "G+-": "different tokens at the ends",
}
#: The source's table ("Magnetism"), n = 0..6, as printed.  Its row G++(n) has six entries, one fewer than the
#: others: it is read from n = 1 (G++(0), two equal tokens side by side, is not a position), so n = 0 is None.
SOURCE_TABLE: dict[str, list[int | None]] = {
    "G": [0, 1, 0, 1, 0, 1, 0],
    "G+": [0, 1, 2, 3, 4, 5, 6],
    "G++": [None, 1, 1, 1, 1, 1, 1],
    "G+-": [0, 0, 0, 0, 0, 0, 0],
}
#: Line styles of the four sequences in the plot (one colour: no outcome is meant).
_DASHES = {"G": "solid", "G+": "dash", "G++": "dot", "G+-": "dashdot"}
_SYMBOLS = {"G": "circle", "G+": "square", "G++": "diamond", "G+-": "x"}


# ---------------------------------------------------------------- the strip and its parts


def runs_of(strip: str) -> list[tuple[int, int]]:
    """The runs of empty squares of a strip, left to right: ``(first square, squares)``, squares from 0.

    Parameters
    ----------
    strip : str
        A Magnetism strip (``.`` empty, ``+``, ``-``).

    Returns
    -------
    list of (int, int)
        One entry per maximal run of ``.``: where it starts and how long it is.
    """
    found = []
    i = 0
    while i < len(strip):
        if strip[i] != ".":
            i += 1
            continue
        j = i
        while j < len(strip) and strip[j] == ".":
            j += 1
        found.append((i, j - i))
        i = j
    return found


def strip_parts(game, strip: str) -> list[dict]:
    """The elementary strips of a position with each one's Grundy value, left to right.

    Each run of empty squares is played alone: its value is the game's value
    of the run with the tokens that bound it (the strip cut just outside the
    run), and the position's value is the XOR of these.

    Parameters
    ----------
    game : solver.impartial.MagnetismGame
        The game.
    strip : str
        A position (:meth:`solver.impartial.MagnetismGame.parse`).

    Returns
    -------
    list of dict
        ``{"first", "last"}`` (squares from 1), ``"family"`` (``"G"``,
        ``"G+"``, ``"G++"``, ``"G+-"``), ``"n"`` (empty squares), ``"bounded"``
        (the run with its bounding tokens, as text) and ``"value"``.

    Raises
    ------
    TypeError, ValueError
        If ``strip`` is not a position.
    """
    families = elementary_strips(strip)
    runs = runs_of(strip)
    parts = []
    for (start, size), (family, n) in zip(runs, families, strict=True):
        bounded = strip[max(0, start - 1) : min(len(strip), start + size + 1)]
        parts.append(
            {
                "first": start + 1,
                "last": start + size,
                "family": family,
                "n": n,
                "bounded": bounded,
                "value": game.value(bounded),
            }
        )
    return parts


def strip_details(game, position) -> list:
    """Under the position's value: its elementary strips, each one's family, n and value, and their nim-sum."""
    try:
        strip = game.format(position)
        parts = strip_parts(game, strip)
    except (TypeError, ValueError):
        return []
    if not parts:
        return [html.P("No empty square: no move.", className="note")]
    total = 0
    for part in parts:
        total ^= part["value"]
    rows = [
        html.Tr(
            [
                html.Td(
                    f"squares {part['first']}–{part['last']}"
                    if part["last"] > part["first"]
                    else f"square {part['first']}"
                ),
                html.Td(html.Code(part["bounded"].replace("-", "−"))),
                html.Td(f"{FAMILY_NAMES[part['family']]}({part['n']})", title=_BOUNDS[part["family"]]),
                html.Td(str(part["value"]), className="num"),
            ]
        )
        for part in parts[:MAX_PARTS_LISTED]
    ]
    if len(parts) > MAX_PARTS_LISTED:
        rows.append(html.Tr(html.Td(f"… and {len(parts) - MAX_PARTS_LISTED:,} more", colSpan=4)))
    rows.append(html.Tr([html.Th("nim-sum (XOR)", colSpan=3), html.Td(html.Strong(str(total)), className="num")]))
    return [
        html.P(
            "The strip is the sum of its elementary strips: each run of empty squares with the tokens that bound "
            "it, played alone.",
            className="note",
        ),
        scroll_box(
            html.Table(
                [
                    html.Thead(
                        html.Tr([html.Th("where"), html.Th("run"), html.Th("elementary strip"), html.Th("value")])
                    ),
                    html.Tbody(rows),
                ],
                className="summary-table magnetism-parts",
            ),
            "the elementary strips and their values",
        ),
    ]


def _placed(strip: str, row: MoveRow) -> tuple[int, str] | None:
    """The square (from 0) and the sign a move puts there, read from the strip it leaves."""
    after = row.child_text
    if len(after) != len(strip):
        return None
    changed = [i for i in range(len(strip)) if strip[i] != after[i]]
    if len(changed) != 1 or strip[changed[0]] != ".":
        return None
    return changed[0], after[changed[0]]


def strip_board(strip: str, buttons: dict[tuple[int, str], tuple[int, int]]) -> html.Div:
    """The strip to play on: a square per place, and under each empty square a ``+`` and a ``−`` button.

    Parameters
    ----------
    strip : str
        The strip (``.``, ``+``, ``-``).
    buttons : dict
        ``(square, sign) -> (move index, Grundy value left)`` for every legal
        move (square from 0, sign ``"+"`` or ``"-"``).  A sign with no entry
        would touch an equal token: its button is drawn disabled.

    Returns
    -------
    dash.html.Div
        A row of cells (``assets/finite_boards.css``: ``.magnetism-strip``)
        that wraps on a narrow screen; each legal button has the id
        ``{"type": ids.MOVE, "index": k}``, shows the value the move leaves
        and ★ when that value is 0 (a winning move).
    """
    cells = []
    for i, square in enumerate(strip):
        token = {"+": "+", "-": "−"}.get(square, "")
        parts: list = [
            html.Span(str(i + 1), className="magnetism-index", **attrs({"aria-hidden": "true"})),
            html.Span(
                token,
                className="magnetism-square" + {"+": " magnetism-plus", "-": " magnetism-minus"}.get(square, ""),
                title=f"square {i + 1}: " + ({"+": "a + token", "-": "a − token"}.get(square, "empty")),
            ),
        ]
        if square == ".":
            for sign in "+-":
                shown = "+" if sign == "+" else "−"
                found = buttons.get((i, sign))
                if found is None:
                    parts.append(
                        html.Button(
                            shown,
                            className="magnetism-move",
                            disabled=True,
                            title=f"{shown} on square {i + 1}: not allowed, it would touch an equal token",
                        )
                    )
                    continue
                index, value = found
                wins = value == 0
                label = f"put {shown} on square {i + 1}: leaves Grundy value {value}" + (", wins" if wins else "")
                parts.append(
                    html.Button(
                        [shown, html.Span(("★" if wins else "") + str(value), className="magnetism-value")],
                        id={"type": ids.MOVE, "index": index},
                        className="magnetism-move" + (" magnetism-winning" if wins else ""),
                        n_clicks=0,
                        title=label,
                        **attrs({"aria-label": label}),
                    )
                )
        cells.append(html.Div(parts, className="magnetism-cell"))
    return html.Div(cells, className="magnetism-strip")


def strip_moves(game, position, rows: Sequence[MoveRow]) -> html.Div:
    """The Play panel's strip: :func:`strip_board` with each move's value; the move buttons for a long strip."""
    strip = game.format(position)
    if len(strip) > MAX_STRIP_DRAWN or not rows:
        return moves_view(rows, MAX_LISTED)
    try:
        values = game.values([row.child for row in rows], max_seconds=PAGE_SECONDS)
    except ValueError:
        return moves_view(rows, MAX_LISTED)
    buttons = {}
    for row, value in zip(rows, values, strict=True):
        placed = _placed(strip, row)
        if placed is not None:
            buttons[placed] = (row.index, int(value))
    return html.Div(
        [
            html.P(
                "Your move: press + or − under an empty square. Each button shows the Grundy value it leaves; "
                "★ (value 0) wins. A sign next to an equal token is not allowed (greyed).",
            ),
            strip_board(strip, buttons),
        ]
    )


# ---------------------------------------------------------------- the four sequences


def sequences_figure(sequences: dict[str, list[int | None]], n: int) -> go.Figure:
    """G(n), G+(n), G++(n) and G+−(n) for n = 0..N, one line each, with the source's entries (n <= 6) ringed.

    Parameters
    ----------
    sequences : dict
        :func:`solver.magnetism_sequences`: ``"n"`` and a list per family
        (G++ starts with None).
    n : int
        N, the largest n.

    Returns
    -------
    plotly.graph_objects.Figure
        Four line traces (one per family, in the source's order), then one
        marker trace of the source's printed entries.
    """
    fig = go.Figure()
    xs = sequences["n"]
    markers = n <= 60
    for family, name in FAMILY_NAMES.items():
        fig.add_trace(
            go.Scatter(
                x=xs,
                y=sequences[family],
                mode="lines+markers" if markers else "lines",
                line={"color": NEUTRAL_DARK if family != "G+" else NEUTRAL, "dash": _DASHES[family], "width": 1.5},
                marker={"symbol": _SYMBOLS[family], "size": 6},
                name=f"{name}(n)",
                hovertemplate=f"{name}(%{{x}}) = %{{y}}<extra></extra>",
            )
        )
    src_x, src_y, src_text = [], [], []
    for family, values in SOURCE_TABLE.items():
        for k, v in enumerate(values):
            if v is not None and k <= n:
                src_x.append(k)
                src_y.append(v)
                src_text.append(f"{FAMILY_NAMES[family]}({k}) = {v}, as printed")
    fig.add_trace(
        go.Scatter(
            x=src_x,
            y=src_y,
            mode="markers",
            marker={"symbol": "circle-open", "size": 13, "color": COLOURS["L"], "line": {"width": 2}},
            name="the source's table",
            text=src_text,
            hovertemplate="%{text}<extra></extra>",
        )
    )
    fig.update_layout(
        title={"text": f"The elementary strips of n = 0..{n:,} empty squares", "font": {"size": 14}},
        template="plotly_white",
        margin=MARGIN,
        legend={"orientation": "h", "y": -0.2},
        xaxis={"title": "n, empty squares", "rangemode": "tozero"},
        yaxis={"title": "Grundy value", "rangemode": "tozero"},
    )
    return fig


def _cell(value: int | None) -> str:
    return "–" if value is None else str(value)


def sequences_table(
    sequences: dict[str, list[int | None]], columns: int, source: bool, more: bool = False
) -> html.Table:
    """One table in the source's layout: a row per family, a column per n.

    Parameters
    ----------
    sequences : dict
        A list per family (``"G"``, ``"G+"``, ``"G++"``, ``"G+-"``), entry n
        at place n (None: no such strip).
    columns : int
        Columns n = 0..columns-1.
    source : bool
        The table is the source's (its caption says so); otherwise each entry
        with n <= 6 that differs from the source's is marked.
    more : bool, optional
        The sequences go on beyond the table (its caption says where they are).
    """
    head = html.Tr([html.Th("n"), *[html.Th(str(k), className="num") for k in range(columns)]])
    body = []
    for family, name in FAMILY_NAMES.items():
        cells = []
        for k in range(columns):
            value = sequences[family][k]
            printed = SOURCE_TABLE[family][k] if k < len(SOURCE_TABLE[family]) else None
            differs = not source and k < 7 and printed != value
            cells.append(
                html.Td(
                    _cell(value),
                    className="num" + (" finite-differs" if differs else ""),
                    title=f"the source prints {_cell(printed)}" if differs else None,
                )
            )
        body.append(html.Tr([html.Th(f"{name}(n)"), *cells]))
    caption = (
        "As printed in the source (n = 0..6; its row G++ has six entries, read from n = 1)"
        if source
        else f"Computed by the mex (n = 0..{columns - 1}{'; the plot and the CSV have every n' if more else ''})"
    )
    return html.Table(
        [html.Caption(caption), html.Thead(head), html.Tbody(body)], className="summary-table finite-seq-table"
    )


def _differences(sequences: dict[str, list[int | None]]) -> list[str]:
    """The entries of the source's table that the computation does not give: ``"G+(3): printed 3, computed 4"``."""
    found = []
    for family, printed in SOURCE_TABLE.items():
        for k, p in enumerate(printed):
            if k < len(sequences[family]) and p != sequences[family][k]:
                found.append(f"{FAMILY_NAMES[family]}({k}): printed {_cell(p)}, computed {_cell(sequences[family][k])}")
    return found


def _closed_forms(sequences: dict[str, list[int | None]]) -> list[str]:
    """The first n where each closed form of the module docstring fails (none expected): texts, empty when all hold."""
    forms = {
        "G": lambda k: k % 2,
        "G+": lambda k: k,
        "G++": lambda k: None if k == 0 else 1,
        "G+-": lambda k: 0,
    }
    failed = []
    for family, form in forms.items():
        bad = next((k for k, v in enumerate(sequences[family]) if v != form(k)), None)
        if bad is not None:
            failed.append(f"{FAMILY_NAMES[family]}({bad})")
    return failed


def sequences_view(gate: object, name: object, n_text: object) -> tuple:
    """The four sequences for n = 0..N: the plot, the two tables and a note.

    Returns
    -------
    tuple
        ``(figure, tables, note, error, box class)``; nothing changes for a
        game without the view.
    """
    game = game_with_view(gate, name, "magnetism-sequences")
    if game is None:
        return skip(5)
    try:
        n = parse_number(n_text, "N, the largest strip", SEQ_N_MAX, least=0)
    except ValueError as exc:
        return no_update, no_update, no_update, str(exc), INVALID_BOX_CLASS
    try:
        sequences = magnetism_sequences(max(n, 6), max_seconds=PAGE_SECONDS)
    except ValueError as exc:
        return message_figure("Magnetism", str(exc)), [], "", str(exc), INVALID_BOX_CLASS
    shown = {key: values[: n + 1] for key, values in sequences.items()}
    columns = min(max(n, 6), TABLE_COLUMNS) + 1
    tables = html.Div(
        [
            scroll_box(sequences_table(SOURCE_TABLE, 7, source=True), "the source's table of the sequences"),
            scroll_box(sequences_table(sequences, columns, source=False, more=n >= columns), "the computed sequences"),
        ],
        className="finite-side-by-side",
    )
    differences = _differences(sequences)
    printed = sum(v is not None for values in SOURCE_TABLE.values() for v in values)
    if differences:
        agreement = f"{len(differences)} of the source's {printed} entries differ: " + "; ".join(differences) + "."
    else:
        agreement = (
            f"All {printed} printed entries agree. The source's row G++(n) has six entries, one fewer than the "
            "others: it starts at n = 1, since G++(0), two equal tokens side by side, is not a position."
        )
    failed = _closed_forms(shown)
    forms = (
        f"For n = 0..{n:,}: G(n) = n mod 2, G+(n) = n, G++(n) = 1 and G+−(n) = 0, as the source says"
        if not failed
        else "The closed forms fail at " + ", ".join(failed)
    )
    note = (
        f"{forms} (each value computed by the mex from the rules, for every pair of bounds, without the closed "
        f"forms). {agreement}"
    )
    return sequences_figure(shown, n), tables, note, "", BOX_CLASS


def sequences_csv(game, n_text: object) -> dict | None:
    """The four sequences for n = 0..N beside the source's table: CSV ``n,G,G+,G++,G+-,source_G,...``."""
    n = parse_number(n_text, "N", SEQ_N_MAX, least=0)
    sequences = magnetism_sequences(n, max_seconds=PAGE_SECONDS)
    families = list(FAMILY_NAMES)
    fields = ["n", *families, *[f"source_{f}" for f in families]]
    rows = []
    for k in range(n + 1):
        row: dict = {"n": k}
        for f in families:
            value = sequences[f][k]
            row[f] = "" if value is None else value
            printed = SOURCE_TABLE[f][k] if k < len(SOURCE_TABLE[f]) else None
            row[f"source_{f}"] = "" if printed is None else printed
        rows.append(row)
    return csv_file(fields, rows, f"magnetism-sequences-{n}.csv")


SEQ_CSV = CsvExport("magnetism-sequences", "the four sequences of Magnetism", (SEQ_N,), sequences_csv)


def _sequences_layout() -> list:
    return [
        panel(
            "The elementary strips G, G+, G++ and G+−",
            "A strip is a sum of runs of n empty squares, each bounded by nothing (G), by a token at one end (G+), "
            "by equal tokens (G++) or by different tokens (G+−); turning the strip round or swapping the signs "
            "keeps the moves. Each value here is the mex over the run's moves, computed from the rules; the "
            "source's table is beside it, and its entries are ringed on the plot.",
            [
                html.Div(
                    [
                        number_box(SEQ_N, "n = 0..N", DEFAULT_SEQ_N, f"at most {SEQ_N_MAX:,}"),
                        csv_button(SEQ_CSV),
                    ],
                    className="controls controls-inline",
                ),
                html.Div(id=SEQ_ERROR, className="error", role="alert"),
                dcc.Loading(html.Div(id=SEQ_TABLES), type="dot"),
                graph(SEQ_GRAPH, 380),
                html.P(id=SEQ_NOTE, className="summary-text", role="status"),
            ],
            wide=True,
        )
    ]


def _register_sequences(app, gate) -> None:
    app.callback(
        Output(SEQ_GRAPH, "figure"),
        Output(SEQ_TABLES, "children"),
        Output(SEQ_NOTE, "children"),
        Output(SEQ_ERROR, "children"),
        Output(SEQ_N, "className"),
        gate,
        State(ids.GAME, "value"),
        Input(SEQ_N, "value"),
        prevent_initial_call=True,
    )(sequences_view)


#: The views of this module, by the names games declare.
VIEWS = (
    View(
        "magnetism-sequences",
        "Magnetism's four sequences G, G+, G++, G+− beside the source's table",
        _sequences_layout,
        _register_sequences,
        url_keys=(number_box_key("fmagn", SEQ_N, DEFAULT_SEQ_N, "N, the largest strip", least=0, most=SEQ_N_MAX),),
        exports=(SEQ_CSV,),
    ),
)

#: Magnetism's strip: a + and a − button under each empty square, and the elementary strips under the value.
SURFACES = (Surface("strip", strip_moves, strip_details),)
