"""The one-byte sweep in numpy (a fresh install's first solves): the kernel's codes, byte for byte.

``solver.engine.sweep_numpy`` labels the blocks of a one-byte solve while
the serial sweep kernel is neither compiled nor in numba's cache; these
tests check it against the kernel and against the brute-force reference
``tests/naive.py``, and its small parts against the kernels they stand for.
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
from naive import naive_queue_solve

from solver.engine import solve
from solver.engine.codes import fits, pack, pack_small
from solver.engine.small_game import take_limit
from solver.engine.sweep import block_start, fast_codes
from solver.engine.sweep_numpy import (
    NUMPY_SWEEP_MAX,
    block_start_numpy,
    chosen_path,
    fast_codes_numpy,
    sweep_path,
    take_limit_numpy,
)
from solver.engine.tallies import code_histogram, first_undecided, first_undecided_numpy, tally_codes, tally_counts
from solver.games import get_rule
from solver.store.disk import solve_cached

ROOT = Path(__file__).resolve().parent.parent


def _both(bound: int):
    with sweep_path("numpy"):
        by_numpy = solve(bound)
    with sweep_path("kernel"):
        by_kernel = solve(bound)
    return by_numpy, by_kernel


def _same(a, b) -> None:
    assert a.bound == b.bound
    np.testing.assert_array_equal(np.asarray(a.codes), np.asarray(b.codes))
    np.testing.assert_array_equal(a.code_counts, b.code_counts)


# -- its parts: the same as the kernels they stand for ------------------------------------------


def test_the_table_of_codes_by_the_childrens_classes_is_the_kernels():
    np.testing.assert_array_equal(fast_codes_numpy(), fast_codes())


def test_block_start_is_the_kernels():
    members = get_rule("put-or-take-a-square").members(2 * 10**6)
    rng = random.Random(7)
    for hi in list(range(1, 400)) + [rng.randrange(400, 10**6) for _ in range(300)] + [10**6]:
        assert block_start_numpy(hi, members) == int(block_start(hi, members)), hi


@pytest.mark.parametrize("rule_name", ["put-or-take-a-square", "put-or-take-a-cube", "put-or-take-a-prime"])
def test_take_limit_is_the_kernels(rule_name):
    members = get_rule(rule_name).members(2 * 10**6)
    rng = random.Random(3)
    for limit in [*range(0, 200), *(rng.randrange(200, 2 * 10**6) for _ in range(100)), 2 * 10**6]:
        assert take_limit_numpy(members, limit) == int(take_limit(members, limit)), limit


def test_the_counts_of_a_short_range_are_the_kernels():
    rng = np.random.default_rng(11)
    codes = rng.choice(np.array([0, 1, 2, 3, 4, 5, 6, 7, 9, 200, 251], np.uint8), 50_000)
    codes.flags.writeable = False  # as the page's memory-mapped solves
    for lo, hi in [(0, 0), (1, 10), (5, 49_999), (100, 99), (17, 20_000)]:
        want = np.zeros(256, np.int64)
        if hi >= lo:
            code_histogram(codes, lo, hi, want)
        np.testing.assert_array_equal(tally_codes(codes, lo, hi), tally_counts(want) if hi >= lo else np.zeros(8))
        assert first_undecided_numpy(codes, lo, hi) == int(first_undecided(codes, lo, hi))
    decided = np.full(30, 5, np.uint8)
    assert first_undecided_numpy(decided, 0, 29) == int(first_undecided(decided, 0, 29)) == -1


def test_the_small_games_codes_pack_as_the_kernel_packs_them():
    rng = np.random.default_rng(5)
    classes = rng.integers(0, 6, 5_000).astype(np.int8)
    r = rng.integers(0, 62, 5_000) * 2
    r = np.where(classes == 1, r + 1, r)  # W odd, L even
    packed = np.where(rng.random(5_000) < 0.5, r, -np.maximum(r, 2 + (classes == 1)))
    packed = np.where((classes == 1) | (classes == 2), packed, -1).astype(np.int16)
    assert fits(classes, packed)
    np.testing.assert_array_equal(pack_small(classes, packed), pack(classes, packed))


def test_the_path_is_chosen_per_thread_and_refuses_a_wrong_name():
    assert chosen_path() is None
    with sweep_path("numpy"):
        assert chosen_path() == "numpy"
        with sweep_path("kernel"):
            assert chosen_path() == "kernel"
        assert chosen_path() == "numpy"
    assert chosen_path() is None
    with pytest.raises(ValueError, match="'kernel' or 'numpy'"), sweep_path("python"):
        pass


# -- whole solves: the kernel's codes and counts ---------------------------------------------------


def test_every_bound_up_to_300_gives_the_kernels_codes():
    for bound in range(1, 301):
        _same(*_both(bound))


@pytest.mark.slow
def test_random_bounds_up_to_a_million_give_the_kernels_codes():
    rng = random.Random(61)
    for bound in [rng.randrange(301, 10**5) for _ in range(6)] + [rng.randrange(10**5, 10**6) for _ in range(3)]:
        _same(*_both(bound))
    _same(*_both(NUMPY_SWEEP_MAX))


@pytest.mark.parametrize("bound", [1, 2, 57, 300, 1_000])
def test_the_numpy_sweep_matches_the_brute_force_reference(bound):
    letters, rem = naive_queue_solve(bound)
    remoteness = [-1 if r is None else r for r in rem]
    with sweep_path("numpy"):
        sol = solve(bound)
    got = np.array(["U", "W", "L", "D"])[sol.outcome]
    np.testing.assert_array_equal(got, np.array(letters))
    decided = (got == "W") | (got == "L")
    raw = sol.packed_remoteness.astype(np.int64)
    np.testing.assert_array_equal(np.abs(raw[decided]), np.array(remoteness, dtype=np.int64)[decided])
    assert np.all(raw[~decided] == -1)


def test_the_disk_caches_entry_is_the_same_byte_for_byte(tmp_path):
    # The entry's codes are written through the file piece by piece; its CRC-32 is taken as they go.
    with sweep_path("numpy"):
        a, _ = solve_cached(20_000, directory=tmp_path / "numpy")
    with sweep_path("kernel"):
        b, _ = solve_cached(20_000, directory=tmp_path / "kernel")
    _same(a, b)
    (meta_a,) = (tmp_path / "numpy").glob("*.json")
    (meta_b,) = (tmp_path / "kernel").glob("*.json")
    arrays = [json.loads(meta.read_text())["arrays"] for meta in (meta_a, meta_b)]
    assert arrays[0] == arrays[1] and arrays[0]["codes"]["crc32"]


# -- which path a solve takes ----------------------------------------------------------------------

_FRESH = """
import numpy as np
from solver.engine import solve
from solver.engine.sweep import _sweep_block_serial
from solver.engine.sweep_numpy import sweep_path
first = solve(20_000)
used_numpy = len(_sweep_block_serial.signatures) == 0
with sweep_path("kernel"):
    again = solve(20_000)
compiled = len(_sweep_block_serial.signatures) == 1
import solver.engine.sweep as sweep
sweep.sweep_block_numpy = None  # the kernel now, or a TypeError
solve(30_000)
print(used_numpy, compiled, len(_sweep_block_serial.signatures), np.array_equal(np.asarray(first.codes), np.asarray(again.codes)))
"""


@pytest.mark.slow
def test_a_fresh_install_sweeps_in_numpy_until_the_kernel_is_compiled_then_in_the_kernel(tmp_path):
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "numba"), PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", _FRESH], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True", "1", "True"]
    # A later process finds the kernel in numba's cache and sweeps with it.
    later = (
        "from solver.engine import solve, sweep; sweep.sweep_block_numpy = None; solve(20_000); "
        "print(len(sweep._sweep_block_serial.signatures))"
    )
    done = subprocess.run(
        [sys.executable, "-c", later],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0 and done.stdout.split() == ["1"], done.stderr


# -- the small game in Python: the kernels' arrays ---------------------------------------------


def _small_games(rule_name: str, bound: int):
    from solver.engine.put_or_take import small_game_limit
    from solver.engine.small_game import solve_small_game

    members = get_rule(rule_name).members(2 * bound)
    m = small_game_limit(members, bound)
    with sweep_path("numpy"):
        in_python = solve_small_game(members, bound, m)
    with sweep_path("kernel"):
        by_kernels = solve_small_game(members, bound, m)
    return in_python, by_kernels


@pytest.mark.parametrize("rule_name", ["put-or-take-a-square", "put-or-take-a-cube", "put-or-take-a-prime"])
def test_the_small_game_in_python_gives_the_kernels_arrays(rule_name):
    rng = random.Random(17)
    for bound in [*range(1, 120), *(rng.randrange(120, 10**5) for _ in range(5)), 10**6]:
        a, b = _small_games(rule_name, bound)
        assert a.m == b.m and a.cap == b.cap, (rule_name, bound)
        for got, want in zip(a[1:7], b[1:7], strict=True):
            assert got.dtype == want.dtype, (rule_name, bound)
            np.testing.assert_array_equal(got, want, err_msg=f"{rule_name} at {bound}")
