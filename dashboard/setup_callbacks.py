"""The page-wide setup: from the setup bar's game, N and alpha to the one setup every tab reads.

The setup bar (:mod:`dashboard.controls`) sits above the tabs; these are its
callbacks.  Each callback body is a plain function (:func:`sync_n`,
:func:`make_setup`, :func:`resolve_setup`, :func:`poll_solve`) that tests
call directly; :func:`register` wires them to the page.

The way of a setup: :func:`make_setup` checks the typed game, N and alpha
(:func:`dashboard.setup.validated_setup`, which never believes a client's
bound) into a request (``ids.REQUEST``); :func:`resolve_setup` passes it on
as the setup (``ids.SETUP``) when its bound solves within a request or is
solved already, and otherwise starts a background solve
(:data:`dashboard.state.JOBS`), marks the request pending (``ids.PENDING``)
and switches the poll (``ids.SOLVE_POLL``) on, which :func:`poll_solve`
answers until the solve is done.  Both run in one request
(:func:`setup_from_inputs`), which also draws the views a tab asks to get
with the setup (:attr:`dashboard.tabs.Tab.setup_views`: the Explore
summary), so the first thing a visitor sees needs no second round trip.
Bad input becomes a message next to its control, and the views keep the
last good setup.  The first setup is asked for in the browser
(``_ASK_SETUP``, ``ids.SETUP_ASK``) only when the page shows a put-or-take
rule: a page opened at a game with no bound sends no setup request.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence

import dash
from dash import Input, Output, State, no_update

from solver import parse_int

from . import ids, state
from . import setup as setups
from .components import HIDDEN, SHOWN, progress_value
from .defaults import ALPHA_MAX, N_MAX, N_SLIDER_MAX_EXP, N_SLIDER_MIN_EXP, N_SLIDER_STEP
from .tabs import SetupView

#: ``className`` of a number box, and of one whose content was refused.
BOX_CLASS = "num-input"
BOX_INVALID_CLASS = "num-input invalid"


#: The first setup's request, in the browser (``ids.SETUP_ASK``): asked when the setup bar is shown (the page's
#: game is a put-or-take rule) and no request was made yet, unless the bar's rule changed in the same answer (the
#: rule asks for the setup itself); each ask is a new count.  It reads neither the game menu (whose script dcc loads
#: on its own: a callback that reads it waits for that script) nor anything but the page's own components.
_ASK_SETUP = """function(rule, barStyle, request, asked) {
    const noUpdate = window.dash_clientside.no_update;
    const triggered = (window.dash_clientside.callback_context.triggered || []).map(function (t) { return t.prop_id; });
    if (request || (barStyle && barStyle.display === 'none') || triggered.indexOf('RULE_VALUE') >= 0) { return noUpdate; }
    return (asked || 0) + 1;
}""".replace("RULE_VALUE", ids.RULE_SELECT + ".value")


def box_class(message: str) -> str:
    """The ``className`` of a number box: marked invalid when it has a message.

    Parameters
    ----------
    message : str
        The message shown next to the box ("" when its content is fine).

    Returns
    -------
    str
        :data:`BOX_INVALID_CLASS` or :data:`BOX_CLASS`.
    """
    return BOX_INVALID_CLASS if message else BOX_CLASS


def slider_exponent(value: object) -> float | None:
    """Check a value of the N slider (log10 N) as the client sent it.

    Parameters
    ----------
    value : object
        The slider's ``value``.

    Returns
    -------
    float or None
        The value, when it is a finite real number (not a bool) within the
        slider's range ``N_SLIDER_MIN_EXP..N_SLIDER_MAX_EXP``; else None.
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    # Range first: an int such as 10**400 does not convert to a float.
    if isinstance(value, int) and not N_SLIDER_MIN_EXP <= value <= N_SLIDER_MAX_EXP:
        return None
    value = float(value)
    if not math.isfinite(value) or not N_SLIDER_MIN_EXP <= value <= N_SLIDER_MAX_EXP:
        return None
    return value


def _nice(value: float) -> int:
    """Round a slider value 10**x (x checked by :func:`slider_exponent`) to two significant figures."""
    n = 10**value
    scale = 10 ** max(0, math.floor(math.log10(n)) - 1)
    return round(n / scale) * scale


# sync_n in the browser.  A slider value outside the slider's range, or not a
# number, changes nothing; the box gets 10**x rounded to two significant
# figures.  A checked N (the request store) moves the slider to the step
# nearest log10 N.
_SYNC_N = """function(slider, request) {
    const lo = %s, hi = %s, step = %s, sliderId = %s;
    const nu = window.dash_clientside.no_update;
    const trig = (window.dash_clientside.callback_context.triggered || [])[0];
    if (trig && trig.prop_id.indexOf(sliderId + '.') === 0) {
        if (typeof slider !== 'number' || !isFinite(slider) || slider < lo || slider > hi) { return [nu, nu]; }
        const n = Math.pow(10, slider);
        const scale = Math.pow(10, Math.max(0, Math.floor(Math.log10(n)) - 1));
        return [nu, String(Math.round(n / scale) * scale)];
    }
    if (!request || typeof request.n !== 'number' || request.n < 1) { return [nu, nu]; }
    const exp = Math.min(Math.max(Math.log10(request.n), lo), hi);
    const wanted = Math.round(Math.round(exp / step) * step * 100) / 100;
    return [Math.abs(wanted - slider) < 1e-9 ? nu : wanted, nu];
}"""


def sync_n(triggered: str | None, slider_value: object, text: object):
    """Keep the N slider and the N text box in step (the rule the page runs in the browser).

    The page runs this rule client-side (``_SYNC_N``), the typed direction
    from the N the server checked; this function is its reference and is
    tested.

    Parameters
    ----------
    triggered : str or None
        Id of the control that changed.
    slider_value : float
        The slider's value, log10 N; anything that is not a number within
        the slider's range is ignored (checked before any arithmetic).
    text : str
        The text box's content.

    Returns
    -------
    tuple
        ``(slider value, text)``, each ``no_update`` where it stays.
    """
    if triggered == ids.N_SLIDER:
        exp = slider_exponent(slider_value)
        return (no_update, no_update) if exp is None else (no_update, str(_nice(exp)))
    try:
        n = parse_int(text, "N", most=N_MAX)  # type: ignore[arg-type]  # page input: parse_int refuses other types with ValueError (its docstring); its annotation is narrower
    except ValueError:
        return no_update, no_update
    exp = min(max(math.log10(n), N_SLIDER_MIN_EXP), N_SLIDER_MAX_EXP)
    return round(exp / N_SLIDER_STEP) * N_SLIDER_STEP, no_update


def make_setup(n_text: object, alpha_text: object, rule: object = None):
    """Validate N, alpha and the game into the setup request the views share.

    Parameters
    ----------
    n_text, alpha_text : str
        What the user typed.
    rule : str, optional
        The game selector's value (a name of :data:`solver.games.RULES`);
        None means Put-or-Take-a-Square.

    Returns
    -------
    tuple
        ``(request, n message, alpha message, setup message, N box class,
        alpha box class)``; ``request`` is ``{"n", "alpha", "bound", "rule"}``
        (:func:`dashboard.setup.validated_setup`), or ``no_update`` when an
        input is wrong, so the views keep showing the last good setup.
        Each message is "" when there is nothing to say; a box with a
        message gets :data:`BOX_INVALID_CLASS`.
    """
    n_msg = alpha_msg = setup_msg = ""
    n = alpha = None
    try:
        n = parse_int(n_text, "N", most=N_MAX)  # type: ignore[arg-type]  # page input: parse_int refuses other types with ValueError (its docstring); its annotation is narrower
    except ValueError as exc:
        n_msg = str(exc)
    try:
        alpha = parse_int(alpha_text, "alpha", most=ALPHA_MAX)  # type: ignore[arg-type]  # page input: parse_int refuses other types with ValueError (its docstring); its annotation is narrower
    except ValueError as exc:
        alpha_msg = str(exc)
    if n is None or alpha is None:
        return no_update, n_msg, alpha_msg, setup_msg, box_class(n_msg), box_class(alpha_msg)
    try:
        request = setups.validated_setup({"n": n, "alpha": alpha, "rule": rule})
    except ValueError as exc:  # the bound does not fit in memory (or a forged game): both boxes
        return no_update, "", "", str(exc), BOX_INVALID_CLASS, BOX_INVALID_CLASS
    return request, "", "", "", BOX_CLASS, BOX_CLASS


def resolve_setup(request: object):
    """Pass a request on as the setup, or start a background solve for it.

    Parameters
    ----------
    request : dict or None
        From :func:`make_setup`; checked again here (it came back from the
        client).

    Returns
    -------
    tuple
        ``(setup, pending, poll disabled, setup message)``.  A bound up to
        :data:`dashboard.setup.INLINE_BOUND` is solved now, and the setup
        carries ``fresh`` (solved for this setup, not taken from a cache;
        for rules other than Put-or-Take-a-Square the limit is smaller,
        :func:`dashboard.setup.solves_inline`);
        a larger bound already solved passes at once; otherwise the setup
        stays (``no_update``), the request becomes pending and the poll is
        switched on.  An invalid request changes nothing but the message.
    """
    if request is None:
        return no_update, None, True, no_update
    try:
        setup = setups.validated_setup(request)
        bound, rule = setup["bound"], setup["rule"]
        if setups.solves_inline(bound, rule):
            _solution_now, cached = state.SOLUTIONS.get(bound, rule=rule)
            return {**setup, "fresh": not cached}, None, True, ""
        if state.SOLUTIONS.peek(bound, rule=rule) is not None:
            return {**setup, "fresh": False}, None, True, ""
    except (ValueError, OSError) as exc:
        return no_update, None, True, str(exc)
    state.JOBS.start(bound, rule)
    return no_update, setup, False, ""


def setup_from_inputs(n_text: object, alpha_text: object, rule: object = None) -> tuple:
    """:func:`make_setup` and then :func:`resolve_setup`, in one request.

    Parameters
    ----------
    n_text, alpha_text : str
        What the user typed.
    rule : str, optional
        The game selector's value.

    Returns
    -------
    tuple
        ``(request, n message, alpha message, setup message, N box class,
        alpha box class, setup, pending, poll disabled)``: the first six as
        :func:`make_setup` gives them (the setup message replaced by
        :func:`resolve_setup`'s when it has one), the last three as
        :func:`resolve_setup` gives them, or ``no_update`` when an input is
        wrong (the views keep the last good setup).
    """
    request, n_msg, alpha_msg, setup_msg, n_class, alpha_class = make_setup(n_text, alpha_text, rule)
    if request is no_update:
        return request, n_msg, alpha_msg, setup_msg, n_class, alpha_class, no_update, no_update, no_update
    setup, pending, poll_disabled, message = resolve_setup(request)
    if message is not no_update:
        setup_msg = message
    return request, n_msg, alpha_msg, setup_msg, n_class, alpha_class, setup, pending, poll_disabled


def poll_solve(pending: object):
    """Report the background solve of the pending setup; hand it over when done.

    Parameters
    ----------
    pending : dict or None
        The setup waiting for its solve (checked again here).

    Returns
    -------
    tuple
        ``(setup, pending, poll disabled, progress value, progress box
        style, message)``, ``no_update`` where nothing changes.
    """
    if not pending:
        return no_update, None, True, no_update, HIDDEN, no_update
    try:
        setup = setups.validated_setup(pending)
    except ValueError as exc:
        return no_update, None, True, no_update, HIDDEN, str(exc)
    bound, rule = setup["bound"], setup["rule"]
    status = state.JOBS.status(bound, rule)
    if status is None:  # e.g. the server restarted: start again
        state.JOBS.start(bound, rule)
        return no_update, no_update, False, "0", SHOWN, no_update
    if status["error"]:
        return no_update, None, True, no_update, HIDDEN, f"The solve to bound {bound:,} failed: {status['error']}"
    if status["done"]:
        return {**setup, "fresh": True}, None, True, "100", HIDDEN, ""
    return no_update, no_update, False, progress_value(status["progress"]), SHOWN, no_update


def with_views(outputs: tuple, at: int, views: Sequence[SetupView]) -> tuple:
    """Outputs of a callback that writes the setup, plus the views drawn with that setup.

    Parameters
    ----------
    outputs : tuple
        What :func:`setup_from_inputs` or :func:`poll_solve` returns.
    at : int
        Where the new setup (or ``no_update``) is in ``outputs``.
    views : sequence of SetupView
        The views drawn with a new setup (:attr:`dashboard.tabs.Tab.setup_views`).

    Returns
    -------
    tuple
        ``outputs`` followed by each view's value for the new setup, or
        ``no_update`` for each when the setup does not change; so the
        summary, the view shown first, arrives with the setup in one round
        trip.
    """
    setup = outputs[at]
    return (*outputs, *[no_update if setup is no_update else view.build(setup) for view in views])


def register(app: dash.Dash, views: Sequence[SetupView] = ()) -> None:
    """Wire the setup bar's callbacks to ``app``.

    Parameters
    ----------
    app : dash.Dash
        The application whose layout holds the setup bar
        (:func:`dashboard.controls.setup_bar`) and the setup's stores
        (:func:`dashboard.controls.setup_stores`).
    views : sequence of SetupView, optional
        Views drawn in the same request as a new setup (every tab's
        :attr:`dashboard.tabs.Tab.setup_views`, in the order of the registry).
    """

    # The slider and the box keep in step in the browser (no request): a
    # slider move writes the box (sync_n's rule); a typed N moves the slider
    # once the server has checked it (the request store holds the checked N).
    app.clientside_callback(
        _SYNC_N % (N_SLIDER_MIN_EXP, N_SLIDER_MAX_EXP, N_SLIDER_STEP, json.dumps(ids.N_SLIDER)),
        Output(ids.N_SLIDER, "value"),
        Output(ids.N_INPUT, "value"),
        Input(ids.N_SLIDER, "value"),
        Input(ids.REQUEST, "data"),
        prevent_initial_call=True,
    )

    # The first setup is asked for only when the page shows a put-or-take rule (the setup bar shown): on a load
    # whose game is one, or when such a rule is picked later with no setup yet and the bar's rule already holds it
    # (else the menu's answer writes the rule, which asks).  A load of a game with no bound (a finite game, a game
    # on a graph; the layout served for its address hides the bar) sends no setup request.
    app.clientside_callback(
        _ASK_SETUP,
        Output(ids.SETUP_ASK, "data"),
        Input(ids.RULE_SELECT, "value"),
        Input(ids.SETUP_BAR, "style"),
        State(ids.REQUEST, "data"),
        State(ids.SETUP_ASK, "data"),
    )

    # One request from the typed game, N and alpha to the setup the views share
    # and the views drawn with it (no second round trip for them).
    app.callback(
        Output(ids.REQUEST, "data"),
        Output(ids.N_ERROR, "children"),
        Output(ids.ALPHA_ERROR, "children"),
        Output(ids.SETUP_ERROR, "children"),
        Output(ids.N_INPUT, "className"),
        Output(ids.ALPHA_INPUT, "className"),
        Output(ids.SETUP, "data"),
        Output(ids.PENDING, "data"),
        Output(ids.SOLVE_POLL, "disabled"),
        *[Output(view.component_id, view.prop) for view in views],
        Input(ids.N_INPUT, "value"),
        Input(ids.ALPHA_INPUT, "value"),
        Input(ids.RULE_SELECT, "value"),
        Input(ids.SETUP_ASK, "data"),
        prevent_initial_call=True,
    )(lambda n_text, alpha_text, rule, _ask: with_views(setup_from_inputs(n_text, alpha_text, rule), 6, views))
    app.callback(
        Output(ids.SETUP, "data", allow_duplicate=True),
        Output(ids.PENDING, "data", allow_duplicate=True),
        Output(ids.SOLVE_POLL, "disabled", allow_duplicate=True),
        Output(ids.SOLVE_PROGRESS, "value"),
        Output(ids.SOLVE_PROGRESS_BOX, "style"),
        Output(ids.SETUP_ERROR, "children", allow_duplicate=True),
        *[Output(view.component_id, view.prop, allow_duplicate=True) for view in views],
        Input(ids.SOLVE_POLL, "n_intervals"),
        State(ids.PENDING, "data"),
        prevent_initial_call=True,
    )(lambda _n, pending: with_views(poll_solve(pending), 0, views))
