"""Benchmark: the Dask engine against the single-process solver at one bound.

    .venv/bin/python benchmarks/dask_solve.py [--bound 1e9] [--rules NAME ...] [--workers 2] [--chunk 16777216]
        [--store /tmp/ptsq-dask-bench.zarr] [--keep] [--check] [--cold] [--model 2 16]
        [--compression auto|lz4|none] [--task-stream FILE.json]

For each rule (``--rules``, default Put-or-Take-a-Square; any put-or-take rule),
solves to the bound with :func:`solver.engine.solving.solve` (numba, all threads of
this process) and with :func:`solver.store.dask.run` on a fresh local cluster as the
command starts it (:func:`solver.store.dask_cluster.local_cluster`: one worker process of
``--workers`` threads), and prints one JSON object per rule:
both times, the overhead ratio, the time to start the cluster, the summed read,
sweep and write seconds of the tasks (wall, and processor seconds of their threads), the
chunks the tasks read and those they took from memory, the seconds the workers spent outside tasks
(``workers_idle_seconds``: workers times the Dask solve's seconds, less the tasks'
seconds), the processor seconds (user + system) of the worker processes and of this
process (the client and the scheduler) over the Dask solve, the peak memory of the client and of each
worker process, the store's size on disk (and per position) and the bytes the tasks read
and wrote and its ``compression``, next to :func:`solver.engine.dask.plan`'s estimates, and the time to
open the store (:func:`solver.store.dask_store.open_store`, which reads nothing but
metadata) and to read one position from it.  ``--check`` also compares the two
tallies, the second counted from the opened store chunk by chunk (the tests
compare the codes), and the command exits with status 1 if any rule's differ.
The store is deleted unless ``--keep``.  The Dask solve's task stream
(``distributed.get_task_stream``) gives ``task_stream``: the tasks' compute
seconds summed, the seconds each worker thread waited between its first and
its last task (for the scheduler, or for the chunks a task reads), and the
seconds from the first task's start to the last one's stop;
``--task-stream`` writes the stream itself (each task's key, worker, thread,
start and stop).  The bar of the Dask engine for the other
rules is ``--bound 1e8 --rules put-or-take-a-cube put-or-take-a-prime
put-or-take-a-fibonacci-number --check``: every tally equal, in one run.

The single-process solve runs in a child process so that its memory is measured
separately and freed before the Dask run.
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solver.engine.dask import COMPRESSIONS, DEFAULT_CHUNK, METHOD_SWEEP, SECONDS_PER_TASK, plan, schedule_seconds
from solver.games import DEFAULT_RULE, get_rule
from solver.parsing import parse_int
from solver.store.dask import run
from solver.store.dask_cluster import close_cluster, local_cluster
from solver.store.dask_store import open_store

ROOT = Path(__file__).resolve().parents[1]


def _single(bound: int, rule: str, out) -> None:
    from solver.engine import solve, warm_up

    warm_up()
    start = time.perf_counter()
    solution = solve(bound, rule=rule)
    seconds = time.perf_counter() - start
    out.send(
        {
            "seconds": seconds,
            "peak_rss_bytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
            "tally": solution.tally(),
        }
    )


def _single_cold(bound: int, rule: str) -> dict:
    """``python -m solver solve`` into an empty cache of its own, as a user runs it (out of core when memory is short).

    ``seconds`` is the command's wall time, start-up and all, and
    ``processor_seconds`` its user and system seconds; the tally is read from
    its JSON.  The cache is removed afterwards.
    """
    directory = Path(tempfile.mkdtemp(prefix="ptsq-dask-bench-cold-"))
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "solver", "solve", "--bound", str(bound), "--rule", rule, "--json"],
            cwd=ROOT,
            env={**os.environ, "PTSQ_CACHE_DIR": str(directory)},
            capture_output=True,
            text=True,
            check=True,
        )
        seconds = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - children.ru_utime - children.ru_stime
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    found = json.loads(done.stdout.strip().splitlines()[-1])
    names = {"bounded_remoteness": "bounded"}
    tally = {names.get(k, k): v for k, v in found.items() if k in _TALLY_KEYS or k in names}
    return {"seconds": seconds, "peak_rss_bytes": found["peak_rss_bytes"], "tally": tally, "processor_seconds": cpu}


#: The counts a solve's JSON shares with a tally.
_TALLY_KEYS = ("W", "L", "D", "U", "U_not_L", "U_not_W", "max_remoteness")


def modelled_seconds(the_plan, tasks: list[dict], small_seconds: float, workers: int, key: str = "wall") -> float:
    """The wall time of the same graph on ``workers`` one-thread workers, from each task's measured seconds.

    :func:`solver.engine.dask.schedule_seconds` with the seconds each task
    took in this run (``key`` "wall": its read, sweep and write), or its
    worker's processor seconds (``key`` "cpu": what it takes with a core of
    its own), plus :data:`SECONDS_PER_TASK` of the scheduler's, after the
    small game.  It assumes that the disk, the memory and the scheduler keep
    up with more workers, which only a larger machine can show.
    """
    took = [0.0] * len(the_plan.tasks)
    for t in tasks:
        took[t["first"] // the_plan.chunk] = t[key] + SECONDS_PER_TASK
    return schedule_seconds(the_plan.tasks, took, small_seconds, workers)


def _processor_seconds() -> float:
    """User plus system processor seconds of this process so far (run on each worker too)."""
    times = os.times()
    return times.user + times.system


def _small_game_seconds(bound: int, rule: str) -> float:
    """Seconds to build and solve the small game in this process (the first task of a solve by the sweep)."""
    from solver.engine.put_or_take import small_game_limit
    from solver.engine.small_game import solve_small_game

    members = get_rule(rule).members(2 * bound)
    m = small_game_limit(members, bound)
    solve_small_game(members, min(bound, 1000), small_game_limit(members, min(bound, 1000)))  # compiled
    start = time.perf_counter()
    solve_small_game(members, bound, m)
    return time.perf_counter() - start


def _one_rule(
    rule: str,
    bound: int,
    workers: int,
    chunk: int,
    store: Path,
    keep: bool,
    check: bool,
    cold: bool,
    model: list[int],
    compression: str = "auto",
    report_path: Path | None = None,
) -> dict:
    """Both solves of one rule; the figures as a dict."""
    the_plan = plan(bound, chunk, workers, rule=rule)
    if cold:
        single = _single_cold(bound, rule)
    else:
        ctx = multiprocessing.get_context("spawn")
        receive, send = ctx.Pipe(duplex=False)
        child = ctx.Process(target=_single, args=(bound, rule, send))
        child.start()
        single = receive.recv()
        child.join()

    from distributed import Client

    start = time.perf_counter()
    cluster = local_cluster(workers)
    client = Client(cluster)
    started = time.perf_counter() - start
    try:
        workers_before = client.run(_processor_seconds)
        client_before = _processor_seconds()
        from distributed import get_task_stream

        with get_task_stream(client) as stream:
            report = run(bound, scheduler=client, store=store, chunk=chunk, rule=rule, compression=compression)
        if report_path is not None:
            _write_stream(report_path, stream.data)
        client_cpu = _processor_seconds() - client_before
        workers_after = client.run(_processor_seconds)
        workers_cpu = sum(workers_after[w] - workers_before.get(w, 0.0) for w in workers_after)
    finally:
        close_cluster(client, cluster)
    start = time.perf_counter()
    opened = open_store(store)
    open_seconds = time.perf_counter() - start
    start = time.perf_counter()
    opened.value(bound // 3)
    value_seconds = time.perf_counter() - start
    sums = [sum(t["seconds"][i] for t in report.tasks) for i in range(3)]
    result = {
        "rule": rule,
        "bound": bound,
        "method": the_plan.method,
        "workers": workers,
        "chunk": report.chunk,
        "tasks": len(report.tasks),
        "levels": len(the_plan.levels),
        "load_average": os.getloadavg(),
        "single": "cold, python -m solver solve through the cache" if cold else "in memory, solve()",
        "single_seconds": round(single["seconds"], 3),
        "single_processor_seconds": round(single["processor_seconds"], 3) if "processor_seconds" in single else None,
        "single_peak_rss_bytes": single["peak_rss_bytes"],
        "cluster_start_seconds": round(started, 3),
        "compile_seconds": round(report.compile_seconds, 3),
        "dask_seconds": round(report.seconds, 3),
        "workers_processor_seconds": round(workers_cpu, 3),
        "client_processor_seconds": round(client_cpu, 3),
        "overhead_ratio": round(report.seconds / single["seconds"], 2),
        "task_read_sweep_write_seconds": [round(x, 3) for x in sums],
        "workers_idle_seconds": round(workers * report.seconds - sum(sums), 3),
        "chunks_read": sum(len(t.depends_on) for t in the_plan.tasks) if the_plan.method == METHOD_SWEEP else 0,
        "chunks_from_memory": sum(t.get("from_memory", 0) for t in report.tasks),
        "positions_per_second_per_worker": round((bound + 1) / (sum(sums) or 1.0)),
        "worker_peak_rss_bytes": report.worker_peak_rss_bytes,
        "client_peak_rss_bytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
        # the local cluster: one worker of `workers` threads
        "plan_worker_peak_bytes": plan(bound, chunk, 1, threads_per_worker=workers, rule=rule).worker_peak_bytes,
        "plan_seconds": round(the_plan.seconds, 1),
        "plan_error": round(the_plan.seconds / report.seconds - 1, 2),
        "bytes_written": sum(t["bytes_written"] for t in report.tasks),
        "bytes_read": sum(t["bytes_read"] for t in report.tasks),
        "store_bytes_on_disk": report.store_bytes,
        "compression": report.compression,
        "task_stream": _stream_summary(stream.data),
        "store_bytes_per_position": round(report.store_bytes / (bound + 1), 4),
        "open_store_seconds": round(open_seconds, 4),
        "first_value_seconds": round(value_seconds, 4),
        "tally": report.tally,
    }
    if the_plan.method == METHOD_SWEEP and model:
        small_seconds = _small_game_seconds(bound, rule)
        result["small_game_seconds"] = round(small_seconds, 3)
        tasks = [{**t, "wall": sum(t["seconds"])} for t in report.tasks]
        result["task_cpu_seconds"] = round(sum(t["cpu"] for t in tasks), 3)
        if all("cpu_seconds" in t for t in tasks):
            result["task_read_sweep_write_cpu_seconds"] = [
                round(sum(t["cpu_seconds"][i] for t in tasks), 3) for i in range(3)
            ]
        for key in ("wall", "cpu"):
            result[f"modelled_seconds_from_{key}"] = {
                str(n): round(modelled_seconds(the_plan, tasks, small_seconds, n, key), 2) for n in model
            }
        result["plan_seconds_at"] = {str(n): round(plan(bound, chunk, n, rule=rule).seconds, 2) for n in model}
    if check:
        result["tallies_equal"] = report.tally == single["tally"]
        start = time.perf_counter()
        result["store_tally_equal"] = opened.tally() == single["tally"]
        result["store_tally_seconds"] = round(time.perf_counter() - start, 3)
    if not keep:
        shutil.rmtree(store, ignore_errors=True)
    return result


def _stream_summary(data: list[dict]) -> dict:
    """Sums over Dask's task stream: tasks, compute seconds, the threads' waits between tasks, the span."""
    spans: dict[tuple, list[tuple[float, float]]] = {}
    compute = 0.0
    for record in data:
        for part in record.get("startstops", ()):
            if part.get("action") == "compute":
                spans.setdefault((record.get("worker"), record.get("thread")), []).append((part["start"], part["stop"]))
                compute += part["stop"] - part["start"]
    waits = 0.0
    for intervals in spans.values():
        intervals.sort()
        waits += sum(max(0.0, b[0] - a[1]) for a, b in itertools.pairwise(intervals))
    every = [t for intervals in spans.values() for t in intervals]
    span = max(t[1] for t in every) - min(t[0] for t in every) if every else 0.0
    return {
        "tasks": len(data),
        "threads": len(spans),
        "compute_seconds": round(compute, 3),
        "thread_wait_seconds": round(waits, 3),
        "span_seconds": round(span, 3),
    }


def _write_stream(path: Path, data: list[dict]) -> None:
    """The task stream as JSON: one record a task (key, worker, thread, and each start and stop)."""
    records = [
        {
            "key": str(r.get("key")),
            "worker": r.get("worker"),
            "thread": r.get("thread"),
            "startstops": [
                {"action": p.get("action"), "start": p.get("start"), "stop": p.get("stop")}
                for p in r.get("startstops", ())
            ],
        }
        for r in data
    ]
    path.write_text(json.dumps(records))


def _report_path(report: str | None, rule: str, rules: int) -> Path | None:
    """Where the task stream of ``rule``'s solve goes (``--task-stream``), or None."""
    if report is None:
        return None
    path = Path(report)
    return path if rules == 1 else path.with_name(f"{path.stem}-{rule}{path.suffix}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bound", default="1e9")
    parser.add_argument("--rules", nargs="+", default=[DEFAULT_RULE.name], help="put-or-take rules to solve")
    parser.add_argument("--workers", default="2")
    parser.add_argument("--chunk", default=str(DEFAULT_CHUNK))
    parser.add_argument("--store", default="/tmp/ptsq-dask-bench.zarr")
    parser.add_argument("--keep", action="store_true", help="keep the store (of the last rule)")
    parser.add_argument("--check", action="store_true", help="compare the tallies")
    parser.add_argument(
        "--cold", action="store_true", help="the single process as a user runs it: the command, through an empty cache"
    )
    parser.add_argument(
        "--model",
        nargs="*",
        type=int,
        default=[2, 16],
        help="worker counts whose wall time is modelled from the measured tasks (default 2 16)",
    )
    parser.add_argument(
        "--compression",
        choices=COMPRESSIONS,
        default="auto",
        help="the store's compression (default auto: uncompressed where the disk holds it, as the command)",
    )
    parser.add_argument(
        "--task-stream",
        metavar="FILE.json",
        help="write Dask's task stream of the Dask solve (each task's thread, start and stop); "
        "with several rules, one file a rule, the rule's name before the suffix",
    )
    args = parser.parse_args(argv)
    try:
        bound = parse_int(args.bound, "the bound")
        workers = parse_int(args.workers, "the number of workers", most=64)
        chunk = parse_int(args.chunk, "the chunk size")
        rules = [get_rule(name).name for name in args.rules]
        for rule in rules:
            plan(bound, chunk, workers, rule=rule)
    except (ValueError, TypeError) as exc:
        print(f"dask_solve.py: error: {exc}", file=sys.stderr)
        return 2
    store = Path(args.store)
    if store.exists():
        print(f"dask_solve.py: error: {store} exists; remove it or choose another --store", file=sys.stderr)
        return 2
    equal = True
    for rule in rules:
        result = _one_rule(
            rule,
            bound,
            workers,
            chunk,
            store,
            args.keep and rule == rules[-1],
            args.check,
            args.cold,
            args.model,
            args.compression,
            _report_path(args.task_stream, rule, len(rules)),
        )
        equal = equal and result.get("tallies_equal", True) and result.get("store_tally_equal", True)
        print(json.dumps(result, indent=1), flush=True)
    if args.check:
        print(f"every tally equal: {equal} ({len(rules)} rules at bound {bound:,})")
    return 0 if equal else 1


if __name__ == "__main__":
    sys.exit(main())
