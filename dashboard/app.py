"""The Dash application: a few lines that join layout and callbacks."""

from __future__ import annotations

from pathlib import Path

import dash
from dash import Input, Output, State

from . import callbacks, ids, inspect_view, links, play_view, thesis_view, urlstate
from .layout import TAB_LABELS, build_layout, tab_container_id

#: The page's CSS, shipped inside the package (package data), so an installed
#: copy serves it too.
ASSETS = Path(__file__).resolve().parent / "assets"


def create_app() -> dash.Dash:
    """Build the dashboard application (debug off; serve it with ``app.run``)."""
    app = dash.Dash(__name__, assets_folder=str(ASSETS), title="Put-or-Take-a-Square explorer")
    app.layout = build_layout()
    callbacks.register(app)
    thesis_view.register(app, callbacks.SOLUTIONS)
    play_view.register(app, callbacks.SOLUTIONS)
    inspect_view.register(app, callbacks.SOLUTIONS)
    links.register(app)
    urlstate.register(app)
    # A graph laid out while its tab was hidden has no size: when a tab
    # opens, resize its cytoscape graphs and run their layout again.
    app.clientside_callback(
        """function(...args) {
            const treeLayout = args[args.length - 2];
            const certificateLayout = args[args.length - 1];
            const graphs = [["game-tree", treeLayout], ["inspect-certificate", certificateLayout]];
            setTimeout(function() {
                graphs.forEach(function(pair) {
                    const el = document.getElementById(pair[0]);
                    if (!el || !el._cyreg || !el._cyreg.cy || el.offsetParent === null) { return; }
                    const cy = el._cyreg.cy;
                    cy.resize();
                    cy.layout(pair[1]).run();
                    cy.fit(undefined, 20);
                });
            }, 80);
            return Date.now();
        }""",
        Output(ids.GRAPH_REFRESH, "data"),
        # The containers' styles change once a tab is really shown.
        *[Input(tab_container_id(value), "style") for value in TAB_LABELS],
        State(ids.TREE, "layout"),
        State(inspect_view.INSPECT_CERTIFICATE, "layout"),
    )
    return app
