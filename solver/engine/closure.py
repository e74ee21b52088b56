"""The local check of a Put-or-Take-a-Square solve: each position against its two children alone.

A position n of Put-or-Take-a-Square has two children, ``n - s`` and
``n + s`` with ``s`` the largest square ``<= n`` (``docs/mathematics.md``
section 1).  The check computes them here, with an exact integer square root
(:func:`exact_root`), not with the solver's kernels, and asks of the codes
(:mod:`solver.engine.codes`) of n and of its children the *closure
conditions* of ``docs/mathematics.md`` sections 3.1 and 3.3:

* a W has an L child, and its remoteness is 1 + the least of its L
  children's;
* an L has both children inside the bound and W, and its remoteness is 1 +
  the greater of theirs;
* a position said not to be W (L, D, "U, cannot be W") has both children
  inside the bound and neither possibly L;
* a position said not to be L (W, D, "U, cannot be L") has a child inside the
  bound that cannot be W.

A put child above the bound is possibly W and possibly L and known as
neither.  Labels that satisfy the conditions at every position are a proof of
themselves; a damaged or wrong code breaks them at the position or at one of
its parents.

:func:`check_range` checks every position of a range (with
:func:`local_check`, a whole solve, a chunk at a time; used by
``benchmarks/scale_check.py``), :func:`check_positions` a sorted sample whose
codes were gathered beforehand (used by
:func:`solver.store.dask_check.check_store`).  Both call the one condition,
:func:`_holds`.
"""

from __future__ import annotations

import math
from typing import Any

import numba
import numpy as np

from . import codes as code_tables

__all__ = [
    "CHECK_CHUNK",
    "applies_to",
    "check_positions",
    "check_range",
    "check_tables",
    "exact_root",
    "local_check",
    "put_children",
]


def applies_to(rule: Any) -> bool:
    """Whether this module's check reads ``rule``'s solves: moves to ``n ± s``, ``s`` the largest square ``<= n``, and one-byte codes.

    The check computes the two children with exact square roots and reads
    each position's one-byte code (no kept lower bound: the engine's
    ``one_byte``), as Put-or-Take-a-Square's solve writes them
    (``docs/mathematics.md`` sections 3.1 and 3.3).

    Parameters
    ----------
    rule : solver.games.Rule
        A rule of the registry.

    Returns
    -------
    bool
    """
    from .engines import engine_for

    return bool(getattr(rule, "moves_by_largest_square", False)) and engine_for(rule).one_byte


#: Positions :func:`local_check` reads at once.
CHECK_CHUNK = 1 << 24
#: Remoteness larger than any code's: "no L child".
_NONE = 1 << 30


@numba.njit(cache=True, inline="always")
def exact_root(n):
    """The largest ``k`` with ``k * k <= n``, for ``0 <= n < 2**62`` (a float root, then corrected exactly).

    Parameters
    ----------
    n : int
        A position, an ``int64`` in ``[0, 2**62)``.

    Returns
    -------
    int
        ``isqrt(n)`` as an ``int64``.
    """
    k = np.int64(np.sqrt(np.float64(n)))
    while k * k > n:
        k -= 1
    while (k + 1) * (k + 1) <= n:
        k += 1
    return k


@numba.njit(cache=True, inline="always")
def _holds(c, r, ct, rt, inside, cp, rp):
    """Whether a position of class ``c`` and remoteness ``r`` is closed under its children's classes and remoteness.

    ``ct, rt`` are the take child's; ``cp, rp`` the put child's when
    ``inside`` (the put child is at most the bound), else ignored: above the
    bound a child is possibly W and possibly L (class 0).  Classes as
    :func:`solver.engine.codes.class_table`: 0 U, 1 W, 2 L, 3 D, 4 U that
    cannot be L, 5 U that cannot be W.
    """
    if not inside:
        cp, rp = 0, 0
    ok = True
    if c == 1:  # W: an L child; remoteness 1 + the least of the L children's
        best = _NONE
        if ct == 2:
            best = rt
        if inside and cp == 2:
            best = min(best, rp)
        ok = best < _NONE and r == best + 1
    elif c == 2:  # L: both children inside the bound and W; remoteness 1 + the greater
        ok = inside and ct == 1 and cp == 1 and r == max(rt, rp) + 1
    if ok and (c == 2 or c == 3 or c == 5):  # not W: both children inside, neither possibly L
        ok = inside and not (ct == 0 or ct == 2 or ct == 5) and not (cp == 0 or cp == 2 or cp == 5)
    if ok and (c == 1 or c == 3 or c == 4):  # not L: a child inside the bound that cannot be W
        ok = not (ct == 0 or ct == 1 or ct == 4) or (inside and not (cp == 0 or cp == 1 or cp == 4))
    return ok


@numba.njit(cache=True, inline="always")
def _code(y, lo, own, small, put, q0):
    """The code of position ``y``: from the chunk, else the small positions (take children), else the put slice."""
    if lo <= y < lo + own.shape[0]:
        return own[y - lo]
    if y < small.shape[0]:
        return small[y]
    return put[y - q0]


@numba.njit(cache=True)
def check_range(lo, hi, bound, own, small, q0, put, classes, remoteness):
    """Check every position ``max(lo, 1)..hi`` against its two children (the module's closure conditions).

    Parameters
    ----------
    lo, hi : int
        The first and last position checked (``0 <= lo <= hi <= bound``).
    bound : int
        The solve's bound B.
    own : numpy.ndarray
        ``uint8`` codes of positions ``lo..hi``, shape ``(hi - lo + 1,)``.
    small : numpy.ndarray
        ``uint8`` codes of positions ``0..m`` with ``m >= 2 isqrt(hi)``: every
        take child of the range.
    q0 : int
        The first position of ``put``.
    put : numpy.ndarray
        ``uint8`` codes of ``q0..q1``: every put child of the range that is at
        most the bound.
    classes, remoteness : numpy.ndarray
        :func:`check_tables`.

    Returns
    -------
    tuple of int
        ``(faults, first fault)``: ``(0, -1)`` when every condition holds.
    """
    faults = 0
    first = -1
    for n in range(max(lo, 1), hi + 1):
        k = exact_root(n)
        t = n - k * k
        p = n + k * k
        inside = p <= bound
        ct = classes[_code(t, lo, own, small, put, q0)]
        rt = remoteness[_code(t, lo, own, small, put, q0)]
        cp, rp = 0, 0
        if inside:
            cp = classes[_code(p, lo, own, small, put, q0)]
            rp = remoteness[_code(p, lo, own, small, put, q0)]
        if not _holds(classes[own[n - lo]], remoteness[own[n - lo]], ct, rt, inside, cp, rp):
            faults += 1
            if first < 0:
                first = n
    return faults, first


@numba.njit(cache=True)
def put_children(positions, bound):
    """The put child ``n + isqrt(n)**2`` of each position, or ``bound + 1`` where it is above the bound.

    Parameters
    ----------
    positions : numpy.ndarray
        ``int64`` positions in ``[1, bound]``, shape ``(K,)``.
    bound : int
        The bound B.

    Returns
    -------
    numpy.ndarray
        ``int64``, shape ``(K,)``.  Sorted when ``positions`` is (the put
        child grows with n).
    """
    out = np.empty(positions.shape[0], np.int64)
    for i in range(positions.shape[0]):
        n = positions[i]
        k = exact_root(n)
        p = n + k * k
        out[i] = p if p <= bound else bound + 1
    return out


@numba.njit(cache=True)
def check_positions(positions, bound, own, put, small, classes, remoteness, faulty):
    """Check each position of a sample against its two children (the module's closure conditions).

    Parameters
    ----------
    positions : numpy.ndarray
        ``int64`` positions in ``[1, bound]``, shape ``(K,)``.
    bound : int
        The bound B.
    own : numpy.ndarray
        ``uint8`` code of each position, shape ``(K,)``.
    put : numpy.ndarray
        ``uint8`` code of each position's put child, shape ``(K,)`` (read only
        where the child is at most the bound).
    small : numpy.ndarray
        ``uint8`` codes of positions ``0..m`` with ``m >= 2 isqrt(max
        position)``: every take child.
    classes, remoteness : numpy.ndarray
        :func:`check_tables`.
    faulty : numpy.ndarray
        ``int64``, shape ``(F,)``: filled with the first ``F`` faulty
        positions, in the order of ``positions``.

    Returns
    -------
    int
        The number of faulty positions.
    """
    faults = 0
    for i in range(positions.shape[0]):
        n = positions[i]
        k = exact_root(n)
        t = n - k * k
        inside = n + k * k <= bound
        cp, rp = 0, 0
        if inside:
            cp = classes[put[i]]
            rp = remoteness[put[i]]
        if not _holds(classes[own[i]], remoteness[own[i]], classes[small[t]], remoteness[small[t]], inside, cp, rp):
            if faults < faulty.shape[0]:
                faulty[faults] = n
            faults += 1
    return faults


def check_tables() -> tuple[np.ndarray, np.ndarray]:
    """The class and the remoteness (exact, or the bound kept) of every code, as the check kernels read them.

    Returns
    -------
    tuple of numpy.ndarray
        ``(classes, remoteness)``, each shape ``(256,)``, dtype ``int64``:
        :func:`solver.engine.codes.class_table` and the absolute value of
        :func:`solver.engine.codes.packed_table` (normal play).
    """
    classes = np.asarray(code_tables.class_table(), np.int64)
    remoteness = np.abs(np.asarray(code_tables.packed_table(), np.int64))
    return classes, remoteness


def local_check(solution: Any) -> tuple[int, int]:
    """Check every position of a Put-or-Take-a-Square solve against its two children (module docstring).

    Parameters
    ----------
    solution : solver.engine.solution.Solution
        A compact solve of Put-or-Take-a-Square: its ``codes``, or the
        ``store_codes`` of a solve read from a Dask store.

    Returns
    -------
    tuple of int
        ``(faults, first fault)``: ``(0, -1)`` when every fact holds.

    Notes
    -----
    A chunk's take children lie below ``2 isqrt(B) + 2`` and its put children
    in ``[lo + isqrt(lo)**2, hi + isqrt(hi)**2]``; both are read beside the
    chunk, so a 10**10 solve is checked :data:`CHECK_CHUNK` positions at a
    time.
    """
    bound = solution.bound
    classes, remoteness = check_tables()
    codes = solution.codes if solution.codes is not None else solution.store_codes
    small = np.asarray(codes[: min(bound, 2 * math.isqrt(bound) + 2) + 1])
    faults, first = 0, -1
    for lo in range(0, bound + 1, CHECK_CHUNK):
        hi = min(bound, lo + CHECK_CHUNK - 1)
        q0 = min(bound, lo + math.isqrt(lo) ** 2)
        q1 = min(bound, hi + math.isqrt(hi) ** 2)
        found, at = check_range(
            lo,
            hi,
            bound,
            np.asarray(codes[lo : hi + 1]),
            small,
            q0,
            np.asarray(codes[q0 : q1 + 1]),
            classes,
            remoteness,
        )
        faults += int(found)
        if first < 0 <= at:
            first = int(at)
    return faults, first
