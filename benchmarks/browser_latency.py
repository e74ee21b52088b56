"""Latency of the page as a user feels it: a real browser against a real server.

Run on demand (not part of the test suite):

    .venv/bin/python benchmarks/browser_latency.py [--repeat 10] [--port 0] [--n 1000000]

Needs Playwright (the test extras: ``.venv/bin/pip install -e '.[test]'``)
and ``/usr/bin/chromium`` (``scripts/install-browser.sh``), and says so in one
line when either is missing.

Starts ``python -m dashboard --port P`` in a subprocess on 127.0.0.1 with a
solve cache of its own (a temporary folder, unless ``--cache-dir``), solves
the bounds it needs there first (so the figures measure serving, not
solving), and drives headless Debian Chromium (``/usr/bin/chromium``) with
Playwright.  Each measurement is repeated and the script prints p50 and p95
in milliseconds:

- first load (a new browser profile, nothing cached): from navigation start
  until the first callback request (the scripts have loaded and the page is
  drawn), until the summary's counts show, and until every callback the
  load started has answered and been drawn; then a reload of the same page
  (scripts from the browser's cache) until the summary shows;
- N change: typing N (alternately ``--n`` and 99 % of it, both solved) and
  pressing Enter, until the page has drawn every answer;
- depth change: typing a move depth and pressing Enter, likewise (at ``--n``);
- tree expand: clicking an unexpanded node of the game tree, likewise;
- play move: pressing a move button in the Play tab, likewise;
- every game's opening (``--game-repeat``): chosen in the page's game menu
  from the default view until drawn, and opened from its address
  (``?game=NAME``) from navigation start until drawn;
- every tab's first opening, and every Explore view's: in a page that has
  loaded the default view (a new page each run, the browser's script cache
  kept), clicking the tab (or the view's switch) until every answer it
  started is drawn.  The first run of each is the server's first time too
  (its memos empty); it is printed on its own line as well.  Where a tab
  draws its panels below the first screen once idle (the Thesis tab), the
  time until those are drawn too is printed as "whole tab drawn".

Every action is timed from its input, as a user feels it: the time stamp of
its pointer press or Enter key (the browser's own, on the page clock), not
counting the driver's typing and hit tests before it.

The first action on a page comes ``--read-ms`` (default 2,000 ms) after its
first view is drawn, as a user reads it first; the page loads plotly.js and
the grid's script in that time.  ``--read-ms 0`` times a click the moment
the first view is drawn.

"Drawn" is measured in the page, and means the first screen drawn: a
wrapper around ``window.fetch`` counts the callback requests in flight and,
when an answer has been read, records the time two animation frames later
(Dash has then applied it and the browser painted), noting whether the
answer writes a component in the viewport; and, while an action is timed
(not in the first load, which the observer would slow), a MutationObserver
records when elements in the viewport were last added or removed, likewise
two frames later.  A measurement waits until every answer is in and both
have stood still for 250 ms, and ends at the later of the last answer
drawn on screen and the last change on screen: content that a tab mounts
after its answers came counts; content built off screen (below the first
screen, the hidden warm-up) and answers that write only off screen (a
panel below the first screen that mounts once the page is idle) do not.
Each game's opening is printed a second time, "(every answer)", ending at
the last answer drawn wherever it writes.  A measurement that started no
request is reported as an error, not as a fast answer.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
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
ALPHA = 100
DEFAULT_N = 10_000

#: Counts the page's callback requests in flight; ``__dashIdle(since)``
#: says when every request sent after ``since`` has been answered and drawn.
TRACKER = """
(() => {
  const state = {
    inflight: 0, sent: 0, firstSent: 0, lastSent: 0, lastDrawn: 0, lastDrawnInView: 0, lastBuilt: 0, input: 0,
    watch: false,
  };
  window.__dashRequests = state;
  // The user's input that starts an action: a pointer press or the Enter key
  // (event.timeStamp is on the page clock, like performance.now()).
  window.addEventListener('pointerdown', (e) => { state.input = e.timeStamp; }, true);
  window.addEventListener('keydown', (e) => { if (e.key === 'Enter') { state.input = e.timeStamp; } }, true);
  const inView = (el) => {
    if (!el.isConnected || !el.getBoundingClientRect) { return false; }
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0
      && box.top < window.innerHeight && box.left < window.innerWidth;
  };
  // The components an answer writes (the request's outputs), and whether it
  // shows in the first screen: an output whose component is on screen, or
  // one that cannot be told (a pattern-matching id).  A store has no element:
  // what it changes on screen is seen as elements built (below).
  const outputIds = (init) => {
    try {
      const outputs = JSON.parse(init && init.body).outputs;
      return (Array.isArray(outputs) ? outputs : [outputs]).map((output) => output && output.id);
    } catch (error) { return [null]; }
  };
  const showsInView = (id) => {
    if (typeof id !== 'string') { return true; }
    const el = document.getElementById(id);
    return Boolean(el) && inView(el);
  };
  const original = window.fetch;
  window.fetch = function (...args) {
    const url = String((args[0] && args[0].url) || args[0]);
    if (!url.includes('_dash-update-component')) { return original.apply(this, args); }
    state.inflight += 1; state.sent += 1; state.lastSent = performance.now();
    if (!state.firstSent) { state.firstSent = state.lastSent; }
    const outputs = outputIds(args[1]);
    const done = () => requestAnimationFrame(() => requestAnimationFrame(() => {
      state.inflight -= 1; state.lastDrawn = performance.now();
      if (outputs.some(showsInView)) { state.lastDrawnInView = state.lastDrawn; }
    }));
    return original.apply(this, args).then((response) => {
      response.clone().text().then(done, done);
      return response;
    }, (error) => { done(); throw error; });
  };
  // When the summary's W count first appears (page clock); and when the page
  // last added or removed elements in the viewport, drawn in the next frame:
  // content that mounts after its answers came (a tab's panels) counts as
  // drawn then, and what is built off screen (below the first screen, or the
  // hidden warm-up of plotly.js and the grid) does not.  Nor does Dash's
  // marker of a callback in flight (an empty div, _dash-loading-callback,
  // added and removed at the top of the page while any request is out).
  window.__marks = {};
  let changed = new Set();
  const marker = (node) => node.nodeType === 1 && node.classList.contains('_dash-loading-callback');
  const onlyMarkers = (record) => [...record.addedNodes, ...record.removedNodes].every(marker);
  new MutationObserver((records) => {
    if (!window.__marks.summary && document.getElementById('summary-count-W')) {
      window.__marks.summary = performance.now();
    }
    if (!state.watch) { return; }  // only while an action is timed (timed_action)
    if (!changed.size) {
      requestAnimationFrame(() => {
        const seen = Array.from(changed).some(inView);
        changed = new Set();
        if (seen) { requestAnimationFrame(() => { state.lastBuilt = performance.now(); }); }
      });
    }
    records.forEach((record) => { if (!onlyMarkers(record)) { changed.add(record.target); } });
  }).observe(document, {subtree: true, childList: true});
})();
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited with status {proc.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"the server did not listen on port {port} within {timeout:.0f} s")


@contextlib.contextmanager
def dashboard_server(port: int, env: dict) -> Iterator[subprocess.Popen]:
    """Start ``python -m dashboard --port PORT`` (its output discarded), wait until it listens; stop it after.

    The one start of a server that ``browser_latency.py`` and
    ``finite_pick.py`` measure; ``env`` is its environment (its solve cache).
    Raises ``SystemExit`` when the server exits or does not listen in time
    (:func:`wait_for_port`).
    """
    server = subprocess.Popen(
        [sys.executable, "-m", "dashboard", "--port", str(port)],
        cwd=str(ROOT),
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(port, server)
        yield server
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()


def percentile(values: list[float], q: int) -> float:
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


def settle(page, since_sent: int, timeout_s: float = 60.0, quiet_ms: float = 250.0) -> float:
    """Wait until the requests sent after ``since_sent`` are drawn and the elements in view stand still.

    Returns when the first screen was last drawn (page clock, ms,
    :func:`drawn_at`): the last answer that writes a component in view, or
    the last change of the page's elements in the viewport (content a tab
    mounts after its answers came), whichever is later.
    """
    page.wait_for_function(
        """([since, quiet]) => {
            const s = window.__dashRequests, now = performance.now();
            return s.sent > since && s.inflight === 0 && now - s.lastDrawn > quiet && now - s.lastBuilt > quiet;
        }""",
        arg=[since_sent, quiet_ms],
        timeout=timeout_s * 1000,
        polling=50,
    )
    return drawn_at(page)


def drawn_at(page, every_answer: bool = False) -> float:
    """When the page was last drawn (page clock, ms), as :func:`settle` has waited for.

    By default the first screen's: the later of the last answer drawn that
    writes a component in the viewport (or one whose component cannot be
    told) and the last change of the elements in the viewport; an answer
    that writes only components off screen (a panel below the first screen,
    a hidden tab) or stores does not count.  With ``every_answer``, the
    last answer drawn counts wherever it writes.  When no answer writes on
    screen and nothing in view changed, the last answer drawn.
    """
    return page.evaluate(
        """(every) => {
            const s = window.__dashRequests;
            const seen = Math.max(every ? s.lastDrawn : s.lastDrawnInView, s.lastBuilt);
            return seen > 0 ? seen : s.lastDrawn;
        }""",
        every_answer,
    )


def sent(page) -> int:
    return page.evaluate("window.__dashRequests.sent")


def timed_action(page, action) -> tuple[float, float]:
    """Run ``action``; return when its input came (page clock, ms) and ms from then until its answers are drawn.

    The time starts at the action's last pointer press or Enter key (the
    event's own time stamp), as a user feels it, not counting the driver's
    typing and hit tests before it; without such an event it starts just
    before ``action``.
    """
    before = sent(page)
    start = page.evaluate("window.__dashRequests.input = 0, window.__dashRequests.watch = true, performance.now()")
    action()
    end = settle(page, before)
    start = max(start, page.evaluate("window.__dashRequests.input"))
    return start, end - start


def expected_w_count(n: int) -> int:
    from solver.store.disk import solve_cached

    solution, _ = solve_cached(ALPHA * n)
    return int(solution.counts(n)["W"])


def click_expandable_node(page) -> None:
    point = page.evaluate(
        """() => {
            const el = document.getElementById('game-tree');
            const cy = el && el._cyreg && el._cyreg.cy;
            if (!cy) return null;
            const box = cy.container().getBoundingClientRect();
            const inside = (n) => { const p = n.renderedPosition();
                return p.x > 10 && p.y > 10 && p.x < box.width - 10 && p.y < box.height - 10; };
            const node = cy.nodes().filter(n => n.data('expandable') && !n.data('expanded') && inside(n))[0];
            if (!node) return null;
            const p = node.renderedPosition();
            return {x: box.left + p.x, y: box.top + p.y};
        }"""
    )
    if point is None:
        raise RuntimeError("no expandable node inside the tree's canvas")
    page.mouse.click(point["x"], point["y"])


def show_explore_view(page, label: str) -> None:
    """Open one of the Explore tab's views (a switch with that label), if the page has such switches."""
    switch = page.locator("#explore-view").get_by_text(label, exact=True)
    if switch.count():
        switch.first.click()


#: The default game's tabs other than the default one, by their label in the tab bar.
TAB_LABELS = ["Thesis analyses", "Play", "Inspect a number", "Sums"]
#: The Explore views other than the Summary, by their switch's label.
VIEW_LABELS = [
    "Densities",
    "Layers",
    "Differences",
    "Convergence",
    "Records",
    "Nim values",
    "Rules compared",
    "Game tree",
]


#: Drawn in full: every panel that waits to be drawn near the viewport or when idle (dashboard/components.py,
#: lazy) in the shown tab has been mounted, two animation frames ago.
WHOLE_TAB_DRAWN = """() => new Promise((resolve) => {
    const lazy = Array.from(document.querySelectorAll('.lazy-panel')).filter((box) => box.offsetParent !== null);
    if (!lazy.length) { resolve(null); return; }  // nothing drawn later in the shown tab
    const check = () => {
        const waiting = Array.from(document.querySelectorAll('.lazy-panel:not([data-mounted])'))
            .filter((box) => box.offsetParent !== null);
        if (waiting.length) { setTimeout(check, 20); return; }
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())));
    };
    check();
})"""


def first_openings(
    browser, url: str, repeat: int, read_ms: int, times: dict[str, list[float]], errors: list[str]
) -> None:
    """Time each tab's and each Explore view's first opening (ms), ``repeat`` runs each.

    The click comes ``read_ms`` after the first view is drawn (a user reading it).  Each opening is timed
    until its answers are drawn, and, where the tab has panels drawn when idle, until those are drawn too.
    """
    targets = [(f"first opening: {label}", "tab", label) for label in TAB_LABELS]
    targets += [(f"first opening: view {label}", "view", label) for label in VIEW_LABELS]
    for name, kind, label in targets:
        times.setdefault(name, [])
        for i in range(repeat):
            page = browser.new_page(viewport={"width": 1440, "height": 900})
            try:
                page.add_init_script(TRACKER)
                page.goto(url, timeout=120_000)
                page.locator("#summary-count-W").wait_for(timeout=60_000)
                settle(page, 0)
                page.wait_for_timeout(read_ms)
                if kind == "tab":
                    target = page.locator("#tabs .tab", has_text=label)
                else:
                    target = page.locator("#explore-view").get_by_text(label, exact=True)
                start, ms = timed_action(page, target.click)
                times[name].append(ms)
                whole = page.evaluate(WHOLE_TAB_DRAWN)
                if whole is not None:  # the tab has panels drawn after its first screen
                    times.setdefault(f"{name} (whole tab drawn)", []).append(max(whole - start, ms))
                if i == 0:
                    times.setdefault(f"{name} (server's first time)", []).append(ms)
            except Exception as exc:  # a measurement that fails is reported, the others go on
                errors.append(f"{name}: {type(exc).__name__}: {str(exc).splitlines()[0][:160]}")
            finally:
                page.close()


def game_openings(
    browser, url: str, repeat: int, read_ms: int, times: dict[str, list[float]], errors: list[str]
) -> None:
    """Time every listed game's opening (ms), ``repeat`` runs each: chosen in the menu, and from its address.

    From the menu: in a page that has drawn the default view, the game is chosen in the game menu, timed from
    the press on its option until every answer is drawn.  From its address (``?game=NAME``): a new page, from
    navigation start until every answer the load started is drawn.
    """
    from solver.registry import find_game, game_names

    default = game_names()[0]
    for name in game_names():
        title = find_game(name).title
        for i in range(repeat):
            if name != default:
                key = f"game from the menu: {name}"
                page = browser.new_page(viewport={"width": 1440, "height": 900})
                try:
                    page.add_init_script(TRACKER)
                    page.goto(url, timeout=120_000)
                    page.locator("#summary-count-W").wait_for(timeout=60_000)
                    settle(page, 0)
                    page.wait_for_timeout(read_ms)

                    def choose(title=title, page=page):
                        page.locator("#game-menu").click()
                        page.get_by_role("option", name=title, exact=True).click()

                    start, ms = timed_action(page, choose)
                    times.setdefault(key, []).append(ms)
                    times.setdefault(f"{key} (every answer)", []).append(drawn_at(page, every_answer=True) - start)
                    if i == 0:
                        times.setdefault(f"{key} (server's first time)", []).append(times[key][-1])
                except Exception as exc:  # a measurement that fails is reported, the others go on
                    errors.append(f"{key}: {type(exc).__name__}: {str(exc).splitlines()[0][:160]}")
                finally:
                    page.close()
            key = f"game from its address: {name}"
            page = browser.new_page(viewport={"width": 1440, "height": 900})
            try:
                page.add_init_script(TRACKER)
                page.goto(f"{url}?game={name}", timeout=120_000)
                page.wait_for_function(
                    "(title) => document.getElementById('page-title')"
                    " && document.getElementById('page-title').textContent === title + ' explorer'",
                    arg=title,
                    timeout=60_000,
                )
                times.setdefault(key, []).append(settle(page, 0))
                times.setdefault(f"{key} (every answer)", []).append(drawn_at(page, every_answer=True))
            except Exception as exc:
                errors.append(f"{key}: {type(exc).__name__}: {str(exc).splitlines()[0][:160]}")
            finally:
                page.close()


def run(args) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    port = args.port or free_port()
    env = dict(os.environ, PTSQ_CACHE_DIR=args.cache_dir)
    os.environ["PTSQ_CACHE_DIR"] = args.cache_dir
    small_n = args.n * 99 // 100
    print(f"solving the bounds first (cache {args.cache_dir}) ...", flush=True)
    expected = {n: expected_w_count(n) for n in (DEFAULT_N, args.n, small_n)}
    url = f"http://127.0.0.1:{port}/"
    times: dict[str, list[float]] = {
        "first load: first callback sent": [],
        "first load: summary shown": [],
        "first load: all answers drawn": [],
        "reload (cached JS): summary shown": [],
        f"N change (N = {args.n:,})": [],
        "depth change": [],
        "tree expand": [],
        "play move": [],
    }
    errors: list[str] = []
    with dashboard_server(port, env), sync_playwright() as play:
        browser = play.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        # Warm the server (imports, first solve opened) once, unmeasured.
        warm = browser.new_page(viewport={"width": 1440, "height": 900})
        warm.goto(url, timeout=120_000)
        warm.locator("#summary-count-W").wait_for(timeout=120_000)
        warm.close()
        for _ in range(args.repeat):
            context = browser.new_context(viewport={"width": 1440, "height": 900})
            page = context.new_page()
            page.add_init_script(TRACKER)
            page.goto(url, timeout=120_000)
            w = page.locator("#summary-count-W")
            w.wait_for(timeout=60_000)
            page.wait_for_function(
                "(want) => { const el = document.getElementById('summary-count-W');"
                " return el && el.textContent.replace(/,/g, '') === String(want); }",
                arg=expected[DEFAULT_N],
                timeout=60_000,
            )
            shown = page.evaluate("window.__marks.summary")
            drawn = settle(page, 0)
            times["first load: first callback sent"].append(page.evaluate("window.__dashRequests.firstSent"))
            times["first load: summary shown"].append(shown)
            times["first load: all answers drawn"].append(max(shown, drawn))
            # The same browser again: scripts come from its cache.
            page.reload(timeout=120_000)
            page.locator("#summary-count-W").wait_for(timeout=60_000)
            page.wait_for_function("() => window.__marks && window.__marks.summary", timeout=60_000)
            times["reload (cached JS): summary shown"].append(page.evaluate("window.__marks.summary"))
            context.close()

        page = browser.new_page(viewport={"width": 1440, "height": 900})
        page.add_init_script(TRACKER)
        page.goto(url + f"?n={args.n}", timeout=120_000)
        page.locator("#summary-count-W").wait_for(timeout=120_000)
        settle(page, 0)
        page.wait_for_timeout(args.read_ms)
        box = page.locator("#n-input")
        for i in range(args.repeat):
            n = small_n if i % 2 == 0 else args.n

            def change_n(n=n):
                box.fill(str(n))
                box.press("Enter")

            _, ms = timed_action(page, change_n)
            got = page.locator("#summary-count-W").inner_text().replace(",", "")
            if got != str(expected[n]):
                errors.append(f"N change to {n:,}: the summary shows W = {got}, expected {expected[n]:,}")
            times[f"N change (N = {args.n:,})"].append(ms)

        show_explore_view(page, "Game tree")
        depth_box = page.locator("#depth-input")
        if depth_box.count():
            for i in range(args.repeat):
                depth = 7 if i % 2 == 0 else 6

                def change_depth(depth=depth):
                    depth_box.fill(str(depth))
                    depth_box.press("Enter")

                times["depth change"].append(timed_action(page, change_depth)[1])
        else:
            errors.append("no depth box (#depth-input) on the page: depth change not measured")

        page.wait_for_function(
            "() => { const el = document.getElementById('game-tree');"
            " return !!(el && el._cyreg && el._cyreg.cy && el._cyreg.cy.nodes().length > 1); }",
            timeout=60_000,
        )
        page.locator("#game-tree").scroll_into_view_if_needed()
        for _ in range(args.repeat):
            try:
                page.wait_for_timeout(300)  # let the tree's view settle before aiming at a node
                times["tree expand"].append(timed_action(page, lambda: click_expandable_node(page))[1])
            except RuntimeError as exc:
                errors.append(f"tree expand: {exc}")
                break
            except Exception as exc:  # a click that sent no request: reported, and the other measurements go on
                errors.append(f"tree expand: {type(exc).__name__}: {str(exc).splitlines()[0][:160]}")
                break

        page.locator("#tabs .tab", has_text="Play").click()
        page.locator("#play-prediction").get_by_text("wins in", exact=False).wait_for(timeout=60_000)
        settle(page, 0)
        for _ in range(args.repeat):
            times["play move"].append(timed_action(page, lambda: page.locator("#play-put").click())[1])
            before = sent(page)
            page.locator("#play-restart").click()
            settle(page, before)
        if args.tab_repeat:
            first_openings(browser, url, args.tab_repeat, args.read_ms, times, errors)
        if args.game_repeat:
            game_openings(browser, url, args.game_repeat, args.read_ms, times, errors)
        browser.close()
    for line in errors:
        print(f"error: {line}")
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10, help="runs of each measurement (default 10)")
    parser.add_argument("--port", type=int, default=0, help="server port (default: a free one)")
    parser.add_argument("--n", type=int, default=1_000_000, help="N of the control-change measurements (default 10**6)")
    parser.add_argument("--cache-dir", default=None, help="solve cache folder (default: a new temporary one)")
    parser.add_argument(
        "--tab-repeat", type=int, default=5, help="runs of each tab's and view's first opening (default 5; 0: none)"
    )
    parser.add_argument(
        "--game-repeat",
        type=int,
        default=1,
        help="runs of each game's opening, from the menu and from its address (default 1; 0: none)",
    )
    parser.add_argument(
        "--read-ms",
        type=int,
        default=2000,
        help="pause after a page's first view is drawn before the first action, as a user reads it (default 2000; "
        "the page loads plotly.js and the grid's script in that time)",
    )
    args = parser.parse_args()
    if args.read_ms < 0:
        parser.error("--read-ms must be at least 0")
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    if args.tab_repeat < 0:
        parser.error("--tab-repeat must be at least 0")
    if args.game_repeat < 0:
        parser.error("--game-repeat must be at least 0")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        raise SystemExit(
            "browser_latency.py: needs Playwright, from the test extras: .venv/bin/pip install -e '.[test]'"
        ) from None
    if not os.path.exists(CHROMIUM):
        raise SystemExit(f"browser_latency.py: needs Chromium at {CHROMIUM}: run bash scripts/install-browser.sh")
    with tempfile.TemporaryDirectory(prefix="ptsq-bench-") as tmp:
        args.cache_dir = args.cache_dir or tmp
        times = run(args)
    print(f"\nbrowser latency, {args.repeat} runs each (ms; N = {DEFAULT_N:,} for the first load, alpha = {ALPHA}):")
    print(f"load average (1, 5, 15 min): {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} cores")
    print(f"{'measurement':<58}{'p50':>9}{'p95':>9}{'max':>9}{'runs':>6}")
    for name, values in times.items():
        if values:
            print(
                f"{name:<58}{percentile(values, 50):>9.0f}{percentile(values, 95):>9.0f}{max(values):>9.0f}{len(values):>6}"
            )
        else:
            print(f"{name:<58}{'-':>9}{'-':>9}{'-':>9}{0:>6}")


if __name__ == "__main__":
    main()
