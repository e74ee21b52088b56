"""A sound solver for Epstein's Put-or-Take-a-Square game.

From a position ``n >= 1`` the player to move goes to ``n - s(n)`` (take) or
``n + s(n)`` (put), ``s(n) = isqrt(n)**2``; whoever reaches 0 wins and
infinite play is a draw (Winning Ways, vol. 2, p. 484; ``docs/mathematics.md``
section 1).  :func:`solve` classifies every position ``0..B`` as W, L, D or U
with its remoteness, soundly for the infinite game (``docs/mathematics.md``
section 3).

The names most work needs are here::

    from solver import solve, Outcome, best_moves, game_tree, layer

    solution = solve(1_000_000)             # or solve_cached: kept on disk
    solution.value(4708)                    # (Outcome, exact remoteness or None)
    best_moves(4708, solution)              # [Move.TAKE] ...
    layer(solution, 10_000, 2)              # the thesis's layer l_2 up to N

=====================  ====================================================
module                 contents
=====================  ====================================================
:mod:`solver.rules`    the moves: ``take``, ``put``, ``moves``, ``is_square``
:mod:`solver.solution` ``Outcome``, ``Solution``
:mod:`solver.retrograde`  ``solve`` and its kernels
:mod:`solver.store`    ``solve_cached``: solutions kept on disk
:mod:`solver.values`   values of positions of any size, ``best_moves``
:mod:`solver.tree`     ``game_tree``
:mod:`solver.analysis` layers, densities, the classification table
:mod:`solver.inspection`  ``inspect_position``, put chains, draw certificates
:mod:`solver.play`     ``GameState``: playing a game against the solver
:mod:`solver.experiments`  the thesis's strategy experiments (section 5)
:mod:`solver.primitives`   primitive elements of the layers (section 4)
:mod:`solver.thesis`   comparison with the thesis's printed lists
=====================  ====================================================

See ``docs/mathematics.md`` section 6 for the whole module layout.  Importing
:mod:`solver` compiles nothing: the numba kernels compile (or load from
numba's cache) at the first solve.
"""

from solver.analysis.layers import classification_table, densities, layer, layers
from solver.engine import solve
from solver.engine.solution import Outcome, Solution
from solver.games.squares import Move, is_square, moves, put, square_below, take
from solver.store.disk import solve_cached
from solver.values.inspection import inspect_position
from solver.values.play import GameState, apply_move, new_game
from solver.values.position import best_moves, position_value
from solver.values.tree import game_tree

from .parsing import parse_int

__all__ = [
    "solve",
    "solve_cached",
    "Solution",
    "Outcome",
    "Move",
    "game_tree",
    "position_value",
    "best_moves",
    "GameState",
    "new_game",
    "apply_move",
    "layers",
    "layer",
    "densities",
    "classification_table",
    "inspect_position",
    "take",
    "put",
    "moves",
    "square_below",
    "is_square",
    "parse_int",
]
