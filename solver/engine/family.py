"""Sound solvers for every rule of the family (:mod:`solver.family`).

:func:`solve_rule` returns a :class:`~solver.solution.Solution` with the same
contract as :func:`solver.retrograde.solve` (outcome codes U=0, W=1, L=2, D=3;
packed remoteness ``r >= 0`` exact, ``-r`` "at most r", ``-1`` for D and U)
for any rule of :data:`solver.family.RULES`, Put-or-Take-a-Square included
(so this general kernel can be checked against the squares fast path).  Every
label is true of the infinite game (``docs/mathematics.md`` section 3).

Put-or-take-a-X (``docs/mathematics.md`` section 7.1)
-----------------------------------------------------
From ``n`` the moves go to ``t(n) = n - f(n)`` and ``p(n) = n + f(n)``, ``f(n)``
the largest member of X not above ``n``.  Two methods give the same labels,
remoteness and certificates (the tests check that they agree); the first is
used where it applies.

**The small game** (squares, cubes, triangular numbers, primes).  Let ``M``
be the largest take child of a position up to ``2 B``: ``t(n) < next(f(n)) -
f(n)``, so ``M`` is about the largest gap of X below ``2 B`` (``2 sqrt(2B)``
for squares, about 300 for primes at ``B = 10**8``).  When ``M <= B / 4`` the
squares solver's decomposition (section 3.5) carries over unchanged: the
positions ``0..M`` and their put chains up to ``B`` (chains never merge,
since ``x -> x + f(x)`` is strictly increasing) are solved by a queue
retrograde analysis, a backward search for the draws and an iteration of the
lower bounds to their fixed point; then one descending pass labels every
``n > M`` from ``t(n) <= M`` and ``p(n) > n``, in blocks whose put children
all lie above the block, the pieces of a block on every thread.

**Rounds and sweeps** (powers of 2 and 3, factorials, Fibonacci numbers,
whose take child can be up to ``n / 2`` or more):

1. *Labels by rounds.*  Round ``r`` labels exactly the positions with
   bounded remoteness ``rem_B = r`` (section 3.1): the unlabelled parents of
   an L-position of remoteness ``r - 1`` are W, and an unlabelled parent of a
   W-position of remoteness ``r - 1`` is L when both its children are at most
   ``B`` and W with remoteness below ``r`` (checked directly).  Round 0 holds
   the positions with no move (0; 0 and 1 for primes).  The positions of one
   round are kept in a list while it is short (at most ``B / 16`` entries) and
   found by scanning the remoteness array otherwise.  Parents are enumerated,
   not stored: ``m`` has at most one put-parent ``m - s``, with ``s`` the
   largest member such that ``2 s <= m``, provided ``m < s + next(s)``; the
   take-parents of ``m`` are ``m + s`` for the members ``s`` whose gap
   ``next(s) - s`` exceeds ``m`` (the members sorted by gap, so these are a
   prefix).  Every edge is followed at most once, from its labelled child.
2. *Certified draws* (section 3.3, Proposition 3.7).  Unlabelled positions
   that can leave the bound through unlabelled positions are marked in the
   outcome array itself by sweeps, alternately descending (which follows put
   moves) and ascending (take moves), until a sweep changes nothing; the
   unmarked rest are D, the marked ones U.
3. *Lower bounds* by sweeps of the operator below, alternately descending
   and ascending, until nothing changes or every W and L remoteness is
   certified.  The sweeps run on every thread and the threads race, but the
   least fixed point above the starting values does not depend on the order
   of the updates, so the result is the same on every run.

**Exact remoteness** (both methods).  One ``uint8`` (``int16`` when the cap
is above 254) lower bound ``lam`` per position: for a W-position a bound on
its remoteness, for an L-position likewise, for a U-position a bound on its
remoteness whichever it is (rounded up to odd when read as W and to even
when read as L).  Starting values are those of Lemma 3.3 and, for U, Lemma
3.4 (``1 + e_B(n)``; no move more than doubles since ``f(n) <= n``).  The
operator is that of Lemma 3.2, with D and the other label counted as
impossible, and a child ``q`` above the bound counted as W >= 1 and L >= 2,
or L >= 1 + lam_W(t(q)) (Lemma 3.5; ``t(q) <= M`` in the small game).  Values
are capped at a cap above every upper bound and at the position's own upper
bound, as Lemma 3.2 allows.  ``rem_B`` is called exact where ``lam >= rem_B``.
This certifies more than :func:`solver.retrograde.solve` does for squares
(at ``B = 10**7``: 5,766 W/L positions left "at most" against 21,068; at
``10**6`` every position up to 10,000 is exact, 5079 and 7917 included, at
their true values W13 and W11); every value it certifies is checked against
solves at much larger bounds.

Memory: the outputs (3 bytes per position while solving, then packed into 1
byte, :mod:`solver.codes`) and ``lam`` (1 byte); the small
game (about ``M log2(B / M)`` nodes of some 60 bytes) or, for rounds, two
round lists of at most ``B / 16 + 1024`` int64 (1 byte per position) while
labelling; the members of X up to ``2 B`` (int64), and for rounds the order
of those up to ``B`` by gap (int32).  Measured: 4.0 bytes per position at
``B = 10**8``, 4.9 for primes (5.8 million members).

Subtract-a-square and its misère form (``docs/mathematics.md`` section 7.2)
---------------------------------------------------------------------------
Loop-free, so every position up to ``B`` is solved exactly: one ascending
pass.  A position not yet marked when the pass reaches it is L ("cold"); from
each cold ``p`` every ``p + k**2 <= B`` is marked W.  Remoteness: W is
``1 + min`` over its L children (pushed from the cold positions, in order),
L is ``1 + max`` over its (all W) children.  The same recurrence holds in
misère play with the base changed: 0 has no move, so the player to move there
has *won*: 0 is W with remoteness 0 (remoteness counts the moves to the end
of the game, the winner hurrying and the loser delaying).  Then 1 is L with
remoteness 1, W-positions have even and L-positions odd remoteness.  The
cold positions are OEIS A030193 (normal play).  Cost ``O(#cold * sqrt(B))``.

Square-But-One (``docs/mathematics.md`` section 7.3)
----------------------------------------------------
Take any square, or add one when ``n`` is even and positive
(``square-but-one``) or odd (``square-but-one-odd``).  Queue retrograde
analysis on ``0..B`` with a counter of children not yet known to be W per
position and parents enumerated (``m + k**2``, and ``m - 1`` when ``m - 1``
has the add move); the add child ``B + 1`` of ``B`` is unknown.  Then the
certified draws by a backward search from the positions that leave the bound.
Play from ``n`` never passes ``n + 1``, so every position below ``B`` gets its
true value, and every remoteness is exact (also at ``B``: if ``B + 1`` were L
its child ``B`` would have remoteness below it, so it cannot be ``B``'s
quickest win).  The lesson this rule comes from says that after 0 and 5 (L),
the squares and ``5 + k**2`` (W), "all remaining numbers are draws".  The
analysis confirms it for every ``n < B`` it was run on (up to ``10**6``): L
is exactly {0, 5}, W exactly the squares and ``5 + k**2``, everything else a
certified D; only ``B`` itself can be U (when it has the add move and no
take to an L-position), see :data:`SQUARE_BUT_ONE_NOTE`.  The odd-heap
variant is different: L = {0, 2, 5, 10, 15, 20} up to ``10**6``, and many
W-positions are neither squares nor ``5 + k**2`` (3, 11, 18, 19, 24, ...).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import numba
import numpy as np

from solver import config, costs
from solver.games.family import KIND_PUT_OR_TAKE, KIND_SQUARE_BUT_ONE, KIND_SUBTRACT, Rule, get_rule
from solver.validation import check_integer

from .codes import fits as codes_fit
from .codes import pack
from .solution import BoundTooLargeError, Solution
from .squares import _certify_draws, _isqrt, _parent_lists

__all__ = [
    "solve_rule",
    "estimate_rule_bytes",
    "estimate_rule_seconds",
    "check_rule_bound",
    "cold_positions",
    "warm_up",
    "MAX_LOWER_BOUND_SWEEPS",
    "SQUARE_BUT_ONE_NOTE",
]

#: Most lower-bound sweeps of a put-or-take solve (each one pass over 0..B); a
#: safety net only: the sweeps stop at the fixed point, reached after a few
#: dozen at most in every measurement.
MAX_LOWER_BOUND_SWEEPS = 1000

#: What the analysis certifies for Square-But-One, against its source's claim.
SQUARE_BUT_ONE_NOTE = (
    "The source says that after 0 and 5 (L), the squares and 5 + k² (W), all remaining numbers are draws. "
    "The analysis certifies exactly that for every position below the bound (checked up to 1,000,000): "
    "L = {0, 5}, W = the squares and 5 + k², every other position a certified draw. "
    "Only the bound itself can stay unresolved, when it may add one and no take reaches an L-position."
)

#: Largest bound any kernel accepts: children up to 2 B must fit in int64.
MAX_BOUND = 1 << 61

_U, _W, _L, _D, _MARK = 0, 1, 2, 3, 4


# ---------------------------------------------------------------------------
# Put-or-take kernels
# ---------------------------------------------------------------------------


@numba.njit(cache=True, inline="always")
def _visit(x, s, oy, r, bound, outcome, rem, nxt, count, cap_next):
    """Label parent ``x`` (with ``f(x) = s``) of a round-``r - 1`` position."""
    if outcome[x] != 0:
        return count
    if oy == 2:
        outcome[x] = 1
        rem[x] = r
    else:
        t = x - s
        p = x + s
        if p > bound:
            return count
        if outcome[t] != 1 or rem[t] >= r or outcome[p] != 1 or rem[p] >= r:
            return count
        outcome[x] = 2
        rem[x] = r
    if count < cap_next:
        nxt[count] = x
    return count + 1


@numba.njit(cache=True, inline="always")
def _gap(members, i):
    """``next(s) - s`` for ``s = members[i]``; "infinite" (2**62) past the last member."""
    if i + 1 < members.shape[0]:
        return members[i + 1] - members[i]
    return np.int64(1) << np.int64(62)


@numba.njit(cache=True, inline="always")
def _expand(y, r, bound, members, order, n_small, outcome, rem, nxt, count, cap_next):
    """Visit every parent ``x <= bound`` of ``y`` (a position of round ``r - 1``)."""
    oy = outcome[y]
    if y >= 2:
        i = np.searchsorted(members, y // 2, side="right") - 1
        if i >= 0:
            s = members[i]
            if y - 2 * s < _gap(members, i):
                count = _visit(y - s, s, oy, r, bound, outcome, rem, nxt, count, cap_next)
    for j in range(n_small):
        i = order[j]
        if _gap(members, i) <= y:
            break
        x = y + members[i]
        if x <= bound:
            count = _visit(x, members[i], oy, r, bound, outcome, rem, nxt, count, cap_next)
    return count


@numba.njit(cache=True)
def _pt_round(r, bound, members, order, n_small, outcome, rem, frontier, n_front, scan, nxt, cap_next):
    """One round: label every position of ``rem_B = r``; return how many (may exceed ``cap_next``)."""
    count = 0
    if scan:
        for y in range(bound + 1):
            if rem[y] == r - 1 and outcome[y] != 0:
                count = _expand(y, r, bound, members, order, n_small, outcome, rem, nxt, count, cap_next)
    else:
        for j in range(n_front):
            count = _expand(frontier[j], r, bound, members, order, n_small, outcome, rem, nxt, count, cap_next)
    return count


@numba.njit(cache=True, inline="always")
def _index_up(members, i, x):
    while i + 1 < members.shape[0] and members[i + 1] <= x:
        i += 1
    return i


@numba.njit(cache=True, inline="always")
def _index_down(members, i, x):
    while i >= 0 and members[i] > x:
        i -= 1
    return i


@numba.njit(cache=True, parallel=True)
def _pt_escape_sweep(bound, members, outcome, descending, n_chunks):
    """Mark (code 4) unlabelled positions with an unlabelled path out of the bound."""
    changed = np.zeros(n_chunks, np.uint8)
    for c in numba.prange(n_chunks):
        a = 1 + (bound * c) // n_chunks
        b = 1 + (bound * (c + 1)) // n_chunks  # positions a..b-1
        if a >= b:
            continue
        if descending:
            i = np.searchsorted(members, b - 1, side="right") - 1
            for x in range(b - 1, a - 1, -1):
                i = _index_down(members, i, x)
                if outcome[x] != 0 or i < 0:
                    continue
                s = members[i]
                p = x + s
                if p > bound or outcome[x - s] == 4 or outcome[p] == 4:
                    outcome[x] = 4
                    changed[c] = 1
        else:
            i = np.searchsorted(members, a, side="right") - 1
            for x in range(a, b):
                i = _index_up(members, i, x)
                if outcome[x] != 0 or i < 0:
                    continue
                s = members[i]
                p = x + s
                if p > bound or outcome[x - s] == 4 or outcome[p] == 4:
                    outcome[x] = 4
                    changed[c] = 1
    return changed.any()


@numba.njit(cache=True, parallel=True)
def _finish_draws(outcome, n_chunks):
    """Unmarked unlabelled positions are D (3); marked ones U (0)."""
    size = outcome.shape[0]
    for c in numba.prange(n_chunks):
        for x in range((size * c) // n_chunks, (size * (c + 1)) // n_chunks):
            o = outcome[x]
            if o == 0:
                outcome[x] = 3
            elif o == 4:
                outcome[x] = 0


@numba.njit(cache=True, inline="always")
def _odd_up(v, imp):
    if v >= imp:
        return imp
    return v if v % 2 == 1 else v + 1


@numba.njit(cache=True, inline="always")
def _even_up(v, imp):
    if v >= imp:
        return imp
    if v < 2:
        return 2
    return v if v % 2 == 0 else v + 1


@numba.njit(cache=True, inline="always")
def _lam_w(c, outcome, lam, imp):
    """Lower bound on the remoteness of ``c <= B`` if it is W (``imp``: it is not)."""
    o = outcome[c]
    if o == 1:
        return np.int64(lam[c])
    if o == 0:
        return _odd_up(np.int64(lam[c]), imp)
    return imp


@numba.njit(cache=True, inline="always")
def _lam_l(c, outcome, lam, imp):
    """Lower bound on the remoteness of ``c <= B`` if it is L (``imp``: it is not)."""
    o = outcome[c]
    if o == 2:
        return np.int64(lam[c])
    if o == 0:
        return _even_up(np.int64(lam[c]), imp)
    return imp


@numba.njit(cache=True)
def _escape_moves(x, bound):
    """Fewest moves from ``x <= bound`` to above the bound (a move at most doubles)."""
    d = 0
    while x <= bound:
        x *= 2
        d += 1
    return d


@numba.njit(cache=True, parallel=True)
def _lam_init(bound, outcome, rem, lam, cap, imp, n_chunks):
    size = bound + 1
    for c in numba.prange(n_chunks):
        for x in range((size * c) // n_chunks, (size * (c + 1)) // n_chunks):
            o = outcome[x]
            if o == 1:
                lam[x] = 1
            elif o == 2:
                lam[x] = 0 if rem[x] == 0 else 2
            elif o == 3:
                lam[x] = imp
            else:
                lam[x] = min(cap, 1 + _escape_moves(max(x, 1), bound))


@numba.njit(cache=True, inline="always")
def _lam_update(x, s, sp, bound, outcome, rem, lam, cap, imp, final_below, final_above):
    """Apply the operator of Lemma 3.2 at ``x`` (``s = f(x)``, ``sp = f(p(x))``); True if raised.

    For a put child ``q`` above the bound, Lemma 3.5 uses ``t(q)`` when its
    bound is final: at most ``final_below`` or above ``final_above``.
    """
    o = outcome[x]
    t = x - s
    p = x + s
    llt = _lam_l(t, outcome, lam, imp)
    lwt = _lam_w(t, outcome, lam, imp)
    if p <= bound:
        llp = _lam_l(p, outcome, lam, imp)
        lwp = _lam_w(p, outcome, lam, imp)
    else:
        lwp = 1
        llp = 2
        tp = p - sp
        if tp <= final_below or (final_above < tp <= bound):
            w = _lam_w(tp, outcome, lam, imp)
            llp = imp if w >= imp else _even_up(1 + w, imp)
    vw = min(imp, 1 + min(llt, llp))
    vl = min(imp, 1 + max(lwt, lwp))
    if o == 1:
        v = min(vw, np.int64(rem[x]))
    elif o == 2:
        v = min(vl, np.int64(rem[x]))
    else:
        v = min(vw, vl, cap)
    if v > lam[x]:
        lam[x] = v
        return True
    return False


@numba.njit(cache=True, inline="always")
def _settled(x, outcome, rem, lam, cap):
    """True when ``lam[x]`` can rise no further: D, a certified W/L, or U at the cap."""
    o = outcome[x]
    if o == 3:
        return True
    if o == 0:
        return lam[x] >= cap
    return lam[x] >= rem[x]


@numba.njit(cache=True, parallel=True)
def _lam_sweep(bound, members, outcome, rem, lam, cap, imp, descending, n_chunks):
    """One sweep of lower-bound updates over 1..B; True if some value rose."""
    changed = np.zeros(n_chunks, np.uint8)
    for c in numba.prange(n_chunks):
        a = 1 + (bound * c) // n_chunks
        b = 1 + (bound * (c + 1)) // n_chunks
        if a >= b:
            continue
        if descending:
            i = np.searchsorted(members, b - 1, side="right") - 1
            j = np.searchsorted(members, 2 * (b - 1), side="right") - 1
            for x in range(b - 1, a - 1, -1):
                i = _index_down(members, i, x)
                if i < 0 or _settled(x, outcome, rem, lam, cap):
                    continue
                s = members[i]
                j = _index_down(members, j, x + s)
                if _lam_update(x, s, members[j], bound, outcome, rem, lam, cap, imp, bound, bound):
                    changed[c] = 1
        else:
            i = np.searchsorted(members, a, side="right") - 1
            j = np.searchsorted(members, a, side="right") - 1
            for x in range(a, b):
                i = _index_up(members, i, x)
                if i < 0 or _settled(x, outcome, rem, lam, cap):
                    continue
                s = members[i]
                j = _index_up(members, j, x + s)
                if _lam_update(x, s, members[j], bound, outcome, rem, lam, cap, imp, bound, bound):
                    changed[c] = 1
    return changed.any()


@numba.njit(cache=True, parallel=True)
def _uncertified(outcome, rem, lam, n_chunks):
    """Number of W and L positions whose remoteness is not yet certified."""
    size = outcome.shape[0]
    counts = np.zeros(n_chunks, np.int64)
    for c in numba.prange(n_chunks):
        for x in range((size * c) // n_chunks, (size * (c + 1)) // n_chunks):
            o = outcome[x]
            if (o == 1 or o == 2) and lam[x] < rem[x]:
                counts[c] += 1
    return counts.sum()


@numba.njit(cache=True, parallel=True)
def _pack(outcome, rem, lam, n_chunks):
    """Packed remoteness: exact where ``lam >= rem_B``, else ``-rem_B``; -1 for D and U."""
    size = outcome.shape[0]
    for c in numba.prange(n_chunks):
        for x in range((size * c) // n_chunks, (size * (c + 1)) // n_chunks):
            o = outcome[x]
            if o == 1 or o == 2:
                if lam[x] < rem[x]:
                    rem[x] = -rem[x]
            else:
                rem[x] = -1


# -- The small game (rules whose take children are all small) ---------------


@numba.njit(cache=True, inline="always")
def _f_index(members, n):
    """Index of the largest member ``<= n``; -1 when there is none."""
    return np.searchsorted(members, n, side="right") - 1


@numba.njit(cache=True)
def _count_chain_nodes(bound, m, members):
    total = 0
    for x in range(1, m + 1):
        i = _f_index(members, x)
        if i < 0:
            continue
        c = x + members[i]
        if c <= m:
            continue
        while c <= bound:
            total += 1
            c = c + members[_f_index(members, c)]
    return total


@numba.njit(cache=True)
def _build_small_game(bound, m, members, position, take_idx, put_idx):
    """Nodes ``0..m`` are positions ``0..m``; the put chains above ``m`` follow.

    ``take_idx = put_idx = -1`` for a position with no move; ``put_idx = -2``
    where the put child is above the bound.  Every take child is ``<= m``.
    """
    for x in range(m + 1):
        position[x] = x
    nxt = m + 1
    for x in range(m + 1):
        i = _f_index(members, x)
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
            s = members[_f_index(members, c)]
            take_idx[nxt] = c - s
            c = c + s
            put_idx[nxt] = nxt + 1 if c <= bound else -2
            nxt += 1
    return nxt


@numba.njit(cache=True)
def _solve_small_game(take_idx, put_idx, outcome, rem):
    """Queue retrograde analysis and certified draws on the small game.

    Positions leave the queue in order of non-decreasing remoteness, so the
    first L child seen gives a W parent its least remoteness and the last W
    child an L parent its greatest.
    """
    size = take_idx.shape[0]
    n_parents, parents = _parent_lists(take_idx, put_idx)
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
    # A put child above the bound is -2: from there play leaves the bound.
    _certify_draws(outcome, put_idx == -2, n_parents, parents, queue)


@numba.njit(cache=True)
def _small_lower_bounds(bound, m, members, position, take_idx, put_idx, outcome, rem, lam, cap, imp):
    """Iterate the operator of Lemma 3.2 on the small game to its least fixed point.

    The same update as :func:`_lam_update`, on node indices; Lemma 3.5 for a
    put child above the bound whose take child is at most ``m``.
    """
    size = take_idx.shape[0]
    above_take = np.full(size, -1, np.int64)
    for x in range(size):
        if put_idx[x] == -2:
            s = members[_f_index(members, position[x])]
            q = position[x] + s
            tq = q - members[_f_index(members, q)]
            if tq <= m:
                above_take[x] = tq
    for x in range(size):
        o = outcome[x]
        if o == 1:
            lam[x] = 1
        elif o == 2:
            lam[x] = 0 if rem[x] == 0 else 2
        elif o == 3:
            lam[x] = imp
        else:
            lam[x] = min(cap, 1 + _escape_moves(position[x], bound))
    changed = True
    while changed:
        changed = False
        for x in range(size - 1, -1, -1):
            o = outcome[x]
            if o == 3 or take_idx[x] < 0:
                continue
            if (o == 0 and lam[x] >= cap) or ((o == 1 or o == 2) and lam[x] >= rem[x]):
                continue
            t = take_idx[x]
            p = put_idx[x]
            llt = _lam_l(t, outcome, lam, imp)
            lwt = _lam_w(t, outcome, lam, imp)
            if p >= 0:
                llp = _lam_l(p, outcome, lam, imp)
                lwp = _lam_w(p, outcome, lam, imp)
            else:
                lwp = 1
                llp = 2
                if above_take[x] >= 0:
                    w = _lam_w(above_take[x], outcome, lam, imp)
                    llp = imp if w >= imp else _even_up(1 + w, imp)
            vw = min(imp, 1 + min(llt, llp))
            vl = min(imp, 1 + max(lwt, lwp))
            if o == 1:
                v = min(vw, np.int64(rem[x]))
            elif o == 2:
                v = min(vl, np.int64(rem[x]))
            else:
                v = min(vw, vl, cap)
            if v > lam[x]:
                lam[x] = v
                changed = True


@numba.njit(cache=True, inline="always")
def _classify(x, s, sp, bound, m, hi, outcome, rem, lam, cap, imp):
    """Label ``x > m`` from its take child (``<= m``, final) and put child (final)."""
    t = x - s
    p = x + s
    ot = outcome[t]
    rt = np.int64(rem[t])
    if p <= bound:
        op = outcome[p]
        rp = np.int64(rem[p])
    else:
        op = -1
        rp = -1
    if ot == 2 or op == 2:
        best = rt if ot == 2 else rp
        if ot == 2 and op == 2 and rp < rt:
            best = rp
        outcome[x] = 1
        rem[x] = best + 1
        lam[x] = 1
    elif ot == 1 and op == 1:
        outcome[x] = 2
        rem[x] = max(rt, rp) + 1
        lam[x] = 2
    elif op == -1 or ot == 0 or op == 0:
        outcome[x] = 0
        rem[x] = -1
        lam[x] = min(cap, 1 + _escape_moves(x, bound))
    else:
        outcome[x] = 3
        rem[x] = -1
        lam[x] = imp
        return
    _lam_update(x, s, sp, bound, outcome, rem, lam, cap, imp, m, hi)


@numba.njit(cache=True, parallel=True)
def _sweep_block(lo, hi, bound, m, members, outcome, rem, lam, cap, imp, n_chunks):
    """Label positions ``lo..hi``, in pieces on every thread; every put child there is above ``hi``."""
    width = hi - lo + 1
    for c in numba.prange(n_chunks):
        a = lo + (width * c) // n_chunks
        b = lo + (width * (c + 1)) // n_chunks
        if a >= b:
            continue
        i = _f_index(members, b - 1)
        j = _f_index(members, 2 * (b - 1))
        for x in range(b - 1, a - 1, -1):
            i = _index_down(members, i, x)
            s = members[i]
            j = _index_down(members, j, x + s)
            _classify(x, s, members[j], bound, m, hi, outcome, rem, lam, cap, imp)


@numba.njit(cache=True)
def _block_start(hi, members):
    """Smallest ``a >= 1`` with ``a + f(a) > hi`` (put is strictly increasing)."""
    lo = 1
    top = hi
    while lo < top:
        mid = (lo + top) // 2
        i = _f_index(members, mid)
        if i >= 0 and mid + members[i] > hi:
            top = mid
        else:
            lo = mid + 1
    return lo


@numba.njit(cache=True)
def _small_take_limit(members, bound):
    """``M``: the largest take child ``x - f(x)`` of a position ``x <= bound``."""
    best = 0
    for i in range(members.shape[0]):
        s = members[i]
        if s > bound:
            break
        end = bound
        if i + 1 < members.shape[0] and members[i + 1] - 1 < bound:
            end = members[i + 1] - 1  # the largest x with f(x) = s
        if end - s > best:
            best = end - s
    return best


#: Use the small game when every take child is at most this share of the bound.
SMALL_GAME_SHARE = 0.25
#: Pieces of the descending pass: positions per progress report, and the
#: shortest piece split across threads.
_PIECE = 1 << 22


def _solve_small_game_path(members: np.ndarray, bound: int, m: int, outcome, rem, report) -> None:
    size = m + 1 + int(_count_chain_nodes(bound, m, members))
    position = np.empty(size, np.int64)
    take_idx = np.empty(size, np.int64)
    put_idx = np.empty(size, np.int64)
    filled = _build_small_game(bound, m, members, position, take_idx, put_idx)
    assert filled == size
    small_outcome = np.empty(size, np.int8)
    small_rem = np.empty(size, np.int16)
    _solve_small_game(take_idx, put_idx, small_outcome, small_rem)
    # Every upper bound is at most the small game's largest plus one per put
    # along a chain; any cap is sound, this one is above every upper bound.
    cap = int(small_rem.max()) + bound.bit_length() + 4
    imp = 255 if cap <= 254 else 32000
    small_lam = np.empty(size, np.int64)
    _small_lower_bounds(bound, m, members, position, take_idx, put_idx, small_outcome, small_rem, small_lam, cap, imp)
    lam = np.empty(bound + 1, np.uint8 if imp == 255 else np.int16)
    outcome[: m + 1] = small_outcome[: m + 1]
    rem[: m + 1] = small_rem[: m + 1]
    lam[: m + 1] = small_lam[: m + 1]
    del position, take_idx, put_idx, small_outcome, small_rem, small_lam
    report(0.05)
    n_chunks = _n_chunks()
    hi = bound
    while hi > m:
        lo = max(int(_block_start(hi, members)), m + 1)
        top = hi
        while top >= lo:
            bottom = max(lo, top - _PIECE + 1)
            chunks = n_chunks if top - bottom >= _PIECE // 4 else 1
            _sweep_block(bottom, top, bound, m, members, outcome, rem, lam, cap, imp, chunks)
            report(0.05 + 0.9 * (bound - bottom + 1) / (bound + 1))
            top = bottom - 1
        hi = lo - 1
    _pack(outcome, rem, lam, n_chunks)


def _n_chunks() -> int:
    return max(1, 4 * numba.get_num_threads())


def _solve_put_or_take(rule: Rule, bound: int, outcome, rem, report, method: str = "auto") -> None:
    members = rule.members(2 * bound)
    first = int(members[0]) if len(members) else bound + 1
    # M: every take child of a position up to 2 B (so also of a put child above
    # the bound, for Lemma 3.5) is at most M.  Positions below the first member
    # have no move; they are in the small game too.
    m = min(bound, max(int(_small_take_limit(members, 2 * bound)), first - 1))
    if method == "small" or (method == "auto" and m <= SMALL_GAME_SHARE * bound):
        _solve_small_game_path(members, bound, m, outcome, rem, report)
        return
    n_small = int(np.searchsorted(members, bound, side="right"))
    # Members up to B in order of decreasing gap (ties by size): the take-parents
    # of m are m + s for a prefix of this order.  "Infinite" past the last member
    # (the next one is above 2 B, so every parent up to B sees a larger gap).
    gap = np.empty(n_small, np.int64)
    if n_small:
        gap[: len(members) - 1] = (members[1:] - members[:-1])[:n_small]
        if n_small == len(members):
            gap[-1] = np.int64(1) << np.int64(62)
    index_type = np.int32 if n_small < 2**31 else np.int64
    order = np.argsort(-gap, kind="stable").astype(index_type)
    del gap
    outcome[:] = 0
    rem[:] = -1
    first = int(members[0]) if len(members) else bound + 1
    terminals = np.arange(0, min(first, bound + 1), dtype=np.int64)
    outcome[terminals] = _L
    rem[terminals] = 0
    cap_next = (bound + 1) // 16 + 1024
    frontier = np.empty(cap_next, np.int64)
    nxt = np.empty(cap_next, np.int64)
    frontier[: len(terminals)] = terminals
    n_front = len(terminals)
    scan = False
    r = 1
    while True:
        if r >= 32000:
            raise RuntimeError("remoteness beyond the int16 range")
        count = int(_pt_round(r, bound, members, order, n_small, outcome, rem, frontier, n_front, scan, nxt, cap_next))
        if count == 0:
            break
        scan = count > cap_next
        frontier, nxt = nxt, frontier
        n_front = min(count, cap_next)
        report(0.5 * (1.0 - 0.85**r))
        r += 1
    max_rem = r - 1
    del frontier, nxt, order
    n_chunks = _n_chunks()
    descending = True
    while _pt_escape_sweep(bound, members, outcome, descending, n_chunks):
        descending = not descending
    _finish_draws(outcome, n_chunks)
    report(0.6)
    if max_rem <= 253:
        lam = np.empty(bound + 1, np.uint8)
        imp = 255
    else:
        lam = np.empty(bound + 1, np.int16)
        imp = 32000
    cap = max_rem + 1
    _lam_init(bound, outcome, rem, lam, cap, imp, n_chunks)
    # Sweep to the fixed point: it is the least one above the starting values,
    # whatever the order of the updates (threads race), so the result is the
    # same on every run.  MAX_LOWER_BOUND_SWEEPS is only a safety net.
    # Also stop once every W and L remoteness is certified: nothing more to learn.
    descending = True
    for sweep in range(MAX_LOWER_BOUND_SWEEPS):
        if not _lam_sweep(bound, members, outcome, rem, lam, cap, imp, descending, n_chunks):
            break
        if _uncertified(outcome, rem, lam, n_chunks) == 0:
            break
        descending = not descending
        report(0.6 + 0.4 * (1.0 - 0.8 ** (sweep + 1)))
    _pack(outcome, rem, lam, n_chunks)


# ---------------------------------------------------------------------------
# Subtract-a-square kernels
# ---------------------------------------------------------------------------


@numba.njit(cache=True)
def _subtract_solve(bound, misere, outcome, rem):
    """Ascending pass; returns False if a remoteness would overflow int16.

    ``rem`` starts at 32767 ("no L child seen"); each L-position lowers it
    to ``1 + its remoteness`` at every ``x + k**2``, so a position still at
    32767 when the pass reaches it has no L child and is L.  One array is
    touched per push (the outcome is written when the pass arrives).
    """
    unset = 32767
    rem[:] = unset
    rem[0] = 0
    outcome[0] = 1 if misere else 2
    for x in range(bound + 1):
        if x > 0:
            if rem[x] == unset:
                best = 0
                k = 1
                while k * k <= x:
                    v = np.int64(rem[x - k * k])
                    if v > best:
                        best = v
                    k += 1
                if best + 1 >= unset - 1:
                    return False
                outcome[x] = 2
                rem[x] = best + 1
            else:
                outcome[x] = 1
        if outcome[x] == 2:
            r1 = rem[x] + 1
            k = 1
            y = x + 1
            while y <= bound:
                if rem[y] > r1:
                    rem[y] = r1
                k += 1
                y = x + k * k
    return True


@numba.njit(cache=True)
def _cold_kernel(limit, misere, hot, out):
    """Cold positions of subtract-a-square up to ``limit`` into ``out``; returns their count."""
    count = 0
    start = 0
    if misere:
        hot[0] = 1
        start = 1
    for x in range(start, limit + 1):
        if hot[x]:
            continue
        if count < out.shape[0]:
            out[count] = x
        count += 1
        k = 1
        y = x + 1
        while y <= limit:
            hot[y] = 1
            k += 1
            y = x + k * k
    return count


# ---------------------------------------------------------------------------
# Square-But-One kernel
# ---------------------------------------------------------------------------


@numba.njit(cache=True, inline="always")
def _sbo_visit(x, oy, r1, outcome, rem, pending, queue, tail):
    """Tell parent ``x`` that a child of remoteness ``r1 - 1`` and outcome ``oy`` is settled."""
    if outcome[x] != 0:
        return tail
    if oy == 2:
        outcome[x] = 1
    else:
        pending[x] -= 1
        if pending[x] != 0:
            return tail
        outcome[x] = 2
    rem[x] = r1
    queue[tail] = x
    return tail + 1


@numba.njit(cache=True)
def _sbo_solve(bound, parity, outcome, rem, pending, queue):
    """Queue retrograde analysis, then certified draws, on 0..bound."""
    for x in range(bound + 1):
        c = _isqrt(x)
        if x >= 1 and x % 2 == parity:
            c += 1  # the add child (never W when it is above the bound)
        pending[x] = c
    outcome[:] = 0
    rem[:] = -1
    outcome[0] = 2
    rem[0] = 0
    queue[0] = 0
    head = 0
    tail = 1
    while head < tail:
        y = queue[head]
        head += 1
        oy = outcome[y]
        r1 = rem[y] + 1
        k = 1
        while y + k * k <= bound:
            tail = _sbo_visit(y + k * k, oy, r1, outcome, rem, pending, queue, tail)
            k += 1
        if y >= 2 and (y - 1) % 2 == parity:
            tail = _sbo_visit(y - 1, oy, r1, outcome, rem, pending, queue, tail)
    # Escapes: unlabelled positions with an unlabelled path out of the bound;
    # only ``bound`` itself can move out (to bound + 1).
    head = 0
    tail = 0
    if outcome[bound] == 0 and bound % 2 == parity:
        outcome[bound] = 4
        queue[0] = bound
        tail = 1
    while head < tail:
        y = queue[head]
        head += 1
        k = 1
        while y + k * k <= bound:
            x = y + k * k
            if outcome[x] == 0:
                outcome[x] = 4
                queue[tail] = x
                tail += 1
            k += 1
        x = y - 1
        if x >= 1 and x % 2 == parity and outcome[x] == 0:
            outcome[x] = 4
            queue[tail] = x
            tail += 1
    for x in range(bound + 1):
        if outcome[x] == 0:
            outcome[x] = 3
        elif outcome[x] == 4:
            outcome[x] = 0


# ---------------------------------------------------------------------------
# Public functions
# ---------------------------------------------------------------------------


def _available_memory() -> int:
    # Tests replace this name to pretend a small machine.
    return costs.available_memory()


def _member_count(rule: Rule, limit: int) -> int:
    """An upper estimate of the number of members of the rule's sequence up to ``limit``."""
    seq = rule.sequence
    if seq == "square":
        return math.isqrt(limit) + 1
    if seq == "cube":
        return round(limit ** (1 / 3)) + 2 if limit < 2**200 else limit.bit_length()
    if seq == "triangular number":
        return math.isqrt(2 * limit) + 1
    if seq == "prime":
        if limit < 100:
            return 30
        return int(1.26 * limit / math.log(limit)) + 1 if limit < 2**1000 else limit
    return 2 * max(1, limit.bit_length()) + 2  # powers, factorials, Fibonacci numbers


def _largest_gap(rule: Rule, limit: int) -> int | None:
    """An upper estimate of the largest gap of the sequence below ``limit`` (None: not small)."""
    seq = rule.sequence
    if seq == "square":
        return 2 * math.isqrt(limit) + 2
    if seq == "cube":
        return 3 * _member_count(rule, limit) ** 2 + 3
    if seq == "triangular number":
        return math.isqrt(2 * limit) + 2
    if seq == "prime":
        return int(2 * math.log(limit + 2) ** 2) + 100 if limit < 2**1000 else limit
    return None


def _checked(rule: object, bound: object) -> tuple[Rule, int]:
    rule = get_rule(rule) if not isinstance(rule, Rule) else rule
    if rule is None:  # pragma: no cover - get_rule(None) gives the default
        raise TypeError("a rule is required")
    bound = check_integer(bound, "the bound", least=1)
    return rule, bound


def estimate_rule_bytes(rule: Rule | str, bound: int) -> int:
    """Estimate the peak memory of :func:`solve_rule` for ``rule`` at ``bound``.

    Parameters
    ----------
    rule : Rule or str
        A rule of :data:`solver.family.RULES` or its name.
    bound : int
        The bound ``B >= 1`` (any size; exact integer arithmetic).

    Returns
    -------
    int
        Bytes.  Every rule: the outputs, 3 bytes per position, and their
        one-byte packing (:mod:`solver.codes`), 1 more.  Put-or-take:
        plus the members of X up to ``2 B`` (8 bytes each) and the larger of
        the phases: the lower bounds (1 byte per position) with the outputs;
        the small game (about ``M + (M / 2) log2(B / M)`` nodes of 60 bytes,
        ``M`` the largest gap of X below ``2 B``; squares, cubes, triangular
        numbers, primes) or the round lists (1 byte per position) with the
        members' order and its sort (28 bytes per member up to ``B``; the
        other sequences); the prime sieve (1 byte per number up to ``2 B``).
        Subtract-a-square: nothing more.  Square-But-One: a counter (int32)
        and a queue (int64) per position, 12 more bytes.

    Raises
    ------
    TypeError
        If ``rule`` is not a Rule or str, or ``bound`` not an integer.
    ValueError
        If there is no such rule or ``bound < 1``.
    """
    rule, bound = _checked(rule, bound)
    out = (config.WIDE_BYTES_PER_POSITION + config.BYTES_PER_POSITION) * (bound + 1)
    if rule.kind == KIND_PUT_OR_TAKE:
        members = 8 * _member_count(rule, 2 * bound)
        phases = [out + (bound + 1)]
        gap = _largest_gap(rule, 2 * bound)
        if gap is not None:
            m = min(bound, gap)
            phases.append(60 * (m + 1 + (m // 2 + 1) * (max(1, bound // max(1, m)).bit_length() + 1)))
        else:
            lists = 2 * 8 * ((bound + 1) // 16 + 1024)
            phases.append(out + lists + 28 * _member_count(rule, bound))
        if rule.sequence == "prime":
            phases.append(2 * bound + 1)
        return members + max(phases) + (1 << 16)
    if rule.kind == KIND_SQUARE_BUT_ONE:
        return out + 12 * (bound + 1) + (1 << 16)
    return out + (1 << 16)


# Calibration (benchmarks/family_solve.py and timings of solve_rule with warm
# kernels, load average 3 to 5 on the 2-core machine): put-or-take at 1e7 and
# 1e8 took 0.3-3.1 s per 1e8 positions except powers of 3 (rounds and 14-21
# lower-bound sweeps: 10-16 s at 1e8); subtract-a-square 0.06 s at 1e6, 1.9 s
# at 1e7 and 9.2 s at 3e7 (cold positions times square roots, cache misses: about
# B**1.2); Square-But-One 0.09-0.17 s at 1e6 and 0.6-1.3 s at 4e6.  Rounded up.
#: Put-or-take: seconds per position, by sequence (default for the others).
_PUT_OR_TAKE_SECONDS = {"power of 3": 170e-9}
_PUT_OR_TAKE_SECONDS_DEFAULT = 30e-9
#: Subtract-a-square: seconds per unit of B**1.2.
_SUBTRACT_SECONDS_PER_B12 = 1.1e-8
#: Square-But-One: seconds per position (the queue's parent visits).
_SBO_SECONDS_PER_POSITION = 350e-9
_FIXED_SECONDS = 0.5


def estimate_rule_seconds(rule: Rule | str, bound: int) -> float:
    """Roughly estimate the seconds :func:`solve_rule` takes on this machine.

    Parameters
    ----------
    rule : Rule or str
        A rule of :data:`solver.family.RULES` or its name.
    bound : int
        The bound ``B >= 1``, any size.

    Returns
    -------
    float
        Seconds (``math.inf`` when too large for a float): a fixed 0.5 s plus
        a per-position figure measured with warm kernels at bounds ``1e6`` to
        ``1e8`` (rounded up: 30 ns per position for put-or-take, 170 ns for
        powers of 3, 350 ns for Square-But-One), or ``1.1e-8 * B**1.2`` for
        subtract-a-square (cold positions times square roots).  An estimate
        for refusing work that is clearly too large, not a prediction.

    Raises
    ------
    TypeError
        If ``rule`` is not a Rule or str, or ``bound`` not an integer.
    ValueError
        If there is no such rule or ``bound < 1``.
    """
    rule, bound = _checked(rule, bound)
    if bound > 2**900:
        return math.inf
    b = float(bound)
    if rule.kind == KIND_PUT_OR_TAKE:
        seconds = _FIXED_SECONDS + _PUT_OR_TAKE_SECONDS.get(rule.sequence, _PUT_OR_TAKE_SECONDS_DEFAULT) * b
    elif rule.kind == KIND_SUBTRACT:
        seconds = _FIXED_SECONDS + _SUBTRACT_SECONDS_PER_B12 * b**1.2
    else:
        seconds = _FIXED_SECONDS + _SBO_SECONDS_PER_POSITION * b
    return seconds


def check_rule_bound(rule: Rule | str, bound: int) -> int:
    """Validate a bound for ``rule`` and make sure this machine can solve to it.

    Parameters
    ----------
    rule : Rule or str
        A rule of :data:`solver.family.RULES` or its name.
    bound : int
        The bound ``B``; positions ``0..B`` are classified.

    Returns
    -------
    int
        ``bound`` as a Python int.

    Raises
    ------
    TypeError
        If ``bound`` is not an integer (or ``rule`` not a Rule or str).
    ValueError
        If ``bound < 1`` or there is no such rule.
    BoundTooLargeError
        If ``bound`` exceeds ``2**61`` or the estimated memory
        (:func:`estimate_rule_bytes`) exceeds ``config.MEMORY_FRACTION`` of
        the memory available now.
    """
    rule, bound = _checked(rule, bound)
    need = estimate_rule_bytes(rule, bound)
    if bound > MAX_BOUND:
        raise BoundTooLargeError(
            f"bound {costs.format_count(bound)} is beyond what this solver can index (2**61) and would need "
            f"{costs.format_bytes(need)} of memory; choose a smaller bound"
        )
    have = int(_available_memory() * config.MEMORY_FRACTION)
    if need > have:
        raise BoundTooLargeError(
            f"{rule.title} to bound {costs.format_count(bound)} needs {costs.format_bytes(need)} of memory but "
            f"only {costs.format_bytes(have)[len('about ') :]} can be used here; choose a smaller bound"
        )
    return bound


def _allocate_in_memory(name: str, shape: tuple[int, ...], dtype: np.dtype) -> np.ndarray:
    return np.empty(shape, dtype)


def solve_rule(
    rule: Rule | str,
    bound: int,
    *,
    progress: Callable[[float], None] | None = None,
    allocate: Callable[[str, tuple[int, ...], np.dtype], np.ndarray] | None = None,
    _method: str = "auto",
) -> Solution:
    """Classify every position ``0..bound`` of a rule of the family, soundly.

    Parameters
    ----------
    rule : Rule or str
        A rule of :data:`solver.family.RULES` (or its name).
    bound : int
        The bound ``B >= 1``; children above it are unknown (put-or-take
        rules and the add move of Square-But-One at ``B``).
    progress : callable, optional
        Called now and then with the fraction done, a float in [0, 1], and
        with 1.0 at the end.
    allocate : callable, optional
        ``allocate(name, shape, dtype)`` returns the array to write the
        result into (for example a memory-mapped file): ``"codes"``
        (``uint8``, one byte per position, :mod:`solver.codes`) when every
        remoteness fits, else ``"outcome"`` and ``"remoteness"``; default
        ``numpy.empty``.  The solve itself works in memory.

    Returns
    -------
    Solution
        Compact when every remoteness fits (:meth:`Solution.from_codes`),
        else wide; either way ``outcome`` (int8, shape ``(B + 1,)``, codes
        U=0, W=1, L=2, D=3) and ``packed_remoteness`` (int16, shape
        ``(B + 1,)``: ``r >= 0`` exact, ``-r`` at most ``r``, -1 for D and
        U) read the same, with ``rule`` set.  For
        subtract-a-square (both forms) every position is W or L with exact
        remoteness; for Square-But-One every position below ``B`` has its
        true value and every remoteness is exact.

    Raises
    ------
    TypeError
        If ``rule`` is not a Rule or str, or ``bound`` not an integer.
    ValueError
        If there is no such rule or ``bound < 1``.
    BoundTooLargeError
        If the solve would not fit in memory (:func:`check_rule_bound`).
    OverflowError
        If a remoteness does not fit in int16 (not seen at any bound tried).

    Notes
    -----
    The methods, and why each label is true of the infinite game, are in the
    module docstring and ``docs/mathematics.md`` sections 3 and 7.  Raising
    the bound never changes a W, L or D label or an exact remoteness
    (Theorem 3.8).  The same call gives the same arrays on every run.
    ``_method`` (tests only) forces the put-or-take method: ``"small"`` or
    ``"rounds"``; both give identical results.
    """
    rule, _ = _checked(rule, bound)
    bound = check_rule_bound(rule, bound)
    report = (lambda f: progress(min(1.0, max(0.0, f)))) if progress else (lambda f: None)
    allocate = allocate or _allocate_in_memory
    start = time.perf_counter()
    # Solved wide (int8 + int16), then packed into one byte per position
    # (solver.codes) where every remoteness fits; else kept wide.
    outcome = np.empty(bound + 1, np.int8)
    rem = np.empty(bound + 1, np.int16)
    if rule.kind == KIND_PUT_OR_TAKE:
        _solve_put_or_take(rule, bound, outcome, rem, report, _method)
    elif rule.kind == KIND_SUBTRACT:
        if not _subtract_solve(bound, bool(rule.misere), outcome, rem):
            raise OverflowError("a remoteness of subtract-a-square does not fit in int16 at this bound")
    elif rule.kind == KIND_SQUARE_BUT_ONE:
        pending = np.empty(bound + 1, np.int32)
        queue = np.empty(bound + 1, np.int64)
        _sbo_solve(bound, int(rule.add_parity), outcome, rem, pending, queue)
    else:  # pragma: no cover - every kind is handled above
        raise ValueError(f"no solver for the kind of rule {rule.name!r}")
    if codes_fit(outcome, rem, bool(rule.misere)):
        packed = allocate("codes", (bound + 1,), np.dtype(np.uint8))
        pack(outcome, rem, packed)
        del outcome, rem
        report(1.0)
        return Solution.from_codes(bound, packed, time.perf_counter() - start, rule)
    wide_outcome = allocate("outcome", (bound + 1,), np.dtype(np.int8))
    wide_outcome[:] = outcome
    del outcome
    wide_rem = allocate("remoteness", (bound + 1,), np.dtype(np.int16))
    wide_rem[:] = rem
    report(1.0)
    return Solution(bound, wide_outcome, wide_rem, time.perf_counter() - start, rule)


def cold_positions(limit: int, *, misere: bool = False) -> np.ndarray:
    """The L ("cold") positions of subtract-a-square up to ``limit``.

    Parameters
    ----------
    limit : int
        Largest position, ``0 <= limit <= 2**40`` (memory: one byte per
        position plus eight per cold position).
    misere : bool, optional
        Misère play (the player who cannot move wins); default normal play.

    Returns
    -------
    numpy.ndarray
        Shape ``(count,)``, dtype ``int64``, increasing: 0, 2, 5, 7, 10, ...
        (OEIS A030193) in normal play; 1, 3, 6, 8, 11, ... in misère play.

    Raises
    ------
    TypeError
        If ``limit`` is not an integer or ``misere`` not a bool.
    ValueError
        If ``limit`` is out of range.

    Notes
    -----
    One ascending pass: a position not marked hot when reached is cold, and
    every ``p + k**2`` above a cold ``p`` is marked hot; so the work is the
    number of cold positions times ``sqrt(limit)``.
    """
    limit = check_integer(limit, "the limit", least=0, most=1 << 40)
    if not isinstance(misere, (bool, np.bool_)):
        raise TypeError(f"misere must be a bool, got {misere!r}")
    hot = np.zeros(limit + 1, np.uint8)
    # Cold positions are sparse (about 180,000 below 4e7): a first guess of
    # the count, and a second pass with the exact count if it was too small.
    out = np.empty(min(limit + 1, 4096 + 8 * math.isqrt(limit + 1) * max(1, (limit + 1).bit_length())), np.int64)
    count = int(_cold_kernel(limit, bool(misere), hot, out))
    if count > out.shape[0]:
        out = np.empty(count, np.int64)
        hot[:] = 0
        count = int(_cold_kernel(limit, bool(misere), hot, out))
    return out[:count].copy()


def warm_up() -> None:
    """Compile (or load from numba's cache) every kernel of this module with tiny solves.

    Call it once at start-up so that the first real solve, and the time it
    reports, is not charged for compilation: each kind of rule, both
    put-or-take methods, and :func:`cold_positions`.
    """
    for name in ("put-or-take-a-cube", "subtract-a-square", "square-but-one"):
        solve_rule(name, 1_000)
    solve_rule("put-or-take-a-power-of-2", 1_000, _method="rounds")
    cold_positions(1_000)
