"""Solve time and peak memory of every put-or-take rule of the family, and subtract-a-square's cold positions.

Run on demand (not part of the test suite):

    .venv/bin/python benchmarks/family_solve.py [BOUND] [--rules NAME ...] [--cold-limit N]

Each solve runs in a fresh process (so the peak RSS belongs to it), after a
warm-up solve at bound 1000 that loads the compiled kernels from numba's
cache.  Memory is the growth of the peak RSS over the call
(``ru_maxrss`` after minus the RSS before), in bytes per position of the
bound (``solver.solve_rule``, the wide layout).  ``solver.solve`` (one-byte codes) runs at the same
bound for Put-or-Take-a-Square, for comparison.  Then ``cold_positions(4 * 10**7)``: its time, the
number of cold positions and those that end in 6 (the subtract-a-square
source reports over 180,000 cold positions below 40 million, of which only
11,356 ends in 6).  Prints the load average first: other work on the machine
slows every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import json, resource, sys, time
sys.path.insert(0, {root!r})
from solver import solve, solve_rule
name, bound = {name!r}, {bound}

def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize()

if name == "solve":
    solve(1000)
    base = rss()
    t = time.perf_counter()
    s = solve(bound)
else:
    solve_rule(name, 1000)
    base = rss()
    t = time.perf_counter()
    s = solve_rule(name, bound)
seconds = time.perf_counter() - t
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
tally = s.tally()
print(json.dumps({{"seconds": seconds, "grew": peak - base, "tally": tally}}))
"""

COLD = """
import json, sys, time
sys.path.insert(0, {root!r})
from solver.engine import cold_positions
cold_positions(1000)
t = time.perf_counter()
cold = cold_positions({limit})
seconds = time.perf_counter() - t
print(json.dumps({{"seconds": seconds, "count": int(len(cold)), "six": [int(c) for c in cold[cold % 10 == 6]]}}))
"""


def _run(code: str) -> dict:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    from solver.games import KIND_PUT_OR_TAKE, RULES

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bound", nargs="?", type=float, default=1e8)
    parser.add_argument("--rules", nargs="+", default=[n for n, r in RULES.items() if r.kind == KIND_PUT_OR_TAKE])
    parser.add_argument("--cold-limit", type=float, default=4e7)
    args = parser.parse_args()
    bound = int(args.bound)
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}; bound {bound:,}")
    print(f"{'rule':34s} {'seconds':>8s} {'B/pos':>6s} {'W':>11s} {'L':>11s} {'D':>9s} {'U':>11s} {'bounded':>9s}")
    for name in [*args.rules, "solve"]:
        row = _run(CHILD.format(root=str(ROOT), name=name, bound=bound))
        t = row["tally"]
        label = "solve() (squares, one-byte codes)" if name == "solve" else name
        print(
            f"{label:34s} {row['seconds']:8.2f} {row['grew'] / (bound + 1):6.2f} {t['W']:11,} {t['L']:11,} "
            f"{t['D']:9,} {t['U']:11,} {t['bounded']:9,}",
            flush=True,
        )
    limit = int(args.cold_limit)
    cold = _run(COLD.format(root=str(ROOT), limit=limit))
    print(
        f"cold_positions({limit:,}): {cold['seconds']:.2f} s, {cold['count']:,} cold positions, "
        f"ending in 6: {cold['six']}"
    )
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
