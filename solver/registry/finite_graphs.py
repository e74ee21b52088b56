"""The finite impartial games played on a drawn graph, Eraserhead and Monochrome, as board games.

Each is a :class:`~.finite.FiniteGame` (the moves, outcomes, Grundy values
and remoteness of :mod:`solver.impartial`) that is also a
:class:`~.boards.BoardGame`: the graph and the erasers (marks) are read
apart, and :meth:`study` gives what a drawing shows.  The registry returns
these classes for the names ``eraserhead`` and ``monochrome``
(:data:`BOARD_CLASSES`, keyed by the class of the impartial game).

Values are Grundy values (Winning Ways, chapter 4: a sum's value is the XOR
of its parts'); a drawing labels each vertex ``*v`` (Eraserhead: the value
of its component) or ``→*v`` (Monochrome: the value its marking leaves).
"""

from __future__ import annotations

import abc
from typing import Any

from ..costs import DEFAULT_MAX_SECONDS, check_cost
from ..graphs.formats import Graph, format_graph, parse_graph, parse_vertices, preset_text
from ..impartial import (
    EraserheadGame,
    MonochromeGame,
    eraserhead_cost,
    eraserhead_move_values,
    eraserhead_position,
    eraserhead_value,
    monochrome_cost,
    monochrome_move_values,
    monochrome_position,
)
from .boards import Board, BoardGame, StudiedMove, Study, outcome_sentence, vertex_text
from .finite import FiniteGame

__all__ = ["BOARD_CLASSES", "EraserheadBoardGame", "MonochromeBoardGame"]


class _UndirectedBoardGame(FiniteGame, BoardGame[Any]):
    """A finite game on an undirected graph drawn by hand: positions are distinct vertices (erasers, marks) on it."""

    directed = False
    hand_drawn = True
    editable = True

    def read_board(self, text: str, *, max_seconds: float = DEFAULT_MAX_SECONDS) -> Board:
        """The undirected graph of ``text`` (:func:`solver.graphs.parse_graph`); vertices named by number.

        Raises
        ------
        ValueError
            If it is not an undirected graph (the message says how to write one).
        """
        graph = parse_graph(text, directed=False)
        return Board(str(text).strip(), graph, tuple(str(v) for v in range(graph.n)), graph)

    @abc.abstractmethod
    def _pieces(self, position: Any) -> tuple[int, ...]:
        """The vertices holding a piece (erasers, marks)."""

    def split(self, position: Any) -> tuple[str, str]:
        """``("cycle-9", "0,2,4")``: the graph as its preset while it is one, else its edges; the pieces."""
        graph = position.graph
        return preset_text(graph) or format_graph(graph), vertex_text(self._pieces(position))

    def _vertices(self, board: Board, pieces: str) -> tuple[int, ...]:
        return parse_vertices(pieces, board.model, f"a {self.piece}", distinct=True)

    def toggle(self, board: Board, pieces: str, vertex: int, *, max_seconds: float = DEFAULT_MAX_SECONDS) -> str:
        """A piece put on ``vertex``, or taken away when it is there.

        Raises
        ------
        ValueError
            If the pieces are not a position, or the result is not one (a
            mark next to a mark), or its study is beyond ``max_seconds``.
        """
        vertices = list(self._vertices(board, pieces))
        if vertex in vertices:
            vertices.remove(vertex)
        else:
            vertices.append(vertex)
        text = vertex_text(vertices)
        self.study(self.on_board(board, text), max_seconds=max_seconds)  # refused here when it is not a position
        return text


class MonochromeBoardGame(_UndirectedBoardGame):
    """Monochrome (node Kayles) on a drawn graph: a mark takes its vertex and neighbours out of play."""

    piece = "mark"
    slides = False

    def _pieces(self, position: Any) -> tuple[int, ...]:
        return position.marked

    def on_board(self, board: Board, pieces: str) -> Any:
        """The marked vertices ``0,5`` on the board's graph (:func:`solver.impartial.monochrome_position`).

        Raises
        ------
        ValueError
            If a vertex is off the graph, named twice, or next to another mark.
        """
        return monochrome_position(board.model, self._vertices(board, pieces))

    def study(self, position: Any, *, max_seconds: float = DEFAULT_MAX_SECONDS) -> Study[Any]:
        """The value of the marked graph and the value each marking leaves.

        Returns
        -------
        Study
            The moves are :meth:`moves`' (each with its ``vertex``).  A vertex in play is labelled ``→*v``, the value its marking
            leaves, in the class of that move (L: it wins); marked vertices
            carry a piece; vertices next to a mark are out of play.

        Raises
        ------
        ValueError
            Beyond ``max_seconds`` (:func:`solver.impartial.monochrome_cost`
            with the moves): "draw a smaller graph".
        """
        n = position.graph.n
        check_cost(monochrome_cost(position, moves=True), max_seconds=max_seconds, advice="draw a smaller graph")
        value, valued = monochrome_move_values(position, max_seconds=max_seconds)
        left = {m.vertex: m.value for m in valued}
        in_play = set(position.in_play())
        moves = tuple(
            StudiedMove(
                move,
                vertex_text((*position.marked, m.vertex)),
                None,
                "L" if m.value == 0 else "W",
                (m.vertex,),
            )
            for m, move in zip(valued, self.moves(position), strict=True)
        )
        outcome = "L" if value == 0 else "W"
        reason = f"Grundy value {value}, the XOR of its components' values"
        return Study(
            position,
            vertex_text(position.marked),
            outcome,
            reason,
            outcome_sentence(outcome, len(moves), reason),
            tuple(f"→*{left[v]}" if v in left else "" for v in range(n)),
            tuple(("L" if left[v] == 0 else "W") if v in left else "" for v in range(n)),
            tuple(1 if v in position.marked else 0 for v in range(n)),
            tuple(v not in in_play and v not in position.marked for v in range(n)),
            moves,
        )


class EraserheadBoardGame(_UndirectedBoardGame):
    """Eraserhead on a drawn graph: an eraser walks along an edge to an empty neighbour and erases it."""

    piece = "eraser"
    slides = True

    def _pieces(self, position: Any) -> tuple[int, ...]:
        return position.erasers

    def on_board(self, board: Board, pieces: str) -> Any:
        """The erasers' vertices ``0,2,4`` on the board's graph (:func:`solver.impartial.eraserhead_position`).

        Raises
        ------
        ValueError
            If a vertex is off the graph or named twice.
        """
        return eraserhead_position(board.model, self._vertices(board, pieces))

    def study(self, position: Any, *, max_seconds: float = DEFAULT_MAX_SECONDS) -> Study[Any]:
        """The value of the position, each component's value, and the value each move leaves.

        Returns
        -------
        Study
            Each vertex of a component that holds an eraser is labelled
            ``*v``, the component's value (the position's is their XOR), in
            its class; the moves are :meth:`moves`' (each with its ``arc``):
            a move's taps are (eraser, to), its edge the edge it erases, and
            its board the graph left.

        Raises
        ------
        ValueError
            Beyond ``max_seconds`` (:func:`solver.impartial.eraserhead_cost`
            with the moves): "draw a smaller graph".
        """
        graph = position.graph
        check_cost(eraserhead_cost(position, moves=True), max_seconds=max_seconds, advice="draw a smaller graph")
        value, valued = eraserhead_move_values(position, max_seconds=max_seconds)
        moves = tuple(
            StudiedMove(
                move,
                vertex_text(m.result.erasers),
                self.split(m.result)[0],
                "L" if m.value == 0 else "W",
                (m.eraser, m.to),
                m.edge,
            )
            for m, move in zip(valued, self.moves(position), strict=True)
        )
        labels = [""] * graph.n
        classes = [""] * graph.n
        erasers = set(position.erasers)
        for component in graph.components():
            inside = [v for v in component if v in erasers]
            if not inside or len(component) < 2:
                continue
            members = set(component)
            part = eraserhead_position(Graph(graph.n, tuple(e for e in graph.edges if e[0] in members), False), inside)
            part_value = eraserhead_value(part, max_seconds=max_seconds)
            for v in component:
                labels[v] = f"*{part_value}"
                classes[v] = "L" if part_value == 0 else "W"
        outcome = "L" if value == 0 else "W"
        reason = f"Grundy value {value}, the XOR of its components' values"
        return Study(
            position,
            vertex_text(position.erasers),
            outcome,
            reason,
            outcome_sentence(outcome, len(moves), reason),
            tuple(labels),
            tuple(classes),
            tuple(1 if v in erasers else 0 for v in range(graph.n)),
            (False,) * graph.n,
            moves,
        )


#: The registry's class of a finite game drawn on a graph, by the class of its impartial game.
BOARD_CLASSES: dict[type, type[FiniteGame]] = {
    EraserheadGame: EraserheadBoardGame,
    MonochromeGame: MonochromeBoardGame,
}
