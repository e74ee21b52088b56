"""The game tree as cytoscape elements and their stylesheet.

Nodes and edges carry the positions :func:`.tree_layout.tidy_layout` gives
them.
"""

from __future__ import annotations

from solver.values.play import move_text
from solver.values.tree import GameTree

from ...style import COLOURS, NEUTRAL_DARK, NEUTRAL_LIGHT, TEXT_COLOURS
from .tree_layout import (
    FONT_PX,
    LINE_PX,
    PAD_X,
    _text_width,
    _value_text,
    node_tip,
    short_position,
    tidy_layout,
    tip_text,
)

__all__ = [
    "tree_elements",
    "tree_stylesheet",
]


# ---------------------------------------------------------------- elements


def tree_elements(tree: GameTree) -> list[dict]:
    """Cytoscape elements of a game tree, with the positions of :func:`tidy_layout`.

    Parameters
    ----------
    tree : solver.values.tree.GameTree

    Returns
    -------
    list of dict
        One node element per tree node, then one edge per parent-child
        pair.  A node's id is ``"n" + path`` and its ``position`` is the
        centre of its box (pixels, rounded to 0.1).  Node data: ``path``,
        ``label`` (two lines: :func:`short_position`, then outcome,
        remoteness and marks), ``position`` (the exact decimal digits),
        ``outcome`` (``"W"``, ``"L"``, ``"D"``, ``"U"``), ``cannot_be``
        (``"L"`` or ``"W"`` for a U that the certificate by possibility
        narrows, else None), ``remoteness``
        (exact, or None), ``remoteness_at_most``, ``move`` (``"take"``,
        ``"put"`` or None), ``depth``, ``square``, ``repeat``, ``beyond``,
        ``best``, ``expandable``, ``expanded``, ``w`` and ``h`` (the box, px)
        and ``tip`` (:func:`node_tip` as text, :func:`tip_text`: every value
        is a string, number, bool or None, so the page sees an unchanged
        node as unchanged and leaves it alone).  The root's data also has ``view``,
        which names the drawing (start, bound, base depth): the page resets
        its view when it changes.  Classes: the outcome letter and
        ``square``, ``repeat``, ``beyond``, ``expandable``, ``expanded``,
        ``notL``, ``notW`` (a U that cannot be L, cannot be W) where they
        apply.  Edge ids are ``"e" + child path``, their data
        ``source``, ``target``, ``label`` (the move) and class ``best`` for
        best moves.
    """
    by_path = {node.path: node for node in tree.nodes}
    labels = {node.path: [short_position(node.position), _value_text(node)] for node in tree.nodes}
    widths = {path: max(_text_width(line) for line in lines) + 2 * PAD_X for path, lines in labels.items()}
    boxes = tidy_layout(by_path, widths)
    nodes: list[dict] = []
    edges: list[dict] = []
    for node in tree.nodes:
        x, y, w, h = boxes[node.path]
        parent = by_path[node.parent_path] if node.parent_path is not None else None
        classes = [node.outcome.name] + [
            name
            for flag, name in (
                (node.square, "square"),
                (node.repeat, "repeat"),
                (node.beyond_bound, "beyond"),
                (node.expandable, "expandable"),
                (node.expanded, "expanded"),
                (node.cannot_be == "L", "notL"),
                (node.cannot_be == "W", "notW"),
            )
            if flag
        ]
        data = {
            "id": "n" + node.path,
            "path": node.path,
            "label": "\n".join(labels[node.path]),
            "position": str(node.position),
            "outcome": node.outcome.name,
            "cannot_be": node.cannot_be,
            "remoteness": node.remoteness,
            "remoteness_at_most": node.remoteness_at_most,
            "move": move_text(node.move) if node.move else None,
            "depth": node.depth,
            "square": node.square,
            "repeat": node.repeat,
            "beyond": node.beyond_bound,
            "best": node.best,
            "expandable": node.expandable,
            "expanded": node.expanded,
            "w": round(w, 1),
            "h": h,
            "tip": tip_text(node_tip(node, parent.position if parent else None, tree.bound)),
        }
        nodes.append({"data": data, "position": {"x": round(x, 1), "y": round(y, 1)}, "classes": " ".join(classes)})
        # Every node but the root (no parent) was reached by a move.
        if parent is not None and node.move is not None:
            edges.append(
                {
                    "data": {
                        "id": "e" + node.path,
                        "source": "n" + parent.path,
                        "target": "n" + node.path,
                        "label": move_text(node.move),
                    },
                    "classes": "best" if node.best else "",
                }
            )
    if nodes:
        nodes[0]["data"]["view"] = f"{tree.start}|{tree.bound}|{tree.depth}"
    return nodes + edges


def tree_stylesheet() -> list[dict]:
    """The cytoscape stylesheet of the game tree.

    Returns
    -------
    list of dict
        Boxes sized by the data (``w``, ``h``), filled with the outcome's
        colour of :data:`dashboard.style.COLOURS` and lettered in its
        :data:`dashboard.style.TEXT_COLOURS` (contrast at least 4.5:1);
        every label :data:`FONT_PX` px.  Marks: a double border on a node
        that can be expanded, a dashed one on a repeat, cut corners above
        the bound, a halo on the selected node (class ``focus``); edges
        turn at right angles, best moves thick and dark.  Squares and
        repeats also carry ★ and ↻ in their labels.
    """
    font = 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif'
    sheet = [
        {
            "selector": "node",
            "style": {
                "label": "data(label)",
                "text-wrap": "wrap",
                "text-valign": "center",
                "text-halign": "center",
                "line-height": LINE_PX / FONT_PX,
                "font-size": FONT_PX,
                "font-family": font,
                "width": "data(w)",
                "height": "data(h)",
                "shape": "round-rectangle",
                "border-width": 1.5,
                "border-color": NEUTRAL_DARK,
            },
        },
        {
            "selector": "edge",
            "style": {
                "curve-style": "taxi",
                "taxi-direction": "rightward",
                "taxi-turn": 22,
                "taxi-turn-min-distance": 4,
                "width": 1.5,
                "line-color": NEUTRAL_LIGHT,
                "target-arrow-shape": "triangle",
                "target-arrow-color": NEUTRAL_LIGHT,
                "arrow-scale": 0.9,
                "target-label": "data(label)",
                "target-text-offset": 34,
                "font-size": FONT_PX,
                "font-family": font,
                "color": "#333333",
                "text-background-color": "#ffffff",
                "text-background-opacity": 1,
                "text-background-padding": 1,
            },
        },
    ]
    for key, colour in COLOURS.items():
        sheet.append({"selector": f"node.{key}", "style": {"background-color": colour, "color": TEXT_COLOURS[key]}})
    sheet += [
        {"selector": "node.beyond", "style": {"shape": "cut-rectangle"}},
        {"selector": "node.expandable[!expanded]", "style": {"border-style": "double", "border-width": 5}},
        {"selector": "node.repeat", "style": {"border-style": "dashed", "border-width": 3}},
        {
            # Drawn over the thin edge that shares its first segment.
            "selector": "edge.best",
            "style": {"width": 4, "line-color": NEUTRAL_DARK, "target-arrow-color": NEUTRAL_DARK, "z-index": 2},
        },
        {
            "selector": "node.focus",
            "style": {"underlay-color": "#E69F00", "underlay-padding": 6, "underlay-opacity": 0.85},
        },
    ]
    return sheet
