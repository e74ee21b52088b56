"""The game tree of any game of :mod:`solver.registry`, from a position to a move depth, and its cytoscape elements.

:func:`build_tree` asks the game only what every :class:`solver.registry.Game`
answers (``moves``, ``outcome``, ``value``, ``remoteness``, ``cost``,
``value_cost``), so one
tree serves the finite impartial games, the loopy games on a graph and the
put-or-take rules alike.  The tree is built breadth first and stops at the
first position whose moves would pass the node cap (:func:`tree_nodes`, which
grows with the depth).  :func:`tree_elements` draws it with the geometry every
tree of the page shares (:mod:`.geometry`): nodes in their outcome's colour,
the position's text wrapped over lines, never cut silently (a label longer
than :data:`LABEL_LINES` lines ends in "…", and the node's card and the
tree's list hold the whole text).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from solver import costs
from solver.registry import Game
from solver.registry.boards import BoardGame, loopy_label
from solver.validation import check_integer

from ..style import NAMES
from .geometry import label_boxes, tip_text

__all__ = [
    "DEFAULT_DEPTH",
    "LABEL_CHARS",
    "LABEL_LINES",
    "PAGE_SECONDS",
    "REMOTENESS_SECONDS",
    "TREE_DEPTHS",
    "TREE_NODES",
    "GameTree",
    "TreeNode",
    "build_tree",
    "canvas_height",
    "node_rows",
    "tree_depth",
    "tree_elements",
    "tree_nodes",
    "wrap_text",
]

#: Most nodes of the tree to depth 2 (each move deeper adds as many: :func:`tree_nodes`), and its depths.
TREE_NODES = 40
TREE_DEPTHS = range(1, 5)
DEFAULT_DEPTH = 1
#: Seconds of work a tree of one request may ask of the game (its estimate, :meth:`Game.value_cost`, first).
PAGE_SECONDS = 2.0
#: The nodes carry their remoteness when the estimate for the start (which covers every node below) is within this.
REMOTENESS_SECONDS = 0.2
#: Characters of a label's line, and most lines of a position in a label (beyond, the label ends in "…").
LABEL_CHARS = 24
LABEL_LINES = 4
#: Characters after which a position's text may be broken onto the next line.
_BREAKS = ",+; >|/"
#: What a label shows for an empty text (a board without pieces).
_NOTHING = "(none)"
#: Room left and above the tree in its drawing (pixels), so a tree drawn at zoom 1 is whole on its canvas.
MARGIN_PX = 16
#: Least height of a tree's canvas, and its room around the tree (pixels).
CANVAS_MIN_PX = 220
CANVAS_PAD_PX = 76


@dataclasses.dataclass
class TreeNode:
    """One node of a :class:`GameTree`.

    Attributes
    ----------
    path : str
        ``""`` for the start, then ``"/i"`` per move, ``i`` the move's index
        among the parent's moves (:func:`solver.values.tree.path_parent`).
    parent : int or None
        Index of the parent in :attr:`GameTree.nodes`; None at the start.
    position : object
        The position, in the game's own type.
    text : str
        The position's text (:meth:`Game.format`), whole.
    shown : str
        What the label shows of it: the text, or the pieces alone where every
        node of the tree is on the start's board (:meth:`BoardGame.split`).
    move : str or None
        The move that led here (its label); None at the start.
    outcome : str
        ``"W"``, ``"L"``, ``"D"`` or ``"U"`` for the player to move.
    value : int, str or None
        The game's value (a Grundy value, Smith's loopy value), or None.
    remoteness : int or None
        Exact remoteness, when the tree carries it and the game knows it.
    moves : int
        How many moves the position has.
    expanded : bool
        Its moves are drawn below it.
    best : bool
        The move that led here is a best move of the parent.
    """

    path: str
    parent: int | None
    position: Any
    text: str
    shown: str
    move: str | None
    outcome: str = "U"
    value: int | str | None = None
    remoteness: int | None = None
    moves: int = 0
    expanded: bool = False
    best: bool = False

    @property
    def depth(self) -> int:
        """The number of moves from the start."""
        return self.path.count("/")


@dataclasses.dataclass(frozen=True)
class GameTree:
    """A game tree of :func:`build_tree`.

    Attributes
    ----------
    game : str
        The game's name.
    value_kind : str
        :attr:`Game.value_kind`: how :attr:`TreeNode.value` is written.
    depth, max_nodes : int
        The move depth and the node cap it was built with.
    truncated : bool
        The cap cut the tree before the depth was reached everywhere.
    pieces_only : bool
        Every node is on the start's board, so labels show the pieces alone.
    nodes : tuple of TreeNode
        Breadth first, the start first; a node's children in move order.
    """

    game: str
    value_kind: str
    depth: int
    max_nodes: int
    truncated: bool
    pieces_only: bool
    nodes: tuple[TreeNode, ...]


def tree_depth(depth: object) -> int:
    """The tree's depth from the page: a depth of :data:`TREE_DEPTHS`, else :data:`DEFAULT_DEPTH`."""
    return depth if isinstance(depth, int) and not isinstance(depth, bool) and depth in TREE_DEPTHS else DEFAULT_DEPTH


def tree_nodes(depth: int) -> int:
    """Most nodes of the tree the page draws to ``depth``: :data:`TREE_NODES` to depth 2, then as many more a move.

    The tree is built breadth first and stops at the first position whose
    moves would pass the cap, so with one cap for every depth a tree cut
    before depth 2 is complete is the same tree at depths 2, 3 and 4
    (Spring Cleaning's start: 61 positions to depth 2, cut at 40); 80 at
    depth 3 and 120 at depth 4 let the deeper trees go on.
    """
    return TREE_NODES * max(1, depth - 1)


def _mark_best(nodes: list[TreeNode], children: dict[int, list[int]], with_remoteness: bool) -> None:
    """Mark best moves: to L (the fastest win when remoteness is known); from L the slowest loss; from D, to D."""
    for i, kids_of in children.items():
        if not kids_of:
            continue
        kids = [nodes[k] for k in kids_of]
        outcome = nodes[i].outcome
        if outcome == "W":
            winning = [k for k in kids if k.outcome == "L"]
            known = [k.remoteness for k in winning if k.remoteness is not None]
            fastest = min(known) if with_remoteness and len(known) == len(winning) and known else None
            for k in winning:
                k.best = fastest is None or k.remoteness == fastest
        elif outcome == "L" and with_remoteness:
            known = [k.remoteness for k in kids if k.remoteness is not None]
            if len(known) == len(kids):
                slowest = max(known)
                for k in kids:
                    k.best = k.remoteness == slowest
        elif outcome == "D":
            for k in kids:
                k.best = k.outcome == "D"


def build_tree(
    game: Game,
    position: Any,
    depth: int,
    *,
    max_nodes: int | None = None,
    max_seconds: float = PAGE_SECONDS,
    remoteness_seconds: float = REMOTENESS_SECONDS,
) -> GameTree:
    """The game tree of ``position`` to a move depth, with each node's outcome, value and remoteness.

    Parameters
    ----------
    game : solver.registry.Game
        Any game of the registry.
    position : object
        The start, in the game's own type (:meth:`Game.parse`).
    depth : int
        Nodes shallower than this are expanded, ``>= 0``.
    max_nodes : int, optional
        The node cap; default :func:`tree_nodes` of ``depth``.
    max_seconds : float, optional
        The work the start's estimate of outcomes and values
        (:meth:`Game.value_cost`, which covers every node below) may announce.
    remoteness_seconds : float, optional
        The nodes carry their remoteness when the start's whole estimate
        (:meth:`Game.cost`) is within this.

    Returns
    -------
    GameTree
        Breadth first.  Best moves (:attr:`TreeNode.best`): from a W
        position the moves to L (the fastest, when every such child's
        remoteness is known); from an L position, when remoteness is known,
        the slowest loss; from a D position the moves that keep the draw.

    Raises
    ------
    TypeError, ValueError
        A depth or cap out of range, or work beyond ``max_seconds`` (the
        message gives the estimate).
    """
    depth = check_integer(depth, "the depth", least=0)
    cap = tree_nodes(depth) if max_nodes is None else check_integer(max_nodes, "the node cap", least=1)
    advice = "choose a smaller position or a smaller board"
    costs.check_cost(game.value_cost(position), max_seconds=max_seconds, advice=advice)
    with_remoteness = costs.within_limits(game.cost(position), max_seconds=remoteness_seconds)
    start_text = game.format(position)
    nodes = [TreeNode("", None, position, start_text, start_text, None)]
    children: dict[int, list[int]] = {0: []}
    truncated = False
    queue = [0]
    head = 0
    listed: dict[int, int] = {}
    while head < len(queue):
        i = queue[head]
        head += 1
        node = nodes[i]
        moves = game.moves(node.position)
        listed[i] = len(moves)
        if node.depth >= depth or truncated:
            continue
        if len(nodes) + len(moves) > cap:
            truncated = True
            continue
        node.expanded = True
        for k, move in enumerate(moves):
            text = game.format(move.child)
            nodes.append(TreeNode(f"{node.path}/{k}", i, move.child, text, text, move.label))
            children[i].append(len(nodes) - 1)
            children[len(nodes) - 1] = []
            queue.append(len(nodes) - 1)
    boards = {game.split(n.position)[0] for n in nodes} if isinstance(game, BoardGame) else set()
    pieces_only = len(boards) == 1
    # One search for every node's remoteness where the game shares the work (Game.remotenesses).
    remoteness = game.remotenesses([n.position for n in nodes]) if with_remoteness else [None] * len(nodes)
    for i, node in enumerate(nodes):
        node.moves = listed.get(i, len(game.moves(node.position)))
        node.outcome = game.outcome(node.position)
        node.value = game.value(node.position) if game.value_kind != "none" else None
        node.remoteness = remoteness[i]
        if pieces_only:
            node.shown = game.split(node.position)[1]  # type: ignore[attr-defined]  # a BoardGame's
    _mark_best(nodes, children, with_remoteness)
    return GameTree(game.name, game.value_kind, depth, cap, truncated, pieces_only, tuple(nodes))


# ---------------------------------------------------------------- text


def wrap_text(text: str, width: int = LABEL_CHARS, most: int = LABEL_LINES) -> tuple[list[str], bool]:
    """A position's text over lines of at most ``width`` characters, broken after separators where it can.

    Parameters
    ----------
    text : str
        The text.  A ``"/"`` (a row of a grid, a bar of Chomp) always starts
        a new line.
    width : int, optional
        Characters of a line.
    most : int, optional
        Most lines.

    Returns
    -------
    (list of str, bool)
        The lines, and whether the text was cut: then the last line ends in
        "…" and the lines hold less than the whole text (the card holds it).
    """
    lines: list[str] = []
    for row in text.split("/") if "/" in text else [text]:
        line = ""
        for ch in row:
            line += ch
            if len(line) >= width:
                cut = max(line.rfind(c, 0, width) for c in _BREAKS) + 1
                if cut <= 0 or cut >= len(line):
                    cut = len(line)
                lines.append(line[:cut])
                line = line[cut:]
        if line or not row:
            lines.append(line)
    if not lines:
        lines = [""]
    if len(lines) <= most:
        return lines, False
    kept = lines[:most]
    kept[-1] = kept[-1][: width - 1] + "…"
    return kept, True


def _value_text(tree: GameTree, node: TreeNode) -> str:
    if node.value is None:
        return ""
    if tree.value_kind == "loopy":
        return loopy_label(str(node.value))
    return f"G={node.value}"


def _facts(tree: GameTree, node: TreeNode) -> str:
    """The label's last line: outcome, value, remoteness."""
    parts = [node.outcome]
    value = _value_text(tree, node)
    if value:
        parts.append(value)
    if node.remoteness is not None:
        parts.append(f"r={node.remoteness}")
    return " · ".join(parts)


def node_rows(tree: GameTree, node: TreeNode, cut: bool = False) -> list[list[str]]:
    """The card of a node: its whole position, the move, its outcome, value, remoteness and moves.

    Parameters
    ----------
    tree : GameTree
    node : TreeNode
    cut : bool, optional
        The label shows the position cut short (:func:`wrap_text`).

    Returns
    -------
    list of [str, str]
        ``[label, text]`` rows: ``position`` (the whole text), ``move``,
        ``outcome``, ``value``, ``remoteness``, ``moves``, and ``label``
        when the label is cut.
    """
    moves = (
        f"{node.moves:,} {'move' if node.moves == 1 else 'moves'}"
        + ("" if node.expanded else ", not drawn" if node.moves else "")
        if node.moves
        else "none: the player to move has no move"
    )
    rows = [
        ["position", node.text],
        ["move", node.move if node.move is not None else "none: the start of the tree"],
        ["outcome", NAMES.get(node.outcome, node.outcome)],
        ["value", _value_text(tree, node) or "none"],
        ["remoteness", "unknown" if node.remoteness is None else str(node.remoteness)],
        ["moves", moves],
    ]
    if cut:
        rows.append(["label", "shortened (…): the position above is whole"])
    return rows


# ---------------------------------------------------------------- elements


def tree_elements(tree: GameTree) -> list[dict]:
    """Cytoscape elements of a game tree, placed by the tidy layered layout (:func:`.geometry.label_boxes`).

    Parameters
    ----------
    tree : GameTree

    Returns
    -------
    list of dict
        One node element per tree node (breadth first, the start first),
        then one edge per move drawn.  A node's id is ``"n" + path``, its
        ``position`` the centre of its box, shifted so the tree's top left
        is at (:data:`MARGIN_PX`, :data:`MARGIN_PX`).  Node data: ``path``, ``label`` (the position's
        shown text over lines, :func:`wrap_text`, then outcome, value and
        remoteness), ``position`` (the whole text), ``move``, ``outcome``,
        ``remoteness``, ``depth``, ``best``, ``expandable`` (moves not
        drawn), ``expanded``, ``cut`` (the label is shortened), ``w`` and
        ``h`` (the box, px) and ``tip`` (the card, :func:`node_rows` as
        :func:`.geometry.tip_text`).  Classes: the outcome letter,
        ``root`` for the start, ``expandable`` for a node whose moves are
        not drawn.  Edge ids are ``"e" + child path``; class ``best`` for a
        best move.
    """
    labels: dict[str, list[str]] = {}
    cuts: dict[str, bool] = {}
    for node in tree.nodes:
        lines, cut = wrap_text(node.shown or _NOTHING)
        labels[node.path] = [*lines, _facts(tree, node)]
        cuts[node.path] = cut
    boxes = label_boxes(labels, tall=True)
    # The tree's top left at (MARGIN_PX, MARGIN_PX): whole on its canvas at zoom 1 even before the page's fit.
    left = min((x - w / 2 for x, _y, w, _h in boxes.values()), default=0.0) - MARGIN_PX
    top = min((y - h / 2 for _x, y, _w, h in boxes.values()), default=0.0) - MARGIN_PX
    nodes: list[dict] = []
    edges: list[dict] = []
    for node in tree.nodes:
        x, y, w, h = boxes[node.path]
        expandable = bool(node.moves) and not node.expanded
        classes = [node.outcome] + [
            name for flag, name in ((node.parent is None, "root"), (expandable, "expandable")) if flag
        ]
        data = {
            "id": "n" + node.path,
            "path": node.path,
            "label": "\n".join(labels[node.path]),
            "position": node.text,
            "move": node.move or "",
            "outcome": node.outcome,
            "remoteness": node.remoteness,
            "depth": node.depth,
            "best": node.best,
            "expandable": expandable,
            "expanded": node.expanded,
            "cut": cuts[node.path],
            "w": round(w, 1),
            "h": h,
            "tip": tip_text(node_rows(tree, node, cuts[node.path])),
        }
        position = {"x": round(x - left, 1), "y": round(y - top, 1)}
        nodes.append({"data": data, "position": position, "classes": " ".join(classes)})
        if node.parent is not None:
            parent = tree.nodes[node.parent]
            edges.append(
                {
                    "data": {
                        "id": "e" + node.path,
                        "source": "n" + parent.path,
                        "target": "n" + node.path,
                        "label": "",
                    },
                    "classes": "best" if node.best else "",
                }
            )
    return nodes + edges


def canvas_height(elements: list[dict]) -> int:
    """Pixels of height for a tree's canvas: the tree at zoom 1 and room around it, at least :data:`CANVAS_MIN_PX`.

    As tall as the tree at full size, so the fit keeps every node on the
    canvas; a taller tree makes the page, not the canvas, scroll.  The node
    cap (:func:`tree_nodes`) bounds it.
    """
    bottoms = [e["position"]["y"] + e["data"]["h"] / 2 for e in elements if "position" in e]
    return int(max(CANVAS_MIN_PX, max(bottoms, default=0) + CANVAS_PAD_PX))
