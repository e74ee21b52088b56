"""The game tree's geometry: the nodes' text (labels and hover cards) and the tidy layered layout that places them.

The tree grows from the start number to the right, one column per move:
the take child above, the put child below.  Positions are computed here,
not by a cytoscape layout, with a tidy layered layout (Reingold and
Tilford's, "Tidier drawings of trees", IEEE Trans. Software Eng. 7(2),
1981): every column has one width, so edges only cross the gaps between
columns; each subtree is pushed as close to its elder sibling as the
contours of the two allow at every depth, and a parent sits midway
between its two children.  So no two node boxes overlap, no two edges
cross, and the same tree always gets the same drawing (tests check all
three).  The browser only pans and zooms; ``assets/tree.js``
adds the hover card, the keyboard, the view buttons and keeps a clicked
node where it was while the tree grows around it.

Labels are :data:`FONT_PX` pixels at zoom 1 and the graph never zooms below
:data:`MIN_ZOOM`, so no label is drawn smaller than 11 px: a large tree
pans (drag, scroll) instead of shrinking.
"""

from __future__ import annotations

from collections.abc import Iterable

from solver.values.play import move_text
from solver.values.tree import TreeNode, path_depth, path_order, path_parent

from ...style import NAMES, PARTIAL_NAMES, PARTIAL_TEXT, format_position, position_detail

__all__ = [
    "FONT_PX",
    "MIN_ZOOM",
    "TREE_LAYOUT",
    "node_tip",
    "short_position",
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
#: Height of every node box: two lines of text and padding.
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
#: (the page's tree.js sets the view; fitting a big tree would shrink it).
TREE_LAYOUT = {"name": "preset", "fit": False, "animate": False}


# ---------------------------------------------------------------- text


def _plural(count: int, word: str) -> str:
    return f"{count:,} {word}" + ("" if count == 1 else "s")


def short_position(position: int) -> str:
    """A position as a node label shows it: :func:`dashboard.style.format_position`.

    Parameters
    ----------
    position : int
        Any integer ``>= 0``.

    Returns
    -------
    str
        ``"4,708"`` up to 12 digits; ``"10³⁰"`` for an exact power of ten;
        otherwise ``"1.000…×10³⁰"`` (the hover card says how many digits).
    """
    return format_position(position)


def _full_position(position: int) -> str:
    return position_detail(position)


def _value_text(node: TreeNode) -> str:
    """Second line of a label: outcome ("U (not L)" for a partial fact), remoteness, marks (★ square, ↻ repeat)."""
    text = PARTIAL_TEXT.get(node.cannot_be or "", node.outcome.name)
    if node.remoteness is not None:
        text += f" {node.remoteness}"
    elif node.remoteness_at_most is not None:
        text += f" ≤{node.remoteness_at_most}"
    if node.square:
        text += " ★"
    if node.repeat:
        text += " ↻"
    return text


def node_tip(node: TreeNode, parent: int | None, bound: int) -> list[list[str]]:
    """The hover card of a node: what it is, how it was reached, its value and marks.

    Parameters
    ----------
    node : solver.values.tree.TreeNode
    parent : int or None
        The parent's position; None at the root.
    bound : int
        The bound B the values come from.

    Returns
    -------
    list of [str, str]
        ``[label, text]`` rows, always in this order: ``position``,
        ``move``, ``outcome``, ``remoteness``, ``marks`` (each mark of
        square, repeat, beyond the bound and best move that applies, or
        "none"), ``expand`` (what a click or Enter does).
    """
    move = (
        "none: the start of the tree"
        if parent is None or node.move is None
        else f"{move_text(node.move)} from {_full_position(parent)}"
    )
    outcome = PARTIAL_NAMES.get(node.cannot_be or "", NAMES[node.outcome.name])
    if node.beyond_bound and not node.square:
        outcome = f"U (above the bound B = {bound:,}: unknown)"
    if node.remoteness is not None:
        remoteness = f"{node.remoteness} (exact)"
    elif node.remoteness_at_most is not None:
        remoteness = f"≤ {node.remoteness_at_most} (only an upper bound at B = {bound:,})"
    elif node.outcome.name == "D":
        remoteness = "none: neither side can force a win"
    else:
        remoteness = "unknown"
    marks = []
    if node.square:
        marks.append("wins at once: a move leads to a position with no move (in the squares game, a square)")
    if node.repeat:
        marks.append("repeat: already on the path from the start (a loop)")
    if node.beyond_bound:
        marks.append(f"beyond the bound B = {bound:,}")
    if node.best:
        marks.append("a best move for the player at the parent")
    if node.expanded:
        expand = "click or Enter collapses it"
    elif node.expandable:
        expand = "click or Enter expands it"
    else:
        expand = "a leaf: the game stops here" if (node.square or node.repeat) else "a leaf"
    return [
        ["position", _full_position(node.position)],
        ["move", move],
        ["outcome", outcome],
        ["remoteness", remoteness],
        ["marks", "; ".join(marks) if marks else "none"],
        ["expand", expand],
    ]


def tip_text(rows: list[list[str]]) -> str:
    """A hover card as the page receives it: one ``label<TAB>text`` line per row.

    Parameters
    ----------
    rows : list of [str, str]
        From :func:`node_tip`.

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


def _text_width(line: str) -> float:
    ems = sum(_NARROW_EM if ord(ch) < 0x250 else _WIDE_EM for ch in line)
    return ems * FONT_PX


# ---------------------------------------------------------------- layout


def tidy_layout(paths: Iterable[str], widths: dict[str, float]) -> dict[str, tuple[float, float, float, float]]:
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

    Returns
    -------
    dict
        Path -> ``(x, y, width, height)`` of its box, ``(x, y)`` the
        centre, in pixels at zoom 1.  Every box of a column (one depth) has
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
    half = NODE_H / 2
    contour: dict[str, list[tuple[float, float]]] = {}
    offset: dict[str, float] = {}
    for path in reversed(paths):  # deepest first: children before parents
        kids = children[path]
        if not kids:
            contour[path] = [(-half, half)]
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
        contour[path] = [(-half, half)] + [(top - middle, bottom - middle) for top, bottom in merged]
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
        p: (lefts[path_depth(p)] + column[path_depth(p)] / 2, ys[p], column[path_depth(p)], float(NODE_H))
        for p in paths
    }
