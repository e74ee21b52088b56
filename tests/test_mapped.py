"""Giving back the pages of a memory-mapped file (solver.engine.mapped) changes no data."""

from __future__ import annotations

import mmap
import os
import sys

import numpy as np
import pytest

from solver.engine import mapped, solve
from solver.store import disk as store


def test_released_pages_read_back_what_was_written(tmp_path):
    path = tmp_path / "a.npy"
    size = 64 * mmap.PAGESIZE + 123
    array = np.lib.format.open_memmap(path, mode="w+", dtype=np.uint8, shape=(size,))
    array[:] = np.arange(size) % 251
    assert mapped.is_mapped(array)
    released = mapped.release(array, 10, size)
    assert released > 0 and released % mmap.PAGESIZE == 0
    np.testing.assert_array_equal(array, np.arange(size) % 251)  # read again from the file
    del array
    np.testing.assert_array_equal(np.load(path), np.arange(size) % 251)


def test_an_array_in_memory_is_left_alone():
    array = np.zeros(1 << 20, np.uint8)
    assert not mapped.is_mapped(array) and mapped.release(array, 0, array.nbytes) == 0


def test_a_mapped_count_in_pieces_equals_the_count_in_memory(tmp_path, monkeypatch):
    from solver.analysis import records
    from solver.engine import solution

    monkeypatch.setenv("PTSQ_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(solution, "_TALLY_PIECE", 4099)  # many pieces, each released after
    monkeypatch.setattr(records, "_PIECE", 5003)
    stored, _ = store.solve_cached(300_000)
    assert mapped.is_mapped(stored.codes)
    fresh = solve(300_000)
    assert stored.tally() == fresh.tally() and stored.tally(123_457) == fresh.tally(123_457)
    assert records.records(stored) == records.records(fresh)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="sync_file_range is Linux's")
def test_write_back_starts_for_a_written_range_and_is_refused_for_a_bad_descriptor(tmp_path):
    path = tmp_path / "data"
    path.write_bytes(b"\x01" * (1 << 16))
    fd = os.open(path, os.O_RDWR)
    try:
        os.pwrite(fd, b"\x02" * 4096, 4096)
        assert mapped.start_writeback(fd, 4096, 4096)
        assert not mapped.start_writeback(fd, 0, 0)  # nothing to write
    finally:
        os.close(fd)
    assert not mapped.start_writeback(fd, 0, 4096)  # closed: refused, not raised
    assert path.read_bytes()[4096:8192] == b"\x02" * 4096
