"""Numeric defaults shared by the solver, the command line and the dashboard.

The defaults reproduce the thesis's own setup (section 3.4): N = 10,000
positions examined, a bound of alpha * N with alpha = 100, six layers, and the
game tree of 4708 (Fig 1).
"""

DEFAULT_N = 10_000
DEFAULT_ALPHA = 100
DEFAULT_DEPTH = 6
DEFAULT_START = 4708

#: Bytes of result per position of the bound: one ``uint8`` code holding
#: outcome, remoteness and its exactness (``solver.engine.codes``).
BYTES_PER_POSITION = 1

#: Bytes per position of the wide layout, outcome (int8) and remoteness
#: (int16): how the general solver works before packing, and how a result
#: whose remoteness does not fit a code is kept.
WIDE_BYTES_PER_POSITION = 3

#: Fraction of the machine's available memory a solve may plan to use.
MEMORY_FRACTION = 0.8

#: Largest number of nodes a game tree is built with before it is cut.
DEFAULT_MAX_TREE_NODES = 400

# Setups of the thesis's other investigations, the defaults of the
# dashboard's "Thesis analyses" tab.

#: Random play (section 5.1, Fig 15): games start from every number 1..N,
#: R games from each, stopped at the move cap.
DEFAULT_RANDOM_N = 1000
DEFAULT_RANDOM_GAMES = 100
DEFAULT_MOVE_CAP = 25

#: Seed of seeded random play (random games, the computer player).
DEFAULT_SEED = 0

#: Fixed strategies (section 5.2, Fig 16): always subtract, and adder
#: against subtractor, from every start 1..N.
DEFAULT_STRATEGY_N = 10_000

#: Primitive elements (section 4.1, Table 2): layer 2 up to 50,000.
DEFAULT_PRIMITIVES_LAYER = 2
DEFAULT_PRIMITIVES_LIMIT = 50_000

#: Longest estimated computation a function of :mod:`solver.impartial` (the
#: finite impartial games) accepts unless its caller passes ``max_seconds``,
#: in seconds.  The command line passes its own limit (``--max-seconds``).
IMPARTIAL_MAX_SECONDS = 60.0
