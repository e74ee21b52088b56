"""Time the games on graphs (Eraserhead, Monochrome) against their speed goals, and check their estimates.

Usage: ``python benchmarks/graph_games_finite.py [--quick]``.  Every figure is a cold
request: the values the games keep between calls are dropped first, so each
line is what a first request for that position costs (after a warm-up that
compiles the numba kernels or loads them from numba's cache).  Each line
prints the seconds measured, the goal where there is one, the ratio measured
/ goal (below 1 meets it), and the library's own estimate (the ``*_cost``
functions), which should be at or above the time measured; a position the
estimate puts beyond 2 s is shown as refused at that limit.

Goals:

* Eraserhead: a position of a path or cycle of up to 16 vertices, its value
  and the values of all its moves, <= 2 s (the worst of several eraser
  patterns per size); then the largest path and cycle answered within 2 s
  for each pattern;
* Monochrome: graphs of about 40 vertices of low degree within a request
  (<= 2 s), or refused up front by the estimate.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import solver.impartial.eraserhead as eh
import solver.impartial.eraserhead_components as ehc
import solver.impartial.eraserhead_search as ehs
import solver.impartial.monochrome as mono
import solver.impartial.monochrome_search as msearch
from solver import WorkTooLargeError
from solver.graphs import Graph, parse_graph

LIMIT = 2.0


def cold_eraserhead() -> None:
    eh._SEARCH = ehs._Search()


def cold_monochrome() -> None:
    msearch._FRAMES.clear()


def timed(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def patterns(n: int) -> dict[str, list[int]]:
    rng = random.Random(n)
    return {
        "one end": [0],
        "both ends": [0, n - 1],
        "ends and middle": [0, n // 2, n - 1],
        "every 2nd": list(range(0, n, 2)),
        "every 3rd": list(range(0, n, 3)),
        "pairs": [v for v in range(n) if v % 4 in (0, 1)],
        "all but one": list(range(n - 1)),
        "random half": sorted(rng.sample(range(n), n // 2)),
    }


def eraserhead_request(kind: str, n: int, erasers: list[int]) -> tuple[float, float]:
    """Seconds of a cold request (value and every move's value) and the estimate (inf: refused at 600 s).

    The estimate is the plan's, before any search: the cost function itself
    first tries a small search (:data:`~solver.impartial.eraserhead.PROBE_KEYS`)
    and reports nothing left to do when it finishes.
    """
    cold_eraserhead()
    position = eh.eraserhead_position(parse_graph(f"{kind}-{n}"), erasers)
    estimate = ehs._plan(position, 0, 600).cost(0, "").seconds
    cold_eraserhead()
    try:
        seconds = timed(lambda: eh.eraserhead_move_values(position, max_seconds=600))
    except WorkTooLargeError:
        return float("inf"), estimate
    return seconds, estimate


def eraserhead_goal(quick: bool) -> None:
    print("Eraserhead: value and every move's value, cold, worst pattern per size (goal 2 s up to 16 vertices)")
    for kind in ("path", "cycle"):
        for n in range(4, 17, 2 if quick else 1):
            worst = max((eraserhead_request(kind, n, e) + (name,) for name, e in patterns(n).items()))
            seconds, estimate, name = worst
            print(
                f"  {kind}-{n:<3} worst {seconds:7.3f} s ({name:<15}) goal {LIMIT:.0f} s  ratio {seconds / LIMIT:6.3f}  "
                f"estimate {estimate:7.3f} s"
            )
    print("Eraserhead: the largest path and cycle answered within 2 s, cold, per pattern")
    sizes = [16, 24, 32, 48, 64, 100, 150, 200, 300, 500, 1000]
    for kind in ("path", "cycle"):
        for name in patterns(8):
            largest = None
            for n in sizes:
                erasers = patterns(n)[name]
                seconds, estimate = eraserhead_request(kind, n, erasers)
                if seconds > LIMIT or estimate > LIMIT:
                    print(
                        f"  {kind:<5} {name:<15} {n:>5} vertices: {seconds:7.3f} s, estimate {estimate:9.3f} s: "
                        "beyond 2 s"
                    )
                    break
                largest = (n, seconds, estimate)
                if quick and n >= 100:
                    break
            if largest is not None:
                n, seconds, estimate = largest
                print(
                    f"  {kind:<5} {name:<15} largest tried within 2 s: {n:>5} vertices, {seconds:7.3f} s, "
                    f"estimate {estimate:7.3f} s"
                )
    print("Eraserhead: the table of every occupancy of paths up to n vertices (numba), cold")
    for n in (16, 18, 20, 22) if not quick else (16, 18):
        seconds = timed(lambda n=n: ehc._path_table_kernel(n))
        print(f"  table to {n:<3}  {seconds:7.3f} s  estimate {ehc._table_cost(n).seconds:7.3f} s")
    print("Eraserhead: lost triples, cold")
    for kind, n in [("path", 12), ("path", 13), ("cycle", 12), ("cycle", 13), ("path", 24), ("path", 40)]:
        cold_eraserhead()
        estimate = eh.lost_triples_cost(kind, n).seconds
        seconds = timed(lambda kind=kind, n=n: eh.lost_triples(kind, n, max_seconds=600))
        print(f"  {kind}-{n:<3} {seconds:7.3f} s  estimate {estimate:7.3f} s")
    print("Eraserhead: graphs of other shapes, cold (the estimate is a model: module notes)")
    for text in [
        "petersen:0,5",
        "petersen:0,1,2",
        "grid-3x3:0,4,8",
        "grid-3x4:0,11",
        "complete-5:0,1",
        "complete-6:0,1,2",
    ]:
        cold_eraserhead()
        position = eh.parse_eraserhead(text)
        plan = ehs._plan(position, 0, 600)
        estimate = plan.cost(0, text).seconds
        cold_eraserhead()
        seconds = timed(lambda position=position: eh.eraserhead_move_values(position, max_seconds=600))
        print(f"  {text:<18} {seconds:7.3f} s  estimate {estimate:8.3f} s  ratio {estimate / max(seconds, 1e-9):8.1f}")


def tree(n: int, seed: int) -> Graph:
    rng = random.Random(seed)
    return Graph(n, tuple(sorted((rng.randrange(v), v) for v in range(1, n))))


def sparse(n: int, m: int, seed: int) -> Graph:
    rng = random.Random(seed)
    edges: set[tuple[int, int]] = set()
    while len(edges) < m:
        u, v = rng.sample(range(n), 2)
        edges.add((min(u, v), max(u, v)))
    return Graph(n, tuple(sorted(edges)))


def cubic(n: int, seed: int) -> Graph:
    rng = random.Random(seed)
    while True:
        stubs = [v for v in range(n) for _ in range(3)]
        rng.shuffle(stubs)
        edges = {(min(a, b), max(a, b)) for a, b in zip(stubs[::2], stubs[1::2], strict=True)}
        if len(edges) == 3 * n // 2 and all(a != b for a, b in edges):
            return Graph(n, tuple(sorted(edges)))


def monochrome_goal(quick: bool) -> None:
    print("Monochrome: value and every move's value, cold; refused means the estimate is beyond 2 s")
    graphs: list[tuple[str, Graph]] = [
        ("petersen", parse_graph("petersen")),
        ("path-400", parse_graph("path-400")),
        ("cycle-400", parse_graph("cycle-400")),
        ("grid-2x20", parse_graph("grid-2x20")),
        ("grid-4x10", parse_graph("grid-4x10")),
        ("grid-5x8", parse_graph("grid-5x8")),
    ]
    graphs += [(f"tree-40 #{s}", tree(40, s)) for s in range(3)]
    graphs += [(f"random 40/{m} #{s}", sparse(40, m, s)) for m in (45, 50, 60) for s in range(2)]
    graphs += [(f"cubic-{n} #{s}", cubic(n, s)) for n in (24, 28, 32, 36, 40) for s in range(2)]
    if quick:
        graphs = graphs[:9]
    for name, graph in graphs:
        position = mono.monochrome_position(graph)
        cold_monochrome()
        parts, _ = mono._position_parts(position)
        estimate = mono._estimate(parts, name, moves=True).seconds
        finished = mono._search_all(mono._asks(parts), mono.PROBE_MOVES) is not None
        if finished:
            verdict = "answered: the probe finished"
        else:
            verdict = "answered" if estimate <= LIMIT else "refused at 2 s by the estimate"
        cold_monochrome()
        seconds = timed(lambda position=position: mono.monochrome_move_values(position, max_seconds=600))
        states = sum(frame.count for frame in mono._FRAMES.values())
        print(
            f"  {name:<18} n={graph.n:<3} m={len(graph.edges):<3} {seconds:8.3f} s  components {states:>9,}  "
            f"estimate {estimate:8.2f} s  {verdict}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions of each kind (a short run)")
    quick = parser.parse_args().quick
    ehc._path_table_kernel(4)  # compile or load the kernels
    mono.monochrome_value(mono.parse_monochrome("grid-3x3"))
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    eraserhead_goal(quick)
    monochrome_goal(quick)


if __name__ == "__main__":
    main()
