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


def _direct_or_skip(path):
    direct = mapped.open_direct(path)
    if direct is None:
        pytest.skip("this file system has no direct I/O")
    return direct


def test_pieces_written_by_pages_tile_a_file_and_read_back_exactly(tmp_path):
    # Pieces at every kind of offset (inside one page, across pages, on page
    # boundaries) written whole pages directly and the rest through the page
    # cache; the file and every read of it hold exactly what was written.
    path = tmp_path / "tiled"
    offset, size = 128, 9 * mapped.PAGE + 300
    path.write_bytes(b"\xff" * (offset + size))
    expected = np.random.default_rng(5).integers(0, 256, size, dtype=np.uint8)
    cuts = [0, 10, 20, mapped.PAGE - offset, 3 * mapped.PAGE + 7, 3 * mapped.PAGE + 9, 8 * mapped.PAGE - offset, size]
    direct = _direct_or_skip(path)
    fd = os.open(path, os.O_RDWR)
    try:
        through = 0
        for lo, hi in zip(cuts, cuts[1:]):
            lead = (offset + lo) % mapped.PAGE
            buffer = mapped.aligned_buffer(hi - lo + 2 * mapped.PAGE)[lead : lead + hi - lo]
            buffer[:] = expected[lo:hi]
            through += mapped.write_pages(direct, fd, buffer, offset + lo)
        assert through >= 4 * mapped.PAGE  # the whole pages went directly
        unaligned = np.empty(3 * mapped.PAGE, np.uint8)[1:]  # not on a page boundary: all through the cache
        unaligned[: 2 * mapped.PAGE] = 9
        assert mapped.write_pages(direct, fd, unaligned[: 2 * mapped.PAGE], offset + mapped.PAGE) == 0
        expected[mapped.PAGE : 3 * mapped.PAGE] = 9
        scratch = mapped.aligned_buffer(size + 2 * mapped.PAGE)
        for lo, hi in [(0, size), (1, 2), (mapped.PAGE - offset, 2 * mapped.PAGE), (size - 5, size), (7, 7)]:
            np.testing.assert_array_equal(mapped.read_pages(direct, offset + lo, hi - lo, scratch), expected[lo:hi])
        scratch[:] = 0
        ranges = [(offset + 10, offset + 20), (offset + 6 * mapped.PAGE, offset + 6 * mapped.PAGE + 1)]
        got = mapped.read_pages(direct, offset + 5, size - 5, scratch, ranges)
        for lo, hi in ranges:
            np.testing.assert_array_equal(got[lo - offset - 5 : hi - offset - 5], expected[lo - offset : hi - offset])
        assert not got[4 * mapped.PAGE : 5 * mapped.PAGE].any()  # a page of no range: not read
        with pytest.raises(OSError):
            mapped.read_pages(direct, offset + size - 5, 10 + mapped.PAGE, scratch)  # past the end
        with pytest.raises(ValueError):
            mapped.read_pages(direct, offset, size, scratch[: mapped.PAGE])
    finally:
        os.close(direct)
        os.close(fd)
    assert path.read_bytes() == b"\xff" * offset + expected.tobytes()
