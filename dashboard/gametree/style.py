"""The one stylesheet of every game tree of the page (the Explore tree, the Finite games and Games on graphs trees).

Boxes in their outcome's colour (:data:`dashboard.style.COLOURS`), lettered
in its :data:`dashboard.style.TEXT_COLOURS`, with the marks the legends name.
"""

from __future__ import annotations

from ..style import COLOURS, NEUTRAL_DARK, NEUTRAL_LIGHT, TEXT_COLOURS
from .geometry import FONT_PX, LINE_PX

__all__ = ["tree_stylesheet"]


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
        turn at right angles, best moves thick and dark; the start of a
        tree of :mod:`dashboard.gametree.build` (class ``root``) has a thick
        black border.  Squares and repeats also carry ★ and ↻ in their
        labels.
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
        {"selector": "node.root", "style": {"border-width": 4, "border-color": "#000000"}},
        {
            "selector": "node.focus",
            "style": {"underlay-color": "#E69F00", "underlay-padding": 6, "underlay-opacity": 0.85},
        },
    ]
    return sheet
