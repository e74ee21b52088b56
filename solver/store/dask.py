"""The Dask engine's store and its driver: a zarr directory with one code a position, solved into and read back.

This is the one module that opens zarr and the one that drives the cluster.
:func:`solve_dask` and :func:`run` solve a put-or-take rule on a Dask cluster
into a zarr store: :mod:`solver.engine.dask` plans the graph and computes
each task from numpy arrays (the same kernels as the single-process solve);
the tasks defined here read their inputs from the store, call it, and write
their chunk back.  :func:`open_store` reads a finished store lazily, chunk by
chunk (:class:`ZarrCodes`), and :func:`solver.store.find` serves finished
stores in the cache directory like cache entries (``docs/dask.md``).

The store holds one ``uint8`` array ``codes``, one code a position
(:mod:`solver.engine.codes`), as the disk cache does, chunked like the tasks
and compressed with LZ4, and the group's attributes: ``engine``, ``format``
(:data:`STORE_FORMAT`), ``layout``, ``rule``, ``bound``, ``chunk``,
``complete``, ``run_id`` and, once finished, ``tally`` and ``seconds``.  While
a rule other than Put-or-Take-a-Square is solved the group also holds the
scratch arrays its method needs (:func:`solver.engine.dask.scratch_arrays`),
removed at the end.  A missing chunk reads as :data:`solver.engine.dask.FILL`,
a code no position has.  Every worker must be able to read and write the store: on a real
cluster, put it on a file system that all of them share.
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import functools
import json
import os
import shutil
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ..engine.codes import MAX_REMOTENESS
from ..engine.dask import (
    FILL,
    MAX_CHUNK,
    METHOD_SWEEP,
    MIN_CHUNK,
    Plan,
    _small_game_task,
    check_bound,
    label_chunk,
    pass_chunk,
    plan,
    scratch_arrays,
    supports,
)
from ..engine.rounds import MAX_LOWER_BOUND_SWEEPS
from ..engine.solution import CodeColumn, Solution, first_undecided, merge_tallies, tally_codes, tally_dict
from ..errors import DaskEngineError
from ..games import DEFAULT_RULE, RULES, Rule, get_rule
from ..validation import check_integer
from .paths import cache_dir, key_of

__all__ = [
    "CONNECT_TIMEOUT",
    "connect",
    "close_cluster",
    "read_range",
    "write_chunk",
    "STORE_FORMAT",
    "RunReport",
    "run",
    "solve_dask",
    "open_store",
    "open_cached",
    "read_store_info",
    "ZarrCodes",
    "dir_bytes",
]

#: ``format`` attribute of the store; raised when the layout changes.  Format 1
#: (earlier releases) held arrays ``outcome`` (int8) and ``remoteness`` (int16);
#: format 2 one array ``codes`` whose draws were those of the escape
#: certificate; format 3 holds ``codes`` (uint8, :mod:`solver.engine.codes`)
#: with the draws and partial facts of the certificate by possibility.
STORE_FORMAT = 3
#: ``layout`` attribute of the store: its one array, ``codes``.
_LAYOUT = "codes"
#: Decoded chunks a :class:`ZarrCodes` keeps for reading nearby positions again.
_CHUNK_CACHE_BYTES = 64 * 2**20
#: ``engine`` attribute that marks a directory as a store of this module
#: (Put-or-Take-a-Square's; another rule's is ``<rule>/dask``, :func:`_engine_attr`).
_ENGINE = "put-or-take-a-square/dask"
_ENGINE_SUFFIX = "/dask"
#: Seconds to wait for a scheduler before giving up.
CONNECT_TIMEOUT = 10.0


def _engine_attr(rule: Rule) -> str:
    """The ``engine`` attribute of a store of ``rule``: ``<rule name>/dask``."""
    return f"{rule.name}{_ENGINE_SUFFIX}"


def _rule_of_engine(engine: object) -> Rule | None:
    """The rule an ``engine`` attribute names, if it is one of this module's (a put-or-take rule), else None."""
    if not isinstance(engine, str) or not engine.endswith(_ENGINE_SUFFIX):
        return None
    rule = RULES.get(engine[: -len(_ENGINE_SUFFIX)])
    return rule if rule is not None and supports(rule) else None


# ---------------------------------------------------------------------------
# The store
# ---------------------------------------------------------------------------


def _read_attrs(path: Path) -> dict[str, Any] | None:
    """The store's attributes if ``path`` is a store of this module, else None."""
    meta = path / "zarr.json"
    try:
        data = json.loads(meta.read_text())
    except (OSError, ValueError):
        return None
    attrs = data.get("attributes") if isinstance(data, dict) else None
    if not isinstance(attrs, dict) or _rule_of_engine(attrs.get("engine")) is None:
        return None
    return attrs


def _check_store_path(store: str | os.PathLike[str]) -> Path:
    if not isinstance(store, (str, os.PathLike)):
        raise TypeError(f"the store must be a path, not {type(store).__name__}")
    text = os.fspath(store)
    if not text or not text.strip():
        raise ValueError("the store path is empty")
    if "://" in text:
        raise ValueError(f"the store must be a file-system path (shared by every worker), not a URL: {text!r}")
    return Path(text).expanduser().absolute()


def _prepare_store(path: Path, bound: int, rule: Rule) -> dict[str, Any] | None:
    """Check that ``path`` can become the store; return the attributes of a finished one there."""
    if path.exists() and not path.is_dir():
        raise ValueError(f"the store {path} exists and is not a directory; choose another path")
    if path.is_dir():
        attrs = _read_attrs(path)
        if attrs is None:
            try:
                empty = not any(path.iterdir())
            except OSError as exc:
                raise ValueError(f"cannot read the store directory {path}: {exc.strerror or exc}") from None
            if not empty:
                raise ValueError(f"{path} is a non-empty directory and not a Dask solve store; choose another path")
        elif attrs.get("complete") and attrs.get("format") != STORE_FORMAT:
            raise ValueError(f"{_format_problem(path, attrs.get('format'))}; remove it or choose another path")
        elif attrs.get("complete") and attrs.get("bound") == bound and attrs.get("rule") == rule.name:
            open_store(path)  # checks the attributes and the array; raises ValueError if damaged
            return attrs
        elif attrs.get("complete"):
            raise ValueError(
                f"the store {path} holds a finished solve to bound {attrs.get('bound')!r}; remove it "
                "or choose another path"
            )
    parent = path.parent
    blocking = next((p for p in (parent, *parent.parents) if p.exists() and not p.is_dir()), None)
    if blocking is not None:
        raise ValueError(f"cannot create the store {path}: {blocking} is a file, not a directory; choose another path")
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ValueError(f"cannot create {parent}: {exc.strerror or exc}; choose another path for the store") from None
    if not parent.is_dir() or not os.access(parent, os.W_OK | os.X_OK):
        raise ValueError(f"the store's directory {parent} is not writable; choose another path")
    if path.is_dir() and not os.access(path, os.W_OK | os.X_OK):
        raise ValueError(f"the store {path} is not writable; choose another path")
    _probe_writable(path)
    return None


def _probe_writable(path: Path) -> None:
    """Create ``path`` (if needed) and a file in it, then remove what was made; ValueError if the system refuses.

    The permission bits do not tell: root may write anywhere they say, and
    ``/proc``, ``/sys`` or a read-only mount refuse whatever they say.
    """
    made = not path.exists()
    try:
        path.mkdir(exist_ok=True)
        probe = path / f".write-check-{uuid.uuid4().hex}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        raise ValueError(f"cannot write the store {path}: {exc.strerror or exc}; choose another path") from None
    finally:
        if made:
            with contextlib.suppress(OSError):
                path.rmdir()


def _store_codec() -> Any:
    """The compressor of every array of the store: Blosc-LZ4, level 1, no shuffle (fast, 0.26 bytes a code at 10**9)."""
    from zarr.codecs import BloscCodec

    return BloscCodec(cname="lz4", clevel=1, shuffle="noshuffle")


def _create_store(path: Path, bound: int, chunk: int, rule: Rule) -> str:
    import zarr

    if path.exists():
        shutil.rmtree(path)  # an unfinished store of this module, or an empty directory
    group = zarr.open_group(str(path), mode="w")
    arrays = {"codes": (np.uint8, FILL), **scratch_arrays(rule, bound)}
    for name, (dtype, fill) in arrays.items():
        group.create_array(
            name,
            shape=(bound + 1,),
            chunks=(chunk,),
            dtype=np.dtype(dtype).name,
            compressors=[_store_codec()],
            fill_value=fill,
        )
    run_id = uuid.uuid4().hex
    group.attrs.update(
        {
            "engine": _engine_attr(rule),
            "format": STORE_FORMAT,
            "layout": _LAYOUT,
            "rule": rule.name,
            "bound": bound,
            "chunk": chunk,
            "complete": False,
            "run_id": run_id,
        }
    )
    return run_id


def _format_problem(where: Path, found: object) -> str:
    if found == 1 and not isinstance(found, bool):
        return (
            f"the store {where} has format 1 (arrays outcome and remoteness, 3 bytes a position), written by "
            f"an earlier release; this release reads format {STORE_FORMAT} (one code a position): solve again "
            "into another path"
        )
    if found == 2 and not isinstance(found, bool):
        return (
            f"the store {where} has format 2 (draws of the earlier, weaker certificate), written by an earlier "
            f"release; this release reads format {STORE_FORMAT}: solve again into another path"
        )
    return f"the store {where} has format {found!r}; this release reads format {STORE_FORMAT}"


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_attrs(attrs: dict[str, Any], where: Path) -> dict[str, Any]:
    """Check every attribute of a finished store; return them, or raise ValueError."""
    if attrs.get("format") != STORE_FORMAT or isinstance(attrs.get("format"), bool):
        raise ValueError(_format_problem(where, attrs.get("format")))
    if attrs.get("complete") is not True:
        raise ValueError(f"the store {where} holds an unfinished solve; solve again to finish it")

    def damaged(name: str, what: str) -> ValueError:
        shown = repr(attrs.get(name))
        shown = shown if len(shown) <= 40 else shown[:37] + "..."
        return ValueError(f'the store {where} is damaged: its "{name}" is {shown}, not {what}')

    if attrs.get("layout") != _LAYOUT:
        raise damaged("layout", repr(_LAYOUT))
    rule = _rule_of_engine(attrs.get("engine")) or DEFAULT_RULE
    name = attrs.get("rule")
    if not isinstance(name, str) or name != rule.name:
        raise damaged("rule", repr(rule.name))
    bound: Any = attrs.get("bound")
    if not _is_int(bound) or not 1 <= bound <= 2**62:
        raise damaged("bound", "a bound")
    chunk = attrs.get("chunk")
    if not _is_int(chunk) or not min(MIN_CHUNK, bound + 1) <= chunk <= min(MAX_CHUNK, bound + 1):
        raise damaged("chunk", "a chunk size")
    tally = attrs.get("tally")
    keys = {"W", "L", "D", "U", "U_not_L", "U_not_W", "max_remoteness", "bounded"}
    if (
        not isinstance(tally, dict)
        or set(tally) != keys
        or not all(_is_int(v) and v >= 0 for v in tally.values())
        or sum(tally[k] for k in "WLDU") != bound
        or tally["U_not_L"] + tally["U_not_W"] > tally["U"]
        or tally["max_remoteness"] > MAX_REMOTENESS
    ):
        raise damaged("tally", "counts of positions 1..bound")
    seconds = attrs.get("seconds")
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds <= 1e12:
        raise damaged("seconds", "a number of seconds")
    return attrs


def read_store_info(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Return the attributes of a finished Dask solve store.

    Parameters
    ----------
    path : str or os.PathLike
        The store's directory.

    Returns
    -------
    dict
        ``engine``, ``format`` (:data:`STORE_FORMAT`), ``layout`` (``"codes"``),
        ``rule`` (a :mod:`solver.games` name), ``bound``, ``chunk``, ``complete``
        (True), ``tally`` (``W``, ``L``, ``D``, ``U``, ``max_remoteness``,
        ``bounded`` over ``1..bound``), ``seconds``, ``run_id``.  Each is
        checked (type and range).

    Raises
    ------
    TypeError
        If ``path`` is not a path.
    ValueError
        If ``path`` is not a store of this module, has another format (a
        format-1 store of an earlier release, with arrays ``outcome`` and
        ``remoteness``, is named as such), its solve did not finish, or an
        attribute is damaged.
    """
    where = _check_store_path(path)
    attrs = _read_attrs(where)
    if attrs is None:
        raise ValueError(f"{where} is not a Dask solve store")
    return _check_attrs(attrs, where)


def _open_checked(where: Path, bound: int, chunk: int) -> Any:
    """The store's ``codes`` array, read-only, after checking its shape, dtype, chunks and that every chunk is written."""
    import zarr

    try:
        array: Any = zarr.open_group(str(where), mode="r")["codes"]
        initialized = array.nchunks_initialized
        if callable(initialized):  # a method in some zarr releases
            initialized = initialized()
        fill = array.metadata.fill_value
    except Exception as exc:  # a missing or garbled array shows as many kinds of error
        raise ValueError(
            f"the store {where} is damaged: its codes array cannot be opened ({type(exc).__name__})"
        ) from None
    if (
        not isinstance(array, zarr.Array)
        or array.shape != (bound + 1,)
        or np.dtype(array.dtype) != np.uint8
        or array.chunks != (chunk,)
        or fill != FILL
    ):
        raise ValueError(
            f"the store {where} is damaged: its codes array has shape {array.shape}, dtype {array.dtype}, "
            f"chunks {array.chunks}, not ({bound + 1},), uint8, ({chunk},)"
        )
    if initialized != array.nchunks:
        raise ValueError(f"the store {where} is damaged: {initialized:,} of its {array.nchunks:,} chunks are written")
    return array


def open_store(path: str | os.PathLike[str]) -> Solution:
    """Open a finished Dask solve store; its codes are read on access, not loaded.

    Parameters
    ----------
    path : str or os.PathLike
        The store's directory (``--store`` of ``python -m solver solve --engine dask``).

    Returns
    -------
    Solution
        A compact solution (:meth:`Solution.from_codes`) whose ``codes`` are a
        :class:`ZarrCodes`: ``solution.outcome[a:b]``, ``solution.value(n)``,
        :meth:`~Solution.tally` and the rest read only the chunks they touch
        (a few recent chunks are kept, at most 64 MiB).  ``numpy.asarray`` of
        a column reads the whole store.  ``seconds`` is that of the solve that
        wrote it.

    Raises
    ------
    TypeError
        If ``path`` is not a path.
    ValueError
        If ``path`` is not a finished store of this format (see
        :func:`read_store_info`), or its ``codes`` array does not have the
        recorded shape, dtype and chunks, or a chunk is missing.
    """
    where = _check_store_path(path)
    attrs = read_store_info(where)
    bound = attrs["bound"]
    array = _open_checked(where, bound, attrs["chunk"])
    codes: Any = ZarrCodes(array, where)  # stands in for the uint8 array from_codes is documented to take
    return _StoreSolution.from_codes(bound, codes, float(attrs["seconds"]), get_rule(attrs["rule"]))


def open_cached(path: str | os.PathLike[str], bound: int, rule: Rule | str | None = None) -> Solution | None:
    """:func:`open_store` for the disk cache: the store's solve of ``rule`` to ``bound``, or None.

    Parameters
    ----------
    path : str or os.PathLike
        The store's directory.
    bound : int
        The bound the store must hold.
    rule : Rule or str, optional
        The rule it must hold (default Put-or-Take-a-Square).

    Returns
    -------
    Solution or None
        None when ``path`` is not a finished, undamaged store of this format,
        of that rule and bound (:func:`solver.store.find` treats such a store
        as absent).
    """
    try:
        found = open_store(path)
    except Exception:  # damage shows as many kinds of error; the cache treats it as absence
        return None
    return found if found.bound == bound and found.rule.name == get_rule(rule).name else None


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
        codes = self.store_codes
        for lo in range(0, self.bound + 1, codes.chunk):
            chunk = np.ascontiguousarray(codes[lo : min(self.bound + 1, lo + codes.chunk)])
            first = int(first_undecided(chunk, 1 if lo == 0 else 0, len(chunk) - 1))
            if first >= 0:
                return lo + first - 1
        return self.bound

    def tally(self, n: int | None = None) -> dict[str, int]:
        """As :meth:`Solution.tally`, reading the store chunk by chunk."""
        n = self._check_n(n)
        codes = self.store_codes
        parts = []
        for lo in range(0, n + 1, codes.chunk):
            chunk = codes[lo : min(n + 1, lo + codes.chunk)]
            parts.append(tally_codes(chunk, 1 if lo == 0 else 0, len(chunk) - 1, self.rule.misere))
        return tally_dict(merge_tallies(parts))


# ---------------------------------------------------------------------------
# The cluster and the tasks (run on the workers)
# ---------------------------------------------------------------------------


def connect(scheduler: Any, workers: int, timeout: float, processes: bool):
    """Connect to a scheduler, or start a ``LocalCluster`` of ``workers`` workers.

    Returns ``(client, cluster)``; ``cluster`` is None for a given scheduler.

    Raises
    ------
    TypeError
        If ``scheduler`` is neither None, an address nor a client.
    ValueError
        If the address is not valid or cannot be reached within ``timeout``.
    """
    import logging

    from distributed import Client, LocalCluster

    logging.getLogger("distributed").setLevel(logging.ERROR)
    if scheduler is None:
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=processes, dashboard_address=":0")
        return Client(cluster), cluster
    if isinstance(scheduler, Client):
        return scheduler, None
    if not isinstance(scheduler, str):
        raise TypeError(f"the scheduler must be an address string, not {type(scheduler).__name__}")
    address = scheduler.strip()
    if not address or any(ch.isspace() for ch in address):
        raise ValueError(f"the scheduler address {scheduler!r} is not of the form tcp://HOST:PORT")
    try:
        from distributed.comm import parse_address

        parse_address(address if "://" in address else f"tcp://{address}")
    except (ValueError, TypeError) as exc:
        raise ValueError(f"the scheduler address {scheduler!r} is not valid: {exc}") from None
    try:
        client = Client(address, timeout=timeout)
    except ValueError as exc:
        raise ValueError(f"the scheduler address {scheduler!r} is not valid: {exc}") from None
    except (OSError, TimeoutError) as exc:
        raise ValueError(
            f"cannot reach the Dask scheduler at {address} within {timeout:g} s ({type(exc).__name__})"
        ) from None
    return client, None


#: Loggers that report a connection closed under them while a cluster shuts down.
_SHUTDOWN_LOGGERS = ("distributed", "tornado", "asyncio")


def _quiet_logs() -> None:
    """Report only critical records from Dask's, Tornado's and asyncio's loggers (run on each worker, and here).

    A cluster that shuts down closes its connections while heartbeats and
    other messages are in flight; the other end logs each such
    ``CommClosedError`` with its traceback, although nothing is lost (every
    result is in the store and the client has it).
    """
    import logging

    for name in _SHUTDOWN_LOGGERS:
        logging.getLogger(name).setLevel(logging.CRITICAL)


def close_cluster(client: Any, cluster: Any, own_client: bool = True) -> None:
    """Close the client (when this module opened it) and the local cluster, with no traceback on stderr.

    A local cluster's workers and this process's scheduler and client are
    first told to report only critical records (:func:`_quiet_logs`); the
    workers retire before the cluster closes, so none is cut off while it
    speaks to the scheduler.  A cluster given by address is left running:
    only the client is closed.
    """
    import logging

    if cluster is None:
        if own_client:
            client.close()
        return
    levels = {name: logging.getLogger(name).level for name in _SHUTDOWN_LOGGERS}
    with contextlib.suppress(Exception):
        client.run(_quiet_logs)
    _quiet_logs()
    try:
        with contextlib.suppress(Exception):
            client.retire_workers(close_workers=True)
        with contextlib.suppress(Exception):
            client.close()
        cluster.close()
    finally:
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)


def _is_client(obj: object) -> bool:
    from distributed import Client

    return isinstance(obj, Client)


def _peak_rss() -> int:
    """Peak resident memory of this process, in bytes (run on each worker)."""
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _can_write(path: str) -> bool:
    """Whether this process can create a file in the directory ``path`` (run on each worker)."""
    probe = Path(path) / f".probe-{os.getpid()}-{time.monotonic_ns()}"
    try:
        probe.write_bytes(b"")
        probe.unlink()
    except OSError:
        return False
    return True


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


def read_range(array: Any, lo: int, hi: int) -> np.ndarray:
    """Positions ``lo..hi`` of a store's array, as ``array[lo:hi + 1]`` reads them but with a third of the work.

    zarr 3 took 0.056 s of processor time to read two chunks of 2**24 codes
    that Blosc decodes in 0.019 s (2026-11-28).  Where :func:`_direct`
    allows, each chunk's file is read and decoded here, and a chunk with no
    file reads as the fill value, as in zarr; anything else goes through
    zarr.

    Parameters
    ----------
    array : zarr.Array
        An array of the store.
    lo, hi : int
        First and last position, ``0 <= lo <= hi < len(array)``.

    Returns
    -------
    numpy.ndarray
        Shape ``(hi - lo + 1,)``, the array's dtype, contiguous.
    """
    if not _direct(array):
        return np.ascontiguousarray(array[lo : hi + 1])
    w = int(array.chunks[0])
    fill = np.uint8(array.metadata.fill_value)
    blosc = _blosc()
    out = np.empty(hi - lo + 1, np.uint8)
    whole = np.empty(w, np.uint8)
    for c in range(lo // w, hi // w + 1):
        first, last = max(lo, c * w), min(hi, c * w + w - 1)
        try:
            data = _chunk_path(array, c).read_bytes()
        except FileNotFoundError:
            out[first - lo : last - lo + 1] = fill
            continue
        if first == c * w and last == c * w + w - 1:
            blosc.decode(data, out=out[first - lo : last - lo + 1])
        else:
            blosc.decode(data, out=whole)
            out[first - lo : last - lo + 1] = whole[first - c * w : last - c * w + 1]
    return out


def write_chunk(array: Any, a: int, b: int, values: np.ndarray) -> None:
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
    """
    target = _chunk_file(array, a, b)
    if target is None:
        array[a : b + 1] = values
        return
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


def _chunk_task(
    path: str, run_id: str, bound: int, a: int, b: int, q0: int, q1: int, small: tuple, kept: bool, *deps: object
) -> dict[str, Any]:
    """Label positions ``a..b`` with the sweep kernel and write their codes to the store; return counts and bytes.

    ``seconds`` are the wall seconds of its read, sweep and write; ``cpu``
    the processor seconds of the worker's process meanwhile, which a busy
    machine lengthens less than the wall seconds.
    """
    cpu = time.process_time()
    start = time.perf_counter()
    group = _group_for(path, run_id)
    codes = group["codes"]
    inp_lam = None
    if q0 <= q1:
        inp = read_range(codes, q0, q1)
        if int(inp.max()) == FILL:  # a chunk it depends on was not written
            raise DaskEngineError(f"positions {q0}..{q1} of the store {path} are not all written")
        if kept:
            inp_lam = read_range(group["lam"], q0, q1)
    else:
        inp = np.zeros(0, np.uint8)
        inp_lam = np.zeros(0, np.uint8) if kept else None
    read_seconds = time.perf_counter() - start
    start = time.perf_counter()
    out, out_lam, tally = label_chunk(bound, a, b, q0, small, inp, inp_lam)
    sweep_seconds = time.perf_counter() - start
    start = time.perf_counter()
    write_chunk(codes, a, b, out)
    if out_lam is not None:
        write_chunk(group["lam"], a, b, out_lam)
    write_seconds = time.perf_counter() - start
    return {
        "first": a,
        "last": b,
        "bytes_read": int(inp.nbytes) + (0 if inp_lam is None else int(inp_lam.nbytes)),
        "bytes_written": int(out.nbytes) + (0 if out_lam is None else int(out_lam.nbytes)),
        "tally": [int(x) for x in tally],
        "seconds": [read_seconds, sweep_seconds, write_seconds],
        "cpu": time.process_time() - cpu,
    }


def _pass_task(
    path: str, run_id: str, phase: str, rule: Rule, bound: int, a: int, b: int, **how: int
) -> dict[str, Any]:
    """One chunk task of a round of a solve by passes (:func:`solver.engine.dask.pass_chunk`)."""
    start = time.perf_counter()
    group = _group_for(path, run_id)
    read = _Reader(group)
    writes, figures = pass_chunk(phase, rule, bound, a, b, read, **how)
    compute_seconds = time.perf_counter() - start
    start = time.perf_counter()
    written = 0
    for name, values in writes.items():
        group[name][a : b + 1] = values
        written += int(values.nbytes)
    return {
        "first": a,
        "last": b,
        "bytes_read": read.bytes,
        "bytes_written": written,
        "figures": [int(x) for x in figures],
        "seconds": [0.0, compute_seconds, time.perf_counter() - start],
    }


def _sweep_graph(the_plan: Plan, path: str, run_id: str, rule: Rule) -> list[Any]:
    """The task graph of a solve by the sweep: one small-game task and one task per chunk (``dask.delayed``)."""
    import dask

    bound = the_plan.bound
    kept = bool(scratch_arrays(rule, bound))
    prefix = "ptsq" if rule == DEFAULT_RULE else rule.name
    small = dask.delayed(_small_game_task, pure=True)(bound, rule, dask_key_name=f"{prefix}-small-game-B{bound}")
    nodes: list[Any] = [None] * len(the_plan.tasks)
    for task in reversed(the_plan.tasks):
        deps = [nodes[d] for d in task.depends_on]
        nodes[task.index] = dask.delayed(_chunk_task, pure=False)(
            path,
            run_id,
            bound,
            task.first,
            task.last,
            task.read_first,
            task.read_last,
            small,
            kept,
            *deps,
            dask_key_name=f"{prefix}-chunk-{task.index}-B{bound}",
        )
    return nodes


def _by_passes(
    client: Any, the_plan: Plan, path: str, run_id: str, rule: Rule, progress: Callable[[float], None] | None
) -> list[dict[str, Any]]:
    """Run a solve by passes: rounds of chunk tasks, each round waited for (:data:`solver.engine.dask.PASSES`).

    Returns what the tasks of the last round (the codes) returned, with
    ``tally`` set from their figures.
    """
    tasks = the_plan.tasks
    bound = the_plan.bound
    rounds = 0

    def round_of(phase: str, **how: int) -> list[dict[str, Any]]:
        nonlocal rounds
        rounds += 1
        futures = [
            client.submit(_pass_task, path, run_id, phase, rule, bound, t.first, t.last, pure=False, **how)
            for t in tasks
        ]
        results = client.gather(futures)
        if progress:
            progress(min(0.99, 1.0 - 0.97**rounds))
        return results

    round_of("start")
    r = 1
    while sum(res["figures"][0] for res in round_of("labels", r=r)) > 0:
        r += 1
        if r >= 32000:  # pragma: no cover - never seen
            raise DaskEngineError("remoteness beyond the int16 range")
    max_rem = r - 1
    while any(res["figures"][0] for res in round_of("possibilities")):
        pass
    # As solver.engine.rounds: a one-byte lower bound when every remoteness fits below its "impossible".
    cap, imp = max_rem + 1, (255 if max_rem <= 253 else 32000)
    round_of("classes", cap=cap, imp=imp)
    for _ in range(MAX_LOWER_BOUND_SWEEPS):
        results = round_of("bounds", cap=cap, imp=imp)
        if not any(res["figures"][0] for res in results) or sum(res["figures"][1] for res in results) == 0:
            break
    results = round_of("codes")
    for res in results:
        res["tally"] = res.pop("figures")
    return results


@dataclasses.dataclass(frozen=True)
class RunReport:
    """What :func:`run` did.

    Attributes
    ----------
    bound, chunk : int
        The solve.
    store : str
        The store's absolute path.
    tally : dict
        ``W``, ``L``, ``D``, ``U``, ``max_remoteness``, ``bounded`` over positions
        ``1..bound`` (as :meth:`Solution.tally`).
    seconds : float
        Wall-clock seconds from connecting to the last write (0 when cached).
    cached : bool
        True when the store already held this solve and nothing ran.
    workers : int
        Workers that ran it (0 when cached).
    tasks : tuple of dict
        What each chunk task returned: ``first``, ``last``, ``bytes_read``,
        ``bytes_written``, ``tally``, ``seconds`` (read, sweep, write), in chunk order.
    worker_peak_rss_bytes : int
        Largest peak resident memory of a worker process (since it started).
    store_bytes : int
        Bytes the store takes on disk.
    """

    bound: int
    chunk: int
    store: str
    tally: dict[str, int]
    seconds: float
    cached: bool
    workers: int
    tasks: tuple[dict[str, Any], ...]
    worker_peak_rss_bytes: int
    store_bytes: int


def dir_bytes(path: Path) -> int:
    """Bytes of the files under a directory (a store's), symbolic links not followed.

    Parameters
    ----------
    path : pathlib.Path
        The directory.

    Returns
    -------
    int
        The sum of the files' sizes; files that vanish or cannot be read
        count 0.
    """
    total = 0
    for root, _, files in os.walk(path):
        for name in files:
            with contextlib.suppress(OSError):
                total += os.lstat(os.path.join(root, name)).st_size
    return total


def run(
    bound: int,
    *,
    scheduler: Any = None,
    store: str | os.PathLike[str] | None = None,
    chunk: int | None = None,
    workers: int = 2,
    progress: Callable[[float], None] | None = None,
    rule: Rule | str | None = None,
    timeout: float = CONNECT_TIMEOUT,
    processes: bool = True,
) -> RunReport:
    """Solve to ``bound`` on Dask into a zarr store, without loading the result.

    Parameters are those of :func:`solve_dask`.

    Returns
    -------
    RunReport
        Counts, timings and per-task figures; the arrays are in the store.

    Raises
    ------
    TypeError, ValueError
        As :func:`solve_dask`.
    DaskEngineError
        If a task fails, or a worker cannot write the store.
    """
    found = get_rule(rule)
    if not supports(found):
        raise ValueError(
            f"the Dask engine solves only the put-or-take rules (such as {DEFAULT_RULE.title}); "
            f"solve {found.title} with the default engine"
        )
    bound = check_bound(bound, found)
    workers = check_integer(workers, "the number of workers", least=1, most=1024)
    the_plan = plan(bound, chunk, workers, rule=found)
    chunk = the_plan.chunk
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout <= 3600:
        raise ValueError(f"the connect timeout must be a number of seconds in (0, 3600], not {timeout!r}")
    if store is None:
        store = cache_dir() / "dask" / f"{key_of(found)}-B{bound}.zarr"
    path = _check_store_path(store)
    try:
        done = _prepare_store(path, bound, found)
    except OSError as exc:  # a path the system will not even look at (no permission to list its folder)
        raise ValueError(f"cannot use the store {path}: {exc.strerror or exc}; choose another path") from None
    if done is not None:
        if progress:
            progress(1.0)
        return RunReport(
            bound, int(done["chunk"]), str(path), dict(done["tally"]), 0.0, True, 0, (), 0, dir_bytes(path)
        )

    client, cluster = connect(scheduler, workers, float(timeout), processes)
    try:
        start = time.perf_counter()
        n_workers = len(client.scheduler_info().get("workers", {}))
        if n_workers == 0:
            client.wait_for_workers(1, timeout=timeout)
            n_workers = len(client.scheduler_info().get("workers", {}))
        try:
            run_id = _create_store(path, bound, chunk, found)
        except OSError as exc:  # the disk filled, or the path changed since it was checked
            raise ValueError(f"cannot write the store {path}: {exc.strerror or exc}; choose another path") from None
        visible = client.run(_can_write, str(path))
        blind = sorted(name for name, ok in visible.items() if not ok)
        if blind:
            raise DaskEngineError(
                f"worker {blind[0]} cannot write the store {path}; use a path on a file system every worker shares"
            )
        try:
            if the_plan.method == METHOD_SWEEP:
                ordered = _run_sweep(client, the_plan, str(path), run_id, found, progress)
            else:
                ordered = _by_passes(client, the_plan, str(path), run_id, found, progress)
        except Exception as exc:
            raise DaskEngineError(f"a task of the Dask solve failed: {type(exc).__name__}: {exc}") from exc
        seconds = time.perf_counter() - start
        tally = tally_dict(merge_tallies([np.array(r["tally"], np.int64) for r in ordered]))
        peaks = client.run(_peak_rss)
        import zarr

        group = zarr.open_group(str(path), mode="r+")
        for name in scratch_arrays(found, bound):
            del group[name]
        group.attrs.update({"complete": True, "tally": tally, "seconds": seconds})
        if progress:
            progress(1.0)
    finally:
        close_cluster(client, cluster, own_client=scheduler is None or not _is_client(scheduler))
    return RunReport(
        bound, chunk, str(path), tally, seconds, False, n_workers, tuple(ordered), max(peaks.values()), dir_bytes(path)
    )


def _run_sweep(
    client: Any, the_plan: Plan, path: str, run_id: str, rule: Rule, progress: Callable[[float], None] | None
) -> list[dict[str, Any]]:
    """Run a solve by the sweep; return what each chunk task returned, in chunk order."""
    from distributed import as_completed

    futures = client.compute(_sweep_graph(the_plan, path, run_id, rule))
    total = the_plan.bound + 1
    done_positions = 0
    results: dict[int, dict[str, Any]] = {}
    try:
        for future in as_completed(futures):
            result = future.result()
            results[result["first"] // the_plan.chunk] = result
            done_positions += result["last"] - result["first"] + 1
            if progress:
                progress(min(1.0, done_positions / total))
    except Exception:
        client.cancel(futures)
        raise
    return [results[c] for c in sorted(results)]


def solve_dask(
    bound: int,
    *,
    scheduler: Any = None,
    store: str | os.PathLike[str] | None = None,
    chunk: int | None = None,
    workers: int = 2,
    progress: Callable[[float], None] | None = None,
    rule: Rule | str | None = None,
    timeout: float = CONNECT_TIMEOUT,
    processes: bool = True,
) -> Solution:
    """Classify every position ``0..bound`` on a Dask cluster, as :func:`solver.engine.solve`.

    Parameters
    ----------
    bound : int
        The bound ``B``, ``1 <= B <= 2**62``.
    scheduler : str or distributed.Client, optional
        Address of a running scheduler (``tcp://HOST:PORT``), or a client to use
        (left open).  Default: start a ``LocalCluster`` of ``workers`` workers on
        this machine and close it afterwards.
    store : str or os.PathLike, optional
        Directory of the zarr store the result is written to: one array
        ``codes`` (``uint8``, one code a position, :mod:`solver.engine.codes`), shape
        ``(B + 1,)``, chunked like the tasks, with ``format``, ``layout``,
        ``bound``, ``rule`` and the counts in the group's attributes.
        Default: ``<cache dir>/dask/<key>-B<bound>.zarr`` (:func:`solver.store.cache_dir`).
        A finished store of the same bound is reopened without solving; an
        unfinished one of this module is overwritten; anything else is refused.
    chunk : int, optional
        Positions per task and per store chunk (default :data:`DEFAULT_CHUNK`).
        A worker's memory is about ``6 * chunk`` bytes a thread (:func:`plan`).
    workers : int, optional
        Workers of the local cluster (default 2); ignored with ``scheduler``.
    progress : callable, optional
        Called with the fraction of positions done, a float in [0, 1].
    rule : Rule or str, optional
        A put-or-take rule (default Put-or-Take-a-Square); the others are
        refused.
    timeout : float, optional
        Seconds to wait for the scheduler (default :data:`CONNECT_TIMEOUT`).
    processes : bool, optional
        Local cluster only: workers are processes (default) or threads.

    Returns
    -------
    Solution
        The store opened by :func:`open_store`: its codes are read on access,
        not loaded, and are bit-identical to :func:`solver.engine.solve`'s.
        :func:`run` gives the counts and figures without opening it.

    Raises
    ------
    TypeError
        If an argument has the wrong type.
    ValueError
        If an argument is out of range, the rule is not a put-or-take rule,
        the store path cannot be used, or the scheduler cannot be reached within
        ``timeout`` seconds.
    DaskEngineError
        If a task fails, or a worker cannot write the store.
    """
    report = run(
        bound,
        scheduler=scheduler,
        store=store,
        chunk=chunk,
        workers=workers,
        progress=progress,
        rule=rule,
        timeout=timeout,
        processes=processes,
    )
    return open_store(report.store)
