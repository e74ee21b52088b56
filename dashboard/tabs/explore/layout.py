"""Layout of the Explore tab: the controls on top, then the views of one solve."""

from __future__ import annotations

import dash_cytoscape as cyto
from dash import dcc, html

from solver import config
from solver.analysis import TRANSFORMS

from ... import ids
from ...components import graph, panel
from ...defaults import (
    DEFAULT_DIFF_LAYER,
    DEFAULT_TRANSFORM,
    DEPTH_MAX,
)
from ...style import outcome_legend, tree_stylesheet
from ...tables import data_grid

#: Cytoscape layout of the game tree: breadth-first from the root (id "n").
TREE_LAYOUT = {"name": "breadthfirst", "directed": True, "roots": "#n", "spacingFactor": 1.0, "animate": False}


def _label(text: str, target: str, hint: str | None = None) -> html.Label:
    children = [text] + ([html.Span(hint, className="hint")] if hint else [])
    return html.Label(children, htmlFor=target)


def _controls() -> html.Div:
    # N and alpha live in the page-wide setup bar (dashboard/controls.py).
    return html.Div(
        [
            html.Div(
                [
                    _label("move depth", ids.DEPTH_SLIDER, " (layers shown, tree depth)"),
                    dcc.Slider(
                        id=ids.DEPTH_SLIDER,
                        min=1,
                        max=DEPTH_MAX,
                        step=1,
                        value=config.DEFAULT_DEPTH,
                        marks={k: str(k) for k in (1, 5, 10, 15, 20)},
                        tooltip={"placement": "bottom", "always_visible": False},
                    ),
                ],
                className="control control-wide",
            ),
            html.Div(
                [
                    _label("start number (game tree)", ids.START_INPUT, " any size, e.g. 10**30"),
                    dcc.Input(id=ids.START_INPUT, type="text", value=str(config.DEFAULT_START), debounce=True, className="num-input"),
                    html.Div(id=ids.START_ERROR, className="error", role="alert"),
                ],
                className="control",
            ),
            html.Div(
                [
                    html.Button("Download CSV (n, outcome, remoteness)", id=ids.DOWNLOAD_BUTTON, className="button"),
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
    # The validated setup travels request -> (pending, while a background
    # solve runs) -> setup; every view listens to the setup.
    return [
        dcc.Store(id=ids.REQUEST),
        dcc.Store(id=ids.PENDING),
        dcc.Store(id=ids.SETUP),
        dcc.Interval(id=ids.SOLVE_POLL, interval=500, disabled=True),
        dcc.Interval(id=ids.CONVERGENCE_POLL, interval=700, disabled=True),
        dcc.Store(id=ids.TREE_TOGGLED, data=[]),
    ]


def explore_layout() -> html.Div:
    """Return the Explore tab's components: its stores, the controls and the views.

    Returns
    -------
    dash.html.Div
        The stores of the shared setup, the sticky controls (N, alpha, move
        depth, start number, CSV download) and the summary, density, layer,
        difference, convergence and game-tree panels.
    """
    return html.Div(
        [
            *_stores(),
            _controls(),
            html.Main(
                [
                    panel("Summary", dcc.Loading(html.Div(id=ids.SUMMARY), type="dot")),
                    panel(
                        "Densities",
                        html.Div(
                            [
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
                                html.Progress(id=ids.CONVERGENCE_PROGRESS, value="0", max="100", className="inline-progress"),
                                html.Div(id=ids.CONVERGENCE_MESSAGE, className="note", role="status"),
                                graph(ids.CONVERGENCE_GRAPH, 380),
                                data_grid(
                                    ids.CONVERGENCE_TABLE,
                                    [("n", "n"), ("from_bound", "from bound"), ("to_bound", "to bound"),
                                     ("before", "before"), ("after", "after")],
                                    "convergence-changes.csv",
                                ),
                            ]
                        ),
                        note="Counts up to N for B = N, 10 N, 100 N, 1000 N (as far as memory allows): how U shrinks "
                        "and where it settles (the thesis's D-infinity question), and every position whose value "
                        "changed between two bounds. Only U turns into W, L or D, and only a bounded remoteness "
                        "(≤) moves. Bounds above 20 million are solved only when you press the button.",
                        wide=True,
                    ),
                    panel(
                        "Game tree",
                        html.Div(
                            [
                                html.Div(outcome_legend(), id=ids.TREE_LEGEND, className="legend"),
                                html.Div(id=ids.TREE_MESSAGE, className="tree-message", role="status"),
                                html.Button(
                                    "Inspect the last clicked node", id=ids.TREE_INSPECT, className="button button-small"
                                ),
                                dcc.Loading(
                                    cyto.Cytoscape(
                                        id=ids.TREE,
                                        elements=[],
                                        layout=TREE_LAYOUT,
                                        stylesheet=tree_stylesheet(),
                                        style={"width": "100%", "height": "620px"},
                                        minZoom=0.1,
                                        maxZoom=3,
                                        wheelSensitivity=0.2,
                                    ),
                                    type="circle",
                                ),
                            ]
                        ),
                        note="Click a node to expand or collapse it. Values are for the player to move at each node.",
                        wide=True,
                    ),
                ],
                className="views",
            ),
        ]
    )
