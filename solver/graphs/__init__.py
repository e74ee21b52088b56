"""Games played on a drawn graph: the graph formats they share (:mod:`.formats`) and the loopy graph games.

The finite graph games (Eraserhead, Monochrome) are finite impartial games
in :mod:`solver.impartial`; the loopy ones live in this package:

=======================  ===================================================================
module                   contents
=======================  ===================================================================
:mod:`.formats`          edge and arc lists, presets, token vertices (:func:`parse_graph`)
:mod:`.smith`            Smith's loopy nim values of a directed graph (:func:`loopy_values`)
:mod:`.tokens`           tokens on a directed graph (Nim's Island): outcome by Smith's sum
                         rule, moves, the computer's move (:func:`token_position`)
:mod:`.snakes`           Snakes-and-Adders: boards, arrows, counters (:func:`snakes_position`)
:mod:`.fair_shares`      Fair Shares and Varied Pairs: every partition of N solved
                         (:func:`fair_shares`)
=======================  ===================================================================

``docs/graph-games.md`` gives the rules, the sum rule and its source, and the results.
"""

from .fair_shares import (
    MAX_ALMONDS,
    FairShares,
    FairSharesMove,
    FairSharesPosition,
    computer_fair_shares_move,
    fair_shares,
    fair_shares_cost,
    fair_shares_position,
    format_partition,
    parse_partition,
    partition_count,
    partition_moves,
)
from .formats import (
    GRAPH_FORMS,
    MAX_EDGES,
    MAX_VERTICES,
    PRESETS,
    Graph,
    format_graph,
    parse_graph,
    parse_vertices,
    preset_text,
)
from .smith import LoopyValues, loopy_value_text, loopy_values, loopy_values_cost, loopy_values_of_followers
from .snakes import (
    DEFAULT_SNAKES_BOARD,
    MAX_BOARD_SIZE,
    SnakesBoard,
    SnakesPosition,
    parse_arrows,
    parse_squares,
    snakes_board,
    snakes_cost,
    snakes_position,
)
from .tokens import (
    MAX_TOKENS,
    TokenMove,
    TokenPosition,
    apply_token_move,
    computer_token_move,
    token_moves,
    token_outcome,
    token_position,
    tokens_cost,
)

__all__ = [
    "DEFAULT_SNAKES_BOARD",
    "GRAPH_FORMS",
    "MAX_ALMONDS",
    "MAX_BOARD_SIZE",
    "MAX_EDGES",
    "MAX_TOKENS",
    "MAX_VERTICES",
    "PRESETS",
    "FairShares",
    "FairSharesMove",
    "FairSharesPosition",
    "Graph",
    "LoopyValues",
    "SnakesBoard",
    "SnakesPosition",
    "TokenMove",
    "TokenPosition",
    "apply_token_move",
    "computer_fair_shares_move",
    "computer_token_move",
    "fair_shares",
    "fair_shares_cost",
    "fair_shares_position",
    "format_graph",
    "format_partition",
    "loopy_value_text",
    "loopy_values",
    "loopy_values_cost",
    "loopy_values_of_followers",
    "parse_arrows",
    "parse_graph",
    "parse_partition",
    "parse_squares",
    "parse_vertices",
    "preset_text",
    "partition_count",
    "partition_moves",
    "snakes_board",
    "snakes_cost",
    "snakes_position",
    "token_moves",
    "token_outcome",
    "token_position",
    "tokens_cost",
]
