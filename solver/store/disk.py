"""A persistent cache of solves on disk, memory-mapped when reopened.

Layout, in :func:`cache_dir` (the user's cache directory from platformdirs,
or ``$PTSQ_CACHE_DIR``), for release 0.1.0 of the package::

    squares-v2-0.1.0-B1000000.codes.npy        uint8, shape (B + 1,): one code per position
    squares-v2-0.1.0-B1000000.json             what the entry holds, with checksums
    squares-v2-0.1.0-B1000000.lock             held while a process writes or removes it

The codes (:mod:`solver.engine.codes`) hold outcome, remoteness and exactness in one
byte per position.  A solve whose remoteness does not fit a code (only some
rules, at some bounds) is kept wide instead, as
``<stem>.outcome.npy`` (int8) and ``<stem>.remoteness.npy`` (int16, packed as
:attr:`Solution.packed_remoteness`); the JSON names the arrays an entry has.

The key (:data:`KEY`) is the rule (``squares`` for Put-or-Take-a-Square, else
the rule's name, e.g. ``put-or-take-a-prime-v2-0.1.0-B1000000``; see
:mod:`solver.games`), the format version, the package's release and the
bound, so a release never reads another release's entries, nor one rule
another's: files of another format or release are
*stale*; they are listed by :func:`survey` and removed by :func:`clear`.

An entry counts only once its JSON file exists, and that is written last:
each array is written to a temporary file (``.<stem>.codes.<random>.tmp``)
and renamed into place, then the JSON is written, synced and renamed.  A
process killed mid-write leaves only temporary files (or arrays without a
JSON file), which are never read; whoever next writes an entry, and
:func:`clear`, removes such leftovers of every bound whose lock is free.

Opening checks everything: the JSON (each field and its type), that each
array is a regular file of the recorded size, its ``.npy`` header (parsed,
never unpickled) and its CRC-32.  An entry that fails a check is removed
(a directory in its way is moved aside, to a name ending ``.damaged``) and
solved again when asked for.  A lock file per bound serialises the
processes that write or remove that bound's files, so of several processes
solving one bound at once, one solves and the others reopen its result.

A cache directory that cannot be used (not creatable, not a directory, not
writable, on a full disk) never stops a solve: :func:`solve_cached` warns
with :class:`CacheUnavailableWarning` and solves in memory.

A larger solved bound can answer a query for a smaller one (labels of
positions up to N are at least as resolved and still sound), when the
caller allows it.
"""

from __future__ import annotations

import contextlib
import contextvars
import errno
import json
import os
import shutil
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import numpy as np

from solver import config, costs
from solver.engine import check_bound, engine_for, solve
from solver.engine.solution import Solution
from solver.errors import BoundTooLargeError
from solver.games import DEFAULT_RULE, Rule, get_rule
from solver.validation import check_integer

from ..errors import CacheUnavailableError, CacheUnavailableWarning
from .checksums import _crc32_of, _PieceChecksums
from .entry import _Damaged, _Missing, _open_entry, load
from .files import _acquire, _release, _remove_entry, _stem
from .listing import CacheSurvey, ClearResult, _sweep, clear, entries, find, survey
from .paths import (
    ENV_VAR,
    FORMAT_VERSION,
    KEY,
    PACKAGE_VERSION,
    RULE,
    _configured,
    _prepare,
    _why,
    cache_dir,
    key_of,
)

__all__ = [
    "ENV_VAR",
    "FORMAT_VERSION",
    "KEY",
    "PACKAGE_VERSION",
    "RULE",
    "CacheSurvey",
    "CacheUnavailableError",
    "CacheUnavailableWarning",
    "ClearResult",
    "cache_dir",
    "clear",
    "entries",
    "find",
    "key_of",
    "load",
    "solve_cached",
    "solves_on_disk",
    "survey",
]

_SOLVER_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep


#: True in a context whose solves only warm the kernels (:func:`scratch_solves`): a cache failure there is
#: nobody's concern, so it is not reported.
_SCRATCH: contextvars.ContextVar[bool] = contextvars.ContextVar("ptsq_scratch_solves", default=False)


@contextlib.contextmanager
def scratch_solves() -> Iterator[None]:
    """Within this block, in this thread, a cache that cannot be used is not reported.

    For solves written to a scratch directory only to compile kernels (the
    background compile plan, :mod:`solver.compiling`): when the process
    exits during such a solve, its temporary directory is removed under it,
    and the :class:`~solver.errors.CacheUnavailableWarning` that follows
    would be a spurious line on the user's terminal. The solve itself is
    unchanged (it still falls back to memory). The setting is a
    :class:`contextvars.ContextVar`, so other threads still warn.
    """
    token = _SCRATCH.set(True)
    try:
        yield
    finally:
        _SCRATCH.reset(token)


def _warn_unavailable(reason: str) -> None:
    if _SCRATCH.get():
        return
    # Attribute the warning to the first caller outside this package (as
    # Python 3.12's skip_file_prefixes does), so it points at the user's code.
    frame: FrameType | None = sys._getframe(0)
    level = 1
    while frame is not None and frame.f_code.co_filename.startswith(_SOLVER_DIR):
        frame, level = frame.f_back, level + 1
    warnings.warn(
        f"the solve cache cannot be used ({reason}); solving in memory, and the result is not kept "
        f"(set {ENV_VAR} to a writable directory)",
        CacheUnavailableWarning,
        stacklevel=level,
    )


def _fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _reserve(path: str) -> None:
    """Allocate a file's blocks now, so a full disk is an OSError here and
    not a SIGBUS when the solve writes through the mapping."""
    fd = os.open(path, os.O_RDWR | os.O_CLOEXEC)
    try:
        os.posix_fallocate(fd, 0, os.fstat(fd).st_size)
    except OSError as exc:
        if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
            raise
        # Not supported by this file system: go on without the reservation.
    finally:
        os.close(fd)


def _write(
    bound: int,
    directory: Path,
    progress: Callable[[float], None] | None,
    rule: Rule = DEFAULT_RULE,
    *,
    on_disk: bool = False,
) -> Solution:
    """Solve into the cache (the caller holds the lock); in memory if the disk fails.

    With ``on_disk`` (:func:`solves_on_disk`) the result does not fit in
    memory, so a disk failure raises BoundTooLargeError instead.
    """
    stem = _stem(bound, rule)
    temps: dict[str, Path] = {}
    allocated: dict[str, np.ndarray] = {}
    failures: list[str] = []

    def allocate(name: str, shape: tuple[int, ...], dtype: np.dtype) -> np.ndarray:
        if not failures:
            try:
                fd, raw = tempfile.mkstemp(prefix=f".{stem}.{name}.", suffix=".tmp", dir=directory)
                os.close(fd)
                temps[name] = Path(raw)
                array = np.lib.format.open_memmap(raw, mode="w+", dtype=dtype, shape=shape)
                _reserve(raw)
                allocated[name] = array
                return array
            except OSError as exc:
                failures.append(f"cannot write in {directory}: {_why(exc)}")
        if on_disk:
            raise _out_of_core_refused(bound, failures[0])
        return np.empty(shape, dtype)

    checksums = _PieceChecksums()

    def written(lo: int, hi: int, codes: np.ndarray) -> None:
        if "codes" in allocated:
            checksums.add(lo, hi, codes)

    try:
        solution = solve(bound, progress=progress, allocate=allocate, rule=rule, on_disk=on_disk, written=written)
        pieces_crc = checksums.crc32(allocated["codes"]) if "codes" in allocated else checksums.crc32(np.empty(0))
        if failures:
            _warn_unavailable(failures[0])
            return solution
        meta: dict[str, Any] = {
            "rule": rule.cache_key,
            "version": FORMAT_VERSION,
            "package": PACKAGE_VERSION,
            "bound": bound,
            "seconds": solution.seconds,
            "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "arrays": {},
        }
        if solution.code_counts is not None:
            meta["code_counts"] = [int(x) for x in solution.code_counts]
        arrays = solution.arrays()
        try:
            # No msync or fsync of the arrays: what a process wrote to a shared
            # mapping is in the file even if the process is killed, and a file
            # torn by a machine crash fails its checksum when opened and is
            # solved again.  (Forcing 3 GB out to disk would double the time.)
            for name, array in arrays.items():
                if name not in allocated or not np.may_share_memory(array, allocated[name]):
                    # Not solved in place (a general rule kept wide): write it now.
                    allocate(name, array.shape, array.dtype)[:] = array
                    if failures:
                        raise OSError(failures[0])
                if name == "codes" and pieces_crc is not None and array is allocated.get("codes"):
                    crc = pieces_crc  # taken piece by piece as the solve went
                else:
                    crc = _crc32_of(array)
                meta["arrays"][name] = {"file_bytes": temps[name].stat().st_size, "crc32": crc}
                os.replace(temps[name], directory / f"{stem}.{name}.npy")
            fd, raw = tempfile.mkstemp(prefix=f".{stem}.json.", suffix=".tmp", dir=directory)
            temps["json"] = Path(raw)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                json.dump(meta, handle)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(raw, directory / f"{stem}.json")
            _fsync_dir(directory)
        except OSError as exc:
            _remove_entry(directory, stem)
            _warn_unavailable(f"cannot write in {directory}: {_why(exc)}")
            return solution  # still mapped, though its files are gone
    finally:
        for path in temps.values():
            with contextlib.suppress(OSError):
                path.unlink()
    try:
        return _open_entry(directory, bound, verify=False, rule=rule)  # the checksums were just taken
    except (_Missing, _Damaged) as exc:  # pragma: no cover - only if the disk lies
        _warn_unavailable(f"the entry just written cannot be read back: {exc}")
        return solution


def solve_cached(
    bound: int,
    *,
    directory: Path | None = None,
    allow_larger: bool = False,
    progress: Callable[[float], None] | None = None,
    rule: Rule | str | None = None,
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
        Passed to :func:`~solver.engine.solve` when a solve runs.
    rule : Rule or str, optional
        The game (:mod:`solver.games`); default Put-or-Take-a-Square.

    Returns
    -------
    tuple
        ``(Solution, cached)``; ``cached`` is True when no solve ran.  The
        arrays are memory-mapped from the cache files, or in memory when
        the cache cannot be used.  A Put-or-Take-a-Square bound too large
        for memory is solved out of core, straight into the cache's file
        (:func:`solves_on_disk`).

    Raises
    ------
    TypeError, ValueError
        As :func:`~solver.engine.solve`.
    BoundTooLargeError
        When the solve fits neither in memory nor, out of core, on disk; or
        needs to run out of core and the cache cannot be used.
    ValueError
        If ``directory`` is not given and ``$PTSQ_CACHE_DIR`` is set but empty.

    Warns
    -----
    CacheUnavailableWarning
        When the cache directory cannot be created or written (or the disk
        is full): the solve runs in memory and is not kept.
    """
    found_rule = get_rule(rule)
    directory = _configured(directory)
    bound = check_integer(bound, "the bound", least=1)
    if bound <= 2**62:
        # What is stored is served whatever this machine's memory: entries are
        # memory-mapped and Dask stores read lazily.
        found = find(bound, directory, allow_larger=allow_larger, rule=found_rule)
        if found is not None:
            return found, True
    on_disk = solves_on_disk(bound, found_rule, directory)
    bound = check_bound(bound, rule=found_rule, on_disk=on_disk)
    stem = _stem(bound, found_rule)
    try:
        _prepare(directory)
        fd = _acquire(directory, stem, blocking=True)
    except CacheUnavailableError as exc:
        if on_disk:
            raise _out_of_core_refused(bound, str(exc)) from None
        _warn_unavailable(str(exc))
        return solve(bound, progress=progress, rule=found_rule), False
    except OSError as exc:
        reason = f"cannot lock {directory / (stem + '.lock')}: {_why(exc)}"
        if on_disk:
            raise _out_of_core_refused(bound, reason) from None
        _warn_unavailable(reason)
        return solve(bound, progress=progress, rule=found_rule), False
    assert fd is not None
    try:
        try:
            return _open_entry(
                directory, bound, verify=True, rule=found_rule
            ), True  # another process may have written it
        except _Missing:
            pass
        except _Damaged:
            _remove_entry(directory, stem)
        _sweep(directory, stem)
        return _write(bound, directory, progress, found_rule, on_disk=on_disk), False
    finally:
        _release(fd)


#: Disk space kept free beyond an out-of-core solve's files.
_DISK_MARGIN = 1 << 30


def _out_of_core_refused(bound: int, reason: str) -> BoundTooLargeError:
    return BoundTooLargeError(
        f"bound {costs.format_count(bound)} does not fit in memory, and the solve cache it would run in "
        f"cannot be used ({reason}); choose a smaller bound"
    )


def _free_disk(directory: Path) -> int:
    """Free bytes on the file system of ``directory`` (or of its nearest existing parent)."""
    path = directory
    while not path.exists() and path != path.parent:
        path = path.parent
    try:
        return shutil.disk_usage(path).free
    except OSError:
        return 0


def solves_on_disk(bound: int, rule: Rule | str | None = None, directory: Path | None = None) -> bool:
    """Whether a solve to ``bound`` must run out of core, in the cache's files.

    A Put-or-Take-a-Square solve whose result (one byte per position) does
    not fit in memory runs *out of core*: :func:`solve_cached` writes it
    straight into the cache's memory-mapped file, and the sweep moves down
    that file in order (position ``n`` and its put child near ``2 n``), so
    the operating system pages it in and out.  Only the small game must fit
    in memory (:func:`solver.engine.check_bound` with ``on_disk``).

    Parameters
    ----------
    bound : int
        The bound ``B >= 1``.
    rule : Rule or str, optional
        The game; other rules always solve in memory.
    directory : pathlib.Path, optional
        Cache directory; default :func:`cache_dir`.

    Returns
    -------
    bool
        False when the solve fits in memory; True when it does not but the
        disk under the cache has room for ``B + 1`` bytes and 1 GiB more.

    Raises
    ------
    TypeError, ValueError
        As :func:`~solver.engine.check_bound`.
    BoundTooLargeError
        When it fits neither in memory nor on disk (the message gives the
        memory and the disk space needed and available), or is another rule
        that does not fit in memory.
    """
    found_rule = get_rule(rule)
    try:
        check_bound(bound, rule=found_rule)
        return False
    except BoundTooLargeError as exc:
        if not engine_for(found_rule).one_byte or bound > 2**62:
            raise
        in_memory = str(exc)
    check_bound(bound, rule=found_rule, on_disk=True)  # the small game must fit
    directory = _configured(directory)
    need = config.BYTES_PER_POSITION * (bound + 1) + _DISK_MARGIN
    free = _free_disk(directory)
    if free < need:
        raise BoundTooLargeError(
            f"{in_memory.removesuffix('; choose a smaller bound')}, and an out-of-core solve in {directory} "
            f"needs {costs.format_bytes(need)} of disk but only {costs.format_bytes(free)[len('about ') :]} "
            "is free; choose a smaller bound"
        )
    return True
