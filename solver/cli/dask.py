"""Command-line options of ``python -m solver solve --engine dask`` (:mod:`solver.engine.dask`).

``python -m solver solve --bound B --engine dask [--scheduler ADDRESS] [--store PATH]
[--chunk W] [--workers N] --json`` solves on Dask into a zarr store and prints the
same JSON object as ``solve --json``, with the keys ``engine``, ``workers``,
``chunks``, ``store``, ``chunk`` and ``worker_peak_rss_bytes`` added.  With no
``--scheduler`` it starts a local cluster of one worker process whose ``--workers``
threads run the tasks (``docs/dask.md`` section 3.3).

:func:`add_engine_options` adds the options to the ``solve`` parser, and
:func:`run_dask_solve` runs the command.  Bad input raises ``ValueError`` with a
one-line message, which ``solver.__main__.main`` prints before exiting with
status 2.  The memory and the time are checked against :func:`solver.engine.dask.plan`
before anything starts: per worker for the memory, and against ``--max-seconds``
for the time.
"""

from __future__ import annotations

import argparse
import json
import logging
import resource
import sys
import time
from pathlib import Path
from typing import Any

from solver import costs
from solver.engine import budget
from solver.engine.dask import (
    COMPRESSIONS,
    DEFAULT_CHUNK,
    MAX_CHUNK,
    MIN_CHUNK,
    plan,
    store_bytes,
    store_compression,
    supports,
)
from solver.games import get_rule
from solver.parsing import argparse_int
from solver.store.dask import default_store, free_space, run
from solver.store.dask_cluster import CONNECT_TIMEOUT
from solver.store.dask_store import open_store, read_store_info

from .common import PROG
from .progress import Progress

__all__ = ["ENGINES", "add_engine_options", "run_dask_solve", "wants_dask", "check_engine_options"]

#: Values of ``--engine``.
ENGINES = ("numba", "dask")

#: A solve estimated to take longer than this says so, with its disk, before it starts (on stderr).
NOTE_SECONDS = 10.0


_int_arg = argparse_int


def add_engine_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--engine``, ``--scheduler``, ``--store``, ``--chunk``, ``--workers`` and ``--compression`` to a parser.

    Parameters
    ----------
    parser : argparse.ArgumentParser
        The ``solve`` subcommand's parser.

    Notes
    -----
    Defaults: ``--engine numba`` (the single-process solver and its disk
    cache), no scheduler (a local cluster), the store in the cache directory,
    chunks of :data:`solver.engine.dask.DEFAULT_CHUNK` positions, 2 workers,
    the store's compression chosen by :func:`solver.engine.dask.store_compression`.
    The Dask options other than ``--engine`` are refused with ``--engine numba``
    by :func:`run_dask_solve`'s caller (see :func:`check_engine_options`).
    """
    group = parser.add_argument_group("engine (dask: the put-or-take rules)")
    group.add_argument(
        "--engine",
        choices=ENGINES,
        default="numba",
        help="numba: one process, cached on disk (default); dask: Dask task graph into a zarr store",
    )
    group.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="Dask scheduler address (tcp://HOST:PORT); default: a local cluster on this machine",
    )
    group.add_argument(
        "--store",
        metavar="PATH",
        help="directory of the zarr store the Dask engine writes (shared by every worker); default: in the cache",
    )
    group.add_argument(
        "--chunk",
        type=_int_arg("the chunk size (--chunk)", least=MIN_CHUNK, most=MAX_CHUNK),
        metavar="W",
        help=f"positions per Dask task and store chunk (default {DEFAULT_CHUNK:,}; about 6 bytes of memory each)",
    )
    group.add_argument(
        "--workers",
        type=_int_arg("the number of workers (--workers)", least=1, most=1024),
        default=2,
        metavar="N",
        help="tasks the local cluster runs at once (default 2): threads of its one worker process; "
        "ignored with --scheduler",
    )
    group.add_argument(
        "--compression",
        choices=COMPRESSIONS,
        help="the store's chunks: lz4 (Blosc-LZ4, about 0.2 bytes a position) or none (1 byte a position, "
        "written beside the sweep); default auto: none for a cluster on this machine whose store takes at "
        "most a quarter of the free disk, lz4 otherwise",
    )


def wants_dask(args: argparse.Namespace) -> bool:
    """Whether ``solve`` was asked for the Dask engine (``--engine dask``)."""
    return getattr(args, "engine", "numba") == "dask"


def check_engine_options(args: argparse.Namespace) -> None:
    """Refuse Dask options given without ``--engine dask``.

    Raises
    ------
    ValueError
        If ``--scheduler``, ``--store``, ``--chunk`` or ``--compression`` is given with another engine.
    """
    if wants_dask(args):
        return
    for option in ("scheduler", "store", "chunk", "compression"):
        if getattr(args, option, None) is not None:
            raise ValueError(f"--{option} needs --engine dask")


def _peak_rss_bytes() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _finished(where: Path, bound: int, rule: str) -> bool:
    """True when ``where`` already holds a finished solve of ``rule`` to ``bound`` (nothing will run)."""
    try:
        info = read_store_info(where)
    except (ValueError, TypeError, OSError):
        return False
    return info["bound"] == bound and info["rule"] == rule


def _check_disk(where: Path, the_plan: Any, compression: str, local: bool) -> int:
    """The store's estimated bytes on disk; refuse a solve whose store would not fit on its disk.

    ``compression`` (``--compression``) and ``local`` (no ``--scheduler``)
    give the store's compression as :func:`solver.store.dask.run` will
    choose it (:func:`solver.engine.dask.store_compression`); a cluster
    started elsewhere counts as not local here, which can only make the
    estimate smaller than the bytes an uncompressed store takes if its
    workers turn out to be on this machine.

    Raises
    ------
    ValueError
        If the free space of the disk that would hold the store is less than
        the estimate (:func:`solver.engine.dask.store_bytes`).
    """
    arrays = the_plan.tasks[0].arrays if the_plan.tasks else 1
    where, free = free_space(where)
    if free is None:  # the store's own checks say what is wrong with the path
        return store_bytes(the_plan.bound, arrays, "lz4" if compression == "auto" else compression)
    chosen = store_compression(compression, the_plan.bound, arrays, the_plan.method, local, free)
    need = store_bytes(the_plan.bound, arrays, chosen)
    if need > free:
        raise ValueError(
            f"the store of a Dask solve to {the_plan.bound:,} takes {costs.format_bytes(need)} of disk, but only "
            f"{costs.format_bytes(free)[len('about ') :]} is free at {where}; choose another --store"
        )
    return need


def run_dask_solve(args: argparse.Namespace) -> dict[str, Any]:
    """Run ``solve --engine dask``; print its result and return it.

    Parameters
    ----------
    args : argparse.Namespace
        ``bound``, ``rule`` (a :class:`solver.games.Rule` or name; a
        put-or-take rule), ``scheduler``, ``store``, ``chunk``, ``workers``,
        ``json``, ``progress_lines`` and ``max_seconds`` (missing ones take their
        defaults).

    Returns
    -------
    dict
        ``rule``, ``bound``, ``W``, ``L``, ``D``, ``U``, ``max_remoteness``,
        ``bounded_remoteness``, ``seconds``, ``cached``, ``peak_rss_bytes`` (as
        ``solve --json``), and ``engine`` (``"dask"``), ``workers``, ``chunks``
        (tasks run), ``chunk`` (positions each), ``store`` (absolute path),
        ``worker_peak_rss_bytes``.  Printed as one JSON line with ``--json``,
        else as text.

    Raises
    ------
    ValueError
        Bad arguments, a rule that is not a put-or-take rule, a store path
        that cannot be used, a scheduler that cannot be reached, or a plan
        whose memory per worker or time exceeds what is available or allowed.
    solver.errors.DaskEngineError
        If the solve fails after it started.
    """
    rule = get_rule(getattr(args, "rule", None))
    if not supports(rule):
        raise ValueError(f"--engine dask solves only the put-or-take rules, not {rule.title}")
    bound = args.bound
    scheduler = getattr(args, "scheduler", None)
    workers = getattr(args, "workers", 2) or 2
    the_plan = plan(bound, getattr(args, "chunk", None), workers, rule=rule)
    if scheduler is None:
        # The local cluster: one worker process whose --workers threads run the tasks.
        have = budget.usable_memory()
        need = plan(bound, getattr(args, "chunk", None), 1, threads_per_worker=workers, rule=rule).worker_peak_bytes
        if need > have:
            raise ValueError(
                f"{workers} local workers need {costs.format_bytes(need)} of memory but only "
                f"{costs.format_bytes(have)[len('about ') :]} can be used here; choose a smaller --chunk "
                "or fewer --workers"
            )
    max_seconds = getattr(args, "max_seconds", None)
    max_seconds = float(costs.DEFAULT_MAX_SECONDS if max_seconds is None else max_seconds)
    if the_plan.seconds > max_seconds:
        raise ValueError(
            f"a Dask solve to {bound:,} on {workers} workers takes about {the_plan.seconds:,.0f} s, more than "
            f"{max_seconds:,.0f}; allow more time with --max-seconds"
        )
    store = getattr(args, "store", None)
    where = Path(str(store)).expanduser().absolute() if store is not None else default_store(rule, bound)
    finished = _finished(where, bound, rule.name)
    compression = getattr(args, "compression", None) or "auto"
    disk = 0 if finished else _check_disk(where, the_plan, compression, scheduler is None)
    if the_plan.seconds > NOTE_SECONDS and not finished:  # whatever stderr is: a long solve says so before it starts
        print(
            f"{PROG}: note: a Dask solve to {bound:,} on {workers} workers: about "
            f"{costs.format_seconds(the_plan.seconds)[len('about ') :]} and {costs.format_bytes(disk)[len('about ') :]} "
            "of store on disk (estimated)",
            file=sys.stderr,
        )
    lines = bool(getattr(args, "progress_lines", False))
    bar = None if lines else Progress("solving", 10_000)

    def progress(fraction: float) -> None:
        if bar is not None:
            bar.update(int(fraction * 10_000))
        else:
            print(f"progress {fraction:.4f}", file=sys.stderr, flush=True)

    # Dask's own log lines (a port in use, a worker restarted) would break the
    # one-line-message convention; errors still surface as exceptions.
    logging.getLogger("distributed").setLevel(logging.ERROR)
    start = time.perf_counter()
    try:
        report = run(
            bound,
            scheduler=scheduler,
            store=store,
            chunk=getattr(args, "chunk", None),
            workers=workers,
            progress=progress,
            rule=rule,
            timeout=CONNECT_TIMEOUT,
            compression=compression,
        )
    finally:
        if bar is not None:
            bar.close()
    seconds = time.perf_counter() - start
    tally = report.tally
    result: dict[str, Any] = {
        "rule": rule.name,
        "bound": bound,
        **{key: tally[key] for key in ("W", "L", "D", "U", "U_not_L", "U_not_W")},
        "decided_below": open_store(report.store).decided_below,
        "max_remoteness": tally["max_remoteness"],
        "bounded_remoteness": tally["bounded"],
        "seconds": round(seconds, 3),
        "cached": report.cached,
        "peak_rss_bytes": _peak_rss_bytes(),
        "engine": "dask",
        "workers": report.workers,
        "chunks": len(report.tasks),
        "chunk": report.chunk,
        "store": report.store,
        "worker_peak_rss_bytes": report.worker_peak_rss_bytes,
        "compression": report.compression,
        "store_bytes": report.store_bytes,
    }
    if getattr(args, "json", False):
        print(json.dumps(result))
        return result
    print(f"{rule.title}, bound {bound:,}: positions 1..{bound:,} (Dask engine)")
    for key in ("W", "L", "D", "U"):
        print(f"  {key}: {result[key]:>15,}")
    print(f"  of the U, cannot be L: {result['U_not_L']:,}; cannot be W: {result['U_not_W']:,}")
    print(f"decided below {result['decided_below']:,}: every position 1..{result['decided_below']:,} is W, L or D")
    print(f"highest exact remoteness: {result['max_remoteness']}")
    print(f"W/L with remoteness only bounded: {result['bounded_remoteness']:,}")
    if report.cached:
        print(f"seconds: {seconds:.3f} (opened from the store {report.store})")
    else:
        print(
            f"seconds: {seconds:.3f} ({len(report.tasks):,} chunks of {report.chunk:,} on {report.workers} workers, "
            f"store {report.store})"
        )
        kind = "uncompressed" if report.compression == "none" else "Blosc-LZ4"
        print(f"store on disk: {report.store_bytes:,} bytes ({kind})")
        print(f"peak memory of a worker: {report.worker_peak_rss_bytes / 2**20:,.0f} MiB")
    return result
