"""Values and remoteness of Wythoff's game, and its P-positions at any size.

:func:`wythoff_is_p` is exact at any size; the numba kernels compute the
Grundy values and the remoteness of a box.

The kernels (prefixed ``_``) are unchecked; :class:`~solver.impartial.wythoff.WythoffGame`
estimates the work first.
"""

from __future__ import annotations

import math

import numba
import numpy as np

from ..validation import check_integer
from .wythoff_outcomes import _sieve_kernel

__all__ = [
    "wythoff_is_p",
]


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
