"""A large solve against a smaller one: no label changes, only U resolving; and every fact of the large one checked locally.

Raising the bound never changes a W, L or D label or an exact remoteness; it
can only resolve U positions and lower upper bounds (``docs/mathematics.md``
section 3.4).  This script checks that on every position both solves cover,
and prints the counts, the records (smallest position of each exact
remoteness) and the cache figures of the larger solve.

It also checks every position of the larger solve against its two children
alone, with the moves computed by exact square roots, not the solver's
kernels (:func:`solver.engine.closure.local_check`, whose module docstring
lists the closure conditions of ``docs/mathematics.md`` sections 3.1 and 3.3:
labels that satisfy them at every position are a proof of themselves).

Usage::

    .venv/bin/python benchmarks/scale_check.py --small 1e9 --large 1e10

Both bounds are taken from the solve cache, or solved into it (10^10 takes
about a minute and 10 GB of memory and disk).  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.analysis import records
from solver.engine.closure import local_check
from solver.parsing import argparse_int
from solver.store import disk as store

_CHUNK = 1 << 24


def compare(small, large) -> dict[str, int]:
    """Compare two solves on ``0..small.bound``, chunk by chunk.

    Returns counts; ``changed`` (a W/L/D label of the small solve that the
    large one does not keep), ``exact_changed`` (an exact remoteness that
    differs) and ``bound_raised`` (an upper bound that went up) must be 0.
    """
    found = dict.fromkeys(
        ("positions", "changed", "exact_changed", "bound_raised", "resolved", "bound_lowered", "made_exact"), 0
    )
    for lo in range(0, small.bound + 1, _CHUNK):
        hi = min(small.bound + 1, lo + _CHUNK)
        o1 = np.asarray(small.outcome[lo:hi])
        o2 = np.asarray(large.outcome[lo:hi])
        r1 = np.asarray(small.packed_remoteness[lo:hi]).astype(np.int32)
        r2 = np.asarray(large.packed_remoteness[lo:hi]).astype(np.int32)
        labelled = o1 != 0
        found["positions"] += hi - lo
        found["changed"] += int(np.count_nonzero(labelled & (o1 != o2)))
        exact = r1 >= 0
        found["exact_changed"] += int(np.count_nonzero(exact & (r2 != r1)))
        bounded = r1 < -1
        found["bound_raised"] += int(np.count_nonzero(bounded & (np.abs(r2) > np.abs(r1))))
        found["bound_lowered"] += int(np.count_nonzero(bounded & (np.abs(r2) < np.abs(r1))))
        found["made_exact"] += int(np.count_nonzero(bounded & (r2 >= 0)))
        found["resolved"] += int(np.count_nonzero(~labelled & (o2 != 0)))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", type=argparse_int("--small"), default=10**9)
    parser.add_argument("--large", type=argparse_int("--large"), default=10**10)
    args = parser.parse_args(argv)
    if not 1 <= args.small <= args.large:
        parser.error("need 1 <= --small <= --large")

    start = time.perf_counter()
    large, cached = store.solve_cached(args.large)
    print(
        f"bound {args.large:,}: {'opened from the cache' if cached else 'solved'} in "
        f"{time.perf_counter() - start:.1f} s (solve {large.seconds:.1f} s); "
        f"{large.nbytes / (args.large + 1):.3f} bytes per position held"
    )
    start = time.perf_counter()
    small, _ = store.solve_cached(args.small)
    print(f"bound {args.small:,}: ready in {time.perf_counter() - start:.1f} s")

    start = time.perf_counter()
    found = compare(small, large)
    print(f"compared {found['positions']:,} positions in {time.perf_counter() - start:.1f} s")
    for key in ("changed", "exact_changed", "bound_raised"):
        print(f"  {key:15} {found[key]:>14,}   (must be 0)")
    for key in ("resolved", "bound_lowered", "made_exact"):
        print(f"  {key:15} {found[key]:>14,}")

    for solution in (small, large):
        tally = solution.tally()
        print(
            f"bound {solution.bound:,}: W {tally['W']:,}  L {tally['L']:,}  D {tally['D']:,}  U {tally['U']:,}  "
            f"highest exact remoteness {tally['max_remoteness']}  bounded {tally['bounded']:,}"
        )
    start = time.perf_counter()
    table = records.records(large)
    print(f"records at {args.large:,} ({time.perf_counter() - start:.1f} s):")
    for row in table["records"]:
        if row["remoteness"] >= 15:
            print(f"  {row['outcome']}{row['remoteness']:<3} first at {row['position']:>16,}")
    start = time.perf_counter()
    faults, first = local_check(large)
    print(
        f"local check of every position of {args.large:,} against its two children "
        f"({time.perf_counter() - start:.1f} s): {faults:,} faults" + (f", the first at {first:,}" if faults else "")
    )
    print(f"peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6:.2f} GB")
    ok = found["changed"] == found["exact_changed"] == found["bound_raised"] == faults == 0
    print("consistent: no label changes, only U resolving; every fact holds locally" if ok else "INCONSISTENT")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
