"""Figure builders of the Explore tab: data in, ``go.Figure``, cytoscape elements or HTML out.

All pure: they read only their arguments.  Colours come from
:mod:`dashboard.style` and mean the same outcome in every view.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import plotly.graph_objects as go
from dash import html

from solver.analysis import TRANSFORMS, transform_density
from solver.tree import GameTree

from ... import ids
from ...style import COLOURS, MARGIN, NAMES, format_position, message_figure

#: Most points a single figure sends to the browser.
MAX_POINTS = 50_000

_LAYER_PALETTE = [
    "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00",
    "#56B4E9", "#F0E442", "#000000", "#999999", "#882255",
]


def downsample_index(length: int, max_points: int) -> np.ndarray:
    """Indices that thin a sequence to at most ``max_points`` items.

    Parameters
    ----------
    length : int
        Length of the sequence.
    max_points : int
        Largest number of indices returned, ``>= 2``.

    Returns
    -------
    numpy.ndarray
        Increasing ``int64`` indices into the sequence; all of them when
        ``length <= max_points``, else evenly spread ones that keep the first
        and the last item.
    """
    if length <= max_points:
        return np.arange(length, dtype=np.int64)
    return np.unique(np.linspace(0, length - 1, max_points).round().astype(np.int64))


def _density_sample(n: int, max_points: int) -> np.ndarray:
    # Densities move most at small n: half the points spread on a log scale,
    # half evenly, so both ends of a log or linear axis look right.
    if n <= max_points:
        return np.arange(n, dtype=np.int64)
    half = max_points // 2
    logs = np.geomspace(1, n, half).round().astype(np.int64) - 1
    even = np.linspace(0, n - 1, half).round().astype(np.int64)
    return np.unique(np.concatenate([logs, even]))


def summary_table(
    counts: dict[str, int],
    n: int,
    bound: int,
    max_remoteness: int,
    bounded: int,
    seconds: float,
    cached: bool,
) -> html.Div:
    """The summary panel: counts of W, L, D, U up to N and the solve's figures.

    Parameters
    ----------
    counts : dict
        ``{"W": int, "L": int, "D": int, "U": int}`` for positions ``1..n``.
    n : int
        N, the largest position counted.
    bound : int
        The solve's bound B.
    max_remoteness : int
        Highest exact remoteness among positions ``1..n``.
    bounded : int
        W/L positions ``1..n`` whose remoteness is only an upper bound.
    seconds : float
        Solve time in seconds.
    cached : bool
        Whether the solve came from the in-memory cache.

    Returns
    -------
    dash.html.Div
    """
    rows = []
    for key in ("W", "L", "D", "U"):
        share = counts[key] / n if n else 0.0
        rows.append(
            html.Tr(
                [
                    html.Td(html.Span(key, className="swatch", style={"background": COLOURS[key]})),
                    html.Td(NAMES[key].split(" (")[1].rstrip(")")),
                    html.Td(f"{counts[key]:,}", className="num", id=ids.summary_count_id(key)),
                    html.Td(f"{share:.2%}", className="num"),
                ]
            )
        )
    facts = [
        ("N", f"{n:,}"),
        ("bound B", f"{bound:,}"),
        ("highest remoteness up to N", f"{max_remoteness}"),
        ("W/L with remoteness only bounded", f"{bounded:,}"),
        ("solve time", f"{seconds:.3f} s" + (" (cached)" if cached else "")),
    ]
    return html.Div(
        [
            html.Table(
                [html.Thead(html.Tr([html.Th(""), html.Th("outcome"), html.Th("count"), html.Th("share")]))]
                + [html.Tbody(rows)],
                className="summary-table",
            ),
            html.Dl(
                [item for label, value in facts for item in (html.Dt(label), html.Dd(value))],
                className="summary-facts",
            ),
        ],
        className="summary",
    )


def density_figure(densities: pd.DataFrame, transform: str = "density") -> go.Figure:
    """Cumulative densities of W, L, D and U against n (thesis Figs 6-11).

    Parameters
    ----------
    densities : pandas.DataFrame
        As :func:`solver.analysis.densities`: columns ``n``, ``W``, ``L``,
        ``D``, ``U``.
    transform : {"density", "log", "inverse_log"}
        The thesis's transform (section 3.5).

    Returns
    -------
    plotly.graph_objects.Figure
        Four lines, at most :data:`MAX_POINTS` points in all, log n axis.

    Raises
    ------
    ValueError
        If ``transform`` is unknown.
    """
    if transform not in TRANSFORMS:
        raise ValueError(f"unknown transform {transform!r}")
    if densities.empty:
        return message_figure("Densities", "no positions")
    idx = _density_sample(len(densities), MAX_POINTS // 4)
    n = densities["n"].to_numpy()[idx]
    fig = go.Figure()
    for key in ("W", "L", "D", "U"):
        y = transform_density(densities[key].to_numpy()[idx], transform)
        fig.add_trace(
            go.Scattergl(x=n, y=y, mode="lines", name=NAMES[key], line={"color": COLOURS[key], "width": 2})
        )
    fig.update_layout(
        title=f"Cumulative density #X ≤ n / n ({TRANSFORMS[transform]})",
        xaxis={"title": "n", "type": "log"},
        yaxis={"title": TRANSFORMS[transform]},
        template="plotly_white",
        legend={"orientation": "h", "y": -0.2},
        margin=MARGIN,
    )
    return fig


def layer_figure(layers: list[np.ndarray], parity: str) -> go.Figure:
    """Ordered elements of the odd (W) or even (L) layers (thesis Figs 4, 5).

    Parameters
    ----------
    layers : list of numpy.ndarray
        ``layers[k - 1]`` is layer ``l_k`` (increasing ``int64`` positions).
    parity : {"W", "L"}
        ``"W"`` plots the odd layers, ``"L"`` the even ones.

    Returns
    -------
    plotly.graph_objects.Figure
        One WebGL scatter per layer: element index against value, log value
        axis; thinned evenly to at most :data:`MAX_POINTS` points in all.

    Raises
    ------
    ValueError
        If ``parity`` is not "W" or "L".
    """
    if parity not in ("W", "L"):
        raise ValueError(f"parity must be 'W' or 'L', got {parity!r}")
    first = 1 if parity == "W" else 2
    chosen = [(k, layers[k - 1]) for k in range(first, len(layers) + 1, 2)]
    kind = "odd (W)" if parity == "W" else "even (L)"
    if not chosen:
        return message_figure(f"Ordered elements of the {kind} layers", "raise the move depth to see even layers")
    total = sum(len(m) for _, m in chosen)
    fig = go.Figure()
    for k, members in chosen:
        share = max(2, int(MAX_POINTS * len(members) / total)) if total > MAX_POINTS else len(members)
        idx = downsample_index(len(members), share)
        fig.add_trace(
            go.Scattergl(
                x=idx + 1,
                y=members[idx],
                mode="markers",
                marker={"size": 4, "color": _LAYER_PALETTE[(k - 1) % len(_LAYER_PALETTE)]},
                name=f"l{k} ({len(members):,})",
                customdata=members[idx],
                hovertemplate=f"layer {k}<br>element %{{x}}<br>n = %{{y}}<extra></extra>",
            )
        )
    note = " (thinned for display)" if total > MAX_POINTS else ""
    fig.update_layout(
        title=f"Ordered elements of the {kind} layers{note}",
        xaxis={"title": "element index"},
        yaxis={"title": "value", "type": "log"},
        template="plotly_white",
        margin=MARGIN,
    )
    return fig


def difference_figure(members: np.ndarray, k: int) -> go.Figure:
    """Differences between consecutive elements of layer ``k`` (Figs 12, 13).

    Parameters
    ----------
    members : numpy.ndarray
        Layer ``l_k`` in increasing order, ``int64``.
    k : int
        The layer number, for the title.

    Returns
    -------
    plotly.graph_objects.Figure
        ``members[i + 1] - members[i]`` against ``i``, at most
        :data:`MAX_POINTS` points.
    """
    if len(members) < 2:
        return message_figure(f"Differences in layer {k}", f"layer {k} has fewer than two elements up to N")
    diffs = np.diff(members)
    idx = downsample_index(len(diffs), MAX_POINTS)
    fig = go.Figure(
        go.Scattergl(
            x=idx + 1,
            y=diffs[idx],
            mode="markers",
            marker={"size": 5, "color": COLOURS["W" if k % 2 else "L"]},
            customdata=np.column_stack([members[idx], members[idx + 1]]),
            hovertemplate="i = %{x}<br>%{customdata[1]} − %{customdata[0]} = %{y}<extra></extra>",
            name=f"l{k}",
        )
    )
    note = " (thinned for display)" if len(diffs) > MAX_POINTS else ""
    fig.update_layout(
        title=f"Differences between consecutive elements of layer {k}{note}",
        xaxis={"title": "i"},
        yaxis={"title": "l_k[i+1] − l_k[i]"},
        template="plotly_white",
        margin=MARGIN,
    )
    return fig


def convergence_figure(counts: pd.DataFrame, n: int) -> go.Figure:
    """Counts of W, L, D and U up to N as the bound grows.

    Parameters
    ----------
    counts : pandas.DataFrame
        As the first result of :func:`solver.analysis.convergence`: columns
        ``bound``, ``W``, ``L``, ``D``, ``U``.
    n : int
        N, for the title.

    Returns
    -------
    plotly.graph_objects.Figure
        One line with markers per outcome; log bound axis, log count axis.
    """
    if counts.empty:
        return message_figure("Convergence", "no bounds solved")
    fig = go.Figure()
    for key in ("W", "L", "D", "U"):
        fig.add_trace(
            go.Scatter(
                x=counts["bound"],
                y=counts[key],
                mode="lines+markers",
                name=NAMES[key],
                line={"color": COLOURS[key], "width": 2},
                hovertemplate=f"B = %{{x:,}}<br>{key}: %{{y:,}}<extra></extra>",
            )
        )
    fig.update_layout(
        title=f"Positions 1..{n:,} by outcome as the bound B grows",
        xaxis={"title": "bound B", "type": "log"},
        yaxis={"title": "count", "type": "log"},
        template="plotly_white",
        legend={"orientation": "h", "y": -0.25},
        margin=MARGIN,
    )
    return fig


def tree_elements(tree: GameTree) -> list[dict]:
    """Cytoscape elements (nodes and edges) of a game tree.

    Parameters
    ----------
    tree : solver.tree.GameTree

    Returns
    -------
    list of dict
        Node ids are ``"n" + path``.  Node data: ``label``, ``position``
        (str), ``outcome``, ``remoteness``, ``path``; classes name the
        outcome and ``square``, ``repeat``, ``beyond``, ``expandable``,
        ``expanded``.  Edge classes: ``best`` for best moves.
    """
    elements: list[dict] = []
    for node in tree.nodes:
        if node.remoteness is not None:
            rem = str(node.remoteness)
        elif node.remoteness_at_most is not None:
            rem = f"≤{node.remoteness_at_most}"
        else:
            rem = ""
        classes = [node.outcome.name]
        for flag, name in (
            (node.square, "square"),
            (node.repeat, "repeat"),
            (node.beyond_bound, "beyond"),
            (node.expandable, "expandable"),
            (node.expanded, "expanded"),
        ):
            if flag:
                classes.append(name)
        marks = ("■" if node.square else "") + ("↻" if node.repeat else "")
        elements.append(
            {
                "data": {
                    "id": "n" + node.path,
                    "label": f"{format_position(node.position)}\n{node.outcome.name}{rem}{marks}",
                    "position": str(node.position),
                    "outcome": node.outcome.name,
                    "remoteness": node.remoteness,
                    "path": node.path,
                    "expandable": node.expandable,
                    "expanded": node.expanded,
                },
                "classes": " ".join(classes),
            }
        )
        if node.parent_path is not None:
            elements.append(
                {
                    "data": {
                        "id": f"e{node.path}",
                        "source": "n" + node.parent_path,
                        "target": "n" + node.path,
                        "label": node.move.value if node.move else "",
                    },
                    "classes": "best" if node.best else "",
                }
            )
    return elements
