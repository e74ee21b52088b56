"""Figure builders every view of the Finite games tab shares (pure: data in, a figure or HTML out).

Exact pictures as PNG (:func:`png_data_uri`, one pixel per position: a
1024 x 1024 square is a few kilobytes), the square axes of a picture of
pairs, the legend of outcomes and the list of moves to play (the game
tree is every game's, :mod:`dashboard.gametree`).  Each view's own pictures are in its module of
:mod:`dashboard.tabs.finite.views`.  Outcome colours are the page's
(:data:`dashboard.style.COLOURS`): blue W (N-position), vermilion L
(P-position).
"""

from __future__ import annotations

import base64
import struct
import zlib
from collections.abc import Sequence

import numpy as np
import plotly.graph_objects as go
from dash import html

from ...movelist import MoveItem, move_list, outcome_word
from ...style import swatch_style
from . import ids

__all__ = [
    "HEATMAP_MAX_SIDE",
    "MAX_POINTS",
    "image_trace",
    "move_label",
    "moves_view",
    "outcome_key",
    "png_data_uri",
    "square_axes",
]

#: Most points a plot of a sequence sends (beyond: each bin's least and largest value).
MAX_POINTS = 4000
#: Largest side drawn as a heatmap with a hover text per cell; a larger
#: picture is one PNG (:func:`png_data_uri`).
HEATMAP_MAX_SIDE = 200


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


def image_trace(pixels: np.ndarray, palette: Sequence[str], hover: str) -> go.Image:
    """A picture whose pixel ``[y, x]`` is drawn at the point (x, y), y upwards."""
    # The PNG's first row is drawn at y0 = 0 on the axis; the axis runs
    # upwards (autorange not reversed, see square_axes), so row y is at y.
    return go.Image(source=png_data_uri(pixels, palette), x0=0, y0=0, dx=1, dy=1, hovertemplate=hover, name="")


def square_axes(fig: go.Figure, side: int, x_title: str, y_title: str) -> None:
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


# ---------------------------------------------------------------- moves to play


def move_label(outcome: str) -> str:
    """``"wins"`` for a move to an L position, else ``"loses"``: what the move does for the mover."""
    # The child's outcome is for the opponent: an L child is a win for the mover.
    return outcome_word("L" if outcome == "L" else "W")


def moves_view(rows: Sequence, most: int) -> html.Div:
    """One button per move: the move, and whether it wins for the mover; ★ on the winning ones.

    The page's one move list (:func:`dashboard.movelist.move_list`), with the
    buttons' ids ``{"type": ids.MOVE, "index": row.index}``.

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
    return move_list(
        [MoveItem(row.index, row.text, row.outcome) for row in rows],
        ids.MOVE,
        heading="Your move (what it does for you; ★ wins):",
        most=most,
        more="more moves (type a position to play them).",
    )
