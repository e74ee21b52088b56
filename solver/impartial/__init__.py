"""Finite, loop-free impartial games: octal games, Wythoff's game, Euclid's game and Chomp.

Each game here ends (every move shrinks the position), so every position is
either an N-position (the player to move wins: outcome W) or a P-position
(the player to move loses: outcome L), and by the Sprague–Grundy theorem each
has a Grundy value (nim value), 0 exactly for the P-positions.

Modules
-------
:mod:`.octal`
    Octal games (Kayles ``0.77``, Dawson's Kayles ``0.07``, Dawson's chess
    and Rob's Dots ``0.137``, ...): Grundy values of heaps, proved
    periodicity, P-positions, equivalence classes, sums of heaps.
:mod:`.wythoff`
    Wythoff's game (outcomes, the sieve, the Beatty pairs) and Euclid's game.
:mod:`.chomp`
    Chomp on fragmentary bars in an R x C box (outcomes of every bar, counts
    of losing bars, the 2 x C picture).

Conventions: outcome arrays are ``uint8`` with 1 = W (N-position) and
0 = L (P-position); the numba kernels are unchecked and sit behind checked
public functions, which refuse work beyond about a minute or the memory of
the machine with a ``ValueError`` that gives the estimate.  Sources: Berlekamp,
Conway and Guy, *Winning Ways*, chapter 4 (octal games); C. Wright, "The
Independence Game" (2017, Rob's Dots = 0.137); "Sieves and Wythoff's Nim",
"Chomp", "Euclid's Game" (blog posts of one author, quoted in the tests).
"""

from .chomp import binary_square, chomp_cost, chomp_counts, chomp_moves, chomp_outcomes, format_bar, parse_bar
from .octal import (
    OctalCode,
    Periodicity,
    SumMove,
    equivalence_classes,
    grundy_cost,
    grundy_values,
    p_positions,
    parse_octal,
    periodicity,
    sum_moves,
    sum_value,
    two_heap_p_positions,
)
from .wythoff import (
    SieveStep,
    beatty_pairs,
    euclid_is_win,
    euclid_outcomes,
    outcomes_cost,
    sieve_steps,
    wythoff_outcomes,
    wythoff_pairs,
)

__all__ = [
    # octal games
    "OctalCode",
    "parse_octal",
    "grundy_cost",
    "grundy_values",
    "Periodicity",
    "periodicity",
    "p_positions",
    "two_heap_p_positions",
    "equivalence_classes",
    "sum_value",
    "SumMove",
    "sum_moves",
    # Wythoff's game and Euclid's game
    "wythoff_outcomes",
    "wythoff_pairs",
    "beatty_pairs",
    "SieveStep",
    "sieve_steps",
    "euclid_outcomes",
    "euclid_is_win",
    "outcomes_cost",
    # Chomp
    "chomp_cost",
    "chomp_outcomes",
    "chomp_counts",
    "chomp_moves",
    "parse_bar",
    "format_bar",
    "binary_square",
]
