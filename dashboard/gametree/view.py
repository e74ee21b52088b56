"""A game tree in a tab: its canvas, depth control, legend, card and list, the fit, and the answer of one request.

A tab that shows the tree of its game (the Finite games tab, the Games on
graphs tab) builds its panel from :func:`tree_controls`, :func:`tree_canvas`
and the card and list holders, answers a change of game, position or depth
with :func:`tree_answer`, and wires :func:`register_view` (the fit and the
card).  The view follows the Explore tree's rules: labels of
:data:`.geometry.FONT_PX` px never drawn below 11 px (:data:`.geometry.MIN_ZOOM`),
a tree that fits is shown whole at zoom at most 1, a larger one from its start
at the top left, to be panned.
"""

from __future__ import annotations

from typing import Any

import dash
import dash_cytoscape as cyto
from dash import Input, Output, dcc, html

from solver.registry import Game

from ..style import NAMES, swatch_style
from .build import GameTree, build_tree, canvas_height, tree_elements, tree_nodes
from .geometry import MAX_ZOOM, MIN_ZOOM, TREE_LAYOUT, plural
from .style import tree_stylesheet

__all__ = [
    "FIT_MAX_ZOOM",
    "card_view",
    "fit_js",
    "register_view",
    "tree_answer",
    "tree_canvas",
    "tree_controls",
    "tree_legend",
    "tree_outline",
]

#: Largest zoom of the fit: a small tree is shown at its labels' size, not blown up.
FIT_MAX_ZOOM = 1.0
#: Pixels kept free around a fitted tree.
FIT_MARGIN_PX = 16


def fit_js(tree_id: str) -> str:
    """The browser's fit of the tree ``tree_id``, run once its canvas has its new height.

    The zoom is the largest at which the tree fits, at most
    :data:`FIT_MAX_ZOOM` and never below :data:`.geometry.MIN_ZOOM` (labels
    stay >= 11 px); a tree wider or taller than the canvas at that zoom
    starts at its top left (the start is at the left), to be panned.  A
    canvas not yet drawn (mounted when it nears the view) is tried again
    every 0.15 s for 6 s.
    """
    return (
        """function () {
    var tries = 0;
    var fit = function () {
        var el = document.getElementById('__TREE__');
        var cy = el && el._cyreg && el._cyreg.cy;
        var ready = cy && cy.nodes().nonempty() && el.offsetWidth > 0;
        if (!ready) {
            // The canvas is mounted when it nears the view, and draws its elements a moment later.
            if (tries++ < 40) { window.setTimeout(fit, 150); }
            return;
        }
        cy.resize();
        var nodes = cy.nodes(), w = cy.width(), h = cy.height(), m = __MARGIN__;
        if (!w || !h) { return; }
        var bb = nodes.boundingBox();
        var fit = Math.min((w - 2 * m) / Math.max(bb.w, 1), (h - 2 * m) / Math.max(bb.h, 1));
        var zoom = Math.max(__MIN__, Math.min(__MAX__, fit));
        var pan = {
            x: bb.w * zoom <= w - 2 * m + 1 ? (w - bb.w * zoom) / 2 - bb.x1 * zoom : m - bb.x1 * zoom,
            y: bb.h * zoom <= h - 2 * m + 1 ? (h - bb.h * zoom) / 2 - bb.y1 * zoom : m - bb.y1 * zoom
        };
        cy.viewport({zoom: zoom, pan: pan});
    };
    window.setTimeout(fit, 60);
    return window.dash_clientside.no_update;
}""".replace("__TREE__", tree_id)
        .replace("__MARGIN__", str(FIT_MARGIN_PX))
        .replace("__MIN__", str(MIN_ZOOM))
        .replace("__MAX__", str(FIT_MAX_ZOOM))
    )


def tree_controls(depth_id: str, value: int, most: int, extra: list | None = None) -> html.Div:
    """The tree's controls: the move-depth slider (labelled "move depth"), then ``extra`` (a download button).

    Parameters
    ----------
    depth_id : str
        The slider's id.
    value, most : int
        Its value, and its largest (from 1).
    extra : list, optional
        More controls after the slider.
    """
    return html.Div(
        [
            html.Div(
                [
                    html.Label("move depth", htmlFor=depth_id),
                    dcc.Slider(
                        id=depth_id,
                        min=1,
                        max=most,
                        step=1,
                        value=value,
                        marks={d: str(d) for d in range(1, most + 1)},
                    ),
                ],
                className="control control-slider",
            ),
            *(extra or []),
        ],
        className="controls controls-inline",
    )


def tree_canvas(tree_id: str, height: str = "420px") -> cyto.Cytoscape:
    """The tree's canvas: the shared stylesheet and layout, zoom within the shared limits (labels >= 11 px)."""
    return cyto.Cytoscape(
        id=tree_id,
        elements=[],
        layout=dict(TREE_LAYOUT),
        stylesheet=tree_stylesheet(),
        className="game-tree-canvas",
        style={"width": "100%", "height": height},
        minZoom=MIN_ZOOM,
        maxZoom=MAX_ZOOM,
        boxSelectionEnabled=False,
        autoungrabify=True,
    )


def tree_legend() -> html.Div:
    """The legend of a tree: the outcomes' colours and the marks."""
    items = [
        html.Span([html.Span(className="swatch", style=swatch_style(k)), NAMES[k]], className="legend-item")
        for k in ("W", "L", "D", "U")
    ]
    items += [
        html.Span(text, className="legend-item")
        for text in (
            "thick black border: the position played from",
            "double border: moves not drawn",
            "thick edge: best move",
            "… a label shortened: its card and the list hold it whole",
        )
    ]
    return html.Div(items, className="legend tree-legend-small")


def _rows(tip: object) -> list[tuple[str, str]]:
    if not isinstance(tip, str):
        return []
    rows = []
    for line in tip.split("\n")[:12]:
        label, tab, text = line.partition("\t")
        if tab and label:
            rows.append((label[:40], text[:4000]))
    return rows


def card_view(node: object) -> list:
    """A node's card under the tree, from the data of the node hovered or tapped (its ``tip``).

    Parameters
    ----------
    node : object
        The node's data from the page (``{"tip": str, ...}``); anything else
        gives the hint.

    Returns
    -------
    list
        A definition list of the card's rows, or the hint.
    """
    rows = _rows(node.get("tip") if isinstance(node, dict) else None)
    if not rows:
        return [html.Span("Hover or tap a node for its card: the whole position, the move, its value.")]
    items: list = []
    for label, text in rows:
        items += [html.Dt(label), html.Dd(text)]
    return [html.Dl(items, className="tree-card-rows")]


def tree_outline(tree: GameTree) -> html.Details:
    """The tree as a nested list, for reading without the picture: each node's move, whole position and outcome."""
    kids: dict[int, list[int]] = {}
    for k, node in enumerate(tree.nodes):
        if node.parent is not None:
            kids.setdefault(node.parent, []).append(k)

    def item(k: int) -> html.Li:
        node = tree.nodes[k]
        facts = node.outcome + (f", remoteness {node.remoteness}" if node.remoteness is not None else "")
        text = f"{node.move} → {node.text}: {facts}" if node.move is not None else f"{node.text}: {facts}"
        inner = [html.Ul([item(j) for j in kids[k]])] if k in kids else []
        return html.Li([text, *inner])

    return html.Details(
        [html.Summary("The tree as a list"), html.Ul([item(0)], className="tree-outline")] if tree.nodes else [],
        className="tree-outline-box",
    )


def tree_answer(game: Game, position: Any, depth: int) -> tuple[list[dict], str, dict, html.Details]:
    """The tree of ``position`` to ``depth`` as a tab shows it.

    Parameters
    ----------
    game : solver.registry.Game
    position : object
        The start, in the game's type.
    depth : int
        The move depth (checked by the caller: :func:`.build.tree_depth`).

    Returns
    -------
    tuple
        ``(elements, note, canvas style, list)``: :func:`.build.tree_elements`,
        ``"N positions to depth d."`` (and where the node cap cut it), the
        canvas's style (its height, :func:`.build.canvas_height`), and
        :func:`tree_outline`.

    Raises
    ------
    ValueError
        Work beyond the page's limits (:func:`.build.build_tree`).
    """
    tree = build_tree(game, position, depth)
    elements = tree_elements(tree)
    note = f"{plural(len(tree.nodes), 'position')} to depth {depth}."
    if tree.truncated:
        note += f" Cut at {tree_nodes(depth)} nodes: nodes with a double border have moves not drawn."
    if tree.pieces_only:
        note += " Every position is on the board shown: the nodes show the pieces."
    style = {"width": "100%", "height": f"{canvas_height(elements)}px"}
    return elements, note, style, tree_outline(tree)


def register_view(app, tree_id: str, fit_id: str, card_id: str) -> None:
    """Wire a tree's fit (after its elements or canvas change) and its card (the node hovered or tapped).

    Parameters
    ----------
    app : dash.Dash
    tree_id : str
        The canvas (:func:`tree_canvas`).
    fit_id : str
        A ``dcc.Store`` the fit writes nothing to (a clientside callback needs an output).
    card_id : str
        The holder of the card (:func:`card_view`).
    """
    app.clientside_callback(
        fit_js(tree_id),
        Output(fit_id, "data"),
        Input(tree_id, "elements"),
        Input(tree_id, "style"),
        prevent_initial_call=True,
    )

    @app.callback(
        Output(card_id, "children"),
        Input(tree_id, "mouseoverNodeData"),
        Input(tree_id, "tapNodeData"),
        prevent_initial_call=True,
    )
    def _card(hovered, tapped):
        fired = dash.ctx.triggered[0]["prop_id"] if dash.ctx.triggered else ""
        return card_view(tapped if fired.endswith("tapNodeData") else hovered)
