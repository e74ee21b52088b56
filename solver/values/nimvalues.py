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

The engine computes those outcomes soundly (:mod:`solver.engine.nim`: the
bounded analysis of ``docs/mathematics.md`` section 3, applied to the product
of the rule's game with a nim heap); this module reads the values off them.  A value is printed only when
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

import numpy as np

from solver.engine.nim import (
    MAX_BOUND,
    check_nim_rule,
    default_bound,
    heap_outcomes,
    nim_values_bytes,
    nim_values_seconds,
)
from solver.engine.nim import UL as _UL
from solver.engine.nim import UW as _UW
from solver.engine.nim import D as _D
from solver.engine.nim import L as _L
from solver.engine.nim import U as _U
from solver.engine.nim import W as _W
from solver.games import Rule
from solver.validation import check_integer

__all__ = [
    "INF",
    "UNKNOWN",
    "NimValues",
    "nim_values",
    "nim_value_text",
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
        (:class:`~solver.engine.solution.Outcome` code, U where unknown) of the sum
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
        return nim_value_text(int(self.value[position]), int(self.k_mask[position]))


def k_set(k_mask: int) -> tuple[int, ...]:
    """The members of K, increasing, from its bitmask (bit j set when j is in K)."""
    return tuple(j for j in range(max(int(k_mask), 0).bit_length()) if k_mask >> j & 1)


def nim_value_text(value: int, k_mask: int = 0) -> str:
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
        Any rule of :mod:`solver.games` except the misère one.
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
    rule = check_nim_rule(rule)
    n = check_integer(n, "n", least=0)
    found = heap_outcomes(rule, n, bound)
    if found.grundy is not None:
        g = found.grundy
        return NimValues(rule, n, n, g, np.zeros(n + 1, dtype=np.int64), True, np.zeros((n + 1, 0), dtype=np.int8))
    codes = found.codes
    assert codes is not None  # every rule that is not loop-free is solved as a product
    value, k_mask = _values_from_codes(codes, n)
    return NimValues(rule, n, found.bound, value, k_mask, found.exact, _outcome_codes(codes[: n + 1]))
