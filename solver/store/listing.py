"""What a cache directory holds, and finding, listing and clearing it.

:func:`survey` reports entries, damaged ones, leftovers of interrupted
solves, solves in progress, stale files and the Dask engine's stores;
:func:`entries` lists the good entries; :func:`find` opens the entry (or a
finished Dask store) for a bound, or a larger one; :func:`_sweep` removes
the leftovers of interrupted solves and :func:`clear` everything the cache
holds.  Listings put the rules in their order (:data:`solver.games.RULE_NAMES`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import re
import shutil
from pathlib import Path

from solver.engine.dask import supports
from solver.engine.solution import Solution
from solver.games import RULE_NAMES, RULES, Rule, get_rule

from ..errors import CacheUnavailableError
from .dask_store import dir_bytes, open_cached, read_store_info
from .entry import _Damaged, _Missing, _open_entry, load
from .files import (
    _PARTS,
    _acquire,
    _bound_of,
    _current,
    _current_bound,
    _delete,
    _discard,
    _lock_held,
    _release,
    _scan,
    _size,
)
from .paths import _configured, _prepare, _why, key_of

__all__ = ["CacheSurvey", "ClearResult", "clear", "entries", "find", "survey"]

#: Where a rule's files come in a listing: the rules' order (the default game first).
_RULE_ORDER = {name: i for i, name in enumerate(RULE_NAMES)}


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
        # Stale files have no rule: they are sorted by bound.
        group.sort(key=lambda item: (_RULE_ORDER.get(item.get("rule", ""), -1), item["bound"]))
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
    :func:`solver.store.dask_store.open_cached` checks a store when it is opened.
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
    as entries of their rule: opened by :func:`solver.store.dask_store.open_cached`,
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
