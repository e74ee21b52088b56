"""The disk cache of solves: round trip, corruption, kills and races."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import numpy as np
import pytest
from naive import naive_queue_solve

from solver.engine import solve
from solver.store import disk as store
from solver.store.memory import SolutionCache

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PTSQ_CACHE_DIR", str(tmp_path))
    return tmp_path


def _files(directory: Path, bound: int) -> dict[str, Path]:
    stem = f"{store.KEY}-B{bound}"
    return {
        "json": directory / f"{stem}.json",
        "codes": directory / f"{stem}.codes.npy",
    }


def test_round_trip_matches_the_reference(cache):
    bound = 4000
    solution, cached = store.solve_cached(bound)
    assert not cached
    assert solution.mapped and isinstance(solution.codes, np.memmap)
    assert _files(cache, bound)["codes"].stat().st_size < 1.1 * (bound + 1) + 200  # one byte a position
    letters, rem = naive_queue_solve(bound)
    codes = {"U": 0, "W": 1, "L": 2, "D": 3}
    assert solution.outcome.tolist() == [codes[x] for x in letters]
    assert [abs(int(r)) if r != -1 else None for r in solution.packed_remoteness] == rem
    again, cached = store.solve_cached(bound)
    assert cached
    np.testing.assert_array_equal(again.outcome, solution.outcome)
    np.testing.assert_array_equal(again.packed_remoteness, solution.packed_remoteness)
    assert [e["bound"] for e in store.entries()] == [bound]


@pytest.mark.parametrize("damage", ["truncate", "flip", "header", "json", "missing"])
def test_damaged_entries_are_detected_and_solved_again(cache, damage):
    bound = 3000
    store.solve_cached(bound)
    files = _files(cache, bound)
    if damage == "truncate":
        with open(files["codes"], "r+b") as handle:
            handle.truncate(files["codes"].stat().st_size - 7)
    elif damage == "flip":
        raw = bytearray(files["codes"].read_bytes())
        raw[-3] ^= 0x40
        files["codes"].write_bytes(bytes(raw))
    elif damage == "header":
        # Same size, but the header claims another dtype.
        np.save(files["codes"], np.zeros(bound + 1, dtype=np.int8))
    elif damage == "json":
        files["json"].write_text("{not json", encoding="utf-8")
    else:
        files["codes"].unlink()
    assert store.load(bound) is None
    solution, cached = store.solve_cached(bound)
    assert not cached
    expected = solve(bound)
    np.testing.assert_array_equal(solution.outcome, expected.outcome)
    np.testing.assert_array_equal(solution.packed_remoteness, expected.packed_remoteness)
    assert store.load(bound) is not None


def test_a_larger_bound_serves_smaller_queries_only_when_allowed(cache):
    store.solve_cached(5000)
    assert store.find(1000) is None
    larger = store.find(1000, allow_larger=True)
    assert larger is not None and larger.bound == 5000
    served, cached = store.solve_cached(1000, allow_larger=True)
    assert cached and served.bound == 5000
    # Labels up to 1000 from the larger bound are at least as resolved.
    small = solve(1000)
    same = small.outcome != 0
    np.testing.assert_array_equal(served.outcome[:1001][same], small.outcome[same])


def test_clear_removes_entries_and_leftovers(cache):
    store.solve_cached(2000)
    (cache / f".{store.KEY}-B99.outcome.abc.tmp").write_bytes(b"x" * 10)
    (cache / "unrelated.txt").write_text("keep me")
    result = store.clear()
    assert result.freed > 2000 and result.skipped == [] and result.failed == []
    assert store.entries() == []
    assert (cache / "unrelated.txt").exists()
    assert not any(p.name.endswith(".tmp") for p in cache.iterdir())


def test_memory_cache_reuses_open_solves(cache):
    memory = SolutionCache(capacity=2)
    first, cached = memory.get(1500)
    assert not cached
    second, cached = memory.get(1500)
    assert cached and second is first
    bigger, _ = memory.get(6000)
    served, cached = memory.get(1200, allow_larger=True)
    assert cached and served.bound in (1500, 6000)
    assert memory.peek(999_999) is None


def test_memory_cache_solve_of_one_bound_does_not_hold_up_another(cache, monkeypatch):
    # A slow solve of one bound held the whole cache's lock, so a request for a
    # bound already open waited for it (seconds, in the page).
    memory = SolutionCache()
    opened, _ = memory.get(1000)
    started, release = threading.Event(), threading.Event()
    real = store.solve_cached
    calls = []

    def slow_solve_cached(bound, **kwargs):
        calls.append(bound)
        started.set()
        assert release.wait(10), "the test never released the slow solve"
        return real(bound, **kwargs)

    monkeypatch.setattr(store, "solve_cached", slow_solve_cached)
    results = []
    threads = [threading.Thread(target=lambda: results.append(memory.get(5000))) for _ in range(2)]
    for thread in threads:
        thread.start()
    assert started.wait(10)
    # While 5000 is being solved, the open bound answers at once, and so does a peek.
    done = threading.Event()
    threading.Thread(target=lambda: (memory.get(1000), memory.peek(1000), done.set())).start()
    assert done.wait(5), "a request for an open bound waited for another bound's solve"
    release.set()
    for thread in threads:
        thread.join(10)
    # Two requests for the same bound at once solved it once.
    assert calls == [5000]
    assert len(results) == 2 and results[0][0] is results[1][0]
    assert memory.get(1000)[0] is opened


CHILD = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, {root!r})
    from solver.store import disk as store
    def progress(f):
        print(f"{{f:.3f}}", flush=True)
    solution, cached = store.solve_cached({bound}, progress=progress)
    print("done", "cached" if cached else "solved", int(solution.outcome.sum()), flush=True)
    """
)


def _child(bound: int, cache: Path) -> subprocess.Popen:
    env = dict(os.environ, PTSQ_CACHE_DIR=str(cache))
    return subprocess.Popen(
        [sys.executable, "-c", CHILD.format(root=str(ROOT), bound=bound)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )


@pytest.mark.slow
def test_cache_survives_a_kill_mid_write(cache):
    bound = 60_000_000  # several progress reports, a few hundred MB of files
    child = _child(bound, cache)
    killed = False
    for line in child.stdout:
        if line.strip() and not line.startswith("done") and 0.3 < float(line) < 1.0:
            child.send_signal(signal.SIGKILL)
            killed = True
            break
    child.wait(timeout=120)
    assert killed, "the solve finished before it could be killed"
    # Only temporary files remain; no entry is taken as valid.
    assert store.load(bound) is None
    assert store.entries() == []
    leftovers = [p for p in cache.iterdir() if p.name.endswith(".tmp")]
    assert leftovers
    # The next solve works and matches a fresh in-memory solve.
    solution, cached = store.solve_cached(bound)
    assert not cached
    fresh = solve(bound)
    np.testing.assert_array_equal(solution.outcome, fresh.outcome)
    np.testing.assert_array_equal(solution.packed_remoteness, fresh.packed_remoteness)
    # The solve removed the dead writer's temporary files (its lock is free).
    assert not any(p.name.endswith(".tmp") for p in cache.iterdir())
    store.clear()
    assert not any(cache.iterdir()) or all(p.suffix == ".lock" for p in cache.iterdir())


@pytest.mark.slow
def test_three_processes_solving_the_same_bound_solve_it_once(cache):
    bound = 20_000_000
    children = [_child(bound, cache) for _ in range(3)]
    outputs = [c.communicate(timeout=300)[0] for c in children]
    assert all(c.returncode == 0 for c in children)
    done = [line.split() for out in outputs for line in out.splitlines() if line.startswith("done")]
    assert len(done) == 3 and len({sums for _, _, sums in done}) == 1
    # One process solved; the other two waited on the lock and reopened its entry.
    assert sorted(how for _, how, _ in done) == ["cached", "cached", "solved"]
    entry = store.load(bound)
    assert entry is not None
    meta = json.loads(_files(cache, bound)["json"].read_text())
    assert meta["bound"] == bound
    fresh = solve(bound)
    np.testing.assert_array_equal(entry.outcome, fresh.outcome)
    np.testing.assert_array_equal(entry.packed_remoteness, fresh.packed_remoteness)


def test_a_wide_solution_is_stored_and_reopened_wide(cache, monkeypatch):
    # A rule whose remoteness would not fit a one-byte code is kept as two
    # arrays (int8 outcome, int16 remoteness); pretend that of subtract-a-square.
    from solver.engine import engines
    from solver.engine import solving as generic

    monkeypatch.setattr(engines, "codes_fit", lambda *args: False)
    bound = 700
    solution, cached = store.solve_cached(bound, rule="subtract-a-square")
    assert not cached and solution.codes is None and solution.mapped
    stem = f"{store.key_of('subtract-a-square')}-B{bound}"
    assert (cache / f"{stem}.outcome.npy").exists() and (cache / f"{stem}.remoteness.npy").exists()
    assert not (cache / f"{stem}.codes.npy").exists()
    again, cached = store.solve_cached(bound, rule="subtract-a-square")
    assert cached and again.codes is None and again == solution
    monkeypatch.undo()
    compact = generic.solve_rule("subtract-a-square", bound)
    assert compact.codes is not None and compact == again
