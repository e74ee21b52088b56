"""Square-But-One: take any square, or add one to a positive even heap (or, in the variant, an odd one).

"Nim's Island", a lesson on loopy games; ``docs/mathematics.md`` section 7.3.
The add move makes the game loopy, but play from ``n`` never passes
``n + 1``, so every position below the bound gets its true value.
"""

from __future__ import annotations

import dataclasses

from .base import KIND_SQUARE_BUT_ONE, Rule, RuleMove
from .subtract import is_positive_square, square_takes

__all__ = ["SquareButOne"]


@dataclasses.dataclass(frozen=True)
class SquareButOne(Rule):
    """Square-But-One: takes of squares, and ``add 1`` from heaps of parity :attr:`Rule.add_parity`."""

    kind = KIND_SQUARE_BUT_ONE

    def moves(self, n: int) -> tuple[RuleMove, ...]:
        """Takes of ``1, 4, 9, …`` then ``add 1`` if allowed (see :meth:`Rule.moves`); at most 10**12."""
        n = self._check(n)
        out = square_takes(self, n)
        if n >= 1 and n % 2 == self.add_parity:
            out.append(RuleMove("add", 1, n + 1))
        return tuple(out)

    def wins_at_once(self, n: int) -> bool:
        """A positive square (taking it leaves 0)."""
        return is_positive_square(self._check(n))
