"""Finite, loop-free impartial games: octal games, Couples are Forever, Wythoff's, Euclid's (pairs and triples), Chomp, Magnetism, Spring Cleaning, Eraserhead, Monochrome.

Each game here ends (every move shrinks the position), so every position is
either an N-position (the player to move wins: outcome W) or a P-position
(the player to move loses: outcome L), and by the Sprague–Grundy theorem each
has a Grundy value (nim value), 0 exactly for the P-positions.

Each game is an :class:`ImpartialGame` (:mod:`.game`): it owns its
positions (text both ways), its moves, its values, outcomes and remoteness
and their cost estimates; :func:`impartial_game` finds one by name.

==================================  =============================================================
module                              contents
==================================  =============================================================
:mod:`solver.impartial.game`        :class:`ImpartialGame`, the one abstraction: sums, trees,
                                    the remoteness search, why a command does not apply
:mod:`solver.impartial.registry`    :func:`impartial_game`, :data:`IMPARTIAL_ALIASES`,
                                    :data:`IMPARTIAL_EXAMPLES`
:mod:`solver.impartial.octal`       octal games (Kayles ``0.77``, Dawson's Kayles ``0.07``,
                                    Dawson's chess and Rob's Dots ``0.137``, ...):
                                    :class:`HeapGame`, :class:`OctalGame`
:mod:`solver.impartial.octal_codes` their codes: :class:`OctalCode`, :func:`parse_octal`
:mod:`solver.impartial.octal_grundy`
                                    Grundy values of heaps (the plain kernel or the sparse
                                    space, whichever is estimated faster), their costs
:mod:`solver.impartial.octal_period`
                                    the periodicity theorem: proved periods
:mod:`solver.impartial.octal_positions`
                                    P-positions, two-heap P-positions, equivalence classes,
                                    sums of heaps
:mod:`solver.impartial.sparse`      the sparse-space method (rare and common values): fast
                                    exact Grundy values of octal games with splits
:mod:`solver.impartial.couples`     Couples are Forever (split a pile of at least 3 in two):
                                    the values of 0.6 one pile down; :class:`CouplesGame`
:mod:`solver.impartial.wythoff`     Wythoff's game and Euclid's game, on pairs: :class:`PairGame`,
                                    :class:`WythoffGame`, :class:`EuclidGame`
:mod:`solver.impartial.wythoff_outcomes`
                                    exact outcomes of both, the sieve, the Beatty pairs
:mod:`solver.impartial.wythoff_values`
                                    Wythoff's P-positions at any size, its value and
                                    remoteness kernels
:mod:`solver.impartial.chomp`       Chomp on fragmentary bars in an R x C box (outcomes of every
                                    bar, counts of losing bars, the 2 x C picture); :class:`ChompGame`
:mod:`solver.impartial.eraserhead`  Eraserhead on any graph (erasers walk along edges and erase
                                    them): values with the split into components, the table of
                                    paths, the lost triples; :class:`EraserheadGame`
:mod:`solver.impartial.eraserhead_positions`
                                    its positions (``GRAPH:ERASERS``) and moves
:mod:`solver.impartial.eraserhead_components`
                                    the numba table of paths, canonical forms of components
:mod:`solver.impartial.eraserhead_search`
                                    the estimates and the memoised search
:mod:`solver.impartial.monochrome`  Monochrome (node Kayles) on any graph: values with the split
                                    into components, paths as Rob's Dots (0.137), the numba
                                    search; :class:`MonochromeGame`
:mod:`solver.impartial.monochrome_positions`
                                    its positions (``GRAPH:MARKED``) and moves
:mod:`solver.impartial.monochrome_search`
                                    the numba search over 64-bit masks and its kept frames
:mod:`solver.impartial.magnetism`   Magnetism: strips, their elementary strips and the four
                                    sequences; :class:`MagnetismGame`
:mod:`solver.impartial.spring_cleaning`
                                    Spring Cleaning: grids split into groups of dirt, the numba
                                    kernel over canonical groups, the L-shapes, the zigzags and
                                    Couples are Forever; :class:`SpringCleaningGame`
:mod:`solver.impartial.spring_cleaning_kernel`
                                    its numba kernel over canonical groups and their table
:mod:`solver.impartial.spring_cleaning_grids`
                                    its grids as text, groups, sweeps, the groups' estimate
:mod:`solver.impartial.euclid3`     Euclid's game on triples: the octant of outcomes, values and
                                    remoteness of a box; :class:`Euclid3Game`
==================================  =============================================================

Conventions: outcome arrays are ``uint8`` with 1 = W (N-position) and
0 = L (P-position); the numba kernels are unchecked and sit behind checked
public functions, which estimate the work first (:class:`solver.costs.Cost`)
and refuse work beyond a time limit (``max_seconds``, default
``config.IMPARTIAL_MAX_SECONDS``, 60 s) or the memory this machine can give
with a ``ValueError`` that gives the estimate.  ``docs/impartial-games.md``
gives the definitions, the sources and the methods.  Sources: Berlekamp,
Conway and Guy, *Winning Ways*, chapter 4 (octal games); C. Wright, "The
Independence Game" (2017, Rob's Dots = 0.137); W. A. Wythoff (1907); Cole
and Davie (1969, Euclid's game); "Sieves and Wythoff's Nim", "Chomp",
"Euclid's Game", "Magnetism", "Spring Cleaning I" and "II" (blog posts of
one author, quoted in the tests).
"""

from .chomp import (
    ChompGame,
    binary_square,
    chomp_cost,
    chomp_counts,
    chomp_moves,
    chomp_outcomes,
    chomp_table_cost,
    format_bar,
    parse_bar,
)
from .couples import CouplesGame, couples_game, couples_values, couples_values_cost
from .eraserhead import (
    EraserheadGame,
    eraserhead_cost,
    eraserhead_move_values,
    eraserhead_value,
    lost_triples,
    lost_triples_cost,
)
from .eraserhead_positions import (
    EraserheadPosition,
    EraserMove,
    eraserhead_moves,
    eraserhead_position,
    format_eraserhead,
    parse_eraserhead,
)
from .euclid3 import (
    Euclid3Game,
    euclid3_outcomes,
    euclid3_outcomes_cost,
    euclid3_table_cost,
)
from .game import ImpartialGame, SumOption
from .magnetism import (
    MAGNETISM_FAMILIES,
    MagnetismGame,
    elementary_strips,
    magnetism_sequences,
    magnetism_sequences_cost,
    parse_strip,
)
from .monochrome import MonochromeGame, monochrome_cost, monochrome_move_values, monochrome_value
from .monochrome_positions import (
    MonochromeMove,
    MonochromePosition,
    format_monochrome,
    monochrome_moves,
    monochrome_position,
    parse_monochrome,
)
from .octal import HeapGame, OctalGame
from .octal_codes import OctalCode, parse_octal
from .octal_grundy import grundy_cost, grundy_method, grundy_values, sparse_space
from .octal_period import Periodicity, periodicity
from .octal_positions import (
    SumMove,
    classes_of_values,
    equivalence_classes,
    p_positions,
    pairs_of_equal_values,
    sum_moves,
    sum_value,
    two_heap_p_positions,
)
from .registry import IMPARTIAL_ALIASES, IMPARTIAL_EXAMPLES, IMPARTIAL_FORMS, impartial_game, is_impartial_name
from .spring_cleaning import SpringCleaningGame, l_shape, l_shape_table, l_shape_value, zigzag, zigzag_values
from .spring_cleaning_grids import parse_grid
from .wythoff import EuclidGame, PairGame, WythoffGame
from .wythoff_outcomes import (
    SieveStep,
    beatty_pairs,
    euclid_is_win,
    euclid_outcomes,
    outcomes_cost,
    sieve_steps,
    wythoff_outcomes,
    wythoff_pairs,
)
from .wythoff_values import wythoff_is_p

__all__ = [
    # the games
    "ImpartialGame",
    "SumOption",
    "impartial_game",
    "is_impartial_name",
    "IMPARTIAL_ALIASES",
    "IMPARTIAL_EXAMPLES",
    "IMPARTIAL_FORMS",
    "HeapGame",
    "OctalGame",
    "CouplesGame",
    "PairGame",
    "WythoffGame",
    "EuclidGame",
    "ChompGame",
    # octal games
    "OctalCode",
    "parse_octal",
    "grundy_cost",
    "grundy_values",
    "grundy_method",
    "sparse_space",
    "Periodicity",
    "periodicity",
    "p_positions",
    "two_heap_p_positions",
    "equivalence_classes",
    "pairs_of_equal_values",
    "classes_of_values",
    "sum_value",
    "SumMove",
    "sum_moves",
    # Couples are Forever
    "couples_game",
    "couples_values",
    "couples_values_cost",
    # Wythoff's game and Euclid's game
    "wythoff_outcomes",
    "wythoff_pairs",
    "wythoff_is_p",
    "beatty_pairs",
    "SieveStep",
    "sieve_steps",
    "euclid_outcomes",
    "euclid_is_win",
    "outcomes_cost",
    # Chomp
    "chomp_cost",
    "chomp_table_cost",
    "chomp_outcomes",
    "chomp_counts",
    "chomp_moves",
    "parse_bar",
    "format_bar",
    "binary_square",
    # Eraserhead
    "EraserheadGame",
    "EraserheadPosition",
    "EraserMove",
    "parse_eraserhead",
    "format_eraserhead",
    "eraserhead_position",
    "eraserhead_moves",
    "eraserhead_cost",
    "eraserhead_value",
    "eraserhead_move_values",
    "lost_triples",
    "lost_triples_cost",
    # Monochrome
    "MonochromeGame",
    "MonochromePosition",
    "MonochromeMove",
    "parse_monochrome",
    "format_monochrome",
    "monochrome_position",
    "monochrome_moves",
    "monochrome_cost",
    "monochrome_value",
    "monochrome_move_values",
    # Magnetism
    "MagnetismGame",
    "elementary_strips",
    "magnetism_sequences",
    "magnetism_sequences_cost",
    "MAGNETISM_FAMILIES",
    "parse_strip",
    # Spring Cleaning
    "SpringCleaningGame",
    "l_shape",
    "l_shape_table",
    "l_shape_value",
    "zigzag",
    "zigzag_values",
    "parse_grid",
    # Euclid's game on triples
    "Euclid3Game",
    "euclid3_outcomes",
    "euclid3_outcomes_cost",
    "euclid3_table_cost",
]
