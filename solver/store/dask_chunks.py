"""The workers' reads and writes of a Dask store's chunks: straight through the chunk files where zarr allows it.

:func:`read_range` and :func:`write_chunk` decode and encode a local store's
chunks themselves (the same bytes as zarr's codec, several times faster),
and write an uncompressed store's chunks with direct I/O in a thread of
their own (:class:`ChunkWriter`, :data:`CHUNK_WRITER`);
:class:`ChunkTable` keeps the chunks a worker process's tasks wrote, in
memory, for the tasks of the same process that read them next
(:data:`CHUNK_TABLE`); :class:`_Reader` keeps a task's last few chunks;
:func:`_group_for` keeps the groups a worker has opened.
"""

from __future__ import annotations

import collections
import concurrent.futures
import contextlib
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ..engine import mapped
from ..engine.dask import CHUNK_TABLE_BYTES, PENDING_WRITES

__all__ = [
    "CHUNK_TABLE_BYTES",
    "CHUNK_TABLE",
    "CHUNK_WRITER",
    "ChunkTable",
    "ChunkWriter",
    "chunk_buffer",
    "codec_of",
    "read_range",
    "write_chunk",
]

#: Groups a worker has opened, by (store path, run id): opening reads
#: metadata files, which costs more than labelling a small chunk.
_OPENED: dict[tuple[str, str], Any] = {}


def _group_for(path: str, run_id: str) -> Any:
    import zarr

    key = (path, run_id)
    if key not in _OPENED:
        if len(_OPENED) > 8:
            _OPENED.clear()
            _ARRAYS.clear()
        _OPENED[key] = zarr.open_group(path, mode="r+")
    return _OPENED[key]


#: Arrays a worker has opened, by (store path, run id, name): ``group[name]``
#: reads the array's metadata file through zarr's I/O thread, about 2 ms a task.
_ARRAYS: dict[tuple[str, str, str], Any] = {}


def _array_for(path: str, run_id: str, name: str) -> Any:
    """The array ``name`` of the store at ``path`` during the solve ``run_id``, opened once a process."""
    key = (path, run_id, name)
    if key not in _ARRAYS:
        _ARRAYS[key] = _group_for(path, run_id)[name]
    return _ARRAYS[key]


#: The store's codec as zarr records it for an array of ``uint8``; :func:`write_chunk` encodes with exactly it.
_BLOSC_CODES = {
    "name": "blosc",
    "configuration": {"typesize": 1, "cname": "lz4", "clevel": 1, "shuffle": "noshuffle", "blocksize": 0},
}


def codec_of(array: Any) -> str | None:
    """How :func:`write_chunk` and :func:`read_range` may write and read the chunks of ``array`` themselves.

    Parameters
    ----------
    array : zarr.Array
        An array of a Dask store.

    Returns
    -------
    str or None
        ``"lz4"`` for a zarr v3 array of ``uint8`` in a local directory
        whose codecs are the bytes codec and the store's Blosc
        (:func:`solver.store.dask_store._store_codec`), ``"none"`` for one
        with the bytes codec alone (a chunk's file is its bytes), None for
        anything else (read and written through zarr).
    """
    from zarr.storage import LocalStore

    metadata = array.metadata
    if not isinstance(array.store_path.store, LocalStore) or metadata.zarr_format != 3 or array.dtype != np.uint8:
        return None
    codecs = [codec.to_dict() for codec in metadata.codecs]
    # (the bytes codec's endianness means nothing to one byte)
    if not codecs or codecs[0].get("name") != "bytes":
        return None
    if len(codecs) == 1:
        return "none"
    return "lz4" if len(codecs) == 2 and codecs[1] == _BLOSC_CODES else None


def _direct(array: Any) -> bool:
    """Whether :func:`write_chunk` and :func:`read_range` may write and read the chunks of ``array`` themselves."""
    return codec_of(array) is not None


def _chunk_path(array: Any, c: int) -> Path:
    """The file of chunk ``c`` of a local zarr v3 array."""
    return Path(array.store_path.store.root) / array.store_path.path / array.metadata.encode_chunk_key((c,))


def _chunk_file(array: Any, a: int, b: int, codec: str | None = "") -> Path | None:
    """The file of the one whole chunk ``a..b`` of ``array``, when :func:`write_chunk` may write it itself; else None.

    ``a..b`` must be exactly one chunk, not the last one cut by the bound
    (zarr pads that one with the fill value), of an array :func:`codec_of`
    allows (``codec``, when the caller has it already).
    """
    w = int(array.chunks[0])
    if codec == "":
        codec = codec_of(array)
    if a % w or b - a + 1 != w or b >= int(array.shape[0]) or codec is None:
        return None
    return _chunk_path(array, a // w)


class ChunkTable:
    """Chunks written by this process, kept in memory until their last reader has read them: bounded, thread-safe.

    A chunk task that writes its chunk to the store also puts its codes here
    (:func:`write_chunk`), with the number of tasks that will read the chunk
    (from :func:`solver.engine.dask.plan`: the tasks whose ``depends_on``
    names it); a task that reads a chunk (:func:`read_range`) takes it from
    here, without decoding its file, when it is here, and the chunk is
    dropped once its last reader has taken it.  When the chunks exceed
    ``max_bytes`` the one used longest ago is dropped; a chunk not here is
    read from its file, so the table changes how fast a task reads, never
    what it reads.  The file is always written: the store is the result.

    Parameters
    ----------
    max_bytes : int
        Most bytes of chunks held at once, at least 0 (0 keeps none).

    Attributes
    ----------
    hits, misses : int
        Chunks :meth:`take` found here, and did not.

    Notes
    -----
    The arrays are held, not copied: a caller must not change an array once
    it has put it here, nor one it has taken (it may be taken again).
    """

    def __init__(self, max_bytes: int) -> None:
        if isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or max_bytes < 0:
            raise ValueError(f"the chunk table's size must be a whole number of bytes >= 0, not {max_bytes!r}")
        self.max_bytes = max_bytes
        self._chunks: collections.OrderedDict[tuple[str, str], tuple[np.ndarray, int]] = collections.OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0
        self._thread = threading.local()

    def thread_hits(self) -> int:
        """Chunks :meth:`take` found here for the calling thread, since the thread first asked."""
        return int(getattr(self._thread, "hits", 0))

    @property
    def nbytes(self) -> int:
        """Bytes of the chunks held now."""
        return self._bytes

    def __len__(self) -> int:
        return len(self._chunks)

    def put(self, key: tuple[str, str], values: np.ndarray, readers: int) -> bool:
        """Keep ``values`` (a chunk's codes, any shape) under ``key`` for ``readers`` reads; whether it was kept.

        Nothing is kept for no reader or a chunk larger than the table; the
        chunks used longest ago are dropped to make room.
        """
        size = int(values.nbytes)
        if readers < 1 or size > self.max_bytes:
            return False
        with self._lock:
            old = self._chunks.pop(key, None)
            if old is not None:
                self._bytes -= int(old[0].nbytes)
            while self._chunks and self._bytes + size > self.max_bytes:
                _, (dropped, _) = self._chunks.popitem(last=False)
                self._bytes -= int(dropped.nbytes)
            self._chunks[key] = (values, int(readers))
            self._bytes += size
        return True

    def take(self, key: tuple[str, str]) -> np.ndarray | None:
        """The chunk kept under ``key``, counting one read (the last one drops it), or None when it is not here."""
        with self._lock:
            found = self._chunks.get(key)
            if found is None:
                self.misses += 1
                return None
            self.hits += 1
            self._thread.hits = self.thread_hits() + 1
            values, readers = found
            if readers <= 1:
                del self._chunks[key]
                self._bytes -= int(values.nbytes)
            else:
                self._chunks[key] = (values, readers - 1)
                self._chunks.move_to_end(key)
            return values

    def clear(self) -> None:
        """Drop every chunk and reset the counts."""
        with self._lock:
            self._chunks.clear()
            self._bytes = 0
            self.hits = self.misses = 0


#: This process's table (each worker process has its own; its threads share it).
CHUNK_TABLE = ChunkTable(CHUNK_TABLE_BYTES)


def chunk_buffer(size: int) -> np.ndarray:
    """A new array of ``size`` bytes (``uint8``) whose start lies on a page, as direct I/O needs.

    Parameters
    ----------
    size : int
        Bytes, at least 0.

    Returns
    -------
    numpy.ndarray
        Shape ``(size,)``, dtype ``uint8``, uninitialised: a mapping of its
        own (:func:`solver.engine.mapped.aligned_buffer`), freed with the array.
    """
    return mapped.aligned_buffer(size)[:size]


class ChunkWriter:
    """Writes a process's uncompressed chunks to their files in a thread of its own, with direct I/O.

    Writing a chunk of 2**24 codes took 1-2.5 ms of processor time with
    direct I/O on this project's machine, and 14-16 ms of waiting for the
    disk (6-45 ms of processor time through the page cache); in its own
    thread the wait overlaps the next task's sweep (``docs/dask.md``
    section 3.4).  At most ``pending`` chunks wait at once: :meth:`submit`
    of one more waits for the oldest.  A read of a chunk still waiting
    (:meth:`wait_for`) waits for its file.  The first failure is raised by
    the next :meth:`submit`, :meth:`wait_for` or :meth:`finish`.

    Parameters
    ----------
    pending : int
        Most chunks waiting at once, at least 1.

    Notes
    -----
    Each file is written under a temporary name and renamed into place, so
    no reader sees half a chunk.  Where the file system refuses direct I/O
    (tmpfs, for one), or the array does not start on a page or is not a
    whole number of pages, the chunk is written through the page cache, in
    the same thread.
    """

    def __init__(self, pending: int = PENDING_WRITES) -> None:
        if isinstance(pending, bool) or not isinstance(pending, int) or pending < 1:
            raise ValueError(f"the chunks waiting to be written must be a whole number >= 1, not {pending!r}")
        self.pending = pending
        self._executor: concurrent.futures.ThreadPoolExecutor | None = None
        self._waiting: collections.OrderedDict[str, concurrent.futures.Future[None]] = collections.OrderedDict()
        self._lock = threading.Lock()
        self._slots = threading.Semaphore(pending)
        self._error: BaseException | None = None

    def _raise(self) -> None:
        with self._lock:
            error, self._error = self._error, None
        if error is not None:
            raise error

    def submit(self, target: Path, values: np.ndarray) -> None:
        """Write ``values`` (``uint8``, contiguous; not to be changed afterwards) as the file ``target``, later.

        Raises
        ------
        OSError
            The failure of an earlier write, if one failed.
        """
        self._raise()
        self._slots.acquire()
        try:
            with self._lock:
                if self._executor is None:
                    self._executor = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="chunk-writer")
                key = str(target)
                self._waiting[key] = self._executor.submit(self._write, target, values)
        except BaseException:
            self._slots.release()
            raise

    def _write(self, target: Path, values: np.ndarray) -> None:
        try:
            _replace_file(target, values)
        except BaseException as exc:
            with self._lock:
                if self._error is None:
                    self._error = exc
        finally:
            with self._lock:
                self._waiting.pop(str(target), None)
            self._slots.release()

    def wait_for(self, target: Path) -> None:
        """Return once no write of the file ``target`` is waiting; raise an earlier write's failure."""
        with self._lock:
            found = self._waiting.get(str(target))
        if found is not None:
            found.result()
        self._raise()

    def finish(self) -> None:
        """Wait for every chunk submitted so far; raise the first failure among them (once)."""
        while True:
            with self._lock:
                waiting = list(self._waiting.values())
            if not waiting:
                break
            concurrent.futures.wait(waiting)
        self._raise()


def _replace_file(target: Path, values: np.ndarray) -> None:
    """Write ``values`` as the file ``target``: under a temporary name renamed into place (no reader sees half)."""
    temporary = target.parent / f".{target.name}.{os.getpid()}.{threading.get_ident()}.tmp"
    try:
        _write_file(temporary, values)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise


def _write_file(path: Path, values: np.ndarray) -> None:
    """Write ``values`` as the new file ``path``: with direct I/O where the file system and the array allow."""
    data = np.ascontiguousarray(values, dtype=np.uint8)
    flag = getattr(os, "O_DIRECT", 0)
    if flag and data.nbytes % mapped.PAGE == 0 and data.ctypes.data % mapped.PAGE == 0:
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC | flag, 0o644)
        except OSError:
            fd = None  # the file system refuses direct I/O
        if fd is not None:
            try:
                view, done = data.data, 0
                while done < data.nbytes:
                    done += os.pwrite(fd, view[done:], done)
                return
            except OSError:
                pass  # refused after all (EINVAL): through the page cache below
            finally:
                os.close(fd)
    with open(path, "wb") as handle:
        handle.write(data.data)


#: This process's writer of uncompressed chunks (each worker process has its own).
CHUNK_WRITER = ChunkWriter()


def _finish_writes() -> None:
    """Wait for this process's chunk writes (run on each worker at the end of a solve); raise a failure."""
    CHUNK_WRITER.finish()


def _clear_chunk_table() -> None:
    """Empty :data:`CHUNK_TABLE` (run on each worker before and after a solve)."""
    CHUNK_TABLE.clear()


def _blosc() -> Any:
    """numcodecs' Blosc with the store's settings: the same bytes as zarr's codec (tested)."""
    import numcodecs

    return numcodecs.Blosc(cname="lz4", clevel=1, shuffle=numcodecs.Blosc.NOSHUFFLE, blocksize=0)


def read_range(
    array: Any, lo: int, hi: int, table: ChunkTable | None = None, run_id: str = "", into: np.ndarray | None = None
) -> np.ndarray:
    """Positions ``lo..hi`` of a store's array, as ``array[lo:hi + 1]`` reads them but with a third of the work.

    zarr 3 took 0.056 s of processor time to read two chunks of 2**24 codes
    that Blosc decodes in 0.019 s (2026-11-28).  Where :func:`_direct`
    allows, each chunk is taken from ``table`` when it holds it (as
    :func:`write_chunk` put it there) and else its file is read and
    decoded here, and a chunk with no file reads as the fill value, as in
    zarr; anything else goes through zarr.

    Parameters
    ----------
    array : zarr.Array
        An array of the store.
    lo, hi : int
        First and last position, ``0 <= lo <= hi < len(array)``.
    table : ChunkTable, optional
        Chunks kept in memory (:data:`CHUNK_TABLE` in a chunk task); each
        chunk taken from it counts one read (:meth:`ChunkTable.take`).
    run_id : str, optional
        The solve's run id, part of the table's key (a chunk of an earlier
        solve into the same path is never taken).
    into : numpy.ndarray, optional
        A buffer (``uint8``, at least ``hi - lo + 1`` long) to read into
        instead of a new array (the direct path only).

    Returns
    -------
    numpy.ndarray
        Shape ``(hi - lo + 1,)``, the array's dtype, contiguous: the start of
        ``into`` when given and the chunks are read directly.
    """
    codec = codec_of(array)
    if codec is None:
        return np.ascontiguousarray(array[lo : hi + 1])
    w = int(array.chunks[0])
    fill = np.uint8(array.metadata.fill_value)
    out = np.empty(hi - lo + 1, np.uint8) if into is None else into[: hi - lo + 1]
    if codec == "lz4":
        blosc = _blosc()
        whole = np.empty(w, np.uint8)
    for c in range(lo // w, hi // w + 1):
        first, last = max(lo, c * w), min(hi, c * w + w - 1)
        path = _chunk_path(array, c)
        kept = None if table is None else table.take((run_id, str(path)))
        if kept is not None:
            out[first - lo : last - lo + 1] = kept[first - c * w : last - c * w + 1]
            continue
        if codec == "none":
            CHUNK_WRITER.wait_for(path)
            _read_slice(path, first - c * w, out[first - lo : last - lo + 1], fill)
            continue
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            out[first - lo : last - lo + 1] = fill
            continue
        if first == c * w and last == c * w + w - 1:
            blosc.decode(data, out=out[first - lo : last - lo + 1])
        else:
            blosc.decode(data, out=whole)
            out[first - lo : last - lo + 1] = whole[first - c * w : last - c * w + 1]
    return out


def _read_slice(path: Path, offset: int, out: np.ndarray, fill: np.uint8) -> None:
    """Read ``out.size`` bytes of an uncompressed chunk's file from byte ``offset`` into ``out``; fill when missing."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except FileNotFoundError:
        out[:] = fill
        return
    try:
        view, done = out.data, 0
        while done < out.size:
            got = os.preadv(fd, [view[done:]], offset + done)
            if got <= 0:  # a chunk file shorter than a chunk: zarr would refuse it too
                raise OSError(f"the chunk file {path} ends at byte {offset + done}")
            done += got
    finally:
        os.close(fd)


def write_chunk(
    array: Any,
    a: int,
    b: int,
    values: np.ndarray,
    table: ChunkTable | None = None,
    run_id: str = "",
    readers: int = 0,
    writer: ChunkWriter | None = None,
    wait: bool = False,
) -> None:
    """Write positions ``a..b`` of a store's array, one whole chunk, as zarr would but several times faster.

    zarr 3 spent 0.08-0.3 s writing a chunk of 2**24 codes that Blosc
    encodes in 0.02-0.03 s (its asynchronous pipeline, copies, the check for
    an empty chunk); that was the largest share of a Dask solve (2026-11-28).
    Where :func:`_chunk_file` allows, the chunk is encoded here with the
    array's own codec (numcodecs' Blosc with the same settings gives the
    same bytes) and written to a temporary file renamed into place, so a
    reader never sees half a chunk; an uncompressed chunk is handed to
    ``writer`` instead, which writes it the same way in its own thread,
    with direct I/O where it can (the caller's :meth:`ChunkWriter.finish`
    waits for it); then, with ``table`` and ``readers``,
    ``values`` are kept there too for the next ``readers`` reads of the chunk
    by :func:`read_range` (not copied: the caller must not change them
    afterwards).  Anything else goes through zarr, and is not kept.

    Parameters
    ----------
    array : zarr.Array
        An array of the store.
    a, b : int
        First and last position written: one chunk, or a part of the array
        zarr writes.
    values : numpy.ndarray
        Shape ``(b - a + 1,)``, the array's dtype.
    table : ChunkTable, optional
        Where to keep the chunk for its readers (:data:`CHUNK_TABLE` in a chunk task).
    run_id : str, optional
        The solve's run id, part of the table's key.
    readers : int, optional
        Tasks that will read the chunk (0: not kept).
    writer : ChunkWriter, optional
        The writer of an uncompressed chunk (default :data:`CHUNK_WRITER`).
    wait : bool, optional
        Return only once an uncompressed chunk's file is written (for a
        reader in another process, which cannot wait for this one's writer).

    Raises
    ------
    OSError
        If an earlier write of ``writer`` failed.
    """
    codec = codec_of(array)
    target = _chunk_file(array, a, b, codec)
    if target is None:
        array[a : b + 1] = values
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    if codec == "none":
        writer = writer or CHUNK_WRITER
        writer.submit(target, values)
        if wait:
            writer.wait_for(target)
    else:
        encoded = _blosc().encode(np.ascontiguousarray(values, dtype=np.uint8))
        _replace_file(target, np.frombuffer(encoded, np.uint8))
    if table is not None and readers > 0:
        table.put((run_id, str(target)), values, readers)


class _Reader:
    """Reads positions of the store's arrays for a task, whole chunks at a time, keeping the last few.

    ``array(name)`` gives the store's array ``name`` (default ``group[name]``,
    which reads its metadata file, about 1 ms each time): a task of a solve
    by passes passes :func:`_array_for`, so that a worker opens each array
    once a solve, not twice a read.
    """

    def __init__(self, group: Any, keep: int = 8, array: Callable[[str], Any] | None = None) -> None:
        self.group = group
        self.keep = keep
        self.array = array if array is not None else group.__getitem__
        self.chunks: collections.OrderedDict[tuple[str, int], np.ndarray] = collections.OrderedDict()
        self.bytes = 0

    def _chunk(self, name: str, c: int) -> np.ndarray:
        hit = self.chunks.get((name, c))
        if hit is None:
            array = self.array(name)
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
        w = int(self.array(name).chunks[0])
        parts = [
            self._chunk(name, c)[max(lo, c * w) - c * w : min(hi, (c + 1) * w - 1) - c * w + 1]
            for c in range(lo // w, hi // w + 1)
        ]
        return parts[0] if len(parts) == 1 else np.concatenate(parts)
