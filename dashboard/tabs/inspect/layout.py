"""Layout of the Inspect tab: the number box, its value and moves, the put-chain, the draw certificate."""

from __future__ import annotations

import dash_cytoscape as cyto
from dash import dcc, html

from ...components import section
from ...defaults import DEFAULT_INSPECT
from ...tables import data_grid
from . import ids
from .figures import certificate_layout, certificate_stylesheet

#: Styles of the box around the certificate graph.  Hidden by height, not by
#: ``display: none``: cytoscape lays out and fits a graph only in a box
#: that has a size.
CERTIFICATE_HIDDEN = {"height": "0px", "overflow": "hidden", "visibility": "hidden"}
CERTIFICATE_SHOWN = {"height": "auto", "overflow": "visible", "visibility": "visible"}

#: Columns of the put-chain table: (field, header).
CHAIN_COLUMNS = [
    ("step", "step j"),
    ("position", "c_j"),
    ("value", "value"),
    ("take", "take child"),
    ("take_value", "take child's value"),
    ("reason", "why"),
    ("above_bound", "above bound"),
]


def _chain_grid() -> html.Div:
    grid = data_grid(ids.INSPECT_CHAIN, CHAIN_COLUMNS, "put-chain.csv", page_size=15)
    # Wider "why" column; position columns hold exact (possibly long) numbers.
    for column in grid.children[1].columnDefs:
        if column["field"] == "reason":
            column["flex"] = 3
        elif column["field"] in ("position", "take"):
            column["flex"] = 2
    return grid


def inspect_layout() -> html.Main:
    """Return the Inspect tab's components.

    Returns
    -------
    dash.html.Main
        Three panels: the number box with its value and moves, the
        put-chain table, and the draw certificate graph (hidden until the
        number is a certified draw).
    """
    return html.Main(
        [
            section(
                "Inspect a number",
                "Any whole number, of any size (10**30 works): its value, its two moves and the best ones. "
                "Values come from the page's one solve, at the bound B = alpha × N set at the top; above it a "
                "number is unresolved (U) "
                "unless it is a square (W1). Click a number in the table or the graph to inspect it.",
                html.Div(
                    [
                        html.Div(
                            [
                                html.Div(
                                    [
                                        html.Label("number n", htmlFor=ids.INSPECT_INPUT),
                                        dcc.Input(
                                            id=ids.INSPECT_INPUT,
                                            type="text",
                                            value=str(DEFAULT_INSPECT),
                                            debounce=True,
                                            className="num-input",
                                            autoComplete="off",
                                        ),
                                    ],
                                    className="control",
                                ),
                                html.Div(
                                    "Values at the page's bound B (alpha × N, set at the top of the page).",
                                    id=ids.INSPECT_BOUND,
                                    className="note bound-note",
                                    role="status",
                                ),
                            ],
                            className="controls controls-inline",
                        ),
                        html.Div(id=ids.INSPECT_ERROR, className="error", role="alert"),
                        dcc.Loading(
                            html.Div(
                                [
                                    html.Div(id=ids.INSPECT_SUMMARY, className="summary-text", role="status"),
                                    html.Div(id=ids.INSPECT_MOVES),
                                ]
                            ),
                            type="dot",
                        ),
                    ]
                ),
            ),
            section(
                "Put-chain",
                "c_0 = n, c_(j+1) = c_j + isqrt(c_j)² up to the bound, and the first link beyond it. Each link has "
                "two children: its take child (at most 2 √c_j, small and solved early) and the next link (about "
                "twice as big). A take child L makes the link W; a take child W makes it the opposite of the "
                "next link; so the take children along the chain decide most values.",
                dcc.Loading(_chain_grid(), type="dot"),
            ),
            section(
                "Draw certificate",
                "For a certified draw (D): the smallest set of positions holding n that keeps the game inside "
                "itself. Every move from a member goes to another member (D) or to a W position (an exit: "
                "moving there hands the opponent the win), so neither side can force a win from any member. Green: "
                "members (D); blue ovals: exits (W), reached by dashed moves; thick border: n. Click a node to "
                "inspect it.",
                html.Div(
                    [
                        html.Div(id=ids.INSPECT_CERTIFICATE_NOTE, className="note", role="status"),
                        html.Div(
                            cyto.Cytoscape(
                                id=ids.INSPECT_CERTIFICATE,
                                elements=[],
                                layout=certificate_layout(),
                                stylesheet=certificate_stylesheet(),
                                style={"width": "100%", "height": "420px"},
                                minZoom=0.2,
                                maxZoom=3,
                                # No custom wheelSensitivity: cytoscape warns about it on every
                                # load, and the default zooms like every other page.
                            ),
                            id=ids.INSPECT_CERTIFICATE_BOX,
                            style=CERTIFICATE_HIDDEN,
                        ),
                    ]
                ),
            ),
        ],
        className="views",
    )
