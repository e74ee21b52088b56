"""The Dask engine's kept chunks: a worker copies the chunks it wrote or decoded from memory.

A chunk task of a solve by the sweep keeps the chunk it writes and the chunks
it decodes (``solver.store.dask_chunks``), and is placed on the worker whose
part of the range holds its put children (``solver.engine.dask.home_worker``).
The codes are compared with the single-process solve and with the store read
back through zarr, never with output of the code under test.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("distributed")
pytest.importorskip("zarr")

from solver.engine import solve
from solver.engine.dask import KEPT_BYTES, WORKER_BASE_BYTES, home_worker, plan
from solver.games import get_rule
from solver.store import dask_chunks
from solver.store.dask import run
from solver.store.dask_store import _create_store, open_store


@pytest.fixture(scope="module")
def address():
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        yield cluster.scheduler_address


@pytest.mark.slow
@pytest.mark.parametrize(("bound", "chunk"), [(12_345, 256), (10**6, 2048)])
def test_a_solve_copies_most_chunks_it_reads_and_equals_the_single_process(bound, chunk, address, tmp_path):
    report = run(bound, scheduler=address, store=tmp_path / "k.zarr", chunk=chunk)
    kept = sum(t["chunks_kept_decoded"][0] for t in report.tasks)
    decoded = sum(t["chunks_kept_decoded"][1] for t in report.tasks)
    # Most chunks a task reads come from its worker's memory, not from the store's files.
    assert kept > 2 * decoded > 0
    expected = solve(bound)
    assert report.tally == expected.tally()
    import zarr

    stored = zarr.open_group(str(tmp_path / "k.zarr"), mode="r")["codes"][:]
    assert np.array_equal(stored, expected.codes)
    assert np.array_equal(open_store(tmp_path / "k.zarr").store_codes[:], expected.codes)


def _store(tmp_path: Path, bound: int, chunk: int):
    import zarr

    run_id = _create_store(tmp_path / "s.zarr", bound, chunk, get_rule(None))
    return zarr.open_group(str(tmp_path / "s.zarr"), mode="r+")["codes"], str(tmp_path / "s.zarr"), run_id


def test_kept_chunks_read_as_the_store_reads_back(tmp_path):
    bound, w = 256 * 9 + 100, 256  # ten chunks, the last one cut by the bound
    codes, path, run_id = _store(tmp_path, bound, w)
    rng = np.random.default_rng(3)
    values = rng.integers(0, 254, bound + 1).astype(np.uint8)
    key = (path, run_id, "codes")
    dask_chunks._KEPT.clear()
    for a in range(0, bound + 1, w):
        b = min(bound, a + w - 1)
        dask_chunks.write_chunk(codes, a, b, values[a : b + 1].copy(), key)
    back = codes[:]  # zarr reads the files back
    assert np.array_equal(back, values)
    for lo, hi in [(0, bound), (5, 5), (250, 1030), (256 * 3, 256 * 4 - 1), (bound - 300, bound)]:
        counts = [0, 0]
        found = dask_chunks.read_range(codes, lo, hi, key, counts)
        assert np.array_equal(found, back[lo : hi + 1])
        assert counts == [hi // w - lo // w + 1, 0]  # every chunk from memory
        # Into a buffer of its own, and without the kept chunks: the same.
        into = dask_chunks.scratch(hi - lo + 1)
        assert np.array_equal(dask_chunks.read_range(codes, lo, hi, None, None, into), back[lo : hi + 1])
    # Another solve's key finds nothing kept: each chunk is decoded once, then kept.
    other = (path, "another-run", "codes")
    counts = [0, 0]
    assert np.array_equal(dask_chunks.read_range(codes, 100, 900, other, counts), back[100:901])
    assert counts == [0, 4]
    assert np.array_equal(dask_chunks.read_range(codes, 100, 900, other, counts), back[100:901])
    assert counts == [4, 4]
    dask_chunks._KEPT.clear()


def test_the_kept_chunks_stay_within_their_bytes_and_a_dropped_one_is_written_over():
    kept = dask_chunks._KeptChunks(most=3 * 1000)
    arrays = [np.full(1000, i, np.uint8) for i in range(5)]
    for i, values in enumerate(arrays):
        kept.put(("p", "r", "codes", i), values)
        assert kept.bytes <= kept.most
    dest = np.empty(10, np.uint8)
    assert not kept.copy_into(("p", "r", "codes", 0), 0, dest)  # dropped, the oldest
    assert kept.copy_into(("p", "r", "codes", 4), 990, dest) and (dest == 4).all()
    spare = kept.take_spare(1000)
    assert spare is arrays[1]  # the last one dropped, no longer kept
    assert not kept.copy_into(("p", "r", "codes", 1), 0, dest)
    assert kept.take_spare(1000) is None
    kept.put(("p", "r", "codes", 9), np.zeros(5000, np.uint8))  # larger than the whole: not kept
    assert kept.bytes <= kept.most and not kept.copy_into(("p", "r", "codes", 9), 0, dest)


@pytest.mark.parametrize("workers", [2, 3, 16])
def test_a_chunk_task_reads_mostly_chunks_of_its_own_worker_and_every_level_is_shared(workers):
    bound = 10**10
    the_plan = plan(bound, 1 << 22, workers)
    home = [home_worker(task, bound, workers) for task in the_plan.tasks]
    reads = [(task.index, d) for task in the_plan.tasks for d in task.depends_on]
    same = sum(home[c] == home[d] for c, d in reads)
    assert same >= 0.9 * len(reads)
    for level in range(len(the_plan.levels)):
        at = [home[t.index] for t in the_plan.tasks if t.level == level]
        if len(at) >= 8 * workers:
            shares = np.bincount(at, minlength=workers)
            assert shares.max() - shares.min() <= 0.1 * len(at) / workers + 2, (level, shares)


def test_the_plan_counts_the_kept_chunks_in_a_workers_memory():
    by_sweep = plan(10**9, 1 << 24, 2)
    assert by_sweep.worker_peak_bytes >= WORKER_BASE_BYTES + by_sweep.task_peak_bytes + KEPT_BYTES
    by_passes = plan(10**6, 1 << 16, 2, rule="put-or-take-a-power-of-2")
    assert by_passes.worker_peak_bytes < WORKER_BASE_BYTES + by_passes.task_peak_bytes + KEPT_BYTES
