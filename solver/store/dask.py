"""The Dask engine's driver: a put-or-take rule solved on a Dask cluster into a zarr store.

:func:`solve_dask` and :func:`run` solve a put-or-take rule on a Dask cluster
into a zarr store (:mod:`solver.store.dask_store`): :mod:`solver.engine.dask`
plans the graph and computes each task from numpy arrays (the same kernels
as the single-process solve); the tasks defined here read their inputs from
the store (:mod:`solver.store.dask_chunks`), call it, and write their chunk
back.  The cluster is connected and closed by :mod:`solver.store.dask_cluster`.
:func:`open_store` reads a finished store lazily, chunk by chunk
(:class:`ZarrCodes`), and :func:`solver.store.find` serves finished stores
in the cache directory like cache entries (``docs/dask.md``).  The modules
``solver.store.dask*`` are the only ones that open zarr and drive the
cluster.  Every worker must be able to read and write the store: on a real
cluster, put it on a file system that all of them share.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import shutil
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numba
import numpy as np

from ..engine.dask import (
    FILL,
    METHOD_SWEEP,
    Plan,
    _small_game_task,
    check_bound,
    check_compression,
    label_chunk,
    plan,
    store_compression,
    supports,
    warm_up_chunk_kernel,
)
from ..engine.dask_passes import chunk_readers, pass_chunk, scratch_arrays
from ..engine.rounds import MAX_LOWER_BOUND_SWEEPS
from ..engine.solution import Solution
from ..engine.tallies import merge_tallies, tally_dict
from ..errors import DaskEngineError
from ..games import DEFAULT_RULE, Rule, get_rule
from ..validation import check_integer
from .dask_chunks import (
    CHUNK_TABLE,
    _array_for,
    _clear_chunk_table,
    _finish_writes,
    _group_for,
    _Reader,
    chunk_buffer,
    codec_of,
    read_range,
    write_chunk,
)
from .dask_cluster import CONNECT_TIMEOUT, _can_write, _is_client, _peak_rss, close_cluster, connect
from .dask_codes import ZarrCodes
from .dask_store import (
    STORE_FORMAT,
    _check_store_path,
    _create_store,
    _prepare_store,
    dir_bytes,
    open_cached,
    open_store,
    read_store_info,
)
from .paths import cache_dir, key_of

__all__ = [
    "CONNECT_TIMEOUT",
    "connect",
    "close_cluster",
    "read_range",
    "write_chunk",
    "STORE_FORMAT",
    "RunReport",
    "run",
    "default_store",
    "solve_dask",
    "open_store",
    "open_cached",
    "read_store_info",
    "ZarrCodes",
    "dir_bytes",
    "free_space",
]


def _chunk_task(
    path: str,
    run_id: str,
    bound: int,
    a: int,
    b: int,
    q0: int,
    q1: int,
    small: tuple,
    kept: bool,
    readers: int,
    alone: bool,
    *deps: object,
) -> dict[str, Any]:
    """Label positions ``a..b`` with the sweep kernel and write their codes to the store; return counts and bytes.

    The chunks it reads come from this process's
    :data:`~solver.store.dask_chunks.CHUNK_TABLE` where another task of the
    process left them, else from their files; its own chunk is written to
    its file and left in the table for its ``readers`` readers.
    ``seconds`` are the wall seconds of its read, sweep and write; ``cpu``
    the processor seconds of its thread meanwhile (the threads of a worker
    share one process), which a busy machine lengthens less than the wall
    seconds, and ``cpu_seconds`` those of its read, sweep and write;
    ``from_memory`` the chunks it took from the table.  The positions it
    reads go into buffers of its thread, reused by its next task.  An
    uncompressed chunk is written in the process's writer thread; unless the
    process is ``alone`` (the cluster's only worker process, whose reads wait
    for its writes), the task waits for its file, which a task of another
    process may read next.
    """
    # The kernels have no parallel loop; one numba thread a task all the same, should any parallel
    # kernel run in a task: it would otherwise wake a thread on every core in every worker.
    numba.set_num_threads(1)
    cpu = [time.thread_time()]
    start = time.perf_counter()
    codes = _array_for(path, run_id, "codes")
    inp_lam = None
    hits = CHUNK_TABLE.thread_hits()
    if q0 <= q1:
        inp = read_range(codes, q0, q1, CHUNK_TABLE, run_id, _input_buffer("codes", q1 - q0 + 1))
        if int(inp.max()) == FILL:  # a chunk it depends on was not written
            raise DaskEngineError(f"positions {q0}..{q1} of the store {path} are not all written")
        if kept:
            lam = _array_for(path, run_id, "lam")
            inp_lam = read_range(lam, q0, q1, CHUNK_TABLE, run_id, _input_buffer("lam", q1 - q0 + 1))
    else:
        inp = np.zeros(0, np.uint8)
        inp_lam = np.zeros(0, np.uint8) if kept else None
    read_seconds = time.perf_counter() - start
    cpu.append(time.thread_time())
    start = time.perf_counter()
    # An uncompressed chunk goes to its file by direct I/O, straight from where the kernel writes it.
    raw = codec_of(codes) == "none"
    out_lam = chunk_buffer(b - a + 1) if raw and kept else None
    out, out_lam, tally = label_chunk(
        bound, a, b, q0, small, inp, inp_lam, chunk_buffer(b - a + 1) if raw else None, out_lam
    )
    sweep_seconds = time.perf_counter() - start
    cpu.append(time.thread_time())
    start = time.perf_counter()
    write_chunk(codes, a, b, out, CHUNK_TABLE, run_id, readers, wait=not alone)
    if out_lam is not None:
        write_chunk(_array_for(path, run_id, "lam"), a, b, out_lam, CHUNK_TABLE, run_id, readers, wait=not alone)
    write_seconds = time.perf_counter() - start
    cpu.append(time.thread_time())
    return {
        "first": a,
        "last": b,
        "bytes_read": int(inp.nbytes) + (0 if inp_lam is None else int(inp_lam.nbytes)),
        "bytes_written": int(out.nbytes) + (0 if out_lam is None else int(out_lam.nbytes)),
        "tally": [int(x) for x in tally],
        "seconds": [read_seconds, sweep_seconds, write_seconds],
        "cpu": cpu[3] - cpu[0],
        "cpu_seconds": [cpu[1] - cpu[0], cpu[2] - cpu[1], cpu[3] - cpu[2]],
        "from_memory": CHUNK_TABLE.thread_hits() - hits,
    }


#: Each worker thread's input buffers, reused from task to task (a fresh array of 32 MiB costs its page faults).
_BUFFERS = threading.local()


def _input_buffer(name: str, n: int) -> np.ndarray:
    """This thread's buffer ``name`` of at least ``n`` bytes (``uint8``), grown as needed."""
    found = getattr(_BUFFERS, name, None)
    if found is None or found.shape[0] < n:
        found = np.empty(n, np.uint8)
        setattr(_BUFFERS, name, found)
    return found


def _pass_task(
    path: str, run_id: str, phase: str, rule: Rule, bound: int, a: int, b: int, **how: int
) -> dict[str, Any]:
    """One chunk task of a round of a solve by passes (:func:`solver.engine.dask_passes.pass_chunk`)."""
    start = time.perf_counter()

    def array(name: str) -> Any:
        return _array_for(path, run_id, name)

    read = _Reader(_group_for(path, run_id), array=array)
    writes, figures = pass_chunk(phase, rule, bound, a, b, read, **how)
    compute_seconds = time.perf_counter() - start
    start = time.perf_counter()
    written = 0
    for name, values in writes.items():
        array(name)[a : b + 1] = values
        written += int(values.nbytes)
    return {
        "first": a,
        "last": b,
        "bytes_read": read.bytes,
        "bytes_written": written,
        "figures": [int(x) for x in figures],
        "seconds": [0.0, compute_seconds, time.perf_counter() - start],
    }


def _sweep_graph(the_plan: Plan, path: str, run_id: str, rule: Rule, alone: bool = False) -> list[Any]:
    """The task graph of a solve by the sweep: one small-game task and one task per chunk (``dask.delayed``).

    ``alone``: the cluster has one worker process (:func:`_one_process`).
    """
    import dask

    bound = the_plan.bound
    kept = bool(scratch_arrays(rule, bound))
    prefix = rule.cache_key  # task keys name the rule as the cache does
    small = dask.delayed(_small_game_task, pure=True)(bound, rule, dask_key_name=f"{prefix}-small-game-B{bound}")
    readers = [0] * len(the_plan.tasks)  # the tasks that read each chunk
    for task in the_plan.tasks:
        for d in task.depends_on:
            readers[d] += 1
    nodes: list[Any] = [None] * len(the_plan.tasks)
    for task in reversed(the_plan.tasks):
        deps = [nodes[d] for d in task.depends_on]
        nodes[task.index] = dask.delayed(_chunk_task, pure=False)(
            path,
            run_id,
            bound,
            task.first,
            task.last,
            task.read_first,
            task.read_last,
            small,
            kept,
            readers[task.index],
            alone,
            *deps,
            dask_key_name=f"{prefix}-chunk-{task.index}-B{bound}",
        )
    return nodes


def _by_passes(
    client: Any, the_plan: Plan, path: str, run_id: str, rule: Rule, progress: Callable[[float], None] | None
) -> list[dict[str, Any]]:
    """Run a solve by passes: rounds of chunk tasks, each round waited for (:data:`solver.engine.dask_passes.PASSES`).

    A round of the labels, the possibilities or the lower bounds runs only
    the tasks of chunks that read a chunk changed in the round before
    (:func:`~solver.engine.dask_passes.chunk_readers`): the others would
    change nothing.  A label of round ``r`` has a child labelled in round
    ``r - 1``; the possibilities and the lower bounds of a chunk are a fixed
    point of what it reads, and a task that read a chunk before another task
    of its round changed it runs again in the next.  The rounds stop where
    running every task would have stopped them.

    Returns what the tasks of the last round (the codes) returned, with
    ``tally`` set from their figures.
    """
    tasks = the_plan.tasks
    bound = the_plan.bound
    readers = chunk_readers(rule, bound, [(t.first, t.last) for t in tasks])
    everyone = set(range(len(tasks)))
    rounds = 0

    def round_of(phase: str, chunks: set[int] = everyone, **how: int) -> dict[int, dict[str, Any]]:
        """The results of the tasks of ``chunks``, by chunk."""
        nonlocal rounds
        rounds += 1
        order = sorted(chunks)
        futures = [
            client.submit(
                _pass_task, path, run_id, phase, rule, bound, tasks[k].first, tasks[k].last, pure=False, **how
            )
            for k in order
        ]
        results = dict(zip(order, client.gather(futures), strict=True))
        if progress:
            progress(min(0.99, 1.0 - 0.97**rounds))
        return results

    def read_by(results: dict[int, dict[str, Any]]) -> set[int]:
        """The chunks that read a chunk these tasks changed (their first figure not 0)."""
        return {j for k, res in results.items() if res["figures"][0] for j in readers[k]}

    round_of("start")
    r = 1
    results = round_of("labels", r=r)
    while sum(res["figures"][0] for res in results.values()) > 0:
        r += 1
        if r >= 32000:  # pragma: no cover - never seen
            raise DaskEngineError("remoteness beyond the int16 range")
        results = round_of("labels", read_by(results), r=r)
    max_rem = r - 1
    results = round_of("possibilities")
    while any(res["figures"][0] for res in results.values()):
        results = round_of("possibilities", read_by(results))
    # As solver.engine.rounds: a one-byte lower bound when every remoteness fits below its "impossible".
    cap, imp = max_rem + 1, (255 if max_rem <= 253 else 32000)
    round_of("classes", cap=cap, imp=imp)
    uncertified = dict.fromkeys(everyone, 0)  # each chunk's W and L not certified, as its last task counted them
    chunks = everyone
    for _ in range(MAX_LOWER_BOUND_SWEEPS):
        results = round_of("bounds", chunks, cap=cap, imp=imp)
        uncertified.update({k: res["figures"][1] for k, res in results.items()})
        if not any(res["figures"][0] for res in results.values()) or sum(uncertified.values()) == 0:
            break
        chunks = read_by(results)
    codes = round_of("codes")
    for res in codes.values():
        res["tally"] = res.pop("figures")
    return [codes[k] for k in sorted(codes)]


@dataclasses.dataclass(frozen=True)
class RunReport:
    """What :func:`run` did.

    Attributes
    ----------
    bound, chunk : int
        The solve.
    store : str
        The store's absolute path.
    tally : dict
        ``W``, ``L``, ``D``, ``U``, ``max_remoteness``, ``bounded`` over positions
        ``1..bound`` (as :meth:`Solution.tally`).
    seconds : float
        Wall-clock seconds from connecting to the last write, less
        ``compile_seconds`` (0 when cached).
    cached : bool
        True when the store already held this solve and nothing ran.
    workers : int
        Worker threads that ran it, tasks at once (0 when cached): the
        local cluster's one worker has ``workers`` threads.
    tasks : tuple of dict
        What each chunk task returned: ``first``, ``last``, ``bytes_read``,
        ``bytes_written``, ``tally``, ``seconds`` (read, sweep, write), in chunk order.
    worker_peak_rss_bytes : int
        Largest peak resident memory of a worker process (since it started).
    store_bytes : int
        Bytes the store takes on disk.
    compile_seconds : float
        Wall-clock seconds to compile (or load from numba's cache) the chunk
        kernel here and on every worker, before ``seconds`` start.
    compression : str
        The store's compression: ``"lz4"`` or ``"none"``
        (:func:`solver.engine.dask.store_compression`).
    """

    bound: int
    chunk: int
    store: str
    tally: dict[str, int]
    seconds: float
    cached: bool
    workers: int
    tasks: tuple[dict[str, Any], ...]
    worker_peak_rss_bytes: int
    store_bytes: int
    compile_seconds: float = 0.0
    compression: str = "lz4"


def _worker_threads(client: Any) -> int:
    """Tasks the cluster runs at once: the threads of all its workers."""
    found = client.scheduler_info().get("workers", {})
    return sum(int(info.get("nthreads", 1)) for info in found.values())


def default_store(rule: Rule, bound: int) -> Path:
    """Where a solve of ``rule`` to ``bound`` goes without a store named: ``<cache>/dask/<rule key>-B<bound>.zarr``."""
    return cache_dir() / "dask" / f"{key_of(rule)}-B{bound}.zarr"


def run(
    bound: int,
    *,
    scheduler: Any = None,
    store: str | os.PathLike[str] | None = None,
    chunk: int | None = None,
    workers: int = 2,
    progress: Callable[[float], None] | None = None,
    rule: Rule | str | None = None,
    timeout: float = CONNECT_TIMEOUT,
    processes: bool = True,
    compression: str = "auto",
) -> RunReport:
    """Solve to ``bound`` on Dask into a zarr store, without loading the result.

    Parameters are those of :func:`solve_dask`.

    Returns
    -------
    RunReport
        Counts, timings and per-task figures; the arrays are in the store.

    Raises
    ------
    TypeError, ValueError
        As :func:`solve_dask`.
    DaskEngineError
        If a task fails, or a worker cannot write the store.
    """
    found = get_rule(rule)
    if not supports(found):
        raise ValueError(
            f"the Dask engine solves only the put-or-take rules (such as {DEFAULT_RULE.title}); "
            f"solve {found.title} with the default engine"
        )
    bound = check_bound(bound, found)
    workers = check_integer(workers, "the number of workers", least=1, most=1024)
    check_compression(compression)
    the_plan = plan(bound, chunk, workers, rule=found)
    chunk = the_plan.chunk
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout <= 3600:
        raise ValueError(f"the connect timeout must be a number of seconds in (0, 3600], not {timeout!r}")
    if store is None:
        store = default_store(found, bound)
    path = _check_store_path(store)
    try:
        done = _prepare_store(path, bound, found)
    except OSError as exc:  # a path the system will not even look at (no permission to list its folder)
        raise ValueError(f"cannot use the store {path}: {exc.strerror or exc}; choose another path") from None
    if done is not None:
        if progress:
            progress(1.0)
        return RunReport(
            bound,
            int(done["chunk"]),
            str(path),
            dict(done["tally"]),
            0.0,
            True,
            0,
            (),
            0,
            dir_bytes(path),
            compression=_compression_of(path),
        )

    client, cluster = connect(scheduler, workers, float(timeout), processes)
    try:
        start = time.perf_counter()
        n_workers = _worker_threads(client)
        if n_workers == 0:
            client.wait_for_workers(1, timeout=timeout)
            n_workers = _worker_threads(client)
        arrays = the_plan.tasks[0].arrays if the_plan.tasks else 1
        local = _workers_here(client)
        chosen = store_compression(compression, bound, arrays, the_plan.method, local, free_space(path)[1] or 0)
        try:
            run_id = _create_store(path, bound, chunk, found, chosen)
        except OSError as exc:  # the disk filled, or the path changed since it was checked
            raise ValueError(f"cannot write the store {path}: {exc.strerror or exc}; choose another path") from None
        visible = client.run(_can_write, str(path))
        blind = sorted(name for name, ok in visible.items() if not ok)
        if blind:
            raise DaskEngineError(
                f"worker {blind[0]} cannot write the store {path}; use a path on a file system every worker shares"
            )
        client.run(_clear_chunk_table)
        compile_start = time.perf_counter()
        if the_plan.method == METHOD_SWEEP:
            # Here first, so that workers on this machine load the kernel from numba's cache.
            warm_up_chunk_kernel(found)
            client.run(warm_up_chunk_kernel, found)
        compile_seconds = time.perf_counter() - compile_start
        try:
            if the_plan.method == METHOD_SWEEP:
                ordered = _run_sweep(client, the_plan, str(path), run_id, found, progress)
            else:
                ordered = _by_passes(client, the_plan, str(path), run_id, found, progress)
            client.run(_finish_writes)  # the uncompressed chunks still on their way to their files
        except Exception as exc:
            with contextlib.suppress(Exception):  # a worker that stays up keeps no chunk of the failed solve
                client.run(_finish_writes)
            with contextlib.suppress(Exception):
                client.run(_clear_chunk_table)
            raise DaskEngineError(f"a task of the Dask solve failed: {type(exc).__name__}: {exc}") from exc
        seconds = time.perf_counter() - start - compile_seconds
        client.run(_clear_chunk_table)
        tally = tally_dict(merge_tallies([np.array(r["tally"], np.int64) for r in ordered]))
        peaks = client.run(_peak_rss)
        import zarr

        group = zarr.open_group(str(path), mode="r+")
        for name in scratch_arrays(found, bound):
            del group[name]
        group.attrs.update({"complete": True, "tally": tally, "seconds": seconds})
        if progress:
            progress(1.0)
    finally:
        close_cluster(client, cluster, own_client=scheduler is None or not _is_client(scheduler))
    return RunReport(
        bound,
        chunk,
        str(path),
        tally,
        seconds,
        False,
        n_workers,
        tuple(ordered),
        max(peaks.values()),
        dir_bytes(path),
        compile_seconds,
        chosen,
    )


def _one_process(client: Any) -> bool:
    """Whether ``client``'s cluster is a local cluster of one worker process (whose threads share one chunk writer).

    A cluster reached by its address may gain workers while it solves, so it
    never counts as one process.
    """
    from distributed import LocalCluster

    return isinstance(getattr(client, "cluster", None), LocalCluster) and len(client.scheduler_info()["workers"]) == 1


def _workers_here(client: Any) -> bool:
    """Whether every worker of ``client``'s cluster runs on this machine (a local cluster, started here or not)."""
    import socket
    from urllib.parse import urlsplit

    here = {"127.0.0.1", "::1", "localhost"}
    with contextlib.suppress(OSError):
        here.add(socket.gethostbyname(socket.gethostname()))
    addresses = list(client.scheduler_info().get("workers", {}))
    if not addresses:
        return False
    for address in addresses:
        if address.startswith("inproc://"):
            continue
        if urlsplit(address).hostname not in here:
            return False
    return True


def free_space(path: str | os.PathLike[str]) -> tuple[Path, int | None]:
    """The nearest existing folder of ``path`` (itself, if it exists) and the free bytes of its disk.

    Parameters
    ----------
    path : str or os.PathLike
        A store's path, which need not exist yet.

    Returns
    -------
    (pathlib.Path, int or None)
        The folder, and its disk's free bytes (``shutil.disk_usage``), or
        None when the system will not say (no permission, say).
    """
    where = Path(path)
    while not where.exists() and where != where.parent:
        where = where.parent
    try:
        return where, int(shutil.disk_usage(where).free)
    except OSError:
        return where, None


def _compression_of(path: Path) -> str:
    """The compression of a store's ``codes``: ``"none"`` or ``"lz4"``."""
    import zarr

    return "none" if codec_of(zarr.open_group(str(path), mode="r")["codes"]) == "none" else "lz4"


def _run_sweep(
    client: Any, the_plan: Plan, path: str, run_id: str, rule: Rule, progress: Callable[[float], None] | None
) -> list[dict[str, Any]]:
    """Run a solve by the sweep; return what each chunk task returned, in chunk order."""
    from distributed import as_completed

    futures = client.compute(_sweep_graph(the_plan, path, run_id, rule, _one_process(client)))
    total = the_plan.bound + 1
    # The futures are in chunk order.  Progress needs only which task ended, so the
    # results (a few hundred bytes each) are gathered once at the end, in one call,
    # not one round trip to the worker per task.
    positions = {future.key: task.last - task.first + 1 for future, task in zip(futures, the_plan.tasks, strict=True)}
    done_positions = 0
    try:
        for future in as_completed(futures):
            if future.status == "error":
                future.result()  # raises the task's exception
            done_positions += positions[future.key]
            if progress:
                progress(min(1.0, done_positions / total))
        return list(client.gather(futures))
    except Exception:
        client.cancel(futures)
        raise


def solve_dask(
    bound: int,
    *,
    scheduler: Any = None,
    store: str | os.PathLike[str] | None = None,
    chunk: int | None = None,
    workers: int = 2,
    progress: Callable[[float], None] | None = None,
    rule: Rule | str | None = None,
    timeout: float = CONNECT_TIMEOUT,
    processes: bool = True,
    compression: str = "auto",
) -> Solution:
    """Classify every position ``0..bound`` on a Dask cluster, as :func:`solver.engine.solve`.

    Parameters
    ----------
    bound : int
        The bound ``B``, ``1 <= B <= 2**62``.
    scheduler : str or distributed.Client, optional
        Address of a running scheduler (``tcp://HOST:PORT``), or a client to use
        (left open).  Default: start a ``LocalCluster`` of ``workers`` workers on
        this machine and close it afterwards.
    store : str or os.PathLike, optional
        Directory of the zarr store the result is written to: one array
        ``codes`` (``uint8``, one code a position, :mod:`solver.engine.codes`), shape
        ``(B + 1,)``, chunked like the tasks, with ``format``, ``layout``,
        ``bound``, ``rule`` and the counts in the group's attributes.
        Default: ``<cache dir>/dask/<key>-B<bound>.zarr`` (:func:`solver.store.cache_dir`).
        A finished store of the same bound is reopened without solving; an
        unfinished one of this module is overwritten; anything else is refused.
    chunk : int, optional
        Positions per task and per store chunk (default :data:`DEFAULT_CHUNK`).
        A worker's memory is about ``6 * chunk`` bytes a thread (:func:`plan`).
    workers : int, optional
        Workers of the local cluster (default 2); ignored with ``scheduler``.
    progress : callable, optional
        Called with the fraction of positions done, a float in [0, 1].
    rule : Rule or str, optional
        A put-or-take rule (default Put-or-Take-a-Square); the others are
        refused.
    timeout : float, optional
        Seconds to wait for the scheduler (default :data:`CONNECT_TIMEOUT`).
    processes : bool, optional
        Local cluster only: workers are processes (default) or threads.
    compression : {"auto", "lz4", "none"}, optional
        How the store's chunks are written: Blosc-LZ4, or uncompressed (one
        byte a position, written with direct I/O beside the sweep); ``"auto"``
        (default) leaves them uncompressed for a local solve by the sweep
        whose store takes at most a quarter of the free disk
        (:func:`solver.engine.dask.store_compression`).  The codes are the
        same either way.

    Returns
    -------
    Solution
        The store opened by :func:`open_store`: its codes are read on access,
        not loaded, and are bit-identical to :func:`solver.engine.solve`'s.
        :func:`run` gives the counts and figures without opening it.

    Raises
    ------
    TypeError
        If an argument has the wrong type.
    ValueError
        If an argument is out of range, the rule is not a put-or-take rule,
        the store path cannot be used, or the scheduler cannot be reached within
        ``timeout`` seconds.
    DaskEngineError
        If a task fails, or a worker cannot write the store.
    """
    report = run(
        bound,
        scheduler=scheduler,
        store=store,
        chunk=chunk,
        workers=workers,
        progress=progress,
        rule=rule,
        timeout=timeout,
        processes=processes,
        compression=compression,
    )
    return open_store(report.store)
