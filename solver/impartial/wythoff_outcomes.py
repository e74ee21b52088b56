"""Outcomes of Wythoff's game and Euclid's game: the tables, the sieve, the Beatty pairs.

The games' rules, Wythoff's sieve and Beatty pairs and Euclid's theorem are in
:mod:`solver.impartial.wythoff`'s docstring.

Outcome arrays are ``uint8``: 1 = W (N-position, the player to move wins),
0 = L (P-position).  Numba kernels (prefixed ``_``) are unchecked; the public
functions check their arguments and refuse work beyond a time limit or the
memory this machine can give (:func:`solver.costs.check_cost`).
"""

from __future__ import annotations

import dataclasses
import math

import numba
import numpy as np

from ..costs import Cost
from ..text import format_count
from ..uncompiled import choose
from ..validation import check_integer
from .game import check_work

__all__ = [
    "wythoff_outcomes",
    "wythoff_pairs",
    "beatty_pairs",
    "SieveStep",
    "sieve_steps",
    "euclid_outcomes",
    "euclid_is_win",
    "outcomes_cost",
]


#: Most pairs :func:`wythoff_pairs` and :func:`beatty_pairs` compute (int64-exact far beyond).
MAX_PAIRS = 10**7
#: The largest tables run uncompiled while their kernels are not compiled (:func:`solver.uncompiled.choose`):
#: outcomes of sides up to 1,000 (0.15 s in Python) and up to 100,000 pairs of the sieve (0.04 s).
PYTHON_MAX_SIZE = 1_000
PYTHON_MAX_PAIRS = 100_000
#: Most steps :func:`sieve_steps` records.
MAX_STEPS = 10**5
#: Most numbers a step of :func:`sieve_steps` lists.
MAX_WINDOW = 1000

# Cost model (benchmarks/impartial_games.py, reference machine): seconds per cell of a table.
_SECONDS_PER_CELL = 1e-9


# ---------------------------------------------------------------------------
# Costs
# ---------------------------------------------------------------------------


def outcomes_cost(size: int, game: str = "Wythoff's game") -> Cost:
    """Estimate the time and memory of :func:`wythoff_outcomes` or :func:`euclid_outcomes`.

    Parameters
    ----------
    size : int
        Side of the table, ``>= 0`` (any size).
    game : str, optional
        Name of the game, for messages.

    Returns
    -------
    Cost
        One byte per cell of the ``size x size`` table (plus the marker
        arrays); time linear in the cells.

    Raises
    ------
    TypeError
        If ``size`` is not an integer.
    ValueError
        If ``size < 0``.
    """
    size = check_integer(size, "the size of the table", least=0)
    cells = size * size
    try:
        seconds = float(cells) * _SECONDS_PER_CELL
    except OverflowError:  # beyond a float: a side of 10**400
        seconds = math.inf
    side = format_count(size)
    return Cost(seconds, cells + 4 * size, f"the outcomes of {game} for a {side} x {side} table")


def _check_size(size: object, game: str, max_seconds: float | None) -> int:
    size = check_integer(size, "the size of the table", least=0)
    cost = outcomes_cost(size, game)
    side = math.isqrt(min(cost.bytes, 1 << 31))
    check_work(cost, f"reduce the size (at most about {side:,})", max_seconds)
    return size


# ---------------------------------------------------------------------------
# Wythoff's game
# ---------------------------------------------------------------------------


@numba.njit(cache=True)
def _wythoff_kernel(size: int) -> np.ndarray:  # pragma: no cover - numba
    """Outcomes of (a, b), 0 <= a, b < size, in one pass (numba; unchecked).

    Row-major order visits every option of (a, b) before it: (a', b) with
    a' < a, (a, b') with b' < b, (a - k, b - k).  A position is L exactly
    when no L lies before it in its row, its column or its diagonal; three
    marker arrays record which rows, columns and diagonals already hold one.
    """
    out = np.ones((size, size), np.uint8)
    row = np.zeros(size, np.bool_)
    col = np.zeros(size, np.bool_)
    diag = np.zeros(2 * size + 1, np.bool_)  # index b - a + size
    for a in range(size):
        for b in range(size):
            d = b - a + size
            if not (row[a] or col[b] or diag[d]):
                out[a, b] = 0
                row[a] = True
                col[b] = True
                diag[d] = True
    return out


def wythoff_outcomes(size: int, *, max_seconds: float | None = None) -> np.ndarray:
    """Outcomes of the positions ``(a, b)``, ``0 <= a, b < size``, of Wythoff's game.

    Parameters
    ----------
    size : int
        Side of the table, ``>= 0``.
    max_seconds : float, optional
        Refuse work estimated above this many seconds (default
        ``config.IMPARTIAL_MAX_SECONDS``, 60).

    Returns
    -------
    numpy.ndarray
        uint8, shape ``(size, size)``: entry ``[a, b]`` is 1 when ``(a, b)``
        is an N-position (W: the player to move wins), 0 when it is a
        P-position (L).

    Raises
    ------
    TypeError
        If ``size`` is not an integer.
    ValueError
        If ``size < 0`` or the table is beyond the limits (:func:`outcomes_cost`).

    Notes
    -----
    The sieve of "Sieves and Wythoff's Nim": one pass, O(size²).
    """
    size = _check_size(size, "Wythoff's game", max_seconds)
    return choose(_wythoff_kernel, (size,), small=size <= PYTHON_MAX_SIZE)(size)


@numba.njit(cache=True)
def _sieve_kernel(count: int) -> np.ndarray:  # pragma: no cover - numba
    """(a(n), b(n)) for n = 1..count by the sieve (numba; unchecked)."""
    used = np.zeros(3 * count + 3, np.bool_)  # b(n) = floor(n φ²) < 2.62 n + 1
    out = np.empty((count, 2), np.int64)
    a = 1
    for n in range(1, count + 1):
        while used[a]:
            a += 1
        out[n - 1, 0] = a
        out[n - 1, 1] = a + n
        used[a] = True
        used[a + n] = True
    return out


def wythoff_pairs(count: int) -> np.ndarray:
    """The P-positions ``(a(n), b(n))``, ``n = 1..count``, of Wythoff's game, by the sieve.

    Parameters
    ----------
    count : int
        Number of pairs, ``0 <= count <= 10**7``.

    Returns
    -------
    numpy.ndarray
        int64, shape ``(count, 2)``: row ``n - 1`` is ``(a(n), b(n))`` where
        ``a(n)`` is the smallest positive integer not among the earlier a's
        and b's (the mex) and ``b(n) = a(n) + n``: (1, 2), (3, 5), (4, 7),
        ...  The pair of ``n = 0`` is ``(0, 0)``, not listed.

    Raises
    ------
    TypeError
        If ``count`` is not an integer.
    ValueError
        If ``count`` is out of range.

    Notes
    -----
    "Sieves and Wythoff's Nim": in step n the first number a left in the list
    is declared good and a + n bad.
    """
    count = check_integer(count, "the number of pairs", least=0, most=MAX_PAIRS)
    return choose(_sieve_kernel, (count,), small=count <= PYTHON_MAX_PAIRS)(count)


def beatty_pairs(count: int) -> np.ndarray:
    """The Beatty pairs ``(floor(n φ), floor(n φ²))``, ``n = 1..count``, computed exactly.

    Parameters
    ----------
    count : int
        Number of pairs, ``0 <= count <= 10**7``.

    Returns
    -------
    numpy.ndarray
        int64, shape ``(count, 2)``.

    Raises
    ------
    TypeError
        If ``count`` is not an integer.
    ValueError
        If ``count`` is out of range.

    Notes
    -----
    Integers only: ``n φ = (n + √(5 n²)) / 2`` and, √(5 n²) being irrational
    for ``n >= 1``, ``floor(n φ) = (n + isqrt(5 n²)) // 2``; ``floor(n φ²) =
    floor(n φ) + n``.  The integer square root is a float estimate corrected
    with exact int64 comparisons (``5 n² < 2**63`` for every accepted n),
    equal to :func:`math.isqrt`.
    """
    count = check_integer(count, "the number of pairs", least=0, most=MAX_PAIRS)
    n = np.arange(1, count + 1, dtype=np.int64)
    square = 5 * n * n
    root = np.floor(np.sqrt(square.astype(np.float64))).astype(np.int64)
    while (too_big := root * root > square).any():
        root -= too_big
    while (too_small := (root + 1) * (root + 1) <= square).any():
        root += too_small
    a = (n + root) // 2
    return np.stack([a, a + n], axis=1)


@dataclasses.dataclass(frozen=True)
class SieveStep:
    """One step of the sieve (see :func:`sieve_steps`).

    Attributes
    ----------
    n : int
        The step, ``n >= 1``.
    good : int
        ``a(n)``: the first number left in the list, declared good.
    bad : int
        ``b(n) = a(n) + n``: struck from the list.
    before : tuple of int
        The first numbers left in the list before the step (``before[0]`` is
        ``good``); ``bad`` is among them when the window reaches it.
    """

    n: int
    good: int
    bad: int
    before: tuple[int, ...]


def sieve_steps(count: int, window: int = 12) -> list[SieveStep]:
    """Record the steps of the Wythoff sieve, for a step-through view.

    Parameters
    ----------
    count : int
        Number of steps, ``0 <= count <= 10**5``.
    window : int, optional
        How many numbers of the list each step shows (``1..1000``, default 12).

    Returns
    -------
    list of SieveStep
        Step ``n = 1..count``: the list starts as 1, 2, 3, ...; in step n its
        first number ``a`` is declared good (``a(n)``) and ``a + n`` bad
        (``b(n)``, struck).

    Raises
    ------
    TypeError
        If an argument is not an integer.
    ValueError
        If an argument is out of range.

    Notes
    -----
    The sieve of "Sieves and Wythoff's Nim".
    """
    count = check_integer(count, "the number of steps", least=0, most=MAX_STEPS)
    window = check_integer(window, "the window", least=1, most=MAX_WINDOW)
    used = bytearray(3 * count + window + 3)
    steps = []
    first = 1
    for n in range(1, count + 1):
        while used[first]:
            first += 1
        before: list[int] = []
        x = first
        while len(before) < window:
            if not used[x]:
                before.append(x)
            x += 1
        steps.append(SieveStep(n=n, good=first, bad=first + n, before=tuple(before)))
        used[first] = 1
        used[first + n] = 1
    return steps


# ---------------------------------------------------------------------------
# Euclid's game
# ---------------------------------------------------------------------------


def _check_pair(a: object, b: object) -> tuple[int, int]:
    a = check_integer(a, "the first number of the pair")
    b = check_integer(b, "the second number of the pair")
    if a < 0 or b < 0:
        raise ValueError(
            f"Euclid's game is played on a pair of non-negative integers; ({a}, {b}) is a pair with a negative entry"
        )
    return a, b


def euclid_is_win(a: int, b: int) -> bool:
    """Whether the player to move wins Euclid's game from ``(a, b)``, exactly for any size.

    Parameters
    ----------
    a, b : int
        The pair, each ``>= 0`` (Python ints of any size).

    Returns
    -------
    bool
        True for an N-position (W).  A pair with a zero entry is the end of
        the game: the player to move has no move and loses (False).

    Raises
    ------
    TypeError
        If ``a`` or ``b`` is not an integer.
    ValueError
        If ``a`` or ``b`` is negative.

    Notes
    -----
    Theorem of "Euclid's Game" (Cole and Davie 1969): with ``0 < a <= b``,
    the player to move wins exactly when ``b / a`` is an integer or
    ``b / a > φ``.  In integers: ``b / a > φ = (1 + √5) / 2`` exactly when
    ``2b - a > a √5``, i.e. (both sides positive) ``(2b - a)² > 5 a²``.
    """
    a, b = _check_pair(a, b)
    low, high = min(a, b), max(a, b)
    if low == 0:
        return False
    if high % low == 0:
        return True
    return (2 * high - low) ** 2 > 5 * low * low


@numba.njit(cache=True)
def _euclid_kernel(size: int) -> np.ndarray:  # pragma: no cover - numba
    """Outcomes of (a, b), 0 <= a, b < size, by the theorem (numba; unchecked, size <= 2**20)."""
    out = np.zeros((size, size), np.uint8)
    for a in range(1, size):
        for b in range(a, size):
            if b % a == 0 or (2 * b - a) * (2 * b - a) > 5 * a * a:
                out[a, b] = 1
                out[b, a] = 1
    return out


def euclid_outcomes(size: int, *, max_seconds: float | None = None) -> np.ndarray:
    """Outcomes of the pairs ``(a, b)``, ``0 <= a, b < size``, of Euclid's game.

    Parameters
    ----------
    size : int
        Side of the table, ``>= 0``.
    max_seconds : float, optional
        Refuse work estimated above this many seconds (default
        ``config.IMPARTIAL_MAX_SECONDS``, 60).

    Returns
    -------
    numpy.ndarray
        uint8, shape ``(size, size)``: entry ``[a, b]`` is 1 when the player
        to move wins from ``(a, b)`` (N-position, W), 0 otherwise (L); row
        and column 0 are 0 (the game is over).  Symmetric.

    Raises
    ------
    TypeError
        If ``size`` is not an integer.
    ValueError
        If ``size < 0`` or the table is beyond the limits (:func:`outcomes_cost`).

    Notes
    -----
    The theorem of :func:`euclid_is_win`, in int64 (exact: the table's limit
    keeps ``(2b)²`` far below ``2**63``).
    """
    size = _check_size(size, "Euclid's game", max_seconds)
    return choose(_euclid_kernel, (size,), small=size <= PYTHON_MAX_SIZE)(size)
