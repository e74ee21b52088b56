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
- the default view shows its counts in headless Chromium
  (``#summary-count-W`` with the right number; needs Playwright and
  ``/usr/bin/chromium``, skipped with ``--no-browser``);
- the server says its kernels are ready (its ``kernels ready`` line on
  stderr; a launch that compiles nothing prints no such line).

The goal (a fresh install): the page answers within 10 s of launch and
says what is still compiling.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

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


#: How long the page is given to show the compile notice (ms); a warm launch never shows it.
NOTICE_WAIT_MS = 15_000


def _playwright():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    return sync_playwright


def launch(env: dict, browser: bool, timeout: float) -> dict[str, float]:
    """Start the server once and time its first answers (seconds from the start)."""
    marks: dict[str, float] = {}
    start = time.monotonic()
    child = subprocess.Popen(
        [sys.executable, "-m", "dashboard", "--port", "0"],
        cwd=str(ROOT),
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    url: list[str] = []
    got_url = threading.Event()
    ready = threading.Event()
    compiling = threading.Event()  # the server said it compiles (a cold cache); a warm launch says nothing
    stderr_lines: list[str] = []

    def read_stdout() -> None:
        for line in child.stdout:
            if "open http://" in line and not url:
                marks["address printed"] = time.monotonic() - start
                url.append(line.split("open ", 1)[1].split()[0])
                got_url.set()

    def read_stderr() -> None:
        for line in child.stderr:
            stderr_lines.append(line)
            if line.startswith("compiling the solver's kernels"):
                compiling.set()
            if "kernels ready" in line and "kernels ready" not in marks:
                marks["kernels ready"] = time.monotonic() - start
                ready.set()

    threading.Thread(target=read_stdout, daemon=True).start()
    threading.Thread(target=read_stderr, daemon=True).start()
    try:
        if not got_url.wait(timeout):
            raise SystemExit(f"first_launch.py: no address within {timeout:.0f} s: {''.join(stderr_lines)[-2000:]}")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(url[0], timeout=timeout) as answer:
                    if answer.status == 200:
                        marks["page answers (GET /)"] = time.monotonic() - start
                        break
            except OSError:
                time.sleep(0.05)
        sync_playwright = _playwright() if browser else None
        if sync_playwright is not None and os.path.exists(CHROMIUM):
            from playwright.sync_api import TimeoutError as PlaywrightTimeout

            with sync_playwright() as play:
                chromium = play.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = chromium.new_page(viewport={"width": 1440, "height": 900})
                page.goto(url[0], timeout=timeout * 1000)
                # The notice shows once its first poll is answered, if anything compiles.
                try:
                    page.wait_for_selector("#compile-notice:not([hidden])", timeout=NOTICE_WAIT_MS)
                    marks["page says what is compiling"] = time.monotonic() - start
                except PlaywrightTimeout:
                    pass
                page.wait_for_function(
                    "(want) => { const el = document.getElementById('summary-count-W');"
                    " return el && el.textContent.replace(/,/g, '') === String(want); }",
                    arg=DEFAULT_W,
                    timeout=timeout * 1000,
                    polling=50,
                )
                marks["default view's counts shown"] = time.monotonic() - start
                chromium.close()
        if compiling.is_set():
            ready.wait(max(0.0, deadline - time.monotonic()))
    finally:
        child.terminate()
        try:
            child.wait(timeout=15)
        except subprocess.TimeoutExpired:
            child.kill()
    return marks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="cold and warm launches, each (default 1)")
    parser.add_argument("--no-browser", action="store_true", help="do not open the page in Chromium")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds to wait for each answer (default 300)")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if not args.no_browser and _playwright() is None:
        raise SystemExit(
            "first_launch.py: Playwright is not installed (pip install -e '.[test]'), or pass --no-browser"
        )
    results: list[tuple[str, dict[str, float]]] = []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="ptsq-numba-") as numba_dir:
            for kind in ("cold", "warm"):
                with tempfile.TemporaryDirectory(prefix="ptsq-solves-") as solves:
                    env = dict(os.environ, NUMBA_CACHE_DIR=numba_dir, PTSQ_CACHE_DIR=solves)
                    marks = launch(env, browser=not args.no_browser, timeout=args.timeout)
                    results.append((kind, marks))
                    print(kind, ", ".join(f"{k} {v:.1f} s" for k, v in marks.items()), flush=True)
    names = [
        "address printed",
        "page answers (GET /)",
        "page says what is compiling",
        "default view's counts shown",
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


if __name__ == "__main__":
    main()
