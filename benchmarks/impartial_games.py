"""Time the finite impartial games (solver.impartial) against their speed goals.

Usage: ``python benchmarks/impartial_games.py``.  For each goal, prints the
measured seconds (best of ``REPEATS`` runs, after a small warm-up that compiles
the numba kernels or loads them from numba's cache), the goal, the ratio
measured / goal (below 1 meets the goal) and the library's own estimate
(:func:`grundy_cost` and friends, the games' ``*_cost`` methods), so the cost
model can be checked too: an estimate should be at or above the time measured.

Goals:

* Grundy values of the octal games 0.137 and 0.77 for heaps 0..10**5: <= 10 s each;
* Wythoff's game, a 2000 x 2000 table of outcomes: <= 5 s;
* Chomp, every bar of a box of 2**20 positions (4 x 5 and 2 x 10): <= 30 s;
* Spring Cleaning, a group of 30 dirt pieces (the costliest shapes found, tree-shaped): <= 2 s each;
* Euclid's game on triples, the octant 0 <= a, b, c < 60 (216,000 triples): <= 10 s.

The estimates are CPU seconds of one core; under other work on the machine the
wall time measured here can be 2.5 to 5 times larger.  The sparse-space
method of octal games with splits (0.6 to 10**6 and 10**7) has its own script,
``benchmarks/sparse_space.py``.

Then, without goals, the games' own methods (:func:`solver.impartial_game`):
Wythoff values and remoteness, Chomp values, octal remoteness, a heap of
10**400 through its proved period, Magnetism's sequences and remoteness,
Spring Cleaning's L-shapes and zigzags, values of triples.

Times are wall-clock seconds; on a shared machine they include waiting for a
core, so the load average before and after is printed too, and the CPU
seconds of the process are printed beside the goals of Spring Cleaning.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from solver import impartial_game
from solver.impartial import (
    SpringCleaningGame,
    chomp_cost,
    chomp_counts,
    chomp_outcomes,
    euclid3_outcomes,
    euclid3_outcomes_cost,
    euclid_outcomes,
    grundy_cost,
    grundy_values,
    l_shape_table,
    magnetism_sequences,
    magnetism_sequences_cost,
    outcomes_cost,
    periodicity,
    wythoff_outcomes,
    zigzag_values,
)

REPEATS = 2

#: The costliest groups of 30 dirt pieces found (random tree-shaped groups, benchmarks/spring_cleaning_reach.py):
#: 95,132, 65,357 and 61,546 groups reached.
SPRING_CLEANING_WORST = (
    ".........#../...#.#.#.#../.#.#.#.#####/########.#../..#.#.#...../.....###..../.....#.#....",
    "..###.../....###./..###.../.#..#.../#######./....#.../..######/.....#../....##../.....#../.....#..",
    "..#...../###..#../..#.##../.####.#./.#..####/.#.##.#./.#..##../.#.##.../....#.../....#...",
)


def best_of(call: Callable[[], object], repeats: int = REPEATS) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return min(times)


def report(name: str, seconds: float, goal: float | None, estimate: float) -> None:
    if goal is None:
        print(f"{name:<46} {seconds:8.3f} s  (no goal)          estimate {estimate:7.2f} s")
    else:
        print(
            f"{name:<46} {seconds:8.3f} s  goal {goal:5.1f} s  ratio {seconds / goal:8.2g}  estimate {estimate:7.2f} s"
        )


def main() -> None:
    # No options; --help says what the script does instead of running it.
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    start = time.perf_counter()
    grundy_values("0.77", 100)
    grundy_values("0." + "7" * 40, 200)  # both paths of the kernel
    periodicity("0.77", 300)
    wythoff_outcomes(10)
    euclid_outcomes(10)
    chomp_outcomes(2, 2)
    euclid3_outcomes(5)
    magnetism_sequences(5)
    SpringCleaningGame.make().value(("##.", ".##"))
    impartial_game("euclid3").value((2, 3, 4))
    print(f"warm-up (numba compilation or cache load): {time.perf_counter() - start:.2f} s")
    print(f"load average before: {os.getloadavg()}")

    for code in ("0.137", "0.77"):
        n = 10**5
        seconds = best_of(lambda code=code, n=n: grundy_values(code, n))
        report(f"grundy_values({code!r}, 10**5)", seconds, 10.0, grundy_cost(code, n).seconds)
    code, n = "0." + "7" * 64, 20_000
    seconds = best_of(lambda: grundy_values(code, n), 1)
    report("grundy_values('0.77...7' (64 digits), 20,000)", seconds, None, grundy_cost(code, n).seconds)
    for code in ("0.77", "0.07", "0.137"):
        seconds = best_of(lambda code=code: periodicity(code))
        result = periodicity(code)
        print(
            f"periodicity({code!r}): period {result.period}, preperiod {result.preperiod}, "
            f"proved {result.proved}, checked to {result.checked_to}: {seconds:.4f} s"
        )

    seconds = best_of(lambda: wythoff_outcomes(2000))
    report("wythoff_outcomes(2000)", seconds, 5.0, outcomes_cost(2000).seconds)
    seconds = best_of(lambda: euclid_outcomes(2000))
    report("euclid_outcomes(2000)", seconds, None, outcomes_cost(2000).seconds)

    for rows, cols in ((4, 5), (2, 10)):
        seconds = best_of(lambda rows=rows, cols=cols: chomp_outcomes(rows, cols))
        report(f"chomp_outcomes({rows}, {cols}) (2**20 positions)", seconds, 30.0, chomp_cost(rows, cols).seconds)
    seconds = best_of(lambda: chomp_outcomes(4, 6), 1)
    report("chomp_outcomes(4, 6) (2**24 positions, the cap)", seconds, None, chomp_cost(4, 6).seconds)
    counts = chomp_counts(4, 6)
    print(f"  4 x 6 box: {counts['losing']:,} losing bars of {counts['positions']:,}")

    for text in SPRING_CLEANING_WORST:
        game = SpringCleaningGame.make()  # nothing kept: the whole work each time
        position = game.parse(text)
        estimate = game.value_cost(position).seconds
        cpu = time.process_time()
        seconds = best_of(lambda game=game, position=position: game.value(position), 1)
        cpu = time.process_time() - cpu
        groups = int(game.memo.get("table").count[0])
        report(f"spring-cleaning, 30 pieces ({groups:,} groups)", seconds, 2.0, estimate)
        print(f"  CPU seconds {cpu:.3f}")
    seconds = best_of(lambda: euclid3_outcomes(60))
    report("euclid3_outcomes(60) (216,000 triples)", seconds, 10.0, euclid3_outcomes_cost(60).seconds)
    seconds = best_of(lambda: euclid3_outcomes(150), 1)
    report("euclid3_outcomes(150) (3.4 million triples)", seconds, None, euclid3_outcomes_cost(150).seconds)

    print("the games' methods (no goals):")
    wythoff = impartial_game("wythoff")
    wythoff.value((3, 3))
    wythoff.remoteness((3, 5))
    seconds = best_of(lambda: wythoff.grundy_table(2000), 1)
    report("wythoff.grundy_table(2000)", seconds, None, wythoff._table_cost(2000, 2000).seconds)
    for p in ((10_000, 16_180), (20_000, 30_000)):
        seconds = best_of(lambda p=p: wythoff.remoteness(p, max_seconds=600), 1)
        report(f"wythoff.remoteness({p[0]},{p[1]})", seconds, None, wythoff.remoteness_cost(p).seconds)
    chomp = impartial_game("chomp-4x6")
    estimate = chomp.value_cost(chomp.start()).seconds  # before the call: the game keeps the table it solves
    seconds = best_of(lambda: chomp.value(chomp.start()), 1)
    report("chomp-4x6 value of the full box (2**24 positions)", seconds, None, estimate)
    for name, position in (("kayles", (5, 7, 9)), ("kayles", (30,)), ("robs-dots", (40,)), ("octal-4.7", (30,))):
        game = impartial_game(name)
        seconds = best_of(lambda game=game, position=position: game.remoteness(position, max_seconds=600), 1)
        report(f"{name} remoteness of {game.format(position)}", seconds, None, game.remoteness_cost(position).seconds)
    kayles = impartial_game("kayles")
    seconds = best_of(lambda: kayles.value((10**400,)), 1)
    report("kayles value of a heap of 10**400 (period)", seconds, None, kayles.value_cost((10**400,)).seconds)
    euclid = impartial_game("euclid")
    big = (3**2000, 2**3000)
    seconds = best_of(lambda: euclid.remoteness(big), 1)
    report("euclid remoteness of (3**2000, 2**3000)", seconds, None, euclid.remoteness_cost(big).seconds)
    seconds = best_of(lambda: magnetism_sequences(10_000), 1)
    report("magnetism_sequences(10,000)", seconds, None, magnetism_sequences_cost(10_000).seconds)
    magnetism = impartial_game("magnetism")
    for strip in ("+" + "." * 19_998 + "-", "." * 14, "+" + "." * 16):
        seconds = best_of(lambda strip=strip: magnetism.value(strip), 1)
        report(f"magnetism value, {len(strip):,} squares", seconds, None, magnetism.value_cost(strip).seconds)
    for strip in ("." * 12, "+" + "." * 14, ".." + "+" + "." * 13):
        seconds = best_of(lambda strip=strip: magnetism.remoteness(strip, max_seconds=600), 1)
        report(f"magnetism remoteness of {strip}", seconds, None, magnetism.remoteness_cost(strip).seconds)
    spring = SpringCleaningGame.make()
    rectangle = spring.parse("/".join(["######"] * 5))
    estimate = spring.value_cost(rectangle).seconds
    seconds = best_of(lambda: spring.value(rectangle), 1)
    report("spring-cleaning, the 5 x 6 rectangle (30 pieces)", seconds, None, estimate)
    seconds = best_of(lambda: l_shape_table(6), 1)
    report("spring-cleaning, the L-shapes 2..6", seconds, None, 0.0)
    seconds = best_of(lambda: zigzag_values(63), 1)
    report("spring-cleaning, the zigzags Z(1..63)", seconds, None, 0.0)
    grid = spring.parse("###./#.##/####/.#.#")
    seconds = best_of(lambda: spring.remoteness(grid, max_seconds=600), 1)
    report("spring-cleaning remoteness, 12 pieces", seconds, None, spring.remoteness_cost(grid).seconds)
    euclid3 = impartial_game("euclid3")
    for triple in ((40, 50, 60), (100, 120, 150)):
        estimate = euclid3.value_cost(triple).seconds
        seconds = best_of(lambda triple=triple: euclid3.value(triple), 1)
        report(f"euclid3 value of {triple}", seconds, None, estimate)
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
