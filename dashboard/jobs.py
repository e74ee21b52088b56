"""Long solves in a fresh ``python -m solver solve`` process.

numba's default threading layer is not fork-safe, so a solve never runs in a
process forked from the server (which is how Dash's background callbacks
start); it runs in a new interpreter that writes the disk cache, and the
server then opens the result memory-mapped.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    child = subprocess.Popen(
        [sys.executable, "-m", "solver", "solve", "--bound", str(bound), "--json", "--progress-lines"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=str(ROOT),
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
