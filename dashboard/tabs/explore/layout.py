"""Layout of the Explore tab: the controls on top, then the views of one solve, one at a time.

A row of switches (a radio group styled as tabs, so the arrow keys move
between them) picks the view: summary, densities, layers, differences,
convergence or the game tree.  The switch shows one container and hides the
others (:func:`register_views`).  A view other than the first does no work
until it is chosen: its panel is mounted then (a deferred holder,
:func:`dashboard.tabs.explore.ids.explore_deferred_id`) and stays mounted, and it hears
of a new setup only while it is shown (its gate store,
:func:`dashboard.tabs.explore.ids.explore_gate_id`), so a hidden view sends no request
and draws nothing when N or alpha change.
"""

from __future__ import annotations

import json

import dash
from dash import Input, Output, State, dcc, html

from solver import config
from solver.analysis.layers import TRANSFORMS

from ... import ids as page_ids
from ...components import DEFERRED_SHOWN, MOUNT_WHEN_SENT_JS, attrs, deferred, graph, graph_config, panel
from ...defaults import (
    DEFAULT_DIFF_LAYER,
    DEFAULT_TRANSFORM,
    DEPTH_MAX,
)
from ...tables import data_grid
from . import ids
from .family import compare_panel, nim_panel, records_panel
from .tree import tree_panel

#: The Explore tab's views, in the order of their panels: value -> the
#: switch's label.
VIEW_LABELS = {
    "summary": "Summary",
    "densities": "Densities",
    "layers": "Layers",
    "differences": "Differences",
    "convergence": "Convergence",
    "records": "Records",
    "nim": "Nim values",
    "compare": "Rules compared",
    "tree": "Game tree",
}
#: The view shown first.
DEFAULT_VIEW = "summary"
#: The views mounted only when first chosen, each with its gate store.
DEFERRED_VIEWS = tuple(view for view in VIEW_LABELS if view != DEFAULT_VIEW)
#: The value of the page's tab bar that shows the Explore tab.
EXPLORE_TAB = "explore"


def _label(text: str, target: str, hint: str | None = None) -> html.Label:
    children = [text] + ([html.Span(hint, className="hint")] if hint else [])
    return html.Label(children, htmlFor=target)


def _controls() -> html.Div:
    # N and alpha live in the page-wide setup bar (dashboard/controls.py).
    return html.Div(
        [
            html.Div(
                [
                    _label("move depth", ids.DEPTH_INPUT, " (layers shown, tree depth; type and press Enter)"),
                    # The slider commits on release (and on each arrow key);
                    # the tree waits until it rests (tree.js).  The box is
                    # sent on Enter or when it loses focus.
                    html.Div(
                        [
                            dcc.Slider(
                                id=ids.DEPTH_SLIDER,
                                min=1,
                                max=DEPTH_MAX,
                                step=1,
                                value=config.DEFAULT_DEPTH,
                                marks={k: str(k) for k in (1, 5, 10, 15, 20)},
                                updatemode="mouseup",
                                allow_direct_input=False,
                                className="depth-slider",
                            ),
                            dcc.Input(
                                id=ids.DEPTH_INPUT,
                                type="number",
                                min=1,
                                max=DEPTH_MAX,
                                step=1,
                                value=config.DEFAULT_DEPTH,
                                debounce=True,
                                className="num-input depth-input",
                            ),
                        ],
                        className="depth-control",
                    ),
                    html.Div(id=ids.DEPTH_ERROR, className="error", role="alert"),
                ],
                className="control control-wide",
            ),
            html.Div(
                [
                    html.Button(
                        "Download CSV (n, outcome, remoteness, cannot be)", id=ids.DOWNLOAD_BUTTON, className="button"
                    ),
                    html.Span(" N up to 1,000,000", className="hint"),
                    dcc.Download(id=ids.DOWNLOAD),
                    html.Div(id=ids.DOWNLOAD_MESSAGE, className="error", role="alert"),
                ],
                className="control",
            ),
        ],
        className="controls",
    )


def _stores() -> list:
    # The page's setup stores are the page's (dashboard.controls.setup_stores);
    # these are the tab's own: the convergence view's poll and the views' gates.
    return [
        dcc.Interval(id=ids.CONVERGENCE_POLL, interval=700, disabled=True),
        *[dcc.Store(id=ids.explore_gate_id(view)) for view in DEFERRED_VIEWS],
        # Mounted with the tab (not with a view), so the browser can write them
        # whichever view is mounted.
        dcc.Store(id=ids.LAYERS_ARGS),
        dcc.Store(id=ids.TREE_ARGS),
    ]


def _views(panels: list) -> html.Div:
    """The view switch and one container per view (only the default one shown)."""
    switch = dcc.RadioItems(
        id=ids.EXPLORE_VIEW,
        options=[{"label": label, "value": value} for value, label in VIEW_LABELS.items()],
        value=DEFAULT_VIEW,
        inline=True,
        className="view-tabs",
        labelClassName="view-tab",
    )
    containers = [
        html.Div(
            body if value == DEFAULT_VIEW else deferred(ids.explore_deferred_id(value), body),
            id=ids.explore_view_id(value),
            className="explore-view",
            style=None if value == DEFAULT_VIEW else {"display": "none"},
        )
        for value, body in zip(VIEW_LABELS, panels, strict=True)
    ]
    return html.Div(
        [html.Nav(switch, className="view-switch", **attrs({"aria-label": "Explore views"})), *containers],
        className="explore-views",
    )


# A deferred view's panel is mounted the first time the view is chosen (its
# holder goes from "waiting" to "shown" once), and its gate store takes the
# setup whenever the view is shown (in the Explore tab) and the store holds
# another one: the view's server callbacks listen to the gate, not to the
# setup, so a hidden view costs nothing until it is shown again.  The mount
# waits until the browser is next idle (as a tab's does,
# components.MOUNT_WHEN_SENT_JS), so that the view's requests are on their
# way while the browser builds its panel.
_MOUNT_AND_OPEN = """function(view, tab, setup, ...rest) {
    const views = %s;
    const shownValue = %s;
    const exploreTab = %s;
    const holderIds = %s;
    const noUpdate = window.dash_clientside.no_update;
    const holders = rest.slice(0, views.length);
    const gates = rest.slice(views.length);
    const mount = views.map(function(value, i) {
        if (value === view && holders[i] !== shownValue) {
            (%s)(holderIds[i], shownValue);
        }
        return noUpdate;
    });
    const open = views.map(function(value, i) {
        if (value !== view || (tab && tab !== exploreTab) || !setup) { return noUpdate; }
        return JSON.stringify(gates[i]) === JSON.stringify(setup) ? noUpdate : setup;
    });
    return mount.concat(open);
}"""


def register_views(app: dash.Dash) -> None:
    """Wire the view switch: show the chosen view's container, hide the others (in the browser).

    Also mounts a deferred view's panel the first time it is chosen and
    hands the setup to the gate store of the view shown (both in the
    browser, no request).

    Parameters
    ----------
    app : dash.Dash
        The application whose layout holds :func:`explore_layout`.
    """
    views, default = json.dumps(list(VIEW_LABELS)), json.dumps(DEFAULT_VIEW)
    app.clientside_callback(
        f"""function(view) {{
            const views = {views};
            const shown = views.includes(view) ? view : {default};
            return views.map(function(value) {{ return value === shown ? {{}} : {{display: 'none'}}; }});
        }}""",
        [Output(ids.explore_view_id(value), "style") for value in VIEW_LABELS],
        Input(ids.EXPLORE_VIEW, "value"),
        prevent_initial_call=True,
    )
    app.clientside_callback(
        _MOUNT_AND_OPEN
        % (
            json.dumps(list(DEFERRED_VIEWS)),
            json.dumps(DEFERRED_SHOWN),
            json.dumps(EXPLORE_TAB),
            json.dumps([ids.explore_deferred_id(value) for value in DEFERRED_VIEWS]),
            MOUNT_WHEN_SENT_JS,
        ),
        [Output(ids.explore_deferred_id(value), "value") for value in DEFERRED_VIEWS]
        + [Output(ids.explore_gate_id(value), "data") for value in DEFERRED_VIEWS],
        Input(ids.EXPLORE_VIEW, "value"),
        Input(page_ids.TABS, "value"),
        Input(page_ids.SETUP, "data"),
        *[State(ids.explore_deferred_id(value), "value") for value in DEFERRED_VIEWS],
        *[State(ids.explore_gate_id(value), "data") for value in DEFERRED_VIEWS],
        prevent_initial_call=True,
    )


def explore_layout() -> html.Main:
    """Return the Explore tab's components: its stores, the controls and the views.

    Returns
    -------
    dash.html.Main
        The tab's stores (the convergence poll, the views' gates), the sticky controls (move depth,
        CSV download), the view switch and the summary, density, layer,
        difference, convergence and game-tree panels, one per view
        (:data:`VIEW_LABELS`, the tree from
        :func:`dashboard.tabs.explore.tree.tree_panel`).
    """
    return html.Main(
        [
            *_stores(),
            _controls(),
            _views(
                [
                    panel("Summary", dcc.Loading(html.Div(id=ids.SUMMARY), type="dot")),
                    panel(
                        "Densities",
                        html.Div(
                            [
                                html.Label("transform", htmlFor=ids.DENSITY_TRANSFORM, className="visually-hidden"),
                                dcc.RadioItems(
                                    id=ids.DENSITY_TRANSFORM,
                                    options=[{"label": label, "value": key} for key, label in TRANSFORMS.items()],
                                    value=DEFAULT_TRANSFORM,
                                    inline=True,
                                    className="radio",
                                ),
                                graph(ids.DENSITY_GRAPH),
                            ]
                        ),
                        note="#X ≤ n / n for each outcome (thesis Figs 6-8); the transforms are those of Figs 9-11.",
                    ),
                    panel(
                        "Layers",
                        html.Div([graph(ids.LAYERS_W_GRAPH, 380), graph(ids.LAYERS_L_GRAPH, 380)], className="pair"),
                        note="Layer l_k: positions ≤ N with remoteness k, up to the move depth (thesis Figs 4, 5).",
                        wide=True,
                    ),
                    panel(
                        "Differences within a layer",
                        html.Div(
                            [
                                html.Label("layer", htmlFor=ids.DIFF_LAYER),
                                dcc.Dropdown(
                                    id=ids.DIFF_LAYER,
                                    options=[{"label": f"l{k}", "value": k} for k in range(1, DEPTH_MAX + 1)],
                                    value=DEFAULT_DIFF_LAYER,
                                    clearable=False,
                                    className="dropdown",
                                ),
                                graph(ids.DIFF_GRAPH),
                            ]
                        ),
                        note="Gaps between consecutive elements of a layer (thesis Figs 12, 13).",
                    ),
                    panel(
                        "Convergence in the bound",
                        html.Div(
                            [
                                html.Button("Solve the missing bounds", id=ids.CONVERGENCE_BUTTON, className="button"),
                                html.Progress(
                                    id=ids.CONVERGENCE_PROGRESS, value="0", max="100", className="inline-progress"
                                ),
                                html.Div(id=ids.CONVERGENCE_MESSAGE, className="note", role="status"),
                                dcc.Store(id=ids.CONVERGENCE_FIGURES),
                                # Its height is the stylesheet's: taller on a phone, where the
                                # panels stack (the browser picks that figure).
                                dcc.Loading(
                                    html.Div(
                                        dcc.Graph(
                                            id=ids.CONVERGENCE_GRAPH, style={"height": "100%"}, config=graph_config()
                                        ),
                                        className="convergence-box",
                                    ),
                                    type="circle",
                                ),
                                data_grid(
                                    ids.CONVERGENCE_TABLE,
                                    [
                                        ("n", "n"),
                                        ("from_bound", "from bound"),
                                        ("to_bound", "to bound"),
                                        ("before", "before"),
                                        ("after", "after"),
                                    ],
                                    "convergence-changes.csv",
                                ),
                            ]
                        ),
                        note="The thesis's D-infinity question: which positions never settle? Counts up to N for "
                        "B = N, 10 N, 100 N, 1000 N (as far as memory allows): how U shrinks, with the U that "
                        "cannot be L (a win or a draw) and cannot be W (a loss or a draw); how far every position "
                        "is decided (decided below: all W, L or D up to it) against B; W, L and D. The table lists "
                        "every position whose value changed between two bounds: only U turns into W, L or D (or "
                        "gains a partial fact), and only a bounded remoteness (≤) moves. Bounds above 20 million "
                        "are solved only when you press the button.",
                        wide=True,
                    ),
                    records_panel(),
                    nim_panel(),
                    compare_panel(),
                    tree_panel(),
                ],
            ),
        ]
    )
