"""Numeric defaults shared by the solver, the command line and the dashboard.

The defaults reproduce the thesis's own setup (section 3.4): N = 10,000
positions examined, a bound of alpha * N with alpha = 100, six layers, and the
game tree of 4708 (Fig 1).
"""

DEFAULT_N = 10_000
DEFAULT_ALPHA = 100
DEFAULT_DEPTH = 6
DEFAULT_START = 4708

#: Bytes of result arrays per position of the bound: outcome (int8) and
#: remoteness (int16).
BYTES_PER_POSITION = 3

#: Fraction of the machine's available memory a solve may plan to use.
MEMORY_FRACTION = 0.8

#: Largest number of nodes a game tree is built with before it is cut.
DEFAULT_MAX_TREE_NODES = 400
