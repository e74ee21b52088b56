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

Each step is a helper of :mod:`solver.engine.certificate`
(:func:`~solver.engine.certificate.retrograde_visit`,
:func:`~solver.engine.certificate.child_entered`), shared with
Square-But-One's queue, and each node's class follows by
:func:`~solver.engine.certificate.bits_class`, the rule every draw
certificate of the engine ends with.  Extra per-node facts
(``seed_*``, ``block_*``) carry the followers of a product state that lie in
lower nim heaps, already solved.
"""

from __future__ import annotations

import numba
import numpy as np

from .certificate import bits_class, child_entered, enter_pw, retrograde_visit, seed_pl
from .codes import CLASS_L, CLASS_W

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
    label = np.zeros(v, dtype=np.int8)  # 0 none, 1 W, 2 L (the classes CLASS_W and CLASS_L)
    pending = inside.copy()
    queue = np.empty(2 * v + 1, dtype=np.int64)
    rem[:] = -1
    tail = 0
    for x in range(v):
        if seed_w[x]:
            label[x] = CLASS_W
            rem[x] = 1
            queue[tail] = x
            tail += 1
        elif pending[x] == 0 and not outside[x] and not block_l[x]:
            label[x] = CLASS_L
            rem[x] = 0
            queue[tail] = x
            tail += 1
    head = 0
    while head < tail:
        y = queue[head]
        head += 1
        for e in range(pptr[y], pptr[y + 1]):
            x = par[e]
            tail = retrograde_visit(x, label[y], rem[y] + 1, outside[x] or block_l[x], label, rem, pending, queue, tail)
    # The least fixed point of the possibilities, as bits (1 PW, 2 PL); queue
    # entries 2x (x entered PW) and 2x + 1 (x entered PL).  An outside child
    # is possibly anything.
    poss = np.zeros(v, dtype=np.uint8)
    for x in range(v):  # not pending[:] = inside: a slice copy compiles a shape check with its message, seconds
        pending[x] = inside[x]
    head = 0
    tail = 0
    for x in range(v):
        if outside[x] or seed_pw[x]:
            tail = enter_pw(x, label, poss, queue, tail)
        tail = seed_pl(x, block_pl[x], label, poss, pending, queue, tail)
    while head < tail:
        item = queue[head]
        head += 1
        y = item >> 1
        for e in range(pptr[y], pptr[y + 1]):
            x = par[e]
            tail = child_entered(x, item, block_pl[x], label, poss, pending, queue, tail)
    for x in range(v):
        cls[x] = bits_class(label[x], poss[x])
