"""Server time of the game tree's answers: a click that expands or collapses a node, and the rest.

Run on demand (not part of the test suite):

    .venv/bin/python benchmarks/tree_latency.py [--repeat 30]

Solves the page's default bound (B = 1,000,000) once, then times two ways:

- ``make_tree``, the tree callback's body, with its answer serialised to
  JSON as Dash sends it;
- whole requests to ``/_dash-update-component`` through the Flask test
  client of the real app (Dash's dispatch, the callback, the JSON answer):
  what a click costs the server, without the network.

The goal is an expand or collapse in at most 150 ms.  Prints p50, p95 and
the largest time in milliseconds, and the size of the answer.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import plotly.utils

from dashboard.app import create_app
from dashboard.setup import open_bound
from dashboard.tabs.explore import ids as explore_ids
from dashboard.tabs.explore.tree import default_state, make_tree
from solver.engine import warm_up
from solver.values.tree import game_tree

SETUP = {"n": 10_000, "alpha": 100, "bound": 1_000_000}


def _quantiles(values: list[float]) -> tuple[float, float, float]:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return statistics.median(ordered), p95, ordered[-1]


def _leaf(start: int, depth: int) -> str:
    solution, _ = open_bound(SETUP["bound"])
    return max(n.path for n in game_tree(start, depth, solution).nodes if n.expandable and not n.expanded)


def _tree_callback(app) -> tuple[str, dict]:
    """The registered tree callback: its output key and spec (inputs and states in the order Dash expects)."""
    for key, spec in app.callback_map.items():
        if f"{explore_ids.TREE}.elements" in key:
            return key, spec
    raise SystemExit("the app registers no callback that draws the game tree")


def _request(callback, start: str, depth: int, action: dict | None, state: dict, changed: str, clicks=(0, 0)) -> dict:
    """The body a browser posts for the tree callback, its values filled in from the callback's own signature."""
    key, spec = callback
    values = {
        f"{explore_ids.explore_gate_id('tree')}.data": SETUP,
        f"{explore_ids.TREE_ARGS}.data": {"depth": depth, "start": start},
        f"{explore_ids.TREE_ACTION}.data": action,
        f"{explore_ids.TREE_BEST}.n_clicks": clicks[0],
        f"{explore_ids.TREE_COLLAPSE}.n_clicks": clicks[1],
        f"{explore_ids.START_INPUT}.value": start,
        f"{explore_ids.DEPTH_APPLIED}.data": depth,
        f"{explore_ids.TREE_TOGGLED}.data": state,
    }

    def filled(items: list[dict]) -> list[dict]:
        missing = [f"{i['id']}.{i['property']}" for i in items if f"{i['id']}.{i['property']}" not in values]
        if missing:
            raise SystemExit(f"the tree callback takes {missing}, which this benchmark does not fill in")
        return [{**i, "value": values[f"{i['id']}.{i['property']}"]} for i in items]

    outputs = [dict(zip(("id", "property"), part.rsplit(".", 1), strict=True)) for part in key.strip(".").split("...")]
    return {
        "output": key,
        "outputs": outputs,
        "inputs": filled(spec["inputs"]),
        "state": filled(spec["state"]),
        "changedPropIds": [changed],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    warm_up()
    started = time.perf_counter()
    open_bound(SETUP["bound"])
    print(f"bound {SETUP['bound']:,} ready (solved or opened from the cache) in {time.perf_counter() - started:.2f} s")

    leaf8 = _leaf(4708, 8)
    expand = {"path": leaf8, "seq": 1}
    expanded = {**default_state(8), "flipped": [leaf8], "seq": 1}
    cases = {
        "draw 4708, depth 6": (None, "4708", 6, None, None),
        "draw 4708, depth 8": (None, "4708", 8, None, None),
        "expand a leaf (depth 8)": (explore_ids.TREE_ACTION, "4708", 8, expand, default_state(8)),
        "collapse it again": (explore_ids.TREE_ACTION, "4708", 8, {"path": leaf8, "seq": 2}, expanded),
        "collapse the root": (explore_ids.TREE_ACTION, "4708", 8, {"path": "", "seq": 1}, default_state(8)),
        "best line of 92 (depth 11)": (explore_ids.TREE_BEST, "92", 11, None, default_state(11)),
        "collapse all": (explore_ids.TREE_COLLAPSE, "4708", 8, None, default_state(8)),
        "depth 20 (400-node cap)": (None, "4708", 20, None, None),
        "10**30 + 7, depth 8": (None, str(10**30 + 7), 8, None, None),
    }
    print(f"\nmake_tree and its JSON ({args.repeat} runs each)")
    print(f"{'case':<30} {'nodes':>6} {'KB':>7} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for name, (trigger, start, depth, action, state) in cases.items():
        times = []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            result = make_tree(trigger, SETUP, start, depth, action, state)
            body = json.dumps(result, cls=plotly.utils.PlotlyJSONEncoder)
            times.append(1000 * (time.perf_counter() - t0))
        nodes = sum(1 for e in result[0] if "source" not in e["data"])
        p50, p95, most = _quantiles(times)
        print(f"{name:<30} {nodes:>6} {len(body) / 1024:>7.0f} {p50:>8.1f} {p95:>8.1f} {most:>8.1f}")

    app = create_app()
    client = app.server.test_client()
    tree = _tree_callback(app)
    requests = {
        "expand a leaf (depth 8)": _request(
            tree, "4708", 8, expand, default_state(8), f"{explore_ids.TREE_ACTION}.data"
        ),
        "collapse it again": _request(
            tree, "4708", 8, {"path": leaf8, "seq": 2}, expanded, f"{explore_ids.TREE_ACTION}.data"
        ),
        "best line of 92 (depth 11)": _request(
            tree, "92", 11, None, default_state(11), f"{explore_ids.TREE_BEST}.n_clicks", (1, 0)
        ),
    }
    print(f"\nwhole requests to /_dash-update-component ({args.repeat} runs each)")
    print(f"{'case':<30} {'status':>6} {'KB':>7} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
    for name, payload in requests.items():
        times = []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            response = client.post("/_dash-update-component", json=payload)
            times.append(1000 * (time.perf_counter() - t0))
        if response.status_code != 200:
            raise SystemExit(f"{name}: the server answered {response.status_code}, not 200")
        p50, p95, most = _quantiles(times)
        print(
            f"{name:<30} {response.status_code:>6} {len(response.data) / 1024:>7.0f} {p50:>8.1f} {p95:>8.1f} {most:>8.1f}"
        )


if __name__ == "__main__":
    main()
