"""The game tree's state in the page, and the checks of what the page sends.

The state, a click or key's action, the best line.

The tree's state in the page (``ids.TREE_TOGGLED``) is
``{"base": depth, "flipped": [paths], "seq": n}``: nodes shallower than
``base`` are expanded unless their path is flipped, deeper ones only when
it is (:func:`solver.values.tree.game_tree`).  Clicks and keys send
``{"path": str, "seq": int}`` to ``ids.TREE_ACTION``; every request
rebuilds the tree from that small state (about 6 ms for a click at depth 8
and 20 ms for the 400 nodes the tree may hold, answer serialised:
``benchmarks/tree_latency.py``), so the server keeps nothing per browser.
"""

from __future__ import annotations

import re
from typing import TypeGuard

from solver import Solution
from solver.values.position import best_rule_moves, wins_at_once
from solver.values.tree import path_depth

from ...defaults import DEPTH_MAX

__all__ = [
    "best_line",
    "check_action",
    "check_state",
    "default_state",
]


# ---------------------------------------------------------------- limits of what the page may send

#: Longest path a click may name (a node's depth; the node cap keeps real
#: trees far shallower).
MAX_PATH = 400
#: Most flipped paths the tree's state may hold.
MAX_FLIPPED = 2000
#: Most moves "Expand the best line" follows from the start.
LINE_MOVES = 60

_PATH = re.compile(r"[tp]*|(?:/\d{1,7})*")


# ---------------------------------------------------------------- state and actions


def default_state(depth: int) -> dict:
    """The tree's state when a control changes: every node shallower than ``depth`` expanded.

    Parameters
    ----------
    depth : int
        The move depth.

    Returns
    -------
    dict
        ``{"base": depth, "flipped": [], "seq": 0}``.
    """
    return {"base": depth, "flipped": [], "seq": 0}


def _is_path(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and len(value) <= MAX_PATH and _PATH.fullmatch(value) is not None


def _is_count(value: object, most: int) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most


def check_state(data: object) -> dict:
    """Check the tree's state that came back from the page.

    Parameters
    ----------
    data : object
        What ``ids.TREE_TOGGLED`` held.

    Returns
    -------
    dict
        ``{"base": int, "flipped": list of str, "seq": int}``: ``base`` in
        ``0..DEPTH_MAX``, at most :data:`MAX_FLIPPED` distinct paths of
        ``"t"`` and ``"p"`` no longer than :data:`MAX_PATH`, ``seq`` a
        whole number ``>= 0``.

    Raises
    ------
    ValueError
        If ``data`` is anything else (the caller starts afresh).
    """
    if not isinstance(data, dict) or set(data) - {"base", "flipped", "seq"}:
        raise ValueError("the tree's state was not understood")
    base, flipped, seq = data.get("base"), data.get("flipped", []), data.get("seq", 0)
    if not _is_count(base, DEPTH_MAX) or not _is_count(seq, 2**53):
        raise ValueError("the tree's state was not understood")
    if not isinstance(flipped, list) or len(flipped) > MAX_FLIPPED or not all(_is_path(p) for p in flipped):
        raise ValueError("the tree's state was not understood")
    return {"base": base, "flipped": list(dict.fromkeys(flipped)), "seq": seq}


def check_action(data: object) -> tuple[str, int]:
    """Check a click or key press on a node that came from the page.

    Parameters
    ----------
    data : object
        What ``ids.TREE_ACTION`` held: ``{"path": str, "seq": int}``.

    Returns
    -------
    tuple
        ``(path, seq)``.

    Raises
    ------
    ValueError
        If ``data`` is not such a dict, the path is not made of ``"t"`` and
        ``"p"`` (at most :data:`MAX_PATH` of them) or ``seq`` is not a whole
        number ``>= 0``.
    """
    if not isinstance(data, dict) or set(data) - {"path", "seq"}:
        raise ValueError("the click on the tree was not understood")
    path, seq = data.get("path"), data.get("seq", 0)
    if not _is_path(path) or not _is_count(seq, 2**53):
        raise ValueError("the click on the tree was not understood")
    return path, seq


def best_line(start: int, solution: Solution, max_moves: int = LINE_MOVES) -> list[str]:
    """Paths of the nodes along best play from the start.

    Parameters
    ----------
    start : int
        The root's position, ``>= 1``.
    solution : Solution
        Where values come from.
    max_moves : int, optional
        Most moves followed.

    Returns
    -------
    list of str
        ``""`` (the root), then one path per move: each player plays the
        first of :func:`solver.values.position.best_moves` (win fastest; else draw;
        else unknown; else lose slowest).  The line stops at a square (the
        mover then wins by taking it to 0), at a repeat (a position already
        on the line: a loop) or after ``max_moves`` moves.
    """
    path, position, seen = "", start, {start}
    line = [path]
    rule = solution.rule
    while path_depth(path) < max_moves and not wins_at_once(position, rule):
        options = rule.moves(position)
        best = best_rule_moves(position, solution)
        if not best:
            break
        move = best[0]
        position = move.child
        path += rule.path_step(move, options.index(move))
        line.append(path)
        if position in seen:
            break
        seen.add(position)
    return line


def _with_line(state: dict, line: list[str]) -> dict:
    """The state with every node of the line but the last expanded."""
    flipped = list(state["flipped"])
    for path in line[:-1]:
        default = path_depth(path) < state["base"]
        if default and path in flipped:
            flipped.remove(path)
        elif not default and path not in flipped:
            flipped.append(path)
    return {**state, "flipped": flipped}
