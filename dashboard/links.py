"""Numbers shown in the page open in the inspector when clicked.

Layer, difference and primitive points, the ``n`` cells of the convergence
and thesis tables and the primitive cells switch to the "Inspect a number"
tab with that number; a button does it for the last clicked tree node (a
click on a node itself expands or collapses it); so does every number drawn
as a link (:func:`dashboard.components.inspect_link`: the Summary's U
positions and bounded ones), in the browser (``assets/page.js``, section 11;
:func:`link_target` is the rule's reference).
"""

from __future__ import annotations

import dash
from dash import Input, Output, State, no_update

from . import ids
from .tabs.explore import ids as explore_ids
from .tabs.inspect import ids as inspect_ids
from .tabs.thesis import ids as thesis_ids

#: (component id, event property): where a click names a number.
SOURCES = [
    (explore_ids.LAYERS_W_GRAPH, "clickData"),
    (explore_ids.LAYERS_L_GRAPH, "clickData"),
    (explore_ids.DIFF_GRAPH, "clickData"),
    (thesis_ids.PRIMITIVES_GRAPH, "clickData"),
    (explore_ids.CONVERGENCE_TABLE, "cellClicked"),
    (thesis_ids.THESIS_LISTS_TABLE, "cellClicked"),
    (thesis_ids.PRIMITIVES_TABLE, "cellClicked"),
]

#: Where a click on each graph finds its position: ``"y"`` (the point's y
#: value is the position) or an index into the point's ``customdata``.  The
#: difference plot's y is a gap, never a position: its ``customdata`` is
#: ``[earlier member, later member]`` and a click opens the later member.
GRAPH_POSITIONS: dict[str, str | int] = {
    explore_ids.LAYERS_W_GRAPH: "y",
    explore_ids.LAYERS_L_GRAPH: "y",
    thesis_ids.PRIMITIVES_GRAPH: "y",
    explore_ids.DIFF_GRAPH: 1,
}

_NUMBER_COLUMNS = {"n", "primitive"}


def _point_value(point: dict, rule: str | int | None):
    custom = point.get("customdata")
    if rule == "y":
        return point.get("y")
    if isinstance(rule, int):
        if isinstance(custom, list) and len(custom) > rule:
            return custom[rule]
        return None
    # No rule (an unknown source): a [earlier, later] pair names the later
    # member, a single customdata value names itself, else the y value.
    if isinstance(custom, list) and len(custom) == 2:
        return custom[1]
    if custom is not None and not isinstance(custom, (list, dict)):
        return custom
    if isinstance(custom, (list, dict)):
        return None
    return point.get("y")


def number_from_event(event: dict | None, source: str | None = None) -> int | None:
    """The position a click names, or None.

    Parameters
    ----------
    event : dict or None
        A Plotly ``clickData`` or a dash-ag-grid ``cellClicked`` (only the
        ``n`` and ``primitive`` columns name a position).
    source : str, optional
        Id of the component the event came from.  For a graph of
        :data:`GRAPH_POSITIONS` its rule says where the position is; the
        difference plot names the later member of its pair, never the gap.
        Without it: a two-item ``customdata`` names its second item, a
        single ``customdata`` value itself, else the point's y value.

    Returns
    -------
    int or None
        A whole number ``>= 0``, or None when the event names none.
    """
    if not event or not isinstance(event, dict):
        return None
    if "points" in event:
        points = event.get("points")
        if not isinstance(points, list) or not points or not isinstance(points[0], dict):
            return None
        value = _point_value(points[0], GRAPH_POSITIONS.get(source) if source else None)
    else:
        if event.get("colId") not in _NUMBER_COLUMNS:
            return None
        value = event.get("value")
    if isinstance(value, bool):
        return None
    if isinstance(value, float):
        if not value.is_integer():
            return None
        value = int(value)
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
        Output(inspect_ids.INSPECT_INPUT, "value", allow_duplicate=True),
        Output(ids.TABS, "value", allow_duplicate=True),
        *[Input(cid, prop) for cid, prop in SOURCES],
        Input(explore_ids.TREE_INSPECT, "n_clicks"),
        State(explore_ids.TREE, "tapNodeData"),
        prevent_initial_call=True,
    )
    def _open(*args):
        *events, _clicks, node = args
        triggered = dash.ctx.triggered_id
        if triggered == explore_ids.TREE_INSPECT:
            # Tree nodes carry their position as exact digits (any size).
            if isinstance(node, dict) and str(node.get("position", "")).isdigit():
                return str(node["position"]), "inspect"
            return no_update, no_update
        for (cid, _prop), event in zip(SOURCES, events, strict=True):
            if cid == triggered:
                number = number_from_event(event, cid)
                if number is not None:
                    return str(number), "inspect"
        return no_update, no_update


#: Where a number link's click goes, for ``assets/page.js`` (section 11; the page template puts it in the
#: page as ``window.ptsqLinks``, :mod:`dashboard.app`): the inspector's number box, the tab bar and the tab.
LINK_TARGETS = {"input": inspect_ids.INSPECT_INPUT, "tabs": ids.TABS, "tab": "inspect"}


def link_target(position: object) -> tuple[str, str] | None:
    """Where a click on a number link goes: ``(its digits, "inspect")``, or nowhere.

    ``assets/page.js`` (section 11) runs this rule in the browser on a click
    on a :func:`dashboard.components.inspect_link`, and sets the inspector's
    number and the open tab to what it gives; this function is its tested
    reference.  No Dash callback listens to the links: one on the group ran
    whenever a view drew new links (the Summary, with every setup) and held
    the page's other callbacks back for a round.

    Parameters
    ----------
    position : object
        The link's ``data-inspect`` attribute.

    Returns
    -------
    tuple or None
        ``(position text, "inspect")`` for 1 to 4,000 ASCII digits, else None.
    """
    if not isinstance(position, str) or not 1 <= len(position) <= 4000:
        return None
    if not (position.isascii() and position.isdigit()):
        return None
    return position, LINK_TARGETS["tab"]
