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
"""

from __future__ import annotations

import ctypes
import mmap
import sys

import numpy as np

__all__ = ["is_mapped", "release", "start_writeback"]

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
