"""Layout of the Games on graphs tab: the game and its board, the drawing, play, the table of vertex values, the tree."""

from __future__ import annotations

import dash_cytoscape as cyto
from dash import dcc, html

from ...components import attrs, lazy
from ...gametree.build import TREE_DEPTHS
from ...gametree.view import card_view, tree_canvas, tree_controls, tree_legend
from ...tables import data_grid
from . import ids
from .callbacks import BOX_CLASS, MODES, mode_options, preset_options
from .figures import GRAPH_LAYOUT, stylesheet
from .games import DEFAULT_GAME, find_game
from .upload import upload_control

__all__ = ["graphs_layout"]


def _box(component_id: str, label: list | str, value: str, label_id: str | None = None) -> html.Div:
    return html.Div(
        [
            html.Label(label, htmlFor=component_id, id=label_id)
            if label_id
            else html.Label(label, htmlFor=component_id),
            dcc.Input(
                id=component_id,
                type="text",
                value=value,
                debounce=True,
                className=BOX_CLASS,
                autoComplete="off",
                spellCheck=False,
            ),
        ],
        className="control control-wide",
    )


def _legend() -> html.P:
    """The key to a board's arrows and track: hidden until the drawing has arrows (``assets/graph_editor.js``)."""
    return html.P(
        [
            html.Span([html.Span(className="graphs-key graphs-key-ladder"), "ladder: climbs to its arrowhead"]),
            html.Span([html.Span(className="graphs-key graphs-key-snake"), "snake: slides back to its arrowhead"]),
            html.Span([html.Span(className="graphs-key graphs-key-track"), "the track from square to square"]),
        ],
        id=ids.LEGEND,
        className="graphs-legend note",
        hidden=True,
    )


#: The tree's move depth when the tab opens.
TREE_DEPTH = 2


def _tree_panel() -> html.Section:
    """The game tree of the position on the board (:mod:`dashboard.gametree`), with its move depth."""
    return html.Section(
        [
            html.H2("Game tree"),
            html.P(
                "Every move from the position on the board, to a small depth: each node in its outcome's colour, "
                "with its value (and remoteness where known); thick edges are best moves. Hover or tap a node for "
                "its card.",
                className="note",
            ),
            tree_controls(ids.TREE_DEPTH, TREE_DEPTH, TREE_DEPTHS[-1]),
            html.P(id=ids.TREE_NOTE, className="note", role="status"),
            tree_legend(),
            dcc.Store(id=ids.TREE_FIT),
            # Below the first screen: drawn near the viewport or once the page is idle (components.lazy).
            lazy(ids.TREE_LAZY, dcc.Loading(tree_canvas(ids.TREE), type="circle"), "420px"),
            html.Div(card_view(None), id=ids.TREE_CARD, className="tree-card-below", role="status"),
            html.Div(id=ids.TREE_LIST),
        ],
        className="panel panel-wide",
    )


def graphs_layout() -> html.Main:
    """Return the Games on graphs tab's components.

    Returns
    -------
    dash.html.Main
        The game menu and what the game is; the board and position boxes;
        the mode switch; the drawing with the outcome and the moves; play
        controls and log; the table of vertex values; the game tree.
    """
    game = find_game(DEFAULT_GAME)
    return html.Main(
        [
            html.Section(
                [
                    html.H2("Games on graphs"),
                    html.P(
                        "Games played on a drawn graph. Tokens slide along arcs (Nim's Island), counters run up a "
                        "Snakes-and-Adders board, heaps of almonds are shared and merged, vertices are marked "
                        "(Monochrome), erasers rub out edges (Eraserhead). Draw or type the graph, place the "
                        "tokens, and read each vertex's value and the position's outcome on the drawing: blue W, "
                        "vermilion L, green D (a draw). The loopy games have draws; their values are Smith's loopy "
                        "nim values (*r, or ∞ with the set K of finite values it can move to).",
                        className="note",
                    ),
                    html.Div(
                        [
                            # The game is the page's (dashboard/gamemenu.py), which sets this hidden input.
                            dcc.Input(id=ids.GAME, type="hidden", value=DEFAULT_GAME),
                            _box(
                                ids.BOARD,
                                ["board", html.Span(f" ({game.board_help})", id=ids.BOARD_HELP, className="hint")],
                                game.default_board,
                            ),
                            upload_control(),
                            _box(ids.POSITION, f"{game.position_label} ", game.default_position, ids.POSITION_LABEL),
                            html.Div(
                                [
                                    html.Label("presets", htmlFor=ids.PRESET),
                                    dcc.Dropdown(
                                        id=ids.PRESET,
                                        options=preset_options(game),
                                        placeholder="choose an example",
                                        clearable=False,
                                        searchable=False,
                                    ),
                                ],
                                className="control control-wide",
                            ),
                        ],
                        className="controls",
                    ),
                    html.Div(id=ids.ERROR, className="error", role="alert"),
                ],
                className="panel panel-wide",
            ),
            html.Div(
                [
                    html.Section(
                        [
                            html.H2("The board"),
                            html.Fieldset(
                                [
                                    html.Legend("a tap on the drawing will"),
                                    dcc.RadioItems(
                                        id=ids.MODE,
                                        options=mode_options(game),
                                        value="play",
                                        className="graphs-modes",
                                    ),
                                ],
                                className="graphs-mode-set",
                            ),
                            html.P(id=ids.OUTCOME, className="summary-text", role="status"),
                            html.Div(
                                dcc.Loading(
                                    cyto.Cytoscape(
                                        id=ids.CANVAS,
                                        elements=[],
                                        layout=GRAPH_LAYOUT,
                                        stylesheet=stylesheet(),
                                        style={"width": "100%", "height": "480px"},
                                        minZoom=0.2,
                                        maxZoom=3,
                                        boxSelectionEnabled=False,
                                    ),
                                    type="circle",
                                ),
                                id=ids.CANVAS_BOX,
                                className="graphs-canvas-box",
                                tabIndex=0,  # it scrolls sideways when a board is wider than the screen
                                role="region",
                                **attrs({"aria-label": "the drawing"}),
                            ),
                            _legend(),
                            html.P(id=ids.NOTE, className="note", role="status"),
                            dcc.Store(id=ids.INTENT),
                            dcc.Store(id=ids.SELECTED),
                            dcc.Store(id=ids.PLACES),
                        ],
                        className="panel panel-wide",
                    ),
                    html.Section(
                        [
                            html.H2("Play against the computer"),
                            html.P(
                                "Tap a token and then where it goes, tap a vertex to mark it, or press a move. The "
                                "computer wins when it can, keeps a draw when it cannot win, and otherwise makes "
                                "the game last longest.",
                                className="note",
                            ),
                            html.Div(
                                [
                                    html.Button("New game", id=ids.NEW, className="button", n_clicks=0),
                                    html.Button("Computer moves", id=ids.COMPUTER, className="button", n_clicks=0),
                                    dcc.Checklist(
                                        id=ids.REPLY,
                                        options=[{"label": "computer replies to my move", "value": "on"}],
                                        value=["on"],
                                    ),
                                ],
                                className="controls controls-inline",
                            ),
                            html.Div(id=ids.MOVES, className="finite-moves"),
                            dcc.Store(id=ids.MOVE_CLICK),
                            html.Div(
                                id=ids.LOG, className="summary-text", role="log", **attrs({"aria-live": "polite"})
                            ),
                        ],
                        className="panel",
                    ),
                    html.Section(
                        [
                            html.H2("Vertex values"),
                            html.P(
                                "Each vertex's value as the drawing shows it, and its outcome colour (Monochrome: "
                                "what marking the vertex does for the mover).",
                                className="note",
                            ),
                            lazy(
                                ids.VALUES_LAZY,
                                data_grid(
                                    ids.VALUES,
                                    [("vertex", "vertex"), ("value", "value"), ("outcome", "outcome")],
                                    "graph-values.csv",
                                    page_size=10,
                                ),
                                "500px",
                            ),
                        ],
                        className="panel",
                    ),
                    _tree_panel(),
                ],
                className="views",
            ),
        ],
        className="graphs",
    )


__all__ += ["MODES"]
