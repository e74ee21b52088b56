"""The convergence view of the Explore tab: how the classes of 1..N settle as the bound grows.

The bound B = alpha * N grows through :data:`CONVERGENCE_ALPHAS`; the view
shows the counts, the positions that change between two bounds, the answer in
words, and the CSV of every change.

Each callback body is a plain function (:func:`make_convergence`,
:func:`make_convergence_export`) that tests call directly;
:func:`dashboard.tabs.explore.callbacks.register` wires them to the page.
Bounds not solved yet are solved in the background (the page's job
registry, :mod:`dashboard.state`) when the button asks for them.
"""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
from dash import dcc, no_update

from solver import get_rule
from solver.analysis.layers import convergence_counts, value_labels
from solver.values.inspection import CLASS_TEXT

from ... import setup as setups
from ... import state
from ...components import HIDDEN, SHOWN, progress_value
from ...tables import frame_to_csv
from . import figures, ids
from .messages import INVALID, MEMO_ENTRIES, _figure_message

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
