"""Out-of-core solves: a result too large for memory is solved into the cache's files.

The machine is made to look small (its available memory patched) so that a
bound of 10**6 does not fit in memory but its small game does; the solve must
then run into the memory-mapped cache file and give exactly the in-memory
result computed beforehand.
"""

from __future__ import annotations

import json
import os

import pytest

from solver import config, costs
from solver.cli.main import main
from solver.engine import budget, check_bound, estimate_solve_bytes, solve
from solver.errors import BoundTooLargeError
from solver.store import disk as store

BOUND = 10**6


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PTSQ_CACHE_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture(scope="module")
def reference():
    return solve(BOUND)


@pytest.fixture
def small_machine(monkeypatch):
    """Memory for the small game and half the result, not the whole result."""
    small = estimate_solve_bytes(BOUND, on_disk=True)
    fake = int((small + (BOUND + 1) // 2) / config.MEMORY_FRACTION)
    monkeypatch.setattr(budget, "available_memory", lambda: fake)
    return fake


def test_the_estimates_tell_memory_from_disk():
    whole = estimate_solve_bytes(BOUND)
    small = estimate_solve_bytes(BOUND, on_disk=True)
    assert whole - small == config.BYTES_PER_POSITION * (BOUND + 1)
    assert costs.solve_cost(BOUND, on_disk=True).bytes == small
    assert "out of core" in costs.solve_cost(BOUND, on_disk=True).what


def test_a_bound_too_large_for_memory_is_solved_out_of_core(cache, reference, small_machine):
    with pytest.raises(BoundTooLargeError, match="of memory"):
        check_bound(BOUND)
    with pytest.raises(BoundTooLargeError):
        solve(BOUND)  # in memory it is refused
    assert store.solves_on_disk(BOUND)
    solution, cached = store.solve_cached(BOUND)
    assert not cached and solution.mapped
    assert solution == reference
    again, cached = store.solve_cached(BOUND)
    assert cached and again == reference


def test_a_bound_that_fits_in_memory_is_not_out_of_core(cache):
    assert not store.solves_on_disk(1000)


def test_out_of_core_needs_room_on_disk(cache, small_machine, monkeypatch):
    monkeypatch.setattr(store, "_free_disk", lambda directory: 1000)
    with pytest.raises(BoundTooLargeError, match=r"out-of-core solve .* of disk but only 1,000 bytes is free"):
        store.solves_on_disk(BOUND)
    with pytest.raises(BoundTooLargeError, match="of disk"):
        store.solve_cached(BOUND)
    assert not any(cache.iterdir())


def test_out_of_core_needs_a_usable_cache(tmp_path, small_machine, monkeypatch):
    regular = tmp_path / "a-file"
    regular.write_text("not a directory")
    monkeypatch.setenv("PTSQ_CACHE_DIR", str(regular / "cache"))
    with pytest.raises(BoundTooLargeError, match="does not fit in memory, and the solve cache"):
        store.solve_cached(BOUND)


def test_other_rules_are_not_solved_out_of_core(cache, small_machine):
    with pytest.raises(BoundTooLargeError):
        store.solves_on_disk(BOUND, rule="put-or-take-a-cube")


def test_the_small_game_must_still_fit(cache, monkeypatch):
    monkeypatch.setattr(budget, "available_memory", lambda: 1000)
    with pytest.raises(BoundTooLargeError, match="of memory"):
        store.solves_on_disk(BOUND)


def test_the_command_line_solves_out_of_core(cache, reference, small_machine, capsys):
    assert main(["solve", "--bound", str(BOUND), "--json"]) in (0, None)
    found = json.loads(capsys.readouterr().out)
    tally = reference.tally()
    assert found["cached"] is False and {k: found[k] for k in "WLDU"} == {k: tally[k] for k in "WLDU"}
    assert main(["solve", "--bound", "10**13"]) == 2  # fits neither in memory nor on disk
    assert "choose a smaller --bound" in capsys.readouterr().err


def test_what_is_stored_is_served_whatever_the_memory(cache, reference, monkeypatch, capsys):
    store.solve_cached(BOUND)
    monkeypatch.setattr(budget, "available_memory", lambda: 1000)  # not even the small game fits now
    with pytest.raises(BoundTooLargeError):
        check_bound(BOUND, on_disk=True)
    solution, cached = store.solve_cached(BOUND)
    assert cached and solution == reference
    assert main(["solve", "--bound", str(BOUND), "--json"]) in (0, None)
    assert json.loads(capsys.readouterr().out)["cached"] is True
    assert main(["solve", "--bound", str(BOUND + 1)]) == 2  # not stored: refused
    assert "of memory" in capsys.readouterr().err


def test_a_sweep_through_the_file_in_many_pieces_writes_exactly_the_in_memory_result(tmp_path, reference, monkeypatch):
    # Pieces of 2**14 positions (not 2**24), each read from and written to the
    # file beside the sweep; the writes tile M + 1..B and the file holds
    # exactly the in-memory result.
    import numpy as np

    from solver.engine import put_or_take as retrograde

    monkeypatch.setattr(retrograde, "_PROGRESS_STEP", 1 << 14)  # many pieces, many writes
    writes = []
    real = retrograde._FileWriter._write

    def write(self, buffer, bottom, top):
        assert buffer.size == top - bottom + 1
        writes.append((bottom, top))
        real(self, buffer, bottom, top)

    monkeypatch.setattr(retrograde._FileWriter, "_write", write)
    path = tmp_path / "codes.npy"

    def allocate(name, shape, dtype):
        return np.lib.format.open_memmap(path, mode="w+", dtype=dtype, shape=shape)

    solution = solve(BOUND, allocate=allocate, on_disk=True)
    assert len(writes) > BOUND >> 14
    ordered = sorted(writes)
    assert ordered[-1][1] == BOUND and all(a[1] + 1 == b[0] for a, b in zip(ordered, ordered[1:]))
    assert solution == reference
    np.testing.assert_array_equal(np.load(path, mmap_mode="r"), reference.codes)


def _resident_pages(path) -> tuple[int, int]:
    """Pages of a file in the page cache, and all its pages (``mincore`` of a mapping that reads none)."""
    import ctypes
    import mmap

    import numpy as np

    libc = ctypes.CDLL(None, use_errno=True)
    libc.mincore.argtypes = (ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p)
    view = np.memmap(path, mode="r", dtype=np.uint8)
    pages = -(-view.size // mmap.PAGESIZE)
    resident = np.zeros(pages, np.uint8)
    assert libc.mincore(view.ctypes.data, view.size, resident.ctypes.data) == 0
    del view
    return int((resident & 1).sum()), pages


def _solve_through_file(path, bound):
    import numpy as np

    def allocate(name, shape, dtype):
        return np.lib.format.open_memmap(path, mode="w+", dtype=dtype, shape=shape)

    return solve(bound, allocate=allocate, on_disk=True)


def test_the_sweep_writes_and_reads_the_file_around_the_page_cache(tmp_path):
    # With direct I/O the file's pages do not pass through the page cache:
    # only the small game's, the header's and the pages on the pieces' edges
    # are there after the solve (through the page cache, every page would be).
    import numpy as np

    from solver.engine import mapped

    path = tmp_path / "codes.npy"
    path.touch()
    direct = mapped.open_direct(path)
    if direct is None:
        pytest.skip("this file system has no direct I/O")
    os.close(direct)
    bound = 4 * 10**6
    solution = _solve_through_file(path, bound)
    resident, pages = _resident_pages(path)
    assert resident < pages // 10, (resident, pages)
    np.testing.assert_array_equal(np.load(path, mmap_mode="r"), solve(bound).codes)
    assert solution.code_counts is not None


@pytest.mark.parametrize("refused", ["no O_DIRECT", "EINVAL"])
def test_the_sweep_through_the_page_cache_writes_the_same_file(tmp_path, reference, monkeypatch, refused):
    # Where the file system has no direct I/O, or refuses its alignment, the
    # pieces go through the page cache: the same file.
    import errno

    import numpy as np

    from solver.engine import mapped
    from solver.engine import put_or_take as retrograde

    monkeypatch.setattr(retrograde, "_PROGRESS_STEP", 1 << 15)
    if refused == "no O_DIRECT":
        monkeypatch.setattr(mapped, "open_direct", lambda path: None)
    else:

        def refuse(*args, **kwargs):
            raise OSError(errno.EINVAL, "refused")

        monkeypatch.setattr(mapped, "write_pages", refuse)
        monkeypatch.setattr(mapped, "read_pages", refuse)
    path = tmp_path / "codes.npy"
    assert _solve_through_file(path, BOUND) == reference
    np.testing.assert_array_equal(np.load(path, mmap_mode="r"), reference.codes)


@pytest.mark.parametrize("bottom, top, bound", [(3000, 70_000, 10**6), (600_000, 1_000_000, 10**6), (5, 9, 20)])
def test_the_runs_read_hold_every_put_child_of_a_piece(monkeypatch, bottom, top, bound):
    # Every put child x + f(x) <= B of the piece lies in one of the runs,
    # which ascend and stay within the piece's put children; joined only
    # across short gaps, they leave out about half of the range for squares.
    import numpy as np

    from solver.engine import put_or_take as retrograde

    members = np.arange(1, 2_000, dtype=np.int64) ** 2
    x = np.arange(bottom, top + 1)
    puts = x + members[np.searchsorted(members, x, side="right") - 1]
    puts = puts[puts <= bound]
    for gap in (1 << 16, 0):
        monkeypatch.setattr(retrograde, "_RUN_GAP", gap)
        runs = retrograde._put_runs(members, bottom, top, bound)
        assert all(a[1] < b[0] for a, b in zip(runs, runs[1:]))
        inside = np.zeros(puts.size, bool)
        for lo, hi in runs:
            inside |= (puts >= lo) & (puts <= hi)
        assert inside.all()
        if puts.size:
            assert runs[0][0] == puts.min() and runs[-1][1] == puts.max()
    assert sum(hi - lo + 1 for lo, hi in runs) == puts.size  # with no joining, exactly the put children


def test_writes_finishing_out_of_order_and_reads_ahead_give_the_same_file(tmp_path, reference, monkeypatch):
    # Pieces of 2**14 positions, written by two threads that finish them out of
    # order (every other write waits a little): every read of put children
    # finds them written, the file is the in-memory result byte for byte, and
    # the first piece of a block is read while the block above is still being
    # swept (its put children lie in that block's lower pieces, written first).
    import threading
    import time

    import numpy as np

    from solver.engine import put_or_take as retrograde

    monkeypatch.setattr(retrograde, "_PROGRESS_STEP", 1 << 14)
    lock = threading.Lock()
    events: list[tuple[str, int, int]] = []  # ("sweep" or "read", first, last), in the main thread's order
    finished: list[tuple[int, int]] = []  # pieces written, in the order the writes finished
    unwritten: list[tuple[int, int]] = []  # runs read before they were written

    real_sweep = retrograde.sweep_block

    def sweep(lo, hi, *args):
        events.append(("sweep", lo, hi))
        return real_sweep(lo, hi, *args)

    real_later = retrograde._FileWriter.read_later

    def read_later(self, first, last, runs=None):
        events.append(("read", first, last))
        return real_later(self, first, last, runs)

    real_write = retrograde._FileWriter._write

    def write(self, buffer, bottom, top):
        if (bottom >> 14) % 2:
            time.sleep(0.002)
        real_write(self, buffer, bottom, top)
        with lock:
            finished.append((bottom, top))

    real_read = retrograde._FileWriter.read

    def read(self, first, last, buffer=None, runs=None):
        with lock:
            done = sorted(finished)
        for lo, hi in runs if runs is not None else [(first, last)]:
            covered = sum(max(0, min(hi, b) - max(lo, a) + 1) for a, b in done)
            if covered < hi - lo + 1:
                unwritten.append((lo, hi))
        return real_read(self, first, last, buffer, runs)

    monkeypatch.setattr(retrograde, "sweep_block", sweep)
    monkeypatch.setattr(retrograde._FileWriter, "read_later", read_later)
    monkeypatch.setattr(retrograde._FileWriter, "_write", write)
    monkeypatch.setattr(retrograde._FileWriter, "read", read)
    path = tmp_path / "codes.npy"
    assert _solve_through_file(path, BOUND) == reference
    np.testing.assert_array_equal(np.load(path, mmap_mode="r"), reference.codes)
    assert unwritten == []
    assert sorted(finished) == sorted(set(finished)) and len(finished) > BOUND >> 14
    # One read per piece, in the pieces' order: the k-th read is the k-th piece's.
    sweeps = [(i, e) for i, e in enumerate(events) if e[0] == "sweep"]
    reads = [(i, e) for i, e in enumerate(events) if e[0] == "read"]
    assert len(sweeps) == len(reads)
    read_early = 0
    for k in range(1, len(sweeps)):
        (_, (_, lo, _)), (before, (_, below, _)) = sweeps[k], sweeps[k - 1]
        read_at, (_, _, last_in) = reads[k]
        if lo < below and last_in < below:  # the first piece of a block, reading below the piece before it
            assert read_at < before, (lo, below, last_in)
            read_early += 1
    assert read_early >= 3


def _fail_on_call(real, call: int):
    """``real``, raising ``OSError(ENOSPC)`` at its ``call``-th call instead."""
    import errno
    import itertools

    calls = itertools.count(1)

    def failing(*args, **kwargs):
        if next(calls) == call:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(*args, **kwargs)

    return failing


@pytest.mark.parametrize("where", ["_write_pages", "read"])
def test_a_write_or_read_that_fails_stops_the_solve_with_a_clear_error(tmp_path, monkeypatch, where):
    # A failed write (or read) in the writer's (reader's) thread comes back to
    # the solve as an OSError naming the positions and the file; nothing hangs.
    import threading

    from solver.engine import put_or_take as retrograde

    monkeypatch.setattr(retrograde, "_PROGRESS_STEP", 1 << 14)
    monkeypatch.setattr(retrograde._FileWriter, where, _fail_on_call(getattr(retrograde._FileWriter, where), 20))
    path = tmp_path / "codes.npy"
    raised: list[BaseException] = []

    def run():
        try:
            _solve_through_file(path, BOUND)
        except BaseException as exc:  # handed to the test's thread
            raised.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(600)
    assert not thread.is_alive(), "the solve did not stop"
    assert len(raised) == 1 and isinstance(raised[0], OSError), raised
    verb = "write" if where == "_write_pages" else "read"
    assert f"cannot {verb} positions" in str(raised[0]) and str(path) in str(raised[0])
    assert "No space left on device" in str(raised[0])


def test_the_command_line_reports_a_failed_write_without_a_traceback(cache, small_machine, monkeypatch, capsys):
    from solver.engine import put_or_take as retrograde

    monkeypatch.setattr(retrograde._FileWriter, "_write_pages", _fail_on_call(retrograde._FileWriter._write_pages, 1))
    assert main(["solve", "--bound", str(BOUND)]) == 1
    err = capsys.readouterr().err
    assert "error: cannot write positions" in err and "No space left on device" in err
    assert "Traceback" not in err
