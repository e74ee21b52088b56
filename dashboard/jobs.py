"""Long solves in a fresh ``python -m solver solve`` process, one queue for the server.

The server starts each long solve from a worker thread as a new interpreter,
which writes the disk cache; the server then opens the result memory-mapped.
The server never forks: a child forked from a threaded server can deadlock on
a lock (an import lock, say) that another thread held at the fork, and numba's
default threading layer is not fork-safe either.  (This is why the page polls
these jobs instead of using Dash's fork-based background callbacks.)

Every solve the page asks for goes through one :class:`SolveJobs` queue
(``dashboard.state.JOBS``), which

- runs at most :data:`MAX_RUNNING` solves at once; the others wait their turn,
  and their status says how many solves are ahead of them;
- holds at most :data:`MAX_QUEUED` waiting solves and refuses more, with a
  message;
- counts the memory of the running and waiting solves together and refuses a
  solve that would take the total past what this machine can use, with a
  message;
- remembers a failed solve: asking again for the same bound shows the error
  instead of starting another process, until :data:`RETRY_AFTER_SECONDS` have
  passed or :meth:`SolveJobs.retry` asks for a new try;
- ends its child processes when the server stops (:meth:`SolveJobs.stop`).
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from typing import NamedTuple, Protocol

from solver import config, get_rule
from solver.costs import solve_cost
from solver.engine.budget import available_memory
from solver.validation import check_integer

#: How many solves run at once.  One: a solve uses both cores of the machine
#: this page was built on (numba's parallel sweep), so a second one at the same
#: time only makes both slower and doubles the memory.
MAX_RUNNING = 1
#: How many solves may wait for their turn; more are refused with a message.
MAX_QUEUED = 8
#: After a solve fails, asking for the same bound shows the error for this
#: long instead of starting another process (``retry`` starts one at once).
RETRY_AFTER_SECONDS = 300.0
#: How many finished jobs (done, failed or refused) the registry remembers;
#: the oldest are forgotten first.
MAX_RECORDS = 256
#: Seconds a child is given to end after SIGTERM before it is killed.
STOP_GRACE_SECONDS = 5.0

_GIB = 2**30


def solve_bytes(bound: int, rule: str | None = None) -> int:
    """Memory a solve to ``bound`` needs at its peak, in bytes.

    Parameters
    ----------
    bound : int
        The bound ``B >= 1``.

    Returns
    -------
    int
        Bytes, as :func:`solver.costs.solve_cost` estimates them (1 byte per
        position plus the small game).

    Raises
    ------
    TypeError
        If ``bound`` is not an integer.
    ValueError
        If ``bound < 1``.
    """
    return int(solve_cost(bound, rule).bytes)


def usable_bytes() -> int:
    """Memory the solves of this server may plan to use together, in bytes.

    Returns
    -------
    int
        ``config.MEMORY_FRACTION`` of the memory available now
        (:func:`solver.costs.available_memory`).
    """
    return int(available_memory() * config.MEMORY_FRACTION)


class _Children:
    """The solve processes this server process started and that still run.

    They are children of the process, not of one queue, so one locked set
    per process holds them; :meth:`SolveJobs.stop` ends them.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._live: set = set()

    def add(self, child) -> None:
        with self._lock:
            self._live.add(child)

    def discard(self, child) -> None:
        with self._lock:
            self._live.discard(child)

    def end_all(self, grace: float = STOP_GRACE_SECONDS) -> int:
        with self._lock:
            live = list(self._live)
        for child in live:
            with contextlib.suppress(OSError, AttributeError):
                child.terminate()
        for child in live:
            try:
                child.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
            except (OSError, AttributeError, TypeError):
                pass
        return len(live)


_CHILDREN = _Children()


def solve_in_subprocess(
    bound: int, on_progress: Callable[[float], None] | None = None, rule: str | None = None
) -> dict:
    """Solve to ``bound`` into the disk cache in a child process.

    Parameters
    ----------
    bound : int
        The bound ``B``.
    on_progress : callable, optional
        Receives the fraction done (float in [0, 1]) as the child reports it.

    Returns
    -------
    dict
        The child's JSON summary (keys ``bound``, ``W``, ``L``, ``D``, ``U``,
        ``max_remoteness``, ``seconds``, ...).

    Raises
    ------
    RuntimeError
        If the child fails or is stopped; the message is its last line of
        error output.
    """
    # The child is this interpreter running the installed (or editable)
    # ``solver`` package: no PYTHONPATH or working directory is needed.
    child = subprocess.Popen(
        [sys.executable, "-m", "solver", "solve", "--bound", str(bound), "--json", "--progress-lines"]
        + (["--rule", get_rule(rule).name] if rule is not None else []),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    _CHILDREN.add(child)
    try:
        last_error = ""
        assert child.stderr is not None and child.stdout is not None
        for line in child.stderr:
            line = line.strip()
            if line.startswith("progress "):
                if on_progress is not None:
                    on_progress(float(line.split()[1]))
            elif line:
                last_error = line
        out = child.stdout.read()
        code = child.wait()
    finally:
        _CHILDREN.discard(child)
    if code != 0:
        if code < 0:  # ended by a signal: the server stopped it, or the system did
            raise RuntimeError(f"the solve to bound {bound:,} was stopped (signal {-code})")
        raise RuntimeError(last_error or f"the solve to bound {bound:,} failed")
    return json.loads(out)


class SolveKey(NamedTuple):
    """What a job solves: the rule's name and the bound."""

    rule: str
    bound: int


class SolveRunner(Protocol):
    """What :class:`SolveJobs` calls to solve: ``runner(bound, on_progress, rule=name)``.

    It solves ``bound`` of the rule named ``rule`` into the disk cache,
    calling ``on_progress(fraction)`` as it goes, and raises an exception
    (its text becomes the job's error) when it fails.
    :func:`solve_in_subprocess` is one.
    """

    def __call__(self, bound: int, on_progress: Callable[[float], None], *, rule: str) -> object: ...


def _key(bound: object, rule: object) -> SolveKey:
    return SolveKey(get_rule(rule).name, check_integer(bound, "the bound", least=1))


# Job states.
_QUEUED, _RUNNING, _DONE, _FAILED, _REFUSED = "queued", "running", "done", "failed", "refused"


class SolveJobs:
    """One queue of background solves, keyed by rule and bound; safe across threads.

    Worker threads (``workers`` of them, started on the first job) take jobs
    from the queue in order and run ``runner(bound, on_progress)`` (with
    ``rule=name`` added for a rule other than Put-or-Take-a-Square), by
    default :func:`solve_in_subprocess`, so the server process itself never
    forks (forking a threaded server can deadlock the child on a lock another
    thread held) and never runs a long kernel.

    Parameters
    ----------
    runner : SolveRunner, optional
        ``runner(bound, on_progress, rule=name)`` solves ``bound`` of a rule into the disk cache
        and raises an exception (any ``Exception``; its text becomes the
        job's error) when it fails.  Default: this module's
        :func:`solve_in_subprocess`, looked up when each job starts.
    workers : int, optional
        How many solves run at once (default :data:`MAX_RUNNING`).
    max_queued : int, optional
        How many solves may wait (default :data:`MAX_QUEUED`).
    retry_after : float, optional
        Seconds a failure is remembered (default :data:`RETRY_AFTER_SECONDS`).
    memory_needed : callable, optional
        ``memory_needed(bound, rule)`` in bytes, for a rule's name (default
        :func:`solve_bytes`).
    memory_usable : callable, optional
        ``memory_usable()`` in bytes, for all solves together (default
        :func:`usable_bytes`).
    clock : callable, optional
        Seconds, monotonic (default :func:`time.monotonic`).

    Raises
    ------
    TypeError
        If ``workers`` or ``max_queued`` is not an integer.
    ValueError
        If ``workers < 1``, ``max_queued < 0`` or ``retry_after < 0``.
    """

    def __init__(
        self,
        runner: SolveRunner | None = None,
        *,
        workers: int = MAX_RUNNING,
        max_queued: int = MAX_QUEUED,
        retry_after: float = RETRY_AFTER_SECONDS,
        memory_needed: Callable[[int, str], int] | None = None,
        memory_usable: Callable[[], int] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._workers = check_integer(workers, "workers", least=1)
        self._max_queued = check_integer(max_queued, "max_queued", least=0)
        if not retry_after >= 0:
            raise ValueError(f"retry_after must be >= 0 seconds, got {retry_after!r}")
        self._retry_after = float(retry_after)
        self._runner = runner
        self._memory_needed = memory_needed or solve_bytes
        self._memory_usable = memory_usable or usable_bytes
        self._clock = clock
        self._lock = threading.Condition(threading.Lock())
        self._jobs: OrderedDict[SolveKey, dict] = OrderedDict()
        self._queue: deque[SolveKey] = deque()
        self._threads: list[threading.Thread] = []
        self._stopped = False

    # ------------------------------------------------------------ asking

    def start(self, bound: int, rule: str | None = None) -> dict:
        """Queue a solve of ``bound`` unless one is waiting, running, done or failed lately.

        A bound whose solve failed less than ``retry_after`` seconds ago is
        not started again (its status keeps the error); a bound that was
        refused (queue full, not enough memory) is considered afresh.

        Parameters
        ----------
        bound : int
            The bound to solve into the disk cache, ``>= 1``.
        rule : str, optional
            The rule's name (:mod:`solver.games`); default Put-or-Take-a-Square.

        Returns
        -------
        dict
            The job's status, as :meth:`status`.

        Raises
        ------
        TypeError
            If ``bound`` is not an integer.
        ValueError
            If ``bound < 1``, or the rule is unknown.
        """
        key = _key(bound, rule)
        with self._lock:
            job = self._jobs.get(key)
            if job is not None:
                if job["state"] in (_QUEUED, _RUNNING, _DONE):
                    return self._status(key, job)
                if job["state"] == _FAILED and self._clock() - job["ended"] < self._retry_after:
                    return self._status(key, job)
            return self._submit(key)

    def retry(self, bound: int, rule: str | None = None) -> dict:
        """Queue a new solve of ``bound`` now, even if it failed lately.

        Parameters
        ----------
        bound : int
            The bound, ``>= 1``.
        rule : str, optional
            The rule's name; default Put-or-Take-a-Square.

        Returns
        -------
        dict
            The job's status, as :meth:`status` (a job waiting, running or
            done is left as it is).

        Raises
        ------
        TypeError
            If ``bound`` is not an integer.
        ValueError
            If ``bound < 1``, or the rule is unknown.
        """
        key = _key(bound, rule)
        with self._lock:
            job = self._jobs.get(key)
            if job is not None and job["state"] in (_QUEUED, _RUNNING, _DONE):
                return self._status(key, job)
            return self._submit(key)

    def status(self, bound: int, rule: str | None = None) -> dict | None:
        """The state of the job for ``bound`` (and ``rule``), or None when there is none.

        Parameters
        ----------
        bound : int
        rule : str, optional

        Returns
        -------
        dict or None
            A copy with keys

            ========== ============ =============================================
            key        type         meaning
            ========== ============ =============================================
            progress   float        fraction done, in [0, 1]
            done       bool         solved into the disk cache
            error      str or None  why it failed or was refused
            queued     bool         waiting for its turn
            position   int or None  solves ahead of it (running or waiting),
                                    when queued
            message    str          one line for the page: "queued, 2 ahead",
                                    "solving, 40%", "done", or the error
            ========== ============ =============================================
        """
        key = _key(bound, rule)
        with self._lock:
            job = self._jobs.get(key)
            return None if job is None else self._status(key, job)

    def counts(self) -> dict:
        """How many jobs wait and run now.

        Returns
        -------
        dict
            ``{"queued": int, "running": int}``.
        """
        with self._lock:
            return {"queued": len(self._queue), "running": self._running_count()}

    def stop(self) -> int:
        """Stop for good: refuse new jobs, drop the waiting ones, end running children.

        Returns
        -------
        int
            How many child processes were ended.
        """
        with self._lock:
            self._stopped = True
            while self._queue:
                key = self._queue.popleft()
                self._finish(self._jobs[key], _REFUSED, "not started: the server stopped")
            self._lock.notify_all()
        return _CHILDREN.end_all()

    # ------------------------------------------------------------ inside (the lock held)

    def _running_count(self) -> int:
        return sum(1 for job in self._jobs.values() if job["state"] == _RUNNING)

    def _status(self, key: SolveKey, job: dict) -> dict:
        state = job["state"]
        position = None
        if state == _QUEUED:
            position = self._running_count() + self._queue.index(key)
            message = f"queued, {position} ahead" if position else "queued, next to start"
        elif state == _RUNNING:
            message = f"solving, {round(100 * job['progress'])}%"
        elif state == _DONE:
            message = "done"
        else:
            message = job["error"]
        return {
            "progress": job["progress"],
            "done": state == _DONE,
            "error": job["error"],
            "queued": state == _QUEUED,
            "position": position,
            "message": message,
        }

    def _refuse(self, key: SolveKey, message: str) -> dict:
        job = self._new_job(key, 0)
        self._finish(job, _REFUSED, message)
        return self._status(key, job)

    def _new_job(self, key: SolveKey, need: int) -> dict:
        job = {"state": _QUEUED, "progress": 0.0, "error": None, "bytes": need, "ended": None}
        self._jobs.pop(key, None)
        self._jobs[key] = job  # newest last
        self._forget_old()
        return job

    def _finish(self, job: dict, state: str, error: str | None = None) -> None:
        job["state"], job["error"], job["ended"] = state, error, self._clock()
        if state == _DONE:
            job["progress"] = 1.0

    def _forget_old(self) -> None:
        finished = [b for b, job in self._jobs.items() if job["state"] not in (_QUEUED, _RUNNING)]
        for key in finished[: max(0, len(self._jobs) - MAX_RECORDS)]:
            del self._jobs[key]

    def _committed_bytes(self, states: tuple[str, ...]) -> int:
        return sum(job["bytes"] for job in self._jobs.values() if job["state"] in states)

    def _submit(self, key: SolveKey) -> dict:
        if self._stopped:
            return self._refuse(key, "not started: the server is stopping")
        if len(self._queue) >= self._max_queued:
            return self._refuse(
                key,
                f"not started: {len(self._queue)} solves are already waiting, the most this server queues; "
                "try again when they are done",
            )
        need = self._memory_needed(key.bound, key.rule)
        committed = self._committed_bytes((_QUEUED, _RUNNING))
        usable = self._memory_usable()
        if committed + need > usable:
            if committed:
                why = (
                    f"with the solves running or waiting ({committed / _GIB:.1f} GiB) that is more than "
                    f"the {usable / _GIB:.1f} GiB this machine can use; wait for them to finish or choose "
                    "a smaller N or alpha"
                )
            else:
                why = f"only {usable / _GIB:.1f} GiB can be used here; choose a smaller N or alpha"
            return self._refuse(
                key, f"not started: bound {key.bound:,} needs about {need / _GIB:.1f} GiB of memory; {why}"
            )
        self._new_job(key, need)
        self._queue.append(key)
        while len(self._threads) < self._workers:
            thread = threading.Thread(target=self._work, name=f"solve-worker-{len(self._threads)}", daemon=True)
            self._threads.append(thread)
            thread.start()
        self._lock.notify()
        return self._status(key, self._jobs[key])

    # ------------------------------------------------------------ the workers

    def _next(self) -> tuple[SolveKey, dict] | None:
        """Wait for a job that may start and mark it running; None once stopped."""
        with self._lock:
            while True:
                while not self._queue and not self._stopped:
                    self._lock.wait()
                if self._stopped:
                    return None
                key = self._queue.popleft()
                job = self._jobs[key]
                # Memory may have changed since the job was queued: check again
                # against what runs now.
                running = self._committed_bytes((_RUNNING,))
                usable = self._memory_usable()
                if running + job["bytes"] > usable:
                    self._finish(
                        job,
                        _REFUSED,
                        f"not started: bound {key.bound:,} needs about {job['bytes'] / _GIB:.1f} GiB of memory but "
                        f"only {max(0, usable - running) / _GIB:.1f} GiB can be used now; try again later or "
                        "choose a smaller N or alpha",
                    )
                    continue
                job["state"] = _RUNNING
                return key, job

    def _work(self) -> None:
        while True:
            picked = self._next()
            if picked is None:
                return
            key, job = picked

            def progress(fraction: float, job: dict = job) -> None:
                with self._lock:
                    job["progress"] = min(max(float(fraction), 0.0), 1.0)

            runner = self._runner if self._runner is not None else solve_in_subprocess
            try:
                runner(key.bound, progress, rule=key.rule)
            except Exception as exc:  # any failure becomes the job's message, never the thread's end
                with self._lock:
                    self._finish(job, _FAILED, str(exc) or type(exc).__name__)
                continue
            with self._lock:
                self._finish(job, _DONE)
