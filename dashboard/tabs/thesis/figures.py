"""Figure builders of the Thesis analyses tab: data in, ``go.Figure`` out (pure)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from ...style import MARGIN, message_figure


def primitives_figure(table: pd.DataFrame, k: int) -> go.Figure:
    """Primitive elements against the square below them (thesis Table 3).

    Parameters
    ----------
    table : pandas.DataFrame
        As :func:`solver.primitives.primitive_elements`.
    k : int
        The layer, for the title.

    Returns
    -------
    plotly.graph_objects.Figure
        Log-log scatter; Pell-family primitives (remainder 1) stand out.
    """
    if table.empty:
        return message_figure(f"Primitive elements of layer {k}", "no members up to the limit")
    fig = go.Figure()
    for pell, name, colour in ((False, "other", "#D55E00"), (True, "Pell family (m² − 2k² = 1)", "#0072B2")):
        part = table[table["pell"] == pell]
        if part.empty:
            continue
        fig.add_trace(
            go.Scatter(
                x=part["square_below"].astype(float),
                y=part["primitive"].astype(float),
                mode="markers",
                name=name,
                marker={"size": 8, "color": colour},
                customdata=np.column_stack([part["remainder"].astype(str), part["generated_count"]]),
                hovertemplate="P = %{y:,}<br>square below %{x:,}<br>remainder %{customdata[0]}"
                "<br>generates %{customdata[1]}<extra></extra>",
            )
        )
    fig.update_layout(
        title=f"Primitive elements of layer {k} against the square below",
        xaxis={"title": "square below k²", "type": "log"},
        yaxis={"title": "primitive P", "type": "log"},
        template="plotly_white",
        margin=MARGIN,
    )
    return fig


def histogram_figure(counts: dict[int, int], title: str, x_title: str, colour: str = "#0072B2") -> go.Figure:
    """A bar chart of ``value -> count`` (thesis Figs 15, 16).

    Parameters
    ----------
    counts : dict
        Integer value -> number of occurrences.
    title, x_title : str
        Figure title and x-axis title.
    colour : str, optional
        Bar colour.

    Returns
    -------
    plotly.graph_objects.Figure
    """
    if not counts:
        return message_figure(title, "nothing to count")
    keys = sorted(counts)
    fig = go.Figure(
        go.Bar(x=keys, y=[counts[k] for k in keys], marker_color=colour,
               hovertemplate=f"{x_title} %{{x}}: %{{y:,}}<extra></extra>")
    )
    fig.update_layout(
        title=title,
        xaxis={"title": x_title, "dtick": 1 if len(keys) <= 40 else None},
        yaxis={"title": "count"},
        template="plotly_white",
        margin=MARGIN,
    )
    return fig
