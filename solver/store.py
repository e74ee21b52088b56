"""A persistent cache of solves on disk, memory-mapped when reopened.

Layout, in :func:`cache_dir` (the user's cache directory from platformdirs,
or ``$PTSQ_CACHE_DIR``)::

    squares-v1-B1000000.outcome.npy      int8, shape (B + 1,)
    squares-v1-B1000000.remoteness.npy   int16, shape (B + 1,)
    squares-v1-B1000000.json             what the entry holds, with checksums
    squares-v1-B1000000.lock             taken while one process solves it

The key is the rule (``squares``: Put-or-Take-a-Square), the format version
and the bound.  An entry counts only once its JSON file exists, and that is
written last: each array is written to a temporary file and renamed into
place, then the JSON is written, synced and renamed.  A process killed mid-write
leaves only temporary files, which are ignored (and removed by
:func:`clear`).  Opening checks the JSON, each file's size, its ``.npy``
header and its CRC-32; an entry that fails any check is removed and solved
again.  A lock file serialises two processes that solve the same bound, so
the second reopens what the first wrote.

A larger solved bound can answer a query for a smaller one (labels of
positions up to N are at least as resolved and still sound), when the
caller allows it.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import tempfile
import time
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import platformdirs

from .retrograde import Solution, check_bound, solve

__all__ = [
    "FORMAT_VERSION",
    "RULE",
    "cache_dir",
    "entries",
    "load",
    "find",
    "solve_cached",
    "clear",
]

FORMAT_VERSION = 1
RULE = "squares"
_ARRAYS = {"outcome": np.dtype(np.int8), "remoteness": np.dtype(np.int16)}
_ENTRY = re.compile(rf"^{RULE}-v{FORMAT_VERSION}-B(\d+)\.json$")
_CRC_CHUNK = 1 << 26


def cache_dir() -> Path:
    """Return the cache directory, creating it.

    Returns
    -------
    pathlib.Path
        ``$PTSQ_CACHE_DIR`` when set, else platformdirs' user cache
        directory for ``put-or-take-a-square``.
    """
    override = os.environ.get("PTSQ_CACHE_DIR")
    path = Path(override) if override else platformdirs.user_cache_path("put-or-take-a-square")
    path.mkdir(parents=True, exist_ok=True)
    return path


def _stem(bound: int) -> str:
    return f"{RULE}-v{FORMAT_VERSION}-B{bound}"


def _crc32(array: np.ndarray) -> int:
    view = memoryview(np.ascontiguousarray(array).view(np.uint8))
    crc = 0
    for start in range(0, len(view), _CRC_CHUNK):
        crc = zlib.crc32(view[start : start + _CRC_CHUNK], crc)
    return crc


def _fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _remove_entry(directory: Path, bound: int) -> None:
    stem = _stem(bound)
    # The JSON goes first, so a half-removed entry is never taken as whole.
    for suffix in (".json", ".outcome.npy", ".remoteness.npy"):
        with contextlib.suppress(FileNotFoundError):
            (directory / f"{stem}{suffix}").unlink()


def load(bound: int, directory: Path | None = None, *, verify: bool = True) -> Solution | None:
    """Open a cached solve, memory-mapped and checked, or return None.

    Parameters
    ----------
    bound : int
        The bound of the entry.
    directory : pathlib.Path, optional
        Cache directory; default :func:`cache_dir`.
    verify : bool, optional
        Check the CRC-32 of each array (a read of every byte; default
        True).  Sizes and headers are always checked.

    Returns
    -------
    Solution or None
        Arrays are read-only ``numpy.memmap`` objects.  None when there is
        no entry, or when it fails a check (wrong size, header or checksum);
        such an entry is removed.
    """
    directory = directory or cache_dir()
    stem = _stem(bound)
    meta_path = directory / f"{stem}.json"
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        _remove_entry(directory, bound)
        return None
    arrays = {}
    try:
        if meta.get("bound") != bound or meta.get("version") != FORMAT_VERSION or meta.get("rule") != RULE:
            raise ValueError("entry describes something else")
        for name, dtype in _ARRAYS.items():
            path = directory / f"{stem}.{name}.npy"
            info = meta["arrays"][name]
            if path.stat().st_size != info["file_bytes"]:
                raise ValueError(f"{path.name} has the wrong size")
            array = np.load(path, mmap_mode="r")
            if array.dtype != dtype or array.shape != (bound + 1,):
                raise ValueError(f"{path.name} has the wrong header")
            if verify and _crc32(array) != info["crc32"]:
                raise ValueError(f"{path.name} fails its checksum")
            arrays[name] = array
    except (OSError, ValueError, KeyError, TypeError):
        _remove_entry(directory, bound)
        return None
    return Solution(bound, arrays["outcome"], arrays["remoteness"], float(meta.get("seconds", 0.0)))


def entries(directory: Path | None = None) -> list[dict]:
    """List the cache entries (unchecked), smallest bound first.

    Parameters
    ----------
    directory : pathlib.Path, optional
        Cache directory; default :func:`cache_dir`.

    Returns
    -------
    list of dict
        Each with ``bound`` (int), ``bytes`` (int, both arrays) and
        ``seconds`` (float, the solve time recorded) and ``path`` (str).
    """
    directory = directory or cache_dir()
    found = []
    for path in directory.iterdir():
        match = _ENTRY.match(path.name)
        if not match:
            continue
        try:
            meta = json.loads(path.read_text(encoding="utf-8"))
            size = sum(int(a["file_bytes"]) for a in meta["arrays"].values())
        except (OSError, ValueError, KeyError, TypeError):
            size = 0
            meta = {}
        found.append(
            {"bound": int(match.group(1)), "bytes": size, "seconds": float(meta.get("seconds", 0.0)), "path": str(path)}
        )
    return sorted(found, key=lambda e: e["bound"])


def find(bound: int, directory: Path | None = None, *, allow_larger: bool = False) -> Solution | None:
    """Open the entry for ``bound``, or the smallest larger one if allowed.

    Parameters
    ----------
    bound : int
        The bound wanted.
    directory : pathlib.Path, optional
        Cache directory; default :func:`cache_dir`.
    allow_larger : bool, optional
        Accept a larger solved bound (its labels up to ``bound`` are at
        least as resolved and still sound).

    Returns
    -------
    Solution or None
    """
    directory = directory or cache_dir()
    found = load(bound, directory)
    if found is not None or not allow_larger:
        return found
    for entry in entries(directory):
        if entry["bound"] > bound:
            found = load(entry["bound"], directory)
            if found is not None:
                return found
    return None


@contextlib.contextmanager
def _locked(directory: Path, bound: int) -> Iterator[None]:
    with open(directory / f"{_stem(bound)}.lock", "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _write(bound: int, directory: Path, progress: Callable[[float], None] | None) -> Solution:
    stem = _stem(bound)
    temps: dict[str, Path] = {}

    def allocate(name: str, shape: tuple[int, ...], dtype: np.dtype) -> np.ndarray:
        fd, raw = tempfile.mkstemp(prefix=f".{stem}.{name}.", suffix=".tmp", dir=directory)
        os.close(fd)
        temps[name] = Path(raw)
        return np.lib.format.open_memmap(raw, mode="w+", dtype=dtype, shape=shape)

    try:
        solution = solve(bound, progress=progress, allocate=allocate)
        meta = {"rule": RULE, "version": FORMAT_VERSION, "bound": bound, "seconds": solution.seconds,
                "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "arrays": {}}
        # No msync or fsync of the arrays: what a process wrote to a shared
        # mapping is in the file even if the process is killed, and a file
        # torn by a machine crash fails its checksum when opened and is
        # solved again.  (Forcing 3 GB out to disk would double the time.)
        for name in _ARRAYS:
            array = solution.packed_remoteness if name == "remoteness" else solution.outcome
            meta["arrays"][name] = {"file_bytes": temps[name].stat().st_size, "crc32": _crc32(array)}
            os.replace(temps[name], directory / f"{stem}.{name}.npy")
        fd, raw = tempfile.mkstemp(prefix=f".{stem}.json.", suffix=".tmp", dir=directory)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(meta, handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(raw, directory / f"{stem}.json")
        _fsync_dir(directory)
    finally:
        for path in temps.values():
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
    reopened = load(bound, directory, verify=False)  # the checksums were just taken
    if reopened is None:  # pragma: no cover - only if the disk lies
        raise OSError(f"the cache entry for bound {bound} could not be read back")
    return Solution(bound, reopened.outcome, reopened.packed_remoteness, solution.seconds)


def solve_cached(
    bound: int,
    *,
    directory: Path | None = None,
    allow_larger: bool = False,
    progress: Callable[[float], None] | None = None,
) -> tuple[Solution, bool]:
    """Return a solve from the disk cache, solving and storing it if needed.

    Parameters
    ----------
    bound : int
        The bound ``B >= 1``.
    directory : pathlib.Path, optional
        Cache directory; default :func:`cache_dir`.
    allow_larger : bool, optional
        Accept a larger cached bound (see :func:`find`).
    progress : callable, optional
        Passed to :func:`~solver.retrograde.solve` when a solve runs.

    Returns
    -------
    tuple
        ``(Solution, cached)``; ``cached`` is True when no solve ran.  The
        arrays are memory-mapped from the cache files.

    Raises
    ------
    TypeError, ValueError, BoundTooLargeError
        As :func:`~solver.retrograde.solve`.
    OSError
        If the cache directory cannot be written.
    """
    bound = check_bound(bound)
    directory = directory or cache_dir()
    found = find(bound, directory, allow_larger=allow_larger)
    if found is not None:
        return found, True
    with _locked(directory, bound):
        found = load(bound, directory)  # another process may have finished it
        if found is not None:
            return found, True
        return _write(bound, directory, progress), False


def clear(directory: Path | None = None) -> int:
    """Remove every cache entry and leftover temporary file.

    Parameters
    ----------
    directory : pathlib.Path, optional
        Cache directory; default :func:`cache_dir`.

    Returns
    -------
    int
        Bytes freed.
    """
    directory = directory or cache_dir()
    freed = 0
    pattern = re.compile(rf"^\.?{RULE}-v\d+-B\d+\.")
    for path in directory.iterdir():
        if pattern.match(path.name) and path.is_file():
            freed += path.stat().st_size
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
    return freed
