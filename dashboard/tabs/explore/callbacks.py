"""Callbacks of the Explore tab: parse inputs, ask the solver, hand the data to a figure builder.

Each callback body is a plain function (``make_summary``, ``make_density``
...) that tests call directly; :func:`register` wires them to the page.  The
views read the page's shared setup (made by :mod:`dashboard.setup_callbacks`
from the setup bar), the summary in the same request as the setup (the tab's
:attr:`dashboard.tabs.Tab.setup_views`), the other views through their gate
stores.  No callback lets an exception reach the page: every input is
checked where it enters (the setup through
:func:`dashboard.setup.validated_setup`, which never believes a client's
bound), and bad input becomes a message next to the control it came from
while the views keep the last good state.  Solves come from the page's
shared cache and job registry (:mod:`dashboard.state`); pure per-setup
results (density, layer and difference figures, summary tallies,
convergence) are memoized on validated plain values.
"""

from __future__ import annotations

import html as html_text
import itertools

import dash
import numpy as np
import pandas as pd
from dash import Input, Output, State, dcc, no_update
from dash.exceptions import PreventUpdate

from solver import (
    CLASS_TEXT,
    CLASS_U,
    CLASS_UL,
    CLASS_UW,
    TRANSFORMS,
    classification_table,
    convergence_counts,
    get_rule,
    layer,
    layers,
    parse_int,
    value_labels,
    value_text,
)

from ... import ids as page_ids
from ... import setup as setups
from ... import state
from ...components import HIDDEN, SHOWN, progress_value
from ...defaults import DEFAULT_DIFF_LAYER, DEFAULT_TRANSFORM, DEPTH_MAX
from ...style import message_figure
from ...tables import frame_to_csv
from . import family, figures, ids, tree
from .layout import register_views
from .viewargs import view_args_js

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
#: Most rows of that CSV (a few MB, written within a request); at N = 10**7 there
#: are millions of changes between two bounds, and the message says how many.
CONVERGENCE_EXPORT_ROWS = 200_000
#: Positions compared at a time when changes are looked for (8 MB of each solve's codes).
CHANGE_BLOCK = 1 << 20
#: Exports of that CSV kept for a repeated click (each up to about 8 MB).
CONVERGENCE_CSV_ENTRIES = 4
#: Largest N of the CSV download (10**6 rows: about 10 MB and under a second
#: on a 2-core machine; the command line writes larger tables).
DOWNLOAD_N_MAX = 10**6
#: Results kept by each memo of pure per-setup computations.
MEMO_ENTRIES = 32


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


def change_index(before, after, n: int, limit: int | None = None) -> np.ndarray:
    """Where the value of a position of ``1..n`` changed between two solves.

    Parameters
    ----------
    before, after : solver.Solution
        Solves to two bounds, each at least ``n``.
    n : int
        The positions compared, ``1..n``.
    limit : int, optional
        Stop after the first ``limit`` changes (positions are read in blocks
        of :data:`CHANGE_BLOCK`, so a short list from a long range costs
        little); default every change.

    Returns
    -------
    numpy.ndarray
        Increasing ``int64`` indices ``i`` (position ``i + 1``) whose class
        (W, L, D, U, or what a U cannot be) or packed remoteness differs:
        the changes of :func:`solver.convergence`, and a U that gains a
        partial fact while it stays U; at most ``limit`` of them.
    """
    found: list[np.ndarray] = []
    count = 0
    for start in range(1, n + 1, CHANGE_BLOCK):
        if limit is not None and count >= limit:
            break
        stop = min(n, start + CHANGE_BLOCK - 1) + 1
        c1, c2 = np.asarray(before.classes[start:stop]), np.asarray(after.classes[start:stop])
        r1 = np.asarray(before.packed_remoteness[start:stop])
        r2 = np.asarray(after.packed_remoteness[start:stop])
        idx = np.flatnonzero((c1 != c2) | (r1 != r2)).astype(np.int64) + (start - 1)
        found.append(idx)
        count += idx.size
    idx = np.concatenate(found) if found else np.zeros(0, np.int64)
    return idx if limit is None else idx[:limit]


def change_rows(before, after, idx: np.ndarray) -> pd.DataFrame:
    """The changes at the given indices, as the convergence table lists them.

    Parameters
    ----------
    before, after : solver.Solution
        The two solves.
    idx : numpy.ndarray
        Indices from :func:`change_index` (position ``i + 1``).

    Returns
    -------
    pandas.DataFrame
        Columns :data:`CONVERGENCE_FIELDS`: ``n``, ``from_bound``,
        ``to_bound``, ``before`` and ``after`` as :func:`solver.value_labels`
        writes them (``"W11"``, ``"L≤14"``, ``"D"``), a U written with what it
        cannot be (``"U (not L)"``, :data:`solver.CLASS_TEXT`).
    """
    texts = np.array(CLASS_TEXT, dtype=object)
    positions = idx + 1

    def labels(solution) -> np.ndarray:
        outcome = np.asarray(solution.outcome[positions]) if positions.size else np.zeros(0, np.int8)
        packed = np.asarray(solution.packed_remoteness[positions]) if positions.size else np.zeros(0, np.int16)
        classes = np.asarray(solution.classes[positions]) if positions.size else np.zeros(0, np.int8)
        text = value_labels(outcome, packed)
        return np.where(text == "U", texts[classes], text)

    return pd.DataFrame(
        {
            "n": positions,
            "from_bound": before.bound,
            "to_bound": after.bound,
            "before": labels(before),
            "after": labels(after),
        },
        columns=list(CONVERGENCE_FIELDS),
    )


@setups.memo(MEMO_ENTRIES)
def _convergence_data(n: int, bounds: tuple[int, ...], rule: str):
    # Solved bounds only (the caller found each of them).  The counts, and the
    # number of changes between each pair of bounds (not their text).
    solutions = [setups.open_bound(bound, rule)[0] for bound in bounds]
    changed = tuple(int(change_index(a, b, n).size) for a, b in itertools.pairwise(solutions))
    return convergence_counts(solutions, n), changed


def _first_changes(n: int, bounds: tuple[int, ...], rule: str, limit: int) -> pd.DataFrame:
    """The first ``limit`` changes, bound pair by bound pair (each pair's in increasing n)."""
    solutions = [setups.open_bound(bound, rule)[0] for bound in bounds]
    parts, left = [], limit
    for a, b in itertools.pairwise(solutions):
        if left <= 0:
            break
        idx = change_index(a, b, n, left)
        parts.append(change_rows(a, b, idx))
        left -= idx.size
    if not parts:
        return pd.DataFrame(columns=list(CONVERGENCE_FIELDS))
    return pd.concat(parts, ignore_index=True)


@setups.memo(MEMO_ENTRIES)
def _convergence_view(n: int, bounds: tuple[int, ...], rule: str):
    counts, changed = _convergence_data(n, bounds, rule)
    rows = _first_changes(n, bounds, rule, CONVERGENCE_MAX_ROWS).to_dict("records")
    shown = {
        "wide": figures.convergence_figure(counts, n),
        "narrow": figures.convergence_figure(counts, n, narrow=True),
    }
    return shown, rows, sum(changed), convergence_answer(counts, n)


def _both(figure) -> dict:
    """The convergence store's value for a figure that is the same on every screen (a message)."""
    return {"wide": figure, "narrow": figure}


#: The convergence figure the browser shows: the phone's one below 700 px (the
#: stylesheet's breakpoint, where the graph grows taller), else the wide one.
_PICK_CONVERGENCE = """function(figures) {
    if (!figures || !figures.wide) { return window.dash_clientside.no_update; }
    const narrow = window.matchMedia && window.matchMedia('(max-width: 700px)').matches;
    return narrow ? figures.narrow : figures.wide;
}"""


def convergence_answer(counts: pd.DataFrame, n: int) -> str:
    """The convergence view's answer to the D-infinity question, in a sentence or two.

    Parameters
    ----------
    counts : pandas.DataFrame
        The first result of :func:`solver.convergence` (columns ``bound``,
        ``U``, ``U_not_L``, ``U_not_W``, ``decided_below``), bounds increasing.
    n : int
        N.

    Returns
    -------
    str
        How many of ``1..N`` are U at each bound (and what the last ones
        cannot be), and how far every position is decided at the largest
        bound: ``"U in 1..10,000: 5,832 → 351 → 11 → 0 as B grows ...``.
    """
    if counts.empty:
        return ""
    last = counts.iloc[-1]
    path = " → ".join(f"{int(u):,}" for u in counts["U"])
    text = f"U in 1..{n:,} (the D-infinity candidates): {path} as B grows."
    bound, u = int(last["bound"]), int(last["U"])
    if u == 0:
        text += f" At B = {bound:,} every position of 1..{n:,} is W, L or D: none is left U."
    else:
        text += f" At B = {bound:,}, {u:,} are still U"
        if "U_not_L" in counts:
            text += f" ({int(last['U_not_L']):,} cannot be L, {int(last['U_not_W']):,} cannot be W)"
        text += "."
    if "decided_below" in counts:
        decided = int(last["decided_below"])
        text += f" Decided below {decided:,} there: every position up to it is W, L or D."
    return text


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
    """The position changes of the convergence view as CSV (the table shows only the first rows).

    Parameters
    ----------
    setup : dict or None
        The shared setup (checked with :func:`dashboard.setup.validated_setup`).

    Returns
    -------
    dict or None
        What ``dcc.send_string`` makes of the changes between consecutive
        solved bounds B = alpha * N (alpha in :data:`CONVERGENCE_ALPHAS`):
        columns :data:`CONVERGENCE_FIELDS`, every row up to
        :data:`CONVERGENCE_EXPORT_ROWS` (in order of bound, then n), in the page's CSV
        notation (:func:`dashboard.tables.frame_to_csv`), file
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
        text = _convergence_csv(n, bounds, rule)
    except (ValueError, OSError):
        return None
    return dcc.send_string(text, CONVERGENCE_CSV, type="text/csv")


@setups.memo(CONVERGENCE_CSV_ENTRIES)
def _convergence_csv(n: int, bounds: tuple[int, ...], rule: str) -> str:
    # Solved bounds only (the caller found each of them).  About 8 MB of text
    # at CONVERGENCE_EXPORT_ROWS, so only a few are kept.
    changes = _first_changes(n, bounds, rule, CONVERGENCE_EXPORT_ROWS)
    return frame_to_csv(changes, list(CONVERGENCE_FIELDS))


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
        ``(figures, table rows, message, poll disabled, progress value,
        progress style, button disabled)``; ``figures`` is ``{"wide":
        figure, "narrow": figure}`` (:func:`dashboard.tabs.explore.figures.convergence_figure`
        for a wide screen and for a phone; the browser shows one), and the
        message starts with the answer to the D-infinity question
        (:func:`convergence_answer`).  While solves run and nothing new is
        finished, the figures and rows are ``no_update``.  The
        progress bar shows only while solves run, and the button is
        enabled only when some bound is missing or failed.
    """
    title = "Convergence"
    if not setup:
        return _both(_figure_message(title, INVALID)), [], "", True, "0", HIDDEN, True
    try:
        checked = setups.validated_setup(setup)
    except ValueError as exc:
        return _both(_figure_message(title, exc)), [], str(exc), True, "0", HIDDEN, True
    n, rule = checked["n"], checked["rule"]
    if not get_rule(rule).climbs:
        text = (
            f"{get_rule(rule).title} never climbs past n + 1, so its values are exact at the bound N + 1 "
            "and do not change with the bound: there is nothing to converge."
        )
        return _both(_figure_message(title, text)), [], text, True, "0", HIDDEN, True
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
    progress = progress_value(sum(f for _, f in running) / len(running)) if running else "0"
    bar = SHOWN if running else HIDDEN
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
            _both(_figure_message(title, "no bound solved yet")),
            [],
            " ".join(parts),
            not running,
            progress,
            bar,
            button_disabled,
        )
    try:
        figure, rows, changes, answer = _convergence_view(n, tuple(solved), rule)
    except (ValueError, OSError) as exc:
        return _both(_figure_message(title, exc)), [], str(exc), not running, progress, bar, button_disabled
    parts.insert(0, answer)
    if len(solved) > 1:
        parts.append(f"{changes:,} changes between consecutive bounds, a U gaining a partial fact included")
        if changes > CONVERGENCE_EXPORT_ROWS:
            parts[-1] += (
                f" (the table shows the first {CONVERGENCE_MAX_ROWS:,}; Export CSV writes the first "
                f"{CONVERGENCE_EXPORT_ROWS:,}, in order of bound and n)"
            )
        elif changes > CONVERGENCE_MAX_ROWS:
            parts[-1] += f" (the table shows the first {CONVERGENCE_MAX_ROWS:,}; Export CSV writes them all)"
        parts[-1] += "."
    return figure, rows, " ".join(parts), not running, progress, bar, button_disabled


@setups.memo(MEMO_ENTRIES)
def _tally(bound: int, n: int, rule: str) -> dict:
    solution, _ = setups.open_bound(bound, rule)
    return {**solution.tally(n), "seconds": solution.seconds, "decided_below": solution.decided_below}


#: Most positions the Summary lists of each kind (U, and W/L whose remoteness is only bounded).
SUMMARY_LIST = 50
#: Positions read at a time while looking for them (a mapped solve is read a block at a time).
_SCAN_BLOCK = 1 << 20


def unsettled_positions(solution, n: int, limit: int = SUMMARY_LIST) -> dict[str, list[tuple[int, str]]]:
    """The first U positions of ``1..n``, and the first W/L whose remoteness is only bounded, with their values.

    Parameters
    ----------
    solution : solver.Solution
        The page's solve.
    n : int
        N, ``1 <= n <= bound``.
    limit : int, optional
        Most positions of each kind.

    Returns
    -------
    dict
        ``{"U": [(position, value text), ...], "bounded": [...]}`` in
        increasing order, at most ``limit`` each; the value text is the
        solver's (``"U (not L)"``, ``"W≤13"``, :func:`solver.value_text`).
    """
    found: dict[str, list[int]] = {"U": [], "bounded": []}
    unresolved = np.array([CLASS_U, CLASS_UW, CLASS_UL])
    for lo in range(1, n + 1, _SCAN_BLOCK):
        hi = min(n, lo + _SCAN_BLOCK - 1)
        if len(found["U"]) < limit:
            classes = np.asarray(solution.classes[lo : hi + 1])
            found["U"] += (np.flatnonzero(np.isin(classes, unresolved))[: limit - len(found["U"])] + lo).tolist()
        if len(found["bounded"]) < limit:
            packed = np.asarray(solution.packed_remoteness[lo : hi + 1])
            found["bounded"] += (np.flatnonzero(packed < -1)[: limit - len(found["bounded"])] + lo).tolist()
        if len(found["U"]) >= limit and len(found["bounded"]) >= limit:
            break
    return {kind: [(p, value_text(p, solution)) for p in positions] for kind, positions in found.items()}


@setups.memo(MEMO_ENTRIES)
def _unsettled(bound: int, n: int, rule: str) -> dict:
    solution, _ = setups.open_bound(bound, rule)
    return unsettled_positions(solution, n)


def make_summary(setup: object):
    """The summary panel for a setup.

    Parameters
    ----------
    setup : dict or None
        ``{"n", "alpha", "bound"}`` from
        :func:`dashboard.setup_callbacks.resolve_setup` (checked with
        :func:`dashboard.setup.validated_setup`); its ``fresh`` flag says
        whether the solve ran just now for it.

    Returns
    -------
    dash.html.Div or str
        :func:`dashboard.tabs.explore.figures.summary_table` of positions ``1..n`` (one
        pass of :meth:`Solution.tally`, memoized), with what the U positions
        cannot be and how far every position is decided
        (:attr:`Solution.decided_below`), or a message when the setup is
        missing, invalid or cannot be solved.
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
        partial={"L": tally["U_not_L"], "W": tally["U_not_W"]},
        decided_below=tally["decided_below"],
        unsettled=_unsettled(checked["bound"], checked["n"], checked["rule"]),
        rule=checked["rule"],
    )


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
    frame = figures.sampled_densities(solution.outcome, n, classes=solution.classes)
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
        depth = parse_int(1 if depth is None else depth, "the move depth", most=DEPTH_MAX)  # type: ignore[arg-type]  # page input: parse_int refuses other types with ValueError (its docstring); its annotation is narrower
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
        k = parse_int(DEFAULT_DIFF_LAYER if k is None else k, "the layer", most=DEPTH_MAX)  # type: ignore[arg-type]  # page input: parse_int refuses other types with ValueError (its docstring); its annotation is narrower
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
    """A CSV of ``n,outcome,remoteness,cannot_be`` for ``n = 1..N`` (for ``dcc.Download``).

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
        lines first naming the game, the bound and how far every position is
        decided (:attr:`Solution.decided_below`), as the command writes) and "";
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
        f"# bound {solution.bound}: outcome and remoteness of positions 1..{n} (decided below "
        f"{solution.decided_below}: every position up to it is W, L or D; cannot_be: what a U position cannot be)\n"
    )
    text = header + table.to_csv(index=False, lineterminator="\n")
    return dcc.send_string(text, name, type="text/csv"), ""


def layers_event(args: object):
    """The Layers view's callback: :func:`make_layers` of its arguments store.

    Parameters
    ----------
    args : dict or None
        ``{"setup": ..., "depth": ...}`` as the browser wrote it while the
        view was shown (both checked by :func:`make_layers`).

    Returns
    -------
    tuple of plotly.graph_objects.Figure
        As :func:`make_layers`.

    Raises
    ------
    dash.exceptions.PreventUpdate
        For anything but a dict with a setup (nothing was asked for).
    """
    if not isinstance(args, dict) or args.get("setup") is None:
        raise PreventUpdate
    return make_layers(args["setup"], args.get("depth"))


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

    app.clientside_callback(
        _PICK_CONVERGENCE,
        Output(ids.CONVERGENCE_GRAPH, "figure"),
        Input(ids.CONVERGENCE_FIGURES, "data"),
        prevent_initial_call=True,
    )

    @app.callback(
        Output(ids.CONVERGENCE_FIGURES, "data"),
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

    # The Layers view follows the setup and the move depth through its
    # arguments store, written in the browser only while the view is shown.
    app.clientside_callback(
        view_args_js("layers", ["depth"], with_setup=True),
        Output(ids.LAYERS_ARGS, "data"),
        Input(ids.EXPLORE_VIEW, "value"),
        Input(page_ids.TABS, "value"),
        Input(ids.explore_gate_id("layers"), "data"),
        Input(ids.DEPTH_APPLIED, "data"),
        State(ids.LAYERS_ARGS, "data"),
        prevent_initial_call=True,
    )
    app.callback(
        Output(ids.LAYERS_W_GRAPH, "figure"),
        Output(ids.LAYERS_L_GRAPH, "figure"),
        Input(ids.LAYERS_ARGS, "data"),
        prevent_initial_call=True,
    )(layers_event)

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
