"""Solve a put-or-take rule as a Dask task graph: the plan, and what each task computes.

This module plans the graph and computes each task's result from numpy
arrays; it opens no store and drives no cluster.  :mod:`solver.store.dask`
holds the zarr store, reads and writes its chunks for the tasks, and drives
the cluster (``docs/dask.md``).  The tasks run the very kernels of the
single-process solve (as stumpy's ``stumped`` submits the ``_stump`` kernel
that ``stump`` runs), so the codes are bit-identical (the tests compare them).
A rule's engine (:func:`solver.engine.engines.engine_for`) says how:

* **by the sweep** (rules whose take children are few: squares, cubes,
  triangular numbers, primes; ``docs/mathematics.md`` section 3.5).  One task
  solves the small game (:func:`solver.engine.small_game.solve_small_game`:
  positions ``0..M`` and their put chains), whose result Dask sends to every
  worker once.  The store's chunks ``[c w, (c + 1) w - 1]`` (``w`` = ``chunk``)
  are one task each (:func:`label_chunk`): it reads the put children of its
  positions that lie above it, the slice ``[max(b + 1, p(a)), min(B, p(b))]``
  of the store, written by the chunk tasks it depends on, and labels its
  positions from ``b`` down to ``a`` with :func:`solver.engine.sweep.sweep_chunk_nogil`
  (the piece of the single process's :func:`solver.engine.sweep.sweep_block`,
  without the GIL, so that the threads of one worker run their tasks side by
  side).
  A chunk with no put child inside the bound (about the top half) has no
  dependency; the others depend on the two or three chunks about twice as
  high.  The *level* of a chunk is the length of its longest chain of
  dependencies, about ``log2(B / (c w))``.  Put-or-Take-a-Square keeps one
  code a position (its lower bounds rebuilt from codes, as the single-process
  one-byte solve does); the other rules keep a lower bound per position in a
  second array, read and written with the codes, as :func:`solver.engine.solve_rule`
  does in memory;
* **by passes** (powers of 2 and 3, factorials, Fibonacci numbers: take
  children as large as ``n / 2``, so no small game; ``docs/mathematics.md``
  section 7.1).  The method of :mod:`solver.engine.rounds` runs as rounds of
  chunk tasks (:func:`solver.engine.dask_passes.pass_chunk`), the client waiting for each round: the
  labels, one round per remoteness (a task labels the positions of its chunk
  whose children were labelled in earlier rounds); the possibilities, rounds
  until no chunk changes; the lower bounds likewise; then the codes.  A task
  reads its own chunk and its children's values, which lie in a few runs
  (``f`` is constant between two members, so ``x - f(x)`` and ``x + f(x)`` move
  with ``x``).  The labels are those of the stages of ``docs/mathematics.md``
  section 3.1 (a label set in the current round is not read); the
  possibilities and the lower bounds are least fixed points of monotone
  maps, reached whatever the order of the updates, so they equal the
  single-process arrays.
"""

from __future__ import annotations

import dataclasses
import heapq
import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from solver import costs
from solver.games import DEFAULT_RULE, Rule, get_rule
from solver.validation import check_integer

from ..errors import DaskEngineError
from .engines import PutOrTakeEngine, engine_for
from .kernels import IMPOSSIBLE
from .put_or_take import small_game_limit
from .small_game import SmallGame, count_chain_nodes, solve_small_game
from .sweep import sweep_chunk_nogil
from .tallies import tally_codes

__all__ = [
    "DEFAULT_CHUNK",
    "CHUNK_TABLE_BYTES",
    "MIN_CHUNK",
    "MAX_CHUNK",
    "MAX_TASKS",
    "FILL",
    "METHOD_SWEEP",
    "METHOD_PASSES",
    "ChunkTask",
    "Plan",
    "plan",
    "schedule_seconds",
    "supports",
    "method_of",
    "keeps_bounds",
    "warm_up_chunk_kernel",
    "check_bound",
    "label_chunk",
    "check_compression",
    "store_compression",
    "store_bytes",
    "COMPRESSIONS",
    "PENDING_WRITES",
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
#: Fill value of the store's ``codes`` array: a code no position has (codes end
#: at 253), so a chunk task sees at once that a chunk it reads was not written.
FILL = 255
#: The two ways a rule is solved on Dask (module docstring).
METHOD_SWEEP = "sweep"
METHOD_PASSES = "passes"

#: Measured rates used by :func:`plan` for its time estimate (``docs/dask.md``
#: section 3): positions read, labelled, compressed and written per second by
#: one worker thread, the seconds of scheduler overhead per task, and the
#: processor seconds per node of the small game, which one worker solves
#: before any chunk starts.
POSITIONS_PER_SECOND = 2.2e8
SECONDS_PER_TASK = 0.005
SMALL_GAME_SECONDS_PER_NODE = 4.0e-7
#: Rounds of chunk tasks the plan of a solve by passes assumes: the labels
#: took up to 31 rounds, the possibilities up to 55 and the lower bounds up to
#: 40 at 10**7 (powers of 3, the slowest rule); each round reads and writes
#: about 12 bytes a position.
PASSES_ESTIMATE = 130
#: Seconds of one worker thread a chunk task of a solve by passes costs besides its positions: it reads
#: several chunks of the scratch arrays and writes its own through zarr (about 1 and 2 ms each here)
#: and goes through the scheduler.  Measured on 2 workers of one thread: Put-or-Take-a-Power-of-3 at
#: 2*10**6 in 123 chunks of 16,384 ran 12,293 tasks in 148.7 s, 24 ms each (2026-11-29, ``docs/dask.md``
#: section 6); at the 5 ms of a task of the sweep, the plan said 40.6 s.
SECONDS_PER_PASS_TASK = 0.024
#: Memory of an idle worker process (Python, numpy, numba, distributed, zarr).
WORKER_BASE_BYTES = 250 * 2**20
#: Most bytes of chunks a worker process keeps in memory for the tasks that
#: read them (:class:`solver.store.dask_chunks.ChunkTable`; ``docs/dask.md``
#: section 3.3): 24 chunks of 2**24 codes.
CHUNK_TABLE_BYTES = 384 * 2**20
#: Chunks a worker process may have waiting to be written to uncompressed
#: files (:class:`solver.store.dask_chunks.ChunkWriter`): a task whose chunk
#: would be one more waits for the oldest; :func:`plan` counts them in a
#: worker's memory.
PENDING_WRITES = 4
#: The store's compression (``compression`` of :func:`solver.store.dask.run`
#: and ``solve --compression``): ``auto`` chooses one of the other two
#: (:func:`store_compression`), ``lz4`` is Blosc-LZ4 (level 1, no shuffle),
#: ``none`` one byte a position in each chunk file.
COMPRESSIONS = ("auto", "lz4", "none")
#: Bytes a position and array of a store takes on disk, an estimate from
#: above for ``lz4``: the codes of Put-or-Take-a-Square took 0.224 bytes a
#: position at 10**10 and 0.19 at 10**11 (``docs/dask.md``); exactly 1 for
#: ``none``.
STORE_BYTES_PER_POSITION = {"lz4": 0.25, "none": 1.0}
#: ``auto`` stores a local solve by the sweep uncompressed when the
#: uncompressed store takes at most this share of the free space of its disk.
UNCOMPRESSED_SHARE_OF_FREE = 0.25
#: Bytes per small-game node while it is solved (node, CSR and queue arrays);
#: measured 1.34 GB of peak RSS for the 20.9 million nodes at 10**12.
_SMALL_NODE_BYTES = 64
#: Bytes per position a chunk task of a solve by passes holds: its own
#: outcome, remoteness, possibilities and lower bound, and those of its
#: take child, its put child and its put child's take child, with copies.
_PASS_BYTES_PER_POSITION = 40


# ---------------------------------------------------------------------------
# Which rules, and how
# ---------------------------------------------------------------------------


def check_compression(compression: object) -> str:
    """``compression`` if it is one of :data:`COMPRESSIONS`.

    Raises
    ------
    ValueError
        Otherwise, naming the choices.
    """
    if compression not in COMPRESSIONS:
        raise ValueError(f"the store's compression must be one of {', '.join(COMPRESSIONS)}, not {compression!r}")
    return str(compression)


def store_compression(compression: str, bound: int, arrays: int, method: str, local: bool, free_bytes: int) -> str:
    """The compression a solve's store is written with: ``"lz4"`` or ``"none"``.

    A chunk task spends about as long encoding its chunk with Blosc-LZ4 as
    labelling it (15-17 ms of processor time for 2**24 codes on this
    project's machine), and the single-process solve writes its codes
    uncompressed; uncompressed chunks are written with direct I/O, beside
    the sweep, at no processor cost (``docs/dask.md`` section 3.4).
    Compression is worth that cost where bytes cost more than processor
    time: on a cluster's shared file system, and for a store that would
    crowd its disk.  So ``"auto"`` is ``"none"`` for a solve by the sweep on
    a local cluster whose uncompressed store takes at most
    :data:`UNCOMPRESSED_SHARE_OF_FREE` of the free space, and ``"lz4"``
    otherwise.  The codes are the same either way; only the files differ.

    Parameters
    ----------
    compression : str
        One of :data:`COMPRESSIONS`.
    bound : int
        The bound ``B``.
    arrays : int
        Arrays of one byte a position the store holds while it is solved
        (the codes, and a kept lower bound).
    method : str
        :data:`METHOD_SWEEP` or :data:`METHOD_PASSES` (always ``"lz4"``: its
        scratch arrays take 5 bytes a position).
    local : bool
        Whether the cluster is a local one started for the solve.
    free_bytes : int
        Free bytes of the disk that holds the store.

    Returns
    -------
    str
        ``"lz4"`` or ``"none"``.

    Raises
    ------
    ValueError
        If ``compression`` is not one of :data:`COMPRESSIONS`.
    """
    if check_compression(compression) != "auto":
        return compression
    raw = (bound + 1) * arrays
    if method == METHOD_SWEEP and local and raw <= UNCOMPRESSED_SHARE_OF_FREE * free_bytes:
        return "none"
    return "lz4"


def store_bytes(bound: int, arrays: int, compression: str) -> int:
    """Bytes of disk a store of ``arrays`` arrays to ``bound`` takes, an estimate from above for ``"lz4"``.

    Parameters
    ----------
    bound : int
        The bound ``B``.
    arrays : int
        Arrays of one byte a position.
    compression : str
        ``"lz4"`` or ``"none"`` (:data:`STORE_BYTES_PER_POSITION`).

    Returns
    -------
    int
        Bytes.
    """
    return int((bound + 1) * arrays * STORE_BYTES_PER_POSITION[compression])


def supports(rule: Rule) -> bool:
    """Whether the Dask engine solves ``rule``: every put-or-take rule (its engine says so)."""
    return engine_for(rule).on_dask


def _engine(rule: Rule) -> PutOrTakeEngine:
    engine = engine_for(rule)
    if not isinstance(engine, PutOrTakeEngine) or not engine.on_dask:
        raise ValueError(
            f"the Dask engine solves only the put-or-take rules, not {rule.title}; solve it with the default engine"
        )
    return engine


def keeps_bounds(rule: Rule) -> bool:
    """Whether a Dask solve of ``rule`` keeps a lower bound per position (all but Put-or-Take-a-Square's one-byte solve)."""
    return not engine_for(rule).one_byte


def _members(bound: int, rule: Rule = DEFAULT_RULE) -> np.ndarray:
    """The members of the rule's sequence up to ``2 B`` (a put child's own member is needed)."""
    return rule.members(2 * bound)


def method_of(rule: Rule, bound: int) -> str:
    """:data:`METHOD_SWEEP` when the single-process solve of ``rule`` at ``bound`` uses the small game, else :data:`METHOD_PASSES`."""
    engine = _engine(rule)
    m = engine.small_game(rule, bound, _members(bound, rule), kept=keeps_bounds(rule))
    return METHOD_SWEEP if m is not None else METHOD_PASSES


def _put(n: int, members: np.ndarray) -> int:
    return n + int(members[np.searchsorted(members, n, side="right") - 1])


# ---------------------------------------------------------------------------
# The plan: chunks, dependencies, levels, bytes
# ---------------------------------------------------------------------------


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
        The slice of the store the task reads (put children above ``last``;
        a solve by the sweep); ``read_last < read_first`` when it reads
        nothing.
    depends_on : tuple of int
        The chunks that write that slice (ascending).
    level : int
        0 for a chunk without dependencies, else 1 + the highest level of its
        dependencies.
    arrays : int
        Arrays the task reads and writes a value of per position: 1 (the
        codes) or 2 (the codes and a kept lower bound).
    """

    index: int
    first: int
    last: int
    read_first: int
    read_last: int
    depends_on: tuple[int, ...]
    level: int
    arrays: int = 1

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
        """Uncompressed bytes written: one code (``uint8``) a position, and a kept lower bound (``uint8``)."""
        return self.arrays * self.positions

    @property
    def bytes_read(self) -> int:
        """Uncompressed bytes read from the store (one code a position, and a kept lower bound)."""
        return self.arrays * self.read_positions


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
        put chains (0 for a solve by passes, which has none).
    small_game_nodes : int
        Nodes of the small game (``docs/mathematics.md`` section 3.5).
    tasks : tuple of ChunkTask
        One per chunk, in chunk order.
    levels : tuple of (int, int, int)
        ``(chunks, positions, lowest chunk)`` for levels 0, 1, ... (a solve
        by passes has one level: its chunks run side by side in each round).
    small_game_bytes : int
        Peak memory of the task that solves the small game (estimate).
    broadcast_bytes : int
        Bytes of the small game's result, sent once to every worker.
    task_peak_bytes : int
        Largest memory one chunk task needs: its chunk, its input slice, the
        encoded copies of both and the small game's arrays.
    worker_peak_bytes : int
        ``WORKER_BASE_BYTES + threads_per_worker * task_peak_bytes`` plus, by
        the sweep, the chunks the worker keeps in memory for their readers
        (:data:`CHUNK_TABLE_BYTES`, or all the chunks written if fewer) and
        those waiting to be written (:data:`PENDING_WRITES` chunks, or all
        if fewer), or the small game's peak if that is larger: the memory
        each worker needs, from above.
    bytes_written, bytes_read : int
        Uncompressed bytes all tasks write to and read from the store (by
        passes: an estimate of :data:`PASSES_ESTIMATE` rounds).
    bytes_moved : int
        ``bytes_written + bytes_read + workers * broadcast_bytes``.
    seconds : float
        Estimated wall-clock time of the solve, its cluster started: by the
        sweep, the small game (:data:`SMALL_GAME_SECONDS_PER_NODE`) and then
        the chunk tasks at :data:`POSITIONS_PER_SECOND` plus
        :data:`SECONDS_PER_TASK` each, in the list schedule of
        :func:`schedule_seconds`; by passes, :data:`PASSES_ESTIMATE` rounds
        of the whole range shared evenly, each task of a round
        :data:`SECONDS_PER_PASS_TASK` more.
    rule : str
        The rule's name.
    method : str
        :data:`METHOD_SWEEP` or :data:`METHOD_PASSES`.
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
    rule: str = DEFAULT_RULE.name
    method: str = METHOD_SWEEP

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


def check_bound(bound: int, rule: Rule | None = None) -> int:
    """A bound the Dask engine can index for ``rule``: ``1 <= B <= 2**62`` (``2**61`` keeping lower bounds).

    Raises
    ------
    TypeError
        If ``bound`` is not an integer.
    ValueError
        If it is out of range.
    """
    bound = check_integer(bound, "the bound", least=1)
    most = engine_for(rule or DEFAULT_RULE).max_bound
    if bound > most:
        power = most.bit_length() - 1
        raise ValueError(f"bound {costs.format_count(bound)} is beyond what this solver can index (2**{power})")
    return bound


def _chunk_tasks(bound: int, chunk: int, m: int, members: np.ndarray, arrays: int) -> list[ChunkTask]:
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
        tasks[c] = ChunkTask(c, a, b, q0, q1, deps, level, arrays)
    return tasks  # type: ignore[return-value]


def schedule_seconds(tasks: Sequence[ChunkTask], took: Sequence[float], start: float, slots: int) -> float:
    """When the last chunk task ends, in a list schedule of ``tasks`` on ``slots`` worker threads.

    Every task waits for ``start`` (the small game) and for the tasks it
    reads; the tasks go in the order they can start, level by level, each on
    the thread that is free first, and take ``took[task.index]`` seconds.
    Dask starts a task as soon as its inputs are written, as here, so this
    counts the waits between levels that a pure share of the work
    (``sum(took) / slots``) leaves out: the chain of the last levels is
    short of tasks to run side by side.

    Parameters
    ----------
    tasks : sequence of ChunkTask
        The plan's tasks, in chunk order.
    took : sequence of float
        Seconds each task takes, by index.
    start : float
        Seconds before any chunk task can start.
    slots : int
        Tasks that run at once (workers times threads), at least 1.

    Returns
    -------
    float
        Seconds from the start of the solve to the end of its last task.
    """
    finish = [0.0] * len(tasks)
    free = [start] * max(1, slots)
    for task in sorted(tasks, key=lambda t: (t.level, -t.index)):
        ready = max([start] + [finish[d] for d in task.depends_on])
        begin = max(heapq.heappop(free), ready)
        finish[task.index] = begin + took[task.index]
        heapq.heappush(free, finish[task.index])
    return max(finish, default=start)


def plan(
    bound: int, chunk: int | None = None, workers: int = 2, *, threads_per_worker: int = 1, rule: object = None
) -> Plan:
    """Work out the task graph of a Dask solve and its memory, I/O and time.

    Parameters
    ----------
    bound : int
        The bound ``B``, ``1 <= B <= 2**62`` (``2**61`` for the rules that
        keep lower bounds).
    chunk : int, optional
        Positions per task and per store chunk, ``MIN_CHUNK..MAX_CHUNK``
        (default :data:`DEFAULT_CHUNK`); clamped to ``B + 1``.
    workers : int, optional
        Number of workers (default 2), at least 1.
    threads_per_worker : int, optional
        Tasks a worker runs at once (default 1).
    rule : Rule or str, optional
        A put-or-take rule (default Put-or-Take-a-Square).

    Returns
    -------
    Plan
        Chunks, dependencies, levels, bytes per task and per worker.  The
        formulas are in ``docs/dask.md``.

    Raises
    ------
    TypeError
        If an argument is not an integer, or the rule not a rule.
    ValueError
        If an argument is out of range, the rule is not a put-or-take rule,
        or the solve would need more than :data:`MAX_TASKS` tasks (the
        message says which chunk size would do).
    """
    found = get_rule(rule)
    _engine(found)
    bound = check_bound(bound, found)
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
    members = _members(bound, found)
    how = method_of(found, bound)
    arrays = 2 if keeps_bounds(found) else 1
    if how == METHOD_SWEEP:
        m = small_game_limit(members, bound)
        nodes = m + 1 + int(count_chain_nodes(bound, m, members))
        tasks = _chunk_tasks(bound, chunk, m, members, arrays)
        # The small game's codes and lower bounds for 0..M, and the members up to 2 B.
        broadcast = 2 * (m + 1) + 8 * len(members)
        # Output and input arrays, plus a decoded or encoded copy of each (zarr's
        # buffers), plus the small game's arrays.
        task_peak = max(2 * (t.bytes_written + t.bytes_read) for t in tasks) + broadcast
        small_bytes = _SMALL_NODE_BYTES * nodes
        rounds = 1
    else:
        m = nodes = small_bytes = 0
        tasks = [ChunkTask(c, c * chunk, min(bound, (c + 1) * chunk - 1), 0, -1, (), 0, 0) for c in range(n_tasks)]
        broadcast = 8 * len(members)
        task_peak = _PASS_BYTES_PER_POSITION * max(t.positions for t in tasks) + broadcast
        rounds = PASSES_ESTIMATE
    top = max(task.level for task in tasks)
    levels = []
    for level in range(top + 1):
        at_level = [task for task in tasks if task.level == level]
        levels.append((len(at_level), sum(t.positions for t in at_level), min(t.index for t in at_level)))
    if how == METHOD_SWEEP:
        written = sum(t.bytes_written for t in tasks)
        read = sum(t.bytes_read for t in tasks)
        # The chunks kept for their readers, and those waiting to be written
        # uncompressed (a chunk no task reads is in the second only).
        kept_bytes = min(CHUNK_TABLE_BYTES, written) + min(
            PENDING_WRITES * max(t.bytes_written for t in tasks), written
        )
    else:  # each round reads a position's own values and its children's, and writes its own
        written = rounds * 2 * (bound + 1)
        read = rounds * 8 * (bound + 1)
        kept_bytes = 0
    worker_peak = WORKER_BASE_BYTES + max(threads * task_peak + kept_bytes, small_bytes)
    if how == METHOD_SWEEP:
        took = [t.positions / POSITIONS_PER_SECOND + SECONDS_PER_TASK for t in tasks]
        seconds = schedule_seconds(tasks, took, nodes * SMALL_GAME_SECONDS_PER_NODE, workers * threads)
    else:
        seconds = (rounds * (bound + 1)) / (
            POSITIONS_PER_SECOND * workers * threads
        ) + rounds * n_tasks * SECONDS_PER_PASS_TASK / (workers * threads)
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
        rule=found.name,
        method=how,
    )


# ---------------------------------------------------------------------------
# A solve by the sweep: the small game, then one task per chunk
# ---------------------------------------------------------------------------


def _small_game_task(bound: int, rule: Rule = DEFAULT_RULE) -> tuple[np.ndarray, SmallGame]:
    """Solve the small game as the single-process solve does; return the members up to ``2 B`` and it."""
    members = _members(bound, rule)
    small = solve_small_game(members, bound, small_game_limit(members, bound))
    if small is None:  # pragma: no cover - far beyond any bound this solver indexes
        raise DaskEngineError(f"at bound {bound} remoteness could exceed what a one-byte code holds")
    return members, small


def warm_up_chunk_kernel(rule: Rule | str | None = None) -> None:
    """Compile (or load from numba's cache) the chunk task's sweep kernel for ``rule``, on the top chunk of a tiny solve.

    A worker that runs it before its first task does not compile in that
    task; run here first, it writes numba's cache, so that workers on this
    machine load the kernel instead of each compiling it at once.

    Raises
    ------
    ValueError
        If ``rule`` is not a put-or-take rule (as :func:`plan`).
    """
    found = get_rule(rule)
    if not supports(found):
        raise ValueError(f"the Dask engine solves only the put-or-take rules, not {found.title}")
    bound = 10_000
    if method_of(found, bound) != METHOD_SWEEP:
        return
    small = _small_game_task(bound, found)
    a = small[1].m + 1
    if a <= bound:  # the top chunk reads no put children: they all lie above the bound
        empty = np.zeros(0, np.uint8)
        label_chunk(bound, a, bound, bound + 1, small, empty, empty if keeps_bounds(found) else None)


def label_chunk(
    bound: int,
    a: int,
    b: int,
    q0: int,
    small: tuple[np.ndarray, SmallGame],
    inp: np.ndarray,
    inp_lam: np.ndarray | None,
    out: np.ndarray | None = None,
    out_lam: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray | None, np.ndarray]:
    """Label positions ``a..b`` with the sweep kernel from their put children above ``b`` (a chunk task's work).

    The kernel (:func:`solver.engine.sweep.sweep_chunk_nogil`) releases
    the GIL and enters no threading layer, so several threads of one
    process label their chunks at once.

    Parameters
    ----------
    bound : int
        The bound ``B``.
    a, b : int
        The chunk.
    q0 : int
        The first position of ``inp``.
    small : tuple
        ``(members, small game)`` from the small-game task.
    inp, inp_lam : numpy.ndarray
        The codes (``uint8``) of positions ``q0..q0 + len(inp) - 1``, and
        their kept lower bounds (``uint8``), or None for a one-byte solve
        (lower bounds rebuilt from codes).
    out, out_lam : numpy.ndarray, optional
        Where to write the codes and the lower bounds (``uint8``, shape
        ``(b - a + 1,)``; ``out_lam`` only with ``inp_lam``), such as a
        buffer aligned for direct I/O.  Default: new arrays.

    Returns
    -------
    (numpy.ndarray, numpy.ndarray or None, numpy.ndarray)
        The codes of ``a..b``, their lower bounds (None for a one-byte
        solve) and their counts (:func:`solver.engine.tallies.tally_codes`).
    """
    members, game = small
    m = game.m
    if out is None:
        out = np.empty(b - a + 1, np.uint8)
    if inp_lam is None:
        out_lam = None
    elif out_lam is None:
        out_lam = np.empty(b - a + 1, np.uint8)
    if a <= m:  # positions of the small game, solved by the small-game task
        out[: min(b, m) - a + 1] = game.codes[a : min(b, m) + 1]
        if out_lam is not None:
            out_lam[: min(b, m) - a + 1] = game.lam[a : min(b, m) + 1]
    if b > m:
        so, high, lw, ll = game.arrays
        lo = max(a, m + 1)
        none = np.zeros(0, np.uint8)
        lam_out = none if out_lam is None else out_lam
        lam_in = none if inp_lam is None else inp_lam
        sweep_chunk_nogil(
            lo, b, bound, members, out, a, inp, q0, lam_out, lam_in, so, high, lw, ll, game.cap, IMPOSSIBLE
        )
    return out, out_lam, tally_codes(out, 1 if a == 0 else 0, len(out) - 1)
