"""Couples are Forever: split a pile of at least three tokens into two; the values of the octal game 0.6, one pile down.

The game (the blog post "Spring Cleaning II"; *Winning Ways*, chapter 4) is
played with piles of tokens: "players take turns splitting any one pile of
size at least three tokens into two piles.  The game ends when no piles with
more than two tokens are left."  Under normal play the player who cannot
move loses; piles of one and two tokens never move again (couples are
forever).

**The octal game 0.6.**  In 0.6 a move removes one token from a heap and
leaves the rest as one or two nonempty heaps.  A pile of ``h >= 1`` tokens
here is the heap of ``h - 1`` tokens there: splitting ``h = a + b`` becomes
removing one token from ``h - 1`` and leaving ``(a - 1) + (b - 1)``, one heap
when ``a = 1`` and two when ``a, b >= 2``; piles of 1 and 2 are the heaps of 0
and 1, which have no move in either game.  Every move of one game is a move
of the other, so the two games have the same positions up to that
relabelling, and the same values, outcomes and remoteness::

    CAF(h) = G_0.6(h - 1)  for h >= 1,  CAF(0) = 0.

Both are OEIS A046695 (which lists ``G_0.6(n)``, ``n >= 0``: 0, 0, 1, 2, 0,
1, 2, 3, ...).  The source's zigzags of Spring Cleaning have
``Z(1..15) = 0 0 1 2 0 1 2 3 1 2 3 4 0 3 4``, which is ``CAF(1..15)``:
``Z(n) = CAF(n)``, with no shift of the pile size (the source says "with a
shift of two"; ``docs/impartial-games.md`` section 3 says more).

Values are computed as those of 0.6 (:func:`solver.impartial.octal_grundy.grundy_values`,
the sparse-space method for large piles): no period is known and none is
found up to 65,536; the source: "the nimbers have been computed into the
millions, and no pattern has been found whatsoever".
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from typing import ClassVar

import numpy as np

from ..costs import Cost
from ..text import format_count
from ..validation import check_integer
from .octal import HeapGame, OctalGame
from .octal_period import Periodicity

__all__ = ["CouplesGame", "couples_game", "couples_values", "couples_values_cost", "COUPLES_NAME"]

#: The game's name on the command line and in the address.
COUPLES_NAME = "couples-are-forever"
#: The octal game with the same values, one pile down.
OFFICERS_CODE = "0.6"


def _as_ours(cost: Cost, what: str) -> Cost:
    """``cost`` of the work done in 0.6, described as the work of this game."""
    return dataclasses.replace(cost, what=f"{what}, that is {cost.what}")


def _down(piles: Sequence[int]) -> tuple[int, ...]:
    """The position of 0.6 of a position of piles: each pile of ``h >= 2`` is the heap of ``h - 1`` (a pile of 1 is no heap)."""
    return tuple(h - 1 for h in piles if h >= 2)


@dataclasses.dataclass(frozen=True, kw_only=True)
class CouplesGame(HeapGame):
    """Couples are Forever ("Spring Cleaning II"): piles of tokens; a move splits a pile of at least three in two.

    A position is a collection of piles, held as the sorted tuple of the
    nonempty ones (``(5, 7)`` is written ``"5+7"``, the empty position
    ``"0"``).  Make it with :func:`couples_game` or
    :func:`solver.impartial.impartial_game` (``"couples-are-forever"``).

    Attributes
    ----------
    officers : OctalGame
        The octal game 0.6, whose heap of ``h - 1`` tokens is the pile of
        ``h`` (module docstring): values, outcomes and remoteness are its
        own, and its tables serve both.

    Notes
    -----
    Piles of 1 and 2 have no move.  The value of a position is the XOR of
    its piles' values ``CAF(h) = G_0.6(h - 1)``; ``kind`` is ``"heaps"`` (not
    an octal game: a pile of 2 may not be split, so no octal code has these
    moves).
    """

    officers: OctalGame

    kind: ClassVar[str] = "heaps"
    views: ClassVar[tuple[str, ...]] = ("grundy", "pairs")
    play_surface: ClassVar[str] = "heaps"
    sequence_help: ClassVar[str] = "one pile of n tokens"
    unit: ClassVar[str] = "pile"
    commands: ClassVar[tuple[str, ...]] = ("classify", "tree", "sum", "nim-values", "periodicity")
    position_help: ClassVar[str] = "piles of tokens written 5 or 5+7, 0 for no pile"

    @classmethod
    def make(cls) -> CouplesGame:
        """The game with its name, title, summary and source (prefer :func:`couples_game`, one object kept)."""
        return cls(
            name=COUPLES_NAME,
            title="Couples are Forever",
            summary=(
                "Piles of tokens; a move splits one pile of at least three tokens into two nonempty piles "
                "(piles of one or two tokens stay forever); a player with no move loses."
            ),
            source=(
                'Couples are Forever: the blog post "Spring Cleaning II" (its nimbers are those of the zigzags '
                "of Spring Cleaning); Berlekamp, Conway and Guy, Winning Ways, chapter 4; values of the octal "
                "game 0.6 one pile down, OEIS A046695"
            ),
            officers=OctalGame.of(OFFICERS_CODE),
        )

    # -- moves ----------------------------------------------------------------------

    def moves(self, position: tuple[int, ...]) -> list[tuple[str, tuple[int, ...]]]:
        """Every move: in each distinct pile of at least 3 (increasing), each split ``a + b``, ``1 <= a <= b``.

        Move texts: ``"split 7 → 3+4"``.

        Raises
        ------
        TypeError, ValueError
            If ``position`` is not a position, or it has more than 100,000
            moves.
        """
        piles = self.check(position)
        distinct = sorted({h for h in piles if h >= 3})
        self._check_move_count(piles, sum(h // 2 for h in distinct))
        found = []
        for pile in distinct:
            rest = list(piles)
            rest.remove(pile)
            for a in range(1, pile // 2 + 1):
                found.append((f"split {pile} → {a}+{pile - a}", tuple(sorted([*rest, a, pile - a]))))
        return found

    # -- values and remoteness: those of 0.6, one pile down ------------------------------------

    def heap_values(self, heaps: Sequence[int], *, max_seconds: float | None = None) -> list[int]:
        """The values ``CAF(h)`` of single piles (``G_0.6(h - 1)``; 0 for no pile).

        Raises
        ------
        TypeError, ValueError
            If a pile is not an integer ``>= 0``, or too large for the
            limits (no period of 0.6 is known).
        """
        piles = [check_integer(h, "a pile size", least=0) for h in heaps]
        return self.officers.heap_values([max(h - 1, 0) for h in piles], max_seconds=max_seconds)

    def value_cost(self, position: tuple[int, ...]) -> Cost:
        """The values of 0.6 up to the largest pile less one (:meth:`OctalGame.value_cost`)."""
        position = self.check(position)
        return _as_ours(
            self.officers.value_cost(_down(position)), f"the value of {self.format_short(position)} in {self.title}"
        )

    def value(self, position: tuple[int, ...], *, max_seconds: float | None = None) -> int:
        """The XOR of the piles' values (Sprague–Grundy), as the value of 0.6 one pile down."""
        return self.officers.value(_down(self.check(position)), max_seconds=max_seconds)

    def values(self, positions: Sequence[tuple[int, ...]], *, max_seconds: float | None = None) -> list[int]:
        """:meth:`value` of several positions from one table."""
        return self.officers.values([_down(self.check(p)) for p in positions], max_seconds=max_seconds)

    def values_cost(self, positions: Sequence[tuple[int, ...]]) -> Cost:
        """One table up to the largest pile of all the positions."""
        cost = self.officers.values_cost([_down(self.check(p)) for p in positions])
        if len(positions) == 1:
            piles = sorted(self.check(positions[0]), reverse=True)  # the largest, which the work is for, first
            what = f"the value of {'+'.join(format_count(p) for p in piles[:3])}{'+…' if len(piles) > 3 else ''}"
            return _as_ours(cost, f"{what} in {self.title}")
        return _as_ours(cost, f"the values of {len(positions):,} positions of {self.title}")

    def remoteness_cost(self, position: tuple[int, ...]) -> Cost:
        """The search of :meth:`OctalGame.remoteness_cost` one pile down (the same game)."""
        position = self.check(position)
        return _as_ours(
            self.officers.remoteness_cost(_down(position)),
            f"the remoteness of {self.format_short(position)} in {self.title}",
        )

    def remoteness(self, position: tuple[int, ...], *, max_seconds: float | None = None) -> int:
        """Exact remoteness (:meth:`ImpartialGame.remoteness`), found in 0.6 one pile down: the moves correspond one to one."""
        return self.remotenesses([position], max_seconds=max_seconds)[0]

    def remotenesses(self, positions: Sequence[tuple[int, ...]], *, max_seconds: float | None = None) -> list[int]:
        """:meth:`remoteness` of several positions, in one search."""
        return self.officers.remotenesses([_down(self.check(p)) for p in positions], max_seconds=max_seconds)

    # -- the views of a heap game ----------------------------------------------------------

    def grundy_sequence_cost(self, n: int) -> Cost:
        """Estimate :meth:`grundy_sequence`: the values of 0.6 for heaps ``0..n - 1``."""
        n = check_integer(n, "n, the largest pile", least=0)
        return _as_ours(
            self.officers.grundy_sequence_cost(max(n - 1, 0)),
            f"the values of {self.title} for piles 0..{format_count(n)}",
        )

    def grundy_sequence(self, n: int, *, max_seconds: float | None = None) -> np.ndarray:
        """The values of the piles ``0..n``: int64, shape ``(n + 1,)``, entry ``h`` is ``CAF(h) = G_0.6(h - 1)``.

        Raises
        ------
        TypeError, ValueError
            If ``n`` is not an integer ``>= 0``, or the work
            (:meth:`grundy_sequence_cost`) is beyond the limits.
        """
        n = check_integer(n, "n, the largest pile", least=0)
        if n == 0:
            return np.zeros(1, np.int64)
        below = self.officers.grundy_sequence(n - 1, max_seconds=max_seconds)
        return np.concatenate([np.zeros(1, np.int64), below])

    def periodicity_cost(self, n: int | None = None) -> Cost:
        """Estimate :meth:`periodicity`: that of 0.6 one pile down."""
        what = f"the period of the values of {self.title}"
        if n is None:
            return _as_ours(self.officers.periodicity_cost(), what)
        return _as_ours(self.officers.periodicity_cost(check_integer(n, "n, the largest pile", least=2) - 1), what)

    def periodicity(self, n: int | None = None) -> Periodicity:
        """The period of the piles' values, from that of 0.6 (the octal games periodicity theorem applies there).

        Parameters
        ----------
        n : int, optional
            Compute the piles ``0..n`` (``>= 2``); default: the search of
            :func:`solver.impartial.octal_period.periodicity` (to 65,536 at most), kept.

        Returns
        -------
        Periodicity
            With ``CAF(h) = G_0.6(h - 1)``: the same period; the preperiod one
            more than that of 0.6 (or 0 when 0.6's is 0 and ``CAF(p) =
            CAF(0)``); ``checked_to`` one more.  No period is known: for piles
            up to 65,537 ``period`` is None.
        """
        if n is not None:
            n = check_integer(n, "n, the largest pile", least=2)
        found = self.officers.periodicity(None if n is None else n - 1)
        if found.period is None or found.preperiod is None:
            return Periodicity(period=None, preperiod=None, proved=False, checked_to=found.checked_to + 1)
        preperiod = found.preperiod + 1
        if found.preperiod == 0 and self.officers.heap_values([found.period - 1])[0] == 0:
            preperiod = 0
        return Periodicity(
            period=found.period, preperiod=preperiod, proved=found.proved, checked_to=found.checked_to + 1
        )


@functools.cache
def couples_game() -> CouplesGame:
    """Couples are Forever, one object kept (its tables serve every caller); :func:`solver.impartial.impartial_game` returns it too."""
    return CouplesGame.make()


def couples_values_cost(n: int) -> Cost:
    """Estimate :func:`couples_values` (nothing when the kept table covers it).

    Raises
    ------
    TypeError, ValueError
        If ``n`` is not an integer ``>= 0``.
    """
    return couples_game().grundy_sequence_cost(n)


def couples_values(n: int, *, max_seconds: float | None = None) -> np.ndarray:
    """The values of Couples are Forever for the piles ``0..n``, for a plot.

    Parameters
    ----------
    n : int
        Largest pile, ``>= 0``.
    max_seconds : float, optional
        Refuse work estimated above this many seconds (default
        ``config.IMPARTIAL_MAX_SECONDS``, 60).

    Returns
    -------
    numpy.ndarray
        int64, shape ``(n + 1,)``: entry ``h`` is the Grundy value of one pile
        of ``h`` tokens, ``CAF(h) = G_0.6(h - 1)`` (0 for ``h <= 2``).

    Raises
    ------
    TypeError
        If ``n`` is not an integer.
    ValueError
        If ``n < 0`` or the work (:func:`couples_values_cost`) is beyond the
        limits; the message gives the estimate.

    Notes
    -----
    The source ("Spring Cleaning II") plots these values to 25,000 piles.
    The values of 0.6 come from the sparse-space method (*Winning Ways*,
    chapter 4) once the plain kernel would take over 0.25 s; the table up to
    2**20 piles is kept with the game.  Piles 0..25,000 take about 0.3 s of
    CPU the first time, 10**5 about 1 s, 10**6 about 10 s
    (``docs/impartial-games.md``, section 3.2).
    """
    n = check_integer(n, "n, the largest pile", least=0)
    return couples_game().grundy_sequence(n, max_seconds=max_seconds)
