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
import dataclasses
import errno
import fcntl
import json
import os
import re
import shutil
import stat
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import numpy as np

try:  # ISA-L's CRC-32: the same checksum as zlib's, four times as fast (0.07 s a GB against 0.29 s)
    from isal.isal_zlib import crc32 as _crc32_bytes
except ImportError:  # pragma: no cover - a platform without ISA-L's wheels
    from zlib import crc32 as _crc32_bytes

from solver import config, costs
from solver.engine import check_bound, engine_for, solve
from solver.engine.dask import supports
from solver.engine.solution import Solution
from solver.errors import BoundTooLargeError
from solver.games import DEFAULT_RULE, RULES, Rule, get_rule
from solver.validation import check_integer

from ..errors import CacheUnavailableError, CacheUnavailableWarning
from .dask import dir_bytes, open_cached, read_store_info
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
    "load",
    "solve_cached",
    "solves_on_disk",
    "survey",
]

_RULE_OF_KEY = {r.cache_key: r for r in RULES.values()}

#: The arrays of an entry, by layout: compact (one code per position,
#: solver.engine.codes) or wide.
_LAYOUTS: tuple[dict[str, np.dtype], ...] = (
    {"codes": np.dtype(np.uint8)},
    {"outcome": np.dtype(np.int8), "remoteness": np.dtype(np.int16)},
)
_ARRAYS: dict[str, np.dtype] = {name: dtype for layout in _LAYOUTS for name, dtype in layout.items()}
_PARTS = ("json", *(f"{name}.npy" for name in _ARRAYS))
_CRC_CHUNK = 1 << 26
_MAX_JSON_BYTES = 1 << 20
_RULE_PATTERN = "|".join(re.escape(k) for k in sorted(_RULE_OF_KEY, key=len, reverse=True))
_NAME = re.compile(
    rf"^(?P<hidden>\.?)(?P<stem>(?P<rule>{_RULE_PATTERN})-v\d+(?:-[A-Za-z0-9._+]+)?-B(?P<bound>\d+))\.(?P<rest>.+)$"
)
_SOLVER_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep


def _warn_unavailable(reason: str) -> None:
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


def _stem(bound: int, rule: Rule = DEFAULT_RULE) -> str:
    return f"{key_of(rule)}-B{bound}"


def _crc32(array: np.ndarray) -> int:
    view = np.ascontiguousarray(array).view(np.uint8).data
    crc = 0
    for start in range(0, len(view), _CRC_CHUNK):
        crc = _crc32_bytes(view[start : start + _CRC_CHUNK], crc)
    return crc


#: ``x^(2^k)`` modulo the CRC-32 polynomial (reflected), k = 0..31 (:func:`_crc32_combine`).
_CRC_POLY = 0xEDB88320


def _multmodp(a: int, b: int) -> int:
    """``a * b`` modulo the CRC-32 polynomial, both reflected (zlib's ``multmodp``)."""
    m = 1 << 31
    p = 0
    while True:
        if a & m:
            p ^= b
            if a & (m - 1) == 0:
                return p
        m >>= 1
        b = (b >> 1) ^ _CRC_POLY if b & 1 else b >> 1


def _x2n_table() -> list[int]:
    table = [1 << 30]  # x^1
    for _ in range(31):
        table.append(_multmodp(table[-1], table[-1]))
    return table


_X2N = _x2n_table()


def _crc32_combine(crc1: int, crc2: int, len2: int) -> int:
    """The CRC-32 of ``A + B`` from ``crc32(A)``, ``crc32(B)`` and ``len(B)`` (zlib's ``crc32_combine``).

    Multiplying ``crc1`` by ``x^(8 len2)`` modulo the polynomial shifts it past
    ``B``'s bytes; CRC-32 is linear, so adding ``crc2`` completes it.
    """
    n, k, p = len2, 3, 1 << 31  # x^(8 n) = x^(n 2^3); p = x^0
    while n:
        if n & 1:
            p = _multmodp(_X2N[k & 31], p)
        n >>= 1
        k += 1
    return _multmodp(p, crc1) ^ crc2


class _PieceChecksums:
    """CRC-32s of the pieces of an array as a solve finishes them.

    The solve reports each piece once it is final, with its codes
    (``solve(written=...)``); an out-of-core solve does so from the thread
    that writes the piece to the file, so the checksum is taken from the
    piece's buffer beside the sweep.  :meth:`crc32` joins the pieces'
    checksums in position order (:func:`_crc32_combine`), or gives None when
    they do not tile the array.
    """

    def __init__(self) -> None:
        self._pieces: list[tuple[int, int, int]] = []

    def add(self, lo: int, hi: int, codes: np.ndarray) -> None:
        """Take the checksum of positions ``lo..hi``, whose codes are ``codes`` (final now)."""
        if codes.dtype != np.uint8 or codes.shape != (hi - lo + 1,):
            raise ValueError(f"the codes of positions {lo}..{hi} have shape {codes.shape} and dtype {codes.dtype}")
        self._pieces.append((lo, hi, _crc32(codes)))

    def crc32(self, array: np.ndarray) -> int | None:
        """The CRC-32 of the whole of ``array`` from its pieces, or None when they do not cover it exactly."""
        if array.dtype != np.uint8:
            return None
        crc, end = 0, 0
        for lo, hi, piece in sorted(self._pieces):
            if lo != end:
                return None
            crc = _crc32_combine(crc, piece, hi - lo + 1) if end else piece
            end = hi + 1
        return crc if end == array.shape[0] else None


def _crc32_of(array: np.ndarray) -> int:
    """CRC-32 of an array's bytes; a memory-mapped one is read through its file."""
    if isinstance(array, np.memmap) and array.filename is not None:
        with open(array.filename, "rb") as handle:
            return _crc32_file(handle.fileno(), int(array.offset), int(array.nbytes))
    return _crc32(array)


def _crc32_file(fd: int, offset: int, size: int) -> int:
    """CRC-32 of ``size`` bytes of an open file from ``offset``, read (not mapped).

    Reading through the file, not the mapping, keeps the pages out of the
    process: checking a 10 GB entry does not make its resident set 10 GB.
    """
    buffer = bytearray(min(_CRC_CHUNK, max(size, 1)))
    view = memoryview(buffer)
    crc = 0
    done = 0
    while done < size:
        got = os.preadv(fd, [view[: min(len(buffer), size - done)]], offset + done)
        if got <= 0:
            raise OSError(errno.EIO, "the file ended early")
        crc = _crc32_bytes(view[:got], crc)
        done += got
    return crc


def _fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _size(path: Path) -> int:
    """Bytes in a file, or in everything under a directory (symlinks not followed)."""
    try:
        info = path.lstat()
    except OSError:
        return 0
    if not stat.S_ISDIR(info.st_mode):
        return info.st_size
    total = 0
    for root, _, names in os.walk(path):
        for name in names:
            with contextlib.suppress(OSError):
                total += os.lstat(os.path.join(root, name)).st_size
    return total


def _quarantine(path: Path) -> None:
    """Move a directory out of an entry's way (files are just removed)."""
    fd, raw = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".damaged", dir=path.parent)
    os.close(fd)
    os.unlink(raw)
    os.rename(path, raw)


def _discard(path: Path) -> bool:
    """Remove a damaged file, or move a directory aside; True when it is gone."""
    try:
        path.unlink()
    except FileNotFoundError:
        return True
    except IsADirectoryError:
        try:
            _quarantine(path)
        except OSError:
            return False
    except OSError:
        return False
    return True


def _delete(path: Path) -> None:
    """Remove a file or a whole directory (for :func:`clear`)."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink()


def _remove_entry(directory: Path, stem: str) -> None:
    # The JSON goes first, so a half-removed entry is never taken as whole.
    for part in _PARTS:
        _discard(directory / f"{stem}.{part}")


# --- Locks -----------------------------------------------------------------


def _acquire(directory: Path, stem: str, *, blocking: bool) -> int | None:
    """Lock ``<stem>.lock``; return its descriptor, or None if held (non-blocking).

    The lock file may be removed by :func:`clear` (while it holds it), so
    after locking, check that the path still names the file locked.
    """
    path = directory / f"{stem}.lock"
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except IsADirectoryError:
            _quarantine(path)
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX if blocking else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return None
        except BaseException:
            os.close(fd)
            raise
        try:
            mine, now = os.fstat(fd), os.stat(path)
            if (mine.st_dev, mine.st_ino) == (now.st_dev, now.st_ino):
                return fd
        except FileNotFoundError:
            pass
        os.close(fd)


def _release(fd: int) -> None:
    with contextlib.suppress(OSError):
        fcntl.flock(fd, fcntl.LOCK_UN)
    os.close(fd)


def _lock_held(directory: Path, stem: str) -> bool:
    """Whether some process holds ``<stem>.lock`` now (without creating it)."""
    try:
        fd = os.open(directory / f"{stem}.lock", os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)  # closing releases a lock taken here
    return False


# --- Reading and checking an entry -------------------------------------------


class _Missing(Exception):
    """There is no entry (no JSON file)."""


class _Damaged(Exception):
    """The entry is there but fails a check; the message says which."""


def _read_json(path: Path) -> object:
    try:
        # O_NONBLOCK: a FIFO put in the JSON's place must not hang the reader.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except (FileNotFoundError, NotADirectoryError):
        raise _Missing from None
    except OSError as exc:
        raise _Damaged(f"{path.name} cannot be read: {_why(exc)}") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):  # checked before os.fdopen, which refuses a directory
        os.close(fd)
        raise _Damaged(f"{path.name} is not a regular file")
    with os.fdopen(fd, "rb") as handle:
        if info.st_size > _MAX_JSON_BYTES:
            raise _Damaged(f"{path.name} is too large ({info.st_size:,} bytes)")
        try:
            raw = handle.read(_MAX_JSON_BYTES + 1)
        except OSError as exc:
            raise _Damaged(f"{path.name} cannot be read: {_why(exc)}") from None
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise _Damaged(f"{path.name} is not valid JSON") from None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _check_meta(meta: object, bound: int, rule: Rule = DEFAULT_RULE) -> dict:
    """Check every field of an entry's JSON; return it, or raise _Damaged."""
    if not isinstance(meta, dict):
        raise _Damaged(f"the description is a JSON {type(meta).__name__}, not an object")
    if meta.get("rule") != rule.cache_key:
        raise _Damaged(f'"rule" is {_show(meta.get("rule"))}, not {rule.cache_key!r}')
    if not _is_int(meta.get("version")) or meta["version"] != FORMAT_VERSION:
        raise _Damaged(f'"version" is {_show(meta.get("version"))}, not {FORMAT_VERSION}')
    if meta.get("package") != PACKAGE_VERSION:
        raise _Damaged(f'"package" is {_show(meta.get("package"))}, not {PACKAGE_VERSION!r}')
    if not _is_int(meta.get("bound")) or meta["bound"] != bound:
        raise _Damaged(f'"bound" is {_show(meta.get("bound"))}, not {bound}')
    seconds = meta.get("seconds")
    if not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or not 0 <= seconds <= 1e12:
        raise _Damaged(f'"seconds" is {_show(seconds)}, not a number of seconds')
    if not isinstance(meta.get("created"), str):
        raise _Damaged(f'"created" is {_show(meta.get("created"))}, not a date')
    arrays = meta.get("arrays")
    if not isinstance(arrays, dict) or not any(set(arrays) == set(layout) for layout in _LAYOUTS):
        choices = " or ".join(str(sorted(layout)) for layout in _LAYOUTS)
        raise _Damaged(f'"arrays" does not describe exactly {choices}')
    for name, info in arrays.items():
        if not isinstance(info, dict):
            raise _Damaged(f'"arrays.{name}" is not an object')
        if not _is_int(info.get("file_bytes")) or info["file_bytes"] <= 0:
            raise _Damaged(f'"arrays.{name}.file_bytes" is {_show(info.get("file_bytes"))}, not a size')
        if not _is_int(info.get("crc32")) or not 0 <= info["crc32"] < 2**32:
            raise _Damaged(f'"arrays.{name}.crc32" is {_show(info.get("crc32"))}, not a CRC-32')
    counts = meta.get("code_counts")
    if counts is not None and (
        not isinstance(counts, list)
        or len(counts) != 256
        or not all(_is_int(count) and count >= 0 for count in counts)
        or sum(counts) != bound
    ):
        raise _Damaged('"code_counts" does not count the positions 1..bound in 256 codes')
    return meta


def _open_array(path: Path, dtype: np.dtype, bound: int, file_bytes: int, crc32: int | None = None) -> np.memmap:
    """Map a ``.npy`` file read-only after checking its type, size, header and, if given, CRC-32.

    The header is parsed (never unpickled) and the checksum taken and the
    mapping made from the very file checked, so nothing swapped in meanwhile
    is read.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        raise _Damaged(f"{path.name} cannot be opened: {_why(exc)}") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise _Damaged(f"{path.name} is not a regular file")
    with os.fdopen(fd, "rb") as handle:
        if info.st_size != file_bytes:
            raise _Damaged(f"{path.name} has {info.st_size:,} bytes, not {file_bytes:,}")
        try:
            version = np.lib.format.read_magic(handle)
            if version == (1, 0):
                shape, _, found = np.lib.format.read_array_header_1_0(handle)
            elif version == (2, 0):
                shape, _, found = np.lib.format.read_array_header_2_0(handle)
            else:
                raise ValueError(f"unsupported .npy version {version}")
        except (ValueError, OSError, SyntaxError, TypeError) as exc:
            raise _Damaged(f"{path.name} is not a .npy file of the expected kind ({exc})") from None
        offset = handle.tell()
        if found != dtype or tuple(shape) != (bound + 1,):
            raise _Damaged(f"{path.name} holds {found} {tuple(shape)}, not {dtype} {(bound + 1,)}")
        if info.st_size != offset + (bound + 1) * dtype.itemsize:
            raise _Damaged(f"{path.name} has {info.st_size:,} bytes, which does not fit its header")
        if crc32 is not None:
            try:
                found_crc = _crc32_file(handle.fileno(), offset, (bound + 1) * dtype.itemsize)
            except OSError as exc:
                raise _Damaged(f"{path.name} cannot be read: {_why(exc)}") from None
            if found_crc != crc32:
                raise _Damaged(f"{path.name} fails its checksum")
        try:
            return np.memmap(handle, dtype=dtype, mode="r", offset=offset, shape=(bound + 1,))
        except (OSError, ValueError) as exc:
            raise _Damaged(f"{path.name} cannot be mapped: {exc}") from None


def _open_entry(directory: Path, bound: int, *, verify: bool, rule: Rule = DEFAULT_RULE) -> Solution:
    """Open and check the entry for ``bound``; raise _Missing or _Damaged."""
    stem = _stem(bound, rule)
    meta = _check_meta(_read_json(directory / f"{stem}.json"), bound, rule)
    arrays = {}
    for name in sorted(meta["arrays"]):
        path = directory / f"{stem}.{name}.npy"
        info = meta["arrays"][name]
        arrays[name] = _open_array(path, _ARRAYS[name], bound, info["file_bytes"], info["crc32"] if verify else None)
    if "codes" in arrays:
        counts = meta.get("code_counts")
        return Solution.from_codes(bound, arrays["codes"], float(meta["seconds"]), rule, counts)
    return Solution(bound, arrays["outcome"], arrays["remoteness"], float(meta["seconds"]), rule)


def _heal(directory: Path, bound: int, *, verify: bool, rule: Rule = DEFAULT_RULE) -> Solution | None:
    """Remove a damaged entry under its lock, unless a writer holds it."""
    stem = _stem(bound, rule)
    try:
        fd = _acquire(directory, stem, blocking=False)
    except OSError:  # a read-only cache: leave it as it is
        return None
    if fd is None:  # a solve (or clear) of this bound is under way
        return None
    try:
        return _open_entry(directory, bound, verify=verify, rule=rule)  # mended meanwhile?
    except _Missing:
        return None
    except _Damaged:
        _remove_entry(directory, stem)
        return None
    finally:
        _release(fd)


def load(
    bound: int, directory: Path | None = None, *, verify: bool = True, rule: Rule | str | None = None
) -> Solution | None:
    """Open a cached solve, memory-mapped and checked, or return None.

    Parameters
    ----------
    bound : int
        The bound of the entry.
    directory : pathlib.Path, optional
        Cache directory; default :func:`cache_dir`.
    verify : bool, optional
        Check the CRC-32 of each array (a read of every byte; default
        True).  The JSON, file types, sizes and headers are always checked.
    rule : Rule or str, optional
        The game (:mod:`solver.games`); default Put-or-Take-a-Square.

    Returns
    -------
    Solution or None
        Arrays are read-only ``numpy.memmap`` objects.  None when there is
        no entry, when the directory cannot be read, or when the entry
        fails a check; such an entry is removed (unless another process
        holds its lock: that one is writing it anew).

    Raises
    ------
    ValueError
        If ``directory`` is not given and ``$PTSQ_CACHE_DIR`` is set but empty.
    """
    directory = _configured(directory)
    found_rule = get_rule(rule)
    try:
        return _open_entry(directory, bound, verify=verify, rule=found_rule)
    except _Missing:
        return None
    except _Damaged:
        return _heal(directory, bound, verify=verify, rule=found_rule)


# --- What a directory holds ------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class CacheSurvey:
    """What a cache directory holds, from :func:`survey`.

    Attributes
    ----------
    directory : pathlib.Path
        The cache directory.
    entries : list of dict
        Entries that pass every check but the checksums, smallest bound
        first: ``bound`` (int), ``bytes`` (int, both arrays), ``seconds``
        (float, the solve time recorded), ``path`` (str, the JSON file) and
        ``paths`` (list of str, every file).
    damaged : list of dict
        Entries that fail a check, and things moved aside (``.damaged``):
        ``bound``, ``bytes``, ``reason`` (str) and ``paths``.  A damaged
        entry is solved again when asked for; :func:`clear` removes them.
    leftovers : list of dict
        Temporary files (and arrays without their JSON) of interrupted
        solves whose writer no longer holds the lock: ``bound``, ``bytes``,
        ``paths``.  Removed by the next solve written and by :func:`clear`.
    in_progress : list of dict
        Files of solves being written now (their lock is held): ``bound``,
        ``bytes``, ``paths``.
    stale : list of dict
        Files of another format version or release of the package, never
        read: ``bound``, ``bytes``, ``paths``; :func:`clear` removes them.
    problem : str or None
        Why solves cannot be stored in the directory (they then run in
        memory), or None when it is usable.
    dask_stores : list of dict
        Stores of the Dask engine at its default place
        (``dask/*.zarr`` in the directory), smallest bound first:
        ``bound`` (int, or None when the name has none), ``bytes``, ``path``,
        ``paths`` (the store's directory), ``served`` (bool: a finished,
        undamaged store of this format and release, which :func:`find`
        reads) and ``reason`` (why it is not served, else "").
        :func:`clear` removes them.
    """

    directory: Path
    entries: list[dict]
    damaged: list[dict]
    leftovers: list[dict]
    in_progress: list[dict]
    stale: list[dict]
    problem: str | None = None
    dask_stores: list[dict] = dataclasses.field(default_factory=list)

    @property
    def removable_bytes(self) -> int:
        """Bytes :func:`clear` would free now (all but the solves in progress)."""
        groups = (self.entries, self.damaged, self.leftovers, self.stale, self.dask_stores)
        return sum(item["bytes"] for group in groups for item in group)

    @property
    def empty(self) -> bool:
        """Whether the directory holds nothing of the cache's."""
        return not (
            self.entries or self.damaged or self.leftovers or self.in_progress or self.stale or self.dask_stores
        )


def _scan(directory: Path) -> dict[str, list[tuple[str, Path]]]:
    """Group the cache's file names by stem: ``{stem: [(kind, path), ...]}``.

    Kinds: ``json``, ``outcome.npy``, ``remoteness.npy``, ``lock``, ``tmp``,
    ``damaged`` or ``other``.  Raises OSError if the directory cannot be
    listed.
    """
    groups: dict[str, list[tuple[str, Path]]] = {}
    for name in sorted(os.listdir(directory)):
        match = _NAME.match(name)
        if not match:
            continue
        rest = match["rest"]
        if match["hidden"]:
            kind = "tmp" if rest.endswith(".tmp") else "damaged" if rest.endswith(".damaged") else "other"
        else:
            kind = rest if rest in (*_PARTS, "lock") else "other"
        groups.setdefault(match["stem"], []).append((kind, directory / name))
    return groups


def _bound_of(stem: str) -> int:
    """The bound in a stem of any format or release."""
    return int(stem.rsplit("-B", 1)[1])


def _current(stem: str) -> tuple[Rule, int] | None:
    """The rule and bound of a stem of this format and release, else None."""
    for key, rule in _RULE_OF_KEY.items():
        prefix = f"{key}-v{FORMAT_VERSION}-{PACKAGE_VERSION}-B"
        if stem.startswith(prefix):
            digits = stem[len(prefix) :]
            if digits.isdigit() and str(int(digits)) == digits:
                return rule, int(digits)
    return None


def _current_bound(stem: str) -> int | None:
    """The bound of a stem of this format and release, else None."""
    found = _current(stem)
    return None if found is None else found[1]


def _survey(directory: Path, *, locks: bool) -> CacheSurvey:
    found: dict[str, list[dict]] = {k: [] for k in ("entries", "damaged", "leftovers", "in_progress", "stale")}
    try:
        groups = _scan(directory)
    except (FileNotFoundError, NotADirectoryError):
        groups = {}
    for stem, files in groups.items():
        current = _current(stem)
        if current is None:
            paths = [p for kind, p in files if kind != "lock"]
            if paths:
                found["stale"].append(
                    {"bound": _bound_of(stem), "bytes": sum(map(_size, paths)), "paths": [str(p) for p in paths]}
                )
            continue
        rule, bound = current
        kinds: dict[str, list[Path]] = {}
        for kind, path in files:
            kinds.setdefault(kind, []).append(path)
        for kind, reason in (("damaged", "moved aside, being in the entry's way"), ("other", "unknown file names")):
            if kinds.get(kind):
                found["damaged"].append(
                    {
                        "bound": bound,
                        "rule": rule.name,
                        "bytes": sum(map(_size, kinds[kind])),
                        "reason": reason,
                        "paths": [str(p) for p in kinds[kind]],
                    }
                )
        parts = [p for part in _PARTS for p in kinds.get(part, [])]
        if "json" in kinds:
            try:
                solution = _open_entry(directory, bound, verify=False, rule=rule)
            except (_Missing, _Damaged) as exc:
                found["damaged"].append(
                    {
                        "bound": bound,
                        "rule": rule.name,
                        "bytes": sum(map(_size, parts)),
                        "reason": str(exc) or "it vanished",
                        "paths": [str(p) for p in parts],
                    }
                )
            else:
                found["entries"].append(
                    {
                        "bound": bound,
                        "rule": rule.name,
                        "bytes": sum(map(_size, parts)),
                        "seconds": solution.seconds,
                        "path": str(directory / f"{stem}.json"),
                        "paths": [str(p) for p in parts],
                    }
                )
            parts = []
        unfinished = kinds.get("tmp", []) + parts  # arrays without a JSON are unfinished too
        if unfinished:
            busy = locks and _lock_held(directory, stem)
            found["in_progress" if busy else "leftovers"].append(
                {
                    "bound": bound,
                    "rule": rule.name,
                    "bytes": sum(map(_size, unfinished)),
                    "paths": [str(p) for p in unfinished],
                }
            )
    for group in found.values():
        group.sort(
            key=lambda item: (
                item.get("rule", DEFAULT_RULE.name) != DEFAULT_RULE.name,
                item.get("rule", ""),
                item["bound"],
            )
        )
    return CacheSurvey(
        directory,
        found["entries"],
        found["damaged"],
        found["leftovers"],
        found["in_progress"],
        found["stale"],
        dask_stores=_survey_dask(directory),
    )


def _survey_dask(directory: Path) -> list[dict]:
    """Every ``dask/*.zarr`` store in the cache directory, checked as :func:`find` would."""

    try:
        names = sorted(os.listdir(directory / "dask"))
    except OSError:
        return []
    current = {
        path.name: (bound, rule) for rule in RULES.values() for bound, path in _dask_stores(directory, rule).items()
    }
    found = []
    for name in names:
        path = directory / "dask" / name
        if not name.endswith(".zarr") or path.is_symlink() or not path.is_dir():
            continue
        match = re.search(r"-B(\d+)\.zarr$", name)
        reason = ""
        if name not in current:
            reason = "of another format or release (never read)"
        else:
            bound, rule = current[name]
            try:
                info = read_store_info(path)
            except ValueError as exc:
                reason = str(exc)
            else:
                if info["bound"] != bound:
                    reason = f"holds bound {info['bound']:,}, not the bound in its name"
                elif info["rule"] != rule.name:
                    reason = f"holds {info['rule']}, not the rule in its name"
                elif open_cached(path, bound, rule) is None:
                    reason = "fails a check when opened (a lost or damaged chunk)"
        found.append(
            {
                "bound": int(match[1]) if match else None,
                "bytes": dir_bytes(path),
                "path": str(path),
                "paths": [str(path)],
                "served": not reason,
                "reason": reason,
            }
        )
    found.sort(key=lambda item: (item["bound"] is None, item["bound"] or 0, item["path"]))
    return found


def survey(directory: Path | None = None) -> CacheSurvey:
    """Report what the cache directory holds, checking entries cheaply.

    Entries are checked as by :func:`load` except for the checksums (no
    array is read); nothing is removed or repaired (the directory is
    created if missing).  A directory that cannot be used is reported,
    not raised.

    Parameters
    ----------
    directory : pathlib.Path, optional
        Cache directory; default :func:`cache_dir`.

    Returns
    -------
    CacheSurvey
        Good entries, damaged ones, leftovers of interrupted solves, solves
        in progress, stale files, and the problem with the directory if any.

    Raises
    ------
    ValueError
        If ``directory`` is not given and ``$PTSQ_CACHE_DIR`` is set but empty.
    """
    path = _configured(directory)
    problem = None
    try:
        _prepare(path)
    except CacheUnavailableError as exc:
        problem = str(exc)
    try:
        found = _survey(path, locks=True)
    except OSError as exc:
        return CacheSurvey(path, [], [], [], [], [], problem or f"cannot list {path}: {_why(exc)}")
    return dataclasses.replace(found, problem=problem)


def entries(directory: Path | None = None) -> list[dict]:
    """List the good cache entries, smallest bound first.

    Each is checked as by :func:`load` except for the checksums; damaged
    entries and other files are left out (see :func:`survey`).

    Parameters
    ----------
    directory : pathlib.Path, optional
        Cache directory; default :func:`cache_dir`.

    Returns
    -------
    list of dict
        Each with ``bound`` (int), ``rule`` (str, its name), ``bytes`` (int, both arrays),
        ``seconds`` (float, the solve time recorded), ``path`` (str, the
        JSON file) and ``paths`` (list of str).  Empty when the directory
        does not exist or cannot be read.

    Raises
    ------
    ValueError
        If ``directory`` is not given and ``$PTSQ_CACHE_DIR`` is set but empty.
    """
    try:
        return _survey(_configured(directory), locks=False).entries
    except OSError:
        return []


def _dask_stores(directory: Path, rule: Rule) -> dict[int, Path]:
    """Stores of the Dask engine at their default place, by bound (put-or-take rules).

    That place is ``<directory>/dask/<key>-B<bound>.zarr``
    (:func:`solver.store.dask.run`); the key carries the format and release, as
    the entries' names do.  Only the names are read here:
    :func:`solver.store.dask.open_cached` checks a store when it is opened.
    """
    if not supports(rule):
        return {}
    prefix = f"{key_of(rule)}-B"
    try:
        names = os.listdir(directory / "dask")
    except OSError:
        return {}
    found = {}
    for name in names:
        digits = name[len(prefix) : -len(".zarr")] if name.startswith(prefix) and name.endswith(".zarr") else ""
        if digits.isascii() and digits.isdigit() and digits == str(int(digits)):
            found[int(digits)] = directory / "dask" / name
    return found


def find(
    bound: int, directory: Path | None = None, *, allow_larger: bool = False, rule: Rule | str | None = None
) -> Solution | None:
    """Open the entry for ``bound``, or the smallest larger one if allowed.

    Finished stores of the Dask engine in the cache directory (its default
    ``--store``, ``dask/<key>-B<bound>.zarr``, the key naming the rule) count
    as entries of their rule: opened by :func:`solver.store.dask.open_cached`,
    their codes are read from the store on access.  An entry is preferred to
    a store of the same bound; a store that is unfinished or fails a check
    counts as absent (and is left alone).

    Parameters
    ----------
    bound : int
        The bound wanted.
    directory : pathlib.Path, optional
        Cache directory; default :func:`cache_dir`.
    allow_larger : bool, optional
        Accept a larger solved bound (its labels up to ``bound`` are at
        least as resolved and still sound).
    rule : Rule or str, optional
        The game; default Put-or-Take-a-Square.

    Returns
    -------
    Solution or None
        None also when the directory cannot be read.

    Raises
    ------
    ValueError
        If ``directory`` is not given and ``$PTSQ_CACHE_DIR`` is set but empty.
    """
    directory = _configured(directory)
    found_rule = get_rule(rule)
    stores = _dask_stores(directory, found_rule)
    wanted = [bound]
    if allow_larger:
        larger = {entry["bound"] for entry in entries(directory) if entry["rule"] == found_rule.name}
        wanted += sorted(b for b in larger | set(stores) if b > bound)
    for candidate in wanted:
        found = load(candidate, directory, rule=found_rule)
        if found is None and candidate in stores:
            found = open_cached(stores[candidate], candidate, found_rule)
        if found is not None:
            return found
    return None


# --- Writing -------------------------------------------------------------------


def _sweep(directory: Path, own: str) -> None:
    """Remove leftovers of interrupted solves whose lock is free.

    The caller holds the lock of stem ``own``.  A temporary file exists only
    while its writer holds its bound's lock, so with the lock in hand every
    temporary file of that bound is stale, and so are arrays without a JSON.
    The lock file of a bound left with nothing else is removed too.
    """
    try:
        groups = _scan(directory)
    except OSError:
        return
    for stem, files in groups.items():
        kinds = {kind for kind, _ in files}
        if _current_bound(stem) is None:
            continue
        if "tmp" not in kinds and kinds != {"lock"} and ("json" in kinds or not kinds & set(_PARTS[1:])):
            continue
        fd = None
        if stem != own:
            try:
                fd = _acquire(directory, stem, blocking=False)
            except OSError:
                continue
            if fd is None:
                continue  # being written now
        try:
            for kind, path in files:
                if kind == "tmp":
                    _discard(path)
            if not (directory / f"{stem}.json").exists():
                for part in _PARTS[1:]:
                    _discard(directory / f"{stem}.{part}")
                if fd is not None:  # removed while held: a waiter takes the next one
                    with contextlib.suppress(OSError):
                        (directory / f"{stem}.lock").unlink()
        finally:
            if fd is not None:
                _release(fd)


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


# --- Clearing ------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class ClearResult:
    """What :func:`clear` did.

    Attributes
    ----------
    freed : int
        Bytes removed.
    removed : int
        Files (and directories) removed, lock files not counted.
    skipped : list of int
        Bounds left alone because another process held their lock.
    failed : list of tuple
        ``(path, reason)`` for what could not be removed.
    """

    freed: int
    removed: int
    skipped: list[int]
    failed: list[tuple[str, str]]


def clear(directory: Path | None = None) -> ClearResult:
    """Remove every cache entry, damaged entry, leftover and stale file, and the Dask stores.

    The Dask stores are those at the engine's default place in the cache
    directory (``dask/*.zarr``; see :attr:`CacheSurvey.dask_stores`); a store
    elsewhere (``--store PATH``) is not the cache's and is left alone.

    Each bound's files are removed under its lock, so a solve running now
    is never disturbed: a bound whose lock is held is skipped.  Files that
    are not the cache's own are left alone.

    Parameters
    ----------
    directory : pathlib.Path, optional
        Cache directory; default :func:`cache_dir`.

    Returns
    -------
    ClearResult
        Bytes freed, files removed, bounds skipped and failures.

    Raises
    ------
    ValueError
        If ``directory`` is not given and ``$PTSQ_CACHE_DIR`` is set but empty.
    """
    directory = _configured(directory)
    freed = removed = 0
    skipped: list[int] = []
    failed: list[tuple[str, str]] = []
    try:
        stems = list(_scan(directory))
    except (FileNotFoundError, NotADirectoryError):
        stems = []
    except OSError as exc:
        return ClearResult(0, 0, [], [(str(directory), _why(exc))])
    for stem in stems:
        bound = _bound_of(stem)
        try:
            fd = _acquire(directory, stem, blocking=False)
        except OSError as exc:
            fd, reason = None, f"cannot lock: {_why(exc)}"
        else:
            reason = ""
        if fd is None and not reason:
            skipped.append(bound)
            continue
        try:
            files = _scan(directory).get(stem, [])  # again, now that the lock is held
            # The JSON first, so a half-removed entry is never taken as whole;
            # the lock file last, while it is held.
            order = {"json": 0, "lock": 2}
            for kind, path in sorted(files, key=lambda f: order.get(f[0], 1)):
                if kind == "lock" and fd is None:
                    continue
                size = _size(path)
                try:
                    _delete(path)
                except FileNotFoundError:
                    continue
                except OSError as exc:
                    failed.append((str(path), reason or _why(exc)))
                    continue
                if kind != "lock":
                    freed += size
                    removed += 1
        except OSError as exc:
            failed.append((str(directory), _why(exc)))
        finally:
            if fd is not None:
                _release(fd)
    for item in _survey_dask(directory):
        path = Path(item["path"])
        count = sum(len(names) for _, _, names in os.walk(path))
        try:
            shutil.rmtree(path)
        except OSError as exc:
            failed.append((str(path), _why(exc)))
            continue
        freed += item["bytes"]
        removed += count
    return ClearResult(freed, removed, sorted(set(skipped)), failed)
