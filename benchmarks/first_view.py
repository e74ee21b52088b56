"""A fresh install's first view of each game: seconds from asking for ``?game=NAME`` until it is drawn.

Run on demand (not part of the test suite):

    .venv/bin/python benchmarks/first_view.py [--games NAME ...] [--timeout 300]

For each game of the registry (:func:`solver.registry.game_names`, or those
named with ``--games``) it starts ``python -m dashboard --port 0`` afresh,
with an empty numba cache of its own (``NUMBA_CACHE_DIR``, a new folder) and
an empty solve cache (``PTSQ_CACHE_DIR``), as after an install, and opens
``?game=NAME`` in headless Chromium (started once, beforehand) as soon as
the page answers (``GET /`` returns 200); the compile plan has started in
the background by then.  It prints one row per game: the load average when
the server started, seconds from the start of the process until the page
answered, and seconds from asking for the address until the game's first
view was drawn (what ``tests/test_browser_games.py`` waits for: the first
tab's panels shown, no answer pending), with the processor seconds the
server had used by then and since the address was asked for (``/proc``):
on a shared machine the wall time follows the load, the processor time
much less.

The goal (issue 36): any view of any game is drawn within 10 s of being
first asked for, on an idle machine with an empty numba cache
(``docs/performance-page.md``, "First launch", has the figures).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from first_launch import CHROMIUM, CHROMIUM_ARGS, GOAL_SECONDS, _cpu_seconds, _playwright, dashboard_server  # noqa: E402

#: What shows once a game's first tab is drawn (tests/test_browser_games.py's SHOWN), by that tab: selectors
#: that must be visible, and of them those that must hold some text (an answer of the server).
SHOWN = {
    "explore": (["#summary-count-W", "#explore-view label", "#download-button"], ["#summary-count-W"]),
    "finite": (
        ["#finite-play-state p", "#finite-play-moves button", "#finite-tree", "#finite-csv-moves"],
        ["#finite-play-state p"],
    ),
    "graphs": (["#graphs-outcome", "#graphs-values"], ["#graphs-outcome"]),
}

#: Whether every selector is visible, those with text hold some, and no answer is pending (Dash marks a
#: component whose answer it waits for).
DRAWN = """([visible, texts]) => {
    const shown = (s) => {
        const el = document.querySelector(s);
        return !!el && el.offsetParent !== null;
    };
    const filled = (s) => document.querySelector(s).textContent.trim() !== '';
    return visible.every(shown) && texts.every(filled)
        && document.querySelectorAll('[data-dash-is-loading=true]').length === 0;
}"""


def first_view(name: str, env: dict, chromium, timeout: float) -> dict[str, float]:
    """Start the server once and time the first view of ``name`` (seconds).

    Returns the marks: ``page answers`` (from the start of the process),
    ``drawn`` (from asking for the address), ``server CPU s`` (by then).
    """
    from dashboard.gamemenu import game_tabs
    from solver.registry import find_game

    selectors = SHOWN[game_tabs(find_game(name))[0]]
    marks: dict[str, float] = {}
    with dashboard_server(env, timeout, who="first_view.py") as server:
        child = server.child
        if "page answers (GET /)" in server.marks:
            marks["page answers"] = server.marks["page answers (GET /)"]
        deadline = time.monotonic() + timeout
        context = chromium.new_context(viewport={"width": 1440, "height": 900})
        page = context.new_page()
        asked, cpu_asked = time.monotonic(), _cpu_seconds(child.pid)
        page.goto(f"{server.url}?game={name}", timeout=timeout * 1000)
        while not page.evaluate(DRAWN, selectors):
            if time.monotonic() > deadline:
                raise SystemExit(f"first_view.py: {name}'s first view was not drawn within {timeout:.0f} s")
            page.wait_for_timeout(50)
        marks["drawn"] = time.monotonic() - asked
        cpu = _cpu_seconds(child.pid)
        if cpu is not None and cpu_asked is not None:
            marks["server CPU s"] = cpu
            marks["CPU s since asked"] = cpu - cpu_asked
        context.close()
    return marks


def main() -> None:
    from solver.registry import game_names

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", metavar="NAME", help="these games only (default: every game)")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds to wait for each answer (default 300)")
    args = parser.parse_args()
    names = list(game_names())
    games = args.games or names
    unknown = [g for g in games if g not in names]
    if unknown:
        parser.error(f"unknown game(s): {', '.join(unknown)} (known: {', '.join(names)})")
    if _playwright() is None:
        raise SystemExit("first_view.py: Playwright is not installed (pip install -e '.[test]')")
    if not os.path.exists(CHROMIUM):
        raise SystemExit(f"first_view.py: needs Chromium at {CHROMIUM}")
    rows: list[tuple[str, float, dict[str, float]]] = []
    print(f"{'game':<34}{'load':>6}{'answers s':>11}{'drawn s':>9}{'CPU s':>8}{'since asked':>13}", flush=True)
    with contextlib.ExitStack() as stack:
        play = stack.enter_context(_playwright()())
        chromium = play.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        stack.callback(chromium.close)
        for name in games:
            with (
                tempfile.TemporaryDirectory(prefix="ptsq-numba-") as numba_dir,
                tempfile.TemporaryDirectory(prefix="ptsq-solves-") as solves,
            ):
                load = os.getloadavg()[0]
                env = dict(os.environ, NUMBA_CACHE_DIR=numba_dir, PTSQ_CACHE_DIR=solves)
                marks = first_view(name, env, chromium, timeout=args.timeout)
                rows.append((name, load, marks))
                cells = [marks.get(k) for k in ("page answers", "drawn", "server CPU s", "CPU s since asked")]
                widths = (11, 9, 8, 13)
                text = "".join(f"{'-' if v is None else f'{v:.1f}':>{w}}" for v, w in zip(cells, widths, strict=True))
                print(f"{name:<34}{load:>6.2f}{text}", flush=True)
    worst = max(rows, key=lambda row: row[2].get("drawn", float("inf")))
    print(f"worst: {worst[0]}, drawn {worst[2].get('drawn', float('nan')):.1f} s after it was asked for")
    met = all(marks.get("drawn", float("inf")) <= GOAL_SECONDS for _, _, marks in rows)
    print(f"goal {'met' if met else 'missed'}: every first view drawn within {GOAL_SECONDS:.0f} s of being asked for")


if __name__ == "__main__":
    main()
