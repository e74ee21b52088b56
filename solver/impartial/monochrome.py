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
in play as 64-bit masks (at most :data:`MAX_SEARCH_VERTICES` vertices),
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
"""

from __future__ import annotations

import dataclasses
import math
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from typing import ClassVar

import numba
import numpy as np

from .. import costs
from ..costs import Cost
from ..errors import WorkTooLargeError
from ..graphs.formats import GRAPH_FORMS, Graph, format_graph, parse_graph, parse_vertices, preset_text
from ..parsing import describe_text
from ..text import format_count
from ..validation import check_integer
from .game import ImpartialGame, check_work, search_remoteness, seconds_limit

__all__ = [
    "MonochromePosition",
    "MonochromeMove",
    "MonochromeGame",
    "parse_monochrome",
    "format_monochrome",
    "monochrome_position",
    "monochrome_moves",
    "monochrome_cost",
    "monochrome_value",
    "monochrome_move_values",
    "MAX_SEARCH_VERTICES",
]

#: Most vertices of a component searched (a 64-bit mask, the sign bit left alone).
MAX_SEARCH_VERTICES = 62
#: Most vertices of a graph of Monochrome (components that are paths, cycles or complete cost nothing).
MAX_VERTICES = 10_000
#: Searched frames (components of a graph) whose values are kept, least recently used dropped.
KEPT_FRAMES = 16
#: Most components kept per frame (9 bytes each, in a table at most half full); beyond it the frame starts afresh.
KEPT_PER_FRAME = 4_000_000

# Cost model (benchmarks/graph_games_finite.py, the project's machine, warm numba cache): seconds per
# move looked at (the option split into components, each looked up), a component of k vertices
# having k moves; the components met are modelled by _growth.
_SECONDS_PER_MOVE = 0.45e-6
_BYTES_PER_STATE = 120
#: Moves a search may look at before its estimate is asked (about 0.1 s): a search this small is simply done.
PROBE_MOVES = 100_000
#: Seconds and bytes to build the Python side of a position (components, shapes) per vertex.
_SECONDS_PER_VERTEX = 5e-6

_HELP = (
    "GRAPH or GRAPH:MARKED, an undirected graph ("
    + GRAPH_FORMS
    + ") and the vertices marked so far, e.g. petersen or path-7:3"
)
_SEPARATOR = ":"


# ---------------------------------------------------------------------------
# Positions
# ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class MonochromePosition:
    """A position of Monochrome: a graph and its marked vertices.

    Attributes
    ----------
    graph : Graph
        Undirected, on vertices ``0..n-1``; it never changes during play.
    marked : tuple of int
        The marked vertices, increasing; no two adjacent.

    Notes
    -----
    Build one with :func:`monochrome_position` or :func:`parse_monochrome`,
    which check it.
    """

    graph: Graph
    marked: tuple[int, ...]

    def in_play(self) -> list[int]:
        """The vertices in play: neither marked nor next to a marked vertex, increasing."""
        marked = set(self.marked)
        out = set(marked)
        for u, v in self.graph.edges:
            if u in marked:
                out.add(v)
            if v in marked:
                out.add(u)
        return [v for v in range(self.graph.n) if v not in out]

    def __str__(self) -> str:
        return format_monochrome(self)


@dataclasses.dataclass(frozen=True)
class MonochromeMove:
    """One move of Monochrome: a vertex marked, with the value it leaves (:func:`monochrome_move_values`).

    Attributes
    ----------
    vertex : int
        The vertex marked.
    removed : tuple of int
        The vertices that leave the game with it: it and its neighbours in
        play, increasing.
    result : MonochromePosition
        The position after the move.
    value : int or None
        Grundy value of ``result`` (None from :func:`monochrome_moves`); 0
        means the move wins.
    """

    vertex: int
    removed: tuple[int, ...]
    result: MonochromePosition
    value: int | None = None

    @property
    def wins(self) -> bool:
        """Whether the move leaves a P-position (value 0): a winning move."""
        return self.value == 0

    @property
    def text(self) -> str:
        """``"mark 3 (removes 2, 3, 4)"``."""
        return f"mark {self.vertex} (removes {', '.join(map(str, self.removed))})"


def monochrome_position(graph: Graph, marked: Iterable[int] = ()) -> MonochromePosition:
    """Check and build a position: an undirected graph and marked vertices, no two adjacent.

    Parameters
    ----------
    graph : Graph
        Undirected, at most :data:`MAX_VERTICES` vertices.
    marked : iterable of int
        Marked vertices, in the order they were marked (any order gives the
        same position).

    Returns
    -------
    MonochromePosition

    Raises
    ------
    TypeError
        If ``graph`` is not a :class:`~solver.graphs.Graph` or a vertex is
        not an integer.
    ValueError
        If the graph is directed or too large, or a vertex is off the graph,
        marked twice, or out of play (next to a vertex marked before it).
    """
    if not isinstance(graph, Graph):
        raise TypeError(f"a Monochrome position needs a solver.graphs.Graph, got {type(graph).__name__}")
    if graph.directed:
        raise ValueError("Monochrome is played on an undirected graph: write its edges with '-', e.g. 0-1,1-2")
    if graph.n > MAX_VERTICES:
        raise ValueError(f"a Monochrome graph has at most {MAX_VERTICES:,} vertices, got {graph.n:,}")
    if isinstance(marked, (str, bytes)):
        raise TypeError("marked vertices are numbers; read text with parse_monochrome")
    neighbours = graph.neighbours()
    done: list[int] = []
    gone: dict[int, int] = {}
    for v in marked:
        v = check_integer(v, "a marked vertex", least=0)
        if v >= graph.n:
            raise ValueError(f"vertex {v} is off the graph: its vertices are 0..{graph.n - 1}")
        if v in gone:
            by = gone[v]
            if by == v:
                raise ValueError(f"vertex {v} is marked twice: mark each vertex at most once")
            raise ValueError(f"vertex {v} is out of play: it is a neighbour of the marked vertex {by}; mark another")
        done.append(v)
        gone[v] = v
        for w in neighbours[v]:
            gone.setdefault(w, v)
    return MonochromePosition(graph, tuple(sorted(done)))


def parse_monochrome(text: object) -> MonochromePosition:
    """Read a position written ``GRAPH`` or ``GRAPH:MARKED`` (``petersen``, ``path-7:3``, ``0-1,1-2:0``).

    Parameters
    ----------
    text : str
        The graph as :func:`solver.graphs.parse_graph` reads it (undirected),
        then optionally a colon and the marked vertices separated by commas.

    Returns
    -------
    MonochromePosition

    Raises
    ------
    TypeError
        If ``text`` is not a string.
    ValueError
        If the graph is malformed or too large, or a marked vertex is off
        the graph, named twice, or out of play; one line that says what to
        fix.
    """
    if not isinstance(text, str):
        raise TypeError(f"a Monochrome position is text such as petersen or path-7:3, got {type(text).__name__}")
    graph_text, _, marked_text = text.partition(_SEPARATOR)
    if _SEPARATOR in marked_text:
        raise ValueError(f"{describe_text(text)} has two colons: write GRAPH:MARKED, e.g. path-7:3")
    graph = parse_graph(graph_text)
    if graph.n > MAX_VERTICES:
        raise ValueError(f"a Monochrome graph has at most {MAX_VERTICES:,} vertices, got {graph.n:,}")
    return monochrome_position(graph, parse_vertices(marked_text, graph, "a mark"))


def format_monochrome(position: MonochromePosition) -> str:
    """Write a position as ``GRAPH`` or ``GRAPH:MARKED``; :func:`parse_monochrome` reads it back.

    The graph is written as its preset when it is one
    (:func:`solver.graphs.preset_text`), else as its edge list.
    """
    graph = preset_text(position.graph) or format_graph(position.graph)
    if not position.marked:
        return graph
    return f"{graph}:{','.join(map(str, position.marked))}"


def monochrome_moves(position: MonochromePosition) -> list[MonochromeMove]:
    """Every move of a position, without values: mark each vertex in play, in increasing order.

    Returns
    -------
    list of MonochromeMove
        ``value`` None; empty when no vertex is in play (the player to move
        has lost).
    """
    play = set(position.in_play())
    neighbours = position.graph.neighbours()
    moves = []
    for v in sorted(play):
        removed = tuple(sorted({v} | (set(neighbours[v]) & play)))
        result = MonochromePosition(position.graph, tuple(sorted(position.marked + (v,))))
        moves.append(MonochromeMove(v, removed, result))
    return moves


# ---------------------------------------------------------------------------
# The search kernel (numba)
# ---------------------------------------------------------------------------

_DEBRUIJN = 0x03F79D71B4CB0A89
_DEBRUIJN_INDEX = np.zeros(64, np.int64)
for _i in range(64):
    _DEBRUIJN_INDEX[(((1 << _i) * _DEBRUIJN) & ((1 << 64) - 1)) >> 58] = _i


@numba.njit(cache=True)
def _low_index(low: int, index: np.ndarray) -> int:  # pragma: no cover - numba
    """The index of the single bit of ``low`` (below bit 63)."""
    return index[((low * 0x03F79D71B4CB0A89) >> 58) & 63]


@numba.njit(cache=True)
def _popcount(x: int) -> int:  # pragma: no cover - numba
    count = 0
    while x != 0:
        x &= x - 1
        count += 1
    return count


@numba.njit(cache=True)
def _component(start: int, mask: int, adjacent: np.ndarray, index: np.ndarray) -> int:  # pragma: no cover - numba
    """The vertices of ``mask`` connected to vertex ``start`` within ``mask``."""
    component = 1 << start
    frontier = component
    while frontier != 0:
        grown = 0
        while frontier != 0:
            low = frontier & -frontier
            frontier ^= low
            grown |= adjacent[_low_index(low, index)]
        frontier = grown & mask & ~component
        component |= frontier
    return component


@numba.njit(cache=True)
def _shape_value(
    component: int, adjacent: np.ndarray, path_values: np.ndarray, index: np.ndarray
) -> int:  # pragma: no cover
    """The value of a complete graph (1), a path (octal 0.137) or a cycle; -1 for any other shape."""
    size = _popcount(component)
    degrees = 0
    largest = 0
    bits = component
    while bits != 0:
        low = bits & -bits
        bits ^= low
        d = _popcount(adjacent[_low_index(low, index)] & component)
        degrees += d
        if d > largest:
            largest = d
    edges = degrees // 2
    if edges == size * (size - 1) // 2:
        return 1
    if largest <= 2 and edges == size - 1:
        return path_values[size]
    if largest == 2 and edges == size:
        return 1 if path_values[size - 3] == 0 else 0
    return -1


#: Multiplier of the hash of a mask (2**64 / golden ratio, as a signed 64-bit integer).
_HASH = -7046029254386353131


@numba.njit(cache=True)
def _slot(keys: np.ndarray, key: int) -> int:  # pragma: no cover - numba
    """The slot of ``key`` in an open-addressing table (its own, or the empty one where it would go)."""
    last = keys.shape[0] - 1
    i = ((key * _HASH) >> 29) & last
    while True:
        found = keys[i]
        if found == key or found == 0:
            return i
        i = (i + 1) & last


@numba.njit(cache=True)
def _lookup(keys: np.ndarray, values: np.ndarray, key: int) -> int:  # pragma: no cover - numba
    """The value kept for ``key``, or -1."""
    i = _slot(keys, key)
    return -1 if keys[i] == 0 else values[i]


@numba.njit(cache=True)
def _grown(keys: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:  # pragma: no cover - numba
    """The table rehashed into twice the slots."""
    new_keys = np.zeros(2 * keys.shape[0], np.int64)
    new_values = np.zeros(2 * keys.shape[0], np.int8)
    for i in range(keys.shape[0]):
        if keys[i] != 0:
            j = _slot(new_keys, keys[i])
            new_keys[j] = keys[i]
            new_values[j] = values[i]
    return new_keys, new_values


@numba.njit(cache=True)
def _search(
    roots: np.ndarray,
    adjacent: np.ndarray,
    closed: np.ndarray,
    keys: np.ndarray,
    values: np.ndarray,
    count: int,
    path_values: np.ndarray,
    index: np.ndarray,
    shapes: bool,
    cap: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, int, bool]:  # pragma: no cover - numba
    """Grundy values of vertex sets (masks, each any union of components), memoised (numba; unchecked).

    The memo is an open-addressing table: ``keys`` (int64, 0 = empty; a
    component is never empty) and ``values`` (int8: a component of at most 62
    vertices has at most 62 options, so its value is below 63), holding
    ``count`` components, kept at most half full.  Returns the values, the
    table (grown if need be) and its count, and whether the search stopped
    after ``cap`` moves looked at (then the values are 0 and must not be
    used; the table holds only exact values).
    """
    n = adjacent.shape[0]
    stack = np.zeros(n + 2, np.int64)
    next_vertex = np.zeros(n + 2, np.int64)
    seen = np.zeros(n + 2, np.int64)
    found = np.zeros(roots.shape[0], np.int64)
    work = 0
    for r in range(roots.shape[0]):
        total = 0
        rest = roots[r]
        while rest != 0:
            low = rest & -rest
            component = _component(_low_index(low, index), rest, adjacent, index)
            rest &= ~component
            depth = 1
            stack[0] = component
            next_vertex[0] = 0
            seen[0] = 0
            while depth > 0:
                here = stack[depth - 1]
                slot = _slot(keys, here)
                if keys[slot] != 0:
                    depth -= 1
                    continue
                v = next_vertex[depth - 1]
                options = seen[depth - 1]
                if shapes and v == 0 and options == 0:
                    value = _shape_value(here, adjacent, path_values, index)
                    if value >= 0:
                        keys[slot] = here
                        values[slot] = value
                        count += 1
                        if 2 * count > keys.shape[0]:
                            keys, values = _grown(keys, values)
                        depth -= 1
                        continue
                pushed = False
                while v < n:
                    if (here >> v) & 1:
                        work += 1
                        if work > cap:
                            return found, keys, values, count, True
                        left = here & ~closed[v]
                        x = 0
                        missing = 0
                        while left != 0:
                            low = left & -left
                            part = _component(_low_index(low, index), left, adjacent, index)
                            left &= ~part
                            known = _lookup(keys, values, part)
                            if known >= 0:
                                x ^= known
                                continue
                            if shapes:
                                value = _shape_value(part, adjacent, path_values, index)
                                if value >= 0:
                                    j = _slot(keys, part)
                                    keys[j] = part
                                    values[j] = value
                                    count += 1
                                    if 2 * count > keys.shape[0]:
                                        keys, values = _grown(keys, values)
                                    x ^= value
                                    continue
                            missing = part
                            break
                        if missing != 0:
                            next_vertex[depth - 1] = v
                            seen[depth - 1] = options
                            stack[depth] = missing
                            next_vertex[depth] = 0
                            seen[depth] = 0
                            depth += 1
                            pushed = True
                            break
                        options |= 1 << x
                    v += 1
                if pushed:
                    continue
                value = 0
                while (options >> value) & 1:
                    value += 1
                j = _slot(keys, here)
                keys[j] = here
                values[j] = value
                count += 1
                if 2 * count > keys.shape[0]:
                    keys, values = _grown(keys, values)
                depth -= 1
            total ^= _lookup(keys, values, component)
        found[r] = total
    return found, keys, values, count, False


# ---------------------------------------------------------------------------
# Frames: the graphs searched, with their kept values
# ---------------------------------------------------------------------------

#: Slots of a new frame's table (it doubles when half full).
_FIRST_SLOTS = 1 << 12


class _Frame:
    """A connected graph of at most 62 vertices searched, with the values of its components kept."""

    def __init__(self, size: int, edges: tuple[tuple[int, int], ...]) -> None:
        self.size = size
        self.adjacent = np.zeros(size, np.int64)
        for u, v in edges:
            self.adjacent[u] |= np.int64(1) << np.int64(v)
            self.adjacent[v] |= np.int64(1) << np.int64(u)
        self.closed = self.adjacent | (np.int64(1) << np.arange(size, dtype=np.int64))
        self.lock = threading.Lock()
        self._empty()

    def _empty(self) -> None:
        self.keys = np.zeros(_FIRST_SLOTS, np.int64)
        self.kept = np.zeros(_FIRST_SLOTS, np.int8)
        self.count = 0

    def known(self, mask: int) -> bool:
        """Whether the value of this component is kept."""
        return bool(_lookup(self.keys, self.kept, mask) >= 0)

    def value(self, mask: int) -> int:
        """The kept value of a component met by an earlier search (searched again if dropped since)."""
        found = int(_lookup(self.keys, self.kept, mask))
        if found >= 0:
            return found
        again = self.values([mask], 1 << 62)
        assert again is not None
        return again[0]

    def values(self, masks: Sequence[int], cap: int, *, shapes: bool = True) -> list[int] | None:
        """The values of vertex sets (masks) of this frame, or None when the search looked at more than ``cap`` moves."""
        with self.lock:
            if self.count > KEPT_PER_FRAME:
                self._empty()
            roots = np.array(masks, dtype=np.int64)
            found, self.keys, self.kept, self.count, stopped = _search(
                roots,
                self.adjacent,
                self.closed,
                self.keys,
                self.kept,
                self.count,
                _path_values(),
                _DEBRUIJN_INDEX,
                shapes,
                cap,
            )
        return None if stopped else [int(v) for v in found]


_FRAMES: OrderedDict[tuple, _Frame] = OrderedDict()
_FRAMES_LOCK = threading.Lock()


def _frame(size: int, edges: tuple[tuple[int, int], ...]) -> _Frame:
    key = (size, edges)
    with _FRAMES_LOCK:
        frame = _FRAMES.get(key)
        if frame is not None:
            _FRAMES.move_to_end(key)
            return frame
        frame = _Frame(size, edges)
        _FRAMES[key] = frame
        while len(_FRAMES) > KEPT_FRAMES:
            _FRAMES.popitem(last=False)
        return frame


_PATH_VALUES: list[np.ndarray] = []


def _path_values() -> np.ndarray:
    """Values of paths of 0..64 vertices: Rob's Dots, octal 0.137, heaps 0..64."""
    if not _PATH_VALUES:
        _PATH_VALUES.append(_rob().heap_values(list(range(MAX_SEARCH_VERTICES + 2))))
        _PATH_VALUES[0] = np.array(_PATH_VALUES[0], dtype=np.int64)
    return _PATH_VALUES[0]


def _rob():
    from .octal import OctalGame

    return OctalGame.of("0.137")  # Rob's Dots, as the registry makes it (no import of the registry)


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
            seconds += size * (size + part.edges) * _SECONDS_PER_VERTEX
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
    return Cost(min(seconds, math.inf), int(min(states, 1e18)) * _BYTES_PER_STATE, what)


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
        has more than :data:`MAX_SEARCH_VERTICES` vertices.
    """
    position = _check_position(position)
    parts, _ = _position_parts(position)
    python = _python_seconds(parts, moves)
    if _search_all(_asks(parts), PROBE_MOVES) is not None:
        return Cost(python, 0, f"{_what(position)} (its searches done)")
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
        than :data:`MAX_SEARCH_VERTICES` vertices, or the work is beyond the
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
