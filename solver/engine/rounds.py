"""The rounds method for put-or-take rules whose take children can be large.

For powers of 2 and 3, factorials and Fibonacci numbers the take child can be
up to ``n / 2`` or more, so there is no small game (:mod:`solver.engine.small_game`).
``docs/mathematics.md`` section 7.1:

1. *Labels by rounds.*  Round ``r`` labels exactly the positions with
   bounded remoteness ``rem_B = r`` (section 3.1): the unlabelled parents of
   an L-position of remoteness ``r - 1`` are W, and an unlabelled parent of a
   W-position of remoteness ``r - 1`` is L when both its children are at most
   ``B`` and W with remoteness below ``r`` (checked directly).  Round 0 holds
   the positions with no move (0; 0 and 1 for primes).  The positions of one
   round are kept in a list while it is short (at most ``B / 16`` entries) and
   found by scanning the remoteness array otherwise.  Parents are enumerated,
   not stored: ``m`` has at most one put-parent ``m - s``, with ``s`` the
   largest member such that ``2 s <= m``, provided ``m < s + next(s)``; the
   take-parents of ``m`` are ``m + s`` for the members ``s`` whose gap
   ``next(s) - s`` exceeds ``m`` (the members sorted by gap, so these are a
   prefix).  Every edge is followed at most once, from its labelled child.
2. *Draws by possibility* (section 3.3).  The least sets PW and PL, as bits
   of one byte per position, rise by sweeps, alternately descending (which
   follows put moves) and ascending (take moves), until a sweep changes
   nothing; an unlabelled position in neither is D, in PW only "U, cannot be
   L", in PL only "U, cannot be W", in both U.
3. *Lower bounds* by sweeps of the operator of Lemma 3.2
   (:func:`solver.engine.certificate.lower_bound`), alternately descending and
   ascending, until nothing changes or every W and L remoteness is
   certified.  The sweeps run on every thread and the threads race, but the
   least fixed point above the starting values does not depend on the order
   of the updates, so the result is the same on every run.  It is the same
   fixed point the small game and the descending sweep reach where they
   apply (the tests compare the two methods).

Memory: the outputs (``int8`` outcome and ``int16`` remoteness, then packed
into one byte a position when they fit), the lower bounds (1 byte), two round
lists of at most ``B / 16 + 1024`` int64, the members of X up to ``2 B``
(int64) and the order of those up to ``B`` by gap (int32).
"""

from __future__ import annotations

from collections.abc import Callable

import numba
import numpy as np

from .certificate import (
    above_bound,
    bits_class,
    bounds_kept,
    class_from,
    lower_bound,
    possibility_bits,
    settled,
    start_value,
    take_and_put,
)
from .codes import CLASS_U
from .kernels import index_to, member_index
from .rounds_numpy import NUMPY_ROUNDS_MAX_MEMBERS, solve_by_rounds_numpy
from .sweep_numpy import NUMPY_SWEEP_MAX, chosen_path, kernel_ready

__all__ = ["solve_by_rounds", "sweep_once", "child_value", "MAX_LOWER_BOUND_SWEEPS"]

#: Most lower-bound sweeps of a solve by rounds (each one pass over 0..B); a
#: safety net only: the sweeps stop at the fixed point, reached after a few
#: dozen at most in every measurement.
MAX_LOWER_BOUND_SWEEPS = 1000

_L = 2


@numba.njit(cache=True, inline="always")
def _visit(x, s, oy, r, bound, outcome, rem, nxt, count, cap_next):
    """Label parent ``x`` (with ``f(x) = s``) of a round-``r - 1`` position."""
    if outcome[x] != 0:
        return count
    if oy == 2:
        outcome[x] = 1
        rem[x] = r
    else:
        t = x - s
        p = x + s
        if p > bound:
            return count
        if outcome[t] != 1 or rem[t] >= r or outcome[p] != 1 or rem[p] >= r:
            return count
        outcome[x] = 2
        rem[x] = r
    if count < cap_next:
        nxt[count] = x
    return count + 1


@numba.njit(cache=True, inline="always")
def _gap(members, i):
    """``next(s) - s`` for ``s = members[i]``; "infinite" (2**62) past the last member."""
    if i + 1 < members.shape[0]:
        return members[i + 1] - members[i]
    return np.int64(1) << np.int64(62)


@numba.njit(cache=True, inline="always")
def _expand(y, r, bound, members, order, n_small, outcome, rem, nxt, count, cap_next):
    """Visit every parent ``x <= bound`` of ``y`` (a position of round ``r - 1``)."""
    oy = outcome[y]
    if y >= 2:
        i = np.searchsorted(members, y // 2, side="right") - 1
        if i >= 0:
            s = members[i]
            if y - 2 * s < _gap(members, i):
                count = _visit(y - s, s, oy, r, bound, outcome, rem, nxt, count, cap_next)
    for j in range(n_small):
        i = order[j]
        if _gap(members, i) <= y:
            break
        x = y + members[i]
        if x <= bound:
            count = _visit(x, members[i], oy, r, bound, outcome, rem, nxt, count, cap_next)
    return count


@numba.njit(cache=True)
def _pt_round(r, bound, members, order, n_small, outcome, rem, frontier, n_front, scan, nxt, cap_next):
    """One round: label every position of ``rem_B = r``; return how many (may exceed ``cap_next``)."""
    count = 0
    if scan:
        for y in range(bound + 1):
            if rem[y] == r - 1 and outcome[y] != 0:
                count = _expand(y, r, bound, members, order, n_small, outcome, rem, nxt, count, cap_next)
    else:
        for j in range(n_front):
            count = _expand(frontier[j], r, bound, members, order, n_small, outcome, rem, nxt, count, cap_next)
    return count


@numba.njit(cache=True, inline="always")
def child_value(y, lo, hi, own, other, x, base):
    """A child ``y``'s value: ``own[y - base]`` when ``lo <= y <= hi``, else ``other[x - base]`` (gathered for ``x``).

    The single-process solve holds every position in ``own`` (``lo..hi`` is
    ``0..B``); a Dask task holds its chunk, and its children elsewhere were
    gathered position by position (:mod:`solver.engine.dask`).
    """
    if lo <= y <= hi:
        return own[y - base]
    return other[x - base]


@numba.njit(cache=True, inline="always")
def _possibility_update(x, s, lo, hi, base, bound, out, poss, t_o, t_p, p_o, p_p):
    """Raise the possibility bits of unlabelled ``x`` (``s = f(x)``) from its children; True if they rose.

    The possibility step (``docs/mathematics.md`` section 3.3): a child
    possibly L (or above the bound) makes ``x`` possibly W, both children
    possibly W make it possibly L.
    """
    t = x - s
    p = x + s
    above = p > bound
    ct = bits_class(child_value(t, lo, hi, out, t_o, x, base), child_value(t, lo, hi, poss, t_p, x, base))
    cp = CLASS_U
    if not above:
        cp = bits_class(child_value(p, lo, hi, out, p_o, x, base), child_value(p, lo, hi, poss, p_p, x, base))
    new = poss[x - base] | possibility_bits(class_from(take_and_put(ct, cp, above)))
    if new == poss[x - base]:
        return False
    poss[x - base] = new
    return True


@numba.njit(cache=True, inline="always")
def _bound_update(x, s, sp, lo, hi, base, bound, out, rem, lam, t_c, t_l, p_c, p_l, q_c, q_l, cap, imp):
    """Apply the operator of Lemma 3.2 at ``x`` (``s = f(x)``, ``sp = f(p(x))``); True if its bound rose.

    :func:`solver.engine.certificate.lower_bound` with the children's kept
    bounds; a put child ``q`` above the bound is L with remoteness at least
    ``1 +`` its take child's bound as W (Lemma 3.5).
    """
    t = x - s
    p = x + s
    lw_t, ll_t = bounds_kept(child_value(t, lo, hi, out, t_c, x, base), child_value(t, lo, hi, lam, t_l, x, base), imp)
    if p <= bound:
        lw_p, ll_p = bounds_kept(
            child_value(p, lo, hi, out, p_c, x, base), child_value(p, lo, hi, lam, p_l, x, base), imp
        )
    else:
        w = np.int64(1)
        q = p - sp
        if q <= bound:
            w = bounds_kept(child_value(q, lo, hi, out, q_c, x, base), child_value(q, lo, hi, lam, q_l, x, base), imp)[
                0
            ]
        lw_p, ll_p = above_bound(w, imp)
    v = lower_bound(out[x - base], rem[x - base], lw_t, ll_t, lw_p, ll_p, lam[x - base], cap, imp)
    if v > lam[x - base]:
        lam[x - base] = v
        return True
    return False


@numba.njit(cache=True, inline="always")
def sweep_once(first, last, descending, lo, hi, base, bound, members, bounds, out, rem, vals, gathered, cap, imp):
    """One sweep over ``first..last`` (down or up) raising possibility bits, or with ``bounds`` lower bounds.

    ``out``, ``rem`` and ``vals`` (the possibility bits or the lower bounds)
    hold positions ``lo..hi`` from index ``lo - base``; ``gathered`` holds,
    by ``x - base``, the values of the children of ``x`` outside ``lo..hi``:
    ``(t_o, t_v, p_o, p_v, q_o, q_v)``, of the take child, the put child and
    the take child of a put child above the bound (unused by a solve that
    holds every position).  Returns True if a value rose.  Both are least
    fixed points of monotone maps (``docs/mathematics.md`` sections 3.2,
    3.3), so sweeps in any order, threads racing, reach the same values.
    """
    t_o, t_v, p_o, p_v, q_o, q_v = gathered
    rose = False
    start = last if descending else first
    step = -1 if descending else 1
    i = member_index(members, start)
    j = member_index(members, 2 * start)
    for k in range(last - first + 1):
        x = start + k * step
        i = index_to(members, i, x)
        if i < 0:
            continue
        s = members[i]
        if bounds:
            if settled(out[x - base], rem[x - base], vals[x - base], cap):
                continue
            j = index_to(members, j, x + s)
            if _bound_update(
                x, s, members[j], lo, hi, base, bound, out, rem, vals, t_o, t_v, p_o, p_v, q_o, q_v, cap, imp
            ):
                rose = True
        elif out[x - base] == 0 and _possibility_update(x, s, lo, hi, base, bound, out, vals, t_o, t_v, p_o, p_v):
            rose = True
    return rose


@numba.njit(cache=True, parallel=True)
def _sweep_pieces(bound, members, outcome, rem, vals, bounds, cap, imp, descending, n_chunks):
    """One sweep over ``1..B`` in ``n_chunks`` pieces on every thread (:func:`sweep_once`); True if a value rose."""
    changed = np.zeros(n_chunks, np.uint8)
    whole = (outcome, vals, outcome, vals, outcome, vals)
    for c in numba.prange(n_chunks):
        first = 1 + (bound * c) // n_chunks
        last = (bound * (c + 1)) // n_chunks
        if first <= last and sweep_once(
            first, last, descending, 0, bound, 0, bound, members, bounds, outcome, rem, vals, whole, cap, imp
        ):
            changed[c] = 1
    return changed.any()


@numba.njit(cache=True, parallel=True)
def _finish_classes(outcome, poss, n_chunks):
    """The class of every position from its label and possibility bits (:func:`~solver.engine.certificate.bits_class`)."""
    size = outcome.shape[0]
    for c in numba.prange(n_chunks):
        for x in range((size * c) // n_chunks, (size * (c + 1)) // n_chunks):
            outcome[x] = bits_class(outcome[x], poss[x])


@numba.njit(cache=True, parallel=True)
def _lam_init(bound, outcome, rem, lam, cap, imp, n_chunks):
    """The starting lower bounds of Lemma 3.3 (:func:`~solver.engine.certificate.start_value`)."""
    size = bound + 1
    for c in numba.prange(n_chunks):
        for x in range((size * c) // n_chunks, (size * (c + 1)) // n_chunks):
            lam[x] = start_value(outcome[x], rem[x], x, bound, cap, imp)


@numba.njit(cache=True, parallel=True)
def _uncertified(outcome, rem, lam, n_chunks):
    """Number of W and L positions whose remoteness is not yet certified."""
    size = outcome.shape[0]
    counts = np.zeros(n_chunks, np.int64)
    for c in numba.prange(n_chunks):
        for x in range((size * c) // n_chunks, (size * (c + 1)) // n_chunks):
            o = outcome[x]
            if (o == 1 or o == 2) and lam[x] < rem[x]:
                counts[c] += 1
    return counts.sum()


@numba.njit(cache=True, parallel=True)
def _pack(outcome, rem, lam, n_chunks):
    """Packed remoteness: exact where ``lam >= rem_B``, else ``-rem_B``; -1 for D and U."""
    size = outcome.shape[0]
    for c in numba.prange(n_chunks):
        for x in range((size * c) // n_chunks, (size * (c + 1)) // n_chunks):
            o = outcome[x]
            if o == 1 or o == 2:
                if lam[x] < rem[x]:
                    rem[x] = -rem[x]
            else:
                rem[x] = -1


def _numpy_serves(members: np.ndarray, bound: int, outcome: np.ndarray, rem: np.ndarray) -> bool:
    """Whether a solve by rounds goes in numpy (:mod:`solver.engine.rounds_numpy`), not by the kernels.

    When the thread asks for ``"numpy"`` (:func:`~solver.engine.sweep_numpy.sweep_path`), or, without a
    path, for a bound up to :data:`~solver.engine.sweep_numpy.NUMPY_SWEEP_MAX` and at most
    :data:`~solver.engine.rounds_numpy.NUMPY_ROUNDS_MAX_MEMBERS` members while the rounds' kernels
    (:func:`_pt_round`, :func:`_sweep_pieces`) are not both compiled or in numba's cache (a fresh install).
    """
    path = chosen_path()
    if path is not None:
        return path == "numpy"
    if bound > NUMPY_SWEEP_MAX or members.shape[0] > NUMPY_ROUNDS_MAX_MEMBERS:
        return False
    ints = np.zeros(1, np.int64)
    rounds_args = (1, bound, members, ints.astype(np.int32), 1, outcome, rem, ints, 1, False, ints, 1)
    sweep_args = (bound, members, outcome, rem, np.zeros(1, np.uint8), False, 0, 0, True, 1)
    return not (kernel_ready(_pt_round, rounds_args) and kernel_ready(_sweep_pieces, sweep_args))


def _n_chunks() -> int:
    return max(1, 4 * numba.get_num_threads())


def solve_by_rounds(
    members: np.ndarray, bound: int, outcome: np.ndarray, rem: np.ndarray, report: Callable[[float], None]
) -> None:
    """Solve a put-or-take rule on ``0..bound`` by rounds, draws and lower-bound sweeps (module docstring).

    While the kernels are neither compiled nor in numba's cache (a fresh
    install's first view), a bound up to ``10**6`` of a rule with a few dozen
    members goes in numpy instead (:func:`_numpy_serves`,
    :func:`~solver.engine.rounds_numpy.solve_by_rounds_numpy`, the same
    outputs), unless its remoteness is too large for that.

    Parameters
    ----------
    members : numpy.ndarray
        Shape ``(k,)``, dtype ``int64``, increasing: the rule's sequence up
        to ``2 * bound``.
    bound : int
        The bound ``B``.
    outcome, rem : numpy.ndarray
        Shape ``(B + 1,)``, dtypes ``int8`` and ``int16``: written with the
        outcome codes (0 U, 1 W, 2 L, 3 D) and the packed remoteness (``r``
        exact, ``-r`` at most ``r``, -1 for D and U).
    report : callable
        Called with the fraction done.

    Raises
    ------
    RuntimeError
        If a remoteness passes the ``int16`` range (never seen).
    """
    if _numpy_serves(members, bound, outcome, rem) and solve_by_rounds_numpy(members, bound, outcome, rem, report):
        return
    n_small = int(np.searchsorted(members, bound, side="right"))
    # Members up to B in order of decreasing gap (ties by size): the take-parents
    # of m are m + s for a prefix of this order.  "Infinite" past the last member
    # (the next one is above 2 B, so every parent up to B sees a larger gap).
    gap = np.empty(n_small, np.int64)
    if n_small:
        gap[: len(members) - 1] = (members[1:] - members[:-1])[:n_small]
        if n_small == len(members):
            gap[-1] = np.int64(1) << np.int64(62)
    index_type = np.int32 if n_small < 2**31 else np.int64
    order = np.argsort(-gap, kind="stable").astype(index_type)
    del gap
    outcome[:] = 0
    rem[:] = -1
    first = int(members[0]) if len(members) else bound + 1
    terminals = np.arange(0, min(first, bound + 1), dtype=np.int64)
    outcome[terminals] = _L
    rem[terminals] = 0
    cap_next = (bound + 1) // 16 + 1024
    frontier = np.empty(cap_next, np.int64)
    nxt = np.empty(cap_next, np.int64)
    frontier[: len(terminals)] = terminals
    n_front = len(terminals)
    scan = False
    r = 1
    while True:
        if r >= 32000:
            raise RuntimeError("remoteness beyond the int16 range")
        count = int(_pt_round(r, bound, members, order, n_small, outcome, rem, frontier, n_front, scan, nxt, cap_next))
        if count == 0:
            break
        scan = count > cap_next
        frontier, nxt = nxt, frontier
        n_front = min(count, cap_next)
        report(0.5 * (1.0 - 0.85**r))
        r += 1
    max_rem = r - 1
    del frontier, nxt, order
    n_chunks = _n_chunks()
    poss = np.zeros(bound + 1, np.uint8)
    descending = True
    while _sweep_pieces(bound, members, outcome, rem, poss, False, 0, 0, descending, n_chunks):
        descending = not descending
    _finish_classes(outcome, poss, n_chunks)
    del poss
    report(0.6)
    if max_rem <= 253:
        lam = np.empty(bound + 1, np.uint8)
        imp = 255
    else:
        lam = np.empty(bound + 1, np.int16)
        imp = 32000
    cap = max_rem + 1
    _lam_init(bound, outcome, rem, lam, cap, imp, n_chunks)
    # Sweep to the fixed point: it is the least one above the starting values,
    # whatever the order of the updates (threads race), so the result is the
    # same on every run.  MAX_LOWER_BOUND_SWEEPS is only a safety net.
    # Also stop once every W and L remoteness is certified: nothing more to learn.
    descending = True
    for sweep in range(MAX_LOWER_BOUND_SWEEPS):
        if not _sweep_pieces(bound, members, outcome, rem, lam, True, cap, imp, descending, n_chunks):
            break
        if _uncertified(outcome, rem, lam, n_chunks) == 0:
            break
        descending = not descending
        report(0.6 + 0.4 * (1.0 - 0.8 ** (sweep + 1)))
    _pack(outcome, rem, lam, n_chunks)
