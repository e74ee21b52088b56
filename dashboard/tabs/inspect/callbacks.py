"""Callbacks of the Inspect tab: explain one number's value.

The callback bodies are plain functions (:func:`make_inspection`,
:func:`number_from_click`) that tests call directly; :func:`register` wires
them to the page.  Bad input becomes a message, never an exception.
"""

from __future__ import annotations

import dash
from dash import Input, Output, no_update

from solver.inspection import draw_certificate, inspect_position, put_chain
from solver.parsing import parse_int
from solver.solution import Outcome

from ... import ids
from ...defaults import VALUES_BOUND
from ...tables import register_exports
from . import figures
from .layout import CERTIFICATE_HIDDEN, CERTIFICATE_SHOWN


def make_inspection(text: str | None, solutions, bound: int = VALUES_BOUND):
    """Everything the Inspect tab shows for a typed number.

    Parameters
    ----------
    text : str or None
        What was typed in the number box (see :func:`solver.parsing.parse_int`;
        ``0`` is allowed).
    solutions : solver.cache.SolutionCache
        The shared solve cache (``solutions.get(bound) -> (Solution, cached)``).
    bound : int, optional
        Bound of the solve to read values from (default
        :data:`dashboard.defaults.VALUES_BOUND`, 10**6).

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
    info = inspect_position(n, solution)
    rows = [row.to_dict() for row in put_chain(n, solution)]
    elements: list[dict] = []
    style = hidden
    if info.outcome == Outcome.D:
        try:
            certificate = draw_certificate(n, solution)
        except ValueError as exc:
            note = str(exc)
        else:
            elements = figures.certificate_elements(certificate)
            style = CERTIFICATE_SHOWN
            note = (
                f"{len(certificate.members)} positions keep the game inside themselves: "
                f"{', '.join(f'{x:,}' for x in certificate.members)}. Exits (W: never move there): "
                f"{', '.join(f'{x:,}' for x in certificate.exits) or 'none'}. Every move from a member goes to a "
                "member or an exit, so from n neither player can force a win."
            )
    else:
        note = f"{info.text} is not a certified draw, so there is no draw certificate. Try 2 or 8."
    layout = figures.certificate_layout(n) if elements else no_update
    return bound_text, figures.summary_panel(info), figures.moves_table(info), rows, elements, layout, note, style, ""


def number_from_click(triggered: str | None, cell: dict | None, node: dict | None):
    """The number to inspect after a click in the chain table or the certificate graph.

    Parameters
    ----------
    triggered : str or None
        Id of the component clicked (:data:`dashboard.ids.INSPECT_CHAIN` or
        :data:`dashboard.ids.INSPECT_CERTIFICATE`).
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
    if triggered == ids.INSPECT_CHAIN and cell and cell.get("colId") in ("position", "take"):
        value = str(cell.get("value") or "")
        if value.isdigit():
            return value
    if triggered == ids.INSPECT_CERTIFICATE and node and str(node.get("position", "")).isdigit():
        return str(node["position"])
    return no_update


def register(app, solutions, bound: int = VALUES_BOUND) -> None:
    """Wire the Inspect tab's callbacks to ``app``.

    Parameters
    ----------
    app : dash.Dash
        The application whose layout holds :func:`inspect_layout`.
    solutions : solver.cache.SolutionCache
        The shared solve cache (:data:`dashboard.state.SOLUTIONS`).
    bound : int, optional
        Bound of the solve the values come from (default
        :data:`dashboard.defaults.VALUES_BOUND`, 10**6).
    """
    register_exports(app, [ids.INSPECT_CHAIN])
    app.callback(
        Output(ids.INSPECT_BOUND, "children"),
        Output(ids.INSPECT_SUMMARY, "children"),
        Output(ids.INSPECT_MOVES, "children"),
        Output(ids.INSPECT_CHAIN, "rowData"),
        Output(ids.INSPECT_CERTIFICATE, "elements"),
        Output(ids.INSPECT_CERTIFICATE, "layout"),
        Output(ids.INSPECT_CERTIFICATE_NOTE, "children"),
        Output(ids.INSPECT_CERTIFICATE_BOX, "style"),
        Output(ids.INSPECT_ERROR, "children"),
        Input(ids.INSPECT_INPUT, "value"),
    )(lambda text: make_inspection(text, solutions, bound))
    app.callback(
        Output(ids.INSPECT_INPUT, "value"),
        Input(ids.INSPECT_CHAIN, "cellClicked"),
        Input(ids.INSPECT_CERTIFICATE, "tapNodeData"),
        prevent_initial_call=True,
    )(lambda cell, node: number_from_click(dash.ctx.triggered_id, cell, node))
