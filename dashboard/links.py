"""Numbers shown in the page open in the inspector when clicked.

Layer and difference points, the ``n`` cells of the convergence and thesis
tables and the primitive cells switch to the "Inspect a number" tab with
that number; a button does it for the last clicked tree node (a click on a
node itself expands or collapses it).
"""

from __future__ import annotations

import dash
from dash import Input, Output, State, no_update

from . import ids

#: (component id, event property): where a click names a number.
SOURCES = [
    (ids.LAYERS_W_GRAPH, "clickData"),
    (ids.LAYERS_L_GRAPH, "clickData"),
    (ids.DIFF_GRAPH, "clickData"),
    (ids.CONVERGENCE_TABLE, "cellClicked"),
    (ids.THESIS_LISTS_TABLE, "cellClicked"),
    (ids.PRIMITIVES_TABLE, "cellClicked"),
]

_NUMBER_COLUMNS = {"n", "primitive"}


def number_from_event(event: dict | None) -> int | None:
    """The position a click names, or None.

    Parameters
    ----------
    event : dict or None
        A Plotly ``clickData`` (the layer plots carry the position as the
        point's y value; the difference plot carries ``customdata``
        ``[previous, next]`` and names the next member) or a dash-ag-grid
        ``cellClicked`` (only the ``n`` and ``primitive`` columns name a
        position).

    Returns
    -------
    int or None
    """
    if not event:
        return None
    if "points" in event:
        point = (event.get("points") or [{}])[0]
        custom = point.get("customdata")
        if isinstance(custom, list) and len(custom) == 2:
            value = custom[1]
        elif custom is not None and not isinstance(custom, list):
            value = custom
        else:
            value = point.get("y")
    else:
        if event.get("colId") not in _NUMBER_COLUMNS:
            return None
        value = event.get("value")
    try:
        number = int(value)
    except (TypeError, ValueError):
        return None
    return number if number >= 0 else None


def register(app: dash.Dash) -> None:
    """Send clicks on numbers to the inspector.

    Parameters
    ----------
    app : dash.Dash
        The application; a click on a number in :data:`SOURCES` (or the
        tree's "Inspect the last clicked node" button) sets the inspector's
        number and opens its tab.
    """

    @app.callback(
        Output(ids.INSPECT_INPUT, "value", allow_duplicate=True),
        Output(ids.TABS, "value", allow_duplicate=True),
        *[Input(cid, prop) for cid, prop in SOURCES],
        Input(ids.TREE_INSPECT, "n_clicks"),
        State(ids.TREE, "tapNodeData"),
        prevent_initial_call=True,
    )
    def _open(*args):
        *events, _clicks, node = args
        triggered = dash.ctx.triggered_id
        if triggered == ids.TREE_INSPECT:
            # Tree nodes carry their position as exact digits (any size).
            if node and str(node.get("position", "")).isdigit():
                return str(node["position"]), "inspect"
            return no_update, no_update
        for (cid, _prop), event in zip(SOURCES, events, strict=True):
            if cid == triggered:
                number = number_from_event(event)
                if number is not None:
                    return str(number), "inspect"
        return no_update, no_update
