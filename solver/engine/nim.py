r"""Sound outcomes of a rule's positions plus a nim heap: the computation behind loopy nim values.

The value of a position n of a loopy game is Smith's generalised
Sprague–Grundy value; ``docs/nim-values.md`` shows that it is read off the
outcomes of the sums n + \*j (:mod:`solver.values.nimvalues` reads it).  This
module computes those outcomes soundly at a bound; the rule's engine
(:func:`solver.engine.engines.engine_for`) picks the computation
(:mod:`solver.engine.products` has the kernels):

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

from ..games import Rule, get_rule
from ..validation import check_integer
from .codes import CLASS_D, CLASS_L, CLASS_U, CLASS_UL, CLASS_UW, CLASS_W
from .engines import engine_for
from .products import HeapOutcomes

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

#: Product state codes, public: the engine's classes (:mod:`solver.engine.codes`): U (possibly W or L),
#: W, L, D, UW (only possibly W), UL (only possibly L).
U, W, L, D, UW, UL = CLASS_U, CLASS_W, CLASS_L, CLASS_D, CLASS_UW, CLASS_UL


def default_bound(rule: Rule | str, n: int) -> int:
    """The bound used when none is given: ``100 * max(n, 1)`` for put-or-take rules.

    For subtract-a-square and Square-But-One the values are exact and the
    bound is not used (returned as ``n``).
    """
    rule = get_rule(rule)
    return engine_for(rule).default_bound(rule, n)


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
    return engine_for(rule).nim_values_bytes(rule, n, bound)


def nim_values_seconds(rule: Rule | str, n: int, bound: int | None = None) -> float:
    """Estimated time of :func:`nim_values` in seconds (warm numba cache; the project's machine).

    Measured with ``benchmarks/nim_values.py``; rounded up.
    """
    rule = check_nim_rule(rule)
    bound = default_bound(rule, n) if bound is None else bound
    return engine_for(rule).nim_values_seconds(rule, n, bound)


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
    engine = engine_for(rule)
    if engine.needs_bound:
        bound = default_bound(rule, n) if bound is None else check_integer(bound, "the bound", least=max(n, 1))
        if bound > MAX_BOUND:
            raise ValueError(f"the bound must be at most 2**61; got {bound:.3e}")
    return engine.heap_outcomes(rule, n, n if bound is None else bound)


def needs_bound(rule: Rule | str) -> bool:
    """Whether a rule's nim values depend on a bound (put-or-take rules); the others are exact."""
    return engine_for(get_rule(rule)).needs_bound


def default_sum_bound(rule: Rule | str) -> int:
    """Default bound of a sum of heaps (:func:`solver.values.sums.sum_position`).

    10**6 for put-or-take rules, 10**5 for subtract-a-square (exact Grundy
    values, about n**1.5 work) and 20,000 for Square-But-One (exact, an explicit
    graph of about n**1.5 moves).
    """
    rule = get_rule(rule)
    return engine_for(rule).default_sum_bound(rule)
