"""Memory-mapped results: give back the pages a pass is done with.

A solve of 10**10 positions is a 10 GB file, memory-mapped.  A pass over it
(the sweep, a count) touches every page, and each page it touches stays in the
process's resident set until the mapping goes, although the data lives in the
file.  :func:`release` tells the kernel the process is done with a range
(``madvise(MADV_DONTNEED)``): for a shared file mapping the data stays in the
file and the page cache (what was written is written back), and a later access
reads it again.  So a pass holds only the window it works on.

A sweep that writes such a file (:mod:`solver.engine.put_or_take`) starts the
write-back of each piece as soon as it is written (:func:`start_writeback`),
so the disk writes the file in order while the sweep goes on, instead of
holding the sweep back once the kernel's share of unwritten pages is full.
Where the file system allows it, the sweep writes and reads the file's whole
pages with direct I/O (``O_DIRECT``: :func:`open_direct`, :func:`write_pages`,
:func:`read_pages`), between its buffers and the disk, with no copy into the
page cache: on this project's machine writing 2 GiB through the page cache
cost 3.9-4.2 s of system time, directly 0.06 s (``docs/performance-solve.md``,
2026-11-28).
"""

from __future__ import annotations

import ctypes
import errno
import mmap
import os
import sys

import numpy as np

__all__ = [
    "is_mapped",
    "release",
    "start_writeback",
    "PAGE",
    "aligned_buffer",
    "open_direct",
    "write_pages",
    "read_pages",
]

#: The alignment of direct I/O: offsets, lengths and buffer addresses are multiples of it.
PAGE = 4096

#: ``MADV_DONTNEED`` from ``<sys/mman.h>`` (Linux).
_MADV_DONTNEED = 4
#: ``SYNC_FILE_RANGE_WRITE`` from ``<fcntl.h>`` (Linux).
_SYNC_FILE_RANGE_WRITE = 2
_madvise = None
_sync_file_range = None
if sys.platform.startswith("linux"):
    _libc = ctypes.CDLL(None, use_errno=True)
    _madvise = _libc.madvise
    _madvise.argtypes = (ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int)
    _madvise.restype = ctypes.c_int
    _sync_file_range = getattr(_libc, "sync_file_range", None)
    if _sync_file_range is not None:
        _sync_file_range.argtypes = (ctypes.c_int, ctypes.c_int64, ctypes.c_int64, ctypes.c_uint)
        _sync_file_range.restype = ctypes.c_int


def is_mapped(array: object) -> bool:
    """Whether ``array`` is a memory-mapped file whose pages :func:`release` can give back."""
    return _madvise is not None and isinstance(array, np.memmap)


def release(array: np.ndarray, start: int, stop: int) -> int:
    """Give back the whole pages of bytes ``start..stop`` of a memory-mapped array.

    Parameters
    ----------
    array : numpy.memmap
        A one-dimensional array mapped from a file (shared mapping).
    start, stop : int
        Byte offsets into the array's data, ``0 <= start <= stop``; only the
        pages wholly inside are released.

    Returns
    -------
    int
        Bytes released (0 for an array that is not mapped, or a range with no
        whole page).  It is advice: a failure changes nothing and is ignored.
    """
    if not is_mapped(array):
        return 0
    base = int(array.ctypes.data)
    stop = min(stop, int(array.nbytes))
    size = mmap.PAGESIZE
    first, last = -(-(base + max(start, 0)) // size) * size, (base + stop) // size * size
    if last <= first:
        return 0
    assert _madvise is not None
    _madvise(first, last - first, _MADV_DONTNEED)
    return last - first


def start_writeback(fd: int, offset: int, length: int) -> bool:
    """Start writing bytes ``offset..offset + length`` of an open file back to the disk, without waiting.

    ``sync_file_range(SYNC_FILE_RANGE_WRITE)`` (Linux): the kernel queues the
    range's dirty pages for writing now.  It is no promise that they reach
    the disk (no ``fsync``); it only spreads the writing over the time the
    file is being made.

    Parameters
    ----------
    fd : int
        An open file descriptor.
    offset, length : int
        The byte range.

    Returns
    -------
    bool
        Whether the write-back was started (False where the call is missing
        or refused: nothing is lost, the kernel writes the pages later).
    """
    if _sync_file_range is None or length <= 0:
        return False
    return _sync_file_range(fd, offset, length, _SYNC_FILE_RANGE_WRITE) == 0


def aligned_buffer(size: int) -> np.ndarray:
    """An uninitialised ``uint8`` buffer of ``size`` bytes (at least 1) starting on a :data:`PAGE` boundary.

    Returns
    -------
    numpy.ndarray
        Shape ``(size,)``, dtype ``uint8``: a private anonymous mapping of its
        own, freed with the array, as direct I/O (:func:`read_pages`) needs.
    """
    memory = mmap.mmap(-1, max(1, size), flags=getattr(mmap, "MAP_PRIVATE", 0) | getattr(mmap, "MAP_ANONYMOUS", 0))
    return np.frombuffer(memory, np.uint8)


def open_direct(path: str | os.PathLike[str]) -> int | None:
    """A descriptor of ``path`` open for reading and writing with direct I/O, or None where there is none.

    Returns
    -------
    int or None
        None where ``O_DIRECT`` is missing (not Linux) or the file system
        refuses it (tmpfs, for one); the caller then reads and writes
        through the page cache.
    """
    flag = getattr(os, "O_DIRECT", 0)
    if not flag:
        return None
    try:
        return os.open(path, os.O_RDWR | os.O_CLOEXEC | flag)
    except OSError:
        return None


def write_pages(direct: int, fd: int, data: np.ndarray, offset: int) -> int:
    """Write ``data`` at byte ``offset`` of a file: its whole pages with direct I/O, the rest through the page cache.

    Parameters
    ----------
    direct : int
        The file open with :func:`open_direct`.
    fd : int
        The same file open without direct I/O.
    data : numpy.ndarray
        Shape ``(n,)``, dtype ``uint8``, contiguous.  The pages of the file
        that ``data`` covers whole go by direct I/O when ``data``'s byte at
        the first such page lies on a :data:`PAGE` boundary in memory
        (:func:`aligned_buffer`, sliced at ``offset % PAGE``); the partial
        pages at either end, and everything when the address is not aligned,
        are written through ``fd``.  A page is written the one way or the
        other whichever the call, so long as the ranges of the calls tile the
        file: a page that holds a boundary between two ranges goes through
        the page cache both times.

    Returns
    -------
    int
        The bytes written by direct I/O.

    Raises
    ------
    OSError
        If a write fails: ``EINVAL`` from the direct write where the file
        system refuses its alignment (the caller writes through ``fd``
        instead, nothing having been written directly).
    """
    n = int(data.size)
    first = -(-offset // PAGE) * PAGE
    last = (offset + n) // PAGE * PAGE
    aligned = last > first and (int(data.ctypes.data) + first - offset) % PAGE == 0
    if not aligned:
        _write_all(fd, data, offset)
        return 0
    _write_all(direct, data[first - offset : last - offset], first)
    _write_all(fd, data[: first - offset], offset)
    _write_all(fd, data[last - offset :], last)
    return last - first


def _write_all(fd: int, data: np.ndarray, offset: int) -> None:
    view, done = data.data, 0
    while done < data.size:
        done += os.pwrite(fd, view[done:], offset + done)


def read_pages(
    direct: int, offset: int, size: int, scratch: np.ndarray, ranges: list[tuple[int, int]] | None = None
) -> np.ndarray:
    """Read ``size`` bytes of a file from byte ``offset`` with direct I/O, whole pages into ``scratch``.

    Parameters
    ----------
    direct : int
        The file open with :func:`open_direct`.  Pages the page cache holds
        unwritten are written first by the kernel, so what was written
        through the page cache is read too.
    offset, size : int
        The byte range, ``offset >= 0``, ``size >= 0``.
    scratch : numpy.ndarray
        A buffer from :func:`aligned_buffer` of at least
        ``size + 2 * PAGE`` bytes.
    ranges : list of (int, int), optional
        Only the bytes ``lo..hi - 1`` of each ``(lo, hi)`` (file offsets in
        the range, ascending) are read, with the rest of their pages; the
        other bytes of the result are left as they were.  Default: all.

    Returns
    -------
    numpy.ndarray
        Shape ``(size,)``, dtype ``uint8``: a view of ``scratch``.

    Raises
    ------
    OSError
        If the file ends before the last byte asked for (``EIO``), or the
        read fails (``EINVAL`` where the file system refuses direct I/O).
    ValueError
        If ``scratch`` is too small.
    """
    if size <= 0:
        return scratch[:0]
    first = offset // PAGE * PAGE
    last = -(-(offset + size) // PAGE) * PAGE
    if scratch.size < last - first:
        raise ValueError(f"the scratch buffer holds {scratch.size} bytes, the read needs {last - first}")
    view = scratch.data
    for lo, hi in [(offset, offset + size)] if ranges is None else ranges:
        start, done = lo // PAGE * PAGE, 0
        stop = min(last, -(-hi // PAGE) * PAGE)
        while done < hi - start:
            got = os.preadv(direct, [view[start - first + done : stop - first]], start + done)
            if got <= 0:
                raise OSError(errno.EIO, f"the file ended at byte {start + done}")
            done += got
    return scratch[offset - first : offset - first + size]
