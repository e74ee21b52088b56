"""A sound solver for Epstein's Put-or-Take-a-Square game and its family.

From a position ``n >= 1`` the player to move goes to ``n - s(n)`` (take) or
``n + s(n)`` (put), ``s(n) = isqrt(n)**2``; whoever reaches 0 wins and
infinite play is a draw (Winning Ways, vol. 2, p. 484; ``docs/mathematics.md``
section 1).  :func:`solve` classifies every position ``0..B`` as W, L, D or U
with its remoteness, soundly for the infinite game (``docs/mathematics.md``
section 3); ``rule=`` picks another game of the family (section 7).

Everything public is here::

    from solver import solve, Outcome, best_moves, game_tree, layer, get_rule

    solution = solve(1_000_000)             # or solve_cached: kept on disk
    solution.value(4708)                    # (Outcome, exact remoteness or None)
    best_moves(4708, solution)              # [Move.TAKE] ...
    layer(solution, 10_000, 2)              # the thesis's layer l_2 up to N
    solve(10_000, rule="put-or-take-a-prime").value(8)

    game = impartial_game("robs-dots")      # a finite impartial game: exact, no bound
    game.value(game.parse("3+5"))           # its Grundy value, 1

=========================  ============================================================
subpackage                 contents
=========================  ============================================================
:mod:`solver.games`        the games: :class:`Rule` and its kinds, the moves, the registry
:mod:`solver.engine`       solving to a bound: the sweep kernel, the small game, the
                           one-byte codes, :class:`Solution`, the Dask tasks, nim products
:mod:`solver.store`        the disk cache, the in-memory cache, the Dask store
:mod:`solver.analysis`     layers, densities, records, convergence, the comparison of
                           rules, the thesis's experiments and printed lists
:mod:`solver.values`       values of positions, best moves, game trees, play, the
                           inspector, loopy nim values and sums
:mod:`solver.impartial`    finite impartial games (octal games, Wythoff's game, Euclid's
                           game, Chomp): :func:`impartial_game`, exact Grundy values,
                           outcomes and remoteness
:mod:`solver.cli`          the command line, ``python -m solver``
:mod:`solver.errors`       every exception
:mod:`solver.costs`        estimates of time and memory before work starts
=========================  ============================================================

``docs/architecture.md`` maps every concept to its module.  Importing
:mod:`solver` compiles nothing: the numba kernels compile (or load from
numba's cache) at their first call.
"""

from .analysis.comparison import COMPARISON_COLUMNS, compare_rules, comparison_row
from .analysis.experiments import (
    STRATEGIES,
    STRATEGY_LABELS,
    RandomPlayResult,
    Strategy,
    adder_subtractor,
    always_subtract,
    random_play,
    strategy_matrix,
)
from .analysis.layers import (
    TRANSFORMS,
    classification_table,
    convergence,
    convergence_counts,
    densities,
    differences,
    layer,
    layers,
    transform_density,
    value_labels,
)
from .analysis.primitives import PRIMITIVE_COLUMNS, pell_family, primitive_elements
from .analysis.records import BFILE_SEQUENCES, bfile_terms, records, write_bfile
from .analysis.thesis import THESIS_COLUMNS, compare_thesis_lists
from .analysis.thesis_data import THESIS_BOUND
from .compiling import CompileStatus, compile_in_background, compile_kernels, compile_status
from .costs import (
    Cost,
    check_cost,
    classify_cost,
    fixed_strategies_cost,
    layers_cost,
    primitives_cost,
    random_play_cost,
    solve_cost,
    strategy_matrix_cost,
    tree_cost,
    within_limits,
)
from .engine import (
    NO_REMOTENESS,
    Outcome,
    Solution,
    check_bound,
    cold_positions,
    estimate_solve_bytes,
    solve,
    solve_rule,
    warm_up,
)
from .engine.budget import available_memory
from .engine.codes import CLASS_D, CLASS_L, CLASS_U, CLASS_UL, CLASS_UW, CLASS_W
from .engine.nim import (
    check_nim_rule,
    default_sum_bound,
    has_nim_values,
    needs_bound,
    nim_values_bytes,
    nim_values_seconds,
)
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
from .games import (
    DEFAULT_RULE,
    RULE_NAMES,
    RULES,
    SQUARES,
    Move,
    Rule,
    RuleMove,
    get_rule,
    is_prime,
    is_square,
    moves,
    put,
    square_below,
    take,
)
from .impartial.chomp import (
    ChompGame,
    binary_square,
    chomp_cost,
    chomp_counts,
    chomp_moves,
    chomp_outcomes,
    format_bar,
    parse_bar,
)
from .impartial.game import ImpartialGame, SumOption
from .impartial.octal import (
    OctalCode,
    OctalGame,
    Periodicity,
    equivalence_classes,
    grundy_cost,
    grundy_values,
    p_positions,
    parse_octal,
    periodicity,
    two_heap_p_positions,
)
from .impartial.registry import IMPARTIAL_ALIASES, IMPARTIAL_EXAMPLES, IMPARTIAL_FORMS, impartial_game
from .impartial.wythoff import (
    EuclidGame,
    SieveStep,
    WythoffGame,
    beatty_pairs,
    euclid_is_win,
    euclid_outcomes,
    outcomes_cost,
    sieve_steps,
    wythoff_is_p,
    wythoff_outcomes,
    wythoff_pairs,
)
from .parsing import describe_number, describe_text, parse_int
from .store import SolutionCache, cache_dir, cache_entries, open_store, solve_cached, solve_dask
from .text import format_bytes, format_count, format_number, format_seconds
from .validation import check_integer
from .values.inspection import (
    CLASS_TEXT,
    Certificate,
    ChainRow,
    Inspection,
    MoveInfo,
    draw_certificate,
    inspect_position,
    put_chain,
    value_text,
)
from .values.nimvalues import INF, UNKNOWN, NimValues, k_set, nim_value_text, nim_values
from .values.play import (
    GameEnd,
    GameState,
    MoveValue,
    apply_move,
    best_line,
    computer_move,
    game_end,
    goto,
    move_text,
    move_values,
    new_game,
    player_to_move,
    prediction,
    redo,
    restart,
    undo,
    value_history,
)
from .values.position import (
    best_children,
    best_moves,
    best_rule_moves,
    move_rank,
    mover_outcome,
    position_remoteness_at_most,
    position_value,
    ranked_moves,
    wins_at_once,
)
from .values.sums import MAX_HEAPS, SumMove, SumPosition, sum_outcome, sum_position
from .values.tree import GameTree, TreeNode, game_tree, path_depth, path_order, path_parent

__all__ = [
    # games
    "Rule",
    "RuleMove",
    "Move",
    "RULES",
    "RULE_NAMES",
    "DEFAULT_RULE",
    "SQUARES",
    "get_rule",
    "take",
    "put",
    "moves",
    "square_below",
    "is_square",
    "is_prime",
    # solving
    "solve",
    "solve_rule",
    "solve_cached",
    "solve_dask",
    "check_bound",
    "estimate_solve_bytes",
    "warm_up",
    "cold_positions",
    "compile_kernels",
    "compile_in_background",
    "compile_status",
    "CompileStatus",
    "Solution",
    "Outcome",
    "NO_REMOTENESS",
    "CLASS_U",
    "CLASS_W",
    "CLASS_L",
    "CLASS_D",
    "CLASS_UW",
    "CLASS_UL",
    # stores
    "SolutionCache",
    "open_store",
    "cache_dir",
    "cache_entries",
    # analysis
    "layer",
    "layers",
    "densities",
    "transform_density",
    "TRANSFORMS",
    "differences",
    "classification_table",
    "convergence",
    "convergence_counts",
    "value_labels",
    "records",
    "bfile_terms",
    "write_bfile",
    "BFILE_SEQUENCES",
    "compare_rules",
    "comparison_row",
    "COMPARISON_COLUMNS",
    "compare_thesis_lists",
    "THESIS_COLUMNS",
    "THESIS_BOUND",
    "primitive_elements",
    "pell_family",
    "PRIMITIVE_COLUMNS",
    "random_play",
    "RandomPlayResult",
    "always_subtract",
    "adder_subtractor",
    "strategy_matrix",
    "Strategy",
    "STRATEGIES",
    "STRATEGY_LABELS",
    # values
    "position_value",
    "position_remoteness_at_most",
    "mover_outcome",
    "move_rank",
    "wins_at_once",
    "ranked_moves",
    "best_moves",
    "best_rule_moves",
    "best_children",
    "game_tree",
    "GameTree",
    "TreeNode",
    "path_parent",
    "path_depth",
    "path_order",
    "GameState",
    "GameEnd",
    "MoveValue",
    "new_game",
    "apply_move",
    "undo",
    "redo",
    "goto",
    "restart",
    "game_end",
    "player_to_move",
    "move_values",
    "move_text",
    "prediction",
    "best_line",
    "computer_move",
    "value_history",
    "inspect_position",
    "Inspection",
    "MoveInfo",
    "ChainRow",
    "put_chain",
    "draw_certificate",
    "Certificate",
    "value_text",
    "CLASS_TEXT",
    "nim_values",
    "NimValues",
    "nim_value_text",
    "k_set",
    "INF",
    "UNKNOWN",
    "needs_bound",
    "has_nim_values",
    "check_nim_rule",
    "nim_values_bytes",
    "nim_values_seconds",
    "sum_position",
    "sum_outcome",
    "SumPosition",
    "SumMove",
    "MAX_HEAPS",
    "default_sum_bound",
    # finite impartial games
    "impartial_game",
    "IMPARTIAL_ALIASES",
    "IMPARTIAL_EXAMPLES",
    "IMPARTIAL_FORMS",
    "ImpartialGame",
    "OctalGame",
    "WythoffGame",
    "EuclidGame",
    "ChompGame",
    "SumOption",
    "OctalCode",
    "parse_octal",
    "grundy_values",
    "grundy_cost",
    "Periodicity",
    "periodicity",
    "p_positions",
    "two_heap_p_positions",
    "equivalence_classes",
    "wythoff_outcomes",
    "wythoff_pairs",
    "wythoff_is_p",
    "beatty_pairs",
    "SieveStep",
    "sieve_steps",
    "euclid_outcomes",
    "euclid_is_win",
    "outcomes_cost",
    "chomp_outcomes",
    "chomp_counts",
    "chomp_moves",
    "chomp_cost",
    "binary_square",
    "parse_bar",
    "format_bar",
    # costs
    "Cost",
    "check_cost",
    "within_limits",
    "solve_cost",
    "tree_cost",
    "layers_cost",
    "classify_cost",
    "random_play_cost",
    "strategy_matrix_cost",
    "fixed_strategies_cost",
    "primitives_cost",
    "available_memory",
    # errors
    "BoundTooLargeError",
    "WorkTooLargeError",
    "GameOverError",
    "NotApplicableError",
    "CacheUnavailableError",
    "CacheUnavailableWarning",
    "DaskEngineError",
    "CertificateError",
    # input and text
    "parse_int",
    "describe_number",
    "describe_text",
    "check_integer",
    "format_number",
    "format_count",
    "format_bytes",
    "format_seconds",
]
