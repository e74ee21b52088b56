"""Kernels on explicit game graphs: retrograde analysis and the certificate by possibility.

A graph here is small enough to hold its edges: the small game of a
put-or-take rule (``docs/mathematics.md`` section 3.5), and the products of a
rule with a nim heap behind loopy nim values (:mod:`solver.engine.nim`).  It
is given in CSR form: the children of node ``x`` are
``kids[indptr[x]:indptr[x + 1]]``, and a negative child is *outside* the
graph (a position above the bound): never known W or L, but possibly either.

:func:`certify` computes, in two queue passes over the parent lists:

1. the retrograde labels: L when every child is a known W, W when some child
   is a known L, with the bounded remoteness (positions leave the queue in
   order of non-decreasing remoteness, so the first L child seen gives a W
   parent its least remoteness and the last W child an L parent its
   greatest; Winning Ways, vol. 2, "Remoteness");
2. the least sets PW ("possibly W": not L, and some child possibly L or
   outside) and PL ("possibly L": not W, and every child possibly W or
   outside).  Every true W position is in PW and every true L in PL, so a
   position in neither is a draw (``docs/mathematics.md`` section 3.3).

Each node's class then follows by :func:`solver.engine.codes.class_of`, the
rule every draw certificate of the engine ends with.  Extra per-node facts
(``seed_*``, ``block_*``) carry the followers of a product state that lie in
lower nim heaps, already solved.
"""

from __future__ import annotations

import numba
import numpy as np

from .codes import class_of

__all__ = ["parent_lists", "certify"]


@numba.njit(cache=True)
def parent_lists(indptr, kids):
    """Parent lists (CSR) of a graph in CSR form; negative children are outside (unchecked).

    Returns ``(pptr, par)``: the parents of node ``y`` are
    ``par[pptr[y]:pptr[y + 1]]``, in node order (a parent twice if it has
    ``y`` twice as a child).
    """
    v = indptr.shape[0] - 1
    pptr = np.zeros(v + 1, dtype=np.int64)
    for e in range(kids.shape[0]):
        c = kids[e]
        if c >= 0:
            pptr[c + 1] += 1
    for x in range(v):
        pptr[x + 1] += pptr[x]
    fill = pptr[:-1].copy()
    par = np.empty(pptr[v], dtype=np.int64)
    for x in range(v):
        for e in range(indptr[x], indptr[x + 1]):
            c = kids[e]
            if c >= 0:
                par[fill[c]] = x
                fill[c] += 1
    return pptr, par


@numba.njit(cache=True)
def certify(indptr, kids, pptr, par, seed_w, block_l, seed_pw, block_pl, cls, rem):
    """Retrograde labels, remoteness and the classes of every node of a graph (unchecked kernel).

    Parameters
    ----------
    indptr, kids : numpy.ndarray
        The graph (CSR; a negative child is outside).
    pptr, par : numpy.ndarray
        Its parent lists (:func:`parent_lists`).
    seed_w, block_l, seed_pw, block_pl : numpy.ndarray
        Shape ``(V,)``, bool: facts of followers outside ``kids`` (a product
        state's lower nim heaps; all False for a plain game): some such
        follower is known L (the node is W), some is not known W (it cannot
        be known L), some is possibly L (it is possibly W), some is not
        possibly W (it is not possibly L).
    cls : numpy.ndarray
        Shape ``(V,)``, int8, written: the class of each node
        (:data:`solver.engine.codes.CLASS_U` ... ``CLASS_UL``).
    rem : numpy.ndarray
        Shape ``(V,)``, int16, written: the bounded remoteness of W and L
        nodes (an upper bound; 1 for a node seeded W), -1 for the others.
    """
    v = indptr.shape[0] - 1
    inside = np.zeros(v, dtype=np.int64)
    outside = np.zeros(v, dtype=np.bool_)
    for x in range(v):
        for e in range(indptr[x], indptr[x + 1]):
            if kids[e] < 0:
                outside[x] = True
            else:
                inside[x] += 1
    label = np.zeros(v, dtype=np.int8)  # 0 none, 1 W, 2 L
    pending = inside.copy()
    queue = np.empty(2 * v + 1, dtype=np.int64)
    rem[:] = -1
    tail = 0
    for x in range(v):
        if seed_w[x]:
            label[x] = 1
            rem[x] = 1
            queue[tail] = x
            tail += 1
        elif pending[x] == 0 and not outside[x] and not block_l[x]:
            label[x] = 2
            rem[x] = 0
            queue[tail] = x
            tail += 1
    head = 0
    while head < tail:
        y = queue[head]
        head += 1
        for e in range(pptr[y], pptr[y + 1]):
            x = par[e]
            if label[x] != 0:
                continue
            if label[y] == 2:
                label[x] = 1
            else:
                pending[x] -= 1
                if pending[x] != 0 or outside[x] or block_l[x]:
                    continue
                label[x] = 2
            rem[x] = rem[y] + 1
            queue[tail] = x
            tail += 1
    # The least fixed point of the possibilities; queue entries 2x (x entered
    # PW) and 2x + 1 (x entered PL).  An outside child is possibly anything.
    pw = np.zeros(v, dtype=np.bool_)
    pl = np.zeros(v, dtype=np.bool_)
    pending[:] = inside
    head = 0
    tail = 0
    for x in range(v):
        if label[x] != 2 and (outside[x] or seed_pw[x]):
            pw[x] = True
            queue[tail] = 2 * x
            tail += 1
        if pending[x] == 0 and label[x] != 1 and not block_pl[x]:
            pl[x] = True
            queue[tail] = 2 * x + 1
            tail += 1
    while head < tail:
        item = queue[head]
        head += 1
        y = item >> 1
        for e in range(pptr[y], pptr[y + 1]):
            x = par[e]
            if item & 1:  # y possibly L: x possibly W
                if not pw[x] and label[x] != 2:
                    pw[x] = True
                    queue[tail] = 2 * x
                    tail += 1
            else:  # y possibly W: one more child of x possibly W
                pending[x] -= 1
                if pending[x] == 0 and label[x] != 1 and not block_pl[x] and not pl[x]:
                    pl[x] = True
                    queue[tail] = 2 * x + 1
                    tail += 1
    for x in range(v):
        cls[x] = class_of(label[x] == 1, label[x] == 2, pw[x], pl[x])
