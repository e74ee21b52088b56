"""The workers' reads and writes of a Dask store's chunks: straight through the chunk files where zarr allows it.

:func:`read_range` and :func:`write_chunk` decode and encode a local store's
chunks themselves (the same bytes as zarr's codec, several times faster);
:class:`_Reader` keeps a task's last few chunks; :func:`_group_for` keeps
the groups a worker has opened.
"""

from __future__ import annotations

import collections
import contextlib
import os
import threading
from pathlib import Path
from typing import Any

import numpy as np

from ..engine.dask import KEPT_BYTES

__all__ = ["read_range", "write_chunk", "scratch", "fresh_chunk", "KEPT_BYTES", "kept_chunks"]

#: Groups a worker has opened, by (store path, run id): opening reads
#: metadata files, which costs more than labelling a small chunk.
_OPENED: dict[tuple[str, str], Any] = {}


def _group_for(path: str, run_id: str) -> Any:
    import zarr

    key = (path, run_id)
    if key not in _OPENED:
        if len(_OPENED) > 8:
            _OPENED.clear()
        _OPENED[key] = zarr.open_group(path, mode="r+")
    return _OPENED[key]


#: The store's codec as zarr records it for an array of ``uint8``; :func:`write_chunk` encodes with exactly it.
_BLOSC_CODES = {
    "name": "blosc",
    "configuration": {"typesize": 1, "cname": "lz4", "clevel": 1, "shuffle": "noshuffle", "blocksize": 0},
}


def _direct(array: Any) -> bool:
    """Whether :func:`write_chunk` and :func:`read_range` may encode and decode the chunks of ``array`` themselves.

    That is a zarr v3 array of ``uint8`` in a local directory whose codecs
    are the bytes codec and the store's Blosc (:func:`_store_codec`).
    """
    from zarr.storage import LocalStore

    metadata = array.metadata
    if not isinstance(array.store_path.store, LocalStore) or metadata.zarr_format != 3 or array.dtype != np.uint8:
        return False
    codecs = [codec.to_dict() for codec in metadata.codecs]
    # (the bytes codec's endianness means nothing to one byte)
    return len(codecs) == 2 and codecs[0].get("name") == "bytes" and codecs[1] == _BLOSC_CODES


def _chunk_path(array: Any, c: int) -> Path:
    """The file of chunk ``c`` of a local zarr v3 array."""
    return Path(array.store_path.store.root) / array.store_path.path / array.metadata.encode_chunk_key((c,))


def _chunk_file(array: Any, a: int, b: int) -> Path | None:
    """The file of the one whole chunk ``a..b`` of ``array``, when :func:`write_chunk` may write it itself; else None.

    ``a..b`` must be exactly one chunk, not the last one cut by the bound
    (zarr pads that one with the fill value), of an array :func:`_direct`
    allows.
    """
    w = int(array.chunks[0])
    if a % w or b - a + 1 != w or b >= int(array.shape[0]) or not _direct(array):
        return None
    return _chunk_path(array, a // w)


def _blosc() -> Any:
    """numcodecs' Blosc with the store's settings: the same bytes as zarr's codec (tested)."""
    import numcodecs

    return numcodecs.Blosc(cname="lz4", clevel=1, shuffle=numcodecs.Blosc.NOSHUFFLE, blocksize=0)


class _KeptChunks:
    """The decoded chunks this process wrote or read last, by (store path, run id, array name, chunk), at most :data:`KEPT_BYTES`.

    A chunk task of a solve by the sweep keeps the chunk it wrote and each
    chunk it decoded, so that a later task on the same worker that reads it
    copies it instead of decoding its file again (``docs/dask.md`` section
    3.1).  The key holds the solve's run id, so a kept chunk never outlives
    its solve's store.  A kept chunk is only read, under the lock; the one
    dropped last is handed to the next task as its output
    (:func:`fresh_chunk`) rather than freed.
    """

    def __init__(self, most: int = KEPT_BYTES) -> None:
        self.most = most
        self.chunks: collections.OrderedDict[tuple[str, str, str, int], np.ndarray] = collections.OrderedDict()
        self.bytes = 0
        self.lock = threading.Lock()
        self.spare: np.ndarray | None = None

    def copy_into(self, key: tuple[str, str, str, int], offset: int, dest: np.ndarray) -> bool:
        """Copy the kept chunk ``key`` from ``offset`` on into ``dest``; False if it is not kept.

        The copy is made under the lock, so that no other thread drops the
        chunk and writes over it (:func:`fresh_chunk`) meanwhile.
        """
        with self.lock:
            hit = self.chunks.get(key)
            if hit is None:
                return False
            self.chunks.move_to_end(key)
            dest[:] = hit[offset : offset + len(dest)]
            return True

    def put(self, key: tuple[str, str, str, int], values: np.ndarray) -> None:
        if values.nbytes > self.most:
            return
        with self.lock:
            old = self.chunks.pop(key, None)
            if old is not None:
                self.bytes -= old.nbytes
            self.chunks[key] = values
            self.bytes += values.nbytes
            while self.bytes > self.most:
                dropped = self.chunks.popitem(last=False)[1]
                self.bytes -= dropped.nbytes
                self.spare = dropped

    def take_spare(self, size: int) -> np.ndarray | None:
        """The last chunk dropped, to be written over, if it has ``size`` bytes; else None."""
        with self.lock:
            spare, self.spare = self.spare, None
        if spare is None or spare.nbytes != size or spare.dtype != np.uint8:
            return None
        return spare

    def clear(self) -> None:
        with self.lock:
            self.chunks.clear()
            self.bytes = 0
            self.spare = None


_KEPT = _KeptChunks()


def kept_chunks() -> tuple[int, int]:
    """How many decoded chunks this process keeps for the chunk tasks, and their bytes.

    Returns
    -------
    (int, int)
        The number of chunks and their bytes, at most :data:`KEPT_BYTES`.
    """
    with _KEPT.lock:
        return len(_KEPT.chunks), _KEPT.bytes


def fresh_chunk(size: int) -> np.ndarray:
    """An array of ``size`` bytes (``uint8``) for a chunk task's output: the chunk last dropped from the kept ones, or a new one.

    A dropped chunk's memory is already mapped, so writing over it costs no
    page faults; its old contents are meaningless.

    Parameters
    ----------
    size : int
        Bytes wanted, at least 0.

    Returns
    -------
    numpy.ndarray
        Shape ``(size,)``, ``uint8``, contiguous, owned by the caller.
    """
    spare = _KEPT.take_spare(size)
    return spare if spare is not None else np.empty(size, np.uint8)


_SCRATCH = threading.local()


def scratch(size: int, slot: int = 0) -> np.ndarray:
    """An array of ``size`` bytes (``uint8``) that this thread reuses from task to task.

    A fresh array of tens of megabytes costs its page faults again at every
    task (distributed's nanny sets ``MALLOC_TRIM_THRESHOLD_``, so glibc gives
    freed memory back at once); the input slice of a chunk task is only read
    during its sweep, so one buffer per thread serves every task.  Its
    contents are whatever the last user left.

    Parameters
    ----------
    size : int
        Bytes wanted, at least 0.
    slot : int, optional
        Which of this thread's buffers (0 or 1: a task reads the codes and
        the kept lower bounds side by side).

    Returns
    -------
    numpy.ndarray
        Shape ``(size,)``, ``uint8``, contiguous: a view of this thread's
        buffer ``slot``, valid until this thread next calls :func:`scratch`
        with that slot.
    """
    buffers = getattr(_SCRATCH, "buffers", None)
    if buffers is None:
        buffers = _SCRATCH.buffers = [np.empty(0, np.uint8), np.empty(0, np.uint8)]
    if len(buffers[slot]) < size:
        buffers[slot] = np.empty(size, np.uint8)
    return buffers[slot][:size]


def read_range(
    array: Any,
    lo: int,
    hi: int,
    kept: tuple[str, str, str] | None = None,
    counts: list[int] | None = None,
    out: np.ndarray | None = None,
) -> np.ndarray:
    """Positions ``lo..hi`` of a store's array, as ``array[lo:hi + 1]`` reads them but with a third of the work.

    zarr 3 took 0.056 s of processor time to read two chunks of 2**24 codes
    that Blosc decodes in 0.019 s (2026-11-28).  Where :func:`_direct`
    allows, each chunk's file is read and decoded here, and a chunk with no
    file reads as the fill value, as in zarr; anything else goes through
    zarr.  With ``kept``, a chunk this process wrote or decoded last under
    that key (:func:`write_chunk`) is copied from memory, and each chunk
    decoded here is kept.

    Parameters
    ----------
    array : zarr.Array
        An array of the store.
    lo, hi : int
        First and last position, ``0 <= lo <= hi < len(array)``.
    kept : (str, str, str), optional
        ``(store path, run id, array name)``: keep and reuse the decoded
        chunks of this array (a chunk task of a solve by the sweep, whose
        chunks are each written once).  Default: decode every chunk.
    counts : list of int, optional
        Two counters, increased by the chunks copied from memory and the
        chunks decoded (or read through zarr).
    out : numpy.ndarray, optional
        Where to put the positions: shape ``(hi - lo + 1,)``, the array's
        dtype, contiguous (:func:`scratch`).  Default: a new array.

    Returns
    -------
    numpy.ndarray
        Shape ``(hi - lo + 1,)``, the array's dtype, contiguous.
    """
    counts = counts if counts is not None else [0, 0]
    w = int(array.chunks[0])
    direct = _direct(array)
    if kept is None and not direct:
        counts[1] += hi // w - lo // w + 1
        if out is None:
            return np.ascontiguousarray(array[lo : hi + 1])
        out[:] = array[lo : hi + 1]
        return out
    fill = np.uint8(array.metadata.fill_value)
    blosc = _blosc() if direct else None
    out = np.empty(hi - lo + 1, array.dtype) if out is None else out
    whole = np.empty(w, np.uint8) if kept is None else None
    for c in range(lo // w, hi // w + 1):
        first, last = max(lo, c * w), min(hi, c * w + w - 1)
        if kept is not None and _KEPT.copy_into((*kept, c), first - c * w, out[first - lo : last - lo + 1]):
            counts[0] += 1
            continue
        counts[1] += 1
        if blosc is None:  # a store zarr reads: the chunk's positions up to the end of the array
            values = np.ascontiguousarray(array[c * w : min(int(array.shape[0]), c * w + w)])
            if kept is not None and (values == fill).any():  # not all written: read it again next time
                out[first - lo : last - lo + 1] = values[first - c * w : last - c * w + 1]
                continue
        else:
            try:
                data = _chunk_path(array, c).read_bytes()
            except FileNotFoundError:
                out[first - lo : last - lo + 1] = fill
                continue
            if kept is None and first == c * w and last == c * w + w - 1:
                blosc.decode(data, out=out[first - lo : last - lo + 1])
                continue
            values = whole if whole is not None else np.empty(w, np.uint8)
            blosc.decode(data, out=values)
        out[first - lo : last - lo + 1] = values[first - c * w : last - c * w + 1]
        if kept is not None:
            _KEPT.put((*kept, c), values)
    return out


def write_chunk(array: Any, a: int, b: int, values: np.ndarray, kept: tuple[str, str, str] | None = None) -> None:
    """Write positions ``a..b`` of a store's array, one whole chunk, as zarr would but several times faster.

    zarr 3 spent 0.08-0.3 s writing a chunk of 2**24 codes that Blosc
    encodes in 0.02-0.03 s (its asynchronous pipeline, copies, the check for
    an empty chunk); that was the largest share of a Dask solve (2026-11-28).
    Where :func:`_chunk_file` allows, the chunk is encoded here with the
    array's own codec (numcodecs' Blosc with the same settings gives the
    same bytes) and written to a temporary file renamed into place, so a
    reader never sees half a chunk.  Anything else goes through zarr.

    Parameters
    ----------
    array : zarr.Array
        An array of the store.
    a, b : int
        First and last position written: one chunk, or a part of the array
        zarr writes.
    values : numpy.ndarray
        Shape ``(b - a + 1,)``, the array's dtype.
    kept : (str, str, str), optional
        ``(store path, run id, array name)``: once written, keep ``values``
        (not a copy: the caller must not change them) for :func:`read_range`
        under that key; ``a..b`` must then be one whole chunk, or the last
        one, cut by the end of the array.
    """
    target = _chunk_file(array, a, b)
    if target is None:
        array[a : b + 1] = values
    else:
        data = _blosc().encode(np.ascontiguousarray(values, dtype=np.uint8))
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.parent / f".{target.name}.{os.getpid()}.{threading.get_ident()}.tmp"
        try:
            with open(temporary, "wb") as handle:
                handle.write(data)
            os.replace(temporary, target)
        except BaseException:
            with contextlib.suppress(OSError):
                temporary.unlink()
            raise
    if kept is not None:
        _KEPT.put((*kept, a // int(array.chunks[0])), values)


class _Reader:
    """Reads positions of the store's arrays for a task, whole chunks at a time, keeping the last few."""

    def __init__(self, group: Any, keep: int = 8) -> None:
        self.group = group
        self.keep = keep
        self.chunks: collections.OrderedDict[tuple[str, int], np.ndarray] = collections.OrderedDict()
        self.bytes = 0

    def _chunk(self, name: str, c: int) -> np.ndarray:
        hit = self.chunks.get((name, c))
        if hit is None:
            array = self.group[name]
            w = int(array.chunks[0])
            hit = np.asarray(array[c * w : min(int(array.shape[0]), (c + 1) * w)])
            self.bytes += hit.nbytes
            self.chunks[(name, c)] = hit
            while len(self.chunks) > self.keep:
                self.chunks.popitem(last=False)
        else:
            self.chunks.move_to_end((name, c))
        return hit

    def __call__(self, name: str, lo: int, hi: int) -> np.ndarray:
        w = int(self.group[name].chunks[0])
        parts = [
            self._chunk(name, c)[max(lo, c * w) - c * w : min(hi, (c + 1) * w - 1) - c * w + 1]
            for c in range(lo // w, hi // w + 1)
        ]
        return parts[0] if len(parts) == 1 else np.concatenate(parts)
