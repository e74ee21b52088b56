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
pass or above the bound.  So ``x`` follows from them at once
(``docs/mathematics.md`` sections 3.1 and 3.3):

=====================================  =======================================
children                               ``x``
=====================================  =======================================
some child L                           W; remoteness ``1 +`` the least L
                                       child's
both children W                        L; remoteness ``1 +`` the greater
otherwise, by possibility:             a child possibly L (or ``p`` above the
                                       bound) puts ``x`` in PW; both children
                                       possibly W (``p`` above the bound
                                       counts as possibly W) put it in PL;
                                       in both U, in PW only "U, cannot be
                                       L", in PL only "U, cannot be W", in
                                       neither D, a certified draw
=====================================  =======================================

Remoteness is an upper bound, exact where the lower bound of the operator of
``docs/mathematics.md`` Lemma 3.2 meets it.  The rules themselves (the
possibility step, the operator, Lemma 3.5 above the bound) are the helpers
of :mod:`solver.engine.certificate`, which every kernel shares.  A child that cannot be L offers
no win, one that cannot be W does not bound a loss: its bound is
:data:`~solver.engine.kernels.IMPOSSIBLE`.  The lower bound of a child is read
in one of two ways:

* *kept*: a ``uint8`` per position (``lam``), as the other put-or-take rules
  keep it while they are solved in memory; an unresolved position's value
  bounds its remoteness whichever possible outcome it turns out to have;
* *rebuilt*: from the child's code alone (Put-or-Take-a-Square, one byte per
  position, on disk when memory is short): an exact remoteness is its own
  bound; an inexact W is at least 1; an inexact L at least ``2`` and
  ``1 +`` its take child's bound as W (all its children are W); an
  unresolved position at least ``1 + e_B`` (Lemma 3.4,
  :func:`solver.engine.kernels.escape_moves`).

A put child above the bound counts as W with remoteness at least 1 and as L
with remoteness at least ``1 +`` its take child's bound as W (Lemma 3.5; that
take child is at most ``M``).
"""

from __future__ import annotations

import warnings

import numba
import numpy as np

from .certificate import above_bound, as_l_from_take, bounds_kept, class_from, lower_bound, start_value, take_and_put
from .codes import (
    CLASS_D,
    CLASS_L,
    CLASS_U,
    CLASS_UL,
    CLASS_UW,
    CLASS_W,
    decode_class,
    decode_packed,
    encode,
    encode_class,
)
from .kernels import escape_moves, even_up, index_down, member_index
from .sweep_kept_numpy import sweep_block_kept_numpy
from .sweep_numpy import NUMPY_SWEEP_MAX, chosen_path, kernel_ready, sweep_block_numpy
from .tallies import code_histogram

# sweep_chunk_nogil is compiled by the parallel pipeline on purpose, with no parallel loop (its docstring).
warnings.filterwarnings(
    "ignore",
    message=r"\s*The keyword argument 'parallel=True' was specified but no transformation",
    category=numba.NumbaPerformanceWarning,
)

__all__ = [
    "classify",
    "fast_codes",
    "SLOW",
    "sweep_piece",
    "sweep_block",
    "sweep_chunk_nogil",
    "block_start",
]


@numba.njit(cache=True, inline="always")
def _ll_rebuilt(code, c, q, bound, lw_take, cap, imp):
    """Lower bound on the remoteness of ``q <= bound`` as L, from its code ``code`` (class ``c``) alone.

    ``lw_take`` is the bound as W of ``q``'s take child (every child of an L
    position is W).
    """
    if c == CLASS_L:
        r = np.int64(decode_packed(code, False))
        return r if r >= 0 else as_l_from_take(lw_take, imp)
    if c == CLASS_U or c == CLASS_UL:  # noqa: SIM109 (numba kernel)
        from_take = as_l_from_take(lw_take, imp)
        if from_take >= imp:
            return np.int64(imp)
        return max(even_up(min(np.int64(cap), 1 + escape_moves(q, bound)), imp), from_take)
    return np.int64(imp)


@numba.njit(cache=True, inline="always")
def _lw_rebuilt(code, c, imp):
    """Lower bound on the remoteness of a position as W, from its code (class ``c``) alone."""
    if c == CLASS_W:
        r = np.int64(decode_packed(code, False))
        return r if r >= 0 else np.int64(1)
    if c == CLASS_U or c == CLASS_UW:  # noqa: SIM109 (numba kernel)
        return np.int64(1)
    return np.int64(imp)


#: A code of :func:`fast_codes` that sends a position to :func:`classify`: its code needs remoteness.
SLOW = 255


@numba.njit(cache=True)
def fast_codes():
    """The code of a position above ``M`` whenever its children's classes alone decide it (one-byte solve).

    Returns
    -------
    numpy.ndarray
        Shape ``(6, 257)``, dtype ``uint8``: indexed by the class of the take
        child and the code of the put child (256 when it is above the bound),
        the code :func:`classify` gives without lower bounds: that of the
        class by possibility (the certificate's step,
        :func:`solver.engine.certificate.class_from`), or :data:`SLOW` where
        the position is W or L and its remoteness must be worked out.

    Notes
    -----
    Most positions above ``M`` are U or D, so the sweep reads this table
    once per position instead of decoding and encoding through branches
    that the processor cannot predict; the rule stays the one helper.
    """
    table = np.empty((6, 257), np.uint8)
    for ct in range(6):
        for k in range(257):
            above = k == 256
            c = class_from(take_and_put(ct, CLASS_U if above else decode_class(k), above))
            table[ct, k] = SLOW if c == CLASS_W or c == CLASS_L else encode_class(c)  # noqa: SIM109 (numba kernel)
    return table


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
        Lower bounds are kept per position (else rebuilt from codes, and an
        unresolved position's bound is not computed: 0 is returned).
    so, shigh, slw, sll : numpy.ndarray
        The small game (positions ``0..M``, :class:`solver.engine.small_game.SmallGame`):
        class, remoteness upper bound, and lower bounds as W and as L.
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
    ct = so[t]
    above = p > bound
    cp_cls = decode_class(cp) if not above else CLASS_U
    # The retrograde labels and the possibilities from the two children: an L
    # child (or two W children inside the bound) make x W (L) with remoteness;
    # else its class is by possibility, above the bound counting as both.
    c = class_from(take_and_put(ct, cp_cls, above))
    if c == CLASS_W:
        best = np.int64(shigh[t]) if ct == CLASS_L else np.int64(1 << 30)
        if not above and cp_cls == CLASS_L:
            best = min(best, abs(np.int64(decode_packed(cp, False))))
        high = best + 1
        j = index_down(members, j, p)
        lw_tp = np.int64(slw[p - members[j]])
        if above:
            ll_p = above_bound(lw_tp, imp)[1]
        elif kept:
            ll_p = bounds_kept(cp_cls, lam_p, imp)[1]
        else:
            ll_p = _ll_rebuilt(cp, cp_cls, p, bound, lw_tp, cap, imp)
        low = lower_bound(CLASS_W, high, np.int64(imp), np.int64(sll[t]), np.int64(imp), ll_p, 1, cap, imp)
        return encode(1, high, low >= high), low, j
    if c == CLASS_L:
        high = max(np.int64(shigh[t]), abs(np.int64(decode_packed(cp, False)))) + 1
        lw_p = bounds_kept(cp_cls, lam_p, imp)[0] if kept else _lw_rebuilt(cp, cp_cls, imp)
        low = lower_bound(CLASS_L, high, np.int64(slw[t]), np.int64(imp), lw_p, np.int64(imp), 2, cap, imp)
        return encode(2, high, low >= high), low, j
    if c == CLASS_D or not kept:
        return encode_class(c), np.int64(imp if c == CLASS_D else 0), j
    j = index_down(members, j, p)
    lw_tp = np.int64(slw[p - members[j]])
    if above:
        lw_p, ll_p = above_bound(lw_tp, imp)
    else:
        lw_p, ll_p = bounds_kept(cp_cls, lam_p, imp)
    floor = start_value(c, -1, x, bound, cap, imp)
    low = lower_bound(c, 0, np.int64(slw[t]), np.int64(sll[t]), lw_p, ll_p, floor, cap, imp)
    return encode_class(c), low, j


@numba.njit(cache=True, inline="always")
def sweep_piece(
    a, b, bound, members, out, out_base, inp, in_base, lam_out, lam_in, so, shigh, slw, sll, cap, imp, table
):
    """Label positions ``b, b - 1, ..., a`` (all above ``M``), each with :func:`classify` (unchecked).

    The code of position ``n`` goes to ``out[n - out_base]``.  A put child
    ``p <= b`` is read from ``out`` (labelled earlier in this call), a put
    child ``b < p <= B`` from ``inp[p - in_base]``.  The positions go by runs
    with one member ``f(x)`` and their put children on one side of ``b`` and
    of the bound, so the loop over a run tests nothing but the code it
    reads.  With lower bounds kept
    (``lam_out`` not empty) they are read and written in ``lam_in`` and
    ``lam_out`` at the same offsets; else they are rebuilt from codes.
    ``members`` holds the sequence up to ``2 B``.  Without kept bounds a
    position whose code its children's classes decide takes it from
    ``table`` (:func:`fast_codes`); the others go through :func:`classify`.

    Inlined into the parallel loops of :func:`sweep_block` and into
    :func:`sweep_chunk_nogil`: numba compiles it markedly faster there than as a
    function of its own.
    """
    kept = lam_out.shape[0] > 0
    i = member_index(members, b)
    j = member_index(members, b + members[i])
    top = b
    while top >= a:
        # A run top..bottom: one member s = f(x), and every put child x + s
        # above the bound, or in inp (above b), or in out (at most b).
        while members[i] > top:
            i -= 1
        s = members[i]
        p = top + s
        above = p > bound
        src, src_lam, base = out, lam_out, out_base
        if above:
            bottom = max(a, s, bound - s + 1)
        elif p > b:
            bottom = max(a, s, b - s + 1)
            src, src_lam, base = inp, lam_in, in_base
        else:
            bottom = max(a, s)
        if not kept and (above or p > b):
            # Every put child is final already (above the piece): first the
            # codes the table gives, in a loop with no branch, then the W and
            # L positions it leaves (SLOW), from the top down.
            # Over slices and upwards (the order is free here): the same loop
            # downwards took 1.4 times as long at 10**9 on one thread.
            n = top - bottom + 1
            run = out[bottom - out_base : top - out_base + 1]
            takes = so[bottom - s : top - s + 1]
            if above:
                for k in range(n):
                    run[k] = table[takes[k], 256]
            else:
                puts = src[bottom + s - base : top + s - base + 1]
                for k in range(n):
                    run[k] = table[takes[k], puts[k]]
            for x in range(top, bottom - 1, -1):
                if run[x - bottom] == SLOW:
                    cp = np.uint8(0) if above else src[x + s - base]
                    out[x - out_base], _, j = classify(
                        x, s, members, j, bound, cp, 0, False, so, shigh, slw, sll, cap, imp
                    )
        else:
            for x in range(top, bottom - 1, -1):
                cp = np.uint8(0) if above else src[x + s - base]
                if not kept:
                    fast = table[so[x - s], 256 if above else np.int64(cp)]
                    if fast != SLOW:
                        out[x - out_base] = fast
                        continue
                lam_p = np.int64(0) if above or not kept else np.int64(src_lam[x + s - base])
                code, low, j = classify(x, s, members, j, bound, cp, lam_p, kept, so, shigh, slw, sll, cap, imp)
                out[x - out_base] = code
                if kept:
                    lam_out[x - out_base] = low
        top = bottom - 1


def sweep_block(
    lo,
    hi,
    bound,
    members,
    out,
    out_base,
    inp,
    in_base,
    lam_out,
    lam_in,
    so,
    shigh,
    slw,
    sll,
    cap,
    imp,
    n_chunks,
    counts,
):
    """Label positions ``lo..hi`` into ``out`` in ``n_chunks`` pieces on every thread (unchecked).

    Every put child of the block lies above ``hi`` (:func:`block_start`), so
    the pieces are independent; each is one :func:`sweep_piece`, reading the
    put children from ``inp`` (position ``n`` at ``inp[n - in_base]``) and
    writing position ``n`` to ``out[n - out_base]``: the whole result twice
    (bases 0) in memory, a buffer of the block's positions and one of their
    put children out of core.  The lower bounds, when kept, are at the same
    offsets in ``lam_out`` and ``lam_in``.  Each piece then adds how often
    each code stands in it to its row of ``counts`` (shape ``(n_chunks,
    256)``, ``int64``) while its codes are still in the processor's cache,
    so a solve knows its counts without reading its result again
    (:attr:`solver.engine.solution.Solution.code_counts`).

    One piece (``n_chunks == 1``: every block of a solve up to a few million)
    of a one-byte solve (``lam_out`` empty) runs in a kernel without a
    parallel loop, :func:`_sweep_block_serial`: numba compiles it sooner than
    the parallel one, which the page's default view would otherwise wait for
    on a fresh install, and its many short blocks run four times as fast
    without the parallel loop's start (``docs/performance-page.md``, "First
    launch").  The rest run in :func:`_sweep_block_parallel`: a solve that
    keeps lower bounds ran 1.4 to 1.7 times as long in the serial kernel.
    Both run the same :func:`sweep_piece` on the same pieces, so they give
    the same codes and counts.  While the serial kernel is neither compiled
    nor in numba's cache, a one-byte solve up to
    :data:`~solver.engine.sweep_numpy.NUMPY_SWEEP_MAX` labels its blocks in
    numpy instead (:func:`~solver.engine.sweep_numpy.sweep_block_numpy`,
    the same codes and counts), unless the thread asks for the kernel
    (:func:`~solver.engine.sweep_numpy.sweep_path`).  Likewise one piece
    that keeps lower bounds, up to that bound, runs in the serial kernel
    while the parallel one is neither compiled nor in numba's cache (or the
    thread asks for ``"numpy"``), and in numpy while the serial one is not
    there either (:func:`~solver.engine.sweep_kept_numpy.sweep_block_kept_numpy`,
    the same codes, lower bounds and counts): a fresh install's first view
    of a rule that keeps them (Put-or-Take-a-Cube at ``10**6``) waits for
    no compilation.
    """
    args = (lo, hi, bound, members, out, out_base, inp, in_base, lam_out, lam_in, so, shigh, slw, sll, cap, imp)
    one_byte = lam_out.shape[0] == 0
    serial = n_chunks == 1 and (one_byte or _serial_serves(bound, (*args, n_chunks, counts)))
    kernel = _sweep_block_serial if serial else _sweep_block_parallel
    if serial and _numpy_serves(kernel, bound, (*args, n_chunks, counts)):
        if one_byte:
            sweep_block_numpy(
                lo, hi, bound, members, out, out_base, inp, in_base, so, shigh, slw, sll, cap, imp, 1, counts
            )
        else:
            sweep_block_kept_numpy(*args, 1, counts)
        return
    kernel(*args, n_chunks, counts)


def _serial_serves(bound: int, args: tuple) -> bool:
    """Whether one piece that keeps lower bounds goes to the serial kernel: asked for, or the parallel one not there.

    The thread's :func:`~solver.engine.sweep_numpy.sweep_path` ``"numpy"``
    sends it there, ``"kernel"`` to the parallel kernel; without one, a
    bound up to :data:`~solver.engine.sweep_numpy.NUMPY_SWEEP_MAX` does
    while :func:`_sweep_block_parallel` is neither compiled nor in numba's
    cache (:func:`~solver.engine.sweep_numpy.kernel_ready`).
    """
    path = chosen_path()
    if path is not None:
        return path == "numpy"
    return bound <= NUMPY_SWEEP_MAX and not kernel_ready(_sweep_block_parallel, args)


def _numpy_serves(kernel, bound: int, args: tuple) -> bool:
    """Whether a serial block goes to a numpy sweep: asked for, or a small bound and the kernel not there."""
    path = chosen_path()
    if path is not None:
        return path == "numpy"
    return bound <= NUMPY_SWEEP_MAX and not kernel_ready(kernel, args)


@numba.njit(cache=True)
def _sweep_block_serial(
    lo,
    hi,
    bound,
    members,
    out,
    out_base,
    inp,
    in_base,
    lam_out,
    lam_in,
    so,
    shigh,
    slw,
    sll,
    cap,
    imp,
    n_chunks,
    counts,
):
    """:func:`sweep_block` on this thread: the same pieces, one after another (the same codes and counts)."""
    width = hi - lo + 1
    table = fast_codes()
    for c in range(n_chunks):
        a = lo + (width * c) // n_chunks
        b = lo + (width * (c + 1)) // n_chunks - 1
        if a <= b:
            sweep_piece(
                a, b, bound, members, out, out_base, inp, in_base, lam_out, lam_in, so, shigh, slw, sll, cap, imp, table
            )
            code_histogram(out, a - out_base, b - out_base, counts[c])


@numba.njit(cache=True, parallel=True)
def _sweep_block_parallel(
    lo,
    hi,
    bound,
    members,
    out,
    out_base,
    inp,
    in_base,
    lam_out,
    lam_in,
    so,
    shigh,
    slw,
    sll,
    cap,
    imp,
    n_chunks,
    counts,
):
    """:func:`sweep_block` on every thread (``n_chunks`` pieces in a parallel loop)."""
    width = hi - lo + 1
    table = fast_codes()
    for c in numba.prange(n_chunks):
        a = lo + (width * c) // n_chunks
        b = lo + (width * (c + 1)) // n_chunks - 1
        if a <= b:
            sweep_piece(
                a, b, bound, members, out, out_base, inp, in_base, lam_out, lam_in, so, shigh, slw, sll, cap, imp, table
            )
            code_histogram(out, a - out_base, b - out_base, counts[c])


@numba.njit(cache=True, nogil=True, parallel=True)
def sweep_chunk_nogil(
    a, b, bound, members, out, out_base, inp, in_base, lam_out, lam_in, so, shigh, slw, sll, cap, imp
):
    """Label positions ``a..b`` of one Dask chunk into a buffer of their own, without the GIL (unchecked).

    One :func:`sweep_piece` on one chunk, as :func:`sweep_block` runs it on
    a piece in memory: put children above ``b`` are read from ``inp``, the
    others from ``out`` (labelled earlier in this call).  With lower bounds
    kept (all put-or-take rules but Put-or-Take-a-Square, as
    :func:`sweep_block` keeps them in memory) they are read from ``lam_in``
    (aligned with ``inp``) and written to ``lam_out``; a one-byte solve
    passes empty arrays (``uint8``, shape ``(0,)``) for both.

    A Dask worker runs its chunk tasks as threads of one process
    (``docs/dask.md`` section 3.3).  A kernel with a parallel loop runs in
    numba's threading layer, which the work queue layer (numba's fallback)
    does not let two threads enter at once; one that held the GIL would run
    the threads one at a time.  This one has no parallel loop, so no call
    enters the threading layer (tested), and releases the GIL.  It is compiled by numba's parallel pipeline all the
    same (``parallel=True``; numba warns that it found nothing to run in
    parallel, a warning silenced here): without it the same kernel took 1.25
    to 1.3 times as long on a chunk of ``2**24`` positions (2026-11-29).
    Its codes and lower bounds equal the single process's, chunk by chunk
    (tested).

    Parameters
    ----------
    a, b : int
        The chunk's first and last positions, ``M < a <= b <= B``.
    bound : int
        The bound ``B``.
    members : numpy.ndarray
        The rule's sequence up to ``2 B`` (int64).
    out : numpy.ndarray
        uint8, the chunk's codes: ``out[n - out_base]`` for ``n`` in ``a..b``.
    out_base : int
        The position of ``out[0]``.
    inp : numpy.ndarray
        uint8, the codes of the put children above ``b``: ``inp[p - in_base]``.
    in_base : int
        The position of ``inp[0]`` (``b + 1``).
    lam_out, lam_in : numpy.ndarray
        uint8, the kept lower bounds at the offsets of ``out`` and ``inp``,
        or both empty.
    so, shigh, slw, sll : numpy.ndarray
        The small game's arrays (:func:`classify`).
    cap, imp : int
        See :func:`solver.engine.certificate.lower_bound`.

    Notes
    -----
    Each position is labelled by :func:`classify`, the rules of
    ``docs/mathematics.md`` sections 3.1-3.5.  It raises nothing and checks
    nothing: the Dask task (:func:`solver.engine.dask.label_chunk`) builds
    the arguments, and indices out of range are undefined behaviour.
    """
    table = fast_codes()
    sweep_piece(
        a, b, bound, members, out, out_base, inp, in_base, lam_out, lam_in, so, shigh, slw, sll, cap, imp, table
    )


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
