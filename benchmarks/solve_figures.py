"""Solve time and peak memory, in memory and cold out of core through the cache.

Run on demand (not part of the test suite):

    .venv/bin/python benchmarks/solve_figures.py [--bounds 1e6 1e7 1e8] [--cold 1e10 2e10] [--cache-dir /tmp/DIR]

``--bounds``: each bound is solved in memory (``solver.engine.solve``) in a
fresh process (so peak RSS belongs to that solve), after a warm-up solve that
loads the compiled kernels from numba's cache.  One row per bound: seconds,
positions per second, the solve's processor seconds (user and system time of
every thread, ``resource.getrusage``), peak RSS, RSS bytes per position, the
start-up seconds and the load average when it started.

``--cold``: each bound is solved as a user does, ``python -m solver solve
--bound B --json``, in a fresh process with an empty cache directory of its own
(under ``--cache-dir``, default a new directory in the system's temporary
directory), so the solve runs through the disk cache, straight into the
memory-mapped cache file and out of core when memory is short.  One row per
bound: the wall-clock seconds of the whole command (start-up, the solve, the
checksum, the counts), the command's own ``seconds``, the command's processor
seconds (user and system time, ``resource.getrusage`` of the child), the
process's peak RSS,
the bytes per position on disk, the load average when it started, the counts
and the CRC-32 of the codes that the cache entry records.  The
cache directory is removed after each bound.  The disk must have room for
``B + 1`` bytes and 30 GB more, or the bound is skipped.

``--phases``: each ``--cold`` bound is solved once more the same way, but in a
process that times where the solve goes (``store.solve_cached`` after the
kernels are loaded; the out-of-core sweep's functions wrapped with timers):
the sweep kernel's wall time, the main thread's waits for reads and for
writes, the writing and reading threads' busy, user and system seconds (each
thread's own ``getrusage``), the checksum's share, the bytes read and written
(``/proc/self/io``), and the cores the process kept busy, sampled every
second: the mean, and the seconds with less than 1.5 of the 2 busy.  The
timers cost a little time of their own.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Disk left free beyond a cold solve's file.
_DISK_MARGIN = 30 * 10**9

CHILD = """
import json, resource, sys, time
sys.path.insert(0, {root!r})
t0 = time.perf_counter()
from solver.engine import solve, warm_up
warm_up()
load = time.perf_counter() - t0
before = resource.getrusage(resource.RUSAGE_SELF)
base = before.ru_maxrss * 1024
s = solve({bound})
after = resource.getrusage(resource.RUSAGE_SELF)
peak = after.ru_maxrss * 1024
user, system = after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime
print(json.dumps({{"seconds": s.seconds, "peak": peak, "base": base, "load": load, "user": user, "system": system}}))
"""


def in_memory(bounds: list[int]) -> None:
    """One row per bound: a solve in memory in a fresh process."""
    print(
        f"{'bound':>14} {'seconds':>9} {'positions/s':>13} {'user s':>7} {'sys s':>6} "
        f"{'peak RSS MiB':>13} {'B/position':>11} {'start s':>8} {'load avg':>9}"
    )
    for bound in bounds:
        load = os.getloadavg()[0]
        out = subprocess.run(
            [sys.executable, "-c", CHILD.format(root=str(ROOT), bound=bound)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        r = json.loads(out.strip().splitlines()[-1])
        extra = r["peak"] - r["base"]
        print(
            f"{bound:>14,} {r['seconds']:>9.3f} {bound / r['seconds']:>13,.0f} {r['user']:>7.2f} {r['system']:>6.2f} "
            f"{r['peak'] / 2**20:>13,.0f} {max(extra, 0) / bound:>11.2f} {r['load']:>8.2f} {load:>9.2f}"
        )


def cold(bounds: list[int], parent: Path) -> None:
    """One row per bound: ``python -m solver solve --bound B --json`` into an empty cache of its own."""
    print(
        f"{'bound':>16} {'wall s':>8} {'solve s':>8} {'user s':>7} {'sys s':>6} {'peak RSS MiB':>13} "
        f"{'disk B/position':>16} "
        f"{'load avg':>9}  result"
    )
    for bound in bounds:
        free = shutil.disk_usage(parent).free
        if free < bound + 1 + _DISK_MARGIN:
            print(f"{bound:>16,} skipped: {free / 1e9:.0f} GB free, need {(bound + 1 + _DISK_MARGIN) / 1e9:.0f} GB")
            continue
        directory = Path(tempfile.mkdtemp(prefix="ptsq-cold-", dir=parent))
        try:
            load = os.getloadavg()[0]
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            child = subprocess.Popen(
                [sys.executable, "-m", "solver", "solve", "--bound", str(bound), "--json"],
                cwd=ROOT,
                env={**os.environ, "PTSQ_CACHE_DIR": str(directory)},
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            out, err = child.communicate()
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            user, system = after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime
            if child.returncode != 0:
                print(f"{bound:>16,} failed: {err.strip().splitlines()[-1] if err.strip() else child.returncode}")
                continue
            result = json.loads(out.strip().splitlines()[-1])
            on_disk = sum(p.stat().st_size for p in directory.glob("*.npy"))
            counts = {key: result[key] for key in ("W", "L", "D", "U", "max_remoteness")}
            for meta in directory.glob("*.json"):
                counts["crc32"] = json.loads(meta.read_text()).get("arrays", {}).get("codes", {}).get("crc32")
            print(
                f"{bound:>16,} {wall:>8.1f} {result['seconds']:>8.1f} {user:>7.1f} {system:>6.1f} "
                f"{result['peak_rss_bytes'] / 2**20:>13,.0f} "
                f"{on_disk / (bound + 1):>16.4f} {load:>9.2f}  {json.dumps(counts)}"
            )
        finally:
            shutil.rmtree(directory, ignore_errors=True)


PHASES = """
import collections, concurrent.futures, json, os, resource, sys, threading, time
sys.path.insert(0, {root!r})
t0 = time.perf_counter()
from solver import store
from solver.engine import put_or_take, warm_up
from solver.store import checksums
warm_up()
start = time.perf_counter() - t0
acc = collections.defaultdict(float)
main_thread = threading.main_thread()


def thread_cpu():
    r = resource.getrusage(resource.RUSAGE_THREAD)
    return r.ru_utime, r.ru_stime


def timed(owner, name, key, cpu=False):
    real = getattr(owner, name, None)
    if real is None:  # not in this version of the solver
        return

    def wrapper(*args, **kwargs):
        began, used = time.perf_counter(), thread_cpu() if cpu else None
        try:
            return real(*args, **kwargs)
        finally:
            acc[key] += time.perf_counter() - began
            if cpu:
                now = thread_cpu()
                acc[key + "_user"] += now[0] - used[0]
                acc[key + "_sys"] += now[1] - used[1]

    setattr(owner, name, wrapper)


writer = put_or_take._FileWriter
timed(put_or_take, "sweep_block", "sweep")
timed(writer, "_write", "writing", cpu=True)
timed(writer, "read", "reading", cpu=True)
for name in ("write", "wait_written", "drain"):
    timed(writer, name, "waits_for_writes")
timed(checksums, "_crc32", "checksum")
real_result = concurrent.futures.Future.result


def result(self, *args, **kwargs):
    began = time.perf_counter()
    try:
        return real_result(self, *args, **kwargs)
    finally:
        if threading.current_thread() is main_thread:
            acc["waits"] += time.perf_counter() - began


concurrent.futures.Future.result = result
busy = []
stop = threading.Event()


def sample():
    last = (time.perf_counter(), sum(os.times()[:2]))
    while not stop.wait(1.0):
        now = (time.perf_counter(), sum(os.times()[:2]))
        busy.append((now[1] - last[1]) / (now[0] - last[0]))
        last = now


def io():
    lines = open("/proc/self/io").read().split()
    return dict(zip(lines[::2], (int(x) for x in lines[1::2])))


threading.Thread(target=sample, daemon=True).start()
before, io_before, began = resource.getrusage(resource.RUSAGE_SELF), io(), time.perf_counter()
solution, cached = store.solve_cached({bound})
wall = time.perf_counter() - began
after, io_after = resource.getrusage(resource.RUSAGE_SELF), io()
stop.set()
print(json.dumps({{
    "start": start, "wall": wall, "user": after.ru_utime - before.ru_utime, "sys": after.ru_stime - before.ru_stime,
    "read_bytes": io_after["read_bytes:"] - io_before["read_bytes:"],
    "write_bytes": io_after["write_bytes:"] - io_before["write_bytes:"],
    "busy_mean": sum(busy) / max(1, len(busy)), "seconds_under_1.5": sum(b < 1.5 for b in busy),
    **acc,
}}))
"""


def phases(bounds: list[int], parent: Path) -> None:
    """Where the time of a cold solve goes: one block of lines per bound (``--phases``)."""
    for bound in bounds:
        free = shutil.disk_usage(parent).free
        if free < bound + 1 + _DISK_MARGIN:
            print(f"{bound:,} skipped: {free / 1e9:.0f} GB free")
            continue
        directory = Path(tempfile.mkdtemp(prefix="ptsq-phases-", dir=parent))
        try:
            load = os.getloadavg()[0]
            out = subprocess.run(
                [sys.executable, "-c", PHASES.format(root=str(ROOT), bound=bound)],
                env={**os.environ, "PTSQ_CACHE_DIR": str(directory)},
                check=True,
                capture_output=True,
                text=True,
            ).stdout
        finally:
            shutil.rmtree(directory, ignore_errors=True)
        r = json.loads(out.strip().splitlines()[-1])
        waits_for_reads = r["waits"] - r.get("waits_for_writes", 0.0)
        print(f"phases of the cold solve of {bound:,} (load average {load:.2f} at the start)")
        print(f"  start (imports, kernels loaded)   {r['start']:7.2f} s")
        print(
            f"  solve                             {r['wall']:7.2f} s wall, {r['user']:.2f} s user, {r['sys']:.2f} s system"
        )
        print(f"  sweep kernel (main thread)        {r.get('sweep', 0.0):7.2f} s")
        print(f"  main thread waiting for reads     {waits_for_reads:7.2f} s")
        print(f"  main thread waiting for writes    {r.get('waits_for_writes', 0.0):7.2f} s")
        for what in ("writing", "reading"):
            print(
                f"  {what} threads busy               {r.get(what, 0.0):7.2f} s, "
                f"{r.get(what + '_user', 0.0):.2f} s user, {r.get(what + '_sys', 0.0):.2f} s system"
            )
        print(f"  of the writing: the checksum      {r.get('checksum', 0.0):7.2f} s")
        print(
            f"  disk                              {r['read_bytes'] / 1e9:7.2f} GB read, {r['write_bytes'] / 1e9:.2f} GB written"
        )
        print(
            f"  cores busy                        {r['busy_mean']:7.2f} on average, "
            f"{r['seconds_under_1.5']} seconds with less than 1.5"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bounds", nargs="*", type=float, default=None, help="bounds solved in memory")
    parser.add_argument("--cold", nargs="*", type=float, default=[], help="bounds solved cold through the cache")
    parser.add_argument("--cache-dir", type=Path, default=Path(tempfile.gettempdir()), help="where cold caches go")
    parser.add_argument("--phases", action="store_true", help="also time the phases of each cold solve")
    args = parser.parse_args()
    if args.cold and not args.cache_dir.is_dir():
        parser.error(f"--cache-dir {args.cache_dir} is not a directory; make it first, or leave the option out")
    bounds = [1e6, 1e7, 1e8] if args.bounds is None and not args.cold else (args.bounds or [])
    if bounds:
        in_memory([int(b) for b in bounds])
    if args.cold:
        cold([int(b) for b in args.cold], args.cache_dir)
        if args.phases:
            phases([int(b) for b in args.cold], args.cache_dir)


if __name__ == "__main__":
    main()
