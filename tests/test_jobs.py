"""The queue of background solves (dashboard.jobs.SolveJobs): one at a time, capped, memory counted, failures remembered."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time

import pytest

from dashboard import jobs
from dashboard.jobs import SolveJobs

GIB = 2**30


def wait_until(condition, seconds: float = 120.0) -> None:
    # A guard against a hang, not a measure of speed: generous, for a busy machine (a child process starts in
    # about a second on an idle one).
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.01)
    raise AssertionError("the condition did not come true in time")


class GatedRunner:
    """A fake solve: each call blocks until released, and records how many run at once."""

    def __init__(self, fail: set[int] | None = None) -> None:
        self.lock = threading.Lock()
        self.release = threading.Event()
        self.running = 0
        self.most_at_once = 0
        self.calls: list[int] = []
        self.fail = fail or set()

    def __call__(self, bound, on_progress, rule=None):
        with self.lock:
            self.calls.append(bound)
            self.running += 1
            self.most_at_once = max(self.most_at_once, self.running)
        try:
            on_progress(0.5)
            assert self.release.wait(30), "the test never released the runner"
            if bound in self.fail:
                raise RuntimeError(f"bound {bound} cannot be solved here")
            return {"bound": bound}
        finally:
            with self.lock:
                self.running -= 1


def finished(queue: SolveJobs, bounds) -> bool:
    statuses = [queue.status(b) for b in bounds]
    return all(s is not None and (s["done"] or s["error"]) for s in statuses)


def test_eight_submissions_run_one_at_a_time_and_say_how_many_are_ahead():
    runner = GatedRunner()
    queue = SolveJobs(runner, memory_needed=lambda b, rule: 1, memory_usable=lambda: 10**12)
    bounds = [1_000 + k for k in range(8)]
    for bound in bounds:
        queue.start(bound)
    wait_until(lambda: queue.status(bounds[0])["progress"] == 0.5)
    first = queue.status(bounds[0])
    assert not first["queued"] and first["position"] is None and first["progress"] == 0.5
    assert first["message"] == "solving, 50%"
    # The others wait, each behind the running one and those queued before it.
    for k, bound in enumerate(bounds[1:], start=1):
        status = queue.status(bound)
        assert status["queued"] and status["position"] == k and not status["done"] and status["error"] is None
        assert status["message"] == f"queued, {k} ahead"
    assert queue.counts() == {"queued": 7, "running": 1}
    # Asking again while queued starts nothing new.
    queue.start(bounds[3])
    assert queue.counts() == {"queued": 7, "running": 1}
    runner.release.set()
    wait_until(lambda: finished(queue, bounds))
    assert runner.most_at_once == 1
    assert runner.calls == bounds  # in the order asked for, each once
    assert all(queue.status(b)["done"] and queue.status(b)["progress"] == 1.0 for b in bounds)


def test_the_worker_limit_is_one_constant():
    assert jobs.MAX_RUNNING == 1
    runner = GatedRunner()
    queue = SolveJobs(runner, workers=2, memory_needed=lambda b, rule: 1, memory_usable=lambda: 10**12)
    for bound in (10, 20, 30):
        queue.start(bound)
    wait_until(lambda: runner.running == 2)
    assert queue.status(30)["position"] == 2
    runner.release.set()
    wait_until(lambda: finished(queue, (10, 20, 30)))
    assert runner.most_at_once == 2


def test_memory_of_running_and_waiting_solves_is_counted_together():
    runner = GatedRunner()
    # Bound b needs b GiB; 10 GiB may be used in all.
    queue = SolveJobs(runner, memory_needed=lambda b, rule: b * GIB, memory_usable=lambda: 10 * GIB)
    assert queue.start(6)["error"] is None  # runs
    wait_until(lambda: runner.running == 1)
    assert queue.start(3)["queued"]  # 6 + 3 <= 10: waits
    refused = queue.start(2)  # 6 + 3 + 2 > 10
    assert refused["error"] is not None and not refused["queued"] and not refused["done"]
    assert "2.0 GiB" in refused["error"] and "9.0 GiB" in refused["error"] and "10.0 GiB" in refused["error"]
    assert "smaller N or alpha" in refused["error"]
    assert queue.status(2) == refused
    assert queue.start(1)["queued"]  # 6 + 3 + 1 <= 10
    # Alone, a solve larger than the machine is refused with its own figures.
    alone = SolveJobs(runner, memory_needed=lambda b, rule: b * GIB, memory_usable=lambda: 10 * GIB).start(11)
    assert "11.0 GiB" in alone["error"] and "only 10.0 GiB" in alone["error"]
    runner.release.set()
    wait_until(lambda: finished(queue, (6, 3, 1)))
    assert runner.calls == [6, 3, 1]
    # Once the others are done, the refused bound is considered afresh.
    assert queue.start(2)["error"] is None
    wait_until(lambda: finished(queue, (2,)))
    assert queue.status(2)["done"] and runner.calls == [6, 3, 1, 2]


def test_memory_is_checked_again_when_a_waiting_solve_comes_to_start():
    runner = GatedRunner()
    usable = {"bytes": 10 * GIB}
    queue = SolveJobs(runner, memory_needed=lambda b, rule: b * GIB, memory_usable=lambda: usable["bytes"])
    queue.start(4)
    wait_until(lambda: runner.running == 1)
    queue.start(5)
    usable["bytes"] = 4 * GIB  # the machine got busier meanwhile
    runner.release.set()
    wait_until(lambda: finished(queue, (4, 5)))
    assert runner.calls == [4]
    assert "5.0 GiB" in queue.status(5)["error"] and "try again later" in queue.status(5)["error"]


def test_the_queue_is_capped():
    runner = GatedRunner()
    queue = SolveJobs(runner, max_queued=2, memory_needed=lambda b, rule: 1, memory_usable=lambda: 10**12)
    queue.start(100)
    wait_until(lambda: runner.running == 1)
    assert queue.start(200)["queued"] and queue.start(300)["queued"]
    refused = queue.start(400)
    assert "2 solves are already waiting" in refused["error"] and "try again" in refused["error"]
    assert queue.counts() == {"queued": 2, "running": 1}
    runner.release.set()
    wait_until(lambda: finished(queue, (100, 200, 300)))
    assert 400 not in runner.calls


def test_a_failed_solve_is_remembered_not_restarted_and_retry_starts_it():
    runner = GatedRunner(fail={777})
    runner.release.set()
    queue = SolveJobs(runner, memory_needed=lambda b, rule: 1, memory_usable=lambda: 10**12)
    queue.start(777)
    wait_until(lambda: finished(queue, (777,)))
    for _ in range(20):
        status = queue.start(777)
        assert status["error"] == "bound 777 cannot be solved here" and not status["done"]
    assert runner.calls == [777]  # one process, not 21
    assert queue.status(777)["message"] == "bound 777 cannot be solved here"
    assert queue.retry(777)["error"] is None
    wait_until(lambda: finished(queue, (777,)))
    assert runner.calls == [777, 777]
    assert queue.status(777)["error"] == "bound 777 cannot be solved here"


def test_a_failure_may_be_tried_again_after_the_cool_down():
    runner = GatedRunner(fail={5})
    runner.release.set()
    now = {"t": 1000.0}
    queue = SolveJobs(
        runner, retry_after=300, clock=lambda: now["t"], memory_needed=lambda b, rule: 1, memory_usable=lambda: 10**12
    )
    queue.start(5)
    wait_until(lambda: finished(queue, (5,)))
    now["t"] += 299
    queue.start(5)
    assert runner.calls == [5]
    now["t"] += 2
    queue.start(5)
    wait_until(lambda: len(runner.calls) == 2 and finished(queue, (5,)))


def test_a_runner_that_raises_anything_does_not_end_the_worker():
    calls = []

    def runner(bound, on_progress, rule=None):
        calls.append(bound)
        if bound == 1:
            raise KeyError("strange")
        if bound == 2:
            raise OSError()
        return {}

    queue = SolveJobs(runner, memory_needed=lambda b, rule: 1, memory_usable=lambda: 10**12)
    for bound in (1, 2, 3):
        queue.start(bound)
    wait_until(lambda: finished(queue, (1, 2, 3)))
    assert "strange" in queue.status(1)["error"] and queue.status(2)["error"] == "OSError"
    assert queue.status(3)["done"]


def test_done_is_not_solved_again_and_unknown_bounds_have_no_status():
    runner = GatedRunner()
    runner.release.set()
    queue = SolveJobs(runner, memory_needed=lambda b, rule: 1, memory_usable=lambda: 10**12)
    assert queue.status(9) is None
    queue.start(9)
    wait_until(lambda: finished(queue, (9,)))
    queue.start(9)
    queue.retry(9)
    assert runner.calls == [9]


def test_bad_bounds_and_settings_are_refused_by_type_and_range():
    queue = SolveJobs(lambda b, p: None)
    for bad in ("5", 5.0, True, None):
        with pytest.raises(TypeError):
            queue.start(bad)
        with pytest.raises(TypeError):
            queue.retry(bad)
    for bad in (0, -3):
        with pytest.raises(ValueError, match="the bound"):
            queue.start(bad)
    with pytest.raises(ValueError):
        SolveJobs(workers=0)
    with pytest.raises(ValueError):
        SolveJobs(max_queued=-1)
    with pytest.raises(ValueError):
        SolveJobs(retry_after=-1)


def test_the_default_memory_estimate_counts_one_byte_a_position():
    assert 10**9 <= jobs.solve_bytes(10**9) <= 1.2 * 10**9
    assert jobs.usable_bytes() > 0


def test_stop_ends_the_running_child_and_drops_the_waiting_jobs(monkeypatch):
    """A real child process (a sleeping interpreter in place of the solver) is ended by stop()."""
    real_popen = subprocess.Popen
    started = []

    def sleeping_child(command, **kwargs):
        assert command[1:4] == ["-m", "solver", "solve"]
        child = real_popen([sys.executable, "-c", "import time; time.sleep(120)"], **kwargs)
        started.append(child)
        return child

    monkeypatch.setattr(subprocess, "Popen", sleeping_child)
    queue = SolveJobs(memory_needed=lambda b, rule: 1, memory_usable=lambda: 10**12)
    queue.start(50_000_000)
    queue.start(60_000_000)
    wait_until(lambda: started and started[0].poll() is None)
    assert queue.stop() == 1
    # Ended by stop()'s SIGTERM, at once: not left running, not waited out (it sleeps two minutes, and would
    # exit 0), not killed after the grace period (SIGKILL).
    assert started[0].poll() == -signal.SIGTERM
    wait_until(lambda: finished(queue, (50_000_000,)))
    assert "stopped" in queue.status(50_000_000)["error"]
    assert queue.status(60_000_000)["error"] == "not started: the server stopped"
    assert len(started) == 1
    assert "stopping" in queue.start(70_000_000)["error"]
