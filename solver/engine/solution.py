"""The result of a solve: outcome and remoteness of every position up to a bound.

:class:`Outcome` names the four values a position can have (``docs/mathematics.md``
section 2), :class:`Solution` holds them for every position ``0..B`` together with
the remoteness, and :class:`BoundTooLargeError` is raised when a bound needs more
memory than the machine has.  :func:`solver.engine.solve` makes solutions.
"""

from __future__ import annotations

import dataclasses
import enum
import functools

import numpy as np

from solver.games import DEFAULT_RULE, Rule
from solver.validation import check_integer

from . import codes as _codes
from . import mapped
from .tallies import (
    NUMPY_RANGE,
    _tally_wide,
    first_undecided,
    first_undecided_numpy,
    merge_tallies,
    tally_codes,
    tally_counts,
    tally_dict,
)

__all__ = [
    "Outcome",
    "Solution",
    "CodeColumn",
    "NO_REMOTENESS",
    "check_solution",
]


class Outcome(enum.IntEnum):
    """Outcome of a position for the player to move (``int8`` codes).

    ====  ====  ==============  ==========================================
    code  name  CGT name        meaning
    ====  ====  ==============  ==========================================
    0     U     unresolved      not settled within the bound ("D-infinity
                                candidate" in the thesis, Table 1)
    1     W     N-position      the player to move can force a win
    2     L     P-position      the player to move loses against best play
    3     D     draw            certified draw: neither side can force a win
    ====  ====  ==============  ==========================================

    Source: thesis Table 1 and section 2.2; ``docs/mathematics.md`` section 2.
    """

    U = 0
    W = 1
    L = 2
    D = 3


#: Remoteness stored for D and U positions.
NO_REMOTENESS = -1


class CodeColumn:
    """A read-only column of a solve, decoded from one-byte codes on access.

    A compact :class:`Solution` (:mod:`solver.engine.codes`, one byte per position)
    shows its ``outcome`` and ``packed_remoteness`` through two of these.
    Indexing decodes only what it selects: ``column[i]`` gives a NumPy
    scalar, ``column[a:b]`` and ``column[index_array]`` a new array.
    ``numpy.asarray(column)`` decodes the whole column (3 bytes per position
    for both columns together); code meant for bounds of 10**9 and more
    reads slices.

    Parameters
    ----------
    codes : numpy.ndarray
        Shape ``(B + 1,)``, dtype ``uint8``: the codes (may be memory-mapped).
    table : numpy.ndarray
        Shape ``(256,)``: the value of each code
        (:func:`solver.engine.codes.outcome_table` or :func:`solver.engine.codes.packed_table`).
    """

    __array_priority__ = 1000

    def __init__(self, codes: np.ndarray, table: np.ndarray) -> None:
        self.codes = codes
        self.table = table

    @property
    def shape(self) -> tuple[int, ...]:
        """Shape of the column, ``(B + 1,)``."""
        return self.codes.shape

    @property
    def dtype(self) -> np.dtype:
        """Dtype of the decoded values (``int8`` outcome, ``int16`` remoteness)."""
        return self.table.dtype

    @property
    def ndim(self) -> int:
        """Always 1."""
        return 1

    @property
    def size(self) -> int:
        """Number of positions, ``B + 1``."""
        return int(self.codes.shape[0])

    def __len__(self) -> int:
        return int(self.codes.shape[0])

    def __getitem__(self, key):
        return self.table.take(self.codes[key])

    def __array__(self, dtype=None, copy=None):
        decoded = self.table.take(self.codes)
        return decoded if dtype is None else decoded.astype(dtype)

    def __iter__(self):
        step = 1 << 20
        for start in range(0, len(self), step):
            yield from self[start : start + step]

    def __eq__(self, other: object):
        return np.asarray(self) == other

    def __ne__(self, other: object):
        return np.asarray(self) != other

    def __lt__(self, other: object):
        return np.asarray(self) < other

    def __le__(self, other: object):
        return np.asarray(self) <= other

    def __gt__(self, other: object):
        return np.asarray(self) > other

    def __ge__(self, other: object):
        return np.asarray(self) >= other

    __hash__ = None  # type: ignore[assignment]

    def __getattr__(self, name: str):
        # Everything else an array offers (max, astype, copy, ...) works on the
        # decoded column.
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(np.asarray(self), name)

    def __repr__(self) -> str:
        return f"CodeColumn(shape={self.shape}, dtype={self.dtype})"


@dataclasses.dataclass(frozen=True, eq=False)
class Solution:
    """Outcome and remoteness of every position ``0..bound``.

    Attributes
    ----------
    bound : int
        The bound ``B``; positions above it were treated as unknown.
    outcome : numpy.ndarray or CodeColumn
        Shape ``(bound + 1,)``, dtype ``int8``: :class:`Outcome` codes, index =
        position.  Position 0 is L (the player to move has lost).  A
        :class:`CodeColumn` in a compact solution (see Notes).
    packed_remoteness : numpy.ndarray or CodeColumn
        Shape ``(bound + 1,)``, dtype ``int16``: remoteness in moves with its
        exactness packed into the sign, as the solver, its kernels and the
        disk store keep it.  Read :attr:`remoteness` and
        :attr:`remoteness_exact` instead unless you need the raw array:

        ============  =================================================
        value         meaning
        ============  =================================================
        ``r >= 0``    W (odd r) or L (even r) with remoteness exactly r;
                      0 only at positions with no move (0; 1 too in
                      the primes game); parities swap under misère play
        ``-r <= -2``  W or L whose remoteness is at most r, not proven
                      exact at this bound (a child above the bound, or an
                      unresolved one, might still give a shorter game)
        ``-1``        no remoteness: D or U (:data:`NO_REMOTENESS`)
        ============  =================================================

        The upper bound is the bounded retrograde value; it is certified
        exact where a sound lower bound meets it (``docs/mathematics.md``
        section 3).
    seconds : float
        Wall-clock time the solve took, in seconds, less the time numba spent
        compiling meanwhile (a fresh install's first solve compiles its
        kernels: :mod:`solver.engine.compile_clock`).
    rule : Rule
        The game (:mod:`solver.games`); default Put-or-Take-a-Square.  Code
        that needs the moves takes them from here (``solution.rule.moves(n)``).
        Under the misère rule a W position may have even remoteness (0 has
        remoteness 0 and is W); under every other rule W is odd and L even.

    classes : numpy.ndarray or CodeColumn
        Shape ``(bound + 1,)``, dtype ``int8``: the class of every position,
        its outcome and, for U, what the certificate by possibility rules out
        (``docs/mathematics.md`` section 3.3; :mod:`solver.engine.codes`):

        ====  =================================================
        code  meaning
        ====  =================================================
        0     U: may still be W, L or D
        1     W
        2     L
        3     D (a certified draw)
        4     U that cannot be L: a win or a draw
        5     U that cannot be W: a loss or a draw
        ====  =================================================

        Default (and for a wide solution given none): :attr:`outcome`.
    code_counts : numpy.ndarray or None
        Shape ``(256,)``, ``int64``: how often each one-byte code stands at
        the positions ``1..bound`` of a compact solution, when the solve that
        made it counted them as it went (or the cache entry it was read from
        recorded them); :meth:`tally` of the whole range then reads them
        instead of the codes.  None otherwise.

    Notes
    -----
    A solution is *compact* when both columns decode one ``uint8`` array of
    codes, one byte per position (:mod:`solver.engine.codes`; :meth:`from_codes`,
    :attr:`codes`); the solver returns compact solutions whenever the
    remoteness fits (always for Put-or-Take-a-Square).  Otherwise it is
    *wide*: an ``int8`` and an ``int16`` array, 3 bytes per position.  Both
    read the same way.

    Two solutions are equal (``==``) when they have the same rule, bound and
    identical ``outcome`` and ``packed_remoteness`` values, whatever their
    layout; ``seconds`` does not count.  Solutions are not hashable.
    """

    bound: int
    outcome: np.ndarray | CodeColumn
    packed_remoteness: np.ndarray | CodeColumn
    seconds: float = 0.0
    rule: Rule = DEFAULT_RULE
    classes: np.ndarray | CodeColumn | None = None
    code_counts: np.ndarray | None = dataclasses.field(default=None, repr=False)

    __hash__ = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.classes is None:  # a wide solution given no classes: its outcomes are its classes
            object.__setattr__(self, "classes", self.outcome)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Solution):
            return NotImplemented
        if self.bound != other.bound or self.rule.name != other.rule.name:
            return False
        mine, theirs = self.codes, other.codes
        if mine is not None and theirs is not None:
            return bool(np.array_equal(mine, theirs))
        return bool(
            np.array_equal(np.asarray(self.outcome), np.asarray(other.outcome))
            and np.array_equal(np.asarray(self.packed_remoteness), np.asarray(other.packed_remoteness))
        )

    @classmethod
    def from_codes(
        cls,
        bound: int,
        codes: np.ndarray,
        seconds: float = 0.0,
        rule: Rule = DEFAULT_RULE,
        code_counts: np.ndarray | None = None,
    ) -> Solution:
        """A compact solution: one code per position (:mod:`solver.engine.codes`).

        Parameters
        ----------
        bound : int
            The bound ``B``.
        codes : numpy.ndarray
            Shape ``(B + 1,)``, dtype ``uint8`` (may be memory-mapped; kept,
            not copied).
        seconds : float, optional
            Wall-clock seconds of the solve.
        rule : Rule, optional
            The game; its ``misere`` flag sets the parity of remoteness.
        code_counts : numpy.ndarray, optional
            Shape ``(256,)``: how often each code stands at positions
            ``1..B`` (:attr:`code_counts`), when known.

        Returns
        -------
        Solution

        Raises
        ------
        ValueError
            If ``codes`` is not a ``uint8`` array of shape ``(B + 1,)``, or
            ``code_counts`` does not count ``B`` positions in 256 codes.
        """
        if code_counts is not None:
            code_counts = np.asarray(code_counts, np.int64)
            if code_counts.shape != (256,) or int(code_counts.min()) < 0 or int(code_counts.sum()) != bound:
                raise ValueError(f"code_counts must count the {bound} positions 1..bound in 256 codes")
        if getattr(codes, "dtype", None) != np.uint8 or codes.shape != (bound + 1,):
            raise ValueError(f"codes must be a uint8 array of shape ({bound + 1},)")
        return cls(
            bound,
            CodeColumn(codes, _codes.outcome_table()),
            CodeColumn(codes, _codes.packed_table(rule.misere)),
            seconds,
            rule,
            CodeColumn(codes, _codes.class_table()),
            code_counts,
        )

    @property
    def codes(self) -> np.ndarray | None:
        """The one-byte codes of a compact solution, or None for a wide one.

        Shape ``(bound + 1,)``, dtype ``uint8`` (:mod:`solver.engine.codes`).
        """
        o, r = self.outcome, self.packed_remoteness
        if isinstance(o, CodeColumn) and isinstance(r, CodeColumn) and o.codes is r.codes:
            return o.codes
        return None

    def compact(self) -> Solution:
        """The same solution at one byte per position, when its values fit.

        Returns
        -------
        Solution
            ``self`` if already compact, or if some remoteness exceeds
            :data:`solver.engine.codes.MAX_REMOTENESS` or breaks the parity rule
            (then it stays wide); else a new compact solution (the wide
            arrays are not kept).
        """
        if self.codes is not None:
            return self
        classes, remoteness = np.asarray(self.classes), np.asarray(self.packed_remoteness)
        if not _codes.fits(classes, remoteness, self.rule.misere):
            return self
        packed = _codes.pack(classes, remoteness)
        return Solution.from_codes(self.bound, packed, self.seconds, self.rule)

    def wide(self) -> Solution:
        """The same solution as two plain, writable arrays (3 bytes per position).

        Returns
        -------
        Solution
            A new wide solution: ``outcome`` (``int8``) and
            ``packed_remoteness`` (``int16``), shape ``(bound + 1,)``, copies.
        """
        return Solution(
            self.bound,
            np.array(self.outcome, dtype=np.int8),
            np.array(self.packed_remoteness, dtype=np.int16),
            self.seconds,
            self.rule,
            np.array(self.classes, dtype=np.int8),
        )

    def arrays(self) -> dict[str, np.ndarray]:
        """The arrays that hold this solution, by the name the cache files use.

        Returns
        -------
        dict
            ``{"codes": uint8 array}`` for a compact solution, else
            ``{"outcome": int8 array, "remoteness": int16 array}``; each of
            shape ``(bound + 1,)``.
        """
        codes = self.codes
        if codes is not None:
            return {"codes": codes}
        return {"outcome": np.asanyarray(self.outcome), "remoteness": np.asanyarray(self.packed_remoteness)}

    @property
    def nbytes(self) -> int:
        """Bytes of the arrays that hold the solution (about ``B + 1`` if compact, ``3 (B + 1)`` if wide)."""
        return int(sum(array.nbytes for array in self.arrays().values()))

    @property
    def mapped(self) -> bool:
        """Whether the arrays are memory-mapped from files (a cache entry)."""
        return all(isinstance(array, np.memmap) for array in self.arrays().values())

    @property
    def remoteness(self) -> np.ndarray:
        """Remoteness of every position, exact or an upper bound.

        Shape ``(bound + 1,)``, dtype ``int16``, in moves (Winning Ways
        vol. 2; the thesis's layer ``l_k`` is the set of positions of
        remoteness ``k``, section 2.2; ``docs/mathematics.md`` section 2):

        ========  =======  ================================================
        outcome   value    meaning
        ========  =======  ================================================
        W         odd r    wins in r moves, or in at most r where
                           :attr:`remoteness_exact` is False
        L         even r   loses in r moves (or at most r); 0 only at
                           position 0
        D, U      ``-1``   no remoteness (:data:`NO_REMOTENESS`)
        ========  =======  ================================================

        A new array each time (``abs`` of the packed one, -1 kept).
        """
        packed = np.asarray(self.packed_remoteness)
        return np.where(packed == NO_REMOTENESS, packed, np.abs(packed)).astype(np.int16, copy=False)

    @property
    def remoteness_exact(self) -> np.ndarray:
        """Where the remoteness is proven exact.

        Shape ``(bound + 1,)``, dtype ``bool``: True for W and L positions
        whose :attr:`remoteness` is exact, False where it is only an upper
        bound and for D and U.  A new array each time.
        """
        return np.asarray(self.packed_remoteness) >= 0

    def tally(self, n: int | None = None) -> dict[str, int]:
        """Count outcomes and remoteness facts of positions ``1..n`` in one pass.

        Parameters
        ----------
        n : int, optional
            Upper end, ``1 <= n <= bound``; default ``bound``.

        Returns
        -------
        dict
            ``W``, ``L``, ``D``, ``U`` (counts), ``U_not_L`` and ``U_not_W``
            (the U positions the certificate by possibility shows cannot be
            L, cannot be W), ``max_remoteness`` (highest exact remoteness, 0
            if none) and ``bounded`` (W/L whose remoteness is only an upper
            bound).  Uses no memory beyond the arrays, so it suits
            memory-mapped solves of 10**10 positions.

        Raises
        ------
        TypeError
            If ``n`` is not an integer.
        ValueError
            If ``n`` is outside ``1..bound``.
        """
        n = self._check_n(n)
        codes = self.codes
        if codes is not None and n == self.bound and self.code_counts is not None:
            return tally_dict(tally_counts(self.code_counts, self.rule.misere))
        if codes is not None:
            # A mapped file is counted a piece at a time, each piece's pages
            # given back after it (solver.engine.mapped): a count of a 10 GB
            # entry does not hold 10 GB.
            step = _TALLY_PIECE if mapped.is_mapped(codes) else n
            parts = []
            for lo in range(1, n + 1, step):
                hi = min(n, lo + step - 1)
                parts.append(tally_codes(codes, lo, hi, self.rule.misere))
                if step < n:
                    mapped.release(codes, lo, hi + 1)
            tally = merge_tallies(parts)
        else:
            tally = _tally_wide(np.asarray(self.classes), np.asarray(self.packed_remoteness), n)
        return tally_dict(tally)

    @functools.cached_property
    def decided_below(self) -> int:
        """The largest N such that every position 1..N is W, L or D at this bound.

        Returns
        -------
        int
            ``0..bound``: the position before the first unresolved one, or
            the bound when none is unresolved.  Below it the list of W, L
            and D positions is complete (what an OEIS b-file needs).
        """
        codes = self.codes
        if codes is None:
            undecided = np.flatnonzero(np.asarray(self.outcome)[1:] == Outcome.U)
            return int(undecided[0]) if undecided.size else self.bound
        lo = 1
        while lo <= self.bound:
            # The first positions in numpy (no kernel to compile for the page's first view), then by the kernel.
            hi = min(self.bound, lo + (NUMPY_RANGE if lo == 1 else 1 << 24) - 1)
            first = first_undecided_numpy(codes, lo, hi) if lo == 1 else int(first_undecided(codes, lo, hi))
            if first >= 0:
                return first - 1
            lo = hi + 1
        return self.bound

    def cannot_be(self, position: int) -> str | None:
        """What an unresolved position cannot be: ``"L"``, ``"W"``, or None.

        Parameters
        ----------
        position : int
            A position ``0..bound``.

        Returns
        -------
        str or None
            ``"L"`` for a U position that cannot be L (a win or a draw),
            ``"W"`` for one that cannot be W (a loss or a draw), None for
            the others (``docs/mathematics.md`` section 3.3).

        Raises
        ------
        TypeError, ValueError
            If ``position`` is not an integer in ``0..bound``.
        """
        position = check_integer(position, "position", least=0, most=self.bound)
        classes = self.classes
        assert classes is not None  # filled in __post_init__
        c = int(np.asarray(classes[position]))
        return "L" if c == _codes.CLASS_UW else "W" if c == _codes.CLASS_UL else None

    def counts(self, n: int | None = None) -> dict[str, int]:
        """Count W, L, D and U among positions ``1..n``.

        Parameters
        ----------
        n : int, optional
            Upper end, ``1 <= n <= bound``; default ``bound``.

        Returns
        -------
        dict
            Keys ``"W"``, ``"L"``, ``"D"``, ``"U"``; values are counts (int).

        Raises
        ------
        TypeError
            If ``n`` is not an integer.
        ValueError
            If ``n`` is outside ``1..bound``.
        """
        found = self.tally(n)
        return {key: found[key] for key in ("W", "L", "D", "U")}

    def bounded_count(self, n: int | None = None) -> int:
        """Count W/L positions ``1..n`` whose remoteness is only an upper bound.

        Parameters
        ----------
        n : int, optional
            Upper end, ``1 <= n <= bound``; default ``bound``.

        Returns
        -------
        int

        Raises
        ------
        TypeError
            If ``n`` is not an integer.
        ValueError
            If ``n`` is outside ``1..bound``.
        """
        return self.tally(n)["bounded"]

    def max_remoteness(self, n: int | None = None) -> int:
        """Return the highest exact remoteness among W/L positions ``1..n``.

        Parameters
        ----------
        n : int, optional
            Upper end, ``1 <= n <= bound``; default ``bound``.

        Returns
        -------
        int
            The largest exact remoteness (moves); 0 when there is none.

        Raises
        ------
        TypeError
            If ``n`` is not an integer.
        ValueError
            If ``n`` is outside ``1..bound``.
        """
        return self.tally(n)["max_remoteness"]

    def positions_with(self, packed: int, n: int | None = None) -> np.ndarray:
        """Positions ``1..n`` whose packed remoteness equals ``packed``.

        Parameters
        ----------
        packed : int
            A value of :attr:`packed_remoteness`: ``r >= 0`` (exact
            remoteness ``r``, the thesis's layer ``l_r``), ``-r <= -2`` (at
            most ``r``) or -1 (D and U).
        n : int, optional
            Upper end, ``1 <= n <= bound``; default ``bound``.

        Returns
        -------
        numpy.ndarray
            Shape ``(count,)``, dtype ``int64``: the positions in increasing
            order.  A compact solution compares its codes without decoding.

        Raises
        ------
        TypeError
            If ``n`` is not an integer.
        ValueError
            If ``n`` is outside ``1..bound``.
        """
        n = self._check_n(n)
        codes = self.codes
        if codes is None:
            found = np.flatnonzero(np.asarray(self.packed_remoteness[1 : n + 1]) == packed)
        else:
            wanted = np.flatnonzero(_codes.packed_table(self.rule.misere) == packed)
            window = codes[1 : n + 1]
            if wanted.size == 1:
                found = np.flatnonzero(window == wanted[0])
            else:
                found = np.flatnonzero(np.isin(window, wanted))
        return found.astype(np.int64) + 1

    def value(self, position: int) -> tuple[Outcome, int | None]:
        """Return ``(outcome, remoteness)`` of one position.

        Parameters
        ----------
        position : int
            Any integer ``>= 0``; positions above the bound are U.

        Returns
        -------
        tuple
            The :class:`Outcome` and the exact remoteness (int), or ``None``
            for D and U and where the remoteness is only bounded (see
            :meth:`remoteness_at_most`).

        Raises
        ------
        TypeError
            If ``position`` is not an integer.
        ValueError
            If ``position < 0``.
        """
        position = check_integer(position, "position", least=0)
        if position > self.bound:
            return Outcome.U, None
        o = Outcome(int(self.outcome[position]))
        r = int(self.packed_remoteness[position])
        return o, (r if r >= 0 else None)

    def remoteness_at_most(self, position: int) -> int | None:
        """Return the upper bound on a W/L position's remoteness.

        Parameters
        ----------
        position : int
            Any integer ``>= 0``.

        Returns
        -------
        int or None
            ``r`` such that the true remoteness is at most ``r`` (equal to
            it where :meth:`value` gives the exact remoteness); None for D,
            U and positions above the bound.

        Raises
        ------
        TypeError
            If ``position`` is not an integer.
        ValueError
            If ``position < 0``.
        """
        position = check_integer(position, "position", least=0)
        if position > self.bound:
            return None
        r = int(self.packed_remoteness[position])
        return None if r == NO_REMOTENESS else abs(r)

    def _check_n(self, n: int | None) -> int:
        if n is None:
            return self.bound
        return check_integer(n, "n", least=1, most=self.bound)


#: Positions of a mapped solve counted between two page releases (256 MiB).
_TALLY_PIECE = 1 << 28


def check_solution(solution: object, what: str = "this") -> Solution:
    """Check that an argument is a :class:`~solver.engine.solution.Solution`.

    Parameters
    ----------
    solution : object
        The value to check.
    what : str, optional
        What needs the solution, for the message (``"the optimal strategy"``).

    Returns
    -------
    Solution

    Raises
    ------
    TypeError
        If ``solution`` is not a Solution (None included).
    """
    if not isinstance(solution, Solution):
        raise TypeError(f"{what} needs a solver.Solution, got {type(solution).__name__}")
    return solution
