"""The certificate's rules, written once: small numba helpers that every kernel of the engine calls.

Every kernel that labels positions (the sweep, the small game, the rounds,
Square-But-One's queue, the explicit graphs, the heap products) applies the
same few rules of ``docs/mathematics.md`` section 3.  Each is here once:

=========================  ===================================================================
helper                     rule
=========================  ===================================================================
:func:`follower`,          the possibility step (section 3.3): a position's facts folded over
:func:`outside`,           its followers, one at a time (some follower L, every follower W,
:func:`take_and_put`,      some follower possibly L, every follower possibly W; a follower
:func:`class_from`         above the bound is possibly both and known as neither; the two
                           followers of a put-or-take position at once), and its class from
                           them (W, L, else by possibility: U, U that cannot be L, U that
                           cannot be W, D)
:func:`possibility_bits`,  the same step as bits (1 possibly W, 2 possibly L), for kernels
:func:`bits_class`         that keep the possibilities of unlabelled positions as bits
:func:`enter_pw`,          the possibility step in queue form: a node enters PW when a
:func:`seed_pl`,           follower enters PL (or lies outside), PL when its last follower
:func:`child_entered`      enters PW
:func:`retrograde_visit`   the retrograde step in queue form: a parent of an L is W, a parent
                           whose last child became W is L (section 3.1)
:func:`start_value`        the starting lower bound of Lemma 3.3 (with the escape distance
                           of Lemma 3.4 for an unresolved position)
:func:`as_l_from_take`,    a position as L from its take child (Lemma 3.2), and the bounds
:func:`above_bound`        of a put child above the bound (Lemma 3.5)
:func:`settled`            whether a lower bound can rise no further (the iterations' stop)
:func:`bounds_kept`        the bounds as W and as L of a position from its class and its one
                           kept bound (raised to the parity of each outcome)
:func:`lower_bound`        the operator of Lemma 3.2 at one position
=========================  ===================================================================

They check nothing.  The helpers that take arrays (the queue forms) are
inlined into their callers by numba (``inline="always"``): as plain calls they
made Square-But-One's solve about twice as slow.  The scalar ones are plain
``njit`` functions, which LLVM inlines once they are linked into the kernel:
inlining them in numba's IR as well changed no run time measurably and made
the first compilation of every kernel (:func:`solver.engine.warm_up` from an
empty cache) take 75 s of CPU instead of 33 s on the project's machine.  A
helper written once cannot drift between kernels.
"""

from __future__ import annotations

import numba
import numpy as np

from .codes import CLASS_D, CLASS_L, CLASS_U, CLASS_UL, CLASS_UW, CLASS_W, class_of, possibly_l, possibly_w
from .kernels import escape_moves, even_up, odd_up

__all__ = [
    "follower",
    "outside",
    "take_and_put",
    "class_from",
    "possibility_bits",
    "bits_class",
    "enter_pw",
    "child_entered",
    "seed_pl",
    "retrograde_visit",
    "start_value",
    "as_l_from_take",
    "above_bound",
    "settled",
    "bounds_kept",
    "lower_bound",
    "NO_FACTS",
]

#: The facts of a position before any follower is folded in:
#: ``(some L, all W, some possibly L, all possibly W)``.
NO_FACTS = (False, True, False, True)


@numba.njit(cache=True)
def follower(c, facts):
    """Fold one follower of class ``c`` into a position's facts (section 3.3); return the new facts.

    The facts are ``(some follower L, every follower W, some follower
    possibly L, every follower possibly W)``, :data:`NO_FACTS` before the
    first follower.
    """
    some_l, all_w, some_pl, all_pw = facts
    return some_l or c == CLASS_L, all_w and c == CLASS_W, some_pl or possibly_l(c), all_pw and possibly_w(c)


@numba.njit(cache=True)
def outside(facts):
    """Fold a follower above the bound: never known W or L, possibly either (section 3.3)."""
    return facts[0], False, True, facts[3]


@numba.njit(cache=True)
def take_and_put(ct, cp, above):
    """The facts of a put-or-take position from its take child's class ``ct`` and its put child's ``cp``.

    ``cp`` is ignored when the put child is ``above`` the bound.
    """
    facts = follower(ct, NO_FACTS)
    if above:
        return outside(facts)
    return follower(cp, facts)


@numba.njit(cache=True)
def class_from(facts):
    """The class of a position from its facts: W, L, or by possibility (Corollary 3.7).

    A proven W is never in PL, a proven L never in PW (Proposition 3.8);
    :func:`~solver.engine.codes.class_of` gives the class.
    """
    some_l, all_w, some_pl, all_pw = facts
    w_b = some_l
    l_b = all_w and not w_b
    return class_of(w_b, l_b, some_pl and not l_b, all_pw and not w_b)


@numba.njit(cache=True)
def possibility_bits(c):
    """A class as possibility bits: 1 possibly W, 2 possibly L."""
    return (1 if possibly_w(c) else 0) | (2 if possibly_l(c) else 0)


@numba.njit(cache=True)
def bits_class(label, bits):
    """The class of a position with retrograde label ``label`` (0 none, 1 W, 2 L) and possibility bits ``bits``."""
    return class_of(label == CLASS_W, label == CLASS_L, bits & 1 == 1, bits & 2 == 2)


@numba.njit(cache=True, inline="always")
def enter_pw(x, label, poss, queue, tail):
    """Put ``x`` in PW (possibility bit 1) unless it is a proven L or already there; queue it as ``2 x``."""
    if poss[x] & 1 == 0 and label[x] != CLASS_L:
        poss[x] |= 1
        queue[tail] = 2 * x
        tail += 1
    return tail


@numba.njit(cache=True, inline="always")
def _enter_pl(x, blocked, label, poss, pending, queue, tail):
    """Put ``x`` in PL (bit 2) when no follower is left outside PW, it is no proven W and nothing blocks it."""
    if pending[x] == 0 and label[x] != CLASS_W and not blocked and poss[x] & 2 == 0:
        poss[x] |= 2
        queue[tail] = 2 * x + 1
        tail += 1
    return tail


@numba.njit(cache=True, inline="always")
def child_entered(x, item, blocked, label, poss, pending, queue, tail):
    """Tell parent ``x`` that a child entered PL (``item`` odd) or PW (even): the possibility step in queue form.

    A child in PL puts ``x`` in PW; ``pending[x]`` counts the children not
    yet in PW, and the last one puts ``x`` in PL (unless ``blocked``).
    Returns the new queue tail.
    """
    if item & 1:
        return enter_pw(x, label, poss, queue, tail)
    pending[x] -= 1
    return _enter_pl(x, blocked, label, poss, pending, queue, tail)


@numba.njit(cache=True, inline="always")
def seed_pl(x, blocked, label, poss, pending, queue, tail):
    """At the start of the queue: ``x`` is in PL when it has no follower to wait for."""
    return _enter_pl(x, blocked, label, poss, pending, queue, tail)


@numba.njit(cache=True, inline="always")
def retrograde_visit(x, child_label, r1, blocked, label, rem, pending, queue, tail):
    """Tell parent ``x`` that a child is settled with label ``child_label`` and remoteness ``r1 - 1`` (section 3.1).

    An L child makes ``x`` a W of remoteness ``r1``; ``pending[x]`` counts the
    children not yet known W, and the last one makes ``x`` an L of
    remoteness ``r1`` (unless ``blocked``: a follower outside, or not W).
    Children leave the queue in order of remoteness, so these are the
    bounded remoteness values.  Returns the new queue tail.
    """
    if label[x] != 0:
        return tail
    if child_label == CLASS_L:
        label[x] = CLASS_W
    else:
        pending[x] -= 1
        if pending[x] != 0 or blocked:
            return tail
        label[x] = CLASS_L
    rem[x] = r1
    queue[tail] = x
    return tail + 1


@numba.njit(cache=True)
def start_value(c, rem, x, bound, cap, imp):
    """The starting lower bound on remoteness of a position of class ``c`` (Lemmas 3.3 and 3.4).

    W 1; L 2, or 0 at a position with no move (``rem == 0``); D impossible
    (``imp``); unresolved ``1 + e_B(x)``, the escape distance, capped at ``cap``.
    """
    if c == CLASS_W:
        return np.int64(1)
    if c == CLASS_L:
        return np.int64(0 if rem == 0 else 2)
    if c == CLASS_D:
        return np.int64(imp)
    return min(np.int64(cap), 1 + escape_moves(max(x, 1), bound))


@numba.njit(cache=True)
def as_l_from_take(lw_take, imp):
    """A lower bound on the remoteness of a position as L from its take child's bound as W, ``lw_take``.

    Every child of an L position is W (Lemma 3.2), so it takes at least
    ``1 + lw_take`` moves, raised to an even number; impossible (``imp``)
    when the take child cannot be W.
    """
    return np.int64(imp) if lw_take >= imp else even_up(1 + lw_take, imp)


@numba.njit(cache=True)
def above_bound(lw_take, imp):
    """Bounds ``(as W, as L)`` of a put child ``q`` above the bound (Lemma 3.5).

    ``lw_take`` bounds the remoteness of ``q``'s take child as W (1 when not
    known): ``q`` as W takes at least 1 move, as L at least ``1 + lw_take``
    (:func:`as_l_from_take`).
    """
    return np.int64(1), as_l_from_take(lw_take, imp)


@numba.njit(cache=True)
def settled(c, rem, lam, cap):
    """Whether a lower bound ``lam`` can rise no further: a D, a W or L certified (``lam >= rem``), or at the cap."""
    if c == CLASS_D:
        return True
    if c == CLASS_W or c == CLASS_L:  # noqa: SIM109 (numba kernel)
        return lam >= rem
    return lam >= cap


@numba.njit(cache=True)
def bounds_kept(cls, lam, imp):
    """``(as W, as L)`` lower bounds on the remoteness of a position of class ``cls`` whose bound ``lam`` is kept.

    ``imp`` where it cannot have that outcome; an unresolved position's
    bound is raised to the parity of each outcome (normal play).
    """
    v = np.int64(lam)
    if cls == CLASS_W:
        return v, np.int64(imp)
    if cls == CLASS_L:
        return np.int64(imp), v
    if cls == CLASS_U:
        return odd_up(v, imp), even_up(v, imp)
    if cls == CLASS_UW:
        return odd_up(v, imp), np.int64(imp)
    if cls == CLASS_UL:
        return np.int64(imp), even_up(v, imp)
    return np.int64(imp), np.int64(imp)


@numba.njit(cache=True)
def lower_bound(cls, high, lw_t, ll_t, lw_p, ll_p, floor, cap, imp):
    """The operator of Lemma 3.2 at one position: its new lower bound on remoteness.

    Parameters
    ----------
    cls : int
        The position's class (:mod:`solver.engine.codes`).
    high : int
        Its remoteness upper bound (W and L).
    lw_t, ll_t, lw_p, ll_p : int
        Bounds as W and as L of its two children (``imp``: impossible).
    floor : int
        The bound it has already (the starting value of the iteration).
    cap, imp : int
        Values are capped at ``cap`` when unresolved (beyond every upper
        bound) and at the upper bound for W and L; ``imp`` for D.

    Returns
    -------
    int
        As W ``1 + min`` of the children's bounds as L, as L ``1 + max`` of
        their bounds as W; an unresolved position takes the least of the
        outcomes it may still have.
    """
    if cls == CLASS_D:
        return np.int64(imp)
    vw = min(np.int64(imp), 1 + min(ll_t, ll_p))
    vl = min(np.int64(imp), 1 + max(lw_t, lw_p))
    if cls == CLASS_W:
        v = min(vw, np.int64(high))
    elif cls == CLASS_L:
        v = min(vl, np.int64(high))
    elif cls == CLASS_UW:
        v = min(vw, np.int64(cap))
    elif cls == CLASS_UL:
        v = min(vl, np.int64(cap))
    else:
        v = min(vw, vl, np.int64(cap))
    return max(np.int64(floor), v)
