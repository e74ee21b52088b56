"""Time solver.values.nimvalues.nim_values: Put-or-Take-a-Square values for n <= N at bound B.

Usage: ``python benchmarks/nim_values.py [N] [B]`` (default N = 10**6, B = 10**8,
the speed goal: at most 60 s).  Prints the time of a small warm-up (numba
compilation or cache load), the time of the run, and the counts of the values.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import numpy as np

from solver.parsing import parse_int
from solver.values.nimvalues import INF, UNKNOWN, nim_values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", nargs="?", default="1e6", help="values of 0..N (default 10**6)")
    parser.add_argument("bound", nargs="?", default="1e8", help="at bound B (default 10**8)")
    args = parser.parse_args()
    try:
        n, bound = parse_int(args.n, "N"), parse_int(args.bound, "B")
    except ValueError as exc:
        parser.error(str(exc))
    t = time.perf_counter()
    nim_values("put-or-take-a-square", 100, 1000)
    print(f"warm-up: {time.perf_counter() - t:.2f} s")
    t = time.perf_counter()
    values = nim_values("put-or-take-a-square", n, bound)
    seconds = time.perf_counter() - t
    v = values.value
    print(f"n <= {n:,} at bound {bound:,}: {seconds:.2f} s (goal: <= 60 s at 10**6 / 10**8)")
    print(f"peak RSS: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20:.2f} GiB")
    print(f"finite: {int((v >= 0).sum()):,} (value 0: {int((v == 0).sum()):,}), infinite: {int((v == INF).sum()):,}")
    print(f"unknown (?): {int((v == UNKNOWN).sum()):,}")
    masks, counts = np.unique(values.k_mask[v == INF], return_counts=True)
    print("K masks of the infinite values:", dict(zip(masks.tolist(), counts.tolist(), strict=True)))
    print(f"load average: {os.getloadavg()}")


if __name__ == "__main__":
    main()
