"""The Dask store uncompressed: one byte a position, written with direct I/O in a thread beside the sweep.

``docs/dask.md`` section 3.4.  Every comparison is with
:func:`solver.engine.solve` (the single-process solver), with zarr's own
reads and writes, or with the values written, never with output of the code
under test.
"""

from __future__ import annotations

import argparse
import json
import os
import threading
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("distributed")
pytest.importorskip("zarr")

from solver.cli.dask import add_engine_options, check_engine_options, run_dask_solve
from solver.engine import dask as dask_engine
from solver.engine import solve
from solver.engine.dask import METHOD_PASSES, METHOD_SWEEP, store_bytes, store_compression
from solver.errors import DaskEngineError
from solver.games import get_rule
from solver.store import dask_chunks
from solver.store import dask_store as layout
from solver.store.dask import run
from solver.store.dask_chunks import ChunkWriter, chunk_buffer, codec_of, read_range, write_chunk
from solver.store.dask_store import open_store

ROOT = Path(__file__).resolve().parents[1]
SQUARE = get_rule("put-or-take-a-square")
GB = 10**9


def _parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bound", type=int)
    parser.add_argument("--json", action="store_true")
    add_engine_options(parser)
    return parser.parse_args(argv)


def _array(path: Path, bound: int, chunk: int, compression: str):
    import zarr

    layout._create_store(path, bound, chunk, SQUARE, compression)
    return zarr.open_group(str(path), mode="r+")["codes"]


def _values(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    values = rng.integers(0, 40, n, dtype=np.uint8)
    values[rng.random(n) < 0.7] = 2  # as compressible as codes are
    return values


def _hold_writes(monkeypatch) -> threading.Event:
    """Make the writer's thread wait for the returned event before it writes each file."""
    release = threading.Event()
    real = dask_chunks._write_file

    def held(path, data):
        release.wait(10)
        real(path, data)

    monkeypatch.setattr(dask_chunks, "_write_file", held)
    return release


@pytest.mark.parametrize(
    ("compression", "bound", "arrays", "method", "local", "free", "chosen"),
    [
        ("auto", 10**10, 1, METHOD_SWEEP, True, 80 * GB, "none"),  # 10 GB of 80 free
        ("auto", 2 * 10**10 - 1, 1, METHOD_SWEEP, True, 80 * GB, "none"),  # B + 1 bytes: exactly a quarter
        ("auto", 2 * 10**10, 1, METHOD_SWEEP, True, 80 * GB, "lz4"),  # one byte over
        ("auto", 10**11, 1, METHOD_SWEEP, True, 80 * GB, "lz4"),  # 100 GB: compressed
        ("auto", 10**10, 2, METHOD_SWEEP, True, 60 * GB, "lz4"),  # codes and kept bounds: 20 GB of 60
        ("auto", 10**10, 1, METHOD_SWEEP, False, 80 * GB, "lz4"),  # a cluster elsewhere: bytes cross a network
        ("auto", 10**6, 1, METHOD_PASSES, True, 80 * GB, "lz4"),  # passes go through zarr
        ("auto", 10**6, 1, METHOD_SWEEP, True, 0, "lz4"),  # free space unknown
        ("none", 10**11, 1, METHOD_SWEEP, False, 0, "none"),
        ("lz4", 10**3, 1, METHOD_SWEEP, True, 80 * GB, "lz4"),
    ],
)
def test_auto_leaves_a_local_store_uncompressed_when_a_quarter_of_the_free_disk_holds_it(
    compression, bound, arrays, method, local, free, chosen
):
    assert store_compression(compression, bound, arrays, method, local, free) == chosen


def test_a_bad_compression_is_refused_with_the_choices(tmp_path):
    with pytest.raises(ValueError, match=r"one of auto, lz4, none, not 'zip'"):
        store_compression("zip", 10, 1, METHOD_SWEEP, True, GB)
    with pytest.raises(ValueError, match=r"one of auto, lz4, none, not 'zip'"):
        run(1000, store=tmp_path / "z.zarr", compression="zip")
    assert not (tmp_path / "z.zarr").exists()
    assert store_bytes(10**10, 1, "none") == 10**10 + 1
    assert store_bytes(10**10, 2, "lz4") == int((10**10 + 1) * 2 * 0.25)


def test_an_uncompressed_chunk_written_by_hand_is_the_file_zarr_writes(tmp_path):
    values = _values(1000, 5)
    files = {}
    for way in ("zarr", "hand"):
        array = _array(tmp_path / f"{way}.zarr", 999, 256, "none")
        assert codec_of(array) == "none"
        for c in range(4):
            a, b = 256 * c, min(999, 256 * c + 255)
            if way == "zarr":
                array[a : b + 1] = values[a : b + 1]
            else:
                assert (dask_chunks._chunk_file(array, a, b) is None) == (c == 3)  # the padded last chunk: zarr
                part = chunk_buffer(b - a + 1)
                part[:] = values[a : b + 1]
                write_chunk(array, a, b, part)
        dask_chunks.CHUNK_WRITER.finish()
        np.testing.assert_array_equal(np.asarray(array[:]), values)
        folder = tmp_path / f"{way}.zarr" / "codes" / "c"
        files[way] = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert sorted(files["hand"]) == ["0", "1", "2", "3"] and files["hand"] == files["zarr"]
    assert files["hand"]["1"] == values[256:512].tobytes()  # a chunk's file is its bytes
    assert not [p for p in (tmp_path / "hand.zarr" / "codes" / "c").iterdir() if p.name.startswith(".")]


def test_an_uncompressed_range_read_by_hand_is_what_zarr_reads(tmp_path):
    values = _values(1000, 7)
    array = _array(tmp_path / "r.zarr", 999, 256, "none")
    for c in (0, 1, 3):
        a, b = 256 * c, min(999, 256 * c + 255)
        write_chunk(array, a, b, values[a : b + 1].copy())  # not on a page: through the page cache
    dask_chunks.CHUNK_WRITER.finish()
    for lo, hi in [(0, 999), (0, 0), (255, 256), (10, 700), (512, 767), (600, 999), (999, 999), (256, 511)]:
        found = read_range(array, lo, hi)
        assert found.flags.c_contiguous and found.dtype == np.uint8
        np.testing.assert_array_equal(found, np.asarray(array[lo : hi + 1]))
    assert (read_range(array, 512, 767) == 255).all()  # no file: the fill value, as zarr reads it
    np.testing.assert_array_equal(read_range(array, 0, 511), values[:512])


def test_a_read_of_a_chunk_still_being_written_waits_for_its_file(tmp_path, monkeypatch):
    # The writer's thread is held until the reader has asked: without the
    # wait the read would find no file and give the fill value.
    array = _array(tmp_path / "w.zarr", 4095, 1024, "none")
    values = _values(1024, 11)
    release = _hold_writes(monkeypatch)
    writer = ChunkWriter(2)
    monkeypatch.setattr(dask_chunks, "CHUNK_WRITER", writer)
    write_chunk(array, 1024, 2047, values)
    threading.Timer(0.3, release.set).start()
    assert not (tmp_path / "w.zarr" / "codes" / "c" / "1").exists()  # still held: only a wait finds its values
    np.testing.assert_array_equal(read_range(array, 1000, 2100)[24:1048], values)
    writer.finish()


def test_a_writer_holds_at_most_its_pending_chunks_and_raises_a_failed_write(tmp_path, monkeypatch):
    started = []
    release = threading.Event()

    def slow(path, data):
        started.append(path.name)
        release.wait(10)
        if "bad" in path.name:
            raise OSError(28, "No space left on device")
        path.write_bytes(data.tobytes())

    monkeypatch.setattr(dask_chunks, "_write_file", slow)
    writer = ChunkWriter(2)
    data = np.arange(4096, dtype=np.uint8)
    writer.submit(tmp_path / "bad", data)
    writer.submit(tmp_path / "b", data)
    third = threading.Thread(target=writer.submit, args=(tmp_path / "c", data))
    third.start()
    third.join(0.3)
    assert third.is_alive()  # two waiting: the third waits for a slot
    release.set()
    third.join(10)
    with pytest.raises(OSError, match="No space left"):
        writer.finish()
    writer.finish()  # raised once
    assert (tmp_path / "b").read_bytes() == data.tobytes() and not (tmp_path / "bad").exists()
    assert not list(tmp_path.glob(".*.tmp"))
    with pytest.raises(ValueError, match="whole number >= 1"):
        ChunkWriter(0)


def test_a_file_system_without_direct_io_gets_the_same_bytes(tmp_path, monkeypatch):
    import errno

    real_open = os.open

    def refusing(path, flags, *args):
        if flags & getattr(os, "O_DIRECT", 0):
            raise OSError(errno.EINVAL, "Invalid argument")
        return real_open(path, flags, *args)

    data = chunk_buffer(8192)
    data[:] = _values(8192, 3)
    dask_chunks._write_file(tmp_path / "direct", data)
    monkeypatch.setattr(dask_chunks.os, "open", refusing)
    dask_chunks._write_file(tmp_path / "cached", data)
    assert (tmp_path / "direct").read_bytes() == (tmp_path / "cached").read_bytes() == data.tobytes()


@pytest.mark.parametrize("rule", ["put-or-take-a-square", "put-or-take-a-cube"])
def test_both_compressions_give_the_single_process_codes(rule, tmp_path):
    bound, chunk = 200_000, 4096
    expected = np.asarray(solve(bound, rule=rule).codes)
    sizes = {}
    for compression in ("none", "lz4"):
        report = run(
            bound, store=tmp_path / f"{compression}.zarr", chunk=chunk, rule=rule, compression=compression, workers=2
        )
        assert report.compression == compression
        opened = open_store(report.store)
        np.testing.assert_array_equal(np.asarray(opened.store_codes[:]), expected)
        assert report.tally == solve(bound, rule=rule).tally()
        files = list((Path(report.store) / "codes" / "c").iterdir())
        sizes[compression] = sum(p.stat().st_size for p in files)
        if compression == "none":
            assert {p.stat().st_size for p in files} == {chunk}  # every chunk whole, the last one padded
        assert not (Path(report.store) / "lam").exists()  # the kept bounds are removed at the end
    assert sizes["lz4"] < sizes["none"] == (bound // chunk + 1) * chunk


@pytest.mark.parametrize("which", ["every", "last"])
def test_a_failed_chunk_write_fails_the_solve(which, tmp_path, monkeypatch):
    # "last": chunk 0, the last task of the solve (every level below reads
    # into it), so only the wait for the writes at the end can see it fail.
    real = dask_chunks._write_file

    def full(path, data):
        if which == "every" or path.name.startswith(".0."):
            raise OSError(28, "No space left on device")
        real(path, data)

    monkeypatch.setattr(dask_chunks, "_write_file", full)
    monkeypatch.setattr(dask_chunks, "CHUNK_WRITER", ChunkWriter())
    with pytest.raises(DaskEngineError, match="No space left on device"):
        run(100_000, store=tmp_path / "f.zarr", chunk=4096, workers=1, processes=False, compression="none")
    with pytest.raises(ValueError):
        open_store(tmp_path / "f.zarr")  # never marked complete


def test_the_command_takes_compression_and_says_which(tmp_path, capsys, monkeypatch):
    args = _parse(["--bound", "50000", "--engine", "dask", "--store", str(tmp_path / "c.zarr")])
    args.chunk, args.compression, args.json = 4096, "none", True
    result = run_dask_solve(args)
    assert json.loads(capsys.readouterr().out) == result
    assert result["compression"] == "none" and result["store_bytes"] >= 50_001
    assert result["W"] == solve(50_000).tally()["W"]
    with pytest.raises(ValueError, match="--compression needs --engine dask"):
        check_engine_options(_parse(["--bound", "10", "--compression", "lz4"]))
    with pytest.raises(SystemExit):
        _parse(["--bound", "10", "--engine", "dask", "--compression", "zip"])
    assert "invalid choice: 'zip'" in capsys.readouterr().err
    # An uncompressed store that does not fit is refused before it starts; auto compresses it instead.
    import shutil as shutil_module

    from solver.cli import dask as cli_dask

    free = shutil_module.disk_usage(tmp_path)._replace(free=300_000)
    monkeypatch.setattr(shutil_module, "disk_usage", lambda where: free)  # the one disk_usage every caller sees
    big = _parse(["--bound", "1000000", "--engine", "dask", "--store", str(tmp_path / "big.zarr")])
    big.compression = "none"
    with pytest.raises(ValueError, match=r"takes about 976\.6 KiB of disk, but only 293\.0 KiB is free"):
        run_dask_solve(big)
    assert cli_dask._check_disk(tmp_path, dask_engine.plan(10**6), "auto", True) == store_bytes(10**6, 1, "lz4")


def test_a_write_that_another_process_may_read_returns_only_once_its_file_is_there(tmp_path, monkeypatch):
    array = _array(tmp_path / "s.zarr", 4095, 1024, "none")
    values = _values(1024, 13)
    release = _hold_writes(monkeypatch)
    writer = ChunkWriter()
    target = tmp_path / "s.zarr" / "codes" / "c" / "2"
    write_chunk(array, 2048, 3071, values, writer=writer)  # returns at once
    assert not target.exists()
    release.set()
    writer.finish()
    release.clear()
    threading.Timer(0.3, release.set).start()
    write_chunk(array, 0, 1023, values, writer=writer, wait=True)
    assert (tmp_path / "s.zarr" / "codes" / "c" / "0").read_bytes() == target.read_bytes() == values.tobytes()


def test_only_a_local_cluster_of_one_process_lets_its_tasks_leave_their_writes_behind():
    from distributed import Client, LocalCluster

    from solver.store.dask import _one_process, _workers_here

    for processes, alone in ((1, True), (2, False)):
        with LocalCluster(n_workers=processes, threads_per_worker=1, dashboard_address=":0") as cluster:
            with Client(cluster) as client:
                assert _one_process(client) is alone
                assert _workers_here(client)
            with Client(cluster.scheduler_address) as by_address:  # may gain workers while it solves
                assert _one_process(by_address) is False


def test_the_benchmark_sums_dask_s_task_stream_and_says_the_compression(tmp_path, capsys):
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_dask_solve", ROOT / "benchmarks" / "dask_solve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    report = tmp_path / "stream.json"
    argv = ["--bound", "100000", "--chunk", "8192", "--store", str(tmp_path / "b.zarr"), "--check", "--cold"]
    assert module.main([*argv, "--compression", "lz4", "--task-stream", str(report), "--model"]) == 0
    out = capsys.readouterr().out
    result = json.loads(out[: out.rindex("}") + 1])
    assert result["compression"] == "lz4" and result["tallies_equal"] and result["store_tally_equal"]
    assert result["tally"]["W"] == solve(100_000).tally()["W"]
    stream = json.loads(report.read_text())
    chunks = [r for r in stream if "-chunk-" in r["key"]]
    assert len(chunks) == 100_000 // 8192 + 1 == result["tasks"]
    assert result["task_stream"]["tasks"] == len(stream) == len(chunks) + 1  # and the small game
    computed = sum(p["stop"] - p["start"] for r in stream for p in r["startstops"] if p["action"] == "compute")
    assert result["task_stream"]["compute_seconds"] == pytest.approx(computed, abs=0.01)
    assert 0 < result["task_stream"]["compute_seconds"] <= result["task_stream"]["threads"] * result["dask_seconds"]
    assert not (tmp_path / "b.zarr").exists()  # not --keep
