"""Game trees from one start number (thesis section 3.3, Figs 1-3 and 14).

A node is reached from its parent by a move.  Nodes are named by their
*path*: the string of moves from the root (the root is ``""``).  In the
put-or-take games each move is one letter, ``"t"`` for take and ``"p"`` for
put; in the other games of :mod:`solver.games` (many moves per position)
each move is ``"/i"``, ``i`` its index in :meth:`~solver.games.Rule.moves`.
A node is a leaf when the player to move there wins at once (a square, in the
squares game: take it to 0) or has no move, when its position already stands
on the path from the root (a repeat: a loop), or when it is not expanded.

Moves are exact for start numbers of any size; values come from a bounded
:class:`~solver.engine.solution.Solution` and are unknown above its bound (apart
from positions that win at once, :func:`solver.values.wins_at_once`).
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Callable, Iterable

from solver import config
from solver.engine.solution import Outcome, Solution
from solver.games import RuleMove
from solver.games.squares import Move
from solver.validation import check_integer

from .position import best_rule_moves, position_class, position_remoteness_at_most, position_value, wins_at_once

__all__ = ["TreeNode", "GameTree", "game_tree", "path_parent", "path_depth", "path_order"]

#: How often :func:`game_tree` reports its progress: every this many nodes.
PROGRESS_NODES = 1_000


@dataclasses.dataclass(frozen=True)
class TreeNode:
    """One node of a game tree.

    Attributes
    ----------
    path : str
        Moves from the root: ``"t"`` (take) and ``"p"`` (put) in put-or-take
        games, ``"/i"`` (the i-th move) in the others; ``""`` is the root.
    position : int
        The position (exact, any size).
    move : Move, RuleMove or None
        The move that led here: a :class:`~solver.games.squares.Move` in put-or-take
        games, a :class:`~solver.games.RuleMove` in the others; None at the
        root.
    depth : int
        Number of moves from the root.
    outcome : Outcome
        Value for the player to move here (U above the bound unless square).
    remoteness : int or None
        Exact remoteness for W and L, else None.
    remoteness_at_most : int or None
        For W and L, an upper bound on the remoteness (equal to
        ``remoteness`` when that is exact); None for D and U.
    square : bool
        The player to move wins at once (:func:`solver.values.wins_at_once`;
        in the squares game: the position is a square).
    repeat : bool
        The position already stands on the path from the root (a loop).
    beyond_bound : bool
        The position is above the solve's bound, so its value is unknown.
    best : bool
        The move that led here is a best move for the parent's mover (win
        fastest; else draw; else unknown; else lose slowest).
    expanded : bool
        The node's children are in the tree.
    expandable : bool
        The node can have children (it has moves, does not win at once and
        is not a repeat).
    cannot_be : str or None
        For a U node, what the certificate by possibility rules out: ``"L"``
        (a win or a draw for the player to move), ``"W"`` (a loss or a
        draw), or None (``docs/mathematics.md`` section 3.3).
    """

    path: str
    position: int
    move: Move | RuleMove | None
    depth: int
    outcome: Outcome
    remoteness: int | None
    remoteness_at_most: int | None
    square: bool
    repeat: bool
    beyond_bound: bool
    best: bool
    expanded: bool
    expandable: bool
    cannot_be: str | None = None

    @property
    def parent_path(self) -> str | None:
        """Path of the parent node, or None at the root."""
        return path_parent(self.path)


#: What a node of each class (Solution.classes) cannot be, for U nodes.
_CANNOT_BE = (None, None, None, None, "L", "W")


def path_parent(path: str) -> str | None:
    """The path of a node's parent, or None for the root ``""``.

    Parameters
    ----------
    path : str
        A node's path: letters ``"t"``/``"p"`` or segments ``"/i"``.

    Returns
    -------
    str or None
    """
    if not path:
        return None
    cut = path.rfind("/")
    return path[:cut] if cut >= 0 else path[:-1]


def path_depth(path: str) -> int:
    """The number of moves a path names.

    Parameters
    ----------
    path : str
        A node's path (see :func:`path_parent`).

    Returns
    -------
    int
        0 for the root ``""``; one per letter of a put-or-take path, one per
        ``"/i"`` segment otherwise.
    """
    return path.count("/") if path.startswith("/") else len(path)


def path_order(path: str) -> int:
    """Where a node stands among its siblings, for drawing them in move order.

    Parameters
    ----------
    path : str
        A node's path (see :func:`path_parent`).

    Returns
    -------
    int
        0 for take and 1 for put (put-or-take paths), the index ``i`` of a
        last segment ``"/i"`` (the i-th of :meth:`solver.games.Rule.moves`),
        0 for the root.
    """
    if not path:
        return 0
    cut = path.rfind("/")
    if cut >= 0:
        return int(path[cut + 1 :])
    return 0 if path[-1] == "t" else 1


@dataclasses.dataclass(frozen=True)
class GameTree:
    """A game tree as a flat list of nodes in breadth-first order.

    Attributes
    ----------
    start : int
        Position at the root.
    depth : int
        Move depth the tree was expanded to by default.
    bound : int
        Bound of the solution the values come from.
    nodes : list of TreeNode
        Breadth-first; a node's parent always comes before it.
    truncated : bool
        True when ``max_nodes`` cut the tree short.
    max_nodes : int
        The node cap that applied.
    """

    start: int
    depth: int
    bound: int
    nodes: list[TreeNode]
    truncated: bool
    max_nodes: int

    def to_dict(self) -> dict:
        """Return the tree as nested, JSON-ready dicts (``children`` lists).

        Returns
        -------
        dict
            Keys ``start``, ``depth``, ``bound``, ``truncated``,
            ``max_nodes`` and ``root``; each node has ``position``, ``move``
            ("put", "take", "take 9", "add 1" or None), ``outcome`` ("W", "L", "D", "U"),
            ``remoteness``, ``square``, ``repeat``, ``beyond_bound``,
            ``best``, ``cannot_be`` and ``children``; ``remoteness`` is exact
            or None, ``remoteness_at_most`` an upper bound for W and L,
            ``cannot_be`` ``"L"``, ``"W"`` or None (U nodes).
        """
        by_path: dict[str, dict] = {}
        root: dict | None = None
        for node in self.nodes:
            item: dict = {
                "position": node.position,
                "move": _move_text(node.move),
                "outcome": node.outcome.name,
                "remoteness": node.remoteness,
                "remoteness_at_most": node.remoteness_at_most,
                "square": node.square,
                "repeat": node.repeat,
                "beyond_bound": node.beyond_bound,
                "best": node.best,
                "cannot_be": node.cannot_be,
                "children": [],
            }
            by_path[node.path] = item
            if node.parent_path is None:
                root = item
            else:
                by_path[node.parent_path]["children"].append(item)
        return {
            "start": self.start,
            "depth": self.depth,
            "bound": self.bound,
            "truncated": self.truncated,
            "max_nodes": self.max_nodes,
            "root": root,
        }


def _move_text(move: Move | RuleMove | None) -> str | None:
    if move is None:
        return None
    if isinstance(move, Move):
        return move.value
    return move.label


def game_tree(
    start: int,
    depth: int,
    solution: Solution,
    *,
    toggled: Iterable[str] = (),
    max_nodes: int = config.DEFAULT_MAX_TREE_NODES,
    progress: Callable[[int], None] | None = None,
) -> GameTree:
    """Build the game tree of ``start`` to a move depth.

    Parameters
    ----------
    start : int
        The start number, ``>= 1``, any size.
    depth : int
        Move depth, ``>= 0``: nodes shallower than this are expanded.
    solution : Solution
        The bounded solve that values come from.
    toggled : iterable of str, optional
        Paths whose expansion is flipped: a path here at depth ``< depth`` is
        collapsed, one at depth ``>= depth`` is expanded.  This is how a
        click in the dashboard expands or collapses a node.
    max_nodes : int, optional
        Cap on the number of nodes (breadth-first, so the shallow part is
        kept).  ``GameTree.truncated`` says when it was reached.
    progress : callable, optional
        Called as ``progress(nodes)`` with the number of nodes built so far,
        every :data:`PROGRESS_NODES` nodes and once at the end (a large tree
        takes a minute or more; the command line draws a progress bar).

    Returns
    -------
    GameTree

    Raises
    ------
    TypeError
        If ``start``, ``depth`` or ``max_nodes`` is not an integer.
    ValueError
        If ``start < 1``, ``depth < 0`` or ``max_nodes < 1``.

    Notes
    -----
    Thesis section 3.3: squares end a branch (a win for the player to move)
    and so do numbers already seen on the path (repeats, the thesis's
    "draw" cut).  The thesis program cuts at numbers seen anywhere in the
    tree; here only the path counts, which is what makes a position repeat.
    """
    start = check_integer(start, "the start number", least=1)
    depth = check_integer(depth, "the move depth", least=0)
    max_nodes = check_integer(max_nodes, "max_nodes", least=1)
    flipped = frozenset(toggled)

    rule = solution.rule

    def make(path: str, position: int, move: Move | RuleMove | None, on_path: frozenset, best: bool):
        outcome, remoteness = position_value(position, solution)
        square = wins_at_once(position, rule)
        repeat = position in on_path
        expandable = not square and not repeat and position > 0 and bool(rule.moves(position))
        wanted = (path_depth(path) < depth) != (path in flipped)
        return TreeNode(
            path=path,
            position=position,
            move=move,
            depth=path_depth(path),
            outcome=outcome,
            remoteness=remoteness,
            remoteness_at_most=position_remoteness_at_most(position, solution),
            square=square,
            repeat=repeat,
            beyond_bound=position > solution.bound,
            best=best,
            expanded=expandable and wanted,
            expandable=expandable,
            cannot_be=_CANNOT_BE[position_class(position, solution)],
        )

    root = make("", start, None, frozenset(), False)
    nodes = [root]
    truncated = False
    queue = deque([(0, frozenset([start]))])
    while queue:
        index, on_path = queue.popleft()
        node = nodes[index]
        if not node.expanded:
            continue
        options = rule.moves(node.position)
        if len(nodes) + len(options) > max_nodes:
            truncated = True
            nodes[index] = dataclasses.replace(node, expanded=False)
            continue
        best = best_rule_moves(node.position, solution)
        for i, option in enumerate(options):
            code = rule.path_step(option, i)
            move: Move | RuleMove = rule.named_move(option)
            kid = make(node.path + code, option.child, move, on_path, option in best)
            nodes.append(kid)
            queue.append((len(nodes) - 1, on_path | {option.child}))
            if progress is not None and len(nodes) % PROGRESS_NODES == 0:
                progress(len(nodes))
    if progress is not None:
        progress(len(nodes))
    return GameTree(start, depth, solution.bound, nodes, truncated, max_nodes)
