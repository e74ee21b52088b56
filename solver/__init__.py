"""A sound solver for Epstein's Put-or-Take-a-Square game and the games around it.

From a position ``n >= 1`` the player to move goes to ``n - s(n)`` (take) or
``n + s(n)`` (put), ``s(n) = isqrt(n)**2``; whoever reaches 0 wins and
infinite play is a draw (Winning Ways, vol. 2, p. 484; ``docs/mathematics.md``
section 1).  :func:`solve` classifies every position ``0..B`` as W, L, D or U
with its remoteness, soundly for the infinite game (``docs/mathematics.md``
section 3); ``rule=`` picks another game of the family (section 7).

Every game of the project, the family's rules and the finite and loopy games
of the sources alike, is found by name in one registry (:func:`find_game`,
:func:`game_names`) and answers the same questions (:class:`Game`)::

    from solver import find_game, solve, layer

    game = find_game("kayles")              # any game: a name, an alias, octal-<code> ...
    position = game.parse("5+7+9")
    game.outcome(position), game.value(position)        # ('W', 2)
    [m.label for m in game.moves(position)][:2]         # moves are data (solver.registry.Move)

    solution = solve(1_000_000)             # or solve_cached: kept on disk
    solution.value(4708)                    # (Outcome, exact remoteness or None)
    layer(solution, 10_000, 2)              # the thesis's layer l_2 up to N

This front door holds what a user calls; everything else is in the
subpackage that owns it (``from solver.values import ranked_moves``):

=========================  ============================================================
subpackage                 contents
=========================  ============================================================
:mod:`solver.registry`     every game by name: :class:`Game`, ``Move``, :func:`find_game`
:mod:`solver.games`        the put-or-take family: :class:`Rule` and its kinds, the moves
:mod:`solver.engine`       solving to a bound: the sweep kernel, the small game, the
                           one-byte codes, :class:`Solution`, the Dask tasks, nim products
:mod:`solver.store`        the disk cache, the in-memory cache, the Dask store
:mod:`solver.analysis`     layers, densities, records, convergence, the comparison of
                           rules, the thesis's experiments and printed lists
:mod:`solver.values`       values of positions, best moves, game trees, play, the
                           inspector, loopy nim values and sums
:mod:`solver.impartial`    finite impartial games (octal and subtraction games,
                           Wythoff's and Euclid's games, Chomp, Magnetism, Spring
                           Cleaning, Euclid's game on triples, Eraserhead, Monochrome)
:mod:`solver.graphs`       graphs as text and the loopy games on graphs
:mod:`solver.cli`          the command line, ``python -m solver``
:mod:`solver.errors`       every exception
:mod:`solver.costs`        estimates of time and memory before work starts
=========================  ============================================================

``docs/architecture.md`` maps every concept to its module.  Importing
:mod:`solver` compiles nothing: the numba kernels compile (or load from
numba's cache) at their first call.
"""

from . import config
from .analysis.comparison import compare_rules
from .analysis.experiments import adder_subtractor, always_subtract, random_play, strategy_matrix
from .analysis.layers import classification_table, convergence, densities, differences, layer, layers
from .analysis.primitives import primitive_elements
from .analysis.records import records, write_bfile
from .analysis.thesis import compare_thesis_lists
from .compiling import compile_in_background, compile_kernels, compile_status
from .costs import Cost, check_cost
from .engine import Outcome, Solution, solve, warm_up
from .errors import (
    BoundTooLargeError,
    CacheUnavailableError,
    CacheUnavailableWarning,
    CertificateError,
    DaskEngineError,
    GameOverError,
    NotApplicableError,
    WorkTooLargeError,
)
from .games import DEFAULT_RULE, RULE_NAMES, RULES, Move, Rule, get_rule, is_square, moves, put, square_below, take
from .graphs import parse_graph
from .impartial import ImpartialGame, impartial_game
from .parsing import parse_int
from .registry import Game, find_game, game_names
from .store import open_store, solve_cached, solve_dask
from .values.inspection import draw_certificate, inspect_position, put_chain
from .values.nimvalues import nim_values
from .values.play import apply_move, computer_move, move_values, new_game
from .values.position import best_moves, position_value
from .values.sums import sum_position
from .values.tree import game_tree

__all__ = [
    # every game by name
    "Game",
    "find_game",
    "game_names",
    # the put-or-take family
    "Rule",
    "RULES",
    "RULE_NAMES",
    "DEFAULT_RULE",
    "get_rule",
    "Move",
    "moves",
    "take",
    "put",
    "square_below",
    "is_square",
    # solving and the stores
    "Outcome",
    "Solution",
    "solve",
    "solve_cached",
    "solve_dask",
    "open_store",
    "warm_up",
    "compile_kernels",
    "compile_in_background",
    "compile_status",
    # analysis
    "layer",
    "layers",
    "densities",
    "differences",
    "classification_table",
    "convergence",
    "records",
    "write_bfile",
    "primitive_elements",
    "compare_thesis_lists",
    "compare_rules",
    "random_play",
    "always_subtract",
    "adder_subtractor",
    "strategy_matrix",
    # values of positions
    "position_value",
    "best_moves",
    "game_tree",
    "inspect_position",
    "draw_certificate",
    "put_chain",
    "new_game",
    "apply_move",
    "computer_move",
    "move_values",
    "nim_values",
    "sum_position",
    # the finite games and graphs
    "ImpartialGame",
    "impartial_game",
    "parse_graph",
    # estimates, input, errors
    "Cost",
    "check_cost",
    "parse_int",
    "config",
    "BoundTooLargeError",
    "CacheUnavailableError",
    "CacheUnavailableWarning",
    "CertificateError",
    "DaskEngineError",
    "GameOverError",
    "NotApplicableError",
    "WorkTooLargeError",
]
