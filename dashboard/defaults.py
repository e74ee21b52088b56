"""The page's own control defaults and limits, each written once.

The game's numeric defaults (N, alpha, depth, the tree's start number, the
thesis's experiment setups) live in :mod:`solver.config`; what is here is
only the page's: which tab and view open first, the Play and Inspect tabs'
starting numbers, and how large an input a request may ask for.  The
layouts, the callbacks and the URL state (:mod:`dashboard.urlstate`) all read
their defaults from these two modules.
"""

from __future__ import annotations

# ---------------------------------------------------------------- defaults

#: The tab that opens first.
DEFAULT_TAB = "explore"
#: Density transform shown first (a key of :data:`solver.analysis.layers.TRANSFORMS`).
DEFAULT_TRANSFORM = "density"
#: Layer whose differences are shown first (thesis Fig 12).
DEFAULT_DIFF_LAYER = 2
#: Starts 1..N of the strategy matrix.
DEFAULT_MATRIX_N = 1000

#: The Play tab: start number, mode, who moves first, computer strength.
DEFAULT_PLAY_START = 92
DEFAULT_PLAY_MODE = "hvc"
DEFAULT_PLAY_FIRST = "you"
DEFAULT_STRENGTH = 1.0
#: Modes of the Play tab: you against the computer, two people on one
#: screen, computer against computer.
PLAY_MODES = {"hvc": "You vs computer", "hvh": "Two players", "cvc": "Computer vs computer"}

#: Number shown when the Inspect tab opens (a certified draw: {2, 3, 8, 12}).
DEFAULT_INSPECT = 8


# ---------------------------------------------------------------- limits

#: Range and step of the N slider, in powers of ten.
N_SLIDER_MIN_EXP = 2
N_SLIDER_MAX_EXP = 7
N_SLIDER_STEP = 0.05
#: Largest N that may be typed (the solve needs alpha * N positions).
N_MAX = 10**7
ALPHA_MAX = 1000
DEPTH_MAX = 20

# The Thesis tab's limits below are ceilings: its callbacks lower each to what
# the solver.costs estimates fit in about 2 s of one request on this machine,
# and state the result beside the panel's controls.

#: Largest N of the fixed-strategy and strategy-matrix views.
STRATEGY_N_MAX = 10**6
MATRIX_N_MAX = 10**6
#: Largest layer and limit of the primitive-elements view (its bound is 100 x limit).
PRIMITIVES_LAYER_MAX = 50
PRIMITIVES_LIMIT_MAX = 10**6
#: Most random games the page plays in one request (about 3 seconds), and
#: the largest move cap it accepts.
RANDOM_GAMES_MAX = 10**7
RANDOM_CAP_MAX = 10_000
