"""The solve cache heals: hostile files, unusable directories, locks, leftovers.

Regression tests for the cache issue found by fuzzing: every damaged entry
is refused (never a traceback) and solved again, an unusable directory
falls back to solving in memory with a :class:`CacheUnavailableWarning`,
``cache clear`` respects locks and asks first, temporary files of dead
writers are listed and cleaned, and entries are keyed by the release.
"""

from __future__ import annotations

import errno
import fcntl
import importlib.metadata
import json
import os
import pickle
import pty
import signal
import subprocess
import sys
import textwrap
import threading
import time
import zlib
from pathlib import Path

import numpy as np
import pytest

from solver.cli.main import main
from solver.engine import solve
from solver.store import disk as store
from solver.store import files, paths
from solver.store.memory import SolutionCache

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def cache(tmp_path, monkeypatch):
    path = tmp_path / "cache"
    monkeypatch.setenv("PTSQ_CACHE_DIR", str(path))
    return path


def _files(directory: Path, bound: int) -> dict[str, Path]:
    stem = f"{store.KEY}-B{bound}"
    return {
        "json": directory / f"{stem}.json",
        "codes": directory / f"{stem}.codes.npy",
        "lock": directory / f"{stem}.lock",
    }


def _cli(*args: str, cache: Path | str, stdin=subprocess.DEVNULL, timeout: float = 300) -> subprocess.CompletedProcess:
    env = dict(os.environ, PTSQ_CACHE_DIR=str(cache))
    return subprocess.run(
        [sys.executable, "-m", "solver", *args],
        stdin=stdin,
        capture_output=True,
        text=True,
        env=env,
        cwd=str(ROOT),
        timeout=timeout,
    )


def _assert_solves_correctly(solution, bound: int) -> None:
    expected = solve(bound)
    np.testing.assert_array_equal(solution.outcome, expected.outcome)
    np.testing.assert_array_equal(solution.packed_remoteness, expected.packed_remoteness)


def _stderr_lines(result: subprocess.CompletedProcess) -> list[str]:
    return [line for line in result.stderr.splitlines() if line.strip()]


# --- 1. Damaged JSON and hostile files --------------------------------------------


def _meta(directory: Path, bound: int) -> dict:
    return json.loads(_files(directory, bound)["json"].read_text())


JSON_DAMAGE = {
    "list": "[]",
    "number": "5",
    "null": "null",
    "string": '"an entry"',
    "seconds-text": {"seconds": "abc"},
    "seconds-null": {"seconds": None},
    "seconds-bool": {"seconds": True},
    "seconds-negative": {"seconds": -1.0},
    "seconds-nan": "NaN-seconds",
    "seconds-huge": {"seconds": 10**400},
    "bound-text": {"bound": "3000"},
    "bound-other": {"bound": 2999},
    "version-text": {"version": "1"},
    "package-other": {"package": "0.0.0-old"},
    "rule-other": {"rule": "cubes"},
    "created-number": {"created": 5},
    "arrays-list": {"arrays": []},
    "arrays-missing": {"arrays": {"outcome": {"file_bytes": 10, "crc32": 0}}},
    "arrays-mixed": {"arrays": {"codes": {"file_bytes": 10, "crc32": 0}, "outcome": {"file_bytes": 10, "crc32": 0}}},
    "file-bytes-text": {"arrays.codes.file_bytes": "3129"},
    "crc-negative": {"arrays.codes.crc32": -1},
    "crc-float": {"arrays.codes.crc32": 1.5},
    "not-utf8": b"\xff\xfe{}",
    "huge": "huge",
}


def _damage_json(directory: Path, bound: int, how) -> None:
    path = _files(directory, bound)["json"]
    if isinstance(how, bytes):
        path.write_bytes(how)
    elif how == "NaN-seconds":
        path.write_text(path.read_text().replace('"seconds": ', '"seconds": NaN, "x": '))
    elif how == "huge":
        meta = _meta(directory, bound)
        meta["padding"] = "x" * (2 << 20)
        path.write_text(json.dumps(meta))
    elif isinstance(how, str):
        path.write_text(how)
    else:
        meta = _meta(directory, bound)
        for key, value in how.items():
            target = meta
            *outer, last = key.split(".")
            for part in outer:
                target = target[part]
            target[last] = value
        path.write_text(json.dumps(meta))


@pytest.mark.slow
@pytest.mark.parametrize("damage", list(JSON_DAMAGE))
def test_a_damaged_description_is_refused_listed_and_solved_again(cache, capsys, damage):
    bound, good = 3000, 2000
    store.solve_cached(bound)
    store.solve_cached(good)
    _damage_json(cache, bound, JSON_DAMAGE[damage])

    report = store.survey()
    assert [e["bound"] for e in report.entries] == [good]
    assert [d["bound"] for d in report.damaged] == [bound]
    assert report.damaged[0]["reason"]
    assert [e["bound"] for e in store.entries()] == [good]

    assert main(["cache", "list"]) == 0
    out = capsys.readouterr().out
    assert "3,000" in out and "damaged" in out
    assert "2,000" in out and "solved in" in out

    assert store.load(bound) is None
    assert not _files(cache, bound)["json"].exists()  # removed, as nobody held its lock
    solution, cached = store.solve_cached(bound)
    assert not cached
    _assert_solves_correctly(solution, bound)
    assert store.load(bound) is not None
    assert [e["bound"] for e in store.entries()] == [good, bound]


def test_a_damaged_entry_whose_lock_is_held_is_left_to_the_writer(cache):
    bound = 3000
    store.solve_cached(bound)
    files = _files(cache, bound)
    files["json"].write_text("5")
    with open(files["lock"], "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        assert store.load(bound) is None
        assert files["json"].exists()  # the lock holder is rewriting it
    assert store.load(bound) is None
    assert not files["json"].exists()


@pytest.mark.parametrize("part", ["codes", "json"])
def test_a_directory_in_place_of_a_file_is_moved_aside(cache, part):
    bound = 3000
    store.solve_cached(bound)
    path = _files(cache, bound)[part]
    path.unlink()
    path.mkdir()
    (path / "inside").write_bytes(b"x" * 100)

    assert store.load(bound) is None
    report = store.survey()
    damaged = [d for d in report.damaged if d["bound"] == bound]
    assert damaged, report

    solution, cached = store.solve_cached(bound)
    assert not cached
    _assert_solves_correctly(solution, bound)
    assert path.is_file() and store.load(bound) is not None
    aside = [p for p in cache.iterdir() if p.name.endswith(".damaged")]
    assert len(aside) == 1 and (aside[0] / "inside").exists()
    assert any("moved aside" in d["reason"] for d in store.survey().damaged)

    result = store.clear()
    assert result.failed == [] and not any(cache.iterdir())


@pytest.mark.slow
@pytest.mark.parametrize("part", ["codes", "json", "lock"])
def test_a_fifo_in_place_of_a_file_does_not_hang(cache, part):
    bound = 3000
    store.solve_cached(bound)
    path = _files(cache, bound)[part]
    path.unlink()
    os.mkfifo(path)
    listed = _cli("cache", "list", cache=cache, timeout=120)
    assert listed.returncode == 0, listed.stderr
    if part != "lock":
        assert "damaged" in listed.stdout
    solved = _cli("solve", "--bound", str(bound), "--json", cache=cache, timeout=120)
    assert solved.returncode == 0, solved.stderr
    assert "Traceback" not in solved.stderr
    assert store.load(bound) is not None


def test_a_lock_path_that_is_a_directory_is_moved_aside(cache):
    bound = 3000
    cache.mkdir()
    _files(cache, bound)["lock"].mkdir()
    solution, cached = store.solve_cached(bound)
    assert not cached and solution.mapped
    assert _files(cache, bound)["lock"].is_file()


class _Planted:
    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (open, (str(self.marker), "w"))


@pytest.mark.parametrize("kind", ["pickle", "object-npy"])
def test_a_planted_pickle_is_never_unpickled(cache, tmp_path, kind):
    bound = 3000
    store.solve_cached(bound)
    files = _files(cache, bound)
    marker = tmp_path / "unpickled"
    if kind == "pickle":
        files["codes"].write_bytes(pickle.dumps(_Planted(marker)))
    else:
        np.save(files["codes"], np.array([_Planted(marker)] * 3, dtype=object), allow_pickle=True)
    # The attacker also fixes up the description to match the planted file.
    meta = _meta(cache, bound)
    raw = files["codes"].read_bytes()
    meta["arrays"]["codes"] = {"file_bytes": len(raw), "crc32": zlib.crc32(raw)}
    files["json"].write_text(json.dumps(meta))

    report = store.survey()
    assert [d["bound"] for d in report.damaged] == [bound] and ".npy" in report.damaged[0]["reason"]
    assert store.load(bound) is None
    assert not marker.exists()
    solution, cached = store.solve_cached(bound)
    assert not cached and not marker.exists()
    _assert_solves_correctly(solution, bound)
    # Positive control: the planted bytes do run code when unpickled.
    planted = tmp_path / "planted"
    planted.write_bytes(raw)
    if kind == "pickle":
        pickle.loads(raw)
    else:
        np.load(planted, allow_pickle=True)
    assert marker.exists()


# --- 2. An unusable cache directory ---------------------------------------------------


@pytest.fixture(params=["under-a-file", "a-file", "proc"])
def unusable(request, tmp_path, monkeypatch):
    regular = tmp_path / "regular-file"
    regular.write_text("not a directory")
    path = {
        "under-a-file": regular / "cache",
        "a-file": regular,
        "proc": Path(f"/proc/ptsq-test-{os.getpid()}/cache"),
    }[request.param]
    monkeypatch.setenv("PTSQ_CACHE_DIR", str(path))
    return path


def test_an_unusable_directory_falls_back_to_memory_with_a_warning(unusable):
    with pytest.raises(store.CacheUnavailableError):
        store.cache_dir()
    assert issubclass(store.CacheUnavailableError, OSError)
    assert store.load(2000) is None and store.find(2000, allow_larger=True) is None
    assert store.entries() == []
    report = store.survey()
    assert report.problem and report.empty
    assert store.clear() == store.ClearResult(0, 0, [], [])

    with pytest.warns(store.CacheUnavailableWarning, match="cannot be used") as caught:
        solution, cached = store.solve_cached(2000)
    assert not cached and not solution.mapped
    _assert_solves_correctly(solution, 2000)
    # The warning points at the caller, outside the solver package.
    assert [w.filename for w in caught] == [__file__]

    memory = SolutionCache()
    with pytest.warns(store.CacheUnavailableWarning):
        kept, cached = memory.get(2500)
    assert not cached and memory.peek(2500) is kept


@pytest.mark.slow
def test_the_command_line_solves_in_memory_with_one_warning_line(unusable):
    solved = _cli("solve", "--bound", "2000", "--json", cache=unusable)
    assert solved.returncode == 0, solved.stderr
    assert json.loads(solved.stdout)["cached"] is False
    lines = _stderr_lines(solved)
    assert (
        len(lines) == 1
        and lines[0].startswith("python -m solver: warning: the solve cache cannot be used")
        and str(unusable) in lines[0]
    )

    classified = _cli("classify", "--n", "10", cache=unusable)
    assert classified.returncode == 0 and len(_stderr_lines(classified)) == 1

    listed = _cli("cache", "list", cache=unusable)
    assert listed.returncode == 0 and "(empty)" in listed.stdout
    lines = _stderr_lines(listed)
    assert len(lines) == 1 and "warning: the solve cache cannot be used" in lines[0]

    cleared = _cli("cache", "clear", "--yes", cache=unusable)
    assert cleared.returncode == 0 and "nothing to remove" in cleared.stdout
    assert "Traceback" not in cleared.stderr


@pytest.mark.parametrize("where", ["allocate", "reserve", "after"])
def test_a_disk_that_fails_mid_way_falls_back_to_memory(cache, monkeypatch, where):
    def fail(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    # The failures are undone alone: monkeypatch.undo() would also undo the cache fixture's
    # PTSQ_CACHE_DIR, and the load below would then read the session's cache (where another
    # module of the same process may well have solved 3000).
    with monkeypatch.context() as failing:
        if where == "allocate":
            failing.setattr(store.tempfile, "mkstemp", fail)
        elif where == "reserve":
            failing.setattr(store.os, "posix_fallocate", fail)
        else:
            failing.setattr(store, "_fsync_dir", fail)
        with pytest.warns(store.CacheUnavailableWarning, match="No space left"):
            solution, cached = store.solve_cached(3000)
    assert not cached
    _assert_solves_correctly(solution, 3000)
    assert store.load(3000) is None  # nothing half-written is kept
    assert not [p for p in cache.iterdir() if p.suffix != ".lock"]


def test_in_memory_solves_are_kept_within_a_budget(unusable):
    memory = SolutionCache(capacity=8, memory_bytes=4_000)
    with pytest.warns(store.CacheUnavailableWarning):
        first, _ = memory.get(2000)  # 2001 bytes (one a position)
        second, _ = memory.get(3000)  # 3001 bytes: both over the budget
    assert memory.peek(3000) is second
    with pytest.warns(store.CacheUnavailableWarning):
        again, cached = memory.get(2000)
    assert not cached and again is not first


# --- 3 and 4. Locks, clear, and leftovers of interrupted solves ---------------------------

PAUSED_CHILD = textwrap.dedent(
    """
    import sys
    sys.path.insert(0, {root!r})
    from solver.store import disk as store
    paused = []
    def progress(fraction):
        if not paused and 0 < fraction < 1:
            paused.append(fraction)
            print("paused", flush=True)
            sys.stdin.readline()
    solution, cached = store.solve_cached({bound}, progress=progress)
    print("done", cached, int(solution.outcome.sum()), flush=True)
    """
)


def _paused_child(bound: int, cache: Path) -> subprocess.Popen:
    """A process solving ``bound`` into ``cache``, stopped mid-solve until told to go on."""
    child = subprocess.Popen(
        [sys.executable, "-c", PAUSED_CHILD.format(root=str(ROOT), bound=bound)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PTSQ_CACHE_DIR=str(cache)),
    )
    assert child.stdout.readline().strip() == "paused"
    return child


BIG = 40_000_000  # progress is reported every 16 million positions


@pytest.mark.slow
def test_clear_keeps_a_bound_being_solved_and_the_solve_finishes(cache):
    store.solve_cached(2000)
    child = _paused_child(BIG, cache)
    try:
        temps = [p for p in cache.iterdir() if p.name.endswith(".tmp")]
        assert temps
        report = store.survey()
        assert [p["bound"] for p in report.in_progress] == [BIG] and report.leftovers == []

        cleared = _cli("cache", "clear", "--yes", cache=cache)
        assert cleared.returncode == 0, cleared.stderr
        assert "40,000,000" in cleared.stdout and "being solved now" in cleared.stdout
        assert all(p.exists() for p in temps)  # the running solve's files were left alone
        assert store.load(2000) is None  # the rest was removed
    finally:
        out, _ = child.communicate("go\n", timeout=300)
    assert child.returncode == 0 and out.split()[:2] == ["done", "False"]
    solution = store.load(BIG)
    assert solution is not None


@pytest.mark.slow
def test_clear_skips_and_reports_a_bound_whose_lock_is_held(cache):
    store.solve_cached(3000)
    store.solve_cached(2000)
    files = _files(cache, 3000)
    with open(files["lock"], "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        result = store.clear()
        assert result.skipped == [3000] and result.failed == []
        assert files["json"].exists() and store.load(2000) is None
        cleared = _cli("cache", "clear", "--yes", cache=cache)
        assert cleared.returncode == 0
        assert "kept bound 3,000" in cleared.stderr
    assert store.load(3000) is not None
    assert store.clear().skipped == []
    assert not any(cache.iterdir())


def test_a_waiter_follows_a_lock_file_that_clear_removed(cache):
    cache.mkdir()
    stem = f"{store.KEY}-B7"
    held = files._acquire(cache, stem, blocking=True)
    got = []
    waiter = threading.Thread(target=lambda: got.append(files._acquire(cache, stem, blocking=True)))
    waiter.start()
    time.sleep(0.3)  # the waiter has opened the lock file and waits for it
    (cache / f"{stem}.lock").unlink()  # as clear does, while it holds the lock
    files._release(held)
    waiter.join(timeout=10)
    assert got and got[0] is not None
    # The waiter holds the lock file that is now at the path, not the removed one.
    assert files._acquire(cache, stem, blocking=False) is None
    files._release(got[0])


@pytest.mark.slow
def test_a_killed_solve_leaves_listed_leftovers_that_the_next_solve_cleans(cache):
    child = _paused_child(BIG, cache)
    temps = [p for p in cache.iterdir() if p.name.endswith(".tmp")]
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=60)
    assert temps and all(p.exists() for p in temps)

    report = store.survey()
    assert report.entries == [] and report.in_progress == []
    assert [item["bound"] for item in report.leftovers] == [BIG]
    assert report.leftovers[0]["bytes"] == sum(p.stat().st_size for p in temps) > BIG
    listed = _cli("cache", "list", cache=cache)
    assert "leftovers of interrupted solves" in listed.stdout
    plural = "file" if len(temps) == 1 else "files"
    assert f"{len(temps)} {plural}," in listed.stdout and "MiB" in listed.stdout

    # A solve of any other bound removes a dead writer's files.
    store.solve_cached(2000)
    assert not any(p.name.endswith(".tmp") for p in cache.iterdir())
    assert not _files(cache, BIG)["lock"].exists()  # nothing left of that bound
    assert store.survey().leftovers == []


@pytest.mark.slow
def test_a_live_writers_temporary_files_are_not_swept(cache):
    child = _paused_child(BIG, cache)
    try:
        temps = [p for p in cache.iterdir() if p.name.endswith(".tmp")]
        store.solve_cached(2000)  # sweeps leftovers, but this bound's lock is held
        assert all(p.exists() for p in temps)
    finally:
        child.communicate("go\n", timeout=300)
    assert child.returncode == 0 and store.load(BIG) is not None


# --- 5. PTSQ_CACHE_DIR='' and the confirmation of cache clear ------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("value", ["", "  "])
def test_an_empty_cache_variable_is_an_error(tmp_path, monkeypatch, value):
    monkeypatch.setenv("PTSQ_CACHE_DIR", value)
    with pytest.raises(ValueError, match="PTSQ_CACHE_DIR is set but empty"):
        store.cache_dir()
    with pytest.raises(ValueError, match="PTSQ_CACHE_DIR"):
        store.solve_cached(100)
    home = tmp_path / "home"
    env = dict(os.environ, PTSQ_CACHE_DIR=value, HOME=str(home), XDG_CACHE_HOME=str(home / ".cache"))
    for args in (["cache", "list"], ["solve", "--bound", "100"]):
        result = subprocess.run(
            [sys.executable, "-m", "solver", *args], capture_output=True, text=True, env=env, cwd=str(ROOT), timeout=300
        )
        assert result.returncode == 2
        assert "PTSQ_CACHE_DIR is set but empty" in result.stderr and "Traceback" not in result.stderr
    assert not home.exists()  # the home cache was not used


@pytest.mark.slow
def test_clear_without_a_terminal_needs_yes(cache):
    store.solve_cached(3000)
    refused = _cli("cache", "clear", cache=cache)
    assert refused.returncode == 2
    assert "--yes" in refused.stderr
    assert str(cache) in refused.stdout and "1 entry" in refused.stdout and "KiB" in refused.stdout
    assert store.load(3000) is not None

    done = _cli("cache", "clear", "--yes", cache=cache)
    assert done.returncode == 0 and "removed 2 files" in done.stdout
    assert store.load(3000) is None


def _clear_on_a_terminal(cache: Path, answer: bytes) -> subprocess.CompletedProcess:
    master, slave = pty.openpty()
    try:
        child = subprocess.Popen(
            [sys.executable, "-m", "solver", "cache", "clear"],
            stdin=slave,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=dict(os.environ, PTSQ_CACHE_DIR=str(cache)),
            cwd=str(ROOT),
        )
        os.close(slave)
        os.write(master, answer)
        out, err = child.communicate(timeout=300)
    finally:
        os.close(master)
    return subprocess.CompletedProcess(child.args, child.returncode, out, err)


@pytest.mark.slow
def test_clear_on_a_terminal_asks_first(cache):
    store.solve_cached(3000)
    declined = _clear_on_a_terminal(cache, b"n\n")
    assert declined.returncode == 1 and "Remove them?" in declined.stdout and "nothing removed" in declined.stdout
    assert store.load(3000) is not None
    accepted = _clear_on_a_terminal(cache, b"y\n")
    assert accepted.returncode == 0 and "removed 2 files" in accepted.stdout
    assert store.load(3000) is None


# --- 6. The release in the key ---------------------------------------------------------


def test_entries_are_keyed_by_the_release(cache):
    assert importlib.metadata.version("put-or-take-a-square") == store.PACKAGE_VERSION
    store.solve_cached(3000)
    names = sorted(p.name for p in cache.iterdir())
    assert names and all(n.startswith(f"squares-v{store.FORMAT_VERSION}-{store.PACKAGE_VERSION}-B3000.") for n in names)
    assert _meta(cache, 3000)["package"] == store.PACKAGE_VERSION


def test_the_release_falls_back_when_the_package_is_not_installed(monkeypatch):
    def missing(name):
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(importlib.metadata, "version", missing)
    assert paths._package_version() == "0+unknown"
    monkeypatch.setattr(importlib.metadata, "version", lambda name: "1.0-rc/1")
    assert paths._package_version() == "1.0_rc_1"


def test_another_releases_entries_are_stale(cache, capsys):
    store.solve_cached(3000)
    files = _files(cache, 3000)
    for old in ("squares-v1-B3000", "squares-v1-0.0.1-B3000", "squares-v0-0.1.0-B3000"):
        for path in (files["json"], files["codes"]):
            (cache / path.name.replace(f"{store.KEY}-B3000", old)).write_bytes(path.read_bytes())
    (cache / ".squares-v1-B5.outcome.x1y2z3.tmp").write_bytes(b"x" * 1000)
    for path in files.values():
        path.unlink()

    assert store.load(3000) is None and store.find(1000, allow_larger=True) is None
    report = store.survey()
    assert report.entries == [] and report.damaged == []
    assert sum(len(item["paths"]) for item in report.stale) == 7
    assert main(["cache", "list"]) == 0
    assert "stale: 7 files" in capsys.readouterr().out

    result = store.clear()
    assert result.removed == 7 and not any(cache.iterdir())
    _, cached = store.solve_cached(3000)
    assert not cached
