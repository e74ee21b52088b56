"""Numba primitives every kernel of the engine shares.

They take scalars and arrays only and check nothing; the public functions of
the engine validate before any kernel runs.  They are plain ``njit``
functions, which LLVM inlines once they are linked into a kernel: inlined in
numba's IR as well (``inline="always"``) they gave the same codes in the same
time and made a fresh install's first solve compile several seconds longer
(``docs/performance-page.md``, "First launch").

=====================  ==========================================================
name                   what it computes
=====================  ==========================================================
:func:`isqrt`          the exact integer square root of ``0 <= n < 2**62``
:func:`escape_moves`   the fewest moves from ``x <= B`` to above ``B`` (a move at
                       most doubles, ``docs/mathematics.md`` Lemma 3.4)
:func:`member_index`   index of the largest member of a sequence ``<= n``
:func:`index_down`,    the same index, walked from a neighbour's (a sweep moves
:func:`index_up`,      one position at a time; down, up, or either way)
:func:`index_to`
:func:`odd_up`,        a lower bound on remoteness raised to the parity of a W
:func:`even_up`        (odd) or an L (even) position under normal play
=====================  ==========================================================
"""

from __future__ import annotations

import numba
import numpy as np

__all__ = [
    "IMPOSSIBLE",
    "isqrt",
    "escape_moves",
    "member_index",
    "index_down",
    "index_up",
    "index_to",
    "odd_up",
    "even_up",
]

#: A lower bound on remoteness that means "cannot have this outcome".  It is
#: above every remoteness a one-byte code holds (:data:`solver.engine.codes.MAX_REMOTENESS`)
#: and fits a ``uint8``.
IMPOSSIBLE = 255


@numba.njit(cache=True)
def isqrt(n):
    """Exact ``isqrt(n)`` for ``0 <= n < 2**62`` (unchecked).

    A float root corrected with integer arithmetic: exact where ``(r + 1)**2``
    cannot overflow ``int64`` (``docs/mathematics.md`` section 1.2).
    """
    r = np.int64(np.sqrt(np.float64(n)))
    while r * r > n:
        r -= 1
    while (r + 1) * (r + 1) <= n:
        r += 1
    return r


@numba.njit(cache=True)
def escape_moves(x, bound):
    """Fewest moves from ``1 <= x <= bound`` to a position above ``bound`` (unchecked).

    No move more than doubles a position (``f(n) <= n``), so play from ``x``
    needs at least this many moves to leave ``0..B`` (``docs/mathematics.md``
    Lemma 3.4); 0 when ``x > bound``.
    """
    d = 0
    while x <= bound:
        x *= 2
        d += 1
    return d


@numba.njit(cache=True)
def member_index(members, n):
    """Index of the largest member ``<= n`` of an increasing array; -1 when there is none."""
    return np.searchsorted(members, n, side="right") - 1


@numba.njit(cache=True)
def index_down(members, i, x):
    """Walk ``i`` down to the index of the largest member ``<= x`` (``members[i]`` was ``<= x'`` for some ``x' >= x``)."""
    while i >= 0 and members[i] > x:
        i -= 1
    return i


@numba.njit(cache=True)
def index_up(members, i, x):
    """Walk ``i`` up to the index of the largest member ``<= x`` (``x`` at least the last one looked up)."""
    while i + 1 < members.shape[0] and members[i + 1] <= x:
        i += 1
    return i


@numba.njit(cache=True)
def index_to(members, i, x):
    """Walk ``i`` down or up to the index of the largest member ``<= x`` (a sweep in either direction)."""
    return index_up(members, index_down(members, i, x), x)


@numba.njit(cache=True)
def odd_up(v, imp):
    """``v`` raised to the next odd number (remoteness of a W position), or ``imp`` at or above it."""
    if v >= imp:
        return imp
    return v if v % 2 == 1 else v + 1


@numba.njit(cache=True)
def even_up(v, imp):
    """``v`` raised to the next even number ``>= 2`` (remoteness of an L position with a move), or ``imp``."""
    if v >= imp:
        return imp
    if v < 2:
        return 2
    return v if v % 2 == 0 else v + 1
