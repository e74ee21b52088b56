"""Subtract-a-square and its misère form: take any square ``k**2 <= n``.

Winning Ways, vol. 1, ch. 12; OEIS A030193 (cold positions), A014586 (Grundy
values); ``docs/mathematics.md`` section 7.2.  Every move decreases the
position, so the game is loop-free and solved exactly below any bound.
"""

from __future__ import annotations

import dataclasses
import math

from .base import KIND_SUBTRACT, Rule, RuleMove

__all__ = ["SubtractASquare", "MOVE_LIST_LIMIT"]

#: Positions above this have too many moves (about ``sqrt(n)``) to list.
MOVE_LIST_LIMIT = 10**12


def square_takes(rule: Rule, n: int) -> list[RuleMove]:
    """Every ``take k**2`` from ``n``, smallest first (positions up to :data:`MOVE_LIST_LIMIT`)."""
    if n > MOVE_LIST_LIMIT:
        raise ValueError(f"{rule.title} has about sqrt(n) moves; positions above 10**12 are not listed")
    return [RuleMove("take", k * k, n - k * k) for k in range(1, math.isqrt(n) + 1)]


def is_positive_square(n: int) -> bool:
    """Whether ``n >= 1`` is a square (exact for any size)."""
    root = math.isqrt(n)
    return n > 0 and root * root == n


@dataclasses.dataclass(frozen=True)
class SubtractASquare(Rule):
    """Subtract-a-square (normal or misère play)."""

    kind = KIND_SUBTRACT
    loop_free = True

    def moves(self, n: int) -> tuple[RuleMove, ...]:
        """Takes of ``1, 4, 9, …`` (see :meth:`Rule.moves`); at most 10**12."""
        return tuple(square_takes(self, self._check(n)))

    def wins_at_once(self, n: int) -> bool:
        """A positive square, under normal play (never under misère play)."""
        n = self._check(n)
        return not self.misere and is_positive_square(n)
