"""A Dask solve by passes: rounds of chunk tasks over the whole bound (the method of :mod:`solver.engine.rounds`).

For the put-or-take rules whose take children are not small (powers, factorials,
Fibonacci numbers), each pass of :data:`PASSES` runs one task per chunk
(:func:`pass_chunk`), the client waiting for each round; the arrays a pass keeps
between rounds are :func:`scratch_arrays`.  What each task computes from numpy
arrays is here; the store and the cluster are :mod:`solver.store.dask`'s.
"""

from __future__ import annotations

from collections.abc import Callable

import numba
import numpy as np

from solver.games import Rule

from ..errors import DaskEngineError
from .certificate import bits_class, start_value
from .codes import MAX_REMOTENESS, encode
from .dask import METHOD_SWEEP, _members, keeps_bounds, method_of
from .kernels import IMPOSSIBLE, index_to, member_index
from .rounds import child_value, sweep_once
from .tallies import TALLY_SIZE, tally_codes

__all__ = ["PASSES", "chunk_readers", "pass_chunk", "scratch_arrays"]

# ---------------------------------------------------------------------------
# A solve by passes: rounds of chunk tasks (the method of solver.engine.rounds)
# ---------------------------------------------------------------------------

#: The rounds of a solve by passes, in order: the positions with no move
#: (L, remoteness 0), the labels (one round per remoteness), the
#: possibilities (until no chunk changes), the classes and the starting lower
#: bounds, the lower bounds (until no chunk changes or every remoteness is
#: certified), the codes.
PASSES = ("start", "labels", "possibilities", "classes", "bounds", "codes")

#: Fill values of the scratch arrays: unlabelled, no remoteness, no possibility yet, no bound yet.
_SCRATCH = {"outcome": (np.int8, 0), "rem": (np.int16, -1), "poss": (np.uint8, 0), "lam": (np.int16, 0)}

#: ``read(name, lo, hi)``: the values of positions ``lo..hi`` of a store array.
Reader = Callable[[str, int, int], np.ndarray]


def scratch_arrays(rule: Rule, bound: int) -> dict[str, tuple[type, int]]:
    """The arrays a Dask solve of ``rule`` keeps besides the codes while it runs: ``name -> (dtype, fill value)``.

    Nothing for Put-or-Take-a-Square (the codes alone), ``lam`` (``uint8``) for
    the other rules solved by the sweep, and outcome, remoteness,
    possibilities and lower bounds for a solve by passes.  They are removed
    when the solve finishes.
    """
    if not keeps_bounds(rule):
        return {}
    if method_of(rule, bound) == METHOD_SWEEP:
        return {"lam": (np.uint8, 0)}
    return dict(_SCRATCH)


def _runs(a: int, b: int, members: np.ndarray, bound: int, kind: str) -> list[tuple[int, int, int]]:
    """Where the children of positions ``a..b`` lie: runs ``(x0, x1, c0)``, the child of ``x`` in ``x0..x1`` being ``c0 + x - x0``.

    ``kind``: ``"take"`` (``x - f(x)``, only those below ``a``), ``"put"``
    (``x + f(x)`` up to the bound, only those above ``b``) or ``"over"`` (the
    take child ``q - f(q)`` of a put child ``q`` above the bound, when it is
    at most the bound).  Positions with no move have none.
    """
    runs = []
    i = max(int(member_index(members, a)), 0)
    while i < len(members) and members[i] <= b:
        s = int(members[i])
        x0 = max(a, s)
        x1 = min(b, int(members[i + 1]) - 1) if i + 1 < len(members) else b
        i += 1
        if x0 > x1:
            continue
        if kind == "take":
            x1 = min(x1, a - 1 + s)  # children below a
            if x0 <= x1:
                runs.append((x0, x1, x0 - s))
        elif kind == "put":
            x0 = max(x0, b + 1 - s)  # children above b ...
            x1 = min(x1, bound - s)  # ... and up to the bound
            if x0 <= x1:
                runs.append((x0, x1, x0 + s))
        else:
            x0 = max(x0, bound + 1 - s)  # put children above the bound
            j = max(int(member_index(members, x0 + s)), 0)
            while x0 <= x1:
                s2 = int(members[j])
                top = min(x1, (int(members[j + 1]) - 1 if j + 1 < len(members) else x1 + s) - s)
                last = min(top, bound + s2 - s)  # take child at most the bound
                if x0 <= last:
                    runs.append((x0, last, x0 + s - s2))
                x0 = top + 1
                j += 1
    return runs


def chunk_readers(rule: Rule, bound: int, chunks: list[tuple[int, int]]) -> list[set[int]]:
    """For each chunk, the chunks whose tasks read it in a round (itself among them).

    A task of chunk ``j`` reads its own chunk and its children's values, which
    lie in runs (:func:`_runs`: take children, put children up to the bound,
    and the take children of put children above the bound, the moves of
    ``docs/mathematics.md`` section 7.1); ``j`` is among ``readers[k]`` when
    one of them lies in chunk ``k``.  A round of the labels, the
    possibilities or the lower bounds changes a chunk only if a chunk it
    reads changed in the round before (:func:`solver.store.dask._by_passes`
    runs only those tasks).

    Parameters
    ----------
    rule : Rule
        A put-or-take rule solved by passes.
    bound : int
        The bound ``B``.
    chunks : list of (int, int)
        The tasks' positions ``(a, b)``, in order, tiling ``0..B``: chunk
        ``k`` starts at ``k * w``, every chunk ``w`` positions long but the
        last.

    Returns
    -------
    list of set of int
        ``readers[k]``: the indices of the chunks whose tasks read chunk
        ``k``, ``k`` among them; one set per chunk.
    """
    members = _members(bound, rule)
    width = chunks[0][1] - chunks[0][0] + 1
    readers: list[set[int]] = [{j} for j in range(len(chunks))]
    for j, (a, b) in enumerate(chunks):
        for kind in ("take", "put", "over"):
            for x0, x1, c0 in _runs(a, b, members, bound, kind):
                for k in range(c0 // width, (c0 + x1 - x0) // width + 1):
                    readers[k].add(j)
    return readers


def _gather(read: Reader, name: str, runs: list[tuple[int, int, int]], a: int, b: int) -> np.ndarray:
    """Values of array ``name`` at the children of ``a..b`` given by ``runs`` (fill elsewhere), indexed by ``x - a``."""
    dtype, fill = _SCRATCH[name]
    out = np.full(b - a + 1, fill, dtype)
    for x0, x1, c0 in runs:
        out[x0 - a : x1 - a + 1] = read(name, c0, c0 + x1 - x0)
    return out


@numba.njit(cache=True, inline="always")
def _earlier_label(rem, r):
    """The label, in round ``r``, of a position of remoteness ``rem``: 0 unless set in an earlier round, then L (2) or W (1).

    A label of the rounds has the parity of its remoteness (L even, W odd):
    the positions with no move are L at 0, and a position labelled in round
    ``r`` has a child labelled in round ``r - 1`` (one L child for W; for L,
    both W, one of them that late).  So the remoteness alone gives the label.
    """
    if rem < 0 or rem >= r:
        return 0
    return 2 if rem % 2 == 0 else 1


@numba.njit(cache=True)
def _label_kernel(a, b, r, bound, members, own_o, own_r, t_r, p_r):
    """Round ``r`` of the labels on ``a..b``: W when a child is L, L when both are W (labels of earlier rounds only).

    Returns how many positions it labelled.  The children's values come
    from before this round (``rem < r``), so these are the stages of
    ``docs/mathematics.md`` section 3.1, as :mod:`solver.engine.rounds` finds.
    A child's label is read from its remoteness alone (:func:`_earlier_label`),
    never from ``outcome`` too: the other tasks of the round write the two
    arrays of their chunks one after the other, so a task could read a
    child's new outcome with its old remoteness and count a label of this
    round as an earlier one.
    """
    new_o = own_o.copy()
    count = 0
    i = member_index(members, a)
    for x in range(a, b + 1):
        i = index_to(members, i, x)
        if own_o[x - a] != 0 or i < 0:
            continue
        s = members[i]
        t = x - s
        p = x + s
        lt = _earlier_label(child_value(t, a, b, own_r, t_r, x, a), r)
        lp = _earlier_label(child_value(p, a, b, own_r, p_r, x, a), r) if p <= bound else 0
        if lt == 2 or lp == 2:
            new_o[x - a] = 1
        elif p <= bound and lt == 1 and lp == 1:
            new_o[x - a] = 2
        else:
            continue
        own_r[x - a] = r
        count += 1
    own_o[:] = new_o
    return count


@numba.njit(cache=True)
def _to_fixed_point(a, b, bound, members, bounds, own_o, own_r, vals, gathered, cap, imp):
    """Sweep ``a..b`` both ways until no value rises, given the children outside (:func:`solver.engine.rounds.sweep_once`).

    Possibility bits, or with ``bounds`` lower bounds.  Returns True if a
    value rose.  Both are least fixed points of monotone maps, so the rounds
    of tasks reach the single-process arrays in any order.
    """
    changed = False
    descending = True
    while sweep_once(a, b, descending, a, b, a, bound, members, bounds, own_o, own_r, vals, gathered, cap, imp):
        changed = True
        descending = not descending
    return changed


@numba.njit(cache=True)
def _classes_kernel(a, bound, own_o, own_r, poss, lam, cap, imp):
    """Classes from labels and possibility bits, and the starting lower bounds (Lemma 3.3)."""
    for k in range(own_o.shape[0]):
        c = bits_class(own_o[k], poss[k])
        own_o[k] = c
        lam[k] = start_value(c, own_r[k], a + k, bound, cap, imp)


@numba.njit(cache=True)
def _uncertified(own_c, own_r, lam):
    """How many W and L positions of a chunk still have a remoteness not certified."""
    count = 0
    for k in range(own_c.shape[0]):
        c = own_c[k]
        if (c == 1 or c == 2) and lam[k] < own_r[k]:
            count += 1
    return count


@numba.njit(cache=True)
def _codes_kernel(own_c, own_r, lam, misere, codes):
    """The codes of a chunk: W and L with their remoteness, exact where the lower bound meets it; False if one does not fit."""
    for k in range(own_c.shape[0]):
        c = own_c[k]
        r = np.int64(own_r[k])
        if c == 1 or c == 2:
            odd = 1 if (c == 1) != misere else 0
            exact = lam[k] >= r
            if r > MAX_REMOTENESS or r < 0 or r % 2 != odd or (r == 1 and not exact):
                return False
            codes[k] = encode(c, r, exact)
        else:
            codes[k] = encode(c, 0, False)
    return True


def pass_chunk(
    phase: str,
    rule: Rule,
    bound: int,
    a: int,
    b: int,
    read: Reader,
    *,
    r: int = 0,
    cap: int = 0,
    imp: int = IMPOSSIBLE,
) -> tuple[dict[str, np.ndarray], np.ndarray]:
    """One chunk task of a round of a solve by passes (:data:`PASSES`): read, compute, say what to write.

    Parameters
    ----------
    phase : str
        One of :data:`PASSES`.
    rule : Rule
        The rule.
    bound : int
        The bound ``B``.
    a, b : int
        The chunk.
    read : callable
        ``read(name, lo, hi)``: the values of positions ``lo..hi`` of array
        ``name`` in the store (:func:`scratch_arrays`).
    r : int
        The round's remoteness (``"labels"``).
    cap, imp : int
        The cap on lower bounds and the value meaning "impossible"
        (``"classes"`` and ``"bounds"``), as :mod:`solver.engine.rounds`
        chooses them from the highest remoteness.

    Returns
    -------
    (dict, numpy.ndarray)
        The arrays to write over positions ``a..b``, by name (empty when
        nothing changed), and the task's figures: for ``"labels"`` the
        positions labelled, for ``"possibilities"`` and ``"bounds"`` 1 when
        something changed (``"bounds"`` also the uncertified W and L), for
        ``"codes"`` its counts (:func:`solver.engine.tallies.tally_codes`,
        :data:`~solver.engine.tallies.TALLY_SIZE` of them).

    Raises
    ------
    DaskEngineError
        If a remoteness does not fit a one-byte code (``"codes"``; never seen).
    """
    members = _members(bound, rule)
    size = b - a + 1
    if phase == "start":  # the positions with no move: L, remoteness 0
        first = int(members[0]) if len(members) else bound + 1
        n = max(0, min(b + 1, first) - a)
        if n == 0:
            return {}, np.zeros(1, np.int64)
        outcome, rem = np.array(read("outcome", a, b)), np.array(read("rem", a, b))
        outcome[:n], rem[:n] = 2, 0
        return {"outcome": outcome, "rem": rem}, np.array([n], np.int64)
    outcome = np.array(read("outcome", a, b))
    rem = np.array(read("rem", a, b))
    take, put = _runs(a, b, members, bound, "take"), _runs(a, b, members, bound, "put")
    if phase == "labels":
        t_r, p_r = _gather(read, "rem", take, a, b), _gather(read, "rem", put, a, b)
        count = int(_label_kernel(a, b, r, bound, members, outcome, rem, t_r, p_r))
        return ({"outcome": outcome, "rem": rem} if count else {}), np.array([count], np.int64)
    if phase == "possibilities":
        poss = np.array(read("poss", a, b))
        t_o, t_p = _gather(read, "outcome", take, a, b), _gather(read, "poss", take, a, b)
        p_o, p_p = _gather(read, "outcome", put, a, b), _gather(read, "poss", put, a, b)
        gathered = (t_o, t_p, p_o, p_p, t_o, t_p)
        changed = bool(_to_fixed_point(a, b, bound, members, False, outcome, rem, poss, gathered, 0, 0))
        return ({"poss": poss} if changed else {}), np.array([int(changed)], np.int64)
    if phase == "classes":
        poss = read("poss", a, b)
        lam = np.empty(size, np.int16)
        _classes_kernel(a, bound, outcome, rem, poss, lam, cap, imp)
        return {"outcome": outcome, "lam": lam}, np.zeros(1, np.int64)
    lam = np.array(read("lam", a, b))
    if phase == "bounds":
        over = _runs(a, b, members, bound, "over")
        t_c, t_l = _gather(read, "outcome", take, a, b), _gather(read, "lam", take, a, b)
        p_c, p_l = _gather(read, "outcome", put, a, b), _gather(read, "lam", put, a, b)
        q_c, q_l = _gather(read, "outcome", over, a, b), _gather(read, "lam", over, a, b)
        rose = bool(
            _to_fixed_point(a, b, bound, members, True, outcome, rem, lam, (t_c, t_l, p_c, p_l, q_c, q_l), cap, imp)
        )
        return ({"lam": lam} if rose else {}), np.array([int(rose), int(_uncertified(outcome, rem, lam))], np.int64)
    if phase != "codes":
        raise ValueError(f"no round named {phase!r}; the rounds are {', '.join(PASSES)}")
    codes = np.empty(size, np.uint8)
    if not _codes_kernel(outcome, rem, lam, bool(rule.misere), codes):
        raise DaskEngineError(
            f"a remoteness of positions {a:,}..{b:,} does not fit a one-byte code; solve {rule.title} with the "
            "default engine"
        )
    tally = tally_codes(codes, 1 if a == 0 else 0, size - 1, bool(rule.misere))
    assert tally.shape == (TALLY_SIZE,)
    return {"codes": codes}, tally
