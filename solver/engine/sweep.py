"""The sweep kernel: one position of a put-or-take game from its two children.

Every put-or-take solve labels the positions above the small game
(``docs/mathematics.md`` section 3.5) with :func:`sweep_piece`, which runs
:func:`classify` on each position from the top of a piece down.  The
single-process solve (:mod:`solver.engine.put_or_take`) calls it on pieces of
the result array, several threads at a time; a Dask task
(:mod:`solver.engine.dask`) calls it on one chunk of the store, with the put
children above the chunk read from the store.  There is no other copy of
these rules.

For ``x > M`` (``M`` the largest take child of a position up to ``2 B``) the
take child ``t = x - f(x)`` lies in the small game, solved before, and the
put child ``p = x + f(x)`` is above ``x``, labelled earlier in the descending
pass or above the bound.  So ``x`` follows from them at once:

==============================  ==============================================
children                        ``x``
==============================  ==============================================
some child L                    W; remoteness ``1 +`` the least L child's
both children W                 L; remoteness ``1 +`` the greater of the two
``p`` above the bound, or a     U
child U
otherwise (a child D, none L)   D: a certified draw
==============================  ==============================================

Remoteness is an upper bound, exact where the lower bound of the operator of
``docs/mathematics.md`` Lemma 3.2 meets it.  The lower bound of a child is
read in one of two ways:

* *kept*: a ``uint8`` per position (``lam``), as the other put-or-take rules
  keep it while they are solved in memory; a U position's value bounds its
  remoteness whichever it turns out to be;
* *rebuilt*: from the child's code alone (Put-or-Take-a-Square, one byte per
  position, on disk when memory is short): an exact remoteness is its own
  bound; an inexact W is at least 1; an inexact L at least ``2`` and
  ``1 +`` its take child's bound as W (all its children are W); a U position
  at least ``1 + e_B`` (Lemma 3.4, :func:`solver.engine.kernels.escape_moves`).

A put child above the bound counts as W with remoteness at least 1 and as L
with remoteness at least ``1 +`` its take child's bound as W (Lemma 3.5; that
take child is at most ``M``).
"""

from __future__ import annotations

import numba
import numpy as np

from .codes import CODE_D, CODE_U, decode_outcome, decode_packed, encode
from .kernels import escape_moves, even_up, index_down, member_index, odd_up

__all__ = ["classify", "sweep_piece", "sweep_block", "sweep_chunk", "block_start", "bounds_kept", "lower_bound"]

# Outcome codes (solver.engine.solution.Outcome).
_U, _W, _L, _D = 0, 1, 2, 3


@numba.njit(cache=True, inline="always")
def bounds_kept(outcome, lam, imp):
    """``(as W, as L)`` lower bounds on the remoteness of a position whose bound ``lam`` is kept.

    ``imp`` where it cannot have that outcome; a U position's bound is
    raised to the parity of each outcome (normal play).
    """
    v = np.int64(lam)
    if outcome == _W:
        return v, np.int64(imp)
    if outcome == _L:
        return np.int64(imp), v
    if outcome == _U:
        return odd_up(v, imp), even_up(v, imp)
    return np.int64(imp), np.int64(imp)


@numba.njit(cache=True, inline="always")
def _ll_rebuilt(code, o, q, bound, lw_take, cap, imp):
    """Lower bound on the remoteness of ``q <= bound`` as L, from its code ``code`` (outcome ``o``) alone.

    ``lw_take`` is the bound as W of ``q``'s take child (every child of an L
    position is W).
    """
    if o == _L:
        r = np.int64(decode_packed(code, False))
        return r if r >= 0 else even_up(1 + lw_take, imp)
    if o == _U:
        if lw_take >= imp:
            return np.int64(imp)
        v = min(np.int64(cap), 1 + escape_moves(q, bound))
        return max(even_up(v, imp), even_up(1 + lw_take, imp))
    return np.int64(imp)


@numba.njit(cache=True, inline="always")
def _lw_rebuilt(code, o, imp):
    """Lower bound on the remoteness of a position as W, from its code (outcome ``o``) alone."""
    if o == _W:
        r = np.int64(decode_packed(code, False))
        return r if r >= 0 else np.int64(1)
    if o == _U:
        return np.int64(1)
    return np.int64(imp)


@numba.njit(cache=True, inline="always")
def lower_bound(outcome, high, lw_t, ll_t, lw_p, ll_p, floor, cap, imp):
    """The operator of Lemma 3.2 at one position: its new lower bound on remoteness.

    Parameters
    ----------
    outcome : int
        The position's outcome (0 U, 1 W, 2 L, 3 D).
    high : int
        Its remoteness upper bound (W and L).
    lw_t, ll_t, lw_p, ll_p : int
        Bounds as W and as L of its two children (``imp``: impossible).
    floor : int
        The bound it has already (the starting value of the iteration).
    cap, imp : int
        Values are capped at ``cap`` for U (beyond every upper bound) and at
        the upper bound for W and L; ``imp`` for D.
    """
    if outcome == _D:
        return np.int64(imp)
    vw = min(np.int64(imp), 1 + min(ll_t, ll_p))
    vl = min(np.int64(imp), 1 + max(lw_t, lw_p))
    if outcome == _W:
        v = min(vw, np.int64(high))
    elif outcome == _L:
        v = min(vl, np.int64(high))
    else:
        v = min(vw, vl, np.int64(cap))
    return max(np.int64(floor), v)


@numba.njit(cache=True, inline="always")
def classify(x, s, members, j, bound, cp, lam_p, kept, so, shigh, slw, sll, cap, imp):
    """Code and lower bound of a position ``x > M`` from its two children (unchecked).

    Parameters
    ----------
    x : int
        The position.
    s : int
        ``f(x)``; the put child is ``p = x + s``.
    members : numpy.ndarray
        The sequence up to ``2 B``.
    j : int
        An index into ``members`` at or above that of ``f(p)``: walked down
        to it when ``f(p)`` is needed (W, L and, with ``kept``, U).
    bound : int
        The bound ``B``.
    cp : int
        The code of ``p`` (:mod:`solver.engine.codes`); ignored when ``p > B``.
    lam_p : int
        The kept lower bound of ``p`` (with ``kept``).
    kept : bool
        Lower bounds are kept per position (else rebuilt from codes, and a
        U position's bound is not computed: 0 is returned).
    so, shigh, slw, sll : numpy.ndarray
        The small game (positions ``0..M``, :class:`solver.engine.small_game.SmallGame`):
        outcome, remoteness upper bound, and lower bounds as W and as L.
    cap, imp : int
        See :func:`lower_bound`.

    Returns
    -------
    (int, int, int)
        The code of ``x``, its lower bound on remoteness (``imp`` for D) and
        ``j``, walked down or not.
    """
    t = x - s
    p = x + s
    ot = so[t]
    if p <= bound:
        op = decode_outcome(cp)
    else:
        op = -1  # above the bound: unknown, and play leaves the bound there
    if ot == _L or op == _L:
        best = np.int64(shigh[t]) if ot == _L else np.int64(1 << 30)
        if op == _L:
            best = min(best, abs(np.int64(decode_packed(cp, False))))
        high = best + 1
        j = index_down(members, j, p)
        lw_tp = np.int64(slw[p - members[j]])
        if p > bound:
            ll_p = np.int64(imp) if lw_tp >= imp else even_up(1 + lw_tp, imp)
        elif kept:
            ll_p = bounds_kept(op, lam_p, imp)[1]
        else:
            ll_p = _ll_rebuilt(cp, op, p, bound, lw_tp, cap, imp)
        low = lower_bound(_W, high, np.int64(imp), np.int64(sll[t]), np.int64(imp), ll_p, 1, cap, imp)
        return encode(1, high, low >= high), low, j
    if ot == _W and op == _W:
        high = max(np.int64(shigh[t]), abs(np.int64(decode_packed(cp, False)))) + 1
        lw_p = bounds_kept(op, lam_p, imp)[0] if kept else _lw_rebuilt(cp, op, imp)
        low = lower_bound(_L, high, np.int64(slw[t]), np.int64(imp), lw_p, np.int64(imp), 2, cap, imp)
        return encode(2, high, low >= high), low, j
    if op == -1 or ot == _U or op == _U:
        if not kept:
            return CODE_U, np.int64(0), j
        j = index_down(members, j, p)
        lw_tp = np.int64(slw[p - members[j]])
        if p > bound:
            lw_p = np.int64(1)
            ll_p = np.int64(imp) if lw_tp >= imp else even_up(1 + lw_tp, imp)
        else:
            lw_p, ll_p = bounds_kept(op, lam_p, imp)
        floor = min(np.int64(cap), 1 + escape_moves(x, bound))
        low = lower_bound(_U, 0, np.int64(slw[t]), np.int64(sll[t]), lw_p, ll_p, floor, cap, imp)
        return CODE_U, low, j
    return CODE_D, np.int64(imp), j


@numba.njit(cache=True, inline="always")
def sweep_piece(a, b, bound, members, out, out_base, inp, in_base, lam_out, lam_in, so, shigh, slw, sll, cap, imp):
    """Label positions ``b, b - 1, ..., a`` (all above ``M``), each with :func:`classify` (unchecked).

    The code of position ``n`` goes to ``out[n - out_base]``.  A put child
    ``p <= b`` is read from ``out`` (labelled earlier in this call), a put
    child ``b < p <= B`` from ``inp[p - in_base]``.  With lower bounds kept
    (``lam_out`` not empty) they are read and written in ``lam_in`` and
    ``lam_out`` at the same offsets; else they are rebuilt from codes.
    ``members`` holds the sequence up to ``2 B``.

    Inlined into the parallel loops of :func:`sweep_block` and
    :func:`sweep_chunk`: numba compiles it markedly faster there than as a
    function of its own.
    """
    kept = lam_out.shape[0] > 0
    i = member_index(members, b)
    j = member_index(members, b + members[i])
    for x in range(b, a - 1, -1):
        i = index_down(members, i, x)
        s = members[i]
        p = x + s
        cp = np.uint8(0)
        lam_p = np.int64(0)
        if p <= bound:
            if p <= b:
                cp = out[p - out_base]
                if kept:
                    lam_p = np.int64(lam_out[p - out_base])
            else:
                cp = inp[p - in_base]
                if kept:
                    lam_p = np.int64(lam_in[p - in_base])
        code, low, j = classify(x, s, members, j, bound, cp, lam_p, kept, so, shigh, slw, sll, cap, imp)
        out[x - out_base] = code
        if kept:
            lam_out[x - out_base] = low


@numba.njit(cache=True, parallel=True)
def sweep_block(lo, hi, bound, members, codes, lam, so, shigh, slw, sll, cap, imp, n_chunks):
    """Label positions ``lo..hi`` of ``codes`` in ``n_chunks`` pieces on every thread (unchecked).

    Every put child of the block lies above ``hi`` (:func:`block_start`), so
    the pieces are independent; each is one :func:`sweep_piece`.
    """
    width = hi - lo + 1
    for c in numba.prange(n_chunks):
        a = lo + (width * c) // n_chunks
        b = lo + (width * (c + 1)) // n_chunks - 1
        if a <= b:
            sweep_piece(a, b, bound, members, codes, 0, codes, 0, lam, lam, so, shigh, slw, sll, cap, imp)


@numba.njit(cache=True, parallel=True)
def sweep_chunk(a, b, bound, members, out, out_base, inp, in_base, so, shigh, slw, sll, cap, imp):
    """Label positions ``a..b`` into a buffer of their own, reading put children above ``b`` from ``inp`` (unchecked).

    One :func:`sweep_piece` with lower bounds rebuilt from codes, as a Dask
    task runs it on its chunk (:mod:`solver.engine.dask`); the one-iteration
    parallel loop only makes numba compile the piece as it does in
    :func:`sweep_block`.
    """
    none = np.zeros(0, np.uint8)
    for _ in numba.prange(1):
        sweep_piece(a, b, bound, members, out, out_base, inp, in_base, none, none, so, shigh, slw, sll, cap, imp)


@numba.njit(cache=True)
def block_start(hi, members):
    """Smallest ``a >= 1`` with ``a + f(a) > hi``: every put child of ``a..hi`` is above ``hi``."""
    lo = 1
    top = hi
    while lo < top:
        mid = (lo + top) // 2
        i = member_index(members, mid)
        if i >= 0 and mid + members[i] > hi:
            top = mid
        else:
            lo = mid + 1
    return lo
