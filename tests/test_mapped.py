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


def _vm_flags(array: np.ndarray) -> list[str]:
    """The kernel's VmFlags of the mapping that holds ``array``'s first byte (``/proc/self/smaps``)."""
    address = int(array.ctypes.data)
    inside = False
    with open("/proc/self/smaps") as smaps:
        for line in smaps:
            head = line.split()[0]
            if "-" in head and not head.endswith(":"):
                start, stop = (int(part, 16) for part in head.split("-"))
                inside = start <= address < stop
            elif inside and head == "VmFlags:":
                return line.split()[1:]
    raise AssertionError("no mapping holds the array")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's madvise and /proc")
def test_a_large_result_in_memory_is_in_small_pages(monkeypatch):
    # A result of 64 MB or more is asked for in small pages (MADV_NOHUGEPAGE:
    # "nh"), not in the huge pages numpy asks for ("hg"), whose first touch
    # cost up to five times the system time on this project's machine.
    from solver.engine import solving

    size = solving._SMALL_PAGES_MIN
    codes = solving._allocate_in_memory("codes", (size,), np.dtype(np.uint8))
    assert codes.shape == (size,) and codes.dtype == np.uint8 and codes.flags.writeable
    flags = _vm_flags(codes)
    assert "nh" in flags and "hg" not in flags
    codes[::4096] = 7  # every page touched, and written
    assert int(codes[::4096].sum()) == 7 * len(codes[::4096])
    wide = solving._allocate_in_memory("remoteness", (size // 2,), np.dtype(np.int16))
    assert wide.shape == (size // 2,) and wide.dtype == np.int16 and "nh" in _vm_flags(wide)
    small = solving._allocate_in_memory("codes", (1000,), np.dtype(np.uint8))
    assert small.shape == (1000,)


def test_the_solve_in_memory_is_the_same_in_small_pages(monkeypatch):
    # The same codes whether the result is allocated in small pages or by numpy.
    from solver.engine import solving

    bound = 3 * 10**6
    monkeypatch.setattr(solving, "_SMALL_PAGES_MIN", 1 << 20)
    small_pages = solve(bound)
    monkeypatch.setattr(solving, "_SMALL_PAGES_MIN", 1 << 62)
    np.testing.assert_array_equal(small_pages.codes, solve(bound).codes)
