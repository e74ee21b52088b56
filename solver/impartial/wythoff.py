"""Wythoff's game (outcomes, the sieve, the Beatty pairs) and Euclid's game.

Wythoff's game is played on two piles of tokens ``(a, b)``, ``a, b >= 0``.  A
move takes any positive number of tokens from one pile, or the same positive
number from both; the player who cannot move (at ``(0, 0)``) loses.  Its
P-positions are ``(0, 0)`` and the pairs ``(a(n), b(n))``, ``(b(n), a(n))``,
``n >= 1``, where the sieve of "Sieves and Wythoff's Nim" makes ``a(n)`` the
smallest positive integer not yet used and strikes ``b(n) = a(n) + n``; by
Beatty's (Rayleigh's) theorem ``a(n) = floor(n φ)`` and ``b(n) = floor(n φ²)``
with φ = (1 + √5) / 2 the golden ratio (W. A. Wythoff, 1907).

Euclid's game (A. J. Cole and A. J. T. Davie, 1969; "Euclid's Game") is
played on a pair of positive integers ``(a, b)``.  A move takes away from one
number a nonzero multiple of the other, leaving it non-negative; the players
take turns until one number becomes zero, and then the player to move is out
of moves and has lost.  So the player who makes a number zero wins.  Here a
pair with a zero entry is the end of the game: no move, a P-position.
Theorem (same source): with ``0 < a <= b``, the player to move wins exactly
when ``b / a`` is an integer or ``b / a > φ``.

Outcome arrays are ``uint8``: 1 = W (N-position, the player to move wins),
0 = L (P-position).  Numba kernels (prefixed ``_``) are unchecked; the public
functions check their arguments and refuse work beyond a time limit or the
memory this machine can give (:func:`solver.costs.check_cost`).
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Sequence
from typing import ClassVar

import numba
import numpy as np

from ..costs import Cost
from ..text import format_count
from ..validation import check_integer
from .game import MAX_TEXT, ImpartialGame, check_entry, check_work, parse_entry

__all__ = [
    "wythoff_outcomes",
    "wythoff_pairs",
    "beatty_pairs",
    "SieveStep",
    "sieve_steps",
    "euclid_outcomes",
    "euclid_is_win",
    "outcomes_cost",
    "wythoff_is_p",
    "PairGame",
    "WythoffGame",
    "EuclidGame",
]

#: Most pairs :func:`wythoff_pairs` and :func:`beatty_pairs` compute (int64-exact far beyond).
MAX_PAIRS = 10**7
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
    return _wythoff_kernel(size)


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
    return _sieve_kernel(count)


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
    return _euclid_kernel(size)


# ---------------------------------------------------------------------------
# The games
# ---------------------------------------------------------------------------

# Cost models of the value and remoteness kernels (benchmarks/impartial_games.py, reference
# machine, rounded up): seconds per cell of the value table and per word of the bit sets it scans
# (a 3001 x 3001 table: 0.4 s, estimated 1.7 s), and per option of a P-position in the remoteness
# kernel (1.5 ns measured: max(a, b) = 16,180, 1.1e8 options, 0.17 s; 5 ns for a loaded machine).
_SECONDS_PER_WORD = 1e-9
_SECONDS_PER_CELL_VALUE = 5e-9
_SECONDS_PER_OPTION = 5e-9

_PAIR = re.compile(r"\(?(.*?),(.*?)\)?")


def wythoff_is_p(a: int, b: int) -> bool:
    """Whether ``(a, b)`` is a P-position of Wythoff's game, exactly for any size.

    Parameters
    ----------
    a, b : int
        The piles, each ``>= 0`` (Python ints of any size).

    Returns
    -------
    bool
        True for ``(0, 0)`` and the pairs ``(floor(n φ), floor(n φ²))`` in
        either order.

    Raises
    ------
    TypeError
        If ``a`` or ``b`` is not an integer.
    ValueError
        If ``a`` or ``b`` is negative.

    Notes
    -----
    With ``a <= b`` and ``n = b - a``, ``(a, b)`` is a P-position exactly
    when ``a = floor(n φ) = (n + isqrt(5 n²)) // 2`` (Wythoff 1907; the
    Beatty pairs of :func:`beatty_pairs`, ``b(n) - a(n) = n``).
    """
    a = check_integer(a, "the first pile", least=0)
    b = check_integer(b, "the second pile", least=0)
    low, high = min(a, b), max(a, b)
    n = high - low
    return low == (n + math.isqrt(5 * n * n)) // 2


@numba.njit(cache=True)
def _wythoff_grundy_kernel(rows: int, cols: int) -> np.ndarray:  # pragma: no cover - numba
    """Grundy values of (a, b), 0 <= a < rows, 0 <= b < cols (numba; unchecked).

    Row-major order; each row, column and diagonal keeps the bit set of the
    values already in it, and a cell's value is the least bit clear in the
    union of its three sets.  A value is below rows + cols + min(rows, cols):
    the three sets hold at most that many values.
    """
    words = (2 * (rows + cols)) // 64 + 1
    g = np.zeros((rows, cols), np.int64)
    row_bits = np.zeros((rows, words), np.uint64)
    col_bits = np.zeros((cols, words), np.uint64)
    diag_bits = np.zeros((rows + cols, words), np.uint64)  # index b - a + rows
    one = np.uint64(1)
    full = ~np.uint64(0)
    for a in range(rows):
        for b in range(cols):
            d = b - a + rows
            v = 0
            for w in range(words):
                m = row_bits[a, w] | col_bits[b, w] | diag_bits[d, w]
                if m != full:
                    t = 0
                    while (m >> np.uint64(t)) & one:
                        t += 1
                    v = w * 64 + t
                    break
            g[a, b] = v
            w = v // 64
            bit = one << np.uint64(v % 64)
            row_bits[a, w] |= bit
            col_bits[b, w] |= bit
            diag_bits[d, w] |= bit
    return g


@numba.njit(cache=True)
def _wythoff_p_tables(top: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:  # pragma: no cover - numba
    """(a(n), b(n)) for n = 0..top with (a(0), b(0)) = (0, 0), and partner[x] for x = 0..top (numba; unchecked).

    ``partner[x]`` is the y with (x, y) a P-position: every x >= 1 is exactly
    one a(n) or one b(n).
    """
    pairs = _sieve_kernel(top)
    a = np.zeros(top + 1, np.int64)
    b = np.zeros(top + 1, np.int64)
    a[1:] = pairs[:, 0]
    b[1:] = pairs[:, 1]
    partner = np.zeros(top + 1, np.int64)
    for n in range(1, top + 1):
        if a[n] <= top:
            partner[a[n]] = b[n]
        if b[n] <= top:
            partner[b[n]] = a[n]
    return a, b, partner


@numba.njit(cache=True)
def _wythoff_n_remoteness(u: int, v: int, rem_p, a, b, partner) -> int:  # pragma: no cover - numba
    """Remoteness of the N-position (u, v): 1 + the least remoteness of its (at most three) P-options (numba; unchecked)."""
    best = -1
    y = partner[u]
    if y < v:  # the P-position of row u, left of (u, v)
        best = rem_p[abs(y - u)]
    x = partner[v]
    if x < u:  # the P-position of column v, below (u, v)
        r = rem_p[abs(v - x)]
        if best < 0 or r < best:
            best = r
    d = v - u
    if d > 0:
        ok = a[d] < u
    elif d < 0:
        ok = b[-d] < u
    else:
        ok = u > 0
    if ok:  # the P-position on the diagonal of (u, v)
        r = rem_p[abs(d)]
        if best < 0 or r < best:
            best = r
    return 1 + best


@numba.njit(cache=True)
def _wythoff_remoteness_kernel(top: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:  # pragma: no cover
    """Remoteness of the P-positions (a(n), b(n)) with b(n) <= top, and the P tables (numba; unchecked).

    Returns ``(rem_p, a, b, partner)``: ``rem_p[n]`` for every n with
    ``b(n) <= top`` (0 beyond).  A P-position's remoteness is 1 + the
    largest of its options'; an option is an N-position whose remoteness is
    1 + the least of its at most three P-options' (one per row, column and
    diagonal, :func:`_wythoff_n_remoteness`), which are smaller P-positions:
    so P-positions in increasing n need nothing else.  The loops below are
    :func:`_wythoff_n_remoteness` written out for the three lines of options
    of ``(x, y) = (a(n), b(n))``, leaving out the P-options that are
    ``(x, y)`` itself (the column of ``(u, y)``, the row of ``(x, v)``, the
    diagonal of ``(x - k, y - k)``); calling it per option was 20 times slower.
    """
    a, b, partner = _wythoff_p_tables(top)
    rem_p = np.zeros(top + 1, np.int64)
    none = np.int64(1) << 60
    for n in range(1, top + 1):
        x = a[n]
        y = b[n]
        if y > top:
            break
        worst = np.int64(0)
        for k in range(1, x + 1):
            u = x - k
            pu = partner[u]
            # (u, y): the P-option of row u, and of the diagonal y - u > 0.
            best = none
            if pu < y:
                best = rem_p[abs(pu - u)]
            d = y - u
            if a[d] < u:
                best = min(best, rem_p[d])
            if 1 + best > worst:
                worst = 1 + best
            # (u, y - k): the P-options of row u and of column y - k.
            v = y - k
            best = none
            if pu < v:
                best = rem_p[abs(pu - u)]
            pv = partner[v]
            if pv < u:
                best = min(best, rem_p[abs(v - pv)])
            if 1 + best > worst:
                worst = 1 + best
        for k in range(1, y + 1):
            # (x, v): the P-options of column v and of the diagonal v - x.
            v = y - k
            best = none
            pv = partner[v]
            if pv < x:
                best = rem_p[abs(v - pv)]
            d = v - x
            if d > 0:
                if a[d] < x:
                    best = min(best, rem_p[d])
            elif d < 0:
                if b[-d] < x:
                    best = min(best, rem_p[-d])
            elif x > 0:
                best = min(best, rem_p[0])
            if 1 + best > worst:
                worst = 1 + best
        rem_p[n] = 1 + worst
    return rem_p, a, b, partner


_HOW_PAIR = "write a pair as a,b with whole numbers a, b >= 0 (e.g. 3,5)"


@dataclasses.dataclass(frozen=True, kw_only=True)
class PairGame(ImpartialGame[tuple[int, int]]):
    """A game on a pair of whole numbers ``(a, b)``, written ``"a,b"`` (Wythoff's and Euclid's games)."""

    kind: ClassVar[str] = "pair"
    commands: ClassVar[tuple[str, ...]] = ("classify", "tree", "sum", "plane")
    views: ClassVar[tuple[str, ...]] = ("plane",)
    position_help: ClassVar[str] = "pairs of whole numbers written a,b, such as 3,5"

    def check(self, position: object) -> tuple[int, int]:
        """A position as a tuple ``(a, b)`` of whole numbers ``>= 0`` (fewer than 4000 digits each).

        Raises
        ------
        TypeError
            If ``position`` is not a pair of integers.
        ValueError
            If an entry is negative (the message says so) or too large.
        """
        if isinstance(position, (str, bytes)) or not isinstance(position, (tuple, list)) or len(position) != 2:
            raise TypeError(f"a position of {self.title} is a pair (a, b) of whole numbers, got {position!r:.60}")
        a, b = (check_integer(x, "an entry of the pair") for x in position)
        if a < 0 or b < 0:
            raise ValueError(
                f"{self.title} is played on pairs of whole numbers >= 0; the pair has a negative entry; {_HOW_PAIR}"
            )
        return check_entry(a, "the first number of the pair"), check_entry(b, "the second number of the pair")

    def parse(self, text: str) -> tuple[int, int]:
        """Read ``"a,b"`` (spaces and parentheses allowed: ``"(3, 5)"``).

        Raises
        ------
        TypeError
            If ``text`` is not a string.
        ValueError
            If the text is not two whole numbers separated by a comma, or an
            entry is negative.
        """
        if not isinstance(text, str):
            raise TypeError(f"a position must be text like '3,5', got {text!r:.60}")
        if len(text) > MAX_TEXT:
            raise ValueError(f"the position has {len(text):,} characters, more than {MAX_TEXT:,}; {_HOW_PAIR}")
        stripped = text.strip()
        if not stripped:
            raise ValueError(f"the position is empty; {_HOW_PAIR}")
        if stripped.count(",") != 1:
            raise ValueError(f"a position of {self.title} is two numbers separated by one comma; {_HOW_PAIR}")
        match = _PAIR.fullmatch(stripped)
        assert match is not None  # one comma: the pattern always matches
        a = parse_entry(match.group(1), "the first number of the pair", _HOW_PAIR)
        b = parse_entry(match.group(2), "the second number of the pair", _HOW_PAIR)
        if a < 0 or b < 0:
            raise ValueError(
                f"{self.title} is played on pairs of whole numbers >= 0; {stripped[:60]} has a negative entry"
            )
        return self.check((a, b))

    def format(self, position: tuple[int, int]) -> str:
        """``"3,5"`` (the inverse of :meth:`parse`)."""
        a, b = self.check(position)
        return f"{a},{b}"

    def plane_cost(self, size: int) -> Cost:
        """Estimate :meth:`plane`: :func:`outcomes_cost`."""
        return outcomes_cost(size, self.title)


@dataclasses.dataclass(frozen=True, kw_only=True)
class WythoffGame(PairGame):
    """Wythoff's game (W. A. Wythoff, 1907): take from one pile, or the same number from both.

    A position is ``(a, b)``, the sizes of the two piles, in the order
    given.  A move takes ``k >= 1`` tokens from pile a, from pile b, or from
    both; whoever cannot move (at ``0,0``) loses.

    Notes
    -----
    Outcomes are exact for any size (:func:`wythoff_is_p`).  Grundy values
    come from the table of every ``(a', b')`` with ``a' <= a, b' <= b``
    (bit sets per row, column and diagonal); remoteness from the
    remoteness of the P-positions below, each the largest over its options,
    whose remoteness comes from their at most three P-options.
    """

    views: ClassVar[tuple[str, ...]] = ("plane", "sieve")

    @classmethod
    def make(cls) -> WythoffGame:
        """The game, with its name, title, summary and source."""
        return cls(
            name="wythoff",
            title="Wythoff's game",
            summary=(
                "Two piles of tokens a,b; a move takes any positive number of tokens from one pile, "
                "or the same positive number from both; a player with no move (at 0,0) loses."
            ),
            source=(
                "W. A. Wythoff, 'A modification of the game of nim', Nieuw Archief voor Wiskunde 7 (1907); "
                "the sieve and the Beatty pairs as in 'Sieves and Wythoff's Nim'"
            ),
        )

    def start(self) -> tuple[int, int]:
        """``7,12``."""
        return (7, 12)

    def moves(self, position: tuple[int, int]) -> list[tuple[str, tuple[int, int]]]:
        """Take from a (``"take 2 from a → 1,5"``), from b, then from both (``"take 2 from both → 1,3"``); k increasing.

        Raises
        ------
        TypeError, ValueError
            If ``position`` is not a pair, or it has more than 100,000 moves.
        """
        a, b = self.check(position)
        self._check_move_count((a, b), a + b + min(a, b))
        found = [(f"take {k} from a → {a - k},{b}", (a - k, b)) for k in range(1, a + 1)]
        found += [(f"take {k} from b → {a},{b - k}", (a, b - k)) for k in range(1, b + 1)]
        found += [(f"take {k} from both → {a - k},{b - k}", (a - k, b - k)) for k in range(1, min(a, b) + 1)]
        return found

    def outcome(self, position: tuple[int, int], *, max_seconds: float | None = None) -> str:
        """Exact for any size, at once: ``"L"`` for the Beatty pairs (:func:`wythoff_is_p`), else ``"W"``."""
        a, b = self.check(position)
        return "L" if wythoff_is_p(a, b) else "W"

    def _table_cost(self, rows: int, cols: int) -> Cost:
        words = (2 * (rows + cols)) // 64 + 1
        cells = rows * cols
        try:
            seconds = float(cells) * (_SECONDS_PER_CELL_VALUE + words * _SECONDS_PER_WORD)
        except OverflowError:
            seconds = math.inf
        memory = 8 * cells + 8 * words * (2 * rows + 2 * cols)
        return Cost(
            seconds,
            memory,
            f"the Grundy values of Wythoff's game for a {format_count(rows)} x {format_count(cols)} table",
        )

    def value_cost(self, position: tuple[int, int]) -> Cost:
        """A table of every ``(a', b')``, ``a' <= a``, ``b' <= b``: 8 bytes per cell and bit sets of ``2(a + b)`` bits per line."""
        a, b = self.check(position)
        return self._table_cost(a + 1, b + 1)

    def values_cost(self, positions: Sequence[tuple[int, int]]) -> Cost:
        """One table covering every position."""
        checked = [self.check(p) for p in positions]
        return self._table_cost(
            max((a for a, _ in checked), default=0) + 1, max((b for _, b in checked), default=0) + 1
        )

    def value(self, position: tuple[int, int], *, max_seconds: float | None = None) -> int:
        """The Grundy value, from a table (:meth:`value_cost`); 0 exactly on the Beatty pairs."""
        return self.values([position], max_seconds=max_seconds)[0]

    def values(self, positions: Sequence[tuple[int, int]], *, max_seconds: float | None = None) -> list[int]:
        """:meth:`value` of several positions from one table."""
        checked = [self.check(p) for p in positions]
        if not checked:
            return []
        check_work(self.values_cost(checked), "choose smaller piles", max_seconds)
        rows = max(a for a, _ in checked) + 1
        cols = max(b for _, b in checked) + 1
        table = _wythoff_grundy_kernel(rows, cols)
        return [int(table[a, b]) for a, b in checked]

    def grundy_table(self, size: int, *, max_seconds: float | None = None) -> np.ndarray:
        """Grundy values of ``(a, b)``, ``0 <= a, b < size``: int64, shape ``(size, size)``.

        Raises
        ------
        TypeError, ValueError
            If ``size`` is not an integer ``>= 0``, or the table is beyond
            the limits.
        """
        size = check_integer(size, "the size of the table", least=0)
        check_work(self._table_cost(size, size), "reduce the size", max_seconds)
        return _wythoff_grundy_kernel(size, size)

    def remoteness_cost(self, position: tuple[int, int]) -> Cost:
        """The P-positions below ``max(a, b) = M`` and their options: about ``0.43 M²`` options, 5 ns each."""
        a, b = self.check(position)
        top = max(a, b)
        try:
            seconds = 0.43 * float(top) * float(top) * _SECONDS_PER_OPTION
        except OverflowError:
            seconds = math.inf
        return Cost(seconds, 40 * (top + 1), f"the remoteness of {self.format_short((a, b))} in Wythoff's game")

    def remoteness(self, position: tuple[int, int], *, max_seconds: float | None = None) -> int:
        """Exact remoteness (see the class notes)."""
        return self.remotenesses([position], max_seconds=max_seconds)[0]

    def remotenesses(self, positions: Sequence[tuple[int, int]], *, max_seconds: float | None = None) -> list[int]:
        """:meth:`remoteness` of several positions, from one table of the P-positions."""
        checked = [self.check(p) for p in positions]
        if not checked:
            return []
        top = max(max(p) for p in checked)
        check_work(self.remoteness_cost((top, top)), "choose smaller piles", max_seconds)
        rem_p, a, b, partner = _wythoff_remoteness_kernel(top)
        found = []
        for u, v in checked:
            if wythoff_is_p(u, v):
                found.append(int(rem_p[abs(v - u)]))
            else:
                found.append(int(_wythoff_n_remoteness(u, v, rem_p, a, b, partner)))
        return found

    def plane(self, size: int, *, max_seconds: float | None = None) -> np.ndarray:
        """Outcomes of ``0 <= a, b < size``: :func:`wythoff_outcomes` (uint8, 1 = W, 0 = L)."""
        return wythoff_outcomes(size, max_seconds=max_seconds)


def _euclid_chain(a: int, b: int) -> tuple[int, int]:
    """(Grundy value, remoteness) of Euclid's game from (a, b), exactly, in O(log) steps.

    Along Euclid's algorithm: with ``x <= y = q x + r``, the positions
    ``P_j = (x, r + j x)``, ``j = 0..q``, have the options ``P_0..P_{j-1}``
    only (``P_0 = (r, x)`` is the next stage).  With ``g0``, ``r0`` the
    value and remoteness of ``P_0``: ``G(P_j) = j - 1`` when ``j <= g0``,
    else ``j``; and the remoteness of ``P_q`` is ``r0 + 1`` when ``P_0`` is a
    P-position or ``q = 1``, else ``r0 + 2`` (move to ``P_1``, a P-position).
    """
    x, y = min(a, b), max(a, b)
    quotients = []
    while x > 0:
        q, r = divmod(y, x)
        quotients.append(q)
        x, y = r, x
    value, rem = 0, 0  # a pair with a zero entry: no move
    for q in reversed(quotients):
        before, rem_before = value, rem
        value = q - 1 if q <= before else q
        rem = rem_before + 1 if before == 0 or q == 1 else rem_before + 2
    return value, rem


@dataclasses.dataclass(frozen=True, kw_only=True)
class EuclidGame(PairGame):
    """Euclid's game (A. J. Cole and A. J. T. Davie, 1969): take a multiple of one number from the other.

    A position is a pair ``(a, b)`` of whole numbers, in the order given
    (``a,b`` and ``b,a`` have the same value).  A move takes a positive
    multiple of the smaller number from the larger, leaving it ``>= 0``
    (when ``a = b`` either may be taken from the other); a pair with a zero
    entry has no move, so the player who makes a number zero wins.

    Notes
    -----
    Outcomes by the theorem (:func:`euclid_is_win`); Grundy values and
    remoteness exactly for any size along Euclid's algorithm (the options of
    a pair are the pairs it reaches by taking multiples, a chain; see
    ``docs/impartial-games.md``).
    """

    @classmethod
    def make(cls) -> EuclidGame:
        """The game, with its name, title, summary and source."""
        return cls(
            name="euclid",
            title="Euclid's game",
            summary=(
                "A pair of whole numbers a,b; a move takes a positive multiple of the smaller from the larger, "
                "leaving it >= 0; a pair with a zero entry has no move, so whoever makes a zero wins."
            ),
            source=(
                "A. J. Cole and A. J. T. Davie, 'A game based on the Euclidean algorithm and a winning strategy "
                "for it', Mathematical Gazette 53 (1969); 'Euclid's Game'"
            ),
        )

    def start(self) -> tuple[int, int]:
        """``5,8``."""
        return (5, 8)

    def moves(self, position: tuple[int, int]) -> list[tuple[str, tuple[int, int]]]:
        """Take ``k`` times the smaller number from the larger, k increasing (``"take 2×3 from b → 3,2"``).

        When ``a = b`` there are two moves, to ``0,b`` and ``a,0``.  None
        when an entry is 0.

        Raises
        ------
        TypeError, ValueError
            If ``position`` is not a pair, or it has more than 100,000 moves.
        """
        a, b = self.check(position)
        if a == 0 or b == 0:
            return []
        if a == b:
            return [(f"take 1×{b} from a → 0,{b}", (0, b)), (f"take 1×{a} from b → {a},0", (a, 0))]
        if a < b:
            self._check_move_count((a, b), b // a)
            return [(f"take {k}×{a} from b → {a},{b - k * a}", (a, b - k * a)) for k in range(1, b // a + 1)]
        self._check_move_count((a, b), a // b)
        return [(f"take {k}×{b} from a → {a - k * b},{b}", (a - k * b, b)) for k in range(1, a // b + 1)]

    def outcome(self, position: tuple[int, int], *, max_seconds: float | None = None) -> str:
        """By the theorem of :func:`euclid_is_win`, exact for any size."""
        a, b = self.check(position)
        return "W" if euclid_is_win(a, b) else "L"

    def _chain_cost(self, position: tuple[int, int], what: str) -> Cost:
        a, b = self.check(position)
        steps = 2 * max(a, b).bit_length() + 1  # Euclid's algorithm: at most about 1.44 log2 steps
        digits = max(a, b).bit_length() // 64 + 1
        return Cost(steps * digits * 1e-7, 64 * steps, f"the {what} of a pair in Euclid's game")

    def value_cost(self, position: tuple[int, int]) -> Cost:
        """Euclid's algorithm on the pair: microseconds, even for thousands of digits."""
        return self._chain_cost(position, "Grundy value")

    def value(self, position: tuple[int, int], *, max_seconds: float | None = None) -> int:
        """The Grundy value, exact for any size (see the class notes)."""
        a, b = self.check(position)
        return _euclid_chain(a, b)[0]

    def remoteness_cost(self, position: tuple[int, int]) -> Cost:
        """As :meth:`value_cost`."""
        return self._chain_cost(position, "remoteness")

    def remoteness(self, position: tuple[int, int], *, max_seconds: float | None = None) -> int:
        """Exact remoteness for any size (see the class notes)."""
        a, b = self.check(position)
        return _euclid_chain(a, b)[1]

    def plane(self, size: int, *, max_seconds: float | None = None) -> np.ndarray:
        """Outcomes of ``0 <= a, b < size``: :func:`euclid_outcomes` (uint8, 1 = W, 0 = L)."""
        return euclid_outcomes(size, max_seconds=max_seconds)
