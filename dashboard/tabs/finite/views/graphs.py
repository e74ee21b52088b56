"""Views of the finite games played on a graph (Eraserhead, Monochrome): the position drawn, and Eraserhead's lost triples.

``"graph"``: the graph of the position with its erasers (marks), each vertex's
value in its outcome's colour and the winning moves drawn thick, as the
Games on graphs tab draws it (:mod:`dashboard.tabs.graphs`); a tap on an
eraser and then on a neighbour moves it (Eraserhead), a tap on a vertex in
play marks it (Monochrome), and the computer replies as in the Play panel.
``"lost-triples"``: every lost three-eraser position (x, y, z) of a path or a
cycle of n vertices as a unit cube in 3-D, the picture of "Eraserhead (Games
on Circles I)" (paths of 12 and 13 vertices, and cycles).
"""

from __future__ import annotations

import itertools
import urllib.parse

import dash
import dash_cytoscape as cyto
import numpy as np
import plotly.graph_objects as go
from dash import Input, Output, State, dcc, html, no_update

from solver.impartial import lost_triples
from solver.registry import find_game as find_board_game

from ....style import COLOURS, MARGIN, message_figure
from ....urlkeys import UrlKey, choice, judged, number_box_key
from ...graphs import figures as graph_figures
from ...graphs.games import GAMES as GRAPH_GAMES
from .. import ids
from ..games import find_game, parse_number
from ..play import PAGE_SECONDS, play
from .base import (
    BOX_CLASS,
    INVALID_BOX_CLASS,
    CsvExport,
    View,
    csv_button,
    csv_file,
    game_with_view,
    graph,
    number_box,
    panel,
    read_game_with_view,
    skip,
)

__all__ = ["VIEWS", "cube_mesh", "drawing_view", "judge_lost_param", "lost_figure", "lost_view", "tap_move"]

#: Component ids of these views.
DRAWING = "finite-graph-drawing"
DRAWING_NOTE = "finite-graph-note"
DRAWING_LINK = "finite-graph-link"
DRAWING_SELECTED = "finite-graph-selected"
LOST_KIND = "finite-lost-kind"
LOST_N = "finite-lost-n"
LOST_ORDER = "finite-lost-order"
LOST_GRAPH = "finite-lost-graph"
LOST_NOTE = "finite-lost-note"
LOST_ERROR = "finite-lost-error"

#: Vertices of the line of the lost triples, shown first and most (the source: 12 and 13).
DEFAULT_LOST_N = 12
LOST_N_MAX = 40


# ---------------------------------------------------------------- the position drawn


def _split(game, text: object) -> tuple[str, str]:
    """The position's text as the Games on graphs tab's board and position (:meth:`BoardGame.split`)."""
    position = game.parse(text) if isinstance(text, str) else game.start()
    return GRAPH_GAMES[game.name].game.split(position)


def drawing_view(gate: object, name: object, text: object, selected: object) -> tuple:
    """The position drawn: ``(elements, note, link, selected)``; nothing for a game without the view."""
    game = game_with_view(gate, name, "graph")
    if game is None:
        return skip(4)
    adapter = GRAPH_GAMES[game.name]
    try:
        board_text, vertices = _split(game, text)
        board = adapter.board(board_text)
        analysis = adapter.analyse(board, vertices)
    except (TypeError, ValueError) as exc:
        return [], f"Not drawn: {exc}.", "", None
    first = selected if isinstance(selected, int) and not isinstance(selected, bool) else None
    places = graph_figures.default_places(board.text, board.n)
    elements = graph_figures.elements(board, analysis, places, first, directed=False)
    link = "?" + urllib.parse.urlencode({"game": game.name, "tab": "graphs", "gboard": board.text, "gpos": vertices})
    if not analysis.moves:
        hint = "The game is over: the player who made the last move won. Press New game to play again."
    elif adapter.game.slides:
        hint = f"Tap an {adapter.tokens_word}, then the neighbour it moves to."
    else:
        hint = "Tap a vertex in play to mark it."
    note = f"{analysis.sentence} {hint}"
    return elements, note, link, no_update


def tap_move(name: object, text: object, node: object, selected: object, reply: object) -> tuple:
    """A tap on the drawing: ``(position text, log, selected)``; a move when the taps make one.

    The move is the game's own (:meth:`solver.registry.Game.moves`, found by
    its ``arc`` or ``vertex``), made by :func:`dashboard.tabs.finite.play.play`
    with the computer's reply when the switch is on.
    """
    try:
        game = find_game(name)
    except ValueError:
        return no_update, no_update, None
    if "graph" not in game.views or not isinstance(node, dict) or not isinstance(text, str):
        return no_update, no_update, no_update
    vertex = node.get("vertex")
    if not isinstance(vertex, int) or isinstance(vertex, bool):
        return no_update, no_update, no_update
    board_game = find_board_game(game.name)
    try:
        moves = board_game.moves(game.parse(text))
    except (TypeError, ValueError) as exc:
        return no_update, str(exc), None
    first = selected if isinstance(selected, int) and not isinstance(selected, bool) else None
    found = next(
        (k for k, m in enumerate(moves) if m.vertex == vertex or (first is not None and m.arc == (first, vertex))),
        None,
    )
    if found is None:
        if any(m.arc is not None and m.arc[0] == vertex for m in moves):
            piece = getattr(board_game, "piece", "piece").capitalize()
            return no_update, f"{piece} {vertex} chosen: tap the neighbour it moves to.", vertex
        return no_update, f"No move starts or ends at {vertex} here.", None
    try:
        new_text, log = play(game, text, found, isinstance(reply, list) and "on" in reply)
    except ValueError as exc:
        return no_update, str(exc), None
    return new_text, log, None


def _drawing_layout() -> list:
    return [
        panel(
            "The position drawn",
            "The graph of the position: erasers (marks) as thick rings, each vertex's value in its outcome's colour "
            "(Eraserhead: the value of its component; Monochrome: the value its marking leaves, vermilion for a "
            "winning mark), and the winning moves drawn thick. Tap to play; the computer replies as in the Play "
            "panel. To draw another graph, open the position in the Games on graphs tab.",
            [
                html.P(id=DRAWING_NOTE, className="summary-text", role="status"),
                dcc.Loading(
                    cyto.Cytoscape(
                        id=DRAWING,
                        elements=[],
                        layout=graph_figures.GRAPH_LAYOUT,
                        stylesheet=graph_figures.stylesheet(),
                        style={"width": "100%", "height": "420px"},
                        minZoom=0.2,
                        maxZoom=3,
                        boxSelectionEnabled=False,
                        autoungrabify=True,
                    ),
                    type="circle",
                ),
                html.A("Draw and play this position in the Games on graphs tab", id=DRAWING_LINK, href=""),
                dcc.Store(id=DRAWING_SELECTED),
            ],
            wide=True,
        )
    ]


def _register_drawing(app, gate) -> None:
    app.callback(
        Output(DRAWING, "elements"),
        Output(DRAWING_NOTE, "children"),
        Output(DRAWING_LINK, "href"),
        Output(DRAWING_SELECTED, "data", allow_duplicate=True),
        gate,
        State(ids.GAME, "value"),
        State(ids.POSITION, "value"),
        Input(DRAWING_SELECTED, "data"),
        prevent_initial_call=True,
    )(drawing_view)

    @app.callback(
        Output(ids.POSITION, "value", allow_duplicate=True),
        Output(ids.PLAY_LOG, "children", allow_duplicate=True),
        Output(DRAWING_SELECTED, "data", allow_duplicate=True),
        Input(DRAWING, "tapNodeData"),
        State(ids.GAME, "value"),
        State(ids.POSITION, "value"),
        State(DRAWING_SELECTED, "data"),
        State(ids.PLAY_REPLY, "value"),
        prevent_initial_call=True,
    )
    def _tap(node, name, text, selected, reply):
        if not dash.ctx.triggered:
            return no_update, no_update, no_update
        return tap_move(name, text, node, selected, reply)


# ---------------------------------------------------------------- the lost triples


def cube_mesh(points: np.ndarray) -> dict:
    """One mesh of unit cubes, one centred on each point.

    Parameters
    ----------
    points : numpy.ndarray
        Shape ``(k, 3)``: the cubes' centres.

    Returns
    -------
    dict
        ``x``, ``y``, ``z`` (8 corners per cube) and ``i``, ``j``, ``k``
        (12 triangles per cube), for ``go.Mesh3d``.
    """
    corners = np.array(list(itertools.product((-0.45, 0.45), repeat=3)))
    faces = np.array(
        [
            [0, 1, 3], [0, 3, 2], [4, 6, 7], [4, 7, 5], [0, 4, 5], [0, 5, 1],
            [2, 3, 7], [2, 7, 6], [0, 2, 6], [0, 6, 4], [1, 5, 7], [1, 7, 3],
        ]
    )  # fmt: skip
    points = np.asarray(points, dtype=float).reshape(-1, 3)
    vertices = (points[:, None, :] + corners[None, :, :]).reshape(-1, 3)
    triangles = (faces[None, :, :] + 8 * np.arange(points.shape[0])[:, None, None]).reshape(-1, 3)
    return {
        "x": vertices[:, 0],
        "y": vertices[:, 1],
        "z": vertices[:, 2],
        "i": triangles[:, 0],
        "j": triangles[:, 1],
        "k": triangles[:, 2],
    }


def lost_figure(triples: np.ndarray, n: int, kind: str, every_order: bool) -> go.Figure:
    """The lost triples as unit cubes in 3-D (rotatable), with the triples themselves on hover.

    Parameters
    ----------
    triples : numpy.ndarray
        Shape ``(k, 3)``, ``x < y < z``.
    n : int
        Vertices of the line.
    kind : str
        ``"path"`` or ``"cycle"``.
    every_order : bool
        Draw each triple in all six orders (the picture is then symmetric, as
        the source draws it), else only ``x < y < z``.
    """
    points = np.asarray(triples).reshape(-1, 3)
    if every_order and points.shape[0]:
        points = np.concatenate([points[:, list(p)] for p in itertools.permutations(range(3))])
    fig = go.Figure()
    if points.shape[0]:
        fig.add_trace(
            go.Mesh3d(**cube_mesh(points), color=COLOURS["L"], opacity=0.9, flatshading=True, hoverinfo="skip")
        )
        fig.add_trace(
            go.Scatter3d(
                x=points[:, 0],
                y=points[:, 1],
                z=points[:, 2],
                mode="markers",
                marker={"size": 2, "color": "#000000"},
                hovertemplate="erasers on %{x}, %{y}, %{z}: lost<extra></extra>",
                showlegend=False,
            )
        )
    axis = {"range": [-0.5, n - 0.5], "dtick": max(1, n // 6)}
    fig.update_layout(
        title=f"Lost three-eraser positions on a {kind} of {n} vertices",
        margin={**MARGIN, "l": 0, "r": 0},
        scene={"xaxis": {**axis, "title": "x"}, "yaxis": {**axis, "title": "y"}, "zaxis": {**axis, "title": "z"}},
        scene_camera={"eye": {"x": 1.5, "y": 1.5, "z": 1.2}},
    )
    return fig


def judge_lost_param(text: object, values) -> None:
    """The address's judgement of ``flostn=``: as :func:`lost_view`, the lost triples of the line ``flost=`` within the page's limits.

    Parameters
    ----------
    text : object
        The value read (it passed its key's check).
    values : mapping
        Every key's value read from the address (:data:`dashboard.urlkeys.Judge`).

    Raises
    ------
    ValueError
        The message :func:`lost_view` shows for it (a game without the view judges nothing).
    """
    if read_game_with_view(values, "lost-triples") is None:
        return
    kind = values.get("flost")
    lost_triples(
        kind if kind in ("path", "cycle") else "path",
        parse_number(text, "n, the vertices", LOST_N_MAX, least=3),
        max_seconds=PAGE_SECONDS,
    )


def lost_view(gate: object, name: object, kind: object, n_text: object, order: object) -> tuple:
    """The lost triples of the chosen line: ``(figure, note, error, box class)``."""
    game = game_with_view(gate, name, "lost-triples")
    if game is None:
        return skip(4)
    if kind not in ("path", "cycle"):
        kind = "path"
    try:
        n = parse_number(n_text, "n, the vertices", LOST_N_MAX, least=3)
    except ValueError as exc:
        return no_update, no_update, str(exc), INVALID_BOX_CLASS
    try:
        triples = lost_triples(kind, n, max_seconds=PAGE_SECONDS)
    except ValueError as exc:
        return message_figure("Lost triples", str(exc)), "", str(exc), INVALID_BOX_CLASS
    every = isinstance(order, list) and "all" in order
    total = n * (n - 1) * (n - 2) // 6
    note = (
        f"{triples.shape[0]:,} of the {total:,} positions with three erasers on a {kind} of {n} vertices are lost "
        f"for the player to move{'; each drawn in all six orders of (x, y, z)' if every else ' (x < y < z)'}."
    )
    return lost_figure(triples, n, kind, every), note, "", BOX_CLASS


def lost_csv(game, kind: object, n_text: object) -> dict | None:
    """Every lost triple: CSV ``x,y,z``."""
    n = parse_number(n_text, "n", LOST_N_MAX, least=3)
    line = kind if kind in ("path", "cycle") else "path"
    triples = lost_triples(line, n, max_seconds=PAGE_SECONDS)
    rows = [{"x": int(x), "y": int(y), "z": int(z)} for x, y, z in triples]
    return csv_file(["x", "y", "z"], rows, f"eraserhead-{line}-{n}-lost-triples.csv")


LOST_CSV = CsvExport("lost-triples", "the lost triples", (LOST_KIND, LOST_N), lost_csv)


def _lost_layout() -> list:
    return [
        panel(
            "Lost positions with three erasers, in 3-D",
            "A unit cube at (x, y, z) when erasers on vertices x, y and z of a path (or cycle) leave the player to "
            'move lost, as "Eraserhead (Games on Circles I)" draws them for paths of 12 and 13 vertices and for '
            "cycles. Drag to turn the picture.",
            [
                html.Div(
                    [
                        html.Div(
                            [
                                html.Label("the line", htmlFor=LOST_KIND),
                                dcc.RadioItems(
                                    id=LOST_KIND,
                                    options=[{"label": "path", "value": "path"}, {"label": "cycle", "value": "cycle"}],
                                    value="path",
                                    inline=True,
                                ),
                            ],
                            className="control",
                        ),
                        number_box(LOST_N, "vertices n", DEFAULT_LOST_N, f"3 to {LOST_N_MAX}"),
                        dcc.Checklist(
                            id=LOST_ORDER,
                            options=[{"label": "every order of (x, y, z)", "value": "all"}],
                            value=["all"],
                        ),
                        csv_button(LOST_CSV),
                    ],
                    className="controls controls-inline",
                ),
                html.Div(id=LOST_ERROR, className="error", role="alert"),
                graph(LOST_GRAPH, 520, after_first_view=True),
                html.P(id=LOST_NOTE, className="note", role="status"),
            ],
            wide=True,
        )
    ]


def _register_lost(app, gate) -> None:
    app.callback(
        Output(LOST_GRAPH, "figure"),
        Output(LOST_NOTE, "children"),
        Output(LOST_ERROR, "children"),
        Output(LOST_N, "className"),
        gate,
        State(ids.GAME, "value"),
        Input(LOST_KIND, "value"),
        Input(LOST_N, "value"),
        Input(LOST_ORDER, "value"),
        prevent_initial_call=True,
    )(lost_view)


#: The views of this module, by the names games declare.
VIEWS = (
    View(
        "graph",
        "the position drawn on its graph, played by taps",
        _drawing_layout,
        _register_drawing,
        relayout_graphs=((DRAWING, "layout"),),
        follows_position=True,
    ),
    View(
        "lost-triples",
        "Eraserhead's lost three-eraser positions of a path or cycle, as cubes in 3-D",
        _lost_layout,
        _register_lost,
        url_keys=(
            UrlKey("flost", LOST_KIND, "path", choice("the line", ("path", "cycle"))),
            judged(
                number_box_key("flostn", LOST_N, DEFAULT_LOST_N, "n, the vertices", least=3, most=LOST_N_MAX),
                judge_lost_param,
            ),
        ),
        exports=(LOST_CSV,),
    ),
)
