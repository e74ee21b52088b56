"""The small game of a put-or-take rule: positions ``0..M`` and their put chains.

``docs/mathematics.md`` section 3.5.  With ``M`` the largest take child of a
position up to ``2 B``, the positions ``0..M`` together with their put chains
``x, p(x), p(p(x)), ...`` up to ``B`` are closed under moves: a take lands
in ``0..M``, a put moves one step up a chain.  Chains above ``M`` never merge
(``x -> x + f(x)`` is strictly increasing), so the graph needs no
deduplication; it has about ``M + (M / 2) log2(B / M)`` nodes.  It is solved
with its edges (:mod:`solver.engine.graph`), and every position above ``M``
then follows from it in one descending pass (:mod:`solver.engine.sweep`).

Nodes ``0..M`` are the positions ``0..M``; chain nodes follow.  ``take_idx``
and ``put_idx`` are node indices: -1 for no move (positions below the first
member), ``put_idx = -2`` where the put child is above the bound.
"""

from __future__ import annotations

from typing import NamedTuple

import numba
import numpy as np

from .certificate import above_bound, bounds_kept, lower_bound, settled, start_value
from .codes import CLASS_L, CLASS_U, CLASS_UL, CLASS_UW, CLASS_W, MAX_REMOTENESS, pack_small
from .graph import certify, parent_lists
from .kernels import IMPOSSIBLE, member_index
from .small_game_python import solve_nodes
from .sweep_numpy import NUMPY_SWEEP_MAX, chosen_path, kernel_ready

__all__ = ["take_limit", "count_chain_nodes", "build", "lower_bounds", "SmallGame", "solve_small_game"]

#: Node arrays while the small game is solved, in bytes per node (positions,
#: children, parent lists, queue, outcome, remoteness, lower bounds).
BYTES_PER_NODE = 60
#: The largest ``M`` whose small game a fresh install solves in Python while the kernels compile
#: (Put-or-Take-a-Square's at 10**6, ``M`` = 2,826, in 0.07 s; Put-or-Take-a-Cube's, 46,875, in 0.36 s at load 1.7,
#: 2026-11-28, where its kernels took about 3.5 s to compile on that view's path).
PYTHON_MAX_M = 50_000


@numba.njit(cache=True)
def take_limit(members, limit):
    """``M``: the largest take child ``x - f(x)`` of a position ``x <= limit`` (unchecked)."""
    best = 0
    for i in range(members.shape[0]):
        s = members[i]
        if s > limit:
            break
        end = limit
        if i + 1 < members.shape[0] and members[i + 1] - 1 < limit:
            end = members[i + 1] - 1  # the largest x with f(x) = s
        if end - s > best:
            best = end - s
    return best


@numba.njit(cache=True)
def count_chain_nodes(bound, m, members):
    """Number of chain nodes (positions above ``m`` on the put chains of ``0..m``, up to ``bound``)."""
    total = 0
    for x in range(1, m + 1):
        i = member_index(members, x)
        if i < 0:
            continue
        c = x + members[i]
        if c <= m:
            continue
        while c <= bound:
            total += 1
            c = c + members[member_index(members, c)]
    return total


@numba.njit(cache=True)
def build(bound, m, members, position, take_idx, put_idx):
    """Fill the node arrays of the small game (unchecked); return the number of nodes written."""
    for x in range(m + 1):
        position[x] = x
    nxt = m + 1
    for x in range(m + 1):
        i = member_index(members, x)
        if i < 0:
            take_idx[x] = -1
            put_idx[x] = -1
            continue
        s = members[i]
        take_idx[x] = x - s
        c = x + s
        if c <= m:
            put_idx[x] = c
            continue
        if c > bound:
            put_idx[x] = -2
            continue
        put_idx[x] = nxt
        while c <= bound:
            position[nxt] = c
            s = members[member_index(members, c)]
            take_idx[nxt] = c - s
            c = c + s
            put_idx[nxt] = nxt + 1 if c <= bound else -2
            nxt += 1
    return nxt


@numba.njit(cache=True)
def lower_bounds(bound, m, members, position, take_idx, put_idx, cls, rem, lam, cap, imp):
    """Iterate the operator of Lemma 3.2 (:func:`solver.engine.certificate.lower_bound`) to its least fixed point.

    ``cls`` holds each node's class (:mod:`solver.engine.codes`).  ``lam``
    (one value per node) starts at Lemma 3.3's values (W 1, L 2 or 0 at a
    position with no move, D impossible, U ``1 + e_B``, Lemma 3.4) and
    rises until nothing changes; the map is monotone, so every step stays
    sound and the fixed point does not depend on the order of the updates.
    A put child above the bound is W with remoteness at least 1, or L with
    at least ``1 +`` its take child's bound as W (Lemma 3.5).
    """
    size = take_idx.shape[0]
    above_take = np.full(size, -1, np.int64)
    for x in range(size):
        if put_idx[x] == -2:
            s = members[member_index(members, position[x])]
            q = position[x] + s
            tq = q - members[member_index(members, q)]
            if tq <= m:
                above_take[x] = tq
    for x in range(size):
        lam[x] = start_value(cls[x], rem[x], position[x], bound, cap, imp)
    changed = True
    while changed:
        changed = False
        for x in range(size - 1, -1, -1):
            o = cls[x]
            if take_idx[x] < 0 or settled(o, rem[x], lam[x], cap):
                continue
            t = take_idx[x]
            p = put_idx[x]
            lw_t, ll_t = bounds_kept(cls[t], lam[t], imp)
            if p >= 0:
                lw_p, ll_p = bounds_kept(cls[p], lam[p], imp)
            else:
                w = np.int64(1)
                if above_take[x] >= 0:
                    w, _ = bounds_kept(cls[above_take[x]], lam[above_take[x]], imp)
                lw_p, ll_p = above_bound(w, imp)
            v = lower_bound(o, rem[x], lw_t, ll_t, lw_p, ll_p, lam[x], cap, imp)
            if v > lam[x]:
                lam[x] = v
                changed = True


class SmallGame(NamedTuple):
    """The solved small game, as the sweep reads it.

    Attributes
    ----------
    m : int
        ``M``: the small game holds the positions ``0..M`` (and their chains).
    codes : numpy.ndarray
        Shape ``(M + 1,)``, dtype ``uint8``: the code of each position ``0..M``
        (:mod:`solver.engine.codes`), as the result holds them.
    lam : numpy.ndarray
        Shape ``(M + 1,)``, dtype ``uint8``: its lower bound on remoteness, as
        a solve that keeps lower bounds holds it
        (:data:`solver.engine.kernels.IMPOSSIBLE` for D).
    outcome, high, lw, ll : numpy.ndarray
        Shape ``(M + 1,)``: the same decoded for the sweep kernel: the class
        (``int8``, :mod:`solver.engine.codes`: 0 U, 1 W, 2 L, 3 D, 4 U that
        cannot be L, 5 U that cannot be W), the remoteness upper bound
        (``int16``; read only for W and L), the lower bounds as W and as L
        (``int16``, :data:`~solver.engine.kernels.IMPOSSIBLE` where it cannot
        have that outcome).
    cap : int
        Above every remoteness upper bound of the solve.
    """

    m: int
    codes: np.ndarray
    lam: np.ndarray
    outcome: np.ndarray
    high: np.ndarray
    lw: np.ndarray
    ll: np.ndarray
    cap: int

    @property
    def arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """``(outcome, high, lw, ll)``, the arguments the sweep kernel takes."""
        return self.outcome, self.high, self.lw, self.ll


def solve_small_game(members: np.ndarray, bound: int, m: int) -> SmallGame | None:
    """Solve the small game of a put-or-take rule at ``bound`` (``docs/mathematics.md`` section 3.5).

    Parameters
    ----------
    members : numpy.ndarray
        Shape ``(k,)``, dtype ``int64``, increasing: the members of the
        rule's sequence up to ``2 * bound``.
    bound : int
        The bound ``B``.
    m : int
        ``M``, at least every take child of a position up to ``2 B``
        (:func:`take_limit`), at most ``B``.

    Returns
    -------
    SmallGame or None
        None when a remoteness could pass what a one-byte code holds
        (:data:`solver.engine.codes.MAX_REMOTENESS`), never seen at a bound
        this solver indexes.
    """
    if _python_serves(bound, m):
        solved = solve_nodes(members, bound, m, IMPOSSIBLE)
        if solved is None:  # pragma: no cover - never seen at a bound this solver indexes
            return None
        so, sr, lam, cap = solved
    else:
        found = _solve_nodes(members, bound, m)
        if found is None:
            return None
        so, sr, lam, cap = found
    sl = lam.astype(np.int16)
    high = np.abs(sr)
    wl = (so == CLASS_W) | (so == CLASS_L)
    inexact = wl & (sl < sr)
    sr[inexact] = -sr[inexact]
    sr[~wl] = -1
    lw, ll = _split_bounds(so, sl, IMPOSSIBLE)
    return SmallGame(m, pack_small(so, sr), sl.astype(np.uint8), so, high.astype(np.int16), lw, ll, cap)


def _solve_nodes(members: np.ndarray, bound: int, m: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, int] | None:
    """The small game's nodes ``0..M`` solved with the kernels: class, remoteness, lower bound, and the cap."""
    size = m + 1 + int(count_chain_nodes(bound, m, members))
    position = np.empty(size, np.int64)
    take_idx = np.empty(size, np.int64)
    put_idx = np.empty(size, np.int64)
    filled = build(bound, m, members, position, take_idx, put_idx)
    if filled != size:  # pragma: no cover - a kernel bug
        raise RuntimeError(f"the small game has {filled} nodes, expected {size}")
    # The graph in CSR form: a node's children are its take and put (a put
    # above the bound is outside, -1); a position with no move has none.
    has = take_idx >= 0
    indptr = np.zeros(size + 1, np.int64)
    np.cumsum(2 * has, out=indptr[1:])
    kids = np.empty(int(indptr[-1]), np.int64)
    kids[0::2] = take_idx[has]
    kids[1::2] = np.where(put_idx[has] >= 0, put_idx[has], -1)
    pptr, par = parent_lists(indptr, kids)
    none = np.zeros(size, np.bool_)
    cls = np.empty(size, np.int8)
    rem = np.empty(size, np.int16)
    certify(indptr, kids, pptr, par, none, none, none, none, cls, rem)
    del indptr, kids, pptr, par, none
    # Every upper bound is at most the small game's largest plus one per put
    # along a chain; any cap is sound, this one is above every upper bound.
    cap = int(rem.max()) + bound.bit_length() + 4
    if cap > MAX_REMOTENESS:
        return None
    lam = np.empty(size, np.int64)
    lower_bounds(bound, m, members, position, take_idx, put_idx, cls, rem, lam, cap, IMPOSSIBLE)
    return cls[: m + 1].copy(), rem[: m + 1].copy(), lam[: m + 1].copy(), cap


def _python_serves(bound: int, m: int) -> bool:
    """Whether the small game is solved in Python (:mod:`solver.engine.small_game_python`), not by the kernels.

    When the sweep is asked to go in numpy in this thread, or when the bound
    is at most :data:`~solver.engine.sweep_numpy.NUMPY_SWEEP_MAX`, ``M`` at
    most :data:`PYTHON_MAX_M` and the kernels are neither compiled nor in
    numba's cache (a fresh install).
    """
    path = chosen_path()
    if path is not None:
        return path == "numpy"
    if bound > NUMPY_SWEEP_MAX or m > PYTHON_MAX_M:
        return False
    ints, flags = np.zeros(1, np.int64), np.zeros(1, np.bool_)
    certify_args = (ints, ints, ints, ints, flags, flags, flags, flags, np.zeros(1, np.int8), np.zeros(1, np.int16))
    bounds_args = (1, 1, ints, ints, ints, ints, np.zeros(1, np.int8), np.zeros(1, np.int16), ints, 1, 1)
    return not (kernel_ready(certify, certify_args) and kernel_ready(lower_bounds, bounds_args))


def _split_bounds(cls: np.ndarray, lam: np.ndarray, imp: int) -> tuple[np.ndarray, np.ndarray]:
    """The bounds as W and as L of each node (``int16``), from its class and its one kept bound (:func:`bounds_kept`)."""
    v = lam.astype(np.int64)
    odd = np.where(v >= imp, imp, v + 1 - (v & 1))
    even = np.where(v >= imp, imp, np.where(v < 2, 2, v + (v & 1)))
    lw = np.where(cls == CLASS_W, v, np.where((cls == CLASS_U) | (cls == CLASS_UW), odd, imp))
    ll = np.where(cls == CLASS_L, v, np.where((cls == CLASS_U) | (cls == CLASS_UL), even, imp))
    return lw.astype(np.int16), ll.astype(np.int16)
