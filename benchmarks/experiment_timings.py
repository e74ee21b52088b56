"""Wall-clock times of the experiments and of parsing huge numbers.

Run on demand (not part of the test suite; the tests check results only):

    .venv/bin/python benchmarks/experiment_timings.py

Prints one row per case with its seconds.  The figures the unit tests once
asserted as limits are shown beside them for comparison:

=========================================  ======  ==========================
case                                       limit   was in
=========================================  ======  ==========================
parse_int refusing a 5,000-digit number    1 s     tests/test_parsing.py
random_play, 10**6 games of 25 moves       10 s    tests/test_strategies.py
strategy_matrix, N = 10,000, bound 10**5   10 s    tests/test_strategies.py
=========================================  ======  ==========================
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.analysis.experiments import random_play, strategy_matrix
from solver.engine import solve, warm_up
from solver.parsing import parse_int


def _time(label: str, limit: float, run) -> None:
    start = time.perf_counter()
    run()
    seconds = time.perf_counter() - start
    flag = "" if seconds < limit else "   (over the old limit)"
    print(f"{label:<58} {seconds:8.3f} s   limit {limit:g} s{flag}")


def _refused(text: str) -> None:
    try:
        parse_int(text, "N")
    except ValueError:
        return
    raise AssertionError(f"{text[:20]!r}... was accepted")


def main() -> None:
    # No options; --help says what the script does instead of running it.
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    for text in ["9" * 5000, "1" + "0" * 4999, "1e5000", "10**5000", "10^9999999"]:
        _time(f"parse_int refuses {text[:12]!r}... ({len(text)} characters)", 1.0, lambda t=text: _refused(t))
    _time("random_play(10_000, 100, 25): 10**6 random games", 10.0, lambda: random_play(10_000, 100, 25, seed=0))
    warm_up()
    solution = solve(100_000)
    _time("strategy_matrix(10_000) at bound 100,000", 10.0, lambda: strategy_matrix(10_000, solution, seed=1))


if __name__ == "__main__":
    main()
