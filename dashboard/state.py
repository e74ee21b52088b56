"""State the whole page shares on the server: the solve cache and the solve jobs.

One of each per server process, shared by every tab, every callback and every
browser connected to it.  Callbacks read them as ``state.SOLUTIONS`` and
``state.JOBS`` at call time (so a test can swap either with ``monkeypatch``).
"""

from __future__ import annotations

from solver.cache import SolutionCache

from .jobs import SolveJobs

#: Solves shared by every callback and every browser tab of this server.
SOLUTIONS = SolutionCache(capacity=8)
#: The one queue of background solves (fresh processes started from worker
#: threads, at most ``jobs.MAX_RUNNING`` at once), by bound.
JOBS = SolveJobs()
