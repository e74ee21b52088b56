"""The Explore tree's node texts: the labels and hover cards of a put-or-take rule's positions.

The tree grows from the start number to the right, one column per move:
the take child above, the put child below.  Its geometry (label sizes, zoom
limits, the tidy layered layout) is every tree's,
:mod:`dashboard.gametree.geometry`, whose names this module also gives.
The browser only pans and zooms; ``assets/tree.js`` adds the hover card,
the keyboard, the view buttons and keeps a clicked node where it was while
the tree grows around it.
"""

from __future__ import annotations

from solver.values.play import move_text
from solver.values.tree import TreeNode

from ...gametree.geometry import FONT_PX, MIN_ZOOM, TREE_LAYOUT, tidy_layout, tip_text
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


# ---------------------------------------------------------------- text


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
