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
from solver.engine.sweep import block_start, fast_codes
from solver.engine.sweep_numpy import (
    NUMPY_SWEEP_MAX,
    block_start_numpy,
    chosen_path,
    fast_codes_numpy,
    sweep_path,
)
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
