"""A large solve against a smaller one: no label changes, only U resolving; and every fact of the large one checked locally.

Raising the bound never changes a W, L or D label or an exact remoteness; it
can only resolve U positions and lower upper bounds (``docs/mathematics.md``
section 3.4).  This script checks that on every position both solves cover,
and prints the counts, the records (smallest position of each exact
remoteness) and the cache figures of the larger solve.

It also checks every position of the larger solve against its two children
alone, with the moves computed here (exact square roots), not the solver's
kernels: a W has an L child, an L has both children W and inside the bound;
a position said not to be W (L, D, "U, cannot be W") has both children inside
the bound and neither possibly L; a position said not to be L (W, D, "U,
cannot be L") has a child inside the bound that cannot be W; and a W's
remoteness is 1 + the least of its L children's, an L's 1 + the greater of
its children's.  Those are the closure conditions of ``docs/mathematics.md``
sections 3.1 and 3.3: labels that satisfy them at every position are a proof
of themselves.

Usage::

    .venv/bin/python benchmarks/scale_check.py --small 1e9 --large 1e10

Both bounds are taken from the solve cache, or solved into it (10^10 takes
about a minute and 10 GB of memory and disk).  Not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import math
import resource
import sys
import time
from pathlib import Path

import numba
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.analysis import records
from solver.engine import codes as code_tables
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


@numba.njit(cache=True, inline="always")
def _code(y, lo, own, small, put, q0):
    """The code of position ``y``: from the chunk, else the small positions (take children), else the put slice."""
    if lo <= y < lo + own.shape[0]:
        return own[y - lo]
    if y < small.shape[0]:
        return small[y]
    return put[y - q0]


@numba.njit(cache=True)
def _check_chunk(lo, hi, bound, own, small, q0, put, classes, remoteness):
    """``(faults, first fault)`` among positions ``lo..hi``: the closure conditions of the module docstring."""
    faults = 0
    first = -1
    for n in range(max(lo, 1), hi + 1):
        k = np.int64(np.sqrt(np.float64(n)))  # corrected to the exact root
        while k * k > n:
            k -= 1
        while (k + 1) * (k + 1) <= n:
            k += 1
        t = n - k * k
        p = n + k * k
        inside = p <= bound
        c = classes[own[n - lo]]
        r = remoteness[own[n - lo]]
        ct = classes[_code(t, lo, own, small, put, q0)]
        rt = remoteness[_code(t, lo, own, small, put, q0)]
        cp, rp = 0, 0  # above the bound: possibly W and possibly L, known as neither
        if inside:
            cp = classes[_code(p, lo, own, small, put, q0)]
            rp = remoteness[_code(p, lo, own, small, put, q0)]
        ok = True
        if c == 1:  # W: an L child; remoteness 1 + the least of the L children's
            best = 1 << 30
            if ct == 2:
                best = rt
            if inside and cp == 2:
                best = min(best, rp)
            ok = best < (1 << 30) and r == best + 1
        elif c == 2:  # L: both children inside the bound and W; remoteness 1 + the greater
            ok = inside and ct == 1 and cp == 1 and r == max(rt, rp) + 1
        if ok and (c == 2 or c == 3 or c == 5):  # not W: both children inside, neither possibly L
            ok = inside and not (ct == 0 or ct == 2 or ct == 5) and not (cp == 0 or cp == 2 or cp == 5)
        if ok and (c == 1 or c == 3 or c == 4):  # not L: a child inside the bound that cannot be W
            ok = not (ct == 0 or ct == 1 or ct == 4) or (inside and not (cp == 0 or cp == 1 or cp == 4))
        if not ok:
            faults += 1
            if first < 0:
                first = n
    return faults, first


def local_check(solution) -> tuple[int, int]:
    """Check every position of a Put-or-Take-a-Square solve against its two children (module docstring).

    Returns ``(faults, first fault)``: ``(0, -1)`` when every fact holds.  A
    chunk's take children lie below ``2 isqrt(B) + 2`` and its put children
    in ``[lo + isqrt(lo)**2, hi + isqrt(hi)**2]``; both are read beside the
    chunk, so a 10**10 solve is checked a chunk at a time.
    """
    bound = solution.bound
    classes = np.asarray(code_tables.class_table(), np.int64)
    remoteness = np.abs(np.asarray(code_tables.packed_table(), np.int64))
    codes = solution.codes if solution.codes is not None else solution.store_codes
    small = np.asarray(codes[: min(bound, 2 * math.isqrt(bound) + 2) + 1])
    faults, first = 0, -1
    for lo in range(0, bound + 1, _CHUNK):
        hi = min(bound, lo + _CHUNK - 1)
        q0 = min(bound, lo + math.isqrt(lo) ** 2)
        q1 = min(bound, hi + math.isqrt(hi) ** 2)
        found, at = _check_chunk(
            lo,
            hi,
            bound,
            np.asarray(codes[lo : hi + 1]),
            small,
            q0,
            np.asarray(codes[q0 : q1 + 1]),
            classes,
            remoteness,
        )
        faults += int(found)
        if first < 0 <= at:
            first = int(at)
    return faults, first


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
