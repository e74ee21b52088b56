"""The Finite games tab: octal games, Wythoff's and Euclid's games and Chomp, each with the pictures of its sources.

For an octal game (Rob's Dots 0.137, Kayles, Dawson's Kayles, any code): the
Grundy sequence with its period and pre-period (proved by the periodicity
theorem when it applies), the equivalence classes of heap sizes and the grid
of two-heap P-positions ("The Independence Game", C. Wright, 2017).  For
Wythoff's and Euclid's games: the quadrant coloured by outcome with the
moves of a hovered pair and the lines of slope φ and 1/φ, and for Wythoff's
game the sieve step by step over the Beatty pairs ("Sieves and Wythoff's
Nim", "Euclid's Game").  For Chomp: the losing bars as small pictures and
the 2 x C box as a binary square ("Chomp").  For every game: play against
the computer and a small game tree.
"""

from ...urlkeys import UrlKey, number_box_key, slider
from .. import Tab
from . import callbacks, ids
from .games import check_game_param, check_position_param
from .layout import (
    DEFAULT_GAME,
    DEFAULT_HEAPS_N,
    DEFAULT_PAIRS_N,
    DEFAULT_PLANE_SIZE,
    DEFAULT_POSITION,
    DEFAULT_SIEVE_STEP,
    DEFAULT_SQUARE_COLS,
    DEFAULT_TREE_DEPTH,
    HEAPS_N_MAX,
    PAIRS_N_MAX,
    PLANE_SIZE_MAX,
    SIEVE_STEPS,
    SQUARE_COLS_MAX,
    TREE_DEPTH_MAX,
    finite_layout,
)

#: The Finite games tab's entry in :data:`dashboard.registry.TABS`.
TAB = Tab(
    value="finite",
    label="Finite games",
    layout=finite_layout,
    register=callbacks.register,
    url_keys=(
        UrlKey("fgame", ids.GAME, DEFAULT_GAME, check_game_param),
        number_box_key("fheaps", ids.HEAPS_N, DEFAULT_HEAPS_N, "N, the largest heap", most=HEAPS_N_MAX),
        number_box_key("fpairs", ids.PAIRS_N, DEFAULT_PAIRS_N, "M, the largest heap", most=PAIRS_N_MAX),
        number_box_key("fsize", ids.PLANE_SIZE, DEFAULT_PLANE_SIZE, "the side S", most=PLANE_SIZE_MAX),
        UrlKey("fstep", ids.SIEVE_STEP, DEFAULT_SIEVE_STEP, slider("the sieve's step", 1, SIEVE_STEPS)),
        number_box_key("fcols", ids.SQUARE_COLS, DEFAULT_SQUARE_COLS, "the width C", most=SQUARE_COLS_MAX),
        UrlKey("fpos", ids.POSITION, DEFAULT_POSITION, check_position_param, number_box=True),
        UrlKey("fdepth", ids.TREE_DEPTH, DEFAULT_TREE_DEPTH, slider("the tree's depth", 1, TREE_DEPTH_MAX)),
    ),
    relayout_graphs=((ids.TREE, "layout"),),
)
