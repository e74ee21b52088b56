"""Long solves in a fresh ``python -m solver solve`` process.

The server starts each long solve from a thread as a new interpreter, which
writes the disk cache; the server then opens the result memory-mapped.  The
server never forks: a child forked from a threaded server can deadlock on a
lock (an import lock, say) that another thread held at the fork, and numba's
default threading layer is not fork-safe either.  (This is why the page
polls these jobs instead of using Dash's fork-based background callbacks.)
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Callable


def solve_in_subprocess(bound: int, on_progress: Callable[[float], None] | None = None) -> dict:
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
        If the child fails; the message is its last line of error output.
    """
    # The child is this interpreter running the installed (or editable)
    # ``solver`` package: no PYTHONPATH or working directory is needed.
    child = subprocess.Popen(
        [sys.executable, "-m", "solver", "solve", "--bound", str(bound), "--json", "--progress-lines"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
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
    if child.wait() != 0:
        raise RuntimeError(last_error or f"the solve to bound {bound:,} failed")
    return json.loads(out)


class SolveJobs:
    """Background solves, one thread each, keyed by bound; safe across threads.

    A job's thread runs :func:`solve_in_subprocess`, so the server process
    itself never forks (forking a threaded server can deadlock the child on
    a lock another thread held) and never runs a long kernel.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._jobs: dict[int, dict] = {}

    def start(self, bound: int) -> None:
        """Start solving ``bound`` unless a job for it is running or done well.

        Parameters
        ----------
        bound : int
            The bound to solve into the disk cache.
        """
        with self._lock:
            job = self._jobs.get(bound)
            if job is not None and job["error"] is None:
                return
            job = {"progress": 0.0, "done": False, "error": None}
            self._jobs[bound] = job

        def run() -> None:
            def progress(fraction: float) -> None:
                with self._lock:
                    job["progress"] = fraction

            try:
                solve_in_subprocess(bound, progress)
            except RuntimeError as exc:
                with self._lock:
                    job["error"] = str(exc)
                return
            with self._lock:
                job["progress"] = 1.0
                job["done"] = True

        threading.Thread(target=run, name=f"solve-{bound}", daemon=True).start()

    def status(self, bound: int) -> dict | None:
        """Return ``{"progress", "done", "error"}`` of the job for ``bound``, or None.

        Parameters
        ----------
        bound : int

        Returns
        -------
        dict or None
            A copy: ``progress`` (float in [0, 1]), ``done`` (bool) and
            ``error`` (str or None).
        """
        with self._lock:
            job = self._jobs.get(bound)
            return dict(job) if job is not None else None
