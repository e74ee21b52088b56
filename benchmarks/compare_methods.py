"""Compare the project's solver with the thesis's layer approach and a plain queue.

Run on demand (not part of the test suite):

    .venv/bin/python benchmarks/compare_methods.py [--quick] [--limit SECONDS]

``--quick`` is a short run (about half a minute on an idle 2-core machine): the
layers port to ``N = 1000``, the naive reference to ``10**5`` and the solver at
``10**6`` and the bounds those are measured at (:data:`QUICK`).

Three methods, measured in one run on the same machine:

* ``solver``  -- :func:`solver.engine.solving.solve` at ``10**6 .. 10**9`` and at
  every bound another method is measured at, so each row's ratio is against a
  solve at exactly that bound.  The child solves bound 1,000 first, so
  compilation (or loading the kernels from numba's cache) is not timed, and
  times ``solve`` alone (the median of 5 solves when one takes under 1 s).
* ``layers``  -- a port of the thesis's section 3.4 "layer approach"
  (:func:`thesis_layers`) at ``bound = alpha * N`` for ``N = 100, 300, 1000,
  3000, 10000`` and ``alpha = 100`` (the thesis ran ``N = 10,000``).  Its layers
  up to ``N`` are checked against the solver's exact remoteness.
* ``naive``   -- the plain-Python queue-based reference
  :func:`tests.naive.naive_queue_solve` at ``10**4 .. 10**7``; its labels and
  remoteness on ``0..B`` are checked against the solver's.

Every measurement runs in a fresh ``sys.executable`` process (cwd = the project
root), so ``peak RSS`` is that child's own ``ru_maxrss`` (interpreter and
imports included, nothing subtracted).  A ``layers`` or ``naive`` run that takes
more than ``--limit`` seconds (default 120) counts as over the limit (the child
is killed at ``limit + 10`` s of wall time, the 10 s being for start-up); that
size and all larger ones are then shown as ``> limit`` and not tried.
``x solver`` is the row's seconds divided by the solver's seconds at the same
bound.

Progress goes to stderr; the table goes to stdout.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SOLVER_BOUNDS = [10**6, 10**7, 10**8, 10**9]
LAYER_NS = [100, 300, 1000, 3000, 10_000]
LAYER_ALPHA = 100
LAYER_MAXMOVES = 6
NAIVE_BOUNDS = [10**4, 10**5, 10**6, 10**7]
#: What ``--quick`` measures: (solver bounds, layers N, naive bounds).
QUICK = ([10**6], [100, 300, 1000], [10**4, 10**5])
#: Solves faster than 1 s are repeated this often and the median is reported.
SOLVER_REPEATS = 5
#: Seconds allowed on top of --limit for interpreter start-up and writing results.
STARTUP_SLACK = 10.0


# --------------------------------------------------------------------------
# The thesis's layer approach, ported
# --------------------------------------------------------------------------


def thesis_layers(N: int, alpha: int = 100, maxmoves: int = 6) -> dict:
    """Port of the thesis's section 3.4 "layer approach" (MATLAB) to Python.

    What was ported, statement by statement:

    * ``startingnumbers = testnumbers = 1..alpha*N`` (the excerpt does not show
      how they are made; the text says all numbers up to ``alpha*N`` are
      checked, and the draw rule tests children against ``startingnumbers``).
    * Layer 1: every square of ``testnumbers`` is appended to ``P1W``.
    * ``while iteration < maxmoves`` (``iteration`` starts at 0 and each pass
      adds 1; the test sits at the top of the loop, so ``maxmoves = 6`` gives
      three L/W pairs, i.e. layers 1..7), with ``turn`` a negative marker
      appended to the list before each pass (``-k`` opens layer ``k``):

      - L-pass: ``A1 = A + s(A)``, ``A2 = A - s(A)``; ``t1 = A1 in P1W``,
        ``t2 = A2 in P1W``; if both, ``A`` goes to ``P2W``; ``elseif
        and(t1, ismember(A2, startingnumbers))`` or ``elseif and(t2,
        ismember(A1, startingnumbers))`` it goes to ``Draw`` (MATLAB's
        function-form ``and`` evaluates both arguments, so the membership test
        runs even when ``t1``/``t2`` is false; the port does the same).
      - W-pass: ``A`` goes to ``P1W`` when ``A1 in P2W`` or ``A2 in P2W`` (both
        tested, as MATLAB's function-form ``or`` does).
      - After each pass the found numbers are deleted from ``testnumbers`` with
        the thesis's loop ``while count < length(testnumbers)``, which
        increments ``count`` after a deletion too.  So the element that slides
        into a deleted slot is skipped, and the last element is never tested;
        such numbers stay in ``testnumbers`` and are appended again, under a
        later marker, in a later pass of the same kind.  Kept as written.

    Every membership test (``ismember``) is Python ``in`` on a list: a linear
    scan, as ``ismember`` of a scalar against an unsorted vector is.

    Differences from the thesis's program:

    * ``s(A)`` is ``math.isqrt(A) ** 2`` rather than ``floor(sqrt(A))^2``
      (identical for ``A < 2**52``, far beyond the sizes run here).
    * Python's ``in`` stops at the first hit; MATLAB's ``a == s`` scan does not.
      A Python list scan is also many times slower per element than MATLAB's
      vectorised comparison, so absolute times say little about MATLAB's; the
      growth with size (quadratic: every test scans lists of size ~ alpha*N)
      is what carries over.
    * Only the layer lists are returned (plus the size of ``Draw`` and the
      number of repeated entries); the thesis's final slicing to ``1..N`` is
      left to the caller.  A number's layer is the marker before its *first*
      appearance, which ignores the repeats caused by the deletion loop.

    Returns
    -------
    dict
        ``"P1W"``, ``"P2W"`` (lists with negative layer markers) and ``"Draw"``.
    """
    bound = alpha * N
    startingnumbers = list(range(1, bound + 1))
    testnumbers = list(startingnumbers)
    P1W: list[int] = [-1]
    P2W: list[int] = []
    Draw: list[int] = []
    for x in testnumbers:
        if math.isqrt(x) ** 2 == x:  # floor(sqrt(x)) == sqrt(x)
            P1W.append(x)
    turn = -2
    iteration = 0
    while iteration < maxmoves:
        # L-pass: both moves land in P1W.
        P2W.append(turn)
        for A in testnumbers:
            squarebelow = math.isqrt(A) ** 2
            A1 = A + squarebelow
            A2 = A - squarebelow
            t1 = A1 in P1W
            t2 = A2 in P1W
            if t1 and t2:
                P2W.append(A)
            else:
                d2 = A2 in startingnumbers
                if t1 and d2:
                    Draw.append(A)
                else:
                    d1 = A1 in startingnumbers
                    if t2 and d1:
                        Draw.append(A)
        iteration += 1
        count = 0
        while count < len(testnumbers) - 1:  # MATLAB: count < length, 1-based
            if testnumbers[count] in P2W:
                del testnumbers[count]
            count += 1
        turn -= 1

        # W-pass: some move lands in P2W.
        P1W.append(turn)
        for A in testnumbers:
            squarebelow = math.isqrt(A) ** 2
            A1 = A + squarebelow
            A2 = A - squarebelow
            w1 = A1 in P2W
            w2 = A2 in P2W
            if w1 or w2:
                P1W.append(A)
        count = 0
        while count < len(testnumbers) - 1:
            if testnumbers[count] in P1W:
                del testnumbers[count]
            count += 1
        turn -= 1
        iteration += 1
    return {"P1W": P1W, "P2W": P2W, "Draw": Draw}


def layers_from_lists(lists: dict, upto: int) -> tuple[dict[int, list[int]], int, int]:
    """Split the marker-separated ``P1W``/``P2W`` into layers of numbers ``<= upto``.

    Returns ``({k: sorted numbers first found in layer k}, repeated entries,
    highest layer marker)``; a layer with no number ``<= upto`` is absent.
    """
    first: dict[int, int] = {}
    repeats = 0
    top = 0
    for name in ("P1W", "P2W"):
        layer = 0
        for v in lists[name]:
            if v < 0:
                layer = -v
                top = max(top, layer)
            elif v <= upto:
                if v in first:
                    repeats += 1
                else:
                    first[v] = layer
    layers: dict[int, list[int]] = {}
    for v, k in first.items():
        layers.setdefault(k, []).append(v)
    return {k: sorted(vs) for k, vs in sorted(layers.items())}, repeats, top


# --------------------------------------------------------------------------
# Children: one measurement each
# --------------------------------------------------------------------------


def _peak_bytes() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # KiB on Linux


def _child(argv: list[str]) -> None:
    # Run as a script, sys.path[0] is benchmarks/; the project root (the cwd)
    # must come first for ``import solver`` and ``import tests.naive``.
    sys.path.insert(0, str(ROOT))
    kind = argv[0]
    if kind == "solver":
        bound, dump = int(argv[1]), argv[2]
        from solver.engine import solve

        solve(1_000)  # the kernels this solve uses, compiled or loaded: not timed
        times = []
        while True:
            t0 = time.perf_counter()
            sol = solve(bound)
            times.append(time.perf_counter() - t0)
            # Solves under a second are noisy (thread start-up, other load):
            # repeat them and take the median of SOLVER_REPEATS.
            if times[0] >= 1.0 or len(times) == SOLVER_REPEATS:
                break
            del sol
        seconds = sorted(times)[len(times) // 2]
        peak = _peak_bytes()
        if dump != "-":
            import numpy as np

            np.save(dump + ".outcome.npy", sol.outcome)
            np.save(dump + ".remoteness.npy", sol.packed_remoteness)
        result = {"seconds": seconds, "peak": peak, "times": times}
    elif kind == "layers":
        n, alpha, maxmoves = int(argv[1]), int(argv[2]), int(argv[3])
        t0 = time.perf_counter()
        lists = thesis_layers(n, alpha, maxmoves)
        seconds = time.perf_counter() - t0
        peak = _peak_bytes()
        layers, repeats, top = layers_from_lists(lists, n)
        result = {
            "seconds": seconds,
            "peak": peak,
            "layers": {str(k): v for k, v in layers.items()},
            "top": top,
            "repeats": repeats,
            "draw_entries": len(lists["Draw"]),
        }
    elif kind == "naive":
        bound, dump = int(argv[1]), argv[2]
        from tests.naive import naive_queue_solve

        t0 = time.perf_counter()
        letters, rem = naive_queue_solve(bound)
        seconds = time.perf_counter() - t0
        peak = _peak_bytes()
        codes = {"U": 0, "W": 1, "L": 2, "D": 3}
        with open(dump + ".outcome.bin", "wb") as f:
            f.write(bytes(codes[c] for c in letters))
        import array

        with open(dump + ".remoteness.bin", "wb") as f:
            array.array("h", (-1 if r is None else r for r in rem)).tofile(f)
        result = {"seconds": seconds, "peak": peak}
    else:
        raise SystemExit(f"unknown child kind {kind!r}")
    print(json.dumps(result))


def _run_child(args: list[str], limit: float | None) -> dict | None:
    """Run one measurement; None if it was killed at the time limit."""
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", *args]
    try:
        proc = subprocess.run(
            cmd,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=None if limit is None else limit + STARTUP_SLACK,
        )
    except subprocess.TimeoutExpired:  # subprocess.run has killed the child
        return None
    if proc.returncode != 0:
        raise RuntimeError(f"child {args} failed:\n{proc.stderr}")
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    if limit is not None and result["seconds"] > limit:
        return None
    return result


# --------------------------------------------------------------------------
# Agreement checks (parent side)
# --------------------------------------------------------------------------


def _load_solver(dump: str):
    import numpy as np

    return np.load(dump + ".outcome.npy"), np.load(dump + ".remoteness.npy")


def _check_layers(found: dict[str, list[int]], top: int, dump: str, n: int) -> bool:
    """Do the port's layers of 1..n equal the solver's exact-remoteness layers?"""
    import numpy as np

    _, rem = _load_solver(dump)
    rem = rem[: n + 1]
    for k in range(1, top + 1):
        want = np.flatnonzero(rem == k).tolist()  # remoteness k >= 1, exact
        if found.get(str(k), []) != want:
            return False
    return True


def _check_naive(naive_dump: str, solver_dump: str) -> bool:
    """Same outcome code and same bounded remoteness at every position 0..B."""
    import numpy as np

    outcome, rem = _load_solver(solver_dump)
    n_out = np.fromfile(naive_dump + ".outcome.bin", dtype=np.int8)
    n_rem = np.fromfile(naive_dump + ".remoteness.bin", dtype=np.int16)
    # Solver: r >= 0 exact, -r <= -2 an upper bound r, -1 none.  The naive
    # reference gives the bounded retrograde value, i.e. r in both cases.
    bounded = np.where(rem < -1, -rem, rem)
    return bool(np.array_equal(n_out, outcome) and np.array_equal(n_rem, bounded))


# --------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------


def _machine_line() -> str:
    mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    cpu = ""
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    date = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
    return (
        f"# {platform.node()}: nproc={os.cpu_count()}, memory {mem / 2**30:.1f} GiB"
        f"{', ' + cpu if cpu else ''}; Python {platform.python_version()}; {date}"
    )


def _log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        _child(sys.argv[2:])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick",
        action="store_true",
        help="a short run (about half a minute): layers to N = 1000, naive to 10**5, the solver at 10**6",
    )
    parser.add_argument("--limit", type=float, default=120.0, help="seconds allowed per layers/naive run (default 120)")
    args = parser.parse_args()
    start = time.perf_counter()
    print(_machine_line(), flush=True)

    solver_bounds, layer_ns, naive_bounds = QUICK if args.quick else (SOLVER_BOUNDS, LAYER_NS, NAIVE_BOUNDS)
    tmp = tempfile.TemporaryDirectory(prefix="compare_methods_")
    solver_runs: dict[int, dict] = {}

    def run_solver(bound: int) -> dict:
        if bound not in solver_runs:
            dump = os.path.join(tmp.name, f"solver_{bound}") if bound <= 10**7 else "-"
            _log(f"solver  B={bound:,} ...")
            r = _run_child(["solver", str(bound), dump], None)
            _log(f"        solve times {', '.join(f'{t:.4f}' for t in r['times'])} s")
            r["dump"] = dump
            solver_runs[bound] = r
        return solver_runs[bound]

    rows: list[tuple[str, int, dict | None, str]] = []

    # (b) the thesis's layer approach.
    over = False
    for n in layer_ns:
        bound = LAYER_ALPHA * n
        sol = run_solver(bound)
        if over:
            rows.append(("layers", bound, None, "not run"))
            continue
        _log(f"layers  N={n:,} alpha={LAYER_ALPHA} B={bound:,} ...")
        r = _run_child(["layers", str(n), str(LAYER_ALPHA), str(LAYER_MAXMOVES)], args.limit)
        if r is None:
            over = True
            rows.append(("layers", bound, None, "killed"))
            continue
        ok = _check_layers(r["layers"], r["top"], sol["dump"], n)
        top = r["top"]
        rows.append(("layers", bound, r, f"{'agrees' if ok else 'DISAGREES'} (l1-l{top}, n<={n:,})"))
        _log(f"        {r['seconds']:.2f} s, {r['repeats']} repeated entries <= N, {r['draw_entries']:,} Draw entries")

    # (c) the plain-Python queue reference.
    over = False
    for bound in naive_bounds:
        sol = run_solver(bound)
        if over:
            rows.append(("naive", bound, None, "not run"))
            continue
        _log(f"naive   B={bound:,} ...")
        dump = os.path.join(tmp.name, f"naive_{bound}")
        r = _run_child(["naive", str(bound), dump], args.limit)
        if r is None:
            over = True
            rows.append(("naive", bound, None, "killed"))
            continue
        ok = _check_naive(dump, sol["dump"])
        rows.append(("naive", bound, r, "agrees" if ok else "DISAGREES"))
        for suffix in (".outcome.bin", ".remoteness.bin"):
            os.remove(dump + suffix)

    # (a) the project's solver at its own bounds.
    for bound in solver_bounds:
        run_solver(bound)
    tmp.cleanup()

    solver_rows = [("solver", b, solver_runs[b], "-") for b in sorted(solver_runs)]
    header = (
        f"{'method':<8} {'bound':>15} {'seconds':>10} {'positions/s':>13} {'peak RSS MiB':>12} {'x solver':>10}  check"
    )
    print(header)
    print("-" * len(header))
    for method, bound, r, check in solver_rows + rows:
        base = solver_runs[bound]["seconds"]
        if r is None:
            secs, rate, rss = f"> {args.limit:g}", "-", "-"
            ratio = f"> {args.limit / base:,.0f}"
            check = "> limit" if check == "killed" else "> limit (not run)"
        else:
            secs = f"{r['seconds']:.4f}" if r["seconds"] < 10 else f"{r['seconds']:.1f}"
            rate = f"{bound / r['seconds']:,.0f}"
            rss = f"{r['peak'] / 2**20:,.0f}"
            ratio = f"{r['seconds'] / base:,.1f}" if method != "solver" else "1.0"
        print(f"{method:<8} {bound:>15,} {secs:>10} {rate:>13} {rss:>12} {ratio:>10}  {check}")
    print(
        f"# layers: thesis section 3.4 port, bound = {LAYER_ALPHA}*N, maxmoves = {LAYER_MAXMOVES}; "
        f"solver: solve(1000) first, solve() timed; limit {args.limit:g} s per layers/naive run"
    )
    print(f"# total wall time {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
