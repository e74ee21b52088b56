"""The rounds method in numpy, for a fresh install's first solves of a rule solved by rounds.

The rules whose take children can be large (powers of 2 and 3, factorials,
Fibonacci numbers) are solved by rounds, draws and lower-bound sweeps
(:mod:`solver.engine.rounds`, ``docs/mathematics.md`` section 7.1).  On a
fresh install (numba's cache empty) their kernels take several seconds to
compile, the parallel sweep (``_sweep_pieces``) alone 7.3 s on the powers
of 2's first view (``docs/performance-page.md``, "Every game's first view
near idle").  These sequences have a few dozen members up to ``2 B``, so
every step goes over whole arrays in numpy:

1. *labels by rounds*: the parents of the positions of round ``r - 1`` (the
   put-parent and the take-parents, as :func:`solver.engine.rounds._expand`
   enumerates them) are W when that child is L, and L when both their
   children are W of an earlier round;
2. *possibilities*: every unlabelled position's bits rise together from its
   children's classes until none rises;
3. *lower bounds*: every unsettled position's bound rises together by the
   operator of Lemma 3.2 until none rises or every W and L remoteness is
   certified.

Steps 2 and 3 update every position at once where the kernels sweep down and
up, one position after another; both maps are monotone, so both reach the
same least fixed point above the same starting values (the module docstring
of :mod:`solver.engine.rounds`), and with it the same classes and the same
exact remoteness.  Each step looks at every position while many rise and at
the parents of those that rose otherwise (a superset of those that can rise
either way).  In step 3 the positions whose put child takes back to them
(``x + f(x) < next(f(x))``: for the powers of 3 every ``x`` in
``[3^k, 2 * 3^k)``, paired with ``x + 3^k``) rise first and the others after,
from the values just raised, so a pair's bounds, each following the other,
rise by two moves a step (the powers of 3 at ``10**6``: 11 steps instead of
22, about 2 s in all instead of 11).  The rules of each step are the helpers of
:mod:`solver.engine.certificate` themselves, run by Python over every case
once into small tables (:func:`solver.uncompiled.python_twin`), so nothing
here compiles or waits for numba.  ``tests/test_rounds_numpy.py`` compares
the outputs with the kernels' and the brute force's.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np

from ..uncompiled import python_twin
from .certificate import bits_class, class_from, possibility_bits, take_and_put
from .codes import CLASS_D, CLASS_L, CLASS_U, CLASS_UL, CLASS_UW, CLASS_W
from .sweep_kept_numpy import _bounds_kept
from .sweep_numpy import _as_l_from_take, _escape_moves

__all__ = ["NUMPY_ROUNDS_MAX_MEMBERS", "NUMPY_ROUNDS_MAX_REMOTENESS", "solve_by_rounds_numpy"]

#: The most members up to ``2 B`` of a rule solved by rounds in numpy (the powers of 2 have 21 up to
#: ``2 * 10**6``, the Fibonacci numbers 30): each round looks at every member for each position of the last.
NUMPY_ROUNDS_MAX_MEMBERS = 64

#: The largest bounded remoteness of a solve by rounds in numpy: the unresolved positions' lower bounds rise to
#: ``1 +`` it by about two moves a whole-array step (powers of 2 at ``10**6``: 1; factorials 3; powers of 3 24, in
#: 11 steps), so a larger one would take many steps; no rule reaches it up to ``10**6``.
NUMPY_ROUNDS_MAX_REMOTENESS = 64

#: The "infinite" gap after the last member (:func:`solver.engine.rounds._gap`).
_NO_NEXT = np.int64(1) << np.int64(62)


@functools.cache
def _tables() -> tuple[np.ndarray, np.ndarray]:
    """The class of each label and possibility bits, and the bits a position gets from its children's classes.

    Returns
    -------
    (numpy.ndarray, numpy.ndarray)
        ``(4, 4)`` ``int64``: :func:`~solver.engine.certificate.bits_class`
        by label (0 none, 1 W, 2 L) and bits; ``(6, 7)`` ``int64``: the
        possibility bits of the class by possibility from the take child's
        class and the put child's (column 6: above the bound), read-only.
    """
    classes = python_twin(bits_class)
    by_bits = np.array([[classes(label, bits) for bits in range(4)] for label in range(4)], np.int64)
    facts, of, bits = python_twin(take_and_put), python_twin(class_from), python_twin(possibility_bits)
    raised = np.array(
        [[bits(of(facts(ct, CLASS_U if cp == 6 else cp, cp == 6))) for cp in range(7)] for ct in range(6)], np.int64
    )
    by_bits.flags.writeable = False
    raised.flags.writeable = False
    return by_bits, raised


def _member_at(members: np.ndarray, n: np.ndarray) -> np.ndarray:
    """The index of ``f(n)``, the largest member at most each ``n`` (-1 below the first)."""
    return np.searchsorted(members, n, side="right") - 1


def _distinct(x: np.ndarray, size: int) -> np.ndarray:
    """The distinct values of ``x`` (each in ``0..size - 1``) in increasing order: :func:`numpy.unique` by a mask."""
    seen = np.zeros(size, np.bool_)
    seen[x] = True
    return np.flatnonzero(seen)


def _dense(rose: int, everyone: int) -> bool:
    """Whether the next step looks again at every position rather than only the parents of those that rose.

    Either is a superset of the positions that can rise next; when a large
    share of ``everyone`` rose, enumerating their parents and their distinct
    values costs more than the step it saves.
    """
    return 4 * rose > everyone


def _gaps(members: np.ndarray, i: np.ndarray) -> np.ndarray:
    """``next(s) - s`` for ``s = members[i]``, "infinite" past the last member."""
    nxt = np.minimum(i + 1, members.shape[0] - 1)
    return np.where(i + 1 < members.shape[0], members[nxt] - members[i], _NO_NEXT)


class _Parents:
    """The parents of positions (``x`` with take child ``x - f(x)`` or put child ``x + f(x)`` among them) up to a limit.

    As :func:`solver.engine.rounds._expand` enumerates them: the put-parent
    ``y - s`` of ``y``, ``s`` the largest member with ``2 s <= y``, when
    ``f(y - s) = s``; the take-parents ``y + s`` for the members ``s`` whose
    gap to the next member passes ``y`` (then ``f(y + s) = s``).
    """

    def __init__(self, members: np.ndarray, limit: int) -> None:
        n_small = int(np.searchsorted(members, limit, side="right"))
        gap = _gaps(members, np.arange(n_small, dtype=np.int64))
        order = np.argsort(-gap, kind="stable")
        self.members, self.limit = members, limit
        self.by_gap, self.gap_sorted = members[order].astype(np.int64), gap[order]

    def of(self, ys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(x, s, y)``: each parent ``x <= limit`` of a position of ``ys``, its ``f(x)`` and that child."""
        members = self.members
        parents, steps, children = [], [], []
        put_ys = ys[ys >= 2]
        i = _member_at(members, put_ys // 2)
        has = i >= 0
        put_ys, i = put_ys[has], i[has]
        s = members[i].astype(np.int64)
        put = (put_ys - 2 * s < _gaps(members, i)) & (put_ys - s <= self.limit)
        parents.append(put_ys[put] - s[put])
        steps.append(s[put])
        children.append(put_ys[put])
        for k in range(self.by_gap.shape[0]):
            take_ys = ys[ys < self.gap_sorted[k]]
            x = take_ys + self.by_gap[k]
            inside = x <= self.limit
            parents.append(x[inside])
            steps.append(np.full(int(inside.sum()), self.by_gap[k], np.int64))
            children.append(take_ys[inside])
        return np.concatenate(parents), np.concatenate(steps), np.concatenate(children)


def _label_rounds(members: np.ndarray, bound: int, outcome: np.ndarray, rem: np.ndarray) -> int:
    """Step 1: label every position with a bounded remoteness, round by round; return the largest."""
    parents = _Parents(members, bound)
    outcome[:] = 0
    rem[:] = -1
    first = int(members[0]) if len(members) else bound + 1
    frontier = np.arange(0, min(first, bound + 1), dtype=np.int64)
    outcome[frontier] = 2
    rem[frontier] = 0
    r = 1
    while frontier.size:
        if r >= 32000:
            raise RuntimeError("remoteness beyond the int16 range")
        x, s, y = parents.of(frontier)
        free = outcome[x] == 0
        x, s, y = x[free], s[free], y[free]
        wins = x[outcome[y] == 2]
        x, s = x[outcome[y] == 1], s[outcome[y] == 1]
        t, p = x - s, x + s
        inside = p <= bound
        x, t, p = x[inside], t[inside], p[inside]
        loses = x[(outcome[t] == 1) & (rem[t] < r) & (outcome[p] == 1) & (rem[p] < r)]
        outcome[wins] = 1
        outcome[loses] = 2
        rem[wins] = r
        rem[loses] = r
        frontier = _distinct(np.concatenate([wins, loses]), bound + 1)
        r += 1
    return r - 2


def _possibilities(members: np.ndarray, bound: int, outcome: np.ndarray) -> None:
    """Step 2: the possibility bits of every unlabelled position to their least fixed point, then every class."""
    by_bits, raised = _tables()
    poss = np.zeros(bound + 1, np.int64)
    label = outcome.astype(np.int64)
    parents = _Parents(members, bound)
    everyone = np.flatnonzero(label == 0)
    s_all = np.zeros(bound + 1, np.int64)
    s_all[everyone] = members[_member_at(members, everyone)]
    active = everyone
    while active.size:
        s = s_all[active]
        t, p = active - s, active + s
        above = p > bound
        pc = np.minimum(p, bound)
        ct = by_bits[label[t], poss[t]]
        cp = np.where(above, 6, by_bits[label[pc], poss[pc]])
        new = poss[active] | raised[ct, cp]
        rose = new != poss[active]
        poss[active] = new
        if _dense(int(rose.sum()), everyone.size):
            # Every unlabelled position, a superset of the parents of those that rose.
            x = everyone
        else:
            # Only a parent of a position that rose can rise next.
            x = _distinct(parents.of(active[rose])[0], bound + 1)
        # Both bits: nothing more to rise.
        active = x[(label[x] == 0) & (poss[x] != 3)]
    outcome[:] = by_bits[label, poss]


def _lower_bound(c, high, lw_t, ll_t, lw_p, ll_p, floor, cap: int, imp: int) -> np.ndarray:
    """:func:`solver.engine.certificate.lower_bound` of each position (class ``c``)."""
    vw = np.minimum(imp, 1 + np.minimum(ll_t, ll_p))
    vl = np.minimum(imp, 1 + np.maximum(lw_t, lw_p))
    v = np.where(
        c == CLASS_W,
        np.minimum(vw, high),
        np.where(
            c == CLASS_L,
            np.minimum(vl, high),
            np.where(
                c == CLASS_UW,
                np.minimum(vw, cap),
                np.where(c == CLASS_UL, np.minimum(vl, cap), np.minimum(np.minimum(vw, vl), cap)),
            ),
        ),
    )
    return np.where(c == CLASS_D, imp, np.maximum(floor, v))


def _certify(members: np.ndarray, bound: int, outcome: np.ndarray, rem: np.ndarray, cap: int, imp: int) -> np.ndarray:
    """Step 3: the lower bounds from Lemma 3.3's starting values to the least fixed point (or all W, L certified)."""
    # int32 (every value at most imp <= 32000): half the memory traffic of int64 in each whole-array step.
    cls = outcome.astype(np.int32)
    high = rem.astype(np.int32)
    x = np.arange(bound + 1, dtype=np.int64)
    lam = np.where(cls == CLASS_W, 1, np.where(cls == CLASS_L, np.where(high == 0, 0, 2), imp)).astype(np.int32)
    unresolved = (cls == CLASS_U) | (cls == CLASS_UW) | (cls == CLASS_UL)
    lam[unresolved] = np.minimum(cap, 1 + _escape_moves(np.maximum(x[unresolved], 1), bound))
    i = _member_at(members, x)
    everyone = x[(x >= 1) & (i >= 0)]
    active = everyone
    # Each position's take child, its put child (the bound in place of one above it) and, for a put child
    # above the bound, that child's take child (the bound in place of one above it): fixed, found once.
    s = np.zeros(bound + 1, np.int64)
    s[active] = members[i[active]]
    take, put = x - s, np.minimum(x + s, bound)
    out_of = x + s > bound
    over = np.flatnonzero(out_of)
    q = over + s[over] - members[_member_at(members, over + s[over])].astype(np.int64)
    put_take = np.full(bound + 1, -1, np.int64)
    put_take[over] = np.where(q <= bound, q, -1)
    parents, beyond = _Parents(members, bound), _Parents(members, 2 * bound)
    decided = np.flatnonzero((cls == CLASS_W) | (cls == CLASS_L))
    # The positions whose put child takes back to them: raised before the others in each step, so that the
    # pair's two bounds, each following the other, rise by two moves a step instead of one.
    pair_low = ~out_of & (s > 0) & (s[put] == s)

    def raise_bounds(active: np.ndarray) -> np.ndarray:
        """Raise the bounds of ``active`` by the operator once; return which rose."""
        t, pc = take[active], put[active]
        lw_t, ll_t = _bounds_kept(cls[t], lam[t], imp)
        lw_p, ll_p = _bounds_kept(cls[pc], lam[pc], imp)
        above = np.flatnonzero(out_of[active])
        if above.size:
            qa = put_take[active[above]]
            inside = qa >= 0
            qc = np.where(inside, qa, bound)
            w = np.where(inside, _bounds_kept(cls[qc], lam[qc], imp)[0], 1)
            lw_p[above] = 1
            ll_p[above] = _as_l_from_take(w, imp)
        now = lam[active]
        v = _lower_bound(cls[active], high[active], lw_t, ll_t, lw_p, ll_p, now, cap, imp)
        rose = v > now
        lam[active[rose]] = v[rose]
        return rose

    while active.size:
        c, h, now = cls[active], high[active], lam[active]
        settled = (c == CLASS_D) | np.where((c == CLASS_W) | (c == CLASS_L), now >= h, now >= cap)
        active = active[~settled]
        if not active.size:
            break
        rose = np.zeros(active.size, np.bool_)
        first = pair_low[active]
        for part in (np.flatnonzero(first), np.flatnonzero(~first)):
            rose[part] = raise_bounds(active[part])
        n_rose = int(rose.sum())
        if not n_rose:
            break
        if not (lam[decided] < high[decided]).any():
            break
        if _dense(n_rose, everyone.size):
            active = everyone
        else:
            # Only a parent of a position that rose can rise next, or a parent of a put child above the bound
            # whose take child rose (else every position: a superset of those).
            changed = active[rose]
            up = beyond.of(changed)[0]
            active = _distinct(parents.of(np.concatenate([changed, up[up > bound]]))[0], bound + 1)
    return lam


def solve_by_rounds_numpy(
    members: np.ndarray, bound: int, outcome: np.ndarray, rem: np.ndarray, report: Callable[[float], None]
) -> bool:
    """:func:`solver.engine.rounds.solve_by_rounds` in numpy: the same outcomes and packed remoteness.

    Declines (returns False) when a bounded remoteness passes
    :data:`NUMPY_ROUNDS_MAX_REMOTENESS`: the unresolved positions' bounds
    would then rise through many whole-array steps, where the kernels'
    sweeps down and up take a few (the powers of 3 at ``10**6``, remoteness
    24, take 11 steps).

    Parameters
    ----------
    members : numpy.ndarray
        Shape ``(k,)``, dtype ``int64``, increasing: the rule's sequence up
        to ``2 * bound`` (a few dozen members: :data:`NUMPY_ROUNDS_MAX_MEMBERS`).
    bound : int
        The bound ``B``.
    outcome, rem : numpy.ndarray
        Shape ``(B + 1,)``, dtypes ``int8`` and ``int16``: written with the
        class of each position (0 U, 1 W, 2 L, 3 D, 4 U that cannot be L, 5
        U that cannot be W) and the packed remoteness (``r`` exact, ``-r``
        at most ``r``, -1 for D and U).
    report : callable
        Called with the fraction done.

    Returns
    -------
    bool
        True when solved; False when declined, ``outcome`` and ``rem`` then
        holding only the labels of step 1 (the caller solves again).

    Raises
    ------
    RuntimeError
        If a remoteness passes the ``int16`` range (never seen).
    """
    max_rem = _label_rounds(members, bound, outcome, rem)
    if max_rem > NUMPY_ROUNDS_MAX_REMOTENESS:
        return False
    report(0.5)
    _possibilities(members, bound, outcome)
    report(0.6)
    imp = 255 if max_rem <= 253 else 32000
    lam = _certify(members, bound, outcome, rem, max_rem + 1, imp)
    decided = (outcome == CLASS_W) | (outcome == CLASS_L)
    inexact = decided & (lam < rem)
    rem[inexact] = -rem[inexact]
    rem[~decided] = -1
    report(1.0)
    return True
