"""Views of Chomp on fragmentary bars: the losing bars drawn small, the 2 x C box as a binary square, the bar to play on.

The pictures of "Chomp (The Esthetics of Not Knowing)": every losing bar that
fits in the box, drawn small (132 in the 2 × 6 box, 182 in the 3 × 4 box;
``"bars"``), and the losing bars of the 2 × C box as dots in a 2^C × 2^C
square (``"square"``).  The Play panel draws the bar itself, a button per
piece (the ``"bar"`` surface).

Each small bar is one tiny PNG (:func:`bar_picture`), so that hundreds of
bars are hundreds of images, not thousands of page elements: the browser
draws the gallery at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import plotly.graph_objects as go
from dash import Input, Output, State, dcc, html, no_update

from solver.impartial import binary_square
from solver.registry import find_game as registry_game

from ....components import attrs
from ....style import COLOURS, MARGIN, message_figure
from ....urlkeys import number_box_key
from .. import ids
from ..figures import image_trace, move_label, png_data_uri, square_axes
from ..games import parse_number
from ..play import PAGE_SECONDS, MoveRow
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
    "MAX_BARS_DRAWN",
    "SURFACES",
    "VIEWS",
    "bar_gallery",
    "bar_picture",
    "bars_view",
    "binary_square_figure",
    "chomp_board",
    "losing_bars",
    "piece_moves",
    "square_view",
]

#: Most losing bars drawn (the CSV has all of them).
MAX_BARS_DRAWN = 600
#: Width C of the 2 x C Chomp box of the binary square (the source: 10, a 1024 x 1024 square).
DEFAULT_SQUARE_COLS = 10
SQUARE_COLS_MAX = 12
#: Pixels of one piece in a small bar's PNG, and of the gap after it (the page scales the image).
_CELL_PX = 4
_GAP_PX = 1
#: Colours of a small bar: gap between pieces, a missing piece, a piece.
_BAR_PALETTE = ("#ffffff", "#f1f1f1", "#555555")


def losing_bars(outcomes: np.ndarray) -> list[int]:
    """The losing bars (masks) of a Chomp box's outcomes, by number of pieces, then by mask.

    Parameters
    ----------
    outcomes : numpy.ndarray
        :meth:`solver.ChompGame.outcomes`: entry ``mask`` is 0 for a losing bar.
    """
    return sorted((int(m) for m in np.flatnonzero(outcomes == 0)), key=lambda mask: (mask.bit_count(), mask))


def bar_pixels(text: str) -> np.ndarray:
    """The picture of a bar as palette indices: a block per place, 2 for a piece, 1 for a missing one, 0 between.

    Parameters
    ----------
    text : str
        The bar as rows, top first: ``"###/##."``.

    Returns
    -------
    numpy.ndarray of uint8, shape (R·5 + 1, C·5 + 1)
        Place (r, c) fills rows ``1 + 5r .. 4 + 5r`` and the same columns.
    """
    rows = text.split("/")
    cols = len(rows[0]) if rows else 0
    step = _CELL_PX + _GAP_PX
    pixels = np.zeros((len(rows) * step + _GAP_PX, cols * step + _GAP_PX), dtype=np.uint8)
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            top, left = _GAP_PX + r * step, _GAP_PX + c * step
            pixels[top : top + _CELL_PX, left : left + _CELL_PX] = 2 if ch == "#" else 1
    return pixels


def bar_picture(text: str, label: str | None = None, losing: bool = True) -> html.Img:
    """A small drawing of a Chomp bar: its box, pieces filled, missing places empty; one image.

    Parameters
    ----------
    text : str
        The bar as rows, top first: ``"###/##."`` (``#`` a piece, ``.`` none).
    label : str, optional
        Its text alternative (default: ``"bar"`` and the text).
    losing : bool, optional
        Frame it in the L colour (a P-position).

    Returns
    -------
    dash.html.Img
        A PNG of :func:`bar_pixels` scaled by the page (``assets/finite.css``:
        ``.bar-pic``, a piece ``--bar-cell`` wide), titled with the text.
    """
    rows = text.split("/")
    cols = len(rows[0]) if rows else 0
    return html.Img(
        src=png_data_uri(bar_pixels(text), _BAR_PALETTE),
        className="bar-pic" + (" bar-losing" if losing else ""),
        title=text,
        alt=label or f"bar {text}",
        style={"width": f"calc({cols} * var(--bar-cell))", "height": f"calc({len(rows)} * var(--bar-cell))"},
    )


def bar_gallery(texts: Sequence[str], total: int) -> html.Div:
    """Every losing bar given, as small drawings, with a line saying how many of how many are shown.

    Parameters
    ----------
    texts : sequence of str
        Bars as rows (:func:`bar_picture`), in the order to show.
    total : int
        How many losing bars there are in all.

    Returns
    -------
    dash.html.Div
    """
    shown = len(texts)
    note = (
        f"All {total:,} losing bars."
        if shown == total
        else f"Showing {shown:,} of {total:,} losing bars (the CSV has all)."
    )
    return html.Div(
        [html.P(note, className="note"), scroll_box([bar_picture(t) for t in texts], "the losing bars", "bar-gallery")]
    )


def binary_square_figure(square: np.ndarray) -> go.Figure:
    """The losing bars of the 2 x C box as dots in a 2^C x 2^C square.

    Parameters
    ----------
    square : numpy.ndarray
        bool, shape ``(2**C, 2**C)``: :func:`solver.impartial.binary_square`,
        ``[top, bottom]`` True for a losing bar (each row of the bar read as
        a binary number, bit c = column c).

    Returns
    -------
    plotly.graph_objects.Figure
        One exact PNG: a vermilion pixel at (x, y) = (top row, bottom row)
        for each losing bar, white elsewhere; (0, 0) at the bottom left.
    """
    side = square.shape[0]
    pixels = np.ascontiguousarray(square.T).astype(np.uint8)  # row: bottom row's number, column: top row's
    fig = go.Figure(image_trace(pixels, ["#FFFFFF", COLOURS["L"]], "top row %{x}, bottom row %{y}<extra></extra>"))
    cols = side.bit_length() - 1
    square_axes(fig, side, "top row, read as a binary number", "bottom row, read as a binary number")
    fig.update_layout(
        title={"text": f"2 × {cols} box: {int(square.sum()):,} losing bars", "font": {"size": 14}},
        template="plotly_white",
        margin=MARGIN,
        plot_bgcolor="#FFFFFF",
    )
    return fig


def chomp_board(text: str, pieces: dict[tuple[int, int], tuple[int, str]]) -> html.Div:
    """The bar to play on: one button per piece (click to eat it), an empty cell per gap.

    Parameters
    ----------
    text : str
        The bar as rows (``"###/##."``).
    pieces : dict
        ``(row, column) -> (move index, outcome of the bar left)`` for each
        piece (rows and columns from 0 at the top left).

    Returns
    -------
    dash.html.Div
        A CSS grid (``assets/finite.css``: ``.chomp-board``); each piece's
        button is labelled for screen readers, and ★ marks a winning bite.
    """
    rows = text.split("/")
    cols = len(rows[0]) if rows else 0
    cells: list[Any] = []
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            found = pieces.get((r, c))
            if ch != "#" or found is None:
                cells.append(html.Span(className="chomp-gap"))
                continue
            index, outcome = found
            wins = outcome == "L"
            cells.append(
                html.Button(
                    "★" if wins else "",
                    id={"type": ids.MOVE, "index": index},
                    className="chomp-piece" + (" chomp-winning" if wins else ""),
                    n_clicks=0,
                    title=f"eat row {r + 1}, column {c + 1} ({move_label(outcome)})",
                    **attrs({"aria-label": f"eat row {r + 1}, column {c + 1}: {move_label(outcome)}"}),
                )
            )
    return html.Div(cells, className="chomp-board", style={"gridTemplateColumns": f"repeat({cols}, var(--chomp-cell))"})


def piece_moves(game, position, rows: list[MoveRow]) -> dict[tuple[int, int], tuple[int, str]]:
    """For a Chomp bar: which move eats from which piece.

    The piece of a move is the first cell of its bite
    (:attr:`solver.registry.Move.cells`): the move eats that piece and every
    piece at or below it and at or right of it.

    Returns
    -------
    dict
        ``(row, column) -> (move index, outcome of the bar left)``.
    """
    moves = registry_game(game.name).moves(position)
    return {moves[row.index].cells[0]: (row.index, row.outcome) for row in rows}


# ---------------------------------------------------------------- callbacks


def bars_view(gate: object, name: object) -> tuple:
    """Every losing bar of the Chomp box, drawn small.

    Returns
    -------
    tuple
        ``(gallery, note, error)``.
    """
    game = game_with_view(gate, name, "bars")
    if game is None:
        return skip(3)
    try:
        outcomes = game.outcomes(max_seconds=PAGE_SECONDS)
    except ValueError as exc:
        return "", "", str(exc)
    losing = losing_bars(outcomes)
    texts = [game.format(mask) for mask in losing[:MAX_BARS_DRAWN]]
    note = (
        f"{len(losing):,} losing bars among the {outcomes.shape[0]:,} bars of the {game.rows} × {game.cols} box "
        "(the empty bar included), by number of pieces."
    )
    return bar_gallery(texts, len(losing)), note, ""


def square_view(gate: object, name: object, cols_text: object) -> tuple:
    """The losing bars of the 2 x C box as a binary square.

    Returns
    -------
    tuple
        ``(figure, note, error, box class)``.
    """
    game = game_with_view(gate, name, "square")
    if game is None:
        return skip(4)
    try:
        cols = parse_number(cols_text, "the width C", SQUARE_COLS_MAX)
    except ValueError as exc:
        return no_update, no_update, str(exc), INVALID_BOX_CLASS
    try:
        square = binary_square(cols)
    except ValueError as exc:
        return message_figure("Binary square", str(exc)), "", str(exc), INVALID_BOX_CLASS
    side = 1 << cols
    note = (
        f"{int(square.sum()):,} losing bars among the {side * side:,} bars of the 2 × {cols} box; the point "
        "(x, y) is the bar whose top row has the pieces of the bits of x and bottom row those of y."
    )
    return binary_square_figure(square), note, "", BOX_CLASS


# ---------------------------------------------------------------- CSV


def bars_csv(game) -> dict | None:
    """Every losing bar of the box: CSV ``bar,pieces``."""
    outcomes = game.outcomes(max_seconds=PAGE_SECONDS)
    rows = [{"bar": game.format(m), "pieces": m.bit_count()} for m in losing_bars(outcomes)]
    return csv_file(["bar", "pieces"], rows, f"{game.name}-losing-bars.csv")


def square_csv(game, cols_text: object) -> dict | None:
    """The losing bars of the 2 x C box as pairs of binary numbers: CSV ``top,bottom``."""
    cols = parse_number(cols_text, "C", SQUARE_COLS_MAX)
    square = binary_square(cols)
    top, bottom = square.nonzero()
    rows = [{"top": int(t), "bottom": int(b)} for t, b in zip(top, bottom, strict=True)]
    return csv_file(["top", "bottom"], rows, f"chomp-2x{cols}-losing-bars.csv")


BARS_CSV = CsvExport("bars", "the losing bars", (), bars_csv)
SQUARE_CSV = CsvExport("square", "the binary square's losing bars", (ids.SQUARE_COLS,), square_csv)


# ---------------------------------------------------------------- panels


def _bars_layout() -> list:
    return [
        panel(
            "The losing bars",
            "Every bar that fits in the box (pieces may be missing anywhere) from which the player to move "
            "loses, drawn small, as in the source: 132 in the 2 × 6 box, 182 in the 3 × 4 box, the empty bar "
            "included. A move eats a piece with every piece at or below its row and at or right of its column.",
            [
                html.Div([csv_button(BARS_CSV)], className="controls controls-inline"),
                html.Div(id=ids.BARS_ERROR, className="error", role="alert"),
                dcc.Loading(html.Div(id=ids.BARS_VIEW), type="circle"),
                html.P(id=ids.BARS_NOTE, className="note", role="status"),
            ],
            wide=True,
        )
    ]


def _square_layout() -> list:
    return [
        panel(
            "The 2 × C box as a binary square",
            "Each bar of the 2 × C box is a pair of binary numbers (its top row, its bottom row; column c is "
            "bit c). A vermilion dot at (top, bottom) is a losing bar: for C = 10, the source's 1024 × 1024 "
            "square. One pixel per bar.",
            [
                html.Div(
                    [
                        number_box(ids.SQUARE_COLS, "width C", DEFAULT_SQUARE_COLS, f"1 to {SQUARE_COLS_MAX}"),
                        csv_button(SQUARE_CSV),
                    ],
                    className="controls controls-inline",
                ),
                html.Div(id=ids.SQUARE_ERROR, className="error", role="alert"),
                graph(ids.SQUARE_GRAPH, 520),
                html.P(id=ids.SQUARE_NOTE, className="note", role="status"),
            ],
            wide=True,
        )
    ]


def _register_bars(app, gate) -> None:
    app.callback(
        Output(ids.BARS_VIEW, "children"),
        Output(ids.BARS_NOTE, "children"),
        Output(ids.BARS_ERROR, "children"),
        gate,
        State(ids.GAME, "value"),
        prevent_initial_call=True,
    )(bars_view)


def _register_square(app, gate) -> None:
    app.callback(
        Output(ids.SQUARE_GRAPH, "figure"),
        Output(ids.SQUARE_NOTE, "children"),
        Output(ids.SQUARE_ERROR, "children"),
        Output(ids.SQUARE_COLS, "className"),
        gate,
        State(ids.GAME, "value"),
        Input(ids.SQUARE_COLS, "value"),
        prevent_initial_call=True,
    )(square_view)


def bar_moves(game, position, rows) -> html.Div:
    """The bar to play on: :func:`chomp_board` with each piece's move."""
    return chomp_board(game.format(position), piece_moves(game, position, rows))


#: The views of this module, by the names games declare.
VIEWS = (
    View("bars", "every losing bar of the box, drawn small", _bars_layout, _register_bars, exports=(BARS_CSV,)),
    View(
        "square",
        "the losing bars of the 2 x C box as a binary square",
        _square_layout,
        _register_square,
        url_keys=(number_box_key("fcols", ids.SQUARE_COLS, DEFAULT_SQUARE_COLS, "the width C", most=SQUARE_COLS_MAX),),
        exports=(SQUARE_CSV,),
    ),
)

#: Chomp's bar: click a piece to eat it.
SURFACES = (Surface("bar", bar_moves, drawn_as="the bar below"),)
