"""The loopy games on a graph as :class:`~.model.Game`: tokens, Snakes-and-Adders, Fair Shares.

Each is a :class:`~.boards.BoardGame`: the board (a drawn graph, a
Snakes-and-Adders board, N almonds) and the pieces are also read apart, and
:meth:`~.boards.BoardGame.study` gives what a drawing of a position shows.

Their values are Smith's loopy nim values (Winning Ways, chapter 12;
``docs/graph-games.md``): ``"2"`` for a finite value, ``"inf{0,2}"`` for ∞
with the finite values K among its followers.  A position of several tokens
is a sum, and its outcome and value follow Smith's rule: all finite, the
nim-sum; one ∞(K) and finite values of nim-sum s, ∞ with K XOR s; two or more
∞, ∞ with K empty (a draw against any nim heap).

=====================  =======================================  ==================================
game                   position, as text                        example
=====================  =======================================  ==================================
``tokens``             ``ARCS:TOKENS``                          ``0>1,1>2,2>0,1>3:0,0,2``
``snakes-and-adders``  ``H: ARROWS; COUNTERS`` (or ``COUNTERS``  ``20: 8>2,10>19,15>12; 1,4``
                       alone, on the default board)
``fair-shares``        heaps adding up to N                     ``3+2+1``
=====================  =======================================  ==================================
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence

from .. import costs
from ..costs import DEFAULT_MAX_SECONDS, check_cost
from ..engine.solution import Outcome
from ..graphs.fair_shares import (
    MAX_ALMONDS,
    computer_fair_shares_move,
    fair_shares,
    fair_shares_cost,
    fair_shares_position,
    format_partition,
    parse_partition,
)
from ..graphs.formats import Graph, format_graph, parse_graph, parse_vertices
from ..graphs.smith import LoopyValues, loopy_values
from ..graphs.snakes import (
    DEFAULT_SNAKES_BOARD,
    MAX_BOARD_SIZE,
    SnakesBoard,
    parse_arrows,
    parse_squares,
    snakes_board,
    snakes_cost,
    snakes_position,
)
from ..graphs.tokens import apply_token_move, computer_token_move, token_position, tokens_cost
from ..parsing import parse_int
from .boards import (
    Board,
    BoardGame,
    StudiedMove,
    Study,
    loopy_class,
    loopy_label,
    outcome_sentence,
    token_reason,
    vertex_text,
)
from .model import Move

__all__ = ["TokensGame", "SnakesGame", "FairSharesGame", "TokenBoard", "SnakesPositionText", "sum_value_text"]

_GROUP = "Loopy games (the lesson on loopy games; Winning Ways, chapter 12)"


def sum_value_text(texts: Sequence[str]) -> str:
    """Smith's value of a sum of tokens from each token's value text (``"2"``, ``"inf{0,1}"``).

    All finite: their nim-sum.  One ∞(K) and finite values of nim-sum s:
    ``inf{K XOR s}``.  Two or more ∞: ``inf{}`` (a draw with any nim heap
    added; ``docs/graph-games.md`` section 1).  No token: ``"0"``.
    """
    total = 0
    infinite: list[str] = []
    for text in texts:
        if text.isdigit():
            total ^= int(text)
        else:
            infinite.append(text)
    if not infinite:
        return str(total)
    if len(infinite) > 1:
        return "inf{}"
    members = [int(k) for k in infinite[0][4:-1].split(",") if k]
    return "inf{" + ",".join(str(k) for k in sorted(k ^ total for k in members)) + "}"


@functools.lru_cache(maxsize=16)
def _values(graph: Graph) -> LoopyValues:
    """Smith's values of a graph, kept for the last few graphs (positions of one game share them)."""
    return loopy_values(graph)


@dataclasses.dataclass(frozen=True)
class TokenBoard:
    """Tokens on a directed graph: the graph and the tokens' vertices (increasing, repeats allowed)."""

    graph: Graph
    tokens: tuple[int, ...]


class TokensGame(BoardGame[TokenBoard]):
    """Tokens on a directed graph (Nim's Island): a move slides one token along one arc; play can loop."""

    name = "tokens"
    title = "Tokens on a directed graph (Nim's Island)"
    summary = (
        "A move slides one token along one arc; tokens may share a vertex; a player with no move (every token on a "
        "vertex without arcs) loses. Play can loop."
    )
    source = "the lesson on loopy games, Nim's Island; Smith's values, Winning Ways ch. 12"
    group = _GROUP
    example = "1>0,2>1,3>2,3>0,4>3,4>5,5>4,5>2,6>5,6>1,6>7,7>6:1,6"
    position_help = "ARCS:TOKENS, arcs 0>1,1>2 (or path-N, cycle-N, grid-RxC, complete-N, petersen) and vertices 0,0,2"
    views = ("graph",)
    value_kind = "loopy"
    loopy = True
    stacks = True

    def parse(self, text: str) -> TokenBoard:
        """``ARCS:TOKENS``; ValueError says what is wrong."""
        if not isinstance(text, str):
            raise TypeError(f"a position of {self.title} is written as text, got {type(text).__name__}")
        arcs, sep, tokens = text.rpartition(":")
        if not sep:
            raise ValueError(f"write a position of {self.title} as ARCS:TOKENS, e.g. 0>1,1>2,2>0:0,2")
        graph = parse_graph(arcs, directed=True)
        return TokenBoard(graph, tuple(sorted(parse_vertices(tokens, graph, "a token"))))

    def format(self, position: TokenBoard) -> str:
        """``ARCS:TOKENS``, arcs as :func:`solver.graphs.format_graph` writes them."""
        return f"{format_graph(position.graph)}:{','.join(map(str, position.tokens))}"

    def _analysis(self, position: TokenBoard):
        return token_position(position.graph, position.tokens, _values(position.graph))

    def moves(self, position: TokenBoard) -> list[Move[TokenBoard]]:
        """One move per arc leaving an occupied vertex (tokens on one vertex move alike), by source then target."""
        found = self._analysis(position)
        return [
            Move(
                f"token {m.source} → {m.target}",
                TokenBoard(position.graph, tuple(sorted(apply_token_move(position.tokens, m.source, m.target)))),
                kind="slide",
                arc=(m.source, m.target),
            )
            for m in found.moves
        ]

    def outcome(self, position: TokenBoard) -> str:
        """W, L or D by Smith's rule."""
        return self._analysis(position).outcome.name

    def value(self, position: TokenBoard) -> str:
        """Smith's value of the tokens' sum (:func:`sum_value_text`)."""
        texts = _values(position.graph).texts()
        return sum_value_text([texts[v] for v in position.tokens])

    def cost(self, position: TokenBoard) -> costs.Cost:
        """:func:`solver.graphs.tokens_cost`."""
        return tokens_cost(position.graph, len(position.tokens))

    def computer_move(self, position: TokenBoard) -> Move[TokenBoard] | None:
        """Smith's strategy (:func:`solver.graphs.computer_token_move`): a win that makes progress, else a draw."""
        choice = computer_token_move(_values(position.graph), position.tokens)
        if choice is None:
            return None
        return next(m for m in self.moves(position) if m.arc == (choice.source, choice.target))

    # -- the board and the drawing (BoardGame) -------------------------------------------

    def read_board(self, text: str, *, max_seconds: float = DEFAULT_MAX_SECONDS) -> Board:
        """The directed graph of ``text`` (:func:`solver.graphs.parse_graph`); vertices named by number.

        Raises
        ------
        ValueError
            If it is not a directed graph (the message says how to write one).
        """
        graph = parse_graph(text, directed=True)
        return Board(str(text).strip(), graph, tuple(str(v) for v in range(graph.n)), graph)

    def on_board(self, board: Board, pieces: str) -> TokenBoard:
        """The tokens' vertices ``0,0,2`` on the board's graph (repeats allowed)."""
        tokens = parse_vertices(pieces, board.model, "a token")
        return TokenBoard(board.model, tuple(sorted(tokens)))

    def split(self, position: TokenBoard) -> tuple[str, str]:
        """``("0>1,1>2", "0,0,2")``: the arcs as :func:`solver.graphs.format_graph` writes them, the tokens."""
        return format_graph(position.graph), vertex_text(position.tokens)

    def study(self, position: TokenBoard, *, max_seconds: float = DEFAULT_MAX_SECONDS) -> Study[TokenBoard]:
        """Smith's value of every vertex, and the outcome of the tokens by Smith's sum rule.

        Returns
        -------
        Study
            Labels ``*2`` and ``∞{0,1}`` (:func:`~.boards.loopy_label`), the
            outcome of one token on each vertex as its class, the tokens on
            each vertex; each move's taps and arc are (from, to); the reason
            is the sum rule in words (:func:`~.boards.token_reason`).

        Raises
        ------
        ValueError
            Beyond ``max_seconds`` of work (:func:`solver.graphs.tokens_cost`):
            "draw a smaller graph".
        """
        graph, tokens = position.graph, position.tokens
        check_cost(tokens_cost(graph, len(tokens)), max_seconds=max_seconds, advice="draw a smaller graph")
        found = token_position(graph, tokens, _values(graph))
        texts = found.values.texts()
        moves = []
        for m in found.moves:
            after = apply_token_move(tokens, m.source, m.target)
            child = TokenBoard(graph, tuple(sorted(after)))
            move = Move(f"token {m.source} → {m.target}", child, kind="slide", arc=(m.source, m.target))
            moves.append(
                StudiedMove(move, vertex_text(after), None, m.outcome.name, (m.source, m.target), (m.source, m.target))
            )
        counts = [0] * graph.n
        for v in tokens:
            counts[v] += 1
        reason = token_reason(texts, tokens)
        return Study(
            position,
            vertex_text(tokens),
            found.outcome.name,
            reason,
            outcome_sentence(found.outcome.name, len(moves), reason),
            tuple(loopy_label(t) for t in texts),
            tuple(loopy_class(t) for t in texts),
            tuple(counts),
            (False,) * graph.n,
            tuple(moves),
        )

    def computer_pick(self, study: Study[TokenBoard]) -> int | None:
        """Smith's strategy (:meth:`computer_move`): a win that makes progress, else a draw."""
        choice = self.computer_move(study.position)
        return None if choice is None else self._index_of_arc(study, choice.arc)  # type: ignore[arg-type]

    def toggle(self, board: Board, pieces: str, vertex: int, *, max_seconds: float = DEFAULT_MAX_SECONDS) -> str:
        """A token put on ``vertex``, or one taken away when there is one."""
        tokens = list(parse_vertices(pieces, board.model, "a token"))
        if vertex in tokens:
            tokens.remove(vertex)
        else:
            tokens.append(vertex)
        return vertex_text(tokens)

    def put(self, board: Board, pieces: str, vertex: int, *, max_seconds: float = DEFAULT_MAX_SECONDS) -> str:
        """One more token on ``vertex`` (tokens may share a vertex: ``0,2`` and a tap on 2 give ``0,2,2``)."""
        tokens = list(parse_vertices(pieces, board.model, "a token"))
        parse_vertices(str(vertex), board.model, "a token")  # refused when off the graph
        return vertex_text([*tokens, vertex])

    def take(self, board: Board, pieces: str, vertex: int, *, max_seconds: float = DEFAULT_MAX_SECONDS) -> str:
        """One token fewer on ``vertex``; ValueError when it holds none."""
        tokens = list(parse_vertices(pieces, board.model, "a token"))
        if vertex not in tokens:
            raise ValueError(f"vertex {vertex} holds no token to take away")
        tokens.remove(vertex)
        return vertex_text(tokens)


@dataclasses.dataclass(frozen=True)
class SnakesPositionText:
    """Counters on a Snakes-and-Adders board: the board and the counters' squares (HOME is ``size + 1``)."""

    board: SnakesBoard
    counters: tuple[int, ...]


def _board_text(board: SnakesBoard) -> str:
    arrows = board.arrows_text()
    return f"{board.size}: {arrows}" if arrows else str(board.size)


def _squares_text(board: SnakesBoard, vertices: Sequence[int]) -> str:
    """Counters' squares (vertices ``s - 1``) as text, increasing, HOME by name."""
    return ",".join(board.name(v + 1) for v in sorted(vertices))


class SnakesGame(BoardGame[SnakesPositionText]):
    """Snakes-and-Adders: counters advance 1 to 4 squares and follow the arrows they land on."""

    name = "snakes-and-adders"
    title = "Snakes-and-Adders"
    summary = (
        "A move advances one counter 1 to 4 squares, never beyond HOME; a counter that lands on an arrow's tail "
        "follows it to its head. The player who brings the last counter HOME wins. The default board is the "
        "project's own (the lesson's is a picture)."
    )
    source = "the lesson on loopy games, exercise 3"
    group = _GROUP
    example = f"{_board_text(DEFAULT_SNAKES_BOARD)}; 1,4"
    position_help = "H: ARROWS; COUNTERS, e.g. 20: 8>2,10>19,15>12; 1,4 (COUNTERS alone: the default board)"
    views = ("graph",)
    value_kind = "loopy"
    loopy = True
    hand_drawn = False
    piece = "counter"

    def parse(self, text: str) -> SnakesPositionText:
        """``H: ARROWS; COUNTERS``, or the counters alone on the default board."""
        if not isinstance(text, str):
            raise TypeError(f"a position of {self.title} is written as text, got {type(text).__name__}")
        board_text, sep, counters = text.rpartition(";")
        if not sep:
            board = DEFAULT_SNAKES_BOARD
        else:
            size_text, _, arrows = board_text.partition(":")
            size = parse_int(size_text.strip(), "H, the number of squares", least=1, most=MAX_BOARD_SIZE)
            board = snakes_board(size, parse_arrows(arrows.strip(), size) if arrows.strip() else ())
        return SnakesPositionText(board, tuple(sorted(parse_squares(counters.strip(), board))))

    def format(self, position: SnakesPositionText) -> str:
        """``H: ARROWS; COUNTERS`` with HOME by name."""
        names = ",".join(position.board.name(c) for c in position.counters)
        return f"{_board_text(position.board)}; {names}"

    def _analysis(self, position: SnakesPositionText):
        tokens = [c - 1 for c in position.counters]
        return token_position(position.board.graph(), tokens, _values(position.board.graph()))

    def moves(self, position: SnakesPositionText) -> list[Move[SnakesPositionText]]:
        """Each counter's moves, as squares: ``arc`` is (from square, to square), arrows already followed."""
        board = position.board
        tokens = [c - 1 for c in position.counters]
        return [
            Move(
                f"counter {board.name(m.source + 1)} → {board.name(m.target + 1)}",
                SnakesPositionText(board, tuple(sorted(c + 1 for c in apply_token_move(tokens, m.source, m.target)))),
                kind="slide",
                arc=(m.source + 1, m.target + 1),
            )
            for m in self._analysis(position).moves
        ]

    def outcome(self, position: SnakesPositionText) -> str:
        """W, L or D by Smith's rule on the board's token game."""
        return self._analysis(position).outcome.name

    def value(self, position: SnakesPositionText) -> str:
        """Smith's value of the counters' sum."""
        texts = _values(position.board.graph()).texts()
        return sum_value_text([texts[c - 1] for c in position.counters])

    def cost(self, position: SnakesPositionText) -> costs.Cost:
        """:func:`solver.graphs.snakes_cost`."""
        return snakes_cost(position.board, len(position.counters))

    def computer_move(self, position: SnakesPositionText) -> Move[SnakesPositionText] | None:
        """Smith's strategy on the board's token game."""
        choice = self._analysis(position).choice
        if choice is None:
            return None
        return next(m for m in self.moves(position) if m.arc == (choice.source + 1, choice.target + 1))

    # -- the board and the drawing (BoardGame) -------------------------------------------

    def read_board(self, text: str, *, max_seconds: float = DEFAULT_MAX_SECONDS) -> Board:
        """``H: ARROWS``: squares 1..H and HOME as vertices 0..H, the arrows drawn (tail − 1, head − 1).

        Raises
        ------
        ValueError
            If H is not a number from 1 to :data:`solver.graphs.MAX_BOARD_SIZE`,
            or an arrow is not one of the board (:func:`solver.graphs.parse_arrows`).
        """
        size_text, _, arrows = text.partition(":")
        size = parse_int(size_text.strip(), "H, the number of squares", least=1, most=MAX_BOARD_SIZE)
        board = snakes_board(size, parse_arrows(arrows.strip(), size) if arrows.strip() else ())
        graph = board.graph()
        names = tuple(board.name(v + 1) for v in range(graph.n))
        drawn = tuple((t - 1, h - 1) for t, h in board.arrows)
        return Board(_board_text(board), graph, names, board, drawn=drawn)

    def on_board(self, board: Board, pieces: str) -> SnakesPositionText:
        """The counters' squares ``1,4`` (HOME by name) on the board (:func:`solver.graphs.parse_squares`)."""
        return SnakesPositionText(board.model, tuple(sorted(parse_squares(pieces, board.model))))

    def split(self, position: SnakesPositionText) -> tuple[str, str]:
        """``("20: 8>2", "1,HOME")``: the board, and the counters' squares with HOME by name."""
        return _board_text(position.board), _squares_text(position.board, [c - 1 for c in position.counters])

    def study(
        self, position: SnakesPositionText, *, max_seconds: float = DEFAULT_MAX_SECONDS
    ) -> Study[SnakesPositionText]:
        """Smith's values of the squares and the outcome of the counters (the board's token game).

        Returns
        -------
        Study
            Vertex ``s - 1`` is square ``s``; an arrow's tail has no label
            and is out of play (a counter never rests there); each move's
            taps are (from, to) as vertices, and it runs along no drawn arc.
        """
        board = position.board
        tokens = [c - 1 for c in position.counters]
        found = snakes_position(board, position.counters)
        texts = found.values.texts()
        tails = board.tails()
        moves = []
        for m in found.position.moves:
            after = apply_token_move(tokens, m.source, m.target)
            child = SnakesPositionText(board, tuple(sorted(c + 1 for c in after)))
            label = f"counter {board.name(m.source + 1)} → {board.name(m.target + 1)}"
            move = Move(label, child, kind="slide", arc=(m.source + 1, m.target + 1))
            moves.append(StudiedMove(move, _squares_text(board, after), None, m.outcome.name, (m.source, m.target)))
        n = board.home
        counts = [0] * n
        for c in tokens:
            counts[c] += 1
        outcome = found.position.outcome.name
        reason = token_reason(texts, tokens)
        return Study(
            position,
            _squares_text(board, tokens),
            outcome,
            reason,
            outcome_sentence(outcome, len(moves), reason),
            tuple("" if v + 1 in tails else loopy_label(texts[v]) for v in range(n)),
            tuple("" if v + 1 in tails else loopy_class(texts[v]) for v in range(n)),
            tuple(counts),
            tuple(v + 1 in tails for v in range(n)),
            tuple(moves),
        )

    def computer_pick(self, study: Study[SnakesPositionText]) -> int | None:
        """Smith's strategy on the board's token game (:meth:`computer_move`)."""
        choice = self.computer_move(study.position)
        return None if choice is None else self._index_of_arc(study, choice.arc)  # type: ignore[arg-type]

    def toggle(self, board: Board, pieces: str, vertex: int, *, max_seconds: float = DEFAULT_MAX_SECONDS) -> str:
        """A counter put on square ``vertex + 1``, or one taken away.

        Raises
        ------
        ValueError
            If the counters are not squares of the board, or square
            ``vertex + 1`` is an arrow's tail.
        """
        found: SnakesBoard = board.model
        counters = [c - 1 for c in parse_squares(pieces, found)]
        if vertex + 1 in found.tails():
            raise ValueError(f"square {vertex + 1} is an arrow's tail: a counter never rests there")
        if vertex in counters:
            counters.remove(vertex)
        else:
            counters.append(vertex)
        return _squares_text(found, counters)

    def toggle_edge(self, board: Board, u: int, v: int) -> str:
        """The board's text with the arrow from square u + 1 to square v + 1 added, or removed if it is there.

        Raises
        ------
        ValueError
            If the arrow is not one of the board (:func:`solver.graphs.snakes_board`).
        """
        found: SnakesBoard = board.model
        arrows = dict(found.arrows)
        tail, head = u + 1, v + 1
        if arrows.get(tail) == head:
            del arrows[tail]
        else:
            arrows[tail] = head
        return _board_text(snakes_board(found.size, tuple(sorted(arrows.items()))))


_OUTCOME_NAMES = {Outcome.W: "W", Outcome.L: "L", Outcome.D: "D"}
#: The outcome codes of :class:`solver.graphs.FairShares` as classes.
_CLASS_CODES = {1: "W", 2: "L", 3: "D"}


class FairSharesGame(BoardGame[tuple[int, ...]]):
    """Fair Shares and Varied Pairs: divide a heap into equal heaps, or merge two heaps of different sizes."""

    name = "fair-shares"
    title = "Fair Shares and Varied Pairs"
    summary = (
        "N almonds in heaps. A move divides a heap into two or more equal heaps, or merges two heaps of different "
        "sizes; the player who cannot move (all heaps of 1) loses. Play can loop."
    )
    source = "the lesson on loopy games, exercises 4 and 5"
    group = _GROUP
    example = "3+2+1"
    position_help = f"heaps adding up to N almonds, N at most {MAX_ALMONDS}, e.g. 3+2+1"
    views = ("graph",)
    value_kind = "loopy"
    loopy = True
    hand_drawn = False
    editable = False
    piece = "position"
    slides = False
    #: The most almonds whose board comes with its graph (p(10) = 42 partitions); beyond, a table lists them.
    drawn_up_to = 10

    def parse(self, text: str) -> tuple[int, ...]:
        """Heaps joined by ``+`` (:func:`solver.graphs.parse_partition`), largest first."""
        if not isinstance(text, str):
            raise TypeError(f"a position of {self.title} is written as text, got {type(text).__name__}")
        return parse_partition(text)

    def format(self, position: tuple[int, ...]) -> str:
        """``"3+2+1"``."""
        return format_partition(position)

    def _analysis(self, position: tuple[int, ...]):
        return fair_shares_position(fair_shares(sum(position)), position)

    def moves(self, position: tuple[int, ...]) -> list[Move[tuple[int, ...]]]:
        """Every distinct position one move away; the label is the one way there, or ``to P`` for several."""
        listed = []
        for m in self._analysis(position).moves:
            label = m.how[0].replace("->", "→") if len(m.how) == 1 else f"to {format_partition(m.result)}"
            kind = "merge" if "+" in m.how[0].split("->")[0] else "divide"
            listed.append(Move(label, m.result, kind=kind))
        return listed

    def outcome(self, position: tuple[int, ...]) -> str:
        """W, L or D (retrograde analysis of every partition of N)."""
        return _OUTCOME_NAMES[self._analysis(position).outcome]

    def value(self, position: tuple[int, ...]) -> str:
        """Smith's value of the position (a vertex of the moves graph)."""
        return self._analysis(position).value

    def remoteness(self, position: tuple[int, ...]) -> int | None:
        """The exact remoteness of a W or L position; None for a draw."""
        found = self._analysis(position).remoteness
        return None if found < 0 else found

    def cost(self, position: tuple[int, ...]) -> costs.Cost:
        """:func:`solver.graphs.fair_shares_cost` of N, the position's almonds."""
        return fair_shares_cost(sum(position))

    def computer_move(self, position: tuple[int, ...]) -> Move[tuple[int, ...]] | None:
        """:func:`solver.graphs.computer_fair_shares_move`."""
        choice = computer_fair_shares_move(fair_shares(sum(position)), position)
        if choice is None:
            return None
        return next(m for m in self.moves(position) if m.child == choice.result)

    # -- the board and the drawing (BoardGame) -------------------------------------------

    def read_board(self, text: str, *, max_seconds: float = DEFAULT_MAX_SECONDS) -> Board:
        """N almonds: every partition of N a vertex, named ``3+2+1``, with an arc for each move.

        Up to :attr:`drawn_up_to` almonds the board has its graph and each
        vertex's level (its number of heaps); beyond, the vertices only.

        Raises
        ------
        ValueError
            If N is not a number from 1 to :data:`solver.graphs.MAX_ALMONDS`,
            or its solution is beyond ``max_seconds`` ("choose fewer almonds").
        """
        n = parse_int(text.strip(), "N, the almonds", least=1, most=MAX_ALMONDS)
        check_cost(fair_shares_cost(n), max_seconds=max_seconds, advice="choose fewer almonds")
        game = fair_shares(n)
        count = len(game)
        names = tuple(format_partition(game.partition(i)) for i in range(count))
        if game.n > self.drawn_up_to:
            return Board(str(game.n), None, names, game)
        indptr, kids = game.values.indptr, game.values.kids
        arcs = tuple((u, int(v)) for u in range(count) for v in kids[indptr[u] : indptr[u + 1]].tolist() if int(v) != u)
        levels = tuple(len(game.partition(i)) for i in range(count))
        return Board(str(game.n), Graph(count, arcs, directed=True), names, game, levels=levels)

    def on_board(self, board: Board, pieces: str) -> tuple[int, ...]:
        """The partition of the board's N that ``pieces`` writes (``3+2+1``, heaps in any order)."""
        game = board.model
        return game.partition(game.position_index(pieces))

    def split(self, position: tuple[int, ...]) -> tuple[str, str]:
        """``("6", "3+2+1")``: N, and the partition."""
        return str(sum(position)), format_partition(position)

    def study(self, position: tuple[int, ...], *, max_seconds: float = DEFAULT_MAX_SECONDS) -> Study[tuple[int, ...]]:
        """Every partition's value and outcome; the position's moves, with the remoteness of W and L children.

        Returns
        -------
        Study
            One vertex per partition of N (:meth:`read_board`), the one
            token on the position's; a move's tap is its child's vertex and
            its arc runs from the position's; the reason is the remoteness,
            or Smith's value for a draw.

        Raises
        ------
        ValueError
            If the position is not a partition, or N's solution is beyond
            ``max_seconds``.
        """
        n = sum(position)
        check_cost(fair_shares_cost(n), max_seconds=max_seconds, advice="choose fewer almonds")
        game = fair_shares(n)
        found = fair_shares_position(game, position)
        here = game.position_index(found.partition)
        moves = []
        for m, move in zip(found.moves, self.moves(position), strict=True):
            there = game.position_index(m.result)
            remoteness = None if m.remoteness < 0 else m.remoteness
            moves.append(
                StudiedMove(move, format_partition(m.result), None, m.outcome.name, (there,), (here, there), remoteness)
            )
        tokens = [0] * len(game)
        tokens[here] = 1
        outcome = found.outcome.name
        why = f"remoteness {found.remoteness}" if found.remoteness >= 0 else f"value {loopy_label(found.value)}"
        return Study(
            found.partition,
            format_partition(found.partition),
            outcome,
            why,
            outcome_sentence(outcome, len(moves), why),
            tuple(loopy_label(t) for t in game.values.texts()),
            tuple(_CLASS_CODES.get(int(o), "") for o in game.outcome.tolist()),
            tuple(tokens),
            (False,) * len(game),
            tuple(moves),
        )

    def computer_pick(self, study: Study[tuple[int, ...]]) -> int | None:
        """:meth:`computer_move` (the quickest win, else a draw, else the slowest loss)."""
        choice = self.computer_move(study.position)
        if choice is None:
            return None
        return next(k for k, m in enumerate(study.moves) if m.move.child == choice.child)

    def fit_pieces(self, board: Board, pieces: str) -> str:
        """The partition ``pieces`` when it is one of the board's N, else N as one heap (``"11"``)."""
        try:
            self.on_board(board, pieces)
        except (TypeError, ValueError):
            return str(board.model.n)
        return pieces

    def toggle(self, board: Board, pieces: str, vertex: int, *, max_seconds: float = DEFAULT_MAX_SECONDS) -> str:
        """The position is the partition of ``vertex`` (there is one token, the position)."""
        return board.names[vertex]
