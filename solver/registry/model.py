"""One game model: every game of the project is a :class:`Game`, and its moves are :class:`Move` data.

The shape follows python-chess's variants (``chess/variant.py``): one base
class that says what every game can be asked, one subclass per kind of game
that overrides what differs, and one table (:mod:`solver.registry`) that finds
a game by its name.  Nothing outside the registry asks which game it holds.

==========================  ===============================================================
method                      answers
==========================  ===============================================================
``parse`` / ``format``      a position from text and back; ``parse(format(p)) == p``
``moves``                   every move of a position, as :class:`Move` objects
``outcome``                 ``"W"``, ``"L"``, ``"D"`` or ``"U"`` for the player to move
``value``                   a Grundy value (int), Smith's loopy value (text), or None
``remoteness``              the exact remoteness, or None (draws, unknown, or bounded only)
``cost``                    the estimate of answering the questions above, first
``value_cost``              the estimate of the outcome and value alone (no remoteness)
``computer_move``           the one policy of :func:`choose_move`, or a game's own
==========================  ===============================================================

Outcomes are those of the player to move (``docs/mathematics.md`` section 2):
W when some move reaches L, L when every move reaches W, D (loopy games) when
neither player can force a win, U where a bound leaves it open (the
put-or-take rules answer through their solution at a bound).
"""

from __future__ import annotations

import abc
import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

from .. import costs

__all__ = ["Game", "Move", "OUTCOMES", "choose_move"]

P = TypeVar("P")

#: The outcome letters, for the player to move: W (N-position), L (P-position), D (draw), U (unresolved).
OUTCOMES = ("W", "L", "D", "U")


@dataclasses.dataclass(frozen=True)
class Move(Generic[P]):
    """One move of a position: its words, the position it leaves, and what a picture needs to draw it.

    A view draws a move from these fields, never from a diff of two positions
    or from the label's text (python-chess's ``Move`` is the model).

    Attributes
    ----------
    label : str
        The move in words, unique among the moves of one position
        (``"take 9"``, ``"sweep row 1, columns 2-4"``, ``"token 0 → 1"``).
    child : position
        The position the move leaves, in the game's own type.
    kind : str
        What the move does, in the field's words: ``"take"``, ``"put"``,
        ``"add"``, ``"split"``, ``"sweep"``, ``"chomp"``, ``"place"``,
        ``"mark"``, ``"slide"``, ``"erase"``, ``"divide"``, ``"merge"``; empty
        when the game names none.
    amount : int or None
        The number taken, put or added, where the move has one.
    part : int or None
        The index of the part moved in (a heap, a group of dirt, a token),
        where the position has parts.
    cells : tuple of (int, int)
        Grid cells (row, column, from 0 at the top left) the move removes,
        in increasing order: a Spring Cleaning sweep's run, a Chomp bite
        (its first cell is the piece chosen).
    arc : (int, int) or None
        The arc or edge the move follows (a token's slide, an eraser's edge).
    vertex : int or None
        The vertex marked (Monochrome).
    """

    label: str
    child: P
    kind: str = ""
    amount: int | None = None
    part: int | None = None
    cells: tuple[tuple[int, int], ...] = ()
    arc: tuple[int, int] | None = None
    vertex: int | None = None


def choose_move(
    moves: Sequence[Move[P]], outcomes: Sequence[str], remotenesses: Sequence[int | None]
) -> Move[P] | None:
    """The computer's move, one policy for every game: win fastest, else keep a draw, else lose slowest.

    Parameters
    ----------
    moves : sequence of Move
    outcomes : sequence of str
        The outcome of each move's child (``"L"`` means the move wins), as
        :data:`OUTCOMES`.
    remotenesses : sequence of int or None
        The remoteness of each child, where known.

    Returns
    -------
    Move or None
        Among moves to L, the one of least known remoteness; else the first
        move to D (a draw kept), then the first to U (not a known loss); else
        the move to W of greatest known remoteness (the first when none is
        known).  None when there is no move.

    Notes
    -----
    Ties go to the first move, so the choice is reproducible.  Winning
    Ways, chapter 9 (remoteness): the winner hurries, the loser delays.
    """
    if not moves:
        return None

    def known(k: int, default: int) -> int:
        found = remotenesses[k]
        return default if found is None else found

    wins = [k for k, o in enumerate(outcomes) if o == "L"]
    if wins:
        return moves[min(wins, key=lambda k: known(k, 1 << 62))]
    for wanted in ("D", "U"):
        for k, o in enumerate(outcomes):
            if o == wanted:
                return moves[k]
    return moves[max(range(len(moves)), key=lambda k: known(k, -1))]


class Game(abc.ABC, Generic[P]):
    """A game of the project: what every view and command may ask of it.

    Subclasses set the class attributes (or instance attributes, for a
    member of a family) and implement the abstract methods; the rest have
    defaults built on those.

    Attributes
    ----------
    name : str
        The canonical name (``"kayles"`` is found as ``"octal-0.77"``).
    title : str
        Display name.
    summary : str
        One sentence of rules.
    source : str
        Where the game and the facts used are defined (a thesis section, a
        Winning Ways page, a seed document's title).
    group : str
        The source the page groups the game under in its menu.
    example : str
        A position's text that :meth:`parse` reads, for help and tests.
    position_help : str
        How a position is written.
    views : tuple of str
        The pictures of this game's sources that the page draws, by name.
    value_kind : str
        ``"grundy"`` (finite values, XOR for sums), ``"loopy"`` (Smith's
        values, written ``"2"`` and ``"inf{0,1}"``) or ``"none"``.
    bounded : bool
        True when answers come from a solution at a bound and may be U.
    loopy : bool
        True when play can repeat, so D is possible.
    last_mover_wins : bool
        Normal play (a player with no move loses); False under misère play.
    """

    name: str
    title: str
    summary: str
    source: str
    group: str = ""
    example: str
    position_help: str = ""
    views: tuple[str, ...] = ()
    value_kind: str = "none"
    bounded: bool = False
    loopy: bool = False
    last_mover_wins: bool = True

    #: Other names of this game (``"kayles"`` for ``"octal-0.77"``).
    aliases: ClassVar[tuple[str, ...]] = ()

    # -- positions ---------------------------------------------------------------

    @abc.abstractmethod
    def parse(self, text: str) -> P:
        """Read a position from text (:attr:`position_help`).

        Raises
        ------
        TypeError
            If ``text`` is not a string.
        ValueError
            If it is not a position of this game; the message says how to
            write one.
        """

    @abc.abstractmethod
    def format(self, position: P) -> str:
        """Write a position as text; ``parse(format(p)) == p``."""

    # -- moves and answers ---------------------------------------------------------

    @abc.abstractmethod
    def moves(self, position: P) -> list[Move[P]]:
        """Every move of ``position``, in a stable order; empty when the player to move has none."""

    @abc.abstractmethod
    def outcome(self, position: P) -> str:
        """``"W"``, ``"L"``, ``"D"`` or ``"U"`` for the player to move (:data:`OUTCOMES`).

        Raises
        ------
        ValueError
            When the work is beyond the limits (:meth:`cost`); the message
            gives the estimate.
        """

    def value(self, position: P) -> int | str | None:
        """The position's value: a Grundy value (int), Smith's loopy value as text (``"2"``, ``"inf{0,1}"``), or None."""
        return None

    def remoteness(self, position: P) -> int | None:
        """The exact remoteness, or None when the game is a draw, unresolved, or only bounded."""
        return None

    def remotenesses(self, positions: Sequence[P]) -> list[int | None]:
        """:meth:`remoteness` of several positions, in order; a game may share the work between them (one search).

        Parameters
        ----------
        positions : sequence
            Positions of this game, in its own type (:meth:`parse`).

        Returns
        -------
        list of int or None
            One entry per position, as :meth:`remoteness` gives it (moves
            left under best play, *Winning Ways* chapter 9; None where it is
            not exact).

        Raises
        ------
        TypeError, ValueError
            As :meth:`remoteness`: a position not of this game, or work
            beyond the limits.
        """
        return [self.remoteness(p) for p in positions]

    def outcomes_with_nim(self, position: P) -> tuple[str, ...]:
        r"""The outcomes of ``position + *j`` (the position beside a nim heap \*j) for ``j = 0, 1, …`` where known.

        A sum of heaps whose one heap has no value known reads its outcome
        here (:func:`solver.registry.sums.game_sum`).  ``"U"`` where the
        game leaves it open; empty (the default) when the game gives none.
        """
        return ()

    @abc.abstractmethod
    def cost(self, position: P) -> costs.Cost:
        """The estimate of answering :meth:`outcome`, :meth:`value`, :meth:`remoteness` and the moves' outcomes."""

    def value_cost(self, position: P) -> costs.Cost:
        """The estimate of answering :meth:`outcome` and :meth:`value` alone (no remoteness); :meth:`cost` unless a game knows less."""
        return self.cost(position)

    def computer_move(self, position: P) -> Move[P] | None:
        """The computer's move: :func:`choose_move` over the moves' outcomes and remoteness; None when there is none."""
        moves = self.moves(position)
        outcomes = [self.outcome(m.child) for m in moves]
        return choose_move(moves, outcomes, self.remotenesses([m.child for m in moves]))

    # -- description -----------------------------------------------------------------

    def describe(self) -> dict[str, Any]:
        """The game as JSON: ``{"name", "title", "summary", "source", "group", "aliases", "example", ...}``."""
        return {
            "name": self.name,
            "title": self.title,
            "summary": self.summary,
            "source": self.source,
            "group": self.group,
            "aliases": list(self.aliases),
            "example": self.example,
            "position_help": self.position_help,
            "views": list(self.views),
            "value_kind": self.value_kind,
            "bounded": self.bounded,
            "loopy": self.loopy,
            "last_mover_wins": self.last_mover_wins,
        }

    def __str__(self) -> str:
        return self.title
