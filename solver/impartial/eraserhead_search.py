"""Estimates and the memoised search of Eraserhead.

The bounds and models of the components a search meets, the plan (the table or
the search, whichever is cheaper), and the iterative search that keeps its
values.

The bounds and models are explained in :mod:`solver.impartial.eraserhead`
("How values are computed").
"""

from __future__ import annotations

import dataclasses
import math
import threading
from collections.abc import Hashable, Iterable, Sequence

import numpy as np

from .. import costs
from ..costs import Cost
from .eraserhead_components import (
    _cycle_options,
    _graph_options,
    _path_options,
    _path_table_kernel,
    _split,
    _table_cost,
)
from .eraserhead_positions import EraserheadPosition

__all__ = [
    "TABLE_MAX_VERTICES",
]


#: Longest path whose every occupancy is kept in the table (2**(L+1) bytes: 128 MiB at 26).
TABLE_MAX_VERTICES = 26

# Cost model (benchmarks/graph_games_finite.py, the project's machine under the load of several
# engineers, warm numba cache): the memoised search in Python, seconds per component of a path or
# cycle and per eraser in it (its moves listed, each result made canonical), and per component of
# any other shape; rounded up.
_PATH_SECONDS_PER_KEY = 25e-6
_GRAPH_SECONDS_PER_KEY = 400e-6
_BYTES_PER_STATE = 250
#: Most components whose values are kept; beyond it the memo starts afresh.
KEPT_COMPONENTS = 2_000_000


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
