"""Layout of the Finite games tab: the game, then the views it declares, then play and the game tree.

The panels of every view (:mod:`.views`) are built once, each view's in its
container; the views the chosen game does not declare are hidden, and their
panels are not mounted in the browser (a deferred holder in each container).  The
tab's own controls and their defaults are here; each view declares its
own, and :mod:`dashboard.tabs.finite` collects their address keys.
"""

from __future__ import annotations

from dash import dcc, html

from ...components import attrs, deferred, lazy
from ...gametree.build import DEFAULT_DEPTH, TREE_DEPTHS
from ...gametree.view import card_view, tree_canvas, tree_controls, tree_legend
from . import ids
from .downloads import MOVES_CSV, TREE_CSV
from .games import DEFAULT_GAME, find_game
from .views import VIEWS, gate_id, mount_id, panel_id
from .views.base import csv_button, panel

__all__ = [
    "DEFAULT_GAME",
    "DEFAULT_POSITION",
    "DEFAULT_TREE_DEPTH",
    "TREE_DEPTH_MAX",
    "finite_layout",
]

# ---------------------------------------------------------------- defaults and limits of the tab

#: Its start position (``impartial_game(DEFAULT_GAME).start()`` written as text).
DEFAULT_POSITION = "5+7+9"
#: Move depth of the game tree, and its largest.
DEFAULT_TREE_DEPTH = DEFAULT_DEPTH
TREE_DEPTH_MAX = TREE_DEPTHS[-1]

_HIDDEN = {"display": "none"}


def _view_panels(game) -> html.Div:
    """Every view's panels, each view in its container (``display: contents``), shown for ``game``'s views.

    A view's panels sit in a deferred holder (:func:`views.mount_id`): the browser draws only the panels of the
    views ``game`` shows, and those of another game when it is chosen.
    """
    return html.Div(
        [
            html.Div(
                deferred(mount_id(view.key), view.layout(), mounted=view.key in game.views),
                id=panel_id(view.key),
                className="finite-view",
                style={} if view.key in game.views else _HIDDEN,
            )
            for view in VIEWS.values()
        ]
        # Each view's gate (views.base.gate_id): written in the browser for the views the game shows.
        + [dcc.Store(id=gate_id(key)) for key in VIEWS],
        className="views finite-views",
    )


def _play_panels() -> html.Div:
    return html.Div(
        [
            panel(
                "Play against the computer",
                "Type a position or play from the start. Each move says what it leaves the opponent; ★ marks the "
                "winning moves (to an L position, value 0). The computer moves to value 0 when it can; from an L "
                "position it makes the game last longest.",
                [
                    html.Div(
                        [
                            html.Div(
                                [
                                    html.Label(
                                        [
                                            "position",
                                            html.Span(
                                                f" ({find_game(DEFAULT_GAME).position_help})",
                                                id=ids.POSITION_HELP,
                                                className="hint",
                                            ),
                                        ],
                                        htmlFor=ids.POSITION,
                                    ),
                                    dcc.Input(
                                        id=ids.POSITION,
                                        type="text",
                                        value=DEFAULT_POSITION,
                                        debounce=True,
                                        className="num-input finite-position",
                                        autoComplete="off",
                                        spellCheck=False,
                                    ),
                                ],
                                className="control",
                            ),
                            html.Button("New game", id=ids.PLAY_NEW, className="button", n_clicks=0),
                            html.Button("Computer moves", id=ids.PLAY_COMPUTER, className="button", n_clicks=0),
                            dcc.Checklist(
                                id=ids.PLAY_REPLY,
                                options=[{"label": "computer replies to my move", "value": "on"}],
                                value=["on"],
                            ),
                            csv_button(MOVES_CSV),
                        ],
                        className="controls controls-inline",
                    ),
                    html.Div(id=ids.PLAY_ERROR, className="error", role="alert"),
                    dcc.Loading(html.Div(id=ids.PLAY_STATE, role="status"), type="dot"),
                    html.Div(id=ids.PLAY_MOVES, className="finite-moves"),
                    dcc.Store(id=ids.MOVE_CLICK),
                    dcc.Store(id=ids.PLAY_GATE),
                    html.Div(id=ids.PLAY_LOG, className="summary-text", role="log", **attrs({"aria-live": "polite"})),
                ],
            ),
            panel(
                "Game tree",
                "Every move from the position, to a small depth: blue W, vermilion L; thick edges are best moves "
                "(to an L position; the fastest win, or the slowest loss, when remoteness is known). Click a node "
                "to play from it; hover or tap it for its card.",
                [
                    tree_controls(ids.TREE_DEPTH, DEFAULT_TREE_DEPTH, TREE_DEPTH_MAX, [csv_button(TREE_CSV)]),
                    html.P(id=ids.TREE_NOTE, className="note", role="status"),
                    tree_legend(),
                    dcc.Store(id=ids.TREE_FIT),
                    dcc.Store(id=ids.TREE_GATE),
                    # Below the first screen: drawn near the viewport or once the page is idle (components.lazy).
                    lazy(ids.TREE_LAZY, dcc.Loading(tree_canvas(ids.TREE), type="circle"), "420px"),
                    html.Div(card_view(None), id=ids.TREE_CARD, className="tree-card-below", role="status"),
                    html.Div(id=ids.TREE_LIST),
                ],
            ),
        ],
        className="views finite-views",
    )


def finite_layout() -> html.Main:
    """Return the Finite games tab's components.

    Returns
    -------
    dash.html.Main
        The game's hidden input (:data:`ids.GAME`, set by the page's game
        menu, whose header names the game), its message, the panels
        of every view (only those the chosen game declares are shown and
        mounted), and the play and game tree panels.  The finite impartial
        games have no bound: every position is W or L exactly, with a
        Grundy value.
    """
    default = find_game(DEFAULT_GAME)
    return html.Main(
        [
            # The game is the page's (dashboard/gamemenu.py), which sets this hidden input; the header names it.
            dcc.Input(id=ids.GAME, type="hidden", value=DEFAULT_GAME),
            html.Div(id=ids.GAME_ERROR, className="error", role="alert"),
            _view_panels(default),
            _play_panels(),
        ],
        className="finite",
    )
