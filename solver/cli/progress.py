"""The progress of a long answer of ``python -m solver``, on stderr whatever stdout is.

On a terminal a bar (tqdm); elsewhere (a pipe, a file, a program reading
stderr) lines ``progress 0.42 writing the rows``.  Output rows are written in
chunks of :data:`CHUNK_ROWS`.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import IO, Any

from solver.impartial.progress import reporting

__all__ = ["CHUNK_ROWS", "PROGRESS_AFTER", "PROGRESS_EVERY", "Progress", "with_progress", "write_rows"]

#: Rows written at once.
CHUNK_ROWS = 1 << 16


class Progress:
    """The progress of a long answer on stderr, whatever stdout is.

    On a terminal, a bar (tqdm) that shows after a second.  Elsewhere (a
    pipe, a file, a program reading stderr), lines ``progress 0.42 writing
    the rows`` once the work has run :data:`PROGRESS_AFTER` seconds, at most
    one every :data:`PROGRESS_EVERY` seconds, and ``progress 1.00`` at the
    end of one that showed any: stdout is never touched.
    """

    def __init__(self, what: str, total: int, *, unit: str = "") -> None:
        from tqdm import tqdm

        self.what = what
        self.total = max(int(total), 1)
        self._terminal = sys.stderr.isatty()
        self._bar = tqdm(total=self.total, unit=unit, desc=what, disable=not self._terminal, delay=1.0)
        self._start = time.monotonic()
        self._last = self._start
        self._shown = False
        self._ended = False

    def update(self, done: int) -> None:
        """``done`` of ``total`` finished."""
        if self._terminal:
            self._bar.update(done - self._bar.n)
            return
        now = time.monotonic()
        if now - self._start >= PROGRESS_AFTER and (not self._shown or now - self._last >= PROGRESS_EVERY):
            self._line(done)
            self._last = now

    def _line(self, done: int) -> None:
        fraction = min(done / self.total, 1.0)
        if self._ended:
            return  # the end is said once
        self._shown = True
        self._ended = fraction >= 1.0
        print(f"progress {fraction:.2f} {self.what}", file=sys.stderr, flush=True)

    def finish(self, total: int) -> None:
        """The work is done at ``total`` (a count first estimated as a most, such as a tree's nodes)."""
        self.total = max(int(total), 1)
        if self._terminal:
            self._bar.total = self.total
            self._bar.refresh()

    def close(self) -> None:
        """The end: the bar closes; a line ``progress 1.00`` if any line was shown."""
        if self._terminal:
            self._bar.close()
        elif self._shown:
            self._line(self.total)

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def with_progress(work: Callable[[], Any]) -> Any:
    """Run ``work`` with :class:`Progress` fed by the kernels that report theirs (the sparse-space method, Magnetism's sequences)."""
    with Progress("computing the values", 1000) as bar, reporting(lambda fraction: bar.update(round(1000 * fraction))):
        return work()


#: Seconds a long answer runs before its first progress line when stderr is not a terminal.
PROGRESS_AFTER = 2.0
#: Seconds between two progress lines.
PROGRESS_EVERY = 2.0


def write_rows(out: IO[str], rows, total: int | None = None) -> None:
    """Write the rows in chunks of :data:`CHUNK_ROWS`; with ``total`` (the number of rows), with :class:`Progress`."""
    chunk: list[str] = []
    progress = Progress("writing the rows", total, unit=" rows") if total else None
    done = 0
    try:
        for row in rows:
            chunk.append(row)
            if len(chunk) >= CHUNK_ROWS:
                out.write("".join(chunk))
                done += len(chunk)
                chunk.clear()
                if progress is not None:
                    progress.update(done)
        out.write("".join(chunk))
    finally:
        if progress is not None:
            progress.close()
