r"""A game plus a nim heap: sound outcomes of the sums n + \*j, kernel by kernel.

Loopy nim values are read off the outcomes of the sums n + \*j
(``docs/nim-values.md``; :mod:`solver.engine.nim` is the public side, and
each engine of :mod:`solver.engine.engines` picks the computation that suits
its kind of game).  The state (x, j) moves to the game's moves from x with
the heap j kept, or to (x, i) for every i < j.  Layer j (all states with heap
j) depends only on the layers below it, so the heaps are solved one after
another, each lower layer a fixed set of extra followers.

* :func:`graph_layers` runs :func:`solver.engine.graph.certify` on an explicit
  graph, one layer at a time (Square-But-One, closed and exact; a put-or-take
  rule on ``0..B``; the small game of a put-or-take rule);
* :func:`chain_layers` labels the positions above a put-or-take rule's small
  game in one descending pass, every heap at once (``docs/mathematics.md``
  section 3.5);
* :func:`grundy_subtract` gives the ordinary Grundy values of the loop-free
  subtract-a-square.
"""

from __future__ import annotations

import dataclasses

import numba
import numpy as np

from .certificate import NO_FACTS, class_from, follower, take_and_put
from .codes import CLASS_L, CLASS_U, CLASS_UL, CLASS_UW
from .graph import certify, parent_lists
from .kernels import isqrt, member_index
from .small_game import build, count_chain_nodes

__all__ = [
    "HeapOutcomes",
    "graph_layers",
    "chain_layers",
    "grundy_subtract",
    "square_but_one_graph",
    "put_or_take_graph",
    "small_game_graph",
    "unpack_layers",
    "PUT_OR_TAKE_LAYERS",
]

#: Nim heaps j = 0..2 decide every value of a put-or-take rule (at most two followers).
PUT_OR_TAKE_LAYERS = 3


@dataclasses.dataclass(frozen=True)
class HeapOutcomes:
    """Sound outcomes of the sums x + \\*j, or exact Grundy values (:func:`solver.engine.nim.heap_outcomes`).

    Attributes
    ----------
    codes : numpy.ndarray or None
        Shape ``(V, J)`` with ``V > n``, dtype ``int8``: the product state
        codes (the classes of :mod:`solver.engine.codes`: U, W, L, D, U that
        cannot be L, U that cannot be W) of ``(x, j)``, for the heaps
        ``j < J`` solved; None for a loop-free rule.
    bound : int
        The bound of the analysis, or the top of the closed graph solved.
    exact : bool
        True when no outcome can be unknown (the graph solved was closed).
    grundy : numpy.ndarray or None
        Shape ``(n + 1,)``, dtype ``int64``: the ordinary Grundy values of a
        loop-free rule (subtract-a-square), else None.
    """

    codes: np.ndarray | None
    bound: int
    exact: bool
    grundy: np.ndarray | None


@numba.njit(cache=True)
def graph_layers(indptr, kids, max_layers, stop_early):
    """Sound classes of the states (x, j) of the game + nim heap \\*j, j < max_layers.

    Layer j depends only on layers below it (the heap never grows), whose
    states are fixed extra followers of (x, j): each layer is one
    :func:`solver.engine.graph.certify` of the game's graph with those
    followers as seeds and blocks (an outside follower is possibly
    anything).  A state in neither PW nor PL is a draw (docs/nim-values.md,
    Theorem 2).  With ``stop_early``, stop after the first layer with
    neither L nor unknown.  Returns ``(codes, layers_used)``: codes of shape
    ``(V, max_layers)``, the classes of :mod:`solver.engine.codes`.
    """
    v = indptr.shape[0] - 1
    pptr, par = parent_lists(indptr, kids)
    codes = np.zeros((v, max_layers), dtype=np.int8)
    seed_w = np.empty(v, dtype=np.bool_)
    block_l = np.empty(v, dtype=np.bool_)
    seed_pw = np.empty(v, dtype=np.bool_)
    block_pl = np.empty(v, dtype=np.bool_)
    cls = np.empty(v, dtype=np.int8)
    rem = np.empty(v, dtype=np.int16)
    used = 0
    for i in range(max_layers):
        for x in range(v):
            facts = NO_FACTS
            for j in range(i):
                facts = follower(codes[x, j], facts)
            seed_w[x], all_w, seed_pw[x], all_pw = facts
            block_l[x] = not all_w
            block_pl[x] = not all_pw
        certify(indptr, kids, pptr, par, seed_w, block_l, seed_pw, block_pl, cls, rem)
        any_l = False
        any_u = False
        for x in range(v):
            c = cls[x]
            codes[x, i] = c
            if c == CLASS_L:
                any_l = True
            elif c == CLASS_U or c == CLASS_UW or c == CLASS_UL:  # noqa: SIM109 (numba kernel)
                any_u = True
        used = i + 1
        if stop_early and not any_l and not any_u:
            break
    return codes, used


@numba.njit(cache=True)
def chain_layers(bound, m_small, members, small_codes, packed, layers):
    """A put-or-take rule above its small game: one descending pass, all heaps at once.

    ``packed[x]`` holds the class of (x, j) in bits 3j..3j+2.  Positions
    ``0..m_small`` come from the small game; every x > m_small has its take
    child <= m_small and its put child > x, both already final
    (``docs/mathematics.md`` section 3.5), and its lower heaps were computed
    just before in the same pass, so each state follows from its followers
    by the possibility step every certificate shares
    (:func:`solver.engine.certificate.follower`,
    :func:`~solver.engine.certificate.class_from`).
    """
    for x in range(m_small + 1):
        word = 0
        for i in range(layers):
            word |= np.int64(small_codes[x, i]) << (3 * i)
        packed[x] = word
    k = member_index(members, bound)
    for x in range(bound, m_small, -1):
        while members[k] > x:
            k -= 1
        s = members[k]
        t = x - s
        p = x + s
        above = p > bound
        word = 0
        for i in range(layers):
            cp = CLASS_U if above else (np.int64(packed[p]) >> (3 * i)) & 7
            facts = take_and_put(small_codes[t, i], cp, above)
            for j in range(i):
                facts = follower((word >> (3 * j)) & 7, facts)
            word |= class_from(facts) << (3 * i)
        packed[x] = word


@numba.njit(cache=True)
def unpack_layers(packed, n, layers):
    """The classes of (x, j) for x <= n from :func:`chain_layers`'s packed words: shape ``(n + 1, layers)``."""
    codes = np.empty((n + 1, layers), dtype=np.int8)
    for x in range(n + 1):
        w = np.int64(packed[x])
        for i in range(layers):
            codes[x, i] = (w >> (3 * i)) & 7
    return codes


@numba.njit(cache=True)
def grundy_subtract(n):
    """Ordinary Grundy values (mex of followers) of subtract-a-square on 0..n."""
    g = np.zeros(n + 1, dtype=np.int64)
    seen = np.full(isqrt(n) + 3, -1, dtype=np.int64)
    for x in range(1, n + 1):
        k = 1
        while k * k <= x:
            seen[g[x - k * k]] = x
            k += 1
        v = 0
        while seen[v] == x:
            v += 1
        g[x] = v
    return g


@numba.njit(cache=True)
def square_but_one_graph(top, parity):
    """Explicit graph of Square-But-One on 0..top: takes of k*k, then add one."""
    indptr = np.zeros(top + 2, dtype=np.int64)
    for x in range(top + 1):
        d = isqrt(x)
        if x >= 1 and x % 2 == parity:
            d += 1
        indptr[x + 1] = indptr[x] + d
    kids = np.empty(indptr[top + 1], dtype=np.int64)
    for x in range(top + 1):
        e = indptr[x]
        k = 1
        while k * k <= x:
            kids[e] = x - k * k
            e += 1
            k += 1
        if x >= 1 and x % 2 == parity:
            kids[e] = x + 1 if x + 1 <= top else -1
            e += 1
    return indptr, kids


def put_or_take_graph(members: np.ndarray, bound: int) -> tuple[np.ndarray, np.ndarray]:
    """The explicit graph (CSR) of a put-or-take rule on ``0..bound``; a put child above it is outside (-1)."""
    x = np.arange(bound + 1, dtype=np.int64)
    idx = np.searchsorted(members, x, side="right") - 1
    f = np.where(idx >= 0, members[np.maximum(idx, 0)], 0)
    has = f > 0
    degrees = np.where(has, 2, 0)
    indptr = np.zeros(bound + 2, dtype=np.int64)
    np.cumsum(degrees, out=indptr[1:])
    kids = np.empty(int(indptr[-1]), dtype=np.int64)
    starts = indptr[:-1][has]
    kids[starts] = (x - f)[has]
    put = (x + f)[has]
    kids[starts + 1] = np.where(put <= bound, put, -1)
    return indptr, kids


def small_game_graph(members: np.ndarray, bound: int, m: int) -> tuple[np.ndarray, np.ndarray]:
    """The explicit graph (CSR) of the small game of a put-or-take rule whose only position without a move is 0.

    Node ``x <= m`` is position ``x``; chain nodes follow
    (:func:`solver.engine.small_game.build`); a put child above the bound
    is outside (-1).
    """
    size = m + 1 + int(count_chain_nodes(np.int64(bound), np.int64(m), members))
    position = np.empty(size, dtype=np.int64)
    take_idx = np.empty(size, dtype=np.int64)
    put_idx = np.empty(size, dtype=np.int64)
    build(np.int64(bound), np.int64(m), members, position, take_idx, put_idx)
    indptr = np.zeros(size + 1, dtype=np.int64)
    indptr[2:] = 2 * np.arange(1, size, dtype=np.int64)
    kids = np.empty(2 * (size - 1), dtype=np.int64)
    kids[0::2] = take_idx[1:]
    kids[1::2] = np.where(put_idx[1:] >= 0, put_idx[1:], -1)
    return indptr, kids
