"""The page's shared look: outcome colours and names, the legend, the graph stylesheet, number formats.

Colours are the Okabe-Ito palette (colour-blind safe) and mean the same
outcome in every tab: the Explore views, the game tree, the Play tab's move
buttons and value history, the inspector's tables and certificate graph.
"""

from __future__ import annotations

import plotly.graph_objects as go
from dash import html

# The solver's own formatter (its messages use it too): one format for big
# numbers everywhere.
from solver._text import format_number

__all__ = [
    "COLOURS",
    "MARGIN",
    "NAMES",
    "TEXT_COLOURS",
    "format_number",
    "format_position",
    "message_figure",
    "outcome_legend",
    "tree_stylesheet",
]

#: Outcome -> colour, shared by every view and the tree legend.
COLOURS = {
    "W": "#0072B2",  # blue
    "L": "#D55E00",  # vermillion
    "D": "#009E73",  # bluish green
    "U": "#999999",  # grey
}

#: Outcome -> text colour that reads on :data:`COLOURS`.
TEXT_COLOURS = {"W": "#ffffff", "L": "#ffffff", "D": "#ffffff", "U": "#000000"}

#: Outcome -> the name the page gives it (for the player to move).
NAMES = {
    "W": "W (N-position: mover wins)",
    "L": "L (P-position: mover loses)",
    "D": "D (certified draw)",
    "U": "U (unresolved at the bound)",
}

#: Figure margins shared by the plots.
MARGIN = {"t": 50, "l": 60, "r": 20, "b": 40}


def message_figure(title: str, message: str) -> go.Figure:
    """An empty figure that says why there is nothing to plot.

    Parameters
    ----------
    title : str
        The figure's title.
    message : str
        The text shown in the middle (bad input, nothing solved yet ...).

    Returns
    -------
    plotly.graph_objects.Figure
        No traces, hidden axes, one annotation.
    """
    fig = go.Figure()
    fig.update_layout(
        title=title,
        template="plotly_white",
        xaxis={"visible": False},
        yaxis={"visible": False},
        annotations=[{"text": message, "showarrow": False, "font": {"size": 14}}],
    )
    return fig


def format_position(position: int, digits: int = 12) -> str:
    """Short text for a position: exact up to ``digits`` digits, else ``d.ddd×10^e``.

    Parameters
    ----------
    position : int
        Any integer.
    digits : int, optional
        Longest exact form (default 12).

    Returns
    -------
    str
    """
    text = str(position)
    if len(text) <= digits:
        return text
    return f"{text[0]}.{text[1:4]}×10^{len(text) - 1}"


def tree_stylesheet() -> list[dict]:
    """The cytoscape stylesheet of the game tree (colours as :data:`COLOURS`).

    Returns
    -------
    list of dict
        Later rules override earlier ones: outcome colours, then shapes for
        squares, a double border on nodes that can still be expanded, a
        dashed one on repeats, thick dark edges for best moves.
    """
    sheet = [
        {
            "selector": "node",
            "style": {
                "label": "data(label)",
                "text-wrap": "wrap",
                "text-valign": "center",
                "font-size": 10,
                "width": 62,
                "height": 34,
                "shape": "round-rectangle",
                "border-width": 1,
                "border-color": "#222",
            },
        },
        {
            "selector": "edge",
            "style": {
                "curve-style": "bezier",
                "target-arrow-shape": "triangle",
                "width": 1.5,
                "line-color": "#bbb",
                "target-arrow-color": "#bbb",
                "label": "data(label)",
                "font-size": 8,
                "color": "#555",
                "text-background-color": "#fff",
                "text-background-opacity": 0.8,
            },
        },
    ]
    for key, colour in COLOURS.items():
        sheet.append({"selector": f"node.{key}", "style": {"background-color": colour, "color": TEXT_COLOURS[key]}})
    sheet += [
        {"selector": "node.square", "style": {"shape": "star", "width": 46, "height": 46}},
        {"selector": "node.beyond", "style": {"background-opacity": 0.6}},
        {"selector": "node[?expandable][!expanded]", "style": {"border-style": "double", "border-width": 5}},
        {"selector": "node.repeat", "style": {"border-style": "dashed", "border-width": 3}},
        {"selector": "edge.best", "style": {"width": 4, "line-color": "#222", "target-arrow-color": "#222"}},
    ]
    return sheet


def outcome_legend() -> list:
    """Legend entries (HTML) for the outcome colours and the tree's marks.

    Returns
    -------
    list of dash.html.Span
        One swatch per outcome, then the meaning of the tree's shapes,
        borders and edges.
    """
    items = [
        html.Span([html.Span(className="swatch", style={"background": COLOURS[k]}), NAMES[k]], className="legend-item")
        for k in ("W", "L", "D", "U")
    ]
    items += [
        html.Span("★ square: the mover wins at once", className="legend-item"),
        html.Span("dashed border ↻: repeat (a loop)", className="legend-item"),
        html.Span("double border: click to expand", className="legend-item"),
        html.Span("thick edge: best move", className="legend-item"),
        html.Span("faded: above the bound", className="legend-item"),
    ]
    return items
