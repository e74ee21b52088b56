"""Time to pick a game in the Finite games tab, from its menu and from its address: a real browser, a real server.

Run on demand (not part of the test suite):

    .venv/bin/python benchmarks/finite_pick.py [--repeat 3] [--games eraserhead euclid3 subtraction-1,3,4]

Needs what ``benchmarks/browser_latency.py`` needs (Playwright and
``/usr/bin/chromium``), and measures the same way (its ``TRACKER``,
``settle`` and ``timed_action``): "drawn" is when every callback request the
pick started has been answered and drawn and the elements in the viewport
have stood still for 250 ms.  It starts ``python -m dashboard`` on a free
port with a solve cache of its own, loads the page once unmeasured, waits
until the server's background compile is done (its CPU time stands still),
then for each run:

- menu: a page opened at ``?game=robs-dots&tab=finite`` (Rob's Dots drawn;
  Wythoff's game when the first game listed is Rob's Dots, octal 0.137,
  which picked there would send nothing; then ``--read-ms`` to read it)
  picks every game of ``--games`` in turn
  from the page's game menu, each timed from the pointer press on its entry
  until drawn;
- address: for each game, a new page of the same browser (its scripts
  cached) opens ``?game=GAME&tab=finite``, timed from the navigation's start
  until drawn.

For each pick it also reads the server process's CPU time (user + system,
``/proc/PID/stat``) and the page's main-thread CPU time (Chromium's
``ThreadTime`` metric; for an address, all of the page's load) before and
after: the work of the pick on each side, which a busy machine stretches far
less than the times in the browser.  The first run
is the server's first pick of each game (its tables not yet computed); the
script prints the times of every run and their medians, with the load
average, since a busy machine stretches the browser's times.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from browser_latency import (  # noqa: E402  (the measuring tools of the page's other latencies)
    CHROMIUM,
    CHROMIUM_ARGS,
    TRACKER,
    dashboard_server,
    free_port,
    settle,
    timed_action,
)

#: The games of the menu, by name (``solver.impartial.IMPARTIAL_EXAMPLES``'s canonical names).
DEFAULT_GAMES = (
    "octal-0.77",
    "wythoff",
    "euclid",
    "euclid3",
    "chomp-2x6",
    "magnetism",
    "spring-cleaning",
    "eraserhead",
    "monochrome",
)
#: What shows once the Play panel has drawn a position.
PLAY_STATE = "#finite-play-state p"


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far (``/proc/PID/stat``), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_idle(pid: int, timeout_s: float = 600.0) -> float:
    """Wait until the server has used under 50 ms of CPU in each of two seconds running; the seconds waited.

    ``python -m dashboard`` compiles (or loads) the solver's kernels in the
    background when it starts (``solver.compile_in_background``): a pick timed
    meanwhile would share the machine with it.
    """
    start = time.monotonic()
    quiet = 0
    while quiet < 2 and time.monotonic() - start < timeout_s:
        before = cpu_seconds(pid)
        time.sleep(1.0)
        quiet = quiet + 1 if cpu_seconds(pid) - before < 0.05 else 0
    return time.monotonic() - start


def thread_seconds(cdp) -> float:
    """CPU time of the page's main thread so far (Chromium's ``ThreadTime`` metric), in seconds."""
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return next(m["value"] for m in metrics if m["name"] == "ThreadTime")


def start_game(games: list[str]) -> str:
    """The game the menu's page opens on: Rob's Dots, or Wythoff's game when the first pick is Rob's Dots itself."""
    from solver import impartial_game

    return "wythoff" if games and impartial_game(games[0]).name == impartial_game("robs-dots").name else "robs-dots"


def menu_picks(context, url: str, games: list[str], titles: dict[str, str], read_ms: int, pid: int) -> dict:
    """One page picks every game in turn from the menu: ``{game: (ms, server CPU s, page CPU s)}``."""
    page = context.new_page()
    page.add_init_script(TRACKER)
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    try:
        page.goto(url + f"?game={start_game(games)}&tab=finite", timeout=120_000)
        page.locator(PLAY_STATE).first.wait_for(timeout=120_000)
        settle(page, 0)
        page.wait_for_timeout(read_ms)
        times = {}
        for game in games:

            def pick(title=titles[game]):
                page.locator("#game-menu").click()
                page.get_by_role("option", name=title, exact=True).click()

            before, page_before = cpu_seconds(pid), thread_seconds(cdp)
            _, ms = timed_action(page, pick)
            times[game] = (ms, cpu_seconds(pid) - before, thread_seconds(cdp) - page_before)
            page.wait_for_timeout(read_ms)
        return times
    finally:
        page.close()


def address_pick(context, url: str, game: str, pid: int) -> tuple[float, float, float]:
    """A new page opens the game's address: ``(ms from the navigation's start until drawn, server CPU s, page CPU s)``."""
    page = context.new_page()
    page.add_init_script(TRACKER)
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    try:
        before = cpu_seconds(pid)
        page.goto(url + f"?game={game}&tab=finite", timeout=120_000)
        page.locator(PLAY_STATE).first.wait_for(timeout=120_000)
        ms = settle(page, 0)
        return ms, cpu_seconds(pid) - before, thread_seconds(cdp)
    finally:
        page.close()


def run(args) -> tuple[dict, list[str]]:
    from playwright.sync_api import sync_playwright

    from solver.registry import find_game

    titles = {game: find_game(game).title for game in args.games}
    port = free_port()
    env = dict(os.environ, PTSQ_CACHE_DIR=args.cache_dir)
    url = f"http://127.0.0.1:{port}/"
    results: dict[str, dict[str, list[tuple[float, float, float]]]] = {"menu": {}, "address": {}}
    errors: list[str] = []
    with dashboard_server(port, env) as server, sync_playwright() as play:
        browser = play.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        warm = browser.new_page(viewport={"width": 1440, "height": 900})
        warm.goto(url + "?game=robs-dots&tab=finite", timeout=120_000)
        warm.locator(PLAY_STATE).first.wait_for(timeout=120_000)
        warm.close()
        print(f"the server's background compile done after {wait_idle(server.pid):.0f} s", flush=True)
        context = browser.new_context(viewport={"width": 1440, "height": 900})
        for _ in range(args.repeat):
            try:
                for game, pair in menu_picks(context, url, args.games, titles, args.read_ms, server.pid).items():
                    results["menu"].setdefault(game, []).append(pair)
            except Exception as exc:  # a run that fails is reported, the others go on
                errors.append(f"menu: {type(exc).__name__}: {str(exc).splitlines()[0][:160]}")
            for game in args.games:
                try:
                    results["address"].setdefault(game, []).append(address_pick(context, url, game, server.pid))
                except Exception as exc:
                    errors.append(f"address {game}: {type(exc).__name__}: {str(exc).splitlines()[0][:160]}")
        browser.close()
    return results, errors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each pick (default 3)")
    parser.add_argument(
        "--games",
        nargs="+",
        default=list(DEFAULT_GAMES),
        help="games to pick, by name, separated by spaces (a name may hold commas: subtraction-1,3,4)",
    )
    parser.add_argument("--cache-dir", default=None, help="solve cache folder (default: a new temporary one)")
    parser.add_argument(
        "--read-ms", type=int, default=1500, help="pause before each menu pick, as a user reads (default 1500)"
    )
    args = parser.parse_args()
    args.games = [g.strip() for g in args.games if g.strip()]
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    if args.read_ms < 0:
        parser.error("--read-ms must be at least 0")
    from solver import impartial_game

    for game in args.games:
        try:
            impartial_game(game)
        except (TypeError, ValueError) as exc:
            parser.error(f"--games: {exc}")
    for first, second in itertools.pairwise(args.games):
        if impartial_game(first).name == impartial_game(second).name:
            parser.error(f"--games: {second} follows {first}: picked again from the menu, it would send nothing")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        raise SystemExit(
            "finite_pick.py: needs Playwright, from the test extras: .venv/bin/pip install -e '.[test]'"
        ) from None
    if not os.path.exists(CHROMIUM):
        raise SystemExit(f"finite_pick.py: needs Chromium at {CHROMIUM}: run bash scripts/install-browser.sh")
    with tempfile.TemporaryDirectory(prefix="ptsq-bench-") as tmp:
        args.cache_dir = args.cache_dir or tmp
        results, errors = run(args)
    for line in errors:
        print(f"error: {line}")
    print(
        f"\nfinite game picked, {args.repeat} runs each: ms until drawn, the server's CPU ms and the page's main-thread"
        " CPU ms; the first run is the server's first pick"
    )
    print(f"load average (1, 5, 15 min): {' '.join(f'{x:.2f}' for x in os.getloadavg())}, {os.cpu_count()} cores")
    print(f"{'pick':<28}{'ms':>8}{'server':>8}{'page':>8}   (medians)  runs: ms / server CPU ms / page CPU ms")
    for mode, games in results.items():
        for game, runs in games.items():
            ms, server, page = (statistics.median(run[i] for run in runs) for i in range(3))
            each = ", ".join(f"{r[0]:.0f}/{r[1] * 1000:.0f}/{r[2] * 1000:.0f}" for r in runs)
            print(f"{mode + ' ' + game:<28}{ms:>8.0f}{server * 1000:>8.0f}{page * 1000:>8.0f}   {each}")


if __name__ == "__main__":
    main()
