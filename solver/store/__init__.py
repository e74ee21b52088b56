"""Solutions kept: the disk cache, the in-memory cache in front of it, and the Dask engine's store.

==============================  ============================================================
module                          contents
==============================  ============================================================
:mod:`solver.store.disk`        :func:`solve_cached`, :func:`load`, :func:`find`,
                                :func:`entries`, :func:`survey`, :func:`clear`,
                                :func:`solves_on_disk`: entries of memory-mapped ``.npy``
                                files with checksums, one lock per bound
:mod:`solver.store.memory`      :class:`SolutionCache`: a locked LRU of open solves in front
                                of the disk cache
:mod:`solver.store.dask`        :func:`solve_dask`, :func:`open_store`: a zarr store
                                written by Dask tasks and read lazily
:mod:`solver.store.paths`       :func:`cache_dir`, :func:`key_of`: where entries live and
                                how they are named
==============================  ============================================================

``docs/architecture.md`` section 4 describes the file format.
"""

from __future__ import annotations

from .dask import RunReport, open_store, read_store_info, run, solve_dask
from .disk import CacheSurvey, ClearResult, clear, entries, find, load, solve_cached, solves_on_disk, survey
from .disk import entries as cache_entries
from .memory import SolutionCache
from .paths import ENV_VAR, FORMAT_VERSION, KEY, PACKAGE_VERSION, cache_dir, key_of

__all__ = [
    "solve_cached",
    "load",
    "find",
    "entries",
    "cache_entries",
    "survey",
    "clear",
    "solves_on_disk",
    "CacheSurvey",
    "ClearResult",
    "SolutionCache",
    "solve_dask",
    "run",
    "RunReport",
    "open_store",
    "read_store_info",
    "cache_dir",
    "key_of",
    "ENV_VAR",
    "FORMAT_VERSION",
    "KEY",
    "PACKAGE_VERSION",
]
