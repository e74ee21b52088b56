"""The Dask engine's cluster: connecting to a scheduler (or starting a local one) and closing it quietly.

Also the small functions run on every worker (:func:`_peak_rss`,
:func:`_can_write`, :func:`_quiet_logs`).
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path
from typing import Any

__all__ = ["CONNECT_TIMEOUT", "close_cluster", "connect", "local_cluster"]

#: Seconds to wait for a scheduler before giving up.
CONNECT_TIMEOUT = 10.0


def local_cluster(workers: int, processes: bool = True) -> Any:
    """A ``LocalCluster`` for ``workers`` tasks at once: ONE worker of ``workers`` threads.

    The threads of one worker share its memory, so a chunk one task wrote
    is read by the next from memory (:data:`solver.store.dask_chunks.CHUNK_TABLE`)
    instead of being decoded from its file, and the kernels release the GIL
    (``docs/dask.md`` section 3.3).

    Parameters
    ----------
    workers : int
        Threads of the worker: the tasks it runs at once.
    processes : bool, optional
        The worker in a process of its own (default) or in this one.

    Returns
    -------
    distributed.LocalCluster
        Started; close it with :func:`close_cluster`.
    """
    from distributed import LocalCluster

    return LocalCluster(n_workers=1, threads_per_worker=workers, processes=processes, dashboard_address=":0")


def connect(scheduler: Any, workers: int, timeout: float, processes: bool):
    """Connect to a scheduler, or start a local cluster of one worker of ``workers`` threads (:func:`local_cluster`).

    Returns ``(client, cluster)``; ``cluster`` is None for a given scheduler.

    Raises
    ------
    TypeError
        If ``scheduler`` is neither None, an address nor a client.
    ValueError
        If the address is not valid or cannot be reached within ``timeout``.
    """
    import logging

    from distributed import Client

    logging.getLogger("distributed").setLevel(logging.ERROR)
    if scheduler is None:
        cluster = local_cluster(workers, processes)
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
