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
  its mirror image are one key).  Paths of up to :data:`.eraserhead_search.TABLE_MAX_VERTICES`
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
(:func:`.eraserhead_search._gap_bound`: an eraser that has moved sits at an end of its
component, erasers keep their order, and keys are taken up to translation);
the tests check the bound on random paths and cycles.  For a component of
any other shape the components met are a model measured on this machine
(:func:`.eraserhead_search._graph_model`), kept below the bound of
:func:`.eraserhead_search._graph_bound`; a
search that goes past its estimate stops at the time limit
(``WorkTooLargeError``).

The parts live in modules of their own: positions, their text and moves in
:mod:`.eraserhead_positions`; the table of paths and the canonical forms of
components in :mod:`.eraserhead_components`; the estimates and the memoised
search in :mod:`.eraserhead_search`.  This module holds the checked public
functions and :class:`EraserheadGame`, and re-exports the names the front door
(:mod:`solver`) and the command line import from here.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import ClassVar

import numpy as np

from .. import costs
from ..costs import Cost
from ..errors import WorkTooLargeError
from ..graphs.formats import GRAPH_FORMS
from ..text import format_count
from ..validation import check_integer
from .eraserhead_components import _cycle_key, _parts, _path_key, _split, _table_cost
from .eraserhead_positions import (
    EraserheadPosition,
    EraserMove,
    eraserhead_moves,
    eraserhead_position,
    format_eraserhead,
    parse_eraserhead,
)
from .eraserhead_search import (
    _BYTES_PER_STATE,
    _GRAPH_SECONDS_PER_KEY,
    _PATH_SECONDS_PER_KEY,
    TABLE_MAX_VERTICES,
    _parts_of,
    _plan,
    _Search,
    _Stopped,
)
from .game import ImpartialGame, check_work, search_remoteness, seconds_limit

__all__ = [
    "EraserheadGame",
    "eraserhead_cost",
    "eraserhead_value",
    "eraserhead_move_values",
    "lost_triples",
    "lost_triples_cost",
    "EraserheadPosition",
    "EraserMove",
    "eraserhead_moves",
    "eraserhead_position",
    "format_eraserhead",
    "parse_eraserhead",
]


#: Most vertices of a path or cycle of :func:`lost_triples`.
MAX_TRIPLE_VERTICES = 200
#: Components a search may meet before its estimate is asked: a search this small is simply done.
PROBE_KEYS = 300
_REMOTENESS_SECONDS_PER_MOVE = 60e-6
#: Seconds per (move, edge or vertex) of listing the moves: the graph after each move copied and written.
_SECONDS_PER_EDGE_COPIED = 0.2e-6
#: Seconds per triple of :func:`lost_triples` beyond the search (its key made and looked up; a cycle's
#: key turns the mask n times).
_TRIPLE_SECONDS = 5e-6
#: The share of the bound on the paths searched (every path of at most n vertices with 1 to 3 erasers,
#: 4 erasers' work each) that the lost triples' search takes, in time and in memory: measured
#: (benchmarks/estimates.py) path-100 4.6 s of CPU and 82 MiB, path-200 63 s and 666 MiB, against
#: 426 s and 1 GiB, 6,742 s and 16 GiB by the whole bound; kept 3 to 4 times above the time and 1.3 to 2.5
#: times above the memory measured.  The search itself still stops at the whole bound.
_TRIPLES_SEARCH_SHARE = 1 / 30
_TRIPLES_MEMORY_SHARE = 1 / 10
_HELP = (
    "GRAPH:ERASERS, the graph left (" + GRAPH_FORMS + ") and the eraser vertices, e.g. cycle-9:0,2,4 or 0-1,1-2,2-3:0,3"
)
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
        per_triple.seconds + costs._times(states, 4 * _PATH_SECONDS_PER_KEY) * _TRIPLES_SEARCH_SHARE,
        per_triple.bytes + int(states * _BYTES_PER_STATE * _TRIPLES_MEMORY_SHARE),
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
