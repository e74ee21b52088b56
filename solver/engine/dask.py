"""Solve Put-or-Take-a-Square on a Dask cluster, with the result in a zarr store.

The single-process solve (:mod:`solver.engine.put_or_take`, ``docs/mathematics.md``
section 3.5) solves the *small game* (positions ``0..M``, ``M = 2 isqrt(2 B)``,
and their put chains) and then sweeps ``B`` down to ``M + 1``.  Each position
``n > M`` depends only on its take child ``t(n) <= M`` (the small game) and its
put child ``p(n) > n``.  This module runs the same computation as a Dask task
graph (``docs/dask.md``), with the same kernels (as stumpy's ``stumped`` submits
the very ``_stump`` kernel that ``stump`` runs):

* one task solves the small game (:func:`solver.engine.small_game.solve_small_game`)
  and returns its codes and lower bounds for ``0..M`` with the squares up to
  ``2 B``: ``2 (M + 1) + 8 sqrt(2 B)`` bytes, which Dask sends to each worker once;
* the store's chunks ``[c w, (c + 1) w - 1]`` (``w`` = ``chunk``) are one task each.
  A chunk task reads the put children of its positions that lie above it, the
  slice ``[max(b + 1, p(a)), min(B, p(b))]`` of the store, written by the
  chunk tasks it depends on, and labels its positions from ``b`` down to ``a``
  with :func:`solver.engine.sweep.sweep_chunk` (one :func:`~solver.engine.sweep.sweep_piece`), writing its own chunk of the
  ``codes`` array.  Put children inside the chunk are read from the chunk's own
  output, which already holds them because the kernel works downwards;
* a chunk with no put child inside the bound (about the top half ``[B/2, B]``) has
  no dependency.  The others depend on the two or three chunks about twice as
  high.  The *level* of a chunk is the length of its longest chain of
  dependencies, about ``log2(B / (c w))``.

So the codes are bit-identical to the single-process solve's (the tests
compare them).

The store holds one ``uint8`` array ``codes``, one code a position
(:mod:`solver.engine.codes`), as the disk cache does; :func:`open_store` reads it on
access, chunk by chunk, and :func:`solver.store.find` serves finished stores in
the cache directory like cache entries.  Each task holds its own chunk (1 byte a
position), its input slice (about twice that) and the small game.  So the memory of a worker is bounded by the chunk
size, whatever the bound.  Every worker must be able to read and write the store:
on a real cluster, put it on a file system that all of them share.
"""

from __future__ import annotations

import dataclasses
import math
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import numpy as np

from solver import costs
from solver.games import DEFAULT_RULE, Rule
from solver.validation import check_integer

from ..errors import DaskEngineError
from .kernels import IMPOSSIBLE
from .put_or_take import small_game_limit
from .small_game import SmallGame, count_chain_nodes, solve_small_game
from .solution import tally_codes
from .sweep import sweep_chunk

__all__ = [
    "DEFAULT_CHUNK",
    "MIN_CHUNK",
    "MAX_CHUNK",
    "MAX_TASKS",
    "CONNECT_TIMEOUT",
    "FILL",
    "ChunkTask",
    "Plan",
    "plan",
    "supports",
    "connect",
    "task_graph",
    "is_client",
    "can_write",
    "peak_rss",
    "check_bound",
]

#: Positions per chunk (task and store chunk) unless told otherwise: 16 MiB of
#: codes, about 0.1 GB of memory per task.
DEFAULT_CHUNK = 1 << 24
#: Smallest chunk accepted: smaller ones only add scheduler overhead.
MIN_CHUNK = 256
#: Largest chunk accepted (a compressed chunk must stay below 2 GiB).
MAX_CHUNK = 1 << 29
#: Most tasks one solve may have; the scheduler spends about 1 ms and a few KB on each.
MAX_TASKS = 250_000
#: Seconds to wait for a scheduler before giving up.
CONNECT_TIMEOUT = 10.0
#: Fill value of the store's ``codes`` array: a code no position has (codes end
#: at 253), so a chunk task sees at once that a chunk it reads was not written.
FILL = 255

#: Measured rates used by :func:`plan` for its time estimate (``docs/dask.md``):
#: positions labelled, compressed and written per second by one worker thread,
#: and the seconds of scheduler overhead per task.
POSITIONS_PER_SECOND = 5.0e7
SECONDS_PER_TASK = 0.005
#: Memory of an idle worker process (Python, numpy, numba, distributed, zarr).
WORKER_BASE_BYTES = 250 * 2**20
#: Bytes per small-game node while it is solved (node, CSR and queue arrays);
#: measured 1.34 GB of peak RSS for the 20.9 million nodes at 10**12.
_SMALL_NODE_BYTES = 64


# ---------------------------------------------------------------------------
# Kernels (unchecked; the public functions validate)
# ---------------------------------------------------------------------------


# ---------------------------------------------------------------------------
# The plan: chunks, dependencies, levels, bytes
# ---------------------------------------------------------------------------


def _put(n: int, members: np.ndarray) -> int:
    return n + int(members[np.searchsorted(members, n, side="right") - 1])


def _members(bound: int) -> np.ndarray:
    """The squares up to ``2 B``: the sequence of the one rule this engine solves (Put-or-Take-a-Square)."""
    return DEFAULT_RULE.members(2 * bound)


@dataclasses.dataclass(frozen=True)
class ChunkTask:
    """One chunk task of a plan.

    Attributes
    ----------
    index : int
        Chunk number ``c``; the task labels positions ``first..last``.
    first, last : int
        ``c * chunk`` and ``min(bound, (c + 1) * chunk - 1)``.
    read_first, read_last : int
        The slice of the store the task reads (put children above ``last``);
        ``read_last < read_first`` when it reads nothing.
    depends_on : tuple of int
        The chunks that write that slice (ascending).
    level : int
        0 for a chunk without dependencies, else 1 + the highest level of its
        dependencies.
    """

    index: int
    first: int
    last: int
    read_first: int
    read_last: int
    depends_on: tuple[int, ...]
    level: int

    @property
    def positions(self) -> int:
        """Positions the task labels (and writes)."""
        return self.last - self.first + 1

    @property
    def read_positions(self) -> int:
        """Positions the task reads from the store."""
        return max(0, self.read_last - self.read_first + 1)

    @property
    def bytes_written(self) -> int:
        """Uncompressed bytes written: one code (``uint8``) a position."""
        return self.positions

    @property
    def bytes_read(self) -> int:
        """Uncompressed bytes read from the store (one code a position)."""
        return self.read_positions


@dataclasses.dataclass(frozen=True)
class Plan:
    """The task graph of a Dask solve and what it costs (:func:`plan`).

    Attributes
    ----------
    bound, chunk, workers, threads_per_worker : int
        The solve: positions ``0..bound`` in chunks of ``chunk`` positions
        (clamped to ``bound + 1``), on ``workers`` workers.
    m : int
        ``small_game_limit``: the largest take child of a position up to
        ``2 bound`` (about ``2 isqrt(2 bound)``), at most ``bound``; the small game holds ``0..m`` and their
        put chains.
    small_game_nodes : int
        Nodes of the small game (``docs/mathematics.md`` section 3.5).
    tasks : tuple of ChunkTask
        One per chunk, in chunk order.
    levels : tuple of (int, int, int)
        ``(chunks, positions, lowest chunk)`` for levels 0, 1, ...
    small_game_bytes : int
        Peak memory of the task that solves the small game (estimate).
    broadcast_bytes : int
        Bytes of the small game's result, sent once to every worker.
    task_peak_bytes : int
        Largest memory one chunk task needs: its chunk, its input slice, the
        encoded copies of both and the small game's arrays.
    worker_peak_bytes : int
        ``WORKER_BASE_BYTES + threads_per_worker * task_peak_bytes``, or the
        small game's peak if that is larger: the memory each worker needs.
    bytes_written, bytes_read : int
        Uncompressed bytes all tasks write to and read from the store.
    bytes_moved : int
        ``bytes_written + bytes_read + workers * broadcast_bytes``.
    seconds : float
        Estimated wall-clock time from :data:`POSITIONS_PER_SECOND` and
        :data:`SECONDS_PER_TASK`, assuming the workers are busy throughout.
    """

    bound: int
    chunk: int
    workers: int
    threads_per_worker: int
    m: int
    small_game_nodes: int
    tasks: tuple[ChunkTask, ...]
    levels: tuple[tuple[int, int, int], ...]
    small_game_bytes: int
    broadcast_bytes: int
    task_peak_bytes: int
    worker_peak_bytes: int
    bytes_written: int
    bytes_read: int
    bytes_moved: int
    seconds: float

    def summary(self) -> dict[str, Any]:
        """The plan without its task list, as a JSON-ready dict."""
        out = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "tasks"}
        out["levels"] = [list(level) for level in self.levels]
        out["n_tasks"] = len(self.tasks)
        return out


def _check_chunk(chunk: int | None) -> int:
    if chunk is None:
        return DEFAULT_CHUNK
    return check_integer(chunk, "the chunk size", least=MIN_CHUNK, most=MAX_CHUNK)


def check_bound(bound: int) -> int:
    """A bound the Dask engine can index: ``1 <= B <= 2**62`` (``ValueError`` otherwise)."""
    bound = check_integer(bound, "the bound", least=1)
    if bound > 2**62:
        raise ValueError(f"bound {costs.format_count(bound)} is beyond what this solver can index (2**62)")
    return bound


def _chunk_tasks(bound: int, chunk: int, m: int, members: np.ndarray) -> list[ChunkTask]:
    n_chunks = bound // chunk + 1
    tasks: list[ChunkTask | None] = [None] * n_chunks
    for c in range(n_chunks - 1, -1, -1):
        a = c * chunk
        b = min(bound, a + chunk - 1)
        lo = max(a, m + 1)
        if b <= m:
            q0, q1 = b + 1, b
        else:
            q0, q1 = max(b + 1, _put(lo, members)), min(bound, _put(b, members))
        if q0 <= q1:
            deps = tuple(range(q0 // chunk, q1 // chunk + 1))
            level = 1 + max(tasks[d].level for d in deps)  # type: ignore[union-attr]
        else:
            q0, q1 = b + 1, b
            deps, level = (), 0
        tasks[c] = ChunkTask(c, a, b, q0, q1, deps, level)
    return tasks  # type: ignore[return-value]


def plan(bound: int, chunk: int | None = None, workers: int = 2, *, threads_per_worker: int = 1) -> Plan:
    """Work out the task graph of a Dask solve and its memory, I/O and time.

    Parameters
    ----------
    bound : int
        The bound ``B``, ``1 <= B <= 2**62``.
    chunk : int, optional
        Positions per task and per store chunk, ``MIN_CHUNK..MAX_CHUNK``
        (default :data:`DEFAULT_CHUNK`); clamped to ``B + 1``.
    workers : int, optional
        Number of workers (default 2), at least 1.
    threads_per_worker : int, optional
        Tasks a worker runs at once (default 1).

    Returns
    -------
    Plan
        Chunks, dependencies, levels, bytes per task and per worker.  The
        formulas are in ``docs/dask.md``.

    Raises
    ------
    TypeError
        If an argument is not an integer.
    ValueError
        If an argument is out of range, or the solve would need more than
        :data:`MAX_TASKS` tasks (the message says which chunk size would do).
    """
    bound = check_bound(bound)
    chunk = min(_check_chunk(chunk), bound + 1)
    workers = check_integer(workers, "the number of workers", least=1, most=100_000)
    threads = check_integer(threads_per_worker, "threads per worker", least=1, most=1024)
    n_tasks = bound // chunk + 1
    if n_tasks > MAX_TASKS:
        need = 1 << max(0, math.ceil(math.log2((bound + 1) / MAX_TASKS)))
        raise ValueError(
            f"chunks of {chunk:,} positions make {n_tasks:,} tasks, more than the {MAX_TASKS:,} a scheduler "
            f"handles well; choose a chunk of at least {need:,} positions"
        )
    members = _members(bound)
    m = small_game_limit(members, bound)
    nodes = m + 1 + int(count_chain_nodes(bound, m, members))
    tasks = _chunk_tasks(bound, chunk, m, members)
    top = max(task.level for task in tasks)
    levels = []
    for level in range(top + 1):
        at_level = [task for task in tasks if task.level == level]
        levels.append((len(at_level), sum(t.positions for t in at_level), min(t.index for t in at_level)))
    # The small game's codes and lower bounds for 0..M, and the squares up to 2 B.
    broadcast = 2 * (m + 1) + 8 * len(members)
    # Output and input arrays, plus a decoded or encoded copy of each (zarr's
    # buffers), plus the small game's arrays.
    task_peak = max(2 * (t.bytes_written + t.bytes_read) for t in tasks) + broadcast
    small_bytes = _SMALL_NODE_BYTES * nodes
    worker_peak = WORKER_BASE_BYTES + max(threads * task_peak, small_bytes)
    written = sum(t.bytes_written for t in tasks)
    read = sum(t.bytes_read for t in tasks)
    seconds = (bound + 1) / (POSITIONS_PER_SECOND * workers * threads) + n_tasks * SECONDS_PER_TASK / (
        workers * threads
    )
    return Plan(
        bound=bound,
        chunk=chunk,
        workers=workers,
        threads_per_worker=threads,
        m=m,
        small_game_nodes=nodes,
        tasks=tuple(tasks),
        levels=tuple(levels),
        small_game_bytes=small_bytes,
        broadcast_bytes=broadcast,
        task_peak_bytes=task_peak,
        worker_peak_bytes=worker_peak,
        bytes_written=written,
        bytes_read=read,
        bytes_moved=written + read + workers * broadcast,
        seconds=seconds,
    )


# ---------------------------------------------------------------------------
# Tasks (run on the workers)
# ---------------------------------------------------------------------------


def _small_game_task(bound: int) -> tuple[np.ndarray, SmallGame]:
    """Solve the small game as the single-process solve does; return the squares up to ``2 B`` and it."""
    members = _members(bound)
    small = solve_small_game(members, bound, small_game_limit(members, bound))
    if small is None:  # pragma: no cover - far beyond any bound this solver indexes
        raise DaskEngineError(f"at bound {bound} remoteness could exceed what a one-byte code holds")
    return members, small


def _open_codes(path: str, mode: Literal["r", "r+"]) -> Any:
    import zarr

    return zarr.open_group(path, mode=mode)["codes"]


#: Arrays a worker has opened, by (store path, run id): opening reads two
#: metadata files, which costs more than labelling a small chunk.
_OPENED: dict[tuple[str, str], Any] = {}


def _codes_for(path: str, run_id: str) -> Any:
    key = (path, run_id)
    if key not in _OPENED:
        if len(_OPENED) > 8:
            _OPENED.clear()
        _OPENED[key] = _open_codes(path, "r+")
    return _OPENED[key]


def _chunk_task(
    path: str, run_id: str, bound: int, a: int, b: int, q0: int, q1: int, small: tuple, *deps: object
) -> dict[str, Any]:
    """Label positions ``a..b`` with the sweep kernel and write their codes to the store; return counts and bytes."""
    members, game = small
    m = game.m
    start = time.perf_counter()
    codes = _codes_for(path, run_id)
    if q0 <= q1:
        inp = np.ascontiguousarray(codes[q0 : q1 + 1], dtype=np.uint8)
        if int(inp.max()) == FILL:  # a chunk it depends on was not written
            raise DaskEngineError(f"positions {q0}..{q1} of the store {path} are not all written")
    else:
        inp = np.zeros(0, np.uint8)
    read_seconds = time.perf_counter() - start
    out = np.empty(b - a + 1, np.uint8)
    start = time.perf_counter()
    if a <= m:  # positions of the small game, solved by the small-game task
        out[: min(b, m) - a + 1] = game.codes[a : min(b, m) + 1]
    if b > m:
        # Lower bounds rebuilt from codes, as the single-process solve does.
        so, high, lw, ll = game.arrays
        sweep_chunk(max(a, m + 1), b, bound, members, out, a, inp, q0, so, high, lw, ll, game.cap, IMPOSSIBLE)
    tally = tally_codes(out, 1 if a == 0 else 0, len(out) - 1)
    sweep_seconds = time.perf_counter() - start
    start = time.perf_counter()
    codes[a : b + 1] = out
    write_seconds = time.perf_counter() - start
    return {
        "first": a,
        "last": b,
        "bytes_read": int(inp.nbytes),
        "bytes_written": int(out.nbytes),
        "tally": [int(x) for x in tally],
        "seconds": [read_seconds, sweep_seconds, write_seconds],
    }


def peak_rss() -> int:
    """Peak resident memory of this process, in bytes (run on each worker)."""
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def can_write(path: str) -> bool:
    """Whether this process can create a file in the directory ``path`` (run on each worker)."""
    probe = Path(path) / f".probe-{os.getpid()}-{time.monotonic_ns()}"
    try:
        probe.write_bytes(b"")
        probe.unlink()
    except OSError:
        return False
    return True


def supports(rule: Rule) -> bool:
    """Whether the Dask engine solves ``rule``: the rules solved at one byte per position (Put-or-Take-a-Square)."""
    return rule.one_byte


def connect(scheduler: Any, workers: int, timeout: float, processes: bool):
    """Connect to a scheduler, or start a ``LocalCluster`` of ``workers`` workers.

    Returns ``(client, cluster)``; ``cluster`` is None for a given scheduler.

    Raises
    ------
    TypeError
        If ``scheduler`` is neither None, an address nor a client.
    ValueError
        If the address is not valid or cannot be reached within ``timeout``.
    """
    import logging

    from distributed import Client, LocalCluster

    logging.getLogger("distributed").setLevel(logging.ERROR)
    if scheduler is None:
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=processes, dashboard_address=":0")
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


def is_client(obj: object) -> bool:
    """Whether ``obj`` is a ``distributed.Client``."""
    from distributed import Client

    return isinstance(obj, Client)


def task_graph(the_plan: Plan, path: str, run_id: str) -> Sequence[Any]:
    """The task graph: one small-game task and one task per chunk (``dask.delayed``)."""
    import dask

    bound = the_plan.bound
    small = dask.delayed(_small_game_task, pure=True)(bound, dask_key_name=f"ptsq-small-game-B{bound}")
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
            *deps,
            dask_key_name=f"ptsq-chunk-{task.index}-B{bound}",
        )
    return nodes
