"""Snakes-and-Adders: counters advance 1 to 4 squares towards HOME and follow the arrows they land on.

The exercise of the loopy-games lesson ("Nim's Island"): a board of squares
``1..H`` and then HOME, with arrows ``tail>head``.  Two players move in turn;
a move advances one counter 1 to 4 squares, never beyond HOME.  A counter
that lands on an arrow's tail follows the arrow to its head, and if that
head is the tail of another arrow, it follows that one too, until it comes to
rest (a chain of arrows is followed to its end).  Arrows may point back, so
play can loop.  The player who brings the last counter HOME wins: a counter
at HOME has no move, and a player with no move loses.  Any number of
counters may share a square.

It is the token game on the directed graph whose vertices are the squares
(vertex ``s - 1`` for square ``s``, vertex ``H`` for HOME) and whose arcs go
from a square to where each step count brings a counter to rest
(:mod:`solver.graphs.tokens`).  A counter never rests on an arrow's tail, so
tails have no value and hold no counter.

Refused: an arrow from HOME (a counter at HOME has finished), two arrows
from one square, an arrow from a square to itself, an arrow off the board
(a square outside ``1..H`` or HOME), and arrows that lead round in a circle
(a counter would never come to rest).

The source's board is a picture that is not in its text, so the project
ships a board of its own, :data:`DEFAULT_SNAKES_BOARD` (``docs/graph-games.md``
section 4).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Sequence

from solver.costs import Cost
from solver.parsing import describe_text
from solver.validation import check_integer

from .formats import MAX_VERTICES, Graph
from .smith import LoopyValues, loopy_values, loopy_values_cost
from .tokens import SECONDS_PER_MOVE, SECONDS_PER_TOKEN, TokenMove, TokenPosition, token_position

__all__ = [
    "DEFAULT_SNAKES_BOARD",
    "HOME",
    "MAX_BOARD_SIZE",
    "MAX_STEP",
    "SnakesBoard",
    "SnakesPosition",
    "parse_arrows",
    "parse_squares",
    "snakes_board",
    "snakes_cost",
    "snakes_position",
]

#: The name of the square after the last.
HOME = "HOME"
#: Largest board: squares 1..MAX_BOARD_SIZE and HOME (one vertex each).
MAX_BOARD_SIZE = MAX_VERTICES - 1
#: A counter advances 1 to MAX_STEP squares.
MAX_STEP = 4
#: Seconds per square to build the board's graph (Python), rounded up (benchmarks/graph_games.py).
SECONDS_PER_SQUARE = 30e-6

_SQUARE = re.compile(r"\d{1,7}|home", re.ASCII)


@dataclasses.dataclass(frozen=True)
class SnakesBoard:
    """A Snakes-and-Adders board: squares ``1..size``, HOME (``size + 1``), and arrows.

    Attributes
    ----------
    size : int
        H, the last square before HOME (1 to :data:`MAX_BOARD_SIZE`).
    arrows : tuple of (int, int)
        ``(tail, head)`` pairs, by tail; squares are numbered ``1..size``
        and HOME is ``size + 1``.

    Raises
    ------
    ValueError
        From the constructor, if the board makes no sense (the module
        docstring lists what is refused).
    """

    size: int
    arrows: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        size = check_integer(self.size, "the board's size H", least=1, most=MAX_BOARD_SIZE)
        object.__setattr__(self, "size", size)
        home = size + 1
        heads: dict[int, int] = {}
        for tail, head in self.arrows:
            for end in (tail, head):
                if isinstance(end, bool) or not isinstance(end, int) or not 1 <= end <= home:
                    raise ValueError(
                        f"the arrow {self._name(tail)}>{self._name(head)} is off the board: "
                        f"its squares are 1..{size} and HOME"
                    )
            if tail == home:
                raise ValueError(f"the arrow HOME>{self._name(head)} starts at HOME, where a counter has finished")
            if tail == head:
                raise ValueError(f"the arrow {tail}>{head} leads to its own tail; drop it")
            if tail in heads:
                raise ValueError(
                    f"two arrows leave square {tail} (to {self._name(heads[tail])} and {self._name(head)}); keep one"
                )
            heads[tail] = head
        for tail in heads:
            seen = [tail]
            square = heads[tail]
            while square in heads:
                if square in seen:
                    loop = ", ".join(f"{s}>{self._name(heads[s])}" for s in seen[seen.index(square) :])
                    raise ValueError(f"the arrows {loop} go round in a circle: a counter would never come to rest")
                seen.append(square)
                square = heads[square]
        object.__setattr__(self, "arrows", tuple(sorted(heads.items())))

    def _name(self, square: object) -> str:
        return HOME if square == self.size + 1 else str(square)

    @property
    def home(self) -> int:
        """HOME's number, ``size + 1``."""
        return self.size + 1

    def name(self, square: int) -> str:
        """A square's name: ``"7"``, or ``"HOME"``."""
        return self._name(square)

    def tails(self) -> frozenset[int]:
        """The squares where an arrow starts (a counter never rests there)."""
        return frozenset(t for t, _ in self.arrows)

    def squares(self) -> list[int]:
        """The squares where a counter can rest, increasing: ``1..size`` but the tails, and HOME."""
        tails = self.tails()
        return [s for s in range(1, self.home + 1) if s not in tails]

    @functools.cached_property
    def _heads(self) -> dict[int, int]:
        return dict(self.arrows)

    def rest(self, square: int) -> int:
        """Where a counter that lands on ``square`` comes to rest (following arrows to the end of the chain)."""
        heads = self._heads
        while square in heads:
            square = heads[square]
        return square

    def steps(self, square: int) -> dict[int, tuple[int, ...]]:
        """The moves of a counter on ``square``: where it comes to rest → the step counts that bring it there."""
        found: dict[int, list[int]] = {}
        for step in range(1, MAX_STEP + 1):
            if square + step > self.home:
                break
            found.setdefault(self.rest(square + step), []).append(step)
        return {to: tuple(s) for to, s in found.items()}

    def graph(self) -> Graph:
        """The directed graph of the token game: vertex ``s - 1`` is square ``s``, vertex ``size`` is HOME.

        A tail has no arc (a counter never rests there).
        """
        tails = self.tails()
        arcs = [
            (square - 1, to - 1) for square in range(1, self.home) if square not in tails for to in self.steps(square)
        ]
        return Graph(self.home, tuple(arcs), directed=True)

    def arrows_text(self) -> str:
        """The arrows as :func:`parse_arrows` reads them: ``"5>12,14>3"``."""
        return ",".join(f"{t}>{self._name(h)}" for t, h in self.arrows)


def _square(text: str, size: int, what: str, *, home_number: bool = True) -> int:
    item = text.strip().lower()
    if not _SQUARE.fullmatch(item):
        raise ValueError(f"{describe_text(text)} is not a square: write a number 1..{size} or HOME")
    if item == "home":
        return size + 1
    square = int(item)
    if square == size + 1 and not home_number:  # a counter's HOME is written by name: 21 on 1..20 is a slip
        raise ValueError(
            f"{what} on square {square} is off the board: its squares are 1..{size} and HOME "
            f"(write HOME for the end, not {square})"
        )
    if not 1 <= square <= size + 1:
        raise ValueError(f"{what} on square {square} is off the board: its squares are 1..{size} and HOME")
    return square


def parse_arrows(text: object, size: int) -> tuple[tuple[int, int], ...]:
    """Read arrows ``tail>head`` separated by commas: ``"5>12,14>3"`` (``HOME`` or ``size + 1`` names HOME).

    Parameters
    ----------
    text : str
        The arrows; an empty text is no arrow.
    size : int
        H, the last square before HOME.

    Returns
    -------
    tuple of (int, int)

    Raises
    ------
    TypeError
        If ``text`` is not a string.
    ValueError
        If an item is not two squares joined by ``>``, or a square is off
        the board.  (:class:`SnakesBoard` checks the rest.)
    """
    if not isinstance(text, str):
        raise TypeError(f"arrows are text such as 5>12,14>3, got {type(text).__name__}")
    size = check_integer(size, "the board's size H", least=1, most=MAX_BOARD_SIZE)
    body = text.strip().replace("→", ">")
    if not body:
        return ()
    found = []
    for raw in body.split(","):
        parts = raw.split(">")
        if len(parts) != 2:
            raise ValueError(f"{describe_text(raw)} is not an arrow: write tail>head, e.g. 5>12 or 14>3")
        found.append((_square(parts[0], size, "an arrow"), _square(parts[1], size, "an arrow")))
    return tuple(found)


def snakes_board(size: int, arrows: str | Sequence[tuple[int, int]] = ()) -> SnakesBoard:
    """A board from its size and its arrows (text such as ``"5>12,14>3"``, or pairs).

    Raises
    ------
    TypeError, ValueError
        As :func:`parse_arrows` and :class:`SnakesBoard`.
    """
    size = check_integer(size, "the board's size H (--size)", least=1, most=MAX_BOARD_SIZE)
    pairs = parse_arrows(arrows, size) if isinstance(arrows, str) else tuple(arrows)
    return SnakesBoard(size, pairs)


def parse_squares(text: object, board: SnakesBoard) -> tuple[int, ...]:
    """Read counters' squares ``"1,4,HOME"`` (repeats are counters sharing a square).

    Raises
    ------
    TypeError
        If ``text`` is not a string.
    ValueError
        If an item is not a square of the board, or is an arrow's tail.
    """
    if not isinstance(text, str):
        raise TypeError(f"counters are text such as 1,4, got {type(text).__name__}")
    body = text.strip()
    if not body:
        return ()
    tails = dict(board.arrows)
    found = []
    for raw in body.split(","):
        square = _square(raw, board.size, "a counter", home_number=False)
        if square in tails:
            raise ValueError(
                f"square {square} is an arrow's tail: a counter never rests there "
                f"(it goes on to {board.name(board.rest(square))})"
            )
        found.append(square)
    return tuple(found)


#: The project's own board (the source's is a picture that is not in its text): squares 1..20 and HOME, a
#: ladder 10>19 forward and two snakes back, 8>2 and 15>12.  Squares 1..5 have the value inf{} (a lone
#: counter there is a draw), 11 has 0 although the snake 15>12 lies ahead (docs/graph-games.md section 4).
DEFAULT_SNAKES_BOARD = SnakesBoard(20, ((8, 2), (10, 19), (15, 12)))


@dataclasses.dataclass(frozen=True)
class SnakesPosition:
    """Counters on a board, analysed as a token position.

    Attributes
    ----------
    board : SnakesBoard
    counters : tuple of int
        The counters' squares (HOME is ``board.home``).
    position : TokenPosition
        The token game's analysis (vertices are squares minus one).
    """

    board: SnakesBoard
    counters: tuple[int, ...]
    position: TokenPosition

    @property
    def values(self) -> LoopyValues:
        """The values of the board's graph (vertex ``s - 1`` is square ``s``)."""
        return self.position.values

    def value_texts(self) -> dict[str, str]:
        """Each square where a counter can rest → its value (``"2"``, ``"inf{0}"``), HOME last."""
        texts = self.values.texts()
        return {self.board.name(s): texts[s - 1] for s in self.board.squares()}

    def move_dict(self, move: TokenMove) -> dict:
        """A move for JSON: ``{"from", "to", "steps", "outcome", "winning", "drawing"}``, squares by name."""
        source, target = move.source + 1, move.target + 1
        return {
            "from": self.board.name(source),
            "to": self.board.name(target),
            "steps": list(self.board.steps(source)[target]),
            "outcome": move.outcome.name,
            "winning": move.winning,
            "drawing": move.drawing,
        }


def snakes_cost(board: SnakesBoard, counters: int) -> Cost:
    """Estimated time and memory of :func:`snakes_position` with ``counters`` counters on ``board``.

    The board's graph (at most 4 arcs a square, built in Python), its values
    (:func:`~solver.graphs.smith.loopy_values_cost`) and the moves listed.
    """
    squares = board.home
    values = loopy_values_cost(squares, MAX_STEP * board.size, MAX_STEP)
    seconds = (
        values.seconds + squares * SECONDS_PER_SQUARE + counters * (SECONDS_PER_TOKEN + MAX_STEP * SECONDS_PER_MOVE)
    )
    return Cost(seconds, values.bytes + 1_000 * squares, f"a board of {board.size:,} squares")


def snakes_position(board: SnakesBoard, counters: Sequence[int]) -> SnakesPosition:
    """Analyse counters on a board: the outcome, every square's value, every move, the computer's move.

    Parameters
    ----------
    board : SnakesBoard
    counters : sequence of int
        The counters' squares, ``1..size`` or HOME (``size + 1``), not on a
        tail (:func:`parse_squares` reads ``"1,4"``).

    Returns
    -------
    SnakesPosition

    Raises
    ------
    ValueError
        If a counter is off the board or on an arrow's tail.

    Examples
    --------
    >>> found = snakes_position(snakes_board(6), (1, 4))
    >>> found.position.outcome.name, found.value_texts()
    ('W', {'1': '1', '2': '0', '3': '4', '4': '3', '5': '2', '6': '1', 'HOME': '0'})
    """
    if not isinstance(board, SnakesBoard):
        raise TypeError(f"board must be a SnakesBoard, got {type(board).__name__}")
    tails = board.tails()
    for square in counters:
        if isinstance(square, bool) or not isinstance(square, int) or not 1 <= square <= board.home:
            raise ValueError(f"a counter on {square!r:.20} is off the board: its squares are 1..{board.size} and HOME")
        if square in tails:
            raise ValueError(f"square {square} is an arrow's tail: a counter never rests there")
    graph = board.graph()
    position = token_position(graph, tuple(s - 1 for s in counters), loopy_values(graph))
    return SnakesPosition(board, tuple(counters), position)
