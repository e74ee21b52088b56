"""Positions of Eraserhead: :class:`EraserheadPosition`, :class:`EraserMove` and the moves of a position.

A position's text is ``GRAPH:ERASERS``, read and written here.

The rules and how values are computed are in :mod:`solver.impartial.eraserhead`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from ..graphs.formats import Graph, format_graph, parse_graph, parse_vertices, preset_text
from ..parsing import describe_text
from ..validation import check_integer

__all__ = [
    "EraserheadPosition",
    "EraserMove",
    "parse_eraserhead",
    "format_eraserhead",
    "eraserhead_position",
    "eraserhead_moves",
]


#: Most vertices of a graph of Eraserhead read from text (its positions are searched, never tabulated).
MAX_VERTICES = 1000
_SEPARATOR = ":"


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
