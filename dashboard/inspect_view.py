"""The "Inspect a number" view: one number's moves, value, put-chain and draw certificate.

Layout (:func:`inspect_layout`) and callbacks (:func:`register`) live here, as
in :mod:`dashboard.thesis_view`.  The callback bodies are plain functions
(:func:`make_inspection`, :func:`number_from_click`) that tests call directly.
"""

from __future__ import annotations

import dash
import dash_cytoscape as cyto
from dash import Input, Output, dcc, html, no_update

from solver.inspect import Certificate, draw_certificate, inspect, put_chain
from solver.parsing import parse_int
from solver.retrograde import Outcome

from .figures import COLOURS, NAMES, format_position, tree_stylesheet
from .tables import data_grid, register_exports

# Component ids (all start with "inspect-").
#: The number input; other views may link to it (set its ``value``).
INSPECT_INPUT = "inspect-number"
INSPECT_BOUND = "inspect-bound"
INSPECT_ERROR = "inspect-error"
INSPECT_SUMMARY = "inspect-summary"
INSPECT_MOVES = "inspect-moves"
INSPECT_CHAIN = "inspect-chain"
INSPECT_CERTIFICATE = "inspect-certificate"
INSPECT_CERTIFICATE_NOTE = "inspect-certificate-note"
INSPECT_CERTIFICATE_BOX = "inspect-certificate-box"

#: Bound of the solve the view reads values from.
INSPECT_BOUND_DEFAULT = 10**6
#: Number shown when the page opens.
INSPECT_START = 8

#: Styles of the box around the certificate graph.  Hidden by height, not by
#: ``display: none``: cytoscape lays out and fits a graph only in a box
#: that has a size.
CERTIFICATE_HIDDEN = {"height": "0px", "overflow": "hidden", "visibility": "hidden"}
CERTIFICATE_SHOWN = {"height": "auto", "overflow": "visible", "visibility": "visible"}

CHAIN_COLUMNS = [
    ("step", "step j"),
    ("position", "c_j"),
    ("value", "value"),
    ("take", "take child"),
    ("take_value", "take child's value"),
    ("reason", "why"),
    ("above_bound", "above bound"),
]


def _section(title: str, note: str, body) -> html.Section:
    return html.Section([html.H2(title), html.P(note, className="note"), body], className="panel panel-wide")


def certificate_stylesheet() -> list[dict]:
    """Cytoscape stylesheet of the certificate graph.

    Returns
    -------
    list of dict
        The game tree's stylesheet (outcome colours of
        :data:`dashboard.figures.COLOURS`), with the inspected number drawn
        with a thick border and W exits as faded ellipses.
    """
    return tree_stylesheet() + [
        {"selector": "node.exit", "style": {"shape": "ellipse", "background-opacity": 0.7, "width": 50}},
        {"selector": "node.root", "style": {"border-width": 4, "border-color": "#000"}},
        {"selector": "edge.exit", "style": {"line-style": "dashed"}},
    ]


def _chain_grid() -> html.Div:
    grid = data_grid(INSPECT_CHAIN, CHAIN_COLUMNS, "put-chain.csv", page_size=15)
    # Wider "why" column; position columns hold exact (possibly long) numbers.
    for column in grid.children[1].columnDefs:
        if column["field"] == "reason":
            column["flex"] = 3
        elif column["field"] in ("position", "take"):
            column["flex"] = 2
    return grid


def certificate_layout(n: int | None = None) -> dict:
    """Cytoscape layout of the certificate graph: breadth-first from ``n`` (top).

    Parameters
    ----------
    n : int, optional
        The inspected number (the root); None for no root.

    Returns
    -------
    dict
        A new layout each time, so the graph is laid out and fitted afresh.
    """
    layout = {"name": "breadthfirst", "directed": True, "spacingFactor": 1.1, "padding": 20, "animate": False, "fit": True}
    if n is not None:
        layout["roots"] = f"#c{n}"
    return layout


def inspect_layout() -> html.Div:
    """Return the view's components."""
    return html.Main(
        [
            _section(
                "Inspect a number",
                "Any whole number, of any size (10**30 works): its value, its two moves and the best ones. "
                "Values come from the sound solve to the bound shown; above it a number is unresolved (U) "
                "unless it is a square (W1). Click a number in the table or the graph to inspect it.",
                html.Div(
                    [
                        html.Div(
                            [
                                html.Div(
                                    [
                                        html.Label("number n", htmlFor=INSPECT_INPUT),
                                        dcc.Input(
                                            id=INSPECT_INPUT,
                                            type="text",
                                            value=str(INSPECT_START),
                                            debounce=True,
                                            className="num-input",
                                        ),
                                    ],
                                    className="control",
                                ),
                                html.Div(id=INSPECT_BOUND, className="note"),
                            ],
                            className="controls controls-inline",
                        ),
                        html.Div(id=INSPECT_ERROR, className="error", role="alert"),
                        dcc.Loading(
                            html.Div(
                                [
                                    html.Div(id=INSPECT_SUMMARY, className="summary-text", role="status"),
                                    html.Div(id=INSPECT_MOVES),
                                ]
                            ),
                            type="dot",
                        ),
                    ]
                ),
            ),
            _section(
                "Put-chain",
                "c_0 = n, c_(j+1) = c_j + isqrt(c_j)² up to the bound, and the first link beyond it. Each link has "
                "two children: its take child (at most 2 √c_j, small and solved early) and the next link (about "
                "twice as big). A take child L makes the link W; a take child W makes it the opposite of the "
                "next link; so the take children along the chain decide most values.",
                dcc.Loading(_chain_grid(), type="dot"),
            ),
            _section(
                "Draw certificate",
                "For a certified draw (D): the smallest set of positions holding n that keeps the game inside "
                "itself. Every move from a member goes to another member (D) or to a W position (an exit: "
                "moving there hands the opponent the win), so neither side can force a win from any member. Green: "
                "members (D); blue ovals: exits (W), reached by dashed moves; thick border: n. Click a node to "
                "inspect it.",
                html.Div(
                    [
                        html.Div(id=INSPECT_CERTIFICATE_NOTE, className="note", role="status"),
                        html.Div(
                            cyto.Cytoscape(
                                id=INSPECT_CERTIFICATE,
                                elements=[],
                                layout=certificate_layout(),
                                stylesheet=certificate_stylesheet(),
                                style={"width": "100%", "height": "420px"},
                                minZoom=0.2,
                                maxZoom=3,
                                wheelSensitivity=0.2,
                            ),
                            id=INSPECT_CERTIFICATE_BOX,
                            style=CERTIFICATE_HIDDEN,
                        ),
                    ]
                ),
            ),
        ],
        className="views",
    )


def _value_phrase(letter: str) -> str:
    return NAMES.get(letter, letter)


def _summary(info) -> html.Div:
    if info.remoteness is not None:
        rem = f"{info.remoteness} (exact)"
    elif info.at_most is not None:
        rem = f"at most {info.at_most} (not proven exact at this bound)"
    else:
        rem = "none (the game has no forced end)" if info.outcome == Outcome.D else "unknown"
    by_move = {m.move: m for m in info.moves}
    if info.best_moves:
        best = ", ".join(
            f"{move.value} → {format_position(by_move[move].child)} ({by_move[move].text})" for move in info.best_moves
        )
    else:
        best = "none: the game is over (the player to move at 0 has lost)"
    facts = [
        ("n", str(info.position)),
        ("value", _value_phrase(info.outcome.name) if info.text == info.outcome.name else f"{info.text}: {_value_phrase(info.outcome.name)}"),
        ("remoteness", rem),
        ("best moves", best),
    ]
    notes = []
    if info.is_square:
        notes.append("n is a square: taking it to 0 wins at once.")
    if info.above_bound:
        notes.append(f"n is above the bound {info.bound:,}, so its value is unknown unless it is a square; moves are exact.")
    return html.Div(
        [
            html.Table(
                html.Tbody([html.Tr([html.Th(k), html.Td(v, className="num") if k == "n" else html.Td(v)]) for k, v in facts]),
                className="summary-table",
            ),
            *[html.P(text, className="note") for text in notes],
        ]
    )


def _moves_table(info) -> html.Div:
    if not info.moves:
        return html.Div()
    rows = [
        html.Tr(
            [
                html.Td(m.move.value + (" ★ best" if m.best else "")),
                html.Td(str(m.child), className="num"),
                html.Td(
                    [html.Span(className="swatch", style={"background": COLOURS[m.outcome.name]}), m.text]
                    + ([" (above the bound)"] if m.above_bound else [])
                ),
            ]
        )
        for m in info.moves
    ]
    return html.Table(
        [html.Thead(html.Tr([html.Th("move"), html.Th("child"), html.Th("child's value (for its mover)")])), html.Tbody(rows)],
        className="summary-table",
    )


def certificate_elements(certificate: Certificate) -> list[dict]:
    """Cytoscape elements of a draw certificate: members, W exits and all their moves.

    Parameters
    ----------
    certificate : solver.inspect.Certificate

    Returns
    -------
    list of dict
        Node ids ``"c<position>"``; node data ``label``, ``position`` (exact
        str), ``value``; classes: the outcome letter (``D`` members, ``W``
        exits), ``exit``, ``root`` (the inspected number).  Edge data
        ``label`` ("take"/"put"); class ``exit`` for moves to a W.
    """
    values = {e.child: e.child_value for e in certificate.edges}
    elements: list[dict] = []
    for x in certificate.members:
        classes = "D root" if x == certificate.position else "D"
        elements.append(
            {"data": {"id": f"c{x}", "label": f"{format_position(x)}\nD", "position": str(x), "value": "D"}, "classes": classes}
        )
    for x in certificate.exits:
        value = values[x]
        elements.append(
            {
                "data": {"id": f"c{x}", "label": f"{format_position(x)}\n{value}", "position": str(x), "value": value},
                "classes": f"{value[0]} exit",
            }
        )
    exits = set(certificate.exits)
    for e in certificate.edges:
        elements.append(
            {
                "data": {"id": f"e{e.position}-{e.move.value}", "source": f"c{e.position}", "target": f"c{e.child}",
                         "label": e.move.value},
                "classes": "exit" if e.child in exits else "member",
            }
        )
    return elements


def make_inspection(text: str | None, solutions, bound: int = INSPECT_BOUND_DEFAULT):
    """Everything the view shows for a typed number.

    Parameters
    ----------
    text : str or None
        What was typed in the number box (see :func:`solver.parsing.parse_int`;
        ``0`` is allowed).
    solutions : solver.cache.SolutionCache
        The shared solve cache (``solutions.get(bound) -> (Solution, cached)``).
    bound : int, optional
        Bound of the solve to read values from (default 10**6).

    Returns
    -------
    tuple
        ``(bound text, summary, moves table, chain rows, certificate
        elements, certificate layout, certificate note, certificate box
        style, error message)``.
        Bad input gives empty outputs and a message saying how to fix it.
    """
    hidden = CERTIFICATE_HIDDEN
    try:
        n = parse_int(text, "the number", least=0)
    except ValueError as exc:
        return no_update, "", "", [], [], no_update, "", hidden, str(exc)
    try:
        solution, cached = solutions.get(bound)
    except (ValueError, OSError) as exc:
        return "", "", "", [], [], no_update, "", hidden, f"could not solve to bound {bound:,}: {exc}"
    bound_text = f"values from the sound solve to bound B = {solution.bound:,}" + (" (cached)" if cached else "")
    info = inspect(n, solution)
    rows = [row.to_dict() for row in put_chain(n, solution)]
    elements: list[dict] = []
    style = hidden
    if info.outcome == Outcome.D:
        try:
            certificate = draw_certificate(n, solution)
        except ValueError as exc:
            note = str(exc)
        else:
            elements = certificate_elements(certificate)
            style = CERTIFICATE_SHOWN
            note = (
                f"{len(certificate.members)} positions keep the game inside themselves: "
                f"{', '.join(f'{x:,}' for x in certificate.members)}. Exits (W: never move there): "
                f"{', '.join(f'{x:,}' for x in certificate.exits) or 'none'}. Every move from a member goes to a "
                "member or an exit, so from n neither player can force a win."
            )
    else:
        note = f"{info.text} is not a certified draw, so there is no draw certificate. Try 2 or 8."
    layout = certificate_layout(n) if elements else no_update
    return bound_text, _summary(info), _moves_table(info), rows, elements, layout, note, style, ""


def number_from_click(triggered: str | None, cell: dict | None, node: dict | None):
    """The number to inspect after a click in the chain table or the certificate graph.

    Parameters
    ----------
    triggered : str or None
        Id of the component clicked (:data:`INSPECT_CHAIN` or
        :data:`INSPECT_CERTIFICATE`).
    cell : dict or None
        dash-ag-grid's ``cellClicked`` payload (``colId``, ``value``).
    node : dict or None
        Cytoscape's ``tapNodeData`` payload (``position``).

    Returns
    -------
    str or dash.no_update
        The clicked number (exact, as text) when a position cell or a node
        was clicked, else ``no_update``.
    """
    if triggered == INSPECT_CHAIN and cell and cell.get("colId") in ("position", "take"):
        value = str(cell.get("value") or "")
        if value.isdigit():
            return value
    if triggered == INSPECT_CERTIFICATE and node and str(node.get("position", "")).isdigit():
        return str(node["position"])
    return no_update


def register(app, solutions, bound: int = INSPECT_BOUND_DEFAULT) -> None:
    """Wire the view's callbacks to ``app``; ``solutions`` is the shared solve cache."""
    register_exports(app, [INSPECT_CHAIN])
    app.callback(
        Output(INSPECT_BOUND, "children"),
        Output(INSPECT_SUMMARY, "children"),
        Output(INSPECT_MOVES, "children"),
        Output(INSPECT_CHAIN, "rowData"),
        Output(INSPECT_CERTIFICATE, "elements"),
        Output(INSPECT_CERTIFICATE, "layout"),
        Output(INSPECT_CERTIFICATE_NOTE, "children"),
        Output(INSPECT_CERTIFICATE_BOX, "style"),
        Output(INSPECT_ERROR, "children"),
        Input(INSPECT_INPUT, "value"),
    )(lambda text: make_inspection(text, solutions, bound))
    app.callback(
        Output(INSPECT_INPUT, "value"),
        Input(INSPECT_CHAIN, "cellClicked"),
        Input(INSPECT_CERTIFICATE, "tapNodeData"),
        prevent_initial_call=True,
    )(lambda cell, node: number_from_click(dash.ctx.triggered_id, cell, node))


__all__ = [
    "INSPECT_INPUT",
    "INSPECT_BOUND",
    "INSPECT_ERROR",
    "INSPECT_SUMMARY",
    "INSPECT_MOVES",
    "INSPECT_CHAIN",
    "INSPECT_CERTIFICATE",
    "INSPECT_CERTIFICATE_NOTE",
    "INSPECT_CERTIFICATE_BOX",
    "inspect_layout",
    "register",
    "make_inspection",
    "number_from_click",
    "certificate_elements",
    "certificate_stylesheet",
]
