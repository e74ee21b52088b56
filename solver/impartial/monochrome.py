"""Monochrome (node Kayles) on any undirected graph; Rob's Dots is Monochrome on a path.

"The Independence Game" (C. Wright, 2017) plays Rob's Dots ("Avoid the
Neighbours") on a row of dots: a player marks a dot that is neither marked
nor next to a marked one, and a player who cannot mark loses.  On a general
graph the game is called Monochrome (the post, after the Wikipedia page on
map-colouring games), also node Kayles: a move marks a vertex in play, which
then leaves the game with its neighbours.  The marked vertices always form
an independent set, and the game ends when it is a maximal one.

A position is the graph and its marked vertices, written ``GRAPH`` (nothing
marked) or ``GRAPH:MARKED`` (``petersen:0,7``) on the original vertex
numbers, so that a drawing keeps its labels.  The vertices in play are those
neither marked nor next to a marked vertex.

How values are computed
-----------------------
The vertices in play split into connected components (of the graph they
induce); a move changes one of them, so the position's Grundy value is the
XOR of theirs.  A component is recognised first by its shape:

* a **path** of L vertices is a heap of L in the octal game 0.137 (marking
  an end removes 2 vertices and leaves one path, marking the vertex next to
  an end removes 3 and leaves one, marking an inner one removes 3 and leaves
  two): its value is read from :class:`~solver.impartial.octal.OctalGame`
  ``octal-0.137`` (Rob's Dots), exact for any length through its proved
  period;
* a **cycle** of L vertices: every move leaves a path of L − 3, so its value
  is 1 when that path's value is 0, else 0;
* a **complete graph** (a single vertex, an edge, a triangle, ...): every
  move ends it, value 1.

Any other component is searched: a numba kernel walks its sets of vertices
in play as 64-bit masks (at most :data:`~.monochrome_search.MAX_SEARCH_VERTICES` vertices),
splits each option into components again, and keeps every component's value
in a dictionary kept with the game, keyed by its mask in the frame it was met
in (the connected component of the whole graph, or the component in play
when that is larger than a mask holds).  Later positions of the same graph,
and the moves of a position, reuse it.

The work of a search is estimated before it starts, from a model measured on
this machine (``benchmarks/graph_games_finite.py``): the components a search meets
grow about as ``b**k`` with k the vertices of the component and b rising with
its edges per vertex.  The search also stops, with a ``WorkTooLargeError``,
when it has met more components than the time limit allows, so a graph the
model underestimates is refused without running on.

The parts live in modules of their own: positions, their text and moves in
:mod:`.monochrome_positions`; the numba search and the frames that keep its
values in :mod:`.monochrome_search`.  This module splits a position into its
components, estimates, holds the checked public functions and
:class:`MonochromeGame`, and re-exports the names the front door
(:mod:`solver`) and the command line import from here.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import ClassVar

from .. import costs
from ..costs import Cost
from ..errors import WorkTooLargeError
from ..graphs.formats import GRAPH_FORMS, Graph
from ..text import format_count
from .game import ImpartialGame, check_work, search_remoteness, seconds_limit
from .monochrome_positions import (
    MonochromeMove,
    MonochromePosition,
    format_monochrome,
    monochrome_moves,
    monochrome_position,
    parse_monochrome,
)
from .monochrome_search import _FRAMES, MAX_SEARCH_VERTICES, _frame, _rob

__all__ = [
    "MonochromeGame",
    "monochrome_cost",
    "monochrome_value",
    "monochrome_move_values",
    "MonochromeMove",
    "MonochromePosition",
    "format_monochrome",
    "monochrome_moves",
    "monochrome_position",
    "parse_monochrome",
]


# Cost model (benchmarks/graph_games_finite.py, the project's machine, warm numba cache): seconds per
# move looked at (the option split into components, each looked up), a component of k vertices
# having k moves; the components met are modelled by _growth.
_SECONDS_PER_MOVE = 0.45e-6
_BYTES_PER_STATE = 120
#: Moves a search may look at before its estimate is asked (about 0.1 s): a search this small is simply done.
PROBE_MOVES = 100_000
#: Seconds and bytes to build the Python side of a position (components, shapes) per vertex.
_SECONDS_PER_VERTEX = 5e-6
#: Bytes of the Python side per vertex and edge (the graph, its neighbours, its parts): complete-447,
#: 100,128 vertices and edges, peaks 35 MB above the imports.
_BYTES_PER_VERTEX_OR_EDGE = 500
#: Seconds per (move, vertex or edge of its component) of splitting each move's component again.
_SECONDS_PER_MOVE_SPLIT = 0.5e-6
_HELP = (
    "GRAPH or GRAPH:MARKED, an undirected graph ("
    + GRAPH_FORMS
    + ") and the vertices marked so far, e.g. petersen or path-7:3"
)


# ---------------------------------------------------------------------------
# Components of a position
# ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class _Part:
    """A component in play: its vertices (original numbers), its edges, and its shape value or its frame and mask.

    ``frame`` is the key of the :class:`_Frame` it is searched in (the
    connected component of the whole graph, or the component itself when
    that is too large to search), ``index`` the frame's numbering of the
    vertices and ``mask`` the component in it; all None for a shape.
    """

    vertices: tuple[int, ...]
    edges: int
    shape: int | None
    frame: tuple[int, tuple[tuple[int, int], ...]] | None
    index: dict[int, int] | None
    mask: int


def _shape(size: int, edges: int, largest: int) -> str | None:
    if edges == size * (size - 1) // 2:
        return "complete"
    if largest <= 2 and edges == size - 1:
        return "path"
    if largest == 2 and edges == size:
        return "cycle"
    return None


class _Shapes:
    """Values of paths (Rob's Dots, octal 0.137) and cycles, read from the octal game's table once per call."""

    def __init__(self, largest: int) -> None:
        self.paths = _rob().heap_values(list(range(largest + 1)))

    def value(self, kind: str, size: int) -> int:
        if kind == "complete":
            return 1
        if kind == "path":
            return self.paths[size]
        return 1 if self.paths[size - 3] == 0 else 0


def _groups(members: Sequence[int], neighbours: list[list[int]]) -> list[list[int]]:
    """The connected components of the graph induced by ``members``, each sorted, by least vertex."""
    inside = set(members)
    seen: set[int] = set()
    groups = []
    for start in sorted(members):
        if start in seen:
            continue
        seen.add(start)
        group = [start]
        todo = [start]
        while todo:
            v = todo.pop()
            for w in neighbours[v]:
                if w in inside and w not in seen:
                    seen.add(w)
                    group.append(w)
                    todo.append(w)
        group.sort()
        groups.append(group)
    return groups


_FrameKey = tuple[int, tuple[tuple[int, int], ...]]


class _Frames:
    """The frame of each group in play: its component of the whole graph when that can be searched, else itself."""

    def __init__(self, graph: Graph, neighbours: list[list[int]]) -> None:
        self.neighbours = neighbours
        self.components = graph.components()
        self.whole = {v: i for i, c in enumerate(self.components) for v in c}
        self.kept: dict[int, tuple[_FrameKey, dict[int, int]]] = {}

    def of(self, group: Sequence[int]) -> tuple[_FrameKey, dict[int, int]]:
        which = self.whole[group[0]]
        if which in self.kept:
            return self.kept[which]
        vertices = self.components[which]
        own = len(vertices) > MAX_SEARCH_VERTICES
        if own:
            vertices = list(group)
        index = {v: i for i, v in enumerate(vertices)}
        edges = tuple(
            sorted((index[u], index[w]) for u in vertices for w in self.neighbours[u] if u < w and w in index)
        )
        found = ((len(vertices), edges), index)
        if not own:
            self.kept[which] = found
        return found


class _OneFrame:
    """The frame of a part, for the groups its moves leave (all inside it)."""

    def __init__(self, key: _FrameKey, index: dict[int, int]) -> None:
        self.found = (key, index)

    def of(self, group: Sequence[int]) -> tuple[_FrameKey, dict[int, int]]:
        return self.found


def _part(group: list[int], neighbours: list[list[int]], shapes: _Shapes, frames: _Frames | _OneFrame) -> _Part:
    """A component in play as a :class:`_Part`: its shape value, or its frame and mask there."""
    members = set(group)
    degrees = [sum(1 for w in neighbours[v] if w in members) for v in group]
    edges = sum(degrees) // 2
    kind = _shape(len(group), edges, max(degrees))
    if kind is not None:
        return _Part(tuple(group), edges, shapes.value(kind, len(group)), None, None, 0)
    key, index = frames.of(group)
    mask = 0
    for v in group:
        mask |= 1 << index[v]
    return _Part(tuple(group), edges, None, key, index, mask)


def _position_parts(position: MonochromePosition) -> tuple[list[_Part], _Shapes]:
    """The components in play of a position as parts (checked: none too large to search)."""
    graph = position.graph
    neighbours = graph.neighbours()
    shapes = _Shapes(graph.n)
    frames = _Frames(graph, neighbours)
    parts = [_part(group, neighbours, shapes, frames) for group in _groups(position.in_play(), neighbours)]
    for part in parts:
        if part.frame is not None and part.frame[0] > MAX_SEARCH_VERTICES:
            raise ValueError(
                f"a component in play of {len(part.vertices)} vertices is neither a path, a cycle nor complete: "
                f"components of more than {MAX_SEARCH_VERTICES} vertices of another shape are not searched; "
                "mark some of its vertices first or choose a smaller graph"
            )
    return parts, shapes


def _growth(size: int, edges: int) -> float:
    """Components a search of one connected component of k vertices and m edges meets: ``8 b(d)**k``.

    ``d = 2m / k`` is the average degree; ``b`` rises from 1.23 (trees,
    d = 2) to 1.37 (d = 3, cubic graphs) and falls by 0.03 per unit of d
    beyond (a move removes more vertices), never below 1.05.  Measured on
    random trees, random graphs of 1.1 to 3 edges per vertex, random cubic
    graphs and grids of 16 to 60 vertices (``benchmarks/graph_games_finite.py``):
    a model, 1 to 15 times the components met, not a bound.
    """
    degree = 2 * edges / size if size else 0.0
    if degree <= 3:
        base = 1.23 + 0.14 * min(max(degree - 2, 0.0), 1.0)
    else:
        base = max(1.05, 1.37 - 0.03 * (degree - 3))
    return 8.0 * base**size


def _check_position(position: object) -> MonochromePosition:
    if not isinstance(position, MonochromePosition):
        raise TypeError(f"a Monochrome position is a MonochromePosition, got {type(position).__name__}")
    return monochrome_position(position.graph, position.marked)


def _short(position: MonochromePosition) -> str:
    text = format_monochrome(position)
    return text if len(text) <= 60 else f"{text[:40]}… ({len(text):,} characters)"


def _asks(parts: Sequence[_Part]) -> dict[tuple, list[int]]:
    asks: dict[tuple, list[int]] = {}
    for part in parts:
        if part.frame is not None:
            asks.setdefault(part.frame, []).append(part.mask)
    return asks


def _search_all(asks: dict[tuple, list[int]], cap: int) -> dict[tuple, dict[int, int]] | None:
    """The values of the masks of every frame, or None when a search looked at more than ``cap`` moves."""
    answers: dict[tuple, dict[int, int]] = {}
    for key, masks in asks.items():
        unique = sorted(set(masks))
        found = _frame(*key).values(unique, cap)
        if found is None:
            return None
        answers[key] = dict(zip(unique, found, strict=True))
    return answers


def _python_seconds(parts: Sequence[_Part], moves: bool) -> float:
    """The Python side: reading the position, and with ``moves`` splitting each move's component again."""
    seconds = 0.0
    for part in parts:
        size = len(part.vertices)
        seconds += (size + part.edges) * _SECONDS_PER_VERTEX
        if moves:
            # each move splits what it leaves of its component again: a large component is a path,
            # a cycle or complete (the search takes no other over 62 vertices), and what a move
            # leaves of a complete graph is empty, so its edges count at most 4 per vertex;
            # measured 0.24 µs per (vertex, vertex or edge) on path-2000 (1.9 s of CPU)
            seconds += size * (size + min(part.edges, 4 * size)) * _SECONDS_PER_MOVE_SPLIT
    return seconds


def _estimate(parts: Sequence[_Part], what: str, *, moves: bool = False) -> Cost:
    """The model's cost of searching the parts not kept (:func:`_growth`), and the Python side."""
    states = 0.0
    seconds = _python_seconds(parts, moves)
    for part in parts:
        if part.frame is None:
            continue
        frame = _FRAMES.get(part.frame)
        if frame is not None and frame.known(part.mask):
            continue
        found = _growth(len(part.vertices), part.edges)
        states += found
        seconds += found * _SECONDS_PER_MOVE * len(part.vertices)
    return Cost(min(seconds, math.inf), int(min(states, 1e18)) * _BYTES_PER_STATE + _python_bytes(parts), what)


def _python_bytes(parts: Sequence[_Part]) -> int:
    """The memory of the Python side: the graph, its neighbours and parts."""
    return sum(len(part.vertices) + part.edges for part in parts) * _BYTES_PER_VERTEX_OR_EDGE


def _what(position: MonochromePosition) -> str:
    return f"the value of Monochrome on {_short(position)}"


def monochrome_cost(position: MonochromePosition, *, moves: bool = False) -> Cost:
    """Estimate the time and memory of :func:`monochrome_value` (or, with ``moves``, :func:`monochrome_move_values`).

    Parameters
    ----------
    position : MonochromePosition
    moves : bool, optional
        Estimate the values of every move too (each move's component split
        again in Python: about ``k (k + m)`` steps for a component of k
        vertices and m edges).

    Returns
    -------
    Cost
        Nothing for components in play that are paths, cycles or complete
        graphs, or whose values are kept.  A search of at most
        :data:`PROBE_MOVES` moves (about 0.1 s) is done here and kept, and
        costs nothing after.  Beyond it, for each other component of k
        vertices, the components met by the model of :func:`_growth`
        (``8 b**k``, b from 1.05 to 1.37 by the average degree) at
        ``0.45 us × k`` each: a model measured on this machine
        (``benchmarks/graph_games_finite.py``), not a bound; the search itself
        stops where the time limit would be passed.

    Raises
    ------
    TypeError, ValueError
        If ``position`` is not a checked position, or a component to search
        has more than :data:`~.monochrome_search.MAX_SEARCH_VERTICES` vertices.
    """
    position = _check_position(position)
    parts, _ = _position_parts(position)
    python = _python_seconds(parts, moves)
    if _search_all(_asks(parts), PROBE_MOVES) is not None:
        return Cost(python, _python_bytes(parts), f"{_what(position)} (its searches done)")
    return _estimate(parts, _what(position), moves=moves)


def _part_values(
    position: MonochromePosition, parts: Sequence[_Part], max_seconds: float | None, *, moves: bool
) -> list[int]:
    """The value of each part, after checking the work (a probe first, then the estimate, then a capped search)."""
    what = _what(position)
    asks = _asks(parts)
    check_work(Cost(_python_seconds(parts, moves), 0, what), "choose a smaller graph", max_seconds)
    answers = _search_all(asks, PROBE_MOVES)
    if answers is None:
        cost = _estimate(parts, what, moves=moves)
        check_work(cost, "choose a smaller graph or mark some vertices first", max_seconds)
        cap = int(min(seconds_limit(max_seconds), 1e6) / _SECONDS_PER_MOVE + PROBE_MOVES)
        answers = _search_all(asks, cap)
        if answers is None:
            raise WorkTooLargeError(
                f"{what} looked at more than {format_count(cap)} moves, beyond its estimate ({cost.describe()}) "
                "and the time limit; choose a smaller graph or mark some vertices first"
            )
    return [part.shape if part.shape is not None else answers[part.frame][part.mask] for part in parts]  # type: ignore[index]


def monochrome_value(position: MonochromePosition, *, max_seconds: float | None = None) -> int:
    """The Grundy value of a Monochrome position: 0 exactly when the player to move loses.

    Parameters
    ----------
    position : MonochromePosition
    max_seconds : float, optional
        Refuse work estimated above this (default
        ``config.IMPARTIAL_MAX_SECONDS``); a search that looks at more moves
        than the limit allows stops and refuses too.

    Returns
    -------
    int
        The XOR of the values of the components in play (module notes);
        exact.

    Raises
    ------
    TypeError, ValueError
        If ``position`` is not a position, a component to search has more
        than :data:`~.monochrome_search.MAX_SEARCH_VERTICES` vertices, or the work is beyond the
        limits (``WorkTooLargeError`` with the estimate).

    Notes
    -----
    Rules of "The Independence Game" (Monochrome; Rob's Dots on a path):
    a move marks a vertex in play, which leaves the game with its
    neighbours; a player with no move loses.
    """
    position = _check_position(position)
    parts, _ = _position_parts(position)
    total = 0
    for value in _part_values(position, parts, max_seconds, moves=False):
        total ^= value
    return total


def monochrome_move_values(
    position: MonochromePosition, *, max_seconds: float | None = None
) -> tuple[int, list[MonochromeMove]]:
    """The value of a position and every move with the value it leaves (winning moves leave 0).

    A drawing colours each vertex in play by the value its move leaves.
    Only the component of the vertex marked changes: its rest is split
    again and read from the values the search kept.

    Returns
    -------
    value : int
        Grundy value of ``position``.
    moves : list of MonochromeMove
        As :func:`monochrome_moves`, each with its ``value``.

    Raises
    ------
    TypeError, ValueError
        As :func:`monochrome_value` (the estimate includes the moves).
    """
    position = _check_position(position)
    parts, shapes = _position_parts(position)
    values = _part_values(position, parts, max_seconds, moves=True)
    total = 0
    for value in values:
        total ^= value
    neighbours = position.graph.neighbours()
    after: dict[int, int] = {}
    for part, value in zip(parts, values, strict=True):
        frame = None if part.frame is None else _frame(*part.frame)
        inside = _OneFrame(part.frame, part.index) if part.frame is not None and part.index is not None else None
        for v in part.vertices:
            gone = {v, *neighbours[v]}
            x = total ^ value
            for group in _groups([w for w in part.vertices if w not in gone], neighbours):
                sub = _part(group, neighbours, shapes, inside)  # type: ignore[arg-type]
                if sub.shape is not None:
                    x ^= sub.shape
                else:
                    assert frame is not None
                    x ^= frame.value(sub.mask)
            after[v] = x
    moves = [dataclasses.replace(m, value=after[m.vertex]) for m in monochrome_moves(position)]
    return total, moves


# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------

#: Seconds per move of the remoteness search over whole positions (Python).
_REMOTENESS_SECONDS_PER_MOVE = 50e-6


@dataclasses.dataclass(frozen=True, kw_only=True)
class MonochromeGame(ImpartialGame[MonochromePosition]):
    """Monochrome (node Kayles) on any undirected graph: mark a vertex, it leaves with its neighbours.

    A position (:class:`MonochromePosition`) is written ``GRAPH`` or
    ``GRAPH:MARKED``.  Values are exact (module notes); remoteness comes from
    a memoised search over whole positions.
    """

    kind: ClassVar[str] = "monochrome"
    commands: ClassVar[tuple[str, ...]] = ("classify", "tree", "sum", "graph-game")
    views: ClassVar[tuple[str, ...]] = ("graph",)
    position_help: ClassVar[str] = _HELP

    @classmethod
    def make(cls) -> MonochromeGame:
        """The game, with its name, title, summary and source."""
        return cls(
            name="monochrome",
            title="Monochrome (node Kayles)",
            summary=(
                "Mark a vertex in play of a graph; it leaves the game with its neighbours; a player with no move "
                "loses (Rob's Dots on a path)."
            ),
            source='C. Wright, "The Independence Game" (2017): Monochrome, Rob\'s Dots on a path',
        )

    def check(self, position: object) -> MonochromePosition:
        """A checked :class:`MonochromePosition`."""
        return _check_position(position)

    def parse(self, text: str) -> MonochromePosition:
        """Read ``GRAPH`` or ``GRAPH:MARKED`` (:func:`parse_monochrome`)."""
        return parse_monochrome(text)

    def format(self, position: MonochromePosition) -> str:
        """``GRAPH`` or ``GRAPH:MARKED`` (:func:`format_monochrome`)."""
        return format_monochrome(self.check(position))

    def start(self) -> MonochromePosition:
        """The Petersen graph, nothing marked."""
        return parse_monochrome("petersen")

    def moves(self, position: MonochromePosition) -> list[tuple[str, MonochromePosition]]:
        """``"mark 3 (removes 2, 3, 4)"`` for each vertex in play (:func:`monochrome_moves`)."""
        listed = monochrome_moves(self.check(position))
        self._check_move_count(position, len(listed))
        return [(m.text, m.result) for m in listed]

    def value_cost(self, position: MonochromePosition) -> Cost:
        """:func:`monochrome_cost`."""
        return monochrome_cost(self.check(position))

    def value(self, position: MonochromePosition, *, max_seconds: float | None = None) -> int:
        """:func:`monochrome_value`."""
        return monochrome_value(self.check(position), max_seconds=max_seconds)

    def remoteness_cost(self, position: MonochromePosition) -> Cost:
        """The values' estimate, plus every set of vertices in play reachable (a bound: ``2**k``) searched."""
        position = self.check(position)
        play = len(position.in_play())
        whole = 1 << play
        return self.value_cost(position) + Cost(
            costs._times(whole * max(play, 1), _REMOTENESS_SECONDS_PER_MOVE),
            whole * 300,
            f"the remoteness of Monochrome on {_short(position)}",
        )

    def remoteness(self, position: MonochromePosition, *, max_seconds: float | None = None) -> int:
        """Exact remoteness, by a memoised search over whole positions (:func:`~.game.search_remoteness`)."""
        return self.remotenesses([position], max_seconds=max_seconds)[0]

    def remotenesses(self, positions: Sequence[MonochromePosition], *, max_seconds: float | None = None) -> list[int]:
        """:meth:`remoteness` of several positions, one search over the sets of vertices in play."""
        checked = [self.check(p) for p in positions]
        for p in checked:
            check_work(self.remoteness_cost(p), "choose a smaller position", max_seconds)
        values: dict[MonochromePosition, int] = {}

        def is_p(p: MonochromePosition) -> bool:
            if p not in values:
                values[p] = monochrome_value(p, max_seconds=max_seconds)
            return values[p] == 0

        return search_remoteness(checked, lambda p: [m.result for m in monochrome_moves(p)], is_p)
