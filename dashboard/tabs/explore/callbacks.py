"""Callbacks of the Explore tab: parse inputs, ask the solver, hand the data to a figure builder.

Each callback body is a plain function (``sync_n``, ``make_setup`` ...) that
tests call directly; :func:`register` wires them to the page.  No callback
lets an exception reach the page: every input is checked where it enters
(the setup through :func:`dashboard.setup.validated_setup`, which never
believes a client's bound), and bad input becomes a message next to the
control it came from while the views keep the last good state.  Solves come
from the page's shared cache and job registry (:mod:`dashboard.state`);
pure per-setup results (density, layer and difference figures, summary
tallies, convergence) are memoized on validated plain values.
"""

from __future__ import annotations

import html as html_text
import json
import math

import dash
from dash import Input, Output, State, dcc, no_update
from dash.exceptions import PreventUpdate

from solver import TRANSFORMS, classification_table, convergence, get_rule, layer, layers, parse_int

from ... import ids as page_ids
from ... import setup as setups
from ... import state
from ...defaults import (
    ALPHA_MAX,
    DEFAULT_DIFF_LAYER,
    DEFAULT_TRANSFORM,
    DEPTH_MAX,
    N_MAX,
    N_SLIDER_MAX_EXP,
    N_SLIDER_MIN_EXP,
    N_SLIDER_STEP,
)
from ...style import message_figure
from ...tables import rows_to_csv
from . import family, figures, ids, tree
from .layout import register_views

#: Shown by the views while there is no valid setup yet (bad input keeps
#: the last good setup, so this is only seen before the first one).
INVALID = "Waiting for a valid N and alpha (see the controls above)."

#: The convergence view solves B = alpha * N for these alpha, up to this bound.
CONVERGENCE_ALPHAS = (1, 10, 100, 1000)
CONVERGENCE_MAX_BOUND = 10**9
#: Rows of position changes sent to the page's table (the count says how
#: many in all; the table's Export CSV writes every one of them).
CONVERGENCE_MAX_ROWS = 500
#: Columns of the table of position changes, in order (also the CSV's header).
CONVERGENCE_FIELDS = ("n", "from_bound", "to_bound", "before", "after")
#: File name of the CSV of every position change.
CONVERGENCE_CSV = "convergence-changes.csv"
#: Largest N of the CSV download (10**6 rows: about 10 MB and under a second
#: on a 2-core machine; the command line writes larger tables).
DOWNLOAD_N_MAX = 10**6
#: Results kept by each memo of pure per-setup computations.
MEMO_ENTRIES = 32

#: ``className`` of a number box, and of one whose content was refused.
BOX_CLASS = "num-input"
BOX_INVALID_CLASS = "num-input invalid"


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


def plain(text: object) -> str:
    """Text safe to put into a Plotly title or annotation (shown as typed).

    Plotly renders a few HTML tags (``<a href>``, ``<b>`` ...) in figure
    text, so text that may hold user input is escaped.

    Parameters
    ----------
    text : object
        Any text (``str`` of it is used).

    Returns
    -------
    str
        ``<``, ``>`` and ``&`` as entities, which Plotly shows as the
        characters themselves.
    """
    return html_text.escape(str(text), quote=False)


def _figure_message(title: str, message: object):
    """An empty figure saying why, its text escaped (built once per text: building one takes 0.1 s)."""
    return _message_figure(plain(title), plain(message))


@setups.memo(4 * MEMO_ENTRIES)
def _message_figure(title: str, message: str):
    return message_figure(title, message)


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
    if triggered == page_ids.N_SLIDER:
        exp = slider_exponent(slider_value)
        return (no_update, no_update) if exp is None else (no_update, str(_nice(exp)))
    try:
        n = parse_int(text, "N", most=N_MAX)
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
        n = parse_int(n_text, "N", most=N_MAX)
    except ValueError as exc:
        n_msg = str(exc)
    try:
        alpha = parse_int(alpha_text, "alpha", most=ALPHA_MAX)
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


def _percent(fraction: float) -> str:
    return str(round(100 * min(max(fraction, 0.0), 1.0)))


_SHOWN = {"display": "block"}
_HIDDEN = {"display": "none"}


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
        return no_update, None, True, no_update, _HIDDEN, no_update
    try:
        setup = setups.validated_setup(pending)
    except ValueError as exc:
        return no_update, None, True, no_update, _HIDDEN, str(exc)
    bound, rule = setup["bound"], setup["rule"]
    status = state.JOBS.status(bound, rule)
    if status is None:  # e.g. the server restarted: start again
        state.JOBS.start(bound, rule)
        return no_update, no_update, False, "0", _SHOWN, no_update
    if status["error"]:
        return no_update, None, True, no_update, _HIDDEN, f"The solve to bound {bound:,} failed: {status['error']}"
    if status["done"]:
        return {**setup, "fresh": True}, None, True, "100", _HIDDEN, ""
    return no_update, no_update, False, _percent(status["progress"]), _SHOWN, no_update


@setups.memo(MEMO_ENTRIES)
def _convergence_data(n: int, bounds: tuple[int, ...], rule: str):
    # Solved bounds only (the caller found each of them).
    solutions = [setups.open_bound(bound, rule)[0] for bound in bounds]
    return convergence(solutions, n)


@setups.memo(MEMO_ENTRIES)
def _convergence_view(n: int, bounds: tuple[int, ...], rule: str):
    counts, changes = _convergence_data(n, bounds, rule)
    rows = changes.head(CONVERGENCE_MAX_ROWS).to_dict("records")
    return figures.convergence_figure(counts, n), rows, len(changes)


def _solved_convergence_bounds(n: int, rule: str) -> tuple[int, ...]:
    """The bounds alpha * N of the convergence view that are solved already (none is solved here)."""
    solved = []
    for alpha in CONVERGENCE_ALPHAS:
        if alpha * n > CONVERGENCE_MAX_BOUND:
            continue
        try:
            bound = setups.validated_setup({"n": n, "alpha": alpha, "rule": rule})["bound"]
            setups.open_bound(bound, rule)
        except (setups.NotSolvedError, ValueError, OSError):
            continue
        solved.append(bound)
    return tuple(solved)


def make_convergence_export(setup: object):
    """Every position change of the convergence view as CSV (the table shows only the first rows).

    Parameters
    ----------
    setup : dict or None
        The shared setup (checked with :func:`dashboard.setup.validated_setup`).

    Returns
    -------
    dict or None
        What ``dcc.send_string`` makes of the changes between consecutive
        solved bounds B = alpha * N (alpha in :data:`CONVERGENCE_ALPHAS`):
        columns :data:`CONVERGENCE_FIELDS`, every row, in the page's CSV
        notation (:func:`dashboard.tables.rows_to_csv`), file
        :data:`CONVERGENCE_CSV`; None when there is no valid setup (nothing
        is downloaded).  Starts no solve.
    """
    if not setup:
        return None
    try:
        checked = setups.validated_setup(setup)
        n, rule = checked["n"], checked["rule"]
        if not get_rule(rule).climbs:
            return None
        bounds = _solved_convergence_bounds(n, rule)
        if not bounds:
            return None
        _counts, changes = _convergence_data(n, bounds, rule)
    except (ValueError, OSError):
        return None
    rows = changes.to_dict("records")
    return dcc.send_string(rows_to_csv(rows, list(CONVERGENCE_FIELDS)), CONVERGENCE_CSV, type="text/csv")


def make_convergence(triggered: str | None, setup: object):
    """The convergence view: counts up to N for growing bounds and what changed.

    Parameters
    ----------
    triggered : str or None
        Id of the component that fired.  The button starts background
        solves for the missing bounds of any size; otherwise only bounds up
        to ``INLINE_BOUND`` are solved (at once), and the poll re-draws the
        view as background solves finish.
    setup : dict or None
        The shared setup (checked with :func:`dashboard.setup.validated_setup`).

    Returns
    -------
    tuple
        ``(figure, table rows, message, poll disabled, progress value,
        progress style, button disabled)``; while solves run and nothing
        new is finished, the figure and rows are ``no_update``.  The
        progress bar shows only while solves run, and the button is
        enabled only when some bound is missing or failed.
    """
    title = "Convergence"
    if not setup:
        return _figure_message(title, INVALID), [], "", True, "0", _HIDDEN, True
    try:
        checked = setups.validated_setup(setup)
    except ValueError as exc:
        return _figure_message(title, exc), [], str(exc), True, "0", _HIDDEN, True
    n, rule = checked["n"], checked["rule"]
    if not get_rule(rule).climbs:
        text = (
            f"{get_rule(rule).title} never climbs past n + 1, so its values are exact at the bound N + 1 "
            "and do not change with the bound: there is nothing to converge."
        )
        return _figure_message(title, text), [], text, True, "0", _HIDDEN, True
    wanted, refused = [], []
    for alpha in CONVERGENCE_ALPHAS:
        bound = alpha * n
        if bound > CONVERGENCE_MAX_BOUND:
            refused.append(f"{bound:,} (above {CONVERGENCE_MAX_BOUND:,})")
            continue
        try:
            wanted.append(setups.validated_setup({"n": n, "alpha": alpha, "rule": rule})["bound"])
        except ValueError:
            refused.append(f"{bound:,} (not enough memory)")
    solved, waiting, running, errors = [], [], [], []
    for bound in wanted:
        try:
            found = setups.open_bound(bound, rule)[0]
        except setups.NotSolvedError:
            found = None
        except (ValueError, OSError) as exc:
            errors.append(f"{bound:,}: {exc}")
            continue
        if found is None and triggered == ids.CONVERGENCE_BUTTON:
            before = state.JOBS.status(bound, rule)
            if before is not None and before.get("error") and hasattr(state.JOBS, "retry"):
                state.JOBS.retry(bound, rule)  # a failed solve is tried again only when asked
            else:
                state.JOBS.start(bound, rule)
        status = state.JOBS.status(bound, rule) if found is None else None
        if found is not None:
            solved.append(bound)
        elif status is not None and status["error"]:
            errors.append(f"{bound:,}: {status['error']}")
        elif status is not None and not status["done"]:
            running.append((bound, status["progress"]))
        elif status is not None:  # done since the look-up above
            solved.append(bound)
        else:
            waiting.append(bound)
    progress = _percent(sum(f for _, f in running) / len(running)) if running else "0"
    bar = _SHOWN if running else _HIDDEN
    button_disabled = not (waiting or errors)
    if running and triggered == ids.CONVERGENCE_POLL:
        # Re-draw once every running solve is done; until then move the bar.
        return no_update, no_update, no_update, False, progress, bar, button_disabled
    parts = [f"Bounds shown: {', '.join(f'{b:,}' for b in solved) or 'none'}."]
    if running:
        parts.append(f"Solving: {', '.join(f'{b:,}' for b, _ in running)} (the view updates when they are done).")
    if waiting:
        parts.append(f"Not solved yet: {', '.join(f'{b:,}' for b in waiting)}; press the button to solve them.")
    if errors:
        parts.append(f"Failed: {'; '.join(errors)}; press the button to try again.")
    if refused:
        parts.append(f"Left out: {', '.join(refused)}.")
    if not solved:
        return (
            _figure_message(title, "no bound solved yet"),
            [],
            " ".join(parts),
            not running,
            progress,
            bar,
            button_disabled,
        )
    try:
        figure, rows, changes = _convergence_view(n, tuple(solved), rule)
    except (ValueError, OSError) as exc:
        return _figure_message(title, exc), [], str(exc), not running, progress, bar, button_disabled
    if len(solved) > 1:
        parts.append(f"{changes:,} changes of value between consecutive bounds")
        if changes > CONVERGENCE_MAX_ROWS:
            parts[-1] += f" (the table shows the first {CONVERGENCE_MAX_ROWS:,}; Export CSV writes them all)"
        parts[-1] += "."
    return figure, rows, " ".join(parts), not running, progress, bar, button_disabled


@setups.memo(MEMO_ENTRIES)
def _tally(bound: int, n: int, rule: str) -> dict:
    solution, _ = setups.open_bound(bound, rule)
    return {**solution.tally(n), "seconds": solution.seconds}


def make_summary(setup: object):
    """The summary panel for a setup.

    Parameters
    ----------
    setup : dict or None
        ``{"n", "alpha", "bound"}`` from :func:`resolve_setup` (checked with
        :func:`dashboard.setup.validated_setup`); its ``fresh`` flag says
        whether the solve ran just now for it.

    Returns
    -------
    dash.html.Div or str
        :func:`dashboard.tabs.explore.figures.summary_table` of positions ``1..n`` (one
        pass of :meth:`Solution.tally`, memoized), or a message when the
        setup is missing, invalid or cannot be solved.
    """
    if not setup:
        return INVALID
    try:
        checked = setups.validated_setup(setup)
        tally = _tally(checked["bound"], checked["n"], checked["rule"])
    except (ValueError, OSError) as exc:
        return str(exc)
    counts = {key: tally[key] for key in ("W", "L", "D", "U")}
    return figures.summary_table(
        counts,
        checked["n"],
        checked["bound"],
        tally["max_remoteness"],
        tally["bounded"],
        tally["seconds"],
        not setups.setup_fresh(setup),
    )


def with_summary(outputs: tuple, at: int) -> tuple:
    """Outputs of a callback that writes the setup, plus the summary of that setup.

    Parameters
    ----------
    outputs : tuple
        What :func:`setup_from_inputs` or :func:`poll_solve` returns.
    at : int
        Where the new setup (or ``no_update``) is in ``outputs``.

    Returns
    -------
    tuple
        ``outputs`` followed by :func:`make_summary` of the new setup, or
        ``no_update`` when the setup does not change; so the summary, the
        view shown first, arrives with the setup in one round trip.
    """
    setup = outputs[at]
    return (*outputs, no_update if setup is no_update else make_summary(setup))


def _check_transform(transform: object) -> str:
    if transform is None:
        return DEFAULT_TRANSFORM
    if not isinstance(transform, str) or transform not in TRANSFORMS:
        raise ValueError(f"choose a transform from the list ({', '.join(TRANSFORMS)})")
    return transform


@setups.memo(MEMO_ENTRIES)
def _density_figures(bound: int, n: int, rule: str) -> dict:
    # One pass over 1..n, kept only at the plotted positions, serves every
    # transform (switching is then free).
    solution, _ = setups.open_bound(bound, rule)
    frame = figures.sampled_densities(solution.outcome, n)
    return {kind: figures.density_figure(frame, kind) for kind in TRANSFORMS}


def make_density(setup: object, transform: object):
    """The density figure for a setup and a transform (thesis Figs 6-11).

    Parameters
    ----------
    setup : dict or None
        ``{"n", "alpha", "bound"}`` (checked with
        :func:`dashboard.setup.validated_setup`).
    transform : {"density", "log", "inverse_log"} or None
        See :data:`solver.analysis.layers.TRANSFORMS`; None means "density".

    Returns
    -------
    plotly.graph_objects.Figure
        :func:`dashboard.tabs.explore.figures.density_figure` (all three
        transforms are built and memoized at once), or an empty figure
        with a message.
    """
    if not setup:
        return _figure_message("Densities", INVALID)
    try:
        kind = _check_transform(transform)
        checked = setups.validated_setup(setup)
        return _density_figures(checked["bound"], checked["n"], checked["rule"])[kind]
    except (ValueError, OSError) as exc:
        return _figure_message("Densities", exc)


@setups.memo(MEMO_ENTRIES)
def _layer_figures(bound: int, n: int, depth: int, rule: str):
    solution, _ = setups.open_bound(bound, rule)
    found = layers(solution, n, depth)
    return figures.layer_figure(found, "W", get_rule(rule).misere), figures.layer_figure(
        found, "L", get_rule(rule).misere
    )


def make_layers(setup: object, depth: object):
    """The odd- and even-layer figures for a setup and a move depth (Figs 4, 5).

    Parameters
    ----------
    setup : dict or None
        ``{"n", "alpha", "bound"}`` (checked with
        :func:`dashboard.setup.validated_setup`).
    depth : int or None
        Number of layers, ``1..DEPTH_MAX``; None means 1.

    Returns
    -------
    tuple of plotly.graph_objects.Figure
        ``(odd layers, even layers)`` (memoized), or two empty figures with
        a message.
    """
    if not setup:
        return _figure_message("Layers", INVALID), _figure_message("Layers", INVALID)
    try:
        depth = parse_int(1 if depth is None else depth, "the move depth", most=DEPTH_MAX)
        checked = setups.validated_setup(setup)
        return _layer_figures(checked["bound"], checked["n"], depth, checked["rule"])
    except (ValueError, OSError) as exc:
        return _figure_message("Layers", exc), _figure_message("Layers", exc)


@setups.memo(MEMO_ENTRIES)
def _difference_figure(bound: int, n: int, k: int, rule: str):
    solution, _ = setups.open_bound(bound, rule)
    return figures.difference_figure(layer(solution, n, k), k)


def make_differences(setup: object, k: object):
    """The difference figure of layer ``k`` for a setup (Figs 12, 13).

    Parameters
    ----------
    setup : dict or None
        ``{"n", "alpha", "bound"}`` (checked with
        :func:`dashboard.setup.validated_setup`).
    k : int or None
        The layer, ``1..DEPTH_MAX``; None means 2.

    Returns
    -------
    plotly.graph_objects.Figure
        :func:`dashboard.tabs.explore.figures.difference_figure` (memoized),
        or an empty figure with a message.
    """
    try:
        k = parse_int(DEFAULT_DIFF_LAYER if k is None else k, "the layer", most=DEPTH_MAX)
    except ValueError as exc:
        return _figure_message("Differences within a layer", exc)
    if not setup:
        return _figure_message(f"Differences in layer {k}", INVALID)
    try:
        checked = setups.validated_setup(setup)
        return _difference_figure(checked["bound"], checked["n"], k, checked["rule"])
    except (ValueError, OSError) as exc:
        return _figure_message(f"Differences in layer {k}", exc)


def make_download(setup: object):
    """A CSV of ``n,outcome,remoteness`` for ``n = 1..N`` (for ``dcc.Download``).

    The format is that of ``python -m solver classify``
    (:func:`solver.analysis.layers.classification_table`).

    Parameters
    ----------
    setup : dict or None
        ``{"n", "alpha", "bound"}`` (checked with
        :func:`dashboard.setup.validated_setup`).

    Returns
    -------
    tuple
        ``(download, message)``: what ``dcc.send_data_frame`` makes of the
        table (file name ``<rule>_N<n>_B<bound>.csv``, two ``#`` comment
        lines first naming the game and the bound, as the command writes) and "";
        or ``no_update`` and a message when there is no valid setup or N is
        above :data:`DOWNLOAD_N_MAX` (the message gives the command that
        writes the table instead).
    """
    if not setup:
        return no_update, INVALID
    try:
        checked = setups.validated_setup(setup)
        n, bound = checked["n"], checked["bound"]
        if n > DOWNLOAD_N_MAX:
            raise ValueError(
                f"the page downloads N up to {DOWNLOAD_N_MAX:,}; for N = {n:,} run "
                f"python -m solver classify --rule {checked['rule']} --n {n} --bound {bound} > table.csv"
            )
        solution, _ = setups.open_bound(bound, checked["rule"])
        table = classification_table(solution, n)
    except (ValueError, OSError) as exc:
        return no_update, str(exc)
    rule = solution.rule
    name = f"{rule.name}_N{n}_B{solution.bound}.csv"
    header = (
        f"# {rule.title} ({rule.name}): {rule.summary}\n"
        f"# bound {solution.bound}: outcome and remoteness of positions 1..{n}\n"
    )
    text = header + table.to_csv(index=False, lineterminator="\n")
    return dcc.send_string(text, name, type="text/csv"), ""


def _opened(setup: object) -> object:
    """A view's gate store as its callback gets it: nothing is sent before the view was first shown."""
    if setup is None:
        raise PreventUpdate
    return setup


def register(app: dash.Dash) -> None:
    """Wire the Explore tab's callbacks to ``app``.

    Parameters
    ----------
    app : dash.Dash
        The application whose layout holds :func:`explore_layout`.
    """

    # The slider and the box keep in step in the browser (no request): a
    # slider move writes the box (sync_n's rule); a typed N moves the slider
    # once the server has checked it (the request store holds the checked N).
    app.clientside_callback(
        _SYNC_N % (N_SLIDER_MIN_EXP, N_SLIDER_MAX_EXP, N_SLIDER_STEP, json.dumps(page_ids.N_SLIDER)),
        Output(page_ids.N_SLIDER, "value"),
        Output(page_ids.N_INPUT, "value"),
        Input(page_ids.N_SLIDER, "value"),
        Input(page_ids.REQUEST, "data"),
        prevent_initial_call=True,
    )

    # One request from the typed game, N and alpha to the setup the views share
    # and the summary, the view shown first (no second round trip for it).
    app.callback(
        Output(page_ids.REQUEST, "data"),
        Output(page_ids.N_ERROR, "children"),
        Output(page_ids.ALPHA_ERROR, "children"),
        Output(page_ids.SETUP_ERROR, "children"),
        Output(page_ids.N_INPUT, "className"),
        Output(page_ids.ALPHA_INPUT, "className"),
        Output(page_ids.SETUP, "data"),
        Output(page_ids.PENDING, "data"),
        Output(page_ids.SOLVE_POLL, "disabled"),
        Output(ids.SUMMARY, "children"),
        Input(page_ids.N_INPUT, "value"),
        Input(page_ids.ALPHA_INPUT, "value"),
        Input(page_ids.RULE_SELECT, "value"),
    )(lambda n_text, alpha_text, rule: with_summary(setup_from_inputs(n_text, alpha_text, rule), 6))
    app.callback(
        Output(page_ids.SETUP, "data", allow_duplicate=True),
        Output(page_ids.PENDING, "data", allow_duplicate=True),
        Output(page_ids.SOLVE_POLL, "disabled", allow_duplicate=True),
        Output(page_ids.SOLVE_PROGRESS, "value"),
        Output(page_ids.SOLVE_PROGRESS_BOX, "style"),
        Output(page_ids.SETUP_ERROR, "children", allow_duplicate=True),
        Output(ids.SUMMARY, "children", allow_duplicate=True),
        Input(page_ids.SOLVE_POLL, "n_intervals"),
        State(page_ids.PENDING, "data"),
        prevent_initial_call=True,
    )(lambda _n, pending: with_summary(poll_solve(pending), 0))

    @app.callback(
        Output(ids.CONVERGENCE_GRAPH, "figure"),
        Output(ids.CONVERGENCE_TABLE, "rowData"),
        Output(ids.CONVERGENCE_MESSAGE, "children"),
        Output(ids.CONVERGENCE_POLL, "disabled"),
        Output(ids.CONVERGENCE_PROGRESS, "value"),
        Output(ids.CONVERGENCE_PROGRESS, "style"),
        Output(ids.CONVERGENCE_BUTTON, "disabled"),
        Input(ids.explore_gate_id("convergence"), "data"),
        Input(ids.CONVERGENCE_BUTTON, "n_clicks"),
        Input(ids.CONVERGENCE_POLL, "n_intervals"),
        prevent_initial_call=True,
    )
    def _convergence(setup, _clicks, _n):
        triggered = dash.ctx.triggered_id
        return make_convergence(page_ids.SETUP if triggered == ids.explore_gate_id("convergence") else triggered, setup)

    # The summary comes with the setup (above); the other views hear of it
    # through their gate stores, written only while they are shown
    # (layout.register_views), and send nothing before that.

    @app.callback(
        Output(ids.DENSITY_GRAPH, "figure"),
        Input(ids.explore_gate_id("densities"), "data"),
        Input(ids.DENSITY_TRANSFORM, "value"),
        prevent_initial_call=True,
    )
    def _density(setup, transform):
        return make_density(_opened(setup), transform)

    @app.callback(
        Output(ids.LAYERS_W_GRAPH, "figure"),
        Output(ids.LAYERS_L_GRAPH, "figure"),
        Input(ids.explore_gate_id("layers"), "data"),
        Input(ids.DEPTH_APPLIED, "data"),
        prevent_initial_call=True,
    )
    def _layers(setup, depth):
        return make_layers(_opened(setup), depth)

    @app.callback(
        Output(ids.DIFF_GRAPH, "figure"),
        Input(ids.explore_gate_id("differences"), "data"),
        Input(ids.DIFF_LAYER, "value"),
        prevent_initial_call=True,
    )
    def _differences(setup, k):
        return make_differences(_opened(setup), k)

    # The game tree (its own module) and the switch between the views.
    tree.register(app)
    family.register(app)
    register_views(app)

    app.callback(
        Output(page_ids.export_download_id(ids.CONVERGENCE_TABLE), "data"),
        Input(page_ids.export_button_id(ids.CONVERGENCE_TABLE), "n_clicks"),
        State(ids.explore_gate_id("convergence"), "data"),
        prevent_initial_call=True,
    )(lambda _clicks, setup: make_convergence_export(setup))
    app.callback(
        Output(ids.DOWNLOAD, "data"),
        Output(ids.DOWNLOAD_MESSAGE, "children"),
        Input(ids.DOWNLOAD_BUTTON, "n_clicks"),
        State(page_ids.SETUP, "data"),
        prevent_initial_call=True,
    )(lambda _clicks, setup: make_download(setup))
