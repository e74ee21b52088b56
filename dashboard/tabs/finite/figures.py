"""Figure builders every view of the Finite games tab shares (pure: data in, a figure or HTML out).

Exact pictures as PNG (:func:`png_data_uri`, one pixel per position: a
1024 x 1024 square is a few kilobytes), the square axes of a picture of
pairs, the legend of outcomes, the game tree and the list of moves to
play.  Each view's own pictures are in its module of
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
from ...style import COLOURS, NEUTRAL_DARK, NEUTRAL_LIGHT, TEXT_COLOURS, swatch_style
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
    "tree_elements",
    "tree_height",
    "tree_layout",
    "tree_stylesheet",
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


# ---------------------------------------------------------------- the game tree


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
    """Pixels of height for the tree's canvas: its rows, at least 220.

    As tall as the tree at full size, so the fit (zoom at most 1 in height)
    keeps every node on the canvas; a taller tree of many-line labels makes
    the page, not the canvas, scroll.  (A cap of 1,700 px once left 11 of the
    40 nodes of Spring Cleaning's tree, 4 lines a label, below the canvas.)
    The node cap (:func:`dashboard.tabs.finite.play.tree_nodes`) bounds it.
    """
    ys = [e["position"]["y"] for e in elements if "position" in e]
    lines = max((e["data"]["label"].count("\n") + 1 for e in elements if "label" in e["data"]), default=2)
    return int(max(220, (max(ys) if ys else 0) + lines * TREE_LINE_PX + TREE_LABEL_PAD_PX + 60))


#: The tree's zoom limits: its labels (12 px) are drawn between 11 and 18 px, so a tree wider than a phone
#: is panned rather than shrunk, and a short chain is not blown up.
TREE_MIN_ZOOM = 0.92
TREE_MAX_ZOOM = 1.5

#: The tree's cytoscape layout: the positions the elements carry, fitted to the canvas.
TREE_LAYOUT = {"name": "preset", "fit": True, "padding": 16, "animate": False}


def tree_layout() -> dict:
    """A new copy of :data:`TREE_LAYOUT` (a new dict each time, so cytoscape lays the tree out again)."""
    return dict(TREE_LAYOUT)


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
