"""The games of the Games on graphs tab, as the page plays them: a board, a position, its analysis and its moves.

Each game is a :class:`GraphGame`: it reads the board text (a graph, a
Snakes-and-Adders board, a number of almonds) into a :class:`Board`, reads
a position on it, and asks the solver for an :class:`Analysis`: the
outcome for the player to move, a label and an outcome colour for each
vertex, and every move with the outcome it leaves.  The tab draws the board
and the analysis the same way for every game (:mod:`.figures`), and turns a
tap on the drawing into an edit, a token placed or a move (:mod:`.callbacks`),
so adding a game is one class here and one entry in :data:`GAMES`.

No Dash here: these are plain functions of text, tested without a browser.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from solver import (
    DEFAULT_SNAKES_BOARD,
    MAX_ALMONDS,
    MAX_BOARD_SIZE,
    Graph,
    apply_token_move,
    check_cost,
    computer_token_move,
    describe_text,
    eraserhead_cost,
    eraserhead_move_values,
    eraserhead_position,
    eraserhead_value,
    fair_shares,
    fair_shares_cost,
    fair_shares_position,
    format_eraserhead,
    format_graph,
    format_partition,
    monochrome_cost,
    monochrome_move_values,
    monochrome_position,
    parse_arrows,
    parse_graph,
    parse_int,
    parse_squares,
    parse_vertices,
    snakes_board,
    snakes_position,
    token_position,
    tokens_cost,
)

from ...style import nim_text

#: Seconds of work one request may ask of the solver.
PAGE_SECONDS = 2.0

__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "EraserheadGame",
    "FairSharesGame",
    "MonochromeGame",
    "SnakesGame",
    "TokensGame",
    "check_game_param",
    "check_text_param",
    "find_game",
    "loopy_class",
    "loopy_label",
    "Analysis",
    "Board",
    "EditableGraphGame",
    "GraphGame",
    "GraphMove",
    "MAX_BOARD_TEXT",
    "MAX_POSITION_TEXT",
    "computer_choice",
]

#: Longest board or position text read from the page.
MAX_BOARD_TEXT = 20_000
MAX_POSITION_TEXT = 2_000


@dataclasses.dataclass(frozen=True)
class Board:
    """What the drawing shows: the graph a game is played on, its vertices' names and, for a fixed board, their places.

    Attributes
    ----------
    text : str
        The board's text, as the page's box holds it (canonical).
    graph : solver.Graph or None
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
    """

    text: str
    graph: Graph | None
    names: tuple[str, ...]
    places: tuple[tuple[float, float], ...] | None = None
    drawn: tuple[tuple[int, int], ...] | None = None
    drawable: bool = True

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
    """

    position: str
    outcome: str
    sentence: str
    labels: tuple[str, ...]
    classes: tuple[str, ...]
    tokens: tuple[int, ...]
    out: tuple[bool, ...]
    moves: tuple[GraphMove, ...]


class GraphGame:
    """A game of the tab: its name, how its board and positions are written, and its analysis.

    Subclasses set the class attributes and implement :meth:`board`,
    :meth:`analyse` and :meth:`toggle`.

    Attributes
    ----------
    name : str
        The name in the menu and the address (``ggame=``): the solver's name.
    title, summary, source : str
        Display name, one sentence of rules, and where the game is from.
    board_label, board_help : str
        What the board box holds, and how it is written.
    position_label, position_help : str
        What the position box holds (tokens, erasers, marks, a partition).
    default_board, default_position : str
        The board and position shown first.
    editable : bool
        Taps on the drawing edit the board (a drawn graph, arrows of a board).
    tokens_word : str
        What a tap in the "place tokens" mode puts on a vertex.
    """

    name: str
    title: str
    summary: str
    source: str
    board_label: str
    board_help: str
    position_label: str
    position_help: str
    default_board: str
    default_position: str
    editable: bool = True
    tokens_word: str = "token"
    #: Examples offered in the presets menu: (label, board, position).
    presets: tuple[tuple[str, str, str], ...] = ()

    def board(self, text: object) -> Board:
        """Read the board box; ValueError says how to write one."""
        raise NotImplementedError

    def analyse(self, board: Board, position: object) -> Analysis:
        """Read the position box on ``board`` and analyse it; ValueError says what is wrong."""
        raise NotImplementedError

    def toggle(self, board: Board, position: object, vertex: int) -> str:
        """The position text after a tap on ``vertex`` in the "place tokens" mode."""
        raise NotImplementedError

    def add_vertex(self, board: Board) -> str:
        """The board text with one more vertex; ValueError when the board has no vertices to add."""
        raise ValueError(f"the board of {self.title} is not drawn by hand")

    def toggle_edge(self, board: Board, u: int, v: int) -> str:
        """The board text with the edge (arc) u–v added, or removed if it is there."""
        raise ValueError(f"the board of {self.title} is not drawn by hand")

    def computer(self, board: Board, analysis: Analysis) -> int | None:
        """Index (into ``analysis.moves``) of the computer's move, or None when there is none.

        By default :func:`computer_choice`; a loopy game overrides it, since a
        move to an L position wins only if the winner also makes progress.
        """
        return computer_choice(analysis.moves)

    def values_rows(self, board: Board, analysis: Analysis) -> list[dict]:
        """The vertex values for the CSV: one row per vertex."""
        return [
            {"vertex": v, "name": board.names[v], "value": analysis.labels[v], "outcome": analysis.classes[v]}
            for v in range(board.n)
        ]


def _text(value: object, what: str, most: int) -> str:
    if not isinstance(value, str):
        raise ValueError(f"type {what}")
    if len(value) > most:
        raise ValueError(f"{what} is at most {most:,} characters, got {describe_text(value)}")
    return value


class EditableGraphGame(GraphGame):
    """A game on a graph the user draws (tokens on a directed graph, Monochrome, Eraserhead).

    The board box holds the graph's text (:func:`solver.parse_graph`); a tap on
    the background adds a vertex, and a tap on two vertices adds or removes
    the edge (arc) between them.
    """

    directed: bool = False
    board_help = "edges 0-1,1-2 on vertices 0..n-1, or path-N, cycle-N, grid-RxC, complete-N, petersen"

    def board(self, text: object) -> Board:
        """The drawn graph; vertex names are their numbers."""
        graph = parse_graph(_text(text, "a graph", MAX_BOARD_TEXT), directed=self.directed)
        return Board(str(text).strip(), graph, tuple(str(v) for v in range(graph.n)))

    def add_vertex(self, board: Board) -> str:
        """The graph with the vertex ``n`` added, without edges."""
        return format_graph(Graph(board.n + 1, board.arcs, self.directed))

    def toggle_edge(self, board: Board, u: int, v: int) -> str:
        """The graph with u–v (u→v when directed) added, or removed if it is there.

        Raises
        ------
        ValueError
            For a loop in an undirected graph (a directed graph may have one).
        """
        graph = board.drawn_graph
        key = (u, v) if self.directed else (min(u, v), max(u, v))
        if u == v and not self.directed:
            raise ValueError("an edge joins two different vertices: tap another vertex")
        edges = set(graph.edges)
        edges.symmetric_difference_update({key})
        return format_graph(Graph(graph.n, tuple(edges), self.directed))


def computer_choice(moves: Sequence[GraphMove]) -> int | None:
    """Index of the computer's move: it wins when it can, keeps a draw when it cannot win, else loses slowest.

    Among winning moves (to an L position) the one with the least known
    remoteness; then a move to a draw; then the losing move with the largest
    known remoteness (the first when none is known).  None when there is no
    move.
    """
    if not moves:
        return None
    for wanted in ("L", "D"):
        found = [k for k, m in enumerate(moves) if m.outcome == wanted]
        if found:
            if wanted == "L":
                return min(found, key=lambda k: _remoteness_or(moves[k], 1 << 30))
            return found[0]
    return max(range(len(moves)), key=lambda k: _remoteness_or(moves[k], -1))


def _remoteness_or(move: GraphMove, default: int) -> int:
    return default if move.remoteness is None else move.remoteness


# ---------------------------------------------------------------- the games


def loopy_label(text: str) -> str:
    """A loopy nim value as the drawing writes it: ``"2"`` → ``*2``, ``"inf{0,2}"`` → ``∞{0,2}`` (the page's notation, :func:`dashboard.style.nim_text`)."""
    return f"*{text}" if text.isdigit() else nim_text(text)


def loopy_class(text: str) -> str:
    """The outcome of one token on a vertex of this value: L for 0, W for another finite value or ∞{K} with 0 in K, else D."""
    if text.isdigit():
        return "L" if text == "0" else "W"
    if text.startswith("inf{"):
        return "W" if "0" in text[4:-1].split(",") else "D"
    return ""


def _letter(outcome) -> str:
    return getattr(outcome, "name", str(outcome))


def _sentence(outcome: str, moves: Sequence[GraphMove], why: str = "") -> str:
    words = {
        "W": "W: the player to move wins",
        "L": "L: the player to move loses against best play",
        "D": "D: a draw: neither player can force a win",
    }[outcome]
    if not moves:
        words = "no move: the player to move has lost"
    return words + (f" ({why})" if why else "") + "."


class TokensGame(EditableGraphGame):
    """Tokens on a directed graph (Nim's Island): slide one token along one arc; Smith's loopy values."""

    name = "tokens"
    title = "Tokens on a directed graph (Nim's Island)"
    summary = (
        "A move slides one token along one arc; tokens may share a vertex; a player with no move (every token on a "
        "vertex without arcs) loses. Play can loop."
    )
    source = "the lesson on loopy games, Nim's Island; Smith's values, Winning Ways ch. 12"
    directed = True
    board_label = "graph"
    board_help = "arcs 0>1,1>2 on vertices 0..n-1 (a loop 2>2 too), or path-N, cycle-N, grid-RxC, complete-N, petersen"
    position_label = "tokens"
    position_help = "the tokens' vertices, e.g. 0,0,2"
    default_board = "1>0,2>1,3>2,3>0,4>3,4>5,5>4,5>2,6>5,6>1,6>7,7>6"
    default_position = "1,6"
    tokens_word = "token"
    presets = (
        ("an island of 8 platforms, home 0 (a win through an ∞)", default_board, default_position),
        ("a directed cycle: every token draws", "cycle-5", "0,2"),
        ("a path to its end: plain nim", "path-6", "0,1,3"),
        ("loops at a vertex", "0>0,1>0,2>1,2>2,3>2", "1,3"),
        ("a grid, arcs right and down", "grid-3x4", "0,5"),
        ("every arc i → j, i < j", "complete-6", "0,1,2"),
    )

    def _tokens(self, board: Board, position: object) -> tuple[int, ...]:
        return parse_vertices(_text(position, "the tokens' vertices", MAX_POSITION_TEXT), board.drawn_graph, "a token")

    def analyse(self, board: Board, position: object) -> Analysis:
        """Smith's values of every vertex and the outcome of the tokens by Smith's sum rule."""
        tokens = self._tokens(board, position)
        check_cost(tokens_cost(board.drawn_graph, len(tokens)), max_seconds=PAGE_SECONDS, advice="draw a smaller graph")
        found = token_position(board.drawn_graph, tokens)
        texts = found.values.texts()
        moves = tuple(
            GraphMove(
                f"token {m.source} → {m.target}",
                _vertex_text(apply_token_move(tokens, m.source, m.target)),
                None,
                _letter(m.outcome),
                (m.source, m.target),
                (m.source, m.target),
            )
            for m in found.moves
        )
        counts = [0] * board.n
        for v in tokens:
            counts[v] += 1
        return Analysis(
            _vertex_text(tokens),
            _letter(found.outcome),
            _sentence(_letter(found.outcome), moves, _token_reason(texts, tokens)),
            tuple(loopy_label(t) for t in texts),
            tuple(loopy_class(t) for t in texts),
            tuple(counts),
            (False,) * board.n,
            moves,
        )

    def computer(self, board: Board, analysis: Analysis) -> int | None:
        """Smith's strategy (:func:`solver.computer_token_move`): a winning move that makes progress, else a draw."""
        tokens = self._tokens(board, analysis.position)
        choice = computer_token_move(token_position(board.drawn_graph, tokens).values, tokens)
        if choice is None:
            return None
        return next(k for k, m in enumerate(analysis.moves) if m.taps == (choice.source, choice.target))

    def toggle(self, board: Board, position: object, vertex: int) -> str:
        """A token put on ``vertex``, or one taken away when there is one."""
        tokens = list(self._tokens(board, position))
        if vertex in tokens:
            tokens.remove(vertex)
        else:
            tokens.append(vertex)
        return _vertex_text(tokens)


def _vertex_text(vertices: Sequence[int]) -> str:
    return ",".join(str(v) for v in sorted(vertices))


def _token_reason(texts: Sequence[str], tokens: Sequence[int]) -> str:
    """Smith's sum rule in words: the nim-sum of the finite values, and the infinite ones."""
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


class SnakesGame(GraphGame):
    """Snakes-and-Adders: counters advance 1 to 4 squares and follow the arrows they land on."""

    name = "snakes-and-adders"
    title = "Snakes-and-Adders"
    summary = (
        "A move advances one counter 1 to 4 squares, never beyond HOME; a counter that lands on an arrow's tail "
        "follows it to its head. The player who brings the last counter HOME wins. The board shown first is the "
        "project's own (the lesson's is a picture)."
    )
    source = "the lesson on loopy games, exercise 3"
    board_label = "board"
    board_help = "the number of squares H and the arrows tail>head, e.g. 20: 8>2,10>19,15>12"
    position_label = "counters"
    position_help = "the counters' squares, e.g. 1,4 (HOME for home)"
    default_board = f"{DEFAULT_SNAKES_BOARD.size}: {DEFAULT_SNAKES_BOARD.arrows_text()}"
    default_position = "1,4"
    tokens_word = "counter"
    presets = (
        ("our board: a ladder 10 → 19, snakes 8 → 2 and 15 → 12", default_board, default_position),
        ("no arrows: distances to HOME", "12", "1,4"),
        ("a long snake from 18 back to 1", "20: 18>1,5>9", "2,7"),
        ("a chain of arrows", "25: 3>12,12>20,22>6", "1,2,4"),
    )

    def _parse(self, text: object):
        body = _text(text, "the board", MAX_BOARD_TEXT)
        size_text, _, arrows = body.partition(":")
        size = parse_int(size_text.strip(), "H, the number of squares", least=1, most=MAX_BOARD_SIZE)
        return snakes_board(size, parse_arrows(arrows.strip(), size) if arrows.strip() else ())

    def board(self, text: object) -> Board:
        """The board's squares 1..H and HOME in rows of 10, square 1 at the bottom left; its arrows drawn."""
        found = self._parse(text)
        graph = found.graph()
        places = []
        for v in range(graph.n):
            row, col = divmod(v, 10)
            places.append(((col if row % 2 == 0 else 9 - col) * SPACING_BOARD, -row * SPACING_BOARD))
        arrows = tuple((t - 1, h - 1) for t, h in found.arrows)
        names = tuple(found.name(v + 1) for v in range(graph.n))
        return Board(_snakes_text(found), graph, names, tuple(places), drawn=arrows)

    def _counters(self, found, position: object) -> tuple[int, ...]:
        return parse_squares(_text(position, "the counters' squares", MAX_POSITION_TEXT), found)

    def analyse(self, board: Board, position: object) -> Analysis:
        """Smith's values of the squares and the outcome of the counters (the token game of the board)."""
        found = self._parse(board.text)
        counters = self._counters(found, position)
        analysed = snakes_position(found, counters)
        texts = analysed.values.texts()
        tails = found.tails()
        moves = tuple(
            GraphMove(
                f"counter {found.name(m.source + 1)} → {found.name(m.target + 1)}",
                _squares_text(found, apply_token_move([c - 1 for c in counters], m.source, m.target)),
                None,
                _letter(m.outcome),
                (m.source, m.target),
            )
            for m in analysed.position.moves
        )
        counts = [0] * board.n
        for c in counters:
            counts[c - 1] += 1
        tokens = [c - 1 for c in counters]
        return Analysis(
            _squares_text(found, tokens),
            _letter(analysed.position.outcome),
            _sentence(_letter(analysed.position.outcome), moves, _token_reason(texts, tokens)),
            tuple("" if v + 1 in tails else loopy_label(texts[v]) for v in range(board.n)),
            tuple("" if v + 1 in tails else loopy_class(texts[v]) for v in range(board.n)),
            tuple(counts),
            tuple(v + 1 in tails for v in range(board.n)),
            moves,
        )

    def computer(self, board: Board, analysis: Analysis) -> int | None:
        """Smith's strategy on the board's token game."""
        found = self._parse(board.text)
        choice = snakes_position(found, self._counters(found, analysis.position)).position.choice
        if choice is None:
            return None
        return next(k for k, m in enumerate(analysis.moves) if m.taps == (choice.source, choice.target))

    def toggle(self, board: Board, position: object, vertex: int) -> str:
        """A counter put on square ``vertex + 1``, or one taken away."""
        found = self._parse(board.text)
        counters = [c - 1 for c in self._counters(found, position)]
        if vertex + 1 in found.tails():
            raise ValueError(f"square {vertex + 1} is an arrow's tail: a counter never rests there")
        if vertex in counters:
            counters.remove(vertex)
        else:
            counters.append(vertex)
        return _squares_text(found, counters)

    def toggle_edge(self, board: Board, u: int, v: int) -> str:
        """The board with the arrow from square u + 1 to square v + 1 added, or removed if it is there."""
        found = self._parse(board.text)
        arrows = dict(found.arrows)
        tail, head = u + 1, v + 1
        if arrows.get(tail) == head:
            del arrows[tail]
        else:
            arrows[tail] = head
        return _snakes_text(snakes_board(found.size, tuple(sorted(arrows.items()))))


def _snakes_text(board) -> str:
    arrows = board.arrows_text()
    return f"{board.size}: {arrows}" if arrows else str(board.size)


def _squares_text(board, vertices: Sequence[int]) -> str:
    return ",".join(board.name(v + 1) for v in sorted(vertices))


#: Distance between squares of a Snakes-and-Adders board, and between partitions, in the drawing's units.
SPACING_BOARD = 80.0
#: Largest N whose partitions are drawn (42 positions); beyond, the table lists them.
FAIR_SHARES_DRAWN = 10


class FairSharesGame(GraphGame):
    """Fair Shares and Varied Pairs: divide a heap into equal heaps, or merge two heaps of different sizes."""

    name = "fair-shares"
    title = "Fair Shares and Varied Pairs"
    summary = (
        "N almonds in heaps. A move divides a heap into two or more equal heaps, or merges two heaps of different "
        "sizes; the player who cannot move (all heaps of 1) loses. Play can loop. Each vertex is a position."
    )
    source = "the lesson on loopy games, exercises 4 and 5"
    board_label = "almonds"
    board_help = f"N, the number of almonds, 1 to {MAX_ALMONDS}; the positions are drawn up to N = {FAIR_SHARES_DRAWN}"
    position_label = "position"
    position_help = "heaps adding up to N, e.g. 3+2+1"
    default_board = "6"
    default_position = "3+2+1"
    editable = False
    tokens_word = "position"
    presets = (
        ("6 almonds (the lesson's exercise)", "6", "3+2+1"),
        ("8 almonds", "8", "4+4"),
        ("10 almonds, every partition drawn", "10", "5+3+2"),
        ("15 almonds (a table)", "15", "8+4+2+1"),
        ("40 almonds, 37,338 positions (a table)", "40", "20+10+5+3+2"),
    )

    def _game(self, text: object):
        n = parse_int(_text(text, "N, the number of almonds", 20).strip(), "N, the almonds", least=1, most=MAX_ALMONDS)
        check_cost(fair_shares_cost(n), max_seconds=PAGE_SECONDS, advice="choose fewer almonds")
        return fair_shares(n)

    def board(self, text: object) -> Board:
        """Every partition of N, each a vertex, with an arc for each move; drawn in rows by number of heaps."""
        game = self._game(text)
        count = len(game)
        names = tuple(format_partition(game.partition(i)) for i in range(count))
        if game.n > FAIR_SHARES_DRAWN:
            return Board(str(game.n), None, names, drawable=False)
        indptr, kids = game.values.indptr, game.values.kids
        arcs = tuple((u, int(v)) for u in range(count) for v in kids[indptr[u] : indptr[u + 1]].tolist() if int(v) != u)
        graph = Graph(count, arcs, directed=True)
        rows: dict[int, list[int]] = {}
        for i in range(count):
            rows.setdefault(len(game.partition(i)), []).append(i)
        places = [(0.0, 0.0)] * count
        for parts, members in rows.items():
            for k, i in enumerate(members):
                places[i] = ((k - (len(members) - 1) / 2) * 1.6 * SPACING_BOARD, (parts - 1) * SPACING_BOARD)
        return Board(str(game.n), graph, names, tuple(places))

    def analyse(self, board: Board, position: object) -> Analysis:
        """Every partition's outcome and value; the position's moves, with the remoteness of W and L positions."""
        game = self._game(board.text)
        text = _text(position, "a position", MAX_POSITION_TEXT)
        found = fair_shares_position(game, text)
        here = game.position_index(found.partition)
        moves = tuple(
            GraphMove(
                _how(m.how, format_partition(m.result)),
                format_partition(m.result),
                None,
                _letter(m.outcome),
                (game.position_index(m.result),),
                (here, game.position_index(m.result)),
                None if m.remoteness < 0 else m.remoteness,
            )
            for m in found.moves
        )
        texts = game.values.texts()
        outcome_names = {1: "W", 2: "L", 3: "D"}
        tokens = [0] * len(game)
        tokens[here] = 1
        why = f"remoteness {found.remoteness}" if found.remoteness >= 0 else f"value {loopy_label(found.value)}"
        return Analysis(
            format_partition(found.partition),
            _letter(found.outcome),
            _sentence(_letter(found.outcome), moves, why),
            tuple(loopy_label(t) for t in texts),
            tuple(outcome_names.get(int(o), "") for o in game.outcome.tolist()),
            tuple(tokens),
            (False,) * len(game),
            moves,
        )

    def toggle(self, board: Board, position: object, vertex: int) -> str:
        """The position is the partition tapped."""
        return board.names[vertex]


def _how(how: Sequence[str], result: str) -> str:
    """A Fair Shares move in words: ``"3+1 → 4"`` (the one way to reach ``result``), or ``"to 4+2"`` (several)."""
    return how[0].replace("->", "→") if len(how) == 1 else f"to {result}"


class _UndirectedGame(EditableGraphGame):
    """A finite game on an undirected graph the user draws: positions are vertices (erasers, marks) on it."""

    directed = False
    board_label = "graph"
    board_help = "edges 0-1,1-2 on vertices 0..n-1, or path-N, cycle-N, grid-RxC, complete-N, petersen"

    def _vertices(self, board: Board, position: object) -> tuple[int, ...]:
        text = _text(position, f"the {self.tokens_word}s' vertices", MAX_POSITION_TEXT)
        return parse_vertices(text, board.drawn_graph, f"a {self.tokens_word}", distinct=True)

    def toggle(self, board: Board, position: object, vertex: int) -> str:
        """A mark (eraser) put on ``vertex``, or taken away when it is there."""
        vertices = list(self._vertices(board, position))
        if vertex in vertices:
            vertices.remove(vertex)
        else:
            vertices.append(vertex)
        self.analyse(board, _vertex_text(vertices))  # refused here when it is not a position
        return _vertex_text(vertices)

    def computer(self, board: Board, analysis: Analysis) -> int | None:
        """A winning move (to value 0) when there is one, else the first move: a finite game ends anyway."""
        return computer_choice(analysis.moves)


class MonochromeGame(_UndirectedGame):
    """Monochrome (node Kayles): mark a vertex, which leaves the game with its neighbours."""

    name = "monochrome"
    title = "Monochrome (node Kayles)"
    summary = (
        "A move marks a vertex in play; it leaves the game with its neighbours. A player with no move loses. On a "
        "path this is Rob's Dots (octal 0.137). Each vertex in play shows the value its marking leaves: vermilion "
        "(value 0) marks a winning move."
    )
    source = "the post on the independence game; node Kayles"
    position_label = "marked"
    position_help = "the marked vertices, e.g. 0,5"
    default_board = "petersen"
    default_position = ""
    tokens_word = "mark"
    presets = (
        ("the Petersen graph", "petersen", ""),
        ("a path of 12: Rob's Dots", "path-12", ""),
        ("a cycle of 9", "cycle-9", ""),
        ("a 3 × 4 grid", "grid-3x4", ""),
        ("a 4 × 4 grid, two marks made", "grid-4x4", "0,10"),
    )

    def analyse(self, board: Board, position: object) -> Analysis:
        """The value of the marked graph and the value each marking leaves."""
        found = monochrome_position(board.drawn_graph, self._vertices(board, position))
        check_cost(monochrome_cost(found, moves=True), max_seconds=PAGE_SECONDS, advice="draw a smaller graph")
        value, moves = monochrome_move_values(found, max_seconds=PAGE_SECONDS)
        left = {m.vertex: m.value for m in moves}
        in_play = set(found.in_play())
        listed = tuple(
            GraphMove(m.text, _vertex_text((*found.marked, m.vertex)), None, "L" if m.value == 0 else "W", (m.vertex,))
            for m in moves
        )
        outcome = "L" if value == 0 else "W"
        return Analysis(
            _vertex_text(found.marked),
            outcome,
            _sentence(outcome, listed, f"Grundy value {value}, the XOR of its components' values"),
            tuple(f"→*{left[v]}" if v in left else "" for v in range(board.n)),
            tuple(("L" if left[v] == 0 else "W") if v in left else "" for v in range(board.n)),
            tuple(1 if v in found.marked else 0 for v in range(board.n)),
            tuple(v not in in_play and v not in found.marked for v in range(board.n)),
            listed,
        )


class EraserheadGame(_UndirectedGame):
    """Eraserhead: an eraser moves along an edge to an empty neighbour and erases the edge."""

    name = "eraserhead"
    title = "Eraserhead"
    summary = (
        "Erasers sit on vertices. A move takes one eraser along an edge to an unoccupied neighbour and erases that "
        "edge; the last mover wins. Each vertex shows the value of its part of the graph (the component it lies in): "
        "the position's value is their XOR."
    )
    source = "Games on Circles I"
    position_label = "erasers"
    position_help = "the erasers' vertices, e.g. 0,2,4"
    default_board = "cycle-9"
    default_position = "0,2,4"
    tokens_word = "eraser"
    presets = (
        ("the source's cycle of 9, three erasers", "cycle-9", "0,2,4"),
        ("a path of 12, erasers at both ends and one between", "path-12", "0,5,11"),
        ("a cycle of 8: odd cycles win", "cycle-8", "0,3"),
        ("the Petersen graph", "petersen", "0,7"),
        ("a 3 × 3 grid, opposite corners", "grid-3x3", "0,8"),
    )

    def analyse(self, board: Board, position: object) -> Analysis:
        """The value of the position, each component's value, and the value each move leaves."""
        graph = board.drawn_graph
        found = eraserhead_position(graph, self._vertices(board, position))
        check_cost(eraserhead_cost(found, moves=True), max_seconds=PAGE_SECONDS, advice="draw a smaller graph")
        value, moves = eraserhead_move_values(found, max_seconds=PAGE_SECONDS)
        listed = tuple(
            GraphMove(
                m.text,
                _vertex_text(m.result.erasers),
                format_eraserhead(m.result).rsplit(":", 1)[0],
                "L" if m.value == 0 else "W",
                (m.eraser, m.to),
                m.edge,
            )
            for m in moves
        )
        labels = [""] * board.n
        classes = [""] * board.n
        erasers = set(found.erasers)
        for component in graph.components():
            inside = [v for v in component if v in erasers]
            if not inside or len(component) < 2:
                continue
            members = set(component)
            part = eraserhead_position(Graph(graph.n, tuple(e for e in graph.edges if e[0] in members), False), inside)
            part_value = eraserhead_value(part, max_seconds=PAGE_SECONDS)
            for v in component:
                labels[v] = f"*{part_value}"
                classes[v] = "L" if part_value == 0 else "W"
        outcome = "L" if value == 0 else "W"
        return Analysis(
            _vertex_text(found.erasers),
            outcome,
            _sentence(outcome, listed, f"Grundy value {value}, the XOR of its components' values"),
            tuple(labels),
            tuple(classes),
            tuple(1 if v in erasers else 0 for v in range(board.n)),
            (False,) * board.n,
            listed,
        )


#: The games of the tab, in the menu's order.
GAMES: dict[str, GraphGame] = {
    game.name: game for game in (TokensGame(), SnakesGame(), FairSharesGame(), MonochromeGame(), EraserheadGame())
}
#: The game shown first.
DEFAULT_GAME = "tokens"


def find_game(name: object) -> GraphGame:
    """The game of this name; ValueError lists the games."""
    if isinstance(name, str) and name in GAMES:
        return GAMES[name]
    raise ValueError(f"choose a game from the menu: {', '.join(GAMES)}")


def check_game_param(raw: str) -> str:
    """The address's check of ``ggame=``."""
    return find_game(raw).name


def check_text_param(raw: str) -> str:
    """The address's check of ``gboard=`` and ``gpos=``: printable text of at most :data:`MAX_BOARD_TEXT` characters."""
    if len(raw) > MAX_BOARD_TEXT or not raw.isprintable():
        raise ValueError(f"a board or position is at most {MAX_BOARD_TEXT:,} printable characters")
    return raw
