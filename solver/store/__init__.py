"""Solutions kept: the disk cache, the in-memory cache in front of it, and the Dask engine's store.

=================================  ============================================================
module                             contents
=================================  ============================================================
:mod:`solver.store.disk`           :func:`solve_cached`, :func:`solves_on_disk`: entries of
                                   memory-mapped ``.npy`` files with checksums, written
:mod:`solver.store.entry`          :func:`load`: an entry read, checked and mapped, or healed
:mod:`solver.store.listing`        :func:`find`, :func:`entries`, :func:`survey`,
                                   :func:`clear`: what a cache directory holds
:mod:`solver.store.files`          entry names, removing files, one lock per bound
:mod:`solver.store.checksums`      the entries' CRC-32s
:mod:`solver.store.memory`         :class:`SolutionCache`: a locked LRU of open solves in front
                                   of the disk cache
:mod:`solver.store.dask`           :func:`solve_dask`, :func:`run`: a zarr store written by
                                   Dask tasks (the driver and the task graph)
:mod:`solver.store.dask_store`     :func:`open_store`: the store's layout, created, checked
                                   and read lazily (:mod:`solver.store.dask_codes`)
:mod:`solver.store.dask_chunks`    the tasks' direct reads and writes of the store's chunks
:mod:`solver.store.dask_cluster`   :func:`~solver.store.dask_cluster.connect`,
                                   :func:`~solver.store.dask_cluster.close_cluster`
:mod:`solver.store.paths`          :func:`cache_dir`, :func:`key_of`: where entries live and
                                   how they are named
=================================  ============================================================

``docs/architecture.md`` section 4 describes the file format.
"""

from __future__ import annotations

from .dask import RunReport, run, solve_dask
from .dask_store import open_store, read_store_info
from .disk import solve_cached, solves_on_disk
from .entry import load
from .listing import CacheSurvey, ClearResult, clear, entries, find, survey
from .listing import entries as cache_entries
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
