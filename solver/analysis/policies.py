"""The rules players follow in the strategy experiments (thesis section 5).

A :class:`Strategy` decides every move of a player from the position alone:
always put, always take, random, optimal (read from a bounded
:class:`~solver.engine.solution.Solution`) or the thesis's "adder".
:func:`optimal_put` is the optimal strategy vectorised: the first of
:func:`solver.values.best_moves`, ranked by :func:`solver.values.move_rank_array`.
The games themselves are played by :mod:`solver.analysis.playout`.
"""

from __future__ import annotations

import enum

import numpy as np

from solver.engine.solution import Solution, check_solution
from solver.games.squares import POSITION_LIMIT, _isqrt_array
from solver.values.position import move_rank_array

__all__ = ["Strategy", "STRATEGIES", "STRATEGY_LABELS", "optimal_put"]


class Strategy(str, enum.Enum):
    """A rule a player follows in every move.

    ==========  ==============================================================
    member      move from ``n``
    ==========  ==============================================================
    PUT         always put (``n + s(n)``), even at a square
    TAKE        always take (``n - s(n)``)
    RANDOM      put or take with probability 1/2 each, at squares too
    OPTIMAL     the first of :func:`solver.values.best_moves` (take on a
                tie) for ``n <= bound`` of a solution; take above the bound
    ADDER       put, except at a square, where it takes (and wins)
    ==========  ==============================================================

    The thesis's "subtractor" (section 5.2) always takes: it is TAKE.

    Source: thesis section 5.1 (random play) and 5.2 (constant moves).
    """

    PUT = "put"
    TAKE = "take"
    RANDOM = "random"
    OPTIMAL = "optimal"
    ADDER = "adder"


#: Every strategy, in the order of :func:`solver.analysis.experiments.strategy_matrix`'s rows.
STRATEGIES: tuple[Strategy, ...] = tuple(Strategy)

#: Readable names for the strategies.
STRATEGY_LABELS: dict[Strategy, str] = {
    Strategy.PUT: "always put",
    Strategy.TAKE: "always take",
    Strategy.RANDOM: "random",
    Strategy.OPTIMAL: "optimal",
    Strategy.ADDER: "adder (put; take at a square)",
}

_DETERMINISTIC = frozenset(set(Strategy) - {Strategy.RANDOM})


def _check_strategy(value, name: str) -> Strategy:
    """Return ``value`` as a Strategy; ValueError naming the allowed ones."""
    try:
        return Strategy(value)
    except ValueError:
        names = ", ".join(s.value for s in Strategy)
        raise ValueError(f"{name} must be one of {names}; got {value!r}") from None


def optimal_put(positions, solution: Solution) -> np.ndarray:
    """Decide the optimal strategy's move for many positions at once.

    Parameters
    ----------
    positions : array_like
        Integer positions, any shape, ``1 <= n < 2**62``.
    solution : Solution
        The bounded solve the values come from.

    Returns
    -------
    numpy.ndarray
        Same shape, dtype ``bool``: True where the move is put, False where
        it is take.  For ``n <= solution.bound`` this is the first move of
        :func:`solver.values.best_moves` (take when both are best): win
        fastest, else draw, else move to an unresolved child, else lose
        slowest.  Above the bound the strategy takes.

    Raises
    ------
    TypeError
        If ``solution`` is not a Solution or ``positions`` not integers.
    ValueError
        If a position is outside ``1 .. 2**62 - 1``.

    Notes
    -----
    Thesis section 1.3 (optimal play) and Fig 14 (best moves marked).
    Above the bound the values of both children are mostly unknown, so the
    strategy falls back to take, which keeps the game small: a take lands
    at most at ``2 isqrt(n)``.
    """
    check_solution(solution, "the optimal strategy")
    pos = np.asarray(positions)
    if pos.dtype.kind not in "iu":
        raise TypeError(f"positions must be integers, got dtype {pos.dtype}")
    pos = pos.astype(np.int64)
    if pos.size and (pos.min() < 1 or pos.max() >= POSITION_LIMIT):
        raise ValueError("positions must be from 1 to 2**62 - 1")
    return _optimal_put(pos, solution)


def _optimal_put(pos: np.ndarray, solution: Solution) -> np.ndarray:
    # Unchecked: int64 positions in [1, 2**62).
    put = np.zeros(pos.shape, dtype=bool)
    inside = pos <= solution.bound
    x = pos[inside]
    if x.size:
        root = _isqrt_array(x)
        s = root * root
        put[inside] = move_rank_array(x + s, solution) < move_rank_array(x - s, solution)
    return put
