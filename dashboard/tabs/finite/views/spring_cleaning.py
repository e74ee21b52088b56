"""Views of Spring Cleaning: the grid to edit and sweep, and each group's value under the position to play.

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

This module holds the grid's view (``"dirt-grid"``) and the ``"groups"``
surface; the grid is drawn by :mod:`.spring_cleaning_board`, and the other
two views are :mod:`.spring_cleaning_lshapes` and
:mod:`.spring_cleaning_zigzags` (their modules' names keep the panels in
this order).
"""

from __future__ import annotations

import re

import dash
from dash import ALL, Input, Output, State, dcc, html, no_update

from solver.registry import Move
from solver.registry import find_game as registry_game

from ....urlkeys import UrlKey, choice
from .. import ids
from ..figures import moves_view
from ..games import find_game, parse_position
from ..play import MAX_LISTED, PAGE_SECONDS, move_rows, play
from .base import (
    BOX_CLASS,
    INVALID_BOX_CLASS,
    PRESS_JS,
    CsvExport,
    Surface,
    View,
    csv_button,
    csv_file,
    game_with_view,
    panel,
    pressed,
    scroll_box,
    skip,
)
from .chomp import bar_picture
from .spring_cleaning_board import CELL_STRIDE, GRID_CELL, GRID_SWEEP, grid_board, sweeps_of

__all__ = [
    "SURFACES",
    "VIEWS",
    "grid_act",
    "grid_view",
    "group_details",
    "check_size_param",
    "grid_csv",
    "parse_size",
]


#: Component ids of the grid's view.
GRID_SIZE = "finite-grid-size"
GRID_EMPTY = "finite-grid-empty"
GRID_FULL = "finite-grid-full"
GRID_RESIZE = "finite-grid-resize"
GRID_MODE = "finite-grid-mode"
GRID_VIEW = "finite-grid-view"
GRID_STATUS = "finite-grid-status"
GRID_ERROR = "finite-grid-error"
#: The square or sweep pressed last (``base.PRESS_JS``): ``{type, index, clicks, at}``.
GRID_PRESS = "finite-grid-press"
#: Largest side of a grid the editor draws (the game takes 64; a larger grid is played with the buttons).
GRID_MAX = 20
DEFAULT_GRID_SIZE = "3x5"
GRID_MODES = ("dirt", "sweep")
DEFAULT_GRID_MODE = "dirt"
#: Most groups listed under the position to play (the nim-sum counts them all).
MAX_GROUPS_LISTED = 30

_SIZE = re.compile(r"\s*(\d{1,4})\s*[x×X*,]\s*(\d{1,4})\s*")


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
    moves, outcomes, problem = _sweep_moves(game, rows)
    if problem:
        raise ValueError(problem)
    left = [game.format(m.child) for m in moves]
    lines = [
        {
            "sweep": s.text,
            "shape": s.shape,
            "first_row": s.first[0] + 1,
            "first_column": s.first[1] + 1,
            "last_row": s.last[0] + 1,
            "last_column": s.last[1] + 1,
            "leaves": left[s.index],
            "outcome_left": s.outcome,
            "wins": s.wins,
        }
        for s in sweeps_of(moves, outcomes)
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


def _sweep_moves(game, rows: tuple[str, ...]) -> tuple[list[Move], list[str | None], str | None]:
    """Every sweep (with the cells it removes) and the outcome it leaves; no outcomes (and why) beyond the limits."""
    moves = registry_game(game.name).moves(rows)
    try:
        return moves, [r.outcome for r in move_rows(game, rows)], None
    except ValueError as exc:
        return moves, [None] * len(moves), str(exc)


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
        moves = registry_game(game.name).moves(rows)
        return grid_board(rows, mode, sweeps_of(moves, [None] * len(moves))), "", f"Not valued: {exc}."
    moves, outcomes, problem = _sweep_moves(game, rows)
    sweeps = sweeps_of(moves, outcomes)
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
                dcc.Store(id=GRID_PRESS),
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
        State(ids.POSITION, "value"),
        Input(GRID_MODE, "value"),
        prevent_initial_call=True,
    )(grid_view)

    # The squares and sweeps are drawn with each answer: a relay in the browser sends only a press.
    app.clientside_callback(
        PRESS_JS,
        Output(GRID_PRESS, "data"),
        Input({"type": GRID_CELL, "index": ALL}, "n_clicks"),
        Input({"type": GRID_SWEEP, "index": ALL}, "n_clicks"),
        prevent_initial_call=True,
    )

    @app.callback(
        Output(ids.POSITION, "value", allow_duplicate=True),
        Output(ids.PLAY_LOG, "children", allow_duplicate=True),
        Output(GRID_ERROR, "children", allow_duplicate=True),
        Output(GRID_SIZE, "className"),
        Input(GRID_PRESS, "data"),
        Input(GRID_EMPTY, "n_clicks"),
        Input(GRID_FULL, "n_clicks"),
        Input(GRID_RESIZE, "n_clicks"),
        State(ids.GAME, "value"),
        State(ids.POSITION, "value"),
        State(GRID_SIZE, "value"),
        State(ids.PLAY_REPLY, "value"),
        prevent_initial_call=True,
    )
    def _act(press, _empty, _full, _resize, name, text, size_text, reply):
        if dash.ctx.triggered_id == GRID_PRESS:
            return grid_act(*pressed(press), name, text, size_text, reply)
        value = dash.ctx.triggered[0]["value"] if dash.ctx.triggered else None
        return grid_act(dash.ctx.triggered_id, value, name, text, size_text, reply)


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
        scroll_box(
            html.Table(
                [
                    html.Thead(html.Tr([html.Th("part"), html.Th("group"), html.Th("pieces"), html.Th("value")])),
                    html.Tbody(rows),
                ],
                className="summary-table finite-heaps",
            ),
            "the groups of dirt and their values",
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
        follows_position=True,
    ),
)
#: Positions of groups of dirt: the sweeps as buttons, and each group's value under the position.
SURFACES = (Surface("groups", lambda game, position, rows: moves_view(rows, MAX_LISTED), group_details),)
