"""Figure builders of the Explore tab: data in, ``go.Figure``, cytoscape elements or HTML out.

All pure: they read only their arguments.  Outcome colours come from
:mod:`dashboard.style` and mean an outcome and nothing else: the density
curves and the convergence lines of each outcome, the points of a layer in
the colour of its outcome (odd layers W, even layers L).

A figure sends only what can be drawn.  Density curves are cumulative
fractions, kept exactly at a few thousand positions spread geometrically
(:func:`geometric_positions`); a layer plot keeps at most
:data:`LAYER_POINTS` members, spread evenly; a difference plot at most
:data:`DIFFERENCE_POINTS` gaps, the smallest and the largest of each run
(:func:`envelope_index`); each says when it shows fewer points than it has.
Every trace is an SVG ``scatter`` (no WebGL) and every figure uses the slim
:data:`TEMPLATE`.
"""

from __future__ import annotations

import colorsys
from typing import Any, Protocol

import numpy as np
import pandas as pd
import plotly.graph_objects as go
from dash import html
from plotly.subplots import make_subplots

from solver import Outcome
from solver.analysis.layers import TRANSFORMS, transform_density
from solver.engine.codes import CLASS_D, CLASS_L, CLASS_U, CLASS_UL, CLASS_UW, CLASS_W

from ...components import inspect_link
from ...controls import decided_text
from ...style import (
    COLOURS,
    LEGEND_BELOW_MARGIN,
    MARGIN,
    NAMES,
    NEUTRAL,
    NEUTRAL_DARK,
    NEUTRAL_LIGHT,
    PARTIAL_DASH,
    PARTIAL_SHORT,
    PARTIAL_TEXT,
    TEMPLATE,
    message_figure,
    swatch_style,
)
from . import ids

#: Density curves keep their values at about this many positions each.
DENSITY_POINTS = 2_000
#: Most members a layer figure sends (all its layers together).
LAYER_POINTS = 5_000
#: Most gaps a difference figure sends.
DIFFERENCE_POINTS = 2_000
#: The largest of the caps above: no figure sends more points than this.
MAX_POINTS = max(4 * DENSITY_POINTS, LAYER_POINTS, DIFFERENCE_POINTS)

#: Marker symbols and line dashes that tell the layers of one figure apart
#: (they share their outcome's colour).
_LAYER_SYMBOLS = [
    "circle",
    "square",
    "diamond",
    "triangle-up",
    "x",
    "star",
    "cross",
    "triangle-down",
    "hexagon",
    "pentagon",
]
_LAYER_DASHES = ["solid", "dot", "dash", "dashdot", "longdash", "longdashdot"]


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


def geometric_positions(n: int, points: int = DENSITY_POINTS) -> np.ndarray:
    """Positions ``1..n`` at which a density curve is kept: every one at first, then spread geometrically.

    Parameters
    ----------
    n : int
        The last position, ``>= 1``.
    points : int, optional
        How many positions to aim for, ``>= 2``.

    Returns
    -------
    numpy.ndarray
        Increasing ``int64`` positions with ``1`` and ``n`` always included:
        ``round(n ** (i / (points - 1)))`` for ``i = 0 .. points - 1``,
        without repeats (so every position while the geometric step is
        below 1, and at most ``points`` of them).  Between two kept positions
        ``a < b`` a cumulative fraction ``#X <= m / m`` moves by at most
        ``(b - a) / b``, under ``n ** (1 / (points - 1)) - 1`` (0.8 % for
        ``n = 10**7`` and 2,000 points), well under a pixel of a log-n axis.
    """
    if n <= points:
        return np.arange(1, n + 1, dtype=np.int64)
    kept = np.unique(np.geomspace(1, n, points).round().astype(np.int64))
    kept[0], kept[-1] = 1, n
    return kept


class OutcomeColumn(Protocol):
    """What :func:`sampled_densities` reads of a solve's outcome column: its length and a slice.

    Both forms of :attr:`Solution.outcome <solver.engine.solution.Solution>`
    have it: a NumPy array, and a compact solve's column that decodes only
    what a slice selects.
    """

    def __len__(self) -> int: ...

    def __getitem__(self, key: slice, /) -> Any: ...


def sampled_densities(
    outcome: OutcomeColumn, n: int, points: int = DENSITY_POINTS, *, classes: OutcomeColumn | None = None
) -> pd.DataFrame:
    """The rows of :func:`solver.analysis.layers.densities` at the positions a density figure keeps.

    One pass over ``outcome[1 : n + 1]`` per outcome, with no ``n``-long
    float arrays: at ``n = 10**7`` this takes a fraction of the time of the
    full table, and :func:`density_figure` draws the same figure from it.

    Parameters
    ----------
    outcome : OutcomeColumn
        :attr:`Solution.outcome <solver.engine.solution.Solution>` (``int8`` codes
        of :class:`solver.engine.solution.Outcome`), shape ``(bound + 1,)``:
        a NumPy array or a compact solve's column (only ``1..n`` is read).
    n : int
        The last position, ``1 <= n <= bound``.
    points : int, optional
        As :func:`geometric_positions`.
    classes : OutcomeColumn, optional
        :attr:`Solution.classes <solver.engine.solution.Solution>` (the same
        shape): when given it is read instead of ``outcome`` (a class is an
        outcome, or U with what it cannot be), and the two partial facts of
        U get columns of their own.

    Returns
    -------
    pandas.DataFrame
        Columns ``n`` (the positions of :func:`geometric_positions`),
        ``W``, ``L``, ``D``, ``U``: ``#X <= m / m`` (float64), equal to the
        rows of :func:`solver.analysis.layers.densities` at those ``m``;
        with ``classes`` also ``U_not_L`` and ``U_not_W`` (the share of U
        positions that cannot be L, that cannot be W; both are in ``U``).

    Raises
    ------
    ValueError
        If ``n`` is outside ``1..len(outcome) - 1``.
    """
    if not 1 <= n < len(outcome):
        raise ValueError(f"N must be between 1 and the bound {len(outcome) - 1:,}, got {n:,}")
    positions = geometric_positions(n, points)
    labels = np.asarray((outcome if classes is None else classes)[1 : n + 1])
    starts = np.r_[0, positions[:-1]]  # counts over labels[starts[i] : positions[i]]

    def share(mask: np.ndarray) -> np.ndarray:
        return np.cumsum(np.add.reduceat(mask, starts, dtype=np.int64)) / positions

    data: dict[str, np.ndarray] = {"n": positions}
    if classes is None:
        for o in (Outcome.W, Outcome.L, Outcome.D, Outcome.U):
            data[o.name] = share(labels == o)
        return pd.DataFrame(data)
    data["W"] = share(labels == CLASS_W)
    data["L"] = share(labels == CLASS_L)
    data["D"] = share(labels == CLASS_D)
    data["U"] = share((labels == CLASS_U) | (labels == CLASS_UW) | (labels == CLASS_UL))
    data["U_not_L"] = share(labels == CLASS_UW)
    data["U_not_W"] = share(labels == CLASS_UL)
    return pd.DataFrame(data)


def envelope_index(values: np.ndarray, max_points: int) -> np.ndarray:
    """Indices that keep the smallest and the largest value of each run of a sequence.

    The sequence is cut into ``(max_points - 2) // 2`` runs of consecutive
    items (the same length, give or take one); the index of the smallest and
    of the largest item of each run is kept, and the first and the last
    index, so the plot's outline (every extreme) is exact while at most
    ``max_points`` points are sent.

    Parameters
    ----------
    values : numpy.ndarray
        Shape ``(m,)``, any real dtype.
    max_points : int
        Largest number of indices returned, ``>= 4``.

    Returns
    -------
    numpy.ndarray
        Increasing ``int64`` indices; all of them when ``m <= max_points``.
        The first and the last index are always kept.
    """
    m = len(values)
    if m <= max_points:
        return np.arange(m, dtype=np.int64)
    runs = max(1, (max_points - 2) // 2)
    run = (np.arange(m, dtype=np.int64) * runs) // m  # run number of each item, 0 .. runs - 1
    order = np.lexsort((values, run))  # by run, then by value
    starts = np.flatnonzero(np.r_[True, run[order][1:] != run[order][:-1]])
    ends = np.r_[starts[1:], m] - 1
    kept = np.concatenate([order[starts], order[ends], [0, m - 1]])
    return np.unique(kept).astype(np.int64)


def _shown(k: int, m: int, what: str) -> str:
    """``" (showing k of m <what>)"`` when points were left out, else ""."""
    return f" (showing {k:,} of {m:,} {what})" if k < m else ""


def summary_table(
    counts: dict[str, int],
    n: int,
    bound: int,
    max_remoteness: int,
    bounded: int,
    seconds: float,
    cached: bool,
    partial: dict[str, int] | None = None,
    decided_below: int | None = None,
    unsettled: dict | None = None,
    rule: str | None = None,
) -> html.Div:
    """The summary panel: counts of W, L, D, U up to N, what U cannot be, how far all is decided.

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
    partial : dict, optional
        ``{"L": int, "W": int}``: the U positions of ``1..n`` that cannot be
        L and that cannot be W (the certificate by possibility; the
        ``U_not_L`` and ``U_not_W`` of :meth:`solver.Solution.tally`).  Two
        rows under U when given.
    decided_below : int, optional
        :attr:`solver.Solution.decided_below`: every position ``1..`` it is
        W, L or D at this bound.  A fact of the summary when given.
    unsettled : dict, optional
        ``{"U": [(position, value text)], "bounded": [...]}``: the first U
        positions of ``1..n`` and the first W/L whose remoteness is only
        bounded (:func:`dashboard.tabs.explore.callbacks.unsettled_positions`),
        listed under the table as links to the Inspect tab, with the count
        of each and the command that lists them all.
    rule : str, optional
        The game's name, for that command.

    Returns
    -------
    dash.html.Div
        The table of outcomes (count cells with the ids
        :func:`dashboard.tabs.explore.ids.summary_count_id` of ``W``, ``L``,
        ``D``, ``U`` and, for the partial facts, ``U-not-L`` and
        ``U-not-W``) and a list of facts (decided below: id
        ``summary_count_id("decided")``).
    """
    rows = []
    for key in ("W", "L", "D", "U"):
        share = counts[key] / n if n else 0.0
        rows.append(
            html.Tr(
                [
                    html.Td(html.Span(key, className="swatch", style=swatch_style(key))),
                    html.Td(NAMES[key].split(" (")[1].rstrip(")")),
                    html.Td(f"{counts[key]:,}", className="num", id=ids.summary_count_id(key)),
                    html.Td(f"{share:.2%}", className="num"),
                ]
            )
        )
    if partial is not None:
        for key, meaning in (
            ("L", "of them cannot be L: a win or a draw"),
            ("W", "of them cannot be W: a loss or a draw"),
        ):
            count = partial.get(key, 0)
            rows.append(
                html.Tr(
                    [
                        html.Td(""),
                        html.Td(meaning, className="summary-partial"),
                        html.Td(f"{count:,}", className="num", id=ids.summary_count_id(f"U-not-{key}")),
                        html.Td(f"{count / n if n else 0.0:.2%}", className="num"),
                    ],
                    className="summary-partial-row",
                )
            )
    lists = _unsettled_lists(unsettled, counts.get("U", 0), bounded, n, bound, rule) if unsettled else []
    facts = [("N", f"{n:,}"), ("bound B", f"{bound:,}")]
    if decided_below is not None:
        facts.append(("decided below", decided_text(decided_below, n, bound)))
    facts += [
        ("highest remoteness up to N", f"{max_remoteness}"),
        ("W/L with remoteness only bounded", f"{bounded:,}"),
        ("solve time", f"{seconds:.3f} s" + (" (cached)" if cached else "")),
    ]
    return html.Div(
        [
            html.Table(
                [
                    html.Thead(
                        html.Tr(
                            [
                                html.Th(html.Span("code", className="visually-hidden")),
                                html.Th("outcome"),
                                html.Th("count"),
                                html.Th("share"),
                            ]
                        )
                    ),
                    html.Tbody(rows),
                ],
                className="summary-table",
            ),
            html.Dl(
                [
                    item
                    for label, value in facts
                    for item in (
                        html.Dt(label),
                        html.Dd(value, id=ids.summary_count_id("decided"))
                        if label == "decided below"
                        else html.Dd(value),
                    )
                ],
                className="summary-facts",
            ),
            *lists,
        ],
        className="summary",
    )


def _unsettled_lists(unsettled: dict, u_count: int, bounded_count: int, n: int, bound: int, rule: str | None) -> list:
    """The Summary's lists of U positions and of W/L with a bounded remoteness, each a link to Inspect."""
    command = f"python -m solver classify --n {n} --bound {bound}" + (f" --rule {rule}" if rule else "")
    parts: list = []
    for key, count, title in (
        ("U", u_count, "U positions (unresolved at the bound)"),
        ("bounded", bounded_count, "W/L with remoteness only bounded"),
    ):
        shown = unsettled.get(key, [])
        if not count:
            continue
        items: list = []
        for i, (position, text) in enumerate(shown):
            items += ([", "] if i else []) + [inspect_link(position), f" ({text})"]
        more = count - len(shown)
        tail = f" … and {more:,} more ({command} lists them all)." if more > 0 else "."
        parts.append(
            html.Div(
                [html.Span(f"{title}, {count:,}: ", className="summary-list-title"), *items, tail],
                className="summary-list",
                id=ids.summary_list_id(key),
            )
        )
    if parts:
        parts.insert(0, html.P("Click a number to inspect it.", className="note summary-list-note"))
    return parts


def density_figure(densities: pd.DataFrame, transform: str = "density") -> go.Figure:
    """Cumulative densities of W, L, D and U against n (thesis Figs 6-11), and of the two partial facts of U.

    Parameters
    ----------
    densities : pandas.DataFrame
        As :func:`solver.analysis.layers.densities` (columns ``n``, ``1..N`` in
        order, ``W``, ``L``, ``D``, ``U``) or only its rows at the positions
        of :func:`geometric_positions`, as :func:`sampled_densities` makes
        them (much faster at large N); both give the same figure.
    transform : {"density", "log", "inverse_log"}
        The thesis's transform (section 3.5).

    Returns
    -------
    plotly.graph_objects.Figure
        Four SVG lines on a log-n axis, one per outcome in its colour, and,
        when ``densities`` has the columns ``U_not_L`` and ``U_not_W``
        (:func:`sampled_densities` with ``classes``), two more in U's grey,
        dashed (cannot be L) and dotted (cannot be W).  Each
        holds the exact (transformed) value, as ``float32``, at the positions
        of :func:`geometric_positions` (every n up to a few hundred, then
        about :data:`DENSITY_POINTS` in all, and n = N); the subtitle says
        how many of the N values are drawn and how far a density can move
        between two of them (a cumulative fraction moves by at most
        ``(b - a) / b`` from position ``a`` to ``b``).

    Raises
    ------
    ValueError
        If ``transform`` is unknown.
    """
    if transform not in TRANSFORMS:
        raise ValueError(f"unknown transform {transform!r}")
    if densities.empty:
        return message_figure("Densities", "no positions")
    every = densities["n"].to_numpy()
    total = int(every[-1])
    wanted = geometric_positions(total)
    idx = np.minimum(np.searchsorted(every, wanted), len(every) - 1)
    idx = idx[every[idx] == wanted]
    n = every[idx]
    x = n.astype(np.int32) if n[-1] < 2**31 else n.astype(np.float64)
    fig = go.Figure()
    for key in ("W", "L", "D", "U"):
        y = transform_density(densities[key].to_numpy()[idx], transform).astype(np.float32)
        fig.add_trace(
            go.Scatter(
                x=x,
                y=y,
                mode="lines",
                name=NAMES[key],
                line={"color": COLOURS[key], "width": 2},
                hovertemplate=f"n = %{{x:,}}<br>{key}: %{{y:.4g}} (exact at this n)<extra></extra>",
            )
        )
    for key, column in (("L", "U_not_L"), ("W", "U_not_W")):
        if column not in densities:
            continue
        y = transform_density(densities[column].to_numpy()[idx], transform).astype(np.float32)
        fig.add_trace(
            go.Scatter(
                x=x,
                y=y,
                mode="lines",
                name=f"{PARTIAL_TEXT[key]}: {PARTIAL_SHORT[key]}",
                line={"color": COLOURS["U"], "width": 2, "dash": PARTIAL_DASH[key]},
                hovertemplate=f"n = %{{x:,}}<br>{PARTIAL_TEXT[key]}: %{{y:.4g}} (exact at this n)<extra></extra>",
            )
        )
    if len(idx) < total:
        # Between kept positions a < b a cumulative fraction #X <= m / m
        # moves by at most (b - a) / b: it is exact at every kept n.
        gaps = np.diff(n)
        skipped = gaps > 1
        sampled = (
            f"exact at {len(idx):,} of {total:,} positions (all up to {int(n[np.flatnonzero(skipped)[0]]):,}, "
            f"then log-spaced, and N); between them a density moves ≤ {float(np.max(gaps[skipped] / n[1:][skipped])):.3f}"
        )
    else:
        sampled = f"every n from 1 to {total:,}"
    fig.update_layout(
        title={"text": f"Cumulative density #X ≤ n / n ({TRANSFORMS[transform]})", "subtitle": {"text": sampled}},
        xaxis={"title": "n", "type": "log"},
        yaxis={"title": TRANSFORMS[transform]},
        template=TEMPLATE,
        legend={"orientation": "h", "y": -0.2},
        margin={**LEGEND_BELOW_MARGIN, "t": 70, "r": 25},
    )
    return fig


def layer_shades(letter: str, count: int) -> list[str]:
    """``count`` shades of an outcome's hue, light to dark, each dark enough to see on white.

    Parameters
    ----------
    letter : {"W", "L"}
        The outcome whose colour (:data:`dashboard.style.COLOURS`) the shades keep.
    count : int
        How many layers.

    Returns
    -------
    list of str
        ``"#rrggbb"`` colours of the outcome's hue and saturation, their
        lightness spread from 45 % (the first layer) to 20 % (the last): at
        least 3:1 against white (WCAG 1.4.11 for graphics); one
        layer gets the outcome's own colour.
    """
    if count <= 1:
        return [COLOURS[letter]][:count]
    red, green, blue = (int(COLOURS[letter][i : i + 2], 16) / 255 for i in (1, 3, 5))
    hue, _lightness, saturation = colorsys.rgb_to_hls(red, green, blue)
    shades = []
    for i in range(count):
        lightness = 0.45 - (0.45 - 0.2) * i / (count - 1)
        r, g, b = colorsys.hls_to_rgb(hue, lightness, saturation)
        shades.append(f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}")
    return shades


def layer_figure(layers: list[np.ndarray], parity: str, misere: bool = False) -> go.Figure:
    """Ordered elements of the odd (W) or even (L) layers (thesis Figs 4, 5).

    Parameters
    ----------
    layers : list of numpy.ndarray
        ``layers[k - 1]`` is layer ``l_k`` (increasing ``int64`` positions).
    parity : {"W", "L"}
        ``"W"`` plots the W layers, ``"L"`` the L ones: the odd and the even
        layers, or the other way round under misère play.
    misere : bool, optional
        The game is played misère (W has even remoteness there).

    Returns
    -------
    plotly.graph_objects.Figure
        One SVG scatter per layer (element index against value, both axes
        logarithmic, so a small layer is not squeezed against the value
        axis), each in its own shade of the outcome ``parity``'s hue
        (:func:`layer_shades`: light for the first layer, dark for the
        last), and told apart by marker symbol and line dash too.  A click names the member (the point's
        y value).  At most :data:`LAYER_POINTS` members in all: each layer
        keeps a share proportional to its size, spread evenly and with its
        first and last member; the title then says "showing k of m".

    Raises
    ------
    ValueError
        If ``parity`` is not "W" or "L".
    """
    if parity not in ("W", "L"):
        raise ValueError(f"parity must be 'W' or 'L', got {parity!r}")
    first = 1 if (parity == "W") != misere else 2
    chosen = [(k, layers[k - 1]) for k in range(first, len(layers) + 1, 2)]
    kind = f"{'odd' if first == 1 else 'even'} ({parity})"
    if not chosen:
        return message_figure(f"Ordered elements of the {kind} layers", "raise the move depth to see even layers")
    total = sum(len(m) for _, m in chosen)
    fig = go.Figure()
    sent = 0
    shades = layer_shades(parity, len(chosen))
    for number, (k, members) in enumerate(chosen):
        share = max(2, int(LAYER_POINTS * len(members) / total)) if total > LAYER_POINTS else len(members)
        idx = downsample_index(len(members), share)
        sent += len(idx)
        fig.add_trace(
            go.Scatter(
                x=(idx + 1).astype(np.int32),
                y=members[idx].astype(np.float64)
                if len(members) and members[-1] >= 2**31
                else members[idx].astype(np.int32),
                mode="lines+markers",
                line={"color": shades[number], "width": 1, "dash": _LAYER_DASHES[number % len(_LAYER_DASHES)]},
                marker={
                    "size": 5 if len(idx) <= 300 else 3,  # small marks where they crowd into a band
                    "color": shades[number],
                    "symbol": _LAYER_SYMBOLS[number % len(_LAYER_SYMBOLS)],
                },
                name=f"l{k} ({len(members):,})",
                hovertemplate=f"layer {k}<br>element %{{x:,}}<br>n = %{{y:,}}<br>click: inspect n<extra></extra>",
            )
        )
    fig.update_layout(
        title=f"Ordered elements of the {kind} layers{_shown(sent, total, 'members')}",
        xaxis={"title": "element index", "type": "log"},
        yaxis={"title": "value", "type": "log"},
        template=TEMPLATE,
        margin={**MARGIN, "r": 110, "b": 60},  # the legend on the right
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
        ``members[i + 1] - members[i]`` against ``i`` (1-based), an SVG
        scatter in the colour of the layer's outcome.  Each point's
        ``customdata`` is ``[members[i], members[i + 1]]`` as plain JSON
        numbers, and a click opens the later member ``members[i + 1]``,
        a member of the layer (never the gap).  At most
        :data:`DIFFERENCE_POINTS` points (:func:`envelope_index`: the
        smallest and largest gap of each run); the title then says
        "showing k of m".
    """
    if len(members) < 2:
        return message_figure(f"Differences in layer {k}", f"layer {k} has fewer than two elements up to N")
    members = np.asarray(members, dtype=np.int64)
    diffs = np.diff(members)
    idx = envelope_index(diffs, DIFFERENCE_POINTS)
    fig = go.Figure(
        go.Scatter(
            x=(idx + 1).astype(np.int32),
            y=diffs[idx].astype(np.float64) if diffs.max() >= 2**31 else diffs[idx].astype(np.int32),
            mode="markers",
            marker={"size": 5, "color": COLOURS["W" if k % 2 else "L"]},
            # A plain list: Dash copies customdata into clickData from the
            # figure as sent, where a numpy array would be an encoded blob.
            customdata=np.column_stack([members[idx], members[idx + 1]]).tolist(),
            hovertemplate=(
                "i = %{x:,}<br>%{customdata[1]:,} − %{customdata[0]:,} = %{y:,}"
                "<br>click: inspect %{customdata[1]:,}<extra></extra>"
            ),
            name=f"l{k}",
        )
    )
    fig.update_layout(
        title=f"Differences between consecutive elements of layer {k}"
        f"{_shown(len(idx), len(diffs), 'gaps: the smallest and largest of each run')}",
        xaxis={"title": "i"},
        yaxis={"title": "l_k[i+1] − l_k[i]"},
        template=TEMPLATE,
        margin=MARGIN,
    )
    return fig


def _change(first: int, last: int) -> str:
    """``" (+71)"``, ``" (−5,832)"``: how a count moved from the first bound to the last."""
    return f" ({last - first:+,})".replace("-", "−")


def convergence_figure(counts: pd.DataFrame, n: int, narrow: bool = False) -> go.Figure:
    """Positions 1..N as the bound grows: U and what it cannot be, how far all is decided, W, L and D.

    The view answers the thesis's D-infinity question: the positions that
    are still U at a bound are the candidates, and how they shrink as B
    grows (and how far every position is decided) is what a reader wants
    to see first.

    Parameters
    ----------
    counts : pandas.DataFrame
        As the first result of :func:`solver.analysis.layers.convergence`: columns
        ``bound``, ``W``, ``L``, ``D``, ``U`` and, when present,
        ``U_not_L``, ``U_not_W`` (the U that cannot be L, cannot be W) and
        ``decided_below`` (:attr:`solver.Solution.decided_below` of each
        solve).
    n : int
        N, the number of positions counted (``1..n``).
    narrow : bool, optional
        For a phone: one panel per row (five rows) and shorter titles;
        otherwise two rows (U and decided below; W, L and D).

    Returns
    -------
    plotly.graph_objects.Figure
        Panels sharing a log bound axis, each with a linear count axis of its
        own range, so a change of a few percent is as plain as a doubling (a
        single axis, linear or log, hides it behind the largest count).
        First: U, with every count written at its point and, when the columns
        are there, two more lines in U's grey for the U that cannot be L
        (dashed) and cannot be W (dotted); and "decided below" in a neutral
        grey, with a dotted line at N (above it every position of 1..N is
        W, L or D).  Then W, L and D, one panel each in the outcome's
        colour.  Each panel's title names what it counts and gives the count
        at the first and the last bound; the hover gives the count and its
        share of ``1..n``.  The titles name every panel; a small legend in
        the U panel names its two partial lines.
    """
    if counts.empty:
        return message_figure("Convergence", "no bounds solved")
    bounds = counts["bound"].to_numpy(dtype=np.int64).tolist()
    several = len(counts) > 1
    decided = "decided_below" in counts

    def title(key: str, what: str) -> str:
        first, last = int(counts[key].iloc[0]), int(counts[key].iloc[-1])
        return f"{what}: {first:,}" + (f" → {last:,}{_change(first, last)}" if several else "")

    def meaning(key: str) -> str:
        return NAMES[key].split("(", 1)[1].rstrip(")").split(": ")[-1]  # "mover wins" ...

    panels = [("U", title("U", f"U, {meaning('U')}"))]
    if decided:
        what = "decided below" if narrow else "decided below (all W, L or D up to it)"
        panels.append(("decided_below", title("decided_below", what)))
    panels += [(key, title(key, f"{key}, {meaning(key)}")) for key in ("W", "L", "D")]
    if narrow:
        rows, cols = len(panels), 1
        places = [(i + 1, 1) for i in range(len(panels))]
        specs: list[list] = [[{}] for _ in panels]
        spacing = {"vertical_spacing": 0.3 / len(panels)}
    else:
        # Top row: U and decided below, three columns each; bottom row: W, L, D, two each.
        rows, cols = 2, 6
        places = [(1, 1), (1, 4)] if decided else [(1, 1)]
        places += [(2, 1), (2, 3), (2, 5)]
        specs = [
            [{"colspan": 3}, None, None, {"colspan": 3} if decided else None, None, None],
            [{"colspan": 2}, None, {"colspan": 2}, None, {"colspan": 2}, None],
        ]
        spacing = {"vertical_spacing": 0.2, "horizontal_spacing": 0.09}
    fig = make_subplots(rows=rows, cols=cols, specs=specs, subplot_titles=[t for _k, t in panels], **spacing)
    where = {key: place for (key, _t), place in zip(panels, places, strict=True)}

    def line(key: str, name: str, colour: str, panel: str, dash: str = "solid", text: bool = False) -> None:
        count = counts[key].to_numpy(dtype=np.int64)
        row, col = where[panel]
        fig.add_trace(
            go.Scatter(
                x=bounds,
                y=count.tolist(),
                mode="lines+markers+text" if text else "lines+markers",
                text=[f"{c:,}" for c in count] if text else None,
                textposition="top center",
                textfont={"size": 11, "color": NEUTRAL_DARK},
                name=name,
                showlegend=dash != "solid",  # the legend names only the U panel's partial lines
                line={"color": colour, "width": 2, "dash": dash},
                marker={"size": 7, "color": colour},
                customdata=(100.0 * count / n).tolist(),
                hovertemplate=f"B = %{{x:,}}<br>{name}: %{{y:,}} (%{{customdata:.2f}} % of 1..{n:,})<extra></extra>",
                cliponaxis=False,
            ),
            row=row,
            col=col,
        )

    line("U", NAMES["U"], COLOURS["U"], "U", text=True)
    for key, column in (("L", "U_not_L"), ("W", "U_not_W")):
        if column in counts:
            line(column, f"{PARTIAL_TEXT[key]}: {PARTIAL_SHORT[key]}", COLOURS["U"], "U", PARTIAL_DASH[key])
    if decided:
        line("decided_below", "decided below", NEUTRAL, "decided_below", text=True)
        row, col = where["decided_below"]
        fig.add_hline(
            y=n,
            line={"color": NEUTRAL_LIGHT, "width": 1.5, "dash": "dot"},
            annotation_text=f"N = {n:,}",
            annotation_position="bottom right",
            annotation_font={"size": 10, "color": NEUTRAL},
            row=row,
            col=col,
        )
    for key in ("W", "L", "D"):
        line(key, NAMES[key], COLOURS[key], key)
    fig.update_xaxes(type="log")
    for key in ("W", "L", "D") if not narrow else ("D",):
        fig.update_xaxes(title_text="bound B", row=where[key][0], col=where[key][1])
    for key, (row, col) in where.items():
        if key in ("U", "decided_below"):
            # These run down to 0 (or up from it): show 0, and leave room above for the counts written.
            top = max(int(counts[key].max()), n if key == "decided_below" else 0, 1)
            fig.update_yaxes(tickformat=",d", range=[0, 1.22 * top], row=row, col=col)
        else:
            fig.update_yaxes(tickformat=",d", rangemode="normal", row=row, col=col)
    # The legend sits in the U panel's top right corner, where U has shrunk to nothing.
    u_axis = fig.layout.yaxis.domain
    fig.update_layout(
        title=f"Positions 1..{n:,} as the bound B grows" + ("" if narrow else " (each panel its own scale)"),
        template=TEMPLATE,
        legend={
            "x": 1.0 if narrow else 0.46,
            "y": u_axis[1],
            "xanchor": "right",
            "yanchor": "top",
            "bgcolor": "rgba(255,255,255,0.85)",
            "font": {"size": 10},
        },
        margin={**MARGIN, "t": 80, "l": 50 if narrow else MARGIN["l"], "r": 30},
        font={"size": 11},
    )
    fig.update_annotations(font_size=11 if narrow else 12)
    return fig
