"""Games played on a board that a picture draws: what a drawing of a position shows, in the one game model.

A :class:`BoardGame` is a :class:`~.model.Game` whose positions are pieces
(tokens, counters, marks, erasers, or one position of a moves graph) on a
board (a drawn graph, a Snakes-and-Adders board, the partitions of N).  The
board and the pieces are written apart, as two texts, and the game answers
what a drawing needs:

=========================  ===================================================================
method                     answers
=========================  ===================================================================
``read_board``             a :class:`Board` from the board's text: its graph, vertex names
``on_board``               the position of the pieces' text on a board
``split``                  a position's board and pieces as those two texts
``study``                  a :class:`Study`: outcome, its reason in words, and per vertex the
                           value label, outcome class, pieces and out-of-play flag; every move
                           with the outcome it leaves and the vertices a player taps to make it
``computer_pick``          the index of the computer's move among a study's moves
``toggle``                 the pieces' text with a piece put on a vertex or taken away
``fit_pieces``             the pieces' text kept on a new board, or the board's own position
``put``, ``take``          the pieces' text with one more piece on a vertex, or one fewer
``add_vertex``,            the board's text with a vertex added, or an edge (arc) added or
``toggle_edge``            removed, where the board is drawn by hand
``delete_vertex``          the board's and the pieces' texts without a vertex (the later ones
                           renumbered), where the board is drawn by hand
=========================  ===================================================================

The labels are those of Winning Ways, chapter 12 and the loopy-games lesson:
a finite value ``*2``, an infinite one ``∞{0,2}`` (Smith's ∞ with the finite
values K among its followers), a Grundy value ``*3``; the classes are the
outcomes W, L and D of one token on a vertex of that value.
"""

from __future__ import annotations

import abc
import dataclasses
from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from ..costs import DEFAULT_MAX_SECONDS
from ..graphs.formats import Graph, format_graph, parse_vertices
from .model import Game, Move, choose_move

__all__ = [
    "BoardGame",
    "Board",
    "Study",
    "StudiedMove",
    "loopy_class",
    "loopy_label",
    "outcome_sentence",
    "token_reason",
    "vertex_text",
]

P = TypeVar("P")


@dataclasses.dataclass(frozen=True)
class Board:
    """A board as a drawing needs it: its text, its graph and its vertices' names.

    Attributes
    ----------
    text : str
        The board's text as written back: a drawn graph keeps the text it was
        given (stripped; a preset's name such as ``path-12`` stays, so a
        drawing can place it), a Snakes-and-Adders board and N are canonical.
    graph : Graph or None
        The graph drawn: vertices ``0..n-1``; None when the board is too
        large to draw (its vertices are still named).
    names : tuple of str
        Each vertex's name (``"3"``, ``"HOME"``, ``"3+2+1"``); length n.
    model : object
        The game's own board: a :class:`~solver.graphs.Graph`, a
        :class:`~solver.graphs.SnakesBoard` or a
        :class:`~solver.graphs.FairShares`.
    drawn : tuple of (int, int) or None
        The arcs to draw when they are not all of the graph's (a
        Snakes-and-Adders board draws its arrows, not each step); None: all.
    levels : tuple of int or None
        A level per vertex for a drawing in rows (Fair Shares: the number
        of heaps); None when the board has none.
    """

    text: str
    graph: Graph | None
    names: tuple[str, ...]
    model: Any
    drawn: tuple[tuple[int, int], ...] | None = None
    levels: tuple[int, ...] | None = None

    @property
    def n(self) -> int:
        """Number of vertices."""
        return len(self.names)


@dataclasses.dataclass(frozen=True)
class StudiedMove(Generic[P]):
    """One move of a studied position, with what a drawing and a player need of it.

    Attributes
    ----------
    move : Move
        The game's move (label, child, arc or vertex).
    pieces : str
        The pieces' text after the move (:meth:`BoardGame.on_board` reads it).
    board : str or None
        The board's text after the move when the move changes the board
        (Eraserhead erases an edge), else None.
    outcome : str
        ``"W"``, ``"L"`` or ``"D"`` of the child, for the opponent: L means
        the move wins, D that it keeps a draw.
    taps : tuple of int
        The vertices a player taps, in order, to make the move: a piece's
        vertex then where it goes, or the one vertex chosen.
    edge : (int, int) or None
        The arc (or edge) of the drawing the move runs along, or None.
    remoteness : int or None
        The child's remoteness, where the study knows it.
    """

    move: Move[P]
    pieces: str
    board: str | None
    outcome: str
    taps: tuple[int, ...]
    edge: tuple[int, int] | None = None
    remoteness: int | None = None


@dataclasses.dataclass(frozen=True)
class Study(Generic[P]):
    """A position studied for a drawing: its outcome and reason, what each vertex shows, and its moves.

    Attributes
    ----------
    position : position
        The position, in the game's own type.
    pieces : str
        The pieces' text, canonical.
    outcome : str
        ``"W"``, ``"L"`` or ``"D"`` for the player to move.
    reason : str
        Why, in words ("nim-sum of the values 3", "Grundy value 2, the XOR
        of its components' values", "remoteness 5").
    sentence : str
        The outcome and its reason as one sentence (:func:`outcome_sentence`).
    labels : tuple of str
        Each vertex's value label (``*2``, ``∞{0,1}``, ``→*3``; empty for none).
    classes : tuple of str
        Each vertex's outcome class, ``"W"``, ``"L"``, ``"D"`` or ``""``.
    tokens : tuple of int
        The pieces on each vertex.
    out : tuple of bool
        Vertices out of play (Monochrome: next to a mark; a Snakes-and-Adders
        arrow's tail).
    moves : tuple of StudiedMove
        Every move, in the order of :meth:`~.model.Game.moves`.
    """

    position: P
    pieces: str
    outcome: str
    reason: str
    sentence: str
    labels: tuple[str, ...]
    classes: tuple[str, ...]
    tokens: tuple[int, ...]
    out: tuple[bool, ...]
    moves: tuple[StudiedMove[P], ...]


def vertex_text(vertices: Sequence[int]) -> str:
    """Vertices as the pieces' text, increasing: ``(2, 0, 0)`` → ``"0,0,2"``."""
    return ",".join(str(v) for v in sorted(vertices))


def loopy_label(text: str) -> str:
    """A loopy nim value as a drawing writes it: ``"2"`` → ``*2``, ``"inf{0,2}"`` → ``∞{0,2}``.

    Parameters
    ----------
    text : str
        Smith's value as :meth:`solver.graphs.LoopyValues.texts` writes it.

    Returns
    -------
    str
        ``*`` and the value when finite; ``∞`` for ``inf`` otherwise (the
        page's notation, as ``dashboard.style.nim_text`` writes it).
    """
    if text.isdigit():
        return f"*{text}"
    return "∞" + text[3:] if text.startswith("inf") else text


def loopy_class(text: str) -> str:
    """The outcome of one token on a vertex of Smith's value ``text`` (Winning Ways, chapter 12).

    Returns
    -------
    str
        ``"L"`` for 0, ``"W"`` for another finite value or ∞{K} with 0 in K,
        ``"D"`` for ∞{K} without 0, ``""`` for text that is no value.
    """
    if text.isdigit():
        return "L" if text == "0" else "W"
    if text.startswith("inf{"):
        return "W" if "0" in text[4:-1].split(",") else "D"
    return ""


def token_reason(texts: Sequence[str], tokens: Sequence[int]) -> str:
    """Smith's sum rule in words: the nim-sum of the tokens' finite values, and the infinite ones.

    Parameters
    ----------
    texts : sequence of str
        Every vertex's value text.
    tokens : sequence of int
        The tokens' vertices (repeats allowed).

    Returns
    -------
    str
        ``"no token"``, ``"nim-sum of the values 3"``, ``"one ∞ token, ∞{0},
        and the others' nim-sum 2"`` or ``"2 tokens of value ∞"``
        (the loopy-games lesson; ``docs/graph-games.md`` section 1).
    """
    if not tokens:
        return "no token"
    finite = [int(texts[v]) for v in tokens if texts[v].isdigit()]
    infinite = [v for v in tokens if not texts[v].isdigit()]
    total = 0
    for value in finite:
        total ^= value
    if not infinite:
        return f"nim-sum of the values {total}"
    if len(infinite) == 1:
        return f"one ∞ token, {loopy_label(texts[infinite[0]])}, and the others' nim-sum {total}"
    return f"{len(infinite)} tokens of value ∞"


def outcome_sentence(outcome: str, moves: int, why: str = "") -> str:
    """The outcome for the player to move in words, with its reason in brackets.

    Parameters
    ----------
    outcome : str
        ``"W"``, ``"L"`` or ``"D"``.
    moves : int
        How many moves the position has (none: the player to move has lost).
    why : str, optional
        The reason (:attr:`Study.reason`).

    Returns
    -------
    str
        ``"W: the player to move wins (nim-sum of the values 3)."`` and the
        like; ``"no move: the player to move has lost (…)."`` without moves.

    Raises
    ------
    KeyError
        If ``outcome`` is not W, L or D.
    """
    words = {
        "W": "W: the player to move wins",
        "L": "L: the player to move loses against best play",
        "D": "D: a draw: neither player can force a win",
    }[outcome]
    if not moves:
        words = "no move: the player to move has lost"
    return words + (f" ({why})" if why else "") + "."


class BoardGame(Game[P]):
    """A game whose positions are pieces on a board that a picture draws (the module's table).

    Attributes
    ----------
    directed : bool
        The board's edges are arcs.
    hand_drawn : bool
        The board is a graph drawn by hand: :meth:`add_vertex` and
        :meth:`toggle_edge` edit it.
    editable : bool
        Taps edit the board: a graph drawn by hand, or a Snakes-and-Adders
        board's arrows (:meth:`toggle_edge`).
    piece : str
        What a piece is called (``"token"``, ``"counter"``, ``"mark"``,
        ``"eraser"``, ``"position"``).
    slides : bool
        A move carries a piece from one vertex to another (two taps); False
        when a move chooses one vertex (one tap).
    stacks : bool
        Pieces may share a vertex (the tokens game): :meth:`put` adds one
        more and :meth:`take` takes one away; False when a vertex holds at
        most one piece (:meth:`put` is then :meth:`toggle`).
    """

    directed: bool = True
    hand_drawn: bool = True
    editable: bool = True
    piece: str = "token"
    slides: bool = True
    stacks: bool = False

    @abc.abstractmethod
    def read_board(self, text: str, *, max_seconds: float = DEFAULT_MAX_SECONDS) -> Board:
        """The board of a text.

        Raises
        ------
        ValueError
            If the text is not a board of the game (the message says how to
            write one), or the board is beyond ``max_seconds`` of work.
        """

    @abc.abstractmethod
    def on_board(self, board: Board, pieces: str) -> P:
        """The position of the pieces' text on ``board``.

        Raises
        ------
        TypeError
            If ``pieces`` is not text.
        ValueError
            If they are not pieces of a position on the board.
        """

    @abc.abstractmethod
    def split(self, position: P) -> tuple[str, str]:
        """The board's text and the pieces' text of ``position``: ``on_board(read_board(b), p) == position``."""

    @abc.abstractmethod
    def study(self, position: P, *, max_seconds: float = DEFAULT_MAX_SECONDS) -> Study[P]:
        """What a drawing of ``position`` shows, and every move with the outcome it leaves.

        Raises
        ------
        ValueError
            If the work is beyond ``max_seconds`` (the message gives the
            estimate and what to draw smaller).
        """

    @abc.abstractmethod
    def toggle(self, board: Board, pieces: str, vertex: int, *, max_seconds: float = DEFAULT_MAX_SECONDS) -> str:
        """The pieces' text with a piece put on ``vertex``, or one taken away when there is one.

        Raises
        ------
        ValueError
            If the pieces are not a position, or the result is not one.
        """

    def put(self, board: Board, pieces: str, vertex: int, *, max_seconds: float = DEFAULT_MAX_SECONDS) -> str:
        """The pieces' text with a piece put on ``vertex``: one more where pieces stack, else :meth:`toggle`.

        Raises
        ------
        ValueError
            As :meth:`toggle`.
        """
        return self.toggle(board, pieces, vertex, max_seconds=max_seconds)

    def take(self, board: Board, pieces: str, vertex: int, *, max_seconds: float = DEFAULT_MAX_SECONDS) -> str:
        """The pieces' text with one piece taken from ``vertex``, where pieces stack (:attr:`stacks`).

        Raises
        ------
        ValueError
            When ``vertex`` holds no piece, or the game's pieces do not stack
            (a tap in :meth:`put`'s mode takes a piece away there).
        """
        raise ValueError(f"a {self.piece} of {self.title} is taken away by tapping it again where it was put")

    def fit_pieces(self, board: Board, pieces: str) -> str:
        """The pieces' text for ``board`` after the board changed: ``pieces`` where they fit it.

        By default the pieces are kept as they are (a token off the graph is
        an error the player corrects); a game whose pieces are written in the
        board's own terms (Fair Shares: a partition of N) gives a position of
        the new board instead of one that cannot be on it.
        """
        return pieces

    def computer_pick(self, study: Study[P]) -> int | None:
        """The index in ``study.moves`` of the computer's move; None when there is none.

        By default :func:`~.model.choose_move` over the moves' outcomes and
        the remoteness the study knows; a loopy game overrides it with its
        own strategy, since a move to an L position wins only when the
        winner also makes progress (Winning Ways, chapter 12).
        """
        moves = [m.move for m in study.moves]
        found = choose_move(moves, [m.outcome for m in study.moves], [m.remoteness for m in study.moves])
        return None if found is None else moves.index(found)

    def _index_of_arc(self, study: Study[P], arc: tuple[int, int]) -> int:
        return next(k for k, m in enumerate(study.moves) if m.move.arc == arc)

    def add_vertex(self, board: Board) -> str:
        """The board's text with the vertex ``n`` added, without edges.

        Raises
        ------
        ValueError
            When the board is not drawn by hand.
        """
        if not self.hand_drawn:
            raise ValueError(f"the board of {self.title} is not drawn by hand")
        graph = board.model
        return format_graph(Graph(board.n + 1, graph.edges, self.directed))

    def toggle_edge(self, board: Board, u: int, v: int) -> str:
        """The board's text with u–v (u→v when directed) added, or removed if it is there.

        Raises
        ------
        ValueError
            When the board is not drawn by hand, or for a loop in an
            undirected graph (a directed graph may have one).
        """
        if not self.hand_drawn:
            raise ValueError(f"the board of {self.title} is not drawn by hand")
        graph = board.graph
        if graph is None:
            raise ValueError("this board is too large to draw or play on by taps")
        key = (u, v) if self.directed else (min(u, v), max(u, v))
        if u == v and not self.directed:
            raise ValueError("an edge joins two different vertices: tap another vertex")
        edges = set(graph.edges)
        edges.symmetric_difference_update({key})
        return format_graph(Graph(graph.n, tuple(edges), self.directed))

    def delete_vertex(self, board: Board, pieces: str, vertex: int) -> tuple[str, str]:
        """The board's and the pieces' texts with ``vertex`` deleted, with its edges and its pieces.

        The vertices after it are renumbered one down (the board's vertices
        are always ``0..n-1``), and the pieces on them with them.

        Raises
        ------
        ValueError
            When the board is not drawn by hand, the vertex is not on it, or
            the pieces are not vertices of the board.
        """
        if not self.hand_drawn:
            raise ValueError(f"the board of {self.title} is not drawn by hand")
        graph = board.graph
        if graph is None:
            raise ValueError("this board is too large to draw or play on by taps")
        if not 0 <= vertex < graph.n:
            raise ValueError(f"there is no vertex {vertex}: the vertices are 0 to {graph.n - 1}")

        def moved(v: int) -> int:
            return v - 1 if v > vertex else v

        edges = tuple((moved(u), moved(v)) for u, v in graph.edges if vertex not in (u, v))
        kept = [moved(v) for v in parse_vertices(pieces, graph, f"a {self.piece}") if v != vertex]
        return format_graph(Graph(graph.n - 1, edges, self.directed)), vertex_text(kept)
