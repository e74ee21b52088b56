"""Wythoff's game and Euclid's game: :class:`PairGame`, :class:`WythoffGame`, :class:`EuclidGame`.

Wythoff's game is played on two piles of tokens ``(a, b)``, ``a, b >= 0``.  A
move takes any positive number of tokens from one pile, or the same positive
number from both; the player who cannot move (at ``(0, 0)``) loses.  Its
P-positions are ``(0, 0)`` and the pairs ``(a(n), b(n))``, ``(b(n), a(n))``,
``n >= 1``, where the sieve of "Sieves and Wythoff's Nim" makes ``a(n)`` the
smallest positive integer not yet used and strikes ``b(n) = a(n) + n``; by
Beatty's (Rayleigh's) theorem ``a(n) = floor(n φ)`` and ``b(n) = floor(n φ²)``
with φ = (1 + √5) / 2 the golden ratio (W. A. Wythoff, 1907).

Euclid's game (A. J. Cole and A. J. T. Davie, 1969; "Euclid's Game") is
played on a pair of positive integers ``(a, b)``.  A move takes away from one
number a nonzero multiple of the other, leaving it non-negative; the players
take turns until one number becomes zero, and then the player to move is out
of moves and has lost.  So the player who makes a number zero wins.  Here a
pair with a zero entry is the end of the game: no move, a P-position.
Theorem (same source): with ``0 < a <= b``, the player to move wins exactly
when ``b / a`` is an integer or ``b / a > φ``.

Outcome arrays are ``uint8``: 1 = W (N-position, the player to move wins),
0 = L (P-position).  Numba kernels (prefixed ``_``) are unchecked; the public
functions check their arguments and refuse work beyond a time limit or the
memory this machine can give (:func:`solver.costs.check_cost`).

The parts live in modules of their own: exact outcomes, the sieve and the
Beatty pairs of Wythoff's game and the outcomes of Euclid's game in
:mod:`.wythoff_outcomes`; P-positions at any size, the value and remoteness
kernels of Wythoff's game in :mod:`.wythoff_values`.  The names the front
door (:mod:`solver`) imports from here are re-exported.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Sequence
from typing import ClassVar

import numpy as np

from ..costs import Cost
from ..text import format_count
from ..uncompiled import choose
from ..validation import check_integer
from .game import MAX_TEXT, ImpartialGame, check_entry, check_work, parse_entry
from .wythoff_outcomes import (
    SieveStep,
    beatty_pairs,
    euclid_is_win,
    euclid_outcomes,
    outcomes_cost,
    sieve_steps,
    wythoff_outcomes,
    wythoff_pairs,
)
from .wythoff_values import _wythoff_grundy_kernel, _wythoff_n_remoteness, _wythoff_remoteness_kernel, wythoff_is_p

__all__ = [
    "PairGame",
    "WythoffGame",
    "EuclidGame",
    "SieveStep",
    "beatty_pairs",
    "euclid_is_win",
    "euclid_outcomes",
    "outcomes_cost",
    "sieve_steps",
    "wythoff_outcomes",
    "wythoff_pairs",
    "wythoff_is_p",
]


# ---------------------------------------------------------------------------
# The games
# ---------------------------------------------------------------------------

# Cost models of the value and remoteness kernels (benchmarks/impartial_games.py, reference
# machine, rounded up): seconds per cell of the value table and per word of the bit sets it scans
# (a 3001 x 3001 table: 0.4 s, estimated 1.7 s), and per option of a P-position in the remoteness
# kernel (1.5 ns measured: max(a, b) = 16,180, 1.1e8 options, 0.17 s; 5 ns for a loaded machine).
_SECONDS_PER_WORD = 1e-9
_SECONDS_PER_CELL_VALUE = 5e-9
_SECONDS_PER_OPTION = 5e-9
#: The largest work run uncompiled while its kernel is not compiled (:func:`solver.uncompiled.choose`): a Grundy
#: table of up to 40,000 cells (0.4 s in Python) and the remoteness of piles up to 1,000 (0.2 s), against 0.5 to
#: 4 s to compile each kernel.
PYTHON_MAX_CELLS = 40_000
PYTHON_MAX_TOP = 1_000

_PAIR = re.compile(r"\(?(.*?),(.*?)\)?")
_HOW_PAIR = "write a pair as a,b with whole numbers a, b >= 0 (e.g. 3,5)"


@dataclasses.dataclass(frozen=True, kw_only=True)
class PairGame(ImpartialGame[tuple[int, int]]):
    """A game on a pair of whole numbers ``(a, b)``, written ``"a,b"`` (Wythoff's and Euclid's games)."""

    kind: ClassVar[str] = "pair"
    commands: ClassVar[tuple[str, ...]] = ("classify", "tree", "sum", "plane")
    views: ClassVar[tuple[str, ...]] = ("plane",)
    position_help: ClassVar[str] = "pairs of whole numbers written a,b, such as 3,5"

    def check(self, position: object) -> tuple[int, int]:
        """A position as a tuple ``(a, b)`` of whole numbers ``>= 0`` (fewer than 4000 digits each).

        Raises
        ------
        TypeError
            If ``position`` is not a pair of integers.
        ValueError
            If an entry is negative (the message says so) or too large.
        """
        if isinstance(position, (str, bytes)) or not isinstance(position, (tuple, list)) or len(position) != 2:
            raise TypeError(f"a position of {self.title} is a pair (a, b) of whole numbers, got {position!r:.60}")
        a, b = (check_integer(x, "an entry of the pair") for x in position)
        if a < 0 or b < 0:
            raise ValueError(
                f"{self.title} is played on pairs of whole numbers >= 0; the pair has a negative entry; {_HOW_PAIR}"
            )
        return check_entry(a, "the first number of the pair"), check_entry(b, "the second number of the pair")

    def parse(self, text: str) -> tuple[int, int]:
        """Read ``"a,b"`` (spaces and parentheses allowed: ``"(3, 5)"``).

        Raises
        ------
        TypeError
            If ``text`` is not a string.
        ValueError
            If the text is not two whole numbers separated by a comma, or an
            entry is negative.
        """
        if not isinstance(text, str):
            raise TypeError(f"a position must be text like '3,5', got {text!r:.60}")
        if len(text) > MAX_TEXT:
            raise ValueError(f"the position has {len(text):,} characters, more than {MAX_TEXT:,}; {_HOW_PAIR}")
        stripped = text.strip()
        if not stripped:
            raise ValueError(f"the position is empty; {_HOW_PAIR}")
        if stripped.count(",") != 1:
            raise ValueError(f"a position of {self.title} is two numbers separated by one comma; {_HOW_PAIR}")
        match = _PAIR.fullmatch(stripped)
        assert match is not None  # one comma: the pattern always matches
        a = parse_entry(match.group(1), "the first number of the pair", _HOW_PAIR)
        b = parse_entry(match.group(2), "the second number of the pair", _HOW_PAIR)
        if a < 0 or b < 0:
            raise ValueError(
                f"{self.title} is played on pairs of whole numbers >= 0; {stripped[:60]} has a negative entry"
            )
        return self.check((a, b))

    def format(self, position: tuple[int, int]) -> str:
        """``"3,5"`` (the inverse of :meth:`parse`)."""
        a, b = self.check(position)
        return f"{a},{b}"

    def plane_cost(self, size: int) -> Cost:
        """Estimate :meth:`plane`: :func:`outcomes_cost`."""
        return outcomes_cost(size, self.title)


@dataclasses.dataclass(frozen=True, kw_only=True)
class WythoffGame(PairGame):
    """Wythoff's game (W. A. Wythoff, 1907): take from one pile, or the same number from both.

    A position is ``(a, b)``, the sizes of the two piles, in the order
    given.  A move takes ``k >= 1`` tokens from pile a, from pile b, or from
    both; whoever cannot move (at ``0,0``) loses.

    Notes
    -----
    Outcomes are exact for any size (:func:`wythoff_is_p`).  Grundy values
    come from the table of every ``(a', b')`` with ``a' <= a, b' <= b``
    (bit sets per row, column and diagonal); remoteness from the
    remoteness of the P-positions below, each the largest over its options,
    whose remoteness comes from their at most three P-options.
    """

    views: ClassVar[tuple[str, ...]] = ("plane", "sieve")

    @classmethod
    def make(cls) -> WythoffGame:
        """The game, with its name, title, summary and source."""
        return cls(
            name="wythoff",
            title="Wythoff's game",
            summary=(
                "Two piles of tokens a,b; a move takes any positive number of tokens from one pile, "
                "or the same positive number from both; a player with no move (at 0,0) loses."
            ),
            source=(
                "W. A. Wythoff, 'A modification of the game of nim', Nieuw Archief voor Wiskunde 7 (1907); "
                "the sieve and the Beatty pairs as in 'Sieves and Wythoff's Nim'"
            ),
        )

    def start(self) -> tuple[int, int]:
        """``7,12``."""
        return (7, 12)

    def moves(self, position: tuple[int, int]) -> list[tuple[str, tuple[int, int]]]:
        """Take from a (``"take 2 from a → 1,5"``), from b, then from both (``"take 2 from both → 1,3"``); k increasing.

        Raises
        ------
        TypeError, ValueError
            If ``position`` is not a pair, or it has more than 100,000 moves.
        """
        a, b = self.check(position)
        self._check_move_count((a, b), a + b + min(a, b))
        found = [(f"take {k} from a → {a - k},{b}", (a - k, b)) for k in range(1, a + 1)]
        found += [(f"take {k} from b → {a},{b - k}", (a, b - k)) for k in range(1, b + 1)]
        found += [(f"take {k} from both → {a - k},{b - k}", (a - k, b - k)) for k in range(1, min(a, b) + 1)]
        return found

    def outcome(self, position: tuple[int, int], *, max_seconds: float | None = None) -> str:
        """Exact for any size, at once: ``"L"`` for the Beatty pairs (:func:`wythoff_is_p`), else ``"W"``."""
        a, b = self.check(position)
        return "L" if wythoff_is_p(a, b) else "W"

    def _table_cost(self, rows: int, cols: int) -> Cost:
        words = (2 * (rows + cols)) // 64 + 1
        cells = rows * cols
        try:
            seconds = float(cells) * (_SECONDS_PER_CELL_VALUE + words * _SECONDS_PER_WORD)
        except OverflowError:
            seconds = math.inf
        memory = 8 * cells + 8 * words * (2 * rows + 2 * cols)
        return Cost(
            seconds,
            memory,
            f"the Grundy values of Wythoff's game for a {format_count(rows)} x {format_count(cols)} table",
        )

    def value_cost(self, position: tuple[int, int]) -> Cost:
        """A table of every ``(a', b')``, ``a' <= a``, ``b' <= b``: 8 bytes per cell and bit sets of ``2(a + b)`` bits per line."""
        a, b = self.check(position)
        return self._table_cost(a + 1, b + 1)

    def values_cost(self, positions: Sequence[tuple[int, int]]) -> Cost:
        """One table covering every position."""
        checked = [self.check(p) for p in positions]
        return self._table_cost(
            max((a for a, _ in checked), default=0) + 1, max((b for _, b in checked), default=0) + 1
        )

    def value(self, position: tuple[int, int], *, max_seconds: float | None = None) -> int:
        """The Grundy value, from a table (:meth:`value_cost`); 0 exactly on the Beatty pairs."""
        return self.values([position], max_seconds=max_seconds)[0]

    def values(self, positions: Sequence[tuple[int, int]], *, max_seconds: float | None = None) -> list[int]:
        """:meth:`value` of several positions from one table."""
        checked = [self.check(p) for p in positions]
        if not checked:
            return []
        check_work(self.values_cost(checked), "choose smaller piles", max_seconds)
        rows = max(a for a, _ in checked) + 1
        cols = max(b for _, b in checked) + 1
        table = choose(_wythoff_grundy_kernel, (rows, cols), small=rows * cols <= PYTHON_MAX_CELLS)(rows, cols)
        return [int(table[a, b]) for a, b in checked]

    def grundy_table(self, size: int, *, max_seconds: float | None = None) -> np.ndarray:
        """Grundy values of ``(a, b)``, ``0 <= a, b < size``: int64, shape ``(size, size)``.

        Raises
        ------
        TypeError, ValueError
            If ``size`` is not an integer ``>= 0``, or the table is beyond
            the limits.
        """
        size = check_integer(size, "the size of the table", least=0)
        check_work(self._table_cost(size, size), "reduce the size", max_seconds)
        return choose(_wythoff_grundy_kernel, (size, size), small=size * size <= PYTHON_MAX_CELLS)(size, size)

    def remoteness_cost(self, position: tuple[int, int]) -> Cost:
        """The P-positions below ``max(a, b) = M`` and their options: about ``0.43 M²`` options, 5 ns each."""
        a, b = self.check(position)
        top = max(a, b)
        try:
            seconds = 0.43 * float(top) * float(top) * _SECONDS_PER_OPTION
        except OverflowError:
            seconds = math.inf
        return Cost(seconds, 40 * (top + 1), f"the remoteness of {self.format_short((a, b))} in Wythoff's game")

    def remoteness(self, position: tuple[int, int], *, max_seconds: float | None = None) -> int:
        """Exact remoteness (see the class notes)."""
        return self.remotenesses([position], max_seconds=max_seconds)[0]

    def remotenesses(self, positions: Sequence[tuple[int, int]], *, max_seconds: float | None = None) -> list[int]:
        """:meth:`remoteness` of several positions, from one table of the P-positions."""
        checked = [self.check(p) for p in positions]
        if not checked:
            return []
        top = max(max(p) for p in checked)
        check_work(self.remoteness_cost((top, top)), "choose smaller piles", max_seconds)
        small = top <= PYTHON_MAX_TOP
        rem_p, a, b, partner = choose(_wythoff_remoteness_kernel, (top,), small=small)(top)
        found = []
        for u, v in checked:
            if wythoff_is_p(u, v):
                found.append(int(rem_p[abs(v - u)]))
            else:
                args = (u, v, rem_p, a, b, partner)
                found.append(int(choose(_wythoff_n_remoteness, args, small=small)(*args)))
        return found

    def plane(self, size: int, *, max_seconds: float | None = None) -> np.ndarray:
        """Outcomes of ``0 <= a, b < size``: :func:`wythoff_outcomes` (uint8, 1 = W, 0 = L)."""
        return wythoff_outcomes(size, max_seconds=max_seconds)


def _euclid_chain(a: int, b: int) -> tuple[int, int]:
    """(Grundy value, remoteness) of Euclid's game from (a, b), exactly, in O(log) steps.

    Along Euclid's algorithm: with ``x <= y = q x + r``, the positions
    ``P_j = (x, r + j x)``, ``j = 0..q``, have the options ``P_0..P_{j-1}``
    only (``P_0 = (r, x)`` is the next stage).  With ``g0``, ``r0`` the
    value and remoteness of ``P_0``: ``G(P_j) = j - 1`` when ``j <= g0``,
    else ``j``; and the remoteness of ``P_q`` is ``r0 + 1`` when ``P_0`` is a
    P-position or ``q = 1``, else ``r0 + 2`` (move to ``P_1``, a P-position).
    """
    x, y = min(a, b), max(a, b)
    quotients = []
    while x > 0:
        q, r = divmod(y, x)
        quotients.append(q)
        x, y = r, x
    value, rem = 0, 0  # a pair with a zero entry: no move
    for q in reversed(quotients):
        before, rem_before = value, rem
        value = q - 1 if q <= before else q
        rem = rem_before + 1 if before == 0 or q == 1 else rem_before + 2
    return value, rem


@dataclasses.dataclass(frozen=True, kw_only=True)
class EuclidGame(PairGame):
    """Euclid's game (A. J. Cole and A. J. T. Davie, 1969): take a multiple of one number from the other.

    A position is a pair ``(a, b)`` of whole numbers, in the order given
    (``a,b`` and ``b,a`` have the same value).  A move takes a positive
    multiple of the smaller number from the larger, leaving it ``>= 0``
    (when ``a = b`` either may be taken from the other); a pair with a zero
    entry has no move, so the player who makes a number zero wins.

    Notes
    -----
    Outcomes by the theorem (:func:`euclid_is_win`); Grundy values and
    remoteness exactly for any size along Euclid's algorithm (the options of
    a pair are the pairs it reaches by taking multiples, a chain; see
    ``docs/impartial-games.md``).
    """

    @classmethod
    def make(cls) -> EuclidGame:
        """The game, with its name, title, summary and source."""
        return cls(
            name="euclid",
            title="Euclid's game",
            summary=(
                "A pair of whole numbers a,b; a move takes a positive multiple of the smaller from the larger, "
                "leaving it >= 0; a pair with a zero entry has no move, so whoever makes a zero wins."
            ),
            source=(
                "A. J. Cole and A. J. T. Davie, 'A game based on the Euclidean algorithm and a winning strategy "
                "for it', Mathematical Gazette 53 (1969); 'Euclid's Game'"
            ),
        )

    def start(self) -> tuple[int, int]:
        """``5,8``."""
        return (5, 8)

    def moves(self, position: tuple[int, int]) -> list[tuple[str, tuple[int, int]]]:
        """Take ``k`` times the smaller number from the larger, k increasing (``"take 2×3 from b → 3,2"``).

        When ``a = b`` there are two moves, to ``0,b`` and ``a,0``.  None
        when an entry is 0.

        Raises
        ------
        TypeError, ValueError
            If ``position`` is not a pair, or it has more than 100,000 moves.
        """
        a, b = self.check(position)
        if a == 0 or b == 0:
            return []
        if a == b:
            return [(f"take 1×{b} from a → 0,{b}", (0, b)), (f"take 1×{a} from b → {a},0", (a, 0))]
        if a < b:
            self._check_move_count((a, b), b // a)
            return [(f"take {k}×{a} from b → {a},{b - k * a}", (a, b - k * a)) for k in range(1, b // a + 1)]
        self._check_move_count((a, b), a // b)
        return [(f"take {k}×{b} from a → {a - k * b},{b}", (a - k * b, b)) for k in range(1, a // b + 1)]

    def outcome(self, position: tuple[int, int], *, max_seconds: float | None = None) -> str:
        """By the theorem of :func:`euclid_is_win`, exact for any size."""
        a, b = self.check(position)
        return "W" if euclid_is_win(a, b) else "L"

    def _chain_cost(self, position: tuple[int, int], what: str) -> Cost:
        a, b = self.check(position)
        steps = 2 * max(a, b).bit_length() + 1  # Euclid's algorithm: at most about 1.44 log2 steps
        digits = max(a, b).bit_length() // 64 + 1
        return Cost(steps * digits * 1e-7, 64 * steps, f"the {what} of a pair in Euclid's game")

    def value_cost(self, position: tuple[int, int]) -> Cost:
        """Euclid's algorithm on the pair: microseconds, even for thousands of digits."""
        return self._chain_cost(position, "Grundy value")

    def value(self, position: tuple[int, int], *, max_seconds: float | None = None) -> int:
        """The Grundy value, exact for any size (see the class notes)."""
        a, b = self.check(position)
        return _euclid_chain(a, b)[0]

    def remoteness_cost(self, position: tuple[int, int]) -> Cost:
        """As :meth:`value_cost`."""
        return self._chain_cost(position, "remoteness")

    def remoteness(self, position: tuple[int, int], *, max_seconds: float | None = None) -> int:
        """Exact remoteness for any size (see the class notes)."""
        a, b = self.check(position)
        return _euclid_chain(a, b)[1]

    def plane(self, size: int, *, max_seconds: float | None = None) -> np.ndarray:
        """Outcomes of ``0 <= a, b < size``: :func:`euclid_outcomes` (uint8, 1 = W, 0 = L)."""
        return euclid_outcomes(size, max_seconds=max_seconds)
