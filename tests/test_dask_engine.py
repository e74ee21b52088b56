"""The Dask engine (solver.engine.dask) against the single-process solver.

Every comparison is with :func:`solver.engine.solving.solve`, never with output of the
code under test.  One LocalCluster of 2 worker *processes* serves the module: it
starts in about 2 s here, and processes are what a real cluster runs (pickled
tasks, numba kernels loaded in each worker, no shared memory), so threads would
test less.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import re
import shutil
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("distributed")
pytest.importorskip("zarr")

from solver.analysis.records import records
from solver.cli.dask import add_engine_options, check_engine_options, run_dask_solve
from solver.engine import dask as dask_engine
from solver.engine import dask_passes, solve
from solver.engine import solving as retrograde
from solver.engine.dask import plan
from solver.engine.kernels import IMPOSSIBLE
from solver.engine.sweep import sweep_chunk_nogil
from solver.errors import DaskEngineError
from solver.games import get_rule
from solver.store import dask as dask_store
from solver.store import dask_chunks
from solver.store import dask_store as layout
from solver.store import disk as cache
from solver.store.dask import run, solve_dask
from solver.store.dask_codes import ZarrCodes
from solver.store.dask_store import open_cached, open_store, read_store_info


@pytest.fixture(scope="module")
def cluster():
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as found:
        yield found


@pytest.fixture(scope="module")
def address(cluster) -> str:
    return cluster.scheduler_address


@pytest.fixture(scope="module")
def reference():
    cache: dict[int, object] = {}

    def get(bound: int):
        if bound not in cache:
            cache[bound] = solve(bound)
        return cache[bound]

    return get


#: The kept lower bounds of a one-byte solve: none (an empty array for the kernel's two).
NONE = np.zeros(0, np.uint8)

# (bound, chunk): chunks small enough that the graph has several levels (10 at
# 10**6), and at 10**6 a chunk that lies wholly inside the small game (M = 2,826
# > 2048) and one across its end.  (Chunks of 1024 there made 977 tasks, twice
# the 489 of 2048, for no other path of the code.)
CASES = [(1, None), (2, None), (10, None), (1000, 256), (12345, 1024), (10**6, 2048), (10**7, 1 << 20)]


def _numba_cache_place() -> tuple[str | None, str]:
    """Where numba's cache of the engine's kernels is: ``NUMBA_CACHE_DIR`` if set, else beside the sources."""
    from solver.engine import sweep

    return os.environ.get("NUMBA_CACHE_DIR"), str(Path(sweep.__file__).resolve())


@pytest.mark.slow
def test_the_workers_use_this_process_numba_cache(address):
    # The kernels compiled ahead (CI: solver.compiling.compile_dask_kernels) are loaded by the workers, not
    # compiled again by each, only if they look in the same cache.
    from distributed import Client

    with Client(address) as client:
        seen = client.run(_numba_cache_place)
    assert len(seen) == 2 and set(seen.values()) == {_numba_cache_place()}


@pytest.mark.slow
@pytest.mark.parametrize(("bound", "chunk"), CASES)
def test_identical_to_single_process(bound, chunk, address, reference, tmp_path):
    found = solve_dask(bound, scheduler=address, store=tmp_path / "s.zarr", chunk=chunk)
    expected = reference(bound)
    assert found.bound == bound
    assert expected.codes is not None
    assert found.store_codes.dtype == np.uint8 and found.store_codes.shape == (bound + 1,)
    assert np.array_equal(found.store_codes[:], expected.codes)
    assert found.outcome.dtype == np.int8 and found.packed_remoteness.dtype == np.int16
    assert np.array_equal(found.outcome[:], expected.outcome[:])
    assert np.array_equal(found.packed_remoteness[:], expected.packed_remoteness[:])


def test_chunk_kernel_matches_global_sweep(reference):
    """The sweep kernel a chunk task runs, on arbitrary chunks, fed from the single-process result."""
    bound = 200_000
    expected = reference(bound)
    members, game = dask_engine._small_game_task(bound)
    m = game.m
    assert np.array_equal(game.codes, expected.codes[: m + 1])
    rng = np.random.default_rng(5)
    cuts = [(0, 999), (m - 10, m + 500), (bound - 777, bound), (50_000, 99_999), (1, 1)]
    cuts += [tuple(sorted(int(x) for x in rng.integers(0, bound + 1, 2))) for _ in range(6)]
    for a, b in cuts:
        q0 = b + 1
        q1 = min(bound, dask_engine._put(b, members)) if b > m else b
        inp = expected.codes[q0 : q1 + 1].copy()
        out = np.full(b - a + 1, 255, np.uint8)
        if a <= m:
            out[: min(b, m) - a + 1] = game.codes[a : min(b, m) + 1]
        if b > m:
            lo = max(a, m + 1)
            sweep_chunk_nogil(lo, b, bound, members, out, a, inp, q0, NONE, NONE, *game.arrays, game.cap, IMPOSSIBLE)
        assert np.array_equal(out, expected.codes[a : b + 1]), (a, b)


@pytest.mark.slow
def test_store_round_trip_and_reuse(address, reference, tmp_path):
    bound, chunk = 54_321, 4096
    path = tmp_path / "deep" / "store.zarr"
    report = run(bound, scheduler=address, store=path, chunk=chunk)
    expected = reference(bound)
    assert not report.cached and report.workers == 2
    assert report.tally == expected.tally()
    info = read_store_info(path)
    assert info["bound"] == bound and info["rule"] == "put-or-take-a-square" and info["complete"] is True
    assert info["chunk"] == chunk
    assert info["tally"] == expected.tally()
    loaded = open_store(str(path))
    assert loaded == expected and loaded.rule.name == expected.rule.name
    # The arrays are zarr arrays with the documented chunking.
    import zarr

    group = zarr.open_group(str(path), mode="r")
    assert sorted(group.array_keys()) == ["codes"]
    assert group["codes"].chunks == (chunk,) and group["codes"].dtype == np.uint8
    assert info["format"] == 3 and info["layout"] == "codes"
    # A finished store of the same bound is reopened, not solved again.
    again = run(bound, scheduler="tcp://0.0.0.0:1", store=path, chunk=chunk)
    assert again.cached and again.tasks == () and again.tally == report.tally
    # Of another bound: refused.
    with pytest.raises(ValueError, match="finished solve to bound 54321"):
        run(1000, scheduler=address, store=path)


def test_unfinished_store_is_refused_then_overwritten(address, reference, tmp_path):
    path = tmp_path / "u.zarr"
    layout._create_store(path, 5000, 1024, solve(1).rule)
    with pytest.raises(ValueError, match="unfinished"):
        open_store(path)
    found = solve_dask(3000, scheduler=address, store=path, chunk=1024)
    assert found == reference(3000)


def test_plan_matches_tasks_run(address, tmp_path):
    bound, chunk = 300_000, 8192
    the_plan = plan(bound, chunk, 2)
    report = run(bound, scheduler=address, store=tmp_path / "p.zarr", chunk=chunk)
    assert len(report.tasks) == len(the_plan.tasks) == bound // chunk + 1
    for planned, ran in zip(the_plan.tasks, report.tasks):
        assert (planned.first, planned.last) == (ran["first"], ran["last"])
        assert planned.bytes_read == ran["bytes_read"]
        assert planned.bytes_written == ran["bytes_written"]
    assert sum(t["bytes_written"] for t in report.tasks) == the_plan.bytes_written == bound + 1
    assert sum(t["bytes_read"] for t in report.tasks) == the_plan.bytes_read
    assert sum(level[1] for level in the_plan.levels) == bound + 1
    assert max(t.read_positions for t in the_plan.tasks) < the_plan.task_peak_bytes
    # Every put child a chunk needs is its own or in its dependencies, all above it.
    for task in the_plan.tasks:
        lo = max(task.first, the_plan.m + 1)
        if task.last <= the_plan.m:
            assert task.depends_on == () and task.level == 0
            continue
        low_put = lo + np.int64(np.sqrt(lo)) ** 2
        assert task.read_positions == 0 or task.read_first == max(task.last + 1, int(low_put))
        for d in task.depends_on:
            assert d > task.index and the_plan.tasks[d].level < task.level
        covered = {p for d in task.depends_on for p in (the_plan.tasks[d].first, the_plan.tasks[d].last)}
        if task.depends_on:
            assert min(covered) <= task.read_first and max(covered) >= task.read_last
    # The top half of the range depends on nothing.
    assert all(t.level == 0 for t in the_plan.tasks if t.first > bound // 2 + 1)


@pytest.mark.slow
def test_plan_memory_is_bounded_by_the_chunk():
    small, large = plan(10**9, 1 << 22, 4), plan(10**12, 1 << 22, 4)
    assert large.task_peak_bytes < 20 * (1 << 22) + large.broadcast_bytes
    assert small.task_peak_bytes <= large.task_peak_bytes
    assert len(large.levels) > len(small.levels)
    with pytest.raises(ValueError, match="choose a chunk of at least"):
        plan(10**12, 1024)


@pytest.mark.slow
def test_unreachable_scheduler_fails_fast(tmp_path, monkeypatch):
    # Fast because the given timeout (1 s) reaches the client, not distributed's own (30 s): that is
    # what is checked, rather than a wall-clock time, which a busy machine stretches.
    import distributed

    timeouts = []

    class Client(distributed.Client):  # the real client, recording the timeout it is given
        def __init__(self, *args, **kwargs):
            timeouts.append(kwargs.get("timeout"))
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(distributed, "Client", Client)
    with pytest.raises(ValueError, match=re.escape("cannot reach the Dask scheduler at tcp://127.0.0.1:9 within 1 s")):
        solve_dask(100, scheduler="tcp://127.0.0.1:9", store=tmp_path / "s.zarr", timeout=1)
    assert timeouts == [1]
    assert not (tmp_path / "s.zarr").exists()


def test_failing_task_is_reported(address, tmp_path, monkeypatch):
    path = tmp_path / "f.zarr"
    # Workers see the store, then it disappears: the chunk tasks fail.
    original = dask_store._create_store

    def create_then_break(where, *args):
        original(where, *args)
        (where / "codes" / "zarr.json").unlink()
        return "broken"

    monkeypatch.setattr(dask_store, "_create_store", create_then_break)
    with pytest.raises(DaskEngineError, match="task of the Dask solve failed"):
        run(5000, scheduler=address, store=path, chunk=1024)
    with pytest.raises(ValueError, match="unfinished"):
        read_store_info(path)


def test_open_store_reads_lazily(address, reference, tmp_path):
    bound, chunk = 100_000, 4096
    path = tmp_path / "lazy.zarr"
    run(bound, scheduler=address, store=path, chunk=chunk)
    expected = reference(bound)
    want = expected.codes
    found = open_store(path)
    codes = found.store_codes
    assert isinstance(codes, ZarrCodes) and found.codes is None
    assert found.mapped and found.nbytes == bound + 1 and found.compact() is found
    assert found.arrays() == {"codes": codes}
    # value() reads one chunk, and keeps it for the next position nearby.
    reads: list[int] = []
    real = codes._array

    class Counting:
        def __getitem__(self, key):
            reads.append(key.stop - key.start)
            return real[key]

    codes._array = Counting()
    assert found.value(77_777) == expected.value(77_777)
    assert found.value(77_778) == expected.value(77_778)
    assert found.remoteness_at_most(77_000) == expected.remoteness_at_most(77_000)
    assert reads == [chunk]
    codes._array = real
    # What commands and the dashboard read.
    assert found.tally() == expected.tally()
    assert found.tally(12_345) == expected.tally(12_345)
    assert found.counts(4096) == expected.counts(4096)
    assert records(found) == records(expected)
    assert np.array_equal(found.outcome[1 : bound + 1], expected.outcome[1 : bound + 1])
    assert np.array_equal(found.packed_remoteness[5:9000:7], expected.packed_remoteness[5:9000:7])
    assert np.array_equal(found.positions_with(5), expected.positions_with(5))
    assert found == expected and expected == found and found == open_store(path)
    assert pickle.loads(pickle.dumps(found)) == expected
    # Indexing as numpy does.
    mask = np.zeros(bound + 1, bool)
    mask[[0, 4095, 4096, bound]] = True
    keys = [
        slice(None),
        slice(5, 9000, 7),
        slice(90_000, 3, -13),
        slice(None, None, -1),
        slice(4090, 4100),
        slice(4000, 4000 + 2 * chunk + 5),
        slice(bound + 5, None),
        ...,
        np.array([[3, 99_999], [4096, -2]]),
        [5, 5, 1],
        [],
        mask,
    ]
    for key in keys:
        assert np.array_equal(codes[key], want[key]), key
    for i in (0, 1, 4095, 4096, bound, -1, -bound - 1, np.int64(7)):
        assert codes[i] == want[i] and type(codes[i]) is type(want[i])
    for bad in (bound + 1, -bound - 2, np.array([bound + 1]), True, 1.5, (1, 2)):
        with pytest.raises(IndexError):
            codes[bad]
    assert np.array_equal(np.asarray(codes), want) and len(codes) == bound + 1 and list(codes)[:9] == list(want[:9])


def test_lost_chunk_is_never_served(address, tmp_path):
    bound, chunk = 20_000, 1024
    path = tmp_path / "lost.zarr"
    run(bound, scheduler=address, store=path, chunk=chunk)
    found = open_store(path)
    (path / "codes" / "c" / "3").unlink()
    with pytest.raises(DaskEngineError, match="lost the chunk holding position 3,072"):
        found.value(3 * chunk + 5)
    with pytest.raises(DaskEngineError, match="lost the chunk"):
        found.tally()
    with pytest.raises(ValueError, match="damaged: 19 of its 20 chunks are written"):
        open_store(path)
    assert open_cached(path, bound) is None
    with pytest.raises(ValueError, match="damaged"):
        run(bound, scheduler=address, store=path, chunk=chunk)


def test_format_1_store_is_refused_with_a_clear_message(tmp_path):
    import zarr

    path = tmp_path / "old.zarr"
    group = zarr.open_group(str(path), mode="w")
    for name, dtype in (("outcome", "int8"), ("remoteness", "int16")):
        group.create_array(name, shape=(1001,), chunks=(1001,), dtype=dtype)
    tally = {"W": 500, "L": 300, "D": 100, "U": 100, "max_remoteness": 9, "bounded": 3}
    group.attrs.update(
        {
            "engine": layout._ENGINE,
            "format": 1,
            "rule": "put-or-take-a-square",
            "bound": 1000,
            "chunk": 1001,
            "complete": True,
            "tally": tally,
            "seconds": 1.0,
        }
    )
    with pytest.raises(ValueError, match=r"has format 1 \(arrays outcome and remoteness.*earlier release"):
        open_store(path)
    with pytest.raises(ValueError, match=r"format 1 .*remove it or choose another path"):
        run(1000, store=path)
    assert open_cached(path, 1000) is None


@pytest.mark.parametrize(
    ("change", "match"),
    [
        ({"bound": "3000"}, "\"bound\" is '3000'"),
        ({"bound": True}, '"bound"'),
        ({"bound": 3001}, "codes array has shape \\(3001,\\)"),
        ({"chunk": 0}, '"chunk"'),
        ({"chunk": 512}, "chunks \\(1024,\\)"),
        ({"tally": None}, '"tally"'),
        ({"tally": {"W": 1}}, '"tally"'),
        ({"seconds": -1}, '"seconds"'),
        ({"layout": None}, '"layout"'),
        ({"rule": "put-or-take-a-prime"}, '"rule"'),
        ({"complete": "yes"}, "unfinished"),
        ({"format": True}, "format True"),
        ({"format": 4}, "format 4; this release reads format 3"),
    ],
)
@pytest.mark.slow
def test_damaged_attributes_are_refused(change, match, address, tmp_path):
    path = tmp_path / "a.zarr"
    run(3000, scheduler=address, store=path, chunk=1024)
    meta = json.loads((path / "zarr.json").read_text())
    meta["attributes"].update(change)
    if change.get("bound") == 3001:  # counts that fit the bound: the array's shape is what fails
        meta["attributes"]["tally"]["U"] += 1
    (path / "zarr.json").write_text(json.dumps(meta))
    with pytest.raises(ValueError, match=match):
        open_store(path)
    assert open_cached(path, 3000) is None


def _never_solve(monkeypatch) -> None:
    def refuse(*args, **kwargs):
        raise AssertionError("solved instead of reading the Dask store")

    monkeypatch.setattr(cache, "solve", refuse)
    monkeypatch.setattr(retrograde, "solve", refuse)


def test_cache_serves_a_finished_dask_store(address, reference, tmp_path, monkeypatch):
    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path / "cache"))
    bound = 30_000
    report = run(bound, scheduler=address, chunk=4096)
    assert Path(report.store) == tmp_path / "cache" / "dask" / f"{cache.KEY}-B{bound}.zarr"
    _never_solve(monkeypatch)
    found, cached = cache.solve_cached(bound)
    assert cached and isinstance(found.store_codes, ZarrCodes)
    assert found == reference(bound) and found.tally() == reference(bound).tally()
    larger, cached = cache.solve_cached(bound - 1000, allow_larger=True)
    assert cached and larger.bound == bound
    assert cache.find(bound - 1000) is None
    assert cache.find(bound + 1, allow_larger=True) is None
    assert cache.find(bound, rule="put-or-take-a-prime") is None
    # A store at another name in the cache, or of another release, is not looked at.
    shutil.copytree(report.store, tmp_path / "cache" / "dask" / f"{cache.KEY}-B0{bound + 1}.zarr")
    shutil.copytree(report.store, tmp_path / "cache" / "dask" / f"squares-v1-0.0.1-B{bound + 2}.zarr")
    assert cache.find(bound + 1) is None and cache.find(bound + 2) is None


def test_cache_prefers_its_entry_and_never_serves_a_damaged_store(address, reference, tmp_path, monkeypatch):
    import zarr

    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path / "cache"))
    bound = 8000
    path = Path(run(bound, scheduler=address, chunk=1024).store)
    # Unfinished: not served; the cache solves instead.
    zarr.open_group(str(path), mode="r+").attrs.update({"complete": False})
    assert cache.find(bound) is None
    found, cached = cache.solve_cached(bound)
    assert not cached and found == reference(bound) and isinstance(found.codes, np.memmap)
    # Finished again: the cache's own entry wins.
    zarr.open_group(str(path), mode="r+").attrs.update({"complete": True})
    assert isinstance(open_store(path).store_codes, ZarrCodes)
    assert isinstance(cache.find(bound).codes, np.memmap)
    # A larger store with a lost chunk is skipped, never served.
    larger = Path(run(9000, scheduler=address, chunk=1024).store)
    _never_solve(monkeypatch)
    assert cache.find(8500, allow_larger=True).store_codes.shape == (9001,)
    (larger / "codes" / "c" / "2").unlink()
    assert cache.find(8500, allow_larger=True) is None
    assert cache.find(7000, allow_larger=True).bound == bound


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bound", type=int, required=True)
    parser.add_argument("--json", action="store_true")
    add_engine_options(parser)
    return parser.parse_args(argv)


def test_cli_json(address, reference, tmp_path, capsys):
    store = tmp_path / "cli.zarr"
    args = _parse(["--bound", "20000", "--engine", "dask", "--scheduler", address, "--store", str(store), "--json"])
    args.chunk = 2048
    result = run_dask_solve(args)
    printed = json.loads(capsys.readouterr().out)
    assert printed == result
    expected = reference(20000).tally()
    assert {k: result[k] for k in ("W", "L", "D", "U")} == {k: expected[k] for k in ("W", "L", "D", "U")}
    assert result["max_remoteness"] == expected["max_remoteness"]
    assert result["bounded_remoteness"] == expected["bounded"]
    assert result["engine"] == "dask" and result["workers"] == 2 and result["chunks"] == 20000 // 2048 + 1
    assert result["store"] == os.fspath(store.absolute()) and result["cached"] is False
    for key in ("rule", "bound", "seconds", "peak_rss_bytes", "worker_peak_rss_bytes"):
        assert key in result
    # The default chunk, clamped to a small bound.
    small = _parse(["--bound", "700", "--engine", "dask", "--scheduler", address, "--store", str(tmp_path / "b.zarr")])
    assert run_dask_solve(small)["chunks"] == 1
    assert open_store(tmp_path / "b.zarr") == reference(700)
    with pytest.raises(ValueError, match="scheduler address 'bogus!!' is not valid"):
        run_dask_solve(_parse(["--bound", "700", "--engine", "dask", "--scheduler", "bogus!!"]))


@pytest.mark.slow
def test_cli_refusals(tmp_path):
    args = _parse(["--bound", "100", "--engine", "dask", "--store", str(tmp_path / "r.zarr")])
    args.rule = "subtract-a-square"
    with pytest.raises(ValueError, match="only the put-or-take rules"):
        run_dask_solve(args)
    args = _parse(["--bound", str(10**12), "--engine", "dask", "--store", str(tmp_path / "r.zarr")])
    args.max_seconds = 60
    with pytest.raises(ValueError, match="--max-seconds"):
        run_dask_solve(args)
    # The threads of the local cluster's one worker share its base memory: a large chunk on many of them.
    args = _parse(["--bound", str(10**12), "--engine", "dask", "--workers", "1000", "--chunk", str(1 << 29)])
    with pytest.raises(ValueError, match="memory"):
        run_dask_solve(args)
    with pytest.raises(ValueError, match="--store needs --engine dask"):
        check_engine_options(_parse(["--bound", "10", "--store", "x"]))
    check_engine_options(_parse(["--bound", "10", "--engine", "dask", "--store", "x"]))
    with pytest.raises(SystemExit):
        _parse(["--bound", "10", "--engine", "spark"])


@pytest.mark.slow
def test_cache_list_and_clear_take_in_dask_stores(address, tmp_path, monkeypatch, capsys):
    from solver.cli.main import main

    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path / "cache"))
    served = Path(run(5000, scheduler=address, chunk=1024).store)
    unfinished = Path(run(6000, scheduler=address, chunk=1024).store)
    import zarr

    zarr.open_group(str(unfinished), mode="r+").attrs.update({"complete": False})
    old = tmp_path / "cache" / "dask" / "squares-v1-0.0.1-B5000.zarr"
    shutil.copytree(served, old)
    outside = tmp_path / "elsewhere.zarr"
    shutil.copytree(served, outside)
    report = cache.survey()
    stores = {Path(item["path"]).name: item for item in report.dask_stores}
    assert set(stores) == {served.name, unfinished.name, old.name}
    assert stores[served.name]["served"] and stores[served.name]["bound"] == 5000
    assert not stores[unfinished.name]["served"] and "finish" in stores[unfinished.name]["reason"]
    assert not stores[old.name]["served"] and "another format or release" in stores[old.name]["reason"]
    assert all(item["bytes"] > 0 for item in stores.values()) and not report.empty
    assert main(["cache", "list"]) == 0
    listed = capsys.readouterr().out
    assert "Dask store, read like an entry" in listed and "Dask store, not read" in listed
    assert main(["cache", "clear", "--yes"]) == 0
    assert "3 Dask stores" in capsys.readouterr().out
    assert not (tmp_path / "cache" / "dask").exists() or not any((tmp_path / "cache" / "dask").iterdir())
    assert outside.exists()  # a store outside the cache is not the cache's
    assert cache.survey().dask_stores == []


# Every put-or-take rule on Dask: by the sweep with a lower bound kept per position
# (cubes, triangular numbers, primes) or by passes (powers, factorials, Fibonacci
# numbers), against the single-process solve of the same rule.
OTHER_RULES = [
    "put-or-take-a-cube",
    "put-or-take-a-triangular-number",
    "put-or-take-a-prime",
    "put-or-take-a-power-of-2",
    "put-or-take-a-power-of-3",
    "put-or-take-a-factorial",
    "put-or-take-a-fibonacci-number",
]


@pytest.mark.slow
@pytest.mark.parametrize("name", OTHER_RULES)
def test_every_put_or_take_rule_is_identical_to_single_process(name, address, tmp_path):
    for bound, chunk in ((1, None), (10, None), (1000, 256), (60_000, 4096)):
        found = solve_dask(bound, scheduler=address, store=tmp_path / f"{bound}.zarr", chunk=chunk, rule=name)
        expected = solve(bound, rule=name)
        assert found.rule.name == name and found.bound == bound
        assert np.array_equal(found.store_codes[:], expected.codes), (name, bound)
        assert found.tally() == expected.tally()
        info = read_store_info(tmp_path / f"{bound}.zarr")
        assert info["rule"] == name and info["tally"] == expected.tally()
        import zarr

        # The scratch arrays of the solve are gone: the store holds the codes alone.
        assert sorted(zarr.open_group(str(tmp_path / f"{bound}.zarr"), mode="r").array_keys()) == ["codes"]


def test_plans_of_the_other_rules(tmp_path):
    sweep, passes = (
        plan(10**6, 1 << 16, 2, rule="put-or-take-a-prime"),
        plan(10**6, 1 << 16, 2, rule="put-or-take-a-power-of-2"),
    )
    assert sweep.method == "sweep" and sweep.m > 0 and len(sweep.levels) > 1
    assert all(t.bytes_written == 2 * t.positions for t in sweep.tasks)  # codes and a kept lower bound
    assert passes.method == "passes" and passes.m == 0 and len(passes.levels) == 1
    assert len(passes.tasks) == 10**6 // (1 << 16) + 1
    with pytest.raises(ValueError, match="only the put-or-take rules"):
        plan(1000, rule="square-but-one")
    with pytest.raises(ValueError, match=r"2\*\*61"):
        plan(2**62, rule="put-or-take-a-cube")


@pytest.mark.slow
def test_cache_serves_a_store_of_another_rule(address, tmp_path, monkeypatch):
    monkeypatch.setenv(cache.ENV_VAR, str(tmp_path / "cache"))
    bound, name = 20_000, "put-or-take-a-prime"
    report = run(bound, scheduler=address, chunk=4096, rule=name)
    assert Path(report.store) == tmp_path / "cache" / "dask" / f"{cache.key_of(name)}-B{bound}.zarr"
    expected = solve(bound, rule=name)
    _never_solve(monkeypatch)
    found, cached = cache.solve_cached(bound, rule=name)
    assert cached and isinstance(found.store_codes, ZarrCodes) and found.rule.name == name
    assert found == expected
    assert cache.find(bound) is None  # not Put-or-Take-a-Square's
    assert open_cached(report.store, bound) is None and open_cached(report.store, bound, name) is not None
    stores = {Path(item["path"]).name: item for item in cache.survey().dask_stores}
    assert stores[Path(report.store).name]["served"]


def _labels_by_serial_rounds(rule: str, bound: int, chunk: int):
    """The arrays of a solve by passes after each labels round, its chunk tasks run one after another in memory."""
    found = get_rule(rule)
    arrays = {name: np.full(bound + 1, fill, dtype) for name, (dtype, fill) in dask_passes._SCRATCH.items()}
    chunks = [(a, min(bound, a + chunk - 1)) for a in range(0, bound + 1, chunk)]

    def run_round(phase: str, **how: int) -> int:
        total = 0
        for a, b in chunks:
            writes, figures = dask_passes.pass_chunk(
                phase, found, bound, a, b, lambda n, lo, hi: arrays[n][lo : hi + 1], **how
            )
            for name, values in writes.items():
                arrays[name][a : b + 1] = values
            total += int(figures[0])
        return total

    run_round("start")
    states = [{name: arrays[name].copy() for name in ("outcome", "rem")}]
    while run_round("labels", r=len(states)):
        states.append({name: arrays[name].copy() for name in ("outcome", "rem")})
    return found, chunks, states


def _half_written_reader(before: dict, after: dict, new: str, a: int, b: int):
    """A task's reads during a round: array ``new`` of the other chunks as the round leaves it, the rest as before it."""

    def read(name: str, lo: int, hi: int) -> np.ndarray:
        state = after if name == new and not a <= lo <= b else before
        return state[name][lo : hi + 1]

    return read


@pytest.mark.parametrize("new", ["outcome", "rem"])
def test_a_labels_task_never_sees_half_a_label_of_another_chunk(new):
    # A labels task of round r runs while the other tasks of the round write their chunks; a
    # label is two arrays (outcome, rem), each a zarr chunk written whole but one after the
    # other, so a task may read one array of a chunk as this round left it and the other as
    # the previous round did.  Both mixes must give the serial round's labels.
    found, chunks, states = _labels_by_serial_rounds("put-or-take-a-power-of-3", 1000, 256)
    assert len(states) > 10  # rounds with labels in several chunks each
    expected = solve(1000, rule="put-or-take-a-power-of-3")  # the serial rounds label its W and L
    decided = np.isin(np.asarray(expected.outcome), (1, 2))
    assert np.array_equal(states[-1]["outcome"][decided], np.asarray(expected.outcome)[decided])
    assert np.array_equal(states[-1]["rem"][decided], expected.remoteness[decided])
    for r in range(1, len(states)):
        before, after = states[r - 1], states[r]
        for a, b in chunks:
            read = _half_written_reader(before, after, new, a, b)
            writes, _ = dask_passes.pass_chunk("labels", found, 1000, a, b, read, r=r)
            for name in ("outcome", "rem"):
                got = writes.get(name, before[name][a : b + 1])
                assert np.array_equal(got, after[name][a : b + 1]), (new, r, a, name)


def test_the_tasks_of_a_solve_by_passes_open_each_array_once_and_read_what_serial_rounds_read(tmp_path, monkeypatch):
    # A task of a round read an array's metadata file twice a read (group[name], about 1 ms each): a
    # worker now opens each array once a solve.  The tasks, run here one after another in this process
    # on a store of their scratch arrays, give the arrays of the serial rounds in memory.
    import zarr

    bound, chunk, rule = 1000, 256, "put-or-take-a-power-of-3"
    found, chunks, states = _labels_by_serial_rounds(rule, bound, chunk)
    group = zarr.open_group(str(tmp_path / "s.zarr"), mode="w")
    for name, (dtype, fill) in dask_passes._SCRATCH.items():
        group.create_array(name, shape=(bound + 1,), chunks=(chunk,), dtype=dtype, fill_value=fill)
    opened: list[str] = []
    real = zarr.Group.__getitem__

    def counted(self, name):
        opened.append(name)
        return real(self, name)

    monkeypatch.setattr(zarr.Group, "__getitem__", counted)
    run_id = "test-once"
    for phase, how in [("start", {})] + [("labels", {"r": r}) for r in range(1, len(states))]:
        for a, b in chunks:
            dask_store._pass_task(str(tmp_path / "s.zarr"), run_id, phase, found, bound, a, b, **how)
    for name in ("outcome", "rem"):
        assert np.array_equal(real(zarr.open_group(str(tmp_path / "s.zarr"), mode="r"), name)[:], states[-1][name])
    # Every array the tasks touched was opened once, over 52 tasks.
    assert len(chunks) * len(states) == 52
    assert sorted(opened) == ["outcome", "rem"], opened


@pytest.mark.parametrize(
    "name", ["put-or-take-a-power-of-3", "put-or-take-a-fibonacci-number", "put-or-take-a-factorial"]
)
@pytest.mark.parametrize(("bound", "chunk"), [(1000, 64), (5000, 256), (777, 100)])
def test_the_chunks_each_chunk_is_read_by_are_those_of_its_positions_parents(name, bound, chunk):
    # A round of a solve by passes runs only the tasks that read a chunk changed in the round before; which
    # they are is worked out from the runs of children.  Position by position: x reads its take child, its
    # put child up to the bound, and the take child (up to the bound) of a put child above it.
    found = get_rule(name)
    members = [int(m) for m in found.members(2 * bound)]

    def largest(x: int) -> int | None:
        below = [m for m in members if m <= x]
        return max(below) if below else None

    chunks = [(a, min(bound, a + chunk - 1)) for a in range(0, bound + 1, chunk)]
    expected = [{k} for k in range(len(chunks))]
    for x in range(bound + 1):
        s = largest(x)
        if s is None:
            continue
        children = [x - s]
        if x + s <= bound:
            children.append(x + s)
        else:
            q = x + s
            children.append(q - largest(q))
        for c in children:
            if 0 <= c <= bound:
                expected[c // chunk].add(x // chunk)
    assert dask_passes.chunk_readers(found, bound, chunks) == expected


def test_a_round_by_passes_runs_only_the_tasks_that_read_a_chunk_changed_in_the_round_before(
    address, tmp_path, monkeypatch
):
    # Every round but the first of each kind ran a task for every chunk; a task whose chunks changed nothing
    # in the round before would change nothing, and is no longer run.  The codes are the single process's.
    import distributed

    bound, chunk, name = 5000, 256, "put-or-take-a-factorial"
    submitted = []
    real = distributed.Client.submit

    def counted(self, fn, *args, **kwargs):
        if getattr(fn, "__name__", "") == "_pass_task":
            submitted.append(args[2])  # the phase
        return real(self, fn, *args, **kwargs)

    monkeypatch.setattr(distributed.Client, "submit", counted)
    rounds = []
    found = solve_dask(
        bound, scheduler=address, store=tmp_path / "f.zarr", chunk=chunk, rule=name, progress=rounds.append
    )
    assert np.array_equal(found.store_codes[:], solve(bound, rule=name).codes)
    chunks = bound // chunk + 1
    rounds = [f for f in rounds if f < 1.0]  # one report a round (and 1.0 at the end)
    # Every chunk in the rounds that run them all (start, the first of labels, possibilities and bounds,
    # classes, codes); fewer in all.
    assert all(submitted.count(phase) == chunks for phase in ("start", "classes", "codes"))
    assert len(submitted) < len(rounds) * chunks, (len(submitted), len(rounds))


def test_the_reader_asks_the_arrays_it_is_given_and_not_the_group():
    class Array:
        chunks = (4,)
        shape = (10,)

        def __init__(self):
            self.values = np.arange(10, dtype=np.int16)

        def __getitem__(self, key):
            return self.values[key]

    arrays = {"rem": Array()}

    class NoGroup:
        def __getitem__(self, name):
            raise AssertionError("the group was asked for " + name)

    read = dask_chunks._Reader(NoGroup(), array=arrays.__getitem__)
    assert read("rem", 2, 9).tolist() == list(range(2, 10))
    assert read.bytes == 20  # three chunks of two bytes a position, each read once


@pytest.mark.slow
def test_a_local_cluster_shuts_down_with_no_traceback_on_stderr(tmp_path):
    # The command starts a LocalCluster of its own, solves, and closes it; a
    # connection closed under a heartbeat must not print a CommClosedError.
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    store = tmp_path / "b5.zarr"
    done = subprocess.run(
        [sys.executable, "-m", "solver", "solve", "--bound", "100000", "--engine", "dask", "--workers", "2"]
        + ["--chunk", "16384", "--store", str(store), "--json"],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["W"] == solve(100_000).tally()["W"]
    assert "Traceback" not in done.stderr and "CommClosedError" not in done.stderr, done.stderr


def test_a_chunk_written_by_hand_is_the_file_zarr_writes(tmp_path):
    # write_chunk encodes a whole chunk itself: the same file, byte for byte,
    # as zarr's own write; the last chunk (cut by the bound) goes through zarr.
    import zarr

    rng = np.random.default_rng(5)
    values = rng.integers(0, 40, 1000, dtype=np.uint8)
    values[rng.random(1000) < 0.7] = 2  # as compressible as codes are
    files = {}
    for way in ("zarr", "hand"):
        layout._create_store(tmp_path / f"{way}.zarr", 999, 256, get_rule("put-or-take-a-square"))
        array = zarr.open_group(str(tmp_path / f"{way}.zarr"), mode="r+")["codes"]
        for c in range(4):
            a, b = 256 * c, min(999, 256 * c + 255)
            if way == "zarr":
                array[a : b + 1] = values[a : b + 1]
            else:
                assert (dask_chunks._chunk_file(array, a, b) is None) == (c == 3)
                dask_chunks.write_chunk(array, a, b, values[a : b + 1])
        np.testing.assert_array_equal(np.asarray(array[:]), values)
        folder = tmp_path / f"{way}.zarr" / "codes" / "c"
        files[way] = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert sorted(files["hand"]) == ["0", "1", "2", "3"] and files["hand"] == files["zarr"]


def test_the_schedule_of_a_plan_is_its_work_on_one_thread_and_its_longest_chain_on_many():
    the_plan = plan(10**7, 1 << 16, 2)
    took = [0.01 + 0.001 * (t.index % 7) for t in the_plan.tasks]
    one = dask_engine.schedule_seconds(the_plan.tasks, took, 0.5, 1)
    assert one == pytest.approx(0.5 + sum(took))
    chain = [0.0] * len(took)  # the longest chain of dependencies ending at each task
    for task in sorted(the_plan.tasks, key=lambda t: t.level):
        chain[task.index] = took[task.index] + max([chain[d] for d in task.depends_on], default=0.0)
    assert dask_engine.schedule_seconds(the_plan.tasks, took, 0.5, len(took)) == pytest.approx(0.5 + max(chain))
    four = dask_engine.schedule_seconds(the_plan.tasks, took, 0.5, 4)
    assert 0.5 + max(max(chain), sum(took) / 4) <= four + 1e-9 <= one
    assert plan(10**9, workers=16).seconds < plan(10**9, workers=2).seconds


def test_a_range_read_by_hand_is_what_zarr_reads(tmp_path):
    # read_range decodes the chunks' files itself: the same values as zarr's
    # slice, across chunk edges, in the padded last chunk, and 255 (the fill
    # value) where a chunk has no file.
    import zarr

    rng = np.random.default_rng(7)
    values = rng.integers(0, 40, 1000, dtype=np.uint8)
    layout._create_store(tmp_path / "r.zarr", 999, 256, get_rule("put-or-take-a-square"))
    array = zarr.open_group(str(tmp_path / "r.zarr"), mode="r+")["codes"]
    for c in (0, 1, 3):
        a, b = 256 * c, min(999, 256 * c + 255)
        dask_chunks.write_chunk(array, a, b, values[a : b + 1])
    assert dask_chunks._direct(array)
    for lo, hi in [(0, 999), (0, 0), (255, 256), (10, 700), (512, 767), (600, 999), (999, 999), (256, 511)]:
        found = dask_chunks.read_range(array, lo, hi)
        assert found.flags.c_contiguous and found.dtype == np.uint8
        np.testing.assert_array_equal(found, np.asarray(array[lo : hi + 1]))
    assert (dask_chunks.read_range(array, 512, 767) == 255).all()


def test_a_chunk_task_runs_its_kernel_on_one_numba_thread(tmp_path, monkeypatch):
    # One Dask thread, one numba thread: a worker's kernel would otherwise wake a thread on every core.
    import numba

    from solver.store import dask as store_dask

    seen: list[int] = []
    original = store_dask.label_chunk

    def recording(*args):
        seen.append(numba.get_num_threads())
        return original(*args)

    monkeypatch.setattr(store_dask, "label_chunk", recording)
    report = run(60_000, store=tmp_path / "t.zarr", chunk=4096, workers=1, processes=False)
    assert len(seen) == len(report.tasks) > 1
    assert set(seen) == {1}
    assert report.tally == solve(60_000).tally()


def test_a_store_that_would_not_fit_on_its_disk_is_refused_before_it_starts(tmp_path, monkeypatch):
    import shutil as shutil_module

    store = tmp_path / "full" / "s.zarr"
    free = shutil_module.disk_usage(tmp_path)._replace(free=1000)
    monkeypatch.setattr(shutil_module, "disk_usage", lambda where: free)  # the one disk_usage every caller sees
    args = _parse(["--bound", "1000000", "--engine", "dask", "--store", str(store)])
    with pytest.raises(ValueError, match=r"takes about .* of disk, but only 1,000 bytes is free at .*--store"):
        run_dask_solve(args)
    assert not store.exists()


def test_a_long_dask_solve_says_its_time_and_disk_before_it_starts(address, reference, tmp_path, monkeypatch, capsys):
    from solver.cli import dask as cli_dask

    monkeypatch.setattr(cli_dask, "NOTE_SECONDS", 0.0)
    args = _parse(["--bound", "20000", "--engine", "dask", "--scheduler", address, "--store", str(tmp_path / "n.zarr")])
    args.chunk = 2048
    result = run_dask_solve(args)
    err = capsys.readouterr().err
    assert "note: a Dask solve to 20,000 on 2 workers: " in err and "of store on disk (estimated)" in err
    assert "Traceback" not in err
    assert result["W"] == reference(20000).tally()["W"]
