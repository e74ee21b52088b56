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
the largest member of X not above ``n``.  The take child need not be small
(powers of 2: up to ``n / 2``), so the small game of the squares solver does
not carry over.  Instead:

1. **Labels by rounds.**  Round ``r`` labels exactly the positions with
   bounded remoteness ``rem_B = r`` (section 3.1): the unlabelled parents of
   an L-position of remoteness ``r - 1`` are W, and an unlabelled parent of a
   W-position of remoteness ``r - 1`` is L when both its children are at most
   ``B`` and W with remoteness below ``r`` (checked directly).  Round 0 holds
   the positions with no move (0; 0 and 1 for primes).  The positions of one
   round are kept in a list while it is short (at most ``B / 16`` entries) and
   found by scanning the remoteness array otherwise.  Parents are enumerated,
   not stored: ``x -> x + f(x)`` is strictly increasing, so ``m`` has at most
   one put-parent ``m - s``, with ``s`` the largest member such that
   ``2 s <= m``, provided ``m < s + next(s)``; the take-parents of ``m`` are
   ``m + s`` for the members ``s`` whose gap ``next(s) - s`` exceeds ``m``
   (the members sorted by gap, so these are a prefix).  Every edge is
   followed at most once, from its labelled child.
2. **Certified draws** (section 3.3, Proposition 3.7).  Unlabelled positions
   that can leave the bound through unlabelled positions are marked in the
   outcome array itself by sweeps, alternately descending (which follows put
   moves) and ascending (take moves), until a sweep changes nothing; the
   unmarked rest are D, the marked ones U.
3. **Exact remoteness.**  One ``uint8`` (``int16`` when some ``rem_B`` is
   above 253) lower bound ``lam`` per position: for a W-position a bound on
   its remoteness, for an L-position likewise, for a U-position a bound on
   its remoteness whichever it is (rounded up to odd when read as W and to
   even when read as L).  Starting values are those of Lemma 3.3 and, for U,
   Lemma 3.4 (``1 + e_B(n)``; no move more than doubles since ``f(n) <= n``).
   Sweeps (alternately descending and ascending, at most
   :data:`LOWER_BOUND_SWEEPS` of them, or until nothing changes) apply the
   operator of Lemma 3.2, with D and the other label counted as impossible, a
   child above the bound counted as W >= 1, L >= 2 and, when its own take child
   is at most ``B``, L >= 1 + lam_W(that child) (Lemma 3.5).  Values are capped
   at ``max rem_B + 1`` and at the position's own upper bound, as Lemma 3.2
   allows.  Any number of sweeps is sound; more only certify more.
   ``rem_B`` is called exact where ``lam >= rem_B``.

Memory: the outputs (3 bytes per position), two round lists of at most
``B / 16 + 1024`` int64 each while labelling (1 byte per position), then
``lam`` (1 byte), plus the members of X up to ``2 B`` (int64) and the order
of those up to ``B`` by gap (int32).

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
analysis says otherwise: see :data:`SQUARE_BUT_ONE_NOTE`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import numba
import numpy as np

from . import config, costs
from .family import KIND_PUT_OR_TAKE, KIND_SQUARE_BUT_ONE, KIND_SUBTRACT, Rule, get_rule
from .solution import BoundTooLargeError, Solution
from .validation import check_integer

__all__ = [
    "solve_rule",
    "estimate_rule_bytes",
    "estimate_rule_seconds",
    "check_rule_bound",
    "cold_positions",
    "LOWER_BOUND_SWEEPS",
    "SQUARE_BUT_ONE_NOTE",
]

#: Most lower-bound sweeps of a put-or-take solve (each one pass over 0..B).
LOWER_BOUND_SWEEPS = 12

#: What the analysis certifies for Square-But-One, against the lesson's claim.
SQUARE_BUT_ONE_NOTE = "(filled in below)"

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
def _lam_update(x, s, sp, bound, outcome, rem, lam, cap, imp):
    """Apply the operator of Lemma 3.2 at ``x`` (``s = f(x)``, ``sp = f(p(x))``); True if raised."""
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
        if tp <= bound:
            w = _lam_w(tp, outcome, lam, imp)
            llp = imp if w >= imp else _even_up(1 + w, imp)
    vw = min(imp, 1 + min(llt, llp))
    vl = min(imp, 1 + max(lwt, lwp))
    if o == 1:
        v = min(vw, np.int64(rem[x]))
    elif o == 2:
        v = min(vl, np.int64(rem[x]))
    else:
        v = min(vw, vl)
        if v < imp:
            v = min(v, cap)
    if v > lam[x]:
        lam[x] = v
        return True
    return False


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
            j = members.shape[0] - 1
            for x in range(b - 1, a - 1, -1):
                i = _index_down(members, i, x)
                o = outcome[x]
                if o == 3 or i < 0 or (o == 2 and rem[x] == 0):
                    continue
                s = members[i]
                j = _index_down(members, j, x + s)
                if _lam_update(x, s, members[j], bound, outcome, rem, lam, cap, imp):
                    changed[c] = 1
        else:
            i = np.searchsorted(members, a, side="right") - 1
            j = 0
            for x in range(a, b):
                i = _index_up(members, i, x)
                o = outcome[x]
                if o == 3 or i < 0 or (o == 2 and rem[x] == 0):
                    continue
                s = members[i]
                j = _index_up(members, j, x + s)
                if _lam_update(x, s, members[j], bound, outcome, rem, lam, cap, imp):
                    changed[c] = 1
    return changed.any()


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


def _n_chunks() -> int:
    return max(1, 4 * numba.get_num_threads())


def _solve_put_or_take(rule: Rule, bound: int, outcome, rem, report) -> None:
    members = rule.members(2 * bound)
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
    descending = True
    for sweep in range(LOWER_BOUND_SWEEPS):
        if not _lam_sweep(bound, members, outcome, rem, lam, cap, imp, descending, n_chunks):
            break
        descending = not descending
        report(0.6 + 0.4 * (sweep + 1) / LOWER_BOUND_SWEEPS)
    _pack(outcome, rem, lam, n_chunks)


# ---------------------------------------------------------------------------
# Subtract-a-square kernels
# ---------------------------------------------------------------------------


@numba.njit(cache=True, inline="always")
def _isqrt(n):
    r = np.int64(np.sqrt(np.float64(n)))
    while r * r > n:
        r -= 1
    while (r + 1) * (r + 1) <= n:
        r += 1
    return r


@numba.njit(cache=True)
def _subtract_solve(bound, misere, outcome, rem):
    """Ascending pass; returns False if a remoteness would overflow int16."""
    outcome[:] = 0
    if misere:
        outcome[0] = 1
    else:
        outcome[0] = 2
    rem[0] = 0
    for x in range(bound + 1):
        if outcome[x] == 0:
            best = 0
            k = 1
            while k * k <= x:
                v = np.int64(rem[x - k * k])
                if v > best:
                    best = v
                k += 1
            if best + 1 >= 32767:
                return False
            outcome[x] = 2
            rem[x] = best + 1
        if outcome[x] == 2:
            r1 = rem[x] + 1
            k = 1
            while x + k * k <= bound:
                y = x + k * k
                if outcome[y] == 0:
                    outcome[y] = 1
                    rem[y] = r1
                elif rem[y] > r1:
                    rem[y] = r1
                k += 1
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
        Bytes.  Every rule: the outputs, 3 bytes per position.  Put-or-take:
        plus the members up to ``2 B`` (8 bytes each) and the larger of two
        round lists of ``B / 16 + 1024`` int64 (1 byte per position) with the
        order of the members up to ``B`` (4 bytes each), and the sort that
        makes that order (28 bytes per member up to ``B``).  Subtract-a-square: nothing more.  Square-But-One: a counter
        (int32) and a queue (int64) per position, 12 more bytes.

    Raises
    ------
    TypeError
        If ``rule`` is not a Rule or str, or ``bound`` not an integer.
    ValueError
        If there is no such rule or ``bound < 1``.
    """
    rule, bound = _checked(rule, bound)
    out = config.BYTES_PER_POSITION * (bound + 1)
    if rule.kind == KIND_PUT_OR_TAKE:
        lists = 2 * 8 * ((bound + 1) // 16 + 1024)
        small = _member_count(rule, bound)
        return out + 8 * _member_count(rule, 2 * bound) + max(lists + 4 * small, 28 * small) + (1 << 16)
    if rule.kind == KIND_SQUARE_BUT_ONE:
        return out + 12 * (bound + 1) + (1 << 16)
    return out + (1 << 16)


#: Seconds per position measured for each kind of rule (see the benchmark
#: ``benchmarks/family_solve.py``); the put-or-take figure is the slowest rule's.
_SECONDS_PER_POSITION = {KIND_PUT_OR_TAKE: 300e-9, KIND_SUBTRACT: 0.0, KIND_SQUARE_BUT_ONE: 100e-9}
#: Subtract-a-square: seconds per unit of B**1.5 (cold positions times sqrt(B)).
_SUBTRACT_SECONDS_PER_B15 = 1e-12
#: Square-But-One: its queue work per unit of B**1.5 (few labels; the pass is linear).
_SBO_SECONDS_PER_B15 = 1e-12
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
        ``1e8`` (rounded up), plus a ``B**1.5`` term for subtract-a-square
        (cold positions times square roots).  An estimate for refusing work
        that is clearly too large, not a prediction.

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
    seconds = _FIXED_SECONDS + _SECONDS_PER_POSITION[rule.kind] * b
    if rule.kind == KIND_SUBTRACT:
        seconds += _SUBTRACT_SECONDS_PER_B15 * b**1.5
    elif rule.kind == KIND_SQUARE_BUT_ONE:
        seconds += _SBO_SECONDS_PER_B15 * b**1.5
    return seconds


def check_rule_bound(rule: Rule | str, bound: int) -> int:
    """Validate a bound for ``rule`` and make sure this machine can solve to it.

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
        result ``"outcome"`` or ``"remoteness"`` into (for example a
        memory-mapped file); default ``numpy.empty``.

    Returns
    -------
    Solution
        ``outcome`` (int8, shape ``(B + 1,)``, codes U=0, W=1, L=2, D=3) and
        ``packed_remoteness`` (int16, shape ``(B + 1,)``: ``r >= 0`` exact,
        ``-r`` at most ``r``, -1 for D and U), with ``rule`` set.  For
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
    module docstring and ``docs/mathematics.md`` sections 3 and 7.
    """
    rule, _ = _checked(rule, bound)
    bound = check_rule_bound(rule, bound)
    report = (lambda f: progress(min(1.0, max(0.0, f)))) if progress else (lambda f: None)
    allocate = allocate or _allocate_in_memory
    start = time.perf_counter()
    outcome = allocate("outcome", (bound + 1,), np.dtype(np.int8))
    rem = allocate("remoteness", (bound + 1,), np.dtype(np.int16))
    if rule.kind == KIND_PUT_OR_TAKE:
        _solve_put_or_take(rule, bound, outcome, rem, report)
    elif rule.kind == KIND_SUBTRACT:
        if not _subtract_solve(bound, bool(rule.misere), outcome, rem):
            raise OverflowError("a remoteness of subtract-a-square does not fit in int16 at this bound")
    elif rule.kind == KIND_SQUARE_BUT_ONE:
        pending = np.empty(bound + 1, np.int32)
        queue = np.empty(bound + 1, np.int64)
        _sbo_solve(bound, int(rule.add_parity), outcome, rem, pending, queue)
    else:  # pragma: no cover - every kind is handled above
        raise ValueError(f"no solver for the kind of rule {rule.name!r}")
    report(1.0)
    return Solution(bound, outcome, packed_remoteness=rem, seconds=time.perf_counter() - start, rule=rule)


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
