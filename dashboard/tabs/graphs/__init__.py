"""The Games on graphs tab: games played on a drawn graph, with each vertex's value and the outcome on the drawing.

Tokens on a directed graph (Nim's Island), Snakes-and-Adders and Fair
Shares and Varied Pairs (the lesson on loopy games), Monochrome and
Eraserhead (finite games on an undirected graph).  The graph is drawn by
tapping (a vertex, an edge) or typed; tokens are placed by tapping; each
vertex shows its value in its outcome's colour; the position's outcome and
its winning (or drawing) moves are marked; the computer plays it.  The
address holds the board, the position and the tap mode (``gboard``,
``gpos``, ``gmode``), beside the page's ``game``, so a drawn position can be
shared.  An edge list can also be uploaded from a file (:mod:`.upload`).  The tab serves the games drawn on a graph (``"graph"`` in
:attr:`solver.registry.Game.views`).
"""

from ...urlkeys import UrlKey, judged
from .. import Tab
from . import callbacks, ids
from .games import DEFAULT_GAME, GAMES, check_text_param
from .layout import graphs_layout

#: The Games on graphs tab's entry in :data:`dashboard.registry.TABS`.
TAB = Tab(
    value="graphs",
    label="Drawn graph",
    layout=graphs_layout,
    register=callbacks.register,
    url_keys=(
        judged(
            UrlKey(
                "gboard",
                ids.BOARD,
                GAMES[DEFAULT_GAME].default_board,
                check_text_param,
                number_box=True,
                per_game=lambda game: GAMES[game.name].default_board if game.name in GAMES else None,
            ),
            callbacks.judge_board_param,
        ),
        judged(
            UrlKey(
                "gpos",
                ids.POSITION,
                GAMES[DEFAULT_GAME].default_position,
                check_text_param,
                number_box=True,
                per_game=lambda game: GAMES[game.name].default_position if game.name in GAMES else None,
            ),
            callbacks.judge_position_param,
        ),
        UrlKey("gmode", ids.MODE, "play", callbacks.check_mode_param),
    ),
    relayout_graphs=((ids.CANVAS, "layout"),),
    serves=callbacks.serves,
    game_input=ids.GAME,
    chosen=callbacks.chosen_props,
)
