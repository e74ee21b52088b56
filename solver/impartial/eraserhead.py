"""Eraserhead: erasers walk along the edges of a graph and erase them.

The rules are those of "Eraserhead (Games on Circles I)" (a blog post of the
impartial-games series quoted in ``docs/impartial-games.md``): erasers sit on
vertices of a finite undirected graph, at most one per vertex.  A move takes
one eraser along an edge to an unoccupied neighbour and erases that edge.  The
player who moves last wins (normal play).  Every move erases an edge, so play
ends: the game is finite and loop-free.

A position is the graph of the edges not yet erased, on the original vertex
numbers, and the eraser vertices; its text is ``GRAPH:ERASERS`` with the graph
as :func:`solver.graphs.parse_graph` reads it (``cycle-9:0,2,4``,
``0-1,1-2,2-3:0,3``), so that a drawing keeps its labels after erasures.

How values are computed
-----------------------
The position splits into its connected components (of the graph left): a
move changes one of them, so the position is their sum and its Grundy value
the XOR of theirs (Sprague–Grundy); a component without an eraser, or
without an edge, has no move (value 0).  Each component is memoised under a
canonical form:

* a **path** of L vertices is its occupancy, bit ``i`` for the i-th vertex
  from one end, read from whichever end gives the smaller number (a path and
  its mirror image are one key).  Paths of up to :data:`TABLE_MAX_VERTICES`
  vertices are read from a table of every occupancy of every length, built in
  one pass by a numba kernel (an eraser moving from vertex i to i + 1 splits
  the path into the vertices ``0..i``, now without an eraser at ``i``, and
  ``i+1..L-1``, with one at ``i + 1``: both shorter, so ascending lengths
  need nothing else); longer paths go to the memoised search;
* a **cycle** of L vertices is its occupancy read around it from the
  rotation and direction that give the smallest number; every move from a
  cycle leaves a path of L vertices;
* **any other component** is keyed by its edges and erasers with its
  vertices renumbered in increasing order (exact, not up to isomorphism).

The memoised search is iterative (no recursion limit) and keeps its values
with the game, so later positions of the same game reuse them.

Costs are estimated before work (:func:`eraserhead_cost`), after a search of
at most :data:`PROBE_KEYS` components, which is simply done (and kept).  For
a path or cycle the plan takes the table or the search, whichever is
cheaper, with a bound on the components the search meets
(:func:`_gap_bound`: an eraser that has moved sits at an end of its
component, erasers keep their order, and keys are taken up to translation);
the tests check the bound on random paths and cycles.  For a component of
any other shape the components met are a model measured on this machine
(:func:`_graph_model`), kept below the bound of :func:`_graph_bound`; a
search that goes past its estimate stops at the time limit
(``WorkTooLargeError``).
"""

from __future__ import annotations

import dataclasses
import math
import threading
from collections.abc import Hashable, Iterable, Sequence
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
    "EraserheadPosition",
    "EraserMove",
    "EraserheadGame",
    "parse_eraserhead",
    "format_eraserhead",
    "eraserhead_position",
    "eraserhead_moves",
    "eraserhead_cost",
    "eraserhead_value",
    "eraserhead_move_values",
    "lost_triples",
    "lost_triples_cost",
    "TABLE_MAX_VERTICES",
]

#: Longest path whose every occupancy is kept in the table (2**(L+1) bytes: 128 MiB at 26).
TABLE_MAX_VERTICES = 26
#: Most vertices of a graph of Eraserhead read from text (its positions are searched, never tabulated).
MAX_VERTICES = 1000
#: Most vertices of a path or cycle of :func:`lost_triples`.
MAX_TRIPLE_VERTICES = 200

# Cost model (benchmarks/graph_games_finite.py, the project's machine under the load of several
# engineers, warm numba cache): the table kernel, seconds per (occupancy, vertex); the memoised
# search in Python, seconds per component of a path or cycle and per eraser in it (its moves
# listed, each result made canonical), and per component of any other shape; rounded up.
_TABLE_SECONDS_PER_ENTRY = 25e-9
_PATH_SECONDS_PER_KEY = 25e-6
_GRAPH_SECONDS_PER_KEY = 400e-6
_BYTES_PER_STATE = 250
#: Most components whose values are kept; beyond it the memo starts afresh.
KEPT_COMPONENTS = 2_000_000
#: Components a search may meet before its estimate is asked: a search this small is simply done.
PROBE_KEYS = 300
_REMOTENESS_SECONDS_PER_MOVE = 60e-6
#: Seconds per (move, edge or vertex) of listing the moves: the graph after each move copied and written.
_SECONDS_PER_EDGE_COPIED = 0.2e-6
#: Seconds per triple of :func:`lost_triples` beyond the search (its key made and looked up; a cycle's
#: key turns the mask n times).
_TRIPLE_SECONDS = 5e-6

_SEPARATOR = ":"
_HELP = (
    "GRAPH:ERASERS, the graph left (" + GRAPH_FORMS + ") and the eraser vertices, e.g. cycle-9:0,2,4 or 0-1,1-2,2-3:0,3"
)


# ---------------------------------------------------------------------------
# Positions
# ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class EraserheadPosition:
    """A position of Eraserhead: the edges not yet erased and the eraser vertices.

    Attributes
    ----------
    graph : Graph
        Undirected; its vertices keep their original numbers ``0..n-1``
        (a vertex whose edges are all erased stays, without edges).
    erasers : tuple of int
        The vertices holding an eraser, increasing, each at most once.

    Notes
    -----
    Build one with :func:`eraserhead_position` or :func:`parse_eraserhead`,
    which check it; two positions are equal when their graphs and erasers
    are.
    """

    graph: Graph
    erasers: tuple[int, ...]

    def __str__(self) -> str:
        return format_eraserhead(self)


@dataclasses.dataclass(frozen=True)
class EraserMove:
    """One move of Eraserhead, with its value (:func:`eraserhead_move_values`).

    Attributes
    ----------
    eraser : int
        The vertex the eraser leaves.
    to : int
        The neighbour it moves to (unoccupied before the move).
    edge : tuple of (int, int)
        The edge erased, ``(min, max)``.
    result : EraserheadPosition
        The position after the move.
    value : int or None
        Grundy value of ``result`` (None from :func:`eraserhead_moves`, which
        lists the moves without values); 0 means the move wins.
    """

    eraser: int
    to: int
    edge: tuple[int, int]
    result: EraserheadPosition
    value: int | None = None

    @property
    def wins(self) -> bool:
        """Whether the move leaves a P-position (value 0): a winning move."""
        return self.value == 0

    @property
    def text(self) -> str:
        """``"eraser 0 → 1 (erases 0-1)"``."""
        return f"eraser {self.eraser} → {self.to} (erases {self.edge[0]}-{self.edge[1]})"


def eraserhead_position(graph: Graph, erasers: Iterable[int]) -> EraserheadPosition:
    """Check and build a position: an undirected graph and distinct eraser vertices on it.

    Parameters
    ----------
    graph : Graph
        Undirected, at most :data:`MAX_VERTICES` vertices.
    erasers : iterable of int
        Eraser vertices, each in ``0..n-1``, at most once each (any order).

    Returns
    -------
    EraserheadPosition

    Raises
    ------
    TypeError
        If ``graph`` is not a :class:`~solver.graphs.Graph` or a vertex is
        not an integer.
    ValueError
        If the graph is directed or too large, a vertex is off the graph or
        holds two erasers.
    """
    if not isinstance(graph, Graph):
        raise TypeError(f"an Eraserhead position needs a solver.graphs.Graph, got {type(graph).__name__}")
    if graph.directed:
        raise ValueError("Eraserhead is played on an undirected graph: write its edges with '-', e.g. 0-1,1-2")
    if graph.n > MAX_VERTICES:
        raise ValueError(f"an Eraserhead graph has at most {MAX_VERTICES:,} vertices, got {graph.n:,}")
    if isinstance(erasers, (str, bytes)):
        raise TypeError("erasers are vertex numbers; read text with parse_eraserhead")
    found: set[int] = set()
    for v in erasers:
        v = check_integer(v, "an eraser's vertex", least=0)
        if v >= graph.n:
            raise ValueError(f"an eraser on vertex {v} is off the graph: its vertices are 0..{graph.n - 1}")
        if v in found:
            raise ValueError(f"vertex {v} holds two erasers: at most one eraser per vertex")
        found.add(v)
    return EraserheadPosition(graph, tuple(sorted(found)))


def parse_eraserhead(text: object) -> EraserheadPosition:
    """Read a position written ``GRAPH:ERASERS`` (``cycle-9:0,2,4``, ``0-1,1-2,2-3:0,3``).

    Parameters
    ----------
    text : str
        The graph as :func:`solver.graphs.parse_graph` reads it (undirected),
        a colon, then the eraser vertices separated by commas (none after
        the colon: no eraser).

    Returns
    -------
    EraserheadPosition

    Raises
    ------
    TypeError
        If ``text`` is not a string.
    ValueError
        If the colon is missing, the graph is malformed or too large, or an
        eraser is off the graph or named twice; one line that says what to
        fix.
    """
    if not isinstance(text, str):
        raise TypeError(f"an Eraserhead position is text such as cycle-9:0,2,4, got {type(text).__name__}")
    if _SEPARATOR not in text:
        raise ValueError(
            f"{describe_text(text)} has no erasers: write GRAPH:ERASERS, the eraser vertices after a colon, "
            "e.g. cycle-9:0,2,4"
        )
    graph_text, eraser_text = text.rsplit(_SEPARATOR, 1)
    graph = parse_graph(graph_text)
    erasers = parse_vertices(eraser_text, graph, "an eraser", distinct=True)
    return eraserhead_position(graph, erasers)


def format_eraserhead(position: EraserheadPosition) -> str:
    """Write a position as ``GRAPH:ERASERS``; :func:`parse_eraserhead` reads it back to an equal position.

    The graph is written as its preset while it is one (``cycle-9``,
    :func:`solver.graphs.preset_text`), else as its edge list
    (:func:`solver.graphs.format_graph`).
    """
    graph = preset_text(position.graph) or format_graph(position.graph)
    return f"{graph}:{','.join(map(str, position.erasers))}"


def eraserhead_moves(position: EraserheadPosition) -> list[EraserMove]:
    """Every move of a position, without values: by eraser, then by the neighbour moved to.

    Parameters
    ----------
    position : EraserheadPosition

    Returns
    -------
    list of EraserMove
        ``value`` None; empty when no eraser has an unoccupied neighbour
        (the player to move has lost).
    """
    graph = position.graph
    occupied = set(position.erasers)
    neighbours = graph.neighbours()
    moves = []
    for v in position.erasers:
        for w in neighbours[v]:
            if w in occupied:
                continue
            edge = (min(v, w), max(v, w))
            erasers = tuple(sorted((occupied - {v}) | {w}))
            moves.append(EraserMove(v, w, edge, EraserheadPosition(graph.without_edge(edge), erasers)))
    return moves


# ---------------------------------------------------------------------------
# The table of paths (numba)
# ---------------------------------------------------------------------------


@numba.njit(cache=True)
def _path_table_kernel(top: int) -> np.ndarray:  # pragma: no cover - numba
    """Grundy value of every occupancy of every path of 1..top vertices (numba; unchecked, top <= 31).

    Entry ``2**L - 1 + mask`` is the path of L vertices with erasers on the
    bits of ``mask``.  A path of L vertices has at most 2L options, so values
    are below 64 and one 64-bit word holds the options seen.
    """
    table = np.zeros((1 << (top + 1)) - 1, np.uint8)
    for length in range(1, top + 1):
        base = (1 << length) - 1
        for mask in range(1 << length):
            seen = np.uint64(0)
            for i in range(length):
                if not (mask >> i) & 1:
                    continue
                low = mask & ((1 << i) - 1)
                if i + 1 < length and not (mask >> (i + 1)) & 1:
                    # to i + 1: vertices 0..i without the eraser, i+1.. with it at the start
                    left = table[(1 << (i + 1)) - 1 + low]
                    right = table[(1 << (length - i - 1)) - 1 + ((mask >> (i + 1)) | 1)]
                    seen |= np.uint64(1) << np.uint64(left ^ right)
                if i >= 1 and not (mask >> (i - 1)) & 1:
                    # to i - 1: vertices 0..i-1 with the eraser at the end, i.. without it
                    left = table[(1 << i) - 1 + (low | (1 << (i - 1)))]
                    right = table[(1 << (length - i)) - 1 + ((mask >> (i + 1)) << 1)]
                    seen |= np.uint64(1) << np.uint64(left ^ right)
            value = 0
            while (seen >> np.uint64(value)) & np.uint64(1):
                value += 1
            table[base + mask] = value
    return table


def _table_cost(top: int) -> Cost:
    entries = (1 << (top + 1)) - 1
    return Cost(
        entries * top * _TABLE_SECONDS_PER_ENTRY,
        entries,
        f"the table of Eraserhead on paths of up to {top} vertices ({format_count(entries)} occupancies)",
    )


# ---------------------------------------------------------------------------
# Canonical forms of components
# ---------------------------------------------------------------------------


def _reverse(mask: int, length: int) -> int:
    return int(format(mask, f"0{length}b")[::-1], 2) if length else 0


def _path_key(length: int, mask: int) -> tuple:
    return ("P", length, min(mask, _reverse(mask, length)))


def _cycle_key(length: int, mask: int) -> tuple:
    full = (1 << length) - 1
    best = mask
    for turned in (mask, _reverse(mask, length)):
        for r in range(length):
            rotated = ((turned >> r) | (turned << (length - r))) & full
            if rotated < best:
                best = rotated
    return ("C", length, best)


def _local_key(size: int, adjacent: Sequence[int], edges: Sequence[tuple[int, int]], erasers: int) -> tuple | None:
    """The canonical key of a connected component on vertices ``0..size-1`` (bit masks), or None without a move.

    ``adjacent[v]`` is the mask of v's neighbours, ``edges`` the edges
    ``(u, v)``, ``u < v``, and ``erasers`` the mask of eraser vertices.
    """
    full = (1 << size) - 1
    if not edges or not erasers or erasers == full:
        return None
    degrees = [a.bit_count() for a in adjacent]
    if max(degrees) <= 2 and len(edges) in (size - 1, size):
        cycle = len(edges) == size
        here = 0 if cycle else degrees.index(1)
        mask = (erasers >> here) & 1
        seen = 1 << here
        for i in range(1, size):
            nxt = adjacent[here] & ~seen
            here = (nxt & -nxt).bit_length() - 1
            seen |= 1 << here
            mask |= ((erasers >> here) & 1) << i
        return _cycle_key(size, mask) if cycle else _path_key(size, mask)
    return ("G", size, tuple(edges), erasers)


def _components(size: int, edges: Sequence[tuple[int, int]], erasers: int) -> list[tuple]:
    """Canonical keys of the components with a move of a graph on ``0..size-1`` (edges ``u < v``, sorted)."""
    adjacent = [0] * size
    for u, v in edges:
        adjacent[u] |= 1 << v
        adjacent[v] |= 1 << u
    remaining = 0
    for v in range(size):
        if adjacent[v]:
            remaining |= 1 << v
    keys = []
    while remaining:
        component = remaining & -remaining
        frontier = component
        while frontier:
            grown = 0
            while frontier:
                bit = frontier & -frontier
                frontier ^= bit
                grown |= adjacent[bit.bit_length() - 1]
            frontier = grown & ~component
            component |= frontier
        remaining &= ~component
        own = erasers & component
        if not own or own == component:
            continue
        if component == (1 << size) - 1:
            key = _local_key(size, adjacent, edges, erasers)
        else:
            index = [-1] * size
            vertices: list[int] = []
            bits = component
            while bits:
                bit = bits & -bits
                bits ^= bit
                index[bit.bit_length() - 1] = len(vertices)
                vertices.append(bit.bit_length() - 1)
            local_edges = [(index[u], index[v]) for u, v in edges if (component >> u) & 1]
            local_adjacent = [0] * len(vertices)
            for u, v in local_edges:
                local_adjacent[u] |= 1 << v
                local_adjacent[v] |= 1 << u
            local_erasers = 0
            for v in vertices:
                if (erasers >> v) & 1:
                    local_erasers |= 1 << index[v]
            key = _local_key(len(vertices), local_adjacent, local_edges, local_erasers)
        if key is not None:
            keys.append(key)
    return keys


def _split(graph_edges: Iterable[tuple[int, int]], erasers: Iterable[int]) -> list[tuple]:
    """Canonical keys of the components with a move of a graph on any vertex numbers (its edges, ``u < v``)."""
    edges = sorted(graph_edges)
    vertices = sorted({w for e in edges for w in e})
    index = {v: i for i, v in enumerate(vertices)}
    mask = 0
    for v in erasers:
        if v in index:
            mask |= 1 << index[v]
    return _components(len(vertices), [(index[u], index[v]) for u, v in edges], mask)


def _path_options(length: int, mask: int) -> list[tuple[tuple, ...]]:
    options = []
    bits = mask
    while bits:
        bit = bits & -bits
        bits ^= bit
        i = bit.bit_length() - 1
        low = mask & (bit - 1)
        if i + 1 < length and not (mask >> (i + 1)) & 1:
            options.append(_parts(((i + 1, low), (length - i - 1, (mask >> (i + 1)) | 1))))
        if i >= 1 and not (mask >> (i - 1)) & 1:
            options.append(_parts(((i, low | (1 << (i - 1))), (length - i, (mask >> (i + 1)) << 1))))
    return options


def _parts(paths: Iterable[tuple[int, int]]) -> tuple[tuple, ...]:
    found = []
    for length, mask in paths:
        if length >= 2 and mask and mask != (1 << length) - 1:
            found.append(_path_key(length, mask))
    return tuple(found)


def _cycle_options(length: int, mask: int) -> list[tuple[tuple, ...]]:
    full = (1 << length) - 1
    options = []
    bits = mask
    while bits:
        bit = bits & -bits
        bits ^= bit
        i = bit.bit_length() - 1
        # read the cycle from vertex i: bit j is vertex (i + j) mod L
        turned = ((mask >> i) | (mask << (length - i))) & full
        if not (turned >> 1) & 1:  # to i + 1: the path i+1, i+2, ..., i with the eraser at its start
            path = (turned >> 1) | 1
            options.append(_parts(((length, path),)))
        if not (turned >> (length - 1)) & 1:  # to i - 1: the path i, i+1, ..., i-1 with the eraser at its end
            path = (turned & ~1) | (1 << (length - 1))
            options.append(_parts(((length, path),)))
    return options


def _graph_options(key: tuple) -> list[tuple[tuple, ...]]:
    _, size, edges, mask = key
    options = []
    for v in range(size):
        if not (mask >> v) & 1:
            continue
        for i, (a, b) in enumerate(edges):
            if v not in (a, b):
                continue
            w = b if a == v else a
            if (mask >> w) & 1:
                continue
            left = edges[:i] + edges[i + 1 :]
            options.append(tuple(_components(size, left, (mask & ~(1 << v)) | (1 << w))))
    return options


# ---------------------------------------------------------------------------
# Estimates
# ---------------------------------------------------------------------------


def _line_states(length: int, occupied: Sequence[int], cycle: bool) -> int:
    """Bound on the positions reachable in a path or cycle: erasers keep their order and walk one way.

    Each eraser stays between its neighbours' starting vertices, and its
    place there (with the side it went, on a cycle with one eraser) fixes
    the edges it erased: at most ``1 + free vertices on both sides`` places
    (``2L - 1`` for a lone eraser on a cycle).
    """
    k = len(occupied)
    if k == 0:
        return 1
    if cycle and k == 1:
        return 2 * length - 1
    product = 1
    for j, v in enumerate(occupied):
        if cycle:
            before = (v - occupied[j - 1] - 1) % length
            after = (occupied[(j + 1) % k] - v - 1) % length
        else:
            before = v - (occupied[j - 1] if j else -1) - 1
            after = (occupied[j + 1] if j + 1 < k else length) - v - 1
        product *= 1 + before + after
    return product


def _adjacent(gap: int) -> int:
    """Components holding two neighbouring erasers with ``gap`` free vertices between them.

    Each may have moved into the gap (d and d' with d + d' <= gap), and
    whether each has moved decides the free vertices beyond it: at most
    ``min(4 (gap + 1), (gap + 1)(gap + 2) / 2)``.
    """
    return min(4 * (gap + 1), (gap + 1) * (gap + 2) // 2)


def _gap_bound(gaps: Sequence[int]) -> tuple[int, int]:
    """Bound on the components a search of a path meets, from its free runs (module notes).

    ``gaps[i]`` is the number of free vertices left of eraser i and
    ``gaps[i + 1]`` right of it (k erasers, k + 1 runs).  An eraser that has
    moved sits at an end of its component (the edge it came along is
    erased): the left end if it moved right, the right end if it moved left;
    erasers keep their order, the erasers inside a component have not moved,
    and a component's key is its occupancy up to translation.  So a
    component holding erasers ``j..l`` (``j < l``) is fixed by how far j
    moved right, ``0..gaps[j+1]`` (when it has not, the free vertices left of
    it are fixed too: all of its run, and the vertex its left neighbour
    left), and how far l moved left, ``0..gaps[l]``; a component holding one
    eraser by its move (right by ``1..gaps[j+1]``, left by ``1..gaps[j]``, or
    none).

    Returns
    -------
    keys : int
        The bound on the components met.
    work : int
        The same, each weighted by 1 + its erasers (its moves are listed).
    """
    k = len(gaps) - 1
    if k <= 0:
        return 0, 0
    keys = work = 1
    for j in range(k):
        single = gaps[j] + gaps[j + 1] + 1
        keys += single
        work += 2 * single
    for j in range(k - 1):
        pair = _adjacent(gaps[j + 1])
        keys += pair
        work += 3 * pair
    # runs j..l with l >= j + 2: (gaps[j+1] + 1)(gaps[l] + 1), weighted by l - j + 2
    plain = 0  # sums over l >= j + 2 of (gaps[l] + 1), and of that times (l + 2)
    weighted = 0
    for j in range(k - 3, -1, -1):
        last = j + 2
        plain += gaps[last] + 1
        weighted += (gaps[last] + 1) * (last + 2)
        keys += (gaps[j + 1] + 1) * plain
        work += (gaps[j + 1] + 1) * (weighted - j * plain)
    return keys, work


def _line_gaps(length: int, occupied: Sequence[int]) -> list[int]:
    """The free runs of a path: left of each eraser, then right of the last."""
    return (
        [occupied[0]]
        + [occupied[i + 1] - occupied[i] - 1 for i in range(len(occupied) - 1)]
        + [length - 1 - occupied[-1]]
    )


def _path_keys(length: int, occupied: Sequence[int]) -> tuple[int, int]:
    """:func:`_gap_bound` of a path of ``length`` vertices with erasers on ``occupied`` (increasing)."""
    if not occupied:
        return 0, 0
    return _gap_bound(_line_gaps(length, occupied))


def _cycle_keys(length: int, occupied: Sequence[int]) -> tuple[int, int]:
    """Bound on the components a search of a cycle meets, as :func:`_gap_bound` with runs taken around the cycle.

    With ``c_j`` free vertices after eraser j (cyclically): the cycle itself;
    one eraser's component by its move (``c_(j-1) + c_j + 1``); two
    neighbours' by :func:`_adjacent`; a run of 3 to k erasers from j to l
    by ``(c_j + 1)(c_(l-1) + 1)``.  A lone eraser walks around either way:
    ``2 (L - 1)`` components.
    """
    k = len(occupied)
    if k == 0:
        return 0, 0
    if k == 1:
        return 1 + 2 * (length - 1), 1 + 4 * (length - 1)
    runs = [(occupied[(j + 1) % k] - occupied[j] - 1) % length for j in range(k)]
    keys = work = 1
    for j in range(k):
        single = runs[j - 1] + runs[j] + 1
        pair = _adjacent(runs[j])
        keys += single + pair
        work += 2 * single + 3 * pair
    total = sum(r + 1 for r in runs)  # = length
    for j in range(k):
        # runs of 3..k erasers from j: l - 1 ranges over every eraser but j and j - 1
        rest = total - (runs[j] + 1) - (runs[j - 1] + 1)
        keys += (runs[j] + 1) * rest
        work += (runs[j] + 1) * rest * (k + 1)
    return keys, work


def _graph_bound(vertices: int, edges: int, erasers: int) -> int:
    """Bound on the whole positions reachable in a connected component of any shape.

    A position is the set X of edges erased and the eraser vertices P.  X
    is the union of the erasers' trails, so its vertices of odd degree lie
    among the k starting vertices and P; the sets X with a given set of odd
    vertices are a coset of the cycle space, ``2**(E - V + 1)`` of them.  So
    at most ``C(V, k) * min(2**E, 4**k * 2**(E - V + 1))`` positions.
    """
    cycles = edges - vertices + 1
    return math.comb(vertices, erasers) * min(1 << edges, (1 << (2 * erasers)) << cycles)


def _graph_model(vertices: int, edges: int, erasers: int) -> int:
    """Components a search of a component of any shape meets: ``2**(E - V + 1 + k + V/5 + 2)``, measured.

    Fitted on random graphs of 5 to 9 vertices, the Petersen graph, grids and
    complete graphs (``benchmarks/graph_games_finite.py``): 2 to 8 times the
    components met, never below them.
    """
    return int(2.0 ** (edges - vertices + 1 + erasers + vertices / 5 + 2))


@dataclasses.dataclass(frozen=True)
class _Plan:
    """What the value of a position takes: the table of paths up to ``table_top`` and the searches.

    ``path_keys`` bounds the components of paths and cycles searched (and
    ``path_seconds`` their time, which grows with their erasers),
    ``graph_keys`` estimates the other components searched (module notes),
    and ``whole`` bounds the whole positions reachable (for remoteness).
    """

    table_top: int
    path_seconds: float
    path_keys: int
    graph_keys: int
    whole: int

    def cost(self, kept_top: int, what: str) -> Cost:
        seconds = self.path_seconds + costs._times(self.graph_keys, _GRAPH_SECONDS_PER_KEY)
        memory = (self.path_keys + self.graph_keys) * _BYTES_PER_STATE
        if self.table_top > kept_top:
            table = _table_cost(self.table_top)
            seconds += table.seconds
            memory += table.bytes
        return Cost(seconds, memory, what)


def _parts_of(position: EraserheadPosition) -> list[tuple[tuple, list[int], list[tuple[int, int]], list[int]]]:
    """The components with a move: (canonical key, vertices, edges, erasers), on the original numbers."""
    graph = position.graph
    erasers = set(position.erasers)
    where = {}
    components = graph.components()
    for i, component in enumerate(components):
        for v in component:
            where[v] = i
    edges: list[list[tuple[int, int]]] = [[] for _ in components]
    for u, v in graph.edges:
        edges[where[u]].append((u, v))
    found = []
    for component, own in zip(components, edges, strict=True):
        here = [v for v in component if v in erasers]
        keys = _split(own, here)
        if keys:
            found.append((keys[0], component, own, here))
    return found


def _plan(position: EraserheadPosition, kept_top: int, max_seconds: float) -> _Plan:
    """Choose, per component, the table or the search, and bound the search (module notes)."""
    table_top = kept_top
    path_seconds = 0.0
    path_keys = 0
    graph_keys = 0
    whole = 1
    for key, component, edges, here in _parts_of(position):
        k = len(here)
        if key[0] in ("P", "C"):
            length, mask = key[1], key[2]
            occupied = [i for i in range(length) if (mask >> i) & 1]
            cycle = key[0] == "C"
            whole *= _line_states(length, occupied, cycle)
            if length <= table_top:
                continue
            keys, work = _cycle_keys(length, occupied) if cycle else _path_keys(length, occupied)
            seconds = costs._times(work, _PATH_SECONDS_PER_KEY)
            if length <= TABLE_MAX_VERTICES:
                table = _table_cost(length).seconds
                if table <= seconds and table <= max_seconds:
                    table_top = length
                    continue
            path_seconds += seconds
            path_keys += keys
            continue
        reachable = _graph_bound(len(component), len(edges), k)
        whole *= reachable
        graph_keys += min(_graph_model(len(component), len(edges), k), reachable * k)
    return _Plan(table_top, path_seconds, path_keys, graph_keys, whole)


# ---------------------------------------------------------------------------
# The search
# ---------------------------------------------------------------------------


class _Stopped(Exception):
    """A search met more components than it was allowed."""


class _Search:
    """The values of components, kept: the table of paths and the memo of the search (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.table = np.zeros(0, np.uint8)
        self.table_top = 0
        self.memo: dict[Hashable, int] = {}

    def ensure_table(self, top: int) -> None:
        if top <= self.table_top:
            return
        table = _path_table_kernel(top)
        table.setflags(write=False)
        with self._lock:
            if top > self.table_top:
                self.table, self.table_top = table, top

    def direct(self, key: tuple) -> int | None:
        if key[0] == "P" and key[1] <= self.table_top:
            return int(self.table[(1 << key[1]) - 1 + key[2]])
        return self.memo.get(key)

    def values(self, roots: Iterable[tuple], max_states: int) -> dict[tuple, int]:
        """Grundy values of components (keys), by an iterative memoised search.

        Raises ``_Stopped`` after ``max_states`` new components; the values
        found so far are kept (each is exact).
        """
        if len(self.memo) > KEPT_COMPONENTS:
            self.memo.clear()
        found: dict[tuple, int] = {}
        pending: dict[tuple, list[tuple[tuple, ...]]] = {}
        new = 0
        stack = list(roots)
        while stack:
            key = stack[-1]
            if key in found:
                stack.pop()
                continue
            known = self.direct(key)
            if known is not None:
                found[key] = known
                stack.pop()
                continue
            options = pending.get(key)
            if options is None:
                kind = key[0]
                if kind == "P":
                    options = _path_options(key[1], key[2])
                elif kind == "C":
                    options = _cycle_options(key[1], key[2])
                else:
                    options = _graph_options(key)
                pending[key] = options
                missing = []
                for option in options:
                    for part in option:
                        if part in found:
                            continue
                        known = self.direct(part)
                        if known is None:
                            missing.append(part)
                        else:
                            found[part] = known
                if missing:
                    stack.extend(missing)
                    continue
            seen = set()
            for option in options:
                x = 0
                for part in option:
                    x ^= found[part]
                seen.add(x)
            value = 0
            while value in seen:
                value += 1
            found[key] = value
            self.memo[key] = value
            del pending[key]
            stack.pop()
            new += 1
            if new > max_states:
                raise _Stopped
        return found


# ---------------------------------------------------------------------------
# Public functions
# ---------------------------------------------------------------------------

_SEARCH = _Search()


def _check_position(position: object) -> EraserheadPosition:
    if not isinstance(position, EraserheadPosition):
        raise TypeError(f"an Eraserhead position is an EraserheadPosition, got {type(position).__name__}")
    return eraserhead_position(position.graph, position.erasers)


def eraserhead_cost(position: EraserheadPosition, *, moves: bool = False) -> Cost:
    """Estimate the time and memory of :func:`eraserhead_value` (with ``moves``, of :func:`eraserhead_move_values`).

    Parameters
    ----------
    position : EraserheadPosition
    moves : bool, optional
        Include listing every move with its graph (about 0.2 us per move and
        edge); the moves' values come from the same search.

    Returns
    -------
    Cost
        A search of at most :data:`PROBE_KEYS` components is done here and
        kept, and then costs nothing.  Beyond it: the table of paths where
        it is cheaper than a search (25 ns per occupancy and vertex, one
        byte per occupancy), a bound on the components each search of a
        path or cycle meets (module notes) at 25 us per component and
        eraser, and for any other component the model of the module notes
        at 400 us per component.

    Raises
    ------
    TypeError, ValueError
        If ``position`` is not a checked position.
    """
    position = _check_position(position)
    what = f"the value of Eraserhead at {_short(position)}"
    extra = _moves_cost(position) if moves else Cost(0.0, 0, what)
    keys = _split(position.graph.edges, position.erasers)
    try:
        _SEARCH.values(keys, PROBE_KEYS)
        return Cost(extra.seconds, extra.bytes, f"{what} (its search done)")
    except _Stopped:
        found = _plan(position, _SEARCH.table_top, math.inf).cost(_SEARCH.table_top, what)
        return Cost(found.seconds + extra.seconds, found.bytes + extra.bytes, what)


def _short(position: EraserheadPosition) -> str:
    text = format_eraserhead(position)
    return text if len(text) <= 60 else f"{text[:40]}… ({len(text):,} characters)"


def _evaluate(keys_of: Sequence[list[tuple]], position: EraserheadPosition, max_seconds: float | None) -> list[int]:
    """XOR of the component values of each list of keys, after checking the work of ``position``."""
    limit = seconds_limit(max_seconds)
    what = f"the value of Eraserhead at {_short(position)}"
    roots = sorted({k for keys in keys_of for k in keys}, key=repr)
    try:
        found = _SEARCH.values(roots, PROBE_KEYS)
    except _Stopped:
        plan = _plan(position, _SEARCH.table_top, limit)
        cost = plan.cost(_SEARCH.table_top, what)
        check_work(cost, "choose a smaller graph or fewer erasers", max_seconds)
        _SEARCH.ensure_table(plan.table_top)
        budget = 4 * (plan.path_keys + plan.graph_keys) + int(min(limit, 1e6) / _GRAPH_SECONDS_PER_KEY) + PROBE_KEYS
        try:
            found = _SEARCH.values(roots, budget)
        except _Stopped:
            raise WorkTooLargeError(
                f"{what} met more than {format_count(budget)} components, beyond its estimate "
                f"({cost.describe()}) and the time limit; choose a smaller graph or fewer erasers"
            ) from None
    result = []
    for keys in keys_of:
        x = 0
        for k in keys:
            x ^= found[k]
        result.append(x)
    return result


def eraserhead_value(position: EraserheadPosition, *, max_seconds: float | None = None) -> int:
    """The Grundy value of an Eraserhead position: 0 exactly when the player to move loses.

    Parameters
    ----------
    position : EraserheadPosition
    max_seconds : float, optional
        Refuse work estimated above this (default
        ``config.IMPARTIAL_MAX_SECONDS``).

    Returns
    -------
    int
        The XOR of the values of the components of the graph left (module
        notes); exact.

    Raises
    ------
    TypeError, ValueError
        If ``position`` is not a position, or the work
        (:func:`eraserhead_cost`) is beyond the limits; the message gives
        the estimate.

    Notes
    -----
    Rules of "Eraserhead (Games on Circles I)": a move takes an eraser along
    an edge to an unoccupied neighbour and erases the edge; the last mover
    wins.
    """
    position = _check_position(position)
    return _evaluate([_split(position.graph.edges, position.erasers)], position, max_seconds)[0]


@dataclasses.dataclass(frozen=True)
class _Component:
    """A component with a move: its key, and how a move in it changes it (the vertex order of a path or cycle)."""

    key: tuple
    vertices: frozenset[int]
    edges: tuple[tuple[int, int], ...]
    erasers: frozenset[int]
    order: tuple[int, ...] | None

    def after(self, move: EraserMove) -> tuple[tuple, ...]:
        """The keys of what this component becomes after ``move`` (of one of its erasers)."""
        if self.order is None:
            return tuple(_split((e for e in self.edges if e != move.edge), (self.erasers - {move.eraser}) | {move.to}))
        order = self.order
        length = len(order)
        i = order.index(move.eraser)
        mask = sum(1 << j for j, v in enumerate(order) if v in self.erasers)
        if self.key[0] == "C":
            turned = ((mask >> i) | (mask << (length - i))) & ((1 << length) - 1)
            forward = order[(i + 1) % length] == move.to
            path = (turned >> 1) | 1 if forward else (turned & ~1) | (1 << (length - 1))
            return _parts(((length, path),))
        low = mask & ((1 << i) - 1)
        if i + 1 < length and order[i + 1] == move.to:
            return _parts(((i + 1, low), (length - i - 1, (mask >> (i + 1)) | 1)))
        return _parts(((i, low | (1 << (i - 1))), (length - i, (mask >> (i + 1)) << 1)))


def _line_order(vertices: Sequence[int], edges: Sequence[tuple[int, int]], cycle: bool) -> tuple[int, ...]:
    adjacent: dict[int, list[int]] = {v: [] for v in vertices}
    for u, v in edges:
        adjacent[u].append(v)
        adjacent[v].append(u)
    start = min(vertices) if cycle else min(v for v in vertices if len(adjacent[v]) == 1)
    order = [start]
    previous = -1
    while len(order) < len(vertices):
        here = order[-1]
        step = min(w for w in adjacent[here] if w != previous and w not in order[-2:])
        previous = here
        order.append(step)
    return tuple(order)


def _components_of(position: EraserheadPosition) -> list[_Component]:
    found = []
    for key, vertices, edges, here in _parts_of(position):
        order = _line_order(vertices, edges, key[0] == "C") if key[0] in ("P", "C") else None
        found.append(_Component(key, frozenset(vertices), tuple(edges), frozenset(here), order))
    return found


def _moves_cost(position: EraserheadPosition) -> Cost:
    """The Python side of the moves' values: each move's graph copied, and its component split again."""
    graph = position.graph
    count = sum(len(row) for v, row in enumerate(graph.neighbours()) if v in set(position.erasers))
    seconds = count * (len(graph.edges) + graph.n) * _SECONDS_PER_EDGE_COPIED
    return Cost(seconds, count * (len(graph.edges) + 8) * 16, f"the moves of Eraserhead at {_short(position)}")


def eraserhead_move_values(
    position: EraserheadPosition, *, max_seconds: float | None = None
) -> tuple[int, list[EraserMove]]:
    """The value of a position and every move with the value it leaves (winning moves leave 0).

    Only the component of the eraser moved changes: the value after a move
    is the position's value with that component's replaced by the values of
    what it becomes (read from the same search).

    Parameters
    ----------
    position : EraserheadPosition
    max_seconds : float, optional
        As :func:`eraserhead_value`; the moves' own work
        (:func:`eraserhead_cost` includes it) is checked first.

    Returns
    -------
    value : int
        Grundy value of ``position``.
    moves : list of EraserMove
        As :func:`eraserhead_moves`, each with its ``value``.

    Raises
    ------
    TypeError, ValueError
        As :func:`eraserhead_value`.
    """
    position = _check_position(position)
    check_work(_moves_cost(position), "choose a smaller graph or fewer erasers", max_seconds)
    components = _components_of(position)
    moves = eraserhead_moves(position)
    where = {v: c for c in components for v in c.erasers}
    changed = [where[m.eraser].after(m) if m.eraser in where else None for m in moves]
    own = [c.key for c in components]
    lists = [own] + [list(keys) for keys in changed if keys is not None]
    roots = [key for keys in lists for key in keys]
    values = dict(zip(roots, _evaluate([[key] for key in roots], position, max_seconds), strict=True))
    total = 0
    for key in own:
        total ^= values[key]
    valued = []
    for move, keys in zip(moves, changed, strict=True):
        after = total
        if keys is not None:
            after ^= values[where[move.eraser].key]
            for key in keys:
                after ^= values[key]
        valued.append(dataclasses.replace(move, value=after))
    return total, valued


def _check_line(kind: object, n: object) -> tuple[str, int]:
    if kind not in ("path", "cycle"):
        raise ValueError(f"lost triples are for a path or a cycle, got {kind!r:.40}")
    least = 3
    n = check_integer(n, f"the number of vertices of the {kind}", least=least, most=MAX_TRIPLE_VERTICES)
    return str(kind), n


def _line_keys_bound(n: int) -> int:
    """Paths of at most n vertices with 1 to 3 erasers: every component a three-eraser search can meet."""
    return sum(math.comb(length, 1) + math.comb(length, 2) + math.comb(length, 3) for length in range(2, n + 1))


def _triples_use_table(n: int) -> bool:
    """Whether :func:`lost_triples` reads the table (kept, or cheaper to build than the search)."""
    if n <= _SEARCH.table_top:
        return True
    if n > TABLE_MAX_VERTICES:
        return False
    return _table_cost(n).seconds <= _line_keys_bound(n) * 4 * _PATH_SECONDS_PER_KEY


def lost_triples_cost(kind: str, n: int) -> Cost:
    """Estimate :func:`lost_triples`: the table of paths up to ``n`` vertices, or the search.

    Parameters
    ----------
    kind : {"path", "cycle"}
    n : int
        Vertices, 3 to 200.

    Returns
    -------
    Cost
        The table when it is kept or cheaper (25 ns per occupancy and
        vertex, one byte per occupancy: up to about 20 vertices), else every
        path of at most n vertices with 1 to 3 erasers searched (about
        ``n**4 / 24`` of them, 25 us per component and eraser); and 5 us per
        triple (``n`` times that on a cycle, whose key is turned).

    Raises
    ------
    TypeError, ValueError
        If ``kind`` or ``n`` is out of range.
    """
    kind, n = _check_line(kind, n)
    triples = math.comb(n, 3)
    what = f"the lost triples of Eraserhead on a {kind} of {n} vertices ({triples:,} positions)"
    per_triple = Cost(triples * _TRIPLE_SECONDS * (n if kind == "cycle" else 1), triples * 100, what)
    if n <= _SEARCH.table_top:
        return per_triple
    if _triples_use_table(n):
        table = _table_cost(n)
        return Cost(per_triple.seconds + table.seconds, per_triple.bytes + table.bytes, what)
    states = _line_keys_bound(n)
    return Cost(
        per_triple.seconds + costs._times(states, 4 * _PATH_SECONDS_PER_KEY),
        per_triple.bytes + states * _BYTES_PER_STATE,
        what,
    )


def lost_triples(kind: str, n: int, *, max_seconds: float | None = None) -> np.ndarray:
    """Every lost three-eraser position of a path or cycle of ``n`` vertices (the source's 3-D picture).

    Parameters
    ----------
    kind : {"path", "cycle"}
        ``path-N`` (edges i–(i+1)) or ``cycle-N`` (and (N−1)–0).
    n : int
        Vertices, 3 to 200.
    max_seconds : float, optional
        Refuse work estimated above this (default
        ``config.IMPARTIAL_MAX_SECONDS``).

    Returns
    -------
    numpy.ndarray
        int64, shape ``(count, 3)``: every ``(x, y, z)``, ``0 <= x < y < z < n``
        (vertex numbers), whose position (erasers on x, y, z of the whole
        graph) has value 0, in increasing order.  "Eraserhead (Games on
        Circles I)" draws them as unit cubes at ``(x, y, z)`` for paths of 12
        and 13 vertices and for cycles.

    Raises
    ------
    TypeError, ValueError
        If ``kind`` or ``n`` is out of range or the work
        (:func:`lost_triples_cost`) is beyond the limits.
    """
    kind, n = _check_line(kind, n)
    cost = lost_triples_cost(kind, n)
    check_work(cost, "choose fewer vertices", max_seconds)
    if _triples_use_table(n):
        _SEARCH.ensure_table(n)
    triples = [(x, y, z) for x in range(n) for y in range(x + 1, n) for z in range(y + 1, n)]
    make = _cycle_key if kind == "cycle" else _path_key
    keys = [make(n, (1 << x) | (1 << y) | (1 << z)) for x, y, z in triples]
    budget = 4 * _line_keys_bound(n) + PROBE_KEYS
    try:
        found = _SEARCH.values(sorted(set(keys)), budget)
    except _Stopped:  # pragma: no cover - the bound is a bound
        raise WorkTooLargeError(f"{cost.what} went past its bound; choose fewer vertices") from None
    lost = [t for t, key in zip(triples, keys, strict=True) if found[key] == 0]
    return np.array(lost, dtype=np.int64).reshape(-1, 3)


# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, kw_only=True)
class EraserheadGame(ImpartialGame[EraserheadPosition]):
    """Eraserhead on any undirected graph: move an eraser to an unoccupied neighbour, erasing the edge.

    A position (:class:`EraserheadPosition`) is written ``GRAPH:ERASERS``
    (``cycle-9:0,2,4``).  Values are exact (module notes); remoteness comes
    from a memoised search over whole positions.
    """

    kind: ClassVar[str] = "eraserhead"
    commands: ClassVar[tuple[str, ...]] = ("classify", "tree", "sum", "eraserhead")
    views: ClassVar[tuple[str, ...]] = ("graph", "lost-triples")
    position_help: ClassVar[str] = _HELP

    @classmethod
    def make(cls) -> EraserheadGame:
        """The game, with its name, title, summary and source."""
        return cls(
            name="eraserhead",
            title="Eraserhead",
            summary=(
                "Erasers on vertices of a graph; a move takes one eraser along an edge to an unoccupied neighbour "
                "and erases that edge; the last mover wins."
            ),
            source='"Eraserhead (Games on Circles I)", a blog post of the impartial-games series',
        )

    def check(self, position: object) -> EraserheadPosition:
        """A checked :class:`EraserheadPosition` (an undirected graph, distinct erasers on it)."""
        return _check_position(position)

    def parse(self, text: str) -> EraserheadPosition:
        """Read ``GRAPH:ERASERS`` (:func:`parse_eraserhead`)."""
        return parse_eraserhead(text)

    def format(self, position: EraserheadPosition) -> str:
        """``GRAPH:ERASERS`` (:func:`format_eraserhead`)."""
        return format_eraserhead(self.check(position))

    def start(self) -> EraserheadPosition:
        """The source's three-eraser position on a cycle of 9 vertices, ``cycle-9:0,2,4``."""
        return parse_eraserhead("cycle-9:0,2,4")

    def moves(self, position: EraserheadPosition) -> list[tuple[str, EraserheadPosition]]:
        """``"eraser 0 → 1 (erases 0-1)"`` for each move (:func:`eraserhead_moves`)."""
        listed = eraserhead_moves(self.check(position))
        self._check_move_count(position, len(listed))
        return [(m.text, m.result) for m in listed]

    def value_cost(self, position: EraserheadPosition) -> Cost:
        """:func:`eraserhead_cost`."""
        return eraserhead_cost(self.check(position))

    def value(self, position: EraserheadPosition, *, max_seconds: float | None = None) -> int:
        """:func:`eraserhead_value`."""
        return eraserhead_value(self.check(position), max_seconds=max_seconds)

    def remoteness_cost(self, position: EraserheadPosition) -> Cost:
        """The values' estimate, plus every whole position reachable (no split: a bound, module notes) searched."""
        position = self.check(position)
        plan = _plan(position, _SEARCH.table_top, math.inf)
        moves = plan.whole * max(1, 2 * len(position.erasers))
        return self.value_cost(position) + Cost(
            costs._times(moves, _REMOTENESS_SECONDS_PER_MOVE),
            plan.whole * 400,
            f"the remoteness of Eraserhead at {_short(position)}",
        )

    def remoteness(self, position: EraserheadPosition, *, max_seconds: float | None = None) -> int:
        """Exact remoteness, by a memoised search over whole positions (:func:`~.game.search_remoteness`)."""
        return self.remotenesses([position], max_seconds=max_seconds)[0]

    def remotenesses(self, positions: Sequence[EraserheadPosition], *, max_seconds: float | None = None) -> list[int]:
        """:meth:`remoteness` of several positions, one search."""
        checked = [self.check(p) for p in positions]
        for p in checked:
            check_work(self.remoteness_cost(p), "choose a smaller position", max_seconds)
        values: dict[EraserheadPosition, int] = {}

        def is_p(p: EraserheadPosition) -> bool:
            if p not in values:
                values[p] = eraserhead_value(p, max_seconds=max_seconds)
            return values[p] == 0

        return search_remoteness(checked, lambda p: [m.result for m in eraserhead_moves(p)], is_p)
