"""CPU time, the measure a test may bound where a wall-clock time would fail on a busy machine.

A machine shared with other work stretches the wall-clock time of a call
several times over (an answer of 0.04 s of CPU took 6.45 s under a load of 5
to 11 on two cores) but hardly its CPU time.  A test that guards against long
work bounds the CPU time, with a wide margin; speed itself is measured by the
benchmarks (``benchmarks/``), not asserted by tests.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def within_cpu_seconds(limit: float, call: Callable[[], T], what: object = "") -> T:
    """Run ``call()`` and fail if this process spent more than ``limit`` seconds of CPU on it.

    The CPU time is that of the whole process (every thread: a server's worker
    threads, numba's parallel kernels), so work started by the call in this
    process counts too.
    """
    start = time.process_time()
    result = call()
    spent = time.process_time() - start
    assert spent <= limit, f"{spent:.1f} s of CPU (more than {limit:g} s) for {what!r}"
    return result
