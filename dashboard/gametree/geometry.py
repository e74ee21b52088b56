"""The geometry every game tree of the page shares: label sizes, zoom limits and the tidy layered layout.

A tree grows from its start to the right, one column per move, a node's
children in move order from the top.  Positions are computed here, not by a
cytoscape layout, with a tidy layered layout (Reingold and Tilford's,
"Tidier drawings of trees", IEEE Trans. Software Eng. 7(2), 1981): every
column has one width, so edges only cross the gaps between columns; each
subtree is pushed as close to its elder sibling as the contours of the two
allow at every depth, and a parent sits midway between its first and last
child.  So no two node boxes overlap, no two edges cross, and the same tree
always gets the same drawing.

Labels are :data:`FONT_PX` pixels at zoom 1 and a tree never zooms below
:data:`MIN_ZOOM`, so no label is drawn smaller than 11 px: a large tree pans
instead of shrinking.
"""

from __future__ import annotations

from collections.abc import Iterable

from solver.values.tree import path_depth, path_order, path_parent

__all__ = [
    "FONT_PX",
    "H_GAP",
    "label_boxes",
    "LINE_PX",
    "MAX_ZOOM",
    "MIN_ZOOM",
    "NODE_H",
    "PAD_X",
    "TREE_LAYOUT",
    "V_GAP",
    "plural",
    "text_width",
    "tidy_layout",
    "tip_text",
]


# ---------------------------------------------------------------- geometry (pixels at zoom 1)

#: Font size of every label of the tree (nodes and edges).
FONT_PX = 13
#: Smallest zoom: labels are never drawn below ``FONT_PX * MIN_ZOOM`` = 11.05 px.
MIN_ZOOM = 0.85
#: Largest zoom.
MAX_ZOOM = 2.5
#: Height of a text line.
LINE_PX = 16
#: Height of a node box of two lines of text and padding (each further line adds :data:`LINE_PX`).
NODE_H = 2 * LINE_PX + 12
#: Space between two node boxes of one column.
V_GAP = 12
#: Space between two columns (room for the "take"/"put" edge labels).
H_GAP = 72
#: Padding left and right of a label inside its box.
PAD_X = 10
#: Estimated width of a character, in em: generous for digits and Latin
#: letters of the usual sans-serif fonts (0.55-0.64 em), and of the rest.
_NARROW_EM = 0.66
_WIDE_EM = 1.05
#: The layout cytoscape runs: the positions the elements carry, and no fit
#: (the page sets the view: ``assets/tree.js``, :data:`dashboard.gametree.view.FIT_JS`;
#: cytoscape's fit would shrink a big tree below :data:`MIN_ZOOM`).
TREE_LAYOUT = {"name": "preset", "fit": False, "animate": False}


# ---------------------------------------------------------------- text


def plural(count: int, word: str) -> str:
    """``"1 node"``, ``"1,234 nodes"``: a count and its word."""
    return f"{count:,} {word}" + ("" if count == 1 else "s")


def tip_text(rows: list[list[str]]) -> str:
    """A hover card as the page receives it: one ``label<TAB>text`` line per row.

    Parameters
    ----------
    rows : list of [str, str]
        A node's card: ``[label, text]`` rows.

    Returns
    -------
    str
        The rows joined with newlines, label and text with a tab (tabs and
        line breaks inside them become spaces); ``assets/tree.js``
        splits it back.
    """

    def plain(text: str) -> str:
        return " ".join(str(text).replace("\t", " ").splitlines())

    return "\n".join(f"{plain(label)}\t{plain(text)}" for label, text in rows)


def text_width(line: str) -> float:
    """Pixels a line of a label needs at :data:`FONT_PX`, estimated generously (no browser measures it).

    Parameters
    ----------
    line : str

    Returns
    -------
    float
        :data:`_NARROW_EM` em per character below U+0250 (digits, Latin
        letters), :data:`_WIDE_EM` em for the rest (arrows, ★, ↻, symbols).
    """
    ems = sum(_NARROW_EM if ord(ch) < 0x250 else _WIDE_EM for ch in line)
    return ems * FONT_PX


# ---------------------------------------------------------------- layout


def tidy_layout(
    paths: Iterable[str], widths: dict[str, float], heights: dict[str, float] | None = None
) -> dict[str, tuple[float, float, float, float]]:
    """Boxes of a tidy layered drawing of a tree named by paths (root left, take above put).

    Parameters
    ----------
    paths : iterable of str
        Every node's path (``""`` is the root; :func:`solver.values.tree.path_parent`
        is the parent, which must be present).  A node's children are drawn
        in move order from the top (take, then put; or ``"/0"``, ``"/1"``,
        ... in the games with many moves).
    widths : dict
        Path -> the width (px) its label needs.
    heights : dict, optional
        Path -> the height (px) of its box; :data:`NODE_H` (two lines) for
        a path not in it, and for every path when None.

    Returns
    -------
    dict
        Path -> ``(x, y, width, height)`` of its box, ``(x, y)`` the
        centre, in pixels at zoom 1 (``height`` as ``heights`` gives it).  Every box of a column (one depth) has
        that column's width, the widest label's; columns are
        :data:`H_GAP` apart.  Boxes of one column are at least
        :data:`V_GAP` apart, and a parent's ``y`` is the mean of its first
        and last child's.  The root is at ``y = 0``.

    Notes
    -----
    Reingold and Tilford's algorithm (IEEE Trans. Software Eng. 7(2), 1981)
    with explicit contours: a subtree's contour lists, per depth below its
    root, the top and bottom of its boxes.  The second child is placed as
    high as the contours allow; the parent is centred.  ``O(n * height)``.
    """
    paths = sorted(set(paths), key=lambda p: (path_depth(p), p))
    children: dict[str, list[str]] = {p: [] for p in paths}
    for p in paths:
        parent = path_parent(p)
        if parent is not None:
            children[parent].append(p)
    for kids_of in children.values():
        kids_of.sort(key=path_order)
    tall = heights or {}

    def half(path: str) -> float:
        return tall.get(path, NODE_H) / 2

    contour: dict[str, list[tuple[float, float]]] = {}
    offset: dict[str, float] = {}
    for path in reversed(paths):  # deepest first: children before parents
        kids = children[path]
        if not kids:
            contour[path] = [(-half(path), half(path))]
            continue
        placed = [0.0]
        merged = list(contour[kids[0]])
        for kid in kids[1:]:
            theirs = contour[kid]
            shift = max(merged[k][1] - theirs[k][0] for k in range(min(len(merged), len(theirs)))) + V_GAP
            placed.append(shift)
            for k, (top, bottom) in enumerate(theirs):
                if k < len(merged):
                    merged[k] = (min(merged[k][0], top + shift), max(merged[k][1], bottom + shift))
                else:
                    merged.append((top + shift, bottom + shift))
        middle = (placed[0] + placed[-1]) / 2
        for kid, at in zip(kids, placed, strict=True):
            offset[kid] = at - middle
        contour[path] = [(-half(path), half(path))] + [(top - middle, bottom - middle) for top, bottom in merged]
        for kid in kids:  # a child's contour is no longer needed
            del contour[kid]
    ys: dict[str, float] = {}
    for path in paths:  # shallowest first: parents before children
        ys[path] = 0.0 if path == "" else ys[path_parent(path) or ""] + offset[path]
    depth_count = max((path_depth(p) for p in paths), default=0) + 1
    column = [0.0] * depth_count
    for path in paths:
        column[path_depth(path)] = max(column[path_depth(path)], widths.get(path, 0.0))
    lefts = [0.0] * depth_count
    for d in range(1, depth_count):
        lefts[d] = lefts[d - 1] + column[d - 1] + H_GAP
    return {
        p: (lefts[path_depth(p)] + column[path_depth(p)] / 2, ys[p], column[path_depth(p)], float(tall.get(p, NODE_H)))
        for p in paths
    }


def label_boxes(labels: dict[str, list[str]], tall: bool = False) -> dict[str, tuple[float, float, float, float]]:
    """Boxes of a tree's nodes from their labels: each as wide as its widest line, placed by :func:`tidy_layout`.

    Parameters
    ----------
    labels : dict
        Path -> the lines of its label.
    tall : bool, optional
        A box is as tall as its lines (:data:`NODE_H` for two, :data:`LINE_PX`
        more for each further line); else every box is :data:`NODE_H` tall.

    Returns
    -------
    dict
        Path -> ``(x, y, width, height)``, as :func:`tidy_layout` gives it.
    """
    widths = {path: max(text_width(line) for line in lines) + 2 * PAD_X for path, lines in labels.items()}
    heights = {path: float(NODE_H + (len(lines) - 2) * LINE_PX) for path, lines in labels.items()} if tall else None
    return tidy_layout(labels, widths, heights)
