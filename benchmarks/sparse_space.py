"""Time the sparse-space method for octal games with splits (solver.impartial.sparse) against its goals.

Usage::

    python benchmarks/sparse_space.py            # 0.6 to 10**5 and 10**6, the codes' sparse space, CAF for a page
    python benchmarks/sparse_space.py --n7       # also 0.6 to 10**7 (minutes)
    python benchmarks/sparse_space.py --save values.npy --n7   # keep the values of 0.6 to 10**7

For each run it prints the wall seconds, the CPU seconds of the process, the
goal and the ratio wall / goal (below 1 meets it), the library's own estimate
(:func:`solver.grundy_cost`, CPU seconds of one core: it should be at or above
the CPU seconds measured), the mask, the rare heaps (their number, the last
one) and the splits visited.  Goals:

* Grundy values of the octal game 0.6 (Couples are Forever one pile down) for
  heaps 0..10**6: <= 20 s;
* the same to 10**7: <= 5 minutes (``--n7``);
* the values of Couples are Forever to 25,000 piles, in a fresh process, as a
  page would ask for them: < 2 s.

Then, without goals: the plain kernel against the sparse-space method for
0.6 at 10**5, and for a list of codes with splits the look at their first
2**16 heaps that decides the method: the mask, the share of rare heaps, and
"no sparse space" when no mask keeps the rare heaps few.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Callable

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import numpy as np

from solver.impartial import grundy_cost, grundy_method, grundy_values, sparse_space
from solver.impartial.octal_codes import parse_octal
from solver.impartial.octal_grundy import SPARSE_PROFILE_TOP, _profile, _sparse_from_start_cost

CODES = ["0.6", "0.06", "0.16", "0.4", "4.4", "0.7", "0.77", "0.137", "0.07", "0.36", "0.56", "0.66", "0.74", "0.76"]


def timed(call: Callable[[], object]) -> tuple[object, float, float]:
    """``(result, wall seconds, CPU seconds of this process)``."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = call()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def report(name: str, wall: float, cpu: float, goal: float | None, estimate: float) -> None:
    target = f"goal {goal:6.1f} s  ratio {wall / goal:6.2f}" if goal else "(no goal)" + " " * 18
    print(f"{name:<44} wall {wall:8.2f} s  cpu {cpu:8.2f} s  {target}  estimate {estimate:8.2f} s")


def sparse_run(code: str, n: int, goal: float | None) -> np.ndarray:
    estimate = _sparse_from_start_cost(parse_octal(code), n).seconds
    (values, stats), wall, cpu = timed(lambda: sparse_space(code, n, max_seconds=3600))
    report(f"sparse_space({code!r}, {n:,})", wall, cpu, goal, estimate)
    print(
        f"    mask {stats.mask} (masks used: {', '.join(f'{m} from heap {h:,}' for h, m in stats.masks)}); "
        f"{stats.rare:,} rare heaps, the last {stats.last_rare:,}; largest value {int(values.max())}"
    )
    print(
        f"    splits visited per heap: {stats.rare_pairs / n:,.0f} with a rare heap, "
        f"{stats.witness_pairs / n:,.0f} by witness scans; {stats.full_scans:,} full scans"
    )
    return values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n7", action="store_true", help="also compute 0.6 to 10**7 (minutes)")
    parser.add_argument("--save", metavar="PATH", help="save the largest run's values (numpy .npy)")
    args = parser.parse_args()

    start = time.perf_counter()
    sparse_space("0.6", 5000)
    grundy_values("0.6", 300, method="plain")
    print(f"warm-up (numba compilation or cache load): {time.perf_counter() - start:.2f} s")
    print(f"load average before: {os.getloadavg()}")

    # Couples are Forever for a page: a fresh process, the first request (the import apart), then a larger one.
    code = (
        "import time; t0 = time.perf_counter(); from solver import couples_values; t1 = time.perf_counter(); "
        "v = couples_values(25_000); t2 = time.perf_counter(); w = couples_values(10**5); t3 = time.perf_counter(); "
        "print(t1 - t0, t2 - t1, t3 - t2, int(v.max()), int(w.max()))"
    )
    root = os.path.join(os.path.dirname(__file__), "..")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root)
    imported, first, larger, top, top5 = done.stdout.split()
    print(f"{'couples_values(25,000), a fresh process':<44} wall {float(first):8.2f} s  goal    2.0 s", end="  ")
    print(f"(after importing solver: {float(imported):.2f} s)")
    print(f"{'couples_values(10**5), the same process':<44} wall {float(larger):8.2f} s")
    print(f"    largest value of the piles 0..25,000: {top}; of 0..10**5: {top5}")

    expected = grundy_values("0.6", 10**5, method="plain", max_seconds=600)
    plain_estimate = grundy_cost("0.6", 10**5, method="plain").seconds
    _, wall, cpu = timed(lambda: grundy_values("0.6", 10**5, method="plain", max_seconds=600))
    report("grundy_values('0.6', 10**5, method='plain')", wall, cpu, None, plain_estimate)
    values = sparse_run("0.6", 10**5, None)
    assert (values == expected).all(), "the sparse-space method differs from the plain kernel"
    print(f"    method chosen by grundy_values: {grundy_method('0.6', 10**5)}")

    largest = sparse_run("0.6", 10**6, 20.0)
    assert (largest[: 10**5 + 1] == expected).all()
    if args.n7:
        largest = sparse_run("0.6", 10**7, 300.0)
    if args.save:
        np.save(args.save, largest)
        print(f"    saved the values of heaps 0..{largest.shape[0] - 1:,} to {args.save}")

    print(f"the sparse space of each code, from its first {1 << SPARSE_PROFILE_TOP:,} heaps:")
    for code in CODES:
        _, wall, _ = timed(lambda code=code: _profile(code, SPARSE_PROFILE_TOP))
        found = _profile(code, SPARSE_PROFILE_TOP)
        share = f"{found.rare_fraction:6.1%} of heaps {found.heaps // 2 + 1:,}..{found.heaps:,} rare"
        if not found.sparse:
            verdict = f"no sparse space: {share} at best (mask {found.mask}); the plain kernel runs"
        else:
            verdict = (
                f"mask {found.mask:>4}: {found.rare:,} rare heaps up to {found.heaps:,}, {share}; "
                f"witness scans {found.witness:,.0f} splits per heap (growth h^{found.growth:.2f})"
            )
        method = grundy_method(code, 10**6)
        estimate = grundy_cost(code, 10**6).seconds
        print(f"  {code:6} {verdict}; 10**6 heaps: {method}, estimate {estimate:,.1f} s (look {wall:.2f} s)")
    print("grundy_values by the method chosen, against its estimate (the first heaps already looked at):")
    for code, n in (("0.16", 10**6), ("0.56", 10**6), ("0.36", 5 * 10**5), ("0.66", 3 * 10**5), ("0.74", 3 * 10**5),
                    ("0.77", 2 * 10**5), ("4.4", 2 * 10**5), ("0.137", 10**5)):  # fmt: skip
        estimate = grundy_cost(code, n).seconds
        method = grundy_method(code, n)
        _, wall, cpu = timed(lambda code=code, n=n: grundy_values(code, n, max_seconds=3600))
        report(f"grundy_values({code!r}, {n:,}) ({method})", wall, cpu, None, estimate)
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
