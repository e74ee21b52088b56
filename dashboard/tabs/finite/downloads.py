"""The "Download CSV" of the Play and Game tree panels, which every game has, and the one callback behind every export.

Each view declares its own exports (:class:`.views.base.CsvExport`); the
tab wires them all the same way (:func:`download`).  Every export
recomputes what its panel shows from the controls (the server keeps
nothing per browser) and writes it with :func:`dashboard.tables.rows_to_csv`:
plain UTF-8, ``\\n`` line ends, no byte-order mark.
"""

from __future__ import annotations

from dash.exceptions import PreventUpdate

from solver.registry import find_game as find_registry_game

from ...gametree.build import build_tree, tree_depth
from . import ids
from .games import find_game, parse_position
from .play import move_rows
from .views import EXPORTS, views_for
from .views.base import CsvExport, csv_file

__all__ = ["ALL_EXPORTS", "MOVES_CSV", "TREE_CSV", "csv_download", "download"]


def moves_csv(game, position_text: object) -> dict | None:
    """Every move of the position to play: CSV ``move,leaves,outcome_left,wins``."""
    position = parse_position(game, position_text)
    rows = [
        {"move": row.text, "leaves": row.child_text, "outcome_left": row.outcome, "wins": row.outcome == "L"}
        for row in move_rows(game, position)
    ]
    return csv_file(["move", "leaves", "outcome_left", "wins"], rows, f"{game.name}-moves.csv")


def tree_csv(game, position_text: object, depth: object) -> dict | None:
    """The game tree drawn (:func:`dashboard.gametree.build.build_tree`): CSV ``node,parent,move,position,outcome``.

    Nodes are ``t0, t1, ...`` breadth first, the start ``t0``.
    """
    position = parse_position(game, position_text)
    tree = build_tree(find_registry_game(game.name), position, tree_depth(depth))
    rows = [
        {
            "node": f"t{k}",
            "parent": "" if node.parent is None else f"t{node.parent}",
            "move": node.move or "",
            "position": node.text,
            "outcome": node.outcome,
        }
        for k, node in enumerate(tree.nodes)
    ]
    return csv_file(["node", "parent", "move", "position", "outcome"], rows, f"{game.name}-tree.csv")


MOVES_CSV = CsvExport("moves", "the moves of the position", (ids.POSITION,), moves_csv)
TREE_CSV = CsvExport("tree", "the game tree", (ids.POSITION, ids.TREE_DEPTH), tree_csv)
#: Every export of the tab, by name: the views' and the two every game has.
ALL_EXPORTS: dict[str, CsvExport] = {**EXPORTS, MOVES_CSV.key: MOVES_CSV, TREE_CSV.key: TREE_CSV}


def csv_download(key: object, name: object, values: tuple | list) -> dict | None:
    """The CSV of an export for the chosen game and the values of its controls.

    Parameters
    ----------
    key : object
        The export's name (a key of :data:`ALL_EXPORTS`: ``"grundy"``,
        ``"plane"``, ``"moves"`` ...).
    name : object
        The game's name.
    values : tuple or list
        The values of the export's controls, in the order of its
        ``controls``.

    Returns
    -------
    dict or None
        What ``dcc.send_string`` makes; None when there is nothing to write:
        an unknown export, a game without that view, or bad input (the
        view itself says why).
    """
    export = ALL_EXPORTS.get(key) if isinstance(key, str) else None
    if export is None or len(values) != len(export.controls):
        return None
    try:
        game = find_game(name)
        if key in EXPORTS and not any(export in view.exports for view in views_for(game)):
            return None
        return export.write(game, *values)
    except (TypeError, ValueError, KeyError):
        return None


def download(key: str, clicks, name, *values):
    """An export's "Download CSV" button: :func:`csv_download` of its controls."""
    if not clicks:
        raise PreventUpdate
    found = csv_download(key, name, values)
    if found is None:
        raise PreventUpdate
    return found
