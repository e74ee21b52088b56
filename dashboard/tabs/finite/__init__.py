"""The Finite games tab: the finite impartial games, each with the pictures of its sources.

A game declares its pictures (:attr:`solver.ImpartialGame.views`) and the
tab draws them (:mod:`.views`): for an octal game (Rob's Dots 0.137,
Kayles, Dawson's Kayles, any code) the Grundy sequence with its period and
pre-period, the equivalence classes of heap sizes and the grid of two-heap
P-positions ("The Independence Game", C. Wright, 2017); for Wythoff's and
Euclid's games the quadrant coloured by outcome with the moves of a hovered
pair and the lines of slope φ and 1/φ, and for Wythoff's game the sieve
step by step over the Beatty pairs ("Sieves and Wythoff's Nim", "Euclid's
Game"); for Chomp the losing bars as small pictures and the 2 x C box as a
binary square ("Chomp").  For every game: play against the computer and a
small game tree.
"""

from ...urlkeys import UrlKey, judged, slider
from .. import GameAnswer, Tab
from . import callbacks, ids
from .games import check_position_param, judge_position_param
from .layout import DEFAULT_POSITION, DEFAULT_TREE_DEPTH, TREE_DEPTH_MAX, finite_layout
from .views import VIEWS

#: The Finite games tab's entry in :data:`dashboard.registry.TABS`.
TAB = Tab(
    value="finite",
    label="Moves, tree and pictures",
    layout=finite_layout,
    register=callbacks.register,
    url_keys=(
        # Every typed box is judged by the view that shows its message (it marks a refused value invalid).
        *[judged(key) if key.number_box else key for view in VIEWS.values() for key in view.url_keys],
        judged(
            UrlKey(
                "fpos",
                ids.POSITION,
                DEFAULT_POSITION,
                check_position_param,
                number_box=True,
                per_game=lambda game: game.example if callbacks.serves(game) else None,
            ),
            judge_position_param,
        ),
        UrlKey("fdepth", ids.TREE_DEPTH, DEFAULT_TREE_DEPTH, slider("the tree's depth", 1, TREE_DEPTH_MAX)),
    ),
    relayout_graphs=((ids.TREE, "layout"), *[g for view in VIEWS.values() for g in view.relayout_graphs]),
    serves=callbacks.serves,
    game_input=ids.GAME,
    chosen=callbacks.chosen_props,
    game_answer=GameAnswer(callbacks.ANSWER_OUTPUTS, ((ids.POSITION, "value"),), callbacks.answer_game),
)
