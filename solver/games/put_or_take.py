"""Put-or-take-a-X: from ``n`` move to ``n - f(n)`` or ``n + f(n)``, ``f(n)`` the largest member of X not above ``n``.

Winning Ways, vol. 2, p. 484 (squares); the thesis, section 6 (the other
sequences); ``docs/mathematics.md`` section 7.1.  ``x -> x + f(x)`` is
strictly increasing for every increasing X, so the put-parent of a position
is unique, and play can climb without end: a bound is needed.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import numpy as np

from .base import KIND_PUT_OR_TAKE, Rule, RuleMove
from .sequences import SEQUENCES
from .squares import Move, isqrt_array

__all__ = ["PutOrTake", "PutOrTakeASquare", "put_or_take"]


@dataclasses.dataclass(frozen=True)
class PutOrTake(Rule):
    """Put-or-take-a-X: two moves from every ``n >= first member``, named take and put."""

    kind = KIND_PUT_OR_TAKE
    climbs = True
    #: Where the rule is defined (the thesis proposes the other sequences).
    SOURCE: ClassVar[str] = "thesis section 6 (the sequences it proposes)"

    def moves(self, n: int) -> tuple[RuleMove, ...]:
        """``(take, put)`` from ``n``, or ``()`` when no member is ``<= n`` (see :meth:`Rule.moves`)."""
        n = self._check(n)
        f = SEQUENCES[self.sequence].below(n)
        if f == 0:
            return ()
        return (RuleMove("take", f, n - f), RuleMove("put", f, n + f))

    def wins_at_once(self, n: int) -> bool:
        """True when the take child ``n - f(n)`` has no move (a square for squares; ``{0, 1}`` for primes)."""
        n = self._check(n)
        if self.misere or n == 0:
            return False
        f = self.member_below(n)
        return f > 0 and self.member_below(n - f) == 0

    def moves_are_few(self, n: int) -> bool:
        """True: at most two moves from any position."""
        return True

    def named_move(self, move: RuleMove) -> Move | RuleMove:
        """:data:`Move.TAKE` or :data:`Move.PUT`."""
        return Move(move.kind)

    def move_text(self, move: RuleMove) -> str:
        """``"take"`` or ``"put"``."""
        return move.kind

    @property
    def move_names(self) -> tuple[str, ...]:
        """``("take", "put")``."""
        return ("take", "put")

    @property
    def has_put_chain(self) -> bool:
        """True: every position with a move has a put move."""
        return True

    def path_step(self, move: RuleMove, index: int) -> str:
        """``"t"`` or ``"p"``."""
        return move.kind[0]

    def put_child(self, n: int) -> int | None:
        """``n + f(n)``, or None when ``n`` has no move."""
        f = self.member_below(n)
        return n + f if f else None


@dataclasses.dataclass(frozen=True)
class PutOrTakeASquare(PutOrTake):
    """Put-or-Take-a-Square, the thesis's game: the put-or-take rule of the squares.

    Its own facts: a position wins at once exactly when it is a positive
    square (vectorised exactly), its small certified draws, the thesis's
    analyses, the cache key ``squares``, and the cost weight 1 of its
    one-byte solve (:class:`solver.engine.engines.SquaresEngine`), which
    the others' weights are measured against.
    """

    SOURCE: ClassVar[str] = "Winning Ways vol. 2 p. 484; thesis section 1.1"

    def wins_at_once_array(self, positions: np.ndarray) -> np.ndarray:
        """:meth:`wins_at_once` of many positions ``0 <= n < 2**62``: the positive squares, vectorised exactly."""
        positions = np.asarray(positions, dtype=np.int64)
        root = isqrt_array(positions)
        return (root * root == positions) & (positions > 0)

    @property
    def wins_at_once_text(self) -> str:
        """``"square: take to 0 wins"``."""
        return "square: take to 0 wins"

    @property
    def example_draws(self) -> tuple[int, ...]:
        """2 and 8 (2 and 3 cycle; 8 takes to 4 or puts to 12)."""
        return (2, 8)

    @property
    def has_thesis_analyses(self) -> bool:
        """True: the thesis's own analyses are of this game."""
        return True

    @property
    def moves_by_largest_square(self) -> bool:
        """True: a put or a take of the largest square ``<= n`` (thesis section 1)."""
        return True

    @property
    def cache_key(self) -> str:
        """``squares``, the key its cache entries have always had."""
        return "squares"

    @property
    def solve_weight(self) -> int:
        """1: the one-byte sweep, which the other rules' weights are measured against."""
        return 1


def put_or_take(sequence: str, slug: str, title: str, cls: type[PutOrTake] = PutOrTake) -> PutOrTake:
    """The put-or-take rule of one sequence of :data:`solver.games.sequences.SEQUENCES`, of class ``cls``."""
    return cls(
        name=f"put-or-take-a-{slug}",
        title=f"Put-or-Take-a-{title}",
        sequence=sequence,
        summary=(
            f"From n, take or put the largest {sequence} f(n) ≤ n: move to n − f(n) or n + f(n); "
            f"a player with no move loses ({sequence}s: {SEQUENCES[sequence].first})."
        ),
        source=cls.SOURCE,
    )
