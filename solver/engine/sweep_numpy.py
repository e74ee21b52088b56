"""The one-byte sweep in numpy, for a fresh install's first solves while numba compiles the kernel.

On a fresh install (numba's cache empty) the serial one-byte sweep kernel
(:func:`solver.engine.sweep._sweep_block_serial`) takes several seconds to
compile, the longest of the page's default view (``docs/performance-page.md``,
"First launch").  Every put child of a block of the sweep lies above the
block (:func:`solver.engine.sweep.block_start`), so a block's positions are
independent of each other and follow from the small game and the positions
above in a few whole-array operations: :func:`sweep_block_numpy` labels a
block that way, the same rules as :func:`solver.engine.sweep.classify`
(without kept lower bounds) on ``int64`` arrays, so it gives the kernel's
codes byte for byte (``tests/test_sweep_numpy.py`` checks it against the
kernel and the brute-force reference).  :func:`solver.engine.sweep.sweep_block`
uses it up to :data:`NUMPY_SWEEP_MAX` positions while the kernel is neither
compiled in this process nor in numba's cache (:func:`kernel_ready`); once
the kernel is there it takes over.

Nothing here calls a numba function, so a solve that uses it never waits for
a compilation in another thread (numba compiles one function at a time).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np

from ..uncompiled import kernel_ready
from .codes import _FIRST_WL, CLASS_D, CLASS_L, CLASS_U, CLASS_UL, CLASS_UW, CLASS_W, CODE_D, CODE_UL, CODE_UW

__all__ = [
    "NUMPY_SWEEP_MAX",
    "fast_codes_numpy",
    "block_start_numpy",
    "take_limit_numpy",
    "sweep_block_numpy",
    "kernel_ready",
    "sweep_path",
    "chosen_path",
]

#: The largest bound whose one-byte sweep runs in numpy while its kernel compiles: the page's default view
#: (``10**6``) in about a tenth of a second, against a few hundredths compiled.
NUMPY_SWEEP_MAX = 10**6

#: A code of the table that sends a position to the W/L rules (the kernel's ``SLOW``).
_SLOW = 255


def _decode_class(code: int) -> int:
    """:func:`solver.engine.codes.decode_class` of one code, in Python."""
    if code < _FIRST_WL:
        return {CODE_D: CLASS_D, CODE_UW: CLASS_UW, CODE_UL: CLASS_UL}.get(code, CLASS_U)
    return CLASS_L if (code - _FIRST_WL) & 1 else CLASS_W


def _decode_packed(code: int) -> int:
    """:func:`solver.engine.codes.decode_packed` of one code (normal play), in Python."""
    if code < _FIRST_WL:
        return -1
    c = code - _FIRST_WL
    r = 2 * (c >> 2) + 1 - (c & 1)
    return r if (c >> 1) & 1 else -r


#: The class and the packed remoteness of every code, as the kernels decode them.
_CLASSES = np.array([_decode_class(code) for code in range(256)], np.int64)
_PACKED = np.array([_decode_packed(code) for code in range(256)], np.int64)


def _possibly_w(c: int) -> bool:
    return c in (CLASS_W, CLASS_U, CLASS_UW)


def _possibly_l(c: int) -> bool:
    return c in (CLASS_L, CLASS_U, CLASS_UL)


def _class_of(proven_w: bool, proven_l: bool, pw: bool, pl: bool) -> int:
    if proven_w:
        return CLASS_W
    if proven_l:
        return CLASS_L
    if pw and pl:
        return CLASS_U
    if pw:
        return CLASS_UW
    return CLASS_UL if pl else CLASS_D


def _code_of_class(c: int) -> int:
    """:func:`solver.engine.codes.encode_class`, in Python."""
    return {CLASS_D: CODE_D, CLASS_UW: CODE_UW, CLASS_UL: CODE_UL}.get(c, 0)


@functools.cache
def fast_codes_numpy() -> np.ndarray:
    """:func:`solver.engine.sweep.fast_codes` without numba: the code by the children's classes, or 255 (W, L).

    The possibility step of :mod:`solver.engine.certificate` for a
    put-or-take position: some child L makes it W, two W children (the put
    child inside the bound) L, else its class is by possibility, a put child
    above the bound counting as possibly either and known as neither.

    Returns
    -------
    numpy.ndarray
        Shape ``(6, 257)``, dtype ``uint8``, read-only: by the take child's
        class and the put child's code (256: above the bound).
    """
    table = np.empty((6, 257), np.uint8)
    for ct in range(6):
        for k in range(257):
            above = k == 256
            cp = CLASS_U if above else int(_CLASSES[k])
            some_l = ct == CLASS_L or (not above and cp == CLASS_L)
            all_w = ct == CLASS_W and not above and cp == CLASS_W
            some_pl = _possibly_l(ct) or above or _possibly_l(cp)
            all_pw = _possibly_w(ct) and (above or _possibly_w(cp))
            proven_l = all_w and not some_l
            c = _class_of(some_l, proven_l, some_pl and not proven_l, all_pw and not some_l)
            table[ct, k] = _SLOW if c in (CLASS_W, CLASS_L) else _code_of_class(c)
    table.flags.writeable = False
    return table


def block_start_numpy(hi: int, members: np.ndarray) -> int:
    """:func:`solver.engine.sweep.block_start` without numba: the least ``a >= 1`` with ``a + f(a) > hi``."""
    lo, top = 1, hi
    while lo < top:
        mid = (lo + top) // 2
        i = int(np.searchsorted(members, mid, side="right")) - 1
        if i >= 0 and mid + int(members[i]) > hi:
            top = mid
        else:
            lo = mid + 1
    return lo


def take_limit_numpy(members: np.ndarray, limit: int) -> int:
    """:func:`solver.engine.small_game.take_limit` without numba: the largest ``x - f(x)`` over ``x <= limit``."""
    k = int(np.searchsorted(members, limit, side="right"))
    if k == 0:
        return 0
    s = members[:k].astype(np.int64)
    end = np.full(k, limit, np.int64)
    nxt = members[1 : k + 1].astype(np.int64) - 1  # the largest x with f(x) = s, where a next member exists
    end[: nxt.size] = np.minimum(nxt, limit)
    return max(0, int((end - s).max()))


def _even_up(v: np.ndarray, imp: int) -> np.ndarray:
    """:func:`solver.engine.kernels.even_up` of each value: the next even number ``>= 2``, or ``imp`` at or above it."""
    return np.where(v >= imp, imp, np.where(v < 2, 2, v + (v & 1)))


def _as_l_from_take(lw_take: np.ndarray, imp: int) -> np.ndarray:
    """:func:`solver.engine.certificate.as_l_from_take` of each value."""
    return np.where(lw_take >= imp, imp, _even_up(1 + lw_take, imp))


def _escape_moves(x: np.ndarray, bound: int) -> np.ndarray:
    """:func:`solver.engine.kernels.escape_moves` of each ``1 <= x``: the doublings that take it above ``bound``."""
    d = np.zeros(x.shape, np.int64)
    x = x.copy()
    inside = x <= bound
    while inside.any():
        x[inside] *= 2
        d[inside] += 1
        inside = x <= bound
    return d


def _encode(outcome: int, high: np.ndarray, exact: np.ndarray) -> np.ndarray:
    """:func:`solver.engine.codes.encode` of W (``outcome`` 1) or L (2) positions."""
    return _FIRST_WL + 4 * (high >> 1) + np.where(exact, 2, 0) + (1 if outcome == CLASS_L else 0)


def _put_codes(x: np.ndarray, s: np.ndarray, b: int, bound: int, out, out_base: int, inp, in_base: int):
    """The put children ``p = x + s`` of positions ``x <= b``, whether each is above the bound, and their codes."""
    p = x + s
    above = p > bound
    inside = np.flatnonzero(~above)
    cp = np.zeros(x.shape, np.int64)
    if inside.size:
        q = p[inside]
        if q.min() <= b:  # pragma: no cover - sweep_block's pieces never have one
            raise ValueError("a put child inside the piece: the numpy sweep labels only blocks of the sweep")
        cp[inside] = np.asarray(inp[q[0] - in_base : q[-1] - in_base + 1])[q - q[0]]
    return p, above, cp


def sweep_piece_numpy(a, b, bound, members, out, out_base, inp, in_base, so, shigh, slw, sll, cap, imp, table):
    """:func:`solver.engine.sweep.sweep_piece` without kept lower bounds, in numpy (unchecked).

    Labels positions ``a..b`` into ``out[n - out_base]``; every put child
    ``b < p <= B`` is read from ``inp[p - in_base]`` (a piece of a block of
    the sweep has no put child at or below ``b``).  A position whose
    children's classes decide its code takes it from ``table``
    (:func:`fast_codes_numpy`); the W and L positions follow the rules of
    :func:`solver.engine.sweep.classify`, with lower bounds rebuilt from
    codes.
    """
    if a > b:
        return
    imp = int(imp)
    x = np.arange(a, b + 1, dtype=np.int64)
    s = members[np.searchsorted(members, x, side="right") - 1]
    t = x - s
    p, above, cp = _put_codes(x, s, b, bound, out, out_base, inp, in_base)
    ct = so[t]
    codes = table[ct, np.where(above, 256, cp)]
    slow = np.flatnonzero(codes == _SLOW)
    if slow.size:
        codes = codes.astype(np.int64)
        codes[slow] = _classify_numpy(slow, t, p, above, cp, ct, bound, members, shigh, slw, sll, cap, imp)
    out[a - out_base : b - out_base + 1] = codes


def _classify_numpy(k, t, p, above, cp, ct, bound, members, shigh, slw, sll, cap, imp):
    """The codes of the W and L positions ``k`` (indices into the piece), as :func:`solver.engine.sweep.classify`."""
    t, p, above, cp, ct = t[k], p[k], above[k], cp[k], ct[k].astype(np.int64)
    cp_cls = np.where(above, CLASS_U, _CLASSES[cp]).astype(np.int64)
    cp_packed = _PACKED[cp]
    high_t = shigh[t].astype(np.int64)
    win = (ct == CLASS_L) | (~above & (cp_cls == CLASS_L))
    codes = np.empty(k.shape, np.int64)
    # W: one more than the least L child; as L, its put child p's bound is rebuilt from p's code.
    w = np.flatnonzero(win)
    if w.size:
        best = np.where(ct[w] == CLASS_L, high_t[w], 1 << 30)
        put_l = ~above[w] & (cp_cls[w] == CLASS_L)
        best = np.where(put_l, np.minimum(best, np.abs(cp_packed[w])), best)
        high = best + 1
        pw = p[w]
        lw_tp = slw[pw - members[np.searchsorted(members, pw, side="right") - 1]].astype(np.int64)
        from_take = _as_l_from_take(lw_tp, imp)
        c = cp_cls[w]
        r = cp_packed[w]
        escape = np.maximum(_even_up(np.minimum(cap, 1 + _escape_moves(pw, bound)), imp), from_take)
        rebuilt = np.where(
            c == CLASS_L,
            np.where(r >= 0, r, from_take),
            np.where((c == CLASS_U) | (c == CLASS_UL), np.where(from_take >= imp, imp, escape), imp),
        )
        ll_p = np.where(above[w], from_take, rebuilt)
        vw = np.minimum(imp, 1 + np.minimum(sll[t[w]].astype(np.int64), ll_p))
        low = np.maximum(1, np.minimum(vw, high))
        codes[w] = _encode(CLASS_W, high, low >= high)
    # L: both children W (the put child inside the bound); one more than the greater.
    lose = np.flatnonzero(~win)
    if lose.size:
        r = cp_packed[lose]
        high = np.maximum(high_t[lose], np.abs(r)) + 1
        lw_p = np.where(cp_cls[lose] == CLASS_W, np.where(r >= 0, r, 1), np.where(cp_cls[lose] == CLASS_UW, 1, imp))
        lw_p = np.where(cp_cls[lose] == CLASS_U, 1, lw_p)
        vl = np.minimum(imp, 1 + np.maximum(slw[t[lose]].astype(np.int64), lw_p))
        low = np.maximum(2, np.minimum(vl, high))
        codes[lose] = _encode(CLASS_L, high, low >= high)
    return codes


def sweep_block_numpy(
    lo, hi, bound, members, out, out_base, inp, in_base, so, shigh, slw, sll, cap, imp, n_chunks, counts
) -> None:
    """:func:`solver.engine.sweep.sweep_block` of a one-byte solve in numpy: the same pieces, codes and counts.

    Parameters are those of :func:`~solver.engine.sweep.sweep_block`
    without the lower-bound arrays (a one-byte solve keeps none); each
    piece's counts go to its row of ``counts``.
    """
    width = hi - lo + 1
    table = fast_codes_numpy()
    for c in range(n_chunks):
        a = lo + (width * c) // n_chunks
        b = lo + (width * (c + 1)) // n_chunks - 1
        if a <= b:
            sweep_piece_numpy(a, b, bound, members, out, out_base, inp, in_base, so, shigh, slw, sll, cap, imp, table)
            counts[c] += np.bincount(out[a - out_base : b - out_base + 1], minlength=256)


# ---------------------------------------------------------------------------
# Which path a thread sweeps with
# ---------------------------------------------------------------------------

_CHOICE = threading.local()


@contextmanager
def sweep_path(path: str) -> Iterator[None]:
    """In this thread, sweep a one-byte solve's single pieces with ``path``, ``"kernel"`` or ``"numpy"``, whatever the bound.

    ``"numpy"`` is a fresh install's path: a single piece that keeps lower
    bounds then runs in numpy too
    (:func:`solver.engine.sweep_kept_numpy.sweep_block_kept_numpy`), not in
    the parallel kernel (:func:`solver.engine.sweep.sweep_block`).
    :func:`solver.compiling.compile_kernels` compiles the kernels this way
    (``"kernel"``: it compiles if it must); the tests compare the two paths
    with it.
    """
    if path not in ("kernel", "numpy"):
        raise ValueError(f"the sweep's path is 'kernel' or 'numpy', not {path!r}")
    before = getattr(_CHOICE, "path", None)
    _CHOICE.path = path
    try:
        yield
    finally:
        _CHOICE.path = before


def chosen_path() -> str | None:
    """The path :func:`sweep_path` chose in this thread, None outside it."""
    return getattr(_CHOICE, "path", None)
