"""The first minutes of a new install: how long ``python -m dashboard`` takes to answer.

Run on demand (not part of the test suite):

    .venv/bin/python benchmarks/first_launch.py [--runs 1] [--no-browser]

Starts ``python -m dashboard --port 0`` in a subprocess twice, with a numba
cache of its own (``NUMBA_CACHE_DIR``, a new empty folder) and an empty solve
cache (``PTSQ_CACHE_DIR``):

- **cold**: the numba cache is empty, as after an install: every kernel is
  compiled;
- **warm**: the same server again, its kernels now in the cache.

For each launch it prints seconds from the start of the process until

- the address is printed (the first line on stdout);
- the page answers (``GET /`` returns 200);
- the page, opened in headless Chromium as soon as it answers, says what is
  compiling (its notice shows), and its default view shows its counts
  (``#summary-count-W`` with the right number); Chromium is started before
  the server, so its own start is not counted (needs Playwright and
  ``/usr/bin/chromium``; ``--no-browser`` leaves the page unopened);
  with the processor seconds the server had used by then;
- the server says its kernels are ready (its ``kernels ready`` line on
  stderr; a launch that compiles nothing prints no such line).

The goals (a fresh install): the page answers within 10 s of launch and
says what is still compiling; the default view shows its counts within
10 s of launch (issue 36; ``docs/performance-page.md``, "First launch", has the
figures).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: W positions in 1..10,000 at B = 10**6: what the default view's summary shows.
DEFAULT_W = 802
GOAL_SECONDS = 10.0


#: What the page shows: whether the compile notice is visible, and the summary's W count.
LOOK = """() => {
    const notice = document.getElementById('compile-notice');
    const w = document.getElementById('summary-count-W');
    return {notice: !!(notice && !notice.hidden), w: w ? w.textContent.replace(/,/g, '') : null};
}"""


def _playwright():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    return sync_playwright


def _cpu_seconds(pid: int) -> float | None:
    """Processor seconds (user and system) a process has used so far, from ``/proc`` (None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Server(NamedTuple):
    """A ``python -m dashboard --port 0`` started by :func:`dashboard_server`, its page answering.

    Attributes
    ----------
    child : subprocess.Popen
        The server's process.
    url : str
        The address it printed.
    start : float
        ``time.monotonic()`` just before the process was started.
    marks : dict of str to float
        Seconds from ``start`` until ``"address printed"`` and until
        ``"page answers (GET /)"`` (``GET /`` returned 200).
    """

    child: subprocess.Popen
    url: str
    start: float
    marks: dict[str, float]


@contextlib.contextmanager
def dashboard_server(
    env: dict, timeout: float, on_stderr: Callable[[str, float], None] | None = None, who: str = "first_launch.py"
) -> Iterator[Server]:
    """Start ``python -m dashboard --port 0``, read its address, wait until ``GET /`` answers; stop it after.

    The one start of a server that ``first_launch.py`` and ``first_view.py``
    time.  ``env`` is the server's environment (its numba and solve caches);
    ``on_stderr(line, seconds)`` is called with each line of its stderr and
    the seconds since the start; ``who`` names the script in the message of
    a server that prints no address within ``timeout`` seconds
    (``SystemExit``).
    """
    start = time.monotonic()
    child = subprocess.Popen(
        [sys.executable, "-m", "dashboard", "--port", "0"],
        cwd=str(ROOT),
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    marks: dict[str, float] = {}
    url: list[str] = []
    got_url = threading.Event()
    stderr_lines: list[str] = []

    def read_stdout() -> None:
        assert child.stdout is not None  # opened with PIPE
        for line in child.stdout:
            if "open http://" in line and not url:
                marks["address printed"] = time.monotonic() - start
                url.append(line.split("open ", 1)[1].split()[0])
                got_url.set()

    def read_stderr() -> None:
        assert child.stderr is not None  # opened with PIPE
        for line in child.stderr:
            stderr_lines.append(line)
            if on_stderr is not None:
                on_stderr(line, time.monotonic() - start)

    threading.Thread(target=read_stdout, daemon=True).start()
    threading.Thread(target=read_stderr, daemon=True).start()
    try:
        if not got_url.wait(timeout):
            raise SystemExit(f"{who}: no address within {timeout:.0f} s: {''.join(stderr_lines)[-2000:]}")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(url[0], timeout=timeout) as answer:
                    if answer.status == 200:
                        marks["page answers (GET /)"] = time.monotonic() - start
                        break
            except OSError:
                time.sleep(0.05)
        yield Server(child, url[0], start, marks)
    finally:
        child.terminate()
        try:
            child.wait(timeout=15)
        except subprocess.TimeoutExpired:
            child.kill()


def launch(env: dict, chromium, timeout: float) -> dict[str, float]:
    """Start the server once and time its first answers (seconds from the start).

    ``chromium`` is a Playwright browser already running (its start is not
    the page's time), or None to leave the page unopened.
    """
    marks: dict[str, float] = {}
    ready = threading.Event()
    compiling = threading.Event()  # the server said it compiles (a cold cache); a warm launch says nothing

    def watch(line: str, seconds: float) -> None:
        if line.startswith("compiling the solver's kernels"):
            compiling.set()
        if "kernels ready" in line and "kernels ready" not in marks:
            marks["kernels ready"] = seconds
            ready.set()

    with dashboard_server(env, timeout, watch) as server:
        marks.update(server.marks)
        child, start = server.child, server.start
        deadline = time.monotonic() + timeout
        if chromium is not None:
            context = chromium.new_context(viewport={"width": 1440, "height": 900})
            page = context.new_page()
            page.goto(server.url, timeout=timeout * 1000)
            # Look every 50 ms: the notice shows once its first poll is answered,
            # if anything compiles; the counts show once the default view is solved.
            while "default view's counts shown" not in marks:
                if time.monotonic() > deadline:
                    raise SystemExit(f"first_launch.py: the default view did not show within {timeout:.0f} s")
                seen = page.evaluate(LOOK)
                now = time.monotonic() - start
                if seen["notice"]:
                    marks.setdefault("page says what is compiling", now)
                if seen["w"] == str(DEFAULT_W):
                    marks["default view's counts shown"] = now
                    cpu = _cpu_seconds(child.pid)
                    if cpu is not None:
                        marks["server's CPU s by then"] = cpu
                page.wait_for_timeout(50)
            context.close()
        if compiling.is_set():
            ready.wait(max(0.0, deadline - time.monotonic()))
    return marks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="cold and warm launches, each (default 1)")
    parser.add_argument("--no-browser", action="store_true", help="do not open the page in Chromium")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds to wait for each answer (default 300)")
    parser.add_argument(
        "--warm-cache",
        metavar="DIR",
        help="only warm launches, with this numba cache (NUMBA_CACHE_DIR) that an earlier launch has filled",
    )
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if not args.no_browser and _playwright() is None:
        raise SystemExit(
            "first_launch.py: Playwright is not installed (pip install -e '.[test]'), or pass --no-browser"
        )
    results: list[tuple[str, dict[str, float]]] = []
    with contextlib.ExitStack() as stack:
        chromium = None
        if not args.no_browser:
            if not os.path.exists(CHROMIUM):
                raise SystemExit(f"first_launch.py: needs Chromium at {CHROMIUM}, or pass --no-browser")
            play = stack.enter_context(_playwright()())
            chromium = play.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            stack.callback(chromium.close)
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory(prefix="ptsq-numba-") as numba_dir:
                kinds = ("warm",) if args.warm_cache else ("cold", "warm")
                numba_dir = args.warm_cache or numba_dir
                for kind in kinds:
                    with tempfile.TemporaryDirectory(prefix="ptsq-solves-") as solves:
                        env = dict(os.environ, NUMBA_CACHE_DIR=numba_dir, PTSQ_CACHE_DIR=solves)
                        marks = launch(env, chromium, timeout=args.timeout)
                        results.append((kind, marks))
                        print(kind, ", ".join(f"{k} {v:.1f} s" for k, v in marks.items()), flush=True)
    names = [
        "address printed",
        "page answers (GET /)",
        "page says what is compiling",
        "default view's counts shown",
        "server's CPU s by then",
        "kernels ready",
    ]
    load = os.getloadavg()[0]
    print(f"\nfirst launch, seconds from the start of the process (load average {load:.2f}, {os.cpu_count()} cores):")
    print(f"{'':<32}" + "".join(f"{kind:>10}" for kind, _ in results))
    for name in names:
        cells = [marks.get(name) for _, marks in results]
        print(f"{name:<32}" + "".join(f"{'-' if v is None else f'{v:.1f}':>10}" for v in cells))
    answered = [marks.get("page answers (GET /)") for kind, marks in results if kind == "cold"]
    if all(v is not None and v <= GOAL_SECONDS for v in answered):
        print(f"goal met: a cold launch answers within {GOAL_SECONDS:.0f} s")
    else:
        print(f"goal missed: a cold launch answers within {GOAL_SECONDS:.0f} s")
    if not args.no_browser:
        shown = [marks.get("default view's counts shown") for kind, marks in results if kind == "cold"]
        met = all(v is not None and v <= GOAL_SECONDS for v in shown)
        print(f"goal {'met' if met else 'missed'}: a cold launch shows the default view within {GOAL_SECONDS:.0f} s")


if __name__ == "__main__":
    main()
