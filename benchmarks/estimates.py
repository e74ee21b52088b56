"""Each game's commands over growing sizes: the estimate they are checked against, and what they spend.

Usage: ``python benchmarks/estimates.py [--large] [--game NAME ...]``.

Every case runs ``python -m solver ...`` in a fresh child process (stdout to
/dev/null, so the output is written for real) with ``--max-seconds`` raised
out of the way.  The child records the estimate the command checks (the sum
of what it passes to its budget: ``solver.cli.main._check_work`` and
``solver.cli.graph_game._check``), and measures the CPU time of the command
(user + system, after the imports) and its peak memory above the imports
(``ru_maxrss`` at the end less ``ru_maxrss`` before the command).  A first,
unreported run of each command's smallest case compiles its kernels where
numba's cache does not hold them yet.

Each line prints the estimate, the measured CPU seconds and memory, and their
ratios measured / estimate: the goal is every ratio at most 2 (a command
finishes within twice its estimate, and its memory stays within it).  Small
estimates are floored at 0.25 s and 48 MiB before the ratio is taken, so the
start-up of a tiny command (loading its kernels from numba's cache: about
0.15 s and 40 MiB) does not read as a miss.  The last table gives the
worst ratio of each game.  The default sizes take a few minutes on 2 shared
cores; ``--large`` sweeps on to the sizes of the limits (tens of minutes).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

#: Floors of the estimate before a ratio is taken (seconds, bytes).
FLOOR_SECONDS = 0.25
FLOOR_BYTES = 48 << 20

# (game, the command's words with {} for the size, small sizes, the further sizes of --large)
CASES: list[tuple[str, str, list, list]] = [
    ("put-or-take-a-square", "classify --n {} --alpha 10", [1000, 10_000], [100_000, 1_000_000]),
    ("put-or-take-a-square", "tree 4708 --depth 1000 --max-nodes {}", [10_000, 100_000], [300_000, 1_000_000]),
    ("kayles", "nim-values --rule kayles --n {}", [10_000, 100_000], [1_000_000]),
    ("octal-0.6", "classify --rule octal-0.6 --n {}", [10_000, 100_000], [1_000_000, 10_000_000]),
    ("octal-0.137", "nim-values --rule octal-0.137 --n {}", [10_000, 30_000], [100_000]),
    ("couples-are-forever", "nim-values --rule couples-are-forever --n {}", [10_000, 100_000], [1_000_000, 10_000_000]),
    ("wythoff", "plane --rule wythoff --size {}", [200, 1000], [2000, 5000]),
    ("euclid", "plane --rule euclid --size {}", [200, 1000], [2000]),
    ("euclid3", "plane --rule euclid3 --size {}", [40, 100], [200, 400]),
    ("chomp", "chomp --rows {} --cols 6", [3, 4], [5, 6]),
    ("magnetism", "magnetism --position={}", ["." * 200, "+" + "." * 2000], ["." * 20_000]),
    ("magnetism", "magnetism --sequences {}", [1000, 5000], [20_000, 100_000]),
    (
        "spring-cleaning",
        "spring-cleaning --position={}",
        ["####/#..#/####/#..#", "#####/#.#.#/#####/#.#.#/#####"],
        [".....##../...#.#.../#..#.##../#########/...#.##../#####..../.#.#...../######.../.#.#....."],
    ),
    ("spring-cleaning", "spring-cleaning --lshape {}", ["6,6", "16,16"], ["32,32"]),
    ("eraserhead", "eraserhead --graph path-{} --erasers 0,5", [100, 300], [1000]),
    ("eraserhead", "eraserhead --graph cycle-{} --erasers 0,3,7", [30, 100], [200]),
    ("eraserhead", "eraserhead --graph path-{} --lost-triples", [16, 40], [100, 200]),
    ("eraserhead", "eraserhead --graph cycle-{} --lost-triples", [30, 60], [100]),
    ("monochrome", "graph-game --game monochrome --graph path-{}", [200, 1000], [2000, 4000]),
    ("monochrome", "graph-game --game monochrome --graph complete-{} --json", [100, 447], [2000]),
    ("monochrome", "graph-game --game monochrome --graph grid-{}", ["4x6", "5x6"], ["4x10"]),
    ("fair-shares", "graph-game --game fair-shares --n {}", [20, 40], [50, 60]),
    ("snakes-and-adders", "graph-game --game snakes-and-adders --size {} --tokens 1,2,3", [100, 1000], [9999]),
]

_CHILD = r"""
import json, os, resource, sys, time
sys.argv = ["python -m solver"] + json.loads(sys.argv[1])
out_path = sys.argv.pop()
import solver.cli.main as m
import solver.cli.graph_game as gg
import solver.costs as costs
# what a command imports on its first call is start-up, not its work: imported before the baseline
import numba, numpy, pandas, tqdm
import solver.impartial, solver.graphs, solver.values.tree, solver.store, solver.impartial.registry
seen = []
real_work, real_check = m._check_work, gg._check
def check_work(args, *parts):
    total = parts[0][0]
    for cost, _ in parts[1:]:
        total = total + cost
    seen.append((total.seconds, total.bytes))
    return real_work(args, *parts)
def check(args, cost, advice):
    seen.append((cost.seconds, cost.bytes))
    return real_check(args, cost, advice)
m._check_work, gg._check = check_work, check
null = os.open(os.devnull, os.O_WRONLY)
os.dup2(null, 1)
base = resource.getrusage(resource.RUSAGE_SELF)
try:
    status = m.main(sys.argv[1:])
except SystemExit as exc:
    status = exc.code
end = resource.getrusage(resource.RUSAGE_SELF)
with open(out_path, "w") as f:
    json.dump({
        "status": status,
        "estimate_seconds": sum(s for s, _ in seen),
        "estimate_bytes": sum(b for _, b in seen),
        "cpu": (end.ru_utime + end.ru_stime) - (base.ru_utime + base.ru_stime),
        "memory": max(0, end.ru_maxrss - base.ru_maxrss) * 1024,
    }, f)
"""


def run_case(words: list[str]) -> dict:
    """Run one command in a child; return its estimate, CPU seconds, memory above the imports and exit status."""
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        path = f.name
    try:
        env = {**os.environ, "PYTHONPATH": ROOT + os.pathsep + os.environ.get("PYTHONPATH", "")}
        argv = [*words, "--max-seconds", "100000", path]
        proc = subprocess.run(
            [sys.executable, "-c", _CHILD, json.dumps(argv)], cwd=ROOT, env=env, capture_output=True, text=True
        )
        try:
            with open(path) as f:
                found = json.load(f)
        except (OSError, ValueError):
            found = {"status": proc.returncode, "estimate_seconds": 0.0, "estimate_bytes": 0, "cpu": 0.0, "memory": 0}
        errors = [line for line in proc.stderr.splitlines() if "error" in line]
        found["error"] = errors[-1] if errors else ""
        return found
    finally:
        os.unlink(path)


def ratios(found: dict) -> tuple[float, float]:
    """Measured / estimate for CPU time and memory, the estimates floored (module notes)."""
    cpu = found["cpu"] / max(found["estimate_seconds"], FLOOR_SECONDS)
    memory = found["memory"] / max(found["estimate_bytes"], FLOOR_BYTES)
    return cpu, memory


def _mib(size: float) -> str:
    return f"{size / 2**20:,.1f}"


def _label(command: str, size) -> str:
    text = command.format(size)
    return text if len(text) <= 70 else text[:60] + f"… ({len(str(size)):,} chars)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="estimates.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--large", action="store_true", help="sweep on to the sizes of the limits (tens of minutes)")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args(argv)
    cases = [c for c in CASES if not args.game or c[0] in args.game]
    print(f"{'command':72} {'est s':>8} {'cpu s':>8} {'ratio':>6} {'est MiB':>9} {'MiB':>8} {'ratio':>6}")
    worst: dict[str, tuple[float, float]] = {}
    for game, command, small, large in cases:
        run_case(command.format(small[0]).split(" "))  # numba's cache filled
        for size in small + (large if args.large else []):
            found = run_case(command.format(size).split(" "))
            label = _label(command, size)
            if found["status"] != 0:
                print(f"{label:72} refused or failed: {found['error'][:120]}")
                continue
            cpu_ratio, memory_ratio = ratios(found)
            print(
                f"{label:72} {found['estimate_seconds']:8.2f} {found['cpu']:8.2f} {cpu_ratio:6.2f} "
                f"{_mib(found['estimate_bytes']):>9} {_mib(found['memory']):>8} {memory_ratio:6.2f}",
                flush=True,
            )
            old = worst.get(game, (0.0, 0.0))
            worst[game] = (max(old[0], cpu_ratio), max(old[1], memory_ratio))
    print(f"\n{'game':24} {'worst cpu/estimate':>19} {'worst memory/estimate':>22}")
    for game, (cpu_ratio, memory_ratio) in worst.items():
        flag = "  over 2" if max(cpu_ratio, memory_ratio) > 2 else ""
        print(f"{game:24} {cpu_ratio:19.2f} {memory_ratio:22.2f}{flag}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
