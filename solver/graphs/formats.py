"""Graphs as text: the edge lists, arc lists and named presets that the graph games read and write.

Vertices are ``0..n-1``.  One format serves the command line, the page's
address and the graph editor's text box:

==========================  =========================================================
text                        graph
==========================  =========================================================
``0-1,1-2,2-0``             undirected: the edges 0–1, 1–2, 2–0 (n = 3)
``0>1,1>2,2>0,1>3``         directed: the arcs 0→1, 1→2, 2→0, 1→3 (n = 4)
``0-1,5``                   a lone number names a vertex without edges: here n = 6,
                            vertices 2..5 have no edge
``path-N``                  N vertices in a row, edges i–(i+1)
``cycle-N``                 N ≥ 3 vertices in a ring: the path plus (N−1)–0
``grid-RxC``                R × C grid, vertex r·C + c, edges to the right and down
``complete-N``              every pair of N vertices
``petersen``                the Petersen graph: outer ring 0..4, spokes i–(i+5),
                            inner pentagram (i+5)–((i+2) mod 5 + 5)
==========================  =========================================================

The number of vertices is one more than the largest vertex named (the
presets say it).  In a directed graph an arc ``v>v`` (a self-loop) is
allowed; an undirected graph has no self-loop.  A directed game reads a
preset with each edge i–j, i < j, as the arc i→j, except the closing edge of
``cycle-N``, which is the arc (N−1)→0: so ``cycle-N`` is a directed cycle and
the other presets have no cycle.  An edge or arc listed twice is refused (it
would not change the game, or would make a multigraph).

Spaces around items are ignored; ``–`` (en dash) and ``→`` are read as ``-``
and ``>``.  Every problem is a ``ValueError`` whose message says what to fix.
"""

from __future__ import annotations

import dataclasses
import re

import numpy as np

from ..parsing import describe_text

__all__ = [
    "Graph",
    "GRAPH_FORMS",
    "MAX_EDGES",
    "MAX_VERTICES",
    "PRESETS",
    "format_graph",
    "parse_graph",
    "parse_vertices",
    "preset_text",
]

#: Most vertices of a graph read from text.
MAX_VERTICES = 10_000
#: Most edges (or arcs) of a graph read from text.
MAX_EDGES = 100_000
#: Longest text read.
MAX_TEXT = 1_000_000

#: The named graphs, for messages and menus.
PRESETS = ("path-N", "cycle-N", "grid-RxC", "complete-N", "petersen")

#: How a graph is written, for messages.
GRAPH_FORMS = (
    "an edge list such as 0-1,1-2 (arcs 0>1,1>2 for a directed graph) on vertices 0..n-1, "
    "or path-N, cycle-N, grid-RxC, complete-N, petersen"
)

_PRESET = re.compile(r"(path|cycle|complete)-(\d{1,7})|grid-(\d{1,7})[x×](\d{1,7})|petersen", re.ASCII)
_NUMBER = re.compile(r"\d{1,7}", re.ASCII)


@dataclasses.dataclass(frozen=True)
class Graph:
    """A finite graph on vertices ``0..n-1``, directed or not.

    Attributes
    ----------
    n : int
        Number of vertices, ``>= 1``.
    edges : tuple of (int, int)
        Sorted and without repeats.  Undirected: each edge once as ``(u, v)``
        with ``u < v``.  Directed: each arc ``(tail, head)``; ``tail == head``
        is a self-loop.
    directed : bool
        Whether the edges are arcs.

    Notes
    -----
    Build one with :func:`parse_graph` (or directly with checked vertices:
    the constructor checks the ranges and the order).  ``format_graph``
    writes it back as an edge list that :func:`parse_graph` reads.
    """

    n: int
    edges: tuple[tuple[int, int], ...]
    directed: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.n, bool) or not isinstance(self.n, int) or not 1 <= self.n <= MAX_VERTICES:
            raise ValueError(f"a graph has 1 to {MAX_VERTICES:,} vertices, got {self.n!r:.40}")
        if len(self.edges) > MAX_EDGES:
            raise ValueError(f"a graph has at most {MAX_EDGES:,} edges, got {len(self.edges):,}")
        canonical = _canonical(self.edges, self.directed, self.n)
        object.__setattr__(self, "edges", canonical)

    # -- adjacency ----------------------------------------------------------------

    def neighbours(self) -> list[list[int]]:
        """Each vertex's neighbours (undirected) or successors (directed), in increasing order.

        Returns
        -------
        list of list of int
            ``n`` lists.
        """
        found: list[list[int]] = [[] for _ in range(self.n)]
        for u, v in self.edges:
            found[u].append(v)
            if not self.directed and u != v:
                found[v].append(u)
        for row in found:
            row.sort()
        return found

    def predecessors(self) -> list[list[int]]:
        """Each vertex's predecessors (the tails of the arcs into it); for an undirected graph its neighbours."""
        if not self.directed:
            return self.neighbours()
        found: list[list[int]] = [[] for _ in range(self.n)]
        for u, v in self.edges:
            found[v].append(u)
        for row in found:
            row.sort()
        return found

    def csr(self) -> tuple[np.ndarray, np.ndarray]:
        """The neighbours (successors) in compressed sparse rows, for numba kernels.

        Returns
        -------
        start : numpy.ndarray of int64, shape (n + 1,)
            Vertex ``v``'s neighbours are ``targets[start[v]:start[v + 1]]``.
        targets : numpy.ndarray of int64, shape (2·edges,) undirected, (arcs,) directed
        """
        rows = self.neighbours()
        start = np.zeros(self.n + 1, dtype=np.int64)
        start[1:] = np.cumsum([len(r) for r in rows])
        targets = np.array([v for r in rows for v in r], dtype=np.int64)
        return start, targets

    def components(self) -> list[list[int]]:
        """The connected components (weakly connected for a directed graph), each sorted, by least vertex."""
        parent = list(range(self.n))

        def root(v: int) -> int:
            while parent[v] != v:
                parent[v] = parent[parent[v]]
                v = parent[v]
            return v

        for u, v in self.edges:
            ru, rv = root(u), root(v)
            if ru != rv:
                parent[max(ru, rv)] = min(ru, rv)
        groups: dict[int, list[int]] = {}
        for v in range(self.n):
            groups.setdefault(root(v), []).append(v)
        return [groups[r] for r in sorted(groups)]

    def without_edge(self, edge: tuple[int, int]) -> Graph:
        """This graph without one of its edges (or arcs), on the same vertices.

        Parameters
        ----------
        edge : tuple of (int, int)
            An edge of the graph, ``(u, v)`` with ``u < v`` when undirected.

        Returns
        -------
        Graph
            The same ``n`` and ``directed``; the edges stay sorted, so nothing
            is checked again (linear in the edges).

        Raises
        ------
        ValueError
            If ``edge`` is not an edge of the graph.
        """
        edges = self.edges
        try:
            i = edges.index(tuple(edge))
        except ValueError:
            raise ValueError(f"{edge!r:.40} is not an edge of this graph") from None
        smaller = object.__new__(Graph)
        object.__setattr__(smaller, "n", self.n)
        object.__setattr__(smaller, "edges", edges[:i] + edges[i + 1 :])
        object.__setattr__(smaller, "directed", self.directed)
        return smaller

    def degree(self) -> list[int]:
        """Each vertex's degree (undirected) or out-degree (directed)."""
        return [len(r) for r in self.neighbours()]

    def __str__(self) -> str:
        return format_graph(self)


def _canonical(edges: object, directed: bool, n: int) -> tuple[tuple[int, int], ...]:
    seen: set[tuple[int, int]] = set()
    for edge in edges:  # type: ignore[attr-defined]
        u, v = edge
        for w in (u, v):
            if isinstance(w, bool) or not isinstance(w, int) or not 0 <= w < n:
                raise ValueError(f"vertex {w!r:.20} is not a vertex of a graph on 0..{n - 1}")
        if not directed:
            if u == v:
                raise ValueError(f"the edge {u}-{v} is a loop; an undirected graph here has no loops")
            u, v = min(u, v), max(u, v)
        key = (u, v)
        if key in seen:
            sep = ">" if directed else "-"
            raise ValueError(f"the {'arc' if directed else 'edge'} {u}{sep}{v} is listed twice; list it once")
        seen.add(key)
    return tuple(sorted(seen))


def _preset(match: re.Match[str], directed: bool) -> Graph:
    kind, size = match.group(1), match.group(2)
    edges: list[tuple[int, int]] = []
    if kind is not None:
        n = int(size)
        least = 3 if kind == "cycle" else 1
        if not least <= n <= MAX_VERTICES:
            raise ValueError(f"{kind}-N has {least} to {MAX_VERTICES:,} vertices, got {kind}-{n}")
        if kind in ("path", "cycle"):
            edges = [(i, i + 1) for i in range(n - 1)]
            if kind == "cycle":
                edges.append((n - 1, 0) if directed else (0, n - 1))
        else:
            if n * (n - 1) // 2 > MAX_EDGES:
                raise ValueError(f"complete-{n} has {n * (n - 1) // 2:,} edges, more than {MAX_EDGES:,}")
            edges = [(i, j) for i in range(n) for j in range(i + 1, n)]
        return Graph(n, tuple(edges), directed)
    if match.group(3) is not None:
        rows, cols = int(match.group(3)), int(match.group(4))
        if rows < 1 or cols < 1 or rows * cols > MAX_VERTICES:
            raise ValueError(f"grid-RxC has 1 to {MAX_VERTICES:,} vertices, got grid-{rows}x{cols}")
        for r in range(rows):
            for c in range(cols):
                v = r * cols + c
                if c + 1 < cols:
                    edges.append((v, v + 1))
                if r + 1 < rows:
                    edges.append((v, v + cols))
        return Graph(rows * cols, tuple(edges), directed)
    outer = [(i, (i + 1) % 5) for i in range(5)]
    spokes = [(i, i + 5) for i in range(5)]
    inner = [(i + 5, (i + 2) % 5 + 5) for i in range(5)]
    pairs = [(min(u, v), max(u, v)) for u, v in outer + spokes + inner]
    return Graph(10, tuple(pairs), directed)


def _vertex(text: str, item: str, sep: str = "-") -> int:
    if not _NUMBER.fullmatch(text):
        what = "an arc" if sep == ">" else "an edge"
        raise ValueError(f"{describe_text(item)} is not {what}: write vertices as whole numbers, e.g. 0{sep}1")
    v = int(text)
    if v >= MAX_VERTICES:
        raise ValueError(f"vertex {v:,} is out of range: a graph has at most {MAX_VERTICES:,} vertices (0..)")
    return v


def parse_graph(text: object, *, directed: bool = False) -> Graph:
    """Read a graph from its text (the module's table).

    Parameters
    ----------
    text : str
        An edge list (``0-1,1-2``), an arc list when ``directed``
        (``0>1,1>2``), or a preset (``path-N``, ``cycle-N``, ``grid-RxC``,
        ``complete-N``, ``petersen``).  Case and spaces around items are
        ignored.
    directed : bool, optional
        Read arcs (``u>v``) instead of edges (``u-v``).

    Returns
    -------
    Graph

    Raises
    ------
    TypeError
        If ``text`` is not a string.
    ValueError
        If the text is empty or malformed, uses the other separator (``-``
        in a directed graph or ``>`` in an undirected one), names a vertex
        of :data:`MAX_VERTICES` or more, has a loop in an undirected graph,
        lists an edge twice, or has more than :data:`MAX_EDGES` edges.  The
        message names the item and says how to write it.

    Examples
    --------
    >>> parse_graph("cycle-4").edges
    ((0, 1), (0, 3), (1, 2), (2, 3))
    >>> parse_graph("0>1,1>1", directed=True).neighbours()
    [[1], [1]]
    """
    if not isinstance(text, str):
        raise TypeError(f"a graph is text such as 0-1,1-2 or cycle-5, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise ValueError(f"a graph's text has at most {MAX_TEXT:,} characters, got {len(text):,}")
    body = text.strip().lower().replace("–", "-").replace("→", ">").replace("−", "-")
    if not body:
        raise ValueError(f"the graph is empty: write {GRAPH_FORMS}")
    match = _PRESET.fullmatch(body)
    if match is not None:
        return _preset(match, directed)
    if body.startswith(("path", "cycle", "grid", "complete", "peters")):
        raise ValueError(f"{describe_text(text)} is not a graph: the presets are {', '.join(PRESETS)}")
    sep, other = (">", "-") if directed else ("-", ">")
    what = "arc" if directed else "edge"
    edges: list[tuple[int, int]] = []
    largest = -1
    items = body.split(",")
    if len(items) > MAX_EDGES:
        raise ValueError(f"a graph has at most {MAX_EDGES:,} edges, got {len(items):,} items")
    for raw in items:
        item = raw.strip()
        if not item:
            raise ValueError(f"an empty item in {describe_text(text)}: separate {what}s by single commas")
        if other in item:
            raise ValueError(
                f"{describe_text(item)}: this graph is {'directed' if directed else 'undirected'}, "
                f"so write its {what}s with {sep!r}, e.g. 0{sep}1"
            )
        parts = item.split(sep)
        if len(parts) == 1:
            v = _vertex(parts[0].strip(), item, sep)
            largest = max(largest, v)
            continue
        if len(parts) != 2:
            raise ValueError(f"{describe_text(item)} is not an {what}: write two vertices, e.g. 0{sep}1")
        u, v = _vertex(parts[0].strip(), item, sep), _vertex(parts[1].strip(), item, sep)
        largest = max(largest, u, v)
        edges.append((u, v))
    return Graph(largest + 1, tuple(edges), directed)


def format_graph(graph: Graph) -> str:
    """Write a graph as an edge (arc) list that :func:`parse_graph` reads back to an equal graph.

    Vertices without an edge are written alone when they are the last
    vertex, so that the number of vertices is kept.
    """
    sep = ">" if graph.directed else "-"
    items = [f"{u}{sep}{v}" for u, v in graph.edges]
    touched = {w for edge in graph.edges for w in edge}
    if graph.n - 1 not in touched:
        items.append(str(graph.n - 1))
    return ",".join(items)


def preset_text(graph: Graph) -> str | None:
    """The preset that names ``graph`` exactly (``path-N``, ``cycle-N``, ``grid-RxC``, ``complete-N``, ``petersen``), or None.

    Parameters
    ----------
    graph : Graph
        Undirected or directed (read with the presets' arcs, see the module
        notes).

    Returns
    -------
    str or None
        A text that :func:`parse_graph` reads back to an equal graph (with
        the same ``directed``), or None when no preset has these edges on
        these vertex numbers.  A graph that is several presets (``path-2`` is
        ``complete-2`` and ``grid-1x2``) gets the first of ``path``,
        ``cycle``, ``complete``, ``grid``, ``petersen``; a grid is tried for
        every R × C = n with R, C >= 2.

    Examples
    --------
    >>> preset_text(parse_graph("0-1,1-2,2-3,0-3"))
    'cycle-4'
    >>> preset_text(parse_graph("0-1,1-2")) is None
    False
    >>> preset_text(parse_graph("0-2")) is None
    True
    """
    n = graph.n
    edges = len(graph.edges)
    names = []
    if edges == n - 1:
        names.append(f"path-{n}")
    if edges == n and n >= 3:
        names.append(f"cycle-{n}")
    if edges == n * (n - 1) // 2 and n * (n - 1) // 2 <= MAX_EDGES:
        names.append(f"complete-{n}")
    for rows in range(2, n // 2 + 1):
        if n % rows == 0 and n // rows >= 2 and edges == rows * (n // rows - 1) + (rows - 1) * (n // rows):
            names.append(f"grid-{rows}x{n // rows}")
    if n == 10 and edges == 15:
        names.append("petersen")
    for name in names:
        if parse_graph(name, directed=graph.directed) == graph:
            return name
    return None


def parse_vertices(text: object, graph: Graph, name: str = "a token", *, distinct: bool = False) -> tuple[int, ...]:
    """Read vertices of ``graph`` written ``0,2,4`` (tokens, erasers).

    Parameters
    ----------
    text : str
        Vertices separated by commas; an empty text is no vertex.
    graph : Graph
        The graph they must lie on.
    name : str, optional
        What a vertex holds, for messages (``"an eraser"``).
    distinct : bool, optional
        Refuse a vertex named twice (erasers), instead of allowing several
        tokens on one vertex.

    Returns
    -------
    tuple of int
        The vertices in the order given.

    Raises
    ------
    TypeError
        If ``text`` is not a string.
    ValueError
        If an item is not a whole number, is not a vertex of the graph, or
        is repeated when ``distinct``.
    """
    if not isinstance(text, str):
        raise TypeError(f"vertices are text such as 0,2,4, got {type(text).__name__}")
    body = text.strip()
    if not body:
        return ()
    found: list[int] = []
    for raw in body.split(","):
        item = raw.strip()
        if not _NUMBER.fullmatch(item):
            raise ValueError(f"{describe_text(item)} is not a vertex: write {name}'s vertices as numbers, e.g. 0,2,4")
        v = int(item)
        if v >= graph.n:
            raise ValueError(f"{name} on vertex {v} is off the graph: its vertices are 0..{graph.n - 1}")
        if distinct and v in found:
            raise ValueError(
                f"vertex {v} is named twice: at most one {name.removeprefix('an ').removeprefix('a ')} per vertex"
            )
        found.append(v)
    return tuple(found)
