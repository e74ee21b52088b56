"""Load on the real server: many browsers' worth of callback requests at once.

Run on demand (not part of the test suite):

    .venv/bin/python benchmarks/load.py [--seconds 60] [--clients 20] [--n 10000 1000000] [--alpha 100] [--port 0]

It needs Playwright (the test extras: ``.venv/bin/pip install -e '.[test]'``)
and ``/usr/bin/chromium`` (``scripts/install-browser.sh``), and says so in
one line when either is missing.

For each N it

1. solves B = alpha * N first (``python -m solver solve``), so the load
   measures serving, not solving;
2. starts the real server, ``python -m dashboard --port P`` on 127.0.0.1 (``--port``,
   default 0: a free one), in a subprocess (one server for all N; its solve cache is a temporary folder
   unless ``--cache-dir`` says otherwise);
3. captures real ``/_dash-update-component`` requests with headless Chromium
   (``/usr/bin/chromium``, see docs/browser-tests.md) as the page sends them
   for three changes: N (setup, summary, densities, layers, differences,
   tree, ...), the density transform, and the move depth;
4. replays them from ``--clients`` threads at once, each client sending one
   change's requests after another, for ``--seconds`` seconds;
5. prints requests per second, p50, p95 and maximum latency, the number of
   errors (HTTP status other than 200/204, or no answer), the server's peak
   resident memory, and the time per callback output, slowest first.

Only loopback traffic; every loop is bounded by time.  The goal: 0 errors
and p95 <= 500 ms at N = 10^6 with 20 clients.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dashboard import ids
from dashboard.tabs.explore import ids as explore_ids

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
UPDATE = "/_dash-update-component"
GOAL_P95_MS = 500.0


# ---------------------------------------------------------------- the server


def start_server(env: dict, threads: int | None, port: int = 0, timeout: float = 180.0) -> tuple[subprocess.Popen, str]:
    """Start ``python -m dashboard --port PORT`` (0: a free one); return it and the address it prints."""
    command = [sys.executable, "-m", "dashboard", "--port", str(port)]
    if threads is not None:
        command += ["--threads", str(threads)]
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    found: list[str] = []
    reader = threading.Thread(target=lambda: found.append(child.stdout.readline()), daemon=True)
    reader.start()
    reader.join(timeout)
    line = found[0] if found else ""
    if "open http://" not in line:
        child.kill()
        raise SystemExit(f"load.py: the server did not start: {line!r} {child.stderr.read()[-2000:]}")
    url = line.split("open ", 1)[1].split()[0]
    if not url.startswith("http://127.0.0.1:"):
        child.kill()
        raise SystemExit(f"load.py: the server is not on loopback: {url}")
    return child, url


def stop_server(child: subprocess.Popen) -> str:
    """SIGTERM, then kill after 30 s; return what it printed on stderr."""
    child.send_signal(signal.SIGTERM)
    try:
        _, err = child.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        child.kill()
        _, err = child.communicate()
    return err


def needs_browser(script: str) -> None:
    """Stop with one line when Playwright or Chromium is missing (before any work starts)."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        raise SystemExit(
            f"{script}: needs Playwright, from the test extras: .venv/bin/pip install -e '.[test]'"
        ) from None
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"{script}: needs Chromium at {CHROMIUM}: run bash scripts/install-browser.sh")


def peak_rss_mib(pid: int) -> tuple[float, float]:
    """(peak, current) resident memory of a process in MiB, from /proc."""
    fields = {}
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    return int(fields["VmHWM"].split()[0]) / 1024, int(fields["VmRSS"].split()[0]) / 1024


# ---------------------------------------------------------------- capturing real requests


class Recorder:
    """Callback requests the page sends, grouped by the change that caused them."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.in_flight = 0
        self.last_event = time.monotonic()
        self.group: list[dict] | None = None
        self.failures: list[str] = []

    def on_request(self, request) -> None:
        if UPDATE not in request.url:
            return
        with self.lock:
            self.in_flight += 1
            self.last_event = time.monotonic()
            if self.group is not None:
                self.group.append({"body": request.post_data, "output": json.loads(request.post_data)["output"]})

    def on_done(self, request, failed: bool = False) -> None:
        if UPDATE not in request.url:
            return
        with self.lock:
            self.in_flight -= 1
            self.last_event = time.monotonic()
        response = None if failed else request.response()
        if response is None or response.status not in (200, 204):
            self.failures.append(f"{request.post_data[:120]} -> {None if response is None else response.status}")

    def wait_idle(self, page, quiet: float = 1.5, timeout: float = 120.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            page.wait_for_timeout(100)
            with self.lock:
                if self.in_flight == 0 and time.monotonic() - self.last_event > quiet:
                    return
        print(f"  (the page was still busy after {timeout:.0f} s; going on)")


def _type_n(page, n: int) -> None:
    box = page.locator(f"#{ids.N_INPUT}")
    box.fill(str(n))
    box.press("Enter")


def _show_view(page, view: str) -> None:
    # The Explore tab shows one view at a time: pick it in the view switch.
    switch = getattr(explore_ids, "EXPLORE_VIEW", None)
    if switch is None or page.locator(f"#{switch}").count() == 0:
        return
    page.locator(f"#{switch} label", has=page.locator(f"input[value='{view}']")).click()


def _next_transform(page) -> None:
    # A click on the first radio button that is not chosen (the densities view is shown).
    off = page.locator(f"#{explore_ids.DENSITY_TRANSFORM} input[type=radio]:not(:checked)")
    if off.count() == 0:
        raise SystemExit(f"load.py: no density transform to choose in #{explore_ids.DENSITY_TRANSFORM}")
    off.first.check()


def _depth_up(page) -> None:
    # Type the next depth into the depth box and press Enter, as browser_latency.py does.
    box = page.locator(f"#{explore_ids.DEPTH_INPUT}")
    if box.count() == 0:
        raise SystemExit(f"load.py: no depth box #{explore_ids.DEPTH_INPUT} on the page")
    current = box.input_value() or "6"
    box.fill(str(int(current) % 19 + 1))
    box.press("Enter")


def capture(url: str, n: int, alpha: int) -> dict[str, list[dict]]:
    """Drive the page in headless Chromium and record the requests of three changes."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        raise SystemExit(f"load.py: {CHROMIUM} is missing; install it with scripts/install-browser.sh")
    recorder = Recorder()
    groups: dict[str, list[dict]] = {}
    start_n = max(100, n // 10)
    # (name, what to do first, unrecorded; the change whose requests are recorded).
    # A hidden view sends no request, so each change first shows the view it is
    # for, as a person would: the densities for the transform, the layers for
    # the depth (the layers and the tree follow the depth).
    changes = [
        (f"N {start_n:,} -> {n:,} (typed)", None, lambda page: _type_n(page, n)),
        ("density transform (radio)", lambda page: _show_view(page, "densities"), _next_transform),
        ("depth + 1 (typed)", lambda page: _show_view(page, "layers"), _depth_up),
    ]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.on("request", recorder.on_request)
        page.on("requestfinished", recorder.on_done)
        page.on("requestfailed", lambda r: recorder.on_done(r, failed=True))
        page.goto(f"{url}?n={start_n}&alpha={alpha}", timeout=120_000)
        page.wait_for_selector(f"#{explore_ids.SUMMARY}", timeout=120_000)
        recorder.wait_idle(page)
        for name, prepare, act in changes:
            if prepare is not None:
                prepare(page)
                recorder.wait_idle(page)
            with recorder.lock:
                recorder.group = groups[name] = []
            act(page)
            recorder.wait_idle(page)
            with recorder.lock:
                recorder.group = None
        browser.close()
    if recorder.failures:
        raise SystemExit(
            "load.py: the page's own requests failed while capturing:\n" + "\n".join(recorder.failures[:10])
        )
    for name, group in groups.items():
        if not group:
            raise SystemExit(f"load.py: the change '{name}' sent no callback request")
    return groups


# ---------------------------------------------------------------- replaying them


def _label(output: str) -> str:
    # "..summary.children...tree.elements.." -> "summary.children, tree.elements"
    parts = [part for part in output.strip(".").split("...") if part]
    shown = ", ".join(parts[:2]) + (f" (+{len(parts) - 2})" if len(parts) > 2 else "")
    return shown[:70]


def replay(url: str, groups: dict[str, list[dict]], clients: int, seconds: float) -> dict:
    """``clients`` threads send the groups' requests until ``seconds`` have passed."""
    endpoint = url.rstrip("/") + UPDATE
    names = list(groups)
    deadline = time.monotonic() + seconds
    lock = threading.Lock()
    latencies: list[float] = []
    per_output: dict[str, list[float]] = defaultdict(list)
    errors: list[str] = []

    def client(index: int) -> None:
        session = requests.Session()
        session.headers.update({"Content-Type": "application/json", "Accept": "application/json"})
        k = index
        while time.monotonic() < deadline:
            for request in groups[names[k % len(names)]]:
                if time.monotonic() >= deadline:
                    break
                start = time.perf_counter()
                try:
                    response = session.post(endpoint, data=request["body"].encode(), timeout=60)
                    status = response.status_code
                    _ = response.content
                except requests.RequestException as exc:
                    status, detail = None, type(exc).__name__
                ms = 1000 * (time.perf_counter() - start)
                with lock:
                    latencies.append(ms)
                    per_output[_label(request["output"])].append(ms)
                    if status not in (200, 204):
                        errors.append(f"{_label(request['output'])}: {status or detail}")
            k += 1
        session.close()

    threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(clients)]
    start = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 120)
    elapsed = time.monotonic() - start
    return {"latencies": latencies, "per_output": per_output, "errors": errors, "elapsed": elapsed}


def _q(values: list[float], q: int) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def report(n: int, bound: int, clients: int, result: dict, rss: tuple[float, float]) -> None:
    lat = result["latencies"]
    p95 = _q(lat, 95)
    print(
        f"N = {n:,} (bound {bound:,}), {clients} clients, {result['elapsed']:.0f} s: "
        f"{len(lat):,} requests, {len(lat) / result['elapsed']:.1f} req/s, "
        f"p50 {_q(lat, 50):.0f} ms, p95 {p95:.0f} ms, max {max(lat, default=float('nan')):.0f} ms, "
        f"errors {len(result['errors'])}, server peak RSS {rss[0]:.0f} MiB (now {rss[1]:.0f} MiB)"
    )
    met = not result["errors"] and p95 <= GOAL_P95_MS
    print(f"  goal (0 errors, p95 <= {GOAL_P95_MS:.0f} ms): {'met' if met else 'MISSED'}")
    for line in result["errors"][:5]:
        print(f"  error: {line}")
    total = sum(lat) or 1.0
    print(f"  {'callback output':<72} {'count':>6} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7} {'time %':>6}")
    rows = sorted(result["per_output"].items(), key=lambda kv: -sum(kv[1]))
    for name, values in rows:
        print(
            f"  {name:<72} {len(values):>6} {_q(values, 50):>7.0f} {_q(values, 95):>7.0f} "
            f"{max(values):>7.0f} {100 * sum(values) / total:>6.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="load time per N (default 60)")
    parser.add_argument("--clients", type=int, default=20, help="concurrent clients (default 20)")
    parser.add_argument("--n", type=int, nargs="+", default=[10_000, 1_000_000], help="values of N")
    parser.add_argument("--alpha", type=int, default=100)
    parser.add_argument("--threads", type=int, help="server threads (default: the server's own)")
    parser.add_argument("--cache-dir", help="solve cache to use (default: a temporary folder, removed after)")
    parser.add_argument("--port", type=int, default=0, help="the server's port (default 0: a free one)")
    args = parser.parse_args()
    if not 0 < args.seconds <= 3600 or not 0 < args.clients <= 200:
        parser.error("--seconds must be in (0, 3600] and --clients in 1..200")
    if not 0 <= args.port <= 65535:
        parser.error("--port must be in 0..65535")
    needs_browser("load.py")

    temporary = args.cache_dir is None
    cache = tempfile.mkdtemp(prefix="ptsq-load-") if temporary else args.cache_dir
    env = dict(os.environ, PTSQ_CACHE_DIR=cache)
    server = None
    try:
        for n in args.n:
            bound = n * args.alpha
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "solver", "solve", "--bound", str(bound), "--json"],
                env=env,
                check=True,
                capture_output=True,
            )
            print(f"bound {bound:,} solved (or opened) in {time.perf_counter() - start:.1f} s")
        server, url = start_server(env, args.threads, args.port)
        print(f"server: {url} (pid {server.pid})")
        for n in args.n:
            bound = n * args.alpha
            start = time.perf_counter()
            groups = capture(url, n, args.alpha)
            print(f"N = {n:,}: captured in {time.perf_counter() - start:.1f} s:")
            for name, group in groups.items():
                print(f"  {name}: {len(group)} requests: {', '.join(_label(r['output']) for r in group)}")
            result = replay(url, groups, args.clients, args.seconds)
            report(n, bound, args.clients, result, peak_rss_mib(server.pid))
    finally:
        if server is not None:
            err = stop_server(server)
            if err.strip():
                print("server stderr (last lines):\n" + "\n".join(err.strip().splitlines()[-10:]))
        if temporary:
            shutil.rmtree(cache, ignore_errors=True)


if __name__ == "__main__":
    main()
