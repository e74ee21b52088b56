"""Solve time and peak memory at the thesis's setup and at larger N.

Run on demand (not part of the test suite):

    .venv/bin/python benchmarks/solve_figures.py [--bounds 1e6 1e7 1e8]

Each bound is solved in a fresh process (so peak RSS belongs to that solve),
after a warm-up solve that loads the compiled kernels from numba's cache.
Prints one row per bound: seconds, positions per second, peak RSS and RSS
bytes per position.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import json, resource, sys, time
sys.path.insert(0, {root!r})
t0 = time.perf_counter()
from solver.engine import solve, warm_up
warm_up()
load = time.perf_counter() - t0
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
s = solve({bound})
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({{"seconds": s.seconds, "peak": peak, "base": base, "load": load}}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bounds", nargs="+", type=float, default=[1e6, 1e7, 1e8])
    args = parser.parse_args()
    print(f"{'bound':>14} {'seconds':>9} {'positions/s':>13} {'peak RSS MiB':>13} {'B/position':>11} {'start s':>8}")
    for raw in args.bounds:
        bound = int(raw)
        out = subprocess.run(
            [sys.executable, "-c", CHILD.format(root=str(ROOT), bound=bound)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        r = json.loads(out.strip().splitlines()[-1])
        extra = r["peak"] - r["base"]
        print(
            f"{bound:>14,} {r['seconds']:>9.3f} {bound / r['seconds']:>13,.0f} "
            f"{r['peak'] / 2**20:>13,.0f} {max(extra, 0) / bound:>11.2f} {r['load']:>8.2f}"
        )


if __name__ == "__main__":
    main()
