"""Figure builders of the Thesis analyses tab: data in, ``go.Figure`` out (pure).

Nothing here is an outcome, so nothing here uses an outcome colour: bars and
primitives are drawn in the page's neutral greys (:data:`dashboard.style.NEUTRAL`
and :data:`dashboard.style.NEUTRAL_DARK`), told apart by marker shape where
there are two kinds.  Traces are SVG (no WebGL) and use the slim template of
the Explore figures.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from ...style import COLOURS, MARGIN, NEUTRAL, NEUTRAL_DARK, message_figure
from ..explore.figures import TEMPLATE

#: Most primitives a figure sends (a table beside it lists them all).
PRIMITIVE_POINTS = 5_000


def _not_an_outcome_colour(colour: str) -> str:
    """``colour``, or :data:`NEUTRAL` when it is an outcome colour (those mean outcomes only)."""
    outcome = {c.lower() for c in COLOURS.values()}
    return NEUTRAL if colour.lower() in outcome else colour


def _numbers(column: pd.Series) -> list:
    """A column as plain JSON numbers: exact integers while a browser holds them exactly, else floats."""
    values = [int(v) for v in column]
    return values if all(abs(v) < 2**53 for v in values) else [float(v) for v in values]


def primitives_figure(table: pd.DataFrame, k: int) -> go.Figure:
    """Primitive elements against the square below them (thesis Table 3).

    Parameters
    ----------
    table : pandas.DataFrame
        As :func:`solver.analysis.primitives.primitive_elements`: columns
        ``primitive``, ``square_below``, ``remainder``, ``pell`` (bool),
        ``generated_count``.
    k : int
        The layer, for the title.

    Returns
    -------
    plotly.graph_objects.Figure
        Log-log SVG scatter in neutral greys: the Pell-family primitives
        (remainder 1) as larger dark diamonds, the others as grey circles.
        A click names the primitive (the point's y value).  At most
        :data:`PRIMITIVE_POINTS` points of each kind, spread evenly; the
        title then says "showing k of m".
    """
    if table.empty:
        return message_figure(f"Primitive elements of layer {k}", "no members up to the limit")
    fig = go.Figure()
    sent = 0
    kinds = (
        (False, "other", {"size": 7, "color": NEUTRAL, "symbol": "circle"}),
        (True, "Pell family (m² − 2k² = 1)", {"size": 11, "color": NEUTRAL_DARK, "symbol": "diamond"}),
    )
    for pell, name, marker in kinds:
        part = table[table["pell"] == pell]
        if part.empty:
            continue
        if len(part) > PRIMITIVE_POINTS:
            part = part.iloc[np.unique(np.linspace(0, len(part) - 1, PRIMITIVE_POINTS).round().astype(np.int64))]
        sent += len(part)
        fig.add_trace(
            go.Scatter(
                x=_numbers(part["square_below"]),
                y=_numbers(part["primitive"]),
                mode="markers",
                name=name,
                marker=marker,
                customdata=[[str(r), int(g)] for r, g in zip(part["remainder"], part["generated_count"], strict=True)],
                hovertemplate="P = %{y:,}<br>square below %{x:,}<br>remainder %{customdata[0]}"
                "<br>generates %{customdata[1]}<extra></extra>",
            )
        )
    shown = f" (showing {sent:,} of {len(table):,})" if sent < len(table) else ""
    fig.update_layout(
        title=f"Primitive elements of layer {k} against the square below{shown}",
        xaxis={"title": "square below k²", "type": "log"},
        yaxis={"title": "primitive P", "type": "log"},
        template=TEMPLATE,
        margin={**MARGIN, "r": 210},  # the legend on the right
    )
    return fig


def histogram_figure(counts: dict[int, int], title: str, x_title: str, colour: str = NEUTRAL) -> go.Figure:
    """A bar chart of ``value -> count`` (thesis Figs 15, 16).

    Parameters
    ----------
    counts : dict
        Integer value -> number of occurrences.
    title, x_title : str
        Figure title and x-axis title.
    colour : str, optional
        Bar colour, ``#rrggbb``; default :data:`dashboard.style.NEUTRAL`.
        Counts are not outcomes, so an outcome colour
        (:data:`dashboard.style.COLOURS`) is replaced by ``NEUTRAL``.

    Returns
    -------
    plotly.graph_objects.Figure
        One SVG bar trace, the values as plain JSON lists.
    """
    if not counts:
        return message_figure(title, "nothing to count")
    keys = sorted(counts)
    fig = go.Figure(
        go.Bar(
            x=[int(key) for key in keys],
            y=[int(counts[key]) for key in keys],
            marker_color=_not_an_outcome_colour(colour),
            hovertemplate=f"{x_title} %{{x}}: %{{y:,}}<extra></extra>",
        )
    )
    fig.update_layout(
        title=title,
        xaxis={"title": x_title, "dtick": 1 if len(keys) <= 40 else None},
        yaxis={"title": "count"},
        template=TEMPLATE,
        margin=MARGIN,
    )
    return fig
