"""Views of Spring Cleaning: the grid to edit and sweep, the L-shape table and the zigzags beside Couples are Forever.

The pictures of "Spring Cleaning I" and "Spring Cleaning II":

- ``"dirt-grid"``: the position's grid.  A tap adds or removes dirt (the
  mode "add or remove dirt"), or sweeps (the mode "sweep": a bar over a run
  of two or more pieces sweeps that run, a ringed piece is a run of one and
  sweeps alone); the value, the outcome and the winning sweeps show, and the
  winning sweeps are marked on the grid (vermilion, ★).  Buttons make an
  empty or a full grid of a chosen size, or resize the grid.
- ``"l-shapes"``: the values of the (a,b)-L for legs 2..A, beside the
  source's printed table (legs 2..6), its disagreeing entry marked; a tap on
  an entry plays that L.
- ``"zigzags"``: the staircases Z(1..N) drawn small with their values,
  beside Couples are Forever on piles of n + 2 and the source's printed row,
  which is Couples are Forever on piles of n (``docs/impartial-games.md``
  section 10).

The Play panel lists the sweeps as buttons and, under the value, each group
of dirt with its value and their nim-sum (the ``"groups"`` surface).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

import dash
import plotly.graph_objects as go
from dash import ALL, Input, Output, State, dcc, html, no_update

from solver import couples_values, l_shape, l_shape_table, zigzag, zigzag_values

from ....components import attrs
from ....style import COLOURS, MARGIN, NEUTRAL, NEUTRAL_DARK, message_figure
from ....urlkeys import UrlKey, choice, number_box_key
from .. import ids
from ..figures import moves_view
from ..games import find_game, parse_number, parse_position
from ..play import MAX_LISTED, PAGE_SECONDS, move_rows, play
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
    skip,
)
from .chomp import bar_picture

__all__ = [
    "SOURCE_L_TABLE",
    "SOURCE_ZIGZAGS",
    "SURFACES",
    "VIEWS",
    "Sweep",
    "grid_act",
    "grid_board",
    "grid_view",
    "group_details",
    "lshape_pick",
    "lshape_view",
    "check_size_param",
    "grid_csv",
    "l_disagreements",
    "lshape_csv",
    "parse_size",
    "sweeps_of",
    "zigzag_csv",
    "zigzag_figure",
    "zigzag_rows",
    "zigzag_view",
]

#: Component ids of these views.
GRID_SIZE = "finite-grid-size"
GRID_EMPTY = "finite-grid-empty"
GRID_FULL = "finite-grid-full"
GRID_RESIZE = "finite-grid-resize"
GRID_MODE = "finite-grid-mode"
GRID_VIEW = "finite-grid-view"
GRID_STATUS = "finite-grid-status"
GRID_ERROR = "finite-grid-error"
#: Pattern-matching id types: a square of the editor (index ``row * CELL_STRIDE + column``), a sweep (its move index).
GRID_CELL = "finite-grid-cell"
GRID_SWEEP = "finite-grid-sweep"
LEGS = "finite-lshape-legs"
LSHAPE_TABLES = "finite-lshape-tables"
LSHAPE_NOTE = "finite-lshape-note"
LSHAPE_ERROR = "finite-lshape-error"
#: Pattern-matching id type of an entry of the computed L table (index ``a * CELL_STRIDE + b``).
LSHAPE_CELL = "finite-lshape-cell"
ZIGZAG_N = "finite-zigzag-n"
ZIGZAG_TABLE = "finite-zigzag-table"
ZIGZAG_GRAPH = "finite-zigzag-graph"
ZIGZAG_NOTE = "finite-zigzag-note"
ZIGZAG_ERROR = "finite-zigzag-error"

#: Squares of a row in the editor's square indices (more than any side it draws).
CELL_STRIDE = 100
#: Largest side of a grid the editor draws (the game takes 64; a larger grid is played with the buttons).
GRID_MAX = 20
DEFAULT_GRID_SIZE = "3x5"
GRID_MODES = ("dirt", "sweep")
DEFAULT_GRID_MODE = "dirt"
#: Legs 2..A of the L table (the source's: 2..6), and the largest A typed.
DEFAULT_LEGS = 6
LEGS_MAX = 16
#: Zigzags Z(1..N) (the source's table: 1..15), and the largest N (the solver's :func:`solver.zigzag`).
DEFAULT_ZIGZAGS = 15
ZIGZAGS_MAX = 63
#: Most groups listed under the position to play (the nim-sum counts them all).
MAX_GROUPS_LISTED = 30

#: "Spring Cleaning II": the nimbers of the (a,b)-L as printed, rows a = 2..6, columns b = 2..6.
SOURCE_L_TABLE: tuple[tuple[int, ...], ...] = (
    (0, 4, 4, 0, 3),
    (4, 1, 0, 1, 0),
    (3, 0, 3, 0, 3),
    (0, 1, 0, 1, 0),
    (3, 0, 3, 0, 3),
)
#: "Spring Cleaning II": the row printed under the zigzags, "Z(1)" to "Z(15)".
SOURCE_ZIGZAGS: tuple[int, ...] = (0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4)

_SIZE = re.compile(r"\s*(\d{1,4})\s*[x×X*,]\s*(\d{1,4})\s*")


# ---------------------------------------------------------------- the grid and its sweeps


@dataclasses.dataclass(frozen=True)
class Sweep:
    """One sweep of a position, as the editor draws it.

    Attributes
    ----------
    index : int
        Its index in the game's moves of the position.
    text : str
        The game's text of it (``"sweep row 1, columns 1-5"``).
    shape : str
        ``"row"`` (a run of two or more pieces of a row), ``"column"``, or
        ``"piece"`` (a run of one: a piece with no neighbour in its row or in
        its column, swept alone).
    first, last : (int, int)
        The first and last piece swept (row, column from 0).
    outcome : str or None
        The outcome of the position it leaves (``"L"``: the sweep wins);
        None when not computed.
    """

    index: int
    text: str
    shape: str
    first: tuple[int, int]
    last: tuple[int, int]
    outcome: str | None

    @property
    def wins(self) -> bool:
        """The sweep leaves an L position."""
        return self.outcome == "L"


def sweeps_of(rows: tuple[str, ...], moves: Sequence[tuple[int, str, str, str | None]]) -> list[Sweep]:
    """The sweeps of a position, each with the pieces it removes read from the grid it leaves.

    Parameters
    ----------
    rows : tuple of str
        The grid (``#`` dirt, ``.`` clean).
    moves : list of (int, str, str, str or None)
        ``(index, text, grid left as text, outcome of it)`` for each move.

    Returns
    -------
    list of Sweep
        One per move that removes one run of a row or a column (every move of
        the game does).
    """
    found = []
    for index, text, after_text, outcome in moves:
        after = after_text.split("/")
        gone = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#" and after[r][c] != "#"]
        if not gone:
            continue
        first, last = min(gone), max(gone)
        if len(gone) == 1:
            shape = "piece"
        elif first[0] == last[0]:
            shape = "row"
        elif first[1] == last[1]:
            shape = "column"
        else:
            continue
        found.append(Sweep(index, text, shape, first, last, outcome))
    return found


def _tracks(count: int) -> str:
    """Grid tracks of ``count`` squares with a link track between each two."""
    return "var(--sc-cell)" if count == 1 else f"repeat({count - 1}, var(--sc-cell) var(--sc-link)) var(--sc-cell)"


def _place(first: tuple[int, int], last: tuple[int, int]) -> dict:
    """The CSS grid area from the square ``first`` to the square ``last`` (rows and columns from 0)."""
    return {
        "gridRow": f"{2 * first[0] + 1} / {2 * last[0] + 2}",
        "gridColumn": f"{2 * first[1] + 1} / {2 * last[1] + 2}",
    }


def _what(sweep: Sweep) -> str:
    if sweep.outcome is None:
        return sweep.text
    return f"{sweep.text}: {'wins' if sweep.wins else 'loses'}"


def grid_board(rows: tuple[str, ...], mode: str, sweeps: list[Sweep]) -> html.Div:
    """The grid of a position: its squares, and its sweeps drawn over them.

    Parameters
    ----------
    rows : tuple of str
        The grid (``#`` dirt, ``.`` clean), at most :data:`GRID_MAX` a side.
    mode : str
        ``"dirt"``: every square is a button that adds or removes dirt (id
        ``{"type": GRID_CELL, "index": row * CELL_STRIDE + column}``), and the
        winning sweeps are marked, not clickable.  ``"sweep"``: every sweep is
        a button (id ``{"type": GRID_SWEEP, "index": move index}``): a bar
        over a run of two or more pieces, or the piece itself for a run of
        one.
    sweeps : list of Sweep
        The position's sweeps (:func:`sweeps_of`).

    Returns
    -------
    dash.html.Div
        A CSS grid (``assets/finite_boards.css``: ``.sc-grid``) of squares and
        links; a winning sweep is vermilion with ★.
    """
    height, width = len(rows), len(rows[0])
    lone = {s.first: s for s in sweeps if s.shape == "piece"}
    items: list = []
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            dirt = ch == "#"
            where = _place((r, c), (r, c))
            name = f"row {r + 1}, column {c + 1}"
            single = lone.get((r, c)) if dirt else None
            marked = " sc-winning" if single is not None and single.wins else ""
            if mode == "dirt":
                label = f"{name}: {'dirt, tap to remove it' if dirt else 'clean, tap to add dirt'}"
                items.append(
                    html.Button(
                        "★" if marked else "",
                        id={"type": GRID_CELL, "index": r * CELL_STRIDE + c},
                        className=f"sc-square {'sc-dirt' if dirt else 'sc-clean'}{marked}",
                        style=where,
                        n_clicks=0,
                        title=label,
                        **attrs({"aria-label": label}),
                    )
                )
            elif single is not None:
                label = f"{_what(single)} (the piece at {name})"
                items.append(
                    html.Button(
                        "★" if marked else "",
                        id={"type": GRID_SWEEP, "index": single.index},
                        className=f"sc-square sc-dirt sc-lone{marked}",
                        style=where,
                        n_clicks=0,
                        title=label,
                        **attrs({"aria-label": label}),
                    )
                )
            else:
                items.append(
                    html.Span(
                        className=f"sc-square {'sc-dirt' if dirt else 'sc-clean'}",
                        style=where,
                        title=f"{name}: {'dirt' if dirt else 'clean'}",
                    )
                )
    for sweep in sweeps:
        if sweep.shape == "piece":
            continue
        bar = " sc-bar-row" if sweep.shape == "row" else " sc-bar-column"
        marked = " sc-winning" if sweep.wins else ""
        where = _place(sweep.first, sweep.last)
        if mode == "sweep":
            items.append(
                html.Button(
                    html.Span("★" if marked else "", className="sc-star"),
                    id={"type": GRID_SWEEP, "index": sweep.index},
                    className=f"sc-bar{bar}{marked}",
                    style=where,
                    n_clicks=0,
                    title=_what(sweep),
                    **attrs({"aria-label": _what(sweep)}),
                )
            )
        elif marked:
            items.append(html.Span(className=f"sc-bar sc-mark{bar}{marked}", style=where, title=_what(sweep)))
    return html.Div(
        html.Div(
            items,
            className=f"sc-grid sc-mode-{mode}",
            style={"gridTemplateColumns": _tracks(width), "gridTemplateRows": _tracks(height)},
            role="group",
            **attrs({"aria-label": f"the grid, {height} rows of {width} squares"}),
        ),
        className="finite-scroll",
    )


def parse_size(text: object) -> tuple[int, int]:
    """A grid size typed as ``RxC`` (``3x5``, ``3 × 5``, ``3,5``): rows and columns, each 1 to :data:`GRID_MAX`.

    Raises
    ------
    ValueError
        Not two whole numbers in range; the message says how to write one.
    """
    how = f"write the size as rows x columns, each 1 to {GRID_MAX} (e.g. 4x6)"
    if not isinstance(text, str) or len(text) > 40:
        raise ValueError(how)
    match = _SIZE.fullmatch(text)
    if match is None:
        raise ValueError(how)
    height, width = int(match.group(1)), int(match.group(2))
    if not (1 <= height <= GRID_MAX and 1 <= width <= GRID_MAX):
        raise ValueError(f"{how}; got {height} x {width}")
    return height, width


def check_size_param(raw: str) -> str:
    """The address's check of ``fgrid=``: the text of a size :func:`parse_size` reads, or ValueError saying why not."""
    parse_size(raw)
    return raw


def grid_csv(game, text: object) -> dict | None:
    """The sweeps of the position with where they lie: CSV ``sweep,shape,first_row,first_column,last_row,last_column,leaves,outcome_left,wins``.

    Rows and columns count from 1 at the top left, as the sweeps' texts do.
    """
    rows = parse_position(game, text)
    moves, problem = _sweep_moves(game, rows)
    if problem:
        raise ValueError(problem)
    lines = [
        {
            "sweep": s.text,
            "shape": s.shape,
            "first_row": s.first[0] + 1,
            "first_column": s.first[1] + 1,
            "last_row": s.last[0] + 1,
            "last_column": s.last[1] + 1,
            "leaves": moves[s.index][2],
            "outcome_left": s.outcome,
            "wins": s.wins,
        }
        for s in sweeps_of(rows, moves)
    ]
    fields = [
        "sweep",
        "shape",
        "first_row",
        "first_column",
        "last_row",
        "last_column",
        "leaves",
        "outcome_left",
        "wins",
    ]
    return csv_file(fields, lines, "spring-cleaning-sweeps.csv")


GRID_CSV = CsvExport("sweeps", "the sweeps of the grid", (ids.POSITION,), grid_csv)


def _sweep_moves(game, rows: tuple[str, ...]) -> tuple[list[tuple[int, str, str, str | None]], str | None]:
    """Every sweep with the outcome it leaves; without outcomes (and the reason) when they are beyond the limits."""
    try:
        return [(r.index, r.text, r.child_text, r.outcome) for r in move_rows(game, rows)], None
    except ValueError as exc:
        return [(k, text, game.format(child), None) for k, (text, child) in enumerate(game.moves(rows))], str(exc)


def grid_view(gate: object, name: object, text: object, mode: object) -> tuple:
    """The grid of the position to edit or sweep, with its value, outcome and winning sweeps.

    Parameters
    ----------
    gate : dict or None
        The tab's gate store.
    name, text : object
        The game's name and the position box's text.
    mode : object
        ``"dirt"`` or ``"sweep"`` (anything else: ``"dirt"``).

    Returns
    -------
    tuple
        ``(grid, status, error)``; nothing changes for a game without the view.
    """
    game = game_with_view(gate, name, "dirt-grid")
    if game is None:
        return skip(3)
    mode = mode if mode in GRID_MODES else DEFAULT_GRID_MODE
    try:
        rows = parse_position(game, text)
    except ValueError as exc:
        return "", "", f"Not drawn: {exc}."
    height, width = len(rows), len(rows[0])
    if height > GRID_MAX or width > GRID_MAX:
        return (
            "",
            "",
            f"The editor draws grids of at most {GRID_MAX} × {GRID_MAX} squares; this one is {height} × {width}. "
            "Play it with the buttons of the Play panel, or make a smaller grid.",
        )
    pieces = sum(row.count("#") for row in rows)
    try:
        parts = game.parts(rows, max_seconds=PAGE_SECONDS)
    except ValueError as exc:
        unvalued = [(k, t, game.format(child), None) for k, (t, child) in enumerate(game.moves(rows))]
        return grid_board(rows, mode, sweeps_of(rows, unvalued)), "", f"Not valued: {exc}."
    moves, problem = _sweep_moves(game, rows)
    sweeps = sweeps_of(rows, moves)
    total = 0
    for part in parts:
        total ^= part["value"]
    status: list = [f"{height} × {width} grid, {pieces} dirt piece{'s' if pieces != 1 else ''}"]
    if parts:
        values = ", ".join(str(p["value"]) for p in parts[:MAX_GROUPS_LISTED])
        more = ", …" if len(parts) > MAX_GROUPS_LISTED else ""
        status.append(
            f" in {len(parts)} group{'s' if len(parts) != 1 else ''} of values {values}{more}: "
            f"Grundy value {total} (their nim-sum), "
        )
    else:
        status.append(": Grundy value 0, ")
    if not sweeps:
        status.append(html.Strong("no sweep: the player to move has lost."))
    elif total:
        winning = [s.text for s in sweeps if s.wins]
        status.append(html.Strong("W: the player to move wins"))
        status.append(f" by {'; '.join(winning[:8])}{' …' if len(winning) > 8 else ''} (★)." if winning else ".")
    else:
        status.append(html.Strong("L: the player to move loses"))
        status.append(": no sweep wins.")
    if problem:
        status.append(f" The sweeps' outcomes are not shown: {problem}.")
    return grid_board(rows, mode, sweeps), status, ""


def _cell_index(triggered: dict, stride_rows: int, stride_cols: int) -> tuple[int, int] | None:
    index = triggered.get("index")
    if not isinstance(index, int) or isinstance(index, bool) or index < 0:
        return None
    r, c = divmod(index, CELL_STRIDE)
    return (r, c) if r < stride_rows and c < stride_cols else None


def grid_act(triggered: object, clicks: object, name: object, text: object, size_text: object, reply: object) -> tuple:
    """A tap on the grid, or a button of the editor: the new position, a log line, an error and the size box's class.

    Parameters
    ----------
    triggered : dict or str or None
        What was pressed: a square (``{"type": GRID_CELL, ...}``, adds or
        removes its dirt), a sweep (``{"type": GRID_SWEEP, "index": k}``,
        played with :func:`dashboard.tabs.finite.play.play`, the computer
        replying when ``reply`` is on), or :data:`GRID_EMPTY`,
        :data:`GRID_FULL`, :data:`GRID_RESIZE` (a grid of the size typed:
        empty, full of dirt, or the position cut or padded with clean
        squares).
    clicks : object
        The ``n_clicks`` of what was pressed: nothing happens for a button
        just drawn.
    name, text : object
        The game's name and the position box's text.
    size_text : object
        The size box's text (``"3x5"``).
    reply : object
        The Play panel's reply switch (``["on"]``).

    Returns
    -------
    tuple
        ``(position text, log line, error, size box class)``.
    """
    if triggered is None or not clicks:
        return skip(4)
    try:
        game = find_game(name)
    except ValueError:
        return skip(4)
    if "dirt-grid" not in game.views:
        return skip(4)
    if triggered in (GRID_EMPTY, GRID_FULL, GRID_RESIZE):
        try:
            height, width = parse_size(size_text)
        except ValueError as exc:
            return no_update, no_update, str(exc), INVALID_BOX_CLASS
        if triggered == GRID_EMPTY:
            rows = tuple("." * width for _ in range(height))
            log = f"An empty {height} × {width} grid: tap squares to add dirt."
        elif triggered == GRID_FULL:
            rows = tuple("#" * width for _ in range(height))
            log = f"A {height} × {width} rectangle full of dirt."
        else:
            try:
                old = parse_position(game, text)
            except ValueError as exc:
                return no_update, no_update, f"Not resized: {exc}.", BOX_CLASS
            padded = [row[:width].ljust(width, ".") for row in old[:height]]
            rows = tuple(padded + ["." * width] * (height - len(padded)))
            log = f"The grid resized to {height} × {width}."
        return game.format(rows), log, "", BOX_CLASS
    if not isinstance(triggered, dict) or triggered.get("type") not in (GRID_CELL, GRID_SWEEP):
        return skip(4)
    try:
        rows = parse_position(game, text)
    except ValueError as exc:
        return no_update, no_update, str(exc), no_update
    if triggered.get("type") == GRID_CELL:
        cell = _cell_index(triggered, len(rows), len(rows[0]))
        if cell is None:
            return skip(4)
        r, c = cell
        dirt = rows[r][c] == "#"
        changed = list(rows)
        changed[r] = rows[r][:c] + ("." if dirt else "#") + rows[r][c + 1 :]
        log = f"Dirt {'removed from' if dirt else 'added at'} row {r + 1}, column {c + 1}."
        return game.format(tuple(changed)), log, "", no_update
    index = triggered.get("index")
    if not isinstance(index, int) or isinstance(index, bool):
        return skip(4)
    assert isinstance(text, str)  # parse_position read it
    try:
        new_text, log = play(game, text, index, isinstance(reply, list) and "on" in reply)
    except (TypeError, ValueError) as exc:
        return no_update, no_update, str(exc), no_update
    return new_text, log, "", no_update


def _grid_layout() -> list:
    return [
        panel(
            "The grid: add dirt, or sweep",
            "A sweep removes a run of consecutive dirt pieces of a row or a column, the whole run (a piece with no "
            "neighbour in its row, or none in its column, is a run of one). Tap squares to add or remove dirt, or "
            "switch to sweeping: a bar over a run sweeps it, a ringed piece sweeps alone, and the computer replies "
            "as in the Play panel. Vermilion with ★: the winning sweeps (to value 0). A full rectangle has value "
            "1 when both sides are odd, 0 when both are even, else 2.",
            [
                html.Div(
                    [
                        html.Div(
                            [
                                html.Label("a tap", htmlFor=GRID_MODE),
                                dcc.RadioItems(
                                    id=GRID_MODE,
                                    options=[
                                        {"label": "adds or removes dirt", "value": "dirt"},
                                        {"label": "sweeps", "value": "sweep"},
                                    ],
                                    value=DEFAULT_GRID_MODE,
                                    inline=True,
                                    className="radio",
                                ),
                            ],
                            className="control",
                        ),
                        html.Div(
                            [
                                html.Label(
                                    ["size", html.Span(f" (rows x columns, at most {GRID_MAX})", className="hint")],
                                    htmlFor=GRID_SIZE,
                                ),
                                dcc.Input(
                                    id=GRID_SIZE,
                                    type="text",
                                    value=DEFAULT_GRID_SIZE,
                                    debounce=True,
                                    className=BOX_CLASS,
                                    autoComplete="off",
                                    spellCheck=False,
                                ),
                            ],
                            className="control",
                        ),
                        html.Button("Empty grid", id=GRID_EMPTY, className="button", n_clicks=0),
                        html.Button("Full grid", id=GRID_FULL, className="button", n_clicks=0),
                        html.Button("Resize", id=GRID_RESIZE, className="button", n_clicks=0),
                        csv_button(GRID_CSV),
                    ],
                    className="controls controls-inline",
                ),
                html.Div(id=GRID_ERROR, className="error", role="alert"),
                dcc.Loading(html.Div(id=GRID_VIEW), type="dot"),
                html.P(id=GRID_STATUS, className="summary-text", role="status"),
            ],
            wide=True,
        )
    ]


def _register_grid(app, gate) -> None:
    app.callback(
        Output(GRID_VIEW, "children"),
        Output(GRID_STATUS, "children"),
        Output(GRID_ERROR, "children"),
        gate,
        State(ids.GAME, "value"),
        Input(ids.POSITION, "value"),
        Input(GRID_MODE, "value"),
        prevent_initial_call=True,
    )(grid_view)

    @app.callback(
        Output(ids.POSITION, "value", allow_duplicate=True),
        Output(ids.PLAY_LOG, "children", allow_duplicate=True),
        Output(GRID_ERROR, "children", allow_duplicate=True),
        Output(GRID_SIZE, "className"),
        Input({"type": GRID_CELL, "index": ALL}, "n_clicks"),
        Input({"type": GRID_SWEEP, "index": ALL}, "n_clicks"),
        Input(GRID_EMPTY, "n_clicks"),
        Input(GRID_FULL, "n_clicks"),
        Input(GRID_RESIZE, "n_clicks"),
        State(ids.GAME, "value"),
        State(ids.POSITION, "value"),
        State(GRID_SIZE, "value"),
        State(ids.PLAY_REPLY, "value"),
        prevent_initial_call=True,
    )
    def _act(_cells, _sweeps, _empty, _full, _resize, name, text, size_text, reply):
        value = dash.ctx.triggered[0]["value"] if dash.ctx.triggered else None
        return grid_act(dash.ctx.triggered_id, value, name, text, size_text, reply)


# ---------------------------------------------------------------- the L-shapes


def _source_entry(a: int, b: int) -> int | None:
    """The source's printed value of the (a,b)-L (legs 2..6), else None."""
    if 2 <= a <= 6 and 2 <= b <= 6:
        return SOURCE_L_TABLE[a - 2][b - 2]
    return None


def _l_table(values: list[list[int]], legs: int, computed: bool) -> html.Table:
    """The L table, rows a and columns b from 2: the computed one (entries are buttons), or the source's."""
    head = html.Tr([html.Th("a \\ b"), *[html.Th(str(b), className="num") for b in range(2, legs + 1)]])
    body = []
    for a in range(2, legs + 1):
        cells = []
        for b in range(2, legs + 1):
            value = values[a - 2][b - 2]
            if not computed:
                cells.append(html.Td(str(value), className="num"))
                continue
            printed = _source_entry(a, b)
            differs = printed is not None and printed != value
            label = f"the ({a},{b})-L: value {value}" + (f"; the source prints {printed}" if differs else "")
            shown = str(value) + (f" (source {printed})" if differs else "")
            cells.append(
                html.Td(
                    html.Button(
                        shown,
                        id={"type": LSHAPE_CELL, "index": a * CELL_STRIDE + b},
                        className="link-button",
                        n_clicks=0,
                        title=label + "; tap to play it",
                        # The accessible name starts with the visible text (WCAG 2.5.3, label in name).
                        **attrs({"aria-label": f"{shown}: {label}; play it"}),
                    ),
                    className="num" + (" finite-differs" if differs else ""),
                )
            )
        body.append(html.Tr([html.Th(str(a)), *cells]))
    caption = f"Computed, legs 2..{legs} (tap an entry to play that L)" if computed else "As printed in the source"
    return html.Table(
        [html.Caption(caption), html.Thead(head), html.Tbody(body)], className="summary-table finite-seq-table"
    )


def l_disagreements(values: list[list[int]]) -> list[dict]:
    """The entries of the source's L table that differ from the computed values.

    Parameters
    ----------
    values : list of list of int
        The computed table from legs 2 (:func:`solver.l_shape_table`), at
        least 2..6.

    Returns
    -------
    list of dict
        ``{"a", "b", "source", "computed", "mirror"}``, ``mirror`` being the
        source's own entry at (b, a), the same L turned over.
    """
    found = []
    for a in range(2, 7):
        for b in range(2, 7):
            printed = SOURCE_L_TABLE[a - 2][b - 2]
            if printed != values[a - 2][b - 2]:
                found.append(
                    {
                        "a": a,
                        "b": b,
                        "source": printed,
                        "computed": values[a - 2][b - 2],
                        "mirror": SOURCE_L_TABLE[b - 2][a - 2],
                    }
                )
    return found


def lshape_view(gate: object, name: object, legs_text: object) -> tuple:
    """The L table for legs 2..A beside the source's, with the disagreeing entries marked.

    Returns
    -------
    tuple
        ``(tables, note, error, box class)``.
    """
    game = game_with_view(gate, name, "l-shapes")
    if game is None:
        return skip(4)
    try:
        legs = parse_number(legs_text, "A, the longest leg", LEGS_MAX, least=2)
    except ValueError as exc:
        return no_update, no_update, str(exc), INVALID_BOX_CLASS
    try:
        values = l_shape_table(max(legs, 6), 2, max_seconds=PAGE_SECONDS)
    except ValueError as exc:
        return "", "", str(exc), INVALID_BOX_CLASS
    tables = html.Div(
        [
            html.Div(_l_table(values, legs, computed=True), className="finite-scroll"),
            html.Div(_l_table([list(r) for r in SOURCE_L_TABLE], 6, computed=False), className="finite-scroll"),
        ],
        className="finite-side-by-side",
    )
    differing = l_disagreements(values)
    if differing:
        said = "; ".join(
            f"({d['a']},{d['b']}): the source prints {d['source']}, the computation gives {d['computed']}"
            + (
                f" (the source prints {d['mirror']} at ({d['b']},{d['a']}), the same L turned over)"
                if d["mirror"] != d["source"]
                else ""
            )
            for d in differing
        )
        agreement = f"{25 - len(differing)} of the source's 25 entries agree. Disagreement: {said}."
    else:
        agreement = "All 25 of the source's entries agree."
    note = (
        "The (a,b)-L has a pieces along the top row and b down the left column, both counting the corner. "
        f"{agreement} The values are checked in the tests against a brute force over whole grids."
    )
    return tables, note, "", BOX_CLASS


def lshape_pick(triggered: object, clicks: object, name: object) -> tuple:
    """A tap on an entry of the L table: ``(position text, log line)``, the (a,b)-L to play."""
    if not isinstance(triggered, dict) or not clicks:
        return no_update, no_update
    index = triggered.get("index")
    if not isinstance(index, int) or isinstance(index, bool):
        return no_update, no_update
    a, b = divmod(index, CELL_STRIDE)
    try:
        game = find_game(name)
        if "l-shapes" not in game.views:
            return no_update, no_update
        text = l_shape(a, b)
    except (TypeError, ValueError):
        return no_update, no_update
    return text, f"The ({a},{b})-L: {a} pieces along the top row, {b} down the left column."


def lshape_csv(game, legs_text: object) -> dict | None:
    """The L table beside the source's: CSV ``a,b,value,source,agrees`` (source blank beyond legs 6)."""
    legs = parse_number(legs_text, "A", LEGS_MAX, least=2)
    values = l_shape_table(legs, 2, max_seconds=PAGE_SECONDS)
    rows = []
    for a in range(2, legs + 1):
        for b in range(2, legs + 1):
            printed = _source_entry(a, b)
            value = values[a - 2][b - 2]
            rows.append(
                {
                    "a": a,
                    "b": b,
                    "value": value,
                    "source": "" if printed is None else printed,
                    "agrees": "" if printed is None else printed == value,
                }
            )
    return csv_file(["a", "b", "value", "source", "agrees"], rows, f"spring-cleaning-l-shapes-{legs}.csv")


LSHAPE_CSV = CsvExport("l-shapes", "the L-shape values beside the source's table", (LEGS,), lshape_csv)


def _lshape_layout() -> list:
    return [
        panel(
            "L-shapes",
            'The values of the (a,b)-L for legs a, b from 2, beside the table printed in "Spring Cleaning II" '
            "(legs 2..6). An entry where the two disagree is marked and names the source's number.",
            [
                html.Div(
                    [number_box(LEGS, "legs 2..A", DEFAULT_LEGS, f"2 to {LEGS_MAX}"), csv_button(LSHAPE_CSV)],
                    className="controls controls-inline",
                ),
                html.Div(id=LSHAPE_ERROR, className="error", role="alert"),
                dcc.Loading(html.Div(id=LSHAPE_TABLES), type="dot"),
                html.P(id=LSHAPE_NOTE, className="summary-text", role="status"),
            ],
        )
    ]


def _register_lshapes(app, gate) -> None:
    app.callback(
        Output(LSHAPE_TABLES, "children"),
        Output(LSHAPE_NOTE, "children"),
        Output(LSHAPE_ERROR, "children"),
        Output(LEGS, "className"),
        gate,
        State(ids.GAME, "value"),
        Input(LEGS, "value"),
        prevent_initial_call=True,
    )(lshape_view)

    @app.callback(
        Output(ids.POSITION, "value", allow_duplicate=True),
        Output(ids.PLAY_LOG, "children", allow_duplicate=True),
        Input({"type": LSHAPE_CELL, "index": ALL}, "n_clicks"),
        State(ids.GAME, "value"),
        prevent_initial_call=True,
    )
    def _pick(_clicks, name):
        value = dash.ctx.triggered[0]["value"] if dash.ctx.triggered else None
        return lshape_pick(dash.ctx.triggered_id, value, name)


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
    return html.Div(_zigzag_table(shown), className="finite-scroll"), zigzag_figure(shown), note, "", BOX_CLASS


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
                graph(ZIGZAG_GRAPH, 340),
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


# ---------------------------------------------------------------- play: each group's value


def group_details(game, position) -> list:
    """Under the position to play: each group of dirt drawn small, with its value, and their nim-sum."""
    try:
        parts = game.parts(position, max_seconds=PAGE_SECONDS)
    except (TypeError, ValueError):
        return []
    if not parts:
        return []
    total = 0
    for part in parts:
        total ^= part["value"]
    rows = [
        html.Tr(
            [
                html.Td(f"group {i + 1}"),
                html.Td(bar_picture(part["position"], f"group {i + 1}: {part['position']}", losing=part["value"] == 0)),
                html.Td(str(part["pieces"]), className="num"),
                html.Td(str(part["value"]), className="num"),
            ]
        )
        for i, part in enumerate(parts[:MAX_GROUPS_LISTED])
    ]
    if len(parts) > MAX_GROUPS_LISTED:
        rows.append(html.Tr(html.Td(f"… and {len(parts) - MAX_GROUPS_LISTED:,} more", colSpan=4)))
    rows.append(html.Tr([html.Th("nim-sum (XOR)", colSpan=3), html.Td(html.Strong(str(total)), className="num")]))
    return [
        html.Div(
            html.Table(
                [
                    html.Thead(html.Tr([html.Th("part"), html.Th("group"), html.Th("pieces"), html.Th("value")])),
                    html.Tbody(rows),
                ],
                className="summary-table finite-heaps",
            ),
            className="finite-scroll",
        )
    ]


#: The views of this module, by the names games declare.
VIEWS = (
    View(
        "dirt-grid",
        "Spring Cleaning's grid: add or remove dirt, sweep, the winning sweeps marked",
        _grid_layout,
        _register_grid,
        url_keys=(
            UrlKey("fgrid", GRID_SIZE, DEFAULT_GRID_SIZE, check_size_param, number_box=True),
            UrlKey("fgmode", GRID_MODE, DEFAULT_GRID_MODE, choice("what a tap does", GRID_MODES)),
        ),
        exports=(GRID_CSV,),
    ),
    View(
        "l-shapes",
        "the L-shape values beside the source's table",
        _lshape_layout,
        _register_lshapes,
        url_keys=(number_box_key("flegs", LEGS, DEFAULT_LEGS, "A, the longest leg", least=2, most=LEGS_MAX),),
        exports=(LSHAPE_CSV,),
    ),
    View(
        "zigzags",
        "the zigzags beside Couples are Forever and the source's row",
        _zigzag_layout,
        _register_zigzags,
        url_keys=(number_box_key("fzig", ZIGZAG_N, DEFAULT_ZIGZAGS, "N, the zigzags", most=ZIGZAGS_MAX),),
        exports=(ZIGZAG_CSV,),
    ),
)

#: Positions of groups of dirt: the sweeps as buttons, and each group's value under the position.
SURFACES = (Surface("groups", lambda game, position, rows: moves_view(rows, MAX_LISTED), group_details),)
