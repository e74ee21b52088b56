"""The Games on graphs tab's games, as the page shows them: presets, box labels and help, places, and the Analysis.

The games themselves are the solver's (:mod:`solver.registry`): each is a
:class:`solver.registry.boards.BoardGame` that reads a board and the pieces
on it, studies a position (the outcome and its reason, each vertex's label,
class, pieces and out-of-play flag, every move with the outcome it leaves
and the vertices tapped to make it), places or removes a piece, edits a
drawn board and chooses the computer's move.  A :class:`GraphPage` adds what
only the page needs: the menu's presets, the boxes' labels and help texts,
the texts' length limits, where the vertices of a fixed board are drawn, and
the solver's study turned into an :class:`Analysis` for :mod:`.figures` and
:mod:`.callbacks`.  Adding a game is a class in the solver and one entry in
:data:`GAMES` here.

No Dash here: these are plain functions of text, tested without a browser.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from solver.graphs import DEFAULT_SNAKES_BOARD, MAX_ALMONDS, Graph
from solver.parsing import describe_text
from solver.registry import find_game as find_solver_game
from solver.registry.boards import Board as SolverBoard
from solver.registry.boards import BoardGame, Study
from solver.registry.graphs import FairSharesGame

#: Seconds of work one request may ask of the solver.
PAGE_SECONDS = 2.0

__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "check_text_param",
    "find_game",
    "Analysis",
    "Board",
    "GraphPage",
    "GraphMove",
    "MAX_BOARD_TEXT",
    "MAX_POSITION_TEXT",
]

#: Longest board or position text read from the page.
MAX_BOARD_TEXT = 20_000
MAX_POSITION_TEXT = 2_000
#: Distance between squares of a Snakes-and-Adders board, and between partitions, in the drawing's units.
SPACING_BOARD = 80.0


@dataclasses.dataclass(frozen=True)
class Board:
    """What the drawing shows: the graph a game is played on, its vertices' names and, for a fixed board, their places.

    Attributes
    ----------
    text : str
        The board's text, as the page's box holds it (canonical).
    graph : solver.graphs.Graph or None
        The graph: vertices ``0..n-1``, arcs or edges; None for a board too
        large to draw (``drawable`` is False).
    names : tuple of str
        Each vertex's name on the drawing (``"3"``, ``"HOME"``, ``"3+2+1"``).
    places : tuple of (float, float) or None
        Fixed places of the vertices (a board, the partitions), or None when
        the user places them (a drawn graph).
    drawn : tuple of (int, int) or None
        The arcs to draw when they are not all of the graph's (a
        Snakes-and-Adders board draws its arrows, not every step); None: all.
    drawable : bool
        False when the board is too large to draw (the table still lists
        every vertex).
    model : solver.registry.boards.Board or None
        The solver's board, which the game's answers are asked of.
    """

    text: str
    graph: Graph | None
    names: tuple[str, ...]
    places: tuple[tuple[float, float], ...] | None = None
    drawn: tuple[tuple[int, int], ...] | None = None
    drawable: bool = True
    model: SolverBoard | None = dataclasses.field(default=None, compare=False, repr=False)

    @property
    def n(self) -> int:
        """Number of vertices."""
        return len(self.names)

    @property
    def arcs(self) -> tuple[tuple[int, int], ...]:
        """The graph's edges (arcs); none for a board too large to draw."""
        return self.graph.edges if self.graph is not None else ()

    @property
    def drawn_graph(self) -> Graph:
        """The graph; ValueError for a board too large to draw."""
        if self.graph is None:
            raise ValueError("this board is too large to draw or play on by taps")
        return self.graph

    @property
    def directed(self) -> bool:
        """Whether the edges are arcs."""
        return self.graph.directed if self.graph is not None else True


@dataclasses.dataclass(frozen=True)
class GraphMove:
    """One move of a position, as the page offers it.

    Attributes
    ----------
    text : str
        The move in words (``"token 0 → 1"``, ``"mark 4"``).
    position : str
        The position after the move, as text.
    board : str or None
        The board after the move when the move changes it (Eraserhead erases
        an edge), else None.
    outcome : str
        ``"W"``, ``"L"`` or ``"D"``: the outcome of the position left, for the
        opponent who moves there; ``"L"`` means the move wins, ``"D"`` that it
        keeps a draw.
    taps : tuple of int
        The vertices tapped, in order, to make the move on the drawing: a
        token's vertex then where it goes, or the one vertex marked.
    arc : tuple of (int, int) or None
        The arc or edge the move runs along, to mark on the drawing.
    remoteness : int or None
        The remoteness of the position left, when known (for the computer's
        choice: the quickest win, the slowest loss).
    """

    text: str
    position: str
    board: str | None
    outcome: str
    taps: tuple[int, ...]
    arc: tuple[int, int] | None = None
    remoteness: int | None = None


@dataclasses.dataclass(frozen=True)
class Analysis:
    """A position on a board: its outcome, what each vertex shows, and its moves.

    Attributes
    ----------
    position : str
        The position, as canonical text.
    outcome : str
        ``"W"``, ``"L"`` or ``"D"`` for the player to move.
    sentence : str
        The outcome and its reason in words ("nim-sum 3: a win"; "one ∞{K}
        and 2 not in K: a draw").
    labels : tuple of str
        Each vertex's label (its value: ``*2``, ``∞{0,1}``; empty for none).
    classes : tuple of str
        Each vertex's colour class: ``"W"``, ``"L"``, ``"D"`` or ``""`` (none).
    tokens : tuple of int
        How many tokens (erasers, marks, counters) each vertex holds.
    out : tuple of bool
        Vertices out of play (Monochrome: marked or next to a mark).
    moves : tuple of GraphMove
        Every move, in a stable order.
    study : solver.registry.boards.Study or None
        The solver's answer this analysis shows (the computer's move is
        asked of it).
    """

    position: str
    outcome: str
    sentence: str
    labels: tuple[str, ...]
    classes: tuple[str, ...]
    tokens: tuple[int, ...]
    out: tuple[bool, ...]
    moves: tuple[GraphMove, ...]
    study: Study | None = dataclasses.field(default=None, compare=False, repr=False)


def _text(value: object, what: str, most: int) -> str:
    if not isinstance(value, str):
        raise ValueError(f"type {what}")
    if len(value) > most:
        raise ValueError(f"{what} is at most {most:,} characters, got {describe_text(value)}")
    return value


def _square_places(n: int) -> tuple[tuple[float, float], ...]:
    """A board's squares in rows of 10, square 1 at the bottom left, each row running back."""
    places = []
    for v in range(n):
        row, col = divmod(v, 10)
        places.append(((col if row % 2 == 0 else 9 - col) * SPACING_BOARD, -row * SPACING_BOARD))
    return tuple(places)


def _level_places(levels: tuple[int, ...]) -> tuple[tuple[float, float], ...]:
    """Vertices in rows by level (Fair Shares: the number of heaps), each row centred."""
    rows: dict[int, list[int]] = {}
    for i, level in enumerate(levels):
        rows.setdefault(level, []).append(i)
    places = [(0.0, 0.0)] * len(levels)
    for level, members in rows.items():
        for k, i in enumerate(members):
            places[i] = ((k - (len(members) - 1) / 2) * 1.6 * SPACING_BOARD, (level - 1) * SPACING_BOARD)
    return tuple(places)


@dataclasses.dataclass(frozen=True)
class GraphPage:
    """A game of the tab: the solver's game and the page's words for it.

    Attributes
    ----------
    game : solver.registry.boards.BoardGame
        The game: its name (the page menu's and the address's ``game=``), title,
        boards, positions, studies and moves.
    summary, source : str
        One sentence of rules, as the page words them for its drawing, and
        where the game is from.
    board_label, board_help : str
        What the board box holds, and how it is written.
    board_what : str
        The board in the words of a message ("type a graph").
    board_most : int
        Longest board text read.
    position_label, position_help : str
        What the position box holds (tokens, erasers, marks, a partition).
    position_what : str
        The position in the words of a message ("type the tokens' vertices").
    default_board, default_position : str
        The board and position shown first.
    places : str
        Where the vertices are drawn: ``"drawn"`` (the user places them),
        ``"squares"`` (a board's squares in rows of 10) or ``"levels"``
        (rows by the board's levels).
    presets : tuple of (str, str, str)
        Examples offered in the presets menu: (label, board, position).
    outcome_words : tuple of (str, str)
        What the vertex table's outcome column writes for a vertex's class,
        where the bare letter would mislead (Monochrome: a vertex's class
        is the outcome its marking leaves, so "W" means the mark loses).
    """

    game: BoardGame[Any]
    summary: str
    source: str
    board_label: str
    board_help: str
    board_what: str
    position_label: str
    position_help: str
    position_what: str
    default_board: str
    default_position: str
    places: str = "drawn"
    board_most: int = MAX_BOARD_TEXT
    presets: tuple[tuple[str, str, str], ...] = ()
    outcome_words: tuple[tuple[str, str], ...] = ()

    @property
    def name(self) -> str:
        """The solver's name of the game."""
        return self.game.name

    @property
    def title(self) -> str:
        """The solver's title of the game."""
        return self.game.title

    @property
    def editable(self) -> bool:
        """Taps on the drawing edit the board (a drawn graph, the arrows of a board)."""
        return self.game.editable

    @property
    def tokens_word(self) -> str:
        """What a tap in the "place tokens" mode puts on a vertex."""
        return self.game.piece

    def board(self, text: object) -> Board:
        """Read the board box (:meth:`BoardGame.read_board`); ValueError says how to write one."""
        found = self.game.read_board(_text(text, self.board_what, self.board_most), max_seconds=PAGE_SECONDS)
        places = None
        if self.places == "squares":
            places = _square_places(found.n)
        elif self.places == "levels" and found.graph is not None and found.levels is not None:
            places = _level_places(found.levels)
        return Board(found.text, found.graph, found.names, places, found.drawn, found.graph is not None, found)

    def _model(self, board: Board) -> SolverBoard:
        """The solver's board of ``board`` (read again from its text when the page's board has none)."""
        found = board.model if board.model is not None else self.board(board.text).model
        if found is None:
            raise ValueError(f"not a board of {self.title}")
        return found

    def analyse(self, board: Board, position: object) -> Analysis:
        """Read the position box on ``board`` and show the solver's study of it; ValueError says what is wrong."""
        pieces = _text(position, self.position_what, MAX_POSITION_TEXT)
        study = self.game.study(self.game.on_board(self._model(board), pieces), max_seconds=PAGE_SECONDS)
        moves = tuple(
            GraphMove(m.move.label, m.pieces, m.board, m.outcome, m.taps, m.edge, m.remoteness) for m in study.moves
        )
        return Analysis(
            study.pieces,
            study.outcome,
            study.sentence,
            study.labels,
            study.classes,
            study.tokens,
            study.out,
            moves,
            study,
        )

    def position(self, board: Board, position: object) -> Any:
        """The solver's position of the position box on ``board`` (:meth:`BoardGame.on_board`); ValueError says why not."""
        return self.game.on_board(self._model(board), _text(position, self.position_what, MAX_POSITION_TEXT))

    def toggle(self, board: Board, position: object, vertex: int) -> str:
        """The position text after a tap on ``vertex`` in the "place tokens" mode (:meth:`BoardGame.toggle`)."""
        pieces = _text(position, self.position_what, MAX_POSITION_TEXT)
        return self.game.toggle(self._model(board), pieces, vertex, max_seconds=PAGE_SECONDS)

    def put(self, board: Board, position: object, vertex: int) -> str:
        """The position text after a tap in the "place" mode: one more piece (:meth:`BoardGame.put`)."""
        pieces = _text(position, self.position_what, MAX_POSITION_TEXT)
        return self.game.put(self._model(board), pieces, vertex, max_seconds=PAGE_SECONDS)

    def take(self, board: Board, position: object, vertex: int) -> str:
        """The position text after a tap in the "take away" mode: one piece fewer (:meth:`BoardGame.take`)."""
        pieces = _text(position, self.position_what, MAX_POSITION_TEXT)
        return self.game.take(self._model(board), pieces, vertex, max_seconds=PAGE_SECONDS)

    def delete_vertex(self, board: Board, position: object, vertex: int) -> tuple[str, str]:
        """The board and position texts without ``vertex`` (:meth:`BoardGame.delete_vertex`)."""
        pieces = _text(position, self.position_what, MAX_POSITION_TEXT)
        return self.game.delete_vertex(self._model(board), pieces, vertex)

    def add_vertex(self, board: Board) -> str:
        """The board text with one more vertex; ValueError when the board is not drawn by hand."""
        return self.game.add_vertex(self._model(board))

    def toggle_edge(self, board: Board, u: int, v: int) -> str:
        """The board text with the edge (arc) u–v added, or removed if it is there."""
        return self.game.toggle_edge(self._model(board), u, v)

    def computer(self, board: Board, analysis: Analysis) -> int | None:
        """Index (into ``analysis.moves``) of the computer's move (:meth:`BoardGame.computer_pick`), or None."""
        study = analysis.study
        if study is None:
            study = self.analyse(board, analysis.position).study
        assert study is not None
        return self.game.computer_pick(study)

    def values_rows(self, board: Board, analysis: Analysis) -> list[dict]:
        """The vertex table's rows (and the CSV's): one per vertex, named as the drawing names it.

        The vertex is its name on the drawing (``"0"``, a square ``"HOME"``,
        a partition ``"3+2+1"``), never a 0-based index beside a 1-based
        square; the outcome is the class's letter, or :attr:`outcome_words`.
        """
        words = dict(self.outcome_words)
        return [
            {
                "vertex": board.names[v],
                "value": analysis.labels[v],
                "outcome": words.get(analysis.classes[v], analysis.classes[v]),
            }
            for v in range(board.n)
        ]


def _game(name: str) -> BoardGame[Any]:
    """The solver's game of ``name``, which the tab draws (TypeError when it is not drawn on a board)."""
    found = find_solver_game(name)
    if not isinstance(found, BoardGame):
        raise TypeError(f"{name} is not a game drawn on a board")
    return found


_GRAPH_HELP = "edges 0-1,1-2 on vertices 0..n-1, or path-N, cycle-N, grid-RxC, complete-N, petersen"
_TOKENS_BOARD = "1>0,2>1,3>2,3>0,4>3,4>5,5>4,5>2,6>5,6>1,6>7,7>6"
_SNAKES_BOARD = f"{DEFAULT_SNAKES_BOARD.size}: {DEFAULT_SNAKES_BOARD.arrows_text()}"
#: Largest N whose partitions are drawn (42 positions); beyond, the table lists them.
FAIR_SHARES_DRAWN = FairSharesGame.drawn_up_to

#: The games of the tab, in the menu's order.
GAMES: dict[str, GraphPage] = {
    page.name: page
    for page in (
        GraphPage(
            _game("tokens"),
            summary=(
                "A move slides one token along one arc; tokens may share a vertex; a player with no move (every "
                "token on a vertex without arcs) loses. Play can loop."
            ),
            source="the lesson on loopy games, Nim's Island; Smith's values, Winning Ways ch. 12",
            board_label="graph",
            board_help=(
                "arcs 0>1,1>2 on vertices 0..n-1 (a loop 2>2 too), or path-N, cycle-N, grid-RxC, complete-N, petersen"
            ),
            board_what="a graph",
            position_label="tokens",
            position_help="the tokens' vertices, e.g. 0,0,2",
            position_what="the tokens' vertices",
            default_board=_TOKENS_BOARD,
            default_position="1,6",
            presets=(
                ("an island of 8 platforms, home 0 (a win through an ∞)", _TOKENS_BOARD, "1,6"),
                ("a directed cycle: every token draws", "cycle-5", "0,2"),
                ("a path to its end: plain nim", "path-6", "0,1,3"),
                ("loops at a vertex", "0>0,1>0,2>1,2>2,3>2", "1,3"),
                ("a grid, arcs right and down", "grid-3x4", "0,5"),
                ("every arc i → j, i < j", "complete-6", "0,1,2"),
            ),
        ),
        GraphPage(
            _game("snakes-and-adders"),
            summary=(
                "A move advances one counter 1 to 4 squares, never beyond HOME; a counter that lands on an arrow's "
                "tail follows it to its head. The player who brings the last counter HOME wins. The board shown "
                "first is the project's own (the lesson's is a picture)."
            ),
            source="the lesson on loopy games, exercise 3",
            board_label="board",
            board_help="the number of squares H and the arrows tail>head, e.g. 20: 8>2,10>19,15>12",
            board_what="the board",
            position_label="counters",
            position_help="the counters' squares, e.g. 1,4 (HOME for home)",
            position_what="the counters' squares",
            default_board=_SNAKES_BOARD,
            default_position="1,4",
            places="squares",
            presets=(
                ("our board: a ladder 10 → 19, snakes 8 → 2 and 15 → 12", _SNAKES_BOARD, "1,4"),
                ("no arrows: distances to HOME", "12", "1,4"),
                ("a long snake from 18 back to 1", "20: 18>1,5>9", "2,7"),
                ("a chain of arrows", "25: 3>12,12>20,22>6", "1,2,4"),
            ),
        ),
        GraphPage(
            _game("fair-shares"),
            summary=(
                "N almonds in heaps. A move divides a heap into two or more equal heaps, or merges two heaps of "
                "different sizes; the player who cannot move (all heaps of 1) loses. Play can loop. Each vertex is "
                "a position."
            ),
            source="the lesson on loopy games, exercises 4 and 5",
            board_label="almonds",
            board_help=f"N, the number of almonds, 1 to {MAX_ALMONDS}; the positions are drawn up to N = {FAIR_SHARES_DRAWN}",
            board_what="N, the number of almonds",
            board_most=20,
            position_label="position",
            position_help="heaps adding up to N, e.g. 3+2+1",
            position_what="a position",
            default_board="6",
            default_position="3+2+1",
            places="levels",
            presets=(
                ("6 almonds (the lesson's exercise)", "6", "3+2+1"),
                ("8 almonds", "8", "4+4"),
                ("10 almonds, every partition drawn", "10", "5+3+2"),
                ("15 almonds (a table)", "15", "8+4+2+1"),
                ("40 almonds, 37,338 positions (a table)", "40", "20+10+5+3+2"),
            ),
        ),
        GraphPage(
            _game("monochrome"),
            summary=(
                "A move marks a vertex in play; it leaves the game with its neighbours. A player with no move loses. "
                "On a path this is Rob's Dots (octal 0.137). Each vertex in play shows the value its marking leaves: "
                "vermilion (value 0) marks a winning move."
            ),
            source="the post on the independence game; node Kayles",
            board_label="graph",
            board_help=_GRAPH_HELP,
            board_what="a graph",
            position_label="marked",
            position_help="the marked vertices, e.g. 0,5",
            position_what="the marks' vertices",
            default_board="petersen",
            default_position="",
            outcome_words=(("L", "marking it wins (leaves L)"), ("W", "marking it loses (leaves W)")),
            presets=(
                ("the Petersen graph", "petersen", ""),
                ("a path of 12: Rob's Dots", "path-12", ""),
                ("a cycle of 9", "cycle-9", ""),
                ("a 3 × 4 grid", "grid-3x4", ""),
                ("a 4 × 4 grid, two marks made", "grid-4x4", "0,10"),
            ),
        ),
        GraphPage(
            _game("eraserhead"),
            summary=(
                "Erasers sit on vertices. A move takes one eraser along an edge to an unoccupied neighbour and "
                "erases that edge; the last mover wins. Each vertex shows the value of its part of the graph (the "
                "component it lies in): the position's value is their XOR."
            ),
            source="Games on Circles I",
            board_label="graph",
            board_help=_GRAPH_HELP,
            board_what="a graph",
            position_label="erasers",
            position_help="the erasers' vertices, e.g. 0,2,4",
            position_what="the erasers' vertices",
            default_board="cycle-9",
            default_position="0,2,4",
            presets=(
                ("the source's cycle of 9, three erasers", "cycle-9", "0,2,4"),
                ("a path of 12, erasers at both ends and one between", "path-12", "0,5,11"),
                ("a cycle of 8: odd cycles win", "cycle-8", "0,3"),
                ("the Petersen graph", "petersen", "0,7"),
                ("a 3 × 3 grid, opposite corners", "grid-3x3", "0,8"),
            ),
        ),
    )
}
#: The game shown first.
DEFAULT_GAME = "tokens"


def find_game(name: object) -> GraphPage:
    """The game of this name; ValueError lists the games."""
    if isinstance(name, str) and name in GAMES:
        return GAMES[name]
    raise ValueError(f"choose a game from the menu: {', '.join(GAMES)}")


def check_text_param(raw: str) -> str:
    """The address's check of ``gboard=`` and ``gpos=``: printable text of at most :data:`MAX_BOARD_TEXT` characters."""
    if len(raw) > MAX_BOARD_TEXT or not raw.isprintable():
        raise ValueError(f"a board or position is at most {MAX_BOARD_TEXT:,} printable characters")
    return raw
