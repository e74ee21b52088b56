"""Magnetism: put + and − tokens on a strip so that no two equal tokens touch.

Rules (the blog post "Magnetism"): two players take turns putting a ``+`` or
a ``-`` token on an empty square of a strip; no two tokens of the same sign
may stand on adjacent squares.  The player who moves last wins (normal play).

A position is a strip written square by square: ``.`` an empty square, ``+``
and ``-`` tokens (``−``, U+2212, is read as ``-``), e.g. ``"+..-..."``.  A
strip with two equal adjacent tokens is not a position.

**The split.**  A token never changes, and whether a token may go on a square
depends only on its two neighbours, so the runs of empty squares between
tokens (or the ends of the strip) are independent games: the position is
their sum, and its Grundy value is the XOR of theirs.  Each run is one of
four *elementary* strips of ``n`` empty squares, up to turning the strip
round and swapping the signs (both keep the moves):

=========  ==========================================  =====================
family     bounded by                                  Grundy value
=========  ==========================================  =====================
G(n)       nothing (the strip has no token)            ``n mod 2``
G+(n)      one token at one end, the strip's end at    ``n``
           the other
G++(n)     equal tokens at both ends (``n >= 1``)      ``1``
G+−(n)     different tokens at the ends                ``0``
=========  ==========================================  =====================

**The values, proved.**  Putting a token ``t`` on square ``i`` of a run
leaves two runs, ``i`` squares left of it and ``n - 1 - i`` right of it, so
by induction on ``n`` (the statements hold at ``n = 0`` and ``G++(1) = 1``):

* G+−(n), ``n >= 1``: a ``+`` leaves G++(i) and G+−(n−1−i), a ``-`` leaves
  G+−(i) and G++(n−1−i) (the square next to the equal end token is
  refused, so the G++ part is never empty): every option has value
  ``1 XOR 0 = 1``, so G+−(n) = 0;
* G++(n), ``n >= 1`` (ends ``+``): a ``+`` leaves G++(i) and G++(n−1−i), both
  nonempty, value ``1 XOR 1 = 0``; a ``-`` leaves G+−(i) and G+−(n−1−i),
  value 0; a ``-`` is always legal, so G++(n) = mex{0} = 1;
* G+(n) (token ``+`` at the left): a ``-`` on square i leaves G+−(i) and
  G+(n−1−i), value ``n − 1 − i``, which runs through 0..n−1; a ``+`` (i >=
  1) leaves G++(i) and G+(n−1−i), value ``1 XOR (n − 1 − i)``, again below
  n; so G+(n) = mex{0..n−1} = n;
* G(n): any token on square i leaves G+(i) and G+(n−1−i), value
  ``i XOR (n − 1 − i)``; for n odd the two have the same parity, so every
  value is even and ``i = (n − 1)/2`` gives 0: G(n) = 1; for n even they
  differ in parity, every value is odd: G(n) = 0.

These are the closed forms of the source's table.  Its row of G++ has six
entries, one fewer than the others; here it starts at ``n = 1`` (G++(0)
would be two equal adjacent tokens, not a position).
:func:`magnetism_sequences` computes the four sequences by the mex from the
rules, without the closed forms, and the tests check both against a brute
force over whole strips.

Remoteness is not a function of Grundy values; it comes from a search over
the multisets of elementary strips (:meth:`MagnetismGame.remoteness`).
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Sequence
from typing import ClassVar

import numba
import numpy as np

from ..costs import Cost
from ..parsing import describe_text
from ..text import format_count
from ..validation import check_integer
from .game import (
    MAX_TEXT,
    SEARCH_BYTES_PER_POSITION,
    SEARCH_SECONDS_PER_MOVE,
    ImpartialGame,
    check_work,
    search_remoteness,
)
from .progress import report

__all__ = [
    "MAGNETISM_FAMILIES",
    "MagnetismGame",
    "elementary_strips",
    "magnetism_sequences",
    "magnetism_sequences_cost",
    "parse_strip",
]

#: The four elementary strips, in the order of the source's table.
MAGNETISM_FAMILIES: tuple[str, ...] = ("G", "G+", "G++", "G+-")
#: Most squares of a strip.
MAX_SQUARES = MAX_TEXT
#: Largest n of :func:`magnetism_sequences`.
MAX_SEQUENCE = 100_000
#: Most empty squares a remoteness search starts from (beyond, its estimate is not computed: far too large).
MAX_SEARCH_SQUARES = 120

_HOW = "write a strip square by square, '.' an empty square, '+' and '-' tokens (e.g. +..-...)"
_SIGNS = {"+": 1, "-": 2}
# Sequence kernel cost (benchmarks/impartial_games.py, rounded up): seconds per option.
_SECONDS_PER_OPTION = 2e-9


def parse_strip(text: str) -> str:
    """Read a Magnetism strip: ``.`` empty, ``+`` and ``-`` tokens (``−``, U+2212, read as ``-``).

    Parameters
    ----------
    text : str
        The squares from left to right; spaces around the text are ignored.

    Returns
    -------
    str
        The strip with ``-`` for every minus sign.

    Raises
    ------
    TypeError
        If ``text`` is not a string.
    ValueError
        If the text is empty, longer than 20,000 squares, has other
        characters, or two equal tokens stand on adjacent squares.
    """
    if not isinstance(text, str):
        raise TypeError(f"a Magnetism position must be text like '+..-...', got {text!r:.60}")
    if len(text) > MAX_SQUARES + 100:
        raise ValueError(f"the strip has {len(text):,} characters, more than {MAX_SQUARES:,} squares; {_HOW}")
    strip = text.strip().replace("\u2212", "-")
    if not strip:
        raise ValueError(f"the strip is empty; {_HOW}")
    return _check_strip(strip)


def _check_strip(strip: str) -> str:
    if len(strip) > MAX_SQUARES:
        raise ValueError(f"the strip has {len(strip):,} squares, more than {MAX_SQUARES:,}; use a shorter strip")
    # Scans in C (bytes.translate, bytes.find), not loops over up to 20,000 squares in Python.
    squares = strip.encode("ascii", "replace")  # any other character becomes "?"
    if squares.translate(None, b".+-"):
        bad = sorted(set(strip) - set(".+-"))
        shown = "".join(bad)[:10]
        raise ValueError(f"the strip {describe_text(strip)} has the characters {shown!r}; {_HOW}")
    pairs = [i for i in (squares.find(b"++"), squares.find(b"--")) if i >= 0]
    if pairs:
        i = min(pairs)
        raise ValueError(
            f"the strip {describe_text(strip)} has two equal tokens {strip[i]}{strip[i]} on squares {i + 1} and "
            f"{i + 2}; no two equal tokens may be adjacent, so this is not a position"
        )
    return strip


def _family(left: str, right: str) -> int:
    """Index in :data:`MAGNETISM_FAMILIES` of a run bounded by ``left`` and ``right`` ('' = the strip's end)."""
    if not left and not right:
        return 0
    if not left or not right:
        return 1
    return 2 if left == right else 3


def elementary_strips(strip: str) -> list[tuple[str, int]]:
    """Split a strip into its elementary strips: the runs of empty squares and what bounds them.

    Parameters
    ----------
    strip : str
        A Magnetism position (:func:`parse_strip`).

    Returns
    -------
    list of (str, int)
        ``(family, n)`` for each run of ``n >= 1`` empty squares, left to
        right: family ``"G"`` (no token at either end), ``"G+"`` (a token at
        one end), ``"G++"`` (equal tokens at both ends) or ``"G+-"``
        (different tokens).  The position is their sum.

    Raises
    ------
    TypeError, ValueError
        If ``strip`` is not a position (:func:`parse_strip`).
    """
    if not isinstance(strip, str):
        raise TypeError(f"a Magnetism position is a string like '+..-...', got {strip!r:.60}")
    strip = _check_strip(strip.replace("\u2212", "-"))
    found = []
    i = 0
    while i < len(strip):
        if strip[i] != ".":
            i += 1
            continue
        j = i
        while j < len(strip) and strip[j] == ".":
            j += 1
        left = strip[i - 1] if i > 0 else ""
        right = strip[j] if j < len(strip) else ""
        found.append((MAGNETISM_FAMILIES[_family(left, right)], j - i))
        i = j
    return found


def _elementary_value(family: int, n: int) -> int:
    """The proved closed forms (module docstring): G(n) = n mod 2, G+(n) = n, G++(n) = 1, G+−(n) = 0."""
    if n == 0:
        return 0
    return (n & 1, n, 1, 0)[family]


def magnetism_sequences_cost(n: int) -> Cost:
    """Estimate :func:`magnetism_sequences`: 9 bound pairs, about ``2 n²`` options each, 2 ns per option.

    Raises
    ------
    TypeError
        If ``n`` is not an integer.
    ValueError
        If ``n`` is negative.
    """
    n = check_integer(n, "n, the largest strip", least=0)
    options = 9 * (n + 1) * (n + 1)
    try:
        seconds = float(options) * _SECONDS_PER_OPTION
    except OverflowError:
        seconds = math.inf
    return Cost(seconds, 9 * 8 * (n + 1) + 8 * (2 * n + 4), f"the Magnetism sequences for n = 0..{format_count(n)}")


@numba.njit(cache=True)
def _sequences_chunk(g: np.ndarray, seen: np.ndarray, start: int, stop: int, stamp: int) -> int:  # pragma: no cover
    """Fill ``g[:, start:stop, :]`` from the runs below (numba; unchecked); returns the last stamp used.

    ``g[left, n, right]``: the Grundy value of a run of n empty squares,
    ``left``, ``right`` 0 the strip's end, 1 a ``+``, 2 a ``-``.  A token
    ``t`` may go on square i unless it would touch an equal token; it leaves
    the runs ``(left, i, t)`` and ``(t, n - 1 - i, right)``.  Entries with
    ``n = 0`` are 0 (no move); ``(t, 0, t)`` is never a position and never
    read.
    """
    for n in range(max(start, 1), stop):
        for left in range(3):
            for right in range(3):
                stamp += 1
                for i in range(n):
                    for t in range(1, 3):
                        if i == 0 and left == t:
                            continue
                        if i == n - 1 and right == t:
                            continue
                        v = g[left, i, t] ^ g[t, n - 1 - i, right]
                        if v < seen.shape[0]:
                            seen[v] = stamp
                v = 0
                while seen[v] == stamp:
                    v += 1
                g[left, n, right] = v
    return stamp


#: Chunks of :func:`magnetism_sequences`, equal in work (a run of n squares costs about n): progress between them.
SEQUENCE_CHUNKS = 32


def _sequences_kernel(top: int) -> np.ndarray:
    """Grundy values ``g[left, n, right]`` of the runs of n = 0..top empty squares, in chunks of equal work.

    Reports its progress (:func:`solver.impartial.progress.report`) between
    the chunks: the work to n grows with n², so chunk k ends at
    ``top * sqrt(k / SEQUENCE_CHUNKS)``.
    """
    g = np.zeros((3, top + 1, 3), np.int64)
    seen = np.zeros(2 * top + 4, np.int64)
    stamp = 0
    done = 0
    for k in range(1, SEQUENCE_CHUNKS + 1):
        stop = top + 1 if k == SEQUENCE_CHUNKS else max(done, int(top * math.sqrt(k / SEQUENCE_CHUNKS)))
        if stop > done:
            stamp = _sequences_chunk(g, seen, done, stop, stamp)
            done = stop
        report(k / SEQUENCE_CHUNKS)
    return g


def magnetism_sequences(n: int, *, max_seconds: float | None = None) -> dict[str, list[int | None]]:
    """The Grundy values of the four elementary strips of 0..n empty squares, by the mex from the rules.

    Parameters
    ----------
    n : int
        Largest number of empty squares, ``0 <= n <= 100,000``.
    max_seconds : float, optional
        Refuse work estimated above this (default
        ``config.IMPARTIAL_MAX_SECONDS``).

    Returns
    -------
    dict
        ``"n"``: ``[0, 1, ..., n]``, and for each family of
        :data:`MAGNETISM_FAMILIES` (``"G"``, ``"G+"``, ``"G++"``,
        ``"G+-"``) the list of its values at those n.  ``"G++"`` starts with
        None: G++(0), two equal tokens side by side, is not a position.  The
        source's table ("Magnetism") lists n = 0..6: G 0 1 0 1 0 1 0, G+ 0 1
        2 3 4 5 6, G++ 1 1 1 1 1 1 (from n = 1), G+− 0 0 0 0 0 0 0.

    Raises
    ------
    TypeError
        If ``n`` is not an integer.
    ValueError
        If ``n`` is out of range, or the work (:func:`magnetism_sequences_cost`)
        is beyond the limits.

    Notes
    -----
    No closed form is used: every bound pair (strip end, ``+`` or ``-`` on
    each side) is computed from its options, and the family's value is read
    from one representative (``+`` for a token, ``-`` for the other sign);
    the tests check that the mirror images and sign swaps agree.
    """
    n = check_integer(n, "n, the largest strip", least=0, most=MAX_SEQUENCE)
    check_work(magnetism_sequences_cost(n), "choose a smaller n", max_seconds)
    g = _sequences_kernel(n)
    result: dict[str, list[int | None]] = {"n": list(range(n + 1))}
    result["G"] = [int(v) for v in g[0, :, 0]]
    result["G+"] = [int(v) for v in g[1, :, 0]]
    result["G++"] = [None] + [int(v) for v in g[1, 1:, 1]]
    result["G+-"] = [int(v) for v in g[1, :, 2]]
    return result


def _bound_table(top: int) -> np.ndarray:
    """The kernel's table g[left, n, right] (for the tests: every bound pair, not only the representatives)."""
    return _sequences_kernel(check_integer(top, "n", least=0, most=MAX_SEQUENCE))


# ---------------------------------------------------------------------------
# Remoteness: a search over multisets of elementary strips
# ---------------------------------------------------------------------------

# A representative of each family: (left, right) bounds, 0 the end, 1 '+', 2 '-'.
_REPRESENTATIVE = ((0, 0), (1, 0), (1, 1), (1, 2))


def _bounds_family(left: int, right: int) -> int:
    if left == 0 and right == 0:
        return 0
    if left == 0 or right == 0:
        return 1
    return 2 if left == right else 3


def _has_move(family: int, n: int) -> bool:
    # Only G+−(1) and empty runs have no move: the square between + and − takes neither sign.
    return n >= 1 and not (family == 3 and n == 1)


def _canonical(parts: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(p for p in parts if _has_move(*p)))


def _options(family: int, n: int) -> set[tuple[tuple[int, int], ...]]:
    """Every result of one move in an elementary strip, as the multiset of the runs it leaves."""
    left, right = _REPRESENTATIVE[family]
    found = set()
    for i in range(n):
        for t in (1, 2):
            if (i == 0 and left == t) or (i == n - 1 and right == t):
                continue
            found.add(_canonical([(_bounds_family(left, t), i), (_bounds_family(t, right), n - 1 - i)]))
    return found


@functools.lru_cache(maxsize=256)
def _multiset_count(squares: int) -> int:
    """Multisets of elementary strips of the families G+, G++, G+− with at most ``squares`` empty squares, plus one."""
    counts = [1] + [0] * squares
    for _ in range(3):
        for size in range(1, squares + 1):
            for total in range(size, squares + 1):
                counts[total] += counts[total - size]
    return 1 + sum(counts)


@dataclasses.dataclass(frozen=True, kw_only=True)
class MagnetismGame(ImpartialGame[str]):
    """Magnetism (the blog post "Magnetism"): put + or − on an empty square, never next to an equal token.

    A position is a strip (a string of ``.``, ``+`` and ``-``, at most
    20,000 squares) with no two equal tokens adjacent.  Values are exact for
    any strip: the XOR of the proved values of its elementary strips (see
    the module docstring).  Remoteness comes from a search over multisets
    of elementary strips, for strips with a few dozen empty squares at most.
    """

    kind: ClassVar[str] = "magnetism"
    commands: ClassVar[tuple[str, ...]] = ("classify", "tree", "sum", "nim-values", "magnetism")
    position_help: ClassVar[str] = (
        "strips of squares, '.' empty, '+' and '-' tokens, no two equal tokens adjacent (+..-...)"
    )
    sequence_help: ClassVar[str] = "the empty strip of n squares"
    views: ClassVar[tuple[str, ...]] = ("magnetism-sequences",)
    play_surface: ClassVar[str] = "strip"

    @classmethod
    def make(cls) -> MagnetismGame:
        """The game, with its name, title, summary and source."""
        return cls(
            name="magnetism",
            title="Magnetism",
            summary=(
                "A strip of squares; a move puts a + or a - token on an empty square, never next to an equal token; "
                "a player with no move loses."
            ),
            source="the blog post 'Magnetism' (its rules, its sum of elementary strips and its table of their values)",
        )

    def check(self, position: object) -> str:
        """A strip as a string of ``.``, ``+``, ``-`` (``−`` read as ``-``), 1 to 20,000 squares, no equal neighbours.

        Raises
        ------
        TypeError
            If ``position`` is not a string.
        ValueError
            If it is empty, has other characters or two equal adjacent tokens.
        """
        if not isinstance(position, str):
            raise TypeError(f"a Magnetism position is a string like '+..-...', got {position!r:.60}")
        if not position:
            raise ValueError(f"a strip has at least one square; {_HOW}")
        return _check_strip(position.replace("\u2212", "-"))

    def parse(self, text: str) -> str:
        """Read a strip (:func:`parse_strip`)."""
        return parse_strip(text)

    def format(self, position: str) -> str:
        """The strip itself (``-`` for minus)."""
        return self.check(position)

    def start(self) -> str:
        """``+...-..``, the example of the source's rules."""
        return "+...-.."

    def moves(self, position: str) -> list[tuple[str, str]]:
        """Every legal token on every empty square, left to right, ``+`` first: ``"put - on square 3"`` (from 1).

        Raises
        ------
        TypeError, ValueError
            If ``position`` is not a position.
        """
        strip = self.check(position)
        found = []
        for i, square in enumerate(strip):
            if square != ".":
                continue
            for t in "+-":
                if (i > 0 and strip[i - 1] == t) or (i + 1 < len(strip) and strip[i + 1] == t):
                    continue
                found.append((f"put {t} on square {i + 1}", strip[:i] + t + strip[i + 1 :]))
        return found

    def move_values(self, position: str) -> list[tuple[str, int]]:
        """Every move of :meth:`moves` with the value it leaves, in one pass: ``(move text, value)``.

        The value after a token on square ``i`` of a run of empty squares is
        the strip's value with the run's value replaced by those of the two
        runs it leaves, so no resulting strip is built (a strip of 20,000
        squares has 40,000 moves).
        """
        strip = self.check(position)
        total = self.value(strip)
        found = []
        i = 0
        while i < len(strip):
            if strip[i] != ".":
                i += 1
                continue
            j = i
            while j < len(strip) and strip[j] == ".":
                j += 1
            left = strip[i - 1] if i > 0 else ""
            right = strip[j] if j < len(strip) else ""
            rest = total ^ _elementary_value(_family(left, right), j - i)
            for k in range(i, j):
                for t in "+-":
                    if (k > 0 and strip[k - 1] == t) or (k + 1 < len(strip) and strip[k + 1] == t):
                        continue
                    before = _elementary_value(_family(left, t), k - i) if k > i else 0
                    after = _elementary_value(_family(t, right), j - k - 1) if k + 1 < j else 0
                    found.append((f"put {t} on square {k + 1}", rest ^ before ^ after))
            i = j
        return found

    def move_values_cost(self, position: str) -> Cost:
        """:meth:`move_values`: about 1 µs and 200 bytes per move (two per empty square)."""
        strip = self.check(position)
        moves = 2 * strip.count(".")
        return Cost(
            1e-6 * (len(strip) + 1) + 1e-6 * moves,
            64 * len(strip) + 200 * moves,
            f"the values of the {format_count(moves)} moves of a strip of {len(strip):,} squares",
        )

    def move_count(self, position: str) -> int:
        """At most two moves per empty square."""
        return 2 * self.check(position).count(".")

    def values_cost(self, positions: Sequence[str]) -> Cost:
        """:meth:`values`: one pass over each strip (nothing is shared between them)."""
        squares = sum(len(self.check(p)) + 1 for p in positions)
        return Cost(1e-6 * squares, 64 * squares, f"the Grundy values of {len(positions):,} strips")

    def value_cost(self, position: str) -> Cost:
        """One pass over the strip: microseconds."""
        strip = self.check(position)
        return Cost(1e-6 * (len(strip) + 1), 64 * len(strip), f"the Grundy value of a strip of {len(strip):,} squares")

    def value(self, position: str, *, max_seconds: float | None = None) -> int:
        """The XOR of the values of the elementary strips (exact, any strip; see the module docstring)."""
        total = 0
        for family, n in elementary_strips(self.check(position)):
            total ^= _elementary_value(MAGNETISM_FAMILIES.index(family), n)
        return total

    def _parts(self, strip: str) -> tuple[tuple[int, int], ...]:
        return _canonical([(MAGNETISM_FAMILIES.index(f), n) for f, n in elementary_strips(strip)])

    def remoteness_cost(self, position: str) -> Cost:
        """A search over the multisets of elementary strips with at most as many empty squares.

        Their number is at most one (the strip without a token) plus the
        multisets of the families G+, G++, G+− (no move brings back a strip
        without a token), each with at most two moves per empty square;
        5 us per move.  An upper bound, far above the work for most strips.
        """
        strip = self.check(position)
        squares = strip.count(".")
        what = f"the remoteness of a strip with {squares:,} empty squares in Magnetism"
        if squares > MAX_SEARCH_SQUARES:
            return Cost(math.inf, 10**40, what)
        states = _multiset_count(squares)
        moves = max(1, 2 * squares)
        return Cost(states * moves * SEARCH_SECONDS_PER_MOVE, states * SEARCH_BYTES_PER_POSITION, what)

    def remoteness(self, position: str, *, max_seconds: float | None = None) -> int:
        """Exact remoteness by a memoised search (:meth:`ImpartialGame.remoteness`)."""
        return self.remotenesses([position], max_seconds=max_seconds)[0]

    def remotenesses(self, positions: Sequence[str], *, max_seconds: float | None = None) -> list[int]:
        """:meth:`remoteness` of several strips, in one search over multisets of elementary strips.

        Raises
        ------
        ValueError
            If the search (:meth:`remoteness_cost`, for the strip with the
            most empty squares) is beyond the limits.
        """
        strips = [self.check(p) for p in positions]
        if not strips:
            return []
        largest = max(strips, key=lambda s: s.count("."))
        check_work(self.remoteness_cost(largest), "choose a strip with fewer empty squares", max_seconds)
        roots = [self._parts(s) for s in strips]
        options: dict[tuple[int, int], set[tuple[tuple[int, int], ...]]] = {}

        def is_p(parts: tuple[tuple[int, int], ...]) -> bool:
            total = 0
            for family, n in parts:
                total ^= _elementary_value(family, n)
            return total == 0

        def children(parts: tuple[tuple[int, int], ...]) -> list[tuple[tuple[int, int], ...]]:
            found = []
            for part in sorted(set(parts)):
                rest = list(parts)
                rest.remove(part)
                if part not in options:
                    options[part] = _options(*part)
                for option in options[part]:
                    found.append(_canonical(rest + list(option)))
            return found

        return search_remoteness(roots, children, is_p)

    # -- the one-parameter family: the empty strip --------------------------------------

    def grundy_sequence_cost(self, n: int) -> Cost:
        """Estimate :meth:`grundy_sequence`: :func:`magnetism_sequences_cost`."""
        return magnetism_sequences_cost(n)

    def grundy_sequence(self, n: int, *, max_seconds: float | None = None) -> np.ndarray:
        """G(0..n): the Grundy values of the empty strips of 0..n squares, by the mex (int64, shape ``(n + 1,)``)."""
        return np.array(magnetism_sequences(n, max_seconds=max_seconds)["G"], dtype=np.int64)
