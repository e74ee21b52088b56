"""Octal games: :class:`HeapGame`, :class:`OctalGame` and their titles.

An octal game (Guy and Smith 1956; Berlekamp, Conway and Guy, *Winning Ways*,
chapter 4) is played with heaps of tokens.  Its code ``d0.d1 d2 d3 ...`` says,
for each ``k``, what a move that removes ``k`` tokens from one heap may leave
behind in place of that heap: digit ``d_k`` is the sum of

* 1 if it may leave no heap (the heap had exactly ``k`` tokens),
* 2 if it may leave one nonempty heap,
* 4 if it may leave two nonempty heaps (the rest is split in two).

``d0`` may only be 0 or 4: removing nothing and leaving one heap would be a
pass, but ``d0 = 4`` allows splitting a heap into two nonempty heaps without
removing a token (as in ``4.7``).  Examples: Kayles ``0.77``, Dawson's Kayles
``0.07``, Dawson's chess and Rob's Dots ("The Independence Game", C. Wright,
2017: mark a dot of a row, its neighbours are eliminated) ``0.137``.

Every octal game is finite and loop-free (each move removes a token or splits
a heap into smaller ones), so by the Sprague–Grundy theorem a heap of ``n``
tokens is equivalent to a nim heap of size ``G(n)``, its Grundy value: the
least value (mex) not among the values of its options; the value of a
position of several heaps is the XOR (nim-sum) of their values, and the
position is a P-position (a loss for the player to move) exactly when that
value is 0, an N-position otherwise.

The parts live in modules of their own: codes in :mod:`.octal_codes`, Grundy
values in :mod:`.octal_grundy`, periodicity in :mod:`.octal_period`,
P-positions, equivalence classes and sums in :mod:`.octal_positions`.  The
names the front door (:mod:`solver`) and the command line import from here
are re-exported.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Sequence
from typing import ClassVar

import numpy as np

from ..costs import Cost
from ..validation import check_integer
from .game import (
    MAX_TEXT,
    SEARCH_BYTES_PER_POSITION,
    SEARCH_SECONDS_PER_MOVE,
    ImpartialGame,
    check_entry,
    check_work,
    parse_entry,
    search_remoteness,
)
from .octal_codes import OctalCode, parse_octal
from .octal_grundy import _max_options, grundy_cost, grundy_method, grundy_values, sparse_space
from .octal_period import PERIODICITY_MAX_N, PERIODICITY_STEP_SECONDS, Periodicity, periodicity
from .octal_positions import (
    classes_of_values,
    equivalence_classes,
    p_positions,
    pairs_of_equal_values,
    two_heap_p_positions,
)

__all__ = [
    "HeapGame",
    "OctalGame",
    "OCTAL_TITLES",
    "describe_code",
    "OctalCode",
    "parse_octal",
    "grundy_cost",
    "grundy_method",
    "grundy_values",
    "sparse_space",
    "PERIODICITY_MAX_N",
    "PERIODICITY_STEP_SECONDS",
    "Periodicity",
    "periodicity",
    "classes_of_values",
    "equivalence_classes",
    "p_positions",
    "pairs_of_equal_values",
    "two_heap_p_positions",
]


# ---------------------------------------------------------------------------
# The game
# ---------------------------------------------------------------------------

#: Names of the classical octal games, by code (Winning Ways ch. 4; "The Independence Game", 2017).
OCTAL_TITLES = {"0.137": "Rob's Dots", "0.07": "Dawson's Kayles", "0.77": "Kayles"}
#: Most heaps in one position of an octal game.
MAX_HEAPS = 1000
#: Heap values are read from a table when its estimate is below this many seconds; above it a
#: proved period (if the search for one is cheap) reduces the heaps first.
DIRECT_SECONDS = 0.05
#: The search for a period is tried for large heaps only when its estimate is below this many seconds.
PERIOD_SEARCH_SECONDS = 3.0
#: Largest table of heap values kept with the game (8 bytes per heap).
CACHED_HEAPS = 1 << 20
#: The smallest table computed (small positions then share one table).
SMALL_TABLE = 1023
#: Largest number of tokens for which :meth:`OctalGame.remoteness_cost` counts partitions.
MAX_SEARCH_TOKENS = 400


def describe_code(code: str | OctalCode) -> str:
    """The moves of an octal game in words, one clause per nonzero digit.

    Parameters
    ----------
    code : str or OctalCode
        The octal code.

    Returns
    -------
    str
        E.g. for ``0.137``: ``"a move takes 1 token from a heap of 1; or 2
        tokens, leaving no heap or one heap; or 3 tokens, leaving no heap,
        one heap or two heaps"``.

    Raises
    ------
    TypeError, ValueError
        If the code is not a valid octal code (:func:`parse_octal`).
    """
    parsed = parse_octal(code)
    clauses = []
    for k, d in enumerate(parsed.digits):
        if not d:
            continue
        if k == 0:
            clauses.append("split a heap into two nonempty heaps without taking a token")
            continue
        tokens = f"{k} token{'s' if k > 1 else ''}"
        leaves = [text for bit, text in ((1, "no heap"), (2, "one heap"), (4, "two heaps")) if d & bit]
        if leaves == ["no heap"]:
            clauses.append(f"take {tokens} from a heap of {k}")
        else:
            clauses.append(
                f"take {tokens}, leaving {', '.join(leaves[:-1])}{' or ' if len(leaves) > 1 else ''}{leaves[-1]}"
            )
    return "a move may " + "; or ".join(clauses)


def _partition_counts(top: int) -> list[int]:
    """``p(0..top)``, the numbers of partitions (exact integers)."""
    p = [1] + [0] * top
    for part in range(1, top + 1):
        for total in range(part, top + 1):
            p[total] += p[total - part]
    return p


class HeapGame(ImpartialGame[tuple[int, ...]]):
    """A game played with heaps (piles) of tokens: its positions and their text.

    A position is a collection of heaps, held as the sorted tuple of the
    nonempty ones: ``(3, 5)`` is written ``"3+5"``, the empty position ``()``
    is written ``"0"``.  Subclasses give the moves and the values
    (:class:`OctalGame`, :class:`solver.impartial.couples.CouplesGame`);
    ``unit`` names a heap in messages (``"heap"``, ``"pile"``).
    """

    unit: ClassVar[str] = "heap"
    heap_positions: ClassVar[bool] = True

    @property
    def theorem_k(self) -> int | None:
        """``k`` of the octal games periodicity theorem (the most tokens a move removes), or None where it does not apply."""
        return None

    @property
    def _how(self) -> str:
        return f"write {self.unit}s like 5 or 3+5 (0 for no {self.unit})"

    # -- positions ------------------------------------------------------------------

    def check(self, position: object) -> tuple[int, ...]:
        """A position as the sorted tuple of its nonempty heaps (piles).

        Parameters
        ----------
        position : sequence of int
            Heap sizes, each ``>= 0`` (0 is no heap) and below ``10**4000``;
            at most 1000 heaps; any order.

        Raises
        ------
        TypeError
            If ``position`` is not a sequence of integers.
        ValueError
            If a heap is negative or too large, or there are too many heaps.
        """
        if isinstance(position, (str, bytes)) or not isinstance(position, Iterable):
            raise TypeError(f"a position of {self.title} is a sequence of {self.unit} sizes, got {position!r:.60}")
        heaps = []
        for h in position:
            heaps.append(check_entry(h, f"a {self.unit} size"))
            if len(heaps) > MAX_HEAPS:
                raise ValueError(f"a position has at most {MAX_HEAPS:,} {self.unit}s")
        return tuple(sorted(h for h in heaps if h))

    def parse(self, text: str) -> tuple[int, ...]:
        """Read heaps (piles) joined by ``+``: ``"5"``, ``"3+5"``, ``"0"`` (none).

        Each heap is a whole number in any form of
        :func:`solver.parsing.parse_int` (``1_000``, ``1e6``, ``10**30``).

        Raises
        ------
        TypeError
            If ``text`` is not a string.
        ValueError
            If the text is empty, a heap is missing, negative or not a whole
            number, or there are more than 1000 heaps.
        """
        if not isinstance(text, str):
            raise TypeError(f"a position must be text like '3+5', got {text!r:.60}")
        if len(text) > MAX_TEXT:
            raise ValueError(f"the position has {len(text):,} characters, more than {MAX_TEXT:,}; {self._how}")
        if not text.strip():
            raise ValueError(f"the position is empty; {self._how}")
        parts = text.split("+")
        if len(parts) > MAX_HEAPS:
            raise ValueError(f"a position has at most {MAX_HEAPS:,} {self.unit}s, got {len(parts):,}")
        heaps = []
        for part in parts:
            h = parse_entry(part, f"a {self.unit}", self._how)
            if h < 0:
                raise ValueError(f"a {self.unit} cannot be negative, got {part.strip()[:40]}; {self._how}")
            heaps.append(h)
        return self.check(heaps)

    def format(self, position: tuple[int, ...]) -> str:
        """``"3+5"``; ``"0"`` for the empty position (the inverse of :meth:`parse`)."""
        return "+".join(map(str, self.check(position))) or "0"

    def start(self) -> tuple[int, ...]:
        """Three heaps, ``5+7+9``."""
        return (5, 7, 9)


@dataclasses.dataclass(frozen=True, kw_only=True)
class OctalGame(HeapGame):
    """An octal game (*Winning Ways*, chapter 4): heaps of tokens, moves given by the code.

    A position is a collection of heaps, held as the sorted tuple of the
    nonempty ones: ``(3, 5)`` is written ``"3+5"``, the empty position ``()``
    is written ``"0"``.  A move takes tokens from one heap as the code allows
    and may leave no heap, one heap or two heaps in its place
    (:meth:`OctalCode.moves`).  Make one with :func:`OctalGame.of` or
    :func:`solver.impartial.impartial_game` (``"octal-0.137"``).

    Attributes
    ----------
    code : OctalCode
        The code.

    Notes
    -----
    Values: the XOR of the heaps' Grundy values (:func:`grundy_values`, kept
    with the game up to 2**20 heaps).  A heap too large for the table has
    the value of ``e + (h - e) mod p`` when the period ``p`` and preperiod
    ``e`` are proved (:func:`periodicity`), so heaps of any size are exact
    for Kayles, Dawson's Kayles and Rob's Dots.  Remoteness: a search over
    the positions reachable, which are multisets of heaps with at most as
    many tokens: estimated by the number of partitions.
    """

    code: OctalCode

    @property
    def theorem_k(self) -> int | None:
        """``k`` of the periodicity theorem: the position of the code's last nonzero digit."""
        return self.code.max_removal

    kind: ClassVar[str] = "octal"
    commands: ClassVar[tuple[str, ...]] = ("classify", "tree", "sum", "nim-values", "periodicity")
    views: ClassVar[tuple[str, ...]] = ("grundy", "pairs")
    play_surface: ClassVar[str] = "heaps"
    heap_positions: ClassVar[bool] = True
    position_help: ClassVar[str] = "heaps of tokens written 5 or 3+5, 0 for no heap"

    @classmethod
    def of(cls, code: str | OctalCode) -> OctalGame:
        """The octal game of a code, with its name, title, summary and source.

        Raises
        ------
        TypeError, ValueError
            If the code is not a valid octal code (:func:`parse_octal`).
        """
        parsed = parse_octal(code)
        known = OCTAL_TITLES.get(parsed.text)
        title = f"{known} ({parsed.text})" if known else f"Octal game {parsed.text}"
        source = "Octal games: Guy and Smith (1956); Berlekamp, Conway and Guy, Winning Ways, chapter 4"
        if parsed.text == "0.137":
            source += "; Rob's Dots (Dawson's chess): C. Wright, \"The Independence Game\" (2017)"
        summary = f"Heaps of tokens; {describe_code(parsed)}; a player with no move loses."
        return cls(name=f"octal-{parsed.text}", title=title, summary=summary, source=source, code=parsed)

    # -- moves ----------------------------------------------------------------------

    def moves(self, position: tuple[int, ...]) -> list[tuple[str, tuple[int, ...]]]:
        """Every move: in each distinct heap (increasing), each option of :meth:`OctalCode.moves`.

        Move texts: ``"take 2 from 5 → 1+2"`` (the heap of 5 loses 2 tokens
        and is split into 1 and 2), ``"take 1 from 5 → 4"``, ``"take all 3"``
        (no heap left), ``"split 5 → 2+3"`` (code ``4.*``).

        Raises
        ------
        TypeError, ValueError
            If ``position`` is not a position, or it has more than 100,000
            moves (a heap above 10**6 for a code that splits heaps).
        """
        heaps = self.check(position)
        distinct = sorted(set(heaps))
        self._check_move_count(heaps, sum(_max_options(self.code, h) for h in distinct))
        found = []
        for heap in distinct:
            rest = list(heaps)
            rest.remove(heap)
            for option in self.code.moves(heap):
                taken = heap - sum(option)
                left = "+".join(map(str, option))
                if not option:
                    text = f"take all {heap}"
                elif taken == 0:
                    text = f"split {heap} → {left}"
                else:
                    text = f"take {taken} from {heap} → {left}"
                found.append((text, tuple(sorted(rest + list(option)))))
        return found

    def has_move(self, heap: int) -> bool:
        """Whether a heap of this size has a move (a heap without one never changes the play)."""
        for k, d in enumerate(self.code.digits):
            if k > heap:
                break
            rest = heap - k
            if (d & 1 and k >= 1 and rest == 0) or (d & 2 and k >= 1 and rest >= 1) or (d & 4 and rest >= 2):
                return True
        return False

    # -- values ---------------------------------------------------------------------

    def _proved_period(self) -> Periodicity | None:
        """The proved periodicity, searched once and kept; None when none is proved.

        The search doubles the heaps computed from 256 up to the largest power
        of two whose table is estimated within :data:`PERIOD_SEARCH_SECONDS`
        (at most ``PERIODICITY_MAX_N``), so it costs at most about twice that.
        """
        found = self.memo.get("periodicity") or self.memo.get("periodicity-for-values")
        if found is None:
            top = 256
            while top < PERIODICITY_MAX_N and grundy_cost(self.code, 2 * top).seconds <= PERIOD_SEARCH_SECONDS:
                top *= 2
            found = periodicity(self.code, max_n=top)
            self.memo.put(
                "periodicity" if found.proved or top == PERIODICITY_MAX_N else "periodicity-for-values", found
            )
        return found if found.proved else None

    def _reduced(self, heaps: Sequence[int]) -> list[int]:
        """Heaps replaced by smaller heaps of the same value, by the proved period, when the table would be costly."""
        top = max(heaps, default=0)
        table = self.memo.get("values")
        if (table is not None and top < table.shape[0]) or grundy_cost(self.code, top).seconds <= DIRECT_SECONDS:
            return list(heaps)
        found = self._proved_period()
        if found is None:
            return list(heaps)
        assert found.period is not None and found.preperiod is not None
        e, p = found.preperiod, found.period
        return [h if h < e else e + (h - e) % p for h in heaps]

    def _table(self, top: int, max_seconds: float | None) -> np.ndarray:
        """Grundy values of heaps 0..top at least, from the kept table or computed (and kept when small)."""
        table = self.memo.get("values")
        if table is not None and top < table.shape[0]:
            return table
        values = grundy_values(self.code, max(top, SMALL_TABLE), max_seconds=max_seconds)
        if values.shape[0] <= CACHED_HEAPS and (table is None or values.shape[0] > table.shape[0]):
            values.setflags(write=False)
            self.memo.replace("values", values)
        return values

    def heap_values(self, heaps: Sequence[int], *, max_seconds: float | None = None) -> list[int]:
        """The Grundy values of single heaps of any size (see the class notes).

        Raises
        ------
        ValueError
            If a heap is too large for the table within the limits and no
            period is proved.
        """
        heaps = [check_integer(h, "a heap size", least=0) for h in heaps]
        if not heaps:
            return []
        reduced = self._reduced(heaps)
        table = self._table(max(reduced), max_seconds)
        return [int(table[h]) for h in reduced]

    def value_cost(self, position: tuple[int, ...]) -> Cost:
        """The table of heap values up to the largest heap (after reduction by a proved period)."""
        heaps = self.check(position)
        reduced = self._reduced(heaps)
        table = self.memo.get("values")
        top = max(reduced, default=0)
        if table is not None and top < table.shape[0]:
            return Cost(0.0, 0, f"the values of {self.title} for heaps 0..{top:,} (kept)")
        return grundy_cost(self.code, max(top, SMALL_TABLE))

    def value(self, position: tuple[int, ...], *, max_seconds: float | None = None) -> int:
        """The XOR of the heaps' Grundy values (Sprague–Grundy; :meth:`ImpartialGame.value`)."""
        total = 0
        for v in self.heap_values(self.check(position), max_seconds=max_seconds):
            total ^= v
        return total

    def values(self, positions: Sequence[tuple[int, ...]], *, max_seconds: float | None = None) -> list[int]:
        """:meth:`value` of several positions from one table."""
        checked = [self.check(p) for p in positions]
        flat = self.heap_values([h for p in checked for h in p], max_seconds=max_seconds)
        out, at = [], 0
        for p in checked:
            total = 0
            for v in flat[at : at + len(p)]:
                total ^= v
            out.append(total)
            at += len(p)
        return out

    def values_cost(self, positions: Sequence[tuple[int, ...]]) -> Cost:
        """One table up to the largest heap of all the positions."""
        return self.value_cost(tuple(h for p in positions for h in self.check(p)))

    # -- remoteness -----------------------------------------------------------------

    def _canonical(self, heaps: Iterable[int]) -> tuple[int, ...]:
        return tuple(sorted(h for h in heaps if h and self.has_move(h)))

    def remoteness_cost(self, position: tuple[int, ...]) -> Cost:
        """A search over every multiset of heaps with at most as many tokens.

        Their number is at most ``p(0) + ... + p(T)`` (partitions, ``T`` the
        tokens of the position), each with at most as many moves as
        :meth:`moves` lists for one heap of ``T``; 5 us per move and 300
        bytes per position (Python dictionaries).  An upper bound: the search
        from an N-position follows only its P-options, so it often visits
        far fewer (Rob's Dots, a heap of 50: 19,084 positions, 0.7 s, for an
        estimate of 180 s; the octal game 4.7, a heap of 50: 1.3 million
        positions, 160 s, for 330 s).
        """
        heaps = self._canonical(self.check(position))
        tokens = sum(heaps)
        what = f"the remoteness of {self.format_short(heaps)} in {self.title} (a search over up to {tokens:,} tokens)"
        if tokens > MAX_SEARCH_TOKENS:
            return Cost(math.inf, 10**40, what)
        positions = sum(_partition_counts(tokens))
        moves = max(1, _max_options(self.code, tokens))
        return Cost(
            positions * moves * SEARCH_SECONDS_PER_MOVE,
            positions * SEARCH_BYTES_PER_POSITION + self.value_cost(heaps).bytes,
            what,
        )

    def remoteness(self, position: tuple[int, ...], *, max_seconds: float | None = None) -> int:
        """Exact remoteness by a memoised search (:meth:`ImpartialGame.remoteness`)."""
        return self.remotenesses([position], max_seconds=max_seconds)[0]

    def remotenesses(self, positions: Sequence[tuple[int, ...]], *, max_seconds: float | None = None) -> list[int]:
        """:meth:`remoteness` of several positions, in one search.

        Heaps without a move are left out first (they never change the
        play); then a search visits the P-positions' options and the
        N-positions' P-options (:func:`solver.impartial.game.search_remoteness`).

        Raises
        ------
        ValueError
            If the search (:meth:`remoteness_cost`, for the largest
            position) is beyond the limits.
        """
        roots = [self._canonical(self.check(p)) for p in positions]
        if not roots:
            return []
        largest = max(roots, key=sum)
        check_work(self.remoteness_cost(largest), "choose a position with fewer tokens", max_seconds)
        table = self._table(max(sum(r) for r in roots), max_seconds)

        def is_p(heaps: tuple[int, ...]) -> bool:
            total = 0
            for h in heaps:
                total ^= int(table[h])
            return total == 0

        def children(heaps: tuple[int, ...]) -> list[tuple[int, ...]]:
            found = []
            for heap in sorted(set(heaps)):
                rest = list(heaps)
                rest.remove(heap)
                for option in self.code.moves(heap):
                    found.append(self._canonical(rest + list(option)))
            return found

        return search_remoteness(roots, children, is_p)

    # -- the views of an octal game -----------------------------------------------------

    def grundy_sequence_cost(self, n: int) -> Cost:
        """Estimate :meth:`grundy_sequence`: :func:`grundy_cost` (nothing when the kept table covers it)."""
        n = check_integer(n, "n, the largest heap", least=0)
        table = self.memo.get("values")
        if table is not None and n < table.shape[0]:
            return Cost(0.0, 8 * (n + 1), f"the values of {self.title} for heaps 0..{n:,} (kept)")
        return grundy_cost(self.code, n)

    def periodicity_cost(self, n: int | None = None) -> Cost:
        """Estimate :meth:`periodicity`: the values up to ``n``, or the doublings of the search (at most twice the last)."""
        if n is not None:
            return grundy_cost(self.code, check_integer(n, "n, the largest heap", least=1))
        if self.memo.get("periodicity") is not None:
            return Cost(0.0, 0, f"the periodicity of {self.title} (kept)")
        top = min(256, PERIODICITY_MAX_N)
        while top < PERIODICITY_MAX_N and grundy_cost(self.code, 2 * top).seconds <= PERIODICITY_STEP_SECONDS:
            top *= 2
        last = grundy_cost(self.code, top)
        return Cost(2 * last.seconds, last.bytes, f"the search for the period of {self.title} (heaps up to {top:,})")

    def grundy_sequence(self, n: int, *, max_seconds: float | None = None) -> np.ndarray:
        """The Grundy values of the heaps ``0..n`` (:func:`grundy_values`), int64, shape ``(n + 1,)``."""
        n = check_integer(n, "n, the largest heap", least=0)
        table = self.memo.get("values")
        if table is not None and n < table.shape[0]:
            return table[: n + 1].copy()
        return grundy_values(self.code, n, max_seconds=max_seconds)

    def periodicity(self, n: int | None = None) -> Periodicity:
        """The period and preperiod of the heap values, proved when possible (:func:`periodicity`); kept when ``n`` is None."""
        if n is not None:
            return periodicity(self.code, n)
        found = self.memo.get("periodicity")
        if found is None:
            found = self.memo.put("periodicity", periodicity(self.code))
        return found
