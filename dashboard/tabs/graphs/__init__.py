"""The Games on graphs tab: games played on a drawn graph, with each vertex's value and the outcome on the drawing.

Tokens on a directed graph (Nim's Island), Snakes-and-Adders and Fair
Shares and Varied Pairs (the lesson on loopy games), Monochrome and
Eraserhead (finite games on an undirected graph).  The graph is drawn by
tapping (a vertex, an edge) or typed; tokens are placed by tapping; each
vertex shows its value in its outcome's colour; the position's outcome and
its winning (or drawing) moves are marked; the computer plays it.  The
address holds the game, the board, the position and the tap mode
(``ggame``, ``gboard``, ``gpos``, ``gmode``), so a drawn position can be
shared.  An edge list can also be uploaded from a file (:mod:`.upload`).
"""

from ...urlkeys import UrlKey
from .. import Tab
from . import callbacks, ids
from .games import DEFAULT_GAME, GAMES, check_game_param, check_text_param
from .layout import graphs_layout

#: The Games on graphs tab's entry in :data:`dashboard.registry.TABS`.
TAB = Tab(
    value="graphs",
    label="Games on graphs",
    layout=graphs_layout,
    register=callbacks.register,
    url_keys=(
        UrlKey("ggame", ids.GAME, DEFAULT_GAME, check_game_param),
        UrlKey("gboard", ids.BOARD, GAMES[DEFAULT_GAME].default_board, check_text_param, number_box=True),
        UrlKey("gpos", ids.POSITION, GAMES[DEFAULT_GAME].default_position, check_text_param, number_box=True),
        UrlKey("gmode", ids.MODE, "play", callbacks.check_mode_param),
    ),
    relayout_graphs=((ids.CANVAS, "layout"),),
)
