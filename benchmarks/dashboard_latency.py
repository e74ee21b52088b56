"""Server time of the dashboard's callbacks once a bound is solved.

Run on demand (not part of the test suite):

    .venv/bin/python benchmarks/dashboard_latency.py [--n 1000000] [--alpha 100] [--repeat 20]

Solves B = alpha * N once (or opens it from the cache), then calls each
callback that answers a control change, as the server does, and serialises
its result to JSON the way Dash sends it.  Prints p50 and p95 in
milliseconds per callback, and for a whole control change (all the
callbacks one change of N fires, which share one solve).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import plotly.utils  # noqa: E402

from dashboard import ids, state  # noqa: E402
from dashboard.tabs.explore import callbacks  # noqa: E402
from solver.retrograde import warm_up  # noqa: E402


def _serialise(result) -> int:
    return len(json.dumps(result, cls=plotly.utils.PlotlyJSONEncoder))


def _time(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        _serialise(fn())
        out.append(1000 * (time.perf_counter() - start))
    return out


def _p(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=1_000_000)
    parser.add_argument("--alpha", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    warm_up()
    setup, *_ = callbacks.make_setup(str(args.n), str(args.alpha))
    start = time.perf_counter()
    solution, cached = state.SOLUTIONS.get(setup["bound"])
    print(f"N = {args.n:,}, bound {setup['bound']:,}: {'opened from the cache' if cached else 'solved'} "
          f"in {time.perf_counter() - start:.2f} s")
    cases = {
        "summary": lambda: callbacks.make_summary(setup),
        "densities": lambda: callbacks.make_density(setup, "density"),
        "densities, 1/log": lambda: callbacks.make_density(setup, "inverse_log"),
        "layers (depth 6)": lambda: callbacks.make_layers(setup, 6),
        "layers (depth 20)": lambda: callbacks.make_layers(setup, 20),
        "differences (l3)": lambda: callbacks.make_differences(setup, 3),
        "tree (4708, depth 6)": lambda: callbacks.make_tree(ids.START_INPUT, setup, "4708", 6, None, []),
        "tree (depth 20, capped)": lambda: callbacks.make_tree(ids.START_INPUT, setup, "4708", 20, None, []),
    }
    print(f"{'callback':<26} {'p50 ms':>8} {'p95 ms':>8}")
    for name, fn in cases.items():
        times = _time(fn, args.repeat)
        print(f"{name:<26} {_p(times, 50):>8.1f} {_p(times, 95):>8.1f}")

    def change_of_n():
        return [
            callbacks.make_setup(str(args.n), str(args.alpha)),
            callbacks.resolve_setup(setup),
            callbacks.make_summary(setup),
            callbacks.make_density(setup, "density"),
            callbacks.make_layers(setup, 6),
            callbacks.make_differences(setup, 2),
            callbacks.make_tree(ids.N_INPUT, setup, "4708", 6, None, []),
        ]

    times = _time(change_of_n, args.repeat)
    print(f"{'a change of N (all)':<26} {_p(times, 50):>8.1f} {_p(times, 95):>8.1f}")


if __name__ == "__main__":
    main()
