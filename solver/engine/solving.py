"""Solving a game to a bound: the public front, and the checks and estimates before a solve.

:func:`solve` classifies every position ``0..B`` of a rule as W, L, D or U
with its remoteness, soundly for the infinite game (``docs/mathematics.md``
section 3).  The work is done by the *engine* of the rule's kind, an
:class:`~solver.engine.engines.Engine` found by the game's class
(:func:`~solver.engine.engines.engine_for`, :mod:`solver.engine.engines`);
every function here checks its arguments and asks that engine.

:func:`solve` solves a rule the way its engine does
(:meth:`Engine.solve <solver.engine.engines.Engine.solve>`); :func:`solve_rule`
runs every engine's general path
(:meth:`Engine.solve_rule <solver.engine.engines.Engine.solve_rule>`), which
for Put-or-Take-a-Square keeps a lower bound per position and so certifies
more remoteness values exact (the tests check the two against each other).
"""

from __future__ import annotations

import math
import mmap
from collections.abc import Callable

import numpy as np

from ..games import Rule, get_rule
from ..validation import check_integer
from .engines import Allocate, engine_for
from .solution import Solution
from .subtract import cold_positions

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
    "SQUARE_BUT_ONE_NOTE",
]

#: What the analysis certifies for Square-But-One, against its source's claim.
SQUARE_BUT_ONE_NOTE = (
    "The source says that after 0 and 5 (L), the squares and 5 + k² (W), all remaining numbers are draws. "
    "The analysis certifies exactly that for every position below the bound (checked up to 1,000,000): "
    "L = {0, 5}, W = the squares and 5 + k², every other position a certified draw. "
    "Only the bound itself can stay unresolved, when it may add one and no take reaches an L-position."
)


#: Arrays at least this large are allocated in small pages (:func:`_allocate_in_memory`).
_SMALL_PAGES_MIN = 1 << 26


def _allocate_in_memory(name: str, shape: tuple[int, ...], dtype: np.dtype) -> np.ndarray:
    """A result array in memory, uninitialised; a large one in the processor's small pages.

    numpy asks the kernel for transparent huge pages for every array of 4 MB
    or more (``madvise(MADV_HUGEPAGE)``).  On this project's machine the first
    touch of 1 GB in huge pages cost 0.14-0.20 s or 1.7-2.3 s of system time, run to
    run, and in 4 KiB pages 0.38-0.43 s every time (``docs/performance-solve.md``,
    2026-11-28), so a result of :data:`_SMALL_PAGES_MIN` bytes or more is a
    private anonymous mapping of its own with ``MADV_NOHUGEPAGE``; it is freed
    with the array.  ``name`` is not used (the solve's names for its arrays).
    """
    dtype = np.dtype(dtype)
    size = math.prod(shape) * dtype.itemsize
    nohuge = getattr(mmap, "MADV_NOHUGEPAGE", None)
    if size < _SMALL_PAGES_MIN or nohuge is None:
        return np.empty(shape, dtype)
    memory = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    memory.madvise(nohuge)
    return np.frombuffer(memory, dtype).reshape(shape)


# ---------------------------------------------------------------------------
# Estimates
# ---------------------------------------------------------------------------


def _checked(rule: object, bound: object) -> tuple[Rule, int]:
    return get_rule(rule), check_integer(bound, "the bound", least=1)


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
    return engine_for(rule).rule_bytes(rule, bound)


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
    return engine_for(rule).rule_seconds(rule, bound)


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
    return engine_for(found).solve_bytes(found, bound, on_disk)


def estimate_solve_seconds(bound: int, rule: Rule | str | None = None) -> float:
    """Estimate the seconds of a solve to ``bound`` through the disk cache (:func:`solver.costs.solve_cost`).

    A one-byte rule: 20 ns per position plus 0.5 s (opening a cached entry is
    faster; this is the cost of solving it); the others
    :func:`estimate_rule_seconds`.  ``math.inf`` beyond the float range.
    """
    found, bound = _checked(rule, bound)
    return engine_for(found).solve_seconds(found, bound)


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
    return engine_for(found).check_bound(found, bound, on_disk)


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
    return engine_for(rule).check_rule_bound(rule, bound)


# ---------------------------------------------------------------------------
# Solving
# ---------------------------------------------------------------------------


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
    rule, bound = _checked(rule, bound)
    engine = engine_for(rule)
    bound = engine.check_rule_bound(rule, bound)
    return engine.solve_rule(rule, bound, allocate or _allocate_in_memory, _reporter(progress), _method)


def solve(
    bound: int,
    *,
    progress: Callable[[float], None] | None = None,
    allocate: Allocate | None = None,
    rule: Rule | str | None = None,
    on_disk: bool = False,
    written: Callable[[int, int, np.ndarray], None] | None = None,
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
    written : callable, optional
        ``written(lo, hi, codes)`` is called whenever the codes of positions
        ``lo..hi`` are final (one-byte rules: the small game first, then each
        piece of the sweep, together tiling ``0..B``), with those codes
        (``uint8``, shape ``(hi - lo + 1,)``, to be read before it returns):
        the disk cache takes its checksum of each piece then, instead of
        reading the whole file again.  Out of core it is called from the
        threads that write the file, two at a time and not in position order.

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
    found, bound = _checked(rule, bound)
    return engine_for(found).solve(
        found,
        bound,
        allocate or _allocate_in_memory,
        _reporter(progress),
        on_disk=on_disk and allocate is not None,
        parallel_min=_parallel_min,
        written=written,
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
