"""Positions of Monochrome: :class:`MonochromePosition`, :class:`MonochromeMove` and the moves of a position.

A position's text is ``GRAPH`` or ``GRAPH:MARKED``, read and written here.

The rules and how values are computed are in :mod:`solver.impartial.monochrome`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from ..graphs.formats import Graph, format_graph, parse_graph, parse_vertices, preset_text
from ..parsing import describe_text
from ..validation import check_integer

__all__ = [
    "MonochromePosition",
    "MonochromeMove",
    "parse_monochrome",
    "format_monochrome",
    "monochrome_position",
    "monochrome_moves",
]


#: Most vertices of a graph of Monochrome (components that are paths, cycles or complete cost nothing).
MAX_VERTICES = 10_000
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
