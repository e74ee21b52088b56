"""The Dask engine's threads: the GIL-free chunk kernel, the chunks kept in memory, one worker of threads.

The local cluster is one worker process whose threads run the chunk tasks
(``docs/dask.md`` section 3.3): its kernel must release the GIL and enter no
threading layer, and a chunk one task wrote is read by the next from memory.
Every comparison is with :func:`solver.engine.solve` (the single-process
solver) or with the store's files, never with output of the code under test.
"""

from __future__ import annotations

import argparse
import os
import pickle
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("distributed")
pytest.importorskip("zarr")

from solver.engine import dask as dask_engine
from solver.engine import solve
from solver.engine.kernels import IMPOSSIBLE
from solver.engine.put_or_take import sweep_all
from solver.engine.sweep import sweep_chunk_nogil
from solver.games import get_rule
from solver.store import dask_chunks
from solver.store import dask_store as layout
from solver.store.dask import run
from solver.store.dask_chunks import ChunkTable, read_range, write_chunk
from solver.store.dask_store import open_store

ROOT = Path(__file__).resolve().parents[1]
NONE = np.zeros(0, np.uint8)


def _chunks_top_down(rule: str, bound: int, chunk: int):
    """Label every chunk of a solve from the top down as Dask does, with the chunk tasks' kernel.

    Each chunk's put children come from the codes (and lower bounds) the
    kernel wrote for the chunks above.  Returns the codes, the lower bounds
    (zeros where the rule keeps none) and whether it keeps them.
    """
    members, game = dask_engine._small_game_task(bound, get_rule(rule))
    kept = dask_engine.keeps_bounds(get_rule(rule))
    the_plan = dask_engine.plan(bound, chunk, 1, rule=rule)
    m = game.m
    codes = np.full(bound + 1, 255, np.uint8)
    lam = np.zeros(bound + 1, np.uint8)
    so, high, lw, ll = game.arrays
    for task in sorted(the_plan.tasks, key=lambda t: (t.level, -t.index)):
        a, b, q0, q1 = task.first, task.last, task.read_first, task.read_last
        out = codes[a : b + 1]
        out_lam = lam[a : b + 1] if kept else NONE
        if a <= m:
            out[: min(b, m) - a + 1] = game.codes[a : min(b, m) + 1]
            if kept:
                out_lam[: min(b, m) - a + 1] = game.lam[a : min(b, m) + 1]
        if b <= m:
            continue
        inp = codes[q0 : q1 + 1].copy()
        inp_lam = lam[q0 : q1 + 1].copy() if kept else NONE
        lo = max(a, m + 1)
        sweep_chunk_nogil(
            lo, b, bound, members, out, a, inp, q0, out_lam, inp_lam, so, high, lw, ll, game.cap, IMPOSSIBLE
        )
    return codes, lam, kept


def _kept_bounds_in_memory(rule: str, bound: int) -> np.ndarray:
    """The lower bounds the single process's sweep keeps in memory (``sweep_all``, every piece of ``sweep_block``)."""
    members, game = dask_engine._small_game_task(bound, get_rule(rule))
    codes = np.full(bound + 1, 255, np.uint8)
    lam = np.zeros(bound + 1, np.uint8)
    codes[: game.m + 1], lam[: game.m + 1] = game.codes, game.lam
    sweep_all(members, bound, game, codes, lam, lambda _done: None)
    return lam


@pytest.mark.parametrize(
    ("rule", "bound", "chunk"),
    [
        ("put-or-take-a-square", 200_000, 4096),
        ("put-or-take-a-square", 10**6, 1 << 16),
        ("put-or-take-a-cube", 100_000, 2048),
        ("put-or-take-a-prime", 60_000, 4096),
        ("put-or-take-a-triangular-number", 60_000, 1024),
    ],
)
def test_the_chunk_kernel_labels_every_chunk_as_the_single_process(rule, bound, chunk):
    codes, lam, kept = _chunks_top_down(rule, bound, chunk)
    assert codes.tobytes() == solve(bound, rule=rule).codes.tobytes()
    if kept:
        assert lam.tobytes() == _kept_bounds_in_memory(rule, bound).tobytes()


@pytest.mark.slow
def test_the_nogil_kernel_releases_the_gil_and_enters_no_threading_layer(tmp_path):
    # A parallel loop would take numba's threading layer, which the work queue layer (numba's fallback)
    # does not let two threads of a worker enter at once.
    assert sweep_chunk_nogil.targetoptions.get("nogil") is True
    bound = 10_000
    # The small game is solved here: its own kernels may run in parallel, which would start the layer.
    (tmp_path / "small.pickle").write_bytes(pickle.dumps(dask_engine._small_game_task(bound)))
    script = textwrap.dedent(
        f"""
        import pickle, warnings
        warnings.simplefilter("error")
        import numba, numpy as np
        from solver.engine.kernels import IMPOSSIBLE
        from solver.engine.sweep import sweep_chunk_nogil
        members, game = pickle.loads(open({str(tmp_path / "small.pickle")!r}, "rb").read())
        a = game.m + 1
        out, none = np.empty({bound} - a + 1, np.uint8), np.zeros(0, np.uint8)
        sweep_chunk_nogil(
            a, {bound}, {bound}, members, out, a, none, {bound} + 1, none, none, *game.arrays, game.cap, IMPOSSIBLE
        )
        print(int(out[-1]))
        try:
            print("layer", numba.threading_layer())
        except ValueError:
            print("no layer")
        """
    )
    # Compiled afresh (a kernel loaded from numba's cache starts the layer's threads on loading, whether it
    # has a parallel loop or not): the threading layer starts only if the kernel has a parallel region.
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "numba-cache")}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(int(solve(bound).codes[bound])), "no", "layer"], done.stdout


def _store(tmp_path: Path, name: str, bound: int = 999, chunk: int = 256):
    import zarr

    layout._create_store(tmp_path / name, bound, chunk, get_rule("put-or-take-a-square"))
    return zarr.open_group(str(tmp_path / name), mode="r+")["codes"]


def _values(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    values = rng.integers(0, 40, n, dtype=np.uint8)
    values[rng.random(n) < 0.6] = 2
    return values


def test_a_chunk_from_the_table_is_what_its_file_holds_and_its_last_reader_drops_it(tmp_path):
    array = _store(tmp_path, "t.zarr")
    values = _values(1000, 3)
    table = ChunkTable(1 << 20)
    for c in range(3):  # the last chunk (cut by the bound) goes through zarr, and is not kept
        write_chunk(array, 256 * c, 256 * c + 255, values[256 * c : 256 * c + 256].copy(), table, "run", 2)
    assert len(table) == 3 and table.nbytes == 3 * 256
    files = [np.asarray(array[256 * c : 256 * c + 256]) for c in range(3)]
    assert [f.tobytes() for f in files] == [values[256 * c : 256 * c + 256].tobytes() for c in range(3)]
    first = read_range(array, 100, 700, table, "run")
    assert (table.hits, table.misses) == (3, 0)
    np.testing.assert_array_equal(first, np.asarray(array[100:701]))
    # A chunk of another solve into the same path is never taken.
    np.testing.assert_array_equal(read_range(array, 0, 255, table, "other"), files[0])
    assert table.hits == 3
    second = read_range(array, 0, 767, table, "run")  # each chunk's second and last read
    np.testing.assert_array_equal(second, np.asarray(array[0:768]))
    assert len(table) == 0 and table.nbytes == 0 and table.hits == 6
    # Dropped, the chunks are read from their files, the same values.
    np.testing.assert_array_equal(read_range(array, 0, 999, table, "run"), np.asarray(array[:]))
    into = np.full(2000, 7, np.uint8)
    found = read_range(array, 10, 900, table, "run", into)
    np.testing.assert_array_equal(found, np.asarray(array[10:901]))
    assert np.shares_memory(found, into)


def test_the_table_is_bounded_and_an_evicted_chunk_is_read_from_its_file(tmp_path):
    array = _store(tmp_path, "b.zarr", bound=4095, chunk=256)
    values = _values(4096, 4)
    table = ChunkTable(3 * 256)
    for c in range(16):
        write_chunk(array, 256 * c, 256 * c + 255, values[256 * c : 256 * c + 256].copy(), table, "run", 5)
        assert table.nbytes <= 3 * 256 and len(table) <= 3
    assert len(table) == 3  # the last three written
    np.testing.assert_array_equal(read_range(array, 0, 4095, table, "run"), values)
    assert (table.hits, table.misses) == (3, 13)
    assert not table.put(("run", "big"), np.zeros(4 * 256, np.uint8), 1)  # larger than the table: not kept
    assert not table.put(("run", "none"), np.zeros(8, np.uint8), 0)  # no reader: not kept
    with pytest.raises(ValueError, match="whole number of bytes"):
        ChunkTable(-1)
    table.clear()
    assert len(table) == 0 and table.nbytes == 0 and table.hits == 0


def test_a_chunk_whose_file_is_missing_reads_as_fill_unless_the_table_holds_it(tmp_path):
    array = _store(tmp_path, "m.zarr")
    values = _values(256, 5)
    table = ChunkTable(1 << 20)
    write_chunk(array, 256, 511, values.copy(), table, "run", 1)
    dask_chunks._chunk_path(array, 1).unlink()
    assert (read_range(array, 256, 511, None, "run") == 255).all()
    np.testing.assert_array_equal(read_range(array, 256, 511, table, "run"), values)
    assert (read_range(array, 256, 511, table, "run") == 255).all()  # its one reader took it


def test_the_local_cluster_is_one_worker_of_threads():
    from solver.store.dask_cluster import close_cluster, connect

    client, cluster = connect(None, 2, 30.0, False)
    try:
        workers = client.scheduler_info()["workers"]
        assert [w["nthreads"] for w in workers.values()] == [2]
    finally:
        close_cluster(client, cluster)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("rule", "bound", "chunk"), [("put-or-take-a-square", 10**6, 2048), ("put-or-take-a-cube", 100_000, 2048)]
)
def test_a_threaded_local_solve_equals_the_single_process_and_reads_from_memory(rule, bound, chunk, tmp_path):
    report = run(bound, store=tmp_path / "s.zarr", chunk=chunk, workers=2, rule=rule)
    expected = solve(bound, rule=rule)
    found = open_store(report.store)
    assert np.array_equal(found.store_codes[:], expected.codes)
    assert report.tally == expected.tally() and report.workers == 2
    the_plan = dask_engine.plan(bound, chunk, 2, rule=rule)
    reads = sum(len(t.depends_on) * t.arrays for t in the_plan.tasks)  # the codes, and the kept lower bounds
    from_memory = sum(t["from_memory"] for t in report.tasks)
    assert 0 < from_memory <= reads
    assert all(len(t["cpu_seconds"]) == 3 for t in report.tasks)


def test_the_memory_of_a_local_solve_is_one_worker_of_threads_with_its_table(tmp_path, monkeypatch):
    from solver.cli import dask as cli_dask
    from solver.engine.dask import CHUNK_TABLE_BYTES, PENDING_WRITES, WORKER_BASE_BYTES

    large = dask_engine.plan(10**10, None, 1, threads_per_worker=3)
    pending = PENDING_WRITES * large.chunk  # chunks waiting to be written uncompressed
    assert large.worker_peak_bytes == WORKER_BASE_BYTES + 3 * large.task_peak_bytes + CHUNK_TABLE_BYTES + pending
    small = dask_engine.plan(10**6, 4096, 1, threads_per_worker=2)  # the table never holds more than the solve writes
    assert small.bytes_written < CHUNK_TABLE_BYTES
    small_game = dask_engine._SMALL_NODE_BYTES * small.small_game_nodes
    assert small.worker_peak_bytes == WORKER_BASE_BYTES + max(
        2 * small.task_peak_bytes + small.bytes_written + PENDING_WRITES * 4096, small_game
    )
    passes = dask_engine.plan(10**6, 1 << 16, 1, rule="put-or-take-a-power-of-2")  # keeps no chunk
    assert passes.worker_peak_bytes == WORKER_BASE_BYTES + passes.task_peak_bytes
    need = dask_engine.plan(10**10, None, 1, threads_per_worker=4).worker_peak_bytes
    assert need < 4 * dask_engine.plan(10**10, None, 4).worker_peak_bytes  # one process, not four
    parser = argparse.ArgumentParser()
    cli_dask.add_engine_options(parser)
    parser.add_argument("--bound", type=int)
    args = parser.parse_args(["--bound", str(10**10), "--engine", "dask", "--workers", "4"])
    args.store = str(tmp_path / "m.zarr")
    args.max_seconds = 1  # past the memory, the time refuses it: nothing starts
    monkeypatch.setattr(cli_dask.budget, "usable_memory", lambda: need - 1)
    with pytest.raises(ValueError, match=r"4 local workers need .* of memory"):
        cli_dask.run_dask_solve(args)
    monkeypatch.setattr(cli_dask.budget, "usable_memory", lambda: need)
    with pytest.raises(ValueError, match="--max-seconds"):
        cli_dask.run_dask_solve(args)
