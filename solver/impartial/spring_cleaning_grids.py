"""Positions of Spring Cleaning: grids as text, bit masks, 4-connected groups, sweeps.

Grids are rows of ``#`` and ``.`` joined by ``/``; the estimate of the groups'
work is here too.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..costs import Cost
from ..parsing import describe_text
from .game import MAX_TEXT
from .spring_cleaning_kernel import MAX_BOX

__all__ = [
    "parse_grid",
    "sweeps",
]


#: Most rows and most columns of a position.
MAX_SIDE = 64

# Cost model (benchmarks/spring_cleaning_reach.py and impartial_games.py, reference machine, rounded
# up): the groups reached from a group of k pieces, at most REACH_FACTOR * 2**(k/2) (the most found
# over 2,200 random groups of 10 to 30 pieces was 4.04 * 2**(k/2), at k = 26; at k = 30, 95,132
# groups, 2.9 * 2**15: tree-shaped groups with many short branches), and the seconds per reached
# group and per square of the root's pieces (about k moves, each searching about k squares).
REACH_FACTOR = 8.0
SECONDS_PER_GROUP_PIECE2 = 30e-9
BYTES_PER_GROUP = 700
_HOW = "write rows of '#' (dirt) and '.' (clean), top row first, joined by '/' (e.g. ###/#../#..)"


# ---------------------------------------------------------------------------
# Positions: grids, masks, groups, sweeps
# ---------------------------------------------------------------------------


def parse_grid(text: str) -> tuple[str, ...]:
    """Read a Spring Cleaning position: rows of ``#`` (dirt) and ``.`` (clean), top row first, joined by ``/``.

    Parameters
    ----------
    text : str
        ``"###/#../#.."``; spaces around the text are ignored.

    Returns
    -------
    tuple of str
        The rows.

    Raises
    ------
    TypeError
        If ``text`` is not a string.
    ValueError
        If the text is empty, has characters other than ``#``, ``.`` and
        ``/``, rows of different lengths or empty rows, or more than 64
        rows or columns.
    """
    if not isinstance(text, str):
        raise TypeError(f"a Spring Cleaning position must be text like '###/#../#..', got {text!r:.60}")
    if len(text) > MAX_TEXT:
        raise ValueError(f"the position has {len(text):,} characters, more than {MAX_TEXT:,}; {_HOW}")
    stripped = text.strip()
    if not stripped:
        raise ValueError(f"the position is empty; {_HOW}")
    bad = sorted(set(stripped) - set("#./"))
    if bad:
        raise ValueError(f"the position {describe_text(stripped)} has the characters {''.join(bad)[:10]!r}; {_HOW}")
    return _check_rows(tuple(stripped.split("/")))


def _check_rows(rows: tuple[str, ...]) -> tuple[str, ...]:
    if not rows or any(not row for row in rows):
        raise ValueError(f"a position has rows of at least one square; {_HOW}")
    width = len(rows[0])
    if any(len(row) != width for row in rows):
        raise ValueError(
            f"the rows of the position must have one length (got {sorted({len(r) for r in rows})}); {_HOW}"
        )
    if len(rows) > MAX_SIDE or width > MAX_SIDE:
        raise ValueError(
            f"the position has {len(rows)} {'row' if len(rows) == 1 else 'rows'} of {width} "
            f"{'square' if width == 1 else 'squares'}; at most {MAX_SIDE} rows and {MAX_SIDE} columns"
        )
    for row in rows:
        if set(row) - set("#."):
            raise ValueError(f"a row {describe_text(row)} has characters other than '#' and '.'; {_HOW}")
    return rows


def _mask(rows: tuple[str, ...]) -> tuple[int, int]:
    """The dirt as bits ``r * stride + c``, stride = columns + 1 (a clean column between rows)."""
    stride = len(rows[0]) + 1
    mask = 0
    for r, row in enumerate(rows):
        bits = row[::-1].replace("#", "1").replace(".", "0")
        mask |= int(bits, 2) << (r * stride)
    return mask, stride


def _rows(mask: int, stride: int, height: int) -> tuple[str, ...]:
    width = stride - 1
    full = (1 << width) - 1
    return tuple(
        format((mask >> (r * stride)) & full, f"0{width}b")[::-1].replace("1", "#").replace("0", ".")
        for r in range(height)
    )


def _groups(mask: int, stride: int) -> list[int]:
    """The 4-connected groups of the dirt, as masks (flood fill by shifts; the clean column stops wrapping)."""
    found = []
    while mask:
        group = mask & -mask
        while True:
            grown = (group | (group << 1) | (group >> 1) | (group << stride) | (group >> stride)) & mask
            if grown == group:
                break
            group = grown
        found.append(group)
        mask &= ~group
    return found


def _cells(group: int, stride: int) -> tuple[np.ndarray, np.ndarray]:
    bits = [i for i in range(group.bit_length()) if (group >> i) & 1]
    index = np.array(bits, np.int64)
    return index // stride, index % stride


def _sweeps(mask: int, stride: int) -> list[tuple[str, int]]:
    """Every sweep: ``(text, the pieces it removes)``; rows' runs, columns' runs, then lone pieces, each once."""
    found: list[tuple[str, int]] = []
    x = mask
    while x:  # the maximal runs of the rows: the blocks of ones (the clean column ends each row)
        low = x & -x
        block = x & ~(x + low)
        x ^= block
        if block & (block >> 1):
            first = low.bit_length() - 1
            r, c = divmod(first, stride)
            found.append((f"sweep row {r + 1}, columns {c + 1}-{c + block.bit_count()}", block))
    columns = []
    starts = mask & ~(mask << stride) & (mask >> stride)  # tops of the columns' runs of two or more
    while starts:
        low = starts & -starts
        starts ^= low
        run = low
        below = low << stride
        while below & mask:
            run |= below
            below <<= stride
        r, c = divmod(low.bit_length() - 1, stride)
        columns.append((c, r, run))
    for c, r, run in sorted(columns):
        found.append((f"sweep column {c + 1}, rows {r + 1}-{r + run.bit_count()}", run))
    across = ((mask << 1) | (mask >> 1)) & mask
    down = ((mask << stride) | (mask >> stride)) & mask
    lone = mask & ~(across & down)  # no neighbour in its row, or none in its column: a run of one
    while lone:
        low = lone & -lone
        lone ^= low
        r, c = divmod(low.bit_length() - 1, stride)
        found.append((f"sweep the piece at row {r + 1}, column {c + 1}", low))
    return found


def _reach(pieces: int) -> float:
    """The estimated most groups reached from a group of this many pieces."""
    return REACH_FACTOR * 2.0 ** (pieces / 2) + 1


def _groups_cost(sizes: Sequence[int], what: str) -> Cost:
    seconds = 0.0
    memory = 0
    for k in sizes:
        reach = _reach(k)
        seconds += reach * k * k * SECONDS_PER_GROUP_PIECE2
        memory += int(min(reach, 1e30)) * BYTES_PER_GROUP
    return Cost(seconds, memory + 50_000, what)


def _check_box(cells: tuple[np.ndarray, np.ndarray]) -> None:
    rows, cols = cells
    h = int(rows.max() - rows.min()) + 1
    w = int(cols.max() - cols.min()) + 1
    if h * w > MAX_BOX:
        raise ValueError(
            f"a connected group of {rows.shape[0]:,} dirt pieces spans {h} rows and {w} columns ({h * w:,} squares); "
            f"groups are solved when they fit in {MAX_BOX:,} squares of their rows and columns"
        )


def sweeps(rows: tuple[str, ...]) -> list[tuple[str, tuple[str, ...], tuple[tuple[int, int], ...]]]:
    """Every sweep of a grid with the pieces it removes, in the order of ``SpringCleaningGame.moves``.

    Parameters
    ----------
    rows : tuple of str
        A checked grid (``#`` dirt, ``.`` clean), rows of equal length.

    Returns
    -------
    list of (str, tuple of str, tuple of (int, int))
        ``(text, the grid left, the cells swept)``; cells are ``(row, column)``
        from 0 at the top left, in increasing order.
    """
    mask, stride = _mask(rows)
    found = []
    for text, run in _sweeps(mask, stride):
        r, c = _cells(run, stride)
        found.append((text, _rows(mask & ~run, stride, len(rows)), tuple(zip(r.tolist(), c.tolist(), strict=True))))
    return found
