"""A fresh install's first solve of a rule that keeps lower bounds: one piece in numpy or the serial kernel, the same answer.

While the parallel sweep kernel is neither compiled nor in numba's cache, a
piece of a solve that keeps lower bounds (Put-or-Take-a-Cube) runs in the
serial kernel, which compiles sooner (``solver.engine.sweep._serial_serves``;
``docs/performance-page.md``, "First launch"), and in numpy while that one
is not there either (``solver.engine.sweep_kept_numpy``), up to ``10**6``.
The thread's ``sweep_path("numpy")`` takes the numpy path whatever is
compiled, ``"kernel"`` the parallel kernel.  A fresh process (an empty numba
cache) draws the cubes' Summary at the page's setup without compiling a kernel, and the powers of 2's
(solved by rounds, ``solver.engine.rounds_numpy``) without compiling one that solves.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from naive_family import naive_queue_solve

import solver.engine.sweep as sweep
from solver.engine import solve_rule
from solver.engine.put_or_take import small_game_limit
from solver.engine.small_game import solve_small_game
from solver.engine.sweep_kept_numpy import sweep_block_kept_numpy
from solver.engine.sweep_numpy import sweep_path
from solver.games import RULES

ROOT = Path(__file__).resolve().parent.parent

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


# -- the sweep that keeps lower bounds in numpy ------------------------------------------------------

#: Rules whose sweep, keeping lower bounds, is compared: the small game and the sweep for each (the powers of 2
#: are solved by rounds otherwise).
NUMPY_KEPT = ["put-or-take-a-cube", "put-or-take-a-square", "put-or-take-a-power-of-2", "put-or-take-a-prime"]


def _refuse_sweep_kernels(monkeypatch) -> None:
    def refuse(*_args):
        raise AssertionError("a sweep kernel ran")

    monkeypatch.setattr(sweep, "_sweep_block_serial", refuse)
    monkeypatch.setattr(sweep, "_sweep_block_parallel", refuse)


def _blocks_swept(rule: str, bound: int, block):
    """The codes, kept bounds and counts of the whole sweep above the small game, each block by ``block``."""
    members = RULES[rule].members(2 * bound)
    small = solve_small_game(members, bound, small_game_limit(members, bound))
    assert small.m < bound  # the sweep labels some positions
    codes = np.zeros(bound + 1, np.uint8)
    lam = np.zeros(bound + 1, np.uint8)
    codes[: small.m + 1] = small.codes
    lam[: small.m + 1] = small.lam
    counts = np.zeros((1, 256), np.int64)
    hi = bound
    while hi > small.m:
        lo = max(int(sweep.block_start(hi, members)), small.m + 1)
        block(lo, hi, bound, members, codes, 0, codes, 0, lam, lam, *small.arrays, small.cap, 255, 1, counts)
        hi = lo - 1
    return codes, lam, counts


@pytest.mark.parametrize("rule", NUMPY_KEPT)
@pytest.mark.parametrize("bound", [200, 2_001, 6_001, 20_000])
def test_the_numpy_sweep_gives_the_serial_kernels_codes_kept_bounds_and_counts(rule, bound):
    by_numpy = _blocks_swept(rule, bound, sweep_block_kept_numpy)
    by_kernel = _blocks_swept(rule, bound, sweep._sweep_block_serial)
    for got, expected in zip(by_numpy, by_kernel, strict=True):
        np.testing.assert_array_equal(got, expected)


def test_the_fresh_path_of_a_kept_piece_calls_no_sweep_kernel(monkeypatch):
    with sweep_path("kernel"):
        expected = solve_rule("put-or-take-a-cube", 20_000)
    _refuse_sweep_kernels(monkeypatch)
    with sweep_path("numpy"):
        got = solve_rule("put-or-take-a-cube", 20_000)
    _same(got, expected)


def test_without_a_path_a_kept_piece_goes_to_numpy_while_neither_kernel_is_there(monkeypatch):
    with sweep_path("kernel"):
        expected = solve_rule("put-or-take-a-cube", 50_000)
    monkeypatch.setattr(sweep, "kernel_ready", lambda kernel, _args: False)
    _refuse_sweep_kernels(monkeypatch)
    _same(solve_rule("put-or-take-a-cube", 50_000), expected)
    args = (0,) * 18
    assert not sweep._numpy_serves(sweep._sweep_block_serial, sweep.NUMPY_SWEEP_MAX + 1, args)


@pytest.mark.parametrize(
    ("rule", "method", "bound"),
    [
        ("put-or-take-a-cube", "auto", 6_000),
        ("put-or-take-a-square", "auto", 2_000),
        ("put-or-take-a-power-of-2", "small", 3_000),
    ],
)
def test_the_numpy_sweep_matches_the_brute_force_reference(rule, method, bound, monkeypatch):
    found = RULES[rule]
    assert small_game_limit(found.members(2 * bound), bound) < bound  # the sweep labels some positions
    letters, rem = naive_queue_solve(found.children, bound, misere=found.misere)
    _refuse_sweep_kernels(monkeypatch)
    with sweep_path("numpy"):
        sol = solve_rule(rule, bound, _method=method)
    got = np.array(["U", "W", "L", "D"])[sol.outcome]
    np.testing.assert_array_equal(got, np.array(letters))
    decided = (got == "W") | (got == "L")
    expected = np.array([-1 if r is None else r for r in rem], dtype=np.int64)
    np.testing.assert_array_equal(np.abs(sol.packed_remoteness.astype(np.int64)[decided]), expected[decided])


_FIRST_VIEW = """
import json

import numpy as np
from numba.core import event

compiled = []


class Count(event.Listener):
    def on_start(self, ev):
        pass

    def on_end(self, ev):
        compiled.append(ev.data["dispatcher"].py_func.__module__)


event.register("numba:compile", Count())

from dashboard import setup as setups
from dashboard.tabs.explore.callbacks import make_summary

setup = setups.validated_setup({"n": 10_000, "alpha": 100, "rule": RULE})
make_summary(setup)
solution, _ = setups.open_bound(setup["bound"], setup["rule"])
print(json.dumps({
    "compiled": [m for m in compiled if m.startswith("solver")],
    "bound": setup["bound"],
    "codes": np.bincount(np.asarray(solution.codes), minlength=256).tolist(),
}))
"""


@pytest.mark.slow
@pytest.mark.parametrize("rule", ["put-or-take-a-cube", "put-or-take-a-power-of-2"])
def test_a_fresh_installs_first_view_of_a_rule_compiles_no_solving_kernel_and_keeps_the_kernels_counts(rule, tmp_path):
    env = dict(
        os.environ,
        NUMBA_CACHE_DIR=str(tmp_path / "numba"),
        PTSQ_CACHE_DIR=str(tmp_path / "solves"),
        PYTHONPATH=str(ROOT),
    )
    done = subprocess.run(
        [sys.executable, "-c", f"RULE = {rule!r}\n" + _FIRST_VIEW],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    # No kernel that solves compiled, nothing to wait for (the powers of 2 pack their outcomes into codes with
    # the kernels of solver.engine.codes, under half a second).
    assert set(result["compiled"]) <= {"solver.engine.codes"}
    assert rule != "put-or-take-a-cube" or result["compiled"] == []
    with sweep_path("kernel"):
        expected = solve_rule(rule, result["bound"])
    np.testing.assert_array_equal(result["codes"], np.bincount(np.asarray(expected.codes), minlength=256))
