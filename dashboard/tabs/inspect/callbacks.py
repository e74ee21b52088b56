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

import json

import dash
from dash import ALL, Input, Output, State, no_update
from dash.exceptions import PreventUpdate

from solver import Outcome, draw_certificate, get_rule, inspect_position, parse_int, put_chain
from solver.engine.nim import needs_bound
from solver.values.play import move_text

from ... import ids as page_ids
from ... import setup as setups
from ...controls import gate_solution, setup_behind
from ...style import nim_text as style_nim_text
from ...tables import register_exports
from . import figures, ids
from .layout import CERTIFICATE_HIDDEN, certificate_box_style

#: Class names of the number box, without and with a problem.
BOX_CLASS = "num-input"
INVALID_BOX_CLASS = "num-input invalid"


def make_inspection(text: object, gate: object, game: object = None) -> tuple:
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
    game : object, optional
        The game menu's value.  When it names one of the put-or-take rules
        (:data:`solver.RULES`) other than the gate's (:func:`dashboard.controls.setup_behind`), the
        menu has just changed and the gate still holds the last game's setup:
        nothing is shown but a wait, so a number typed then never gets the
        last game's answer.  Anything else is not checked.

    Returns
    -------
    tuple
        ``(bound text, summary, moves table, chain rows, certificate
        elements, certificate layout, certificate note, proof, certificate
        box style, error message, number box class)``.  For a certified draw
        the note says in a sentence why it is one, the proof is
        :func:`dashboard.tabs.inspect.figures.certificate_proof` (one claim
        per row, every number a button that inspects it) and the graph
        shows the same certificate.  Bad input gives empty outputs, a
        message saying how to fix it and the box marked invalid; no solve
        yet (or the solve of a newly chosen game still running) gives empty
        outputs and the bound text says why: never the answer of another
        game or bound than the one named.
    """
    hidden = CERTIFICATE_HIDDEN
    wait = setup_behind(gate, game)
    if wait is not None:
        return wait, "", "", [], [], no_update, "", None, hidden, "", BOX_CLASS
    try:
        n = parse_int(text, "the number", least=0)  # type: ignore[arg-type]  # page input: parse_int refuses other types with ValueError (its docstring); its annotation is narrower
    except ValueError as exc:
        return no_update, "", "", [], [], no_update, "", None, hidden, str(exc), INVALID_BOX_CLASS
    solution, bound_text = gate_solution(gate)
    if solution is None:
        return bound_text, "", "", [], [], no_update, "", None, hidden, "", BOX_CLASS
    try:
        info = inspect_position(n, solution)
    except ValueError as exc:  # e.g. a position too large to list every move of
        return bound_text, "", "", [], [], no_update, "", None, hidden, str(exc), INVALID_BOX_CLASS
    rows = [row.to_dict() for row in put_chain(n, solution)] if solution.rule.has_put_chain else []
    elements: list[dict] = []
    proof = None
    style = hidden
    if info.outcome == Outcome.D:
        try:
            certificate = draw_certificate(n, solution)
        except ValueError as exc:
            note = str(exc)
        else:
            elements = figures.certificate_elements(certificate)
            proof = figures.certificate_proof(certificate)
            style = certificate_box_style(
                len(certificate.members) + len(certificate.known_w) + len(certificate.known_l)
            )
            note = certificate_note(certificate)
    elif (cannot := figures.partial_key(info.text)) is not None:
        still = "a win" if cannot == "L" else "a loss"
        note = (
            f"{info.text}: not a certified draw at this bound (it may still be {still}), so there is no full "
            f"certificate; the summary above says why it cannot be {cannot}."
        )
    else:
        draws = solution.rule.example_draws
        example = f" Try {' or '.join(map(str, draws))}." if draws else ""
        note = f"{info.text} is not a certified draw, so there is no draw certificate.{example}"
    layout = figures.certificate_layout(n) if elements else no_update
    summary = figures.summary_panel(info, nim_text(n, gate))
    return bound_text, summary, figures.moves_table(info), rows, elements, layout, note, proof, style, "", BOX_CLASS


def certificate_note(certificate) -> str:
    """The certificate of a draw in two sentences: its two claims, and the positions it names.

    Parameters
    ----------
    certificate : solver.values.inspection.Certificate

    Returns
    -------
    str
        Why ``n`` cannot be W (every move, to a position that cannot be L)
        and cannot be L (the move to a position that cannot be W), then the
        members and the known W and L positions the claims rest on.
    """
    n = certificate.position
    edges = certificate.edges
    every = [e for e in edges if e.position == n and e.claim == "not W"]
    witness = next(e for e in edges if e.position == n and e.claim == "not L")
    moves = ", ".join(f"{move_text(e.move)} → {e.child:,} ({e.child_value})" for e in every)
    known = [f"W: {', '.join(f'{x:,}' for x in certificate.known_w)}"] if certificate.known_w else []
    known += [f"L: {', '.join(f'{x:,}' for x in certificate.known_l)}"] if certificate.known_l else []
    return (
        f"{n:,} is a draw. It cannot be W: every move leads to a position that cannot be L ({moves}). It cannot be "
        f"L: {move_text(witness.move)} → {witness.child:,} ({witness.child_value}) leads to a position that cannot "
        f"be W. The certificate reasons about {len(certificate.members)} positions "
        f"({', '.join(f'{x:,}' for x in certificate.members)}) and rests on known "
        f"{' and '.join(known) if known else 'positions'}."
    )


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
        ``"0"``, ``"2"``, ``"∞{0,2}"`` or ``"?"`` (:mod:`solver.values.nimvalues`,
        written as :func:`dashboard.style.nim_text`),
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
    text = style_nim_text(table.text(n))
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


def number_from_proof(triggered: object, clicks: object):
    """The number to inspect after a click on a number of the draw's proof.

    Parameters
    ----------
    triggered : dict or None
        The id of the button clicked, ``{"type": INSPECT_GOTO, "position":
        "<digits>", "at": k}`` (:func:`dashboard.tabs.inspect.figures.certificate_proof`).
    clicks : object
        That button's ``n_clicks``: a button just drawn (no clicks) does nothing.

    Returns
    -------
    str or dash.no_update
        The position (exact, as text), or ``no_update`` for anything else.
    """
    if not isinstance(triggered, dict) or triggered.get("type") != ids.INSPECT_GOTO or not clicks:
        return no_update
    value = triggered.get("position")
    if isinstance(value, str) and 0 < len(value) <= 400 and value.isascii() and value.isdigit():
        return value
    return no_update


def inspect_event(gate, text, game=None):
    """The Inspect tab's main callback: :func:`make_inspection` once the tab is open.

    Parameters
    ----------
    gate : dict or None
        The tab's gate store (None until the tab is first shown).
    text : str or None
        The number box's content.
    game : str or None
        The game menu's value (a State: the gate follows the menu, and the
        answer waits until it has).

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
    return make_inspection(text, gate, game)


# The certificate box's height follows the certificate's size; cytoscape keeps
# the size it had, so when the box changes, resize the graph, lay it out and fit
# it again (in the browser, after the box has its new height).
_REFIT_CERTIFICATE = """function(style, layout) {
    setTimeout(function() {
        const el = document.getElementById(%s);
        if (!el || !el._cyreg || !el._cyreg.cy || el.offsetParent === null || !layout) { return; }
        const cy = el._cyreg.cy;
        cy.resize();
        cy.layout(layout).run();
        cy.fit(undefined, 20);
    }, 80);
    return Date.now();
}"""


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
    app.clientside_callback(
        _REFIT_CERTIFICATE % json.dumps(ids.INSPECT_CERTIFICATE),
        Output(page_ids.GRAPH_REFRESH, "data", allow_duplicate=True),
        Input(ids.INSPECT_CERTIFICATE_BOX, "style"),
        State(ids.INSPECT_CERTIFICATE, "layout"),
        prevent_initial_call=True,
    )
    app.callback(
        Output(ids.INSPECT_BOUND, "children"),
        Output(ids.INSPECT_SUMMARY, "children"),
        Output(ids.INSPECT_MOVES, "children"),
        Output(ids.INSPECT_CHAIN, "rowData"),
        Output(ids.INSPECT_CERTIFICATE, "elements"),
        Output(ids.INSPECT_CERTIFICATE, "layout"),
        Output(ids.INSPECT_CERTIFICATE_NOTE, "children"),
        Output(ids.INSPECT_PROOF, "children"),
        Output(ids.INSPECT_CERTIFICATE_BOX, "style"),
        Output(ids.INSPECT_ERROR, "children"),
        Output(ids.INSPECT_INPUT, "className"),
        Input(page_ids.tab_gate_id("inspect"), "data"),
        Input(ids.INSPECT_INPUT, "value"),
        State(page_ids.GAME_MENU, "value"),
        prevent_initial_call=True,
    )(inspect_event)
    app.callback(
        Output(ids.INSPECT_INPUT, "value"),
        Input(ids.INSPECT_CHAIN, "cellClicked"),
        Input(ids.INSPECT_CERTIFICATE, "tapNodeData"),
        prevent_initial_call=True,
    )(lambda cell, node: number_from_click(dash.ctx.triggered_id, cell, node))
    # In the browser (no request): the proof's number buttons are drawn with every draw's proof, and
    # only a click on one may cost a round trip.  The same rule as number_from_proof, its tested reference.
    app.clientside_callback(
        """function () {
            var ctx = window.dash_clientside.callback_context;
            var fired = ctx.triggered || [];
            var id = ctx.triggered_id;
            var position = id && typeof id === 'object' ? id.position : null;
            if (fired.length !== 1 || !fired[0].value || id.type !== __GOTO__ || typeof position !== 'string'
                || !/^[0-9]{1,400}$/.test(position)) {
                return window.dash_clientside.no_update;
            }
            return position;
        }""".replace("__GOTO__", json.dumps(ids.INSPECT_GOTO)),
        Output(ids.INSPECT_INPUT, "value", allow_duplicate=True),
        Input({"type": ids.INSPECT_GOTO, "position": ALL, "at": ALL}, "n_clicks"),
        prevent_initial_call=True,
    )
