"""The page's shared look: outcome colours and names, the legend, the graph stylesheet, number formats.

Colours are the Okabe-Ito palette (colour-blind safe) and mean the same
outcome in every tab: the Explore views, the game tree, the Play tab's move
buttons and value history, the inspector's tables and certificate graph.
"""

from __future__ import annotations

import plotly.graph_objects as go
import plotly.io as pio
from dash import html

# The solver's own formatter (its messages use it too): one format for big
# numbers everywhere.
from solver.engine.codes import CLASS_UL, CLASS_UW
from solver.text import format_number
from solver.values.inspection import CLASS_TEXT

__all__ = [
    "COLOURS",
    "TEMPLATE",
    "INK",
    "MARGIN",
    "LEGEND_BELOW_MARGIN",
    "NAMES",
    "NEUTRAL",
    "PARTIAL_DASH",
    "PARTIAL_NAMES",
    "PARTIAL_SHORT",
    "PARTIAL_TEXT",
    "NEUTRAL_DARK",
    "NEUTRAL_LIGHT",
    "TEXT_COLOURS",
    "contrast_ratio",
    "format_number",
    "format_position",
    "nim_text",
    "position_detail",
    "message_figure",
    "outcome_legend",
    "partial_legend",
    "swatch_style",
    "tree_stylesheet",
]

#: The look of ``plotly_white`` without the ~7 KB of defaults for trace types
#: the page never draws (3-D scenes, maps, colour scales ...): every figure of
#: the page uses it (it is plotly's default template once this module is
#: imported), so no figure checks and sends the whole of ``plotly_white``
#: (about 0.25 s of server time and 10 KB for the browser to read, each).
TEMPLATE = go.layout.Template(
    layout={
        key: pio.templates["plotly_white"].layout[key]
        for key in (
            "autotypenumbers",
            "colorway",
            "font",
            "hovermode",
            "hoverlabel",
            "paper_bgcolor",
            "plot_bgcolor",
            "title",
            "xaxis",
            "yaxis",
        )
    }
)
pio.templates["ptsq"] = TEMPLATE
pio.templates.default = "ptsq"

#: Outcome -> colour, shared by every view and the tree legend.
COLOURS = {
    "W": "#0072B2",  # blue
    "L": "#D55E00",  # vermillion
    "D": "#009E73",  # bluish green
    "U": "#999999",  # grey
}

#: Outcome -> text colour on a :data:`COLOURS` background (a tree node, a
#: move button, a swatch with a letter).  Each pair has a contrast ratio of at
#: least 4.5:1 (WCAG 2.1 AA for text): white on the blue (5.2:1), black on
#: the vermilion (5.4:1), the green (6.1:1) and the grey (7.4:1).  White on
#: the vermilion (3.9:1) or the green (3.4:1) would fail.
TEXT_COLOURS = {"W": "#ffffff", "L": "#000000", "D": "#000000", "U": "#000000"}

#: Outcome -> colour for *text* in the outcome's colour on the white or
#: light grey page (a log line, a label): darker shades of :data:`COLOURS`,
#: each at least 4.5:1 on ``#ffffff`` and on the page's ``#f4f5f7``.
INK = {
    "W": "#0072B2",  # the blue itself: 5.2:1 on white
    "L": "#B34700",  # darker vermilion: 5.5:1
    "D": "#007A5A",  # darker bluish green: 5.3:1
    "U": "#666666",  # dark grey: 5.7:1
}

#: Colours that mean no outcome, for everything else a figure draws (bars of
#: counts, primitives, connecting lines, reference lines): greys, kept apart
#: from the U grey ``#999999`` of :data:`COLOURS`.
NEUTRAL = "#555555"  # marks and bars (7.5:1 on white)
NEUTRAL_DARK = "#222222"  # emphasis: best-move edges, outlines, markers drawn over others
NEUTRAL_LIGHT = "#BBBBBB"  # thin connecting lines and guides behind the data

#: Outcome -> the name the page gives it (for the player to move).
NAMES = {
    "W": "W (N-position: mover wins)",
    "L": "L (P-position: mover loses)",
    "D": "D (certified draw)",
    "U": "U (unresolved at the bound)",
}

#: The two partial facts of an unresolved position (the certificate by
#: possibility, docs/mathematics.md section 3.3), by what the position cannot
#: be (:meth:`solver.Solution.cannot_be`).  They are U, so they keep U's grey
#: everywhere; the text says which one: ``"U (not L)"`` as the solver's
#: :func:`solver.value_text` writes it.
PARTIAL_TEXT = {"L": CLASS_TEXT[CLASS_UW], "W": CLASS_TEXT[CLASS_UL]}
#: What each partial fact means, for legends and hover cards.
PARTIAL_NAMES = {
    "L": "U (not L): unresolved, but it cannot be L (a win or a draw for the mover)",
    "W": "U (not W): unresolved, but it cannot be W (a loss or a draw for the mover)",
}
#: What each partial fact leaves open, in a few words.
PARTIAL_SHORT = {"L": "a win or a draw", "W": "a loss or a draw"}
#: Line dash of each partial fact in a plot (the colour is U's grey; U itself is solid).
PARTIAL_DASH = {"L": "dash", "W": "dot"}

#: Figure margins shared by the plots: room for the axes' tick labels and
#: titles, so plotly.js lays each graph out once.  Where what a margin holds
#: does not fit, plotly.js grows the margin and draws the whole graph again
#: (its axes' ``automargin``); with the old 40 px below and 60 px to the left
#: every graph of the page was drawn twice, and a graph of the Layers view
#: took 0.30 s instead of 0.16 s.  A graph with its legend below or beside
#: the plot widens its own margin on that side likewise
#: (:data:`LEGEND_BELOW_MARGIN`).
MARGIN = {"t": 50, "l": 65, "r": 20, "b": 55}

#: :data:`MARGIN` of a graph with a one-row legend below the x axis's title
#: (``legend={"orientation": "h", "y": -0.2}`` or so).
LEGEND_BELOW_MARGIN = {**MARGIN, "b": 95}


def _luminance(colour: str) -> float:
    """Relative luminance of an ``#rrggbb`` colour (WCAG 2.1)."""
    channels = [int(colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(foreground: str, background: str) -> float:
    """Contrast ratio of two ``#rrggbb`` colours (WCAG 2.1, from 1 to 21).

    Parameters
    ----------
    foreground, background : str
        Colours as ``"#rrggbb"``.

    Returns
    -------
    float
        ``(L1 + 0.05) / (L2 + 0.05)`` with L1 the lighter relative luminance;
        text needs at least 4.5 (level AA), large text 3.

    Raises
    ------
    ValueError
        If a colour is not ``#rrggbb``.

    Notes
    -----
    Source: WCAG 2.1, definitions of "contrast ratio" and "relative luminance".
    """
    for colour in (foreground, background):
        if not (isinstance(colour, str) and len(colour) == 7 and colour[0] == "#"):
            raise ValueError(f"a colour must be written #rrggbb, got {colour!r}")
        int(colour[1:], 16)
    light, dark = sorted((_luminance(foreground), _luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def swatch_style(letter: str) -> dict:
    """Inline style of a swatch or badge in an outcome's colour, with readable text.

    Parameters
    ----------
    letter : {"W", "L", "D", "U"}

    Returns
    -------
    dict
        ``{"background": COLOURS[letter], "color": TEXT_COLOURS[letter]}``.
    """
    return {"background": COLOURS[letter], "color": TEXT_COLOURS[letter]}


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
        template=TEMPLATE,
        xaxis={"visible": False},
        yaxis={"visible": False},
        annotations=[{"text": message, "showarrow": False, "font": {"size": 14}}],
    )
    return fig


_SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


def format_position(position: int, digits: int = 12) -> str:
    """A position as the page writes it everywhere: exact when short, else mantissa and power of ten.

    One notation for every tab (the tree, Play, Inspect, Sums).

    Parameters
    ----------
    position : int
        Any integer.
    digits : int, optional
        Longest exact form (default 12).

    Returns
    -------
    str
        ``"4,708"`` up to ``digits`` digits, with thousands separators;
        ``"10³⁰"`` for an exact power of ten; otherwise the first four digits
        and the power, with an ellipsis that says digits were left out:
        ``"1.000…×10³⁰"`` for ``10**30 + 1`` (:func:`position_detail` adds
        how many digits there are).
    """
    text = str(abs(position))
    sign = "-" if position < 0 else ""
    if len(text) <= digits:
        return f"{position:,}"
    power = str(len(text) - 1).translate(_SUPERSCRIPT)
    if text[0] == "1" and not text[1:].strip("0"):
        return f"{sign}10{power}"
    return f"{sign}{text[0]}.{text[1:4]}…×10{power}"


def position_detail(position: int) -> str:
    """:func:`format_position`, and the number of digits when it is shortened: ``"10³⁰ (31 digits)"``.

    Parameters
    ----------
    position : int
        Any integer.

    Returns
    -------
    str
    """
    shown = format_position(position)
    digits = len(str(abs(position)))
    return shown if digits <= 12 else f"{shown} ({digits} digits)"


def nim_text(text: str) -> str:
    """A loopy nim value as the page writes it: ``"∞{0,2}"`` for the solver's ``"inf{0,2}"``.

    Parameters
    ----------
    text : str
        :func:`solver.nim_value_text` (``"0"``, ``"inf{0,2}"``, ``"inf{}"``,
        ``"?"``); the command line and CSV files keep that ASCII form.

    Returns
    -------
    str
        The same value with ``∞`` for ``inf``: one notation on every tab
        (the Nim values view, Inspect, Sums).
    """
    return "∞" + text[3:] if text.startswith("inf") else text


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


def partial_legend() -> list:
    """Legend entries (HTML) for the two partial facts of U: a grey swatch each, with its meaning.

    Returns
    -------
    list of dash.html.Span
        One per key of :data:`PARTIAL_NAMES` (cannot be L, cannot be W): a
        grey badge with the text the views write (``"U (not L)"``) and its
        meaning; class ``legend-item legend-partial``.
    """
    return [
        html.Span(
            [
                html.Span(PARTIAL_TEXT[key], className="swatch swatch-partial", style=swatch_style("U")),
                PARTIAL_NAMES[key].split(": ", 1)[1],
            ],
            className="legend-item legend-partial",
        )
        for key in ("L", "W")
    ]


def outcome_legend() -> list:
    """Legend entries (HTML) for the outcome colours and the tree's marks.

    Returns
    -------
    list of dash.html.Span
        One swatch per outcome, then the meaning of the tree's shapes,
        borders and edges.
    """
    items = [
        html.Span([html.Span(className="swatch", style=swatch_style(k)), NAMES[k]], className="legend-item")
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
