"""Spring Cleaning's grid drawn: the sweeps of a position and the board of squares and sweep bars.

:class:`Sweep`, :func:`sweeps_of` and :func:`grid_board` build the picture of
:mod:`.spring_cleaning`'s grid view; this module declares no view.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from dash import html

from solver.registry import Move

from ....components import attrs
from .base import scroll_box

__all__ = [
    "Sweep",
    "grid_board",
    "sweeps_of",
]


#: Pattern-matching id types: a square of the editor (index ``row * CELL_STRIDE + column``), a sweep (its move index).
GRID_CELL = "finite-grid-cell"
GRID_SWEEP = "finite-grid-sweep"
#: Squares of a row in the editor's square indices (more than any side it draws).
CELL_STRIDE = 100


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


def sweeps_of(moves: Sequence[Move], outcomes: Sequence[str | None]) -> list[Sweep]:
    """The sweeps of a position, each drawn from the cells its move removes (:attr:`solver.registry.Move.cells`).

    Parameters
    ----------
    moves : sequence of solver.registry.Move
        The position's moves, in the game's order, each with its cells.
    outcomes : sequence of str or None
        The outcome of the position each move leaves, or None when not
        computed.

    Returns
    -------
    list of Sweep
        One per move: a run of a row (``"row"``), of a column (``"column"``),
        or one piece (``"piece"``).
    """
    found = []
    for index, (move, outcome) in enumerate(zip(moves, outcomes, strict=True)):
        if not move.cells:
            continue
        first, last = min(move.cells), max(move.cells)
        shape = "piece" if len(move.cells) == 1 else "row" if first[0] == last[0] else "column"
        found.append(Sweep(index, move.label, shape, first, last, outcome))
    return found


def _count(count: int, word: str) -> str:
    """``1 row``, ``3 rows``: a count and its noun, in the singular for one."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


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
    return scroll_box(
        html.Div(
            items,
            className=f"sc-grid sc-mode-{mode}",
            style={"gridTemplateColumns": _tracks(width), "gridTemplateRows": _tracks(height)},
            role="group",
            **attrs({"aria-label": f"the grid, {_count(height, 'row')} of {_count(width, 'square')}"}),
        ),
        "the grid's box (it scrolls sideways when the grid is wide)",
    )
