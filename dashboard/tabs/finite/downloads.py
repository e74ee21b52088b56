"""The "Download CSV" of each view of the Finite games tab: what the view shows, in the page's CSV notation.

Each function recomputes its view from the tab's controls (the server keeps
nothing per browser) and writes it with :func:`dashboard.tables.rows_to_csv`:
plain UTF-8, ``\\n`` line ends, no byte-order mark.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable

from dash import dcc
from dash.exceptions import PreventUpdate

from solver import beatty_pairs, binary_square, two_heap_p_positions, wythoff_pairs

from ...tables import rows_to_csv
from . import figures
from .games import find_game, losing_bars, parse_number, parse_position
from .layout import HEAPS_N_MAX, PAIRS_N_MAX, PLANE_SIZE_MAX, SIEVE_STEPS, SQUARE_COLS_MAX
from .play import PAGE_SECONDS, move_rows, small_tree, tree_depth

__all__ = ["MAX_CSV_ROWS", "csv_download", "download"]

#: Most rows a CSV of the quadrant holds (a side of 1,000).
MAX_CSV_ROWS = 1_000_000


def _csv(fields: list[str], rows: list[dict], file_name: str) -> dict:
    return dcc.send_string(rows_to_csv(rows, fields), file_name, type="text/csv")


def _plane_csv(game, size: int) -> dict:
    outcomes = game.plane(size, max_seconds=PAGE_SECONDS)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["a", "b", "outcome"])
    letters = ("L", "W")
    for a in range(size):
        row = outcomes[a]
        writer.writerows((a, b, letters[row[b]]) for b in range(size))
    return dcc.send_string(out.getvalue(), f"{game.name}-plane-{size}.csv", type="text/csv")


def csv_download(view: object, name: object, controls: dict) -> dict | None:
    """The CSV of what a view shows, for its "Download CSV" button.

    Parameters
    ----------
    view : object
        The view: ``"grundy"``, ``"pairs"``, ``"plane"``, ``"sieve"``,
        ``"bars"``, ``"square"``, ``"moves"`` or ``"tree"``.
    name : object
        The game's name.
    controls : dict
        The tab's controls: ``heaps``, ``pairs``, ``size``, ``cols`` (text
        boxes), ``position`` (text), ``depth`` (int).

    Returns
    -------
    dict or None
        What ``dcc.send_string`` makes (the page's CSV notation,
        :func:`dashboard.tables.rows_to_csv`); None when the view has
        nothing to write (bad input: the view itself says why).
    """
    try:
        game = find_game(name)
        return _CSV_VIEWS[view](game, controls) if isinstance(view, str) and view in _CSV_VIEWS else None
    except (TypeError, ValueError, KeyError):
        return None


def _grundy_csv(game, controls: dict) -> dict | None:
    if game.kind != "octal":
        return None
    n = parse_number(controls.get("heaps"), "N", HEAPS_N_MAX)
    values = game.grundy_sequence(n, max_seconds=PAGE_SECONDS)
    rows = [{"n": h, "value": int(v)} for h, v in enumerate(values)]
    return _csv(["n", "value"], rows, f"{game.name}-grundy-{n}.csv")


def _pairs_csv(game, controls: dict) -> dict | None:
    if game.kind != "octal":
        return None
    m = parse_number(controls.get("pairs"), "M", PAIRS_N_MAX)
    values = game.grundy_sequence(m, max_seconds=PAGE_SECONDS)
    pairs = two_heap_p_positions(game.code, m)
    kinds = figures.pair_kinds(values, pairs)
    names = {1: "irreducible", 2: "mirror", 3: "reducible"}
    rows = [
        {"a": int(a), "b": int(b), "value": int(values[a]), "kind": names[int(kinds[b - 1, a - 1])]} for a, b in pairs
    ]
    return _csv(["a", "b", "value", "kind"], rows, f"{game.name}-two-heap-p-positions-{m}.csv")


def _plane_csv_view(game, controls: dict) -> dict | None:
    if game.kind != "pair":
        return None
    size = parse_number(controls.get("size"), "S", PLANE_SIZE_MAX)
    if size * size > MAX_CSV_ROWS:
        return None
    return _plane_csv(game, size)


def _sieve_csv(game, controls: dict) -> dict | None:
    if game.name != "wythoff":
        return None
    sieve, beatty = wythoff_pairs(SIEVE_STEPS), beatty_pairs(SIEVE_STEPS)
    rows = [
        {"n": k + 1, "a": int(s[0]), "b": int(s[1]), "floor_n_phi": int(t[0]), "floor_n_phi2": int(t[1])}
        for k, (s, t) in enumerate(zip(sieve, beatty, strict=True))
    ]
    return _csv(["n", "a", "b", "floor_n_phi", "floor_n_phi2"], rows, "wythoff-sieve.csv")


def _bars_csv(game, controls: dict) -> dict | None:
    if game.kind != "chomp":
        return None
    outcomes = game.outcomes(max_seconds=PAGE_SECONDS)
    losing = losing_bars(outcomes)
    rows = [{"bar": game.format(m), "pieces": m.bit_count()} for m in losing]
    return _csv(["bar", "pieces"], rows, f"{game.name}-losing-bars.csv")


def _square_csv(game, controls: dict) -> dict | None:
    if game.kind != "chomp":
        return None
    cols = parse_number(controls.get("cols"), "C", SQUARE_COLS_MAX)
    square = binary_square(cols)
    top, bottom = square.nonzero()
    rows = [{"top": int(t), "bottom": int(b)} for t, b in zip(top, bottom, strict=True)]
    return _csv(["top", "bottom"], rows, f"chomp-2x{cols}-losing-bars.csv")


def _moves_csv(game, controls: dict) -> dict | None:
    position = parse_position(game, controls.get("position"))
    rows = [
        {"move": row.text, "leaves": row.child_text, "outcome_left": row.outcome, "wins": row.outcome == "L"}
        for row in move_rows(game, position)
    ]
    return _csv(["move", "leaves", "outcome_left", "wins"], rows, f"{game.name}-moves.csv")


def _tree_csv(game, controls: dict) -> dict | None:
    position = parse_position(game, controls.get("position"))
    tree = small_tree(game, position, tree_depth(controls.get("depth")))
    rows = []
    for element in figures.tree_elements(tree):
        data = element["data"]
        if "source" in data:
            continue
        rows.append(
            {
                "node": data["id"],
                "position": data["position"],
                "move": data["move"],
                "outcome": element["classes"].split()[0],
            }
        )
    parents = {e["data"]["target"]: e["data"]["source"] for e in figures.tree_elements(tree) if "source" in e["data"]}
    for row in rows:
        row["parent"] = parents.get(row["node"], "")
    return _csv(["node", "parent", "move", "position", "outcome"], rows, f"{game.name}-tree.csv")


_CSV_VIEWS: dict[str, Callable[..., dict | None]] = {
    "grundy": _grundy_csv,
    "pairs": _pairs_csv,
    "plane": _plane_csv_view,
    "sieve": _sieve_csv,
    "bars": _bars_csv,
    "square": _square_csv,
    "moves": _moves_csv,
    "tree": _tree_csv,
}


def download(view: str, clicks, name, heaps, pairs, size, cols, position, depth):
    """A view's "Download CSV" button: :func:`csv_download` of the tab's controls."""
    if not clicks:
        raise PreventUpdate
    controls = {"heaps": heaps, "pairs": pairs, "size": size, "cols": cols, "position": position, "depth": depth}
    found = csv_download(view, name, controls)
    if found is None:
        raise PreventUpdate
    return found
