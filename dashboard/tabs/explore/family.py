"""Two Explore views about the game as a whole: its records, and every rule side by side.

* **Records**: the smallest position of each exact remoteness at the page's
  bound, and b-files ("n a(n)" lines, OEIS format) of the certified P-, N-
  and draw positions (:mod:`solver.analysis.records`);
* **Nim values**: the loopy nim values of 1..N (:mod:`solver.values.nimvalues`),
  one point per position coloured by what the value says of the position
  alone (0 is L, a finite value above 0 or ∞ with 0 in K is W, ∞ without 0
  in K is D, ``?`` is unknown);
* **Rules compared**: for every rule of :data:`solver.games.RULES`, the
  counts of W, L, D and U in 1..N at that rule's bound for the page's N and
  alpha, the highest exact remoteness and the first L positions
  (:func:`solver.analysis.comparison.comparison_row`).

Both read the setup only through :func:`dashboard.setup.validated_setup` and
solve inside a request only what :func:`dashboard.setup.solves_inline`
allows; a rule whose bound is larger and not solved yet is listed as such.
"""

from __future__ import annotations

import io

import dash
import numpy as np
import plotly.graph_objects as go
from dash import Input, Output, State, dcc, html, no_update

from solver import RULES, records, write_bfile
from solver.analysis.comparison import comparison_row
from solver.analysis.records import BFILE_SEQUENCES
from solver.engine.codes import CLASS_D, CLASS_L, CLASS_U, CLASS_UL, CLASS_UW, CLASS_W
from solver.graphs.smith import INF
from solver.values.nimvalues import UNKNOWN, nim_value_text

from ... import setup as setups
from ...components import blank_figure, graph, panel
from ...style import COLOURS, MARGIN, nim_text
from ...tables import data_grid
from . import ids

__all__ = [
    "BFILE_TERMS",
    "NIM_POINTS",
    "make_nim_values",
    "nim_figure",
    "nim_panel",
    "compare_panel",
    "make_bfile",
    "make_compare",
    "make_records",
    "records_panel",
    "register",
]

#: Most terms of a b-file downloaded from the page (OEIS b-files usually hold
#: 10,000); ``python -m solver bfile`` writes any number.
BFILE_TERMS = 10_000

_BFILE_BUTTONS = {"P": ids.BFILE_P, "N": ids.BFILE_N, "D": ids.BFILE_D}
_BFILE_OF_BUTTON = {cid: letter for letter, cid in _BFILE_BUTTONS.items()}

#: Most points the nim-value figure draws (evenly spread over 1..N).
NIM_POINTS = 20_000
#: The nim chart's style with a figure, and without one (the message says why).
NIM_SHOWN = {"height": "380px"}
NIM_HIDDEN = {"display": "none"}


def nim_panel() -> html.Section:
    """The Nim values view: a strip of the values of 1..N and a count per value."""
    return panel(
        "Nim values",
        html.Div(
            [
                html.Div(
                    "The nim values show here once the page's bound is solved (see the setup bar).",
                    id=ids.NIM_MESSAGE,
                    className="note",
                    role="status",
                ),
                dcc.Loading(graph(ids.NIM_GRAPH, 380), type="dot"),
            ]
        ),
        note="Smith's generalised Sprague-Grundy values: a finite *k, or ∞{K} with K the finite values among the "
        "followers; ? where the value depends on positions above the bound. A value shown is true of the infinite "
        "game. They decide sums of heaps (the Sums tab); the value 0 is exactly the L positions.",
        wide=True,
    )


def nim_figure(table, n: int) -> go.Figure:
    """The values of ``1..n`` as points: finite values at their height, ∞ and ? on two rows above.

    Parameters
    ----------
    table : solver.values.nimvalues.NimValues
        Values of ``0..n`` at least.
    n : int
        Largest position drawn.

    Returns
    -------
    plotly.graph_objects.Figure
        One scatter (WebGL) per kind: value 0 (L colour), finite above 0 (W),
        ∞ with 0 in K (W, diamonds) and ∞ without 0 in K (D) each on a row
        of its own above the finite values, ? (U) on the top row; at most
        :data:`NIM_POINTS` positions in all.
    """
    positions = np.unique(np.linspace(1, n, num=min(n, NIM_POINTS)).astype(np.int64))
    value = np.asarray(table.value)[positions]
    k_mask = np.asarray(table.k_mask)[positions]
    finite = value >= 0
    top = int(value[finite].max()) if finite.any() else 0
    # ∞ with 0 in K (W) and ∞ without (a draw) on rows of their own: on one row the dense draws hid the wins.
    win_row, draw_row, unknown_row = top + 1, top + 2, top + 3
    kinds = [
        ("value 0 (L)", (value == 0), value, "L", "circle"),
        ("finite value > 0 (W)", (value > 0), value, "W", "circle"),
        (
            "∞{K}, 0 not in K (a draw)",
            (value == INF) & (k_mask & 1 == 0),
            np.full(value.shape, draw_row),
            "D",
            "diamond",
        ),
        ("∞{K}, 0 in K (W)", (value == INF) & (k_mask & 1 == 1), np.full(value.shape, win_row), "W", "diamond"),
        ("? (depends on positions above the bound)", (value == UNKNOWN), np.full(value.shape, unknown_row), "U", "x"),
    ]
    figure = go.Figure()
    for name, mask, ys, letter, symbol in kinds:
        if not mask.any():
            continue
        texts = [nim_text(nim_value_text(int(v), int(k))) for v, k in zip(value[mask], k_mask[mask], strict=True)]
        figure.add_trace(
            go.Scattergl(
                x=positions[mask],
                y=ys[mask],
                mode="markers",
                name=f"{name}: {int(mask.sum()):,}",
                marker={"color": COLOURS[letter], "size": 5, "symbol": symbol},
                text=texts,
                hovertemplate="n = %{x:,}: value %{text}<extra></extra>",
            )
        )
    ticks = list(range(top + 1)) + [win_row, draw_row, unknown_row]
    labels = [str(k) for k in range(top + 1)] + ["∞, 0 ∈ K", "∞, 0 ∉ K", "?"]
    shown = "" if positions.size == n else f" (showing {positions.size:,} of {n:,})"
    figure.update_layout(
        title=f"Nim values of 1..{n:,} at bound {table.bound:,}{shown}",
        xaxis_title="position n",
        yaxis={"tickvals": ticks, "ticktext": labels, "title": "value"},
        margin={**MARGIN, "l": 85, "b": 100},  # the value names on the left, the legend below
        legend={"orientation": "h", "y": -0.25},
    )
    return figure


def make_nim_values(setup: object) -> tuple:
    """The Nim values view for a setup.

    Parameters
    ----------
    setup : dict or None
        The shared setup (checked).

    Returns
    -------
    tuple
        ``(figure, message, chart style)``: :func:`nim_figure` of ``1..N``
        at the setup's bound, a count of each kind of value and
        :data:`NIM_SHOWN`; when the game has no nim values (misère) or the
        computation is too long for the page (:func:`dashboard.setup.nim_table`),
        a blank figure, the message alone and :data:`NIM_HIDDEN`.
    """
    # Without values the chart is hidden and the message alone says why (once, not also inside an empty chart).
    if not setup:
        return blank_figure(), "No valid setup: fix the game, N or alpha above.", NIM_HIDDEN
    try:
        checked = setups.validated_setup(setup)
        table = setups.nim_table(checked["n"], checked["bound"], checked["rule"])
    except (ValueError, OSError) as exc:
        return blank_figure(), str(exc), NIM_HIDDEN
    value = np.asarray(table.value)[1 : checked["n"] + 1]
    k_mask = np.asarray(table.k_mask)[1 : checked["n"] + 1]
    finite, infinite, unknown = int((value >= 0).sum()), int((value == INF).sum()), int((value == UNKNOWN).sum())
    message = (
        f"{RULES[checked['rule']].title}, positions 1..{checked['n']:,}: {finite:,} finite values "
        f"({int((value == 0).sum()):,} of them 0), {infinite:,} infinite, {unknown:,} unknown (?)."
    )
    try:
        solution, _ = setups.open_bound(checked["bound"], checked["rule"])
    except (ValueError, OSError):
        solution = None
    if solution is not None and solution.classes is not None:  # a Solution always fills its classes
        message += " " + nim_agreement(value, k_mask, np.asarray(solution.classes[1 : checked["n"] + 1]))
    return nim_figure(table, checked["n"]), message, NIM_SHOWN


def nim_agreement(value: np.ndarray, k_mask: np.ndarray, classes: np.ndarray) -> str:
    """How the nim values of 1..N agree with the W/L/D classes of the same solve, in a sentence.

    A value says what a position is alone: 0 is L, a finite value above 0
    or ∞{K} with 0 in K is W, ∞{K} without 0 in K is a draw, ``?`` is
    unknown.  Both come from the certificate by possibility
    (``docs/nim-values.md`` section 2, ``docs/mathematics.md`` section
    3.3), so they should agree position by position.

    Parameters
    ----------
    value, k_mask : numpy.ndarray
        ``NimValues.value`` and ``NimValues.k_mask`` of positions ``1..N``.
    classes : numpy.ndarray
        :attr:`solver.Solution.classes` of the same positions and bound.

    Returns
    -------
    str
        ``"They agree with the W/L/D views: 9,030 draws, 802 W, 157 L;
        the 11 ? are U there (8 cannot be L, 3 cannot be W)."``, or the
        positions where they do not.
    """
    finite_w = (value > 0) | ((value == INF) & (k_mask & 1 == 1))
    said = np.full(value.shape, CLASS_U, dtype=np.int64)
    said[value == 0] = CLASS_L
    said[finite_w] = CLASS_W
    said[(value == INF) & (k_mask & 1 == 0)] = CLASS_D
    unresolved = np.isin(classes, (CLASS_U, CLASS_UW, CLASS_UL))
    decided = np.where(unresolved, CLASS_U, classes)
    known = value != UNKNOWN
    # A known value must give the class; a ? (its value depends on positions above the bound)
    # may sit on any class: the outcome alone can be settled when the exact value is not.
    differ = np.flatnonzero(known & (said != decided)) + 1
    if differ.size:
        shown = ", ".join(f"{x:,}" for x in differ[:10].tolist()) + (" …" if differ.size > 10 else "")
        where = "position" if differ.size == 1 else "positions"
        return f"They disagree with the W/L/D views at {differ.size:,} {where} ({shown})."
    text = (
        f"They agree with the W/L/D views position by position: {int((said == CLASS_D).sum()):,} draws, "
        f"{int((known & (said == CLASS_W)).sum()):,} W, {int((said == CLASS_L).sum()):,} L"
    )
    unknown = int(unresolved.sum())
    if unknown:
        text += (
            f"; {unknown:,} of the ? are U there ({int((classes == CLASS_UW).sum()):,} cannot be L, "
            f"{int((classes == CLASS_UL).sum()):,} cannot be W)"
        )
    outcome_only = int((~known & ~unresolved).sum())
    if outcome_only:
        text += (
            f"; {outcome_only:,} ? {'has its' if outcome_only == 1 else 'have their'} outcome settled there "
            "(W, L or D) though the exact value depends on positions above the bound"
        )
    return text + "."


def records_panel() -> html.Section:
    """The Records view: a table of records and three b-file buttons."""
    return panel(
        "Records",
        html.Div(
            [
                html.Div(id=ids.RECORDS_MESSAGE, className="note", role="status"),
                data_grid(
                    ids.RECORDS_TABLE,
                    [("remoteness", "remoteness"), ("outcome", "outcome"), ("position", "smallest position")],
                    "records.csv",
                ),
                html.Div(
                    [
                        html.Span("b-files (OEIS format, at most 10,000 terms, complete up to decided below): "),
                        *[
                            html.Button(f"{letter}-positions" if letter != "D" else "draws", id=cid, className="button")
                            for letter, cid in _BFILE_BUTTONS.items()
                        ],
                        dcc.Checklist(
                            id=ids.BFILE_PARTIAL,
                            options=[{"label": " also the partial terms past decided below", "value": "on"}],
                            value=[],
                            inline=True,
                        ),
                        dcc.Download(id=ids.BFILE_DOWNLOAD),
                    ],
                    className="controls controls-inline",
                ),
            ]
        ),
        note="The smallest position of each exact remoteness at this bound, and the largest exact remoteness. A "
        "smaller position whose remoteness is only bounded (≤) or unresolved (U) could still hold a record; the "
        "message says how many there are. A b-file lists the certified P- (L), N- (W) or draw positions up to "
        "decided below, where every position is W, L or D, so the list is complete there (what OEIS needs); the "
        "partial terms past it are certified too but the list may still grow. python -m solver records and bfile "
        "do the same for any bound.",
        wide=True,
    )


def _compare_grid(columns: list[tuple[str, str]]) -> html.Div:
    grid = data_grid(ids.COMPARE_TABLE, columns, "rules-compared.csv", page_size=12)
    # The game's title and the first L positions need room; the counts do not, and their
    # headers ("U (not L)", "decided below") wrap instead of being cut.
    for column in grid.children[1].columnDefs:
        if column["field"] in ("title", "first_L"):
            # Names and lists wrap onto more lines instead of being cut.
            column.update(flex=3, minWidth=210 if column["field"] == "title" else 180, wrapText=True, autoHeight=True)
        elif column["field"] in ("bound", "decided_below", "max_remoteness"):
            # Room for "1,000,000" and for the longest word of the header.
            column["minWidth"] = 130 if column["field"] == "max_remoteness" else 112
    return grid


def compare_panel() -> html.Section:
    """The Rules compared view: one row per rule."""
    return panel(
        "Rules compared",
        html.Div(
            [
                dcc.Loading(html.Div(id=ids.COMPARE_MESSAGE, className="note", role="status"), type="dot"),
                _compare_grid(
                    [
                        ("title", "game"),
                        ("bound", "bound"),
                        ("W", "W"),
                        ("L", "L"),
                        ("D", "D"),
                        ("U", "U"),
                        ("U_not_L", "U (not L)"),
                        ("U_not_W", "U (not W)"),
                        ("decided_below", "decided below"),
                        ("max_remoteness", "highest remoteness"),
                        ("max_remoteness_at", "first at"),
                        ("first_L", "first L positions"),
                    ],
                ),
            ]
        ),
        note="Every game of the family at the page's N and alpha (games that never climb past n + 1 at the bound "
        "N + 1): counts of 1..N, with the U that cannot be L (a win or a draw) and cannot be W (a loss or a draw), "
        "how far every position is decided at that bound, the highest exact remoteness and the least position "
        "that has it, and the first L positions. python -m solver compare prints the counts too.",
        wide=True,
    )


def make_records(setup: object) -> tuple:
    """The Records view for a setup.

    Parameters
    ----------
    setup : dict or None
        The shared setup (checked with :func:`dashboard.setup.validated_setup`).

    Returns
    -------
    tuple
        ``(rows, message)``: one row per exact remoteness (``remoteness``,
        ``outcome``, ``position``), and a sentence with the game, the bound,
        the largest exact remoteness, the positions that could still hold
        a smaller record and how far every position is decided
        (:attr:`solver.Solution.decided_below`, where the b-files stop);
        ``([], message)`` when there is no valid setup.
    """
    if not setup:
        return [], "No valid setup: fix the game, N or alpha above."
    try:
        checked = setups.validated_setup(setup)
        found = _records(checked["bound"], checked["rule"])
    except (ValueError, OSError) as exc:
        return [], str(exc)
    title = RULES[checked["rule"]].title
    decided = found["decided_below"]
    message = (
        f"{title} at bound B = {found['bound']:,}: the largest exact remoteness is {found['max_remoteness']}. "
        f"{found['bounded']:,} positions have a remoteness only bounded and {found['unresolved']:,} are unresolved "
        f"(U). Decided below {decided:,}: every position 1..{decided:,} is W, L or D, so the b-files are complete "
        f"up to {decided:,}; past it they stop, unless you tick the partial terms."
    )
    return found["records"], message


@setups.memo(16)
def _records(bound: int, rule: str) -> dict:
    solution, _ = setups.open_bound(bound, rule)
    return records(solution)


def make_bfile(sequence: str, setup: object, partial: object = None) -> tuple:
    """A b-file of the setup's game at its bound, for ``dcc.Download``.

    Parameters
    ----------
    sequence : {"P", "N", "D"}
        Which positions (see :data:`solver.analysis.records.BFILE_SEQUENCES`).
    setup : dict or None
        The shared setup (checked).
    partial : list or None, optional
        The "partial terms" checklist's value: ``["on"]`` also writes the
        terms past :attr:`solver.Solution.decided_below`, after a comment
        line that marks them (:func:`solver.write_bfile`); anything else
        writes only the complete prefix.

    Returns
    -------
    tuple
        ``(download, message)``: ``dcc.send_string`` of at most
        :data:`BFILE_TERMS` terms (file ``b-<rule>-<P|N|D>-B<bound>.txt``,
        ``...-partial.txt`` with the partial terms) and a sentence saying
        how many terms, up to where the list is complete and whether partial
        terms follow; or ``no_update`` and a message.
    """
    if sequence not in BFILE_SEQUENCES:
        return no_update, "choose P, N or D"
    if not setup:
        return no_update, "No valid setup: fix the game, N or alpha above."
    try:
        checked = setups.validated_setup(setup)
        solution, _ = setups.open_bound(checked["bound"], checked["rule"])
    except (ValueError, OSError) as exc:
        return no_update, str(exc)
    wide = isinstance(partial, (list, tuple)) and "on" in partial
    out = io.StringIO()
    count = write_bfile(solution, sequence, out, BFILE_TERMS, partial=wide)
    name = f"b-{solution.rule.name}-{sequence}-B{solution.bound}{'-partial' if wide else ''}.txt"
    decided = solution.decided_below
    text = out.getvalue()
    message = (
        f"{count:,} terms written to {name}, complete up to {decided:,} (every position 1..{decided:,} is W, L or D)"
    )
    if wide and "# partial from here" in text:
        message += "; the terms after the line '# partial from here' are certified but the list there may still grow"
    elif not wide and decided < solution.bound:
        message += "; tick the partial terms to write the certified ones past it too"
    return dcc.send_string(text, name, type="text/plain"), message + "."


@setups.memo(64)
def _compare_row(n: int, alpha: int, rule: str) -> dict:
    checked = setups.validated_setup({"n": n, "alpha": alpha, "rule": rule})
    solution, _ = setups.open_bound(checked["bound"], rule)
    tally = solution.tally(n)
    return {
        **comparison_row(solution, n),
        "U_not_L": tally["U_not_L"],
        "U_not_W": tally["U_not_W"],
        "decided_below": solution.decided_below,
    }


def make_compare(setup: object) -> tuple:
    """The Rules compared view for a setup's N and alpha.

    Parameters
    ----------
    setup : dict or None
        The shared setup (checked); its N and alpha are used for every rule.

    Returns
    -------
    tuple
        ``(rows, message)``: one row per rule with the columns of
        :data:`solver.analysis.comparison.COMPARISON_COLUMNS` (``first_L`` as text),
        and ``U_not_L``, ``U_not_W`` (counts of 1..N) and ``decided_below``
        (:attr:`solver.Solution.decided_below` of that rule's solve);
        a rule whose bound is too large to solve in a request and not solved
        yet keeps its name and bound and says so in ``first_L``.
    """
    if not setup:
        return [], "No valid setup: fix the game, N or alpha above."
    try:
        checked = setups.validated_setup(setup)
    except ValueError as exc:
        return [], str(exc)
    n, alpha = checked["n"], checked["alpha"]
    rows, missing = [], []
    for name, rule in RULES.items():
        try:
            row = dict(_compare_row(n, alpha, name))
        except setups.NotSolvedError:
            bound = setups.rule_bound(n, alpha, rule)
            missing.append(rule.title)
            rows.append({"rule": name, "title": rule.title, "bound": bound, "first_L": "not solved yet"})
            continue
        except (ValueError, OSError) as exc:
            rows.append({"rule": name, "title": rule.title, "first_L": str(exc)})
            continue
        row["first_L"] = ", ".join(f"{x:,}" for x in row["first_L"]) or "none"
        rows.append(row)
    message = (
        f"Positions 1..{n:,}; bound α × N = {alpha * n:,} for the put-or-take games, N + 1 = {n + 1:,} for the others."
    )
    if missing:
        message += (
            f" Not solved yet (too large to solve here): {', '.join(missing)}; choose that game above to solve "
            "it in the background, or a smaller N."
        )
    return rows, message


def register(app: dash.Dash) -> None:
    """Wire the Records and Rules compared views (they wait for their gate stores)."""

    def opened(setup):
        if setup is None:
            raise dash.exceptions.PreventUpdate
        return setup

    app.callback(
        Output(ids.RECORDS_TABLE, "rowData"),
        Output(ids.RECORDS_MESSAGE, "children"),
        Input(ids.explore_gate_id("records"), "data"),
        prevent_initial_call=True,
    )(lambda setup: make_records(opened(setup)))
    app.callback(
        Output(ids.NIM_GRAPH, "figure"),
        Output(ids.NIM_MESSAGE, "children"),
        Output(ids.NIM_GRAPH, "style"),
        Input(ids.explore_gate_id("nim"), "data"),
        prevent_initial_call=True,
    )(lambda setup: make_nim_values(opened(setup)))
    app.callback(
        Output(ids.COMPARE_TABLE, "rowData"),
        Output(ids.COMPARE_MESSAGE, "children"),
        Input(ids.explore_gate_id("compare"), "data"),
        prevent_initial_call=True,
    )(lambda setup: make_compare(opened(setup)))

    @app.callback(
        Output(ids.BFILE_DOWNLOAD, "data"),
        Output(ids.RECORDS_MESSAGE, "children", allow_duplicate=True),
        *[Input(cid, "n_clicks") for cid in _BFILE_BUTTONS.values()],
        State(ids.explore_gate_id("records"), "data"),
        State(ids.BFILE_PARTIAL, "value"),
        prevent_initial_call=True,
    )
    def _bfile(_p, _n, _d, setup, partial):
        letter = _BFILE_OF_BUTTON.get(dash.ctx.triggered_id)
        if letter is None:
            return no_update, no_update
        return make_bfile(letter, setup, partial)
