"""Grundy values of octal games in numpy (``solver.impartial.octal_numpy``): the kernels' answers, no compilation.

While the plain Grundy kernel, the sparse-space kernel and the period search
are neither compiled nor in numba's cache, a first view computes in numpy.
These tests check each numpy path against its kernel (values, rare heaps and
the sparse-space method's counts of work) and against the brute force of
``tests/naive_impartial.py``, and that a fresh process (an empty numba
cache) answers Couples are Forever's first view, its periodicity check
included, without compiling any kernel of the solver.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from naive_impartial import octal_grundy

import solver.uncompiled as uncompiled
from solver.impartial.octal_codes import parse_octal
from solver.impartial.octal_grundy import grundy_values
from solver.impartial.octal_numpy import (
    candidate_period_numpy,
    find_period_numpy,
    plain_numpy,
    rare_counts_numpy,
    sparse_numpy,
)
from solver.impartial.octal_period import _candidate_period, _find_period, periodicity
from solver.impartial.sparse import _rare_counts, _rare_heaps, _sparse_kernel, sparse_grundy
from solver.uncompiled import compiled_only

ROOT = Path(__file__).resolve().parent.parent

#: Codes with and without splits: Couples are Forever's 0.6, Kayles, Dawson's Kayles, 0.137, codes of 4.x.
CODES = ["0.6", "0.77", "0.07", "0.137", "4.7", "0.4", "0.26", "0.3777", "4.04", "0.03"]
SPLIT_CODES = [c for c in CODES if any(d & 4 for d in parse_octal(c).digits)]


@pytest.fixture
def not_compiled(monkeypatch):
    """Every kernel reads as neither compiled nor in numba's cache, as on a fresh install."""
    monkeypatch.setattr(uncompiled, "kernel_ready", lambda kernel, args: False)


def digits_of(code: str) -> np.ndarray:
    return np.array(parse_octal(code).digits, dtype=np.int64)


@pytest.mark.parametrize("code", CODES)
def test_the_plain_mex_in_numpy_gives_the_kernels_values_and_the_brute_forces(code):
    digits = digits_of(code)
    with compiled_only():
        by_kernel = grundy_values(code, 3000, method="plain")
    assert np.array_equal(plain_numpy(digits, 3000), by_kernel)
    assert np.array_equal(plain_numpy(digits, 3000, prefix=by_kernel[:1234]), by_kernel)  # continued from a prefix
    assert plain_numpy(digits, 80).tolist() == octal_grundy(parse_octal(code).digits, 80)


@pytest.mark.parametrize("code", SPLIT_CODES)
@pytest.mark.parametrize("start", [2, 300])
def test_the_sparse_space_method_in_numpy_does_what_its_kernel_does(code, start):
    digits = digits_of(code)
    with compiled_only():
        values = grundy_values(code, 2500, method="plain").astype(np.int32)
    for mask in (1, 3, 6, 110):
        found = {}
        for name, step in (("kernel", _sparse_kernel), ("numpy", sparse_numpy)):
            g = np.zeros(2501, np.int32)
            g[:start] = values[:start]
            rare = _rare_heaps(g, start, mask)
            counters = np.zeros(4, np.int64)
            heaps, rare_values, nrare = step(digits, g, start, 2501, mask, rare, g[rare], rare.shape[0], counters)
            found[name] = (g, heaps[:nrare], rare_values[:nrare], counters)
        kernel, numpy_ = found["kernel"], found["numpy"]
        assert np.array_equal(numpy_[0], values)
        for ours, theirs in zip(numpy_, kernel, strict=True):
            assert np.array_equal(ours, theirs)


@pytest.mark.parametrize("code", SPLIT_CODES)
def test_the_sparse_space_driver_in_numpy_gives_the_kernels_values_and_counts(code, not_compiled):
    digits = digits_of(code)
    prefix = octal_grundy(parse_octal(code).digits, 40)
    by_numpy = sparse_grundy(digits, np.array(prefix, np.int64), 9000)
    with compiled_only():
        by_kernel = sparse_grundy(digits, np.array(prefix, np.int64), 9000)
    assert np.array_equal(by_numpy[0], by_kernel[0])
    assert by_numpy[1] == by_kernel[1]  # the masks chosen, the rare heaps and every count of work
    assert by_numpy[0][:41].tolist() == prefix


def test_the_rare_counts_in_numpy_are_the_kernels():
    counts = np.bincount(np.random.default_rng(7).integers(0, 300, 5000))
    for bits in (1, 5, 9):
        low = np.zeros(1 << bits, np.int64)
        np.add.at(low, np.arange(counts.shape[0]) & ((1 << bits) - 1), counts)
        assert np.array_equal(rare_counts_numpy(low, bits), _rare_counts(low, bits))


def _sequences():
    """Values of octal games (periodic, or not within the data) and sequences with a long preperiod."""
    found = []
    for code in CODES:
        with compiled_only():
            found.append((grundy_values(code, 1500, method="plain"), parse_octal(code).max_removal))
    tail = np.tile(np.array([1, 2, 3, 1, 5], np.int64), 200)
    found.append((np.concatenate([np.arange(700, dtype=np.int64), tail]), 1))
    found.append((np.zeros(1, np.int64), 1))
    found.append((np.random.default_rng(3).integers(0, 3, 900), 2))
    return found


def test_the_period_search_in_numpy_finds_what_its_kernels_find():
    for values, top in _sequences():
        assert find_period_numpy(values, top) == _find_period(values, top)
        for repeats in (2, 3):
            assert candidate_period_numpy(values, repeats) == _candidate_period(values, repeats)


@pytest.mark.parametrize("code", ["0.6", "0.77", "0.137"])
def test_uncompiled_the_periodicity_and_the_values_past_the_sparse_threshold_are_the_kernels(code, not_compiled):
    by_numpy = periodicity(code), grundy_values(code, 26000)
    with compiled_only():
        by_kernel = periodicity(code), grundy_values(code, 26000)
    assert by_numpy[0] == by_kernel[0]
    assert np.array_equal(by_numpy[1], by_kernel[1])


_FIRST_VIEW = """
import json
from numba.core import event

compiled = []


class Count(event.Listener):
    def on_start(self, ev):
        pass

    def on_end(self, ev):
        compiled.append(ev.data["dispatcher"].py_func.__module__ + "." + ev.data["dispatcher"].py_func.__name__)


event.register("numba:compile", Count())

from dashboard.tabs.finite.views.octal import DEFAULT_HEAPS_N, periodicity_for
from solver.impartial.registry import impartial_game

game = impartial_game("couples-are-forever")
found = periodicity_for(game.name)
values = game.grundy_sequence(DEFAULT_HEAPS_N)
print(json.dumps({
    "compiled": [m for m in compiled if m.startswith("solver")],
    "periodicity": [found.period, found.preperiod, found.proved, found.checked_to],
    "values": [int(v) for v in values],
}))
"""


@pytest.mark.slow
def test_a_fresh_installs_first_view_of_couples_are_forever_compiles_no_kernel(tmp_path):
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "numba"), PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", _FIRST_VIEW], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["compiled"] == []  # neither the Grundy kernels nor the period search compiled
    from dashboard.tabs.finite.views.octal import DEFAULT_HEAPS_N, periodicity_for

    with compiled_only():
        found = periodicity_for("couples-are-forever")
    assert result["periodicity"] == [found.period, found.preperiod, found.proved, found.checked_to]
    below = octal_grundy(parse_octal("0.6").digits, DEFAULT_HEAPS_N - 1)
    assert result["values"] == [0, *below]  # a pile of h tokens is the heap of h - 1 of 0.6
