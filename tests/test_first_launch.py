"""A fresh install's first solves: the kernel that runs one piece, the solve time without compiling, the notice.

``docs/performance-page.md`` ("First launch") has the measured figures; these
tests check the behaviours, never a time.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from naive import naive_queue_solve
from numba.core import event

from solver.compiling import COMPILING_NOTICE
from solver.engine import compile_clock, engines, solve
from solver.engine.sweep_numpy import sweep_path

ROOT = Path(__file__).resolve().parent.parent


def _serial(bound: int):
    """A solve whose single pieces go to the serial kernel (not the numpy sweep of a fresh install)."""
    with sweep_path("kernel"):
        return solve(bound)


def _same(a, b) -> None:
    assert a.bound == b.bound
    np.testing.assert_array_equal(np.asarray(a.codes), np.asarray(b.codes))
    np.testing.assert_array_equal(a.code_counts, b.code_counts)


# -- the sweep on one thread: a kernel without a parallel loop, the same codes ------------------


@pytest.mark.slow
def test_the_serial_sweep_gives_the_parallel_sweeps_codes_on_every_small_bound():
    # By default a piece shorter than a few million positions runs in the
    # serial kernel; _parallel_min=0 sends every piece to the parallel one.
    for bound in range(1, 301):
        _same(_serial(bound), solve(bound, _parallel_min=0))


@pytest.mark.slow
def test_the_serial_sweep_gives_the_parallel_sweeps_codes_on_random_bounds():
    rng = random.Random(36)
    for bound in [rng.randrange(301, 10**6 + 1) for _ in range(4)] + [10**6]:
        _same(_serial(bound), solve(bound, _parallel_min=0))


@pytest.mark.slow
@pytest.mark.parametrize("bound", [1, 2, 57, 300, 4_000])
def test_the_serial_sweep_matches_the_brute_force_reference(bound):
    letters, rem = naive_queue_solve(bound)
    remoteness = [-1 if r is None else r for r in rem]
    sol = _serial(bound)
    got = np.array(["U", "W", "L", "D"])[sol.outcome]
    np.testing.assert_array_equal(got, np.array(letters))
    decided = (got == "W") | (got == "L")
    raw = sol.packed_remoteness.astype(np.int64)
    np.testing.assert_array_equal(np.abs(raw[decided]), np.array(remoteness, dtype=np.int64)[decided])
    assert np.all(raw[~decided] == -1)


# -- the solve time leaves out compiling ----------------------------------------------------------


class _Kernel:
    """Stands for a numba dispatcher in a compile event (the listeners read its ``py_func``)."""

    def py_func(self) -> None:  # pragma: no cover - never called
        pass


class _Clock:
    """A clock the compile clock reads instead of the real one (``time.perf_counter``): it moves only when told."""

    def __init__(self) -> None:
        self.now = 1000.0

    def perf_counter(self) -> float:
        return self.now


def _compile_for(clock: _Clock, seconds: float) -> None:
    """Send numba's compile events around ``seconds`` of the clock, as a kernel compiling that long would."""
    with event.trigger_event("numba:compile", data={"dispatcher": _Kernel(), "args": (), "return_type": None}):
        clock.now += seconds


def test_the_compile_clock_counts_compiling_and_the_solve_clock_leaves_it_out(monkeypatch):
    clock = _Clock()
    monkeypatch.setattr(compile_clock, "time", clock)
    before = compile_clock.compile_seconds()
    elapsed = compile_clock.solve_clock()
    _compile_for(clock, 5.0)
    clock.now += 2.0  # the work itself
    assert compile_clock.compile_seconds() - before == 5.0
    assert elapsed() == 2.0


def test_a_solve_that_compiles_reports_its_time_without_compiling(monkeypatch):
    solve(1_000)  # its kernels compiled (or loaded) first
    clock = _Clock()
    monkeypatch.setattr(compile_clock, "time", clock)
    real = engines.solve_small_game

    def compiling_first(*args, **kwargs):
        _compile_for(clock, 30.0)
        clock.now += 0.5  # the small game's own time
        return real(*args, **kwargs)

    monkeypatch.setattr(engines, "solve_small_game", compiling_first)
    sol = solve(1_000)
    assert sol.seconds == 0.5, "the 30 s of compiling are left out, the 0.5 s of work kept"
    _same(sol, solve(1_000))


# -- a command that compiles says so on stderr ------------------------------------------------------

_TINY = (
    "import numpy as np; from solver.compiling import say_when_compiling; from solver.engine.sweep import block_start; "
    "say_when_compiling(); print(block_start(10, np.array([1, 4, 9], dtype=np.int64)))"
)


@pytest.mark.slow
def test_a_first_compile_says_so_on_stderr_once_and_a_cached_run_says_nothing(tmp_path):
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "numba"), PYTHONPATH=str(ROOT))
    first, again = (
        subprocess.run([sys.executable, "-c", _TINY], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
        for _ in range(2)
    )
    assert first.returncode == 0 and first.stdout.strip() == "7", first.stderr
    assert first.stderr.splitlines() == [COMPILING_NOTICE]
    assert again.returncode == 0 and again.stdout.strip() == "7" and again.stderr == "", again.stderr


def test_the_command_line_asks_for_the_notice():
    text = (ROOT / "solver" / "__main__.py").read_text()
    assert "say_when_compiling()" in text.split('if __name__ == "__main__":', 1)[1]
