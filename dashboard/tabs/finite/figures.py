"""Figure builders of the Finite games tab (pure: data in, a figure or HTML out).

Pictures follow the sources: the Grundy sequence of an octal game with its
period marked, the grid of two-heap P-positions ("The Independence Game",
C. Wright, 2017), the quadrant of Wythoff's and Euclid's games coloured by
outcome with the lines of slope φ and 1/φ, Wythoff's sieve step by step,
the losing Chomp bars as small box drawings, and the 2 x C Chomp box as a
binary square ("Sieves and Wythoff's Nim", "Euclid's Game", "Chomp").
Outcome colours are the page's (:data:`dashboard.style.COLOURS`): blue W
(N-position), vermilion L (P-position).

Large pictures are sent as one exact PNG, one pixel per position
(:func:`png_data_uri`), instead of one heatmap cell each: a 1024 x 1024
square is then a few kilobytes.  Plots of long sequences are thinned to
:data:`MAX_POINTS` points, keeping each bin's least and largest value.
"""

from __future__ import annotations

import base64
import math
import struct
import zlib
from collections.abc import Sequence
from typing import Any

import numpy as np
import plotly.graph_objects as go
from dash import html

from ...components import attrs
from ...style import COLOURS, MARGIN, NEUTRAL, NEUTRAL_DARK, NEUTRAL_LIGHT, TEXT_COLOURS, swatch_style
from . import ids

__all__ = [
    "HEATMAP_MAX_SIDE",
    "MAX_POINTS",
    "PHI",
    "bar_gallery",
    "bar_picture",
    "beatty_figure",
    "binary_square_figure",
    "class_rows",
    "grundy_figure",
    "highlight_moves",
    "outcome_key",
    "pair_grid_figure",
    "pair_kinds",
    "periodicity_note",
    "plane_figure",
    "png_data_uri",
    "sieve_view",
    "thin_sequence",
]

#: The golden ratio.
PHI = (1 + math.sqrt(5)) / 2
#: Most points a plot of a sequence sends (beyond: each bin's least and largest value).
MAX_POINTS = 4000
#: Largest side drawn as a heatmap with a hover text per cell; a larger
#: picture is one PNG (:func:`png_data_uri`).
HEATMAP_MAX_SIDE = 200
#: Most period boundaries drawn on the Grundy plot.
MAX_PERIOD_LINES = 40
#: Index of the trace that shows the hovered position's moves in :func:`plane_figure`.
HIGHLIGHT_TRACE = 3


# ---------------------------------------------------------------- pictures as PNG


def _png_chunk(tag: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)


def png_data_uri(pixels: np.ndarray, palette: Sequence[str]) -> str:
    """An exact picture as a PNG ``data:`` address, one pixel per entry.

    Parameters
    ----------
    pixels : numpy.ndarray
        Integers, shape ``(height, width)``, each an index into ``palette``;
        row 0 is the top of the picture.
    palette : sequence of str
        Colours ``"#rrggbb"``, at most 256.

    Returns
    -------
    str
        ``"data:image/png;base64,..."``: an 8-bit palette PNG (colour type 3,
        one IDAT chunk, no filter), as the PNG specification (ISO/IEC 15948)
        defines it.

    Raises
    ------
    ValueError
        If ``pixels`` is not two-dimensional, is empty, or holds an index
        outside the palette, or the palette is empty or too long.
    """
    pixels = np.asarray(pixels)
    if pixels.ndim != 2 or pixels.size == 0:
        raise ValueError(f"a picture is a nonempty 2-D array, got shape {pixels.shape}")
    if not 1 <= len(palette) <= 256:
        raise ValueError(f"a palette has 1 to 256 colours, got {len(palette)}")
    if pixels.min() < 0 or pixels.max() >= len(palette):
        raise ValueError(f"pixel values must index the palette of {len(palette)} colours")
    height, width = pixels.shape
    raw = np.zeros((height, width + 1), dtype=np.uint8)  # each row starts with filter type 0
    raw[:, 1:] = pixels.astype(np.uint8)
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    colours = b"".join(bytes.fromhex(colour.lstrip("#")) for colour in palette)
    png = (
        b"\x89PNG\r\n\x1a\n"
        + _png_chunk(b"IHDR", header)
        + _png_chunk(b"PLTE", colours)
        + _png_chunk(b"IDAT", zlib.compress(raw.tobytes(), 6))
        + _png_chunk(b"IEND", b"")
    )
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def _image_trace(pixels: np.ndarray, palette: Sequence[str], hover: str) -> go.Image:
    """A picture whose pixel ``[y, x]`` is drawn at the point (x, y), y upwards."""
    # The PNG's first row is drawn at y0 = 0 on the axis; the axis runs
    # upwards (autorange not reversed, see _square_axes), so row y is at y.
    return go.Image(source=png_data_uri(pixels, palette), x0=0, y0=0, dx=1, dy=1, hovertemplate=hover, name="")


def _square_axes(fig: go.Figure, side: int, x_title: str, y_title: str) -> None:
    """Square axes 0..side-1 with (0, 0) at the bottom left, as the sources draw the quadrant."""
    fig.update_xaxes(title=x_title, range=[-0.5, side - 0.5], constrain="domain", zeroline=False, showgrid=False)
    fig.update_yaxes(
        title=y_title,
        range=[-0.5, side - 0.5],
        autorange=False,
        scaleanchor="x",
        scaleratio=1,
        constrain="domain",
        zeroline=False,
        showgrid=False,
    )


def outcome_key(letters: Sequence[str] = ("W", "L")) -> html.Div:
    """The legend of a picture: a swatch per outcome, as the page names them.

    Parameters
    ----------
    letters : sequence of str
        Outcome letters to show, among ``"W"`` and ``"L"``.

    Returns
    -------
    dash.html.Div
    """
    names = {"W": "W: N-position, the player to move wins", "L": "L: P-position, the player to move loses"}
    return html.Div(
        [
            html.Span([html.Span(className="swatch", style=swatch_style(k)), names[k]], className="legend-item")
            for k in letters
        ],
        className="legend",
    )


# ---------------------------------------------------------------- octal games


def thin_sequence(values: np.ndarray, max_points: int = MAX_POINTS) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Positions and each bin's least and largest value of a long sequence.

    Parameters
    ----------
    values : numpy.ndarray
        The sequence, shape ``(n,)``, entry ``h`` at position ``h``.
    max_points : int, optional
        Most points per returned array.

    Returns
    -------
    (x, low, high) : tuple of numpy.ndarray
        When ``n <= max_points``: ``arange(n)``, ``values``, ``values``
        (nothing is lost).  Otherwise ``ceil(n / max_points)`` values per
        bin: the first position of each bin and its least and largest value.
    """
    values = np.asarray(values)
    n = values.shape[0]
    if n <= max_points:
        x = np.arange(n)
        return x, values, values
    width = math.ceil(n / max_points)
    bins = math.ceil(n / width)
    padded = np.full(bins * width, values[-1], dtype=values.dtype)
    padded[:n] = values
    shaped = padded.reshape(bins, width)
    return np.arange(bins) * width, shaped.min(axis=1), shaped.max(axis=1)


def grundy_figure(values: np.ndarray, period: int | None, preperiod: int | None, proved: bool, title: str) -> go.Figure:
    """The Grundy values G(0..N) of one heap, with the pre-period shaded and the periods marked.

    Parameters
    ----------
    values : numpy.ndarray
        int, shape ``(N + 1,)``: ``values[h]`` is G(h).
    period, preperiod : int or None
        From :func:`solver.impartial.periodicity` (None: no period found).
    proved : bool
        Whether the period is proved (solid marks) or a candidate (dotted).
    title : str
        The figure's title.

    Returns
    -------
    plotly.graph_objects.Figure
        A line of the values (grey) with markers; the heaps of value 0 (the
        one-heap P-positions) in the L colour; the heaps before the
        pre-period shaded; a vertical line at the pre-period and every
        period after it (at most :data:`MAX_PERIOD_LINES`).  A sequence
        longer than :data:`MAX_POINTS` is drawn as each bin's range.
    """
    values = np.asarray(values)
    n = values.shape[0]
    fig = go.Figure()
    x, low, high = thin_sequence(values)
    if n <= MAX_POINTS:
        fig.add_trace(
            go.Scatter(
                x=x,
                y=values,
                mode="lines+markers" if n <= 600 else "lines",
                line={"color": NEUTRAL_LIGHT, "width": 1},
                marker={"color": NEUTRAL, "size": 5},
                name="G(h)",
                hovertemplate="heap %{x}: G = %{y}<extra></extra>",
            )
        )
        zeros = np.flatnonzero(values == 0)
        fig.add_trace(
            go.Scatter(
                x=zeros,
                y=np.zeros(zeros.shape[0], dtype=np.int64),
                mode="markers",
                marker={"color": COLOURS["L"], "size": 7, "line": {"color": NEUTRAL_DARK, "width": 0.5}},
                name="G = 0 (P-position)",
                hovertemplate="heap %{x}: G = 0, a P-position<extra></extra>",
            )
        )
    else:
        fig.add_trace(
            go.Scatter(
                x=np.concatenate([x, x[::-1]]),
                y=np.concatenate([high, low[::-1]]),
                fill="toself",
                mode="lines",
                line={"color": NEUTRAL, "width": 1},
                fillcolor="rgba(85,85,85,0.35)",
                name=f"range of G in bins of {int(x[1] - x[0]) if len(x) > 1 else 1} heaps",
                hoverinfo="skip",
            )
        )
    top = int(values.max()) if n else 0
    if period and preperiod is not None:
        dash_style = "solid" if proved else "dot"
        if preperiod > 0:
            fig.add_vrect(
                x0=-0.5,
                x1=min(preperiod, n) - 0.5,
                fillcolor=NEUTRAL_LIGHT,
                opacity=0.35,
                line_width=0,
                layer="below",
            )
        starts = [preperiod + j * period for j in range(MAX_PERIOD_LINES) if preperiod + j * period < n]
        for j, start in enumerate(starts):
            fig.add_vline(
                x=start - 0.5, line={"color": NEUTRAL_DARK if j == 0 else NEUTRAL, "width": 1, "dash": dash_style}
            )
        fig.add_annotation(
            x=min(preperiod, n - 1),
            y=top + 0.8,
            text=f"pre-period {preperiod}, period {period}" + ("" if proved else " (not proved)"),
            showarrow=False,
            xanchor="left",
            font={"size": 12, "color": NEUTRAL_DARK},
        )
    fig.update_layout(
        title={"text": title, "font": {"size": 14}},
        template="plotly_white",
        margin=MARGIN,
        xaxis_title="heap size h",
        yaxis_title="Grundy value G(h)",
        legend={"orientation": "h", "y": -0.2},
        yaxis={"range": [-0.6, top + 1.4]},
    )
    return fig


def periodicity_note(period: int | None, preperiod: int | None, proved: bool, checked_to: int, max_removal: int) -> str:
    """What the periodicity check found, and the theorem that proves it when it does.

    Parameters
    ----------
    period, preperiod, proved, checked_to
        The fields of :class:`solver.impartial.Periodicity`.
    max_removal : int
        ``k``: the position of the code's last nonzero digit (the most
        tokens a move removes).

    Returns
    -------
    str
        One paragraph.  For a proved period it states the Octal Games
        Periodicity Theorem (Guy and Smith 1956; *Winning Ways*, chapter
        4) with this game's numbers: if G(h + p) = G(h) for every h with
        e <= h < 2e + p + k, then for every h >= e.
    """
    if period is None or preperiod is None:
        return (
            f"No period found: the Grundy values up to heap {checked_to:,} do not end with three repeats of any "
            "period. (Whether every octal game with finitely many digits is ultimately periodic is an open "
            "problem; Officers, 0.6, is not known to be.)"
        )
    last = f"the last exception is heap {preperiod - 1:,}" if preperiod > 0 else "no exception"
    if proved:
        e = max(preperiod, 1)
        return (
            f"Period {period:,}, pre-period {preperiod:,}: G(h + {period:,}) = G(h) for every heap h ≥ "
            f"{preperiod:,} ({last}). Proved by the octal games periodicity theorem (Guy and Smith 1956; Winning "
            f"Ways, ch. 4): the last nonzero digit of the code is d{max_removal} (k = {max_removal}), and the "
            f"values agree for every h with {e:,} ≤ h < 2·{e:,} + {period:,} + {max_removal} = "
            f"{2 * e + period + max_removal:,}, checked with the values computed to heap {checked_to:,}; "
            "so they agree for every larger heap too."
        )
    need = 2 * max(preperiod, 1) + 2 * period + max_removal - 1
    return (
        f"Not proved: the values up to heap {checked_to:,} repeat with period {period:,} from heap "
        f"{preperiod:,} on (at least three periods), but the periodicity theorem needs the values to heap "
        f"{need:,} to prove it. A candidate, not a fact."
    )


def class_rows(classes: dict[int, np.ndarray]) -> list[dict]:
    """Rows of the equivalence-classes table: one per Grundy value.

    Parameters
    ----------
    classes : dict of int to numpy.ndarray
        :func:`solver.impartial.equivalence_classes`: value -> heaps.

    Returns
    -------
    list of dict
        ``{"value", "count", "heaps"}`` by increasing value; ``heaps`` is
        every heap of the class, increasing, as text ``"1, 2, 6, 7"``.
    """
    return [
        {"value": int(v), "count": int(heaps.shape[0]), "heaps": ", ".join(str(int(h)) for h in heaps)}
        for v, heaps in sorted(classes.items())
    ]


#: Kinds of a two-heap position (a, b) in :func:`pair_kinds`, and their hover text.
PAIR_KIND_TEXT = {
    0: "N (values differ)",
    1: "P, irreducible",
    2: "P, a = b",
    3: "P, reducible (both heaps P)",
}


def pair_kinds(values: np.ndarray, pairs: np.ndarray) -> np.ndarray:
    """Kind of every two-heap position (a, b), 1 <= a, b <= m, from the list of P-positions.

    Parameters
    ----------
    values : numpy.ndarray
        int, shape ``(m + 1,)``: the Grundy values of heaps ``0..m``.
    pairs : numpy.ndarray
        int, shape ``(k, 2)``: :func:`solver.impartial.two_heap_p_positions`
        for heaps up to m, rows ``(a, b)`` with ``a <= b``.

    Returns
    -------
    numpy.ndarray
        uint8, shape ``(m, m)``, entry ``[b - 1, a - 1]`` (row b, column a,
        symmetric): 0 for an N-position, else the kind of P-position of
        :data:`PAIR_KIND_TEXT` (1 irreducible, 2 mirror, 3 reducible).
    """
    m = values.shape[0] - 1
    kinds = np.zeros((m, m), dtype=np.uint8)
    if pairs.shape[0]:
        a, b = pairs[:, 0], pairs[:, 1]
        kind = np.where(a == b, 2, np.where(values[a] == 0, 3, 1)).astype(np.uint8)
        kinds[b - 1, a - 1] = kind
        kinds[a - 1, b - 1] = kind
    return kinds


def pair_grid_figure(values: np.ndarray, kinds: np.ndarray, title: str) -> go.Figure:
    """The grid of two-heap positions (a, b), 1 <= a, b <= m: P-positions in the L colour.

    Parameters
    ----------
    values : numpy.ndarray
        Grundy values of heaps ``0..m``.
    kinds : numpy.ndarray
        :func:`pair_kinds`, shape ``(m, m)``.
    title : str
        The figure's title.

    Returns
    -------
    plotly.graph_objects.Figure
        A heatmap (a PNG beyond :data:`HEATMAP_MAX_SIDE`): N-positions blue,
        P-positions vermilion; the hover text gives both values and the kind.
    """
    m = kinds.shape[0]
    outcome = (kinds > 0).astype(np.uint8)  # 1: P-position
    fig = go.Figure()
    if m <= HEATMAP_MAX_SIDE:
        a = np.arange(1, m + 1)
        # Row i is heap b = i + 1 (y), column j heap a = j + 1 (x).
        text = [
            [
                f"({int(a[j])}, {int(a[i])}): G {int(values[a[j]])}, {int(values[a[i]])}; "
                f"{PAIR_KIND_TEXT[int(kinds[i, j])]}"
                for j in range(m)
            ]
            for i in range(m)
        ]
        fig.add_trace(
            go.Heatmap(
                z=outcome,
                x=a,
                y=a,
                text=text,
                hovertemplate="%{text}<extra></extra>",
                colorscale=[[0, COLOURS["W"]], [1, COLOURS["L"]]],
                zmin=0,
                zmax=1,
                showscale=False,
                xgap=1 if m <= 60 else 0,
                ygap=1 if m <= 60 else 0,
            )
        )
        fig.update_xaxes(range=[0.5, m + 0.5])
        fig.update_yaxes(range=[0.5, m + 0.5])
    else:
        fig.add_trace(
            go.Image(
                source=png_data_uri(outcome, [COLOURS["W"], COLOURS["L"]]),
                x0=1,
                y0=1,
                dx=1,
                dy=1,
                hovertemplate="heaps (%{x}, %{y})<extra></extra>",
                name="",
            )
        )
        fig.update_xaxes(range=[0.5, m + 0.5])
        fig.update_yaxes(range=[0.5, m + 0.5], autorange=False)
    fig.update_xaxes(title="heap a", constrain="domain", showgrid=False, zeroline=False)
    fig.update_yaxes(title="heap b", scaleanchor="x", scaleratio=1, constrain="domain", showgrid=False, zeroline=False)
    fig.update_layout(title={"text": title, "font": {"size": 14}}, template="plotly_white", margin=MARGIN)
    return fig


# ---------------------------------------------------------------- Wythoff's and Euclid's games


def _line_traces(side: int) -> list[go.Scatter]:
    """The lines b = φ a and b = a / φ across a quadrant of this side."""
    end = side - 0.5
    return [
        go.Scatter(
            x=[0, end / PHI],
            y=[0, end],
            mode="lines",
            line={"color": NEUTRAL_DARK, "width": 1.5, "dash": "dash"},
            name="b = φ a",
            hoverinfo="skip",
        ),
        go.Scatter(
            x=[0, end],
            y=[0, end / PHI],
            mode="lines",
            line={"color": NEUTRAL_DARK, "width": 1.5, "dash": "dot"},
            name="b = a / φ",
            hoverinfo="skip",
        ),
    ]


def plane_figure(outcomes: np.ndarray, title: str) -> go.Figure:
    """The quadrant of pairs (a, b), 0 <= a, b < S, coloured by outcome, with the lines of slope φ and 1/φ.

    Parameters
    ----------
    outcomes : numpy.ndarray
        uint8, shape ``(S, S)``: ``[a, b]`` is 1 for W (N-position), 0 for
        L, as :func:`solver.impartial.wythoff_outcomes` and
        :func:`solver.impartial.euclid_outcomes` give them.
    title : str
        The figure's title.

    Returns
    -------
    plotly.graph_objects.Figure
        Traces in this order: the picture (a heatmap with a hover text per
        cell up to :data:`HEATMAP_MAX_SIDE`, else one PNG), the lines b = φa
        and b = a/φ (Wythoff's P-positions lie along them; Euclid's losing
        pairs lie between them), and at index :data:`HIGHLIGHT_TRACE` the
        empty trace that :func:`highlight_moves` fills with the moves of a
        hovered position, then the position itself.  a runs along x, b up y.
    """
    side = outcomes.shape[0]
    z = np.ascontiguousarray(outcomes.T)  # row b, column a
    fig = go.Figure()
    if side <= HEATMAP_MAX_SIDE:
        letters = np.where(z == 1, "W", "L")
        fig.add_trace(
            go.Heatmap(
                z=z,
                x=np.arange(side),
                y=np.arange(side),
                text=letters,
                hovertemplate="(%{x}, %{y}): %{text}<extra></extra>",
                colorscale=[[0, COLOURS["L"]], [1, COLOURS["W"]]],
                zmin=0,
                zmax=1,
                showscale=False,
                xgap=1 if side <= 60 else 0,
                ygap=1 if side <= 60 else 0,
            )
        )
    else:
        fig.add_trace(_image_trace(z, [COLOURS["L"], COLOURS["W"]], "(%{x}, %{y})<extra></extra>"))
    for trace in _line_traces(side):
        fig.add_trace(trace)
    size = max(4.0, min(14.0, 440 / max(side, 1)))
    fig.add_trace(
        go.Scatter(
            x=[],
            y=[],
            mode="markers",
            marker={"symbol": "square-open", "size": size, "color": NEUTRAL_DARK, "line": {"width": 2}},
            name="moves of the hovered pair",
            hoverinfo="skip",
        )
    )
    fig.add_trace(
        go.Scatter(
            x=[],
            y=[],
            mode="markers",
            marker={"symbol": "x", "size": size + 2, "color": "#000000"},
            name="hovered pair",
            hoverinfo="skip",
        )
    )
    _square_axes(fig, side, "a", "b")
    fig.update_layout(
        title={"text": title, "font": {"size": 14}},
        template="plotly_white",
        margin=MARGIN,
        legend={"orientation": "h", "y": -0.15},
        uirevision=f"plane-{side}",
    )
    return fig


def highlight_moves(position: tuple[int, int], children: Sequence[Any]) -> dict:
    """The data of the two highlight traces of :func:`plane_figure` for a hovered position.

    Parameters
    ----------
    position : (int, int)
        The hovered pair (a, b).
    children : sequence of (int, int)
        The pairs one move away.

    Returns
    -------
    dict
        ``{"moves": {"x": [...], "y": [...]}, "at": {"x": [a], "y": [b]}}``,
        the values a ``dash.Patch`` writes into the figure.
    """
    return {
        "moves": {"x": [int(c[0]) for c in children], "y": [int(c[1]) for c in children]},
        "at": {"x": [int(position[0])], "y": [int(position[1])]},
    }


def beatty_figure(sieve: np.ndarray, beatty: np.ndarray, step: int | None = None) -> go.Figure:
    """Wythoff's P-positions (a(n), b(n)) and (b(n), a(n)) over the lines b = φa and b = a/φ.

    Parameters
    ----------
    sieve : numpy.ndarray
        int, shape ``(count, 2)``: :func:`solver.impartial.wythoff_pairs`.
    beatty : numpy.ndarray
        int, shape ``(count, 2)``: :func:`solver.impartial.beatty_pairs`
        (``⌊nφ⌋``, ``⌊nφ²⌋``), shown in the hover text beside the sieve's.
    step : int, optional
        A step n of the sieve to ring (1-based).

    Returns
    -------
    plotly.graph_objects.Figure
        Markers in the L colour (circles below the diagonal... above: (a, b);
        diamonds: (b, a)), the two lines, and (0, 0).
    """
    count = sieve.shape[0]
    n = np.arange(1, count + 1)
    text = [
        f"n = {int(k)}: sieve ({int(s[0])}, {int(s[1])}); ⌊nφ⌋, ⌊nφ²⌋ = ({int(b[0])}, {int(b[1])})"
        for k, s, b in zip(n, sieve, beatty, strict=True)
    ]
    side = int(sieve[:, 1].max()) + 2 if count else 4
    fig = go.Figure()
    fig.add_trace(
        go.Scatter(
            x=np.concatenate([[0], sieve[:, 0]]),
            y=np.concatenate([[0], sieve[:, 1]]),
            mode="markers",
            marker={
                "color": COLOURS["L"],
                "size": 8,
                "symbol": "circle",
                "line": {"color": NEUTRAL_DARK, "width": 0.5},
            },
            name="(a(n), b(n))",
            text=["(0, 0): no move", *text],
            hovertemplate="%{text}<extra></extra>",
        )
    )
    fig.add_trace(
        go.Scatter(
            x=sieve[:, 1],
            y=sieve[:, 0],
            mode="markers",
            marker={
                "color": COLOURS["L"],
                "size": 8,
                "symbol": "diamond",
                "line": {"color": NEUTRAL_DARK, "width": 0.5},
            },
            name="(b(n), a(n))",
            text=text,
            hovertemplate="%{text}<extra></extra>",
        )
    )
    for trace in _line_traces(side):
        fig.add_trace(trace)
    if step is not None and 1 <= step <= count:
        a, b = int(sieve[step - 1, 0]), int(sieve[step - 1, 1])
        fig.add_trace(
            go.Scatter(
                x=[a, b],
                y=[b, a],
                mode="markers",
                marker={"symbol": "circle-open", "size": 18, "color": "#000000", "line": {"width": 2}},
                name=f"step {step}",
                hoverinfo="skip",
            )
        )
    _square_axes(fig, side, "a", "b")
    fig.update_layout(
        title={"text": "P-positions and the Beatty lines", "font": {"size": 14}},
        template="plotly_white",
        margin=MARGIN,
        legend={"orientation": "h", "y": -0.15},
    )
    return fig


def sieve_view(step, pairs: np.ndarray) -> html.Div:
    """One step of Wythoff's sieve, as the source tells it, and the pairs found so far.

    Parameters
    ----------
    step : solver.impartial.SieveStep
        The step (``n``, ``good``, ``bad``, ``before``).
    pairs : numpy.ndarray
        int, shape ``(>= n, 2)``: the sieve's pairs (a(k), b(k)), k = 1, 2, ...

    Returns
    -------
    dash.html.Div
        A sentence, the numbers left in the list before the step (a(n)
        marked good, a(n) + n struck), and a(1..n), b(1..n).
    """
    chips = []
    for x in step.before:
        if x == step.good:
            chips.append(html.Span(str(x), className="sieve-chip sieve-good", title=f"a({step.n}) = {x}: good"))
        elif x == step.bad:
            chips.append(
                html.Span(html.S(str(x)), className="sieve-chip sieve-bad", title=f"b({step.n}) = {x}: struck")
            )
        else:
            chips.append(html.Span(str(x), className="sieve-chip"))
    done = pairs[: step.n]
    return html.Div(
        [
            html.P(
                [
                    html.Strong(f"Step {step.n}: "),
                    f"the first number left, {step.good}, is good: a({step.n}) = {step.good}. "
                    f"{step.good} + {step.n} = {step.bad} is struck: b({step.n}) = {step.bad}. "
                    f"So ({step.good}, {step.bad}) and ({step.bad}, {step.good}) are P-positions.",
                ]
            ),
            html.Div(
                [html.Span("the list before the step: ", className="note"), *chips, html.Span(" …", className="note")],
                className="sieve-list",
                **attrs({"aria-label": f"numbers left before step {step.n}"}),
            ),
            html.P("a(n): " + ", ".join(str(int(v)) for v in done[:, 0]), className="sieve-seq"),
            html.P("b(n): " + ", ".join(str(int(v)) for v in done[:, 1]), className="sieve-seq"),
        ]
    )


# ---------------------------------------------------------------- Chomp


def bar_picture(text: str, label: str | None = None, losing: bool = True) -> html.Div:
    """A small drawing of a Chomp bar: its box, pieces filled, missing places empty.

    Parameters
    ----------
    text : str
        The bar as rows, top first: ``"###/##."`` (``#`` a piece, ``.`` none).
    label : str, optional
        Its accessible name (default: the text).
    losing : bool, optional
        Frame it in the L colour (a P-position).

    Returns
    -------
    dash.html.Div
        A CSS grid of cells (``assets/finite.css``: ``.bar-pic``), titled
        with the text.
    """
    rows = text.split("/")
    cols = len(rows[0]) if rows else 0
    cells = [html.Span(className="bar-cell bar-on" if ch == "#" else "bar-cell") for row in rows for ch in row]
    return html.Div(
        cells,
        className="bar-pic" + (" bar-losing" if losing else ""),
        title=text,
        role="img",
        style={"gridTemplateColumns": f"repeat({cols}, var(--bar-cell))"},
        **attrs({"aria-label": label or f"bar {text}"}),
    )


def bar_gallery(texts: Sequence[str], total: int) -> html.Div:
    """Every losing bar given, as small drawings, with a line saying how many of how many are shown.

    Parameters
    ----------
    texts : sequence of str
        Bars as rows (:func:`bar_picture`), in the order to show.
    total : int
        How many losing bars there are in all.

    Returns
    -------
    dash.html.Div
    """
    shown = len(texts)
    note = (
        f"All {total:,} losing bars."
        if shown == total
        else f"Showing {shown:,} of {total:,} losing bars (the CSV has all)."
    )
    return html.Div(
        [html.P(note, className="note"), html.Div([bar_picture(t) for t in texts], className="bar-gallery")]
    )


def binary_square_figure(square: np.ndarray) -> go.Figure:
    """The losing bars of the 2 x C box as dots in a 2^C x 2^C square.

    Parameters
    ----------
    square : numpy.ndarray
        bool, shape ``(2**C, 2**C)``: :func:`solver.impartial.binary_square`,
        ``[top, bottom]`` True for a losing bar (each row of the bar read as
        a binary number, bit c = column c).

    Returns
    -------
    plotly.graph_objects.Figure
        One exact PNG: a vermilion pixel at (x, y) = (top row, bottom row)
        for each losing bar, white elsewhere; (0, 0) at the bottom left.
    """
    side = square.shape[0]
    pixels = np.ascontiguousarray(square.T).astype(np.uint8)  # row: bottom row's number, column: top row's
    fig = go.Figure(_image_trace(pixels, ["#FFFFFF", COLOURS["L"]], "top row %{x}, bottom row %{y}<extra></extra>"))
    cols = side.bit_length() - 1
    _square_axes(fig, side, "top row, read as a binary number", "bottom row, read as a binary number")
    fig.update_layout(
        title={"text": f"2 × {cols} box: {int(square.sum()):,} losing bars", "font": {"size": 14}},
        template="plotly_white",
        margin=MARGIN,
        plot_bgcolor="#FFFFFF",
    )
    return fig


# ---------------------------------------------------------------- play and the game tree


def tree_stylesheet() -> list[dict]:
    """Cytoscape stylesheet of the game tree of a finite game (colours as :data:`dashboard.style.COLOURS`).

    Returns
    -------
    list of dict
        Nodes in their outcome's colour with readable text, the root with a
        thick border, best moves as thick dark edges.
    """
    sheet: list[dict] = [
        {
            "selector": "node",
            "style": {
                "label": "data(label)",
                "text-wrap": "wrap",
                "text-valign": "center",
                "font-size": 12,
                "width": "label",
                "height": "label",
                "padding": "6px",
                "shape": "round-rectangle",
                "border-width": 1,
                "border-color": NEUTRAL_DARK,
            },
        },
        {
            "selector": "edge",
            "style": {
                "curve-style": "bezier",
                "target-arrow-shape": "triangle",
                "width": 1.5,
                "line-color": NEUTRAL_LIGHT,
                "target-arrow-color": NEUTRAL_LIGHT,
            },
        },
    ]
    sheet += [
        {"selector": f"node.{key}", "style": {"background-color": COLOURS[key], "color": TEXT_COLOURS[key]}}
        for key in ("W", "L")
    ]
    sheet += [
        {"selector": "node.root", "style": {"border-width": 4, "border-color": "#000000"}},
        {"selector": "node.more", "style": {"border-style": "dashed", "border-width": 2}},
        {
            "selector": "edge.best",
            "style": {"width": 4, "line-color": NEUTRAL_DARK, "target-arrow-color": NEUTRAL_DARK},
        },
    ]
    return sheet


def _short(text: str, most: int = 22) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


#: Pixels between two columns of the game tree (one per move), and between two rows.
TREE_COLUMN_PX = 150
TREE_ROW_PX = 40
#: Pixels per line of a node's label (12 px text), and around it.
TREE_LINE_PX = 15
TREE_LABEL_PAD_PX = 18


def tree_elements(tree: dict) -> list[dict]:
    """Cytoscape elements of a game tree, laid out left to right: one column per move.

    Parameters
    ----------
    tree : dict
        :meth:`solver.ImpartialGame.tree`: ``root`` and nested nodes with
        ``position``, ``move``, ``outcome``, ``value``, ``remoteness``,
        ``best``, ``expanded`` and ``children``.

    Returns
    -------
    list of dict
        Nodes ``t0, t1, ...`` breadth first (the root is ``t0``), each at a
        fixed ``position``: column = depth, each leaf on a row of its own in
        the order of the moves, each parent midway between its first and
        last child (so no two nodes overlap and no edges cross).  Labels:
        the position (a Chomp bar on several lines), then the outcome, the
        Grundy value and the remoteness when known.  Data ``position`` is the
        position's text, ``move`` the move that led there; classes: the
        outcome letter, ``root``, ``more`` for a node whose moves are not
        drawn.  Edges carry class ``best`` for a best move.
    """
    rows: dict[int, float] = {}
    order: list[tuple[dict, str | None, int]] = []
    queue: list[tuple[dict, str | None, int]] = [(tree["root"], None, 0)]
    while queue:
        node, parent, depth = queue.pop(0)
        order.append((node, parent, depth))
        queue.extend((child, f"t{len(order) - 1}", depth + 1) for child in node["children"])
    ids_of = {id(node): f"t{k}" for k, (node, _parent, _depth) in enumerate(order)}
    next_row = [0]

    def place(node: dict) -> float:
        # Depth first: leaves take the next row, a parent sits midway between its children.
        kids = node["children"]
        if not kids:
            row = float(next_row[0])
            next_row[0] += 1
        else:
            placed = [place(child) for child in kids]
            row = (placed[0] + placed[-1]) / 2
        rows[id(node)] = row
        return row

    place(tree["root"])
    # A row is as tall as the tallest label (a Chomp bar takes a line per row of the box).
    lines = max(str(node["position"]).count("/") + 2 for node, _parent, _depth in order)
    row_px = max(TREE_ROW_PX, lines * TREE_LINE_PX + TREE_LABEL_PAD_PX)
    elements: list[dict] = []
    for node, parent, depth in order:
        node_id = ids_of[id(node)]
        position = str(node["position"])
        shown = position.replace("/", "\n") if "/" in position else _short(position)
        facts = f"{node['outcome']} · G={node['value']}"
        if node.get("remoteness") is not None:
            facts += f" · r={node['remoteness']}"
        classes = [str(node["outcome"])]
        if parent is None:
            classes.append("root")
        if not node["expanded"] and node.get("remoteness") != 0:
            classes.append("more")
        elements.append(
            {
                "data": {
                    "id": node_id,
                    "label": f"{shown}\n{facts}",
                    "position": position,
                    "move": node.get("move") or "",
                },
                "position": {"x": depth * TREE_COLUMN_PX, "y": rows[id(node)] * row_px},
                "classes": " ".join(classes),
            }
        )
        if parent is not None:
            elements.append(
                {
                    "data": {"id": f"{parent}-{node_id}", "source": parent, "target": node_id},
                    "classes": "best" if node.get("best") else "",
                }
            )
    return elements


def tree_height(elements: list[dict]) -> int:
    """Pixels of height for the tree's canvas: its rows, between 220 and 900 (a taller tree is zoomed out)."""
    ys = [e["position"]["y"] for e in elements if "position" in e]
    lines = max((e["data"]["label"].count("\n") + 1 for e in elements if "label" in e["data"]), default=2)
    return int(min(900, max(220, (max(ys) if ys else 0) + lines * TREE_LINE_PX + TREE_LABEL_PAD_PX + 60)))


#: The tree's cytoscape layout: the positions the elements carry, fitted to the canvas.
TREE_LAYOUT = {"name": "preset", "fit": True, "padding": 16, "animate": False}


def tree_layout() -> dict:
    """A new copy of :data:`TREE_LAYOUT` (a new dict each time, so cytoscape lays the tree out again)."""
    return dict(TREE_LAYOUT)


def _move_label(outcome: str) -> str:
    # The child's outcome is for the opponent: an L child is a win for the mover.
    return "wins" if outcome == "L" else "loses"


def moves_view(rows: Sequence, most: int) -> html.Div:
    """One button per move: the move, and whether it wins for the mover; ★ on the winning ones.

    Parameters
    ----------
    rows : sequence of MoveRow
        The moves (:func:`dashboard.tabs.finite.play.move_rows`): ``index``,
        ``text``, ``child``, ``outcome`` (of the position left).
    most : int
        Most buttons drawn; beyond, a sentence says how many moves there are.

    Returns
    -------
    dash.html.Div
    """
    if not rows:
        return html.Div(html.P("No move: the player to move has lost."))
    buttons = []
    for row in rows[:most]:
        star = "★ " if row.outcome == "L" else ""
        buttons.append(
            html.Button(
                f"{star}{row.text} ({_move_label(row.outcome)})",
                id={"type": ids.MOVE, "index": row.index},
                className="button move-button" + (" move-winning" if star else ""),
                n_clicks=0,
            )
        )
    extra = (
        [html.P(f"… and {len(rows) - most:,} more moves (type a position to play them).", className="note")]
        if len(rows) > most
        else []
    )
    return html.Div(
        [html.P("Your move (what it does for you; ★ wins):"), html.Div(buttons, className="move-list"), *extra]
    )


def heaps_table(heaps: Sequence[int], values: Sequence[int]) -> html.Table:
    """The heaps of an octal position with each heap's Grundy value and their XOR (the nim sum).

    Parameters
    ----------
    heaps : sequence of int
        The nonempty heaps.
    values : sequence of int
        Their Grundy values, in the same order.

    Returns
    -------
    dash.html.Table
        A row per heap, then the nim sum.
    """
    total = 0
    for v in values:
        total ^= int(v)
    rows = [
        html.Tr([html.Td(f"heap {i + 1}"), html.Td(str(h), className="num"), html.Td(str(v), className="num")])
        for i, (h, v) in enumerate(zip(heaps, values, strict=True))
    ]
    rows.append(html.Tr([html.Th("nim sum (XOR)"), html.Td(""), html.Td(html.Strong(str(total)), className="num")]))
    return html.Table(
        [html.Thead(html.Tr([html.Th(""), html.Th("tokens"), html.Th("Grundy value")])), html.Tbody(rows)],
        className="summary-table finite-heaps",
    )


def chomp_board(text: str, pieces: dict[tuple[int, int], tuple[int, str]]) -> html.Div:
    """The bar to play on: one button per piece (click to eat it), an empty cell per gap.

    Parameters
    ----------
    text : str
        The bar as rows (``"###/##."``).
    pieces : dict
        ``(row, column) -> (move index, outcome of the bar left)`` for each
        piece (rows and columns from 0 at the top left).

    Returns
    -------
    dash.html.Div
        A CSS grid (``assets/finite.css``: ``.chomp-board``); each piece's
        button is labelled for screen readers, and ★ marks a winning bite.
    """
    rows = text.split("/")
    cols = len(rows[0]) if rows else 0
    cells: list[Any] = []
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            found = pieces.get((r, c))
            if ch != "#" or found is None:
                cells.append(html.Span(className="chomp-gap"))
                continue
            index, outcome = found
            wins = outcome == "L"
            cells.append(
                html.Button(
                    "★" if wins else "",
                    id={"type": ids.MOVE, "index": index},
                    className="chomp-piece" + (" chomp-winning" if wins else ""),
                    n_clicks=0,
                    title=f"eat row {r + 1}, column {c + 1} ({_move_label(outcome)})",
                    **attrs({"aria-label": f"eat row {r + 1}, column {c + 1}: {_move_label(outcome)}"}),
                )
            )
    return html.Div(cells, className="chomp-board", style={"gridTemplateColumns": f"repeat({cols}, var(--chomp-cell))"})
