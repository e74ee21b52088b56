"""The games of the family side by side: counts, highest remoteness, first L positions.

One row per rule of :data:`solver.games.RULES`, from a sound solve of each at
the same bound (``docs/mathematics.md`` section 7).  The Explore tab's
comparison view, ``python -m solver compare`` and the README's table all come
from :func:`compare_rules`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import numpy as np
import pandas as pd

from solver.engine import solve
from solver.engine.solution import Outcome, Solution
from solver.games import RULES, Rule, get_rule
from solver.validation import check_integer

__all__ = ["COMPARISON_COLUMNS", "compare_rules", "comparison_row"]

#: Columns of :func:`compare_rules`, in order.
COMPARISON_COLUMNS = (
    "rule",
    "title",
    "bound",
    "W",
    "L",
    "D",
    "U",
    "max_remoteness",
    "max_remoteness_at",
    "bounded",
    "first_L",
)


def comparison_row(solution: Solution, n: int, first: int = 12) -> dict:
    """Summarise one solve over positions ``1..n``.

    Parameters
    ----------
    solution : Solution
        A solve of any rule with ``bound >= n``.
    n : int
        Positions ``1..n`` are counted, ``1 <= n <= solution.bound``.
    first : int, optional
        How many L positions to list (default 12).

    Returns
    -------
    dict
        Keys of :data:`COMPARISON_COLUMNS`: ``W``, ``L``, ``D``, ``U``
        (counts of ``1..n``), ``max_remoteness`` (the highest exact
        remoteness among ``1..n``, 0 if none) and ``max_remoteness_at`` (the
        least position with it, or None), ``bounded`` (W/L whose remoteness
        is only an upper bound), ``first_L`` (the first ``first`` L positions
        of ``1..n``, a list of int).

    Raises
    ------
    TypeError, ValueError
        If ``n`` or ``first`` is not an integer in range.
    """
    tally = solution.tally(n)
    first = check_integer(first, "first", least=0)
    outcome = np.asarray(solution.outcome[1 : n + 1])
    packed = np.asarray(solution.packed_remoteness[1 : n + 1])
    losses = np.flatnonzero(outcome == Outcome.L)[:first] + 1
    top = tally["max_remoteness"]
    at = np.flatnonzero(packed == top) if top > 0 else np.zeros(0, dtype=np.int64)
    rule = solution.rule
    return {
        "rule": rule.name,
        "title": rule.title,
        "bound": solution.bound,
        "W": tally["W"],
        "L": tally["L"],
        "D": tally["D"],
        "U": tally["U"],
        "max_remoteness": top,
        "max_remoteness_at": int(at[0]) + 1 if at.size else None,
        "bounded": tally["bounded"],
        "first_L": [int(x) for x in losses],
    }


def compare_rules(
    n: int,
    bound: int,
    *,
    rules: Iterable[Rule | str] | None = None,
    solver: Callable[[int, Rule], Solution] | None = None,
    first: int = 12,
) -> pd.DataFrame:
    """Compare the rules of the family over positions ``1..n`` at one bound.

    Parameters
    ----------
    n : int
        Positions ``1..n`` are counted, ``n >= 1``.
    bound : int
        The bound of every solve, ``bound >= n`` (the README's table uses
        ``n = 10**4``, ``bound = 10**6``).  Rules that never climb past
        ``n + 1`` are exact below any bound.
    rules : iterable of Rule or str, optional
        Which rules, in order; default all of :data:`solver.games.RULES`.
    solver : callable, optional
        ``solver(bound, rule) -> Solution``; default an in-memory
        :func:`solver.engine.solve` (the dashboard passes its cache).
    first : int, optional
        How many L positions to list per rule.

    Returns
    -------
    pandas.DataFrame
        One row per rule, columns :data:`COMPARISON_COLUMNS` (see
        :func:`comparison_row`).

    Raises
    ------
    TypeError, ValueError
        If ``n`` or ``bound`` is not an integer, ``n < 1`` or ``bound < n``,
        or a rule is unknown.
    solver.BoundTooLargeError
        If a solve does not fit in memory.
    """
    n = check_integer(n, "n", least=1)
    bound = check_integer(bound, "the bound", least=n)
    chosen = [get_rule(r) for r in (rules if rules is not None else RULES.values())]
    if solver is None:

        def solver(b: int, rule: Rule) -> Solution:
            return solve(b, rule=rule)

    rows = [comparison_row(solver(bound, rule), n, first) for rule in chosen]
    return pd.DataFrame(rows, columns=list(COMPARISON_COLUMNS))
