"""Octal games: codes, Grundy values, periodicity, P-positions and sums of heaps.

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

Numba kernels (prefixed ``_``) are unchecked; the public functions check
their arguments and refuse work beyond about a minute (``ValueError`` with
the estimate, see :func:`grundy_cost`).
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re
from collections.abc import Iterable, Sequence
from typing import ClassVar

import numba
import numpy as np

from .. import costs
from ..costs import Cost
from ..text import format_count
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
    seconds_limit,
)
from .sparse import SparseStats, best_mask, rare_mask, sparse_grundy

__all__ = [
    "OctalCode",
    "parse_octal",
    "grundy_cost",
    "grundy_values",
    "grundy_method",
    "sparse_space",
    "METHODS",
    "Periodicity",
    "periodicity",
    "p_positions",
    "two_heap_p_positions",
    "equivalence_classes",
    "pairs_of_equal_values",
    "classes_of_values",
    "sum_value",
    "SumMove",
    "sum_moves",
    "HeapGame",
    "OctalGame",
    "OCTAL_TITLES",
    "describe_code",
]

#: Most digits accepted after the point of a code.
MAX_DIGITS = 64
#: Largest heap whose options :meth:`OctalCode.moves` lists when the code splits heaps (the list has about heap/2 entries per splitting digit).
MAX_SPLIT_HEAP = 10**6
#: Most heap pairs :func:`two_heap_p_positions` returns.
MAX_PAIRS = 10**7
#: Largest heap reached by :func:`periodicity` when it grows the computation itself.
PERIODICITY_MAX_N = 1 << 16
#: :func:`periodicity` stops growing the computation before a step estimated above this many seconds.
PERIODICITY_STEP_SECONDS = 10.0

#: Method names of :func:`grundy_values`.
METHODS = ("auto", "plain", "sparse")
#: Largest heap of the sparse-space method (its working values and stamps are 32-bit).
MAX_SPARSE_N = (1 << 31) - 2
#: A code with splits whose plain estimate is at most this many seconds is computed by the plain kernel
#: without a look at its sparse space.
SPARSE_MIN_SECONDS = 0.25
#: A code has sparse space when some mask keeps at most this share of the last half of the profiled heaps rare.
SPARSE_RARE_FRACTION = 0.25
#: Levels (log2 of the heaps) of the profiles: the plain start, and the most.
SPARSE_PROFILE_BASE = 12
SPARSE_PROFILE_TOP = 16

# Cost model, measured by benchmarks/impartial_games.py and benchmarks/sparse_space.py on this project's
# machine (2 cores shared with other work, CPU seconds of the process): the plain kernel takes 0.9 to 1.0 ns
# per two-heap option while every value is below 64 (the vectorised bit-mask path) and up to 1.42 ns after
# (the stamp path: 0.6 to 10**6, 356 s for 2.5e11 options at a load of 9 to 15), so 1.6 ns, which errs high;
# 5 ns per (heap, digit) pair.  The sparse-space method takes
# SECONDS_PER_STEP per split visited (with a rare heap, or by a witness scan) or step over a list of values,
# and SECONDS_PER_HEAP for each heap.
_SECONDS_PER_SPLIT = 1.6e-9
_SECONDS_PER_DIGIT = 5e-9
_BYTES_PER_HEAP = 8 + 1 + 1  # int64 values, uint8 copy, uint8 reversed copy
_SPARSE_SECONDS_PER_STEP = 3e-9
_SPARSE_SECONDS_PER_HEAP = 150e-9
_SPARSE_BYTES_PER_HEAP = 4 + 8 + 8  # int32 working values, int64 result, int64 counts of a mask choice

_CODE_RE = re.compile(r"([0-7]?)\.([0-7]+)")
_CODE_HELP = (
    "an octal code is written like '0.137' or '4.7': an optional digit 0 or 4 before the point "
    f"(4: a heap may be split in two without removing a token), a point, then 1 to {MAX_DIGITS} "
    "octal digits (0-7), at least one of them nonzero; digit k says what removing k tokens may leave "
    "(1: no heap, 2: one heap, 4: two heaps)"
)


# ---------------------------------------------------------------------------
# Codes and moves
# ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class OctalCode:
    """A parsed octal code (made by :func:`parse_octal`).

    Attributes
    ----------
    digits : tuple of int
        ``(d0, d1, ..., dk)``: ``d0`` is 0 or 4, each ``d_i`` is 0..7 and the
        last one is nonzero (trailing zeros of the text are dropped).
    text : str
        The canonical text, ``"0.137"`` or ``"4.7"``.
    """

    digits: tuple[int, ...]
    text: str

    @property
    def max_removal(self) -> int:
        """The largest number of tokens a move removes (the position of the last nonzero digit, ``k``)."""
        return len(self.digits) - 1

    @property
    def splits(self) -> bool:
        """True when some move leaves two heaps (a digit has the bit 4)."""
        return any(d & 4 for d in self.digits)

    def moves(self, heap: int) -> tuple[tuple[int, ...], ...]:
        """List the options of one heap: what a move leaves in its place.

        Parameters
        ----------
        heap : int
            Heap size, ``>= 0``; any size when the code never splits a heap,
            at most ``MAX_SPLIT_HEAP`` (10**6) otherwise.

        Returns
        -------
        tuple of tuple of int
            One tuple per move: ``()`` (no heap left), ``(h,)`` (one heap) or
            ``(a, b)`` with ``1 <= a <= b`` (two heaps).  Ordered by the
            number of tokens removed (``heap - sum(result)``), then no heap,
            one heap, two heaps by increasing ``a``.  Distinct moves give
            distinct results.

        Raises
        ------
        TypeError
            If ``heap`` is not an integer.
        ValueError
            If ``heap < 0``, or it is above 10**6 and the code splits heaps.
        """
        heap = check_integer(heap, "the heap size", least=0, most=MAX_SPLIT_HEAP if self.splits else None)
        result: list[tuple[int, ...]] = []
        for k, d in enumerate(self.digits):
            if k > heap:
                break
            rest = heap - k
            if d & 1 and k >= 1 and rest == 0:
                result.append(())
            if d & 2 and k >= 1 and rest >= 1:
                result.append((rest,))
            if d & 4 and rest >= 2:
                result.extend((a, rest - a) for a in range(1, rest // 2 + 1))
        return tuple(result)


def parse_octal(code: str | OctalCode) -> OctalCode:
    """Parse an octal code such as ``"0.137"``, ``"0.77"``, ``".07"`` or ``"4.7"``.

    Parameters
    ----------
    code : str or OctalCode
        The code: an optional digit 0 or 4, a point, then 1 to 64 octal
        digits with at least one nonzero; spaces around it are ignored.
        Trailing zeros are dropped (``"0.770"`` is ``"0.77"``).  An
        :class:`OctalCode` is returned unchanged.

    Returns
    -------
    OctalCode

    Raises
    ------
    TypeError
        If ``code`` is not a string (nor an OctalCode).
    ValueError
        If the text is not a valid code; the message says what one looks like.

    Notes
    -----
    Conventions of Berlekamp, Conway and Guy, *Winning Ways*, chapter 4.
    """
    if isinstance(code, OctalCode):
        return code
    if not isinstance(code, str):
        raise TypeError(f"the octal code must be a string like '0.137', got {code!r}")
    text = code.strip()
    match = _CODE_RE.fullmatch(text)
    if match is None:
        raise ValueError(f"{text[:80]!r} is not an octal code: {_CODE_HELP}")
    head, tail = match.groups()
    if head not in ("", "0", "4"):
        raise ValueError(f"{text!r} is not an octal code: the digit before the point must be 0 or 4; {_CODE_HELP}")
    if len(tail) > MAX_DIGITS:
        raise ValueError(f"the octal code has {len(tail)} digits after the point, more than {MAX_DIGITS}; {_CODE_HELP}")
    tail = tail.rstrip("0")
    if not tail:
        raise ValueError(f"{text!r} is not an octal code: no digit after the point is nonzero; {_CODE_HELP}")
    d0 = int(head or "0")
    return OctalCode(digits=(d0, *(int(c) for c in tail)), text=f"{d0}.{tail}")


# ---------------------------------------------------------------------------
# Grundy values
# ---------------------------------------------------------------------------


@numba.njit(cache=True)
def _grundy_kernel(digits: np.ndarray, n: int, seen_size: int) -> np.ndarray:  # pragma: no cover - numba
    """Grundy values of heaps 0..n (numba; unchecked).

    While every value is below 64 the options are gathered in a 64-bit mask
    (the split loop reads the values forwards and a reversed copy forwards,
    which LLVM vectorises); from the first value >= 64 on, a ``seen`` array
    stamped with ``heap + 1`` replaces the mask.  ``seen_size`` must exceed
    every possible nim-sum of two values (a power of two above the most
    options of a heap).
    """
    top = digits.shape[0] - 1
    g = np.zeros(n + 1, np.int64)
    g8 = np.zeros(n + 1, np.uint8)
    rev = np.zeros(n + 1, np.uint8)  # rev[n - h] = g[h]
    seen = np.zeros(seen_size, np.int32)
    one = np.uint64(1)
    small = True  # every value so far is below 64
    for h in range(n + 1):
        kmax = min(top, h)
        if small:
            mask = np.uint64(0)
            for k in range(kmax + 1):
                d = digits[k]
                rest = h - k
                if d & 1 and k >= 1 and rest == 0:
                    mask |= one
                if d & 2 and k >= 1 and rest >= 1:
                    mask |= one << np.uint64(g8[rest])
                if d & 4 and rest >= 2:
                    off = n - rest
                    acc = np.uint64(0)
                    for a in range(1, rest // 2 + 1):
                        acc |= one << np.uint64(g8[a] ^ rev[off + a])
                    mask |= acc
            v = 0
            while (mask >> np.uint64(v)) & one:
                v += 1
        else:
            stamp = h + 1
            for k in range(kmax + 1):
                d = digits[k]
                rest = h - k
                if d & 1 and k >= 1 and rest == 0:
                    seen[0] = stamp
                if d & 2 and k >= 1 and rest >= 1:
                    seen[g[rest]] = stamp
                if d & 4 and rest >= 2:
                    for a in range(1, rest // 2 + 1):
                        seen[g[a] ^ g[rest - a]] = stamp
            v = 0
            while seen[v] == stamp:
                v += 1
        g[h] = v
        if v >= 64:
            small = False
        else:
            g8[h] = v
            rev[n - h] = v
    return g


def _split_count(parsed: OctalCode, n: int) -> int:
    """Number of two-heap options over all heaps 0..n (the quadratic part of the work), exactly."""
    return sum((n - k) ** 2 // 4 for k, d in enumerate(parsed.digits) if d & 4 and k <= n)


def _max_options(parsed: OctalCode, n: int) -> int:
    """An upper bound on the number of options of a heap <= n (hence on its Grundy value)."""
    return sum((d & 1 != 0) + (d & 2 != 0) + (max(n - k, 0) // 2 if d & 4 else 0) for k, d in enumerate(parsed.digits))


def _split_digits(parsed: OctalCode) -> int:
    """The digits with the bit 4 (each gives a heap about ``h / 2`` two-heap options)."""
    return sum(1 for d in parsed.digits if d & 4)


def _plain_cost(parsed: OctalCode, n: int) -> Cost:
    """The estimate of the plain kernel (:func:`_grundy_kernel`) for heaps 0..n."""
    digits = len(parsed.digits)
    try:
        seconds = float(_split_count(parsed, n)) * _SECONDS_PER_SPLIT + float((n + 1) * digits) * _SECONDS_PER_DIGIT
    except OverflowError:  # beyond a float: a heap of 10**400
        seconds = math.inf
    seen = 4 * (1 << _max_options(parsed, n).bit_length())
    return Cost(
        seconds,
        (n + 1) * _BYTES_PER_HEAP + seen,
        f"the Grundy values of {parsed.text} for heaps 0..{format_count(n)} (every option visited)",
    )


def _plain_values(parsed: OctalCode, n: int) -> np.ndarray:
    """The plain kernel, unchecked."""
    seen_size = 1 << _max_options(parsed, n).bit_length()
    return _grundy_kernel(np.array(parsed.digits, dtype=np.int64), n, seen_size)


@dataclasses.dataclass(frozen=True)
class _Profile:
    """The values of the first heaps of a code with splits, and what they say of the sparse-space method.

    ``heaps``: values known for heaps ``0..heaps`` (``values``, int32,
    read-only); ``sparse``: some mask keeps the rare heaps few (at most
    :data:`SPARSE_RARE_FRACTION` of the last half); ``mask``, ``rare``: the
    mask and the rare heaps ``1..heaps`` under it; ``rare_fraction``: the
    share of rare heaps among the last half; ``witness``: splits visited by
    the witness scans per heap of the last half, ``growth`` the exponent of
    its growth from the half before (0 to 1; 1 when unknown); ``steps``:
    steps over the lists of values per heap of the last half.
    """

    heaps: int
    values: np.ndarray
    sparse: bool
    mask: int
    rare: int
    rare_fraction: float
    witness: float
    growth: float
    steps: float


def _profile_base(parsed: OctalCode) -> int:
    """The level (log2 of the heaps) of the plain computation a profile starts from: 12, less for codes of many splitting digits."""
    level = SPARSE_PROFILE_BASE
    while level > 9 and _plain_cost(parsed, 1 << level).seconds > 0.05:
        level -= 1
    return level


@functools.lru_cache(maxsize=256)
def _profile(text: str, level: int) -> _Profile:
    """The profile of the heaps ``0..2**level`` of a code with splits (kept for the last 256 (code, level) pairs).

    The base level is computed by the plain kernel; each level above by the
    sparse-space method from the level below, whose window ``(2**(level-1),
    2**level]`` gives the rare share and the witness scans per heap.  A code
    whose base has too many rare heaps has no sparse space, and its higher
    levels are its base.
    """
    parsed = parse_octal(text)
    base = _profile_base(parsed)
    if level <= base:
        n = 1 << base
        values = _plain_values(parsed, n).astype(np.int32)
        values.setflags(write=False)
        mask = best_mask(values[1:])
        rare = rare_mask(values[1:], mask)
        fraction = float(rare[n // 2 :].mean())
        return _Profile(
            heaps=n,
            values=values,
            sparse=fraction <= SPARSE_RARE_FRACTION,
            mask=mask,
            rare=int(rare.sum()),
            rare_fraction=fraction,
            witness=math.nan,
            growth=1.0,
            steps=math.nan,
        )
    below = _profile(text, level - 1)
    if not below.sparse:
        return below
    n = 1 << level
    found, stats = sparse_grundy(np.array(parsed.digits, dtype=np.int64), below.values, n)
    values = found.astype(np.int32)
    values.setflags(write=False)
    window = n - below.heaps
    mask = best_mask(values[1:])
    rare = rare_mask(values[1:], mask)
    fraction = float(rare[below.heaps :].mean())
    witness = stats.witness_pairs / window
    growth = 1.0
    if below.witness > 0 and witness > 0:
        growth = min(1.0, max(0.0, math.log2(witness / below.witness)))
    return _Profile(
        heaps=n,
        values=values,
        sparse=fraction <= SPARSE_RARE_FRACTION,
        mask=mask,
        rare=int(rare.sum()),
        rare_fraction=fraction,
        witness=witness,
        growth=growth,
        steps=stats.value_steps / window,
    )


def _profile_level(parsed: OctalCode, n: int) -> int:
    """The profile level used for heaps up to n: about n / 16 heaps, at least two levels above the base, at most 2**16."""
    base = _profile_base(parsed)
    return min(SPARSE_PROFILE_TOP, max(base + 2, (n // 16).bit_length()))


def _sparse_seconds(profile: _Profile, splits: int, n: int) -> float:
    """Seconds of the sparse-space method for heaps ``profile.heaps + 1 .. n`` (the model of :func:`grundy_cost`)."""
    top = profile.heaps
    if n <= top:
        return 0.0
    try:
        m = float(n - top)
        rare = splits * (profile.rare * m + profile.rare_fraction * m * (m + 1) / 2)
        gamma = profile.growth
        middle = 0.75 * top
        witness = (
            profile.witness * (float(n) ** (gamma + 1) - float(top) ** (gamma + 1)) / ((gamma + 1) * middle**gamma)
        )
        steps = profile.steps * m
        return (rare + witness + steps) * _SPARSE_SECONDS_PER_STEP + m * _SPARSE_SECONDS_PER_HEAP
    except OverflowError:
        return math.inf


@dataclasses.dataclass(frozen=True)
class _Plan:
    """How :func:`grundy_values` computes heaps 0..n, and the estimate.

    ``method``: ``"plain"`` (the plain kernel), ``"sparse"`` (the
    sparse-space method from the profile's heaps), ``"start"`` (the
    sparse-space method from heap 1) or ``"kept"`` (the profile has them).
    """

    method: str
    cost: Cost
    profile: _Profile | None


def _plan(parsed: OctalCode, n: int, method: str = "auto") -> _Plan:
    """Choose the method for heaps 0..n and estimate it (see :func:`grundy_cost`).

    ``method`` ``"plain"``: the plain kernel.  ``"sparse"``: the sparse-space
    method, from heap 1 (``"start"``) up to 2**16 heaps, beyond from the
    profile's heaps.  ``"auto"``: the plain kernel for small work, codes
    without splits or without sparse space, else the faster estimate; the
    profile's own values (``"kept"``) when they cover the heaps.
    """
    plain = _plain_cost(parsed, n)
    small = plain.seconds <= SPARSE_MIN_SECONDS or n > MAX_SPARSE_N
    if method == "plain" or not parsed.splits or (method == "auto" and small):
        return _Plan("plain", plain, None)
    if method == "sparse" and (small or n <= 1 << SPARSE_PROFILE_TOP):
        return _Plan("start", _sparse_from_start_cost(parsed, n), None)
    profile = _profile(parsed.text, _profile_level(parsed, n))
    heaps = format_count(n)
    if n <= profile.heaps:
        return _Plan(
            "kept", Cost(0.0, 12 * (n + 1), f"the Grundy values of {parsed.text} for heaps 0..{heaps}"), profile
        )
    if not profile.sparse:
        why = f"{profile.rare_fraction:.0%} of heaps {profile.heaps // 2 + 1:,}..{profile.heaps:,} rare at best"
        if method == "auto":
            return _Plan("plain", dataclasses.replace(plain, what=f"{plain.what}; no sparse space: {why}"), profile)
        seconds = _sparse_worst_seconds(parsed, n) - _sparse_worst_seconds(parsed, profile.heaps)
        what = f"the Grundy values of {parsed.text} for heaps 0..{heaps} by the sparse-space method ({why})"
        return _Plan("sparse", Cost(seconds, (n + 1) * _SPARSE_BYTES_PER_HEAP, what), profile)
    sparse = Cost(
        _sparse_seconds(profile, _split_digits(parsed), n),
        (n + 1) * _SPARSE_BYTES_PER_HEAP,
        f"the Grundy values of {parsed.text} for heaps 0..{heaps} (sparse space: mask {profile.mask}, "
        f"{profile.rare:,} rare heaps up to {profile.heaps:,})",
    )
    if method == "sparse" or sparse.seconds < plain.seconds:
        return _Plan("sparse", sparse, profile)
    return _Plan("plain", plain, profile)


def grundy_cost(code: str | OctalCode, n: int, *, method: str = "auto") -> Cost:
    """Estimate the time and memory of :func:`grundy_values` for heaps ``0..n``, by the method it will use.

    Parameters
    ----------
    code : str or OctalCode
        The octal code (see :func:`parse_octal`).
    n : int
        Largest heap, ``>= 0`` (any size: the estimate is arithmetic).
    method : {"auto", "plain", "sparse"}, optional
        The method of :func:`grundy_values` (default ``"auto"``: the one
        estimated faster).

    Returns
    -------
    Cost
        ``seconds`` (CPU seconds of one core of this project's machine,
        compilation excluded) and ``bytes`` (peak memory of the arrays);
        ``what`` names the method.

    Raises
    ------
    TypeError
        If ``n`` is not an integer or ``code`` not a string.
    ValueError
        If ``n < 0``, the code is invalid, or ``method`` is unknown or
        ``"sparse"`` for a code without splits.

    Notes
    -----
    The plain kernel visits every option: heap ``h`` has about ``(h - k) /
    2`` two-heap options for each digit ``d_k`` with the bit 4, about
    ``n**2 / 4`` per such digit in all, 1.6 ns each.  For a code with splits
    whose plain estimate is above 0.25 s, the values of the first heaps (up
    to about ``n / 16``, at most 2**16, computed once per code and kept)
    decide whether the sparse-space method is faster (:func:`grundy_method`)
    and give its estimate: the rare heaps, their growth and the witness scans
    per heap, extrapolated (``docs/impartial-games.md``, section 3).  The
    estimate is of the work left: the heaps kept by that look cost nothing.
    """
    parsed = parse_octal(code)
    n = check_integer(n, "n, the largest heap", least=0)
    return _plan(parsed, n, _check_method(method, parsed)).cost


def grundy_method(code: str | OctalCode, n: int) -> str:
    """The method :func:`grundy_values` uses for heaps ``0..n``: ``"plain"`` or ``"sparse"``.

    Parameters
    ----------
    code : str or OctalCode
        The octal code.
    n : int
        Largest heap, ``>= 0``.

    Returns
    -------
    str
        ``"sparse"`` when the sparse-space method is estimated faster (its
        values for the first heaps may already be kept), else ``"plain"``
        (every option visited): codes without splits, small ``n``, and codes
        without sparse space.

    Raises
    ------
    TypeError, ValueError
        As :func:`grundy_cost`.
    """
    parsed = parse_octal(code)
    n = check_integer(n, "n, the largest heap", least=0)
    method = _plan(parsed, n).method
    return "plain" if method == "plain" else "sparse"


def _sparse_worst_seconds(parsed: OctalCode, n: int) -> float:
    """Seconds of the sparse-space method for heaps 1..n if every heap were rare (an upper bound).

    Heap ``h`` then visits at most ``h`` splits with a rare heap and ``h / 2``
    in its witness scan, per digit with the bit 4.
    """
    try:
        return 0.75 * _split_digits(parsed) * float(n) ** 2 * _SPARSE_SECONDS_PER_STEP + n * _SPARSE_SECONDS_PER_HEAP
    except OverflowError:
        return math.inf


def _sparse_from_start_cost(parsed: OctalCode, n: int) -> Cost:
    """The estimate of :func:`sparse_space` (the sparse-space method from heap 1)."""
    seconds = _sparse_worst_seconds(parsed, n)
    if n > 1 << SPARSE_PROFILE_TOP and _plain_cost(parsed, n).seconds > SPARSE_MIN_SECONDS:
        profile = _profile(parsed.text, _profile_level(parsed, n))
        if profile.sparse:
            below = min(_sparse_worst_seconds(parsed, profile.heaps), _plain_cost(parsed, profile.heaps).seconds)
            seconds = min(seconds, below + _sparse_seconds(profile, _split_digits(parsed), n))
    return Cost(
        seconds,
        (n + 1) * _SPARSE_BYTES_PER_HEAP,
        f"the Grundy values of {parsed.text} for heaps 0..{format_count(n)} by the sparse-space method",
    )


def _largest_affordable_n(parsed: OctalCode, max_seconds: float, method: str = "auto") -> int:
    """The largest n whose estimated cost is within the limits (bisection on the estimate)."""

    def fits(n: int) -> bool:
        return costs.within_limits(_plan(parsed, n, method).cost, max_seconds=max_seconds)

    lo, hi = 0, 1
    while fits(hi):
        lo, hi = hi, 2 * hi
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid
    return lo


def _check_method(method: object, parsed: OctalCode) -> str:
    if not isinstance(method, str) or method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(map(repr, METHODS))}, got {method!r:.40}")
    if method == "sparse" and not parsed.splits:
        raise ValueError(f"the sparse-space method is for codes that split heaps; {parsed.text} never does")
    return method


def grundy_values(
    code: str | OctalCode, n: int, *, max_seconds: float | None = None, method: str = "auto"
) -> np.ndarray:
    """Grundy values of the heaps ``0..n`` of an octal game.

    Parameters
    ----------
    code : str or OctalCode
        The octal code, e.g. ``"0.137"`` (see :func:`parse_octal`).
    n : int
        Largest heap, ``>= 0``.
    max_seconds : float, optional
        Refuse work estimated above this many seconds (default
        ``config.IMPARTIAL_MAX_SECONDS``, 60).
    method : {"auto", "plain", "sparse"}, optional
        ``"plain"``: visit every option (the reference); ``"sparse"``: the
        sparse-space method (codes with splits only; from heap 1 up to
        2**16 heaps, beyond that from the first heaps kept for the code,
        whose first 4,096 the plain kernel computes); ``"auto"`` (default):
        the one estimated faster (:func:`grundy_method`).  The values are the
        same.

    Returns
    -------
    numpy.ndarray
        int64, shape ``(n + 1,)``: entry ``h`` is ``G(h)``, the mex of the
        values of the options of a heap of ``h`` tokens (an option of two
        heaps has the XOR of their values).  ``G(0) = 0``.

    Raises
    ------
    TypeError
        If ``n`` is not an integer or ``code`` not a string.
    ValueError
        If ``n < 0``, the code is invalid, ``method`` is unknown or
        ``"sparse"`` for a code without splits, or the estimated work
        (:func:`grundy_cost`) is beyond ``max_seconds`` or the memory this
        machine can give (:func:`solver.costs.check_cost`); the message gives
        the estimate and the largest ``n`` within the limits.

    Notes
    -----
    Definition: Sprague–Grundy theory, Berlekamp, Conway and Guy, *Winning
    Ways*, chapter 4.  The plain kernel makes one pass over the heaps; heap
    ``h`` visits each two-heap option ``a + b = h - k`` once, with ``a <=
    b``.  The sparse-space method (*Winning Ways*, chapter 4, "Sparse Space
    Spells Speed"; :mod:`solver.impartial.sparse`) visits the options with a
    rare heap and scans the others only until every rare value below the
    least missing common value has an option.
    """
    parsed = parse_octal(code)
    n = check_integer(n, "n, the largest heap", least=0)
    method = _check_method(method, parsed)
    if method == "sparse" and n > MAX_SPARSE_N:
        raise ValueError(f"the sparse-space method reaches heap {MAX_SPARSE_N:,} at most; reduce n")
    plan = _plan(parsed, n, method)
    limit = seconds_limit(max_seconds)
    if not costs.within_limits(plan.cost, max_seconds=limit):
        check_work(plan.cost, f"reduce n to at most {_largest_affordable_n(parsed, limit, method):,}", limit)
    if plan.method == "plain":
        return _plain_values(parsed, n)
    if plan.method == "start":
        return sparse_grundy(np.array(parsed.digits, dtype=np.int64), np.zeros(1, np.int64), n)[0]
    assert plan.profile is not None
    if plan.method == "kept":
        return plan.profile.values[: n + 1].astype(np.int64)
    return sparse_grundy(np.array(parsed.digits, dtype=np.int64), plan.profile.values, n)[0]


def sparse_space(
    code: str | OctalCode, n: int, *, mask: int | None = None, max_seconds: float | None = None
) -> tuple[np.ndarray, SparseStats]:
    """The Grundy values of heaps ``0..n`` by the sparse-space method from heap 1, with what it did.

    Parameters
    ----------
    code : str or OctalCode
        An octal code with splits (a digit with the bit 4).
    n : int
        Largest heap, ``0 <= n < 2**31 - 1``.
    mask : int, optional
        Use this mask (``>= 1``) for every heap; default: the mask that makes
        the fewest heaps rare so far, chosen again as the values grow
        (:func:`solver.impartial.sparse.best_mask`).  The values are exact
        for any mask.
    max_seconds : float, optional
        Time limit (default ``config.IMPARTIAL_MAX_SECONDS``).

    Returns
    -------
    values : numpy.ndarray
        int64, shape ``(n + 1,)``, as :func:`grundy_values`.
    stats : solver.impartial.sparse.SparseStats
        The masks used, the rare heaps (their number, the last one) and the
        splits visited.

    Raises
    ------
    TypeError
        If ``n`` or ``mask`` is not an integer or ``code`` not a string.
    ValueError
        If the code never splits a heap, ``n`` or ``mask`` is out of range,
        or the work is beyond the limits (estimated as :func:`grundy_cost`
        does with the method ``"sparse"``).

    Notes
    -----
    *Winning Ways*, chapter 4, "Sparse Space Spells Speed";
    :mod:`solver.impartial.sparse` describes the method.  Unlike
    :func:`grundy_values` it starts from heap 1 (not from values kept), so
    that every heap goes through the method: for tests and the benchmark.
    """
    parsed = parse_octal(code)
    n = check_integer(n, "n, the largest heap", least=0, most=MAX_SPARSE_N)
    if mask is not None:
        mask = check_integer(mask, "the mask", least=1, most=(1 << 62) - 1)
    if not parsed.splits:
        raise ValueError(f"the sparse-space method is for codes that split heaps; {parsed.text} never does")
    limit = seconds_limit(max_seconds)
    check_work(_sparse_from_start_cost(parsed, n), "choose a smaller n", limit)
    return sparse_grundy(np.array(parsed.digits, dtype=np.int64), np.zeros(1, np.int64), n, mask=mask)


# ---------------------------------------------------------------------------
# Periodicity
# ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Periodicity:
    """Result of :func:`periodicity`.

    Attributes
    ----------
    period : int or None
        The smallest ``p >= 1`` with ``G(h + p) = G(h)`` for every heap
        ``h >= preperiod`` (proved), or the best candidate seen in the
        values computed (not proved), or None when no candidate fits.
    preperiod : int or None
        The smallest ``e >= 0`` with ``G(h + period) = G(h)`` for every
        ``h >= e``: the last heap that breaks the period is ``e - 1``
        (Kayles ``0.77``: period 12, preperiod 71, last exception at 70).
    proved : bool
        True when the Octal Games Periodicity Theorem proves the period and
        preperiod for every heap size, not only the computed ones.
    checked_to : int
        The largest heap whose Grundy value was computed and compared.
    """

    period: int | None
    preperiod: int | None
    proved: bool
    checked_to: int


@numba.njit(cache=True)
def _find_period(g: np.ndarray, top: int) -> tuple[int, int]:  # pragma: no cover - numba
    """Smallest proved (period, preperiod) of values g[0..N], or (0, 0) (numba; unchecked).

    For each p ascending, the preperiod seen in the data is one more than the
    last i with g[i] != g[i + p]; p is proved when the data cover
    2 * max(e, 1) + 2p + top - 1 (the theorem's range plus one period).
    """
    last = g.shape[0] - 1
    for p in range(1, last + 1):
        # the proof needs last >= 2 * max(e, 1) + 2 * p + top - 1 with e >= 0
        if 2 + 2 * p + top - 1 > last:
            break
        e = 0
        for i in range(last - p, -1, -1):
            if g[i] != g[i + p]:
                e = i + 1
                break
        if 2 * max(e, 1) + 2 * p + top - 1 <= last:
            return p, e
    return 0, 0


@numba.njit(cache=True)
def _candidate_period(g: np.ndarray, repeats: int) -> tuple[int, int]:  # pragma: no cover - numba
    """Smallest p whose data tail after its preperiod holds ``repeats`` periods, or (0, 0) (numba; unchecked)."""
    last = g.shape[0] - 1
    for p in range(1, last + 1):
        if repeats * p > last + 1:
            break
        e = 0
        for i in range(last - p, -1, -1):
            if g[i] != g[i + p]:
                e = i + 1
                break
        if last + 1 - e >= repeats * p:
            return p, e
    return 0, 0


def _periodicity_of(values: np.ndarray, parsed: OctalCode) -> Periodicity:
    last = values.shape[0] - 1
    p, e = _find_period(values, parsed.max_removal)
    if p:
        return Periodicity(period=p, preperiod=e, proved=True, checked_to=last)
    p, e = _candidate_period(values, 3)
    if p:
        return Periodicity(period=p, preperiod=e, proved=False, checked_to=last)
    return Periodicity(period=None, preperiod=None, proved=False, checked_to=last)


def periodicity(code: str | OctalCode, n: int | None = None, *, max_n: int = PERIODICITY_MAX_N) -> Periodicity:
    """Find the period and preperiod of the Grundy values of an octal game, proved when possible.

    Parameters
    ----------
    code : str or OctalCode
        The octal code (see :func:`parse_octal`).
    n : int, optional
        Compute the values of heaps ``0..n`` only.  Default: start at 256
        and double until the period is proved, ``max_n`` is reached, or the
        next doubling is estimated above 10 s (:func:`grundy_cost`).
    max_n : int, optional
        Largest heap computed when ``n`` is None (default ``2**16``).

    Returns
    -------
    Periodicity
        ``proved`` is True when the period is certain for all heaps.
        Otherwise ``period`` and ``preperiod`` are the smallest ``p`` (and
        its preperiod) whose repetition covers at least 3 whole periods at
        the end of the computed values (a guess), or None.

    Raises
    ------
    TypeError
        If ``n`` or ``max_n`` is not an integer or ``code`` not a string.
    ValueError
        If ``n`` or ``max_n`` is below 1, the code is invalid, or the work
        for ``n`` (or ``max_n``) is beyond the limits of :func:`grundy_values`.

    Notes
    -----
    Octal Games Periodicity Theorem (Guy and Smith 1956; *Winning Ways*,
    chapter 4): if the last nonzero digit of the code is ``d_k`` and
    ``G(h + p) = G(h)`` for every ``h`` with ``e <= h < 2e + p + k``, then
    ``G(h + p) = G(h)`` for every ``h >= e``.  The check uses
    ``max(e, 1)`` for ``e``: with ``e = 0`` the induction of the proof would
    pair a split ``(p, p)`` with a "heap" of size 0.  So the period is
    proved once the values reach heap ``2 max(e, 1) + 2p + k - 1``.  The
    smallest period proved is the true smallest period, and its preperiod
    is exact (every period of an ultimately periodic sequence has the same
    least preperiod).
    """
    parsed = parse_octal(code)
    if n is not None:
        n = check_integer(n, "n, the largest heap", least=1)
        return _periodicity_of(grundy_values(parsed, n), parsed)
    max_n = check_integer(max_n, "max_n, the largest heap", least=1)
    size = min(256, max_n)
    while True:
        result = _periodicity_of(grundy_values(parsed, size), parsed)
        if result.proved or size >= max_n:
            return result
        following = min(2 * size, max_n)
        if grundy_cost(parsed, following).seconds > PERIODICITY_STEP_SECONDS:
            return result
        size = following


# ---------------------------------------------------------------------------
# P-positions, equivalence classes and sums
# ---------------------------------------------------------------------------


def p_positions(code: str | OctalCode, n: int) -> np.ndarray:
    """The one-heap P-positions ``1 <= h <= n``: heaps of Grundy value 0.

    Parameters
    ----------
    code : str or OctalCode
        The octal code.
    n : int
        Largest heap, ``>= 0``.

    Returns
    -------
    numpy.ndarray
        int64, shape ``(m,)``, increasing.  The empty position (heap 0) is
        left out, as in "The Independence Game" (C. Wright, 2017), whose
        list of ``0.137`` starts 4, 8, 14 and names ``()`` separately.

    Raises
    ------
    TypeError, ValueError
        As :func:`grundy_values`.
    """
    values = grundy_values(code, n)
    return np.flatnonzero(values[1:] == 0).astype(np.int64) + 1


def two_heap_p_positions(code: str | OctalCode, n: int, *, irreducible: bool = False) -> np.ndarray:
    """The two-heap P-positions ``(a, b)``, ``1 <= a <= b <= n``: ``G(a) = G(b)``.

    Parameters
    ----------
    code : str or OctalCode
        The octal code.
    n : int
        Largest heap, ``>= 0``.
    irreducible : bool, optional
        Keep only the pairs that "The Independence Game" (C. Wright, 2017)
        lists as its irreducible two-heap P-positions: ``G(a) = G(b) != 0``
        (else ``(a)`` and ``(b)`` are P-positions and ``(a, b)`` is their
        sum, reducible) and ``a < b`` (the source names the pairs ``(a, a)``,
        P-positions by the mirror strategy, separately).

    Returns
    -------
    numpy.ndarray
        int64, shape ``(m, 2)``, rows ``(a, b)`` ordered by the number of
        tokens ``a + b``, then by ``a`` (the order of the source).

    Raises
    ------
    TypeError
        If ``n`` is not an integer or ``code`` not a string.
    ValueError
        As :func:`grundy_values`, or when there would be more than 10**7 pairs.

    Notes
    -----
    A position is a P-position exactly when the XOR of the Grundy values of
    its heaps is 0 (Sprague–Grundy); for two heaps, when the values are equal.
    """
    return pairs_of_equal_values(grundy_values(code, n), irreducible=irreducible)


def pairs_of_equal_values(values: np.ndarray, *, irreducible: bool = False) -> np.ndarray:
    """The two-heap P-positions ``(a, b)``, ``1 <= a <= b <= n``, of any heap game, from its heaps' values.

    Parameters
    ----------
    values : numpy.ndarray
        int64, shape ``(n + 1,)``: the Grundy values of the heaps ``0..n``
        (:meth:`HeapGame.grundy_sequence`).
    irreducible : bool, optional
        As :func:`two_heap_p_positions`.

    Returns
    -------
    numpy.ndarray
        int64, shape ``(m, 2)``: the pairs with ``G(a) = G(b)`` (two heaps
        are a P-position exactly then, Sprague–Grundy), ordered by ``a + b``,
        then by ``a``.

    Raises
    ------
    ValueError
        When there would be more than :data:`MAX_PAIRS` pairs.
    """
    values = np.asarray(values, dtype=np.int64)
    n = values.shape[0] - 1
    values = values[1:]
    counts = np.bincount(values) if values.shape[0] else np.zeros(0, np.int64)
    total = int((counts * (counts + 1) // 2).sum())
    if total > MAX_PAIRS:
        raise ValueError(
            f"there are {total:,} two-heap P-positions with heaps up to {n:,}, more than {MAX_PAIRS:,}; reduce n"
        )
    heaps = np.arange(1, n + 1, dtype=np.int64)
    chunks = []
    for value in np.flatnonzero(counts):
        if irreducible and value == 0:
            continue
        members = heaps[values == value]
        a, b = np.triu_indices(members.shape[0], k=1 if irreducible else 0)
        chunks.append(np.stack([members[a], members[b]], axis=1))
    if not chunks:
        return np.zeros((0, 2), dtype=np.int64)
    pairs = np.concatenate(chunks)
    order = np.lexsort((pairs[:, 0], pairs[:, 0] + pairs[:, 1]))
    return pairs[order]


def equivalence_classes(code: str | OctalCode, n: int) -> dict[int, np.ndarray]:
    """Group the heap sizes ``0..n`` by Grundy value.

    Parameters
    ----------
    code : str or OctalCode
        The octal code.
    n : int
        Largest heap, ``>= 0``.

    Returns
    -------
    dict of int to numpy.ndarray
        Grundy value -> the heaps with that value (int64, increasing), for
        each value that occurs, by increasing value.  Heaps of one class are
        interchangeable in any position: ``(a, b)`` is a P-position exactly
        when ``a`` and ``b`` are in one class (the classes of "The
        Independence Game", C. Wright, 2017; the class of value 0 holds the
        empty heap 0 and the one-heap P-positions).

    Raises
    ------
    TypeError, ValueError
        As :func:`grundy_values`.
    """
    return classes_of_values(grundy_values(code, n))


def classes_of_values(values: np.ndarray) -> dict[int, np.ndarray]:
    """Group the heaps ``0..n`` of any heap game by Grundy value (:func:`equivalence_classes` from the values).

    Parameters
    ----------
    values : numpy.ndarray
        int64, shape ``(n + 1,)``: the Grundy values of the heaps ``0..n``.

    Returns
    -------
    dict of int to numpy.ndarray
        Grundy value -> the heaps with that value (int64, increasing), by
        increasing value.
    """
    values = np.asarray(values, dtype=np.int64)
    order = np.argsort(values, kind="stable")
    distinct, starts = np.unique(values[order], return_index=True)
    groups = np.split(order.astype(np.int64), starts[1:])
    return {int(v): group for v, group in zip(distinct, groups, strict=True)}


def _check_heaps(heaps: Iterable[int]) -> tuple[int, ...]:
    if isinstance(heaps, (str, bytes)) or not isinstance(heaps, Iterable):
        raise TypeError(f"the heaps must be a sequence of integers, got {heaps!r}")
    return tuple(check_integer(h, "a heap size", least=0) for h in heaps)


def sum_value(code: str | OctalCode, heaps: Iterable[int]) -> int:
    """The Grundy value of a position of several heaps: the XOR of their values.

    Parameters
    ----------
    code : str or OctalCode
        The octal code.
    heaps : iterable of int
        Heap sizes, each ``>= 0`` (any order; 0 is no heap; empty: the empty
        position, value 0).

    Returns
    -------
    int
        The value; the position is a P-position exactly when it is 0.

    Raises
    ------
    TypeError
        If ``heaps`` is not an iterable of integers or ``code`` not a string.
    ValueError
        If a heap is negative, or as :func:`grundy_values` for the largest heap.

    Notes
    -----
    Sprague–Grundy theorem (*Winning Ways*, chapter 4).
    """
    parsed = parse_octal(code)
    sizes = _check_heaps(heaps)
    if not sizes:
        return 0
    values = grundy_values(parsed, max(sizes))
    return int(np.bitwise_xor.reduce(values[list(sizes)]))


@dataclasses.dataclass(frozen=True)
class SumMove:
    """One move of :func:`sum_moves`.

    Attributes
    ----------
    heap : int
        The size of the heap moved in.
    result : tuple of int
        What the move leaves in its place: ``()``, ``(h,)`` or ``(a, b)``
        (as :meth:`OctalCode.moves`).
    position : tuple of int
        The whole position after the move: the nonempty heaps, increasing.
    value : int
        Its Grundy value; 0 means the move is winning (to a P-position).
    """

    heap: int
    result: tuple[int, ...]
    position: tuple[int, ...]
    value: int


def sum_moves(code: str | OctalCode, heaps: Iterable[int]) -> list[SumMove]:
    """Every move from a position of several heaps, with the resulting position and its value.

    Parameters
    ----------
    code : str or OctalCode
        The octal code.
    heaps : iterable of int
        Heap sizes, each ``>= 0``; a multiset: equal heaps give the same
        moves, listed once; heaps of size 0 are no heaps.

    Returns
    -------
    list of SumMove
        By increasing heap moved in, then in the order of
        :meth:`OctalCode.moves`.  Empty when no move is possible (the player
        to move loses).

    Raises
    ------
    TypeError
        If ``heaps`` is not an iterable of integers or ``code`` not a string.
    ValueError
        If a heap is negative or above 10**6 for a code that splits heaps,
        or as :func:`grundy_values` for the largest heap.
    """
    parsed = parse_octal(code)
    sizes = sorted(h for h in _check_heaps(heaps) if h > 0)
    if not sizes:
        return []
    values = grundy_values(parsed, sizes[-1])
    total = 0
    for h in sizes:
        total ^= int(values[h])
    moves = []
    for heap in sorted(set(sizes)):
        rest = list(sizes)
        rest.remove(heap)
        for result in parsed.moves(heap):
            value = total ^ int(values[heap])
            for h in result:
                value ^= int(values[h])
            moves.append(SumMove(heap, result, tuple(sorted(rest + list(result))), value))
    return moves


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
