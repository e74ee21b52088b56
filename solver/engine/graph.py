"""Kernels on explicit game graphs: parent lists, retrograde analysis and the draw certificate.

A graph here is small enough to hold its edges: the small game of a
put-or-take rule (``docs/mathematics.md`` section 3.5), whose nodes have a
take child and a put child.  Positions leave the retrograde queue in order of
non-decreasing remoteness, so the first L child seen gives a W parent its
least remoteness and the last W child an L parent its greatest (Winning
Ways, vol. 2, "Remoteness").
"""

from __future__ import annotations

import numba
import numpy as np

__all__ = ["parent_lists", "certify_draws", "solve_two_child_graph"]


@numba.njit(cache=True)
def parent_lists(take_idx, put_idx):
    """Parent lists of a graph whose nodes have two children, in CSR form (unchecked).

    ``take_idx`` and ``put_idx`` give each node's two children, a negative
    entry meaning none.  Returns ``(n_parents, parents)``: the parents of
    node ``y`` are ``parents[n_parents[y]:n_parents[y + 1]]``, in node order.
    """
    size = take_idx.shape[0]
    n_parents = np.zeros(size + 1, np.int64)
    for x in range(size):
        if take_idx[x] >= 0:
            n_parents[take_idx[x] + 1] += 1
        if put_idx[x] >= 0:
            n_parents[put_idx[x] + 1] += 1
    for i in range(size):
        n_parents[i + 1] += n_parents[i]
    parents = np.empty(n_parents[size], np.int64)
    fill = n_parents[:size].copy()
    for x in range(size):
        if take_idx[x] >= 0:
            parents[fill[take_idx[x]]] = x
            fill[take_idx[x]] += 1
        if put_idx[x] >= 0:
            parents[fill[put_idx[x]]] = x
            fill[put_idx[x]] += 1
    return n_parents, parents


@numba.njit(cache=True)
def certify_draws(outcome, escapes, n_parents, parents, queue):
    """Split the unlabelled nodes of a graph into U and certified draws (unchecked).

    ``outcome`` holds the retrograde labels (0 unlabelled).  An unlabelled
    node with a path through unlabelled nodes to one with a move above the
    bound (``escapes[x]``) stays U (0); every other unlabelled node becomes
    D (3): the largest set whose members' children are all in it or known
    W (``docs/mathematics.md`` section 3).  ``queue`` is scratch space of
    the nodes' count.
    """
    size = outcome.shape[0]
    head = 0
    tail = 0
    for x in range(size):
        if outcome[x] == 0 and escapes[x]:
            outcome[x] = 4  # provisional mark: reaches beyond the bound
            queue[tail] = x
            tail += 1
    while head < tail:
        y = queue[head]
        head += 1
        for j in range(n_parents[y], n_parents[y + 1]):
            x = parents[j]
            if outcome[x] == 0:
                outcome[x] = 4
                queue[tail] = x
                tail += 1
    for x in range(size):
        if outcome[x] == 0:
            outcome[x] = 3  # D: certified draw
        elif outcome[x] == 4:
            outcome[x] = 0  # U


@numba.njit(cache=True)
def solve_two_child_graph(take_idx, put_idx, outcome, rem):
    """Retrograde analysis and certified draws on a graph of two-child nodes (unchecked).

    ``take_idx[x] = put_idx[x] = -1`` for a node with no move (L, remoteness
    0); ``put_idx[x] = -2`` where the put child is above the bound (never W,
    never L, and play leaves the bound there).  Writes ``outcome`` (0 U, 1 W,
    2 L, 3 D) and ``rem`` (the bounded remoteness, an upper bound; -1 for D
    and U).
    """
    size = take_idx.shape[0]
    n_parents, parents = parent_lists(take_idx, put_idx)
    pending = np.empty(size, np.int8)
    queue = np.empty(size, np.int64)
    outcome[:] = 0
    rem[:] = -1
    tail = 0
    for x in range(size):
        pending[x] = 2 if put_idx[x] >= 0 else 3  # a child above the bound is never W
        if take_idx[x] < 0:
            outcome[x] = 2
            rem[x] = 0
            queue[tail] = x
            tail += 1
    head = 0
    while head < tail:
        y = queue[head]
        head += 1
        for j in range(n_parents[y], n_parents[y + 1]):
            x = parents[j]
            if outcome[x] != 0:
                continue
            if outcome[y] == 2:
                outcome[x] = 1
            else:
                pending[x] -= 1
                if pending[x] != 0:
                    continue
                outcome[x] = 2
            rem[x] = rem[y] + 1
            queue[tail] = x
            tail += 1
    certify_draws(outcome, put_idx == -2, n_parents, parents, queue)
