"""The Dask engine's zarr store: its layout and attributes, creating and checking one, and opening it to read.

The store holds one ``uint8`` array ``codes``, one code a position
(:mod:`solver.engine.codes`), as the disk cache does, chunked like the tasks
and compressed with Blosc-LZ4 or not at all (one byte a position in each chunk
file; :func:`solver.engine.dask.store_compression`), and the group's attributes: ``engine``, ``format``
(:data:`STORE_FORMAT`), ``layout``, ``rule``, ``bound``, ``chunk``,
``complete``, ``run_id`` and, once finished, ``tally`` and ``seconds``.  While
a rule other than Put-or-Take-a-Square is solved the group also holds the
scratch arrays its method needs (:func:`solver.engine.dask_passes.scratch_arrays`),
removed at the end.  A missing chunk reads as :data:`solver.engine.dask.FILL`,
a code no position has.  :func:`open_store` reads a finished store lazily,
chunk by chunk (:class:`solver.store.dask_codes.ZarrCodes`), and
:func:`solver.store.find` serves finished stores in the cache directory like
cache entries (:func:`open_cached`).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import uuid
from pathlib import Path
from typing import Any

import numpy as np

from ..engine.codes import MAX_REMOTENESS
from ..engine.dask import FILL, MAX_CHUNK, MIN_CHUNK, supports
from ..engine.dask_passes import scratch_arrays
from ..engine.solution import Solution
from ..games import DEFAULT_RULE, RULES, Rule, get_rule
from .dask_codes import ZarrCodes, _StoreSolution

__all__ = ["STORE_FORMAT", "dir_bytes", "open_cached", "open_store", "read_store_info"]

#: ``format`` attribute of the store; raised when the layout changes.  Format 1
#: (earlier releases) held arrays ``outcome`` (int8) and ``remoteness`` (int16);
#: format 2 one array ``codes`` whose draws were those of the escape
#: certificate; format 3 holds ``codes`` (uint8, :mod:`solver.engine.codes`)
#: with the draws and partial facts of the certificate by possibility.
STORE_FORMAT = 3
#: ``layout`` attribute of the store: its one array, ``codes``.
_LAYOUT = "codes"
#: ``engine`` attribute that marks a directory as a store of this module
#: (Put-or-Take-a-Square's; another rule's is ``<rule>/dask``, :func:`_engine_attr`).
_ENGINE = "put-or-take-a-square/dask"
_ENGINE_SUFFIX = "/dask"


def _engine_attr(rule: Rule) -> str:
    """The ``engine`` attribute of a store of ``rule``: ``<rule name>/dask``."""
    return f"{rule.name}{_ENGINE_SUFFIX}"


def _rule_of_engine(engine: object) -> Rule | None:
    """The rule an ``engine`` attribute names, if it is one of this module's (a put-or-take rule), else None."""
    if not isinstance(engine, str) or not engine.endswith(_ENGINE_SUFFIX):
        return None
    rule = RULES.get(engine[: -len(_ENGINE_SUFFIX)])
    return rule if rule is not None and supports(rule) else None


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
    """The compressor of every array of a compressed store: Blosc-LZ4, level 1, no shuffle (0.26 bytes a code at 10**9)."""
    from zarr.codecs import BloscCodec

    return BloscCodec(cname="lz4", clevel=1, shuffle="noshuffle")


def _create_store(path: Path, bound: int, chunk: int, rule: Rule, compression: str = "lz4") -> str:
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
            compressors=[_store_codec()] if compression == "lz4" else None,
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
        raise ValueError(
            f"the store {where} holds an unfinished solve (one still running, or one stopped before its end: "
            "solve again to finish it)"
        )

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
