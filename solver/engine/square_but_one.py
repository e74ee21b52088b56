"""Square-But-One and its odd variant: queue retrograde analysis on ``0..B``.

``docs/mathematics.md`` section 7.3.  Take any square, or add one when ``n``
is even and positive (``square-but-one``) or odd (``square-but-one-odd``).
Queue retrograde analysis on ``0..B`` with a counter of children not yet
known to be W per position and parents enumerated (``m + k**2``, and ``m - 1``
when ``m - 1`` has the add move); the add child ``B + 1`` of ``B`` is unknown.
Then the draws by possibility (``docs/mathematics.md`` section 3.3) by a
queue over the same parents, from the positions that leave the bound.  Play from ``n`` never passes ``n + 1``, so every position below
``B`` gets its true value, and every remoteness is exact (also at ``B``: if
``B + 1`` were L its child ``B`` would have remoteness below it, so it cannot
be ``B``'s quickest win).
"""

from __future__ import annotations

import numba
import numpy as np

from .certificate import bits_class, child_entered, enter_pw, retrograde_visit, seed_pl
from .codes import CLASS_L
from .kernels import isqrt

__all__ = ["solve_square_but_one"]


@numba.njit(cache=True, inline="always")
def _tell_parents(y, item, parity, bound, label, rem, poss, pending, queue, tail):
    """Tell every parent of ``y`` (``y + k**2`` up to the bound, and ``y - 1`` when it may add one) about it.

    ``item < 0``: ``y`` is settled (the retrograde step,
    :func:`~solver.engine.certificate.retrograde_visit`); else ``y`` entered PL
    (``item`` odd) or PW (even), the possibility step
    (:func:`~solver.engine.certificate.child_entered`).
    """
    ly = label[y]
    r1 = rem[y] + 1
    k = 1
    while True:
        if y + k * k <= bound:
            x = y + k * k
        elif k > 0 and y >= 2 and (y - 1) % 2 == parity:
            x = y - 1
            k = -1  # the last parent
        else:
            return tail
        if item < 0:
            tail = retrograde_visit(x, ly, r1, False, label, rem, pending, queue, tail)
        else:
            tail = child_entered(x, item, False, label, poss, pending, queue, tail)
        if k < 0:
            return tail
        k += 1


@numba.njit(cache=True)
def _sbo_solve(bound, parity, outcome, rem, pending, poss, queue):
    """Queue retrograde analysis, then the draws by possibility, on 0..bound (``queue``: ``2 B + 2`` entries)."""
    for x in range(bound + 1):
        c = isqrt(x)
        if x >= 1 and x % 2 == parity:
            c += 1  # the add child (never W when it is above the bound)
        pending[x] = c
    outcome[:] = 0
    rem[:] = -1
    outcome[0] = CLASS_L
    rem[0] = 0
    queue[0] = 0
    head = 0
    tail = 1
    while head < tail:
        y = queue[head]
        head += 1
        tail = _tell_parents(y, -1, parity, bound, outcome, rem, poss, pending, queue, tail)
    # The least sets PW and PL (docs/mathematics.md section 3.3), as bits of
    # poss (1 possibly W, 2 possibly L), by a queue over the same parents;
    # only ``bound`` itself can move out (to bound + 1), which is possibly
    # anything.  Queue entries 2x (x entered PW) and 2x + 1 (x entered PL).
    for x in range(bound + 1):
        c = isqrt(x)
        if x >= 1 and x % 2 == parity and x + 1 <= bound:
            c += 1
        pending[x] = c
        poss[x] = 0
    tail = 0
    if bound >= 1 and bound % 2 == parity:
        tail = enter_pw(bound, outcome, poss, queue, tail)
    for x in range(bound + 1):
        tail = seed_pl(x, False, outcome, poss, pending, queue, tail)
    head = 0
    while head < tail:
        item = queue[head]
        head += 1
        tail = _tell_parents(item >> 1, item, parity, bound, outcome, rem, poss, pending, queue, tail)
    for x in range(bound + 1):
        outcome[x] = bits_class(outcome[x], poss[x])


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
        classes (:mod:`solver.engine.codes`) and the exact remoteness (-1 for
        D and U).
    """
    pending = np.empty(bound + 1, np.int32)
    poss = np.empty(bound + 1, np.uint8)
    queue = np.empty(2 * bound + 2, np.int64)
    _sbo_solve(bound, int(parity), outcome, rem, pending, poss, queue)
