"""The disk cache's files: entry names, the arrays an entry holds, removing files, and the lock per bound.

An entry of bound ``B`` is the files ``<stem>.*`` (:func:`_stem`:
``<key>-B<B>``, the key naming rule, format and release); :func:`_scan`
groups a directory's names by stem and kind.  A lock file per bound
(:func:`_acquire`) serialises the processes that write or remove that
bound's files.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import shutil
import stat
import tempfile
from pathlib import Path

import numpy as np

from solver.games import DEFAULT_RULE, RULES, Rule

from .paths import FORMAT_VERSION, PACKAGE_VERSION, key_of

_RULE_OF_KEY = {r.cache_key: r for r in RULES.values()}

#: The arrays of an entry, by layout: compact (one code per position,
#: solver.engine.codes) or wide.
_LAYOUTS: tuple[dict[str, np.dtype], ...] = (
    {"codes": np.dtype(np.uint8)},
    {"outcome": np.dtype(np.int8), "remoteness": np.dtype(np.int16)},
)
_ARRAYS: dict[str, np.dtype] = {name: dtype for layout in _LAYOUTS for name, dtype in layout.items()}
_PARTS = ("json", *(f"{name}.npy" for name in _ARRAYS))
_RULE_PATTERN = "|".join(re.escape(k) for k in sorted(_RULE_OF_KEY, key=len, reverse=True))
_NAME = re.compile(
    rf"^(?P<hidden>\.?)(?P<stem>(?P<rule>{_RULE_PATTERN})-v\d+(?:-[A-Za-z0-9._+]+)?-B(?P<bound>\d+))\.(?P<rest>.+)$"
)


def _stem(bound: int, rule: Rule = DEFAULT_RULE) -> str:
    return f"{key_of(rule)}-B{bound}"


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
