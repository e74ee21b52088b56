"""Chomp on fragmentary bars: every bar that fits in an R x C box.

A position (a bar) is a set of pieces of an R x C box, any set: pieces may be
missing anywhere ("fragmentary chocolate bars" of the "Chomp" blog post, in
which the poisoned piece is removed and the game "simply ends when one player
has no move left, meaning they lose").  A move picks a present piece
``(r, c)`` and eats it with every present piece ``(r', c')`` with ``r' >= r``
and ``c' >= c`` (the rectangle below and to the right of it).  The player
who cannot move (the empty bar) loses.

A bar is a bitmask: bit ``r * C + c`` is the piece at row ``r`` (0 = top),
column ``c`` (0 = left).  Every move clears at least one bit and sets none,
so an option is a smaller integer and one ascending pass over the masks
solves every bar of the box.  Outcome arrays are ``uint8``: 1 = W
(N-position, the player to move wins), 0 = L (P-position).

Text form of a bar (:func:`parse_bar`, :func:`format_bar`): the rows from top
to bottom separated by ``/``, ``#`` for a piece and ``.`` for a missing one,
e.g. ``"###/##."``.

Numba kernels (prefixed ``_``) are unchecked; the public functions check
their arguments and refuse boxes beyond 2**24 positions or the memory of the
machine.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import ClassVar

import numba
import numpy as np

from ..costs import Cost
from ..text import format_count
from ..validation import check_integer
from .game import ImpartialGame, check_work

__all__ = [
    "chomp_cost",
    "chomp_outcomes",
    "chomp_counts",
    "chomp_moves",
    "parse_bar",
    "format_bar",
    "binary_square",
    "chomp_table_cost",
    "ChompGame",
]

#: Most pieces of a box solved whole (2**24 positions, one byte each).
MAX_CELLS = 24
#: Most pieces of a box for the functions on one bar (moves, text).
MAX_BAR_CELLS = 4096
#: Longest text :func:`parse_bar` reads.
MAX_TEXT = 2 * MAX_BAR_CELLS + 64

# Cost model (benchmarks/impartial_games.py, reference machine): seconds per
# (position, piece) pair, an upper bound (a won position stops at its first
# losing option).
_SECONDS_PER_PIECE = 1.5e-9


def _check_box(rows: object, cols: object, most_cells: int) -> tuple[int, int]:
    rows = check_integer(rows, "the number of rows", least=1, most=most_cells)
    cols = check_integer(cols, "the number of columns", least=1, most=most_cells)
    if rows * cols > most_cells:
        raise ValueError(
            f"a {rows} x {cols} box has {rows * cols:,} pieces, more than {most_cells:,}; use a smaller box"
        )
    return rows, cols


def chomp_cost(rows: int, cols: int) -> Cost:
    """Estimate the time and memory of :func:`chomp_outcomes` for an R x C box.

    Parameters
    ----------
    rows, cols : int
        The box, each ``>= 1`` (any size: the estimate is exact arithmetic).

    Returns
    -------
    Cost
        One byte per position (``2**(rows * cols)`` of them); time at most
        linear in positions times pieces.

    Raises
    ------
    TypeError
        If an argument is not an integer.
    ValueError
        If an argument is below 1 or the box has more than 4096 pieces.
    """
    rows, cols = _check_box(rows, cols, MAX_BAR_CELLS)
    cells = rows * cols
    positions = 1 << cells
    try:
        seconds = float(positions) * cells * _SECONDS_PER_PIECE
    except OverflowError:  # beyond a float: more than 2**1023 positions
        seconds = math.inf
    return Cost(seconds, positions, f"Chomp in a {rows} x {cols} box ({format_count(positions)} positions)")


def _check_solvable(rows: object, cols: object, max_seconds: float | None) -> tuple[int, int]:
    rows, cols = _check_box(rows, cols, MAX_BAR_CELLS)
    cost = chomp_cost(rows, cols)
    if rows * cols > MAX_CELLS:
        raise ValueError(
            f"{cost.what} would need {cost.describe()}; boxes of at most {MAX_CELLS} pieces "
            f"(2**{MAX_CELLS} positions) are solved, use a smaller box"
        )
    check_work(cost, "use a smaller box", max_seconds)
    return rows, cols


@numba.njit(cache=True)
def _quadrants(rows: int, cols: int) -> np.ndarray:  # pragma: no cover - numba
    """Mask of the pieces eaten by a move at each piece: (r', c') with r' >= r, c' >= c."""
    quad = np.zeros(rows * cols, np.int64)
    for r in range(rows):
        for c in range(cols):
            q = 0
            for r2 in range(r, rows):
                for c2 in range(c, cols):
                    q |= 1 << (r2 * cols + c2)
            quad[r * cols + c] = q
    return quad


@numba.njit(cache=True)
def _chomp_kernel(rows: int, cols: int) -> np.ndarray:  # pragma: no cover - numba
    """Outcome (1 = W, 0 = L) of every mask of the box, in one ascending pass (numba; unchecked)."""
    cells = rows * cols
    quad = _quadrants(rows, cols)
    keep = ~quad
    total = 1 << cells
    out = np.zeros(total, np.uint8)
    for m in range(1, total):
        for i in range(cells):
            if (m >> i) & 1 and out[m & keep[i]] == 0:
                out[m] = 1
                break
    return out


def chomp_outcomes(rows: int, cols: int, *, max_seconds: float | None = None) -> np.ndarray:
    """Outcomes of every bar in an R x C box.

    Parameters
    ----------
    rows, cols : int
        The box, each ``>= 1``, with ``rows * cols <= 24``.
    max_seconds : float, optional
        Refuse work estimated above this many seconds (default
        ``config.IMPARTIAL_MAX_SECONDS``, 60).

    Returns
    -------
    numpy.ndarray
        uint8, shape ``(2**(rows * cols),)``: entry ``mask`` is 1 when the
        bar ``mask`` (bit ``r * cols + c`` = piece at row r, column c) is an
        N-position (W: the player to move wins), 0 when it is a P-position
        (L).  Entry 0, the empty bar, is 0.

    Raises
    ------
    TypeError
        If an argument is not an integer.
    ValueError
        If an argument is below 1, the box has more than 24 pieces, or the
        work is beyond ``max_seconds`` or the memory this machine can give
        (one byte per position).

    Notes
    -----
    Rules of "Chomp (The Esthetics of Not Knowing)", with the poisoned piece
    removed: whoever cannot move loses.
    """
    rows, cols = _check_solvable(rows, cols, max_seconds)
    return _chomp_kernel(rows, cols)


def chomp_counts(rows: int, cols: int, *, max_seconds: float | None = None) -> dict[str, int]:
    """Count the positions and the losing bars (P-positions) of an R x C box.

    Parameters
    ----------
    rows, cols : int
        The box, as :func:`chomp_outcomes`.
    max_seconds : float, optional
        As :func:`chomp_outcomes`.

    Returns
    -------
    dict
        ``positions`` (``2**(rows * cols)``, the empty bar included),
        ``losing`` (P-positions, the empty bar included) and ``winning``.
        The source counts 132 losing bars in a 2 x 6 box and 182 in 3 x 4.

    Raises
    ------
    TypeError, ValueError
        As :func:`chomp_outcomes`.
    """
    outcomes = chomp_outcomes(rows, cols, max_seconds=max_seconds)
    losing = int(outcomes.shape[0] - np.count_nonzero(outcomes))
    return {"positions": int(outcomes.shape[0]), "losing": losing, "winning": int(outcomes.shape[0]) - losing}


def _check_mask(mask: object, rows: int, cols: int) -> int:
    return check_integer(mask, f"the bar (a mask of the {rows} x {cols} box)", least=0, most=(1 << (rows * cols)) - 1)


def chomp_moves(rows: int, cols: int, mask: int) -> tuple[tuple[int, int, int], ...]:
    """Every move from a bar.

    Parameters
    ----------
    rows, cols : int
        The box, each ``>= 1``, at most 4096 pieces.
    mask : int
        The bar, ``0 <= mask < 2**(rows * cols)``.

    Returns
    -------
    tuple of (int, int, int)
        ``(row, column, result)`` for each piece of the bar, by row then
        column: the piece chosen and the bar left after eating it with the
        pieces below and to the right.  Distinct pieces give distinct
        results.  Empty for the empty bar (the player to move loses).

    Raises
    ------
    TypeError
        If an argument is not an integer.
    ValueError
        If the box or the mask is out of range.
    """
    rows, cols = _check_box(rows, cols, MAX_BAR_CELLS)
    mask = _check_mask(mask, rows, cols)
    row_bits = (1 << cols) - 1
    moves = []
    for r in range(rows):
        for c in range(cols):
            if not (mask >> (r * cols + c)) & 1:
                continue
            eaten_row = (row_bits >> c) << c  # columns c..cols-1
            eaten = 0
            for r2 in range(r, rows):
                eaten |= eaten_row << (r2 * cols)
            moves.append((r, c, mask & ~eaten))
    return tuple(moves)


def parse_bar(text: str, rows: int, cols: int) -> int:
    """Read a bar written as rows: ``"###/##."`` (top row first, ``#`` piece, ``.`` no piece).

    Parameters
    ----------
    text : str
        Rows from top to bottom separated by ``/``; each row a string of
        ``#`` and ``.`` of one common length.  The text sits in the top-left
        corner of the box: it may have fewer rows or columns than the box (the
        rest is empty), not more.  Spaces around the text are ignored.
    rows, cols : int
        The box, each ``>= 1``, at most 4096 pieces.

    Returns
    -------
    int
        The mask: bit ``r * cols + c`` set for a piece at row r, column c.

    Raises
    ------
    TypeError
        If ``text`` is not a string or the box is not integers.
    ValueError
        If the text is empty, has characters other than ``#``, ``.`` and
        ``/``, rows of different lengths, or more rows or columns than the box.
    """
    rows, cols = _check_box(rows, cols, MAX_BAR_CELLS)
    if not isinstance(text, str):
        raise TypeError(f"the bar must be a string like '###/##.', got {text!r}")
    if len(text) > MAX_TEXT:
        raise ValueError(f"the bar text has {len(text):,} characters, more than a {rows} x {cols} box needs")
    stripped = text.strip()
    if not stripped:
        raise ValueError(
            "the bar is empty; write it as rows like '###/##.' ('#' a piece, '.' no piece, '/' between rows)"
        )
    bad = sorted(set(stripped) - set("#./"))
    if bad:
        raise ValueError(
            f"the bar {stripped[:40]!r} has the characters {''.join(bad)!r}; "
            "write it as rows like '###/##.' ('#' a piece, '.' no piece, '/' between rows)"
        )
    lines = stripped.split("/")
    width = len(lines[0])
    if width == 0 or any(len(line) != width for line in lines):
        raise ValueError(f"the rows of the bar {stripped[:40]!r} must be nonempty and of one length")
    if len(lines) > rows or width > cols:
        raise ValueError(f"the bar has {len(lines)} rows of {width} places; it does not fit in the {rows} x {cols} box")
    mask = 0
    for r, line in enumerate(lines):
        for c, ch in enumerate(line):
            if ch == "#":
                mask |= 1 << (r * cols + c)
    return mask


def format_bar(rows: int, cols: int, mask: int) -> str:
    """Write a bar as rows: ``"###/##."`` (the inverse of :func:`parse_bar` for the whole box).

    Parameters
    ----------
    rows, cols : int
        The box, each ``>= 1``, at most 4096 pieces.
    mask : int
        The bar, ``0 <= mask < 2**(rows * cols)``.

    Returns
    -------
    str
        ``rows`` rows of ``cols`` characters, top row first, joined by ``/``.

    Raises
    ------
    TypeError
        If an argument is not an integer.
    ValueError
        If the box or the mask is out of range.
    """
    rows, cols = _check_box(rows, cols, MAX_BAR_CELLS)
    mask = _check_mask(mask, rows, cols)
    return "/".join("".join("#" if (mask >> (r * cols + c)) & 1 else "." for c in range(cols)) for r in range(rows))


def binary_square(cols: int) -> np.ndarray:
    """The losing bars of the 2 x C box as a square picture.

    Parameters
    ----------
    cols : int
        Width of the box, ``1 <= cols <= 12``.

    Returns
    -------
    numpy.ndarray
        bool, shape ``(2**cols, 2**cols)``: entry ``[top, bottom]`` is True
        when the bar whose top row has the pieces of the bits of ``top`` (bit
        c = column c) and whose bottom row has those of ``bottom`` is a
        P-position (L).  For ``cols = 10``, the 1024 x 1024 picture of the
        source.

    Raises
    ------
    TypeError
        If ``cols`` is not an integer.
    ValueError
        If ``cols`` is out of range.
    """
    cols = check_integer(cols, "the number of columns", least=1, most=MAX_CELLS // 2)
    outcomes = chomp_outcomes(2, cols)
    side = 1 << cols
    # mask = top | bottom << cols: reshaped row-major the index is [bottom, top].
    return (outcomes.reshape(side, side) == 0).T.copy()


# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------

# Cost model of the value and remoteness table (benchmarks/impartial_games.py, reference
# machine): seconds per (position, piece) pair, every option visited; 2 bytes per position.
_SECONDS_PER_PIECE_TABLE = 3e-9
#: Largest table of values and remoteness kept with the game (positions; 2 bytes each): every box
#: solved (32 MiB for 2**24 bars), so that play in the largest boxes does not solve again per move.
CACHED_POSITIONS = 1 << MAX_CELLS
#: Below this many positions the whole box is solved at once (small boxes share one table).
WHOLE_BOX = 1 << 16


@numba.njit(cache=True)
def _chomp_table_kernel(rows: int, cols: int, top: int) -> tuple[np.ndarray, np.ndarray]:  # pragma: no cover
    """Grundy value and remoteness of every mask 0..top of the box, in one ascending pass (numba; unchecked).

    Values are below 32 (at most 24 options), remoteness at most the number
    of pieces: both fit ``uint8``.
    """
    cells = rows * cols
    keep = ~_quadrants(rows, cols)
    value = np.zeros(top + 1, np.uint8)
    rem = np.zeros(top + 1, np.uint8)
    for m in range(1, top + 1):
        seen = 0
        slowest = 0
        fastest = 255
        for i in range(cells):
            if (m >> i) & 1:
                c = m & keep[i]
                v = value[c]
                seen |= 1 << v
                r = rem[c]
                slowest = max(slowest, r)
                if v == 0:
                    fastest = min(fastest, r)
        v = 0
        while (seen >> v) & 1:
            v += 1
        value[m] = v
        rem[m] = 1 + (slowest if v == 0 else fastest)
    return value, rem


def chomp_table_cost(rows: int, cols: int, top: int) -> Cost:
    """Estimate the table of Grundy values and remoteness of the masks ``0..top`` of a box.

    Parameters
    ----------
    rows, cols : int
        The box, at most 24 pieces.
    top : int
        Largest mask, ``0 <= top < 2**(rows * cols)``.

    Returns
    -------
    Cost
        3 ns per (mask, piece) and 2 bytes per mask.

    Raises
    ------
    TypeError, ValueError
        If an argument is out of range.
    """
    rows, cols = _check_box(rows, cols, MAX_CELLS)
    top = _check_mask(top, rows, cols)
    count = top + 1
    return Cost(
        count * rows * cols * _SECONDS_PER_PIECE_TABLE,
        2 * count,
        f"the values of Chomp in a {rows} x {cols} box ({count:,} positions)",
    )


@dataclasses.dataclass(frozen=True, kw_only=True)
class ChompGame(ImpartialGame[int]):
    """Chomp on fragmentary bars in an R x C box: eat a piece and everything below and right of it.

    A position is a bar, any set of pieces of the box, held as a bitmask
    (bit ``r * cols + c`` for row r, column c, from 0 at the top left) and
    written as rows: ``"###/##."``.  A move eats a present piece with every
    piece at or below its row and at or right of its column; the player with
    no move (the empty bar) loses.  Boxes of at most 24 pieces.

    Attributes
    ----------
    rows, cols : int
        The box.

    Notes
    -----
    Values and remoteness come from one ascending pass over the masks up to
    the position's (every option is a smaller mask), kept with the game
    (2 bytes per bar: 32 MiB for the largest box).
    """

    rows: int
    cols: int

    kind: ClassVar[str] = "chomp"
    commands: ClassVar[tuple[str, ...]] = ("classify", "tree", "sum", "chomp")
    views: ClassVar[tuple[str, ...]] = ("bars", "square")
    play_surface: ClassVar[str] = "bar"
    position_help: ClassVar[str] = (
        "bars written as rows from the top, '#' a piece and '.' a gap, joined by '/' (###/##.)"
    )

    @classmethod
    def of(cls, rows: int, cols: int) -> ChompGame:
        """The game in an R x C box, with its name, title, summary and source.

        Raises
        ------
        TypeError
            If an argument is not an integer.
        ValueError
            If an argument is below 1 or the box has more than 24 pieces.
        """
        rows, cols = _check_box(rows, cols, MAX_CELLS)
        return cls(
            name=f"chomp-{rows}x{cols}",
            title=f"Chomp on fragmentary bars, {rows} x {cols}",
            summary=(
                f"Any set of pieces of a {rows} x {cols} box; a move eats a piece and every piece at or below its "
                "row and at or right of its column; a player with no move (the empty bar) loses."
            ),
            source='D. Gale, "A curious nim-type game" (1974); fragmentary bars as in "Chomp (The Esthetics of Not Knowing)"',
            rows=rows,
            cols=cols,
        )

    @property
    def cells(self) -> int:
        """Pieces of the box, ``rows * cols``."""
        return self.rows * self.cols

    def check(self, position: object) -> int:
        """A bar as its mask, ``0 <= mask < 2**(rows * cols)``.

        Raises
        ------
        TypeError
            If ``position`` is not an integer.
        ValueError
            If it is out of range.
        """
        return _check_mask(position, self.rows, self.cols)

    def parse(self, text: str) -> int:
        """Read a bar written as rows (:func:`parse_bar`): ``"###/##."``; a smaller text sits in the top-left corner.

        Raises
        ------
        TypeError
            If ``text`` is not a string.
        ValueError
            If the text is empty, has other characters than ``#``, ``.`` and
            ``/``, rows of different lengths, or does not fit in the box.
        """
        return parse_bar(text, self.rows, self.cols)

    def format(self, position: int) -> str:
        """The bar as rows of the whole box (:func:`format_bar`)."""
        return format_bar(self.rows, self.cols, position)

    def start(self) -> int:
        """The full box."""
        return (1 << self.cells) - 1

    def moves(self, position: int) -> list[tuple[str, int]]:
        """Eat each piece, by row then column: ``"eat row 1, column 2"`` (counted from 1 at the top left)."""
        return [
            (f"eat row {r + 1}, column {c + 1}", result) for r, c, result in chomp_moves(self.rows, self.cols, position)
        ]

    def _top_for(self, mask: int) -> int:
        return self.start() if self.start() < WHOLE_BOX else mask

    def value_cost(self, position: int) -> Cost:
        """The table of the masks up to the position's (the whole box when it has fewer than 2**16)."""
        mask = self.check(position)
        table = self.memo.get("table")
        if table is not None and mask < table[0].shape[0]:
            return Cost(0.0, 0, f"the values of {self.title} (kept)")
        return chomp_table_cost(self.rows, self.cols, self._top_for(mask))

    def _table(self, top: int, max_seconds: float | None) -> tuple[np.ndarray, np.ndarray]:
        table = self.memo.get("table")
        if table is not None and top < table[0].shape[0]:
            return table
        top = self._top_for(top)
        check_work(chomp_table_cost(self.rows, self.cols, top), "use a smaller box", max_seconds)
        found = _chomp_table_kernel(self.rows, self.cols, top)
        if top < CACHED_POSITIONS and (table is None or top >= table[0].shape[0]):
            for array in found:
                array.setflags(write=False)
            self.memo.replace("table", found)
        return found

    def value(self, position: int, *, max_seconds: float | None = None) -> int:
        """The Grundy value of the bar (see the class notes)."""
        mask = self.check(position)
        return int(self._table(mask, max_seconds)[0][mask])

    def values(self, positions: Sequence[int], *, max_seconds: float | None = None) -> list[int]:
        """:meth:`value` of several bars from one table."""
        masks = [self.check(p) for p in positions]
        if not masks:
            return []
        table = self._table(max(masks), max_seconds)[0]
        return [int(table[m]) for m in masks]

    def remoteness_cost(self, position: int) -> Cost:
        """As :meth:`value_cost`: one table holds both."""
        return self.value_cost(position)

    def remoteness(self, position: int, *, max_seconds: float | None = None) -> int:
        """Exact remoteness of the bar (see the class notes)."""
        mask = self.check(position)
        return int(self._table(mask, max_seconds)[1][mask])

    def remotenesses(self, positions: Sequence[int], *, max_seconds: float | None = None) -> list[int]:
        """:meth:`remoteness` of several bars from one table."""
        masks = [self.check(p) for p in positions]
        if not masks:
            return []
        table = self._table(max(masks), max_seconds)[1]
        return [int(table[m]) for m in masks]

    def counts_cost(self) -> Cost:
        """Estimate :meth:`counts`: :func:`chomp_cost`."""
        return chomp_cost(self.rows, self.cols)

    def counts(self, *, max_seconds: float | None = None) -> dict[str, int]:
        """Positions and losing bars of the box (:func:`chomp_counts`, the empty bar counted)."""
        return chomp_counts(self.rows, self.cols, max_seconds=max_seconds)

    def outcomes(self, *, max_seconds: float | None = None) -> np.ndarray:
        """The outcome of every bar of the box (:func:`chomp_outcomes`): uint8, 1 = W, 0 = L, index = mask."""
        return chomp_outcomes(self.rows, self.cols, max_seconds=max_seconds)
