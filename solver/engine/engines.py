"""The engines: how each kind of game is solved to a bound, and what that costs.

The *engine* of a rule's kind is an :class:`Engine` found by the game's
class (:func:`engine_for`; the table :data:`ENGINES`, in the style of
python-chess's variants): it owns the solve, the estimates of time and
memory, the checks of a bound, the heap outcomes that loopy nim values are
read from (:mod:`solver.engine.nim`), the default bounds of those, and the
storage layout (one byte per position from the start, or a lower bound kept
per position while solving).  The public front that asks them is
:mod:`solver.engine.solving`.

===========================  ====================  ==============================================
engine                       game class            method (kernels)
===========================  ====================  ==============================================
:class:`PutOrTakeEngine`     ``PutOrTake``         the small game, then one descending sweep,
                                                   keeping a lower bound per position; rounds
                                                   where take children can be large
                                                   (:mod:`~solver.engine.put_or_take`,
                                                   :mod:`~solver.engine.rounds`)
:class:`SquaresEngine`       ``PutOrTakeASquare``  the same sweep at one byte per position, lower
                                                   bounds rebuilt from the codes, out of core
                                                   when memory is short
:class:`SubtractEngine`      ``SubtractASquare``   one ascending pass, loop-free and exact
                                                   (:mod:`~solver.engine.subtract`)
:class:`SquareButOneEngine`  ``SquareButOne``      queue retrograde analysis on ``0..B``
                                                   (:mod:`~solver.engine.square_but_one`)
===========================  ====================  ==============================================

The same chunks of the put-or-take sweep run as Dask tasks
(:mod:`solver.engine.dask`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, ClassVar

import numpy as np

from .. import config
from ..errors import BoundTooLargeError
from ..games import SEQUENCES, PutOrTake, PutOrTakeASquare, Rule, SquareButOne, SubtractASquare
from ..text import format_bytes, format_count
from . import budget
from .codes import CLASS_U, CLASS_UW, MAX_REMOTENESS, pack
from .codes import fits as codes_fit
from .compile_clock import solve_clock
from .products import (
    PUT_OR_TAKE_LAYERS,
    HeapOutcomes,
    chain_layers,
    graph_layers,
    grundy_subtract,
    put_or_take_graph,
    small_game_graph,
    square_but_one_graph,
    unpack_layers,
)
from .put_or_take import SMALL_GAME_SHARE, chain_nodes_estimate, small_game_limit, sweep_all
from .rounds import solve_by_rounds
from .small_game import BYTES_PER_NODE, solve_small_game
from .solution import Solution
from .square_but_one import solve_square_but_one
from .subtract import solve_subtract

__all__ = [
    "Engine",
    "PutOrTakeEngine",
    "SquaresEngine",
    "SubtractEngine",
    "SquareButOneEngine",
    "ENGINES",
    "engine_for",
    "MAX_BOUND",
    "MAX_ONE_BYTE_BOUND",
]

#: Largest bound of a solve that keeps a lower bound per position: children up
#: to ``2 B`` must fit in ``int64``.
MAX_BOUND = 1 << 61
#: Largest bound of a one-byte solve (Put-or-Take-a-Square; exact roots below 2**62).
MAX_ONE_BYTE_BOUND = 1 << 62


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

Allocate = Callable[[str, tuple[int, ...], np.dtype], np.ndarray]
Report = Callable[[float], None]
Written = Callable[[int, int, np.ndarray], None]


def _finish_wide(rule: Rule, bound: int, outcome, rem, allocate: Allocate, elapsed: Callable[[], float]) -> Solution:
    """Pack a solve kept as two arrays into one-byte codes when every remoteness fits, else keep it wide.

    ``outcome`` holds classes (:mod:`solver.engine.codes`).  A wide solution
    (a remoteness beyond :data:`~solver.engine.codes.MAX_REMOTENESS`, never
    seen) keeps outcomes only: its unresolved positions lose what they
    cannot be, which is sound, only less informative.
    """
    if codes_fit(outcome, rem, bool(rule.misere)):
        packed = allocate("codes", (bound + 1,), np.dtype(np.uint8))
        pack(outcome, rem, packed)
        return Solution.from_codes(bound, packed, elapsed(), rule)
    wide_outcome = allocate("outcome", (bound + 1,), np.dtype(np.int8))
    wide_outcome[:] = np.where(outcome >= CLASS_UW, CLASS_U, outcome)
    del outcome
    wide_rem = allocate("remoteness", (bound + 1,), np.dtype(np.int16))
    wide_rem[:] = rem
    return Solution(bound, wide_outcome, wide_rem, elapsed(), rule)


def _one_byte_bytes(bound: int, on_disk: bool) -> int:
    # Exact integer arithmetic: the bound may be far beyond int64.  The small
    # game holds about 2 isqrt(2 B) positions and their chains.
    m = 2 * math.isqrt(2 * bound) + 2
    small = m * max(1, bound.bit_length()) * BYTES_PER_NODE
    return (0 if on_disk else config.BYTES_PER_POSITION * (bound + 1)) + small


# ---------------------------------------------------------------------------
# The engines
# ---------------------------------------------------------------------------


class Engine:
    """How one kind of game is solved to a bound, and what that costs.

    One object per kind of game (:data:`ENGINES`, keyed by the game's class);
    every method takes the rule, already checked, and a bound or ``n``.  A
    new kind of game is a :class:`~solver.games.Rule` subclass and, when no
    engine here fits it, a subclass of this one registered in
    :data:`ENGINES` (``docs/extending.md`` section 1.2).

    Attributes
    ----------
    one_byte : bool
        The storage layout: True when the engine solves straight into one
        code per position (:mod:`solver.engine.codes`), rebuilding its lower
        bounds from codes, so a result too large for memory can be solved
        into a memory-mapped file; False when it keeps more per position in
        memory while it solves (a lower bound, or the wide outcome and
        remoteness) and packs the codes at the end.
    max_bound : int
        The largest bound it indexes.
    needs_bound : bool
        Whether its nim values depend on a bound (play can climb).
    on_dask : bool
        Whether :mod:`solver.engine.dask` can run it as a task graph.
    """

    one_byte: ClassVar[bool] = False
    max_bound: ClassVar[int] = MAX_BOUND
    needs_bound: ClassVar[bool] = False
    on_dask: ClassVar[bool] = False

    # -- estimates and checks -------------------------------------------------

    def rule_bytes(self, rule: Rule, bound: int) -> int:
        """Peak memory of :meth:`solve_rule` (:func:`estimate_rule_bytes`), in bytes."""
        raise NotImplementedError

    def rule_seconds(self, rule: Rule, bound: int) -> float:
        """Seconds of :meth:`solve_rule` (:func:`estimate_rule_seconds`); ``bound <= 2**900``."""
        raise NotImplementedError

    def solve_bytes(self, rule: Rule, bound: int, on_disk: bool = False) -> int:
        """Peak memory of :meth:`solve` (:func:`estimate_solve_bytes`): that of :meth:`solve_rule` here."""
        return self.rule_bytes(rule, bound)

    def solve_seconds(self, rule: Rule, bound: int) -> float:
        """Seconds of :meth:`solve` through the disk cache (:func:`estimate_solve_seconds`): :meth:`rule_seconds`."""
        return math.inf if bound > 2**900 else self.rule_seconds(rule, bound)

    def check_rule_bound(self, rule: Rule, bound: int) -> int:
        """:func:`check_rule_bound`: the bound is indexed and :meth:`solve_rule` fits in memory."""
        need = self.rule_bytes(rule, bound)
        if bound > MAX_BOUND:
            raise BoundTooLargeError(
                f"bound {format_count(bound)} is beyond what this solver can index (2**61) and would need "
                f"{format_bytes(need)} of memory; choose a smaller bound"
            )
        budget.check_memory(need, f"{rule.title} to bound {format_count(bound)}")
        return bound

    def check_bound(self, rule: Rule, bound: int, on_disk: bool = False) -> int:
        """:func:`check_bound`: the bound is indexed and :meth:`solve` fits (here :meth:`check_rule_bound`)."""
        return self.check_rule_bound(rule, bound)

    # -- solving --------------------------------------------------------------

    def solve_rule(self, rule: Rule, bound: int, allocate: Allocate, report: Report, method: str = "auto") -> Solution:
        """The general solve of every engine (:func:`solve_rule`), the bound checked: :meth:`solve_wide`, then the codes.

        The outcome and remoteness arrays are packed into one code per
        position when every remoteness fits, else kept wide.
        """
        elapsed = solve_clock()  # the solve's time leaves out numba's compiling
        outcome = np.empty(bound + 1, np.int8)
        rem = np.empty(bound + 1, np.int16)
        self.solve_wide(rule, bound, outcome, rem)
        result = _finish_wide(rule, bound, outcome, rem, allocate, elapsed)
        report(1.0)
        return result

    def solve_wide(self, rule: Rule, bound: int, outcome: np.ndarray, rem: np.ndarray) -> None:
        """Fill ``outcome`` (classes, ``int8``) and ``rem`` (packed remoteness, ``int16``) of ``0..bound``."""
        raise NotImplementedError

    def solve(
        self,
        rule: Rule,
        bound: int,
        allocate: Allocate,
        report: Report,
        on_disk: bool = False,
        parallel_min: int | None = None,
        written: Written | None = None,
    ) -> Solution:
        """The rule's own solve (:func:`solve`): checks the bound (:meth:`check_bound`), then :meth:`solve_checked`."""
        bound = self.check_bound(rule, bound, on_disk)
        return self.solve_checked(rule, bound, allocate, report, parallel_min=parallel_min, written=written)

    def solve_checked(self, rule: Rule, bound: int, allocate: Allocate, report: Report, **sweep: Any) -> Solution:
        """The rule's own solve, the bound checked: :meth:`solve_rule` here (``sweep``'s options unused)."""
        return self.solve_rule(rule, bound, allocate, report)

    # -- nim values (docs/nim-values.md) --------------------------------------

    def default_bound(self, rule: Rule, n: int) -> int:
        """The bound of nim values when none is given: ``n`` here (exact values, no bound used)."""
        return n

    def default_sum_bound(self, rule: Rule) -> int:
        """The default bound of a sum of heaps (:func:`solver.engine.nim.default_sum_bound`)."""
        raise NotImplementedError

    def heap_outcomes(self, rule: Rule, n: int, bound: int) -> HeapOutcomes:
        """Outcomes of ``x + *j`` for ``x <= n`` (:func:`solver.engine.nim.heap_outcomes`), arguments checked."""
        raise NotImplementedError

    def nim_values_bytes(self, rule: Rule, n: int, bound: int) -> int:
        """Estimated peak memory of the nim values of ``0..n`` at ``bound``, in bytes."""
        raise NotImplementedError

    def nim_values_seconds(self, rule: Rule, n: int, bound: int) -> float:
        """Estimated seconds of the nim values of ``0..n`` at ``bound`` (warm numba cache)."""
        raise NotImplementedError


class PutOrTakeEngine(Engine):
    """Put-or-take-a-X (``docs/mathematics.md`` sections 3.5 and 7.1): the small game and one sweep, or rounds.

    Where the take children of positions up to ``2 B`` are few
    (:func:`~solver.engine.put_or_take.small_game_limit` at most a quarter of
    the bound) the small game is solved with its edges and the rest in one
    descending sweep, keeping a ``uint8`` lower bound per position; otherwise
    by rounds of equal remoteness (:mod:`solver.engine.rounds`).  Heap
    outcomes come from an explicit graph on ``0..B``.
    """

    needs_bound = True
    on_dask = True

    def small_game(
        self, rule: Rule, bound: int, members: np.ndarray, method: str = "auto", kept: bool = True
    ) -> int | None:
        """``M`` when the small game and the sweep solve ``rule`` at ``bound``, None when rounds do.

        Without ``kept`` lower bounds (the one-byte sweep) always the small
        game; ``method`` (tests only) forces ``"small"`` or ``"rounds"``.
        """
        m = small_game_limit(members, bound)
        if method == "small" or (method == "auto" and (not kept or m <= SMALL_GAME_SHARE * bound)):
            return m
        return None

    def rule_bytes(self, rule: Rule, bound: int) -> int:
        out = (config.WIDE_BYTES_PER_POSITION + config.BYTES_PER_POSITION) * (bound + 1)
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
        if sequence.scratch_bytes:
            phases.append(sequence.scratch_bytes * bound + 1)
        return members + max(phases) + (1 << 16)

    def rule_seconds(self, rule: Rule, bound: int) -> float:
        return _FIXED_SECONDS + _PUT_OR_TAKE_SECONDS.get(rule.sequence, _PUT_OR_TAKE_SECONDS_DEFAULT) * float(bound)

    def sweep(
        self,
        rule: Rule,
        bound: int,
        allocate: Allocate,
        report: Report,
        *,
        kept: bool,
        method: str = "auto",
        parallel_min: int | None = None,
        written: Written | None = None,
    ) -> Solution:
        """The small game and the sweep (keeping lower bounds or rebuilding them from codes), or rounds."""
        elapsed = solve_clock()  # the solve's time leaves out numba's compiling
        members = rule.members(2 * bound)
        m = self.small_game(rule, bound, members, method, kept)
        small = None if m is None else solve_small_game(members, bound, m)
        if small is None:
            if not kept:  # pragma: no cover - far beyond any bound this solver indexes
                raise BoundTooLargeError(
                    f"at bound {format_count(bound)} remoteness could exceed {MAX_REMOTENESS}, "
                    "more than the one-byte result layout holds; choose a smaller bound"
                )
            outcome = np.empty(bound + 1, np.int8)
            rem = np.empty(bound + 1, np.int16)
            solve_by_rounds(members, bound, outcome, rem, report)
            result = _finish_wide(rule, bound, outcome, rem, allocate, elapsed)
            report(1.0)
            return result
        codes = allocate("codes", (bound + 1,), np.dtype(np.uint8))
        codes[: small.m + 1] = small.codes
        lam = np.empty(bound + 1 if kept else 0, np.uint8)
        if kept:
            lam[: small.m + 1] = small.lam
        total = bound + 1
        report((small.m + 1) / total)
        if written is not None:
            written(0, small.m, small.codes)
        counts = sweep_all(members, bound, small, codes, lam, lambda done: report(done / total), parallel_min, written)
        counts += np.bincount(small.codes[1:], minlength=256)  # numpy: no kernel to compile for a few codes
        report(1.0)
        return Solution.from_codes(bound, codes, elapsed(), rule, counts)

    def solve_rule(self, rule: Rule, bound: int, allocate: Allocate, report: Report, method: str = "auto") -> Solution:
        return self.sweep(rule, bound, allocate, report, kept=True, method=method)

    def default_bound(self, rule: Rule, n: int) -> int:
        """``100 * max(n, 1)``: the thesis's margin (section 3.2)."""
        return 100 * max(n, 1)

    def default_sum_bound(self, rule: Rule) -> int:
        """10**6: the default bound of the values of ``0..10**4``."""
        return self.default_bound(rule, 10**4)

    def heap_outcomes(self, rule: Rule, n: int, bound: int) -> HeapOutcomes:
        """Heaps 0, 1 and 2 (at most two followers) on the explicit graph of ``0..B``."""
        indptr, kids = put_or_take_graph(rule.members(bound), bound)
        codes, _ = graph_layers(indptr, kids, PUT_OR_TAKE_LAYERS, False)
        return HeapOutcomes(codes, bound, False, None)

    def nim_values_bytes(self, rule: Rule, n: int, bound: int) -> int:
        return 17 * (n + 1) + (1 << 20) + 100 * (bound + 1)

    def nim_values_seconds(self, rule: Rule, n: int, bound: int) -> float:
        return 0.1 + 1.5e-6 * float(bound)


class SquaresEngine(PutOrTakeEngine):
    """Put-or-Take-a-Square at one byte per position from the start (``docs/mathematics.md`` section 3.5).

    The sweep writes only codes, and rebuilds the lower bound of a put child
    from its code, so a result too large for memory is solved straight into
    a memory-mapped file (the disk cache), out of core; the Dask engine runs
    the same sweep.  Heap outcomes come from the small game and one
    descending pass over every heap at once.
    """

    one_byte = True
    max_bound = MAX_ONE_BYTE_BOUND

    def solve_bytes(self, rule: Rule, bound: int, on_disk: bool = False) -> int:
        """The codes (``config.BYTES_PER_POSITION``; not ``on_disk``) and the small game's node arrays."""
        return _one_byte_bytes(bound, on_disk)

    def solve_seconds(self, rule: Rule, bound: int) -> float:
        """20 ns per position plus 0.5 s (the cache's checksums included); ``math.inf`` beyond floats."""
        try:
            return ONE_BYTE_SECONDS_FIXED + float(bound + 1) * ONE_BYTE_SECONDS_PER_POSITION
        except OverflowError:
            return math.inf

    def check_bound(self, rule: Rule, bound: int, on_disk: bool = False) -> int:
        """Indexed up to ``2**62``; the codes and the small game must fit (only the small game ``on_disk``)."""
        # Messages go through solver.text's formatting: a bound of 10**400 must not
        # overflow a float or print 400 digits.
        if bound > MAX_ONE_BYTE_BOUND:
            raise BoundTooLargeError(
                f"bound {format_count(bound)} is beyond what this solver can index (2**62) and would need "
                f"{format_bytes(_one_byte_bytes(bound, False))} of memory; choose a smaller bound"
            )
        budget.check_memory(self.solve_bytes(rule, bound, on_disk), f"bound {format_count(bound)}")
        return bound

    def solve_checked(self, rule: Rule, bound: int, allocate: Allocate, report: Report, **sweep: Any) -> Solution:
        """The sweep at one byte per position, lower bounds rebuilt from codes (``sweep``: ``parallel_min``, ``written``)."""
        return self.sweep(rule, bound, allocate, report, kept=False, **sweep)

    def heap_outcomes(self, rule: Rule, n: int, bound: int) -> HeapOutcomes:
        """The small game's heaps on its explicit graph, then one descending pass above it (all heaps at once)."""
        m = min(bound, 2 * math.isqrt(bound))
        members = rule.members(2 * bound)
        indptr, kids = small_game_graph(members, bound, m)
        small_codes, _ = graph_layers(indptr, kids, PUT_OR_TAKE_LAYERS, False)
        packed = np.zeros(bound + 1, dtype=np.uint16)
        chain_layers(np.int64(bound), np.int64(m), members, small_codes, packed, PUT_OR_TAKE_LAYERS)
        codes = unpack_layers(packed, np.int64(n), PUT_OR_TAKE_LAYERS)
        return HeapOutcomes(codes, bound, False, None)

    def nim_values_bytes(self, rule: Rule, n: int, bound: int) -> int:
        m = min(bound, 2 * math.isqrt(bound))
        small = m * max(1, bound.bit_length() - m.bit_length() + 2)
        return 17 * (n + 1) + (1 << 20) + 2 * (bound + 1) + 80 * small

    def nim_values_seconds(self, rule: Rule, n: int, bound: int) -> float:
        return 0.1 + 3e-8 * float(bound) + 2e-7 * float(n)


class SubtractEngine(Engine):
    """Subtract-a-square, normal and misère (``docs/mathematics.md`` section 7.2): one ascending pass, exact."""

    def rule_bytes(self, rule: Rule, bound: int) -> int:
        """The outputs, 3 bytes per position, and their one-byte packing, 1 more."""
        return (config.WIDE_BYTES_PER_POSITION + config.BYTES_PER_POSITION) * (bound + 1) + (1 << 16)

    def rule_seconds(self, rule: Rule, bound: int) -> float:
        return _FIXED_SECONDS + _SUBTRACT_SECONDS_PER_B12 * float(bound) ** 1.2

    def solve_wide(self, rule: Rule, bound: int, outcome: np.ndarray, rem: np.ndarray) -> None:
        solve_subtract(bound, bool(rule.misere), outcome, rem)

    def default_sum_bound(self, rule: Rule) -> int:
        """10**5: exact Grundy values, about ``n**1.5`` work."""
        return 10**5

    def heap_outcomes(self, rule: Rule, n: int, bound: int) -> HeapOutcomes:
        """Loop-free: the ordinary Grundy values (mex), exact."""
        return HeapOutcomes(None, n, True, grundy_subtract(np.int64(n)))

    def nim_values_bytes(self, rule: Rule, n: int, bound: int) -> int:
        return 17 * (n + 1) + (1 << 20) + 8 * (n + 1)

    def nim_values_seconds(self, rule: Rule, n: int, bound: int) -> float:
        return 0.05 + 2e-9 * float(n) ** 1.5


class SquareButOneEngine(Engine):
    """Square-But-One and its odd variant (``docs/mathematics.md`` section 7.3): a queue retrograde on ``0..B``."""

    def rule_bytes(self, rule: Rule, bound: int) -> int:
        """The outputs and their packing, 4 bytes per position, and a counter (int32), possibility bits
        (uint8) and two queue entries (int64) per position, 21 more."""
        out = (config.WIDE_BYTES_PER_POSITION + config.BYTES_PER_POSITION) * (bound + 1)
        return out + 21 * (bound + 1) + (1 << 16)

    def rule_seconds(self, rule: Rule, bound: int) -> float:
        return _FIXED_SECONDS + _SBO_SECONDS_PER_POSITION * float(bound)

    def solve_wide(self, rule: Rule, bound: int, outcome: np.ndarray, rem: np.ndarray) -> None:
        solve_square_but_one(bound, int(rule.add_parity), outcome, rem)

    def default_sum_bound(self, rule: Rule) -> int:
        """20,000: exact, an explicit graph of about ``n**1.5`` moves."""
        return 20_000

    def heap_outcomes(self, rule: Rule, n: int, bound: int) -> HeapOutcomes:
        """The closed graph on ``0..n`` (or ``n + 1``), as many heaps as values can need: exact."""
        # The top position must have no add move, so that the graph 0..top is
        # closed: add one only from parity add_parity (and n >= 1).
        top = n + 1 if (n >= 1 and n % 2 == rule.add_parity) else n
        indptr, kids = square_but_one_graph(np.int64(top), np.int64(rule.add_parity))
        degree = math.isqrt(top) + 1
        codes, used = graph_layers(indptr, kids, degree + 2, True)
        return HeapOutcomes(codes[:, :used], top, True, None)

    def nim_values_bytes(self, rule: Rule, n: int, bound: int) -> int:
        top = n + 1
        edges = (2 * top * math.isqrt(top)) // 3 + top
        layers = 8  # only 0, 1 and 5 have finite values up to 20,000: few layers (docs/nim-values.md)
        return 17 * (n + 1) + (1 << 20) + 16 * edges + top * (40 + layers)

    def nim_values_seconds(self, rule: Rule, n: int, bound: int) -> float:
        return 0.05 + 8e-8 * float(n) ** 1.5


#: The engine of each kind of game, by the game's class (a subclass without
#: an entry of its own takes its nearest base class's).
ENGINES: dict[type[Rule], Engine] = {
    PutOrTake: PutOrTakeEngine(),
    PutOrTakeASquare: SquaresEngine(),
    SubtractASquare: SubtractEngine(),
    SquareButOne: SquareButOneEngine(),
}


def engine_for(rule: Rule) -> Engine:
    """The engine that solves ``rule``: :data:`ENGINES` of its class, or of its nearest base class.

    Raises
    ------
    TypeError
        If no class of ``rule`` has an engine.
    """
    for cls in type(rule).__mro__:
        found = ENGINES.get(cls)
        if found is not None:
            return found
    raise TypeError(f"no engine solves {type(rule).__name__} rules")
