"""Loopy nim values (generalised Sprague–Grundy values) of the rule family, sound at a bound.

The value of a position n of a loopy game is Smith's generalised
Sprague–Grundy value (C. A. B. Smith, "Graphs and composite games", J. Combin.
Theory 1, 1966; A. S. Fraenkel and Y. Yesha, J. Combin. Theory A 43, 1986): a
finite nim value ``k`` (written ``*k``), or ``∞(K)`` with ``K`` the set of
finite values among n's followers.  They are characterised by sums with a nim
heap ``*j``:

* n has the finite value k exactly when n + \\*k is L (a loss for the mover);
* n has the value ∞(K) exactly when n + \\*j is W for j in K and D for every
  other j.

This module computes those outcomes soundly (the bounded analysis of
``docs/mathematics.md`` section 3, applied to the product of the rule's game
with a nim heap) and reads the values off them.  A value is printed only when
the outcomes it rests on are known, so every printed value is true of the
infinite game; the rest is ``?``.  ``docs/nim-values.md`` gives the proof and
the methods:

* put-or-take rules (at most two followers): heaps j = 0, 1, 2 suffice; for
  Put-or-Take-a-Square the small game of section 3.5 and a descending sweep,
  for the other sequences an explicit graph on ``0..B``;
* Square-But-One: an explicit graph on ``0..B'``, closed under moves, so the
  values are exact (no ``?``);
* subtract-a-square: loop-free, the ordinary Grundy values (mex), exact.

The misère rule has no nim values (Sprague–Grundy theory is for normal play)
and is refused.
"""

from __future__ import annotations

import dataclasses
import math

import numba
import numpy as np

from solver.engine.kernels import isqrt as _isqrt
from solver.engine.small_game import build as _build_small_game
from solver.engine.small_game import count_chain_nodes as _count_chain_nodes
from solver.games import KIND_PUT_OR_TAKE, KIND_SQUARE_BUT_ONE, KIND_SUBTRACT, Rule, get_rule
from solver.validation import check_integer

__all__ = [
    "INF",
    "UNKNOWN",
    "NimValues",
    "nim_values",
    "value_text",
    "k_set",
    "default_bound",
    "nim_values_bytes",
    "nim_values_seconds",
    "MAX_BOUND",
]

#: ``NimValues.value`` code of an infinite value ∞(K) (K in ``k_mask``).
INF = -1
#: ``NimValues.value`` code of a value that depends on positions beyond the bound (``?``).
UNKNOWN = -2

#: Largest bound accepted for climbing rules (positions and their put children fit in int64).
MAX_BOUND = 1 << 61

# Codes of product states: W, L and D as solver.solution.Outcome; the unknown
# ones (U) also say what the state can still be: _U possibly W or L, _UW only
# possibly W, _UL only possibly L.
_U, _W, _L, _D, _UW, _UL = 0, 1, 2, 3, 4, 5
_UNSET = -1
# Codes that are possibly W (_W, _U, _UW) and possibly L (_L, _U, _UL), as bit masks.
_POSS_W_MASK = (1 << _W) | (1 << _U) | (1 << _UW)
_POSS_L_MASK = (1 << _L) | (1 << _U) | (1 << _UL)

#: Nim heaps j = 0..2 decide every value of a put-or-take rule (at most two followers).
_PUT_OR_TAKE_LAYERS = 3


# ---------------------------------------------------------------------------
# Kernels (unchecked; the public functions validate)
# ---------------------------------------------------------------------------


@numba.njit(cache=True)
def _parents(indptr, kids):
    """Parent lists (CSR) of an explicit graph; ``kids`` entries < 0 are outside."""
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


@numba.njit(cache=True, inline="always")
def _poss_w(c):
    return (_POSS_W_MASK >> c) & 1 == 1


@numba.njit(cache=True, inline="always")
def _poss_l(c):
    return (_POSS_L_MASK >> c) & 1 == 1


@numba.njit(cache=True, inline="always")
def _combine(w_b, l_b, pw, pl):
    if w_b:
        return _W
    if l_b:
        return _L
    if pw and pl:
        return _U
    if pw:
        return _UW
    if pl:
        return _UL
    return _D


@numba.njit(cache=True)
def _product_layers(indptr, kids, max_layers, stop_early):
    """Sound outcomes of the states (x, j) of the game + nim heap *j, j < max_layers.

    Layer j depends only on layers below it (the heap never grows), whose
    states are fixed extra followers of (x, j).  Per layer: retrograde
    analysis with counters (outside followers block L) gives W_B and L_B;
    then the least fixed point of "possibly W" (not L_B, and some follower
    possibly L) and "possibly L" (not W_B, and every follower possibly W),
    where an outside follower is possibly anything.  An unlabelled state that
    is neither is a draw (docs/nim-values.md, Theorem 2).  With
    ``stop_early``, stop after the first layer with neither L nor unknown.
    Returns ``(codes, layers_used)``: codes of shape ``(V, max_layers)``, see
    ``_W``, ``_L``, ``_D``, ``_U``, ``_UW``, ``_UL``.
    """
    v = indptr.shape[0] - 1
    pptr, par = _parents(indptr, kids)
    codes = np.zeros((v, max_layers), dtype=np.int8)
    outside = np.zeros(v, dtype=np.bool_)
    inside = np.zeros(v, dtype=np.int64)
    for x in range(v):
        for e in range(indptr[x], indptr[x + 1]):
            if kids[e] < 0:
                outside[x] = True
            else:
                inside[x] += 1
    pending = np.empty(v, dtype=np.int64)
    blocked = np.empty(v, dtype=np.bool_)
    label = np.empty(v, dtype=np.int8)
    pw = np.empty(v, dtype=np.bool_)
    pl = np.empty(v, dtype=np.bool_)
    pl_blocked = np.empty(v, dtype=np.bool_)
    queue = np.empty(2 * v + 1, dtype=np.int64)
    used = 0
    for i in range(max_layers):
        head = 0
        tail = 0
        for x in range(v):
            low_l = False
            low_all_w = True
            for j in range(i):
                c = codes[x, j]
                if c == _L:
                    low_l = True
                elif c != _W:
                    low_all_w = False
            label[x] = _UNSET
            pending[x] = inside[x]
            blocked[x] = outside[x] or not low_all_w
            if low_l:
                label[x] = _W
                queue[tail] = x
                tail += 1
            elif pending[x] == 0 and not blocked[x]:
                label[x] = _L
                queue[tail] = x
                tail += 1
        while head < tail:
            y = queue[head]
            head += 1
            cy = label[y]
            for e in range(pptr[y], pptr[y + 1]):
                x = par[e]
                if label[x] != _UNSET:
                    continue
                if cy == _L:
                    label[x] = _W
                    queue[tail] = x
                    tail += 1
                else:
                    pending[x] -= 1
                    if pending[x] == 0 and not blocked[x]:
                        label[x] = _L
                        queue[tail] = x
                        tail += 1
        # Least fixed point of the possibilities; queue entries 2x (pw) and 2x+1 (pl).
        head = 0
        tail = 0
        for x in range(v):
            low_pl = False
            low_all_pw = True
            for j in range(i):
                c = codes[x, j]
                if _poss_l(c):
                    low_pl = True
                if not _poss_w(c):
                    low_all_pw = False
            pw[x] = False
            pl[x] = False
            pending[x] = inside[x]
            pl_blocked[x] = label[x] == _W or not low_all_pw
            if label[x] != _L and (outside[x] or low_pl):
                pw[x] = True
                queue[tail] = 2 * x
                tail += 1
            if pending[x] == 0 and not pl_blocked[x]:
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
                    if not pw[x] and label[x] != _L:
                        pw[x] = True
                        queue[tail] = 2 * x
                        tail += 1
                else:  # y possibly W: one more follower of x possibly W
                    pending[x] -= 1
                    if pending[x] == 0 and not pl_blocked[x] and not pl[x]:
                        pl[x] = True
                        queue[tail] = 2 * x + 1
                        tail += 1
        any_l = False
        any_u = False
        for x in range(v):
            c = _combine(label[x] == _W, label[x] == _L, pw[x], pl[x])
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

    ``packed[x]`` holds the code of (x, j) in bits 3j..3j+2.  Positions
    ``0..m_small`` come from the small game; every x > m_small has its take
    child <= m_small and its put child > x, both already final
    (``docs/mathematics.md`` section 3.5), and its lower heaps were computed
    just before in the same pass, so each state follows from its followers.
    """
    for x in range(m_small + 1):
        word = 0
        for i in range(layers):
            word |= np.int64(small_codes[x, i]) << (3 * i)
        packed[x] = word
    for x in range(bound, m_small, -1):
        r = _isqrt(x)
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
            any_pl = out or _poss_l(ct) or _poss_l(cp)
            all_pw = _poss_w(ct) and _poss_w(cp)
            for j in range(i):
                c = (word >> (3 * j)) & 7
                if c == _L:
                    any_l = True
                if c != _W:
                    all_w = False
                if _poss_l(c):
                    any_pl = True
                if not _poss_w(c):
                    all_pw = False
            w_b = any_l
            l_b = all_w and not w_b
            c = _combine(w_b, l_b, any_pl and not l_b, all_pw and not w_b)
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
    seen = np.full(_isqrt(n) + 3, -1, dtype=np.int64)
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
        d = _isqrt(x)
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


# ---------------------------------------------------------------------------
# Public API
# ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, eq=False)
class NimValues:
    """Loopy nim values of the positions ``0..n`` of a rule, sound at a bound.

    Attributes
    ----------
    rule : Rule
        The game.
    n : int
        Largest position with a value here.
    bound : int
        The bound B of the analysis: positions above it were treated as
        unknown.  For subtract-a-square and Square-But-One the values are
        exact and ``bound`` is the top of the (closed) graph that was solved.
    value : numpy.ndarray
        Shape ``(n + 1,)``, dtype ``int64``, index = position: the finite nim
        value ``k >= 0``, :data:`INF` (-1) for ∞(K), or :data:`UNKNOWN` (-2)
        where the value depends on positions beyond the bound (``?``).
    k_mask : numpy.ndarray
        Shape ``(n + 1,)``, dtype ``int64``: for ∞(K), bit ``j`` set when
        ``j`` is in K (the finite values among the followers); 0 elsewhere.
    exact : bool
        True when no value can be ``?`` (the graph solved was closed).
    heap_outcomes : numpy.ndarray
        Shape ``(n + 1, J + 1)``, dtype ``int8``: the sound outcome
        (:class:`~solver.solution.Outcome` code, U where unknown) of the sum
        ``x + *j`` for the player to move, for the nim heaps ``j <= J`` that
        were solved (J = 2 for put-or-take rules).  Empty columns (shape
        ``(n + 1, 0)``) for subtract-a-square, whose values are exact.
    """

    rule: Rule
    n: int
    bound: int
    value: np.ndarray
    k_mask: np.ndarray
    exact: bool
    heap_outcomes: np.ndarray

    @property
    def known(self) -> np.ndarray:
        """Boolean mask, shape ``(n + 1,)``: the value is known (not ``?``)."""
        return self.value != UNKNOWN

    def text(self, position: int) -> str:
        """The value of ``position`` as text: ``"0"``, ``"inf{0,2}"`` or ``"?"``.

        A position above :attr:`n` gives ``"?"``.

        Raises
        ------
        TypeError, ValueError
            If ``position`` is not an integer ``>= 0``.
        """
        position = check_integer(position, "a position", least=0)
        if position > self.n:
            return "?"
        return value_text(int(self.value[position]), int(self.k_mask[position]))


def k_set(k_mask: int) -> tuple[int, ...]:
    """The members of K, increasing, from its bitmask (bit j set when j is in K)."""
    return tuple(j for j in range(max(int(k_mask), 0).bit_length()) if k_mask >> j & 1)


def value_text(value: int, k_mask: int = 0) -> str:
    """Text of a nim value: ``"2"``, ``"inf{0,2}"``, ``"inf{}"`` or ``"?"``.

    Parameters
    ----------
    value : int
        A finite nim value ``>= 0``, :data:`INF` or :data:`UNKNOWN`.
    k_mask : int
        For :data:`INF`, the bitmask of K (ignored otherwise).

    Raises
    ------
    ValueError
        If ``value`` is below :data:`UNKNOWN`.
    """
    value = int(value)
    if value >= 0:
        return str(value)
    if value == INF:
        return "inf{" + ",".join(str(j) for j in k_set(int(k_mask))) + "}"
    if value == UNKNOWN:
        return "?"
    raise ValueError(f"not a nim value code: {value}")


def default_bound(rule: Rule | str, n: int) -> int:
    """The bound used when none is given: ``100 * max(n, 1)`` for put-or-take rules.

    For subtract-a-square and Square-But-One the values are exact and the
    bound is not used (returned as ``n``).
    """
    rule = get_rule(rule)
    return 100 * max(n, 1) if rule.climbs else n


def _check_rule(rule: object) -> Rule:
    rule = get_rule(rule)
    if rule.misere:
        raise ValueError(
            f"{rule.title} has no nim values: Sprague–Grundy theory (and Smith's loopy form) is for normal play"
        )
    return rule


def nim_values_bytes(rule: Rule | str, n: int, bound: int | None = None) -> int:
    """Estimated peak memory of :func:`nim_values`, in bytes (exact integer arithmetic)."""
    rule = _check_rule(rule)
    bound = default_bound(rule, n) if bound is None else bound
    out = 17 * (n + 1) + (1 << 20)
    if rule.kind == KIND_SUBTRACT:
        return out + 8 * (n + 1)
    if rule.kind == KIND_SQUARE_BUT_ONE:
        top = n + 1
        edges = (2 * top * math.isqrt(top)) // 3 + top
        layers = 8  # only 0, 1 and 5 have finite values up to 20,000: few layers (docs/nim-values.md)
        return out + 16 * edges + top * (40 + layers)
    if rule.is_squares:
        m = min(bound, 2 * math.isqrt(bound))
        small = m * max(1, bound.bit_length() - m.bit_length() + 2)
        return out + 2 * (bound + 1) + 80 * small
    return out + 100 * (bound + 1)


def nim_values_seconds(rule: Rule | str, n: int, bound: int | None = None) -> float:
    """Estimated time of :func:`nim_values` in seconds (warm numba cache; the project's machine).

    Measured with ``benchmarks/nim_values.py``; rounded up.
    """
    rule = _check_rule(rule)
    bound = default_bound(rule, n) if bound is None else bound
    if rule.kind == KIND_SUBTRACT:
        return 0.05 + 2e-9 * float(n) ** 1.5
    if rule.kind == KIND_SQUARE_BUT_ONE:
        return 0.05 + 8e-8 * float(n) ** 1.5
    if rule.is_squares:
        return 0.1 + 3e-8 * float(bound) + 2e-7 * float(n)
    return 0.1 + 1.5e-6 * float(bound)


def _outcome_codes(codes: np.ndarray) -> np.ndarray:
    """Product codes as Outcome codes: the three unknown kinds become U (0)."""
    out = codes.astype(np.int8, copy=True)
    out[(out == _UW) | (out == _UL)] = _U
    return out


def _values_from_codes(codes: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Values from product outcomes: L at heap k gives k; all W/D gives ∞(K); else ``?``.

    ``codes`` has shape ``(V, J + 1)`` with V > n; the layers must cover every
    finite value of a position and of its followers (docs/nim-values.md).
    """
    c = codes[: n + 1]
    is_l = c == _L
    any_l = is_l.any(axis=1)
    first_l = is_l.argmax(axis=1).astype(np.int64)
    all_known = ((c == _W) | (c == _L) | (c == _D)).all(axis=1)
    value = np.where(any_l, first_l, np.where(all_known, INF, UNKNOWN)).astype(np.int64)
    if c.shape[1] > 62:
        raise ValueError("a nim value above 61 appeared; K does not fit the 64-bit mask")
    weights = np.left_shift(np.int64(1), np.arange(c.shape[1], dtype=np.int64))
    mask = ((c == _W).astype(np.int64) * weights).sum(axis=1)
    k_mask = np.where(value == INF, mask, 0).astype(np.int64)
    return value, k_mask


def nim_values(rule: Rule | str, n: int, bound: int | None = None) -> NimValues:
    """Loopy nim values of the positions ``0..n``, true of the infinite game.

    Parameters
    ----------
    rule : Rule or str
        Any rule of :mod:`solver.family` except the misère one.
    n : int
        Largest position, ``n >= 0``.
    bound : int, optional
        Put-or-take rules: the bound B (``B >= n``, at most :data:`MAX_BOUND`);
        product states with a position above B are unknown, so a value that
        depends on them is ``?``.  Default ``100 * max(n, 1)``.  Ignored by
        subtract-a-square and Square-But-One, whose values are exact.

    Returns
    -------
    NimValues

    Raises
    ------
    TypeError
        If ``n`` or ``bound`` is not an integer, or ``rule`` is not a rule.
    ValueError
        If ``n < 0``, ``bound < n``, ``bound`` is too large, the rule is
        unknown or misère.

    Notes
    -----
    ``docs/nim-values.md`` proves that every value printed is the value in
    the infinite game: n has value k exactly when n + \\*k is L, and ∞(K)
    exactly when n + \\*j is W for j in K and D otherwise (Smith 1966).
    """
    rule = _check_rule(rule)
    n = check_integer(n, "n", least=0)
    if rule.kind == KIND_SUBTRACT:
        g = _grundy_subtract(np.int64(n))
        return NimValues(rule, n, n, g, np.zeros(n + 1, dtype=np.int64), True, np.zeros((n + 1, 0), dtype=np.int8))
    if rule.kind == KIND_SQUARE_BUT_ONE:
        # The top position must have no add move, so that the graph 0..top is
        # closed: add one only from parity add_parity (and n >= 1).
        top = n + 1 if (n >= 1 and n % 2 == rule.add_parity) else n
        indptr, kids = _square_but_one_graph(np.int64(top), np.int64(rule.add_parity))
        degree = math.isqrt(top) + 1
        codes, used = _product_layers(indptr, kids, degree + 2, True)
        value, k_mask = _values_from_codes(codes[:, :used], n)
        return NimValues(rule, n, top, value, k_mask, True, _outcome_codes(codes[: n + 1, :used]))
    assert rule.kind == KIND_PUT_OR_TAKE
    bound = default_bound(rule, n) if bound is None else check_integer(bound, "the bound", least=max(n, 1))
    if bound > MAX_BOUND:
        raise ValueError(f"the bound must be at most 2**61; got {bound:.3e}")
    if rule.is_squares:
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
    value, k_mask = _values_from_codes(codes, n)
    return NimValues(rule, n, bound, value, k_mask, False, _outcome_codes(codes[: n + 1]))
