"""Callbacks of the Inspect tab: explain one number's value.

Values come from the page's one solve, at the bound B = alpha × N of the
setup bar, read through :func:`dashboard.setup.validated_setup` (a client's
bound is never believed); a bound not solved yet is solved by a background
job while the tab says so.  The callback bodies are plain functions
(:func:`make_inspection`, :func:`number_from_click`) that tests call
directly; :func:`register` wires them to the page.  Every input is checked
where it comes in: bad input becomes a message, never an exception.
"""

from __future__ import annotations

import dash
from dash import Input, Output, no_update
from dash.exceptions import PreventUpdate

from solver import Outcome, draw_certificate, get_rule, inspect_position, needs_bound, parse_int, put_chain

from ... import ids as page_ids
from ... import setup as setups
from ...controls import gate_solution
from ...tables import register_exports
from . import figures, ids
from .layout import CERTIFICATE_HIDDEN, CERTIFICATE_SHOWN

#: Class names of the number box, without and with a problem.
BOX_CLASS = "num-input"
INVALID_BOX_CLASS = "num-input invalid"


def make_inspection(text: object, gate: object) -> tuple:
    """Everything the Inspect tab shows for a typed number.

    Parameters
    ----------
    text : str or None
        What was typed in the number box (see :func:`solver.parsing.parse_int`;
        ``0`` is allowed).  Anything else (a list, a dict ...) is refused with
        a message.
    gate : dict or None
        The tab's gate store, ``{"setup": ..., "pending": ...}``; the solve
        comes from :func:`dashboard.controls.gate_solution` (the page's
        bound B = alpha × N, checked).

    Returns
    -------
    tuple
        ``(bound text, summary, moves table, chain rows, certificate
        elements, certificate layout, certificate note, certificate box
        style, error message, number box class)``.
        Bad input gives empty outputs, a message saying how to fix it and
        the box marked invalid; no solve yet gives empty outputs and the
        bound text says why.
    """
    hidden = CERTIFICATE_HIDDEN
    try:
        n = parse_int(text, "the number", least=0)  # type: ignore[arg-type]  # page input: parse_int refuses other types with ValueError (its docstring); its annotation is narrower
    except ValueError as exc:
        return no_update, "", "", [], [], no_update, "", hidden, str(exc), INVALID_BOX_CLASS
    solution, bound_text = gate_solution(gate)
    if solution is None:
        return bound_text, "", "", [], [], no_update, "", hidden, "", BOX_CLASS
    try:
        info = inspect_position(n, solution)
    except ValueError as exc:  # e.g. a position too large to list every move of
        return bound_text, "", "", [], [], no_update, "", hidden, str(exc), INVALID_BOX_CLASS
    rows = [row.to_dict() for row in put_chain(n, solution)] if solution.rule.has_put_chain else []
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
        draws = solution.rule.example_draws
        example = f" Try {' or '.join(map(str, draws))}." if draws else ""
        note = f"{info.text} is not a certified draw, so there is no draw certificate.{example}"
    layout = figures.certificate_layout(n) if elements else no_update
    summary = figures.summary_panel(info, nim_text(n, gate))
    return bound_text, summary, figures.moves_table(info), rows, elements, layout, note, style, "", BOX_CLASS


def nim_text(n: int, gate: object) -> str:
    """The loopy nim value of ``n`` in the page's game at its bound, as text, or why there is none.

    Parameters
    ----------
    n : int
        The inspected number.
    gate : dict or None
        The tab's gate store; its setup (checked again) gives the game, N and
        the bound.

    Returns
    -------
    str
        ``"0"``, ``"2"``, ``"inf{0,2}"`` or ``"?"`` (:mod:`solver.values.nimvalues`),
        computed for ``0..max(N, n)`` when that is quick enough
        (:func:`dashboard.setup.nim_table`); otherwise a sentence saying why
        not, with the command that computes it.
    """
    try:
        checked = setups.validated_setup(gate.get("setup") if isinstance(gate, dict) else None)
    except ValueError:
        return "unknown (no valid setup)"
    top = max(checked["n"], n)
    if top > checked["bound"] and needs_bound(get_rule(checked["rule"])):
        return "? (above the bound)"
    try:
        table = setups.nim_table(top, checked["bound"], checked["rule"])
    except ValueError as exc:
        return f"not computed here: {exc}"
    text = table.text(n)
    return text + (" (depends on positions above the bound)" if text == "?" else "")


def number_from_click(triggered: str | None, cell: dict | None, node: dict | None):
    """The number to inspect after a click in the chain table or the certificate graph.

    Parameters
    ----------
    triggered : str or None
        Id of the component clicked (:data:`dashboard.tabs.inspect.ids.INSPECT_CHAIN` or
        :data:`dashboard.tabs.inspect.ids.INSPECT_CERTIFICATE`).
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
    if triggered == ids.INSPECT_CHAIN and isinstance(cell, dict) and cell.get("colId") in ("position", "take"):
        value = cell.get("value")
        if isinstance(value, str) and value.isascii() and value.isdigit():
            return value
    if triggered == ids.INSPECT_CERTIFICATE and isinstance(node, dict):
        value = node.get("position")
        if isinstance(value, str) and value.isascii() and value.isdigit():
            return value
    return no_update


def inspect_event(gate, text):
    """The Inspect tab's main callback: :func:`make_inspection` once the tab is open.

    Parameters
    ----------
    gate : dict or None
        The tab's gate store (None until the tab is first shown).
    text : str or None
        The number box's content.

    Returns
    -------
    tuple
        As :func:`make_inspection`.

    Raises
    ------
    dash.exceptions.PreventUpdate
        Before the tab is opened: a hidden tab does no work.
    """
    if not isinstance(gate, dict):
        raise PreventUpdate
    return make_inspection(text, gate)


def register(app) -> None:
    """Wire the Inspect tab's callbacks to ``app``.

    The main callback waits for the tab's gate store
    (:func:`dashboard.ids.tab_gate_id`), so it does nothing until the tab is
    first opened, and then follows the page's setup and the number box.

    Parameters
    ----------
    app : dash.Dash
        The application whose layout holds :func:`inspect_layout` and the
        gate store of the ``"inspect"`` tab.
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
        Output(ids.INSPECT_INPUT, "className"),
        Input(page_ids.tab_gate_id("inspect"), "data"),
        Input(ids.INSPECT_INPUT, "value"),
        prevent_initial_call=True,
    )(inspect_event)
    app.callback(
        Output(ids.INSPECT_INPUT, "value"),
        Input(ids.INSPECT_CHAIN, "cellClicked"),
        Input(ids.INSPECT_CERTIFICATE, "tapNodeData"),
        prevent_initial_call=True,
    )(lambda cell, node: number_from_click(dash.ctx.triggered_id, cell, node))
