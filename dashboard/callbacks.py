"""The page's callbacks: every tab's, the shared ones, and the switching of tabs."""

from __future__ import annotations

import dash
from dash import Input, Output, State

from . import ids, links, state, urlstate
from .defaults import DEFAULT_TAB
from .layout import TAB_LABELS
from .tabs.explore import callbacks as explore_callbacks
from .tabs.inspect import callbacks as inspect_callbacks
from .tabs.play import callbacks as play_callbacks
from .tabs.thesis import callbacks as thesis_callbacks

#: Cytoscape graphs laid out again when their tab is shown: (graph id, the
#: State that holds its layout).
CYTOSCAPE_GRAPHS = [(ids.TREE, "layout"), (ids.INSPECT_CERTIFICATE, "layout")]

# A graph laid out while its tab was hidden has no size: when a tab opens,
# resize its cytoscape graphs and run their layout again.  The last inputs
# are the graphs' layouts, in the order of CYTOSCAPE_GRAPHS.
_REFRESH_GRAPHS = """function(...args) {
    const ids = %s;
    const layouts = args.slice(args.length - ids.length);
    setTimeout(function() {
        ids.forEach(function(id, i) {
            const el = document.getElementById(id);
            if (!el || !el._cyreg || !el._cyreg.cy || el.offsetParent === null) { return; }
            const cy = el._cyreg.cy;
            cy.resize();
            cy.layout(layouts[i]).run();
            cy.fit(undefined, 20);
        });
    }, 80);
    return Date.now();
}"""


def show_tab(tab: str | None) -> list[dict]:
    """Styles that show the container of the selected tab and hide the others.

    Parameters
    ----------
    tab : str or None
        The selected tab's value (None means the default tab).

    Returns
    -------
    list of dict
        One style per tab of :data:`dashboard.layout.TAB_LABELS`: ``{}``
        for the selected one, ``{"display": "none"}`` for the others.
    """
    return [{} if value == (tab or DEFAULT_TAB) else {"display": "none"} for value in TAB_LABELS]


def register(app: dash.Dash) -> None:
    """Wire every callback of the page to ``app``.

    Parameters
    ----------
    app : dash.Dash
        The application whose layout is :func:`dashboard.layout.build_layout`.
        The tabs share the solve cache :data:`dashboard.state.SOLUTIONS`.
    """
    explore_callbacks.register(app)
    thesis_callbacks.register(app, state.SOLUTIONS)
    play_callbacks.register(app, state.SOLUTIONS)
    inspect_callbacks.register(app, state.SOLUTIONS)
    links.register(app)
    urlstate.register(app)
    app.callback(
        [Output(ids.tab_container_id(value), "style") for value in TAB_LABELS],
        Input(ids.TABS, "value"),
    )(show_tab)
    graph_ids = "[" + ", ".join(f'"{cid}"' for cid, _ in CYTOSCAPE_GRAPHS) + "]"
    app.clientside_callback(
        _REFRESH_GRAPHS % graph_ids,
        Output(ids.GRAPH_REFRESH, "data"),
        # The containers' styles change once a tab is really shown.
        *[Input(ids.tab_container_id(value), "style") for value in TAB_LABELS],
        *[State(cid, prop) for cid, prop in CYTOSCAPE_GRAPHS],
    )
