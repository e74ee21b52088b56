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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bounds", nargs="*", type=float, default=None, help="bounds solved in memory")
    parser.add_argument("--cold", nargs="*", type=float, default=[], help="bounds solved cold through the cache")
    parser.add_argument("--cache-dir", type=Path, default=Path(tempfile.gettempdir()), help="where cold caches go")
    args = parser.parse_args()
    bounds = [1e6, 1e7, 1e8] if args.bounds is None and not args.cold else (args.bounds or [])
    if bounds:
        in_memory([int(b) for b in bounds])
    if args.cold:
        cold([int(b) for b in args.cold], args.cache_dir)


if __name__ == "__main__":
    main()
