"""The sweep that keeps a lower bound per position, in numpy, for a fresh install's first solves of such a rule.

The put-or-take rules other than Put-or-Take-a-Square keep a lower bound on
remoteness per position while they are solved in memory (Put-or-Take-a-Cube
by the small game and the sweep, :mod:`solver.engine.sweep`).  On a fresh
install (numba's cache empty) the serial sweep kernel that labels their
pieces, :func:`solver.engine.sweep._sweep_block_serial`, takes several
seconds to compile: the cubes' first view waited 6.5-7.7 s for it
(``docs/performance-page.md``, "Every game's first view near idle").  As
for the one-byte sweep (:mod:`solver.engine.sweep_numpy`), every put child
of a block lies above the block, so its positions follow from the small game
and the positions above in a few whole-array operations, by the rules of
:func:`solver.engine.sweep.classify` with kept lower bounds:

- the class by possibility from the two children (the table of
  :func:`~solver.engine.sweep_numpy.fast_codes_numpy`), W and L where it
  says their remoteness must be worked out (some child L: W, else L);
- W: remoteness ``1 +`` the least L child's, lower bound ``1 + min`` of the
  children's bounds as L; L: ``1 +`` the greater, lower bound ``1 + max``
  of their bounds as W (:func:`solver.engine.certificate.lower_bound`);
- an unresolved position: its bound by the same operator from its
  children's, at least its starting value ``1 + e_B(x)``
  (:func:`solver.engine.certificate.start_value`); a D position ``imp``;
- a put child's bounds from its kept value and class
  (:func:`solver.engine.certificate.bounds_kept`), or above the bound W at
  least 1 and L at least ``1 +`` its take child's bound as W
  (:func:`solver.engine.certificate.above_bound`).

Its codes, lower bounds and counts are the kernel's byte for byte
(``tests/test_sweep_kept.py`` compares them, and the brute force).  Nothing
here calls a numba function, so a solve that uses it never waits for a
compilation in another thread.
"""

from __future__ import annotations

import numpy as np

from .codes import _FIRST_WL, CLASS_L, CLASS_U, CLASS_UL, CLASS_UW, CLASS_W
from .sweep_numpy import (
    _CLASSES,
    _PACKED,
    _SLOW,
    _as_l_from_take,
    _escape_moves,
    _even_up,
    _put_codes,
    fast_codes_numpy,
)

__all__ = ["sweep_block_kept_numpy"]


def _member_below(members: np.ndarray, n: np.ndarray) -> np.ndarray:
    """``f(n)``: the largest member at most each ``n`` (every ``n`` at least the first member)."""
    return members[np.searchsorted(members, n, side="right") - 1].astype(np.int64)


def _bounds_kept(cls: np.ndarray, lam: np.ndarray, imp: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`solver.engine.certificate.bounds_kept` of each position: its bounds as W and as L."""
    odd = np.where(lam >= imp, imp, lam + 1 - (lam & 1))
    even = _even_up(lam, imp)
    lw = np.where(cls == CLASS_W, lam, np.where((cls == CLASS_U) | (cls == CLASS_UW), odd, imp))
    ll = np.where(cls == CLASS_L, lam, np.where((cls == CLASS_U) | (cls == CLASS_UL), even, imp))
    return lw, ll


def sweep_piece_kept_numpy(
    a, b, bound, members, out, out_base, inp, in_base, lam_out, lam_in, so, shigh, slw, sll, cap, imp, table
) -> np.ndarray:
    """:func:`solver.engine.sweep.sweep_piece` with kept lower bounds, in numpy (unchecked).

    Labels positions ``a..b`` (all above ``M``) into ``out[n - out_base]``
    and their lower bounds into ``lam_out[n - out_base]``; every put child
    ``b < p <= B`` is read from ``inp[p - in_base]`` and its bound from
    ``lam_in`` at the same offset (a piece of a block of the sweep has no
    put child at or below ``b``).  ``table`` is
    :func:`~solver.engine.sweep_numpy.fast_codes_numpy`.

    Returns
    -------
    numpy.ndarray
        Shape ``(b - a + 1,)``, dtype ``uint8``: the codes written (empty
        when ``a > b``).

    Raises
    ------
    ValueError
        If a put child lies at or below ``b`` (not a piece of a block).
    """
    if a > b:
        return np.zeros(0, np.uint8)
    imp, cap = int(imp), int(cap)
    x = np.arange(a, b + 1, dtype=np.int64)
    s = _member_below(members, x)
    t = x - s
    p, above, cp = _put_codes(x, s, b, bound, out, out_base, inp, in_base)
    lam_p = np.zeros(x.shape, np.int64)
    inside = np.flatnonzero(~above)
    if inside.size:
        q = p[inside]
        lam_p[inside] = np.asarray(lam_in[q[0] - in_base : q[-1] - in_base + 1])[q - q[0]]
    ct = so[t].astype(np.int64)
    codes = table[ct, np.where(above, 256, cp)].astype(np.int64)
    cp_cls = np.where(above, CLASS_U, _CLASSES[cp])
    cp_packed = _PACKED[cp]
    slow = codes == _SLOW
    win = slow & ((ct == CLASS_L) | (~above & (cp_cls == CLASS_L)))
    lose = slow & ~win
    cls = np.where(slow, CLASS_U, _CLASSES[np.where(slow, 0, codes)])
    cls[win] = CLASS_W
    cls[lose] = CLASS_L
    # The put child's bounds as W and as L: kept, or above the bound from its take child's bound as W.
    lw_p, ll_p = _bounds_kept(cp_cls, lam_p, imp)
    out_of = np.flatnonzero(above)
    if out_of.size:
        q = p[out_of]
        lw_take = slw[q - _member_below(members, q)].astype(np.int64)
        lw_p[out_of] = 1
        ll_p[out_of] = _as_l_from_take(lw_take, imp)
    lw_t = slw[t].astype(np.int64)
    ll_t = sll[t].astype(np.int64)
    vw = np.minimum(imp, 1 + np.minimum(ll_t, ll_p))
    vl = np.minimum(imp, 1 + np.maximum(lw_t, lw_p))
    high_t = shigh[t].astype(np.int64)
    # W: one more than the least L child's remoteness; L: one more than the greater.
    best = np.where(ct == CLASS_L, high_t, 1 << 30)
    best = np.where(~above & (cp_cls == CLASS_L), np.minimum(best, np.abs(cp_packed)), best)
    high = np.where(win, best + 1, np.maximum(high_t, np.abs(cp_packed)) + 1)
    low = np.full(x.shape, imp, np.int64)  # D keeps it
    low = np.where(win, np.maximum(1, np.minimum(vw, high)), low)
    low = np.where(lose, np.maximum(2, np.minimum(vl, high)), low)
    unresolved = np.flatnonzero((cls == CLASS_U) | (cls == CLASS_UW) | (cls == CLASS_UL))
    if unresolved.size:
        c = cls[unresolved]
        floor = np.minimum(cap, 1 + _escape_moves(x[unresolved], bound))
        w, lo_l = vw[unresolved], vl[unresolved]
        v = np.where(
            c == CLASS_UW,
            np.minimum(w, cap),
            np.where(c == CLASS_UL, np.minimum(lo_l, cap), np.minimum(np.minimum(w, lo_l), cap)),
        )
        low[unresolved] = np.maximum(floor, v)
    wl = np.flatnonzero(slow)
    if wl.size:
        h = high[wl]
        codes[wl] = _FIRST_WL + 4 * (h >> 1) + np.where(low[wl] >= h, 2, 0) + np.where(lose[wl], 1, 0)
    written = codes.astype(np.uint8)
    out[a - out_base : b - out_base + 1] = written
    lam_out[a - out_base : b - out_base + 1] = low
    return written


def sweep_block_kept_numpy(
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
) -> None:
    """:func:`solver.engine.sweep.sweep_block` keeping lower bounds, in numpy: the same pieces, codes, bounds, counts.

    Parameters are those of :func:`~solver.engine.sweep.sweep_block`: the
    lower bounds at the same offsets as the codes (``lam_out`` with ``out``,
    ``lam_in`` with ``inp``); each piece's counts go to its row of
    ``counts`` (shape ``(n_chunks, 256)``, ``int64``).
    """
    width = hi - lo + 1
    table = fast_codes_numpy()
    for c in range(n_chunks):
        a = lo + (width * c) // n_chunks
        b = lo + (width * (c + 1)) // n_chunks - 1
        if a <= b:
            args = (a, b, bound, members, out, out_base, inp, in_base, lam_out, lam_in, so, shigh, slw, sll, cap, imp)
            counts[c] += np.bincount(sweep_piece_kept_numpy(*args, table), minlength=256)
