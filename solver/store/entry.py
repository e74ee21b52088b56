"""Reading a disk cache entry: its JSON and arrays checked, then memory-mapped; a damaged one removed.

Opening checks everything: the JSON (each field and its type), that each
array is a regular file of the recorded size, its ``.npy`` header (parsed,
never unpickled) and its CRC-32.  An entry that fails a check is removed,
under its lock, unless a writer holds it (:func:`load`).
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import numpy as np

from solver.engine.solution import Solution
from solver.games import DEFAULT_RULE, Rule, get_rule

from .checksums import _crc32_file
from .files import _ARRAYS, _LAYOUTS, _acquire, _release, _remove_entry, _stem
from .paths import FORMAT_VERSION, PACKAGE_VERSION, _configured, _why

_MAX_JSON_BYTES = 1 << 20


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
