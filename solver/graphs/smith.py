"""Smith's loopy nim values of the vertices of a finite directed graph.

A token on a vertex of a directed graph is a loopy impartial game: a move
slides it along one arc, a player with no move loses, and infinite play is a
draw.  C. A. B. Smith ("Graphs and composite games", J. Combin. Theory 1,
1966, 51–81) gives every vertex ``u`` a *generalised Sprague–Grundy value*
γ(u): a finite nim value ``m`` (written ``*m``) or ∞(K), where K is the set
of finite values among the followers of ``u`` (Winning Ways, ch. 12, "Games
Eternal – Games Entailed"; A. S. Fraenkel and Y. Yesha, "The generalized
Sprague–Grundy function and its invariance under certain mappings", J.
Combin. Theory A 43, 1986, 165–177).

The values are computed by Fraenkel and Yesha's labelling, one finite value
``m = 0, 1, 2, …`` at a time (``docs/graph-games.md`` section 1):

1. label ``m`` every unlabelled vertex that has no follower labelled ``m``
   and each of whose followers that is unlabelled or labelled ∞ has a
   follower labelled ``m``, until no more can be labelled (a vertex is
   labelled after the followers that justify it: the order of labelling is
   Smith's *counter*);
2. label ∞ every unlabelled vertex without a follower labelled ``m``;
3. if vertices remain unlabelled, go on with ``m + 1``.

A vertex of finite value ``m`` has followers of every value below ``m`` and
none of value ``m``; every follower of larger or infinite value has a
follower of value ``m`` labelled earlier (this is what lets the player who
wants the value ``m`` undo an increase, and the counter makes sure that it
ends).  Each round costs one pass over the arcs, and there are at most
``max out-degree + 2`` rounds.
"""

from __future__ import annotations

import dataclasses
import math

import numba
import numpy as np

from solver.costs import Cost
from solver.uncompiled import choose
from solver.values.nimvalues import INF, nim_value_text

from .formats import Graph

__all__ = [
    "INF",
    "LoopyValues",
    "loopy_values",
    "loopy_values_cost",
    "loopy_values_of_followers",
    "loopy_value_text",
    "values_from_csr",
]

#: Seconds per arc and round of the labelling (measured: see benchmarks/graph_games.py), rounded up.
SECONDS_PER_ARC_ROUND = 10e-9
#: Seconds per vertex for building the arrays and reading K (Python), rounded up.
SECONDS_PER_VERTEX = 3e-6
#: Bytes per vertex and per arc held while the values are computed.
BYTES_PER_VERTEX = 400
BYTES_PER_ARC = 64
#: The largest graph (vertices plus arcs) labelled uncompiled while the kernels are not compiled
#: (:func:`solver.uncompiled.choose`): a game's first board, in a few hundredths of a second in Python.
PYTHON_MAX_SIZE = 20_000


@numba.njit(cache=True)
def _label(indptr, kids, pptr, par, value, counter):  # pragma: no cover - compiled
    """Fraenkel–Yesha labelling (unchecked kernel); writes ``value`` (-1 for ∞) and ``counter``.

    ``kids`` must not list a follower twice for one vertex.
    """
    n = indptr.shape[0] - 1
    unlabelled = -2
    for u in range(n):
        value[u] = unlabelled
        counter[u] = -1
    has_m = np.zeros(n, dtype=np.bool_)
    need = np.zeros(n, dtype=np.int64)
    queue = np.empty(n, dtype=np.int64)
    remaining = n
    count = 0
    m = 0
    while remaining > 0:
        for u in range(n):
            has_m[u] = False
        head = 0
        tail = 0
        for u in range(n):
            if value[u] != unlabelled:
                continue
            waiting = 0
            for e in range(indptr[u], indptr[u + 1]):
                w = value[kids[e]]
                if w == unlabelled or w == -1:
                    waiting += 1
            need[u] = waiting
        for u in range(n):
            if value[u] == unlabelled and need[u] == 0:
                # No follower unlabelled or ∞ (so none labelled m yet either).
                value[u] = m
                counter[u] = count
                count += 1
                remaining -= 1
                queue[tail] = u
                tail += 1
        while head < tail:
            y = queue[head]
            head += 1
            for e in range(pptr[y], pptr[y + 1]):
                p = par[e]
                if has_m[p]:
                    continue
                has_m[p] = True
                if value[p] != unlabelled and value[p] != -1:
                    continue
                # p is unlabelled or ∞ and now has a follower labelled m: its
                # unlabelled parents wait for one follower fewer.
                for f in range(pptr[p], pptr[p + 1]):
                    q = par[f]
                    if value[q] != unlabelled or has_m[q]:
                        continue
                    need[q] -= 1
                    if need[q] == 0:
                        value[q] = m
                        counter[q] = count
                        count += 1
                        remaining -= 1
                        queue[tail] = q
                        tail += 1
        for u in range(n):
            if value[u] == unlabelled and not has_m[u]:
                value[u] = -1
                remaining -= 1
        m += 1


@dataclasses.dataclass(frozen=True, eq=False)
class LoopyValues:
    """Smith's loopy nim values of every vertex of a directed graph.

    Attributes
    ----------
    n : int
        Number of vertices.
    value : numpy.ndarray
        Shape ``(n,)``, dtype ``int64``: the finite nim value ``m >= 0`` of
        each vertex, or :data:`INF` (-1) for ∞(K) (K: :meth:`k_of`).
    counter : numpy.ndarray
        Shape ``(n,)``, dtype ``int64``: Smith's counter of each finite
        vertex (the order in which the labelling reached it: every follower
        of larger or infinite value has a follower of the same value with a
        smaller counter), -1 for ∞.  The computer's play uses it to make
        progress (``docs/graph-games.md`` section 2).
    indptr, kids : numpy.ndarray
        The graph, dtype ``int64``: the followers of ``u`` are
        ``kids[indptr[u]:indptr[u + 1]]``, increasing, without repeats.

    Notes
    -----
    Build one with :func:`loopy_values` (a :class:`~solver.graphs.Graph`) or
    :func:`loopy_values_of_followers` (follower lists).
    """

    n: int
    value: np.ndarray
    counter: np.ndarray
    indptr: np.ndarray
    kids: np.ndarray

    def followers_of(self, vertex: int) -> tuple[int, ...]:
        """The followers of ``vertex``, increasing."""
        return tuple(int(v) for v in self.kids[self.indptr[vertex] : self.indptr[vertex + 1]])

    def k_of(self, vertex: int) -> tuple[int, ...]:
        """K of an ∞ vertex: the finite values among its followers, increasing; ``()`` for a finite vertex."""
        if self.value[vertex] != INF:
            return ()
        found = self.value[self.kids[self.indptr[vertex] : self.indptr[vertex + 1]]]
        return tuple(int(j) for j in np.unique(found[found >= 0]))

    def is_finite(self, vertex: int) -> bool:
        """Whether ``vertex`` has a finite nim value."""
        return bool(self.value[vertex] >= 0)

    def text(self, vertex: int) -> str:
        """The value of ``vertex`` as the Nim values view writes it: ``"2"``, ``"inf{0,2}"``, ``"inf{}"``."""
        return loopy_value_text(int(self.value[vertex]), self.k_of(vertex))

    def texts(self) -> list[str]:
        """Every vertex's value as text (:meth:`text`), in vertex order."""
        args = (self.indptr, self.kids, self.value)
        masks = choose(_k_masks, args, small=self.n + self.kids.shape[0] <= PYTHON_MAX_SIZE)(*args)
        cache: dict[int, str] = {}
        found = []
        for u, (g, mask) in enumerate(zip(self.value.tolist(), masks.tolist(), strict=True)):
            if g >= 0:
                found.append(str(g))
            elif mask < 0:  # a value of 63 or more among the followers: K does not fit the mask
                found.append(self.text(u))
            else:
                text = cache.get(mask)
                if text is None:
                    text = cache[mask] = nim_value_text(INF, mask)
                found.append(text)
        return found


@numba.njit(cache=True)
def _k_masks(indptr, kids, value):  # pragma: no cover - compiled
    """K of every ∞ vertex as a bit mask (bit j: j in K); -1 when a follower's value is 63 or more; 0 if finite."""
    n = indptr.shape[0] - 1
    masks = np.zeros(n, dtype=np.int64)
    for u in range(n):
        if value[u] != -1:
            continue
        mask = 0
        for e in range(indptr[u], indptr[u + 1]):
            g = value[kids[e]]
            if g >= 63:
                mask = -1
                break
            if g >= 0:
                mask |= np.int64(1) << g
        masks[u] = mask
    return masks


def loopy_value_text(value: int, k: tuple[int, ...] = ()) -> str:
    """A loopy nim value as text: ``"2"`` for \\*2, ``"inf{0,2}"`` for ∞({0, 2}) (:func:`~solver.nim_value_text`)."""
    mask = sum(1 << j for j in k)
    return nim_value_text(value, mask if value == INF else 0)


def loopy_values_cost(n: int, arcs: int, max_out_degree: int) -> Cost:
    """Estimated time and memory of :func:`loopy_values` on a graph of this size.

    Parameters
    ----------
    n, arcs, max_out_degree : int
        Vertices, arcs, and the largest number of followers of a vertex.

    Returns
    -------
    Cost
        Rounds are at most ``max_out_degree + 2`` and at most
        ``isqrt(2 · arcs) + 2`` (a finite value ``m`` needs at least
        ``m (m + 1) / 2`` arcs below it), each one pass over vertices and arcs.
    """
    rounds = min(max_out_degree, math.isqrt(2 * arcs)) + 2
    seconds = (n + arcs) * rounds * SECONDS_PER_ARC_ROUND + n * SECONDS_PER_VERTEX
    return Cost(seconds, n * BYTES_PER_VERTEX + arcs * BYTES_PER_ARC, f"the nim values of {n:,} vertices")


def loopy_values_of_followers(followers: list[list[int]] | tuple[tuple[int, ...], ...]) -> LoopyValues:
    """Smith's loopy nim values of a directed graph given by its follower lists.

    Parameters
    ----------
    followers : sequence of sequences of int
        ``followers[u]``: the vertices one move from ``u`` (``0 <= v < n``;
        repeats are ignored, ``u`` itself is a self-loop).

    Returns
    -------
    LoopyValues

    Raises
    ------
    ValueError
        If a follower is not a vertex.

    Notes
    -----
    Smith (1966); Winning Ways, ch. 12; the labelling of Fraenkel and Yesha
    (1986), in the module docstring.  ``docs/graph-games.md`` section 1.
    """
    n = len(followers)
    rows = tuple(tuple(sorted(set(int(v) for v in row))) for row in followers)
    for row in rows:
        if row and not (row[0] >= 0 and row[-1] < n):
            raise ValueError(f"a follower {row[-1] if row[-1] >= n else row[0]} is not a vertex of 0..{n - 1}")
    indptr = np.zeros(n + 1, dtype=np.int64)
    indptr[1:] = np.cumsum([len(r) for r in rows])
    kids = np.fromiter((v for r in rows for v in r), dtype=np.int64, count=int(indptr[-1]))
    return values_from_csr(indptr, kids)


def values_from_csr(indptr: np.ndarray, kids: np.ndarray) -> LoopyValues:
    """Smith's values of a graph in CSR form (``kids[indptr[u]:indptr[u + 1]]`` increasing, without repeats).

    Parameters
    ----------
    indptr : numpy.ndarray
        Shape ``(n + 1,)``, dtype ``int64``.
    kids : numpy.ndarray
        Shape ``(arcs,)``, dtype ``int64``, every entry in ``0..n-1``
        (unchecked: :func:`loopy_values_of_followers` checks).

    Returns
    -------
    LoopyValues
    """
    from solver.engine.graph import parent_lists

    n = indptr.shape[0] - 1
    small = n + kids.shape[0] <= PYTHON_MAX_SIZE
    pptr, par = choose(parent_lists, (indptr, kids), small=small)(indptr, kids)
    value = np.empty(n, dtype=np.int64)
    counter = np.empty(n, dtype=np.int64)
    args = (indptr, kids, pptr, par, value, counter)
    choose(_label, args, small=small)(*args)
    return LoopyValues(n, value, counter, indptr, kids)


def loopy_values(graph: Graph) -> LoopyValues:
    """Smith's loopy nim value of every vertex of a directed graph.

    Parameters
    ----------
    graph : Graph
        A directed graph (:func:`~solver.graphs.parse_graph` with
        ``directed=True``); self-loops and cycles are allowed.

    Returns
    -------
    LoopyValues
        ``value[u]`` is \\*m or ∞(K) (``k[u]``); a vertex without arcs has
        value 0.

    Raises
    ------
    ValueError
        If the graph is undirected.

    Examples
    --------
    >>> from solver.graphs import parse_graph
    >>> loopy_values(parse_graph("0>1,1>2,2>0,1>3", directed=True)).texts()
    ['0', '2', '1', '0']
    >>> loopy_values(parse_graph("0>0,0>1,1>2", directed=True)).texts()
    ['inf{1}', '1', '0']
    """
    if not isinstance(graph, Graph):
        raise TypeError(f"graph must be a solver.graphs.Graph, got {type(graph).__name__}")
    if not graph.directed:
        raise ValueError("loopy nim values are of a directed graph: write its arcs as 0>1,1>2")
    return loopy_values_of_followers(graph.neighbours())
