"""Square-But-One and its odd variant: queue retrograde analysis on ``0..B``.

``docs/mathematics.md`` section 7.3.  Take any square, or add one when ``n``
is even and positive (``square-but-one``) or odd (``square-but-one-odd``).
Queue retrograde analysis on ``0..B`` with a counter of children not yet
known to be W per position and parents enumerated (``m + k**2``, and ``m - 1``
when ``m - 1`` has the add move); the add child ``B + 1`` of ``B`` is unknown.
Then the certified draws by a backward search from the positions that leave
the bound.  Play from ``n`` never passes ``n + 1``, so every position below
``B`` gets its true value, and every remoteness is exact (also at ``B``: if
``B + 1`` were L its child ``B`` would have remoteness below it, so it cannot
be ``B``'s quickest win).
"""

from __future__ import annotations

import numba
import numpy as np

from .kernels import isqrt

__all__ = ["solve_square_but_one"]


@numba.njit(cache=True, inline="always")
def _sbo_visit(x, oy, r1, outcome, rem, pending, queue, tail):
    """Tell parent ``x`` that a child of remoteness ``r1 - 1`` and outcome ``oy`` is settled."""
    if outcome[x] != 0:
        return tail
    if oy == 2:
        outcome[x] = 1
    else:
        pending[x] -= 1
        if pending[x] != 0:
            return tail
        outcome[x] = 2
    rem[x] = r1
    queue[tail] = x
    return tail + 1


@numba.njit(cache=True)
def _sbo_solve(bound, parity, outcome, rem, pending, queue):
    """Queue retrograde analysis, then certified draws, on 0..bound."""
    for x in range(bound + 1):
        c = isqrt(x)
        if x >= 1 and x % 2 == parity:
            c += 1  # the add child (never W when it is above the bound)
        pending[x] = c
    outcome[:] = 0
    rem[:] = -1
    outcome[0] = 2
    rem[0] = 0
    queue[0] = 0
    head = 0
    tail = 1
    while head < tail:
        y = queue[head]
        head += 1
        oy = outcome[y]
        r1 = rem[y] + 1
        k = 1
        while y + k * k <= bound:
            tail = _sbo_visit(y + k * k, oy, r1, outcome, rem, pending, queue, tail)
            k += 1
        if y >= 2 and (y - 1) % 2 == parity:
            tail = _sbo_visit(y - 1, oy, r1, outcome, rem, pending, queue, tail)
    # Escapes: unlabelled positions with an unlabelled path out of the bound;
    # only ``bound`` itself can move out (to bound + 1).
    head = 0
    tail = 0
    if outcome[bound] == 0 and bound % 2 == parity:
        outcome[bound] = 4
        queue[0] = bound
        tail = 1
    while head < tail:
        y = queue[head]
        head += 1
        k = 1
        while y + k * k <= bound:
            x = y + k * k
            if outcome[x] == 0:
                outcome[x] = 4
                queue[tail] = x
                tail += 1
            k += 1
        x = y - 1
        if x >= 1 and x % 2 == parity and outcome[x] == 0:
            outcome[x] = 4
            queue[tail] = x
            tail += 1
    for x in range(bound + 1):
        if outcome[x] == 0:
            outcome[x] = 3
        elif outcome[x] == 4:
            outcome[x] = 0


def solve_square_but_one(bound: int, parity: int, outcome: np.ndarray, rem: np.ndarray) -> None:
    """Solve Square-But-One on ``0..bound`` (module docstring; unchecked arguments).

    Parameters
    ----------
    bound : int
        The bound ``B``.
    parity : int
        Add one to heaps of this parity (0: even and positive, 1: odd).
    outcome, rem : numpy.ndarray
        Shape ``(B + 1,)``, dtypes ``int8`` and ``int16``: written with the
        outcome codes (0 U, 1 W, 2 L, 3 D) and the exact remoteness (-1 for D
        and U).
    """
    pending = np.empty(bound + 1, np.int32)
    queue = np.empty(bound + 1, np.int64)
    _sbo_solve(bound, int(parity), outcome, rem, pending, queue)
