"""The Explore tab's game tree (a put-or-take rule's) as cytoscape elements.

Nodes and edges carry the positions :func:`dashboard.gametree.geometry.label_boxes`
gives them; the stylesheet is every tree's, :func:`dashboard.gametree.style.tree_stylesheet`.
"""

from __future__ import annotations

from solver.values.play import move_text
from solver.values.tree import GameTree

from ...gametree.geometry import label_boxes, tip_text
from ...gametree.style import tree_stylesheet
from .tree_layout import _value_text, node_tip, short_position

__all__ = [
    "tree_elements",
    "tree_stylesheet",
]


# ---------------------------------------------------------------- elements


def tree_elements(tree: GameTree) -> list[dict]:
    """Cytoscape elements of a game tree, with the positions of :func:`dashboard.gametree.geometry.label_boxes`.

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
    boxes = label_boxes(labels)
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
