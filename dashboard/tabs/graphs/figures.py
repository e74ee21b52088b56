"""Drawings of the Games on graphs tab (pure: a board and its analysis in, cytoscape elements or HTML out).

Each vertex is drawn in the outcome colour of its value (blue W, vermilion
L, green D: the page's :data:`dashboard.style.COLOURS`) with its name and
value as its label; the tokens on it as a thick dark ring and a count; the
vertex tapped first as a dashed ring; vertices out of play greyed.  Arcs
carry arrows.  The moves that win (or, when none wins, that keep a draw)
are drawn thick along their arc.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from dash import html

from ...movelist import MoveItem, move_list
from ...style import COLOURS, NEUTRAL, NEUTRAL_DARK, NEUTRAL_LIGHT, TEXT_COLOURS
from . import ids
from .games import Analysis, Board, GraphMove

__all__ = [
    "GRAPH_LAYOUT",
    "SPACING",
    "default_places",
    "elements",
    "moves_view",
    "stylesheet",
]

#: Distance between neighbouring vertices in the default places, in the drawing's units.
SPACING = 90.0
#: Cytoscape layout: the places are given.
GRAPH_LAYOUT = {"name": "preset", "fit": True, "padding": 30, "animate": False}

_GRID = re.compile(r"\s*grid-(\d+)[x×](\d+)\s*", re.IGNORECASE)
_PATH = re.compile(r"\s*path-(\d+)\s*", re.IGNORECASE)


def default_places(text: str, n: int) -> list[tuple[float, float]]:
    """Where to draw ``n`` vertices of a graph written ``text``, before the user moves them.

    A path in rows of 10 (left to right, then right to left), a grid as a
    grid, the Petersen graph as its two pentagons, and any other graph on a
    circle.

    Returns
    -------
    list of (float, float)
        ``n`` places (x right, y down).
    """
    grid = _GRID.fullmatch(text)
    if grid and int(grid.group(1)) * int(grid.group(2)) == n:
        cols = int(grid.group(2))
        return [((v % cols) * SPACING, (v // cols) * SPACING) for v in range(n)]
    if _PATH.fullmatch(text):
        places = []
        for v in range(n):
            row, col = divmod(v, 10)
            places.append(((col if row % 2 == 0 else 9 - col) * SPACING, row * SPACING))
        return places
    if text.strip().lower() == "petersen" and n == 10:
        outer = [_on_circle(i, 5, 2.2 * SPACING) for i in range(5)]
        inner = [_on_circle(i, 5, 1.1 * SPACING) for i in range(5)]
        return outer + inner
    radius = max(SPACING, n * SPACING / (2 * math.pi))
    return [_on_circle(v, n, radius) for v in range(n)]


def _on_circle(i: int, n: int, radius: float) -> tuple[float, float]:
    angle = -math.pi / 2 + 2 * math.pi * i / max(n, 1)
    return (round(radius * math.cos(angle), 1), round(radius * math.sin(angle), 1))


def stylesheet() -> list[dict]:
    """The cytoscape stylesheet of the drawing: outcome colours, tokens, selection, winning moves."""
    return [
        {
            "selector": "node",
            "style": {
                "label": "data(label)",
                "text-wrap": "wrap",
                "text-valign": "center",
                "text-halign": "center",
                "font-size": 13,
                "width": "data(w)",
                "height": 46,
                "background-color": "#ffffff",
                "border-width": 2,
                "border-color": NEUTRAL,
                "color": NEUTRAL_DARK,
            },
        },
        *[
            {"selector": f"node.{k}", "style": {"background-color": COLOURS[k], "color": TEXT_COLOURS[k]}}
            for k in ("W", "L", "D")
        ],
        {"selector": "node.token", "style": {"border-width": 6, "border-color": NEUTRAL_DARK}},
        {
            "selector": "node.out",
            "style": {"background-color": "#eeeeee", "color": "#666666", "border-style": "dotted"},
        },
        {
            "selector": "node.selected",
            "style": {"border-width": 5, "border-style": "dashed", "border-color": "#000000"},
        },
        {"selector": "node.board", "style": {"shape": "round-rectangle"}},
        {
            "selector": "edge",
            "style": {"width": 2, "line-color": NEUTRAL_LIGHT, "curve-style": "bezier", "target-arrow-color": NEUTRAL},
        },
        {"selector": "edge.arc", "style": {"target-arrow-shape": "triangle", "line-color": NEUTRAL}},
        {"selector": "edge.loop", "style": {"loop-direction": "-45deg", "loop-sweep": "60deg"}},
        {
            "selector": "edge.ladder",
            "style": {
                "line-style": "dashed",
                "width": 3,
                "curve-style": "unbundled-bezier",
                "control-point-distances": 60,
                "control-point-weights": 0.5,
            },
        },
        {
            "selector": "edge.best",
            "style": {"width": 6, "line-color": NEUTRAL_DARK, "target-arrow-color": NEUTRAL_DARK},
        },
    ]


def _best(moves: Sequence[GraphMove]) -> list[GraphMove]:
    """The moves the drawing marks: the winning ones, else those that keep a draw."""
    winning = [m for m in moves if m.outcome == "L"]
    return winning or [m for m in moves if m.outcome == "D"]


def elements(
    board: Board,
    analysis: Analysis,
    places: Sequence[tuple[float, float]],
    selected: int | None = None,
    directed: bool = True,
    fixed: bool = False,
) -> list[dict]:
    """Cytoscape elements of a board and its analysis.

    Parameters
    ----------
    board : Board
        The graph, its names.
    analysis : Analysis
        Labels, classes, tokens and moves of the position.
    places : sequence of (float, float)
        One place per vertex.
    selected : int, optional
        The vertex tapped first (a dashed ring).
    directed : bool, optional
        Draw arrows on the edges.
    fixed : bool, optional
        The places are a board's (square vertices, not draggable).

    Returns
    -------
    list of dict
        A node per vertex (``data``: ``id`` ``v<k>``, ``vertex``, ``label``,
        ``name``, ``value``, ``tokens``; classes: its outcome, ``token``,
        ``out``, ``selected``, ``board``), then an edge per arc (``e<u>-<v>``;
        ``arc``, ``loop``, ``best`` for a winning or drawing move along it).
    """
    best_arcs = {m.arc for m in _best(analysis.moves) if m.arc is not None}
    if not directed:
        best_arcs |= {(b, a) for a, b in best_arcs}
    found: list[dict] = []
    for v in range(board.n):
        count = analysis.tokens[v]
        label = board.names[v]
        if analysis.labels[v]:
            label += f"\n{analysis.labels[v]}"
        if count:
            label += "\n" + ("●" * count if count <= 3 else f"●×{count}")
        classes = [analysis.classes[v]] if analysis.classes[v] else []
        if count:
            classes.append("token")
        if analysis.out[v]:
            classes.append("out")
        if v == selected:
            classes.append("selected")
        if fixed:
            classes.append("board")
        x, y = places[v]
        found.append(
            {
                "data": {
                    "id": f"v{v}",
                    "vertex": v,
                    "w": max(46, 9 * max(len(line) for line in label.split("\n"))),
                    "label": label,
                    "name": board.names[v],
                    "value": analysis.labels[v],
                    "tokens": count,
                },
                "position": {"x": x, "y": y},
                "classes": " ".join(classes),
                "grabbable": not fixed,
            }
        )
    drawn = board.drawn if board.drawn is not None else board.arcs
    for u, v in drawn:
        classes = ["arc"] if directed else []
        if board.drawn is not None:
            classes.append("ladder")
        if u == v:
            classes.append("loop")
        if (u, v) in best_arcs:
            classes.append("best")
        found.append({"data": {"id": f"e{u}-{v}", "source": f"v{u}", "target": f"v{v}"}, "classes": " ".join(classes)})
    return found


def moves_view(moves: Sequence[GraphMove], most: int = 200) -> html.Div:
    """One button per move, saying what it does for the mover: ★ wins, ○ keeps a draw.

    The page's one move list (:func:`dashboard.movelist.move_list`), with the
    buttons' ids ``{"type": ids.MOVE, "index": k}``.

    Parameters
    ----------
    moves : sequence of GraphMove
        The moves of the position, in order.
    most : int, optional
        Most buttons drawn; beyond, a sentence says how many there are.

    Returns
    -------
    dash.html.Div
    """
    return move_list(
        [MoveItem(k, move.text, move.outcome) for k, move in enumerate(moves)],
        ids.MOVE,
        heading="Your move (what it does for you; ★ wins, ○ keeps a draw):",
        most=most,
        mark_draws=True,
    )
