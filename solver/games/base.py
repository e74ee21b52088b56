"""What every game of the family is: a :class:`Rule` owns its moves and what follows from them.

A rule is a small frozen object.  Each kind of game is a subclass
(:mod:`solver.games.put_or_take`, :mod:`solver.games.subtract`,
:mod:`solver.games.square_but_one`) that overrides what differs: its moves,
what is known at once, how moves are named, how the bound of a setup
follows from N.  Code outside :mod:`solver.games` and :mod:`solver.engine`
asks the rule, never which kind it is (python-chess's variants are the
model: each subclasses ``Board`` and registers in one table).

Every rule is played under the normal-play convention (a player with no move
loses) except the misère rule, where the player with no move wins.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar, NamedTuple

import numpy as np

from ..validation import check_integer
from .sequences import SEQUENCES
from .squares import Move

__all__ = [
    "Rule",
    "RuleMove",
    "SQUARES",
    "KIND_PUT_OR_TAKE",
    "KIND_SUBTRACT",
    "KIND_SQUARE_BUT_ONE",
]

#: ``Rule.kind`` codes (plain ints, for the engine's kernels and the tests).
KIND_PUT_OR_TAKE = 0
KIND_SUBTRACT = 1
KIND_SQUARE_BUT_ONE = 2

#: The name of Put-or-Take-a-Square, the default game.
SQUARES = "put-or-take-a-square"


class RuleMove(NamedTuple):
    """One move of a rule from a position.

    Attributes
    ----------
    kind : str
        ``"take"`` (subtract a member), ``"put"`` (add a member, put-or-take
        rules) or ``"add"`` (add one, Square-But-One).
    amount : int
        The member taken or put, or 1 for ``"add"``.
    child : int
        The position the move leads to.
    """

    kind: str
    amount: int
    child: int

    @property
    def label(self) -> str:
        """Short text: ``"take 9"``, ``"put 9"``, ``"add 1"``."""
        return f"{self.kind} {self.amount:,}"


@dataclasses.dataclass(frozen=True)
class Rule:
    """A game of the family (``docs/mathematics.md`` section 7); subclasses give the moves.

    Attributes
    ----------
    name : str
        Command-line, URL and cache name, e.g. ``"put-or-take-a-prime"``.
    title : str
        Display name, e.g. ``"Put-or-Take-a-Prime"``.
    summary : str
        One sentence stating the moves, for the page and the CSV header.
    source : str
        Where the rule is defined.
    sequence : str
        The sequence X whose members are put or taken (``"square"`` for
        subtract-a-square and Square-But-One).
    misere : bool
        True when the player with no move wins (only
        ``subtract-a-square-misere``).
    add_parity : int
        Square-But-One: add one to heaps of this parity (0 even and positive,
        1 odd); -1 for the other rules.

    Notes
    -----
    Class attributes of each kind: ``kind`` (a ``KIND_*`` code), ``climbs``
    (play can go arbitrarily high, so a bound is needed) and ``loop_free``
    (every move decreases the position).  The engine that solves a rule is
    found by its class (:func:`solver.engine.engines.engine_for`); the games
    do not import the engine.
    """

    name: str
    title: str
    summary: str
    source: str
    sequence: str = "square"
    misere: bool = False
    add_parity: int = -1

    kind: ClassVar[int]
    climbs: ClassVar[bool] = False
    loop_free: ClassVar[bool] = False

    # -- facts --------------------------------------------------------------

    @property
    def cache_key(self) -> str:
        """The rule's part of a cache entry's name: its name (``squares`` for the default game)."""
        return self.name

    @property
    def solve_weight(self) -> int:
        """Cost of a solve per position relative to Put-or-Take-a-Square's one-byte sweep (1): 16 here."""
        return 16

    @property
    def position_limit(self) -> int | None:
        """Largest position + 1 for which the moves are exact (None: any size)."""
        return SEQUENCES[self.sequence].position_limit

    @property
    def members_text(self) -> str:
        """The first members of the sequence, e.g. ``"2, 3, 5, 7, 11, …"``."""
        return SEQUENCES[self.sequence].first

    @property
    def bound_formula(self) -> str:
        """How a setup's bound follows from N and alpha: ``"alpha x N"`` or ``"N + 1"`` (:meth:`bound_for`)."""
        return "alpha x N" if self.climbs else "N + 1"

    @property
    def wins_at_once_text(self) -> str:
        """Why a position that :meth:`wins_at_once` does, in a few words."""
        return "take wins at once"

    @property
    def last_mover_wins(self) -> bool:
        """True under normal play (a player with no move loses), False under misère play."""
        return not self.misere

    @property
    def has_put_chain(self) -> bool:
        """Whether positions have put moves, so a put chain (:meth:`put_child` repeated) means something."""
        return False

    @property
    def move_names(self) -> tuple[str, ...]:
        """The names of the moves when every position has the same few named moves (``("take", "put")``), else ``()``."""
        return ()

    @property
    def example_draws(self) -> tuple[int, ...]:
        """A few small certified draws to show a user (empty when none is known at once)."""
        return ()

    @property
    def has_thesis_analyses(self) -> bool:
        """Whether the thesis's own analyses apply (strategies, primitive elements, its printed lists): only to its game."""
        return False

    @property
    def moves_by_largest_square(self) -> bool:
        """Whether the moves from ``n`` are ``n - s`` and ``n + s``, ``s`` the largest square ``<= n`` (thesis section 1).

        The store's local check (:mod:`solver.engine.closure`) computes those
        two children itself; it reads only the solves of rules that say so.
        """
        return False

    # -- positions and moves --------------------------------------------------

    def _check(self, n: object) -> int:
        n = check_integer(n, "a position", least=0)
        limit = self.position_limit
        if limit is not None and n >= limit:
            raise ValueError(f"{self.title} is computed exactly only for positions below {limit:.3e}; got {n:.3e}")
        return n

    def member_below(self, n: int) -> int:
        """``f(n)``: the largest member of the sequence not above ``n``, or 0 if none.

        Raises
        ------
        TypeError
            If ``n`` is not an integer.
        ValueError
            If ``n`` is negative, or too large for exact arithmetic
            (:attr:`position_limit`, primes only).
        """
        return SEQUENCES[self.sequence].below(self._check(n))

    def moves(self, n: int) -> tuple[RuleMove, ...]:
        """Every move from ``n``, in a fixed order (takes by size, then put or add).

        Parameters
        ----------
        n : int
            A position, ``n >= 0``, any size (exact arithmetic).

        Returns
        -------
        tuple of RuleMove
            Empty when ``n`` has no move.

        Raises
        ------
        TypeError
            If ``n`` is not an integer.
        ValueError
            If ``n`` is negative or beyond :attr:`position_limit`.
        """
        raise NotImplementedError

    def children(self, n: int) -> tuple[int, ...]:
        """The positions reachable in one move from ``n`` (see :meth:`moves`)."""
        return tuple(m.child for m in self.moves(n))

    def members(self, limit: int) -> np.ndarray:
        """Members of the sequence up to ``limit``.

        Returns
        -------
        numpy.ndarray
            Shape ``(count,)``, dtype ``int64``, increasing.

        Raises
        ------
        TypeError, ValueError
            If ``limit`` is not an integer from 0 to 2**62.
        """
        limit = check_integer(limit, "the limit", least=0, most=1 << 62)
        return SEQUENCES[self.sequence].members(limit)

    def wins_at_once(self, n: int) -> bool:
        """Whether the player to move at ``n`` wins with one move, for any size of ``n``.

        True when some move leads to a position with no move (under normal
        play the player left there has lost).  Always False under misère
        play, where reaching a position with no move loses.

        Raises
        ------
        TypeError, ValueError
            If ``n`` is not an integer ``>= 0`` (or beyond
            :attr:`position_limit`).
        """
        raise NotImplementedError

    def wins_at_once_array(self, positions: np.ndarray) -> np.ndarray:
        """:meth:`wins_at_once` of many positions (shape kept, dtype bool); ``0 <= positions < 2**62``."""
        flat = [self.wins_at_once(int(n)) for n in np.asarray(positions).ravel()]
        return np.array(flat, dtype=bool).reshape(np.shape(positions))

    def moves_are_few(self, n: int) -> bool:
        """Whether the moves from ``n`` are few enough to list one by one (a sum's moves): ``n <= 10**8`` here."""
        return n <= 10**8

    def named_move(self, move: RuleMove) -> Move | RuleMove:
        """How a move is named where one is chosen: :class:`Move` (take, put) or the move itself."""
        return move

    def move_text(self, move: RuleMove) -> str:
        """The move as a game record writes it: ``"take"``/``"put"`` (put-or-take) or ``"take 9"``, ``"add 1"``."""
        return move.label

    def path_step(self, move: RuleMove, index: int) -> str:
        """The step a game-tree path takes for ``move``, the ``index``-th move of its position: ``"/i"``."""
        return f"/{index}"

    def put_child(self, n: int) -> int | None:
        """The child of ``n`` by a put, or None when the rule has no put move there."""
        return None

    def bound_for(self, n: int, alpha: int) -> int:
        """The bound a setup of N and alpha solves to: ``alpha * N``, or ``N + 1`` for a rule that never climbs.

        Play from ``n`` of subtract-a-square and Square-But-One never passes
        ``n + 1``, so every position up to N is exact at ``N + 1``; put-or-take
        play climbs without end and takes the thesis's margin (section 3.2).
        """
        return alpha * n if self.climbs else n + 1

    def layer_outcome(self, k: int) -> str:
        """``"W"`` or ``"L"``: the outcome of the positions of remoteness ``k`` (odd W under normal play)."""
        return "W" if (k % 2 == 1) != self.misere else "L"

    def __str__(self) -> str:
        return self.name
