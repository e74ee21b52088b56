"""The codes of a finished Dask store, read on access: :class:`ZarrCodes` and the solution over them."""

from __future__ import annotations

import collections
import functools
import os
import threading
from collections.abc import Callable
from typing import Any

import numba
import numpy as np

from ..engine.dask import FILL
from ..engine.solution import CodeColumn, Solution
from ..engine.tallies import first_undecided, merge_tallies, tally_codes, tally_dict
from ..errors import DaskEngineError

__all__ = ["ZarrCodes"]


@numba.njit(cache=True)
def _first_of_each_code(chunk, offset, first):
    """Record ``offset + i`` in ``first[code]`` for the first ``i`` of each code not yet seen (numba)."""
    for i in range(chunk.shape[0]):
        c = chunk[i]
        if first[c] < 0:
            first[c] = offset + i


#: Decoded chunks a :class:`ZarrCodes` keeps for reading nearby positions again.
_CHUNK_CACHE_BYTES = 64 * 2**20


class ZarrCodes:
    """The ``codes`` array of a finished store, read from disk on access.

    It stands in for the ``uint8`` array of :meth:`Solution.from_codes`:
    ``dtype``, ``shape``, ``ndim``, ``size``, ``nbytes``, ``len()``,
    ``numpy.asarray()`` and indexing by an integer, a slice (any step), an
    integer array (any shape; a new array of that shape) or a boolean mask.
    Results are numpy values.  Reads go through the store's chunks; the most
    recently read chunks are kept (at most :data:`_CHUNK_CACHE_BYTES`,
    at least one), so reading nearby positions again costs nothing.  Slices
    wider than one chunk are read straight from the store.

    A chunk that is missing reads as the store's fill value, 255, which no
    code uses: reading one raises :class:`DaskEngineError` rather than
    answer from it.

    Parameters
    ----------
    array : zarr.Array
        The checked ``codes`` array (see :func:`open_store`).
    path : str or os.PathLike
        The store's directory, for messages.
    """

    dtype = np.dtype(np.uint8)
    ndim = 1

    def __init__(self, array: Any, path: str | os.PathLike[str]) -> None:
        self._array = array
        self.path = os.fspath(path)
        self._n = int(array.shape[0])
        self.chunk = int(array.chunks[0])
        self._keep = max(1, _CHUNK_CACHE_BYTES // self.chunk)
        self._cache: collections.OrderedDict[int, np.ndarray] = collections.OrderedDict()
        self._lock = threading.Lock()

    @property
    def shape(self) -> tuple[int]:
        """``(bound + 1,)``."""
        return (self._n,)

    @property
    def size(self) -> int:
        """``bound + 1``."""
        return self._n

    @property
    def nbytes(self) -> int:
        """Bytes of the codes, one a position (on disk, compressed, they take less)."""
        return self._n

    def __len__(self) -> int:
        return self._n

    def __repr__(self) -> str:
        return f"ZarrCodes({self.path!r}, shape={self.shape}, chunk={self.chunk})"

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        del state["_lock"], state["_cache"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._cache = collections.OrderedDict()
        self._lock = threading.Lock()

    def _check(self, data: np.ndarray, lo: int) -> np.ndarray:
        if data.size and int(data.max()) == FILL:
            first = lo + int(np.argmax(data == FILL))
            raise DaskEngineError(f"the store {self.path} has lost the chunk holding position {first:,}")
        return data

    def _chunk(self, c: int) -> np.ndarray:
        with self._lock:
            hit = self._cache.get(c)
            if hit is not None:
                self._cache.move_to_end(c)
                return hit
        lo = c * self.chunk
        data = self._check(np.asarray(self._array[lo : min(self._n, lo + self.chunk)], dtype=np.uint8), lo)
        data.flags.writeable = False
        with self._lock:
            self._cache[c] = data
            while len(self._cache) > self._keep:
                self._cache.popitem(last=False)
        return data

    def _range(self, lo: int, hi: int) -> np.ndarray:
        """Codes of positions ``lo..hi - 1`` (``lo < hi``)."""
        w = self.chunk
        c0, c1 = lo // w, (hi - 1) // w
        if c0 == c1:
            return self._chunk(c0)[lo - c0 * w : hi - c0 * w]
        if c1 == c0 + 1 and hi - lo <= w:
            return np.concatenate((self._chunk(c0)[lo - c0 * w :], self._chunk(c1)[: hi - c1 * w]))
        return self._check(np.asarray(self._array[lo:hi], dtype=np.uint8), lo)

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, tuple):
            if len(key) != 1:
                raise IndexError(f"too many indices: the codes are 1-dimensional, not {len(key)}")
            key = key[0]
        if key is Ellipsis:
            key = slice(None)
        if isinstance(key, slice):
            start, stop, step = key.indices(self._n)
            count = len(range(start, stop, step))
            if count == 0:
                return np.zeros(0, np.uint8)
            if step > 0:
                return self._range(start, start + (count - 1) * step + 1)[::step]
            return self._range(start + (count - 1) * step, start + 1)[::-1][::-step]
        if isinstance(key, (bool, np.bool_)):
            raise IndexError("a boolean scalar is not a valid index of the codes")
        if isinstance(key, (int, np.integer)):
            i = int(key)
            if not -self._n <= i < self._n:
                raise IndexError(f"index {i} is out of bounds for {self._n:,} positions")
            i %= self._n
            c = i // self.chunk
            return self._chunk(c)[i - c * self.chunk]
        index = np.asarray(key)
        if index.dtype == np.bool_:
            if index.shape != (self._n,):
                raise IndexError(f"a boolean index must have shape ({self._n},), not {index.shape}")
            index = np.flatnonzero(index)
        elif index.size == 0:
            index = index.astype(np.int64)
        if not np.issubdtype(index.dtype, np.integer):
            raise IndexError(f"only integers, slices, ... and integer or boolean arrays index the codes, not {key!r}")
        flat = index.astype(np.int64).ravel()
        if flat.size and (int(flat.min()) < -self._n or int(flat.max()) >= self._n):
            raise IndexError(f"an index is out of bounds for {self._n:,} positions")
        flat = np.where(flat < 0, flat + self._n, flat)
        out = np.empty(flat.shape, np.uint8)
        if flat.size:
            ids = flat // self.chunk
            order = np.argsort(ids, kind="stable")
            for group in np.split(order, np.flatnonzero(np.diff(ids[order])) + 1):
                c = int(ids[group[0]])
                out[group] = self._chunk(c)[flat[group] - c * self.chunk]
        return out.reshape(index.shape)

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        data = self._range(0, self._n)
        if dtype is not None and np.dtype(dtype) != data.dtype:
            return data.astype(dtype)
        return data.copy() if copy or not data.flags.writeable else data

    def __iter__(self):
        for lo in range(0, self._n, self.chunk):
            yield from self._range(lo, min(self._n, lo + self.chunk))


class _StoreSolution(Solution):
    """A compact :class:`Solution` whose codes stay in a store (:class:`ZarrCodes`).

    Its ``outcome`` and ``packed_remoteness`` are :class:`~solver.engine.solution.CodeColumn`
    objects over a :class:`ZarrCodes`, so indexing them reads only the chunks
    touched.  :attr:`codes` is None: code that is handed ``solution.codes``
    passes it whole to numba kernels, which need a numpy array, and such code
    falls back on slices of the columns when it is None.  :attr:`store_codes`
    gives the lazy codes.  What would read the whole array at once is done
    chunk by chunk here: :meth:`tally`, ``==``; :attr:`nbytes` is one byte a
    position and :attr:`mapped` is True (like a memory-mapped cache entry, the
    codes live on disk and only the chunks read are in memory).
    """

    __hash__ = None

    @property
    def store_codes(self) -> ZarrCodes:
        """The codes, read from the store on access (:class:`ZarrCodes`)."""
        column = self.outcome
        assert isinstance(column, CodeColumn)
        codes: Any = column.codes
        return codes

    @property
    def codes(self) -> None:
        """None: the codes are not a numpy array (see :attr:`store_codes`)."""
        return None

    def compact(self) -> Solution:
        """``self``: it is already one byte a position."""
        return self

    def arrays(self) -> dict[str, Any]:
        """``{"codes": store_codes}``."""
        return {"codes": self.store_codes}

    @property
    def nbytes(self) -> int:
        """``bound + 1``: one code a position (compressed on disk, read on access)."""
        return self.bound + 1

    @property
    def mapped(self) -> bool:
        """True: the codes are read from the store on disk, not held in memory."""
        return True

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Solution):
            return NotImplemented
        theirs: Any = other.store_codes if isinstance(other, _StoreSolution) else other.codes
        if theirs is None or self.bound != other.bound or self.rule.name != other.rule.name:
            return super().__eq__(other)
        w = self.store_codes.chunk
        return all(
            np.array_equal(self.store_codes[lo : lo + w], theirs[lo : lo + w]) for lo in range(0, self.bound + 1, w)
        )

    @functools.cached_property
    def decided_below(self) -> int:
        """As :attr:`Solution.decided_below`, reading the store chunk by chunk until the first unresolved position."""
        return self.read_decided_below()

    def read_decided_below(self, progress: Callable[[float], None] | None = None) -> int:
        """:attr:`decided_below`, read chunk by chunk until the first unresolved position, with progress.

        Parameters
        ----------
        progress : callable, optional
            Called after each chunk with the fraction of the store read so far
            (it ends below 1 when an unresolved position stops the read).

        Returns
        -------
        int
            As :attr:`Solution.decided_below`; remembered, so that the
            property reads nothing more.
        """
        if "decided_below" in self.__dict__:
            return int(self.__dict__["decided_below"])
        codes = self.store_codes
        found = self.bound
        for lo in range(0, self.bound + 1, codes.chunk):
            chunk = np.ascontiguousarray(codes[lo : min(self.bound + 1, lo + codes.chunk)])
            first = int(first_undecided(chunk, 1 if lo == 0 else 0, len(chunk) - 1))
            if progress is not None:
                progress(min(self.bound + 1, lo + codes.chunk) / (self.bound + 1))
            if first >= 0:
                found = lo + first - 1
                break
        self.__dict__["decided_below"] = found
        return found

    def scan_codes(self, progress: Callable[[float], None] | None = None) -> tuple[np.ndarray, dict[str, int]]:
        """One pass over the store, chunk by chunk: the first position of each code, and :meth:`tally`.

        Parameters
        ----------
        progress : callable, optional
            Called after each chunk with the fraction of the store read.

        Returns
        -------
        tuple
            ``(first, tally)``: ``first`` has shape ``(256,)``, dtype
            ``int64``, the smallest position ``0..B`` holding each code (-1
            for a code none holds); ``tally`` is :meth:`tally` of ``1..B``.
            :attr:`decided_below` is found on the way and remembered.
        """
        codes = self.store_codes
        first = np.full(256, -1, np.int64)
        parts = []
        undecided = -1 if "decided_below" not in self.__dict__ else 0
        for lo in range(0, self.bound + 1, codes.chunk):
            chunk = np.ascontiguousarray(codes[lo : min(self.bound + 1, lo + codes.chunk)])
            start = 1 if lo == 0 else 0
            _first_of_each_code(chunk, lo, first)
            parts.append(tally_codes(chunk, start, len(chunk) - 1, self.rule.misere))
            if undecided < 0:
                at = int(first_undecided(chunk, start, len(chunk) - 1))
                if at >= 0:
                    undecided = 1
                    self.__dict__["decided_below"] = lo + at - 1
            if progress is not None:
                progress(min(self.bound + 1, lo + codes.chunk) / (self.bound + 1))
        if undecided < 0:
            self.__dict__["decided_below"] = self.bound
        return first, tally_dict(merge_tallies(parts))

    def tally(self, n: int | None = None) -> dict[str, int]:
        """As :meth:`Solution.tally`, reading the store chunk by chunk."""
        n = self._check_n(n)
        codes = self.store_codes
        parts = []
        for lo in range(0, n + 1, codes.chunk):
            chunk = codes[lo : min(n + 1, lo + codes.chunk)]
            parts.append(tally_codes(chunk, 1 if lo == 0 else 0, len(chunk) - 1, self.rule.misere))
        return tally_dict(merge_tallies(parts))
