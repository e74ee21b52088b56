"""Euclid's game in three dimensions: take a multiple of one number from another, on triples.

The blog post "Euclid's Game" ends with the game "played also with triples,
allowing to subtract multiples of one number from either of the other two".
Convention here: a position is a triple ``(a, b, c)`` of whole numbers
``>= 0``; a move subtracts a positive multiple of one nonzero entry from
another entry, leaving it ``>= 0``; a player with no move loses, so play
goes on while two entries are nonzero.  With an entry 0 the game is the
Euclid's game of :mod:`solver.impartial.wythoff` on the other two (no
multiple of 0 can be taken, and nothing can be taken from 0), so those
triples have the value, outcome and remoteness of the pair, exactly, for any
size; the theorem there (with ``0 < a <= b``, the player to move wins
exactly when b/a is an integer or b/a > φ) holds for them, as the tests
check against a brute force over triples.

Every move lowers one entry and keeps the others, so in row-major order of
a box of triples every option comes before its position: one pass of a
numba kernel gives the outcomes of the cube ``0 <= a, b, c < S``
(:func:`euclid3_outcomes`), or the Grundy values and remoteness of every
triple of a box (:class:`Euclid3Game`).  A permutation of the entries maps
moves to moves, so values are read at the sorted triple.

What the octant shows (``docs/impartial-games.md`` section 11): about a
quarter of the triples below S are L (54,060 of 216,000 for S = 60); the L
triples with no zero entry lie near the diagonal but not inside a cone of
fixed angle (with ``x <= y <= z``, ``z/y`` reaches 4.15 below 60 and 7.25
below 150), and 5 to 6% of them have ``z >= x + y``.

Outcome arrays are ``uint8``: 1 = W (N-position), 0 = L (P-position).
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Sequence
from typing import ClassVar

import numba
import numpy as np

from ..costs import Cost
from ..text import format_count
from ..validation import check_integer
from .game import MAX_TEXT, ImpartialGame, check_entry, check_work, parse_entry
from .wythoff import EuclidGame
from .wythoff_outcomes import euclid_is_win

__all__ = ["Euclid3Game", "euclid3_outcomes", "euclid3_outcomes_cost", "euclid3_table_cost"]

# Cost model (benchmarks/impartial_games.py, reference machine at load 7, rounded up): seconds per
# option and per triple of the value and remoteness pass (the box of (100, 120, 150): 0.23 s,
# estimated 0.24 s); the outcome pass stops at a losing option (S = 150: 0.17 s, estimated 0.44 s).
_SECONDS_PER_OPTION = 6e-9
_SECONDS_PER_CELL = 20e-9
#: Largest box kept with the game (cells; 8 bytes each).
KEPT_CELLS = 1 << 22

_HOW = "write a triple as a,b,c with whole numbers >= 0 (e.g. 3,5,7)"
_TRIPLE = re.compile(r"\(?(.*?),(.*?),(.*?)\)?")
_NAMES = "abc"


def _harmonic(n: int) -> float:
    """An upper bound of 1 + 1/2 + ... + 1/n (0 for n < 1)."""
    if n < 1:
        return 0.0
    return math.log(n) + 1.0


def _options(dims: Sequence[int]) -> float:
    """About how many options the triples of a box have in all: sum over ordered pairs of x_i / x_j."""
    total = 0.0
    for i in range(3):
        for j in range(3):
            if i == j:
                continue
            k = 3 - i - j
            try:
                total += float(dims[i]) ** 2 / 2 * _harmonic(dims[j] - 1) * float(dims[k])
            except OverflowError:
                return math.inf
    return total


def _box_cost(dims: Sequence[int], what: str, bytes_per_cell: int) -> Cost:
    cells = dims[0] * dims[1] * dims[2]
    try:
        seconds = _options(dims) * _SECONDS_PER_OPTION + float(cells) * _SECONDS_PER_CELL
    except OverflowError:
        seconds = math.inf
    return Cost(seconds, bytes_per_cell * cells + 64 * sum(dims), what)


def euclid3_outcomes_cost(size: int) -> Cost:
    """Estimate :func:`euclid3_outcomes`: every option of every triple below ``size`` (an upper bound), 1 byte each.

    Raises
    ------
    TypeError
        If ``size`` is not an integer.
    ValueError
        If ``size`` is negative.
    """
    size = check_integer(size, "the size of the cube", least=0)
    side = format_count(size)
    return _box_cost((size, size, size), f"the outcomes of Euclid's game on triples for a {side}³ cube", 1)


def euclid3_table_cost(a: int, b: int, c: int) -> Cost:
    """Estimate the Grundy values and remoteness of every triple ``<= (a, b, c)`` (8 bytes per triple).

    Raises
    ------
    TypeError, ValueError
        If an entry is not a whole number ``>= 0``.
    """
    dims = tuple(check_integer(x, "an entry of the triple", least=0) + 1 for x in (a, b, c))
    return _box_cost(
        dims,
        f"the Grundy values of Euclid's game on triples for a {' x '.join(format_count(d) for d in dims)} box",
        8,
    )


@numba.njit(cache=True)
def _outcomes_kernel(size: int) -> np.ndarray:  # pragma: no cover - numba
    """Outcomes of (a, b, c), 0 <= a, b, c < size, in one row-major pass (numba; unchecked).

    A triple is W when some option is L; options lower one entry, so they
    come earlier in row-major order.
    """
    out = np.zeros((size, size, size), np.uint8)
    for a in range(size):
        for b in range(size):
            for c in range(size):
                win = False
                if b > 0:
                    for k in range(1, a // b + 1):
                        if out[a - k * b, b, c] == 0:
                            win = True
                            break
                    if not win:
                        for k in range(1, c // b + 1):
                            if out[a, b, c - k * b] == 0:
                                win = True
                                break
                if not win and a > 0:
                    for k in range(1, b // a + 1):
                        if out[a, b - k * a, c] == 0:
                            win = True
                            break
                    if not win:
                        for k in range(1, c // a + 1):
                            if out[a, b, c - k * a] == 0:
                                win = True
                                break
                if not win and c > 0:
                    for k in range(1, a // c + 1):
                        if out[a - k * c, b, c] == 0:
                            win = True
                            break
                    if not win:
                        for k in range(1, b // c + 1):
                            if out[a, b - k * c, c] == 0:
                                win = True
                                break
                if win:
                    out[a, b, c] = 1
    return out


@numba.njit(cache=True)
def _visit(v: int, r: int, seen: np.ndarray, mark: int, best: np.ndarray) -> None:  # pragma: no cover - numba
    """Record one option: its value in ``seen``; best[0] the least remoteness of an L option, best[1] the largest."""
    seen[v] = mark
    if v == 0 and (best[0] < 0 or r < best[0]):
        best[0] = r
    if r > best[1]:
        best[1] = r


@numba.njit(cache=True)
def _table_kernel(na: int, nb: int, nc: int) -> tuple[np.ndarray, np.ndarray]:  # pragma: no cover - numba
    """Grundy values and remoteness of every triple of the box ``[0, na) x [0, nb) x [0, nc)`` (numba; unchecked)."""
    value = np.zeros((na, nb, nc), np.int32)
    rem = np.zeros((na, nb, nc), np.int32)
    seen = np.zeros(6 * max(na, nb, nc) + 8, np.int64)
    best = np.zeros(2, np.int64)
    mark = 0
    for a in range(na):
        for b in range(nb):
            for c in range(nc):
                mark += 1
                best[0] = -1
                best[1] = -1
                if b > 0:
                    for k in range(1, a // b + 1):
                        _visit(value[a - k * b, b, c], rem[a - k * b, b, c], seen, mark, best)
                    for k in range(1, c // b + 1):
                        _visit(value[a, b, c - k * b], rem[a, b, c - k * b], seen, mark, best)
                if a > 0:
                    for k in range(1, b // a + 1):
                        _visit(value[a, b - k * a, c], rem[a, b - k * a, c], seen, mark, best)
                    for k in range(1, c // a + 1):
                        _visit(value[a, b, c - k * a], rem[a, b, c - k * a], seen, mark, best)
                if c > 0:
                    for k in range(1, a // c + 1):
                        _visit(value[a - k * c, b, c], rem[a - k * c, b, c], seen, mark, best)
                    for k in range(1, b // c + 1):
                        _visit(value[a, b - k * c, c], rem[a, b - k * c, c], seen, mark, best)
                g = 0
                while seen[g] == mark:
                    g += 1
                value[a, b, c] = g
                if best[1] < 0:
                    rem[a, b, c] = 0
                elif g == 0:
                    rem[a, b, c] = best[1] + 1
                else:
                    rem[a, b, c] = best[0] + 1
    return value, rem


def euclid3_outcomes(size: int, *, max_seconds: float | None = None) -> np.ndarray:
    """Outcomes of the triples ``0 <= a, b, c < size`` of Euclid's game in three dimensions.

    Parameters
    ----------
    size : int
        Side of the cube, ``>= 0``.
    max_seconds : float, optional
        Refuse work estimated above this many seconds (default
        ``config.IMPARTIAL_MAX_SECONDS``, 60).

    Returns
    -------
    numpy.ndarray
        uint8, shape ``(size, size, size)``: entry ``[a, b, c]`` is 1 when the
        player to move wins (N-position, W), 0 when they lose (L).  Symmetric
        under permutations of the axes; a triple with two zero entries has no
        move (L).

    Raises
    ------
    TypeError
        If ``size`` is not an integer.
    ValueError
        If ``size < 0`` or the work (:func:`euclid3_outcomes_cost`) is beyond
        the limits.

    Notes
    -----
    One row-major pass (every option lowers one entry), stopping at the
    first losing option of each triple.  The triples of the source's picture
    ("Euclid's Game": "small green" W, "big red" L).
    """
    size = check_integer(size, "the size of the cube", least=0)
    check_work(euclid3_outcomes_cost(size), "reduce the size", max_seconds)
    return _outcomes_kernel(size)


@dataclasses.dataclass(frozen=True, kw_only=True)
class Euclid3Game(ImpartialGame[tuple[int, int, int]]):
    """Euclid's game on triples: take a positive multiple of one nonzero entry from another, leaving it ``>= 0``.

    A position is ``(a, b, c)``, whole numbers ``>= 0`` in the order given
    (written ``a,b,c``).  A triple with an entry 0 is the Euclid's game on the
    other two: exact for any size along Euclid's algorithm.  Otherwise the
    values and remoteness come from one pass over the box of the sorted
    triple, kept with the game (up to 2**22 triples).
    """

    kind: ClassVar[str] = "euclid3"
    commands: ClassVar[tuple[str, ...]] = ("classify", "tree", "sum", "plane")
    position_help: ClassVar[str] = "triples of whole numbers written a,b,c, such as 3,5,7"
    plane_axes: ClassVar[tuple[str, ...]] = ("a", "b", "c")
    views: ClassVar[tuple[str, ...]] = ("octant",)

    @classmethod
    def make(cls) -> Euclid3Game:
        """The game, with its name, title, summary and source."""
        return cls(
            name="euclid3",
            title="Euclid's game in three dimensions",
            summary=(
                "A triple of whole numbers a,b,c; a move takes a positive multiple of one nonzero entry from another, "
                "leaving it >= 0; play goes on while two entries are nonzero, and a player with no move loses."
            ),
            source=(
                "the blog post 'Euclid's Game' (its closing paragraph and picture of the octant); with a zero entry, "
                "A. J. Cole and A. J. T. Davie (1969)"
            ),
        )

    def check(self, position: object) -> tuple[int, int, int]:
        """A triple of whole numbers ``>= 0`` with fewer than 4000 digits each.

        Raises
        ------
        TypeError
            If ``position`` is not three integers.
        ValueError
            If an entry is negative or too large.
        """
        if isinstance(position, (str, bytes)) or not isinstance(position, (tuple, list)) or len(position) != 3:
            raise TypeError(f"a position of {self.title} is a triple (a, b, c) of whole numbers, got {position!r:.60}")
        entries = [check_integer(x, "an entry of the triple") for x in position]
        if min(entries) < 0:
            raise ValueError(f"{self.title} is played on whole numbers >= 0; the triple has a negative entry; {_HOW}")
        a, b, c = (check_entry(x, f"the entry {name} of the triple") for x, name in zip(entries, _NAMES, strict=True))
        return a, b, c

    def parse(self, text: str) -> tuple[int, int, int]:
        """Read ``"a,b,c"`` (spaces and parentheses allowed: ``"(3, 5, 7)"``).

        Raises
        ------
        TypeError
            If ``text`` is not a string.
        ValueError
            If the text is not three whole numbers separated by commas, or an
            entry is negative.
        """
        if not isinstance(text, str):
            raise TypeError(f"a position must be text like '3,5,7', got {text!r:.60}")
        if len(text) > MAX_TEXT:
            raise ValueError(f"the position has {len(text):,} characters, more than {MAX_TEXT:,}; {_HOW}")
        stripped = text.strip()
        if not stripped:
            raise ValueError(f"the position is empty; {_HOW}")
        if stripped.count(",") != 2:
            raise ValueError(f"a position of {self.title} is three numbers separated by two commas; {_HOW}")
        match = _TRIPLE.fullmatch(stripped)
        assert match is not None  # two commas: the pattern always matches
        entries = [parse_entry(match.group(i + 1), f"the entry {_NAMES[i]} of the triple", _HOW) for i in range(3)]
        if min(entries) < 0:
            raise ValueError(f"{self.title} is played on whole numbers >= 0; {stripped[:60]} has a negative entry")
        return self.check(tuple(entries))

    def format(self, position: tuple[int, int, int]) -> str:
        """``"3,5,7"`` (the inverse of :meth:`parse`)."""
        return ",".join(str(x) for x in self.check(position))

    def start(self) -> tuple[int, int, int]:
        """``5,8,12``."""
        return (5, 8, 12)

    def moves(self, position: tuple[int, int, int]) -> list[tuple[str, tuple[int, int, int]]]:
        """Take ``k`` times one entry from another, by the entry taken from (a, b, c), then the one taken, k increasing.

        ``"take 2×3 from c → 3,5,1"``; a move whose result another move
        already gave (two equal entries) is listed once.  None when two
        entries are 0.

        Raises
        ------
        TypeError, ValueError
            If ``position`` is not a triple, or it has more than 100,000 moves.
        """
        x = self.check(position)
        count = sum(x[i] // x[j] for i in range(3) for j in range(3) if i != j and x[j] > 0)
        self._check_move_count(x, count)
        found = []
        seen = set()
        for i in range(3):
            for j in range(3):
                if i == j or x[j] == 0:
                    continue
                for k in range(1, x[i] // x[j] + 1):
                    result = list(x)
                    result[i] -= k * x[j]
                    after = (result[0], result[1], result[2])
                    if after in seen:
                        continue
                    seen.add(after)
                    found.append((f"take {k}×{x[j]} from {_NAMES[i]} → {after[0]},{after[1]},{after[2]}", after))
        return found

    # -- values -------------------------------------------------------------------------

    @staticmethod
    def _pair(x: tuple[int, int, int]) -> tuple[int, int] | None:
        """The other two entries when one is 0 (the game is Euclid's on them), else None."""
        if 0 not in x:
            return None
        rest = list(x)
        rest.remove(0)
        return rest[0], rest[1]

    def outcome(self, position: tuple[int, int, int], *, max_seconds: float | None = None) -> str:
        """With an entry 0, Euclid's theorem on the other two (any size); else from the Grundy value."""
        x = self.check(position)
        pair = self._pair(x)
        if pair is not None:
            return "W" if euclid_is_win(*pair) else "L"
        return super().outcome(x, max_seconds=max_seconds)

    def _dims(self, triples: Sequence[tuple[int, int, int]]) -> tuple[int, int, int] | None:
        boxed = [tuple(sorted(t)) for t in triples if 0 not in t]
        if not boxed:
            return None
        return (max(t[0] for t in boxed) + 1, max(t[1] for t in boxed) + 1, max(t[2] for t in boxed) + 1)

    def _kept(self, dims: tuple[int, int, int]) -> tuple[np.ndarray, np.ndarray] | None:
        table = self.memo.get("table")
        if table is not None and all(d <= s for d, s in zip(dims, table[0].shape, strict=True)):
            return table
        return None

    def values_cost(self, positions: Sequence[tuple[int, int, int]]) -> Cost:
        """One box covering every sorted triple without a zero entry (nothing when the kept box covers it)."""
        triples = [self.check(p) for p in positions]
        dims = self._dims(triples)
        if dims is None or self._kept(dims) is not None:
            return Cost(
                1e-5 * (len(triples) + 1),
                1000,
                f"the Grundy values in {self.title} (along Euclid's algorithm, or kept)",
            )
        return euclid3_table_cost(dims[0] - 1, dims[1] - 1, dims[2] - 1)

    def value_cost(self, position: tuple[int, int, int]) -> Cost:
        """The box of the sorted triple: about ``Σ x_i² / 2 · H(x_j) · x_k`` options, 3 ns each; instant with a zero entry."""
        return self.values_cost([position])

    def _table(
        self, triples: Sequence[tuple[int, int, int]], max_seconds: float | None
    ) -> tuple[np.ndarray, np.ndarray] | None:
        dims = self._dims(triples)
        if dims is None:
            return None
        kept = self._kept(dims)
        if kept is not None:
            return kept
        check_work(euclid3_table_cost(dims[0] - 1, dims[1] - 1, dims[2] - 1), "choose smaller entries", max_seconds)
        found = _table_kernel(*dims)
        if dims[0] * dims[1] * dims[2] <= KEPT_CELLS:
            for array in found:
                array.setflags(write=False)
            self.memo.replace("table", found)
        return found

    def _read(self, triples: Sequence[tuple[int, int, int]], which: int, max_seconds: float | None) -> list[int]:
        checked = [self.check(t) for t in triples]
        table = self._table(checked, max_seconds)
        found = []
        for x in checked:
            pair = self._pair(x)
            if pair is not None:
                found.append(_EUCLID.value(pair) if which == 0 else _EUCLID.remoteness(pair))
            else:
                assert table is not None
                s = sorted(x)
                found.append(int(table[which][s[0], s[1], s[2]]))
        return found

    def value(self, position: tuple[int, int, int], *, max_seconds: float | None = None) -> int:
        """The Grundy value (see the class notes)."""
        return self._read([position], 0, max_seconds)[0]

    def values(self, positions: Sequence[tuple[int, int, int]], *, max_seconds: float | None = None) -> list[int]:
        """:meth:`value` of several triples from one box."""
        return self._read(positions, 0, max_seconds)

    def remoteness_cost(self, position: tuple[int, int, int]) -> Cost:
        """As :meth:`value_cost`: one pass gives both."""
        return self.value_cost(position)

    def remoteness(self, position: tuple[int, int, int], *, max_seconds: float | None = None) -> int:
        """Exact remoteness (see the class notes)."""
        return self._read([position], 1, max_seconds)[0]

    def remotenesses(self, positions: Sequence[tuple[int, int, int]], *, max_seconds: float | None = None) -> list[int]:
        """:meth:`remoteness` of several triples from one box."""
        return self._read(positions, 1, max_seconds)

    def plane_cost(self, size: int) -> Cost:
        """Estimate :meth:`plane`: :func:`euclid3_outcomes_cost`."""
        return euclid3_outcomes_cost(size)

    def plane(self, size: int, *, max_seconds: float | None = None) -> np.ndarray:
        """Outcomes of ``0 <= a, b, c < size``: :func:`euclid3_outcomes` (uint8, shape ``(S, S, S)``, 1 = W, 0 = L)."""
        return euclid3_outcomes(size, max_seconds=max_seconds)


#: Euclid's game on pairs: the triples with an entry 0.
_EUCLID = EuclidGame.make()
