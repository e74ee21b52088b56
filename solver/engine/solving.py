"""Solving a game to a bound: which engine, what it costs, and the checks before it starts.

:func:`solve` classifies every position ``0..B`` of a rule as W, L, D or U
with its remoteness, soundly for the infinite game (``docs/mathematics.md``
section 3).  Each rule names its engine (:attr:`solver.games.Rule.engine`);
this module maps the name to the solver:

=====================  =================================================  ====================================
engine                 method                                             module
=====================  =================================================  ====================================
``put-or-take``        the small game, then one descending sweep; by      :mod:`solver.engine.put_or_take`,
                       rounds where take children can be large            :mod:`solver.engine.rounds`
``subtract``           one ascending pass (loop-free, exact)              :mod:`solver.engine.subtract`
``square-but-one``     queue retrograde analysis on ``0..B``              :mod:`solver.engine.square_but_one`
=====================  =================================================  ====================================

:func:`solve` solves a rule the way it asks (Put-or-Take-a-Square at one byte
per position, out of core when memory is short); :func:`solve_rule` is the
general path for every rule, Put-or-Take-a-Square included, which keeps a
lower bound per position and so certifies more remoteness values exact (the
tests check the two against each other).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import numpy as np

from .. import config
from ..errors import BoundTooLargeError
from ..games import ENGINE_PUT_OR_TAKE, ENGINE_SQUARE_BUT_ONE, ENGINE_SUBTRACT, SEQUENCES, Rule, get_rule
from ..text import format_bytes, format_count
from ..validation import check_integer
from . import budget
from .codes import CLASS_U, CLASS_UW, MAX_REMOTENESS, pack
from .codes import fits as codes_fit
from .put_or_take import SMALL_GAME_SHARE, chain_nodes_estimate, small_game_limit, sweep_all
from .rounds import solve_by_rounds
from .small_game import BYTES_PER_NODE, solve_small_game
from .solution import Solution
from .square_but_one import solve_square_but_one
from .subtract import cold_positions, solve_subtract

__all__ = [
    "solve",
    "solve_rule",
    "check_bound",
    "check_rule_bound",
    "estimate_solve_bytes",
    "estimate_solve_seconds",
    "estimate_rule_bytes",
    "estimate_rule_seconds",
    "cold_positions",
    "warm_up",
    "MAX_BOUND",
    "MAX_ONE_BYTE_BOUND",
    "SQUARE_BUT_ONE_NOTE",
]

#: Largest bound of a solve that keeps a lower bound per position: children up
#: to ``2 B`` must fit in ``int64``.
MAX_BOUND = 1 << 61
#: Largest bound of a one-byte solve (Put-or-Take-a-Square; exact roots below 2**62).
MAX_ONE_BYTE_BOUND = 1 << 62

#: What the analysis certifies for Square-But-One, against its source's claim.
SQUARE_BUT_ONE_NOTE = (
    "The source says that after 0 and 5 (L), the squares and 5 + k² (W), all remaining numbers are draws. "
    "The analysis certifies exactly that for every position below the bound (checked up to 1,000,000): "
    "L = {0, 5}, W = the squares and 5 + k², every other position a certified draw. "
    "Only the bound itself can stay unresolved, when it may add one and no take reaches an L-position."
)


# ---------------------------------------------------------------------------
# Estimates
# ---------------------------------------------------------------------------

# Calibration (benchmarks/family_solve.py and timings of solve_rule with warm
# kernels, load average 3 to 5 on the 2-core machine): put-or-take at 1e7 and
# 1e8 took 0.3-3.1 s per 1e8 positions except powers of 3 (rounds and 14-21
# lower-bound sweeps: 10-16 s at 1e8); subtract-a-square 0.06 s at 1e6, 1.9 s
# at 1e7 and 9.2 s at 3e7 (cold positions times square roots, cache misses: about
# B**1.2); Square-But-One 0.09-0.17 s at 1e6 and 0.6-1.3 s at 4e6.  Rounded up.
#: Put-or-take: seconds per position, by sequence (default for the others).
_PUT_OR_TAKE_SECONDS = {"power of 3": 170e-9}
_PUT_OR_TAKE_SECONDS_DEFAULT = 30e-9
#: Subtract-a-square: seconds per unit of B**1.2.
_SUBTRACT_SECONDS_PER_B12 = 1.1e-8
#: Square-But-One: seconds per position (the queue's parent visits).
_SBO_SECONDS_PER_POSITION = 350e-9
_FIXED_SECONDS = 0.5
#: A one-byte solve through the disk cache: seconds per position (19 ns
#: measured at 10**9, the cache's checksums included) and fixed (loading the
#: compiled kernels, opening the cache).
ONE_BYTE_SECONDS_PER_POSITION = 20e-9
ONE_BYTE_SECONDS_FIXED = 0.5


def _checked(rule: object, bound: object) -> tuple[Rule, int]:
    return get_rule(rule), check_integer(bound, "the bound", least=1)


def _one_byte_bytes(bound: int, on_disk: bool) -> int:
    # Exact integer arithmetic: the bound may be far beyond int64.  The small
    # game holds about 2 isqrt(2 B) positions and their chains.
    m = 2 * math.isqrt(2 * bound) + 2
    small = m * max(1, bound.bit_length()) * BYTES_PER_NODE
    return (0 if on_disk else config.BYTES_PER_POSITION * (bound + 1)) + small


def estimate_rule_bytes(rule: Rule | str, bound: int) -> int:
    """Estimate the peak memory of :func:`solve_rule` for ``rule`` at ``bound``.

    Parameters
    ----------
    rule : Rule or str
        A rule of :data:`solver.games.RULES` or its name.
    bound : int
        The bound ``B >= 1`` (any size; exact integer arithmetic).

    Returns
    -------
    int
        Bytes.  Put-or-take: the members of X up to ``2 B`` (8 bytes each)
        and the larger of the phases: the codes and a kept lower bound (2
        bytes per position) with the small game (about
        ``M + (M / 2) log2(B / M)`` nodes of 60 bytes, ``M`` the largest gap
        of X below ``2 B``; squares, cubes, triangular numbers, primes), or
        the wide outputs (3 bytes per position) and their codes (1 more)
        with the round lists (1 byte per position) and the members' order
        and its sort (28 bytes per member up to ``B``; the other sequences),
        or with the possibility bits or the lower bounds (1 byte a position
        each, one after the other); the prime sieve (1 byte per
        number up to ``2 B``).  The others: the outputs, 3 bytes per
        position, and their one-byte packing (:mod:`solver.engine.codes`), 1
        more; nothing else for subtract-a-square; for Square-But-One a
        counter (int32), possibility bits (uint8) and two queue entries
        (int64) per position, 21 more bytes.

    Raises
    ------
    TypeError
        If ``rule`` is not a Rule or str, or ``bound`` not an integer.
    ValueError
        If there is no such rule or ``bound < 1``.
    """
    rule, bound = _checked(rule, bound)
    out = (config.WIDE_BYTES_PER_POSITION + config.BYTES_PER_POSITION) * (bound + 1)
    if rule.engine == ENGINE_PUT_OR_TAKE:
        sequence = SEQUENCES[rule.sequence]
        members = 8 * sequence.count(2 * bound)
        if sequence.largest_gap is not None:
            # The small game, then the sweep into the codes with a kept lower
            # bound per position (2 bytes a position).
            m = min(bound, sequence.largest_gap(2 * bound))
            phases = [2 * (bound + 1) + BYTES_PER_NODE * chain_nodes_estimate(m, bound)]
        else:
            # Rounds: the wide outputs and their codes, with the round lists
            # and the members' order, then the possibility bits, then the
            # lower bounds (one byte a position each, one at a time).
            lists = 2 * 8 * ((bound + 1) // 16 + 1024)
            phases = [out + lists + 28 * sequence.count(bound), out + (bound + 1)]
        if rule.sequence == "prime":
            phases.append(2 * bound + 1)
        return members + max(phases) + (1 << 16)
    if rule.engine == ENGINE_SQUARE_BUT_ONE:
        return out + 21 * (bound + 1) + (1 << 16)
    return out + (1 << 16)


def estimate_rule_seconds(rule: Rule | str, bound: int) -> float:
    """Roughly estimate the seconds :func:`solve_rule` takes on this machine.

    Parameters
    ----------
    rule : Rule or str
        A rule of :data:`solver.games.RULES` or its name.
    bound : int
        The bound ``B >= 1``, any size.

    Returns
    -------
    float
        Seconds (``math.inf`` when too large for a float): a fixed 0.5 s plus
        a per-position figure measured with warm kernels at bounds ``1e6`` to
        ``1e8`` (rounded up: 30 ns per position for put-or-take, 170 ns for
        powers of 3, 350 ns for Square-But-One), or ``1.1e-8 * B**1.2`` for
        subtract-a-square (cold positions times square roots).  An estimate
        for refusing work that is clearly too large, not a prediction.

    Raises
    ------
    TypeError
        If ``rule`` is not a Rule or str, or ``bound`` not an integer.
    ValueError
        If there is no such rule or ``bound < 1``.
    """
    rule, bound = _checked(rule, bound)
    if bound > 2**900:
        return math.inf
    b = float(bound)
    if rule.engine == ENGINE_PUT_OR_TAKE:
        return _FIXED_SECONDS + _PUT_OR_TAKE_SECONDS.get(rule.sequence, _PUT_OR_TAKE_SECONDS_DEFAULT) * b
    if rule.engine == ENGINE_SUBTRACT:
        return _FIXED_SECONDS + _SUBTRACT_SECONDS_PER_B12 * b**1.2
    return _FIXED_SECONDS + _SBO_SECONDS_PER_POSITION * b


def estimate_solve_bytes(bound: int, rule: Rule | str | None = None, *, on_disk: bool = False) -> int:
    """Estimate the peak memory of :func:`solve` to ``bound``.

    Parameters
    ----------
    bound : int
        The bound ``B >= 1``.
    rule : Rule or str, optional
        The game (:mod:`solver.games`); default Put-or-Take-a-Square.
    on_disk : bool, optional
        The result is written to memory-mapped files (an out-of-core solve
        into the cache, one-byte rules only): count only the small game.

    Returns
    -------
    int
        Bytes.  A one-byte rule (Put-or-Take-a-Square): the result codes
        (``config.BYTES_PER_POSITION``, 1 byte per position; not with
        ``on_disk``) plus the small game's node arrays (about
        ``2 isqrt(2 B) log2 B`` nodes, about 60 bytes each); the others
        :func:`estimate_rule_bytes`.

    Raises
    ------
    TypeError
        If ``bound`` is not an integer.
    ValueError
        If ``bound < 1``.
    """
    found, bound = _checked(rule, bound)
    if found.one_byte:
        return _one_byte_bytes(bound, on_disk)
    return estimate_rule_bytes(found, bound)


def estimate_solve_seconds(bound: int, rule: Rule | str | None = None) -> float:
    """Estimate the seconds of a solve to ``bound`` through the disk cache (:func:`solver.costs.solve_cost`).

    A one-byte rule: 20 ns per position plus 0.5 s (opening a cached entry is
    faster; this is the cost of solving it); the others
    :func:`estimate_rule_seconds`.  ``math.inf`` beyond the float range.
    """
    found, bound = _checked(rule, bound)
    if not found.one_byte:
        return estimate_rule_seconds(found, bound)
    try:
        return ONE_BYTE_SECONDS_FIXED + float(bound + 1) * ONE_BYTE_SECONDS_PER_POSITION
    except OverflowError:
        return math.inf


# ---------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------


def check_bound(bound: int, rule: Rule | str | None = None, *, on_disk: bool = False) -> int:
    """Validate a bound and make sure this machine can solve to it.

    Parameters
    ----------
    bound : int
        The bound ``B``; positions ``0..B`` are classified.
    rule : Rule or str, optional
        The game (:mod:`solver.games`); default Put-or-Take-a-Square.
    on_disk : bool, optional
        The result goes to memory-mapped files, so only the small game must
        fit in memory (one-byte rules; the caller checks the disk, as
        :func:`solver.store.solve_cached` does).

    Returns
    -------
    int
        ``bound`` as a Python int.

    Raises
    ------
    TypeError
        If ``bound`` is not an integer.
    ValueError
        If ``bound < 1``.
    BoundTooLargeError
        If the bound is beyond what the solver indexes (``2**62``; ``2**61``
        for the rules that keep lower bounds), or the estimated memory
        (:func:`estimate_solve_bytes`) exceeds ``config.MEMORY_FRACTION`` of
        the memory available now; the message gives both figures.
    """
    found, bound = _checked(rule, bound)
    if not found.one_byte:
        return check_rule_bound(found, bound)
    # Messages go through solver.text's formatting: a bound of 10**400 must not
    # overflow a float or print 400 digits.
    if bound > MAX_ONE_BYTE_BOUND:
        raise BoundTooLargeError(
            f"bound {format_count(bound)} is beyond what this solver can index (2**62) and would need "
            f"{format_bytes(_one_byte_bytes(bound, False))} of memory; choose a smaller bound"
        )
    budget.check_memory(estimate_solve_bytes(bound, found, on_disk=on_disk), f"bound {format_count(bound)}")
    return bound


def check_rule_bound(rule: Rule | str, bound: int) -> int:
    """Validate a bound for ``rule`` and make sure this machine can solve it with :func:`solve_rule`.

    Parameters
    ----------
    rule : Rule or str
        A rule of :data:`solver.games.RULES` or its name.
    bound : int
        The bound ``B``; positions ``0..B`` are classified.

    Returns
    -------
    int
        ``bound`` as a Python int.

    Raises
    ------
    TypeError
        If ``bound`` is not an integer (or ``rule`` not a Rule or str).
    ValueError
        If ``bound < 1`` or there is no such rule.
    BoundTooLargeError
        If ``bound`` exceeds ``2**61`` or the estimated memory
        (:func:`estimate_rule_bytes`) exceeds ``config.MEMORY_FRACTION`` of
        the memory available now.
    """
    rule, bound = _checked(rule, bound)
    need = estimate_rule_bytes(rule, bound)
    if bound > MAX_BOUND:
        raise BoundTooLargeError(
            f"bound {format_count(bound)} is beyond what this solver can index (2**61) and would need "
            f"{format_bytes(need)} of memory; choose a smaller bound"
        )
    budget.check_memory(need, f"{rule.title} to bound {format_count(bound)}")
    return bound


# ---------------------------------------------------------------------------
# Solving
# ---------------------------------------------------------------------------


def _allocate_in_memory(name: str, shape: tuple[int, ...], dtype: np.dtype) -> np.ndarray:
    return np.empty(shape, dtype)


Allocate = Callable[[str, tuple[int, ...], np.dtype], np.ndarray]


def _finish_wide(rule: Rule, bound: int, outcome, rem, allocate: Allocate, start: float) -> Solution:
    """Pack a solve kept as two arrays into one-byte codes when every remoteness fits, else keep it wide.

    ``outcome`` holds classes (:mod:`solver.engine.codes`).  A wide solution
    (a remoteness beyond :data:`~solver.engine.codes.MAX_REMOTENESS`, never
    seen) keeps outcomes only: its unresolved positions lose what they
    cannot be, which is sound, only less informative.
    """
    if codes_fit(outcome, rem, bool(rule.misere)):
        packed = allocate("codes", (bound + 1,), np.dtype(np.uint8))
        pack(outcome, rem, packed)
        return Solution.from_codes(bound, packed, time.perf_counter() - start, rule)
    wide_outcome = allocate("outcome", (bound + 1,), np.dtype(np.int8))
    wide_outcome[:] = np.where(outcome >= CLASS_UW, CLASS_U, outcome)
    del outcome
    wide_rem = allocate("remoteness", (bound + 1,), np.dtype(np.int16))
    wide_rem[:] = rem
    return Solution(bound, wide_outcome, wide_rem, time.perf_counter() - start, rule)


def _solve_put_or_take(
    rule: Rule,
    bound: int,
    allocate: Allocate,
    report: Callable[[float], None],
    *,
    kept: bool,
    method: str = "auto",
    parallel_min: int | None = None,
) -> Solution:
    start = time.perf_counter()
    members = rule.members(2 * bound)
    m = small_game_limit(members, bound)
    small = None
    if method == "small" or (method == "auto" and (not kept or m <= SMALL_GAME_SHARE * bound)):
        small = solve_small_game(members, bound, m)
    if small is None:
        if not kept:  # pragma: no cover - far beyond any bound this solver indexes
            raise BoundTooLargeError(
                f"at bound {format_count(bound)} remoteness could exceed {MAX_REMOTENESS}, "
                "more than the one-byte result layout holds; choose a smaller bound"
            )
        outcome = np.empty(bound + 1, np.int8)
        rem = np.empty(bound + 1, np.int16)
        solve_by_rounds(members, bound, outcome, rem, report)
        result = _finish_wide(rule, bound, outcome, rem, allocate, start)
        report(1.0)
        return result
    codes = allocate("codes", (bound + 1,), np.dtype(np.uint8))
    codes[: m + 1] = small.codes
    lam = np.empty(bound + 1 if kept else 0, np.uint8)
    if kept:
        lam[: m + 1] = small.lam
    total = bound + 1
    report((m + 1) / total)
    sweep_all(members, bound, small, codes, lam, lambda done: report(done / total), parallel_min)
    report(1.0)
    return Solution.from_codes(bound, codes, time.perf_counter() - start, rule)


def _reporter(progress: Callable[[float], None] | None) -> Callable[[float], None]:
    return (lambda f: progress(min(1.0, max(0.0, f)))) if progress else (lambda f: None)


def solve_rule(
    rule: Rule | str,
    bound: int,
    *,
    progress: Callable[[float], None] | None = None,
    allocate: Allocate | None = None,
    _method: str = "auto",
) -> Solution:
    """Classify every position ``0..bound`` of a rule of the family, soundly, keeping lower bounds.

    Parameters
    ----------
    rule : Rule or str
        A rule of :data:`solver.games.RULES` (or its name).
    bound : int
        The bound ``B >= 1``; children above it are unknown (put-or-take
        rules and the add move of Square-But-One at ``B``).
    progress : callable, optional
        Called now and then with the fraction done, a float in [0, 1], and
        with 1.0 at the end.
    allocate : callable, optional
        ``allocate(name, shape, dtype)`` returns the array to write the
        result into (for example a memory-mapped file): ``"codes"``
        (``uint8``, one byte per position, :mod:`solver.engine.codes`) when
        every remoteness fits, else ``"outcome"`` and ``"remoteness"``;
        default ``numpy.empty``.

    Returns
    -------
    Solution
        Compact when every remoteness fits (:meth:`Solution.from_codes`),
        else wide; either way ``outcome`` (int8, shape ``(B + 1,)``, codes
        U=0, W=1, L=2, D=3) and ``packed_remoteness`` (int16, shape
        ``(B + 1,)``: ``r >= 0`` exact, ``-r`` at most ``r``, -1 for D and
        U) read the same, with ``rule`` set.  For subtract-a-square (both
        forms) every position is W or L with exact remoteness; for
        Square-But-One every position below ``B`` has its true value and
        every remoteness is exact.

    Raises
    ------
    TypeError
        If ``rule`` is not a Rule or str, or ``bound`` not an integer.
    ValueError
        If there is no such rule or ``bound < 1``.
    BoundTooLargeError
        If the solve would not fit in memory (:func:`check_rule_bound`).
    OverflowError
        If a remoteness does not fit in int16 (not seen at any bound tried).

    Notes
    -----
    The methods, and why each label is true of the infinite game, are in
    ``docs/mathematics.md`` sections 3 and 7.  Raising the bound never
    changes a W, L or D label or an exact remoteness (Theorem 3.9).  The same
    call gives the same arrays on every run.  ``_method`` (tests only) forces
    the put-or-take method: ``"small"`` or ``"rounds"``; both give identical
    results.
    """
    rule, _ = _checked(rule, bound)
    bound = check_rule_bound(rule, bound)
    report = _reporter(progress)
    allocate = allocate or _allocate_in_memory
    if rule.engine == ENGINE_PUT_OR_TAKE:
        return _solve_put_or_take(rule, bound, allocate, report, kept=True, method=_method)
    start = time.perf_counter()
    outcome = np.empty(bound + 1, np.int8)
    rem = np.empty(bound + 1, np.int16)
    if rule.engine == ENGINE_SUBTRACT:
        solve_subtract(bound, bool(rule.misere), outcome, rem)
    elif rule.engine == ENGINE_SQUARE_BUT_ONE:
        solve_square_but_one(bound, int(rule.add_parity), outcome, rem)
    else:  # pragma: no cover - every engine is handled above
        raise ValueError(f"no engine named {rule.engine!r} (rule {rule.name!r})")
    result = _finish_wide(rule, bound, outcome, rem, allocate, start)
    report(1.0)
    return result


def solve(
    bound: int,
    *,
    progress: Callable[[float], None] | None = None,
    allocate: Allocate | None = None,
    rule: Rule | str | None = None,
    on_disk: bool = False,
    _parallel_min: int | None = None,
) -> Solution:
    """Classify every position ``0..bound`` soundly.

    Parameters
    ----------
    bound : int
        The bound ``B >= 1``.  The thesis uses ``B = alpha * N`` with
        ``alpha = 100`` (section 3.2).
    progress : callable, optional
        Called now and then with the fraction done, a float in [0, 1]
        (about every 16 million positions), and with 1.0 at the end.
    allocate : callable, optional
        ``allocate(name, shape, dtype)`` returns the array to write the
        result into (for example a memory-mapped file); default
        ``numpy.empty``.  A one-byte rule asks for ``"codes"`` (``uint8``,
        one byte per position, :mod:`solver.engine.codes`); other rules see
        :func:`solve_rule`.
    rule : Rule or str, optional
        The game (:mod:`solver.games`); default Put-or-Take-a-Square.
    on_disk : bool, optional
        ``allocate`` gives memory-mapped files, so the result need not fit
        in memory: the solve runs out of core, the sweep's two fronts (``n``
        and its put child near ``2 n``) moving down the files in order.
        Only the small game is checked against memory (one-byte rules).

    Returns
    -------
    Solution
        Outcome (``int8``, shape ``(B + 1,)``) and remoteness (``int16``,
        shape ``(B + 1,)``) of every position; see :class:`Solution`.  For
        Put-or-Take-a-Square it is compact: both decode one ``uint8`` code
        per position (:mod:`solver.engine.codes`), 1 byte per position in
        memory and in the cache.

    Raises
    ------
    TypeError
        If ``bound`` is not an integer.
    ValueError
        If ``bound < 1``.
    BoundTooLargeError
        If the solve would not fit in memory (see :func:`check_bound`).

    Notes
    -----
    W and L labels are those of retrograde analysis on ``0..B`` with
    children above ``B`` unknown; D marks certified draws; all else is U
    (``docs/mathematics.md`` section 3).  Raising the bound never changes a W, L or D
    label or an exact remoteness; it can lower a remoteness that was only an
    upper bound.  Time and memory are linear in ``B``.
    """
    found = get_rule(rule)
    if not found.one_byte:
        check_bound(bound, found)
        return solve_rule(found, bound, progress=progress, allocate=allocate)
    bound = check_bound(bound, found, on_disk=on_disk and allocate is not None)
    return _solve_put_or_take(
        found, bound, allocate or _allocate_in_memory, _reporter(progress), kept=False, parallel_min=_parallel_min
    )


def warm_up() -> None:
    """Compile (or load from numba's cache) every kernel with tiny solves.

    Call it once at start-up so that the first real solve, and the time it
    reports, is not charged for compilation: the one-byte sweep on one
    thread and on many, each kind of rule, both put-or-take methods, and
    :func:`cold_positions`.
    """
    solve(1_000).tally()
    solve(1_000, _parallel_min=0)
    for name in ("put-or-take-a-cube", "subtract-a-square", "square-but-one"):
        solve_rule(name, 1_000)
    solve_rule("put-or-take-a-power-of-2", 1_000, _method="rounds")
    cold_positions(1_000)
