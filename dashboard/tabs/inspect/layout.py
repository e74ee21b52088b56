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
CERTIFICATE_SHOWN = {"height": "420px", "overflow": "visible", "visibility": "visible"}
#: Height of the certificate graph: 420 px up to this many positions, then
#: more per position (breadth-first, a large certificate is tall), at most the cap.
CERTIFICATE_SMALL = 12
CERTIFICATE_PX_PER_POSITION = 16
CERTIFICATE_MAX_PX = 1200


def certificate_box_style(positions: int) -> dict:
    """The certificate box's style for a certificate naming this many positions (members, known W and L).

    Parameters
    ----------
    positions : int
        Nodes of the graph.

    Returns
    -------
    dict
        :data:`CERTIFICATE_SHOWN`, taller for a large certificate (so its
        labels stay readable when the graph is fitted): 420 px up to
        :data:`CERTIFICATE_SMALL` positions, then
        :data:`CERTIFICATE_PX_PER_POSITION` more per position, at most
        :data:`CERTIFICATE_MAX_PX`.
    """
    extra = max(0, positions - CERTIFICATE_SMALL) * CERTIFICATE_PX_PER_POSITION
    return {**CERTIFICATE_SHOWN, "height": f"{min(420 + extra, CERTIFICATE_MAX_PX)}px"}


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
                "Values come from the page's one solve, at the bound B set at the top; above it a "
                "number is unresolved (U) "
                "unless it wins at once (a square: W1). Click a number in the table or the graph to inspect it.",
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
                                    "Values at the page's bound B (set at the top of the page).",
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
                "For a certified draw (D), the proof on the thesis's terms. n cannot be W: every move leads to a "
                "position that cannot be L. n cannot be L: some move leads to a position that cannot be W. A "
                "position cannot be L when it is a known W (its mover wins) or when it has such a move itself; it "
                "cannot be W when it is a known L or when every move of its own leads to a position that cannot be "
                "L. The table lists every claim and the moves that show it; the graph draws the same: the members "
                "(green D, or grey U with a partial fact), known W and L as ovals (a move into a known W dashed), "
                "the move that shows a member cannot be L thick, n with a thick border. Click a number or a node "
                "to inspect it.",
                html.Div(
                    [
                        html.Div(id=ids.INSPECT_CERTIFICATE_NOTE, className="note", role="status"),
                        html.Div(id=ids.INSPECT_PROOF, className="proof"),
                        html.Div(
                            cyto.Cytoscape(
                                id=ids.INSPECT_CERTIFICATE,
                                elements=[],
                                layout=certificate_layout(),
                                stylesheet=certificate_stylesheet(),
                                style={"width": "100%", "height": "100%"},
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
