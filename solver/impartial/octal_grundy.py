"""Grundy values of the heaps of an octal game: the plain numba kernel or the sparse-space method.

The sparse-space method is taken when it is estimated faster.

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

:func:`grundy_method` says which method :func:`grundy_values` takes (the
plain kernel here, or :mod:`solver.impartial.sparse`), :func:`grundy_cost`
estimates it first.  On a fresh install, while the kernels are neither
compiled nor in numba's cache, the same values come from numpy
(:mod:`solver.impartial.octal_numpy`) up to its limits.
"""

from __future__ import annotations

import dataclasses
import functools
import math

import numba
import numpy as np

from .. import costs
from ..costs import Cost
from ..text import format_count
from ..uncompiled import choose, kernel_wanted
from ..validation import check_integer
from .game import check_work, seconds_limit
from .octal_codes import OctalCode, parse_octal
from .octal_numpy import NUMPY_MAX_SPLITS, plain_numpy
from .sparse import SparseStats, best_mask, rare_mask, sparse_grundy, sparse_kernel_wanted

__all__ = [
    "grundy_cost",
    "grundy_values",
    "grundy_method",
    "sparse_space",
    "METHODS",
]


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


#: Most two-heap options (:func:`_split_count`) the plain kernel's Python twin visits while the kernel is not
#: compiled (:func:`solver.uncompiled.choose`): heaps up to about 200 of one digit with the bit 4, a few
#: milliseconds in Python (0.6 µs an option); beyond, numpy takes every heap's options at once (5 µs a heap).
PYTHON_MAX_SPLITS = 10_000


def _plain_values(parsed: OctalCode, n: int) -> np.ndarray:
    """The plain kernel, unchecked; while it is not compiled, its twin up to :data:`PYTHON_MAX_SPLITS`, then numpy.

    In numpy (:func:`solver.impartial.octal_numpy.plain_numpy`) up to
    :data:`~solver.impartial.octal_numpy.NUMPY_MAX_SPLITS` two-heap options.
    """
    seen_size = 1 << _max_options(parsed, n).bit_length()
    args = (np.array(parsed.digits, dtype=np.int64), n, seen_size)
    splits = _split_count(parsed, n)
    small = splits <= PYTHON_MAX_SPLITS
    if not small and splits <= NUMPY_MAX_SPLITS and not kernel_wanted(_grundy_kernel, args):
        return plain_numpy(args[0], n)
    return choose(_grundy_kernel, args, small=small)(*args)


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
    if plan.method != "kept" and _split_count(parsed, n) <= NUMPY_MAX_SPLITS and not sparse_kernel_wanted():
        # a fresh install: every option in numpy (the same values) while the sparse-space kernel compiles
        return plain_numpy(
            np.array(parsed.digits, dtype=np.int64), n, None if plan.profile is None else plan.profile.values
        )
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
