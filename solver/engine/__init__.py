"""The engine: solving a game to a bound, soundly, and the result.

=======================================  ==========================================================
module                                   contents
=======================================  ==========================================================
:mod:`solver.engine.engines`             :class:`Engine`, one per kind of game (:func:`engine_for`)
:mod:`solver.engine.solving`             the front that asks them: :func:`solve`, :func:`solve_rule`,
                                         the checks and estimates
:mod:`solver.engine.solution`            :class:`Outcome`, :class:`Solution`, :class:`CodeColumn`
:mod:`solver.engine.tallies`             counting codes: :func:`~solver.engine.tallies.tally_codes`,
                                         :func:`~solver.engine.tallies.merge_tallies`, ...
:mod:`solver.engine.codes`               one byte per position: outcome, remoteness, exactness
:mod:`solver.engine.sweep`               the sweep kernel: one put-or-take position from its
                                         children (outcome, remoteness bounds, draws)
:mod:`solver.engine.small_game`          the small game of a put-or-take rule
:mod:`solver.engine.graph`               retrograde analysis and draws on explicit graphs
:mod:`solver.engine.put_or_take`         the single-process sweep over ``M + 1..B``
:mod:`solver.engine.rounds`              put-or-take rules with large take children
:mod:`solver.engine.subtract`            subtract-a-square (loop-free)
:mod:`solver.engine.square_but_one`      Square-But-One
:mod:`solver.engine.nim`                 outcomes of a position plus a nim heap (loopy nim values)
:mod:`solver.engine.products`            their kernels, per kind of game
:mod:`solver.engine.dask`                the same sweep kernel as Dask tasks, one per chunk
:mod:`solver.engine.kernels`             numba primitives (exact isqrt, escape distance, ...)
:mod:`solver.engine.mapped`              giving back the pages of memory-mapped results
:mod:`solver.engine.budget`              the memory this machine can give, and the one check
=======================================  ==========================================================

Importing it compiles nothing: the numba kernels compile (or load from
numba's cache) at their first call.
"""

from __future__ import annotations

from .codes import CODE_D, CODE_U, MAX_REMOTENESS
from .engines import ENGINES, MAX_BOUND, Engine, engine_for
from .solution import NO_REMOTENESS, CodeColumn, Outcome, Solution, check_solution
from .solving import (
    SQUARE_BUT_ONE_NOTE,
    check_bound,
    check_rule_bound,
    cold_positions,
    estimate_rule_bytes,
    estimate_rule_seconds,
    estimate_solve_bytes,
    estimate_solve_seconds,
    solve,
    solve_rule,
    warm_up,
)

__all__ = [
    "Engine",
    "ENGINES",
    "engine_for",
    "solve",
    "solve_rule",
    "check_bound",
    "check_rule_bound",
    "estimate_solve_bytes",
    "estimate_solve_seconds",
    "estimate_rule_bytes",
    "estimate_rule_seconds",
    "cold_positions",
    "warm_up",
    "Solution",
    "Outcome",
    "CodeColumn",
    "NO_REMOTENESS",
    "check_solution",
    "MAX_BOUND",
    "MAX_REMOTENESS",
    "CODE_U",
    "CODE_D",
    "SQUARE_BUT_ONE_NOTE",
]
