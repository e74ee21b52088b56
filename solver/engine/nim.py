r"""Sound outcomes of a rule's positions plus a nim heap: the computation behind loopy nim values.

The value of a position n of a loopy game is Smith's generalised
Sprague–Grundy value; ``docs/nim-values.md`` shows that it is read off the
outcomes of the sums n + \*j (:mod:`solver.values.nimvalues` reads it).  This
module computes those outcomes soundly at a bound, for each kind of rule
(:attr:`solver.games.Rule.engine`):

* put-or-take rules (at most two followers): heaps j = 0, 1, 2 suffice; for
  Put-or-Take-a-Square the small game of ``docs/mathematics.md`` section 3.5
  and a descending sweep, for the other sequences an explicit graph on ``0..B``;
* Square-But-One: an explicit graph on ``0..B'``, closed under moves, so the
  outcomes are exact;
* subtract-a-square: loop-free, the ordinary Grundy values (mex), exact.

Per heap the retrograde labels W_B and L_B come with the least fixed point
of "possibly W" and "possibly L" (a state is a draw when it is neither,
``docs/nim-values.md`` Theorem 2).
"""

from __future__ import annotations

import dataclasses
import math

import numba
import numpy as np

from ..games import ENGINE_PUT_OR_TAKE, ENGINE_SQUARE_BUT_ONE, ENGINE_SUBTRACT, Rule, get_rule
from ..validation import check_integer
from .codes import CLASS_D, CLASS_L, CLASS_U, CLASS_UL, CLASS_UW, CLASS_W, class_of, possibly_l, possibly_w
from .graph import certify, parent_lists
from .kernels import isqrt
from .small_game import build as _build_small_game
from .small_game import count_chain_nodes as _count_chain_nodes

__all__ = [
    "HeapOutcomes",
    "heap_outcomes",
    "check_nim_rule",
    "has_nim_values",
    "default_bound",
    "nim_values_bytes",
    "nim_values_seconds",
    "default_sum_bound",
    "needs_bound",
    "MAX_BOUND",
    "U",
    "W",
    "L",
    "D",
    "UW",
    "UL",
]

#: Largest bound accepted for climbing rules (positions and their put children fit in int64).
MAX_BOUND = 1 << 61

# The classes of product states are the engine's (solver.engine.codes): W, L
# and D, and for an unknown state what it can still be: U possibly W or L, UW
# only possibly W, UL only possibly L.
_U, _W, _L, _D, _UW, _UL = CLASS_U, CLASS_W, CLASS_L, CLASS_D, CLASS_UW, CLASS_UL
#: Product state codes, public: U (possibly W or L), W, L, D, UW (only possibly W), UL (only possibly L).
U, W, L, D, UW, UL = _U, _W, _L, _D, _UW, _UL

#: Nim heaps j = 0..2 decide every value of a put-or-take rule (at most two followers).
_PUT_OR_TAKE_LAYERS = 3


@numba.njit(cache=True)
def _product_layers(indptr, kids, max_layers, stop_early):
    """Sound classes of the states (x, j) of the game + nim heap \\*j, j < max_layers.

    Layer j depends only on layers below it (the heap never grows), whose
    states are fixed extra followers of (x, j): each layer is one
    :func:`solver.engine.graph.certify` of the game's graph with those
    followers as seeds and blocks (an outside follower is possibly
    anything).  A state in neither PW nor PL is a draw (docs/nim-values.md,
    Theorem 2).  With ``stop_early``, stop after the first layer with
    neither L nor unknown.  Returns ``(codes, layers_used)``: codes of shape
    ``(V, max_layers)``, the classes :data:`U` ... :data:`UL`.
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
            low_l = False
            low_all_w = True
            low_pl = False
            low_all_pw = True
            for j in range(i):
                c = codes[x, j]
                if c == _L:
                    low_l = True
                elif c != _W:
                    low_all_w = False
                if possibly_l(c):
                    low_pl = True
                if not possibly_w(c):
                    low_all_pw = False
            seed_w[x] = low_l
            block_l[x] = not low_all_w
            seed_pw[x] = low_pl
            block_pl[x] = not low_all_pw
        certify(indptr, kids, pptr, par, seed_w, block_l, seed_pw, block_pl, cls, rem)
        any_l = False
        any_u = False
        for x in range(v):
            c = cls[x]
            codes[x, i] = c
            if c == _L:
                any_l = True
            elif c == _U or c == _UW or c == _UL:  # noqa: SIM109 (numba kernel)
                any_u = True
        used = i + 1
        if stop_early and not any_l and not any_u:
            break
    return codes, used


@numba.njit(cache=True)
def _square_sweep(bound, m_small, small_codes, packed, layers):
    """Put-or-Take-a-Square above the small game: one descending pass, all heaps at once.

    ``packed[x]`` holds the class of (x, j) in bits 3j..3j+2.  Positions
    ``0..m_small`` come from the small game; every x > m_small has its take
    child <= m_small and its put child > x, both already final
    (``docs/mathematics.md`` section 3.5), and its lower heaps were computed
    just before in the same pass, so each state follows from its followers
    by the rule every certificate ends with
    (:func:`solver.engine.codes.class_of`).
    """
    for x in range(m_small + 1):
        word = 0
        for i in range(layers):
            word |= np.int64(small_codes[x, i]) << (3 * i)
        packed[x] = word
    for x in range(bound, m_small, -1):
        r = isqrt(x)
        t = x - r * r
        p = x + r * r
        word = 0
        for i in range(layers):
            ct = small_codes[t, i]
            out = p > bound
            cp = _U
            if not out:
                cp = (np.int64(packed[p]) >> (3 * i)) & 7
            any_l = ct == _L or cp == _L
            all_w = ct == _W and cp == _W and not out
            any_pl = out or possibly_l(ct) or possibly_l(cp)
            all_pw = possibly_w(ct) and possibly_w(cp)
            for j in range(i):
                c = (word >> (3 * j)) & 7
                if c == _L:
                    any_l = True
                if c != _W:
                    all_w = False
                if possibly_l(c):
                    any_pl = True
                if not possibly_w(c):
                    all_pw = False
            w_b = any_l
            l_b = all_w and not w_b
            c = class_of(w_b, l_b, any_pl and not l_b, all_pw and not w_b)
            word |= c << (3 * i)
        packed[x] = word


@numba.njit(cache=True)
def _unpack(packed, n, layers):
    codes = np.empty((n + 1, layers), dtype=np.int8)
    for x in range(n + 1):
        w = np.int64(packed[x])
        for i in range(layers):
            codes[x, i] = (w >> (3 * i)) & 7
    return codes


@numba.njit(cache=True)
def _grundy_subtract(n):
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
def _square_but_one_graph(top, parity):
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


def default_bound(rule: Rule | str, n: int) -> int:
    """The bound used when none is given: ``100 * max(n, 1)`` for put-or-take rules.

    For subtract-a-square and Square-But-One the values are exact and the
    bound is not used (returned as ``n``).
    """
    rule = get_rule(rule)
    return 100 * max(n, 1) if rule.engine == ENGINE_PUT_OR_TAKE else n


def has_nim_values(rule: Rule | str) -> bool:
    """Whether a rule has nim values: every rule played under normal play (all but the misère one)."""
    return get_rule(rule).last_mover_wins


def check_nim_rule(rule: object) -> Rule:
    """The rule, if it has nim values: any rule but the misère one (``ValueError``, saying why, for it)."""
    rule = get_rule(rule)
    if not has_nim_values(rule):
        raise ValueError(
            f"{rule.title} has no nim values: Sprague–Grundy theory (and Smith's loopy form) is for normal play"
        )
    return rule


def nim_values_bytes(rule: Rule | str, n: int, bound: int | None = None) -> int:
    """Estimated peak memory of :func:`nim_values`, in bytes (exact integer arithmetic)."""
    rule = check_nim_rule(rule)
    bound = default_bound(rule, n) if bound is None else bound
    out = 17 * (n + 1) + (1 << 20)
    if rule.engine == ENGINE_SUBTRACT:
        return out + 8 * (n + 1)
    if rule.engine == ENGINE_SQUARE_BUT_ONE:
        top = n + 1
        edges = (2 * top * math.isqrt(top)) // 3 + top
        layers = 8  # only 0, 1 and 5 have finite values up to 20,000: few layers (docs/nim-values.md)
        return out + 16 * edges + top * (40 + layers)
    if rule.one_byte:
        m = min(bound, 2 * math.isqrt(bound))
        small = m * max(1, bound.bit_length() - m.bit_length() + 2)
        return out + 2 * (bound + 1) + 80 * small
    return out + 100 * (bound + 1)


def nim_values_seconds(rule: Rule | str, n: int, bound: int | None = None) -> float:
    """Estimated time of :func:`nim_values` in seconds (warm numba cache; the project's machine).

    Measured with ``benchmarks/nim_values.py``; rounded up.
    """
    rule = check_nim_rule(rule)
    bound = default_bound(rule, n) if bound is None else bound
    if rule.engine == ENGINE_SUBTRACT:
        return 0.05 + 2e-9 * float(n) ** 1.5
    if rule.engine == ENGINE_SQUARE_BUT_ONE:
        return 0.05 + 8e-8 * float(n) ** 1.5
    if rule.one_byte:
        return 0.1 + 3e-8 * float(bound) + 2e-7 * float(n)
    return 0.1 + 1.5e-6 * float(bound)


@dataclasses.dataclass(frozen=True)
class HeapOutcomes:
    """Sound outcomes of the sums x + \\*j, or exact Grundy values, from :func:`heap_outcomes`.

    Attributes
    ----------
    codes : numpy.ndarray or None
        Shape ``(V, J)`` with ``V > n``, dtype ``int8``: the product state
        codes (:data:`U`, :data:`W`, :data:`L`, :data:`D`, :data:`UW`,
        :data:`UL`) of ``(x, j)``, for the heaps ``j < J`` solved; None for a
        loop-free rule.
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


def heap_outcomes(rule: Rule | str, n: int, bound: int | None = None) -> HeapOutcomes:
    """Outcomes of ``x + *j`` for the positions ``0..n`` of a rule, sound at a bound.

    Parameters
    ----------
    rule : Rule or str
        Any rule of :mod:`solver.games` but the misère one.
    n : int
        Largest position, ``n >= 0``.
    bound : int, optional
        Put-or-take rules: the bound B (``B >= n``, at most :data:`MAX_BOUND`);
        states with a position above B are unknown.  Default
        :func:`default_bound`.  Ignored by the others, which are exact.

    Returns
    -------
    HeapOutcomes

    Raises
    ------
    TypeError
        If ``n`` or ``bound`` is not an integer.
    ValueError
        If ``n < 0``, ``bound < n``, ``bound`` is too large, or the rule is
        unknown or misère.
    """
    rule = check_nim_rule(rule)
    n = check_integer(n, "n", least=0)
    if rule.engine == ENGINE_SUBTRACT:
        return HeapOutcomes(None, n, True, _grundy_subtract(np.int64(n)))
    if rule.engine == ENGINE_SQUARE_BUT_ONE:
        # The top position must have no add move, so that the graph 0..top is
        # closed: add one only from parity add_parity (and n >= 1).
        top = n + 1 if (n >= 1 and n % 2 == rule.add_parity) else n
        indptr, kids = _square_but_one_graph(np.int64(top), np.int64(rule.add_parity))
        degree = math.isqrt(top) + 1
        codes, used = _product_layers(indptr, kids, degree + 2, True)
        return HeapOutcomes(codes[:, :used], top, True, None)
    bound = default_bound(rule, n) if bound is None else check_integer(bound, "the bound", least=max(n, 1))
    if bound > MAX_BOUND:
        raise ValueError(f"the bound must be at most 2**61; got {bound:.3e}")
    if rule.one_byte:
        m = min(bound, 2 * math.isqrt(bound))
        members = rule.members(2 * bound)
        size = m + 1 + _count_chain_nodes(np.int64(bound), np.int64(m), members)
        position = np.empty(size, dtype=np.int64)
        take_idx = np.empty(size, dtype=np.int64)
        put_idx = np.empty(size, dtype=np.int64)
        _build_small_game(np.int64(bound), np.int64(m), members, position, take_idx, put_idx)
        indptr = np.zeros(size + 1, dtype=np.int64)
        indptr[2:] = 2 * np.arange(1, size, dtype=np.int64)
        kids = np.empty(2 * (size - 1), dtype=np.int64)
        kids[0::2] = take_idx[1:]
        kids[1::2] = put_idx[1:]
        small_codes, _ = _product_layers(indptr, kids, _PUT_OR_TAKE_LAYERS, False)
        packed = np.zeros(bound + 1, dtype=np.uint16)
        _square_sweep(np.int64(bound), np.int64(m), small_codes, packed, _PUT_OR_TAKE_LAYERS)
        codes = _unpack(packed, np.int64(n), _PUT_OR_TAKE_LAYERS)
        del packed
    else:
        members = rule.members(bound)
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
        del x, idx, f, has, degrees, starts, put
        codes, _ = _product_layers(indptr, kids, _PUT_OR_TAKE_LAYERS, False)
    return HeapOutcomes(codes, bound, False, None)


def needs_bound(rule: Rule | str) -> bool:
    """Whether a rule's nim values depend on a bound (put-or-take rules); the others are exact."""
    return get_rule(rule).engine == ENGINE_PUT_OR_TAKE


def default_sum_bound(rule: Rule | str) -> int:
    """Default bound of a sum of heaps (:func:`solver.values.sums.sum_position`).

    10**6 for put-or-take rules, 10**5 for subtract-a-square (exact Grundy
    values, about n**1.5 work) and 20,000 for Square-But-One (exact, an explicit
    graph of about n**1.5 moves).
    """
    rule = get_rule(rule)
    if rule.engine == ENGINE_PUT_OR_TAKE:
        return default_bound(rule, 10**4)
    return 10**5 if rule.engine == ENGINE_SUBTRACT else 20_000
