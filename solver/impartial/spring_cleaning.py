"""Spring Cleaning: sweep away a row or a column of consecutive dirt pieces.

Rules (the blog posts "Spring Cleaning I" and "Spring Cleaning II"): dirt
pieces lie on squares of a grid.  A sweep removes a row or a column of
consecutive dirt pieces; the players take turns, and whoever sweeps last
wins (normal play).

**A sweep is a maximal run.**  Here a sweep removes a *maximal* run: pieces
consecutive in one row (or one column) with no piece just beyond either end.
A piece with no neighbour in its row (or in its column) is a run of one, so
it may be swept alone.  This reading gives the source's rectangle rule (a
full rectangle has value 1 when both sides are odd, 0 when both are even and
2 otherwise); with sweeps of *any* consecutive part of a run, a 1 x 3 bar
would have value 3 (the tests check both).

**The split.**  A position is a sum of its 4-connected groups of dirt: a
run is made of pieces side by side, so it lies in one group; whether it is
maximal depends only on the squares just beyond its ends, which are dirt
only if they belong to the same group; so the moves of a group depend on
that group alone, and a sweep changes no other group.  Its Grundy value is
the XOR of the groups' values (Sprague–Grundy).  A group is turned into a
*canonical* form: moved to the top-left corner, then the least of its images
under the 8 symmetries of the square (the rules do not change when the grid
is turned or mirrored), and its value is kept under that form.

**The kernel** (numba) finds every group reachable from the groups asked
for, breadth first (a sweep leaves groups with fewer pieces), looking each
one up first by its translated form, then by its canonical form, and then
sets the values in order of increasing pieces by the mex.  A group must
fit in 1024 squares of its bounding box (any group of at most 63 pieces
does).  The work grows about as ``2^(k/2)`` groups for a group of k pieces
(tree-shaped groups of 30 pieces with many short branches reach up to about
95,000 groups; rectangles, L-shapes and zigzags a few dozen), and is
estimated from the groups' sizes before it starts
(:meth:`SpringCleaningGame.value_cost`).

Positions are written as rows of ``#`` (dirt) and ``.`` (clean), top row
first, joined by ``/``: ``"###/#../#.."``.  Rows and columns are numbered
from 1 at the top left in move texts.

**Full rectangles** are valued by the rectangle rule
(:func:`rectangle_value`) before any search: a group whose pieces fill its
rows and columns gets its value at once, whatever its size.

The source's shapes: the (A,B)-L (:func:`l_shape`) has a leg of A pieces
along the top row and one of B pieces down the left column, both counting
the shared corner; the zigzag Z(n) (:func:`zigzag`) is the staircase of n
pieces, alternately one step right and one step down.  Its moves are
"sweep two neighbours" (splitting the staircase into two of a + b = n − 2
pieces) and "sweep an end piece alone", which is the octal game 0.37, and
Couples are Forever (split a pile of at least 3 tokens into two piles) on a
pile of n + 2: sweeping an end piece is splitting off one token, sweeping
two neighbours is splitting into piles of a + 2 and b + 2
(:func:`solver.impartial.couples.couples_values`).

The parts live in modules of their own: the kernel and its table in
:mod:`.spring_cleaning_kernel`; grids, masks, groups, sweeps and the cost of
the groups in :mod:`.spring_cleaning_grids`.  This module holds
:class:`SpringCleaningGame` and the source's shapes.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
from collections.abc import Iterator, Sequence
from typing import ClassVar

import numpy as np

from ..costs import Cost
from ..validation import check_integer
from .game import SEARCH_BYTES_PER_POSITION, SEARCH_SECONDS_PER_MOVE, ImpartialGame, check_work, search_remoteness
from .spring_cleaning_grids import (
    BYTES_PER_GROUP,
    MAX_SIDE,
    SECONDS_PER_GROUP_PIECE2,
    _cells,
    _check_box,
    _check_rows,
    _groups,
    _groups_cost,
    _mask,
    _reach,
    _rows,
    _sweeps,
    parse_grid,
)
from .spring_cleaning_kernel import _TABLE_LOCK, _UNKNOWN, PYTHON_MAX_GROUPS, _Table, canonical_key

__all__ = [
    "SPRING_CLEANING",
    "SpringCleaningGame",
    "l_shape",
    "l_shape_table",
    "l_shape_value",
    "rectangle_value",
    "zigzag",
    "zigzag_values",
]


#: Most pieces the remoteness search starts from (its estimate is 2**pieces).
MAX_SEARCH_PIECES = 40
#: Largest leg of :func:`l_shape_table` and largest n of :func:`zigzag_values` (their groups fit 1024 squares).
MAX_LEG = 32
MAX_ZIGZAG = 63
#: Groups kept with the game between calls (about 700 bytes each).
KEPT_GROUPS = 200_000
#: How many :meth:`SpringCleaningGame.holding_groups` blocks are open: while one is, every group is kept.
_HOLDING = [0]
#: The kernel stops (and the call is refused) past this many times the estimated groups, plus the slack.
GUARD_FACTOR = 4
GUARD_SLACK = 1000


# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class SpringCleaningGame(ImpartialGame[tuple[str, ...]]):
    """Spring Cleaning ("Spring Cleaning I" and "II"): sweep a maximal run of dirt pieces in a row or a column.

    A position is a grid of at most 64 x 64 squares, held as its rows (a
    tuple of strings of ``#`` and ``.``) and written ``"###/#../#.."``.  Its
    Grundy value is the XOR of its 4-connected groups' values, computed by
    the kernel of the module docstring and kept with the game (up to
    200,000 groups).  Each group must fit in 1024 squares of its rows and
    columns; the work is estimated from the groups' sizes before it starts.
    Remoteness comes from a search over the positions reachable (at most
    2**pieces of them), for positions of a dozen pieces or so.
    """

    kind: ClassVar[str] = "spring-cleaning"
    commands: ClassVar[tuple[str, ...]] = ("classify", "tree", "sum", "spring-cleaning")
    position_help: ClassVar[str] = "grids written as rows of '#' (dirt) and '.' (clean) joined by '/' (###/#../#..)"
    views: ClassVar[tuple[str, ...]] = ("dirt-grid", "l-shapes", "zigzags")
    play_surface: ClassVar[str] = "groups"

    @classmethod
    def make(cls) -> SpringCleaningGame:
        """The game, with its name, title, summary and source."""
        return cls(
            name="spring-cleaning",
            title="Spring Cleaning",
            summary=(
                "Dirt pieces on a grid; a sweep removes a maximal run of consecutive pieces in one row or one column "
                "(a piece alone in its row or column is such a run); a player with no sweep loses."
            ),
            source=(
                "the blog posts 'Spring Cleaning I' (rules, the rectangle rule) and 'Spring Cleaning II' "
                "(L-shapes, zigzags, Couples are Forever)"
            ),
        )

    def check(self, position: object) -> tuple[str, ...]:
        """A grid as a tuple of rows (strings of ``#`` and ``.``, one length, at most 64 x 64).

        Raises
        ------
        TypeError
            If ``position`` is not a tuple or list of strings.
        ValueError
            If the rows are empty, of different lengths, too many or too
            long, or have other characters.
        """
        if isinstance(position, (str, bytes)) or not isinstance(position, (tuple, list)):
            raise TypeError(f"a Spring Cleaning position is a tuple of rows like ('###', '#..'), got {position!r:.60}")
        if len(position) > MAX_SIDE:
            raise ValueError(f"the position has {len(position):,} rows; at most {MAX_SIDE}")
        if not all(isinstance(row, str) for row in position):
            raise TypeError("the rows of a Spring Cleaning position are strings of '#' and '.'")
        return _check_rows(tuple(position))

    def parse(self, text: str) -> tuple[str, ...]:
        """Read a grid (:func:`parse_grid`)."""
        return parse_grid(text)

    def format(self, position: tuple[str, ...]) -> str:
        """The rows joined by ``/``: ``"###/#../#.."``."""
        return "/".join(self.check(position))

    def start(self) -> tuple[str, ...]:
        """The (5,3)-L of "Spring Cleaning II" (:func:`l_shape`)."""
        return parse_grid(l_shape(5, 3))

    def pieces(self, position: tuple[str, ...]) -> int:
        """The number of dirt pieces."""
        return sum(row.count("#") for row in self.check(position))

    def moves(self, position: tuple[str, ...]) -> list[tuple[str, tuple[str, ...]]]:
        """Every sweep: rows' runs (``"sweep row 1, columns 1-5"``), columns' runs, then lone pieces.

        A run of two or more pieces is listed once, in its row or its
        column; a single piece with no neighbour in its row or in its column
        (``"sweep the piece at row 2, column 3"``) once.  Rows and columns
        count from 1 at the top left.

        Raises
        ------
        TypeError, ValueError
            If ``position`` is not a position.
        """
        rows = self.check(position)
        mask, stride = _mask(rows)
        return [(text, _rows(mask & ~run, stride, len(rows))) for text, run in _sweeps(mask, stride)]

    # -- values ------------------------------------------------------------------------

    def _group_cells(self, rows: tuple[str, ...]) -> list[tuple[np.ndarray, np.ndarray]]:
        mask, stride = _mask(rows)
        found = [_cells(group, stride) for group in _groups(mask, stride)]
        for cells in found:
            _check_box(cells)
        return found

    def _known(self, groups: list[tuple[np.ndarray, np.ndarray]], found: dict[bytes, int]) -> list[tuple[bytes, tuple]]:
        """The groups whose values are neither in ``found`` nor kept (each once); fills ``found`` with the kept ones."""
        table = self.memo.get("table")
        unknown: dict[bytes, tuple] = {}
        for cells in groups:
            key = _key_bytes(cells)
            if key in found or key in unknown:
                continue
            rule = _full_rectangle_value(cells)
            if rule is not None:  # the rectangle rule: no search
                found[key] = rule
                continue
            if table is not None:
                with _TABLE_LOCK:
                    gid = table.group_id(cells, add=False)
                    value = int(table.vals[gid]) if gid >= 0 else _UNKNOWN
                if value >= 0:
                    found[key] = value
                    continue
            unknown[key] = cells
        return list(unknown.items())

    def value_cost(self, position: tuple[str, ...]) -> Cost:
        """Estimate :meth:`value` from the sizes of its groups not valued yet (see the module constants).

        Each group of k pieces: at most ``8 * 2**(k/2) + 1`` groups reached,
        ``30 k²`` ns and 700 bytes each (a group of 30 pieces: about 7 s,
        whatever its shape; the costliest found, tree-shaped, reaches 95,132
        groups in about 1 to 2 s).  Nothing for groups already valued and
        kept, nor for full rectangles (:func:`rectangle_value`).

        Raises
        ------
        TypeError, ValueError
            If ``position`` is not a position, or a group does not fit in
            1024 squares of its rows and columns.
        """
        unknown = self._known(self._group_cells(self.check(position)), {})
        sizes = [int(cells[0].shape[0]) for _, cells in unknown]
        what = (
            f"the Grundy values of {len(sizes):,} group{'s' if len(sizes) != 1 else ''} of dirt in Spring Cleaning "
            f"(the largest of {max(sizes, default=0):,} pieces)"
        )
        return _groups_cost(sizes, what)

    def _solve(self, groups: list[tuple[np.ndarray, np.ndarray]], most_new: int, reach: float) -> list[int]:
        """Values of ``groups`` (kept in the table), by a search estimated to reach at most ``reach`` groups.

        A search of at most :data:`~.spring_cleaning_kernel.PYTHON_MAX_GROUPS`
        runs uncompiled while its kernel is not compiled (a fresh install's
        first views); ``most_new`` is the guard of :meth:`values`.
        """
        with _TABLE_LOCK:
            table = self.memo.get("table") or _Table()
            ids = [table.group_id(cells, add=True) for cells in groups]
            finished = table.solve(ids, most_new, small=reach <= PYTHON_MAX_GROUPS)
            values = [int(table.vals[i]) for i in ids]
            keep = _HOLDING[0] > 0 or int(table.count[0]) <= KEPT_GROUPS
            self.memo.replace("table", table if keep else None)
        if not finished:
            raise ValueError(
                f"the groups of this position reach more than {most_new:,} other groups, beyond the estimate of "
                "their work (a shape costlier than any measured); choose a position with fewer pieces per group"
            )
        return values

    @contextlib.contextmanager
    def holding_groups(self) -> Iterator[None]:
        """Keep every group valued inside the block, however many, and drop the table after if it is too large.

        Outside such a block a table of more than :data:`KEPT_GROUPS` groups
        is dropped after each call, so one command that values a position,
        its groups and every move's result (``spring-cleaning --position``)
        would search a large group again for each (a group of 35 pieces:
        1.3 million groups, three searches or more).
        """
        with _TABLE_LOCK:
            _HOLDING[0] += 1
        try:
            yield
        finally:
            with _TABLE_LOCK:
                _HOLDING[0] -= 1
                table = self.memo.get("table")
                if not _HOLDING[0] and table is not None and int(table.count[0]) > KEPT_GROUPS:
                    self.memo.replace("table", None)

    def value(self, position: tuple[str, ...], *, max_seconds: float | None = None) -> int:
        """The Grundy value: the XOR of the groups' values (see the module docstring)."""
        return self.values([position], max_seconds=max_seconds)[0]

    def values(self, positions: Sequence[tuple[str, ...]], *, max_seconds: float | None = None) -> list[int]:
        """:meth:`value` of several positions, the one with the most pieces first.

        The groups of each position not valued yet are solved together, after
        a check of their estimate (:meth:`value_cost`) against the limits; the
        positions of a tree or of the moves of a position are mostly reached
        from the first one, so their groups are valued by then.
        """
        grids = [self.check(p) for p in positions]
        groups_of = [self._group_cells(rows) for rows in grids]
        found: dict[bytes, int] = {}
        for i in sorted(range(len(grids)), key=lambda i: -sum(int(c[0].shape[0]) for c in groups_of[i])):
            unknown = self._known(groups_of[i], found)
            if not unknown:
                continue
            sizes = [int(cells[0].shape[0]) for _, cells in unknown]
            cost = _groups_cost(
                sizes, f"the Grundy values of a Spring Cleaning position ({max(sizes):,} pieces in its largest group)"
            )
            check_work(cost, "choose a position with fewer dirt pieces per group", max_seconds)
            reach = sum(min(_reach(k), 1e15) for k in sizes)
            most_new = GUARD_FACTOR * int(reach) + GUARD_SLACK
            solved = self._solve([cells for _, cells in unknown], most_new, reach)
            for (key, _), value in zip(unknown, solved, strict=True):
                found[key] = value
        totals = []
        for groups in groups_of:
            total = 0
            for cells in groups:
                total ^= found[_key_bytes(cells)]
            totals.append(total)
        return totals

    def parts(self, position: tuple[str, ...], *, max_seconds: float | None = None) -> list[dict]:
        """The position's groups: ``{"position": its rows cut to its box, "pieces", "value"}``, top to bottom.

        Raises
        ------
        TypeError, ValueError
            As :meth:`value`.
        """
        rows = self.check(position)
        mask, stride = _mask(rows)
        texts = []
        for group in _groups(mask, stride):
            grid = _rows(group, stride, len(rows))
            used = [r for r, row in enumerate(grid) if "#" in row]
            cols = [c for c in range(stride - 1) if any(row[c] == "#" for row in grid)]
            texts.append(tuple(grid[r][cols[0] : cols[-1] + 1] for r in range(used[0], used[-1] + 1)))
        values = self.values(texts, max_seconds=max_seconds)
        return [
            {"position": "/".join(t), "pieces": sum(r.count("#") for r in t), "value": v}
            for t, v in zip(texts, values, strict=True)
        ]

    # -- remoteness ----------------------------------------------------------------------

    def remoteness_cost(self, position: tuple[str, ...]) -> Cost:
        """A search over the positions reachable: at most ``2**pieces``, each with at most 2 sweeps per piece, 5 us each.

        Plus :meth:`value_cost` (every reachable group is valued first).
        """
        rows = self.check(position)
        pieces = self.pieces(rows)
        what = f"the remoteness of a Spring Cleaning position of {pieces:,} pieces"
        if pieces > MAX_SEARCH_PIECES:
            return Cost(math.inf, 10**40, what)
        states = 1 << pieces
        search = Cost(states * max(1, 2 * pieces) * SEARCH_SECONDS_PER_MOVE, states * SEARCH_BYTES_PER_POSITION, what)
        return search + self.value_cost(rows)

    def remoteness(self, position: tuple[str, ...], *, max_seconds: float | None = None) -> int:
        """Exact remoteness by a memoised search (:meth:`ImpartialGame.remoteness`)."""
        return self.remotenesses([position], max_seconds=max_seconds)[0]

    def remotenesses(self, positions: Sequence[tuple[str, ...]], *, max_seconds: float | None = None) -> list[int]:
        """:meth:`remoteness` of several positions, in one search over the dirt left (bit masks).

        Raises
        ------
        ValueError
            If the search (:meth:`remoteness_cost`, for the position with
            the most pieces) is beyond the limits.
        """
        grids = [self.check(p) for p in positions]
        if not grids:
            return []
        largest = max(grids, key=self.pieces)
        check_work(self.remoteness_cost(largest), "choose a position with fewer dirt pieces", max_seconds)
        self.values(grids, max_seconds=max_seconds)  # every group reachable is valued and kept now
        found = []
        for rows in grids:
            mask, stride = _mask(rows)
            height = len(rows)
            verdict: dict[int, bool] = {}

            def is_p(m: int, stride: int = stride, height: int = height, verdict: dict[int, bool] = verdict) -> bool:
                if m not in verdict:
                    verdict[m] = self.value(_rows(m, stride, height)) == 0
                return verdict[m]

            def children(m: int, stride: int = stride) -> list[int]:
                return [m & ~run for _, run in _sweeps(m, stride)]

            found.append(search_remoteness([mask], children, is_p)[0])
        return found


def rectangle_value(height: int, width: int) -> int:
    """The Grundy value of a full rectangle of dirt, by the source's rectangle rule ("Spring Cleaning I").

    1 when both sides are odd, 0 when both are even, 2 otherwise.  A full
    rectangle (a group whose pieces fill its rows and columns) is valued by
    this rule, with no search, so a rectangle of any size the game takes is
    valued at once; the tests check the rule against the kernel's search and
    the brute force on every rectangle up to 4 x 4.

    Raises
    ------
    ValueError
        If a side is not a whole number of at least 1.
    """
    height = check_integer(height, "the height", least=1)
    width = check_integer(width, "the width", least=1)
    if height % 2 and width % 2:
        return 1
    return 0 if height % 2 == 0 and width % 2 == 0 else 2


def _full_rectangle_value(cells: tuple[np.ndarray, np.ndarray]) -> int | None:
    """:func:`rectangle_value` when the group's pieces fill their bounding box, else None."""
    rows, cols = cells
    if rows.shape[0] == 0:
        return None
    height = int(rows.max()) - int(rows.min()) + 1
    width = int(cols.max()) - int(cols.min()) + 1
    return rectangle_value(height, width) if height * width == rows.shape[0] else None


def _key_bytes(cells: tuple[np.ndarray, np.ndarray]) -> bytes:
    return canonical_key(*cells).tobytes()


# ---------------------------------------------------------------------------
# The source's shapes: L-shapes, zigzags, and Couples are Forever
# ---------------------------------------------------------------------------


def l_shape(a: int, b: int) -> str:
    """The (a,b)-L of "Spring Cleaning II" as grid text: a pieces along the top row, b down the left column.

    Both legs count the shared corner, so the L has ``a + b - 1`` pieces;
    the (5,3)-L is ``"#####/#..../#...."``.

    Parameters
    ----------
    a, b : int
        The legs, ``1 <= a, b <= 32`` (a = b = 1 is a single piece).

    Raises
    ------
    TypeError
        If an argument is not an integer.
    ValueError
        If an argument is out of range.
    """
    a = check_integer(a, "the leg a (pieces along the top row)", least=1, most=MAX_LEG)
    b = check_integer(b, "the leg b (pieces down the left column)", least=1, most=MAX_LEG)
    return "/".join(["#" * a] + ["#" + "." * (a - 1)] * (b - 1))


def _shape_value(text: str, reach: int, max_seconds: float | None) -> int:
    """Value of one of the source's shapes, whose reachable groups are known to be at most ``reach``."""
    game = SPRING_CLEANING
    rows = parse_grid(text)
    groups = game._group_cells(rows)
    pieces = sum(int(c[0].shape[0]) for c in groups)
    cost = Cost(
        reach * pieces * pieces * SECONDS_PER_GROUP_PIECE2 + 1e-4,
        reach * BYTES_PER_GROUP + 50_000,
        f"the Grundy value of a shape of {pieces} pieces ({reach:,} groups at most)",
    )
    check_work(cost, "choose a smaller shape", max_seconds)
    values = game._solve(groups, GUARD_FACTOR * reach + GUARD_SLACK, reach)
    total = 0
    for v in values:
        total ^= v
    return total


def l_shape_value(a: int, b: int, *, max_seconds: float | None = None) -> int:
    """The Grundy value of the (a,b)-L (:func:`l_shape`), by the game's kernel.

    Every sweep of an L leaves L's and straight bars (a whole leg, or a
    piece of a leg, which is a run of one across the leg), so at most
    ``a b + a + b`` groups are reached.

    Raises
    ------
    TypeError, ValueError
        If a leg is out of range (1 to 32) or the work is beyond ``max_seconds``.
    """
    text = l_shape(a, b)
    return _shape_value(text, a * b + a + b + 2, max_seconds)


def l_shape_table(largest: int = 6, smallest: int = 2, *, max_seconds: float | None = None) -> list[list[int]]:
    """The values of the L-shapes with legs ``smallest..largest``: entry ``[a - smallest][b - smallest]`` is the (a,b)-L.

    The source's table ("Spring Cleaning II") has legs 2..6, rows a and
    columns b; it prints 4 at (2,4) where the computation gives 3 (and the
    (4,2)-L, the same shape turned over, has 3 in the source too).

    Raises
    ------
    TypeError, ValueError
        If a bound is out of range (``1 <= smallest <= largest <= 32``) or
        the work is beyond ``max_seconds``.
    """
    smallest = check_integer(smallest, "the smallest leg", least=1, most=MAX_LEG)
    largest = check_integer(largest, "the largest leg", least=smallest, most=MAX_LEG)
    legs = range(smallest, largest + 1)
    return [[l_shape_value(a, b, max_seconds=max_seconds) for b in legs] for a in legs]


def zigzag(n: int) -> str:
    """The zigzag Z(n) as grid text: the staircase of n pieces, a step right, a step down, a step right, ...

    Piece ``i`` (from 0) is at row ``i // 2``, column ``(i + 1) // 2``:
    Z(5) is ``"##./.##/..#"``.  Its maximal runs are the pairs of
    neighbours and the two end pieces alone (an end piece has no neighbour
    across), so Spring Cleaning on Z(n) is the octal game 0.37 on a heap of
    n, and Couples are Forever on a pile of n + 2.

    Parameters
    ----------
    n : int
        Pieces, ``1 <= n <= 63`` (the staircase fits in 1024 squares).

    Raises
    ------
    TypeError
        If ``n`` is not an integer.
    ValueError
        If ``n`` is out of range.
    """
    n = check_integer(n, "the number of pieces of the zigzag", least=1, most=MAX_ZIGZAG)
    height = (n + 1) // 2
    width = n // 2 + 1
    grid = [["."] * width for _ in range(height)]
    for i in range(n):
        grid[i // 2][(i + 1) // 2] = "#"
    return "/".join("".join(row) for row in grid)


def zigzag_values(n: int, *, max_seconds: float | None = None) -> list[int]:
    """The Grundy values of the zigzags Z(1..n) (:func:`zigzag`), by the game's kernel from the rules.

    Returns
    -------
    list of int
        Entry ``i`` is Z(i + 1): 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4, ...,
        which is Couples are Forever on piles of 3, 4, 5, ...
        (:func:`solver.impartial.couples.couples_values`).  The source's table, 0 0 1 2 0 1 2 3 1
        2 3 4 0 3 4 for "Z(1)" to "Z(15)", is Couples are Forever on piles of
        1 to 15: its entry n is the zigzag of n − 2 pieces.

    Raises
    ------
    TypeError, ValueError
        If ``n`` is out of range (1 to 63) or the work is beyond ``max_seconds``.

    Notes
    -----
    Every group reached from a zigzag is a shorter zigzag (a sweep takes
    two neighbours or an end piece), so the work is about n groups of
    n moves each.
    """
    n = check_integer(n, "the number of zigzags", least=1, most=MAX_ZIGZAG)
    return [_shape_value(zigzag(m), m + 2, max_seconds) for m in range(1, n + 1)]


#: The game (the registry's ``spring-cleaning``): its kept table of groups serves every caller.
SPRING_CLEANING = SpringCleaningGame.make()
