"""A fresh install's first solve of a rule that keeps lower bounds: one piece in the serial kernel, the same answer.

While the parallel sweep kernel is neither compiled nor in numba's cache, a
piece of a solve that keeps lower bounds (Put-or-Take-a-Cube) runs in the
serial kernel, which compiles sooner (``solver.engine.sweep._serial_serves``;
``docs/performance-page.md``, "First launch").  The thread's ``sweep_path("numpy")``
takes that path whatever is compiled, ``"kernel"`` the parallel kernel.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from naive_family import naive_queue_solve

import solver.engine.sweep as sweep
from solver.engine import solve_rule
from solver.engine.sweep_numpy import sweep_path
from solver.games import RULES

#: Rules whose solve keeps lower bounds in the sweep.
KEPT = ["put-or-take-a-cube"]
#: Bounds whose solve of Put-or-Take-a-Cube sweeps blocks above its small game (up to 5,000 the small game is
#: the whole solve).
SWEPT = [6_000, 6_001, 7_919, 10_000, 20_000, 50_000]


def _both(rule: str, bound: int):
    with sweep_path("numpy"):
        fresh = solve_rule(rule, bound)
    with sweep_path("kernel"):
        compiled = solve_rule(rule, bound)
    return fresh, compiled


def _same(a, b) -> None:
    assert a.bound == b.bound
    np.testing.assert_array_equal(np.asarray(a.codes), np.asarray(b.codes))
    np.testing.assert_array_equal(a.code_counts, b.code_counts)
    np.testing.assert_array_equal(a.outcome, b.outcome)
    np.testing.assert_array_equal(a.packed_remoteness, b.packed_remoteness)


def test_the_fresh_path_of_a_kept_piece_never_calls_the_parallel_kernel(monkeypatch):
    def refuse(*_args):
        raise AssertionError("the parallel kernel ran")

    with sweep_path("kernel"):
        expected = solve_rule("put-or-take-a-cube", 20_000)
    monkeypatch.setattr(sweep, "_sweep_block_parallel", refuse)
    with sweep_path("numpy"):
        got = solve_rule("put-or-take-a-cube", 20_000)
    _same(got, expected)
    with pytest.raises(AssertionError, match="the parallel kernel ran"), sweep_path("kernel"):
        solve_rule("put-or-take-a-cube", 20_000)


def test_without_a_path_a_kept_piece_goes_serial_only_while_the_parallel_kernel_is_not_there(monkeypatch):
    args = (0,) * 18
    monkeypatch.setattr(sweep, "kernel_ready", lambda kernel, _args: kernel is not sweep._sweep_block_parallel)
    assert sweep._serial_serves(1_000, args)
    assert not sweep._serial_serves(sweep.NUMPY_SWEEP_MAX + 1, args)
    monkeypatch.setattr(sweep, "kernel_ready", lambda kernel, _args: True)
    assert not sweep._serial_serves(1_000, args)
    with sweep_path("numpy"):
        assert sweep._serial_serves(10**9, args)
    with sweep_path("kernel"):
        assert not sweep._serial_serves(1_000, args)


@pytest.mark.parametrize("rule", KEPT)
def test_bounds_with_a_sweep_give_the_parallel_kernels_answer(rule):
    for bound in [1, 200, *SWEPT]:
        _same(*_both(rule, bound))


@pytest.mark.slow
@pytest.mark.parametrize("rule", KEPT)
def test_random_bounds_up_to_a_million_give_the_parallel_kernels_answer(rule):
    rng = random.Random(73)
    for bound in [rng.randrange(6_000, 10**5) for _ in range(3)] + [rng.randrange(10**5, 10**6), 10**6]:
        _same(*_both(rule, bound))


@pytest.mark.parametrize("bound", [57, 6_000, 20_000])
def test_the_fresh_path_matches_the_brute_force_reference(bound):
    rule = RULES["put-or-take-a-cube"]
    letters, rem = naive_queue_solve(rule.children, bound, misere=rule.misere)
    with sweep_path("numpy"):
        sol = solve_rule(rule.name, bound)
    got = np.array(["U", "W", "L", "D"])[sol.outcome]
    np.testing.assert_array_equal(got, np.array(letters))
    decided = (got == "W") | (got == "L")
    raw = sol.packed_remoteness.astype(np.int64)
    expected = np.array([-1 if r is None else r for r in rem], dtype=np.int64)
    np.testing.assert_array_equal(np.abs(raw[decided]), expected[decided])
