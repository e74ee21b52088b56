"""The small game in plain Python, for a fresh install's first solves while numba compiles its kernels.

The small game of a put-or-take rule at a bound up to
:data:`~solver.engine.sweep_numpy.NUMPY_SWEEP_MAX` has a few thousand nodes
(``docs/mathematics.md`` section 3.5): Python solves it in a fraction of a
second, where compiling its kernels (:func:`solver.engine.small_game.build`,
:func:`solver.engine.graph.certify`, :func:`solver.engine.small_game.lower_bounds`
...) takes seconds.  :func:`solve_nodes` runs the same steps in the same
order on Python integers (every value is far below ``2**63``, so numba's
``int64`` arithmetic and Python's agree): the nodes and their put chains,
the retrograde labels and the possibilities by queue (each step the helper's
of :mod:`solver.engine.certificate`), then the lower bounds of Lemma 3.2 to
their fixed point.  :func:`solver.engine.small_game.solve_small_game` uses it
while the sweep takes its numpy path (:mod:`solver.engine.sweep_numpy`);
``tests/test_sweep_numpy.py`` checks its arrays against the kernels'.
"""

from __future__ import annotations

from bisect import bisect_right

import numpy as np

from .codes import CLASS_D, CLASS_L, CLASS_U, CLASS_UL, CLASS_UW, CLASS_W, MAX_REMOTENESS

__all__ = ["solve_nodes"]


def _odd_up(v: int, imp: int) -> int:
    return imp if v >= imp else (v if v % 2 == 1 else v + 1)


def _even_up(v: int, imp: int) -> int:
    if v >= imp:
        return imp
    if v < 2:
        return 2
    return v if v % 2 == 0 else v + 1


def _bounds_kept(c: int, lam: int, imp: int) -> tuple[int, int]:
    """:func:`solver.engine.certificate.bounds_kept`."""
    if c == CLASS_W:
        return lam, imp
    if c == CLASS_L:
        return imp, lam
    if c == CLASS_U:
        return _odd_up(lam, imp), _even_up(lam, imp)
    if c == CLASS_UW:
        return _odd_up(lam, imp), imp
    if c == CLASS_UL:
        return imp, _even_up(lam, imp)
    return imp, imp


def _lower_bound(c: int, high: int, lw_t: int, ll_t: int, lw_p: int, ll_p: int, floor: int, cap: int, imp: int) -> int:
    """:func:`solver.engine.certificate.lower_bound`."""
    if c == CLASS_D:
        return imp
    vw = min(imp, 1 + min(ll_t, ll_p))
    vl = min(imp, 1 + max(lw_t, lw_p))
    if c == CLASS_W:
        v = min(vw, high)
    elif c == CLASS_L:
        v = min(vl, high)
    elif c == CLASS_UW:
        v = min(vw, cap)
    elif c == CLASS_UL:
        v = min(vl, cap)
    else:
        v = min(vw, vl, cap)
    return max(floor, v)


def _settled(c: int, rem: int, lam: int, cap: int) -> bool:
    """:func:`solver.engine.certificate.settled`."""
    if c == CLASS_D:
        return True
    if c in (CLASS_W, CLASS_L):
        return lam >= rem
    return lam >= cap


def _start_value(c: int, rem: int, x: int, bound: int, cap: int, imp: int) -> int:
    """:func:`solver.engine.certificate.start_value` (with :func:`solver.engine.kernels.escape_moves`)."""
    if c == CLASS_W:
        return 1
    if c == CLASS_L:
        return 0 if rem == 0 else 2
    if c == CLASS_D:
        return imp
    x, d = max(x, 1), 0
    while x <= bound:
        x *= 2
        d += 1
    return min(cap, 1 + d)


def _class_of(label: int, bits: int) -> int:
    """:func:`solver.engine.certificate.bits_class`: the class from the retrograde label and the possibility bits."""
    if label == CLASS_W:
        return CLASS_W
    if label == CLASS_L:
        return CLASS_L
    pw, pl = bits & 1 == 1, bits & 2 == 2
    if pw and pl:
        return CLASS_U
    if pw:
        return CLASS_UW
    return CLASS_UL if pl else CLASS_D


def _nodes(members: list[int], bound: int, m: int) -> tuple[list[int], list[int], list[int]]:
    """:func:`solver.engine.small_game.build`: positions, take and put node indices (-1 no move, -2 above)."""
    position = list(range(m + 1))
    take_idx = [0] * (m + 1)
    put_idx = [0] * (m + 1)
    for x in range(m + 1):
        i = bisect_right(members, x) - 1
        if i < 0:
            take_idx[x] = put_idx[x] = -1
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
        put_idx[x] = len(position)
        while c <= bound:
            position.append(c)
            s = members[bisect_right(members, c) - 1]
            take_idx.append(c - s)
            c += s
            put_idx.append(len(position) if c <= bound else -2)
    return position, take_idx, put_idx


def _certify(kids: list[list[int]]) -> tuple[list[int], list[int]]:
    """:func:`solver.engine.graph.certify` of a plain game (no seeds): each node's class and bounded remoteness."""
    v = len(kids)
    parents: list[list[int]] = [[] for _ in range(v)]
    inside = [0] * v
    outside = [False] * v
    for x, children in enumerate(kids):
        for c in children:
            if c < 0:
                outside[x] = True
            else:
                inside[x] += 1
                parents[c].append(x)
    label = [0] * v
    rem = [-1] * v
    pending = inside[:]
    queue = []
    for x in range(v):
        if pending[x] == 0 and not outside[x]:
            label[x], rem[x] = CLASS_L, 0
            queue.append(x)
    head = 0
    while head < len(queue):  # retrograde_visit
        y = queue[head]
        head += 1
        child_label, r1 = label[y], rem[y] + 1
        for x in parents[y]:
            if label[x] != 0:
                continue
            if child_label == CLASS_L:
                label[x] = CLASS_W
            else:
                pending[x] -= 1
                if pending[x] != 0 or outside[x]:
                    continue
                label[x] = CLASS_L
            rem[x] = r1
            queue.append(x)
    poss = [0] * v
    pending = inside[:]
    queue = []

    def enter_pw(x: int) -> None:
        if poss[x] & 1 == 0 and label[x] != CLASS_L:
            poss[x] |= 1
            queue.append(2 * x)

    def enter_pl(x: int) -> None:
        if pending[x] == 0 and label[x] != CLASS_W and poss[x] & 2 == 0:
            poss[x] |= 2
            queue.append(2 * x + 1)

    for x in range(v):
        if outside[x]:
            enter_pw(x)
        enter_pl(x)
    head = 0
    while head < len(queue):  # child_entered
        item = queue[head]
        head += 1
        for x in parents[item >> 1]:
            if item & 1:
                enter_pw(x)
            else:
                pending[x] -= 1
                enter_pl(x)
    return [_class_of(label[x], poss[x]) for x in range(v)], rem


def solve_nodes(
    members: np.ndarray, bound: int, m: int, imp: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, int] | None:
    """The small game's nodes ``0..M`` solved: class, remoteness, lower bound and the cap, as the kernels give them.

    Parameters
    ----------
    members : numpy.ndarray
        The rule's sequence up to ``2 B``, increasing.
    bound : int
        The bound ``B``.
    m : int
        ``M`` (:func:`solver.engine.small_game.take_limit`).
    imp : int
        :data:`solver.engine.kernels.IMPOSSIBLE`.

    Returns
    -------
    tuple or None
        ``(cls, rem, lam, cap)`` for the nodes ``0..M`` (``int8``,
        ``int16``, ``int64``) and the cap on unresolved bounds, as
        :func:`solver.engine.small_game.solve_small_game` computes them with
        its kernels; None when a remoteness could pass what a one-byte code
        holds.
    """
    ms = [int(s) for s in members]
    position, take_idx, put_idx = _nodes(ms, bound, m)
    kids = [[] if t < 0 else [t, p if p >= 0 else -1] for t, p in zip(take_idx, put_idx, strict=True)]
    cls, rem = _certify(kids)
    cap = max(rem) + bound.bit_length() + 4
    if cap > MAX_REMOTENESS:
        return None
    size = len(position)
    above_take = [-1] * size
    for x in range(size):
        if put_idx[x] == -2:
            q = position[x] + ms[bisect_right(ms, position[x]) - 1]
            tq = q - ms[bisect_right(ms, q) - 1]
            if tq <= m:
                above_take[x] = tq
    lam = [_start_value(cls[x], rem[x], position[x], bound, cap, imp) for x in range(size)]
    changed = True
    while changed:  # lower_bounds: the operator of Lemma 3.2 to its least fixed point, in the kernel's order
        changed = False
        for x in range(size - 1, -1, -1):
            o = cls[x]
            if take_idx[x] < 0 or _settled(o, rem[x], lam[x], cap):
                continue
            t, p = take_idx[x], put_idx[x]
            lw_t, ll_t = _bounds_kept(cls[t], lam[t], imp)
            if p >= 0:
                lw_p, ll_p = _bounds_kept(cls[p], lam[p], imp)
            else:
                w = 1
                if above_take[x] >= 0:
                    w = _bounds_kept(cls[above_take[x]], lam[above_take[x]], imp)[0]
                lw_p, ll_p = 1, (imp if w >= imp else _even_up(1 + w, imp))
            v = _lower_bound(o, rem[x], lw_t, ll_t, lw_p, ll_p, lam[x], cap, imp)
            if v > lam[x]:
                lam[x] = v
                changed = True
    return (
        np.array(cls[: m + 1], np.int8),
        np.array(rem[: m + 1], np.int16),
        np.array(lam[: m + 1], np.int64),
        cap,
    )
